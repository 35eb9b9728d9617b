"""The engine interface, and the toy game that stands in for real games."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from companion.errors import IllegalAction
from companion.rules.base import (
    CHANCE,
    Engine,
    Outcome,
    SetupError,
    illegal,
    int_value,
    sample_chance,
)
from tests.rules.toygame import PASS, TOY, ToyAction, ToyState


def deal(state: ToyState, cards: list[int]) -> ToyState:
    """Deal exact cards through the chance actor, as a test or a TRACKER entry would."""
    for card in cards:
        assert TOY.actor(state) == CHANCE
        state = TOY.apply(state, ToyAction("deal", card))
    return state


def dealt(hands: tuple[list[int], list[int]] = ([2, 5, 9], [3, 4, 11])) -> ToyState:
    """A 2-seat game after dealing ``hands`` (the deal alternates seat 0, seat 1, ...)."""
    order = [card for pair in zip(*hands, strict=True) for card in pair]
    return deal(TOY.new({"seats": 2}, seed=0), order)


# --- setup -----------------------------------------------------------------------------------


def test_validate_setup_fills_defaults_and_is_idempotent() -> None:
    full = TOY.validate_setup({"seats": 3})
    assert full == {"seats": 3, "hand_size": 3, "cards": 12}
    assert TOY.validate_setup(full) == full


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"seats": 7}, r"'seats' must be an integer from 2 to 4, got 7"),
        ({"seats": "2"}, r"'seats' must be an integer from 2 to 4, got '2'"),
        ({"seats": 4, "hand_size": 5, "cards": 12}, r"'cards' must be an integer from 20"),
        ({"players": 2}, r"unknown setup option\(s\) \['players'\]"),
    ],
)
def test_a_bad_setup_raises_a_setup_error_naming_option_and_value(
    setup: dict[str, object], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        TOY.new(setup, seed=0)


def test_setup_error_is_also_a_value_error() -> None:
    with pytest.raises(ValueError, match="seats"):
        TOY.new({"seats": 1}, seed=0)


# --- chance ----------------------------------------------------------------------------------


def test_chance_deals_an_exact_hand() -> None:
    state = dealt(([2, 5, 9], [3, 4, 11]))
    assert state.hands == ((2, 5, 9), (3, 4, 11))
    assert TOY.actor(state) == 0


def test_chance_outcomes_and_legal_actions_agree_at_a_chance_node() -> None:
    state = TOY.new({"seats": 2}, seed=0)
    outcomes = TOY.chance_outcomes(state)
    assert [a for a, _ in outcomes] == list(TOY.legal_actions(state))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert TOY.chance_outcomes(dealt()) == ()


def test_sample_chance_is_deterministic_for_a_seeded_rng() -> None:
    outcomes = [("a", 0.5), ("b", 0.25), ("c", 0.25)]
    first = [sample_chance(outcomes, random.Random(9)) for _ in range(3)]
    again = [sample_chance(outcomes, random.Random(9)) for _ in range(3)]
    assert first == again


def test_sample_chance_follows_the_probabilities() -> None:
    rng = random.Random(1)
    counts = Counter(sample_chance([("a", 0.75), ("b", 0.25)], rng) for _ in range(4000))
    assert 2800 < counts["a"] < 3200


def test_sample_chance_without_outcomes_is_an_error() -> None:
    with pytest.raises(ValueError, match="no chance outcomes"):
        sample_chance([], random.Random(0))


# --- actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        (dealt(), ToyAction("play", 3), r"rule T1 \(own cards\): seat 0 does not hold 3"),
        (dealt(), PASS, r"rule T3 \(pass only when stuck\)"),
        (dealt(), ToyAction("deal", 1), r"rule T0 \(turn order\)"),
        (TOY.new({"seats": 2}, 0), ToyAction("play", 1), r"rule T0 \(turn order\)"),
        (TOY.new({"seats": 2}, 0), ToyAction("deal", 13), r"rule T4 \(deck\)"),
    ],
)
def test_an_illegal_action_names_the_rule_and_the_action(
    state: ToyState, action: ToyAction, message: str
) -> None:
    with pytest.raises(IllegalAction, match=message) as caught:
        TOY.apply(state, action)
    assert repr(action) in str(caught.value)


def test_climbing_below_the_top_card_breaks_rule_t2() -> None:
    state = TOY.apply(dealt(), ToyAction("play", 9))
    with pytest.raises(IllegalAction, match=r"rule T2 \(climb\): 4 is not above the top card 9"):
        TOY.apply(state, ToyAction("play", 4))


def test_apply_returns_a_new_state_and_keeps_the_old_one() -> None:
    before = dealt()
    after = TOY.apply(before, ToyAction("play", 2))
    assert before.hands[0] == (2, 5, 9)
    assert after.hands[0] == (5, 9)
    assert after.pile == (2,)


def test_a_won_trick_scores_and_makes_the_winner_draw() -> None:
    state = TOY.apply(dealt(), ToyAction("play", 9))
    state = TOY.apply(state, ToyAction("play", 11))
    state = TOY.apply(state, PASS)  # seat 0 holds nothing above 11
    assert state.won == (0, 2)
    assert TOY.actor(state) == CHANCE
    state = deal(state, [12])
    assert state.hands[1] == (3, 4, 12)
    assert TOY.actor(state) == 1


def test_legal_actions_can_be_counted_tested_and_iterated() -> None:
    legal = TOY.legal_actions(dealt())
    assert len(legal) == 3
    assert ToyAction("play", 5) in legal
    assert [a.card for a in legal] == [2, 5, 9]


def test_illegal_builds_a_message_with_rule_action_and_reason() -> None:
    error = illegal("rule X1 (demo)", ToyAction("play", 3), "because")
    assert isinstance(error, IllegalAction)
    assert str(error) == "ToyAction(kind='play', card=3) refused by rule X1 (demo): because"


# --- views, JSON, results --------------------------------------------------------------------


def test_a_view_shows_the_own_hand_and_only_the_size_of_others() -> None:
    view = TOY.view(dealt(), seat=1)
    assert isinstance(view, dict)
    assert view["hand"] == (3, 4, 11)
    assert view["hand_sizes"] == [3, 3]
    assert "9" not in json.dumps(view["hand_sizes"]) + json.dumps(view["hand"])
    assert "deck" not in view


def test_state_and_action_round_trip_through_json_text() -> None:
    state = TOY.apply(dealt(), ToyAction("play", 5))
    text = json.dumps(TOY.state_to_json(state))
    assert TOY.state_from_json(json.loads(text)) == state
    for action in (PASS, ToyAction("play", 5), ToyAction("deal", 7)):
        assert TOY.action_from_json(json.loads(json.dumps(TOY.action_to_json(action)))) == action


@pytest.mark.parametrize("data", [None, {"kind": "fly"}, {"kind": "play", "card": "3"}])
def test_malformed_action_json_is_a_value_error(data: object) -> None:
    with pytest.raises(ValueError, match="toy action"):
        TOY.action_from_json(data)


def test_malformed_state_json_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a toy state"):
        TOY.state_from_json({"phase": "play"})


@pytest.mark.parametrize("value", [True, 3.0, "3", None])
def test_int_value_refuses_what_is_not_an_integer(value: object) -> None:
    assert int_value(3) == 3
    with pytest.raises(ValueError, match=f"expected an integer, got {value!r}"):
        int_value(value)


def test_outcome_is_none_until_the_end_then_data() -> None:
    state = dealt()
    assert TOY.outcome(state) is None
    over = replace(state, phase="over", won=(4, 4))
    assert TOY.is_over(over)
    assert TOY.actor(over) is None
    assert TOY.outcome(over) == Outcome(scores=(4, 4), winners=(0, 1), reason="game over")
    assert json.loads(json.dumps(Outcome((1, 2), (1,), "x").to_json())) == {
        "scores": [1, 2],
        "winners": [1],
        "reason": "x",
    }


def test_repr_is_a_constructor_call() -> None:
    assert repr(TOY) == "ToyGame()"
    assert eval(repr(ToyAction("play", 3))) == ToyAction("play", 3)


def test_engine_cannot_be_instantiated_without_the_rules() -> None:
    with pytest.raises(TypeError, match="abstract"):
        Engine()  # type: ignore[abstract]


def test_the_examples_in_the_docstrings_hold() -> None:
    import doctest

    import companion.rules.base

    failed, tried = doctest.testmod(companion.rules.base)
    assert tried >= 3 and failed == 0
