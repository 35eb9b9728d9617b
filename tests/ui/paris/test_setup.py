"""Paris's setup: the gangs in seat order, the first player in the tracker only, the
districts' configuration for the players (ruling D2), and each mode started with its
journal."""

from __future__ import annotations

from companion.input.pinmap import load_profile
from companion.rules.paris.tracker import Entry
from companion.session import Session
from companion.ui.paris.full import ParisFullScene
from companion.ui.paris.full_model import ParisFullTuning
from companion.ui.paris.setup import PARIS_SETUP, SEATS_NOTE, full_setup, tracker_setup
from companion.ui.paris.tracker import ParisTrackerScene
from companion.ui.scenes import AppContext
from companion.ui.setup_model import SetupModel, Wiring
from tests.ui.helpers import resumed_after_a_cut_deal, started_from


def keys(model: SetupModel) -> list[str]:
    return [row.key for row in model.rows]


def test_the_first_player_is_asked_in_the_tracker_only() -> None:
    model = SetupModel(PARIS_SETUP)
    assert keys(model) == ["mode", "players", "first", "districts", "start"]
    model.focus = keys(model).index("first")
    model.nav("select")
    model.nav("next")
    assert model.words(model.row) == "Y yellow", "the gangs in seat order, letter first"
    assert tracker_setup(model.choice())["first"] == 1
    model.set_mode("full")
    assert keys(model) == ["mode", "players", "districts", "humans", "start"]
    assert "first" not in full_setup(model.choice()), "the full game draws it"


def test_the_districts_follow_the_players_ruling_d2() -> None:
    model = SetupModel(PARIS_SETUP, players=4)
    model.focus = keys(model).index("districts")
    assert model.words(model.row) == "all nine"
    assert full_setup(model.choice())["districts"] == list(range(1, 10))
    model.set_players(2)
    model.nav("select")
    listed = {model.words(model.row)}
    for _ in range(5):
        model.nav("next")
        listed.add(model.words(model.row))
    assert len(listed) > 1 and all(" of " in words for words in listed)


def test_the_humans_row_names_the_gangs_not_seat_numbers() -> None:
    model = SetupModel(PARIS_SETUP, players=3)
    model.set_mode("full")
    row = next(row for row in model.rows if row.key == "humans")
    assert model.words(row) == "1 (P purple); 2 bots"
    model.values["humans"] = 0
    assert model.words(row) == "0 (nobody); 3 bots"


def test_the_tracker_journal_keeps_the_setup(app: AppContext) -> None:
    game = started_from(app, SetupModel(PARIS_SETUP, players=2))
    assert isinstance(game, ParisTrackerScene)
    game.model.colour("purple", "hunter", 0)
    session = Session.load(game.model.session.path)
    assert session.setup == {
        "players": 2,
        "colours": ["purple", "yellow"],
        "districts": [5, 6, 7, 8, 9],
        "board": "reference",
        "first": 0,
    }
    assert [s.action for s in session.history] == [Entry.stash()]
    game.close()


def test_the_full_journal_notes_its_people(app: AppContext) -> None:
    model = SetupModel(PARIS_SETUP, players=3)
    model.set_mode("full")
    model.values["humans"] = 0
    game = started_from(app, model, ParisFullTuning(bot_pause_ns=0))
    assert isinstance(game, ParisFullScene)
    assert game.model.humans == 0 and sorted(game.model.bots) == [0, 1, 2]
    game.close()
    (note,) = [n for n in Session.load(game.model.session.path).notes if n.kind == SEATS_NOTE]
    assert note.data == {"humans": 0}


def test_a_crash_during_the_opening_deal_keeps_who_is_a_person(app: AppContext) -> None:
    """The journal cut just after its first dealt line (a kill during the deal): the game
    resumes with the people it was started with (here none: bots only), not the default."""
    tuning = ParisFullTuning(bot_pause_ns=0)
    scene = resumed_after_a_cut_deal(app, PARIS_SETUP, ParisFullScene, tuning, players=3)
    assert scene.model.humans == 0 and sorted(scene.model.bots) == [0, 1, 2]
    scene.close()


def test_a_three_seat_build_keeps_the_games_players() -> None:
    """Numbered seats play with the navigation buttons; a colour button is a shortcut."""
    wiring = Wiring.of(load_profile("gpio-spi35"))
    model = SetupModel(PARIS_SETUP, players=9, wiring=wiring)
    assert model.player_range == (2, 4) and model.players == 4
