"""`companion run` end to end: the real main loop, simulated pins pressed by keyboard events,
from the start menu and Apache's setup through a TRACKER game to its results and back out;
and the GPIO build's LEDs: status lit while the companion runs, window lit during a
Pow-Wow."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from companion.cli import main
from companion.input.events import Press
from companion.input.pinmap import load_profile
from companion.powwow import PowwowSettings
from companion.rules.apache.tracker import TRACKER
from companion.session import Session
from companion.ui.apache.tracker import (
    ApacheTrackerCountScene,
    ApacheTrackerResultsScene,
    ApacheTrackerScene,
)
from companion.ui.apache.tracker_model import ApacheTrackerModel
from companion.ui.run import build_app
from companion.ui.scenes import AppContext
from companion.ui.sources import open_input
from tests.ui.driving import Step, on, on_menu, on_row, on_setup, play_through, tap, top

QUIET = PowwowSettings(quiet_ns=150_000_000, settle_ns=30_000_000)
"""A short quiet time, so the test waits 0.18 s for the window instead of 1.25 s."""


def on_game(check: Callable[[ApacheTrackerScene], bool]) -> Callable[[AppContext], bool]:
    return on(ApacheTrackerScene, check)


def on_count(check: Callable[[ApacheTrackerCountScene], bool]) -> Callable[[AppContext], bool]:
    return on(ApacheTrackerCountScene, check)


STEPS = [
    Step("open Apache", on_menu(lambda m: m.model.row.kind == "game"), tap(pygame.K_RETURN)),
    Step("focus Players", on_row("mode"), tap(pygame.K_RIGHT)),
    Step("edit Players", on_row("players"), tap(pygame.K_RETURN)),
    Step("3 -> 2 players", on_setup(lambda s: s.model.editing), tap(pygame.K_LEFT)),
    Step("done editing", on_setup(lambda s: s.model.players == 2), tap(pygame.K_RETURN)),
    Step("down to Start", on_row("players"), tap(pygame.K_RIGHT, pygame.K_RIGHT)),
    Step("start it", on_row("start"), tap(pygame.K_RETURN)),
    Step(
        "red.hunter then yellow.chief",
        on_game(lambda g: g.model.stage == "play"),
        tap(pygame.K_4, pygame.K_q),
    ),
    Step(
        "loot for red",
        on_game(lambda g: g.model.stage == "confirm" and g.model.confirm_index == 0),
        tap(pygame.K_LEFT),
    ),
    Step("confirm it", on_game(lambda g: g.model.option == 0), tap(pygame.K_RETURN)),
    Step("penalty for yellow", on_game(lambda g: g.model.confirm_index == 1), tap(pygame.K_RIGHT)),
    Step("confirm it", on_game(lambda g: g.model.option == 2), tap(pygame.K_RETURN)),
    Step("game menu", on_game(lambda g: g.model.stage == "play"), tap(pygame.K_RETURN)),
    Step("focus End of game", on_game(lambda g: g.menu.open), tap(pygame.K_RIGHT)),
    Step("count the piles", on_game(lambda g: g.menu.focus == 1), tap(pygame.K_RETURN)),
    Step("red chief +10", on_count(lambda c: c.piles == [0, 0]), tap(pygame.K_1)),
    Step("red woman +1", on_count(lambda c: c.piles == [10, 0]), tap(pygame.K_3)),
    Step("yellow warrior +5", on_count(lambda c: c.piles == [11, 0]), tap(pygame.K_w)),
    Step("next: Done", on_count(lambda c: c.piles == [11, 5]), tap(pygame.K_RETURN)),
    Step("enter the piles", on_count(lambda c: c.done_focused), tap(pygame.K_RETURN)),
    Step(
        "back to the menu",
        lambda app: isinstance(top(app), ApacheTrackerResultsScene),
        tap(pygame.K_RETURN),
    ),
    Step(
        "Escape twice: quit",
        on_menu(lambda m: m.model.row.kind == "game" and m.model.setups["apache"].players == 2),
        tap(pygame.K_ESCAPE, pygame.K_ESCAPE),
    ),
]


def test_a_tracker_game_from_the_menu_to_the_results(tmp_path: Path) -> None:
    app, results = play_through(tmp_path, STEPS, ApacheTrackerResultsScene, powwow=QUIET)
    assert app.stack.finished, "Escape twice on the menu quits"
    (journal,) = tmp_path.glob("apache_tracker-*.jsonl")
    replayed = Session.load(journal)
    assert replayed.is_over
    assert replayed.outcome is not None and replayed.outcome.scores == (11.0, 5.0)
    assert [step.action for step in replayed.history] == [
        step.action for step in results.model.session.history
    ]
    (window,) = [note for note in replayed.notes if note.kind == "window"]
    assert [slap["control"] for slap in window.data["slaps"]] == ["red.hunter", "yellow.chief"]
    assert window.n == 0 and window.data["index"] == 0
    stats = replayed.state.stats
    assert (stats[0].loot, stats[1].penalties) == (1, 1)


def test_run_command_opens_the_menu_and_stops_after_its_seconds(tmp_path: Path) -> None:
    code = main(["run", "--seconds", "0.05", "--games-dir", str(tmp_path), "--size", "480x320"])
    assert code == 0


@pytest.mark.parametrize("value", ["0", "-1", "soon"])
def test_run_refuses_a_quiet_time_that_is_not_above_zero(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["run", "--quiet-time", value])
    assert "--quiet-time" in capsys.readouterr().err


# --- the GPIO build's LEDs -------------------------------------------------------------------

FAST_POWWOW = PowwowSettings(quiet_ns=20_000_000, settle_ns=5_000_000)


def lit(opened: object, name: str) -> bool:
    return bool(opened.device.leds[name].is_lit)  # type: ignore[attr-defined]


def test_status_while_running_and_window_while_a_pow_wow_is_open(tmp_path: Path) -> None:
    profile = load_profile("gpio-dsi")
    with open_input("sim", profile, lambda event: None) as opened:
        app = build_app(
            (480, 320), games_dir=tmp_path, opened=opened, profile=profile, powwow=FAST_POWWOW
        )
        assert lit(opened, "status") and not lit(opened, "window")
        session = Session.start(
            TRACKER, {"colours": ["red", "yellow"]}, 1, tmp_path / "t.jsonl", auto_chance=False
        )
        model = ApacheTrackerModel(session, FAST_POWWOW)
        scene = ApacheTrackerScene(app, model)
        model.press(Press("red.hunter", 1_000, "test", 0))
        scene.update(2_000)
        assert lit(opened, "window"), "a slap window is open"
        scene.update(1_000 + FAST_POWWOW.quiet_ns + FAST_POWWOW.settle_ns + 1)
        assert not lit(opened, "window"), "resolved: the window is closed"
        model.close()
        app.on_close()
        assert not lit(opened, "status")
