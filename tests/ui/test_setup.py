"""A game's setup: rows per mode, players and colours with the nav buttons, seat buttons
and mouse, Apache's options (ruling A13), starting each mode, and other games' shapes
(numbered seats, another player range) described with ``GameSetup``."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.input.events import Press
from companion.session import Session
from companion.ui.apache.full import FullScene
from companion.ui.apache.setup import APACHE_SETUP, AUTO_TURN_NS, SEATS_NOTE, apache_full_options
from companion.ui.apache.tracker import TrackerScene
from companion.ui.app import Scene
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext, BaseScene, SceneStack
from companion.ui.setup import (
    Count,
    GameSetup,
    Mode,
    SetupChoice,
    SetupModel,
    SetupScene,
    Toggle,
    colour_chips,
    humans_words,
    value_cells,
    visible_rows,
)

NOW = 1_735_761_600.0
TRACKER_ROWS = ["mode", "players", "colours", "start"]
FULL_ROWS = [
    "mode",
    "players",
    "colours",
    "humans",
    "war_path",
    "wedding",
    "joint_raid",
    "auto_turn",
    "start",
]


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


def keys(model: SetupModel) -> list[str]:
    return [row.key for row in model.rows]


def key(model: SetupModel) -> str:
    """The focused row's key, read afresh (mypy would keep an earlier narrowing)."""
    return model.row.key


def colours(model: SetupModel) -> tuple[str, ...]:
    return model.colours


def editing(model: SetupModel) -> bool:
    return model.editing


def top(app: AppContext) -> object:
    """The top scene, read afresh."""
    return app.stack.top


def focus_on(model: SetupModel, row: str) -> None:
    model.focus = keys(model).index(row)


def opened(app: AppContext, model: SetupModel) -> tuple[MenuScene, SetupScene]:
    """The menu with ``model``'s setup opened over it, as the menu's select does."""
    menu = MenuScene(app, MenuModel())
    menu.model.setups[model.game.name] = model
    app.stack.push(menu)
    app.stack.update(0)
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene) and scene.model is model
    return menu, scene


# --- rows and values ---------------------------------------------------------------------------


def test_rows_per_mode_and_focus_stays_on_mode() -> None:
    model = SetupModel(APACHE_SETUP)
    assert keys(model) == TRACKER_ROWS, "the tracker has no full-game rows"
    model.nav("select")  # Mode: the next mode
    assert model.mode == "full" and keys(model) == FULL_ROWS
    assert key(model) == "mode"
    model.nav("select")
    assert model.mode == "tracker" and keys(model) == TRACKER_ROWS


def test_leaving_full_mode_from_one_of_its_rows_keeps_focus_on_the_screen() -> None:
    model = SetupModel(APACHE_SETUP)
    model.set_mode("full")
    focus_on(model, "auto_turn")
    model.set_mode("tracker")
    assert key(model) == "start"


def test_default_players_are_the_first_colours_ruling_a1() -> None:
    model = SetupModel(APACHE_SETUP)
    assert colours(model) == ("red", "yellow", "purple")
    focus_on(model, "start")
    assert model.nav("select") == "start"
    choice = model.choice()
    assert (choice.game, choice.mode, choice.players) == ("apache", "tracker", 3)
    assert choice.colours == ("red", "yellow", "purple")
    assert dict(choice.values) == {}, "the tracker has no options"


def test_previous_and_next_move_and_wrap_back_leaves() -> None:
    model = SetupModel(APACHE_SETUP)
    model.nav("previous")
    assert key(model) == "start"
    model.nav("next")
    model.nav("next")
    assert key(model) == "players"
    assert model.nav("back") == "leave"


def test_players_are_edited_with_previous_and_next() -> None:
    model = SetupModel(APACHE_SETUP)
    focus_on(model, "players")
    model.nav("select")
    assert model.editing
    for _ in range(4):
        model.nav("next")
    assert colours(model) == ("red", "yellow", "purple", "blue", "green"), "at most 5"
    for _ in range(5):
        model.nav("previous")
    assert colours(model) == ("red", "yellow"), "at least 2"
    assert model.nav("back") is None, "back ends the editing, it does not leave"
    assert not editing(model) and key(model) == "players"


def test_colours_cycle_through_every_choice_of_that_many() -> None:
    model = SetupModel(APACHE_SETUP, players=2)
    focus_on(model, "colours")
    model.nav("select")
    seen = {model.colours}
    for _ in range(9):
        model.nav("next")
        seen.add(model.colours)
    assert len(seen) == 10, "5 colours choose 2"
    model.nav("next")
    assert colours(model) == ("red", "yellow"), "round again"


def test_a_seat_button_joins_or_leaves_but_never_below_two_players(app: AppContext) -> None:
    model = SetupModel(APACHE_SETUP, players=2)
    _, scene = opened(app, model)
    scene.handle_input(Press("green.hunter", 1, "test", 0), 1)
    assert colours(model) == ("red", "yellow", "green")
    flash = scene.flashes.current(1)
    assert flash is not None and flash.text == "green joined the game"
    scene.handle_input(Press("red.chief", 2, "test", 1), 2)
    scene.handle_input(Press("yellow.woman", 3, "test", 2), 3)
    assert colours(model) == ("yellow", "green")
    flash = scene.flashes.current(3)
    assert flash is not None and "ruling A1" in flash.text
    scene.handle_input(Press("nav.back", 4, "test", 3), 4)
    app.stack.update(4)
    assert isinstance(app.stack.top, MenuScene), "back leaves to the start menu"


def test_joint_raid_is_refused_with_five_players_ruling_a13() -> None:
    model = SetupModel(APACHE_SETUP, players=5)
    model.set_mode("full")
    focus_on(model, "joint_raid")
    assert model.words(model.row) == "only with < 5 players"
    model.nav("select")
    assert model.message == "Joint Raid needs fewer than 5 players (ruling A13)"
    assert not model.choice().flag("joint_raid")
    model.set_players(4)
    model.nav("select")
    assert model.choice().flag("joint_raid") and model.words(model.row) == "on"
    model.set_players(5)
    assert not model.choice().flag("joint_raid"), "a fifth player turns it off for the game"
    assert not apache_full_options(model.choice()).joint_raid


def test_humans_are_counted_up_to_the_players() -> None:
    model = SetupModel(APACHE_SETUP)
    model.set_mode("full")
    focus_on(model, "humans")
    assert model.words(model.row) == "1 (red); 2 bots"
    model.nav("select")
    for _ in range(5):
        model.nav("next")
    assert model.choice().number("humans") == 3, "at most every player"
    assert model.words(model.row) == "3 (red, yellow, purple); 0 bots"
    for _ in range(5):
        model.nav("previous")
    assert model.words(model.row) == "0 (nobody); 3 bots"


def test_the_full_options_come_from_the_rows() -> None:
    model = SetupModel(APACHE_SETUP, players=4)
    model.set_mode("full")
    for row in ("war_path", "auto_turn"):
        focus_on(model, row)
        model.nav("select")
    focus_on(model, "auto_turn")
    assert model.words(model.row) == "2 s"
    options = apache_full_options(model.choice())
    assert options.colours == ("red", "yellow", "purple", "blue")
    assert (options.humans, options.war_path, options.wedding) == (1, True, False)
    assert options.auto_turn_ns == AUTO_TURN_NS


# --- starting --------------------------------------------------------------------------------


def test_start_opens_a_tracker_game_in_the_setups_place(app: AppContext) -> None:
    model = SetupModel(APACHE_SETUP, players=2)
    menu, scene = opened(app, model)
    focus_on(model, "start")
    scene.handle_input(Press("nav.select", 1, "test", 0), 1)
    app.stack.update(1)
    game = app.stack.top
    assert isinstance(game, TrackerScene)
    assert app.stack.scenes == (menu, game), "the game ends back on the start menu"
    (journal,) = app.games_dir.glob("apache_tracker-*.jsonl")
    assert game.model.session.path == journal
    assert Session.load(journal).setup == {"colours": ["red", "yellow"]}
    assert Session.load(journal).seed == 5
    game.close()


def test_start_opens_a_full_game_with_its_people_and_bots(app: AppContext) -> None:
    model = SetupModel(APACHE_SETUP)
    model.set_mode("full")
    focus_on(model, "wedding")
    model.nav("select")
    _, scene = opened(app, model)
    focus_on(model, "start")
    scene.nav("select", 0)
    app.stack.update(0)
    game = app.stack.top
    assert isinstance(game, FullScene)
    assert game.model.humans == 1 and sorted(game.model.bots) == [1, 2]
    (journal,) = app.games_dir.glob("apache-*.jsonl")
    game.close()
    loaded = Session.load(journal)
    assert loaded.setup["variants"] == {"war_path": False, "wedding": True, "joint_raid": False}
    (note,) = [n for n in loaded.notes if n.kind == SEATS_NOTE]
    assert note.data == {"humans": 1, "auto_turn_ns": None}


def test_a_game_that_cannot_start_says_so_and_stays(app: AppContext, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    app.games_dir = blocker / "games"
    model = SetupModel(APACHE_SETUP)
    _, scene = opened(app, model)
    focus_on(model, "start")
    scene.nav("select", 0)
    app.stack.update(0)
    assert app.stack.top is scene
    flash = scene.flashes.current(0)
    assert flash is not None and flash.text.startswith("cannot start the game:")


def test_journal_names_taken_three_times_over_are_reported(
    app: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = app.games_dir / "apache_tracker-taken.jsonl"
    taken.write_text("")
    monkeypatch.setattr("companion.ui.setup.new_journal_path", lambda *a, **k: taken)
    model = SetupModel(APACHE_SETUP)
    _, scene = opened(app, model)
    scene.start(0)
    flash = scene.flashes.current(0)
    assert flash is not None and flash.text == "cannot start the game: no free journal name"
    assert taken.read_text() == "", "an existing journal is never overwritten"


# --- the mouse -------------------------------------------------------------------------------


def rect_of(scene: SetupScene, row: str) -> pygame.Rect:
    model = scene.model
    focus_on(model, row)
    return dict(visible_rows(scene.app.size, len(model.rows), model.focus))[model.focus]


def test_clicks_change_mode_players_colours_humans_and_toggles(app: AppContext) -> None:
    model = SetupModel(APACHE_SETUP)
    _, scene = opened(app, model)
    scene.click(rect_of(scene, "mode").center, 0)
    assert model.mode == "full"
    players = rect_of(scene, "players")
    scene.click((players.right - 3, players.centery), 0)
    assert model.players == 4
    scene.click((players.right - 3 * players.height + 3, players.centery), 0)
    assert model.players == 3
    blue = colour_chips(rect_of(scene, "colours"))[3]
    scene.click(blue.center, 0)
    assert colours(model) == ("red", "yellow", "purple", "blue")
    humans = rect_of(scene, "humans")
    minus, _, plus = value_cells(humans, round(humans.width * 0.4))
    scene.click(plus.center, 0)
    assert model.choice().number("humans") == 2
    scene.click(minus.center, 0)
    scene.click(minus.center, 0)
    assert model.choice().number("humans") == 0
    scene.click(rect_of(scene, "war_path").center, 0)
    assert model.choice().flag("war_path")


def test_clicking_start_starts_and_right_click_leaves(app: AppContext) -> None:
    model = SetupModel(APACHE_SETUP, players=2)
    menu, scene = opened(app, model)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(1, 1)))
    app.stack.update(0)
    assert top(app) is menu
    menu.nav("select", 0)
    app.stack.update(0)
    again = top(app)
    assert isinstance(again, SetupScene) and again.model is model, "the same setup again"
    again.click(rect_of(again, "start").center, 0)
    app.stack.update(0)
    game = top(app)
    assert isinstance(game, TrackerScene)
    game.close()


# --- other games' shapes ---------------------------------------------------------------------


class Started(BaseScene):
    """A stand-in for a game's first scene: it keeps the choice it was started with."""

    def __init__(self, app: AppContext, choice: SetupChoice) -> None:
        super().__init__(app)
        self.choice = choice

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        surface.fill((0, 0, 0))


def start_toy(choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
    return Started(app, choice)


NUMBERED = GameSetup(
    name="numbered",
    title="Numbered",
    modes=(Mode("tracker", "tracker", "real cards"), Mode("full", "full game", "virtual cards")),
    players=(2, 6),
    seats="numbered",
    options=(Count("humans", "Humans", low=0, high=1, default=1, modes=("full",)),),
    start=start_toy,
)
"""Shaped like Apocalypse: numbered seats, 2-6 players, Humans 0-1 in its full mode."""


def test_a_numbered_seat_game_has_no_colours_row_and_up_to_six_players() -> None:
    model = SetupModel(NUMBERED)
    assert keys(model) == ["mode", "players", "start"]
    model.set_mode("full")
    assert keys(model) == ["mode", "players", "humans", "start"]
    focus_on(model, "players")
    model.nav("select")
    for _ in range(5):
        model.nav("next")
    assert model.players == 6
    model.nav("select")  # done
    model.toggle("red")
    assert model.players == 6 and model.message == "", "seat buttons pick no seat here"
    focus_on(model, "humans")
    model.nav("select")
    model.nav("next")
    assert model.choice().number("humans") == 1, "at most one person"
    assert model.words(model.row) == "1"
    choice = model.choice()
    assert (choice.colours, choice.players) == ((), 6)
    assert choice.seats == tuple(f"seat {n}" for n in range(1, 7))
    assert humans_words(choice) == "1 (seat 1); 5 bots", "the shared words fit numbered seats"


def test_a_numbered_seat_game_starts_from_the_menu_with_its_choice(app: AppContext) -> None:
    menu = MenuScene(app, MenuModel(games=(APACHE_SETUP, NUMBERED), doctor=False))
    app.stack.push(menu)
    app.stack.update(0)
    assert [row.label for row in menu.model.rows] == ["Apache", "Numbered", "Settings", "Quit"]
    assert menu.model.rows[1].detail == "tracker or full game · 2-6 players"
    menu.nav("next", 0)
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene) and scene.model.game is NUMBERED
    scene.handle_input(Press("red.hunter", 0, "test", 0), 0)
    scene.nav("previous", 0)  # round to Start
    scene.nav("select", 0)
    app.stack.update(0)
    started = app.stack.top
    assert isinstance(started, Started)
    assert started.choice == SetupChoice("numbered", "tracker", 3)


def test_a_coloured_game_for_at_most_four_refuses_a_fifth_colour() -> None:
    paris = GameSetup(
        name="paris",
        title="Paris",
        modes=(Mode("bank", "bank"),),
        players=(2, 4),
        options=(Toggle("limit", "Limit", max_players=3),),
        start=start_toy,
    )
    model = SetupModel(paris, players=4)
    assert keys(model) == ["players", "colours", "limit", "start"], "one mode: no Mode row"
    model.toggle("green")
    assert colours(model) == ("red", "yellow", "purple", "blue")
    assert model.message == "green cannot join: Paris is for 4 at most"
    focus_on(model, "limit")
    model.nav("select")
    assert model.message == "Limit needs at most 3 players"
    assert model.words(model.row) == "only with < 4 players"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": (2, 6)}, "only 5 colours"),
        ({"players": (3, 2)}, "fewest <= default <= most"),
        ({"modes": ()}, "no modes"),
        ({"options": (Toggle("x", "X", modes=("bank",)),)}, "unknown modes ['bank']"),
    ],
)
def test_a_description_that_cannot_work_is_refused(changes: dict[str, object], words: str) -> None:
    fields: dict[str, object] = {
        "name": "bad",
        "title": "Bad",
        "modes": (Mode("tracker", "tracker"),),
        "players": (2, 5),
        "start": start_toy,
        **changes,
    }
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        GameSetup(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
@pytest.mark.parametrize("game", [APACHE_SETUP, NUMBERED])
def test_every_row_draws_at_both_sizes(game: GameSetup, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    model = SetupModel(game)
    model.set_mode("full")
    scene = SetupScene(AppContext(size=size, stack=SceneStack(), games_dir=Path()), model)
    surface = pygame.Surface(size)
    for focus in range(len(model.rows)):
        model.focus = focus
        model.editing = model.row.editable
        scene.draw(surface, 0)
    assert surface.get_at((size[0] // 2, 2))[:3] != (0, 0, 0)
