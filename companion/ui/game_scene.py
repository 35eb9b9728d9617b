"""The base of a game's scene over options: the game menu, the options on screen, undo, and
the move to the results. The Apocalypse and Paris screens, TRACKER and FULL, are built on it.

A ``GameScene`` drives a ``GameModel`` (``companion.ui.game_model``):

    input               the game                               the game menu open
    previous / next     ``model.move``                         move
    select              ``model.select``                       choose the row
    back                ``model.back``                         close the menu
    a seat button       ``model.colour``                       -
    a click             an option: ``model.pick``; elsewhere:  a row: choose it;
                        ``click_elsewhere``                    elsewhere: close the menu

The model answers ``MENU`` to open the game menu: back to the game, leave (the game is
resumed later from the start menu), or the game's rules help (``companion.ui.rules_help``,
over the game, whose menu stays open). Every frame the model may act on time (``poll``: a
bot whose pause is over; not while the menu is open), its notices become brief messages and
its sound cues are played. When its step is ``"over"`` the scene gives its place to
``results()`` (a resumed game that is over too: its first frame shows the results).

A game's scene gives ``results()``, ``choice_rects()`` (the options on screen, by index,
for the mouse) and ``draw``, which ends with ``draw_footer`` (the game menu when open, the
footer's hint or a brief message); ``choice_grid`` places options, ``draw_choices`` and
``draw_choice`` draw them.

``GameResultsScene``: the results over the same model (``winners()``: the winning seats).
Select leaves to the start menu (the journal is closed); back, where ``game_scene()`` gives
the scene to return to (a TRACKER game), undoes the last entry and goes back to the game. A
FULL game's results stay: its undo never crosses what the table has seen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

import pygame

from companion.i18n import tr
from companion.input.controls import button_of, seat_of
from companion.input.events import Press
from companion.ui import theme, widgets
from companion.ui.game_menu import MENU_HINT, GameMenu, shared_row
from companion.ui.game_model import MENU, Choice, ChoiceModel, GameModel, Reply
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene

M = TypeVar("M", bound=GameModel)


class GameScene(BaseScene, Generic[M]):
    """A game over its model (see the module docstring)."""

    def __init__(self, app: AppContext, model: M) -> None:
        super().__init__(app)
        self.model = model
        self.menu = GameMenu()

    # -- what each game's scene gives --

    def results(self) -> BaseScene:
        """The results scene that takes this one's place when the game is over."""
        raise NotImplementedError

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The options on screen with their indexes (a click picks one)."""
        return []

    def click_elsewhere(self, pos: tuple[int, int], now_ns: int) -> None:
        """A click on no option (by default nothing happens)."""

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        if self.menu.open:
            self._menu_chose(self.menu.nav(button))
        elif button in ("previous", "next"):
            self.model.move(-1 if button == "previous" else 1)
        elif button == "select":
            self._ask(lambda: self.model.select(now_ns), now_ns)
        else:
            self._ask(self.model.back, now_ns)
        self.after_entry(now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        colour, button = seat_of(press.control), button_of(press.control)
        if colour is not None and not self.menu.open:
            self.guarded(lambda: self.model.colour(colour, button, now_ns), now_ns)
            self.after_entry(now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        if self.menu.open:
            self._menu_chose(self.menu.click(pos, self.app.size))
            return
        for index, rect in self.choice_rects():
            if rect.collidepoint(pos):
                self._ask(functools.partial(self.model.pick, index, now_ns), now_ns)
                self.after_entry(now_ns)
                return
        self.click_elsewhere(pos, now_ns)

    def _ask(self, answer: Callable[[], Reply], now_ns: int) -> None:
        """Hand a button to the model; ``MENU`` opens the game menu, a refusal is flashed."""

        def ask() -> None:
            if answer() == MENU:
                self.menu.show()

        self.guarded(ask, now_ns)

    def _menu_chose(self, row: int | None) -> None:
        """A row chosen besides "Back to the game": Leave, or a row every game shares
        (``shared_row``: the rules help and the settings over the paused game, the
        discard)."""
        if row is None or shared_row(self.app, self.menu.rows[row], self.model.session):
            return
        self.model.close()
        self.app.stack.pop()

    def after_entry(self, now_ns: int) -> bool:
        """Show the model's notices; the results once the game is over. True if there
        were notices (the screen changed)."""
        shown = self.show_notices(self.model.notices, now_ns)
        if self.model.step == "over" and not self.model.session.closed:
            self.app.stack.replace(self.results())
        return shown

    # -- time --

    def update(self, now_ns: int) -> bool:
        changed = not self.menu.open and self.polled(self.model.poll, now_ns)
        changed |= self.after_entry(now_ns)
        self.play(self.model.cues)
        busy = self.model.step == "wait"  # a bot will act: keep the clock running
        return changed | self.flashes.expire(now_ns) | busy

    def close(self) -> None:
        """The program is leaving: release the journal (every entry is on disk already)."""
        self.model.close()

    # -- drawing --

    def draw_footer(
        self, surface: pygame.Surface, hint: str, now_ns: int, *, menu_hint: str | None = None
    ) -> None:
        """The game menu over the body when it is open; the footer: ``hint`` (while the menu
        is open, the menu's own: ``menu_hint``, by default ``MENU_HINT``, never the game's
        "Back: undo"), or a brief message in its place. ``hint`` comes in the screens'
        language; ``menu_hint`` may come marked (``MENU_HINT``) or translated."""
        if self.menu.open:
            self.menu.draw(surface)
            hint = tr(menu_hint or MENU_HINT)
        self.draw_hint(surface, hint, now_ns)


class GameResultsScene(BaseScene, Generic[M]):
    """A game's results over its model (see the module docstring)."""

    def __init__(self, app: AppContext, model: M) -> None:
        super().__init__(app)
        self.model = model
        self.record_in_history(model.session.path)

    def game_scene(self) -> BaseScene | None:
        """The scene Back returns to once the last entry is undone (None: Back does
        nothing)."""
        return None

    def winners(self) -> tuple[int, ...]:
        """The winning seats (none while the game is not over)."""
        outcome = self.model.session.outcome
        return outcome.winners if outcome is not None else ()

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button == "select":
            self.model.close()  # the game is over: nothing more will be journaled
            self.app.stack.pop()
        elif button == "back" and not self.model.session.closed:
            game = self.game_scene()
            if game is not None and self.guarded(self.model.back, now_ns):
                self.forget_in_history(self.model.session.path)
                self.app.stack.replace(game)

    def close(self) -> None:
        self.model.close()


# --- options on screen -----------------------------------------------------------------------


def choice_grid(
    area: pygame.Rect, count: int, *, rows: int, height: int, gap: int, widest: int | None = None
) -> list[pygame.Rect]:
    """``count`` options in ``rows`` rows across ``area``, row by row, each at most
    ``widest`` wide (None: as wide as the row allows)."""
    per_row = -(-count // rows) if count else 1
    width = (area.width - gap * (per_row - 1)) // per_row
    if widest is not None:
        width = min(widest, width)
    return [
        pygame.Rect(
            area.left + (k % per_row) * (width + gap),
            area.top + (k // per_row) * (height + gap),
            width,
            height,
        )
        for k in range(count)
    ]


def draw_choices(
    surface: pygame.Surface,
    model: ChoiceModel,
    placed: Iterable[tuple[int, pygame.Rect]],
    *,
    words: Callable[[Choice], str] | None = None,
) -> None:
    """The model's options on screen (``placed``: each one's index and place), its focus
    lit; ``words`` gives an option's words in place of its label."""
    choices = model.choices()
    for index, rect in placed:
        choice = choices[index]
        label = choice.label if words is None else words(choice)
        draw_choice(surface, rect, choice, focused=index == model.focus, words=label)


def draw_choice(
    surface: pygame.Surface,
    rect: pygame.Rect,
    choice: Choice,
    *,
    focused: bool,
    words: str | None = None,
) -> None:
    """An option: a seat colour's chip (edged when focused) or a panel; ``words`` in place
    of its label; its ``short`` words when those do not fit."""
    inner = rect.inflate(-6, 0)
    words = choice.label if words is None else words
    if choice.short is not None:
        floor = theme.floor_px("body", widgets.screen_size(surface))
        words = widgets.first_fitting([words, choice.short], floor, inner.width, bold=True)
    if choice.colour is not None:
        radius = max(3, rect.height // 5)
        fill = theme.SEAT_COLOURS[choice.colour]
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), width=3, border_radius=radius)
        size = round(widgets.fill_px(rect.height) * 0.8)
        ink = theme.text_colour_on(fill)
        widgets.text(surface, words, size, ink, inner, align="center", bold=True, role="body")
        return
    widgets.panel(surface, rect, focused=focused)
    ink = theme.TEXT if focused else theme.mix(theme.TEXT, theme.TEXT_DIM, 0.4)
    size = round(widgets.fill_px(rect.height) * 0.75)
    widgets.text(surface, words, size, ink, inner, align="center", bold=focused, role="body")
