"""The Apocalypse TRACKER model without a screen: the options of each step, the game menu
asked for, refusals and undo as notices, the round's end and who chooses next (P10)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from companion.rules.apocalypse.tracker import TRACKER, Entry, TrackerState, entry_words
from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel
from companion.ui.game_model import MENU
from tests.ui.helpers import keys, step, tracker_session


@pytest.fixture
def model(tmp_path: Path) -> Iterator[ApocalypseTrackerModel]:
    with closing(ApocalypseTrackerModel(tracker_session(TRACKER, tmp_path))) as tracked:
        yield tracked


def state(model: ApocalypseTrackerModel) -> TrackerState:
    """The state, read afresh (mypy would keep an earlier narrowing)."""
    return model.state


def to_round_end(model: ApocalypseTrackerModel) -> None:
    """The first option of every step until the round's scores are asked for."""
    for _ in range(500):
        if model.step in ("score", "specials"):
            return
        model.focus = 0
        model.select(0)
    raise AssertionError("the round did not end")


def test_a_card_is_a_suit_then_its_value_and_menu_asks_for_the_game_menu(
    model: ApocalypseTrackerModel,
) -> None:
    assert keys(model)[-1] == MENU and model.pick(len(keys(model)) - 1, 0) == MENU
    model.colour("red", "chief", 0)
    assert step(model) == "value" and model.prompt() == "P1: red, which value?"
    model.pick(keys(model).index("8"), 0)
    assert state(model).trick[0].words == "red 8" and step(model) == "card"


def test_back_steps_out_of_a_card_then_undoes_then_says_nothing_is_left(
    model: ApocalypseTrackerModel,
) -> None:
    model.colour("red", "chief", 0)
    model.pick(keys(model).index("8"), 0)
    model.colour("green", "chief", 0)
    assert model.back() is None and model.step == "card" and len(state(model).trick) == 1
    model.back()
    assert state(model).trick == () and model.notices[-1] == "undone: P1 red 8"
    model.back()
    assert model.notices[-1] == "nothing to undo"


def test_a_refused_suit_is_a_notice_with_its_rule(tmp_path: Path) -> None:
    model = ApocalypseTrackerModel(tracker_session(TRACKER, tmp_path, players=4))
    model.colour("yellow", "chief", 0)  # yellow is left out with four players
    assert "ruling P2 (suits)" in model.notices[-1] and model.step == "card"
    model.close()


def test_a_tie_names_the_last_trick_winner_as_chooser(model: ApocalypseTrackerModel) -> None:
    to_round_end(model)
    model.session.apply(Entry.score(totals=[10, 10, 3]))
    leader = state(model).leader
    assert leader is not None and leader == state(model).last_winner
    # the winner of the last trick chooses, even without the most points (P10)
    assert model.prompt() == (
        f"Tie for the most points: P{leader + 1} won the last trick and chooses who starts "
        "round 2 (ruling P10)"
    )
    assert state(model).round == 2, "the round counter moved on with the scores, as in FULL"


def test_entries_in_the_screens_words() -> None:
    assert entry_words(Entry.horseman("blue", None), 1) == "P2 blue (value later)"
    assert entry_words(Entry.lead(0), 2) == "P3 naming P1 to open"
    assert entry_words(Entry.skip(), None) == "skipping"  # a refusal: the entry alone
