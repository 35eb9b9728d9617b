"""Scripted Apocalypse games: deal exact hands, play cards by name, set up a trick.

Cards are written as the actions name them (``"red-8"``, ``"chaos"``, ``"tranquility"``);
a Chaos play names its token after a colon: ``"chaos:purple"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.apocalypse import (
    APOCALYPSE,
    DEAL,
    PLAY,
    ApocalypseState,
    Deal,
    Flip,
    NameFirst,
    Play,
    horseman,
)
from companion.rules.apocalypse.cards import (
    BIT,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    SUIT_INDEX,
    mask_of,
)


def new(players: int = 4, **setup: Any) -> ApocalypseState:
    return APOCALYPSE.new({"players": players, **setup}, seed=0)


def deal(state: ApocalypseState, *hands: Sequence[str]) -> ApocalypseState:
    """Deal exactly these hands (seat by seat, ruling P3) through the chance actions."""
    assert state.phase == DEAL, f"not dealing: phase {state.phase}"
    for hand in hands:
        for card in hand:
            state = APOCALYPSE.apply(state, Deal(card))
    assert state.phase != DEAL, "the hands do not fill the deal"
    return state


def play(state: ApocalypseState, *cards: str) -> ApocalypseState:
    """Each card played in turn by the seat whose turn it is (``"chaos:green"``)."""
    for text in cards:
        card, _, token = text.partition(":")
        state = APOCALYPSE.apply(state, Play(card, token or None))
    return state


def first(state: ApocalypseState, seat: int) -> ApocalypseState:
    return APOCALYPSE.apply(state, NameFirst(seat))


def card(name: str) -> int:
    """The id of a Horseman card by name (``"red-8"``)."""
    suit, value = name.split("-")
    return horseman(suit, int(value))


def ids(*names: str) -> int:
    """The mask of some Horseman cards by name."""
    return mask_of([card(n) for n in names])


def chaos(seat: int) -> int:
    """The mask of seat's own Chaos card (3-6 players)."""
    return BIT[FIRST_CHAOS + seat]


def calm(seat: int) -> int:
    """The mask of seat's own Tranquility card (3-6 players)."""
    return BIT[FIRST_TRANQUILITY + seat]


def arranged(
    state: ApocalypseState,
    hands: Sequence[int],
    *,
    turn: int = 0,
    black: Sequence[str] = (),
    won: Sequence[int] | None = None,
) -> ApocalypseState:
    """A trick about to start with these hands (masks), ``turn`` leading; the other cards
    of the game are set aside (deck) or in ``won``. The ``black`` tokens were flipped in an
    earlier round (so the flips stay consistent, ruling P5)."""
    won = list(won) if won is not None else [0] * state.players
    placed = sum(hands) + sum(won)
    flips = tuple(Flip(SUIT_INDEX[s], 0, horseman(s, 1), 0) for s in black)
    state = state._replace(
        phase=PLAY,
        round=1,
        deck=state.cards & ~placed,
        discard=0,
        in_trick=0,
        hands=tuple(hands),
        won=tuple(won),
        dealt=state.hand_size * state.players,
        leader=turn,
        turn=turn,
        tokens=sum(1 << SUIT_INDEX[s] for s in black),
        flips=flips,
    )
    APOCALYPSE.check_invariants(state)
    return state
