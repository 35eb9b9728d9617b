"""The four Indians as shapes, so the table tells them apart without reading a small word
or a colour (colour-blind players): the chief's feathered headdress (a fan of feathers on
a band), the warrior's tomahawk (an axe), the woman's necklace (a ring of beads with a
pendant), the hunter's bow with its arrow.

``draw_kind`` is the one place they are drawn (pygame primitives, no font): the Pow-Wow
timeline's rows, the pending presses and the seat buttons (the tracker's slap pad, the full
game's hand) all go through it. A glyph fills the largest square that fits its ``rect``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

import pygame

from companion.rules.apache.cards import KINDS
from companion.ui import theme

Point = tuple[float, float]


class _Square:
    """A square of side ``side`` whose top-left is ``(left, top)``: maps points given in
    0..1 to pixels."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.side = min(rect.width, rect.height)
        self.left = rect.centerx - self.side / 2
        self.top = rect.centery - self.side / 2

    def at(self, x: float, y: float) -> Point:
        """The pixel at ``(x, y)`` (0..1 across and down; 1 is the square's last pixel)."""
        last = self.side - 1
        return (self.left + x * last, self.top + y * last)

    def length(self, fraction: float) -> int:
        return max(1, round(fraction * self.side))

    def stroke(self) -> int:
        """The width of a glyph's lines: thick enough to read from the far seat."""
        return max(2, round(self.side / 9))


def _chief(surface: pygame.Surface, box: _Square, colour: theme.RGB) -> None:
    """A feathered headdress: five feathers fanning up from a band."""
    base_x, base_y = 0.5, 0.9
    for degrees in (-64, -32, 0, 32, 64):
        angle = math.radians(degrees)
        dx, dy = math.sin(angle), -math.cos(angle)
        tip = (base_x + 0.46 * dx, base_y - 0.06 + 0.8 * dy)
        root = (base_x + 0.14 * dx, base_y - 0.06 + 0.14 * dy)
        side = (-dy * 0.07, dx * 0.07)
        left = (root[0] + side[0], root[1] + side[1])
        right = (root[0] - side[0], root[1] - side[1])
        pygame.draw.polygon(surface, colour, [box.at(*left), box.at(*tip), box.at(*right)])
    band = pygame.Rect(*box.at(0.18, 0.78), box.length(0.64), box.length(0.16))
    pygame.draw.rect(surface, colour, band, border_radius=box.length(0.05))


def _warrior(surface: pygame.Surface, box: _Square, colour: theme.RGB) -> None:
    """A tomahawk: a slanted handle with an axe blade at its head."""
    pygame.draw.line(surface, colour, box.at(0.22, 0.95), box.at(0.62, 0.08), box.stroke())
    blade = [box.at(0.5, 0.2), box.at(0.9, 0.04), box.at(0.98, 0.5), box.at(0.6, 0.42)]
    pygame.draw.polygon(surface, colour, blade)


def _woman(surface: pygame.Surface, box: _Square, colour: theme.RGB) -> None:
    """A necklace: a ring of beads with a pendant hanging from it."""
    centre_x, centre_y, radius = 0.5, 0.4, 0.32
    bead = box.length(0.075)
    for step in range(10):
        angle = 2 * math.pi * step / 10
        point = (centre_x + radius * math.cos(angle), centre_y + radius * math.sin(angle))
        pygame.draw.circle(surface, colour, box.at(*point), bead)
    pendant = [box.at(0.5, 0.72), box.at(0.62, 0.84), box.at(0.5, 0.98), box.at(0.38, 0.84)]
    pygame.draw.polygon(surface, colour, pendant)


def _hunter(surface: pygame.Surface, box: _Square, colour: theme.RGB) -> None:
    """A bow (its curve and string) with an arrow across it."""
    stroke = box.stroke()
    top_left = box.at(0.0, 0.04)
    bow = pygame.Rect(*top_left, box.length(0.6), box.length(0.92))
    pygame.draw.arc(surface, colour, bow, -math.pi / 2, math.pi / 2, stroke)
    pygame.draw.line(surface, colour, box.at(0.3, 0.06), box.at(0.3, 0.94), max(1, stroke // 2))
    pygame.draw.line(surface, colour, box.at(0.06, 0.5), box.at(0.8, 0.5), stroke)
    head = [box.at(1.0, 0.5), box.at(0.76, 0.36), box.at(0.76, 0.64)]
    pygame.draw.polygon(surface, colour, head)


_DRAWERS: Final[dict[str, Callable[[pygame.Surface, _Square, theme.RGB], None]]] = {
    "chief": _chief,
    "warrior": _warrior,
    "woman": _woman,
    "hunter": _hunter,
}
assert tuple(_DRAWERS) == KINDS, "a glyph for every kind, in button order"


def draw_kind(surface: pygame.Surface, kind: str, rect: pygame.Rect, colour: theme.RGB) -> None:
    """The glyph of ``kind`` (``"chief"``, ``"warrior"``, ``"woman"``, ``"hunter"``) in
    ``colour``, filling the largest square centred in ``rect``."""
    drawer = _DRAWERS.get(kind)
    if drawer is None:
        raise ValueError(f"no glyph for the Indian {kind!r}: use one of {', '.join(KINDS)}")
    drawer(surface, _Square(rect), colour)
