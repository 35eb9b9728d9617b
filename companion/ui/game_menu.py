"""The menu over a game screen: rows such as "Back to the game", "Leave", "Rules help"
(``companion.ui.rules_help``) and "End the game: discard it", on a shade.

A scene keeps one ``GameMenu``; while it is open the scene hands it the navigation buttons
(``nav``) and clicks (``click``) and draws it last. Both return the index of the row chosen
(select, or a click on a row); the first row is always "Back to the game" and closes the
menu itself, as do Back and a click outside the rows. The discard row asks first: chosen
once it says what a second choice does, and only that second choice returns it (moving
to another row or closing the menu takes the question back). ``discard_and_leave`` is
what the scenes then do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import pygame

from companion.errors import CompanionError
from companion.session import DISCARDED, discard_journal
from companion.ui import theme, widgets
from companion.ui.nav import NavButton

if TYPE_CHECKING:
    from companion.session import Session
    from companion.ui.scenes import AppContext

BACK_TO_THE_GAME: Final = "Back to the game"
LEAVE: Final = "Leave: resume it later from the start menu"
RULES_HELP: Final = "Rules help"
"""The row that opens the game's rules help (the game stays paused under it)."""
DISCARD: Final = "End the game: discard it"
"""The row that ends the game without a result: its journal is moved aside, never deleted."""
DISCARD_ASKED: Final = "Select again to discard it (no result kept)"
"""What the discard row says once chosen: a second choice discards."""
MENU_ROWS: Final = (BACK_TO_THE_GAME, LEAVE, RULES_HELP, DISCARD)
"""A game menu's rows (the Apache tracker adds its count of the piles)."""


class GameMenu:
    """An in-game menu (see the module docstring)."""

    def __init__(self, rows: Sequence[str] = MENU_ROWS) -> None:
        self.rows = tuple(rows)
        self.open = False
        self.focus = 0
        self.asked = False
        """The discard row was chosen once: a second choice discards."""

    def show(self) -> None:
        self.open, self.focus, self.asked = True, 0, False

    def close(self) -> None:
        self.open, self.asked = False, False

    def nav(self, button: NavButton) -> int | None:
        """A navigation button while open: the row chosen by select (None otherwise)."""
        if button in ("previous", "next"):
            self.focus = (self.focus + (1 if button == "next" else -1)) % len(self.rows)
            self.asked = False
            return None
        if button == "back":
            self.close()
            return None
        return self._choose(self.focus)

    def click(self, pos: tuple[int, int], size: tuple[int, int]) -> int | None:
        """A click while open: the row under it (outside the rows: the menu closes)."""
        for index, rect in enumerate(self.rects(size)):
            if rect.collidepoint(pos):
                self.asked = self.asked and index == self.focus
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
            words = self.rows[index]
            if self.asked and index == self.focus:
                words, ink = DISCARD_ASKED, theme.WARN
            inner = rect.inflate(-2 * widgets.px(size, 10), 0)
            widgets.text(surface, words, widgets.px(size, 24), ink, inner, role="body")

    def _choose(self, index: int) -> int | None:
        if index == 0:
            self.close()
            return None
        if self.rows[index] == DISCARD and not self.asked:
            self.asked = True
            return None
        return index


def discard_and_leave(app: AppContext, session: Session[Any, Any]) -> None:
    """End the game without a result: release its journal, move it aside into
    ``discarded/`` (never deleted) and go back to the start menu, which says where it went
    (or why it could not: the game then stays there to resume)."""
    path = session.path
    session.close()
    try:
        moved = discard_journal(path)
    except (OSError, CompanionError) as exc:
        app.menu_messages.append(f"cannot discard {path.name}: {exc}")
    else:
        app.menu_messages.append(f"discarded: moved to {DISCARDED}/{moved.name}")
    app.stack.pop()


MENU_HINT: Final = "Previous/Next: move · Select: choose · Back: close the menu"
