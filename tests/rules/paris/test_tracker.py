"""Les Apaches de Paris, TRACKER mode: the bank, the turns, the settlement walk-through and
the final tally entered by the table (``companion.rules.paris.tracker``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalAction
from companion.rules.base import SetupError
from companion.rules.harness import check_random_games
from companion.rules.paris.tracker import TRACKER, Entry, TrackerState, tracker_step_words
from companion.rules.registry import get_engine
from tests.rules.checked import play_checked

PURPLE, YELLOW, GREEN, RED = 0, 1, 2, 3


def new(players: int = 4, **setup: object) -> TrackerState:
    return TRACKER.new({"players": players, **setup}, 0)


def play(state: TrackerState, *entries: Entry) -> TrackerState:
    return play_checked(TRACKER, state, *entries)


def stash_until_settlement(state: TrackerState) -> TrackerState:
    while state.phase == "turn":
        state = play(state, Entry.stash())
    return state


def everyone_places(state: TrackerState, leaders: int = 1) -> TrackerState:
    """One turn: each gang places ``leaders`` leaders, then its stash."""
    for _ in range(state.players):
        state = play(state, Entry.place(leaders), Entry.stash())
    return state


def settle_rest(state: TrackerState) -> TrackerState:
    while state.phase == "settle":
        state = play(state, Entry.settle(-1))
    return state


def test_registered_and_setup_defaults() -> None:
    assert get_engine("paris_tracker") is TRACKER
    setup = TRACKER.validate_setup({"players": 2})
    assert setup["districts"] == [5, 6, 7, 8, 9]
    assert setup["colours"] == ["purple", "yellow"]
    with pytest.raises(SetupError, match="ruling D1"):
        TRACKER.validate_setup({"players": 5})
    with pytest.raises(SetupError, match="ruling D2"):
        TRACKER.validate_setup({"players": 2, "districts": "1.2.8.9"})
    with pytest.raises(SetupError, match="gangs"):
        TRACKER.validate_setup({"players": 2, "colours": ["blue", "red"]})


def test_ruling_d1_500_francs_each_and_never_below_zero() -> None:
    state = new(2)
    assert state.money == (500, 500)
    state = play(everyone_places(state), Entry.stash(), Entry.stash())  # turn 2
    state = stash_until_settlement(state)
    poor = replace(state, money=(500, 100), ledger=((1, YELLOW, -400, "test"),))
    # district 5 (yellow), slot 3: steal; 2 players: 300 F from the other gang (D7)
    after = play(poor, Entry.settle(PURPLE, 3))
    assert after.money == (600, 0)  # yellow had 100 F: it pays what it has (D1)


def test_rulebook_example_the_yellow_gang_wins_400_francs() -> None:
    state = everyone_places(new(4))
    state = stash_until_settlement(state)
    for _ in range(4):  # districts 1-4: nobody
        state = play(state, Entry.settle(-1))
    assert state.district == 5
    state = play(state, Entry.settle(YELLOW, 1))  # district 5's slot 1: money 400
    assert state.money == (500, 900, 500, 500)
    assert "yellow wins 400 F" in tracker_step_words(state.settled[-1])


def test_rulebook_example_8_operational_apaches_are_worth_400_francs() -> None:
    state = replace(
        new(2),
        phase="policeman",
        round=3,
        reserve_leaders=(5, 7),
        reserve_novices=(1, 3),
        reserve_recruits=(2, 0),
        cemetery=(2, 0),
        novices_used=(2, 0),
        supply=3,
    )
    state = play(state, Entry.policeman(-1))
    assert state.tally[PURPLE].operational == 8
    assert state.tally[PURPLE].operational_money == 400
    assert state.money[PURPLE] == 900


def test_ruling_d5_refusals_name_the_rule() -> None:
    state = new(2)
    with pytest.raises(IllegalAction, match=r"ruling D5.*7 leader\(s\) in reserve, not 8"):
        TRACKER.apply(state, Entry.place(8))
    with pytest.raises(IllegalAction, match=r"ruling D5.*never without a leader.*no leader on"):
        TRACKER.apply(state, Entry.place(0, 1))
    placed = play(state, Entry.place(1, 1))
    with pytest.raises(
        IllegalAction,
        match=r"^moved refused by ruling D5 \(the obligatory action\): it is purple's turn 1 "
        r"of round 1: their optional action is made, their stash is next$",
    ):
        TRACKER.apply(placed, Entry.move())
    with pytest.raises(IllegalAction, match=r"ruling D5.*no Apache on the board"):
        TRACKER.apply(play(placed, Entry.stash()), Entry.move())


def test_ruling_d6_turn_order_and_the_last_turn_by_reserve() -> None:
    state = new(4, first=1)
    assert state.order == (1, 2, 3, 0)
    # turn 1 (yellow, green, red, purple): green places 3, red 1, purple 3
    state = play(state, Entry.stash(), Entry.place(3), Entry.stash(), Entry.place(1))
    state = play(state, Entry.stash(), Entry.place(3), Entry.stash())
    for _ in range(4):  # turns 2-5: only stashes
        state = play(state, *[Entry.stash()] * 4)
    assert state.turn == 6
    # reserves: purple 7, yellow 10, green 7, red 9: yellow, red, then the tie clockwise
    # from the first player (yellow): green before purple
    assert state.order == (YELLOW, RED, GREEN, PURPLE)
    settled = settle_rest(stash_until_settlement(state))
    assert settled.round == 2 and settled.first == 2 and settled.order == (2, 3, 0, 1)


def test_ruling_d7_settlement_order_outcomes_and_the_fence() -> None:
    state = stash_until_settlement(everyone_places(new(4)))
    assert state.settle_order == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    state = play(state, Entry.settle(PURPLE, 2))  # 1: wounded: a purple leader to hospital
    state = play(state, Entry.settle(YELLOW, 3))  # 2: valuables 400 (a theft)
    state = play(state, Entry.settle(GREEN, 4))  # 3: steal: 150 F from each other (4p)
    state = play(state, Entry.settle(RED, 4))  # 4: reinforcements: 2
    assert state.money == (350, 750, 950, 350)
    assert state.sent_hospital == (1, 0, 0, 0) and state.board_leaders[PURPLE] == 0
    assert state.won == (0, 0, 0, 2) and state.supply == 3
    for _ in range(3):
        state = play(state, Entry.settle(-1))
    state = play(state, Entry.settle(YELLOW))  # 8: a bourgeois counter
    assert state.counters == (0, 1, 0, 0)
    state = play(state, Entry.settle(YELLOW))  # 9: 250 F x 2 thefts + 1 reinforcement
    assert state.money[YELLOW] == 750 + 500
    assert state.round == 2 and state.reserve_recruits == (0, 1, 0, 2)
    with pytest.raises(IllegalAction, match="ruling D7"):
        TRACKER.apply(
            stash_until_settlement(new(2)), Entry.settle(PURPLE, 1)
        )  # nobody on the board


def test_ruling_d8_prison_bail_and_the_missed_round() -> None:
    state = stash_until_settlement(everyone_places(new(4)))
    state = play(state, Entry.settle(-1), Entry.settle(-1))
    state = play(state, Entry.settle(RED, 2))  # district 3, slot 2: prison
    state = settle_rest(state)
    assert state.prison == (0, 0, 0, 1) and state.reserve_leaders[RED] == 6
    # round 2: first is yellow; red pays bail at the end of its turn
    state = play(state, Entry.stash())
    with pytest.raises(IllegalAction, match=r"ruling D8.*green has no leader in prison"):
        TRACKER.apply(state, Entry.stash(bail=True))  # green
    state = play(state, Entry.stash())
    state = play(state, Entry.stash(bail=True))
    assert state.money[RED] == 350 and state.prison[RED] == 0
    assert state.reserve_leaders[RED] == 7  # usable from red's next turn
    jailed = replace(state, turn=6, prison=(0, 0, 0, 1), reserve_leaders=(7, 7, 7, 6))
    jailed = replace(jailed, order=(3, 0, 1, 2), step=0)
    with pytest.raises(IllegalAction, match=r"ruling D8.*last turn"):
        TRACKER.apply(jailed, Entry.stash(bail=True))


def test_ruling_d8_hospital_lasts_one_round() -> None:
    state = stash_until_settlement(everyone_places(new(4)))
    state = settle_rest(play(state, Entry.settle(PURPLE, 2)))  # wounded
    assert state.hospital[PURPLE] == 1 and state.reserve_leaders[PURPLE] == 6
    state = settle_rest(stash_until_settlement(state))  # round 2 passes
    assert state.hospital[PURPLE] == 0 and state.reserve_leaders[PURPLE] == 7


def test_ruling_d9_round_end() -> None:
    state = new(2)
    state = play(state, Entry.place(1, 2), Entry.stash(), Entry.place(1), Entry.stash())
    state = stash_until_settlement(state)
    state = play(state, Entry.settle(PURPLE, 1))  # 5: money 400
    state = play(state, Entry.settle(-1), Entry.settle(-1))
    state = play(state, Entry.settle(-1), Entry.settle(YELLOW))  # 9: 1 reinforcement
    assert state.round == 2
    assert state.novices_used == (2, 0) and state.reserve_novices == (1, 3)
    assert state.reserve_recruits == (0, 1) and state.reserve_leaders == (7, 7)
    # yellow never uses it in round 2: it expires back to the supply (D9)
    state = settle_rest(stash_until_settlement(state))
    assert state.reserve_recruits == (0, 0) and state.supply == 5


def test_ruling_d10_policeman_bourgeois_and_tie_breaks() -> None:
    state = replace(new(2), phase="policeman", round=3, counters=(2, 1), supply=5)
    with pytest.raises(IllegalAction, match="ruling D10"):
        TRACKER.apply(replace(state, counters=(3, 1)), Entry.policeman(-1))
    over = play(state, Entry.policeman(PURPLE))
    purple, yellow = over.tally
    assert purple.bourgeois == 1 and purple.policeman and purple.policeman_paid == 200
    assert purple.operational == 9 and over.prison[PURPLE] == 1  # a leader to prison
    assert purple.total == 500 + 200 - 200 + 450
    assert yellow.total == 500 + 200 + 500
    outcome = TRACKER.outcome(over)
    assert outcome is not None and outcome.winners == (YELLOW,)
    tied = play(replace(state, counters=(0, 0)), Entry.policeman(-1))
    outcome = TRACKER.outcome(tied)
    assert outcome is not None and outcome.winners == (0, 1) and "shared" in outcome.reason


def test_json_round_trip_of_a_settled_round() -> None:
    state = stash_until_settlement(everyone_places(new(3)))
    state = play(state, Entry.settle(PURPLE, 1))
    data = TRACKER.state_to_json(state)
    assert TRACKER.state_from_json(data) == state
    entry = Entry.place(2, 1)
    assert TRACKER.action_from_json(TRACKER.action_to_json(entry)) == entry


def test_random_games() -> None:
    check_random_games(
        TRACKER,
        [{"players": 2}, {"players": 3, "districts": "1.2.4.5.6.8.9"}, {"players": 4, "first": 3}],
        games=6,
        seed=1,
    )


def test_an_entry_of_another_moment_names_the_rule_and_the_gang_awaited() -> None:
    """Never a phase's name or a seat number: the rule of the moment and what it awaits,
    the gangs by colour."""
    state = new(2)
    with pytest.raises(IllegalAction) as caught:
        TRACKER.apply(state, Entry.settle(1, 2))
    assert str(caught.value) == (
        "settled: yellow holds it, slot 2 uncovered refused by ruling D5 (a turn): it is "
        "purple's turn 1 of round 1"
    )
    while state.phase == "turn":
        state = play(state, Entry.stash())
    with pytest.raises(IllegalAction) as caught:
        TRACKER.apply(state, Entry.policeman(0))
    assert str(caught.value) == (
        "the policeman: purple refused by ruling D7 (settlement): the round is being settled: "
        "who holds district 5 (yellow) must be entered first"
    )
    with pytest.raises(IllegalAction) as caught:
        TRACKER.apply(state, Entry.settle(7, 1))
    assert str(caught.value) == (
        "settled: a gang holds it, slot 1 uncovered refused by ruling D7 (settlement): the "
        "holder is one of the gangs (purple, yellow) or nobody"
    )
