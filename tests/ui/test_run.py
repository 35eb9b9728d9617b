"""`companion run` end to end: the real main loop, simulated pins pressed by keyboard events,
from the start menu and Apache's setup through a TRACKER game to its results and back out;
and the GPIO build's LEDs: status lit while the companion runs, window lit during a
Pow-Wow."""

from __future__ import annotations

import time
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
from companion.ui.app import Inbox, open_display, run_loop
from companion.ui.run import build_app
from companion.ui.scenes import AppContext
from companion.ui.setup import SetupScene, colour_chips, visible_rows
from companion.ui.sources import open_input
from tests.ui.driving import (
    QUICK_KEYS,
    Step,
    on,
    on_menu,
    on_row,
    on_setup,
    play_through,
    tap,
    top,
)

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


# --- the build decides the seats ---------------------------------------------------------------

THREE_SEATS = "3 players at most: blue and green have no buttons (profile gpio-spi35)"


def run_on_profile(games_dir: Path, name: str, steps: list[Step]) -> list[str]:
    """`companion run --profile NAME` on simulated pins until ``steps`` are taken (then it
    quits): the steps taken."""
    profile = load_profile(name)
    inbox = Inbox()
    screen = open_display((480, 320), fullscreen=False, title="test")
    pygame.event.clear()
    done: list[str] = []
    with open_input("sim", profile, inbox.put, debounce=QUICK_KEYS) as opened:
        app = build_app((480, 320), games_dir=games_dir, opened=opened, profile=profile)

        def after_frame(surface: pygame.Surface) -> None:
            if len(done) < len(steps) and steps[len(done)].ready(app):
                done.append(steps[len(done)].what)
                steps[len(done) - 1].then(app)
            if len(done) == len(steps):
                app.stack.clear()

        run_loop(
            screen,
            app.stack,
            inbox,
            until_ns=time.monotonic_ns() + 20 * 10**9,
            after_frame=after_frame,
        )
    return done


def flashed(text: str) -> Callable[[AppContext], bool]:
    def ready(app: AppContext) -> bool:
        scene = top(app)
        flash = scene.flashes.current(app.monotonic_ns()) if isinstance(scene, SetupScene) else None
        return flash is not None and flash.text == text

    return ready


def click_at(where: Callable[[SetupScene], tuple[int, int]]) -> Callable[[AppContext], None]:
    def post(app: AppContext) -> None:
        scene = top(app)
        assert isinstance(scene, SetupScene)
        pos = where(scene)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))

    return post


def row_rect(scene: SetupScene, key: str) -> pygame.Rect:
    model = scene.model
    rows = dict(visible_rows(scene.app.size, len(model.rows), model.focus))
    return rows[[row.key for row in model.rows].index(key)]


def test_by_keys_a_three_seat_build_sets_up_three_seats(tmp_path: Path) -> None:
    steps = [
        Step("open Apache", on_menu(lambda m: m.model.row.kind == "game"), tap(pygame.K_RETURN)),
        Step(
            "three colours offered: Players",
            on_setup(lambda s: s.model.offered == ("red", "yellow", "purple")),
            tap(pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RIGHT),
        ),
        Step("refused with the reason", flashed(THREE_SEATS), tap(pygame.K_BACKSPACE)),
        Step("still three", on_setup(lambda s: s.model.players == 3), lambda app: None),
    ]
    assert len(run_on_profile(tmp_path, "gpio-spi35", steps)) == len(steps)


def test_by_mouse_a_three_seat_build_sets_up_three_seats(tmp_path: Path) -> None:
    def plus(scene: SetupScene) -> tuple[int, int]:
        rect = row_rect(scene, "players")
        return (rect.right - 3, rect.centery)

    def third_chip(scene: SetupScene) -> tuple[int, int]:
        return colour_chips(row_rect(scene, "colours"), 3)[2].center

    steps = [
        Step("open Apache", on_menu(lambda m: m.model.row.kind == "game"), tap(pygame.K_RETURN)),
        Step("purple leaves", on_row("mode"), click_at(third_chip)),
        Step(
            "a fourth player",
            on_setup(lambda s: s.model.colours == ("red", "yellow")),
            click_at(plus),
        ),
        Step("then a fifth", on_setup(lambda s: s.model.players == 3), click_at(plus)),
        Step("refused with the reason", flashed(THREE_SEATS), lambda app: None),
    ]
    assert len(run_on_profile(tmp_path, "gpio-spi35", steps)) == len(steps)


def test_the_default_build_offers_five_seats(tmp_path: Path) -> None:
    steps = [
        Step("open Apache", on_menu(lambda m: m.model.row.kind == "game"), tap(pygame.K_RETURN)),
        Step("five offered", on_setup(lambda s: s.model.player_range == (2, 5)), lambda app: None),
    ]
    assert len(run_on_profile(tmp_path, "gpio-dsi", steps)) == len(steps)


def test_on_simulated_pins_the_footers_name_the_keys_and_on_real_pins_not(
    tmp_path: Path,
) -> None:
    profile = load_profile("gpio-dsi")
    with open_input("sim", profile, lambda event: None) as opened:
        app = build_app((800, 480), games_dir=tmp_path, opened=opened, profile=profile)
    assert app.key_names and app.key_names[0]["select"] == "Enter"
    assert build_app((800, 480), games_dir=tmp_path).key_names == ()
