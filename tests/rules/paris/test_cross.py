"""The two Paris engines agree: every FULL game, entered into the TRACKER (the bank) as a
table would enter it, gives the same turn order, round numbers, settlements (ruling D7),
money, final tally and outcome words (ruling D10). The same final standings read the same
in both modes, a tie broken or not; the bank never tells counts it was not given."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from companion.rules.paris import (
    OVER,
    PARIS,
    Action,
    Move,
    ParisState,
    Place,
    SettlementStep,
    Stash,
)
from companion.rules.paris.board import DISTRICT_MASK, STASH_SLOT
from companion.rules.paris.settlement import TallyLine, outcome_words, step_words
from companion.rules.paris.state import PLAYER_TURN, bits
from companion.rules.paris.tracker import TRACKER, Entry, TrackerState, tracker_step_words
from companion.tools.simulate.paris import play_paris_game


def uncovered_slot(state: ParisState, district: int) -> int:
    """The slot number (1 = the first) of ``district``'s uncovered slot: its set-aside stash
    not covered this round; 0 for a district without slots."""
    free = bits(state.aside & ~state.covered & DISTRICT_MASK[district])
    return STASH_SLOT[free[0]] if free else 0


def enter_settlement(tracked: TrackerState, before: ParisState, after: ParisState) -> TrackerState:
    """The table enters the round the FULL engine just settled: each district's holder and
    uncovered slot (the slots as ``before`` the settling action left them)."""
    assert tracked.phase == "settle"
    for step in after.settlement:
        slot = uncovered_slot(before, step.district)
        tracked = TRACKER.apply(tracked, Entry.settle(step.holder, slot))
    return tracked


def play_both(players: int, seed: int) -> tuple[ParisState, TrackerState]:
    """A FULL game of the simulator's bots, entered into the TRACKER turn by turn."""
    setup = PARIS.validate_setup({"players": players})
    actions: list[Action] = []
    play_paris_game(setup, seed, record=actions)
    full = PARIS.new(setup, seed)
    tracked: TrackerState | None = None
    for action in actions:
        before, full = full, PARIS.apply(full, action)
        if tracked is None and full.phase in PLAYER_TURN:
            tracked = TRACKER.new({**setup, "first": full.first}, seed)
        if tracked is None:
            continue
        if before.phase in PLAYER_TURN:
            assert tracked.order == before.order and tracked.turn == before.turn, "ruling D6"
            assert tracked.round == before.round, "the same round at the same moment"
            tracked = TRACKER.apply(tracked, _entry(action))
        if full.settlement is not before.settlement:  # a round settled (ruling D7)
            tracked = enter_settlement(tracked, before, full)
            assert [_facts(s) for s in tracked.settled] == [_facts(s) for s in full.settlement]
            assert tracked.money == full.money or full.phase == OVER, "the same money"
    assert tracked is not None and full.phase == OVER
    tracked = TRACKER.apply(tracked, Entry.policeman(full.policeman))
    return full, tracked


def _facts(step: SettlementStep) -> tuple[Any, ...]:
    """What a settled district did, beside the counts (which only the FULL engine knows)
    and the bourgeois counter's identity (secret at the bank)."""
    return (step.district, step.holder, step.outcome, step.money, step.recruits, step.leader)


def _entry(action: Action) -> Entry:
    if isinstance(action, Place):
        return Entry.place(action.leaders, action.novices, action.recruits)
    if isinstance(action, Move):
        return Entry.move()
    assert isinstance(action, Stash), action
    return Entry.stash(bail=action.bail)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_full_games_entered_into_the_bank_end_the_same(players: int, seed: int) -> None:
    full, tracked = play_both(players, seed)
    assert tracked.phase == "over" and tracked.round == full.round == 3
    assert tracked.tally == PARIS.tally(full), "the final tally (ruling D10)"
    assert tracked.money == full.money
    full_outcome, tracked_outcome = PARIS.outcome(full), TRACKER.outcome(tracked)
    assert full_outcome is not None and tracked_outcome is not None
    assert tracked_outcome.winners == full_outcome.winners
    assert tracked_outcome.reason == full_outcome.reason == outcome_words(tracked.tally)


def test_the_bank_tells_who_holds_a_district_never_a_count() -> None:
    """Ruling D7 as the bank knows it: the table entered the holder, not how many Apaches
    each gang had (the FULL engine, which knows, says them)."""
    full, tracked = play_both(4, 3)
    held = [step for step in tracked.settled if step.holder >= 0]
    assert held, "some district was held in the last round"
    for step in tracked.settled:
        words = tracker_step_words(step)
        assert not re.search(r"\d+ Apaches?\b", words), words
        assert " holds it" in words
    for step in held:
        gang = step.colours[step.holder]
        assert f": {gang} holds it" in tracker_step_words(step)
    assert any(re.search(r"holds it with \d+ Apaches?", s.words) for s in full.settlement)


def test_a_district_held_by_three_apaches_reads_holds_it_at_the_bank() -> None:
    state = TRACKER.new({"players": 2}, 0)
    state = TRACKER.apply(state, Entry.place(3))  # purple's 3 leaders, all in one district
    while state.phase == "turn":
        state = TRACKER.apply(state, Entry.stash())
    state = TRACKER.apply(state, Entry.settle(0, 1))  # district 5, purple, slot 1: money 400
    words = tracker_step_words(state.settled[-1])
    assert words == "district 5 (yellow): purple holds it; uncovered: money 400: purple wins 400 F"
    assert "with 3 Apaches" in step_words(state.settled[-1]._replace(counts=(3, 0)))


def standings(lines: list[tuple[int, int]], colours: tuple[str, ...]) -> tuple[TallyLine, ...]:
    """Final tally lines with each gang's total money and operational Apaches."""
    return tuple(
        TallyLine(seat, colours[seat], total, 0, 0, False, 0, operational, 50 * operational, total)
        for seat, (total, operational) in enumerate(lines)
    )


def both_outcomes(totals: list[tuple[int, int]]) -> tuple[str, str]:
    """The outcome words of a finished FULL game and of a finished bank game whose final
    standings are ``totals``: each gang's money and operational Apaches."""
    full, tracked = play_both(2, 1)
    money = tuple(total for total, _ in totals)
    # the FULL tally reads the money, and the operational Apaches from the reserve
    reserve = tuple(n for _, ops in totals for n in (ops, 0, 0))
    full = full._replace(money=money, reserve=reserve, prison=(0, 0), hospital=(0, 0))
    tracked = replace(tracked, money=money, tally=standings(totals, tracked.colours))
    full_outcome, tracked_outcome = PARIS.outcome(full), TRACKER.outcome(tracked)
    assert full_outcome is not None and tracked_outcome is not None
    assert full_outcome.winners == tracked_outcome.winners
    return full_outcome.reason, tracked_outcome.reason


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([(1200, 5), (1000, 9)], "purple wins with 1200 F (ruling D10)"),
        (
            [(1000, 8), (1000, 10)],
            "yellow wins with 1000 F, the tie on money broken by operational Apaches: "
            "purple 8, yellow 10 (ruling D10)",
        ),
        (
            [(1000, 10), (1000, 10)],
            "shared victory (ruling D10): purple and yellow with 1000 F and 10 operational "
            "Apaches each: the tie stands",
        ),
    ],
)
def test_the_same_standings_read_the_same_in_both_modes(
    totals: list[tuple[int, int]], expected: str
) -> None:
    assert both_outcomes(totals) == (expected, expected)


def test_a_shared_victory_names_those_the_apaches_left_behind() -> None:
    tally = standings([(1000, 10), (1000, 10), (1000, 8), (400, 12)], ("a", "b", "c", "d"))
    assert outcome_words(tally) == (
        "shared victory (ruling D10): a and b with 1000 F and 10 operational Apaches each: the "
        "tie stands (also 1000 F, with fewer operational Apaches: c 8)"
    )
    assert outcome_words(tally, ["A", "B", "C", "D"]).startswith("shared victory (ruling D10): A")
