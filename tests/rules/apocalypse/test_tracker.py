"""Apocalypse TRACKER engine: cards entered at the table, tokens, tricks, rounds, the Duel."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.rules.apocalypse.tracker import (
    TRACKER,
    Entry,
    TrackerState,
    chooser,
    suits_in_play,
)
from companion.rules.base import SetupError
from companion.rules.harness import check_random_games
from companion.rules.registry import get_engine
from tests.rules.checked import play_checked

H, CHAOS, TRANQUILITY, SKIP = Entry.horseman, Entry.chaos, Entry.tranquility, Entry.skip
LEAD, FIRST, SCORE, VALUE = Entry.lead, Entry.first, Entry.score, Entry.give_value


def new(players: int = 4, **setup: Any) -> TrackerState:
    return TRACKER.new({"players": players, **setup}, 0)


def play(state: TrackerState, *entries: Entry) -> TrackerState:
    return play_checked(TRACKER, state, *entries)


def refused(state: TrackerState, entry: Entry, rule: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        TRACKER.apply(state, entry)
    message = str(caught.value)
    assert rule in message, message
    return message


def play_round(state: TrackerState) -> TrackerState:
    """Play until the round ends: each seat the next legal card of the engine's list (the
    lowest unplayed Horseman card of its own suit first); the winner leads again."""
    while state.phase in ("play", "lead"):
        if state.phase == "lead":
            state = play(state, LEAD(state.leader or 0))
            continue
        seat = state.to_play
        assert seat is not None
        own = state.suits[seat % len(state.suits)]
        legal = list(TRACKER.legal_actions(state))
        mine = [e for e in legal if e.kind == "horseman" and e.suit == own and e.value]
        state = play(state, (mine or [e for e in legal if e.value or e.kind != "horseman"])[0])
    return state


# --- the engine and the harness --------------------------------------------------------------


def test_the_registry_finds_it_by_name() -> None:
    assert get_engine("apocalypse_tracker") is TRACKER


def illegal_candidates(state: TrackerState) -> list[Entry]:
    """Entries a rule forbids here, for the harness to try."""
    found = [H("orange", 3), H(state.suits[0], 5), Entry.lead(state.players)]
    if state.phase == "play":
        found += [H(suit, value) for suit, value in state.played[:2]]
        found += [CHAOS("not-a-token")]
        leading = state.leading
        if leading is not None:
            found.append(H(leading))  # the leading suit without its value
    if state.phase in ("lead", "first", "score", "values"):
        found.append(TRANQUILITY())
    return [e for e in found if e not in TRACKER.legal_actions(state)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(players: int) -> None:
    report = check_random_games(
        TRACKER,
        [{"players": players}],
        games=4,
        illegal_actions=illegal_candidates,
        score_bounds=(0, 3 * 400),
    )
    assert report.games == 4 and report.illegal_refused > 0


def test_setup_defaults_and_errors() -> None:
    assert TRACKER.validate_setup({"players": 4}) == {
        "players": 4,
        "first": 0,
        "drop": "yellow",
        "duel_suits": None,
    }
    assert suits_in_play(TRACKER.validate_setup({"players": 3, "drop": "red"})) == (
        "green",
        "purple",
        "blue",
        "yellow",
    )
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 7}, "2 to 6 players (ruling P1)"),
        ({"players": 4, "drop": "orange"}, "drop one suit"),
        ({"players": 2, "duel_suits": ["red", "red", "blue"]}, "three different suits (P12)"),
        ({"players": 4, "first": 4}, "a seat from 0 to 3"),
        ({"players": 4, "colour": "red"}, "unknown option(s) ['colour']"),
    ]
    for bad, words in cases:
        with pytest.raises(SetupError, match=re.escape(words)):
            TRACKER.validate_setup(bad)


# --- the rulebook's example ------------------------------------------------------------------


def test_the_rulebook_example_trick() -> None:
    """Anna red 8, Barry Chaos flipping purple, Camilla Tranquility, David green 4: the last
    token turns, an Apocalypse; Barry's Chaos (5, leading suit) is the lowest: 17 points."""
    state = replace(new(4), black=("blue",))  # "the tokens are in a certain state"
    state = play(state, H("red", 8))
    assert state.black == ("blue", "red") and state.leading == "red"
    state = play(state, CHAOS("purple"))
    state = play(state, TRANQUILITY())
    assert not state.apocalypse
    state = play(state, H("green", 4))  # off-suit: its value is given, the trick turns
    result = state.last_trick
    assert result is not None and result.apocalypse and result.winner == 1
    assert result.points == 17 and [p.points for p in result.won] == [8, 5, 0, 4]
    assert state.black == (), "after an Apocalypse every token is coloured again (P5)"
    assert state.phase == "lead" and state.leader == 1
    state = play(state, LEAD(2))  # Barry chooses Camilla
    assert state.first == 2 and state.to_play == 2
    assert state.round_points(1) == 17


# --- one test per ruling ---------------------------------------------------------------------


def test_p1_two_players_always_play_the_duel() -> None:
    assert new(2).duel and new(2).suits == ("red", "green", "purple")
    assert not new(3).duel


def test_p2_each_card_once_and_only_suits_in_play() -> None:
    state = play(new(4), H("red", 8))
    refused(state, H("red", 8), "ruling P2 (one card each)")
    refused(state, H("yellow", 3), "ruling P2 (suits)")  # yellow is out with 4 players
    refused(state, H("red", 5), "ruling P2 (values)")


def test_p3_the_deal_limits_horseman_cards_and_specials() -> None:
    special = play(new(4), CHAOS("red"), H("red", 3), TRANQUILITY(), H("red", 6))
    assert special.phase == "lead"
    again = play(special, LEAD(0))
    refused(again, CHAOS("green"), "ruling P3 (one of each Special)")
    assert again.hand_size(0) == 9 and again.hand_size(2) == 9, "8 Horseman + 2 Specials"
    spent = replace(again, horseman=(8, 0, 0, 0))
    refused(spent, H("blue", 1), "ruling P3 (the deal)")


def test_p4_one_copy_of_each_special_a_trick_and_skipping() -> None:
    state = play(new(3), CHAOS("red"))
    refused(state, CHAOS("green"), "ruling P4 (one copy a trick)")
    refused(state, SKIP(), "ruling P4 (skipping)")


def test_p4_a_revoke_is_named() -> None:
    state = play(new(3), H("red", 1), H("green", 2), H("red", 3))
    state = play(state, LEAD(0), H("purple", 1), H("red", 4), H("purple", 2))
    result = state.last_trick
    assert result is not None
    assert result.revokes == (
        "P2 played red after showing no red earlier this round: a revoke (ruling P4)",
    )


def test_p5_tokens_flip_and_chaos_names_a_coloured_one() -> None:
    state = play(new(3), H("red", 1))
    refused(state, CHAOS("red"), "ruling P5 (Chaos)")
    state = play(state, CHAOS("green"))
    assert state.black == ("red", "green") and not state.apocalypse


def test_p5_tokens_are_not_reset_between_rounds() -> None:
    state = play(new(3), H("red", 1), H("red", 2), H("red", 3))
    state = play_round(state)
    assert state.phase == "score" and state.black, "some tokens are black at the round end"
    black = state.black
    assert state.round == 1, "round 1 is being scored"
    state = play(state, SCORE())
    assert state.phase == "first" and state.round == 2, "scored: round 2, as the FULL engine"
    assert state.tricks == 0 and all(not pile for pile in state.won), "its fresh hands"
    state = play(state, FIRST(0))
    assert state.round == 2 and state.black == black and state.first == 0


def test_p6_a_value_is_needed_when_the_card_can_win() -> None:
    state = new(4)
    refused(state, H("red"), "ruling P6 (the winner)")  # it sets the leading suit
    state = play(state, H("red", 8), H("green"))  # off-suit: may wait
    refused(state, H("red"), "ruling P6 (the winner)")
    state = play(state, H("red", 9), H("blue", 2))
    result = state.last_trick
    assert result is not None and result.winner == 2 and result.points == 9
    assert [p.words for p in result.won] == ["red 9"], "a regular trick: only its own card"


def test_p6_an_apocalypse_scores_every_card_and_asks_the_values_it_needs() -> None:
    first = play(new(3), H("red", 8), H("green"), H("purple", 2))
    assert first.phase == "lead" and first.black == ("red", "green", "purple")
    state = play(first, LEAD(0), H("blue", 3))  # the last token: an Apocalypse at once
    assert state.apocalypse
    refused(state, H("red"), "every card of an Apocalypse is won and scored")
    state = play(state, H("red", 6), TRANQUILITY())
    result = state.last_trick
    assert result is not None and result.apocalypse and result.winner == 0
    assert result.points == 3 + 6 + 0 and state.black == ()
    # the Apocalypse comes with the last card: the off-suit value is asked afterwards
    state = play(first, LEAD(0), H("red", 9), H("green"), H("blue", 3))
    assert state.phase == "values" and state.missing_value == 1
    refused(state, VALUE(5), "ruling P2 (values)")
    state = play(state, VALUE(7))
    result = state.last_trick
    assert result is not None and result.winner == 0 and result.points == 9 + 7 + 3


def test_p7_a_trick_without_horseman_or_chaos_has_no_winner() -> None:
    state = replace(new(3), horseman=(9, 10, 10), chaos=(1, 1, 1))
    state = play(state, TRANQUILITY())
    refused(state, TRANQUILITY(), "ruling P4 (one copy a trick)")
    state = play(state, SKIP(), SKIP())
    result = state.last_trick
    assert result is not None and result.winner is None and result.won == ()
    assert state.phase == "play" and state.first == 0, "its first player opens again"


def test_p7_chaos_wins_when_nothing_else_can() -> None:
    state = replace(new(3), horseman=(10, 10, 10))
    state = play(state, TRANQUILITY(), CHAOS("red"), SKIP())
    result = state.last_trick
    assert result is not None and result.winner == 1 and "only card that can win" in result.reason


def test_p8_the_winner_names_the_next_first_player() -> None:
    state = play(new(3), H("red", 1), H("red", 9), H("red", 2))
    assert state.phase == "lead" and state.leader == 1
    refused(state, LEAD(3), "ruling P8")
    assert play(state, LEAD(1)).to_play == 1


def test_p9_round_scores_count_cards_won_and_specials_in_hand() -> None:
    state = play_round(new(3))
    assert state.phase == "score" and min(state.hand_size(s) for s in range(3)) == 0
    points = [state.round_points(s) for s in range(3)]
    assert sum(points) > 0
    held = replace(state, chaos=(0, 1, 1), tranquility=(0, 0, 1))  # still in hand: 2, 1, 0
    assert [held.specials_in_hand(s) for s in range(3)] == [2, 1, 0]
    scored = play(held, SCORE())
    assert scored.rounds[0].counted == (points[0] + 40, points[1] + 20, points[2])
    assert scored.totals == scored.rounds[0].counted


def test_p9_the_table_may_count_its_own_totals() -> None:
    state = play(play_round(new(3)), SCORE(totals=[12, 30, 7]))
    assert state.totals == (12, 30, 7) and state.phase == "first"
    refused(play_round(new(3)), SCORE(totals=[1, 2]), "ruling P9 (scoring)")


def test_p10_the_most_points_choose_ties_go_to_the_last_winner() -> None:
    state = play(play_round(new(3)), SCORE(totals=[5, 30, 7]))
    assert state.leader == 1
    tied = play(play_round(new(3)), SCORE(totals=[30, 30, 7]))
    assert tied.leader == tied.last_winner == chooser(tied)
    assert tied.last_winner is not None


def test_p11_three_rounds_and_the_fewest_points_win_together() -> None:
    state = new(3)
    for k in range(3):
        state = play(play_round(state), SCORE(totals=[10, 10, 20]))
        if k < 2:
            state = play(state, FIRST(2))
    outcome = TRACKER.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.scores == (30.0, 30.0, 60.0) and "shared victory" in outcome.reason
    refused(state, TRANQUILITY(), "ruling P11")


@pytest.mark.parametrize(
    ("counted", "scores"),
    [
        ((20, 10), (20, 10)),  # exactly twice: no swap
        ((21, 10), (10, 21)),
        ((1, 0), (0, 1)),  # 1 > 2 * 0
        ((0, 0), (0, 0)),
    ],
)
def test_p12_the_duel_swap_at_its_boundary(
    counted: tuple[int, int], scores: tuple[int, int]
) -> None:
    state = play(play_round(new(2)), SCORE(totals=list(counted)))
    assert state.rounds[0].scores == scores and state.totals == scores


def test_p12_the_duel_asks_for_the_specials_in_hand() -> None:
    state = play_round(new(2))
    state = replace(state, horseman=(state.horseman[0] - 2, state.horseman[1]))
    assert state.hand_size(0) == 2 and state.hand_size(1) == 0, "player 1 kept two cards"
    refused(state, SCORE(), "ruling P12 (the Duel)")
    refused(state, SCORE(specials=[0, 1]), "ruling P12 (the Duel deck)")
    refused(state, SCORE(specials=[3, 0]), "ruling P12 (the Duel deck)")
    points = state.round_points(0), state.round_points(1)
    state = TRACKER.apply(state, SCORE(specials=[1, 0]))  # (the hand was made up above)
    assert state.rounds[0].computed == (points[0] + 20, points[1])


def test_p12_a_duel_skip_needs_a_hand_that_can_only_be_specials_in_the_trick() -> None:
    state = play(new(2), CHAOS("red"))
    refused(state, SKIP(), "ruling P4 (skipping)")
    short = replace(state, horseman=(0, 11))  # player 2 holds two cards: maybe two Chaos
    assert play(short, SKIP()).last_trick is not None


def test_json_round_trips_of_entries_and_states() -> None:
    state = play(new(4), H("red", 8), CHAOS("purple"), H("green"))
    assert TRACKER.state_from_json(TRACKER.state_to_json(state)) == state
    for entry in (H("red"), CHAOS(None), SCORE(totals=[1, 2]), SCORE(specials=[0, 1]), LEAD(2)):
        assert TRACKER.action_from_json(TRACKER.action_to_json(entry)) == entry
    with pytest.raises(ValueError, match="unknown apocalypse tracker action kind 'slap'"):
        TRACKER.action_from_json({"kind": "slap"})
    with pytest.raises(ValueError, match="'totals' must be a list of integers"):
        TRACKER.action_from_json({"kind": "score", "totals": ["a"]})
    with pytest.raises(ValueError, match=r"apocalypse tracker action 'lead' has the field\(s\)"):
        TRACKER.action_from_json({"kind": "lead", "seat": 1, "suit": "red"})
    with pytest.raises(ValueError, match="'seat' must be an integer"):
        TRACKER.action_from_json({"kind": "first", "seat": "2"})


def test_an_entry_of_another_moment_names_the_rule_and_what_is_awaited() -> None:
    """Never a phase's name or a 0-based seat: the rule of the moment, what it awaits and
    from whom (P1, P2, ...), as the FULL engine words the same moments."""
    state = new(3)
    assert refused(state, LEAD(1), "ruling P4") == (
        "naming P2 to open refused by ruling P4 (playing a card): P1 must first play a card"
    )
    state = play(state, H("red", 8), H("red", 9), H("red", 1))  # P2's red 9 wins
    assert refused(state, H("red", 2), "ruling P8") == (
        "red 2 refused by ruling P8 (the next first player): P2 won the trick and must first "
        "name the next first player"
    )
    assert refused(state, LEAD(5), "ruling P8") == (
        "naming P6 to open refused by ruling P8 (the next first player): P2 names one of the "
        "players, P1 to P3"
    )
    scored = play(play_round(new(3)), SCORE(totals=[5, 30, 7]))
    assert refused(scored, H("red", 2), "ruling P10") == (
        "red 2 refused by ruling P10 (the next round's first player): P2 must first name the "
        "first player of round 2"
    )
    assert refused(play_round(new(3)), FIRST(0), "ruling P9") == (
        "naming P1 to start the round refused by ruling P9 (scoring the round): the scores of "
        "round 1 must be accepted or entered first"
    )
