"""The Paris invariants: the conservation laws, checked after every action.

:func:`check_invariants` (``Paris.check_invariants``) raises ``AssertionError`` naming the
law a state breaks. Three laws, each reading a few of the state's fields (:data:`LAWS`):

* the stashes: 31, each in exactly one place (the box, a pile, set aside, a hand, a slot;
  rulings D2, D3);
* the Apaches: 7 leaders and 3 novices a gang (D1) and 5 reinforcements (D7), each in
  exactly one place; the board's counts are the sums of its leaders, novices and
  reinforcements;
* the money: 500 F each plus the ledger, never below 0, a steal only moving money between
  gangs (D1, D7); 4 bourgeois counters, 3 bourgeois and the policeman (D7).

Given ``since``, a state that passed every law (the state the action was applied to), a
law whose fields all equal those of ``since`` still holds and is skipped: a stash drawn in
the draft is checked by the stashes law alone, a placement by the Apaches law alone. The
random-play harness and the simulation call it after every action. What the rules say about
a state beyond conservation (no tie, no follower alone, the turn and the hands) the checked
door (``Paris.apply``) enforces on each action, and the random-play tests check on each
state (``tests/rules/paris/laws.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import add, attrgetter, or_
from typing import Any, Final

from companion.rules.paris.state import (
    LEADERS,
    NOVICES,
    PLAIN_BOURGEOIS,
    RECRUITS,
    RL,
    RN,
    RR,
    STRIDE,
    ParisState,
    ledger_money,
    play_mask,
)


def check_invariants(state: ParisState, *, since: ParisState | None = None) -> None:
    """Every law on ``state``; with ``since`` (a state that passed them all just before,
    such as the state the last action was applied to), the laws that read a field that
    changed since."""
    for law, fields in LAWS:
        if since is None or fields(state) != fields(since):
            law(state)


# --- the laws --------------------------------------------------------------------------------


def _check_stashes(state: ParisState) -> None:
    """31 stashes, each in exactly one place: the box (those of the districts out of play),
    a pile, set aside, a hand, a slot. The places in play (masks of stash bits) together
    hold every stash in play, and they add up to exactly that: masks that share no bit add
    up to their union, so no stash is in two places."""
    in_play = play_mask(state.districts)
    places = (state.piles, state.aside, state.covered, *state.hands)
    if reduce(or_, places) != in_play or sum(places) != in_play:
        held = sum(map(int.bit_count, places))
        raise AssertionError(
            f"stashes not conserved: {held} placed, {reduce(or_, places).bit_count()} "
            f"distinct of the {in_play.bit_count()} in play (piles {state.piles:#x}, aside "
            f"{state.aside:#x}, covered {state.covered:#x}, hands {[hex(h) for h in state.hands]})"
        )


def _check_apaches(state: ParisState) -> None:
    """7 leaders and 3 novices a gang (D1) and 5 reinforcements (D7), each in exactly one
    place: the board, the reserve, the hospital, prison, the cemetery, used (out of the
    game), the supply; the board's ``counts`` are the sums of its three kinds."""
    leaders, novices, recruits = state.leaders, state.novices, state.recruits
    entries = state.players * STRIDE
    if not len(leaders) == len(novices) == len(recruits) == len(state.counts) == entries:
        raise AssertionError(f"board tuples of {len(state.counts)} entries, not {entries}")
    if min(leaders) < 0 or min(novices) < 0 or min(recruits) < 0:
        raise AssertionError(f"a negative count on the board: {leaders}, {novices}, {recruits}")
    if tuple(map(add, map(add, leaders, novices), recruits)) != state.counts:
        raise AssertionError(f"counts {state.counts} are not the sums of the board's Apaches")
    reserve = state.reserve
    places = (*reserve, *state.hospital, *state.prison, *state.cemetery, *state.novices_used)
    if min(places) < 0 or state.supply < 0 or state.recruits_used < 0:
        raise AssertionError(f"a negative count: reserve {reserve}, hospital {state.hospital}")
    for seat, colour in enumerate(state.colours):
        row = slice(seat * STRIDE, seat * STRIDE + STRIDE)
        gang_leaders = (
            sum(leaders[row])
            + reserve[seat * 3 + RL]
            + state.hospital[seat]
            + state.prison[seat]
            + state.cemetery[seat]
        )
        gang_novices = sum(novices[row]) + reserve[seat * 3 + RN] + state.novices_used[seat]
        if gang_leaders != LEADERS or gang_novices != NOVICES:
            raise AssertionError(
                f"{colour}: {gang_leaders} leaders and {gang_novices} novices (7 and 3, D1)"
            )
    all_recruits = state.supply + state.recruits_used + sum(recruits) + sum(reserve[RR::3])
    if all_recruits != RECRUITS:
        raise AssertionError(f"{all_recruits} reinforcements counted, supply {state.supply} (D7)")


def _check_money(state: ParisState) -> None:
    """Ruling D1: money = 500 + every ledger movement, never below 0; a steal only moves
    money between gangs. Ruling D7: 4 counters, 3 bourgeois and the policeman, held or
    still in district 8."""
    expected = ledger_money(state.players, state.ledger)
    if expected != state.money or min(state.money) < 0:
        raise AssertionError(f"money {state.money} but the ledger says {expected} (D1)")
    stolen = sum(change for _, _, change, reason in state.ledger if reason == "steal")
    if stolen:
        raise AssertionError(f"the steals of the ledger add up to {stolen} F, not 0 (D7)")
    plain = sum(state.bourgeois)
    if not 0 <= plain <= PLAIN_BOURGEOIS or not -1 <= state.policeman < state.players:
        raise AssertionError(f"bourgeois {state.bourgeois}, policeman {state.policeman}")


LAWS: Final[tuple[tuple[Callable[[ParisState], None], Callable[[ParisState], Any]], ...]] = (
    (_check_stashes, attrgetter("districts", "piles", "aside", "covered", "hands")),
    (
        _check_apaches,
        attrgetter(
            "colours", "leaders", "novices", "recruits", "counts", "reserve", "hospital",
            "prison", "cemetery", "novices_used", "supply", "recruits_used",
        ),
    ),
    (_check_money, attrgetter("colours", "money", "ledger", "bourgeois", "policeman")),
)  # fmt: skip
"""Each law and the fields it reads (all of them: a law is a function of these alone)."""
