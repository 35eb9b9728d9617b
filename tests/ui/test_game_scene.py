"""The base of the game scenes, driven by a toy game: the options by the buttons and the
mouse, refusals flashed with their rule, the game menu (asked for by the model) and
leaving through it, the seat buttons, time (the model polled, not while the menu is open),
and the results: Back undoes and returns to the game, Select leaves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.errors import IllegalAction
from companion.input.events import Press
from companion.rules.apache.tracker import TRACKER
from companion.session import Session
from companion.ui import widgets
from companion.ui.cues import Cue
from companion.ui.game_menu import MENU_HINT
from companion.ui.game_model import MENU, Choice, ChoiceModel, Reply
from companion.ui.game_scene import GameResultsScene, GameScene, choice_grid
from companion.ui.scenes import AppContext, BaseScene, SceneStack

OPTION_H = 40


class Counter(ChoiceModel):
    """A toy game: "Add" counts up (three: over), "Bad" is refused, "Menu" asks for the
    game menu; a seat button adds its own; Back takes one off (none left: the menu)."""

    def __init__(self, session: Session[Any, Any]) -> None:
        self.session = session
        self.focus = 0
        self.count = 0
        self.waiting = False
        self.polls = 0
        self.notices: list[str] = []
        self.cues: list[Cue] = []

    @property
    def step(self) -> str:
        return "over" if self.count >= 3 else "wait" if self.waiting else "count"

    def choices(self) -> list[Choice]:
        return [Choice("add", "Add"), Choice("bad", "Bad"), Choice(MENU, "Menu")]

    def choose(self, key: str, now_ns: int) -> None:
        if key == "bad":
            raise IllegalAction("bad refused (ruling T1)")
        self.count += 1
        self.cues.append("turn")

    def back(self) -> Reply:
        if not self.count:
            return MENU
        self.count -= 1
        self.notices.append("undone: one")
        return None

    def colour(self, colour: str, button: str, now_ns: int) -> None:
        self.count += 1

    def poll(self, now_ns: int) -> bool:
        self.polls += 1
        return False

    def close(self) -> None:
        self.session.close()


class CounterScene(GameScene[Counter]):
    def results(self) -> BaseScene:
        return CounterResults(self.app, self.model)

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        return [(k, pygame.Rect(0, k * OPTION_H, 100, OPTION_H)) for k in range(3)]

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        surface.fill((0, 0, 0))


class CounterResults(GameResultsScene[Counter]):
    def game_scene(self) -> BaseScene:
        return CounterScene(self.app, self.model)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    return AppContext(size=(480, 320), stack=SceneStack(), games_dir=tmp_path)


@pytest.fixture
def scene(app: AppContext) -> Iterator[CounterScene]:
    session = Session.start(TRACKER, {"colours": ["red", "yellow"]}, 1, app.games_dir / "t.jsonl")
    first = CounterScene(app, Counter(session))
    app.stack.push(first)
    app.stack.update(0)
    yield first
    session.close()


def top(app: AppContext) -> object:
    """The top scene, read afresh (mypy would keep an earlier narrowing)."""
    return app.stack.top


def menu_open(scene: CounterScene) -> bool:
    """Read afresh (mypy would keep an earlier narrowing)."""
    return scene.menu.open


def flash(scene: BaseScene) -> str:
    shown = scene.flashes.current(0)
    return "" if shown is None else shown.text


def test_select_picks_the_focused_option_and_a_refusal_is_flashed(scene: CounterScene) -> None:
    scene.nav("select", 0)
    assert scene.model.count == 1
    scene.nav("next", 0)
    scene.nav("select", 0)
    assert scene.model.count == 1 and flash(scene) == "bad refused (ruling T1)"


def test_a_click_picks_an_option_elsewhere_nothing(scene: CounterScene) -> None:
    scene.click((50, OPTION_H // 2), 0)
    assert scene.model.count == 1 and scene.model.focus == 0
    scene.click((300, 300), 0)
    assert scene.model.count == 1 and not scene.menu.open


def test_the_menu_option_opens_the_game_menu_and_leave_closes_the_journal(
    app: AppContext, scene: CounterScene
) -> None:
    scene.click((50, 2 * OPTION_H + 1), 0)  # "Menu"
    assert menu_open(scene)
    scene.nav("select", 0)  # the menu stays on "Back to the game": it closes
    assert not menu_open(scene) and scene.model.count == 0
    scene.model.focus = 2
    scene.nav("select", 0)
    scene.nav("next", 0)
    scene.nav("select", 0)  # Leave
    app.stack.update(0)
    assert app.stack.top is None and scene.model.session.closed


def test_back_undoes_and_with_nothing_to_undo_opens_the_menu(scene: CounterScene) -> None:
    scene.handle_input(Press("red.hunter", 0, "test", 1), 0)
    assert scene.model.count == 1
    scene.nav("back", 0)
    assert scene.model.count == 0 and flash(scene) == "undone: one"
    scene.nav("back", 0)
    assert menu_open(scene)
    scene.handle_input(Press("red.hunter", 0, "test", 2), 0)
    assert scene.model.count == 0, "the seat buttons wait while the menu is open"
    scene.nav("back", 0)
    assert not menu_open(scene)


def test_the_model_is_polled_every_frame_but_not_while_the_menu_is_open(
    app: AppContext, scene: CounterScene
) -> None:
    polls = scene.model.polls
    assert not app.stack.update(1), "nothing changed: no redraw"
    assert scene.model.polls == polls + 1
    scene.model.waiting = True
    assert app.stack.update(2), "a bot will act: the clock keeps running"
    scene.menu.show()
    app.stack.update(3)
    assert scene.model.polls == polls + 2


def test_the_cues_are_played_and_emptied(app: AppContext, scene: CounterScene) -> None:
    scene.nav("select", 0)
    assert scene.model.cues == ["turn"]
    app.stack.update(1)
    assert scene.model.cues == []


def test_the_game_over_gives_its_place_to_the_results_back_returns(
    app: AppContext, scene: CounterScene
) -> None:
    for _ in range(3):
        scene.nav("select", 0)
    app.stack.update(0)
    results = app.stack.top
    assert isinstance(results, CounterResults) and results.model is scene.model
    results.nav("back", 0)
    app.stack.update(0)
    again = top(app)
    assert isinstance(again, CounterScene) and again.model.count == 2
    again.nav("select", 0)
    app.stack.update(0)
    final = top(app)
    assert isinstance(final, CounterResults)
    final.nav("select", 0)
    app.stack.update(0)
    assert app.stack.top is None and scene.model.session.closed


def test_options_in_a_grid_row_by_row_and_no_wider_than_asked() -> None:
    area = pygame.Rect(10, 20, 300, 100)
    rects = choice_grid(area, 5, rows=2, height=30, gap=4)
    assert [r.topleft for r in rects] == [(10, 20), (111, 20), (212, 20), (10, 54), (111, 54)]
    assert {r.size for r in rects} == {(97, 30)}
    narrow = choice_grid(area, 2, rows=1, height=30, gap=4, widest=50)
    assert [r.width for r in narrow] == [50, 50]


def test_a_game_resumed_when_over_shows_its_results_on_the_first_frame(
    app: AppContext, scene: CounterScene
) -> None:
    app.stack.pop()
    scene.model.count = 3  # as a journal of a finished game resumes
    app.stack.push(CounterScene(app, scene.model))
    app.stack.update(0)
    assert isinstance(app.stack.top, CounterResults)


def test_while_the_menu_is_open_the_footer_is_the_menus_own(
    scene: CounterScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.display.init()
    pygame.font.init()  # the menu's rows are drawn
    shown: list[str] = []
    monkeypatch.setattr(
        widgets, "footer", lambda surface, rect, hint, flash=None, keys=(): shown.append(hint)
    )
    surface = pygame.Surface(scene.app.size)
    game_hint = "Previous/Next: move · Select: choose · Back: undo the last entry"
    scene.draw_footer(surface, game_hint, 0)
    scene.nav("back", 0)  # nothing to undo: the menu opens
    assert menu_open(scene)
    scene.draw_footer(surface, game_hint, 0)
    scene.draw_footer(surface, game_hint, 0, menu_hint="Back: close this menu")
    assert shown == [game_hint, MENU_HINT, "Back: close this menu"]
