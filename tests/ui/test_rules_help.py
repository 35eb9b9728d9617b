"""The game menu's "Rules help": every game screen built on ``GameScene`` and the Apache full
game offer it; it opens by keys and by the mouse on the first page with its ruling ids, pages
with Previous/Next (select and a click: the next page), and Back (or a right click) returns
to the game as it was, its menu still open so that it stays paused."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import pygame
import pytest

from companion.ui import widgets
from companion.ui.apache.full import ApacheFullScene
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apache.tracker import ApacheTrackerScene
from companion.ui.apocalypse.full import ApocalypseFullScene
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.apocalypse.tracker import ApocalypseTrackerScene
from companion.ui.game_menu import LEAVE
from companion.ui.game_model import FullTuning
from companion.ui.game_scene import GameScene
from companion.ui.paris.full import ParisFullScene
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.paris.tracker import ParisTrackerScene
from companion.ui.rules_help import GAMES, RULES_HELP, RulesHelpScene, lay_out, rules_for
from companion.ui.scenes import AppContext, BaseScene
from tests.ui.helpers import SIZES, press, start_game, top

RULINGS = Path(__file__).resolve().parents[2] / "companion" / "rules" / "RULINGS.md"
NO_PAUSE: Final = FullTuning(bot_pause_ns=0)
MS: Final = 1_000_000
TEXT_MODULES: Final = tuple(f"companion.ui.{game}.rules_help" for game in GAMES)


def _apache_full(app: AppContext) -> BaseScene:
    return start_game(app, APACHE_SETUP, ApacheFullScene, players=3, mode="full", humans=1)


def _apache_tracker(app: AppContext) -> BaseScene:
    return start_game(app, APACHE_SETUP, ApacheTrackerScene, players=3)


def _apocalypse(mode: str, scene: type[BaseScene]) -> Callable[[AppContext], BaseScene]:
    def started(app: AppContext) -> BaseScene:
        return start_game(app, APOCALYPSE_SETUP, scene, players=4, mode=mode, tuning=NO_PAUSE)

    return started


def _paris(mode: str, scene: type[BaseScene]) -> Callable[[AppContext], BaseScene]:
    def started(app: AppContext) -> BaseScene:
        return start_game(app, PARIS_SETUP, scene, players=3, mode=mode, tuning=NO_PAUSE)

    return started


GAME_SCREENS: Final = {
    "apache-tracker": ("A4", _apache_tracker),
    "apache-full": ("A4", _apache_full),
    "apocalypse-tracker": ("P4", _apocalypse("tracker", ApocalypseTrackerScene)),
    "apocalypse-full": ("P4", _apocalypse("full", ApocalypseFullScene)),
    "paris-tracker": ("D5", _paris("tracker", ParisTrackerScene)),
    "paris-full": ("D5", _paris("full", ParisFullScene)),
}
"""Each game screen with a rules help: the ruling its first page opens with, and how to
start it."""


def open_menu(scene: BaseScene) -> None:
    """The game menu opened (the Apache full game pauses with it)."""
    if isinstance(scene, ApacheFullScene):
        scene.open_menu(0)
    elif isinstance(scene, ApacheTrackerScene):
        scene.menu.show()
    else:
        assert isinstance(scene, GameScene)
        scene.menu.show()


def game_state(scene: BaseScene) -> tuple[Any, int, bool]:
    """What Back must leave unchanged: the game's state, its journal's length, and that
    its menu is open (the game stays paused)."""
    assert isinstance(scene, ApacheFullScene | ApacheTrackerScene | GameScene)
    session = scene.model.session
    return session.state, len(session.history), scene.menu.open


def shown_words(scene: BaseScene, size: tuple[int, int]) -> list[str]:
    with widgets.recorded_text() as drawn:
        scene.draw(pygame.Surface(size), 0)
    return [text.words for text in drawn]


def click(scene: BaseScene, pos: tuple[int, int], button: int = 1) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))


def help_on_top(app: AppContext) -> RulesHelpScene:
    app.stack.update(0)
    shown = top(app)
    assert isinstance(shown, RulesHelpScene)
    return shown


@pytest.mark.parametrize("screen_name", GAME_SCREENS)
def test_rules_help_by_keys_pages_and_back_returns_to_the_same_game(
    app: AppContext, screen_name: str
) -> None:
    first_ruling, started = GAME_SCREENS[screen_name]
    game = started(app)
    open_menu(game)
    assert RULES_HELP in game.menu.rows  # type: ignore[attr-defined]
    before = game_state(game)
    rows = game.menu.rows  # type: ignore[attr-defined]
    for _ in range(len(rows) - rows.index(RULES_HELP)):  # from the first row round to it
        press(game, "nav.previous")
    press(game, "nav.select")
    rules = help_on_top(app)
    words = shown_words(rules, app.size)
    assert words[0] == "1/2" and first_ruling in words
    assert any(RULES_HELP in line for line in words)
    first_page = words
    press(rules, "nav.next")
    assert shown_words(rules, app.size)[0] == "2/2"
    press(rules, "nav.next")  # the last page stays
    assert shown_words(rules, app.size)[0] == "2/2"
    press(rules, "nav.previous")
    assert shown_words(rules, app.size) == first_page
    for tick in range(1, 30):  # six seconds: a bot would have played long ago
        app.stack.update(tick * 200 * MS)
    press(rules, "nav.back")
    app.stack.update(6 * 1000 * MS)
    assert top(app) is game
    assert game_state(game) == before


@pytest.mark.parametrize("screen_name", GAME_SCREENS)
def test_rules_help_by_the_mouse_alone(app: AppContext, screen_name: str) -> None:
    first_ruling, started = GAME_SCREENS[screen_name]
    game = started(app)
    open_menu(game)
    before = game_state(game)
    row = game.menu.rows.index(RULES_HELP)  # type: ignore[attr-defined]
    click(game, game.menu.rects(app.size)[row].center)  # type: ignore[attr-defined]
    rules = help_on_top(app)
    assert first_ruling in shown_words(rules, app.size)
    click(rules, (app.size[0] // 2, app.size[1] // 2))  # a click: the next page
    assert shown_words(rules, app.size)[0] == "2/2"
    rules.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))  # the wheel up
    assert shown_words(rules, app.size)[0] == "1/2"
    click(rules, (5, 5), button=3)  # a right click: back
    app.stack.update(0)
    assert top(app) is game and game_state(game) == before


def test_select_on_the_last_page_returns_to_the_game(app: AppContext) -> None:
    game = _apache_full(app)
    title, rules = rules_for("apache")
    app.stack.push(RulesHelpScene(app, title, rules))
    shown = help_on_top(app)
    press(shown, "nav.select")
    assert help_on_top(app) is shown and shown.page == 1
    press(shown, "nav.select")
    app.stack.update(0)
    assert top(app) is game


def test_leave_is_still_the_row_after_back_to_the_game(app: AppContext) -> None:
    game = _apache_full(app)
    assert isinstance(game, ApacheFullScene)
    assert game.menu.rows[1] == LEAVE and game.menu.rows[2] == RULES_HELP


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_shown_once_in_order_at_the_floor_or_above(
    app: AppContext, game: str, size: tuple[int, int]
) -> None:
    """The pages hold every rule's words, whole and in order, none cut short."""
    title, rules = rules_for(game)
    app.size = size
    scene = RulesHelpScene(app, title, rules)
    shown: list[str] = []
    for page in range(len(scene.pages)):
        scene.page = page
        with widgets.recorded_text() as drawn:
            scene.draw(pygame.Surface(size), 0)
        assert not [text.words for text in drawn if text.cut_short or text.asked_px < text.floor_px]
        shown.extend(block_line for block in scene.pages[page] for block_line in block.lines)
    assert " ".join(shown).split() == " ".join(words for _, words in rules).split()
    assert lay_out(size, rules) == scene.pages


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_id_is_a_ruling(game: str) -> None:
    known = set(re.findall(r"^- ([ADP]\d+) ", RULINGS.read_text(encoding="utf-8"), re.M))
    _, rules = rules_for(game)
    cited = {ruling for ids, _ in rules for ruling in ids}
    assert cited and cited <= known, cited - known


def test_an_unknown_game_is_refused_with_the_games_named() -> None:
    with pytest.raises(ValueError, match=r"'chess'.*apache, apocalypse, paris"):
        rules_for("chess")


@pytest.mark.parametrize("module", TEXT_MODULES)
def test_the_words_load_without_pygame(module: str) -> None:
    check = f"import sys, {module}; sys.exit('pygame' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", check], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{module} loads pygame{done.stderr and ': ' + done.stderr}"
