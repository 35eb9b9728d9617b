"""The menu over a game screen: rows such as "Back to the game", "Leave" and "Rules help"
(``companion.ui.rules_help``), on a shade.

A scene keeps one ``GameMenu``; while it is open the scene hands it the navigation buttons
(``nav``) and clicks (``click``) and draws it last. Both return the index of the row chosen
(select, or a click on a row); the first row is always "Back to the game" and closes the
menu itself, as do Back and a click outside the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pygame

from companion.ui import theme, widgets
from companion.ui.nav import NavButton

BACK_TO_THE_GAME: Final = "Back to the game"
LEAVE: Final = "Leave: resume it later from the start menu"
RULES_HELP: Final = "Rules help"
"""The row that opens the game's rules help (the game stays paused under it)."""


class GameMenu:
    """An in-game menu (see the module docstring)."""

    def __init__(self, rows: Sequence[str] = (BACK_TO_THE_GAME, LEAVE, RULES_HELP)) -> None:
        self.rows = tuple(rows)
        self.open = False
        self.focus = 0

    def show(self) -> None:
        self.open, self.focus = True, 0

    def close(self) -> None:
        self.open = False

    def nav(self, button: NavButton) -> int | None:
        """A navigation button while open: the row chosen by select (None otherwise)."""
        if button in ("previous", "next"):
            self.focus = (self.focus + (1 if button == "next" else -1)) % len(self.rows)
            return None
        if button == "back":
            self.close()
            return None
        return self._choose(self.focus)

    def click(self, pos: tuple[int, int], size: tuple[int, int]) -> int | None:
        """A click while open: the row under it (outside the rows: the menu closes)."""
        for index, rect in enumerate(self.rects(size)):
            if rect.collidepoint(pos):
                self.focus = index
                return self._choose(index)
        self.close()
        return None

    def rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        body = widgets.frame(size).body
        width = round(body.width * 0.86)
        height, gap = widgets.px(size, 44), widgets.px(size, 10)
        top = body.centery - (len(self.rows) * (height + gap) - gap) // 2
        area = pygame.Rect(body.centerx - width // 2, top, width, body.bottom - top)
        return widgets.rows(area, len(self.rows), height=height, gap=gap)

    def draw(self, surface: pygame.Surface, *, enabled: Sequence[bool] | None = None) -> None:
        """Over the screen's body; rows not ``enabled`` are dim (they say why when chosen)."""
        size = surface.get_size()
        body = widgets.frame(size).body
        shade = pygame.Surface(body.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, body.topleft)
        lit = enabled if enabled is not None else (True,) * len(self.rows)
        for index, rect in enumerate(self.rects(size)):
            widgets.panel(surface, rect, focused=index == self.focus)
            ink = theme.TEXT if lit[index] else theme.TEXT_DIM
            inner = rect.inflate(-2 * widgets.px(size, 10), 0)
            widgets.text(surface, self.rows[index], widgets.px(size, 24), ink, inner, role="body")

    def _choose(self, index: int) -> int | None:
        if index == 0:
            self.close()
            return None
        return index


MENU_HINT: Final = "Previous/Next: move · Select: choose · Back: close the menu"
