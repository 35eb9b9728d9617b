"""Colours, letters and fonts shared by every screen.

Every seat colour also carries a letter, so colour-blind players can tell the seats apart.
The colours and letters need no pygame (the models name seats with the letters); the fonts
load it when first asked for.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final, Literal

from companion.i18n import marked, tr

if TYPE_CHECKING:
    import pygame

RGB = tuple[int, int, int]

BACKGROUND: Final[RGB] = (18, 20, 26)
PANEL: Final[RGB] = (34, 38, 48)
PANEL_EDGE: Final[RGB] = (70, 76, 92)
TEXT: Final[RGB] = (236, 238, 242)
TEXT_DIM: Final[RGB] = (150, 156, 170)
GOOD: Final[RGB] = (90, 200, 120)
WARN: Final[RGB] = (240, 180, 60)
BAD: Final[RGB] = (235, 80, 70)

SEAT_COLOURS: Final[dict[str, RGB]] = {
    "red": (214, 58, 50),
    "yellow": (236, 196, 40),
    "purple": (146, 84, 196),
    "blue": (48, 110, 220),
    "green": (52, 164, 82),
    "nav": (150, 156, 170),
}
SEAT_LETTERS: Final[dict[str, str]] = {
    "red": "R",
    "yellow": "Y",
    "purple": "P",
    "blue": "B",
    "green": "G",
    "nav": "N",
}
SEAT_WORDS: Final[dict[str, str]] = {
    "red": marked("red"),
    "yellow": marked("yellow"),
    "purple": marked("purple"),
    "blue": marked("blue"),
    "green": marked("green"),
    "nav": marked("nav"),
}
"""Each seat colour's word as the screens show it (translated where shown: the colours
themselves stay the English keys)."""


def colour_word(seat: str) -> str:
    """A seat colour's word in the screens' language (``"red"``); any other seat (``"P1"``,
    a player's name) as it is."""
    return tr(SEAT_WORDS[seat]) if seat in SEAT_WORDS else seat


def seat_name(colour: str, name: str = "") -> str:
    """``"R red"``, or with the roster's player there ``"R Anna"``: the letter first, for
    colour-blind players (the colour's word in the screens' language, the letter never
    translated)."""
    return f"{SEAT_LETTERS[colour]} {name or colour_word(colour)}"


def text_colour_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    red, green, blue = background
    luminance = 0.299 * red + 0.587 * green + 0.114 * blue
    return (16, 16, 16) if luminance > 150 else TEXT


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """``colour`` moved ``amount`` (0..1) of the way to ``other``."""
    return (
        round(colour[0] + (other[0] - colour[0]) * amount),
        round(colour[1] + (other[1] - colour[1]) * amount),
        round(colour[2] + (other[2] - colour[2]) * amount),
    )


# --- the type scale -------------------------------------------------------------------------

Role = Literal["table", "body"]
"""What a text is for. ``"table"``: what the whole table must read from the far seat, 1-2 m
away (who was first and the gaps, the turned card, whose turn, tokens, scores, the question
being asked). ``"body"``: everything else, the header, the footer and its key hints
included."""

FLOOR_PX: Final[dict[Role, int]] = {"table": 32, "body": 16}
"""The smallest text of each role on a 320 px high panel (480x320, about 6.5 px per mm).
Sizes are the bundled font's nominal size, the number ``font`` is given; its lines are
about three quarters of that: at 32, a 24 px line with 16 px capitals (about 2.5 mm), at
16 a 12 px line."""


def type_scale(screen: tuple[int, int]) -> float:
    """How much bigger every text is on ``screen`` than on the 320 px high panel: with its
    height (1.5 on the 800x480 panel, so a layout keeps its proportions and the bigger
    panel's text is bigger, for a bigger table), never below 1 (smaller screens keep the
    480x320 floors and show less)."""
    return max(1.0, screen[1] / 320)


def floor_px(role: Role, screen: tuple[int, int]) -> int:
    """The smallest size a text of ``role`` may be drawn at on ``screen``: 32 and 16 px at
    480x320, 48 and 24 px at 800x480."""
    return round(FLOOR_PX[role] * type_scale(screen))


@cache
def font(size: int, *, bold: bool = False) -> pygame.font.Font:
    """The bundled font (the same on every machine, so screenshots compare). Draw text with
    ``widgets.text``, which keeps it above its role's floor; use this to measure."""
    import pygame

    loaded = pygame.font.Font(None, max(8, size))
    loaded.bold = bold
    return loaded
