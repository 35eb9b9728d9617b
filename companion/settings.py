"""The companion's settings: what the settings screen changes and ``companion run`` starts with.

A small JSON file, ``$COMPANION_CONFIG`` if set, else ``$XDG_CONFIG_HOME/companion/
settings.json``, else ``~/.config/companion/settings.json``::

    {"sound": true, "quiet_time_s": 1.2, "tie_window_us": 5, "size": "800x480",
     "profile": null}

Every key is optional (a missing one takes its default). ``size`` is ``WxH`` or
``"fullscreen"``; ``profile`` a pin map profile name (None: the source's default). Command
line options win over the file.

A file that cannot be read or holds a bad value never stops the companion: it starts with
the defaults and reports the problem (naming the file, the key and the fix), and the file
is left as it is until the settings are saved, when it is kept beside the new one as
``settings.json.broken``. Saving writes a temporary file, syncs it and renames it over the
old one, so a power cut leaves either the old settings or the new.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, Final

from companion.errors import ConfigError

QUIET_RANGE_S: Final = (0.3, 5.0)
"""The Pow-Wow quiet time the settings accept (ruling A9; the default is 1.2 s)."""
TIE_RANGE_US: Final = (1, 50)
"""The dead-heat window the settings accept, in microseconds (default 5)."""
SIZES: Final = ("480x320", "800x480", "fullscreen")


@dataclass(frozen=True, slots=True)
class Settings:
    sound: bool = True
    quiet_time_s: float = 1.2
    tie_window_us: int = 5
    size: str = "800x480"
    profile: str | None = None

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
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"{path}: cannot be read ({exc.strerror}); the defaults are used"
    try:
        return parse_settings(text, where=str(path)), None
    except ConfigError as exc:
        return Settings(), f"{exc}; the defaults are used until the settings are saved"


def parse_settings(text: str, *, where: str) -> Settings:
    """Settings from JSON text; ``ConfigError`` naming ``where``, the key and the fix."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"{where}: not JSON (line {exc.lineno}: {exc.msg}); fix it or delete the file"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: not a JSON object; fix it or delete the file")
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(
            f"{where}: unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    return _checked(Settings(**data), where=where)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a file that could not be used is kept as ``.broken``."""
    path = settings_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and load_settings(path)[1] is not None:
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


def _checked(settings: Settings, *, where: str) -> Settings:
    s = settings
    if type(s.sound) is not bool:
        raise ConfigError(f"{where}: sound {s.sound!r} must be true or false")
    quiet = s.quiet_time_s
    low, high = QUIET_RANGE_S
    if type(quiet) not in (int, float) or not math.isfinite(quiet) or not low <= quiet <= high:
        raise ConfigError(
            f"{where}: quiet_time_s {quiet!r} must be a number of seconds from {low} to {high}"
        )
    tie = s.tie_window_us
    if type(tie) is not int or not TIE_RANGE_US[0] <= tie <= TIE_RANGE_US[1]:
        raise ConfigError(
            f"{where}: tie_window_us {tie!r} must be a whole number of microseconds from "
            f"{TIE_RANGE_US[0]} to {TIE_RANGE_US[1]}"
        )
    if s.size != "fullscreen" and not _is_size(s.size):
        raise ConfigError(
            f"{where}: size {s.size!r} must be WIDTHxHEIGHT (like 800x480) or fullscreen"
        )
    if s.profile is not None and (type(s.profile) is not str or not s.profile):
        raise ConfigError(f"{where}: profile {s.profile!r} must be a profile name or null")
    return replace(settings, quiet_time_s=float(quiet))


def _is_size(text: object) -> bool:
    if not isinstance(text, str):
        return False
    width, _, height = text.partition("x")
    return width.isdigit() and height.isdigit() and int(width) >= 480 and int(height) >= 320
