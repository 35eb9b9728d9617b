"""The Paris districts' badges: a number on a hatched neutral panel, never a gang colour
(district 1 is the rulebook's "green" district beside a green gang: colour-blind players)."""

from __future__ import annotations

import pygame

from companion.ui import theme, widgets
from companion.ui.paris.view import DISTRICT_HATCH, draw_district_badge


def _badge(district: int, *, current: bool = False) -> tuple[pygame.Surface, list[str]]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((480, 320))
    surface.fill(theme.BACKGROUND)
    with widgets.recorded_text() as drawn:
        draw_district_badge(surface, pygame.Rect(10, 10, 30, 30), district, 20, current=current)
    return surface, [d.words for d in drawn]


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    seen = set()
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            red, green, blue, _ = surface.get_at((x, y))
            seen.add((red, green, blue))
    return seen


def test_a_district_is_its_number_on_a_hatched_badge_without_gang_colours() -> None:
    surface, words = _badge(1)
    assert words == ["1"], "the district's number, not its colour's name"
    seen = _colours(surface, pygame.Rect(10, 10, 30, 30))
    assert DISTRICT_HATCH in seen, "the hatching sets a district apart from a gang's chip"
    gangs = {colour for name, colour in theme.SEAT_COLOURS.items() if name != "nav"}
    assert not seen & gangs, "no gang's colour on a district"


def test_the_district_being_settled_is_edged() -> None:
    plain, _ = _badge(5)
    current, _ = _badge(5, current=True)
    assert theme.TEXT in _colours(current, pygame.Rect(10, 10, 1, 30))
    assert theme.TEXT not in _colours(plain, pygame.Rect(10, 10, 1, 30))
