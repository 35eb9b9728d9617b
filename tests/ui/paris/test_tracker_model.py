"""The Paris TRACKER (bank) model without a screen: a turn's options, the seat buttons of
the gang to play (and of the others), the game menu asked for, undo as notices."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from companion.rules.paris.tracker import TRACKER, Entry
from companion.ui.game_model import MENU
from companion.ui.paris.tracker_model import ParisTrackerModel
from tests.ui.helpers import keys, step, tracker_session


@pytest.fixture
def model(tmp_path: Path) -> Iterator[ParisTrackerModel]:
    with closing(ParisTrackerModel(tracker_session(TRACKER, tmp_path))) as bank:
        yield bank


def test_a_turns_options_end_with_the_menu(model: ParisTrackerModel) -> None:
    assert keys(model) == ["stash", "place", MENU], "nothing on the board to move, no bail yet"
    assert model.prompt() == "purple's turn: what did they do?"
    assert model.pick(keys(model).index(MENU), 0) == MENU
    assert model.select(0) == MENU, "the focus followed the pick"


def test_a_placement_with_the_gangs_buttons_then_its_stash(model: ParisTrackerModel) -> None:
    for button in ("chief", "chief", "chief", "warrior", "hunter"):  # placed: 2 L, 1 N, done
        model.colour("purple", button, 0)
    assert model.state.board_leaders[0] == 2 and model.state.board_novices[0] == 1
    assert model.step == "stash"
    model.colour("purple", "warrior", 0)
    assert model.notices[-1] == "one optional action per turn (ruling D5)"
    model.colour("purple", "hunter", 0)
    assert model.seat == 1
    assert [s.action for s in model.session.history] == [Entry.place(2, 1), Entry.stash()]


def test_only_the_gang_to_play_and_the_gangs_in_the_game(model: ParisTrackerModel) -> None:
    model.colour("yellow", "hunter", 0)
    assert model.notices[-1] == "it is purple's turn, not yellow's"
    model.colour("blue", "hunter", 0)
    assert model.notices[-1] == "blue is not playing"
    assert not model.session.history


def test_back_cancels_then_undoes_then_says_nothing_is_left(model: ParisTrackerModel) -> None:
    model.pick(keys(model).index("place"), 0)
    assert step(model) == "place" and model.back() is None and step(model) == "turn"
    model.select(0)  # stash placed
    model.back()
    assert not model.session.history and model.notices[-1].startswith("undone: ")
    model.back()
    assert model.notices[-1] == "nothing to undo"


def test_a_settled_district_reads_who_holds_it_and_its_undo_names_the_gang(
    model: ParisTrackerModel,
) -> None:
    """The bank says only what the table entered (ruling D7): purple placed 3 leaders, the
    table says purple holds district 5: "purple holds it", never a count."""
    for button in ("chief", "chief", "chief", "hunter", "hunter"):  # 3 leaders, done, stash
        model.colour("purple", button, 0)
    while model.step in ("turn", "stash"):
        model.choose("stash", 0)
    assert model.step == "holder" and model.state.district == 2  # the first in play
    assert model.prompt() == "2 (orange district): who holds it?", "number first (screen)"
    assert model.info().endswith("; now 2 (orange district)")
    model.colour("purple", "chief", 0)  # district 2: purple holds it
    model.choose("1", 0)  # slot 1: money 500
    assert model.info() == (
        "2 (orange district): purple holds it; uncovered: money 500: purple wins 500 F"
    )
    model.back()
    assert model.notices[-1] == "undone: settled: purple holds it, slot 1 uncovered"
