"""The firmware's input table, generated from the pin map: ``firmware/box_table.py``.

``python -m companion.input.box.table`` writes it from ``wiring/profiles/usb-box.toml``;
``--check`` only compares (exit 1 when the file is stale), and a test does the same, so
the firmware can never disagree with the pin map unnoticed. The host checks the box at
run time too: HELLO carries ``TABLE_ID`` (``table_id``), a CRC-32 of the canonical table,
and the serial source warns when it differs from the profile it was given.

The sampling window. The PIO sampler reads every input in one ``in pins, IN_COUNT``
starting at ``IN_BASE`` (pin numbers wrap from 31 to 0). The window must hold every
control and must NOT hold the LED chain's data pin, which toggles at 800 kHz while the
LEDs are written and would flood the sampler. The generator picks the smallest window
that does this, preferring fewer reserved pins inside it; for usb-box that is GP26..31
then GP0..21 (``IN_BASE`` 26, ``IN_COUNT`` 28), leaving out GP22 (LED chain) and
GP23-25. Reserved pins still inside (GP29, the VSYS/3 sense line) get their input
buffer turned off (``QUIET_PINS``); unused pins inside (GP28) get a pull-up
(``IDLE_PINS``); GP30 and GP31 do not exist and read 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from companion.errors import ConfigError
from companion.input.pinmap import Profile, load_profile

BOX_PROFILE: Final = "usb-box"
PIN_SPACE: Final = 32  # `in pins` wraps modulo 32
MAX_PIN: Final = 29  # GP0-29 exist on an RP2040
DEFAULT_OUTPUT: Final = Path(__file__).resolve().parents[3] / "firmware" / "box_table.py"


@dataclass(frozen=True)
class Window:
    """The pins one ``in pins, count`` reads, starting at ``base`` and wrapping at 32."""

    base: int
    count: int

    def pins(self) -> tuple[int, ...]:
        return tuple((self.base + k) % PIN_SPACE for k in range(self.count))

    def bit(self, pin: int) -> int:
        return (pin - self.base) % PIN_SPACE


def sampling_window(profile: Profile) -> Window:
    """The smallest window holding every control and not the LED chain pin (then the one
    with the fewest reserved pins, then the lowest base)."""
    controls = set(profile.controls.values())
    chain = profile.led_chain_pin
    best: tuple[int, int, int] | None = None
    for base in range(PIN_SPACE):
        span = max((pin - base) % PIN_SPACE for pin in controls) + 1
        window = Window(base, span)
        pins = set(window.pins())
        if chain is not None and chain in pins:
            continue
        key = (span, len(pins & set(profile.reserved)), base)
        best = key if best is None or key < best else best
    if best is None:
        raise ConfigError(
            f"{profile.path}: no window of pins holds every control without the LED chain "
            f"pin GP{chain}. Fix: move the chain to a pin outside the controls' range"
        )
    return Window(best[2], best[0])


def canonical(profile: Profile) -> str:
    """The table as one line of text: what ``table_id`` checksums."""
    controls = ",".join(f"{c}:{p}" for c, p in profile.controls.items())
    leds = ",".join(f"{c}:{i}" for c, i in profile.leds.items())
    return (
        f"profile={profile.name};pull={profile.pull};controls={controls};"
        f"chain={profile.led_chain_pin};leds={leds};safe={profile.safe_mode}"
    )


def table_id(profile: Profile) -> str:
    """CRC-32 of ``canonical(profile)``, 8 upper-case hex digits (HELLO's table id)."""
    return f"{zlib.crc32(canonical(profile).encode()):08X}"


def _literal(value: object) -> str:
    """Python source for ``value``, strings double-quoted as ``ruff format`` writes them."""
    return json.dumps(value) if isinstance(value, str) else repr(value)


def _tuple(values: Sequence[object]) -> str:
    """A tuple literal laid out as ``ruff format`` would: on one line if it fits after
    its name (about 80 characters), else one item per line."""
    items = [_literal(v) for v in values]
    if len(items) == 1:
        return f"({items[0]},)"
    one_line = f"({', '.join(items)})"
    if len(one_line) <= 80:
        return one_line
    return "(\n" + "".join(f"    {item},\n" for item in items) + ")"


def render(profile: Profile) -> str:
    """The text of ``firmware/box_table.py`` for a ``kind = "box"`` profile."""
    if profile.kind != "box" or profile.led_chain_pin is None or profile.safe_mode is None:
        raise ConfigError(
            f"{profile.path}: profile {profile.name!r} is not a box profile with an LED chain "
            "and a safe mode. Fix: use --profile usb-box"
        )
    window = sampling_window(profile)
    controls = list(profile.controls)
    pins = [profile.controls[c] for c in controls]
    inside = [p for p in window.pins() if p <= MAX_PIN]
    quiet = [p for p in inside if p in profile.reserved]
    idle = [p for p in inside if p not in pins and p not in profile.reserved]
    leds = [profile.leds.get(c, -1) for c in controls]
    led_count = max(profile.leds.values(), default=-1) + 1
    source = f"wiring/profiles/{profile.path.name}"
    return f"""\
# The box's input table, GENERATED from {source} by
# `python -m companion.input.box.table`. Do not edit: change the pin map and run the
# generator again (tests/input/box/test_table.py fails while this file is stale).
# An input's index in CONTROLS is its number in EV and LED frames (PROTOCOL.md).

PROFILE = {_literal(profile.name)}
# CRC-32 of the canonical table, sent in HELLO
TABLE_ID = {_literal(table_id(profile))}
# pull-ups: a pressed button reads 0
ACTIVE_LOW = {profile.pull == "up"!r}

CONTROLS = {_tuple(controls)}
# GP number of each input
PINS = {_tuple(pins)}

# The sampler reads IN_COUNT pins from IN_BASE (wrapping at 32) in one snapshot; BITS is
# each input's bit in it. The LED chain pin stays outside the window.
IN_BASE = {window.base}
IN_COUNT = {window.count}
BITS = {_tuple([window.bit(p) for p in pins])}
# reserved pins inside the window: input buffer turned off
QUIET_PINS = {_tuple(quiet)}
# unused pins inside the window: pulled up
IDLE_PINS = {_tuple(idle)}

LED_PIN = {profile.led_chain_pin}
LED_COUNT = {led_count}
# chain position of each input's pixel (-1: none)
LEDS = {_tuple(leds)}

# the input held at plug-in to leave the REPL to mpremote: its index, its pin
SAFE_MODE = {controls.index(profile.safe_mode)}
SAFE_MODE_PIN = {profile.controls[profile.safe_mode]}
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.input.box.table",
        description="Write firmware/box_table.py from the box's pin map profile.",
    )
    parser.add_argument("--profile", default=BOX_PROFILE, help="profile name or .toml path")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="file to write")
    parser.add_argument(
        "--check", action="store_true", help="only compare; exit 1 if the file is stale"
    )
    args = parser.parse_args(argv)
    try:
        text = render(load_profile(args.profile))
    except ConfigError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    current = args.output.read_text(encoding="utf-8") if args.output.is_file() else None
    if args.check:
        if current == text:
            print(f"{args.output} is up to date")
            return 0
        print(
            f"{args.output} is stale. Fix: run python -m companion.input.box.table",
            file=sys.stderr,
        )
        return 1
    if current != text:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        print(f"{args.output} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
