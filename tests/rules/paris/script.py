"""Scripted Paris games: deal exact stashes, then play turns with asserts on the way.

Every step goes through the checked door (``PARIS.apply``), chance included, so a script is
also a journal that replays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.paris import (
    ASIDE,
    DRAFT,
    PARIS,
    STASH,
    TURN,
    Action,
    Draw,
    First,
    ParisState,
    SetAside,
    Stash,
    Take,
)
from companion.rules.paris.board import SLOT_COUNTS

PURPLE, YELLOW, GREEN, RED = 0, 1, 2, 3
Slot = tuple[int, int]


def new(players: int = 2, *, districts: str | None = None, **setup: Any) -> ParisState:
    full: dict[str, Any] = {"players": players, **setup}
    if districts is not None:
        full["districts"] = districts
    return PARIS.new(full, seed=0)


def deal(
    state: ParisState,
    *,
    first: int | None = 0,
    aside: Mapping[int, int] | None = None,
    hands: Mapping[int, Sequence[Slot]] | None = None,
) -> ParisState:
    """Draw the first player (round 1 only: ``first``), set aside ``aside[d]`` (default:
    each district's last slot) and draft ``hands[seat]`` (default: the remaining stashes in
    order, dealt round the table) through the checked door."""
    if first is not None:
        state = PARIS.apply(state, First(first))
    assert state.phase == ASIDE, state.phase
    chosen = dict(aside or {})
    for d in state.districts:
        if SLOT_COUNTS[d]:
            state = PARIS.apply(state, SetAside(d, chosen.get(d, SLOT_COUNTS[d])))
    assert state.phase == DRAFT
    picks = _picks(state, hands or {})
    while state.phase == DRAFT:
        seat = PARIS.actor(state)
        assert isinstance(seat, int)
        d, slot = picks[seat].pop(0)
        state = PARIS.apply(state, Take(d))
        state = PARIS.apply(state, Draw(d, slot))
    assert state.phase == TURN
    return state


def _picks(state: ParisState, hands: Mapping[int, Sequence[Slot]]) -> dict[int, list[Slot]]:
    taken = {slot for hand in hands.values() for slot in hand}
    free = [
        (d, k)
        for d in state.districts
        for k in range(1, SLOT_COUNTS[d] + 1)
        if state.piles >> (_id(d, k)) & 1 and (d, k) not in taken
    ]
    picks = {seat: list(hands.get(seat, ())) for seat in range(state.players)}
    for seat in range(state.players):
        while len(picks[seat]) < 6:
            picks[seat].append(free.pop(0))
    return picks


def _id(district: int, slot: int) -> int:
    return sum(SLOT_COUNTS[:district]) + slot - 1


def turn(
    state: ParisState,
    optional: Action | None = None,
    *,
    stash: Slot | None = None,
    bail: bool = False,
) -> ParisState:
    """One whole turn of the player whose turn it is: the optional action (if any), then
    the stash (default: the first one in hand)."""
    assert state.phase == TURN, state.phase
    seat = PARIS.actor(state)
    assert isinstance(seat, int)
    if optional is not None:
        state = PARIS.apply(state, optional)
        assert state.phase == STASH
    d, slot = stash if stash is not None else state.hand(seat)[0]
    return PARIS.apply(state, Stash(d, slot, bail))


def pass_turns(state: ParisState, count: int) -> ParisState:
    """``count`` turns with no optional action."""
    for _ in range(count):
        state = turn(state)
    return state


def finish_round(state: ParisState) -> ParisState:
    """Play every remaining turn of the round without optional actions (a bourgeois draw
    at the end is left to the caller)."""
    while state.phase == TURN:
        state = turn(state)
    return state
