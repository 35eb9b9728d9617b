"""The pin map: which physical input and LED each logical control uses, per hardware profile.

A profile is one TOML file in ``wiring/profiles/`` (format: ``wiring/README.md``).
``load_profile`` reads one and checks all of it. Every problem found goes into ONE
``ConfigError``: its first line is the file's path, then one line per problem naming the
key (``controls."red.huntr"``), the bad value, and the fix.
"""

import difflib
import json
import os
import re
import stat
import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal, TypeGuard, TypeVar

from companion.errors import ConfigError
from companion.input.controls import ALL_CONTROLS, INDIANS, NAV_CONTROLS, SEATS, seat_of

Kind = Literal["gpio", "box"]
Pull = Literal["up", "down"]

SCHEMA: Final = 1
DEFAULT_PROFILE: Final = "gpio-dsi"
MIN_SEATS: Final = 2  # every game needs at least two players
_KINDS: Final[Mapping[str, Kind]] = {"gpio": "gpio", "box": "box"}
_PULLS: Final[Mapping[str, Pull]] = {"up": "up", "down": "down"}
_DISPLAYS: Final[Mapping[str, str]] = {name: name for name in ("dsi", "spi35", "hdmi", "any")}
_TOP_KEYS: Final = (
    "schema",
    "name",
    "description",
    "kind",
    "display",
    "pull",
    "safe_mode",
    "reserved",
    "controls",
    "leds",
)
_BOX_LED_KEYS: Final = ("chain_pin", "chain")
_BOX_LEDS: Final = (
    "box LEDs are pixels on one chain: set leds.chain_pin and list each control's position "
    "under [leds.chain]."
)
_OTHER_PIN: Final = "use a pin that is neither reserved nor used by another control or LED."
_CONTROL_NAMES: Final = "control names are in companion/input/controls.py."
# Pins a display takes from the Pi's header; a gpio profile for that display must reserve them.
_DISPLAY_PINS: Final[Mapping[str, Mapping[int, str]]] = {
    "spi35": {
        7: "SPI0 CE1: touch chip select",
        8: "SPI0 CE0: LCD chip select",
        9: "SPI0 MISO",
        10: "SPI0 MOSI",
        11: "SPI0 SCLK",
        17: "touch IRQ",
        24: "LCD data/command select (DC)",
        25: "LCD reset",
    },
}
MAX_BYTES: Final = 256 * 1024
"""The largest pin map read (the shipped ones are about 3 KB)."""
MAX_CHAIN_PIXELS: Final = 64
"""The longest LED chain a box may declare: one pixel per button (a Pico box has at most 26
buttons), with room for pixels skipped along the chain. The firmware allocates the chain's
length at boot, so an unbounded position would exhaust the Pico's memory."""
EXCERPT: Final = 60
"""The most characters of a bad line or value an error quotes."""
_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_TOML_AT: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
_ABSENT: Final = object()
_T = TypeVar("_T")


@dataclass(frozen=True)
class Profile:
    """One validated hardware profile. Mappings are read-only; ``controls`` is in
    ``ALL_CONTROLS`` order."""

    name: str
    path: Path
    description: str
    kind: Kind
    display: str
    pull: Pull
    controls: Mapping[str, int]  # control -> BCM pin (gpio) or Pico GP number (box)
    leds: Mapping[str, int]  # gpio: LED name or control -> BCM pin; box: control -> chain index
    led_chain_pin: int | None  # box only: the pin driving the WS2812 chain
    reserved: Mapping[int, str]  # pin -> what reserves it
    safe_mode: str | None = None  # box only: the control held at plug-in to keep the REPL

    def seats(self) -> tuple[str, ...]:
        """The seats this profile wires, in ``SEATS`` order."""
        wired = {seat_of(control) for control in self.controls}
        return tuple(seat for seat in SEATS if seat in wired)


# ---- where profiles live -------------------------------------------------------------


def default_profile_for(source: str) -> str:
    """The profile to use when none is named: the box's for the box, else GPIO with DSI."""
    return "usb-box" if source == "box" else DEFAULT_PROFILE


def wiring_dir() -> Path:
    """``$COMPANION_WIRING`` if set; else the ``wiring/`` directory of the checkout this
    package runs from (``make`` installs it editable); else the copy a regular install
    puts in ``<prefix>/share/companion/wiring``."""
    override = os.environ.get("COMPANION_WIRING")
    if override:
        return Path(override).expanduser()
    checkout = Path(__file__).resolve().parents[2] / "wiring"
    installed = Path(sys.prefix) / "share" / "companion" / "wiring"
    return installed if not checkout.is_dir() and installed.is_dir() else checkout


def _is_number(text: str) -> bool:
    """Plain ASCII digits (``str.isdigit`` also accepts "²", which ``int`` refuses)."""
    return re.fullmatch(r"[0-9]+", text) is not None


def profiles_dir() -> Path:
    return wiring_dir() / "profiles"


def available_profiles() -> list[str]:
    """The profile names found in ``profiles_dir()``, sorted."""
    return sorted(path.stem for path in profiles_dir().glob("*.toml"))


def load_profile(name_or_path: str | Path) -> Profile:
    """Read and validate a profile given by name (``"gpio-dsi"``) or by path to a ``.toml``."""
    path = _resolve(name_or_path)
    return _build(path, _read(path))


def _resolve(name_or_path: str | Path) -> Path:
    if isinstance(name_or_path, Path) or _looks_like_path(name_or_path):
        return Path(name_or_path)
    path = profiles_dir() / f"{name_or_path}.toml"
    if not path.is_file():
        raise ConfigError(_unknown_profile(name_or_path, path))
    return path


def _looks_like_path(text: str) -> bool:
    return text.endswith(".toml") or "/" in text or os.sep in text


def _unknown_profile(name: str, path: Path) -> str:
    names = available_profiles()
    then = (
        "Give one of the available names or a path to a .toml file, "
        "or point COMPANION_WIRING at another wiring directory."
    )
    listed = ", ".join(names) if names else "none"
    return (
        f'{path}: no such file, so there is no profile "{name}" '
        f"(available in {path.parent}: {listed}). "
        f"Fix: {_did_you_mean(name, names, then)}"
    )


# ---- reading --------------------------------------------------------------------------


def _read(path: Path) -> dict[str, Any]:
    text = _read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_syntax_report(path, text, exc)) from exc
    except RecursionError:
        msg = f"{path}: tables or arrays nested too deeply. Fix: a pin map nests at most 3 deep."
        raise ConfigError(msg) from None


def _read_text(path: Path) -> str:
    """The text of the pin map file ``path``: a regular file (a FIFO or a device is never
    opened) of at most :data:`MAX_BYTES`, in UTF-8."""
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise ConfigError(f"{path}: {kind}. Fix: give the path of a pin map .toml file.")
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        names = ", ".join(available_profiles()) or "none"
        msg = f"{path}: no such file. Fix: check the path, or give a profile name ({names})."
        raise ConfigError(msg) from None
    except OSError as exc:
        msg = f"{path}: cannot be read ({exc.strerror}). Fix: make it a readable file."
        raise ConfigError(msg) from exc
    if len(data) > MAX_BYTES:
        msg = f"{path}: larger than {MAX_BYTES // 1024} KiB, not a pin map. Fix: check the path."
        raise ConfigError(msg)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = f"{path}: not UTF-8 text (byte {exc.start}). Fix: save the file as UTF-8."
        raise ConfigError(msg) from exc


def _excerpt(text: str) -> str:
    """``text``, or its first :data:`EXCERPT` characters and an ellipsis."""
    return text if len(text) <= EXCERPT else f"{text[:EXCERPT]}..."


def _syntax_report(path: Path, text: str, exc: tomllib.TOMLDecodeError) -> str:
    found = _TOML_AT.search(str(exc))
    reason = _TOML_AT.sub("", str(exc))
    where, shown = "the file", ""
    if found:
        line, column = int(found[1]), int(found[2])
        lines = text.splitlines()
        where = f"line {line}, column {column}"
        shown = f" in `{_excerpt(lines[line - 1].strip())}`" if 0 < line <= len(lines) else ""
    return (
        f"{path}: 1 problem in the pin map:\n"
        f"  {where}: invalid TOML ({reason}){shown}. Fix: Correct that line: strings and "
        'control names need double quotes ("red.chief" = 2), and a key may appear only '
        "once in a table."
    )


# ---- problems -------------------------------------------------------------------------


@dataclass
class _Problems:
    lines: list[str] = field(default_factory=list)

    def add(self, key: str, what: str, fix: str, value: object = _ABSENT) -> None:
        key = _excerpt(key)
        shown = key if value is _ABSENT else f"{key} = {_show(value)}"
        self.lines.append(f"{shown}: {what}. Fix: {_capital(fix)}")

    def report(self, path: Path) -> str:
        count = len(self.lines)
        head = f"{path}: {count} problem{'' if count == 1 else 's'} in the pin map:"
        return "\n".join([head, *(f"  {line}" for line in self.lines)])


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(_excerpt(value), ensure_ascii=False)
    if isinstance(value, dict):
        return "{...} (a table)"
    if isinstance(value, list):
        return "[...] (an array)"
    return str(value)


def _key(*parts: str) -> str:
    return ".".join(part if _BARE_KEY.fullmatch(part) else json.dumps(part) for part in parts)


def _did_you_mean(word: str, choices: Iterable[str], then: str) -> str:
    """``then``, preceded by the closest of ``choices`` to ``word`` if one is close."""
    by_lower = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1)
    return f'Did you mean "{by_lower[close[0]]}"? {_capital(then)}' if close else then


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# ---- the board of each kind -----------------------------------------------------------


@dataclass(frozen=True)
class _Board:
    label: str  # how a pin is written: "BCM 7", "GP7"
    usable: frozenset[int]  # pins a control or LED may use
    usable_text: str
    chip: frozenset[int]  # pins that exist at all (may be listed in [reserved])

    def pin(self, number: int) -> str:
        return f"{self.label}{number}"

    def free(self, reserved: Mapping[int, str], taken: Iterable[int]) -> str:
        free = sorted(self.usable - set(reserved) - set(taken))
        if not free:
            return "no pin is left free in this profile: drop a control or an LED."
        return f"use a free pin: {', '.join(self.pin(pin) for pin in free)}."


_BOARDS: Final[Mapping[Kind, _Board]] = {
    "gpio": _Board("BCM ", frozenset(range(28)), "BCM 0-27", frozenset(range(28))),
    "box": _Board(
        "GP",
        frozenset([*range(23), 26, 27, 28]),
        "GP0-22 and GP26-28 on a Pico",
        frozenset(range(30)),
    ),
}


@dataclass(frozen=True)
class _Use:
    """One pin claimed by a control, an LED or the LED chain."""

    key: str
    pin: int


# ---- building a profile ---------------------------------------------------------------


@dataclass(frozen=True)
class _Header:
    name: str | None
    description: str | None
    kind: Kind | None
    display: str | None
    pull: Pull | None


@dataclass(frozen=True)
class _Wiring:
    controls: Mapping[str, int]
    leds: Mapping[str, int]
    chain_pin: int | None
    reserved: Mapping[int, str]
    safe_mode: str | None


def _build(path: Path, data: Mapping[str, object]) -> Profile:
    problems = _Problems()
    header = _header(path, data, problems)
    wiring = _wiring(data, header, problems)
    profile = _assemble(path, header, wiring)
    if problems.lines or profile is None:
        raise ConfigError(problems.report(path))
    return profile


def _wiring(data: Mapping[str, object], header: _Header, problems: _Problems) -> _Wiring:
    board = _BOARDS[header.kind] if header.kind else None
    reserved = _reserved(data, board, problems)
    _check_display_pins(header, reserved, problems)
    controls = _controls(data, problems)
    leds, chain_pin, led_uses = _leds(data, header.kind, controls, problems)
    safe_mode = _safe_mode(data, header.kind, controls, problems)
    uses = [_Use(_key("controls", name), pin) for name, pin in controls.items()] + led_uses
    _check_pins(uses, board, reserved, problems)
    return _Wiring(controls, leds, chain_pin, reserved, safe_mode)


def _assemble(path: Path, header: _Header, wiring: _Wiring) -> Profile | None:
    """The profile, or None while a header field is missing (that problem is recorded)."""
    name, description, kind = header.name, header.description, header.kind
    display, pull = header.display, header.pull
    if not (name and description and kind and display and pull):
        return None
    controls = wiring.controls
    return Profile(
        name=name,
        path=path,
        description=description,
        kind=kind,
        display=display,
        pull=pull,
        controls=MappingProxyType({c: controls[c] for c in ALL_CONTROLS if c in controls}),
        leds=MappingProxyType(dict(wiring.leds)),
        led_chain_pin=wiring.chain_pin,
        reserved=MappingProxyType(dict(sorted(wiring.reserved.items()))),
        safe_mode=wiring.safe_mode,
    )


# ---- top-level keys -------------------------------------------------------------------


def _header(path: Path, data: Mapping[str, object], problems: _Problems) -> _Header:
    for key, value in data.items():
        if key not in _TOP_KEYS:
            fix = _did_you_mean(key, _TOP_KEYS, f"the keys are: {', '.join(_TOP_KEYS)}.")
            problems.add(_key(key), "unknown key or section", fix, value)
    _check_schema(data, problems)
    name = _text(data, "name", path.stem, problems)
    if name is not None and name != path.stem:
        fix = f'set name = "{path.stem}" or rename the file to {name}.toml.'
        problems.add("name", f"does not match the file name {path.name}", fix, name)
    return _Header(
        name=name,
        description=_text(data, "description", "What this wiring is for.", problems),
        kind=_choice(data, "kind", _KINDS, problems),
        display=_choice(data, "display", _DISPLAYS, problems),
        pull=_choice(data, "pull", _PULLS, problems),
    )


def _check_schema(data: Mapping[str, object], problems: _Problems) -> None:
    value = data.get("schema", _ABSENT)
    if value is _ABSENT:
        problems.add("schema", "missing", f"add schema = {SCHEMA} as the first line.")
    elif not _is_int(value):
        problems.add("schema", "must be an integer", f"write schema = {SCHEMA}.", value)
    elif value != SCHEMA:
        what = f"this companion reads schema {SCHEMA} only"
        problems.add(
            "schema", what, f"convert the file to schema {SCHEMA} (wiring/README.md).", value
        )


def _text(data: Mapping[str, object], key: str, example: str, problems: _Problems) -> str | None:
    value = data.get(key, _ABSENT)
    if isinstance(value, str) and value.strip():
        return value
    fix = f"write {key} = {_show(example)}."
    if value is _ABSENT:
        problems.add(key, "missing", fix)
    else:
        problems.add(key, "must be a non-empty string", fix, value)
    return None


def _choice(
    data: Mapping[str, object], key: str, options: Mapping[str, _T], problems: _Problems
) -> _T | None:
    value = data.get(key, _ABSENT)
    if isinstance(value, str) and value in options:
        return options[value]
    listed = " or ".join(_show(option) for option in options)
    if value is _ABSENT:
        problems.add(key, "missing", f"add {key} = one of {listed}.")
    else:
        fix = _did_you_mean(str(value), options, "write one of those.")
        problems.add(key, f"must be one of {listed}", fix, value)
    return None


def _table(
    data: Mapping[str, object],
    path: tuple[str, ...],
    problems: _Problems,
    *,
    required: bool = False,
) -> Mapping[str, object]:
    """The section ``data[path[-1]]`` (``path`` is its full key), or {} with the problem."""
    value = data.get(path[-1], _ABSENT)
    if isinstance(value, dict):
        return value
    key = _key(*path)
    if value is _ABSENT and required:
        problems.add(key, "missing", f"add a [{key}] section (see wiring/README.md).")
    elif value is not _ABSENT:
        fix = f"write [{key}] on its own line, then one key = value per line."
        problems.add(key, "must be a table (a section)", fix, value)
    return {}


# ---- [reserved] -----------------------------------------------------------------------


def _reserved(
    data: Mapping[str, object], board: _Board | None, problems: _Problems
) -> dict[int, str]:
    reserved: dict[int, str] = {}
    for text, reason in _table(data, ("reserved",), problems).items():
        key = _key("reserved", text)
        if not _is_number(text):
            fix = 'write the pin number as the key: 24 = "LCD data/command select".'
            problems.add(key, "the key must be a pin number", fix, reason)
        elif board and int(text) not in board.chip:
            fix = f"remove it or correct the number (pins are {board.pin(0)}-{max(board.chip)})."
            problems.add(key, "no such pin on this board", fix, reason)
        elif not (isinstance(reason, str) and reason.strip()):
            fix = f'say what uses the pin: {text} = "SPI0 MOSI (display)".'
            problems.add(key, "must be a non-empty string", fix, reason)
        else:
            reserved[int(text)] = reason
    return reserved


def _check_display_pins(header: _Header, reserved: Mapping[int, str], problems: _Problems) -> None:
    needed = _DISPLAY_PINS.get(header.display or "", {}) if header.kind == "gpio" else {}
    for pin, role in needed.items():
        if pin not in reserved:
            what = f'missing: display = "{header.display}" uses BCM {pin} ({role})'
            fix = f'add {pin} = "{role}" under [reserved].'
            problems.add(_key("reserved", str(pin)), what, fix)


# ---- [controls] -----------------------------------------------------------------------


def _controls(data: Mapping[str, object], problems: _Problems) -> dict[str, int]:
    table = _table(data, ("controls",), problems, required=True)
    controls: dict[str, int] = {}
    for name, value in table.items():
        key = _key("controls", name)
        if _known_name(key, name, value, ALL_CONTROLS, problems):
            pin = _pin_value(key, value, problems)
            if pin is not None:
                controls[name] = pin
    named = {name for name in _flat_names(table) if name in ALL_CONTROLS}
    _check_seats(named, problems)
    _check_nav(named, problems)
    return controls


def _flat_names(table: Mapping[str, object]) -> list[str]:
    """Key names, with an unquoted ``red.chief`` (a nested table) read as the dotted name."""
    names: list[str] = []
    for name, value in table.items():
        inner = value.keys() if isinstance(value, dict) else ()
        names += [f"{name}.{sub}" for sub in inner] or [name]
    return names


def _known_name(
    key: str, name: str, value: object, names: Iterable[str], problems: _Problems
) -> bool:
    """True if ``name`` is one of ``names``; else records why not (with the likely fix)."""
    if isinstance(value, dict):
        fix = f'quote the control name: "{name}.{next(iter(value), "chief")}" = ... '
        problems.add(
            key, "an unquoted dot made a nested table", f"{fix}(with the dot inside).", value
        )
        return False
    if name in names:
        return True
    if name in ALL_CONTROLS:
        fix = f"wire it under [controls] first, or remove {key}."
        problems.add(key, f'"{name}" is not wired in [controls]', fix, value)
        return False
    fix = _did_you_mean(name, ALL_CONTROLS, _CONTROL_NAMES)
    problems.add(key, f'unknown control "{name}"', fix, value)
    return False


def _pin_value(key: str, value: object, problems: _Problems) -> int | None:
    if _is_int(value):
        return value
    fix = 'write the number without quotes (5, not "5").'
    problems.add(key, "must be a pin number (an integer)", fix, value)
    return None


def _check_seats(named: set[str], problems: _Problems) -> None:
    wired = [seat for seat in SEATS if any(seat_of(name) == seat for name in named)]
    for seat in wired:
        _check_seat(seat, named, problems)
    if len(wired) < MIN_SEATS:
        what = f"only {len(wired)} seat{'' if len(wired) == 1 else 's'} wired"
        fix = f"wire at least {MIN_SEATS} seats: every game needs two players."
        problems.add("controls", what, fix)


def _check_seat(seat: str, named: set[str], problems: _Problems) -> None:
    controls = [f"{seat}.{indian}" for indian in INDIANS]
    missing = ", ".join(_key("controls", c) for c in controls if c not in named)
    if missing:
        have = ", ".join(c for c in controls if c in named)
        what = f"seat {seat} is incomplete: {missing} missing (it has {have})"
        fix = "wire all four Indians of a seat or none: add the missing ones or remove the others."
        problems.add("controls", what, fix)


def _check_nav(named: set[str], problems: _Problems) -> None:
    for control in NAV_CONTROLS:
        if control not in named:
            fix = f'add "{control}" = <pin> under [controls]: every profile needs all four.'
            problems.add(_key("controls", control), "missing", fix)


# ---- [leds] ---------------------------------------------------------------------------


def _leds(
    data: Mapping[str, object], kind: Kind | None, controls: Mapping[str, int], problems: _Problems
) -> tuple[dict[str, int], int | None, list[_Use]]:
    table = _table(data, ("leds",), problems)
    if kind is None:
        return {}, None, []  # the kind is wrong (reported): LEDs cannot be judged
    if kind == "box":
        return _box_leds(table, controls, problems)
    leds = _gpio_leds(table, controls, problems)
    return leds, None, [_Use(_key("leds", name), pin) for name, pin in leds.items()]


def _gpio_leds(
    table: Mapping[str, object], controls: Mapping[str, int], problems: _Problems
) -> dict[str, int]:
    leds: dict[str, int] = {}
    for name, value in table.items():
        key = _key("leds", name)
        if name in _BOX_LED_KEYS:
            fix = 'give each LED its own pin (status = 23), or use kind = "box".'
            problems.add(key, 'only a kind = "box" profile has an LED chain', fix, value)
        elif not _names_a_control(name, value) or _known_name(key, name, value, controls, problems):
            pin = _pin_value(key, value, problems)
            if pin is not None:
                leds[name] = pin
    return leds


def _names_a_control(name: str, value: object) -> bool:
    """An LED named after a control: ``"red.chief"``, or unquoted ``red.chief`` (a table)."""
    return "." in name or isinstance(value, dict)


def _box_leds(
    table: Mapping[str, object], controls: Mapping[str, int], problems: _Problems
) -> tuple[dict[str, int], int | None, list[_Use]]:
    for name, value in table.items():
        if name not in _BOX_LED_KEYS:
            fix = _did_you_mean(name, _BOX_LED_KEYS, _BOX_LEDS)
            problems.add(_key("leds", name), "unknown key for a box", fix, value)
    chain = _chain(table, controls, problems)
    pin = _chain_pin(table, bool(chain), problems)
    return chain, pin, [] if pin is None else [_Use("leds.chain_pin", pin)]


def _chain(
    table: Mapping[str, object], controls: Mapping[str, int], problems: _Problems
) -> dict[str, int]:
    chain: dict[str, int] = {}
    first: dict[int, str] = {}
    for name, value in _table(table, ("leds", "chain"), problems).items():
        key = _key("leds", "chain", name)
        index = _chain_index(key, name, value, controls, problems)
        if index is None:
            continue
        if index in first:
            fix = "give each control its own position in the chain."
            problems.add(key, f"position {index} is also {first[index]}", fix, value)
        first.setdefault(index, key)
        chain[name] = index
    return dict(sorted(chain.items(), key=lambda item: item[1]))


def _chain_index(
    key: str, name: str, value: object, controls: Mapping[str, int], problems: _Problems
) -> int | None:
    if not _known_name(key, name, value, controls, problems):
        return None
    if _is_int(value) and 0 <= value < MAX_CHAIN_PIXELS:
        return value
    fix = "write the pixel's position along the chain, counting from 0 at the chain pin."
    what = f"must be a chain position (an integer from 0 to {MAX_CHAIN_PIXELS - 1})"
    problems.add(key, what, fix, value)
    return None


def _chain_pin(table: Mapping[str, object], has_chain: bool, problems: _Problems) -> int | None:
    value = table.get("chain_pin", _ABSENT)
    if value is _ABSENT:
        if has_chain:
            problems.add("leds.chain_pin", "missing", "add chain_pin = <pin> under [leds].")
        return None
    return _pin_value("leds.chain_pin", value, problems)


# ---- pins -----------------------------------------------------------------------------


def _check_pins(
    uses: list[_Use], board: _Board | None, reserved: Mapping[int, str], problems: _Problems
) -> None:
    """Reserved, unusable and doubly used pins. Without a board (bad ``kind``) only the last."""
    taken = [use.pin for use in uses]
    free = board.free(reserved, taken) if board else _OTHER_PIN
    first: dict[int, str] = {}
    for use in uses:
        what = _pin_problem(use, board, reserved, first)
        if what:
            problems.add(use.key, what, free, use.pin)
        first.setdefault(use.pin, use.key)


def _pin_problem(
    use: _Use, board: _Board | None, reserved: Mapping[int, str], first: Mapping[int, str]
) -> str | None:
    pin = board.pin(use.pin) if board else f"pin {use.pin}"
    if use.pin in reserved:
        return f"{pin} is reserved ({reserved[use.pin]})"
    if board and use.pin not in board.usable:
        return f"{pin} is not a usable pin (usable: {board.usable_text})"
    if use.pin in first:
        return f"{pin} is also used by {first[use.pin]}"
    return None


# ---- safe mode ------------------------------------------------------------------------


def _safe_mode(
    data: Mapping[str, object], kind: Kind | None, controls: Mapping[str, int], problems: _Problems
) -> str | None:
    value = data.get("safe_mode", _ABSENT)
    if kind == "gpio" and value is not _ABSENT:
        problems.add(
            "safe_mode", 'only a kind = "box" profile has a safe mode', "remove it.", value
        )
        return None
    if kind != "box":
        return None
    if value is _ABSENT:
        fix = (
            'add safe_mode = "nav.back": the control held at plug-in to leave the REPL to mpremote.'
        )
        problems.add("safe_mode", "missing", fix)
        return None
    if isinstance(value, str) and _known_name("safe_mode", value, value, controls, problems):
        return value
    if not isinstance(value, str):
        problems.add("safe_mode", "must be a control name", 'write safe_mode = "nav.back".', value)
    return None
