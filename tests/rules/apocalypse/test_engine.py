"""The engine's public face: setup, states and their JSON, views, illegal actions, chance and
the round dealt at once, the legal plays and the random bot's pick, the invariants, and the
registry."""

import json
import random
from collections import Counter

import pytest

from companion.errors import IllegalAction
from companion.rules.apocalypse import (
    APOCALYPSE,
    DEAL,
    PLAY,
    Deal,
    DealCards,
    Play,
    play_actions,
)
from companion.rules.apocalypse.cards import SUIT_INDEX, points_of
from companion.rules.apocalypse.engine import Flip, random_play
from companion.rules.base import CHANCE, SetupError
from companion.rules.registry import get_engine
from tests.rules.apocalypse.script import arranged, calm, chaos, deal, ids, new, play
from tests.rules.apocalypse.test_examples import HANDS, before_the_example


def test_registered_as_apocalypse_with_its_rules_version() -> None:
    assert get_engine("apocalypse") is APOCALYPSE
    assert (APOCALYPSE.name, APOCALYPSE.rules_version) == ("apocalypse", "1")


def test_setup_defaults_are_filled_in_and_validation_is_idempotent() -> None:
    full = APOCALYPSE.validate_setup({})
    assert full == {"players": 4, "suits": ["red", "green", "purple", "blue"], "first": 0}
    assert APOCALYPSE.validate_setup(full) == full
    dropped = APOCALYPSE.validate_setup({"players": 3, "drop": "green"})
    assert dropped["suits"] == ["red", "purple", "blue", "yellow"]
    assert APOCALYPSE.validate_setup(dropped) == dropped
    for bad, words in (
        ({"players": 4, "first": 4}, "'first' must be"),
        ({"colours": ["red"]}, "unknown apocalypse setup option"),
        ({"players": 4, "drop": "red", "suits": ["red", "green", "purple", "blue"]}, "disagree"),
    ):
        with pytest.raises(SetupError, match=words):
            APOCALYPSE.validate_setup(bad)


def test_state_json_round_trip_mid_trick_and_after_rounds() -> None:
    state = play(before_the_example(), "red-8", "chaos:purple")
    for sample in (state, new(2), new(6)):
        text = json.dumps(APOCALYPSE.state_to_json(sample))
        assert APOCALYPSE.state_from_json(json.loads(text)) == sample
    with pytest.raises(ValueError, match="not an apocalypse state"):
        APOCALYPSE.state_from_json({"players": 4})


def test_the_view_shows_only_the_seats_own_hand() -> None:
    state = play(before_the_example(), "red-8")
    view = APOCALYPSE.view(state, 1)
    assert isinstance(view, dict)
    assert view["hand"] == [*sorted(HANDS[1][1:], key=_order), "chaos", "tranquility"]
    assert view["hand_sizes"] == [8, 9, 9, 9] and view["deck_count"] == 4
    assert view["trick"] == [[0, "red-8"]] and view["lead"] == "red"
    assert view["tokens"] == {"red": True, "green": False, "purple": False, "blue": True}
    other = APOCALYPSE.view(state, 2)
    assert isinstance(other, dict) and other["legal"] == []
    assert view["legal"][0] == "play red-4", "seat 1 is to play: it sees its legal plays"
    text = json.dumps(view)
    for other in ("red-9", "green-10", "purple-1"):  # other hands' cards
        assert other not in text
    assert "blue-8" not in text, "the cards set aside stay hidden"


def _order(name: str) -> int:
    suit, value = name.split("-")
    return SUIT_INDEX[suit] * 100 + int(value)


def test_illegal_actions_name_the_rule() -> None:
    state = new(4)
    with pytest.raises(
        IllegalAction,
        match=r"playing red 1 refused by ruling P3 \(the deal\): the cards of round 1 are being "
        r"dealt$",
    ):
        APOCALYPSE.apply(state, Play("red-1"))
    with pytest.raises(IllegalAction, match=r"ruling P3 \(the deal\): no yellow-1 is left"):
        APOCALYPSE.apply(state, Deal("yellow-1"))
    with pytest.raises(IllegalAction, match="not an apocalypse action"):
        APOCALYPSE.apply(state, "play red-1")  # type: ignore[arg-type]
    state = play(before_the_example(), "red-8", "chaos:purple", "tranquility")
    with pytest.raises(
        IllegalAction,
        match=r"playing red 1 refused by ruling P4 \(following\): P4 holds no red 1$",
    ):
        APOCALYPSE.apply(state, Play("red-1"))
    state = play(before_the_example(), "red-8", "chaos:purple")
    with pytest.raises(IllegalAction, match=r"P3 holds a red card \(red 3, red 9, red 10\)"):
        APOCALYPSE.apply(state, Play("green-7"))
    with pytest.raises(IllegalAction, match=r"ruling P5 \(tokens\): only a Chaos card"):
        APOCALYPSE.apply(state, Play("red-3", "green"))


def test_chance_deals_card_by_card_seat_by_seat() -> None:
    state = new(4)
    assert APOCALYPSE.actor(state) == CHANCE
    outcomes = APOCALYPSE.chance_outcomes(state)
    assert [a for a, _ in outcomes] == list(APOCALYPSE.legal_actions(state))
    assert all(p == pytest.approx(1 / 36) for _, p in outcomes)
    state = APOCALYPSE.apply(state, Deal("green-7"))
    assert state.hands[0] & ids("green-7") and state.turn == 0
    state = deal(new(4), *HANDS)
    assert state.phase == PLAY and state.hand_sizes == (10, 10, 10, 10)


def test_a_round_dealt_at_once_draws_what_the_outcomes_say() -> None:
    """``deal_round`` deals each card as likely as ``chance_outcomes`` says (1 in 36 for the
    first card of a 4-player round), and fills every hand."""
    state = new(4)
    firsts = Counter(APOCALYPSE.deal_round(state, random.Random(s)).cards[0] for s in range(7200))
    assert set(firsts) == {action.card for action, _ in APOCALYPSE.chance_outcomes(state)}  # type: ignore[union-attr]
    assert all(120 < n < 290 for n in firsts.values()), "about 200 each (1 in 36)"
    deal = APOCALYPSE.deal_round(state, random.Random(1))
    assert len(deal.cards) == 32 and len(set(deal.cards)) == 32
    assert APOCALYPSE.apply(state, deal).phase == PLAY
    duel = new(2)
    duel = APOCALYPSE.apply(duel, APOCALYPSE.deal_round(duel, random.Random(2)))
    assert duel.phase == PLAY and duel.hand_sizes == (13, 13)


def test_a_round_dealt_in_one_action_is_the_same_as_card_by_card() -> None:
    for players, seed in ((4, 3), (2, 4), (6, 5)):
        state = new(players)
        deal_cards = APOCALYPSE.deal_round(state, random.Random(seed))
        at_once = APOCALYPSE.apply(state, deal_cards)
        for card in deal_cards.cards:
            state = APOCALYPSE.apply(state, Deal(card))
        assert at_once == state and state.phase == PLAY
        APOCALYPSE.check_invariants(at_once)


def test_a_deal_of_several_cards_is_refused_as_its_cards_would_be() -> None:
    state = new(4)
    first_half = APOCALYPSE.deal_round(state, random.Random(1)).cards[:16]
    half = APOCALYPSE.apply(state, DealCards(first_half))
    assert half.dealt == 16 and half.turn == 2 and half.phase == DEAL
    with pytest.raises(IllegalAction, match=r"ruling P3 .*no yellow-1 is left to deal"):
        APOCALYPSE.apply(state, DealCards(("red-1", "yellow-1")))
    with pytest.raises(IllegalAction, match=r"no red-1 is left to deal"):
        APOCALYPSE.apply(state, DealCards(("red-1", "red-1")))
    with pytest.raises(IllegalAction, match=r"33 cards, but only 32 are left to deal"):
        APOCALYPSE.apply(state, DealCards(("red-1",) * 33))
    dealt = APOCALYPSE.apply(state, APOCALYPSE.deal_round(state, random.Random(2)))
    with pytest.raises(
        IllegalAction,
        match=r"dealing 1 card refused by ruling P4 \(playing a card\): P1 must first play",
    ):
        APOCALYPSE.apply(dealt, DealCards(("red-1",)))


def test_random_play_is_the_legal_play_a_draw_picks() -> None:
    """The random bot's pick without a list is the pick from the list (the simulator's
    figures depend on it): with Chaos plays per token, Tranquility and Horseman cards."""
    opening = before_the_example()
    for state in (opening, play(opening, "red-8"), play(opening, "red-8", "chaos:purple")):
        legal = play_actions(state)
        assert legal == tuple(APOCALYPSE.legal_actions(state)) and len(legal) > 1
        for seed in range(40):
            draw = random.Random(seed).random()
            assert random_play(state, random.Random(seed)) == legal[int(draw * len(legal))]


def test_the_invariants_catch_a_lost_or_doubled_card_and_bad_tokens() -> None:
    hands = [ids("red-1", "red-2") | chaos(0), ids("red-3") | calm(1), ids("green-1")]
    state = arranged(new(3), hands)
    APOCALYPSE.check_invariants(state)
    doubled = state._replace(discard=ids("red-1"))  # in seat 0's hand and discarded
    with pytest.raises(AssertionError, match=r"cards not conserved \(ruling P2\): in two"):
        APOCALYPSE.check_invariants(doubled)
    lost = state._replace(hands=(hands[0], ids("red-3") ^ hands[1], hands[2]))
    with pytest.raises(AssertionError, match="nowhere"):
        APOCALYPSE.check_invariants(lost)
    moved = state._replace(hands=(hands[0], hands[1] | ids("green-1"), 0))  # union and sum kept
    APOCALYPSE.check_invariants(moved)
    stray = state._replace(discard=ids("yellow-1"))  # a card not in a 3-player game
    with pytest.raises(AssertionError, match="not in this game"):
        APOCALYPSE.check_invariants(stray)
    with pytest.raises(AssertionError, match="black tokens"):
        APOCALYPSE.check_invariants(state._replace(tokens=1))
    red_1 = ids("red-1").bit_length() - 1
    twice = state._replace(tokens=1, flips=(Flip(0, 0, red_1, 0), Flip(0, 1, red_1 + 1, 0)))
    with pytest.raises(AssertionError, match="a token turned twice"):
        APOCALYPSE.check_invariants(twice)
    by_green = state._replace(tokens=1, flips=(Flip(0, 2, ids("green-1").bit_length() - 1, 0),))
    with pytest.raises(AssertionError, match="neither of its suit nor Chaos"):
        APOCALYPSE.check_invariants(by_green)
    with pytest.raises(AssertionError, match="rounds scored"):
        APOCALYPSE.check_invariants(state._replace(round=2))
    played = play(state, "red-1")
    with pytest.raises(AssertionError, match="its token is coloured"):
        APOCALYPSE.check_invariants(played._replace(tokens=0, flips=()))
    with pytest.raises(AssertionError, match="leading suit"):
        APOCALYPSE.check_invariants(played._replace(lead=SUIT_INDEX["green"]))


def test_points_and_totals_are_what_the_cards_score() -> None:
    hands = [ids("red-1", "red-2") | chaos(0), ids("red-3") | calm(1), ids("green-1")]
    state = arranged(new(3), hands, won=[ids("red-6"), 0, 0])
    assert state.points == (points_of(ids("red-6")), 0, 0) == (6, 0, 0)
    state = play(arranged(new(3), hands), "red-1", "red-3", "green-1")  # seat 2's hand is empty
    assert state.rounds[0].raw == (20, 3 + 20, 0) and state.totals == (20, 23, 0)
    data = APOCALYPSE.state_to_json(state)
    assert isinstance(data, dict)
    rounds = data["rounds"]
    assert isinstance(rounds, list) and isinstance(rounds[0], dict)
    rounds[0]["scores"] = [20, 23, 1]
    with pytest.raises(ValueError, match=r"round 1: the scores .* \(rulings P9, P12\)"):
        APOCALYPSE.state_from_json(data)


def test_apply_never_changes_its_argument() -> None:
    state = before_the_example()
    snapshot = json.dumps(APOCALYPSE.state_to_json(state))
    play(state, "red-8", "chaos:green", "red-3", "purple-8")
    assert json.dumps(APOCALYPSE.state_to_json(state)) == snapshot
    assert state.phase == PLAY and state.phase != DEAL
