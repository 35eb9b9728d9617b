"""The start menu: a row per game, resume rows, doctor and quit with the nav buttons and the
mouse; a game's setup opened and kept; resuming games."""

from __future__ import annotations

import dataclasses
import itertools
import time
from pathlib import Path
from typing import NoReturn

import pygame
import pytest

from companion.input.events import Press
from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.rules.paris import PARIS
from companion.session import SavedGame, Session, UnfinishedGame
from companion.ui.apache.setup import APACHE_SETUP, SEATS_NOTE
from companion.ui.apache.tracker import (
    ApacheTrackerCountScene,
    ApacheTrackerResultsScene,
    ApacheTrackerScene,
)
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.menu import GAMES, Choice, MenuModel, MenuRow, MenuScene, discard_chip
from companion.ui.menu import describe_age as age
from companion.ui.paris.full import ParisFullResultsScene
from companion.ui.scenes import AppContext
from companion.ui.setup import SetupScene, visible_rows
from companion.ui.setup_model import SetupModel
from tests.ui.driving import Step, on, on_menu, run_app, tap
from tests.ui.helpers import NOW, press, show_menu, started_from, top

RESUME = len(GAMES)
"""The first Resume row."""


def kind(model: MenuModel) -> str:
    """The focused row's kind, read afresh (mypy would keep an earlier narrowing)."""
    return model.row.kind


def kinds(model: MenuModel) -> list[str]:
    return [row.kind for row in model.rows]


def test_rows_in_order_with_one_row_per_unfinished_game() -> None:
    games = [
        UnfinishedGame(Path(f"g{i}.jsonl"), "apache_tracker", 4 + i, i, NOW - 90) for i in (1, 2)
    ]
    model = MenuModel(games, now=NOW)
    assert kinds(model) == [
        "game",
        "game",
        "game",
        "resume",
        "resume",
        "settings",
        "doctor",
        "quit",
    ]
    assert model.rows[0].label == "Apache" and model.rows[0].setup is APACHE_SETUP
    assert model.rows[0].detail == "tracker or full game · 2-5 players"
    assert model.rows[1].label == "Apocalypse" and model.rows[1].setup is APOCALYPSE_SETUP
    assert model.rows[RESUME].label == "Resume Apache tracker"
    assert model.rows[RESUME].detail == "5 actions, 1 min ago"
    assert kinds(MenuModel(doctor=False)) == ["game", "game", "game", "settings", "quit"]


def test_a_full_journal_and_an_unknown_one_are_named() -> None:
    games = [
        UnfinishedGame(Path("a.jsonl"), "apache", 9, 1, NOW),
        UnfinishedGame(Path("t.jsonl"), "toy", 3, 1, NOW),
    ]
    labels = [row.label for row in MenuModel(games, now=NOW).rows]
    assert labels[RESUME : RESUME + 2] == ["Resume Apache", "Resume toy"]


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (5, "just now"),
        (720, "12 min ago"),
        (3 * 3600, "3 h ago"),
        (86_400, "yesterday"),
        (5 * 86_400, "5 days ago"),
    ],
)
def test_describe_age(seconds: float, words: str) -> None:
    assert age(seconds) == words


def test_previous_and_next_move_and_wrap() -> None:
    model = MenuModel()
    model.nav("previous")
    assert kind(model) == "quit"
    model.nav("next")
    assert kind(model) == "game"
    model.nav("next")
    model.nav("next")
    model.nav("next")
    assert kind(model) == "settings"
    model.nav("next")
    assert kind(model) == "doctor"


def test_select_on_a_game_asks_for_its_setup() -> None:
    model = MenuModel()
    assert model.nav("select") == Choice("setup", setup=APACHE_SETUP)


def test_back_goes_to_quit_then_quits() -> None:
    model = MenuModel()
    assert model.nav("back") is None and kind(model) == "quit"
    assert model.nav("back") == Choice("quit")


def test_focus_stays_on_its_row_when_the_list_changes() -> None:
    model = MenuModel()
    model.focus = kinds(model).index("doctor")
    game = UnfinishedGame(Path("g.jsonl"), "apache_tracker", 4, 1, NOW)
    model.refresh([game], now=NOW)
    assert kind(model) == "doctor"


def test_select_opens_the_games_setup_and_keeps_it(app: AppContext) -> None:
    menu = show_menu(app)
    menu.handle_input(Press("nav.select", 1, "test", 0), 1)
    app.stack.update(1)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.model.game is APACHE_SETUP
    setup.model.set_players(2)
    setup.nav("back", 1)
    app.stack.update(1)
    assert top(app) is menu and kind(menu.model) == "game"
    menu.nav("select", 2)
    app.stack.update(2)
    again = top(app)
    assert isinstance(again, SetupScene) and again.model.players == 2, "the last choices"


def test_starting_a_game_journals_it_and_its_end_returns_to_the_menu(app: AppContext) -> None:
    menu = show_menu(app)
    menu.nav("select", 0)
    app.stack.update(0)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.model.set_players(2)
    setup.nav("previous", 0)  # round to Start
    setup.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, ApacheTrackerScene)
    assert app.stack.scenes == (menu, scene)
    (journal,) = app.games_dir.glob("apache_tracker-*.jsonl")
    assert scene.model.session.path == journal
    assert Session.load(journal).setup == {"colours": ["red", "yellow"]}
    scene.model.session.apply(TrackerAction.slap(0, "chief"))
    scene.close()
    app.stack.pop()
    app.stack.update(0)
    assert app.stack.top is menu
    assert kinds(menu.model) == ["game", "game", "game", "resume", "settings", "quit"], "listed"


def test_a_game_left_with_no_action_keeps_no_journal(app: AppContext) -> None:
    """Started by a double Select and left at once: nothing to resume, no file left."""
    older = _unfinished_tracker(app.games_dir)  # there before: never touched
    menu = show_menu(app)
    setup = SetupModel(APACHE_SETUP, players=2)
    scene = started_from(app, setup)
    assert isinstance(scene, ApacheTrackerScene) and app.stack.scenes == (menu, scene)
    journal = scene.model.session.path
    assert journal.exists()
    scene.close()
    app.stack.pop()
    app.stack.update(0)
    assert top(app) is menu
    assert not journal.exists() and older.exists()
    assert [row.game.path for row in menu.model.rows if row.game] == [older]


def _unfinished_tracker(directory: Path, *actions: TrackerAction) -> Path:
    ticks = itertools.count()
    path = directory / "apache_tracker-20250101-190000.jsonl"
    setup = {"colours": ["red", "blue"]}
    with Session.start(
        TRACKER, setup, 3, path, auto_chance=False, clock=lambda: NOW + next(ticks)
    ) as session:
        for action in actions:
            session.apply(action)
    return path


def test_resume_reopens_the_game_at_its_phase(app: AppContext) -> None:
    _unfinished_tracker(app.games_dir, TrackerAction.finish())
    menu = show_menu(app)
    assert kinds(menu.model)[RESUME] == "resume"
    menu.model.focus = RESUME
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, ApacheTrackerCountScene), (
        "a game ended at the count resumes at the count"
    )
    assert scene.model.colours == ("red", "blue")
    scene.close()


def test_a_journal_already_open_cannot_be_resumed_and_says_so(app: AppContext) -> None:
    path = _unfinished_tracker(app.games_dir)
    holder = Session.resume(path)
    try:
        menu = show_menu(app)
        menu.model.focus = RESUME
        menu.nav("select", 0)
        app.stack.update(0)
        assert app.stack.top is menu
        flash = menu.flashes.current(0)
        assert flash is not None and "already open" in flash.text
    finally:
        holder.close()


def test_a_game_without_a_screen_is_listed_and_explains(app: AppContext) -> None:
    game = UnfinishedGame(Path("toy.jsonl"), "toy", 3, 1, NOW)
    menu = MenuScene(app, MenuModel([game], now=NOW))
    menu.model.focus = RESUME
    menu.nav("select", 0)
    flash = menu.flashes.current(0)
    assert flash is not None and "no screen yet" in flash.text


def test_clicks_open_a_game_and_quit(app: AppContext) -> None:
    menu = show_menu(app, MenuModel())
    rects = dict(visible_rows(app.size, len(menu.model.rows), menu.model.focus))
    menu.click(rects[0].center, 0)
    app.stack.update(0)
    assert isinstance(app.stack.top, SetupScene)
    app.stack.pop()
    app.stack.update(0)
    last = len(menu.model.rows) - 1
    menu.click((1, 1), 0)  # the header: nothing
    assert top(app) is menu
    menu.click(rects[last].center, 0)
    app.stack.update(0)
    assert app.stack.finished


def test_a_resume_that_the_game_refuses_is_flashed_and_the_journal_released(
    app: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _unfinished_tracker(app.games_dir)

    def refuse(*args: object) -> NoReturn:
        raise OSError("no room")

    broken = dataclasses.replace(APACHE_SETUP, resume=refuse)
    menu = show_menu(app, MenuModel(games=(broken,)))
    menu.model.focus = 1
    menu.nav("select", 0)
    flash = menu.flashes.current(0)
    assert flash is not None and flash.text == f"cannot resume {path.name}: no room"
    Session.resume(path).close()  # not left open


def test_quit_empties_the_stack(app: AppContext) -> None:
    menu = show_menu(app)
    menu.nav("back", 0)
    menu.nav("back", 0)
    app.stack.update(0)
    assert app.stack.finished


def test_a_full_game_resumes_with_its_people_and_bots(app: AppContext) -> None:
    from companion.rules.apache import APACHE as FULL
    from companion.rules.apache.actions import Turn
    from companion.ui.apache.full import ApacheFullScene

    ticks = itertools.count()
    path = app.games_dir / "apache-20250101-190000.jsonl"
    setup = {"players": 3, "colours": ["red", "yellow", "purple"]}
    with Session.start(
        FULL, setup, 9, path, clock=lambda: NOW + next(ticks), chance_seed=9
    ) as session:
        session.annotate(SEATS_NOTE, {"humans": 1, "auto_turn_ns": None})
        session.apply(Turn(session.state.turner))
        turned = session.state.display
    menu = show_menu(app)
    menu.model.focus = RESUME
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, ApacheFullScene)
    assert scene.model.humans == 1
    assert sorted(scene.model.bots) == [1, 2]
    assert scene.model.state.display == turned
    scene.close()


@pytest.mark.parametrize("odd", ["fifo", "device", "deep"])
def test_an_odd_file_among_the_journals_never_stops_the_menu(app: AppContext, odd: str) -> None:
    """A FIFO named like a journal (opening it would wait forever), a link to /dev/zero
    (endless), a journal whose last line is nested 3000 deep: the menu still lists the
    good game, at once."""
    import os
    import threading

    _unfinished_tracker(app.games_dir)
    path = app.games_dir / "x.jsonl"
    if odd == "fifo":
        os.mkfifo(path)
    elif odd == "device":
        path.symlink_to("/dev/zero")
    else:
        good = next(app.games_dir.glob("apache_tracker-*.jsonl")).read_bytes()
        path.write_bytes(good + b"[" * 3000 + b"]" * 3000 + b"\n")
    shown: list[MenuScene] = []
    failed: list[BaseException] = []

    def show() -> None:
        try:
            shown.append(show_menu(app))
        except BaseException as error:  # reported below, in the test's thread
            failed.append(error)

    worker = threading.Thread(target=show, daemon=True)
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive() and odd == "fifo":
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))  # let the stuck reader go
    assert not worker.is_alive(), "the start menu is stuck on the odd file"
    assert not failed, failed
    assert kinds(shown[0].model)[RESUME:] == ["resume", "settings", "quit"]
    flash = shown[0].flashes.current(0)
    assert flash is not None and flash.text.startswith("skipping ") and "x.jsonl" in flash.text


PROBLEM = (
    "/home/pi/.config/companion/settings.json: not UTF-8 text (byte 0); fix it or delete the "
    "file; the defaults are used"
)


def test_a_problem_at_start_is_a_menu_row_until_read_with_the_keys(app: AppContext) -> None:
    app.notices = [PROBLEM]
    menu = show_menu(app)
    assert menu.model.focus == 0, "the problem first, focused"
    assert kinds(menu.model)[0] == "notice"
    assert menu.model.rows[0].label == "settings.json: not UTF-8 text (byte 0)"
    menu.nav("select", 0)
    flash = menu.flashes.current(0)
    assert flash is not None
    assert flash.text == "fix it or delete the file; the defaults are used", "what to do"
    assert "notice" not in kinds(menu.model), "read: gone from the menu"
    menu.on_top(0)
    assert "notice" not in kinds(menu.model), "and it stays gone"


def test_a_problem_at_start_is_read_with_the_mouse(app: AppContext) -> None:
    app.notices = [PROBLEM]
    menu = show_menu(app)
    (_, first), *_ = visible_rows(app.size, len(menu.model.rows), menu.model.focus)
    menu.click(first.center, 0)
    assert "notice" not in kinds(menu.model)
    assert menu.flashes.current(0) is not None


def test_run_takes_the_settings_size_unless_given_one() -> None:
    from companion.cli import _build_parser

    assert _build_parser().parse_args(["run"]).size is None
    assert _build_parser().parse_args(["run", "--size", "480x320"]).size == "480x320"


# --- two games of one kind told apart; discarding one; the last results ------------------


def test_two_games_of_one_kind_are_told_apart() -> None:
    games = [
        SavedGame(
            Path("a.jsonl"),
            "apache",
            30,
            1,
            NOW,
            started=NOW - 3600,
            players=("red", "blue"),
            progress="card 40 of 114",
        ),
        SavedGame(
            Path("b.jsonl"),
            "apache",
            9,
            1,
            NOW,
            started=NOW - 600,
            players=("red", "yellow", "purple"),
            progress="card 3 of 114",
        ),
    ]
    rows = MenuModel(games, now=NOW).rows[RESUME : RESUME + 2]
    hour = time.strftime("%H:%M", time.localtime(NOW - 3600))
    assert rows[0].detail == f"card 40 of 114 · 2 players · started {hour}"
    assert rows[1].detail.startswith("card 3 of 114 · 3 players · started ")
    assert rows[0].label == rows[1].label == "Resume Apache"


def test_a_resume_rows_detail_says_the_games_progress(app: AppContext) -> None:
    _unfinished_tracker(app.games_dir, TrackerAction.slap(0, "chief"))
    menu = show_menu(app)
    detail = menu.model.rows[RESUME].detail
    assert detail.startswith("1 actions · 2 players · started "), detail


def asked(menu: MenuScene) -> MenuRow | None:
    """The row whose discard is asked, read afresh (mypy would keep an earlier narrowing)."""
    return menu.model.confirming


def _two_unfinished(directory: Path) -> tuple[Path, Path]:
    first = _unfinished_tracker(directory, TrackerAction.slap(0, "chief"))
    second = first.with_name("apache_tracker-20250101-191500.jsonl")
    with Session.start(TRACKER, {"colours": ["red", "yellow"]}, 4, second, auto_chance=False):
        pass
    return first, second


def test_discarding_with_the_buttons_asks_first_and_moves_the_journal_aside(
    app: AppContext,
) -> None:
    first, _ = _two_unfinished(app.games_dir)
    menu = show_menu(app)
    resume_rows = [row for row in menu.model.rows if row.kind == "resume"]
    menu.model.focus = menu.model.rows.index(resume_rows[1])
    assert resume_rows[1].game is not None and resume_rows[1].game.path == first
    press(menu, "red.chief")  # a seat button: discard?
    assert menu.hint() == "Discard Apache tracker, 1 actions? Select: yes · Back: no"
    press(menu, "nav.back")  # no
    assert asked(menu) is None and first.exists()
    assert "kept" in str(menu.flashes.current(0))
    press(menu, "blue.hunter")
    press(menu, "nav.select")  # yes
    aside = app.games_dir / "discarded" / first.name
    assert aside.exists() and not first.exists()
    assert f"discarded/{first.name}" in str(menu.flashes.current(0))
    assert [row.game.path for row in menu.model.rows if row.kind == "resume" and row.game] == [
        first.with_name("apache_tracker-20250101-191500.jsonl")
    ]
    press(menu, "nav.select")  # the discard is done: select does what the row says again
    assert asked(menu) is None


def test_discarding_with_the_mouse_asks_first(app: AppContext) -> None:
    first, second = _two_unfinished(app.games_dir)
    menu = show_menu(app)
    index = next(i for i, row in enumerate(menu.model.rows) if row.game and row.game.path == second)
    rects = dict(visible_rows(app.size, len(menu.model.rows), menu.model.focus))
    chip = discard_chip(rects[index])
    menu.click(chip.center, 0)  # asks
    assert asked(menu) is menu.model.rows[index]
    menu.click(rects[0].center, 0)  # another row: no
    assert asked(menu) is None and second.exists() and top(app) is menu
    menu.click(chip.center, 0)
    menu.click(rects[index].midleft, 0)  # the row asked about: yes
    assert not second.exists() and (app.games_dir / "discarded" / second.name).exists()
    assert first.exists()


def test_a_seat_button_on_another_row_does_nothing(app: AppContext) -> None:
    menu = show_menu(app)
    press(menu, "red.chief")
    assert asked(menu) is None and top(app) is menu


def _finished_tracker(directory: Path, name: str, piles: tuple[int, int]) -> Path:
    path = directory / name
    with Session.start(TRACKER, {"colours": ["red", "blue"]}, 3, path, auto_chance=False) as game:
        game.apply(TrackerAction.finish())
        game.apply(TrackerAction.count(0, piles[0]))
        game.apply(TrackerAction.count(1, piles[1]))
        assert game.is_over
    return path


def test_the_last_results_of_a_game_finished_this_evening_are_shown_again(
    app: AppContext,
) -> None:
    _finished_tracker(app.games_dir, "apache_tracker-20250101-180000.jsonl", (40, 20))
    menu = show_menu(app)
    assert "results" not in kinds(menu.model), "finished before the program started"
    path = _finished_tracker(app.games_dir, "apache_tracker-20250101-190000.jsonl", (9, 5))
    menu.on_top(0)  # back from the game
    (row,) = [row for row in menu.model.rows if row.kind == "results"]
    assert row.label == "Last results: Apache tracker" and row.game and row.game.path == path
    menu.model.focus = menu.model.rows.index(row)
    press(menu, "nav.select")
    app.stack.update(0)
    results = top(app)
    assert isinstance(results, ApacheTrackerResultsScene)
    assert results.model.state.piles == (9, 5)
    press(results, "nav.select")  # back to the menu
    app.stack.update(0)
    assert top(app) is menu and "results" in kinds(menu.model), "until the next one ends"
    newer = _finished_tracker(app.games_dir, "apache_tracker-20250101-200000.jsonl", (1, 2))
    menu.on_top(0)
    shown = [row.game.path for row in menu.model.rows if row.kind == "results" and row.game]
    assert shown == [newer], "one row per kind: the last game"


def test_the_last_results_open_with_the_mouse(app: AppContext) -> None:
    menu = show_menu(app)
    _finished_tracker(app.games_dir, "apache_tracker-20250101-190000.jsonl", (9, 5))
    menu.on_top(0)
    index = kinds(menu.model).index("results")
    rects = dict(visible_rows(app.size, len(menu.model.rows), menu.model.focus))
    menu.click(rects[index].center, 0)
    app.stack.update(0)
    assert isinstance(top(app), ApacheTrackerResultsScene)


def test_the_last_results_of_a_full_game_show_its_results_scene(app: AppContext) -> None:
    menu = show_menu(app)
    path = app.games_dir / "paris-20250101-190000.jsonl"
    with Session.start(PARIS, {"players": 2}, 3, path) as game:
        while not game.is_over:
            game.apply(PARIS.legal_actions(game.state)[0])
    menu.on_top(0)
    menu.model.focus = kinds(menu.model).index("results")
    assert menu.model.row.label == "Last results: Paris full game"
    press(menu, "nav.select")
    app.stack.update(0)
    app.stack.update(1)  # its first frame shows the results
    assert isinstance(top(app), ParisFullResultsScene)


def test_discarding_and_last_results_with_the_keys_in_the_running_program(
    tmp_path: Path,
) -> None:
    """``companion run`` driven by the keyboard: the seat key 1 asks to discard the Resume
    row's game, Enter says yes; then a game finished in the meantime shows again."""
    journal = _unfinished_tracker(tmp_path, TrackerAction.slap(0, "chief"))
    finished: list[Path] = []

    def finish_one(app: AppContext) -> None:
        finished.append(_finished_tracker(tmp_path, "apache_tracker-20250101-210000.jsonl", (3, 4)))
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        menu.on_top(0)  # as when a game ends
        menu.model.focus = kinds(menu.model).index("results")

    steps = [
        Step(
            "to the Resume row",
            on_menu(lambda m: True),
            tap(pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN),
        ),
        Step("ask", on_menu(lambda m: m.model.row.kind == "resume"), tap(pygame.K_1)),
        Step("yes", on_menu(lambda m: m.model.confirming is not None), tap(pygame.K_RETURN)),
        Step("a game ends", on_menu(lambda m: "resume" not in kinds(m.model)), finish_one),
        Step("show it", on_menu(lambda m: m.model.row.kind == "results"), tap(pygame.K_RETURN)),
        Step("leave it", on(ApacheTrackerResultsScene), tap(pygame.K_RETURN)),
        Step("quit", on_menu(lambda m: True), tap(pygame.K_BACKSPACE, pygame.K_BACKSPACE)),
    ]
    run_app(tmp_path, steps)
    assert (tmp_path / "discarded" / journal.name).exists() and not journal.exists()
    assert finished and finished[0].exists()
