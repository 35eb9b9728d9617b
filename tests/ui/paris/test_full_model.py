"""The Paris FULL model without a screen: the bots play on time (not while a settlement is
shown), the game menu asked for while they do and when nothing of the person's is left to
undo, and a half-made choice stepped out of before any undo."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from companion.rules.paris import PARIS
from companion.ui.game_model import MENU
from companion.ui.paris.full_model import ParisFullModel
from companion.ui.samples import first_option, play_until
from tests.ui.helpers import full_model, step


@pytest.fixture
def model(tmp_path: Path) -> Iterator[ParisFullModel]:
    """Three players, seed 7, purple a person, the bots playing at once."""
    with closing(full_model(ParisFullModel, PARIS, tmp_path, seed=7)) as played:
        yield played


def test_the_bots_wait_while_a_settlement_is_shown(model: ParisFullModel) -> None:
    play_until(model, lambda m: m.step == "report", person=first_option)
    assert not model.poll(10**12) and model.step == "report", "the table reads it first"
    model.select(0)  # go on
    assert model.step != "report"


def test_select_while_the_bots_play_and_back_with_nothing_of_yours_ask_for_the_menu(
    model: ParisFullModel,
) -> None:
    assert model.back() == MENU, "nothing of the person's to undo: the game menu"
    play_until(model, lambda m: m.step == "wait", person=first_option)
    assert model.select(0) == MENU


def test_back_steps_out_of_a_half_made_choice_then_undoes(model: ParisFullModel) -> None:
    play_until(model, lambda m: m.step == "turn", person=first_option)
    model.pick([c.key for c in model.choices()].index("place"), 0)
    assert step(model) in ("district", "count")
    assert model.back() is None and step(model) == "turn"
    moves = len(model.session.history)
    model.pick(0, 0)  # stash only
    model.pick(0, 0)  # the first stash
    assert len(model.session.history) > moves
    assert model.back() is None and model.notices[-1].startswith("undone: your last choice")
    assert len(model.session.history) == moves and step(model) == "turn"


def test_a_draft_cannot_be_taken_back_the_stash_drawn_is_seen(model: ParisFullModel) -> None:
    play_until(model, lambda m: m.step == "draft", person=first_option)
    model.select(0)  # takes from the first pile: the stash is drawn at once
    history = tuple(model.session.history)
    assert history[-1].is_chance, "the draw follows the take"
    assert model.back() is None
    assert model.session.history == history
    assert model.notices[-1] == "a stash or counter was drawn since: it cannot be taken back"
