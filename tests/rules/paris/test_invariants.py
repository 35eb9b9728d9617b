"""check_invariants catches every broken conservation law (and passes legal states).

Each broken state is checked twice: on its own, and ``since`` the legal state it was made
from, when only the laws reading a field that changed are checked again."""

from typing import Any

import pytest

from companion.rules.paris import PARIS, ParisState, Place
from companion.rules.paris.invariants import check_invariants
from companion.rules.paris.state import with_change
from tests.rules.paris.script import PURPLE, YELLOW, deal, new, turn


def board_state() -> ParisState:
    state = deal(new(2))
    state = turn(state, Place(5, 2, 1))  # purple: 2 leaders and a novice in 5
    state = turn(state, Place(7, 2))  # yellow: 2 in 7
    check_invariants(state)
    return state


def broken(state: ParisState, match: str, **changes: Any) -> None:
    bad = state._replace(**changes)
    with pytest.raises(AssertionError, match=match):
        PARIS.check_invariants(bad)
    with pytest.raises(AssertionError, match=match):
        PARIS.check_invariants(bad, since=state)


def test_legal_states_pass_whole_and_since_the_state_before() -> None:
    state = deal(new(3))
    before = state
    state = turn(state, Place(5, 3))
    check_invariants(state)
    check_invariants(state, since=before)


def test_apaches_are_conserved_by_gang_and_kind() -> None:
    state = board_state()
    five = PURPLE * 10 + 5
    broken(  # a leader from nowhere (board and counts agree)
        state,
        r"purple: 8 leaders and 3 novices",
        leaders=with_change(state.leaders, five, 1),
        counts=with_change(state.counts, five, 1),
    )
    broken(state, r"counts .* are not the sums", counts=with_change(state.counts, five, 1))
    broken(  # a leader of yellow's reserve turns up in purple's ranks
        state,
        r"purple: 8 leaders",
        leaders=with_change(state.leaders, five, 1),
        counts=with_change(state.counts, five, 1),
        reserve=with_change(state.reserve, YELLOW * 3, -1),
    )
    broken(  # a novice becomes a leader
        state,
        r"purple: 8 leaders and 2 novices",
        leaders=with_change(state.leaders, five, 1),
        novices=with_change(state.novices, five, -1),
    )
    p6 = PURPLE * 10 + 6
    broken(  # a negative count, the sums and the reserve agreeing
        state,
        r"a negative count on the board",
        leaders=with_change(state.leaders, p6, -1),
        counts=with_change(state.counts, p6, -1),
        reserve=with_change(state.reserve, 0, 1),
    )
    broken(state, r"6 reinforcements counted", supply=6)
    broken(state, r"a negative count", hospital=(-1, 0), reserve=with_change(state.reserve, 0, 1))


def test_stashes_are_conserved() -> None:
    state = board_state()
    purple, yellow = state.hands[PURPLE], state.hands[YELLOW]
    low = purple & -purple
    broken(state, r"stashes not conserved", covered=state.covered | low)  # in a hand and a slot
    broken(state, r"stashes not conserved", hands=(purple & ~low, yellow))  # a stash lost
    broken(state, r"stashes not conserved", piles=-1)
    swapped = state._replace(hands=(purple & ~low, yellow | low))
    check_invariants(swapped)  # still 31 stashes in one place each: the turn is no law's


def test_money_matches_the_ledger_and_the_bourgeois_are_counted() -> None:
    state = board_state()
    broken(state, r"money \(600, 500\) but the ledger says \(500, 500\)", money=(600, 500))
    check_invariants(state._replace(money=(600, 500), ledger=((1, PURPLE, 100, "money"),)))
    broken(state, r"ruling|D1", money=(-50, 500), ledger=((1, PURPLE, -550, "bail"),))
    broken(  # a steal only moves money between gangs
        state, r"steals of the ledger", ledger=((1, PURPLE, 100, "steal"),), money=(600, 500)
    )
    broken(state, r"bourgeois \(2, 2\)", bourgeois=(2, 2))
    broken(state, r"policeman 2", policeman=2)


def test_a_law_whose_fields_did_not_change_is_not_checked_again() -> None:
    state = board_state()
    bad = state._replace(supply=6)  # broken, then a stash moves in a later state
    later = bad._replace(covered=bad.covered)
    check_invariants(later, since=bad)  # the Apaches law reads nothing that changed since
    with pytest.raises(AssertionError, match="reinforcements"):
        check_invariants(later)
