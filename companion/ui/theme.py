"""Colours, letters and fonts shared by every screen.

Every seat colour also carries a letter, so colour-blind players can tell the seats apart.
The colours and letters need no pygame (the models name seats with the letters); the fonts
load it when first asked for.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

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


def seat_name(colour: str) -> str:
    """``"R red"``: the letter first, for colour-blind players."""
    return f"{SEAT_LETTERS[colour]} {colour}"


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


@cache
def font(size: int, *, bold: bool = False) -> pygame.font.Font:
    """The bundled font (the same on every machine, so screenshots compare)."""
    import pygame

    loaded = pygame.font.Font(None, max(8, size))
    loaded.bold = bold
    return loaded


def fitted(
    text: str, size: int, max_width: int, colour: RGB, *, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered at ``size`` or smaller, so that it fits ``max_width``."""
    while True:
        rendered = font(size, bold=bold).render(text, True, colour)
        if rendered.get_width() <= max_width or size <= 8:
            return rendered
        size -= 1
