"""The start menu: rows, players and colours with the nav buttons, seat buttons and mouse,
starting and resuming games."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from companion.input.events import Press
from companion.rules.apache_tracker import ENGINE as TRACKER
from companion.rules.apache_tracker import TrackerAction
from companion.session import Session, UnfinishedGame
from companion.ui.apache_tracker import CountScene, TrackerScene
from companion.ui.menu import Choice, MenuModel, MenuScene, _colour_chips, _visible_rows
from companion.ui.menu import describe_age as age
from companion.ui.scenes import AppContext, SceneStack

NOW = 1_735_761_600.0

FULL_ROWS = ("full", "humans", "war_path", "wedding", "joint_raid", "auto_turn")
RESUME = 3 + len(FULL_ROWS)
"""The first Resume row."""


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    pygame.display.init()
    pygame.font.init()
    return AppContext(
        size=(480, 320),
        stack=SceneStack(),
        games_dir=tmp_path,
        wall_clock=lambda: NOW,
        new_seed=lambda: 5,
        open_doctor=None,
    )


def kind(model: MenuModel) -> str:
    """The focused row's kind, read afresh (mypy would keep an earlier narrowing)."""
    return model.row.kind


def editing(model: MenuModel) -> bool:
    return model.editing


def colours(model: MenuModel) -> tuple[str, ...]:
    return model.colours


def kinds(model: MenuModel) -> list[str]:
    return [row.kind for row in model.rows]


def test_rows_in_order_with_one_row_per_unfinished_game() -> None:
    games = [
        UnfinishedGame(Path(f"g{i}.jsonl"), "apache_tracker", 4 + i, i, NOW - 90) for i in (1, 2)
    ]
    model = MenuModel(games, now=NOW)
    assert kinds(model) == [
        "tracker",
        "players",
        "colours",
        *FULL_ROWS,
        "resume",
        "resume",
        "doctor",
        "quit",
    ]
    assert model.rows[RESUME].label == "Resume Apache tracker"
    assert model.rows[RESUME].detail == "5 actions, 1 min ago"
    assert kinds(MenuModel(doctor=False))[-2:] == ["auto_turn", "quit"]


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


def test_default_players_are_the_first_colours_ruling_a1() -> None:
    model = MenuModel()
    assert colours(model) == ("red", "yellow", "purple")
    assert model.select() == Choice("tracker", colours=("red", "yellow", "purple"))


def test_previous_and_next_move_and_wrap() -> None:
    model = MenuModel()
    model.nav("previous")
    assert kind(model) == "quit"
    model.nav("next")
    model.nav("next")
    assert kind(model) == "players"


def test_players_are_edited_with_previous_and_next() -> None:
    model = MenuModel()
    model.nav("next")
    model.nav("select")
    assert model.editing
    for _ in range(4):
        model.nav("next")
    assert colours(model) == ("red", "yellow", "purple", "blue", "green"), "at most 5"
    for _ in range(5):
        model.nav("previous")
    assert colours(model) == ("red", "yellow"), "at least 2"
    model.nav("back")
    assert not editing(model) and kind(model) == "players"


def test_colours_cycle_through_every_choice_of_that_many() -> None:
    model = MenuModel(players=2)
    model.focus = kinds(model).index("colours")
    model.nav("select")
    seen = {model.colours}
    for _ in range(9):
        model.nav("next")
        seen.add(model.colours)
    assert len(seen) == 10, "5 colours choose 2"
    model.nav("next")
    assert colours(model) == ("red", "yellow"), "round again"


def test_a_seat_button_joins_or_leaves_but_never_below_two_players() -> None:
    model = MenuModel(players=2)
    model.toggle("green")
    assert colours(model) == ("red", "yellow", "green")
    model.toggle("red")
    model.toggle("yellow")
    assert colours(model) == ("yellow", "green")
    assert "ruling A1" in model.message


def test_back_goes_to_quit_then_quits() -> None:
    model = MenuModel()
    assert model.nav("back") is None and kind(model) == "quit"
    assert model.nav("back") == Choice("quit")


def test_starting_a_game_journals_it_and_opens_the_game(app: AppContext) -> None:
    menu = MenuScene(app, MenuModel(players=2))
    app.stack.push(menu)
    app.stack.update(0)
    menu.handle_input(Press("nav.select", 1, "test", 0), 1)
    app.stack.update(1)
    scene = app.stack.top
    assert isinstance(scene, TrackerScene)
    (journal,) = app.games_dir.glob("apache_tracker-*.jsonl")
    assert scene.model.session.path == journal
    assert Session.load(journal).setup == {"colours": ["red", "yellow"]}
    assert Session.load(journal).seed == 5
    scene.close()


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
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.update(0)
    assert kinds(menu.model)[RESUME] == "resume"
    menu.model.focus = RESUME
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, CountScene), "a game ended at the count resumes at the count"
    assert scene.model.colours == ("red", "blue")
    scene.close()


def test_a_journal_already_open_cannot_be_resumed_and_says_so(app: AppContext) -> None:
    path = _unfinished_tracker(app.games_dir)
    holder = Session.resume(path)
    try:
        menu = MenuScene(app)
        app.stack.push(menu)
        app.stack.update(0)
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


def test_clicks_choose_rows_arrows_and_colours(app: AppContext) -> None:
    menu = MenuScene(app, MenuModel())
    rects = dict(_visible_rows(app.size, menu.model))
    players = rects[1]
    menu.click((players.right - 3, players.centery), 0)
    assert menu.model.players == 4
    menu.click((players.right - 3 * players.height + 3, players.centery), 0)
    assert menu.model.players == 3
    blue = _colour_chips(rects[2])[3]
    menu.click(blue.center, 0)
    assert menu.model.colours == ("red", "yellow", "purple", "blue")
    menu.model.focus = len(menu.model.rows) - 1  # the menu scrolls to show the last row
    quit_row = dict(_visible_rows(app.size, menu.model))[len(menu.model.rows) - 1]
    menu.click(quit_row.center, 0)
    app.stack.update(0)
    assert app.stack.finished


def test_quit_empties_the_stack(app: AppContext) -> None:
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.update(0)
    menu.nav("back", 0)
    menu.nav("back", 0)
    app.stack.update(0)
    assert app.stack.finished


def test_a_full_game_resumes_with_its_people_and_bots(app: AppContext) -> None:
    from companion.rules.apache import APACHE
    from companion.rules.apache.actions import Turn
    from companion.ui.apache_full import FullScene
    from companion.ui.menu import SEATS_NOTE

    ticks = itertools.count()
    path = app.games_dir / "apache-20250101-190000.jsonl"
    setup = {"players": 3, "colours": ["red", "yellow", "purple"]}
    with Session.start(APACHE, setup, 9, path, clock=lambda: NOW + next(ticks)) as session:
        session.annotate(SEATS_NOTE, {"humans": 1, "auto_turn_ns": None})
        session.apply(Turn(session.state.turner))
        turned = session.state.display
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.update(0)
    menu.model.focus = RESUME
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, FullScene)
    assert scene.model.humans == 1
    assert sorted(scene.model.bots) == [1, 2]
    assert scene.model.state.display == turned
    scene.close()
