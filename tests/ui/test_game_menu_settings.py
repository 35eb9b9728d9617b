"""The game menu's "Settings" (issue 15, item 4): every game screen opens the settings over
the game, by keys and by the mouse; Back returns to the same game, its menu still open so
that it stays paused."""

from __future__ import annotations

import pytest

from companion.ui.game_menu import SETTINGS
from companion.ui.scenes import AppContext
from companion.ui.settings_scene import SettingsScene
from tests.ui.helpers import press, top
from tests.ui.test_rules_help import GAME_SCREENS, click, game_state, open_menu


@pytest.mark.parametrize("screen_name", GAME_SCREENS)
def test_settings_by_keys_and_back_to_the_paused_game(app: AppContext, screen_name: str) -> None:
    _, started = GAME_SCREENS[screen_name]
    game = started(app)
    open_menu(game)
    before = game_state(game)
    for _ in range(game.menu.rows.index(SETTINGS)):  # type: ignore[attr-defined]
        press(game, "nav.next")
    press(game, "nav.select")
    app.stack.update(0)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    press(settings, "nav.back")
    app.stack.update(0)
    assert top(app) is game and game_state(game) == before


@pytest.mark.parametrize("screen_name", GAME_SCREENS)
def test_settings_by_the_mouse_alone(app: AppContext, screen_name: str) -> None:
    _, started = GAME_SCREENS[screen_name]
    game = started(app)
    open_menu(game)
    row = game.menu.rows.index(SETTINGS)  # type: ignore[attr-defined]
    click(game, game.menu.rects(app.size)[row].center)  # type: ignore[attr-defined]
    app.stack.update(0)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    click(settings, (5, 5), button=3)  # a right click: back
    app.stack.update(0)
    assert top(app) is game and game.menu.open  # type: ignore[attr-defined]
