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
        return _checked(replace(self, **{key: value}), where="the settings")


def settings_path() -> Path:
    explicit = os.environ.get("COMPANION_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion" / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings in ``path`` (default ``settings_path()``), and the problem with the file
    if it could not be used (then the settings are the defaults). No file: the defaults."""
    path = settings_path() if path is None else path
    try:
        text = _read_settings_file(path)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"{path}: cannot be read ({exc.strerror}); the defaults are used"
    except ConfigError as exc:
        return Settings(), f"{exc}; the defaults are used"
    try:
        return parse_settings(text, where=str(path)), None
    except ConfigError as exc:
        return Settings(), f"{exc}; the defaults are used until the settings are saved"


def _read_settings_file(path: Path) -> str:
    """The text of the settings file ``path``: a regular file (never opening a folder, a
    FIFO or a device) of at most :data:`MAX_BYTES`, in UTF-8. Raises ``OSError`` (as
    ``FileNotFoundError`` when there is none) or ``ConfigError`` naming what is wrong."""
    _require_settings_file(path)
    with path.open("rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ConfigError(
            f"{path}: larger than {MAX_BYTES // 1024} KiB, not a settings file; "
            "delete it or point COMPANION_CONFIG at a settings file"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{path}: not UTF-8 text (byte {exc.start}); fix it or delete the file"
        ) from None


def _require_settings_file(path: Path) -> None:
    """``ConfigError`` when something other than a regular file is at ``path`` (a folder, a
    FIFO, a device), naming the variable that chose the path; ``FileNotFoundError`` when
    nothing is."""
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise ConfigError(f"{path}: {kind}, not a settings file; {_where_chosen(path)}")


def _where_chosen(path: Path) -> str:
    """How to choose another settings path, naming the variable that chose ``path``."""
    if os.environ.get("COMPANION_CONFIG") and Path(os.environ["COMPANION_CONFIG"]) == path:
        return "set COMPANION_CONFIG to a file path such as ~/.config/companion/settings.json"
    return "move it away (the companion keeps its settings in that file)"


def parse_settings(text: str, *, where: str) -> Settings:
    """Settings from JSON text; ``ConfigError`` naming ``where``, the key and the fix."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"{where}: not JSON (line {exc.lineno}: {exc.msg}); fix it or delete the file"
        ) from None
    except RecursionError:
        raise ConfigError(
            f"{where}: JSON nested too deeply, not a settings file; fix it or delete the file"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: not a JSON object; fix it or delete the file")
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        names = ", ".join(_shown(name, quoted=False) for name in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise ConfigError(
            f"{where}: unknown setting(s) {names}{more}; known: {', '.join(sorted(known))}"
        )
    return _checked(Settings(**data), where=where)


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
                f"{path}: not a settings file the companion wrote, left as it is; "
                f"{_where_chosen(path)}"
            )
    return load_settings(path)[1] is not None


def _checked(settings: Settings, *, where: str) -> Settings:
    s = settings
    if type(s.sound) is not bool:
        raise ConfigError(f"{where}: sound {_shown(s.sound)} must be true or false")
    quiet = s.quiet_time_s
    low, high = QUIET_RANGE_S
    if type(quiet) not in (int, float) or not math.isfinite(quiet) or not low <= quiet <= high:
        raise ConfigError(
            f"{where}: quiet_time_s {_shown(quiet)} must be a number of seconds from {low} "
            f"to {high}"
        )
    tie = s.tie_window_us
    if type(tie) is not int or not TIE_RANGE_US[0] <= tie <= TIE_RANGE_US[1]:
        raise ConfigError(
            f"{where}: tie_window_us {_shown(tie)} must be a whole number of microseconds from "
            f"{TIE_RANGE_US[0]} to {TIE_RANGE_US[1]}"
        )
    if s.size != "fullscreen" and not _is_size(s.size):
        raise ConfigError(
            f"{where}: size {_shown(s.size)} must be WIDTHxHEIGHT (like 800x480) or fullscreen"
        )
    if s.profile is not None and (type(s.profile) is not str or not s.profile):
        raise ConfigError(f"{where}: profile {_shown(s.profile)} must be a profile name or null")
    if s.language is not None and s.language not in LANGUAGES:
        known = ", ".join(f'"{code}" ({name})' for code, name in LANGUAGES.items())
        raise ConfigError(
            f"{where}: language {_shown(s.language)} must be one of {known}, or null for the "
            "system's"
        )
    return replace(settings, quiet_time_s=float(quiet))


def _shown(value: object, *, quoted: bool = True) -> str:
    """A value as an error quotes it: on one line, at most 40 characters."""
    text = repr(value) if quoted or not isinstance(value, str) else repr(value)[1:-1]
    return text if len(text) <= 40 else f"{text[:40]}..."


def _is_size(text: object) -> bool:
    if not isinstance(text, str):
        return False
    width, _, height = text.partition("x")
    return width.isdigit() and height.isdigit() and int(width) >= 480 and int(height) >= 320
