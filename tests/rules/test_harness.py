"""The random-play harness passes a sound game and catches each kind of broken engine."""

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from companion.rules.base import JSON
from companion.rules.harness import check_random_games, play_random, play_random_game
from tests.rules.toygame import (
    PASS,
    TOY,
    ToyAction,
    ToyGame,
    ToyState,
    _after_turn,
    _with_hand,
    check_view,
    illegal_candidates,
)

SETUPS: list[Mapping[str, Any]] = [
    {"seats": 2},
    {"seats": 3, "hand_size": 4, "cards": 16},
    {"seats": 4, "hand_size": 3, "cards": 20},
]


def test_the_toy_game_passes_200_random_games_with_every_check() -> None:
    report = check_random_games(
        TOY,
        SETUPS,
        games=200,
        seed=0,
        view_check=check_view,
        illegal_actions=illegal_candidates,
        score_bounds=(0, 20),
    )
    assert report.games == 200
    assert report.chance_actions > 200 * 6
    assert report.actions > report.chance_actions
    assert report.illegal_refused > report.actions
    assert report.longest < 200


def test_play_random_makes_the_same_choices_as_the_checked_game() -> None:
    state, actions = play_random(TOY, SETUPS[1], seed=5)
    record = play_random_game(TOY, SETUPS[1], seed=5)
    assert actions == record.actions
    assert state == record.states[-1]
    assert TOY.is_over(state)


# --- deliberately broken games ---------------------------------------------------------------


class RandomLeader(ToyGame):
    """Non-deterministic: after a trick, a hidden global counter picks who leads."""

    counter = itertools.count()

    def _deal(self, state: ToyState, action: ToyAction) -> ToyState:
        after = super()._deal(state, action)
        holders = [s for s in range(after.seats) if after.hands[s]]
        if state.phase == "draw" and after.phase == "play":
            return replace(after, turn=holders[next(self.counter) % len(holders)])
        return after


class ForgetsPasses(ToyGame):
    """Its JSON drops the pass count, so a restored game ends tricks at the wrong time."""

    def state_to_json(self, state: ToyState) -> JSON:
        data = dict(TOY.state_to_json(state))  # type: ignore[arg-type]
        del data["passes"]
        return data

    def state_from_json(self, data: Any) -> ToyState:
        return TOY.state_from_json({**data, "passes": 0})


class BonusPoint(ToyGame):
    """Breaks card conservation: a trick of three or more cards scores one extra point."""

    def _deal(self, state: ToyState, action: ToyAction) -> ToyState:
        return super()._deal(state, action)

    def apply(self, state: ToyState, action: ToyAction) -> ToyState:
        after = super().apply(state, action)
        if len(state.pile) >= 2 and not after.pile:
            bonus = tuple(w + (w > s) for w, s in zip(after.won, state.won, strict=True))
            return replace(after, won=bonus)
        return after


class LeakyView(ToyGame):
    """Shows every hand to every seat."""

    def view(self, state: ToyState, seat: int) -> JSON:
        return {**TOY.view(state, seat), "hands": state.hands}  # type: ignore[dict-item]


class SetInView(ToyGame):
    """Its view is not JSON."""

    def view(self, state: ToyState, seat: int) -> JSON:
        return {"hand": set(state.hands[seat])}  # type: ignore[dict-item]


class MutatesItsInput(ToyGame):
    """Changes the state it was given (an undo would bring back a wrong state)."""

    def apply(self, state: ToyState, action: ToyAction) -> ToyState:
        after = super().apply(state, action)
        if action.kind == "play":
            object.__setattr__(state, "passes", state.passes + 1)
        return after


class NoClimbRule(ToyGame):
    """Forgets rule T2: accepts any card from the hand."""

    def _play(self, state: ToyState, action: ToyAction) -> ToyState:
        hand = state.hands[state.turn]
        if action.card not in hand:
            return super()._play(state, action)
        hands = _with_hand(state.hands, state.turn, tuple(c for c in hand if c != action.card))
        pile = (*state.pile, action.card)
        return _after_turn(replace(state, hands=hands, pile=pile, last_player=state.turn, passes=0))


class PassAnytime(ToyGame):
    """Forgets rule T3: accepts a pass even when the seat could climb."""

    def _pass(self, state: ToyState, action: ToyAction) -> ToyState:
        if not state.pile:
            return super()._pass(state, action)
        return _after_turn(replace(state, passes=state.passes + 1))


class LopsidedDice(ToyGame):
    """Its chance probabilities sum to more than 1."""

    def chance_outcomes(self, state: ToyState) -> Sequence[tuple[ToyAction, float]]:
        return tuple((action, 0.5) for action, _ in super().chance_outcomes(state))


class Endless(ToyGame):
    """Never ends: once the cards run out, everyone passes forever."""

    def actor(self, state: ToyState) -> int | None:
        return 0 if state.phase == "over" else super().actor(state)

    def legal_actions(self, state: ToyState) -> Sequence[ToyAction]:
        return (PASS,) if state.phase == "over" else super().legal_actions(state)

    def apply(self, state: ToyState, action: ToyAction) -> ToyState:
        if state.phase == "over" and action == PASS:
            return state
        return super().apply(state, action)


class ShortScores(ToyGame):
    """Forgets the last seat's score."""

    def scores(self, state: ToyState) -> tuple[float, ...]:
        return state.won[:-1]


@pytest.mark.parametrize(
    ("engine", "kwargs", "expected"),
    [
        (RandomLeader(), {}, "replay differs from live play"),
        (ForgetsPasses(), {}, "round trip changed the state"),
        (BonusPoint(), {}, "cards not conserved"),
        (LeakyView(), {"view_check": check_view}, "view of seat 0 has keys"),
        (SetInView(), {}, "view of seat 0 is not JSON"),
        (MutatesItsInput(), {}, "the kept state changed"),
        (NoClimbRule(), {"illegal_actions": illegal_candidates}, "was accepted"),
        (PassAnytime(), {}, "was accepted"),  # caught with no hook: PASS was seen earlier
        (LopsidedDice(), {}, "chance probabilities sum to"),
        (Endless(), {"max_steps": 500}, "did not end within max_steps=500"),
        (ShortScores(), {}, "scores for"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, ToyGame) else "",
)
def test_the_harness_catches_a_broken_engine(
    engine: ToyGame, kwargs: dict[str, Any], expected: str
) -> None:
    with pytest.raises(AssertionError, match=re.escape(expected)) as caught:
        check_random_games(engine, SETUPS, games=30, seed=100, **kwargs)
    message = str(caught.value)
    assert re.search(r"seed=1\d\d setup=\{.*\} at step \d+", message), message
    assert "reproduce: play_random_game(" in message


def test_a_failure_message_replays_to_the_same_failure() -> None:
    with pytest.raises(AssertionError) as caught:
        check_random_games(BonusPoint(), SETUPS, games=30, seed=100)
    message = str(caught.value)
    seed = int(re.findall(r"seed=(\d+)", message)[0])
    step = int(re.findall(r"at step (\d+)", message)[0])
    actions = json.loads(re.findall(r"as JSON\): (\[.*\])", message)[0])
    assert len(actions) == step
    setup = SETUPS[(seed - 100) % len(SETUPS)]
    with pytest.raises(AssertionError, match=f"at step {step} "):
        play_random_game(BonusPoint(), setup, seed=seed)


def test_no_setups_is_a_usage_error() -> None:
    with pytest.raises(ValueError, match="at least one setup"):
        check_random_games(TOY, [], games=1)
