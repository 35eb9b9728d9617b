"""The start menu: a row per game, resume rows, doctor and quit with the nav buttons and the
mouse; a game's setup opened and kept; resuming games."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import NoReturn

import pytest

from companion.input.events import Press
from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.session import Session, UnfinishedGame
from companion.ui.apache.setup import APACHE_SETUP, SEATS_NOTE
from companion.ui.apache.tracker import ApacheTrackerCountScene, ApacheTrackerScene
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.menu import GAMES, Choice, MenuModel, MenuScene
from companion.ui.menu import describe_age as age
from companion.ui.scenes import AppContext
from companion.ui.setup import SetupScene, visible_rows
from tests.ui.helpers import NOW, show_menu, top

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
    scene.close()
    app.stack.pop()
    app.stack.update(0)
    assert app.stack.top is menu
    assert kinds(menu.model) == ["game", "game", "game", "resume", "settings", "quit"], "listed"


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
    assert flash is not None and flash.text.startswith("skipped: ") and "x.jsonl" in flash.text


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
