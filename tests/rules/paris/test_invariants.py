"""check_invariants catches every broken conservation law (and passes legal states).

Each broken state is checked twice: from scratch, and right after the legal state it was
made from, when the checker only checks what changed (``_Checker``'s incremental path)."""

from typing import Any

import pytest

from companion.rules.paris import PARIS, ParisState, Place
from companion.rules.paris.invariants import _Checker
from tests.rules.paris.script import PURPLE, YELLOW, deal, new, turn


def board_state() -> ParisState:
    state = deal(new(2))
    state = turn(state, Place(5, 2, 1))  # purple: 2 leaders and a novice in 5
    state = turn(state, Place(7, 2))  # yellow: 2 in 7
    PARIS.check_invariants(state)
    return state


def with_index(values: tuple[int, ...], index: int, change: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + change, *values[index + 1 :])


def broken(state: ParisState, **changes: Any) -> None:
    bad = state._replace(**changes)
    with pytest.raises(AssertionError) as error:
        PARIS.check_invariants(bad)
    assert str(error.value)
    with pytest.raises(AssertionError, match=r".") as error:
        _Checker().check(bad)  # from scratch
    after = _Checker()
    after.check(state)
    with pytest.raises(AssertionError, match=r"."):
        after.check(bad)  # only what changed since ``state``


def test_apaches_conserved_and_never_tied_or_alone() -> None:
    state = board_state()
    five = PURPLE * 10 + 5
    # a leader appears from nowhere (board and counts agree)
    broken(
        state, leaders=with_index(state.leaders, five, 1), counts=with_index(state.counts, five, 1)
    )
    # counts that are not the sums
    broken(state, counts=with_index(state.counts, five, 1))
    # a tie: yellow 3 in 5 where purple has 3 (yellow's three came from its reserve)
    y5 = YELLOW * 10 + 5
    broken(
        state,
        leaders=with_index(state.leaders, y5, 3),
        counts=with_index(state.counts, y5, 3),
        reserve=with_index(state.reserve, 3, -3),
    )
    # a novice alone: purple's leaders leave 5 for 7... where yellow has 2: move them to 9
    p9 = PURPLE * 10 + 9
    leaders = with_index(with_index(state.leaders, five, -2), p9, 2)
    counts = with_index(with_index(state.counts, five, -2), p9, 2)
    broken(state, leaders=leaders, counts=counts)
    # someone in a prohibited district (district 1 is out of 5.6.7.8.9)
    p1 = PURPLE * 10 + 1
    broken(
        state,
        leaders=with_index(state.leaders, p1, 1),
        counts=with_index(state.counts, p1, 1),
        reserve=with_index(state.reserve, 0, -1),
    )
    # a reinforcement from nowhere
    broken(state, supply=6)


def test_stashes_conserved_money_matches_the_ledger_bourgeois_counted() -> None:
    state = board_state()
    hand = state.hands[PURPLE]
    low = hand & -hand
    broken(state, covered=state.covered | low)  # a stash in a hand and on its slot
    broken(state, hands=(hand & ~low, state.hands[YELLOW]))  # a stash lost
    broken(state, money=(600, 500))  # money without a ledger entry
    PARIS.check_invariants(state._replace(money=(600, 500), ledger=((1, PURPLE, 100, "money"),)))
    broken(state, money=(-50, 500), ledger=((1, PURPLE, -550, "bail"),))  # below 0 (D1)
    broken(state, ledger=((1, PURPLE, 100, "steal"),), money=(600, 500))  # a steal is a transfer
    broken(state, bourgeois=(2, 2))


def test_the_turn_fits_the_hands() -> None:
    state = board_state()
    broken(state, turn=3)  # hands hold one stash per turn still to play
    broken(state, order=(0, 0))


def test_a_change_the_counts_do_not_show_is_caught() -> None:
    state = board_state()
    five = PURPLE * 10 + 5
    # purple's 2 leaders in 5 become novices (counts unchanged, the reserve pays the
    # difference): 3 novices without a leader (D5)
    broken(
        state,
        leaders=with_index(state.leaders, five, -2),
        novices=with_index(state.novices, five, 2),
        reserve=with_index(with_index(state.reserve, 0, 2), 1, -2),
    )
    # a negative count, the sums and the reserve agreeing
    p6 = PURPLE * 10 + 6
    broken(
        state,
        leaders=with_index(state.leaders, p6, -1),
        counts=with_index(state.counts, p6, -1),
        reserve=with_index(state.reserve, 0, 1),
    )
    # more Apaches on one district than a gang has
    broken(
        state, leaders=with_index(state.leaders, p6, 16), counts=with_index(state.counts, p6, 16)
    )


def test_the_ledger_is_read_whole_unless_it_only_grew() -> None:
    state = board_state()._replace(money=(600, 500), ledger=((1, PURPLE, 100, "money"),))
    PARIS.check_invariants(state)
    # an entry rewritten, the money as the old entry said
    broken(state, ledger=((1, PURPLE, 200, "money"),))
    # an entry appended, the money not moved by it
    broken(state, ledger=(*state.ledger, (1, YELLOW, 50, "money")))
    # an entry appended and the money moved by it, below 0 (D1)
    broken(state, ledger=(*state.ledger, (1, YELLOW, -550, "bail")), money=(600, -50))
    ok = state._replace(ledger=(*state.ledger, (1, YELLOW, 50, "money")), money=(600, 550))
    PARIS.check_invariants(ok)


def test_stashes_swapped_between_hands_or_negative_masks_are_caught() -> None:
    state = board_state()
    purple, yellow = state.hands[PURPLE], state.hands[YELLOW]
    low = purple & -purple
    broken(state, hands=(purple & ~low, yellow | low))  # one hand too few, one too many
    broken(state, piles=-1)
