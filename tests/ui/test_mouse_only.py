"""Every game and mode, from the start menu to the results, with the mouse
alone: each step clicks an option on screen (the next one when a click changes nothing,
as a person would try another). Touchscreens send the same clicks."""

from __future__ import annotations

import functools
from typing import Any

import pygame
import pytest

from companion.powwow import PowwowSettings
from companion.ui.apocalypse.full import ApocalypseFullResultsScene
from companion.ui.apocalypse.full_model import ApocalypseFullTuning
from companion.ui.apocalypse.tracker import ApocalypseTrackerResultsScene
from companion.ui.game_scene import GameResultsScene, GameScene
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.paris.full import ParisFullResultsScene
from companion.ui.paris.full_model import ParisFullTuning
from companion.ui.paris.tracker import ParisTrackerResultsScene
from companion.ui.scenes import AppContext
from companion.ui.setup import SetupScene, visible_rows
from tests.ui.helpers import show_menu, top


@pytest.fixture
def seed() -> int:
    return 4


def click_row(app: AppContext, label: str) -> None:
    """Click the start menu's or a setup's row whose label starts with ``label``."""
    scene = app.stack.top
    if isinstance(scene, MenuScene):
        rows = [row.label for row in scene.model.rows]
    else:
        assert isinstance(scene, SetupScene)
        rows = [row.label for row in scene.model.rows]
    index = next(k for k, words in enumerate(rows) if words.startswith(label))
    scene.model.focus = index  # scrolled into view, as the wheel would
    rect = dict(visible_rows(app.size, len(rows), index))[index]
    scene.click(rect.center, 0)
    app.stack.update(0)


def option_centres(app: AppContext) -> list[tuple[int, int]]:
    """Where the options on screen are (a game's scene; none elsewhere)."""
    scene = app.stack.top
    if isinstance(scene, GameScene):
        return [rect.center for _, rect in scene.choice_rects()]
    return []


def snapshot(app: AppContext) -> object:
    scene = app.stack.top
    model = getattr(scene, "model", None)
    session = getattr(model, "session", None)
    return (type(scene), len(session.history) if session else 0, getattr(model, "step", None))


def play_by_mouse(app: AppContext, limit: int = 6000) -> GameResultsScene[Any]:
    """Click options until a results screen shows; returns it."""
    tried = 0
    for tick in range(1, limit):
        scene = app.stack.top
        if isinstance(scene, GameResultsScene):
            return scene
        centres = option_centres(app)
        before = snapshot(app)
        if centres:
            scene.click(centres[tried % len(centres)], tick)  # type: ignore[union-attr]
        app.stack.update(tick)  # the bots act, the screen moves on
        tried = tried + 1 if snapshot(app) == before and centres else 0
    raise AssertionError(f"no results after {limit} steps; on {snapshot(app)}")


def start(
    app: AppContext,
    game: str,
    *,
    mode: str | None = None,
    tuning: object = None,
    rows: tuple[str, ...] = (),
) -> None:
    """From the start menu: the game's row, its Mode until ``mode``, ``rows``, Start."""
    show_menu(app, MenuModel(doctor=False), full_tuning=tuning)
    click_row(app, game)
    if mode is not None:
        setup = app.stack.top
        assert isinstance(setup, SetupScene)
        while setup.model.mode != mode:
            click_row(app, "Mode")
    for row in rows:
        click_row(app, row)
    click_row(app, "Start")


CASES: list[tuple[str, str | None, object, type[GameResultsScene[Any]]]] = [
    ("Apocalypse", None, None, ApocalypseTrackerResultsScene),
    ("Apocalypse", "full", ApocalypseFullTuning(bot_pause_ns=0), ApocalypseFullResultsScene),
    ("Les Apaches de Paris", None, None, ParisTrackerResultsScene),
    ("Les Apaches de Paris", "full", ParisFullTuning(bot_pause_ns=0), ParisFullResultsScene),
]


@pytest.mark.parametrize(("game", "mode", "tuning", "shown"), CASES)
def test_a_whole_game_with_the_mouse_alone(
    app: AppContext,
    game: str,
    mode: str | None,
    tuning: object,
    shown: type[GameResultsScene[Any]],
) -> None:
    start(app, game, mode=mode, tuning=tuning)
    results = play_by_mouse(app)
    assert isinstance(results, shown)
    results.draw(pygame.Surface(app.size), 0)
    results.click((5, 5), 0)  # anywhere: back to the menu
    app.stack.update(0)
    assert isinstance(app.stack.top, MenuScene)


def test_apache_full_with_the_mouse_alone(app: AppContext) -> None:
    """The setup by clicks (full game, Auto turn on), then the game: the bots and the auto
    turn play on, the person's chances to slap are clicks (tested apart); the results by
    a click."""
    from companion.ui.apache.full import ApacheFullResultsScene as ApacheResults
    from companion.ui.apache.full import ApacheFullScene
    from tests.ui.apache.test_full_model import FAST, QUICK

    app.powwow = FAST
    start(app, "Apache", mode="full", tuning=QUICK, rows=("Auto turn",))
    assert isinstance(top(app), ApacheFullScene)
    for tick in range(1, 200_000):
        app.stack.update(tick * 16_000_000)
        if isinstance(app.stack.top, ApacheResults):
            break
    results = top(app)
    assert isinstance(results, ApacheResults)
    results.click((5, 5), 0)
    app.stack.update(0)
    assert isinstance(top(app), MenuScene)


def test_apache_tracker_with_the_mouse_alone(app: AppContext) -> None:
    """Slaps on the slap pad, each confirmed by clicking an option, the game menu's End of
    game, the count's Done, the results: all clicks."""
    from companion.ui.apache.tracker import (
        ApacheTrackerCountScene,
        ApacheTrackerScene,
        _count_rects,
        _option_rects,
        _pad_rects,
    )
    from companion.ui.apache.tracker import ApacheTrackerResultsScene as ApacheResults
    from companion.ui.widgets import frame

    app.powwow = PowwowSettings(quiet_ns=20_000_000, settle_ns=5_000_000)
    start(app, "Apache")
    game = app.stack.top
    assert isinstance(game, ApacheTrackerScene)
    now = 0
    for controls in (("red.hunter", "yellow.chief"), ("purple.woman",)):
        for control in controls:
            now += 1_000_000
            app.monotonic_ns = functools.partial(int, now)
            if not game.pad_open:  # it stays open for the next slapper
                game.click(frame(app.size).body.center, now)  # opens the pad
            buttons, _ = _pad_rects(app.size, game.model.colours)
            game.click(dict(buttons)[control].center, now)
        now += 100_000_000
        app.stack.update(now)  # the window is decided
        for _ in controls:
            assert game.model.stage == "confirm" and not game.pad_open
            game.click(_option_rects(frame(app.size).body, app.size)[0].center, now)
        assert game.model.stage != "confirm"
    assert game.model.state.windows == 2
    game.click(frame(app.size).body.center, now)
    _, menu_row = _pad_rects(app.size, game.model.colours)
    game.click(menu_row.center, now)
    game.click(game.menu.rects(app.size)[1].center, now)  # End of game: count the piles
    app.stack.update(now)
    count = app.stack.top
    assert isinstance(count, ApacheTrackerCountScene)
    count.click(_count_rects(app.size, len(count.piles))[-1].center, now)  # Done
    app.stack.update(now)
    results = app.stack.top
    assert isinstance(results, ApacheResults)
    results.click((5, 5), now)
    app.stack.update(now)
    assert isinstance(app.stack.top, MenuScene)
