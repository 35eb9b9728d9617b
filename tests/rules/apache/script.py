"""Scripted Apache games: lay exact cards, slap, close, choose, with asserts on the way."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion.rules.apache import (
    APACHE,
    CLOSE,
    READY,
    ApacheState,
    Choose,
    Reveal,
    Slap,
    Turn,
    card_ids,
)
from companion.rules.base import TABLE


def new(
    players: int = 2,
    *,
    colours: Sequence[str] | None = None,
    first: int = 0,
    **variants: bool,
) -> ApacheState:
    """A new game; ``variants`` by name (``war_path=True``)."""
    setup: dict[str, Any] = {"players": players, "variants": variants, "first": first}
    if colours is not None:
        setup["colours"] = list(colours)
    return APACHE.new(setup, seed=0)


def lay(state: ApacheState, *types: str) -> ApacheState:
    """Turn the given card types one after another (each by the seat whose turn it is), with
    nobody slapping in between."""
    for card_type in types:
        assert state.phase == READY, f"cannot turn in phase {state.phase}"
        state = APACHE.apply(state, Turn(state.turner))
        state = APACHE.apply(state, Reveal(card_type))
    return state


def window(state: ApacheState, *slaps: tuple[int, str]) -> ApacheState:
    """Slap in this order, then close the window."""
    for seat, indian in slaps:
        assert APACHE.actor(state) == TABLE
        state = APACHE.apply(state, Slap(seat, indian))
    return APACHE.apply(state, CLOSE)


def choose(state: ApacheState, seat: int, option: str, target: int | None = None) -> ApacheState:
    return APACHE.apply(state, Choose(seat, option, target))


def card(card_type: str, k: int = 0) -> int:
    """The id of the ``k``-th card of a type to be turned (the lowest ids go first)."""
    return card_ids(card_type)[k]


def cards(*names: str) -> tuple[int, ...]:
    """Ids for names like ``"buffalo"`` or ``"buffalo#1"`` (the second buffalo turned)."""
    found = []
    for name in names:
        card_type, _, k = name.partition("#")
        found.append(card(card_type, int(k or 0)))
    return tuple(found)


def types(ids: Iterable[int]) -> list[str]:
    return [APACHE.card_type(c) for c in ids]
