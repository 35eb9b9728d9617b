"""The game menu's "End the game: discard it" (issue 15, items 4 and 8): every game screen
offers it; chosen once it asks, chosen again the game's journal is moved aside into
``discarded/`` (never deleted) and the start menu comes back saying where it went. Moving
to another row takes the question back."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import DISCARDED
from companion.ui.game_menu import DISCARD, DISCARD_ASKED
from companion.ui.menu import MenuScene
from companion.ui.scenes import AppContext, BaseScene
from tests.ui.helpers import press, top
from tests.ui.test_rules_help import GAME_SCREENS, click, open_menu, shown_words


def _game_over_the_menu(app: AppContext, screen_name: str) -> tuple[MenuScene, BaseScene]:
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.update(0)
    _, started = GAME_SCREENS[screen_name]
    game = started(app)
    open_menu(game)
    assert DISCARD in game.menu.rows  # type: ignore[attr-defined]
    return menu, game


def _journals(app: AppContext) -> list[Path]:
    return sorted(app.games_dir.glob("*.jsonl"))


def _discarded(app: AppContext) -> list[Path]:
    return sorted((app.games_dir / DISCARDED).glob("*.jsonl"))


@pytest.mark.parametrize("screen_name", GAME_SCREENS)
def test_discard_by_keys_asks_then_moves_the_journal_aside(
    app: AppContext, screen_name: str
) -> None:
    menu, game = _game_over_the_menu(app, screen_name)
    (journal,) = _journals(app)
    press(game, "nav.previous")  # round from the first row to the last: the discard
    press(game, "nav.select")
    assert DISCARD_ASKED in shown_words(game, app.size), "it asks first"
    assert _journals(app) == [journal]
    press(game, "nav.select")
    app.stack.update(0)
    assert top(app) is menu and _journals(app) == []
    assert [path.name for path in _discarded(app)] == [journal.name]
    flash = menu.flashes.current(0)
    assert flash is not None and flash.text == f"discarded: moved to {DISCARDED}/{journal.name}"


@pytest.mark.parametrize("screen_name", GAME_SCREENS)
def test_discard_by_the_mouse_alone(app: AppContext, screen_name: str) -> None:
    menu, game = _game_over_the_menu(app, screen_name)
    row = game.menu.rows.index(DISCARD)  # type: ignore[attr-defined]
    where = game.menu.rects(app.size)[row].center  # type: ignore[attr-defined]
    click(game, where)
    assert _discarded(app) == [] and top(app) is game
    click(game, where)
    app.stack.update(0)
    assert top(app) is menu and _journals(app) == [] and len(_discarded(app)) == 1


def test_moving_away_takes_the_question_back(app: AppContext) -> None:
    _, game = _game_over_the_menu(app, "paris-full")
    press(game, "nav.previous")
    press(game, "nav.select")
    press(game, "nav.previous")  # another row: the question is taken back
    press(game, "nav.next")  # the discard row again, not asked
    assert DISCARD_ASKED not in shown_words(game, app.size)
    press(game, "nav.select")
    app.stack.update(0)
    assert top(app) is game and _discarded(app) == [], "one select only asks"
    press(game, "nav.back")  # closes the menu: the question goes with it
    open_menu(game)
    assert DISCARD_ASKED not in shown_words(game, app.size)
