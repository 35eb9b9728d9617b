"""Apache TRACKER engine: slaps in arbiter order, confirmations, the count, shared victory."""

from __future__ import annotations

import json

import pytest

from companion.errors import IllegalAction
from companion.rules.apache.tracker import (
    CLOSE,
    FINISH,
    INDIANS,
    PRAIRIE_CARDS,
    TRACKER,
    TrackerAction,
    TrackerState,
)
from companion.rules.base import SetupError
from companion.rules.harness import check_random_games
from companion.rules.registry import get_engine

slap, confirm, count = TrackerAction.slap, TrackerAction.confirm, TrackerAction.count


def play(*actions: TrackerAction, colours: tuple[str, ...] = ("red", "yellow")) -> TrackerState:
    state = TRACKER.new({"colours": list(colours)}, 0)
    for action in actions:
        state = TRACKER.apply(state, action)
    return state


def illegal_candidates(state: TrackerState) -> list[TrackerAction]:
    """One action per rule that forbids something here (for the harness)."""
    candidates = [slap(state.seats, "hunter"), slap(0, "shaman"), count(0, PRAIRIE_CARDS + 1)]
    if state.phase in ("play", "count", "over"):
        candidates.append(CLOSE)
    if state.phase != "play":
        candidates.append(FINISH)
    if state.phase == "slaps":
        seat = state.window[0][0]
        candidates += [slap(seat, "chief"), confirm(seat, "loot")]
    if state.phase == "confirm":
        seat = state.window[len(state.results)][0]
        other = (seat + 1) % state.seats
        candidates += [confirm(other, "loot"), confirm(seat, "maybe"), slap(seat, "chief")]
    return candidates


def test_the_registry_finds_it_by_name() -> None:
    assert get_engine("apache_tracker") is TRACKER


def test_random_games_keep_every_invariant() -> None:
    setups = [{"colours": ["red", "yellow"]}, {"colours": ["red", "purple", "green"]}]
    setups.append({"colours": ["red", "yellow", "purple", "blue", "green"]})
    report = check_random_games(
        TRACKER,
        setups,
        games=30,
        illegal_actions=illegal_candidates,
        score_bounds=(0, PRAIRIE_CARDS),
    )
    assert report.games == 30 and report.illegal_refused > 0


def test_a_window_slaps_in_order_then_confirms_each_slap_in_order() -> None:
    state = play(slap(1, "hunter"), slap(0, "chief"), CLOSE)
    assert state.phase == "confirm" and state.windows == 1
    assert TRACKER.actor(state) == 1
    assert list(TRACKER.legal_actions(state)) == [
        confirm(1, "loot"),
        confirm(1, "nothing"),
        confirm(1, "penalty"),
    ]
    state = TRACKER.apply(TRACKER.apply(state, confirm(1, "loot")), confirm(0, "penalty"))
    assert state.phase == "play"
    assert state.turner == 0, "ruling A9: the last slapper turns the next card"
    assert [(s.slaps, s.loot, s.penalties) for s in state.stats] == [(1, 0, 1), (1, 1, 0)]


def test_one_slap_per_player_per_window_ruling_a8() -> None:
    state = play(slap(0, "hunter"))
    refusal = (
        r"^red's slap with the chief refused by ruling A8 \(one slap per player per window in "
        r"TRACKER mode\): red already slapped in this window; red may slap again in the next one$"
    )
    with pytest.raises(IllegalAction, match=refusal):
        TRACKER.apply(state, slap(0, "chief"))
    assert slap(0, "woman") not in TRACKER.legal_actions(state)


def test_each_window_stands_alone_the_tracker_sees_no_card_turned_ruling_a8() -> None:
    """The FULL engine allows one slap per turned card, across windows; the tracker cannot
    tell whether a card was turned between two windows, so red may slap in the next one."""
    state = play(slap(0, "hunter"), CLOSE, confirm(0, "loot"))
    assert state.phase == "play" and slap(0, "woman") in TRACKER.legal_actions(state)
    state = TRACKER.apply(state, slap(0, "woman"))
    assert state.window == ((0, "woman"),) and state.stats[0].slaps == 2


def test_confirmations_follow_the_slap_order_ruling_a5() -> None:
    state = play(slap(1, "hunter"), slap(0, "chief"), CLOSE)
    with pytest.raises(IllegalAction, match=r"ruling A5.*: the next slap to confirm is yellow's$"):
        TRACKER.apply(state, confirm(0, "loot"))
    with pytest.raises(IllegalAction, match="window 1 awaits confirmation"):
        TRACKER.apply(state, slap(0, "hunter"))


def test_close_needs_a_slap_and_finish_needs_no_open_window() -> None:
    with pytest.raises(IllegalAction, match=r"ruling A9.*no window is being entered"):
        TRACKER.apply(play(), CLOSE)
    with pytest.raises(IllegalAction, match=r"ruling A10.*close it first"):
        TRACKER.apply(play(slap(0, "hunter")), FINISH)


def test_counting_ends_the_game_and_ties_share_the_victory_ruling_a10() -> None:
    state = play(FINISH, count(0, 30), colours=("red", "yellow", "purple"))
    assert TRACKER.actor(state) == 1 and not TRACKER.is_over(state)
    state = TRACKER.apply(TRACKER.apply(state, count(1, 12)), count(2, 30))
    outcome = TRACKER.outcome(state)
    assert outcome is not None
    assert outcome.scores == (30.0, 12.0, 30.0)
    assert outcome.winners == (0, 2)
    assert "share the victory (ruling A10)" in outcome.reason


def test_piles_together_hold_at_most_the_114_prairie_cards() -> None:
    state = play(FINISH, count(0, 100))
    assert len(TRACKER.legal_actions(state)) == 15
    with pytest.raises(IllegalAction, match=r"ruling A2.*0 to 14"):
        TRACKER.apply(state, count(1, 15))


def test_counts_go_in_seat_order() -> None:
    with pytest.raises(
        IllegalAction,
        match=r"^yellow's pile of 3 cards refused .*: the next pile to count is red's$",
    ):
        TRACKER.apply(play(FINISH), count(1, 3))
    with pytest.raises(IllegalAction, match="after 'finish'"):
        TRACKER.apply(play(), count(0, 3))


def test_a_seat_out_of_the_game_and_an_unknown_card_are_named() -> None:
    with pytest.raises(
        IllegalAction, match=r"there is no seat 2 in this game: its players are red, yellow"
    ):
        TRACKER.apply(play(), slap(2, "hunter"))
    with pytest.raises(IllegalAction, match="'shaman' is not a hand card"):
        TRACKER.apply(play(), slap(0, "shaman"))


def test_the_game_over_refuses_everything() -> None:
    state = play(FINISH, count(0, 1), count(1, 2))
    assert TRACKER.legal_actions(state) == ()
    with pytest.raises(IllegalAction, match="game is over"):
        TRACKER.apply(state, FINISH)


@pytest.mark.parametrize(
    "setup",
    [
        {"colours": ["red"]},
        {"colours": ["red", "red"]},
        {"colours": ["red", "pink"]},
        {"colours": "red,yellow"},
        {"colours": ["red", "yellow"], "wedding": True},
    ],
)
def test_bad_setups_are_refused_with_the_reason(setup: dict[str, object]) -> None:
    with pytest.raises(SetupError, match=r"colours|wedding"):
        TRACKER.validate_setup(setup)


def test_setup_is_completed_and_idempotent() -> None:
    full = TRACKER.validate_setup({})
    assert full == {"colours": ["red", "yellow", "purple"]}
    assert TRACKER.validate_setup(full) == full


def test_actions_round_trip_through_json_and_bad_json_is_refused() -> None:
    for action in [slap(0, "hunter"), CLOSE, confirm(1, "penalty"), count(0, 9), FINISH]:
        text = json.dumps(TRACKER.action_to_json(action))
        assert TRACKER.action_from_json(json.loads(text)) == action
    for bad in [{"kind": "slap", "seat": "0", "indian": "hunter"}, {"kind": "jump"}, []]:
        with pytest.raises(ValueError, match="apache_tracker"):
            TRACKER.action_from_json(bad)
    with pytest.raises(ValueError, match=r"close' has the field\(s\) \[\], got \['seat'\]"):
        TRACKER.action_from_json({"kind": "close", "seat": 0})
    with pytest.raises(ValueError, match="'indian' must be a string"):
        TRACKER.action_from_json({"kind": "slap", "seat": 0, "indian": 3})


def test_every_indian_can_slap() -> None:
    assert [a.indian for a in TRACKER.legal_actions(play())[:4]] == list(INDIANS)
