"""The companion's settings: what the settings screen changes and ``companion run`` starts with.

A small JSON file, ``$COMPANION_CONFIG`` if set, else ``$XDG_CONFIG_HOME/companion/
settings.json``, else ``~/.config/companion/settings.json``::

    {"sound": true, "quiet_time_s": 1.2, "tie_window_us": 5, "size": "800x480",
     "profile": null, "language": null}

Every key is optional (a missing one takes its default). ``size`` is ``WxH`` or
``"fullscreen"``; ``profile`` a pin map profile name (None: the source's default);
``language`` the screens' language, ``"en"``, ``"de"`` or ``"fr"`` (None: the system
locale's, English when it is none of them). Command line options win over the file.

A file that cannot be read or holds a bad value (not UTF-8, not JSON, nested too deeply,
larger than 64 KiB, a bad key or value) never stops the companion: it starts with the
defaults and reports the problem (naming the file, the key and the fix), and the file is
left as it is until the settings are saved, when it is kept beside the new one as
``settings.json.broken``. Only a regular file of at most 64 KiB named ``*.json`` is ever
moved aside or replaced: anything else at the settings path (a folder, a FIFO, another
program's file) is reported and left alone, and saving is refused with a message naming
the path and ``COMPANION_CONFIG``. Saving writes a temporary file, syncs it and renames it
over the old one, so a power cut leaves either the old settings or the new.

The problems and the errors' messages are :class:`~companion.words.Words`: English where
they are printed, in the screens' language where a screen shows them (``said``).
"""

from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, Final

from companion.errors import ConfigError
from companion.i18n import LANGUAGES
from companion.words import Figure, Words, error_words, json_reason, os_reason, plural_words, say

QUIET_RANGE_S: Final = (0.3, 5.0)
"""The Pow-Wow quiet time the settings accept (ruling A9; the default is 1.2 s)."""
TIE_RANGE_US: Final = (1, 50)
"""The dead-heat window the settings accept, in microseconds (default 5)."""
SIZES: Final = ("480x320", "800x480", "fullscreen")
MAX_BYTES: Final = 64 * 1024
"""The largest settings file read (the companion writes about 120 bytes)."""


@dataclass(frozen=True, slots=True)
class Settings:
    sound: bool = True
    quiet_time_s: float = 1.2
    tie_window_us: int = 5
    size: str = "800x480"
    profile: str | None = None
    language: str | None = None

    def with_value(self, key: str, value: Any) -> Settings:
        """A copy with ``key`` set to ``value``, checked (``ConfigError`` if bad)."""
        return _checked(replace(self, **{key: value}), where=say("the settings"))


def settings_path() -> Path:
    explicit = os.environ.get("COMPANION_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion" / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, Words | None]:
    """The settings in ``path`` (default ``settings_path()``), and the problem with the file
    if it could not be used (then the settings are the defaults). No file: the defaults."""
    path = settings_path() if path is None else path
    try:
        text = _read_settings_file(path)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), say(
            "{path}: cannot be read ({reason}); the defaults are used",
            path=str(path),
            reason=os_reason(exc),
        )
    except ConfigError as exc:
        return Settings(), say("{problem}; the defaults are used", problem=error_words(exc))
    try:
        return parse_settings(text, where=str(path)), None
    except ConfigError as exc:
        return Settings(), say(
            "{problem}; the defaults are used until the settings are saved",
            problem=error_words(exc),
        )


def _read_settings_file(path: Path) -> str:
    """The text of the settings file ``path``: a regular file (never opening a folder, a
    FIFO or a device) of at most :data:`MAX_BYTES`, in UTF-8. Raises ``OSError`` (as
    ``FileNotFoundError`` when there is none) or ``ConfigError`` naming what is wrong."""
    _require_settings_file(path)
    with path.open("rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ConfigError(
            say(
                "{path}: larger than {size} KiB, not a settings file; delete it or point "
                "{variable} at a settings file",
                path=str(path),
                size=MAX_BYTES // 1024,
                variable="COMPANION_CONFIG",
            )
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            say(
                "{path}: not UTF-8 text (byte {byte}); fix it or delete the file",
                path=str(path),
                byte=str(exc.start),
            )
        ) from None


def _require_settings_file(path: Path) -> None:
    """``ConfigError`` when something other than a regular file is at ``path`` (a folder, a
    FIFO, a device), naming the variable that chose the path; ``FileNotFoundError`` when
    nothing is."""
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        kind = say("a folder") if stat.S_ISDIR(mode) else say("not a regular file")
        raise ConfigError(
            say(
                "{path}: {kind}, not a settings file; {fix}",
                path=str(path),
                kind=kind,
                fix=_where_chosen(path),
            )
        )


def _where_chosen(path: Path) -> Words:
    """How to choose another settings path, naming the variable that chose ``path``."""
    if os.environ.get("COMPANION_CONFIG") and Path(os.environ["COMPANION_CONFIG"]) == path:
        return say(
            "set {variable} to a file path such as {example}",
            variable="COMPANION_CONFIG",
            example="~/.config/companion/settings.json",
        )
    return say("move it away (the companion keeps its settings in that file)")


def parse_settings(text: str, *, where: str) -> Settings:
    """Settings from JSON text; ``ConfigError`` naming ``where``, the key and the fix."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            say(
                "{where}: not JSON (line {line}: {why}); fix it or delete the file",
                where=where,
                line=exc.lineno,
                why=json_reason(exc.msg),
            )
        ) from None
    except RecursionError:
        raise ConfigError(
            say(
                "{where}: JSON nested too deeply, not a settings file; fix it or delete the file",
                where=where,
            )
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(say("{where}: not a JSON object; fix it or delete the file", where=where))
    known = ", ".join(sorted(f.name for f in fields(Settings)))
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    if unknown:
        raise ConfigError(_unknown_settings(where, unknown, known))
    return _checked(Settings(**data), where=where)


def _unknown_settings(where: str, unknown: list[str], known: str) -> Words:
    """The problem of a file with the ``unknown`` keys (the first five named)."""
    names = ", ".join(_shown(name, quoted=False) for name in unknown[:5])
    more = len(unknown) - 5
    if more > 0:
        return plural_words(
            "{where}: unknown setting(s) {names} and {count} more; known: {known}",
            "{where}: unknown setting(s) {names} and {count} more; known: {known}",
            more,
            where=where,
            names=names,
            count=more,
            known=known,
        )
    return plural_words(
        "{where}: unknown setting(s) {names}; known: {known}",
        "{where}: unknown setting(s) {names}; known: {known}",
        len(unknown),
        where=where,
        names=names,
        known=known,
    )


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a file that could not be used is kept as ``.broken``.

    Raises ``ConfigError`` (and changes nothing) when the path holds something that is not
    a settings file: see the module docstring."""
    path = settings_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    if _unusable(path):
        path.replace(path.with_name(path.name + ".broken"))
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as file:
            json.dump(asdict(settings), file, indent=2)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        temporary.replace(path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise


def _unusable(path: Path) -> bool:
    """Whether ``path`` holds a settings file that cannot be used (to move aside before
    saving). ``ConfigError`` when it holds something the companion must not move or replace:
    not a regular file, or a file not named ``*.json`` or larger than :data:`MAX_BYTES`."""
    try:
        _require_settings_file(path)
    except FileNotFoundError:
        return False
    if path.suffix != ".json" or path.stat().st_size > MAX_BYTES:
        _, problem = load_settings(path)
        if problem is not None:
            raise ConfigError(
                say(
                    "{path}: not a settings file the companion wrote, left as it is; {fix}",
                    path=str(path),
                    fix=_where_chosen(path),
                )
            )
    return load_settings(path)[1] is not None


def _checked(settings: Settings, *, where: str) -> Settings:
    """``settings`` with each value checked; ``ConfigError`` naming ``where``, the first bad
    key, its value and what it must be."""
    broken = _broken_rule(settings)
    if broken is not None:
        key, rule = broken
        value = _shown(getattr(settings, key))
        raise ConfigError(
            say("{where}: {key} {value} {rule}", where=where, key=key, value=value, rule=rule)
        )
    return replace(settings, quiet_time_s=float(settings.quiet_time_s))


def _broken_rule(s: Settings) -> tuple[str, Words] | None:
    """The first key of ``s`` whose value breaks its rule, and the rule."""
    quiet, (low, high) = s.quiet_time_s, QUIET_RANGE_S
    tie, (least, most) = s.tie_window_us, TIE_RANGE_US
    languages = ", ".join(f'"{code}" ({name})' for code, name in LANGUAGES.items())
    rules = (
        ("sound", type(s.sound) is bool, say("must be true or false")),
        (
            "quiet_time_s",
            type(quiet) in (int, float) and math.isfinite(quiet) and low <= quiet <= high,
            say(
                "must be a number of seconds from {low} to {high}",
                low=Figure(low, 1),
                high=Figure(high, 1),
            ),
        ),
        (
            "tie_window_us",
            type(tie) is int and least <= tie <= most,
            say(
                "must be a whole number of microseconds from {low} to {high}", low=least, high=most
            ),
        ),
        (
            "size",
            s.size == "fullscreen" or _is_size(s.size),
            say("must be WIDTHxHEIGHT (like 800x480) or fullscreen"),
        ),
        (
            "profile",
            s.profile is None or (type(s.profile) is str and bool(s.profile)),
            say("must be a profile name or null"),
        ),
        (
            "language",
            s.language is None or (type(s.language) is str and s.language in LANGUAGES),
            say("must be one of {known}, or null for the system's", known=languages),
        ),
    )
    return next(((key, rule) for key, kept, rule in rules if not kept), None)


def _shown(value: object, *, quoted: bool = True) -> str:
    """A value as an error quotes it: on one line, at most 40 characters."""
    text = repr(value) if quoted or not isinstance(value, str) else repr(value)[1:-1]
    return text if len(text) <= 40 else f"{text[:40]}..."


def _is_size(text: object) -> bool:
    if not isinstance(text, str):
        return False
    width, _, height = text.partition("x")
    return width.isdigit() and height.isdigit() and int(width) >= 480 and int(height) >= 320
