"""The Apocalypse FULL model without a screen: the bots play on time, the game menu asked
for while they do and when nothing of the person's is left to undo, and who chooses the
next round's first player (P10)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules.apocalypse import APOCALYPSE, CHOOSE
from companion.rules.apocalypse.tricks import RoundResult
from companion.session import Session
from companion.ui.apocalypse.full_model import ApocalypseFullModel, ApocalypseFullTuning
from companion.ui.game_model import MENU
from companion.ui.samples import play_until

PAUSE_NS = 1_000


def game(directory: Path, *, players: int = 3, humans: int = 1) -> ApocalypseFullModel:
    session = Session.start(APOCALYPSE, {"players": players}, 3, directory / "g.jsonl")
    tuning = ApocalypseFullTuning(bot_pause_ns=PAUSE_NS)
    return ApocalypseFullModel(session, humans=humans, now_ns=0, tuning=tuning)


@pytest.fixture
def model(tmp_path: Path) -> Iterator[ApocalypseFullModel]:
    played = game(tmp_path)
    yield played
    played.close()


def test_a_bot_plays_only_once_its_pause_is_over(tmp_path: Path) -> None:
    bots = game(tmp_path, humans=0)
    dealt = len(bots.session.history)
    assert bots.step == "wait"
    assert not bots.poll(PAUSE_NS - 1) and len(bots.session.history) == dealt
    assert bots.poll(PAUSE_NS) and bots.session.history[dealt].actor in bots.bots
    assert not bots.poll(PAUSE_NS + 1), "the pause counts again from its move"
    bots.close()


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
