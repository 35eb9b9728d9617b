"""The menu over a game screen, on a shade: "Back to the game", "Leave", "Rules help"
(``companion.ui.rules_help``), "Settings" and "Discard this game (no result)".

A scene keeps one ``GameMenu``; while it is open the scene hands it the navigation buttons
(``nav``) and clicks (``click``) and draws it last. Both return the index of the row chosen
(select, or a click on a row); the first row is always "Back to the game" and closes the
menu itself, as do Back and a click outside the rows. The discard row asks first: chosen
once it says what a second choice does, and only that second choice returns it (moving
to another row or closing the menu takes the question back). ``shared_row`` does what
every game does for the rows they share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import pygame

from companion.errors import CompanionError
from companion.i18n import marked, said, tr
from companion.session import DISCARDED, discard_journal
from companion.ui import theme, widgets
from companion.ui.nav import NavButton
from companion.ui.rules_help import RULES_HELP, RulesHelpScene, rules_for
from companion.ui.settings_scene import SettingsScene

if TYPE_CHECKING:
    from companion.session import Session
    from companion.ui.scenes import AppContext

BACK_TO_THE_GAME: Final = marked("Back to the game")
LEAVE: Final = marked("Leave: resume it later from the start menu")
SETTINGS: Final = marked("Settings")
"""The row that opens the settings over the game (it stays paused under them)."""
DISCARD: Final = marked("Discard this game (no result)")
"""The row that ends the game without a result: its journal is moved aside, never deleted."""
DISCARD_ASKED: Final = marked("Sure? Select again to discard it")
"""What the discard row says once chosen: a second choice discards."""
MENU_ROWS: Final = (BACK_TO_THE_GAME, LEAVE, RULES_HELP, SETTINGS, DISCARD)
"""A game menu's rows (the Apache tracker adds its count of the piles). The rows are the
English words, marked for the catalog: the menu compares them and translates them where
it draws them."""


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
        count, gap = len(self.rows), widgets.px(size, 8)
        height = min(widgets.px(size, 44), (body.height - 2 * gap - (count - 1) * gap) // count)
        top = body.centery - (count * (height + gap) - gap) // 2
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
            words = tr(self.rows[index])
            if self.asked and index == self.focus:
                words, ink = tr(DISCARD_ASKED), theme.WARN
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


def shared_row(app: AppContext, row: str, session: Session[Any, Any]) -> bool:
    """What every game does for a row it shares with the others: the rules help or the
    settings over the paused game (its menu stays open under them), or the discard. False
    for a row of the game's own (Leave, the Apache tracker's count)."""
    if row == RULES_HELP:
        app.stack.push(RulesHelpScene(app, *rules_for(session.engine.name)))
    elif row == SETTINGS:
        app.stack.push(SettingsScene(app))
    elif row == DISCARD:
        discard_and_leave(app, session)
    else:
        return False
    return True


def discard_and_leave(app: AppContext, session: Session[Any, Any]) -> None:
    """End the game without a result: release its journal, move it aside into
    ``discarded/`` (never deleted) and go back to the start menu, which says where it went
    (or why it could not: the game then stays there to resume)."""
    path = session.path
    session.close()
    try:
        moved = discard_journal(path)
    except (OSError, CompanionError) as exc:
        words = tr("cannot discard {file}: {error}").format(file=path.name, error=said(exc))
        app.menu_messages.append(words)
    else:
        place = f"{DISCARDED}/{moved.name}"
        app.menu_messages.append(tr("discarded: moved to {place}").format(place=place))
    app.stack.pop()


MENU_HINT: Final = marked("Previous/Next: move · Select: choose · Back: close the menu")
"""The footer while a game menu is open (marked: translate it where drawn)."""
