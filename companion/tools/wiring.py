"""Wiring tables, header diagrams and the bill of materials, GENERATED from the pin map.

``python -m companion.tools.wiring`` (or ``companion wiring``) reads every profile in
``wiring/profiles/`` and writes, for each, ``wiring/generated/<profile>.md`` (tables: every
button and LED with its GPIO and physical pin, the ground returns, the LED resistors, the
reserved pins, and all 40 pins one by one) and ``wiring/generated/<profile>.svg`` (the
40-pin header or the Pico with each wire in its colour and its label), plus
``hardware/bom.md`` (the bill of materials, counted from the pin map). ``--check`` only
compares and exits 1 naming the stale files; ``tests/tools/test_wiring.py`` does the same,
so no drawing can disagree with the pin map unnoticed.

The SVG is written by hand rather than with a drawing library: the output must be
byte-for-byte reproducible from a fresh clone with nothing but Python, and a library
upgrade that moved one coordinate would make every checked-in drawing "stale".
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Final

from companion.errors import ConfigError
from companion.input.controls import INDIANS, NAV_BUTTONS, button_of, seat_of
from companion.input.pinmap import Profile, load_profile

ROOT: Final = Path(__file__).resolve().parents[2]
REGENERATE: Final = "companion wiring (or: python -m companion.tools.wiring, make wiring)"
_BY: Final = "`companion wiring` (or `python -m companion.tools.wiring`, `make wiring`)"
LED_RESISTOR: Final = "330 Ω"

# ---- the boards -----------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A 40-pin board as a builder sees it: physical pin -> GPIO number or a fixed use."""

    title: str
    gpio_word: str  # "BCM " or "GP"
    pin_word: str  # how the physical position is written: "hdr" or "pin"
    gpio_at: Mapping[int, int]  # physical pin -> GPIO number
    fixed: Mapping[int, str]  # physical pin -> "GND", "5V", ...
    grounds: tuple[int, ...]  # GND pins a ground return may use, in preference order
    orientation: str

    def physical(self, gpio: int) -> int:
        return next(pin for pin, number in self.gpio_at.items() if number == gpio)

    def function(self, pin: int) -> str:
        gpio = self.gpio_at.get(pin)
        return self.fixed[pin] if gpio is None else f"{self.gpio_word}{gpio}"

    def place(self, pin: int) -> tuple[int, int]:
        """(row from the top, 0 left / 1 right) of a physical pin in the drawing."""
        if self.pin_word == "hdr":
            return (pin - 1) // 2, (pin - 1) % 2
        return (pin - 1, 0) if pin <= 20 else (40 - pin, 1)

    def distance(self, a: int, b: int) -> int:
        (row_a, side_a), (row_b, side_b) = self.place(a), self.place(b)
        across = 1 if self.pin_word == "hdr" else 8  # the Pico's two rows are 18 mm apart
        return abs(row_a - row_b) + across * abs(side_a - side_b)


_PI_GPIO: Final = (
    (3, 2), (5, 3), (7, 4), (8, 14), (10, 15), (11, 17), (12, 18), (13, 27), (15, 22),
    (16, 23), (18, 24), (19, 10), (21, 9), (22, 25), (23, 11), (24, 8), (26, 7), (27, 0),
    (28, 1), (29, 5), (31, 6), (32, 12), (33, 13), (35, 19), (36, 16), (37, 26), (38, 20),
    (40, 21),
)  # fmt: skip
_PI_GROUNDS: Final = (6, 9, 14, 20, 25, 30, 34, 39)
PI_HEADER: Final = Board(
    title="Raspberry Pi 40-pin header",
    gpio_word="BCM ",
    pin_word="hdr",
    gpio_at=dict(_PI_GPIO),
    fixed={1: "3V3", 17: "3V3", 2: "5V", 4: "5V"} | dict.fromkeys(_PI_GROUNDS, "GND"),
    grounds=_PI_GROUNDS,
    orientation=(
        "Turn the Pi so its USB ports point down: the header is on the right-hand edge, "
        "pin 1 (square pad) at the top, odd pins in the inner row."
    ),
)
_PICO_GROUNDS: Final = (3, 8, 13, 18, 23, 28, 38)  # pin 33 is AGND: left for analogue use
PICO: Final = Board(
    title="Raspberry Pi Pico",
    gpio_word="GP",
    pin_word="pin",
    gpio_at={
        pin: gp
        for gp, pin in enumerate(
            (1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 29)
        )
    }
    | {31: 26, 32: 27, 34: 28},
    fixed={30: "RUN", 33: "AGND", 35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 39: "VSYS"}
    | {40: "VBUS"}
    | dict.fromkeys(_PICO_GROUNDS, "GND"),
    grounds=_PICO_GROUNDS,
    orientation=(
        "The Pico seen from above (chips up), USB socket at the top: pin 1 (GP0) top left, "
        "pins 1-20 down the left edge, 21-40 up the right edge."
    ),
)

# ---- wire colours ---------------------------------------------------------------------

# colour name -> (fill, outline) in the drawing. Seats use their own colour; the outline
# keeps white and yellow legible on the white page.
COLOURS: Final[Mapping[str, tuple[str, str]]] = {
    "red": ("#d32f2f", "#7f1d1d"),
    "yellow": ("#f4c400", "#7a6200"),
    "purple": ("#7b1fa2", "#3e1052"),
    "blue": ("#1565c0", "#0b3260"),
    "green": ("#2e7d32", "#173e19"),
    "white": ("#ffffff", "#555555"),
    "black": ("#212121", "#000000"),
    "orange": ("#ef6c00", "#783600"),
    "grey": ("#9e9e9e", "#4f4f4f"),
}
NAV_WIRE: Final = "white"
GROUND_WIRE: Final = "black"
LED_WIRES: Final[Mapping[str, str]] = {"status": "orange", "window": "grey"}
CHAIN_WIRE: Final = "orange"
POWER_WIRE: Final = "red"


def wire_colour(control: str) -> str:
    """The wire colour of a control's signal wire: its seat's colour, white for nav."""
    return seat_of(control) or NAV_WIRE


def title_of(control: str) -> str:
    """``"red.chief"`` -> ``"red chief"``; ``"nav.select"`` -> ``"nav select"``."""
    return control.replace(".", " ")


# ---- the plan: what goes on each pin --------------------------------------------------


@dataclass(frozen=True)
class Wire:
    """What one physical pin carries in a profile."""

    pin: int
    label: str
    colour: str | None  # None: nothing connected
    kind: str  # button, led, ground, power, reserved, free, fixed


@dataclass(frozen=True)
class Plan:
    profile: Profile
    board: Board
    ground_of: Mapping[str, int]  # group (seat, "nav", "leds") -> its GND pin
    wires: Mapping[int, Wire]  # physical pin -> what is on it

    def group_grounds(self) -> dict[int, list[str]]:
        served: dict[int, list[str]] = {}
        for group, pin in self.ground_of.items():
            served.setdefault(pin, []).append(group)
        return dict(sorted(served.items()))


def group_of(control: str) -> str:
    return seat_of(control) or "nav"


def _groups(profile: Profile) -> dict[str, list[int]]:
    """Each group that needs a ground return, with the GPIO pins it uses."""
    groups: dict[str, list[int]] = {}
    for control, gpio in profile.controls.items():
        groups.setdefault(group_of(control), []).append(gpio)
    if profile.kind == "gpio" and profile.leds:
        groups["leds"] = list(profile.leds.values())
    if profile.led_chain_pin is not None:
        groups["leds"] = [profile.led_chain_pin]
    return groups


def assign_grounds(profile: Profile, board: Board) -> dict[str, int]:
    """Each group's GND pin: the nearest one not taken yet (ties: the lower pin), so every
    seat gets its own return wire while there are enough GND pins."""
    taken: set[int] = set()
    chosen: dict[str, int] = {}
    for group, gpios in _groups(profile).items():
        pins = [board.physical(gpio) for gpio in gpios]
        free = [gnd for gnd in board.grounds if gnd not in taken] or list(board.grounds)
        best = min(free, key=lambda gnd: (sum(board.distance(gnd, pin) for pin in pins), gnd))
        chosen[group] = best
        taken.add(best)
    return chosen


def board_for(profile: Profile) -> Board:
    return PI_HEADER if profile.kind == "gpio" else PICO


def make_plan(profile: Profile) -> Plan:
    board = board_for(profile)
    grounds = assign_grounds(profile, board)
    wires = {pin: _idle_wire(profile, board, pin) for pin in range(1, 41)}
    for control, gpio in profile.controls.items():
        pin = board.physical(gpio)
        wires[pin] = Wire(pin, title_of(control), wire_colour(control), "button")
    for pin, wire in _led_wires(profile, board).items():
        wires[pin] = wire
    for gnd, served in _served(grounds).items():
        wires[gnd] = Wire(gnd, f"GND return: {', '.join(served)}", GROUND_WIRE, "ground")
    return Plan(profile, board, grounds, dict(sorted(wires.items())))


def _served(grounds: Mapping[str, int]) -> dict[int, list[str]]:
    served: dict[int, list[str]] = {}
    for group, pin in grounds.items():
        served.setdefault(pin, []).append(group)
    return served


def _idle_wire(profile: Profile, board: Board, pin: int) -> Wire:
    gpio = board.gpio_at.get(pin)
    if gpio is None:
        return Wire(pin, "", None, "fixed")
    if gpio in profile.reserved:
        return Wire(pin, f"reserved: {_short_reason(profile.reserved[gpio])}", None, "reserved")
    return Wire(pin, "free", None, "free")


def _short_reason(reason: str) -> str:
    """``"SPI0 CE1 (hdr 26): XPT2046 ..."`` -> ``"SPI0 CE1"``."""
    return reason.split(" (", maxsplit=1)[0].split(":", maxsplit=1)[0]


def _led_wires(profile: Profile, board: Board) -> dict[int, Wire]:
    if profile.kind == "box":
        if profile.led_chain_pin is None:
            return {}
        pin = board.physical(profile.led_chain_pin)
        wires = {pin: Wire(pin, "LED chain data (74AHCT125)", CHAIN_WIRE, "led")}
        vbus = 40
        wires[vbus] = Wire(vbus, "5 V to the LED chain", POWER_WIRE, "power")
        return wires
    wires = {}
    for name, gpio in profile.leds.items():
        pin = board.physical(gpio)
        label = f"LED {title_of(name)} via {LED_RESISTOR}"
        wires[pin] = Wire(pin, label, LED_WIRES.get(name, "grey"), "led")
    return wires


# ---- Markdown tables ------------------------------------------------------------------


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return [*lines, ""]


def _source(profile: Profile) -> str:
    return f"wiring/profiles/{profile.path.name}"


def render_markdown(plan: Plan) -> str:
    profile, board = plan.profile, plan.board
    lines = [
        f"# Wiring: `{profile.name}`",
        "",
        f"GENERATED from [`{_source(profile)}`](../profiles/{profile.path.name}) by "
        f"{_BY}. Do not edit: change the pin map and run it again "
        "(`tests/tools/test_wiring.py` fails while this file is stale).",
        "",
        f"{profile.description}",
        "",
        f"![{profile.name} wiring diagram]({profile.name}.svg)",
        "",
        f"Board: **{board.title}**. {board.orientation}",
        "",
        *_how_to_wire(profile),
        *_buttons_section(plan),
        *_leds_section(plan),
        *_grounds_section(plan),
        *_reserved_section(profile, board),
        *_all_pins_section(plan),
        *_panel_section(profile),
    ]
    return "\n".join(lines).rstrip("\n") + "\n"


def _how_to_wire(profile: Profile) -> list[str]:
    gpio_word = "BCM" if profile.kind == "gpio" else "GP"
    pressed = "low" if profile.pull == "up" else "high"
    to = "GND" if profile.pull == "up" else "3V3"
    return [
        "How every button is wired: the microswitch's **NO** (normally open) terminal goes "
        f"to its {gpio_word} pin; its **COM** terminal joins the group's ground wire, which "
        f"runs from button to button (daisy chain) and ends on the {to} pin named below. "
        "Leave NC (normally closed) empty. The internal pull-"
        f"{profile.pull} holds the pin, so pressed = {pressed}: no resistor per button.",
        "",
    ]


def _buttons_section(plan: Plan) -> list[str]:
    profile, board = plan.profile, plan.board
    rows = [
        (
            f"`{control}`",
            group_of(control),
            button_of(control),
            wire_colour(control),
            f"{board.gpio_word}{gpio}",
            f"{board.pin_word} {board.physical(gpio)}",
            f"{board.pin_word} {plan.ground_of[group_of(control)]}",
        )
        for control, gpio in profile.controls.items()
    ]
    head = ("control", "seat", "button", "wire", "GPIO", "solder to", "COM to GND at")
    return [f"## Buttons ({len(rows)})", "", *_table(head, rows)]


def _leds_section(plan: Plan) -> list[str]:
    profile, board = plan.profile, plan.board
    if profile.kind == "box":
        return _chain_section(plan)
    if not profile.leds:
        return []
    gnd = plan.ground_of["leds"]
    rows = [
        (
            f"`{name}`",
            LED_WIRES.get(name, "grey"),
            f"{board.gpio_word}{gpio}",
            f"{board.pin_word} {board.physical(gpio)}",
            LED_RESISTOR,
            f"{board.pin_word} {gnd}",
        )
        for name, gpio in profile.leds.items()
    ]
    head = ("LED", "wire", "GPIO", "solder to", "resistor (in series)", "cathode to GND at")
    note = (
        f"Each LED: pin → {LED_RESISTOR} resistor → LED anode (the long leg); the cathode "
        "(short leg, flat side) → GND. At 3.3 V a red or yellow LED then draws about 4 mA, "
        "well inside a GPIO's limit. Lit = pin high."
    )
    return [f"## LEDs ({len(rows)})", "", note, "", *_table(head, rows)]


def _chain_section(plan: Plan) -> list[str]:
    profile, board = plan.profile, plan.board
    if profile.led_chain_pin is None:
        return []
    data = f"{board.pin_word} {board.physical(profile.led_chain_pin)}"
    gnd = f"{board.pin_word} {plan.ground_of['leds']}"
    lines = [
        f"## LED chain ({len(profile.leds)} WS2812 pixels)",
        "",
        "One WS2812 (NeoPixel) pixel inside each button, all on one chain. The 74AHCT125 "
        "lifts the Pico's 3.3 V data to the 5 V the pixels want.",
        "",
        *_table(
            ("from", "to"),
            [
                (f"GP{profile.led_chain_pin} ({data})", "74AHCT125 pin 2 (1A)"),
                ("74AHCT125 pin 3 (1Y)", f"{LED_RESISTOR} resistor → DIN of pixel 0"),
                ("74AHCT125 pin 1 (1OE)", f"GND ({gnd})"),
                ("74AHCT125 pin 7 (GND)", f"GND ({gnd})"),
                ("74AHCT125 pin 14 (VCC)", "VBUS 5 V (pin 40)"),
                ("74AHCT125 pins 5, 9, 12 (unused A inputs)", "GND"),
                ("VBUS 5 V (pin 40)", "+5V of every pixel; 1000 µF capacitor + side"),
                (f"GND ({gnd})", "GND of every pixel; 1000 µF capacitor − side"),
                ("DOUT of pixel n", "DIN of pixel n+1"),
            ],
        ),
        "Chain order (pixel 0 is the one nearest the Pico):",
        "",
        *_table(
            ("pixel", "inside the button"),
            [(index, f"`{control}`") for control, index in profile.leds.items()],
        ),
    ]
    return lines


def _grounds_section(plan: Plan) -> list[str]:
    board = plan.board
    rows = [
        (f"{board.pin_word} {pin}", ", ".join(groups))
        for pin, groups in plan.group_grounds().items()
    ]
    note = (
        "Every GND pin is the same ground: these are simply the nearest free ones, one per "
        "group, so each group's ground wire is short and a loose one affects one group only."
    )
    return ["## Ground returns", "", note, "", *_table(("GND pin", "serves"), rows)]


def _reserved_section(profile: Profile, board: Board) -> list[str]:
    if not profile.reserved:
        return []
    rows = [
        (
            f"{board.gpio_word}{gpio}",
            f"{board.pin_word} {board.physical(gpio)}" if gpio in board.gpio_at.values() else "",
            reason,
        )
        for gpio, reason in profile.reserved.items()
    ]
    return [
        "## Reserved pins: connect nothing here",
        "",
        *_table(("GPIO", "physical", "used by"), rows),
    ]


def _all_pins_section(plan: Plan) -> list[str]:
    board = plan.board
    rows = [
        (
            wire.pin,
            board.function(wire.pin),
            wire.label or "—",
            wire.colour or "",
        )
        for wire in plan.wires.values()
    ]
    return [
        "## All 40 pins (tick them off with a multimeter)",
        "",
        *_table((board.pin_word, "function", "connect", "wire"), rows),
    ]


def _panel_section(profile: Profile) -> list[str]:
    panel = panel_for(profile)
    x, y, w, h = panel.screen
    rows: list[tuple[str, int, int, int | str]] = [
        (hole.what, hole.x, hole.y, hole.diameter) for hole in panel_holes(profile)
    ]
    rows.append((f"screen window, centre ({w} x {h} mm)", x, y, ""))
    sides = ", ".join(f"{seat} {side}" for seat, side in seat_sides(profile).items())
    return [
        f"## Top panel ({panel.width} x {panel.depth} mm)",
        "",
        f"![{profile.name} top panel]({profile.name}-panel.svg)",
        "",
        f"Hole centres in mm from the panel's back-left corner (x to the right, y towards the "
        f"front, where the screen faces). Seats, clockwise: {sides}. See "
        "[hardware/enclosure.md](../../hardware/enclosure.md).",
        "",
        *_table(("hole", "x (mm)", "y (mm)", "diameter (mm)"), rows),
    ]


# ---- the SVG diagram ------------------------------------------------------------------

_WIDTH: Final = 1040
_ROW: Final = 26
_TOP: Final = 118
_PIN_X: Final = (500, 540)
_BOX: Final = (410, 630)
_WIRE_END: Final = (280, 760)
_FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"


def _text(x: int, y: int, text: str, *, size: int = 13, anchor: str = "start", **attrs: str) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in attrs.items())
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}"{extra}>'
        f"{escape(text, quote=False)}</text>"
    )


def _luminous(colour: str) -> bool:
    return colour in ("white", "yellow", "orange", "grey")


def render_svg(plan: Plan) -> str:
    profile, board = plan.profile, plan.board
    legend_top = _TOP + 20 * _ROW + 24
    height = legend_top + 28 + 22 * len(_legend_notes(profile))
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="{_FONT}">',
        f'<rect x="0" y="0" width="{_WIDTH}" height="{height}" fill="#ffffff"/>',
        _text(20, 32, f"{profile.name}: wiring on the {board.title}", size=22, font_weight="bold"),
        _text(20, 56, f"Generated from {_source(profile)}: do not edit. {_pull_note(profile)}"),
        _text(20, 78, board.orientation, size=12, fill="#444444"),
        *_board_outline(board),
        *(part for wire in plan.wires.values() for part in _pin_row(board, wire)),
        *_legend(plan, legend_top),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _pull_note(profile: Profile) -> str:
    return (
        "Button: NO terminal to its pin, COM to the group's ground wire."
        if profile.pull == "up"
        else "Button: NO terminal to its pin, COM to 3V3."
    )


def _board_outline(board: Board) -> list[str]:
    left, right = _BOX
    top, bottom = _TOP - 14, _TOP + 20 * _ROW - 12
    parts = [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        'fill="#1f3d2b" stroke="#0e1f15" stroke-width="2"/>'
    ]
    if board.pin_word == "pin":  # the Pico's USB socket at the top
        middle = (left + right) // 2
        parts.append(
            f'<rect x="{middle - 22}" y="{top - 16}" width="44" height="18" rx="3" '
            'fill="#b0b0b0" stroke="#555555"/>'
        )
        parts.append(_text(middle, top - 3, "USB", size=10, anchor="middle"))
    return parts


def _pin_row(board: Board, wire: Wire) -> list[str]:
    row, side = board.place(wire.pin)
    y = _TOP + row * _ROW
    cx = _PIN_X[side]
    function = board.function(wire.pin)
    fill = _pin_fill(wire, function)
    parts = _wire_line(wire, side, y)
    parts.append(f'<circle cx="{cx}" cy="{y}" r="10" fill="{fill}" stroke="#000000"/>')
    number_fill = "#000000" if fill in ("#ffffff", "#f4c400", "#e0e0e0", "#ffcc80") else "#ffffff"
    parts.append(_text(cx, y + 4, str(wire.pin), size=10, anchor="middle", fill=number_fill))
    fx, anchor = (cx - 16, "end") if side == 0 else (cx + 16, "start")
    parts.append(_text(fx, y + 4, function, size=11, anchor=anchor, fill="#ffffff"))
    parts.extend(_label(wire, side, y))
    return parts


def _pin_fill(wire: Wire, function: str) -> str:
    if wire.colour is not None:
        return COLOURS[wire.colour][0]
    if function in ("3V3", "5V", "VBUS", "VSYS", "3V3(OUT)"):
        return "#ffcc80"
    return "#e0e0e0"


def _wire_line(wire: Wire, side: int, y: int) -> list[str]:
    if wire.colour is None:
        return []
    fill, outline = COLOURS[wire.colour]
    start, end = (_WIRE_END[0], _BOX[0]) if side == 0 else (_BOX[1], _WIRE_END[1])
    return [
        f'<line x1="{start}" y1="{y}" x2="{end}" y2="{y}" stroke="{outline}" stroke-width="8"/>',
        f'<line x1="{start}" y1="{y}" x2="{end}" y2="{y}" stroke="{fill}" stroke-width="5"/>',
    ]


def _label(wire: Wire, side: int, y: int) -> list[str]:
    if not wire.label:
        return []
    x, anchor = (_WIRE_END[0] - 8, "end") if side == 0 else (_WIRE_END[1] + 8, "start")
    if wire.colour is None:
        return [_text(x, y + 5, wire.label, size=12, anchor=anchor, fill="#8a8a8a")]
    weight = "bold" if wire.kind == "button" else "normal"
    return [_text(x, y + 5, wire.label, size=14, anchor=anchor, font_weight=weight)]


def _legend(plan: Plan, top: int) -> list[str]:
    meanings = _colour_meanings(plan)
    parts = [_text(20, top, "Wire colours:", size=13, font_weight="bold")]
    x = 130
    for colour, meaning in meanings.items():
        fill, outline = COLOURS[colour]
        parts.append(
            f'<rect x="{x}" y="{top - 11}" width="28" height="12" fill="{fill}" '
            f'stroke="{outline}" stroke-width="2"/>'
        )
        parts.append(_text(x + 34, top, meaning, size=12))
        x += 34 + 6 * len(meaning) + 20
    for k, note in enumerate(_legend_notes(plan.profile)):
        parts.append(_text(20, top + 28 + k * 22, note, size=13))
    return parts


def _colour_meanings(plan: Plan) -> dict[str, str]:
    """Each wire colour in the drawing, in ``COLOURS`` order, with what it carries."""
    found: dict[str, list[str]] = {}
    for wire in plan.wires.values():
        if wire.colour is not None:
            meaning = _meaning(wire)
            if meaning not in found.setdefault(wire.colour, []):
                found[wire.colour].append(meaning)
    return {colour: " / ".join(found[colour]) for colour in COLOURS if colour in found}


def _meaning(wire: Wire) -> str:
    if wire.kind == "button":
        return "nav" if wire.colour == NAV_WIRE else f"{wire.colour} seat"
    return {
        "ground": "ground",
        "power": "5 V",
        "led": "LED data" if "chain" in wire.label else "LED",
    }[wire.kind]


def _legend_notes(profile: Profile) -> list[str]:
    seats = ", ".join(profile.seats())
    notes = [
        f"Seats wired: {seats}, and the nav cluster. Grey labels: nothing connected there.",
        "Each group's ground wire is daisy-chained over the COM terminals of its buttons.",
    ]
    if profile.kind == "gpio":
        notes.append(
            f"LEDs: pin → {LED_RESISTOR} → anode (long leg); cathode → the GND pin marked "
            "'leds'. The tables: wiring/generated/" + f"{profile.name}.md"
        )
    else:
        notes.append(
            "LED chain: GP22 → 74AHCT125 → 330 Ω → pixel 0 DIN; pixels on VBUS 5 V with "
            f"1000 µF. The tables: wiring/generated/{profile.name}.md"
        )
    if profile.display == "spi35":
        notes.append(
            'The 3.5" panel covers pins 1-26: fit a 2x20 stacking header and solder under it.'
        )
    return notes


# ---- the top panel: where each button goes ---------------------------------------------


@dataclass(frozen=True)
class Panel:
    """A console's top panel, in millimetres from its back-left corner (x right, y to the
    front). ``slots`` are the seats' rows in clockwise order seen from above: each lists
    the four hole centres from the chief to the hunter."""

    name: str
    width: int
    depth: int
    screen: tuple[int, int, int, int]  # centre x, centre y, window width, window height
    screen_name: str
    slots: tuple[tuple[tuple[int, int], ...], ...]
    sides: tuple[str, ...]  # where the player of each slot sits
    nav: tuple[tuple[int, int], ...]  # previous, next, select, back
    leds: tuple[tuple[int, int], ...]


SEAT_HOLE: Final = 30  # mm: 30 mm arcade buttons for the seats
NAV_HOLE: Final = 24  # mm: 24 mm arcade buttons for the nav cluster
LED_HOLE: Final = 8  # mm: a 5 mm LED in a panel-mount bezel

LARGE_PANEL: Final = Panel(
    name="five seats",
    width=520,
    depth=340,
    screen=(260, 165, 155, 87),
    screen_name='7" DSI: window 155 x 87 mm',
    slots=(
        ((40, 300), (80, 300), (120, 300), (160, 300)),
        ((40, 110), (40, 150), (40, 190), (40, 230)),
        ((160, 40), (120, 40), (80, 40), (40, 40)),
        ((480, 40), (440, 40), (400, 40), (360, 40)),
        ((360, 300), (400, 300), (440, 300), (480, 300)),
    ),
    sides=("front left", "left", "back left", "back right", "front right"),
    nav=((212, 300), (244, 300), (276, 300), (308, 300)),
    leds=((480, 140), (480, 190)),
)
SMALL_PANEL: Final = Panel(
    name="three seats",
    width=320,
    depth=260,
    screen=(160, 120, 74, 49),
    screen_name='3.5": 74 x 49 mm',
    slots=(
        ((35, 70), (35, 110), (35, 150), (35, 190)),
        ((220, 35), (180, 35), (140, 35), (100, 35)),
        ((285, 190), (285, 150), (285, 110), (285, 70)),
    ),
    sides=("left", "back", "right"),
    nav=((112, 225), (144, 225), (176, 225), (208, 225)),
    leds=((70, 225), (250, 225)),
)


def panel_for(profile: Profile) -> Panel:
    return SMALL_PANEL if len(profile.seats()) <= len(SMALL_PANEL.slots) else LARGE_PANEL


@dataclass(frozen=True)
class Hole:
    what: str  # "red chief", "nav select", "LED status", "screen"
    x: int
    y: int
    diameter: int
    colour: str


def panel_holes(profile: Profile) -> list[Hole]:
    """Every hole in the top panel for this profile, seats in clockwise order."""
    panel = panel_for(profile)
    holes = [
        Hole(f"{seat} {indian}", x, y, SEAT_HOLE, seat)
        for seat, slot in zip(profile.seats(), panel.slots, strict=False)
        for indian, (x, y) in zip(INDIANS, slot, strict=True)
    ]
    holes += [
        Hole(f"nav {button}", x, y, NAV_HOLE, NAV_WIRE)
        for button, (x, y) in zip(NAV_BUTTONS, panel.nav, strict=True)
    ]
    if profile.kind == "gpio":
        holes += [
            Hole(f"LED {name}", x, y, LED_HOLE, LED_WIRES.get(name, "grey"))
            for name, (x, y) in zip(profile.leds, panel.leds, strict=False)
        ]
    return holes


def seat_sides(profile: Profile) -> dict[str, str]:
    panel = panel_for(profile)
    return dict(zip(profile.seats(), panel.sides, strict=False))


_MM: Final = 2  # drawing pixels per millimetre
_MARGIN: Final = 40


def render_panel_svg(profile: Profile) -> str:
    panel = panel_for(profile)
    width = panel.width * _MM + 2 * _MARGIN
    height = panel.depth * _MM + 2 * _MARGIN + 90
    top = _MARGIN + 70
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{_FONT}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        _text(
            _MARGIN,
            30,
            f"{profile.name}: top panel, {panel.width} x {panel.depth} mm, seen from above",
            size=20,
            font_weight="bold",
        ),
        _text(
            _MARGIN,
            54,
            f"Holes: seats {SEAT_HOLE} mm, nav {NAV_HOLE} mm"
            + (f", LEDs {LED_HOLE} mm" if profile.kind == "gpio" else "")
            + ". Generated from the pin map.",
            size=12,
            fill="#444444",
        ),
        _text(
            _MARGIN,
            74,
            "Each player reads chief, warrior, woman, hunter from their own left.",
            size=12,
            fill="#444444",
        ),
        f'<rect x="{_MARGIN}" y="{top}" width="{panel.width * _MM}" '
        f'height="{panel.depth * _MM}" rx="16" fill="#f3ead8" stroke="#5d4a2a" stroke-width="3"/>',
        *_screen_window(panel, top),
        *(part for hole in panel_holes(profile) for part in _hole(hole, top)),
        *_seat_names(profile, panel, top),
        _text(
            width // 2,
            top + panel.depth * _MM + 24,
            "FRONT (the screen faces this way)",
            size=13,
            anchor="middle",
            font_weight="bold",
        ),
    ]
    return "\n".join([*parts, "</svg>"]) + "\n"


def _screen_window(panel: Panel, top: int) -> list[str]:
    x, y, w, h = panel.screen
    left, upper = _MARGIN + (x - w // 2) * _MM, top + (y - h // 2) * _MM
    return [
        f'<rect x="{left}" y="{upper}" width="{w * _MM}" height="{h * _MM}" fill="#263238" '
        'stroke="#000000" stroke-width="2"/>',
        _text(_MARGIN + x * _MM, top + y * _MM + 5, panel.screen_name, size=11,
              anchor="middle", fill="#ffffff"),
    ]  # fmt: skip


def _hole(hole: Hole, top: int) -> list[str]:
    fill, outline = COLOURS[hole.colour]
    cx, cy, r = _MARGIN + hole.x * _MM, top + hole.y * _MM, hole.diameter * _MM // 2
    label = hole.what.split(" ", 1)[1]
    ink = "#000000" if _luminous(hole.colour) else "#ffffff"
    parts = [
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{outline}" stroke-width="3"/>'
    ]
    if hole.diameter > LED_HOLE:
        size = 11 if hole.diameter == SEAT_HOLE else 9
        parts.append(_text(cx, cy + 4, label, size=size, anchor="middle", fill=ink,
                           font_weight="bold"))  # fmt: skip
    else:
        parts.append(_text(cx, cy + r + 14, hole.what, size=11, anchor="middle"))
    return parts


def _seat_names(profile: Profile, panel: Panel, top: int) -> list[str]:
    parts = []
    for seat, slot in zip(profile.seats(), panel.slots, strict=False):
        xs = [x for x, _ in slot]
        ys = [y for _, y in slot]
        cx, cy = sum(xs) // 4, sum(ys) // 4
        horizontal = len(set(ys)) == 1
        dy = (-24 if cy > panel.depth // 2 else 30) if horizontal else 0
        dx = 0 if horizontal else (36 if cx < panel.width // 2 else -36)
        anchor = "middle" if horizontal else ("start" if dx > 0 else "end")
        parts.append(_text(_MARGIN + (cx + dx) * _MM, top + (cy + dy) * _MM, f"{seat} seat",
                           size=14, anchor=anchor, font_weight="bold"))  # fmt: skip
    nav_x = sum(x for x, _ in panel.nav) // 4
    nav_y = panel.nav[0][1]
    parts.append(_text(_MARGIN + nav_x * _MM, top + (nav_y - 22) * _MM, "nav", size=14,
                       anchor="middle", font_weight="bold"))  # fmt: skip
    return parts


# ---- the bill of materials ------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    what: str
    quantity: int
    example: str
    unit_eur: float  # approximate, 2025 hobby-shop prices

    def row(self) -> tuple[str, int, str, str, str]:
        total = self.quantity * self.unit_eur
        return (self.what, self.quantity, self.example, f"{self.unit_eur:.2f}", f"{total:.2f}")


_SANWA_COLOUR: Final[Mapping[str, str]] = {
    "red": "R",
    "yellow": "Y",
    "purple": "V",
    "blue": "B",
    "green": "G",
}


_DSI_PANEL: Final = 'Raspberry Pi Touch Display (7", 800x480)'
_SPI_PANEL: Final = "Waveshare 3.5inch RPi LCD (A)"


def _pi_parts(profile: Profile) -> list[Part]:
    parts = [
        Part("Raspberry Pi 4 Model B (2 GB or more) or Pi 5", 1, "Raspberry Pi 4 B 2GB", 50.0),
        Part("microSD card, 16 GB or more, A1", 1, "SanDisk Ultra 32GB A1", 8.0),
        Part("USB-C power supply (Pi 4: 15 W; Pi 5: 27 W)", 1, "official Raspberry Pi PSU", 10.0),
    ]
    display = {
        "dsi": ('Display: 7" DSI panel, 800x480 (ribbon included)', _DSI_PANEL, 70.0),
        "spi35": ('Display: 3.5" SPI panel, 480x320, ILI9486 + XPT2046', _SPI_PANEL, 20.0),
        "hdmi": ("Display: small HDMI monitor (800x480 or more)", "any HDMI panel", 40.0),
        "any": (
            'Display: 7" DSI 800x480, or 3.5" SPI 480x320',
            f"{_DSI_PANEL}; {_SPI_PANEL}",
            45.0,
        ),
    }[profile.display]
    parts.append(Part(display[0], 1, display[1], display[2]))
    return parts


def _button_parts(profile: Profile) -> list[Part]:
    lit = profile.kind == "box"
    style = "translucent (lit from inside)" if lit else "snap-in"
    parts = [
        Part(
            f"Arcade button 30 mm, {style}, {seat}",
            4,
            f"Sanwa OBSC-30, translucent {seat}" if lit else f"Sanwa OBSF-30-{_SANWA_COLOUR[seat]}",
            3.0 if not lit else 3.5,
        )
        for seat in profile.seats()
    ]
    nav_example = "Sanwa OBSC-24, translucent white" if lit else "Sanwa OBSF-24-W"
    parts.append(Part(f"Arcade button 24 mm, {style}, white (nav)", 4, nav_example, 2.5))
    return parts


def _wire_parts(profile: Profile) -> list[Part]:
    signals = len(profile.controls) + (len(profile.leds) if profile.kind == "gpio" else 0)
    # each group's ground: a link between neighbouring buttons, then one wire to GND
    grounds = sum(len(pins) for pins in _groups(profile).values())
    spades = 2 * len(profile.controls)
    if profile.kind == "gpio":
        lead = Part(
            "Jumper lead, female DuPont one end, 30 cm (cut the other end)",
            signals + grounds,
            "40-way F-F DuPont ribbon, 30 cm",
            0.1,
        )
    else:
        lead = Part("Stranded hook-up wire 0.25 mm² (22 AWG), metres", 10, "6-colour kit", 1.0)
    return [
        lead,
        Part(
            'Female spade terminal, 2.8 mm (0.110"; Happ-style: 4.8 mm)',
            spades,
            "insulated 2.8 mm receptacles",
            0.05,
        ),
        Part("Heat-shrink tube assortment", 1, "2:1 assortment", 5.0),
    ]


def _led_parts(profile: Profile) -> list[Part]:
    if profile.kind == "box":
        pixels = len(profile.leds)
        return [
            Part(
                "WS2812B pixel, small PCB", pixels, "Adafruit NeoPixel Mini PCB (1612, 5-pack)", 1.2
            ),
            Part("Level shifter 74AHCT125, DIP-14", 1, "TI SN74AHCT125N", 0.6),
            Part(f"Resistor {LED_RESISTOR}, 1/4 W", 1, "metal film", 0.05),
            Part("Electrolytic capacitor 1000 µF, 10 V or more", 1, "Panasonic FR 1000uF 16V", 0.5),
            Part("Raspberry Pi Pico (RP2040; not the Pico W)", 1, "Raspberry Pi SC0915", 5.0),
            Part("USB cable, micro-B, data (not charge-only)", 1, "1 m", 3.0),
            Part("Stripboard / perfboard for Pico and shifter", 1, "100x80 mm", 3.0),
        ]
    parts = [Part(f"LED 5 mm ({name})", 1, "5 mm diffused, 20 mA", 0.2) for name in profile.leds]
    if profile.leds:
        parts.append(Part(f"Resistor {LED_RESISTOR}, 1/4 W", len(profile.leds), "metal film", 0.05))
        parts.append(Part("LED holder 5 mm, panel mount", len(profile.leds), "chrome bezel", 0.3))
    if profile.display == "spi35":
        parts.append(
            Part("2x20 stacking header, extra tall (panel on top)", 1, "Adafruit 1979", 2.5)
        )
    return parts


def bill_of_materials(profile: Profile) -> list[Part]:
    parts = [
        *_pi_parts(profile),
        *_button_parts(profile),
        *_led_parts(profile),
        *_wire_parts(profile),
        Part(
            "Enclosure: 3 mm plywood or acrylic top, 6 mm sides (hardware/README.md)", 1, "", 25.0
        ),
    ]
    return [part for part in parts if part.quantity > 0]


def render_bom(profiles: Sequence[Profile]) -> str:
    lines = [
        "# Bill of materials",
        "",
        f"GENERATED from the pin map (`wiring/profiles/*.toml`) by {_BY}: the "
        "quantities are counted from the profiles, so they always match the wiring. Do not "
        "edit; part choices and prices live in `companion/tools/wiring.py`.",
        "",
        "Prices are rough euro hobby-shop prices, for budgeting only; part numbers are "
        "examples, any equivalent part works. Check the button terminals: Sanwa-style "
        'microswitches take 2.8 mm (0.110") spade terminals, Happ-style 4.8 mm (0.187").',
        "",
    ]
    for profile in profiles:
        parts = bill_of_materials(profile)
        total = sum(part.quantity * part.unit_eur for part in parts)
        lines += [
            f"## `{profile.name}`",
            "",
            profile.description,
            "",
            *_table(("part", "qty", "example", "each (€)", "line (€)"), [p.row() for p in parts]),
            f"Approximate total: **€{total:.0f}**. Wiring: "
            f"[wiring/generated/{profile.name}.md](../wiring/generated/{profile.name}.md).",
            "",
        ]
    return "\n".join(lines).rstrip("\n") + "\n"


# ---- files ----------------------------------------------------------------------------


def profile_paths(root: Path) -> list[Path]:
    return sorted((root / "wiring" / "profiles").glob("*.toml"))


def outputs(root: Path = ROOT) -> dict[Path, str]:
    """Every generated file under ``root`` with the text it must hold."""
    profiles = [load_profile(path) for path in profile_paths(root)]
    if not profiles:
        raise ConfigError(
            f"{root / 'wiring' / 'profiles'}: no profiles found. Fix: run from a checkout of "
            "the companion (the directory holding wiring/ and hardware/), or pass --root."
        )
    generated = root / "wiring" / "generated"
    files: dict[Path, str] = {}
    for profile in profiles:
        plan = make_plan(profile)
        files[generated / f"{profile.name}.md"] = render_markdown(plan)
        files[generated / f"{profile.name}.svg"] = render_svg(plan)
        files[generated / f"{profile.name}-panel.svg"] = render_panel_svg(profile)
    files[root / "hardware" / "bom.md"] = render_bom(profiles)
    return files


def stale(root: Path = ROOT) -> list[Path]:
    """The generated files that are missing or differ from what the pin map says."""
    return [
        path
        for path, text in outputs(root).items()
        if not path.is_file() or path.read_bytes() != text.encode("utf-8")
    ]


def write(root: Path = ROOT) -> list[Path]:
    """Write the stale files; return them."""
    wanted = outputs(root)
    changed = stale(root)
    for path in changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(wanted[path].encode("utf-8"))
    return changed


def run(*, check: bool, root: Path = ROOT) -> int:
    """``--check``: 0 when every file is up to date, 1 naming the stale ones. Otherwise
    write them."""
    if check:
        old = stale(root)
        for path in old:
            print(f"{path} is stale. Fix: run {REGENERATE}", file=sys.stderr)
        if not old:
            print(f"wiring documents up to date ({len(outputs(root))} files)")
        return 1 if old else 0
    for path in write(root):
        print(f"wrote {path}")
    print(f"wiring documents up to date ({len(outputs(root))} files)")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check", action="store_true", help="only compare; exit 1 naming the stale files"
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout holding wiring/ and hardware/ (default: this one)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.wiring",
        description="Write wiring/generated/* and hardware/bom.md from the pin map.",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(check=args.check, root=args.root)
    except ConfigError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
