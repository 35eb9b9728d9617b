"""Apache's setup: its rows per mode, 2-5 colours (ruling A1), Joint Raid only with fewer than
five (ruling A13), the FULL options from the rows, and each mode started from the setup
with its journal."""

from __future__ import annotations

import warnings

from companion.input.pinmap import load_profile
from companion.session import JournalWarning, Session
from companion.ui.apache.full import ApacheFullScene
from companion.ui.apache.setup import APACHE_SETUP, AUTO_TURN_NS, SEATS_NOTE, full_options
from companion.ui.apache.tracker import ApacheTrackerScene
from companion.ui.scenes import AppContext
from companion.ui.setup_model import SetupModel, Wiring
from tests.ui.helpers import cut_after_the_first_action, started_from

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


def keys(model: SetupModel) -> list[str]:
    return [row.key for row in model.rows]


def focus_on(model: SetupModel, row: str) -> None:
    model.focus = keys(model).index(row)


def test_the_rows_of_each_mode_and_three_colours_first_ruling_a1() -> None:
    model = SetupModel(APACHE_SETUP)
    assert keys(model) == TRACKER_ROWS
    assert model.colours == ("red", "yellow", "purple")
    model.set_mode("full")
    assert keys(model) == FULL_ROWS
    model.set_players(9)
    assert model.players == 5, "2-5 players (ruling A1)"
    model.toggle("red")
    model.set_players(2)
    model.toggle("yellow")
    assert model.message == "yellow stays: Apache needs 2 players (ruling A1)"


def test_joint_raid_is_refused_with_five_players_ruling_a13() -> None:
    model = SetupModel(APACHE_SETUP, players=5)
    model.set_mode("full")
    focus_on(model, "joint_raid")
    assert model.words(model.row) == "only with < 5 players"
    model.nav("select")
    assert model.message == "Joint Raid needs fewer than 5 players (ruling A13)"
    model.set_players(4)
    model.nav("select")
    assert full_options(model.choice()).joint_raid
    model.set_players(5)
    assert not full_options(model.choice()).joint_raid, "a fifth player turns it off"


def test_the_full_options_come_from_the_rows() -> None:
    model = SetupModel(APACHE_SETUP, players=4)
    model.set_mode("full")
    for row in ("war_path", "auto_turn"):
        focus_on(model, row)
        model.nav("select")
    focus_on(model, "auto_turn")
    assert model.words(model.row) == "2 s"
    focus_on(model, "humans")
    model.nav("select")
    model.nav("next")
    options = full_options(model.choice())
    assert options.colours == ("red", "yellow", "purple", "blue")
    assert (options.humans, options.war_path, options.wedding) == (2, True, False)
    assert options.auto_turn_ns == AUTO_TURN_NS
    assert options.setup()["variants"] == {"war_path": True, "wedding": False, "joint_raid": False}


def test_start_opens_a_tracker_game_with_its_journal(app: AppContext) -> None:
    game = started_from(app, SetupModel(APACHE_SETUP, players=2))
    assert isinstance(game, ApacheTrackerScene)
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
    game = started_from(app, model)
    assert isinstance(game, ApacheFullScene)
    assert game.model.humans == 1 and sorted(game.model.bots) == [1, 2]
    (journal,) = app.games_dir.glob("apache-*.jsonl")
    game.close()
    loaded = Session.load(journal)
    assert loaded.setup["variants"] == {"war_path": False, "wedding": True, "joint_raid": False}
    (note,) = [n for n in loaded.notes if n.kind == SEATS_NOTE]
    assert note.data == {"humans": 1, "auto_turn_ns": None}


def test_a_crash_during_the_opening_deal_keeps_who_is_a_person(app: AppContext) -> None:
    """The journal cut just after its first action line, if any (Apache deals nothing
    before the first turn): the game resumes with the people it was started with, not
    every seat a person, since the note is the line after the header."""
    model = SetupModel(APACHE_SETUP, players=4)
    model.set_mode("full")
    game = started_from(app, model)
    assert isinstance(game, ApacheFullScene)
    game.close()
    path = game.model.session.path
    assert [note.line for note in Session.load(path).notes] == [2]
    cut_after_the_first_action(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        session = Session.resume(path)
    resumed = APACHE_SETUP.resume
    assert resumed is not None
    scene = resumed(session, app, 0, None)
    assert isinstance(scene, ApacheFullScene)
    assert scene.model.humans == 1 and sorted(scene.model.bots) == [1, 2, 3]
    scene.close()


def test_a_three_seat_build_offers_its_three_colours_in_both_modes() -> None:
    """A seat is a player's own buttons (the Pow-Wow is a race, ruling A9): a colour
    without buttons is not offered, in the tracker or the full game."""
    wiring = Wiring.of(load_profile("gpio-spi35"))
    model = SetupModel(APACHE_SETUP, players=5, wiring=wiring)
    for mode in ("tracker", "full"):
        model.set_mode(mode)
        assert (model.offered, model.player_range) == (("red", "yellow", "purple"), (2, 3))
        assert model.choice().colours == ("red", "yellow", "purple")
