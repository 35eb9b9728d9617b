"""The Apocalypse FULL model without a screen: the bots play on time, the game menu asked
for while they do and when nothing of the person's is left to undo, and who chooses the
next round's first player (P10)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from companion.rules.apocalypse import APOCALYPSE, CHOOSE
from companion.rules.apocalypse.tricks import RoundResult
from companion.session import Session
from companion.ui.apocalypse.full_model import ApocalypseFullModel
from companion.ui.game_model import MENU
from companion.ui.samples import play_until
from tests.ui.helpers import full_model

PAUSE_NS = 1_000


def game(directory: Path, *, humans: int = 1) -> ApocalypseFullModel:
    """Three players, seed 3, the bots pausing ``PAUSE_NS``."""
    return full_model(
        ApocalypseFullModel, APOCALYPSE, directory, seed=3, humans=humans, pause_ns=PAUSE_NS
    )


@pytest.fixture
def model(tmp_path: Path) -> Iterator[ApocalypseFullModel]:
    with closing(game(tmp_path)) as played:
        yield played


def test_bots_alone_play_a_whole_game_that_replays(tmp_path: Path) -> None:
    bots = game(tmp_path, humans=0)
    tick = iter(range(0, 10**9, PAUSE_NS))
    for _ in range(5000):
        if bots.step == "over":
            break
        bots.poll(next(tick))
    assert APOCALYPSE.outcome(bots.state) is not None and len(bots.state.rounds) == 3
    assert Session.load(bots.session.path).state == bots.state
    bots.close()


def test_select_while_the_bots_play_and_back_with_nothing_of_yours_ask_for_the_menu(
    model: ApocalypseFullModel,
) -> None:
    assert model.back() == MENU, "nothing of the person's to undo: the game menu"
    play_until(model, lambda m: m.step == "wait")
    assert model.select(0) == MENU


def test_a_tie_for_the_most_points_says_who_chooses_and_why(model: ApocalypseFullModel) -> None:
    state = model.state
    for totals, words in (((9, 5, 1), "P1 has the most points"), ((5, 5, 1), "Tie for the most")):
        model.session._states[-1] = state._replace(
            phase=CHOOSE, turn=0, rounds=(RoundResult(1, (0,) * 3, (0,) * 3, totals),)
        )
        assert model.step == "choose" and model.prompt().startswith(words)
    model.session._states[-1] = state
