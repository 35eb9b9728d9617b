"""Apocalypse's setup: numbered seats, the suit left out with 3 or 4 players (ruling P2),
the suits named without loading the engines, and each mode started with its journal."""

from __future__ import annotations

import pytest

from companion.input.pinmap import load_profile
from companion.rules.apocalypse.tracker import Entry
from companion.session import Session
from companion.ui.apocalypse.full import ApocalypseFullScene
from companion.ui.apocalypse.full_model import ApocalypseFullTuning
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP, SEATS_NOTE, SUITS, tracker_setup
from companion.ui.apocalypse.tracker import ApocalypseTrackerScene
from companion.ui.scenes import AppContext
from companion.ui.setup_model import SetupModel, Wiring
from tests.ui.helpers import resumed_after_a_cut_deal, started_from


def row_words(model: SetupModel, key: str) -> str:
    return model.words(next(row for row in model.rows if row.key == key))


def test_the_setup_names_the_engines_suits_without_loading_them() -> None:
    """The start menu knows the suits without importing the engines (a quicker first
    frame); they must be the engines' own."""
    from companion.rules.apocalypse.cards import SUITS as FULL_SUITS
    from companion.rules.apocalypse.tracker import SUITS as TRACKER_SUITS

    assert SUITS == FULL_SUITS == TRACKER_SUITS


@pytest.mark.parametrize(
    ("players", "words", "drop"),
    [(2, "none (the Duel plays three suits)", None), (3, "yellow", "yellow"), (5, "none", None)],
)
def test_a_suit_is_left_out_with_three_or_four_players_ruling_p2(
    players: int, words: str, drop: str | None
) -> None:
    model = SetupModel(APOCALYPSE_SETUP, players=players)
    assert row_words(model, "drop") == words
    assert tracker_setup(model.choice()).get("drop") == drop
    assert [row.key for row in model.rows] == ["mode", "players", "first", "drop", "start"]


def test_the_tracker_journal_keeps_the_setup(app: AppContext) -> None:
    game = started_from(app, SetupModel(APOCALYPSE_SETUP, players=4))
    assert isinstance(game, ApocalypseTrackerScene)
    game.model.colour("red", "chief", 0)
    keys = [choice.key for choice in game.model.choices()]
    game.model.pick(keys.index("8"), 0)
    session = Session.load(game.model.session.path)
    assert session.setup == {"players": 4, "first": 0, "drop": "yellow", "duel_suits": None}
    assert [step.action for step in session.history] == [Entry.horseman("red", 8)]
    game.close()


def test_the_full_journal_notes_its_people(app: AppContext) -> None:
    model = SetupModel(APOCALYPSE_SETUP, players=3)
    model.set_mode("full")
    game = started_from(app, model, ApocalypseFullTuning(bot_pause_ns=0))
    assert isinstance(game, ApocalypseFullScene)
    assert game.model.humans == 1 and sorted(game.model.bots) == [1, 2]
    assert game.model.pause_ns == 0, "the tests' tuning reached the model"
    game.close()
    (note,) = [n for n in Session.load(game.model.session.path).notes if n.kind == SEATS_NOTE]
    assert note.data == {"humans": 1}


def test_a_crash_during_the_opening_deal_keeps_who_is_a_person(app: AppContext) -> None:
    """The journal cut just after its first dealt line (a kill during the deal): the game
    resumes with the people it was started with (here none: bots only), not the default."""
    tuning = ApocalypseFullTuning(bot_pause_ns=0)
    scene = resumed_after_a_cut_deal(app, APOCALYPSE_SETUP, ApocalypseFullScene, tuning, players=3)
    assert scene.model.humans == 0
    scene.close()


def test_a_three_seat_build_keeps_the_games_players() -> None:
    """Numbered seats play with the navigation buttons; a colour button is a shortcut."""
    wiring = Wiring.of(load_profile("gpio-spi35"))
    model = SetupModel(APOCALYPSE_SETUP, players=9, wiring=wiring)
    assert model.player_range == (2, 6) and model.players == 6
