"""The incremental invariant check still catches every corruption.

``Apache.check_invariants`` remembers what it checked last (by identity) and re-checks only
the parts an action changed. These tests warm it up on a real game, then hand it corrupted
successors that share the tuples it remembers (so the incremental paths are the ones taken)
and check that each kind of corruption raises: a card in two places, a card missing, a card
still in the deck shown or won, deck counts off, a score that is not the pile size, a phase
that does not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.rules.apache import APACHE, CHOOSE, READY, WINDOW
from companion.rules.apache.actions import Slap
from companion.rules.apache.cards import NUM_CARDS
from companion.rules.apache.engine import ApacheState
from companion.tools.simulate.apache import play_apache_game

SETUP = APACHE.validate_setup(
    {"players": 5, "variants": {"war_path": True, "wedding": True, "joint_raid": True}}
)


def _states(seed: int = 7) -> list[ApacheState]:
    actions: list[Any] = []
    play_apache_game(SETUP, seed, record=actions)
    state = APACHE.new(SETUP, seed)
    states = [state]
    for action in actions:
        state = APACHE.apply_unchecked(state, action)
        states.append(state)
    return states


STATES = _states()


def _warm(upto: int) -> ApacheState:
    """Check every state of the game up to ``upto`` (the checker's memory is warm)."""
    for state in STATES[: upto + 1]:
        APACHE.check_invariants(state)
    return STATES[upto]


def _middle(test: Callable[[ApacheState], bool]) -> int:
    """The index of a state from the middle of the game passing ``test``."""
    return next(i for i in range(len(STATES) // 2, len(STATES)) if test(STATES[i]))


def _with_piles(state: ApacheState) -> int:
    return _middle(lambda s: s.phase == READY and all(s.piles) and len(s.display) >= 2)


def test_the_whole_game_passes() -> None:
    _warm(len(STATES) - 1)


def _corruptions(state: ApacheState) -> dict[str, ApacheState]:
    """Corrupted copies of ``state``, sharing every tuple they do not corrupt."""
    piles, display = state.piles, state.display
    top = piles[0][-1]
    shown = display[-1]
    in_deck = next(  # a card id still face down (the highest of a type with cards left)
        c
        for c in range(NUM_CARDS)
        if c not in display and c not in state.removed and all(c not in p for p in piles)
    )
    one_pile = (piles[0][:-1], *piles[1:])
    return {
        "a pile card also face up": state._replace(display=(*display, top)),
        "a face-up card also in a pile": state._replace(piles=((*piles[0], shown), *piles[1:])),
        "a card in two piles": state._replace(piles=(piles[0], (*piles[1], top), *piles[2:])),
        "a pile card also removed": state._replace(removed=(*state.removed, top)),
        "a card duplicated in its pile": state._replace(piles=((*piles[0], top), *piles[1:])),
        "a face-up card also under a pile": state._replace(piles=((shown, *piles[0]), *piles[1:])),
        "a pile card also under another pile": state._replace(
            piles=(piles[0], (top, *piles[1]), *piles[2:])
        ),
        "a pile card swapped for a face-down one under the pile": state._replace(
            piles=((in_deck, *piles[0][:-1]), *piles[1:])
        ),
        "a pile card missing": state._replace(piles=one_pile),
        "a face-up card missing": state._replace(display=display[:-1]),
        "a face-down card won": state._replace(piles=((*piles[0], in_deck), *piles[1:])),
        "a face-down card shown": state._replace(display=(*display, in_deck)),
        "a card swapped for a face-down one": state._replace(
            piles=((*piles[0][:-1], in_deck), *piles[1:])
        ),
        "a deck count off": state._replace(
            deck=(state.deck[0] + 1, *state.deck[1:]), deck_count=state.deck_count + 1
        ),
        "deck_count not the deck's sum": state._replace(deck_count=state.deck_count - 1),
        "deck counts traded between types": state._replace(
            deck=(
                *state.deck[:-2],
                state.deck[-2] + 1 if state.deck[-1] else state.deck[-2] - 1,
                state.deck[-1] - 1 if state.deck[-1] else state.deck[-1] + 1,
            )
        ),
    }


@pytest.mark.parametrize("kind", list(_corruptions(STATES[_with_piles(STATES[0])])))
def test_every_card_corruption_is_caught(kind: str) -> None:
    index = _with_piles(STATES[0])
    state = _warm(index)
    corrupted = _corruptions(state)[kind]
    with pytest.raises(AssertionError):
        APACHE.check_invariants(corrupted)
    APACHE.check_invariants(state)  # the checker's memory was not spoiled
    with pytest.raises(AssertionError):  # nor does a second look pass it
        APACHE.check_invariants(corrupted)


def test_a_corruption_right_after_a_reveal_is_caught() -> None:
    """The incremental paths of a turned card: one card more in the display, one fewer in
    one deck count."""
    index = _middle(lambda s: s.phase == READY and len(s.display) >= 2 and all(s.piles))
    state = _warm(index)
    assert STATES[index - 1].deck is not state.deck  # the state after a reveal
    for corrupted in (
        state._replace(display=(*state.display[:-1], state.display[0])),  # shown twice
        state._replace(display=(*state.display, state.display[-1])),
        state._replace(deck_count=state.deck_count + 1),
    ):
        with pytest.raises(AssertionError):
            APACHE.check_invariants(corrupted)


def test_a_score_that_is_not_the_pile_size_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    index = _with_piles(STATES[0])
    state = _warm(index - 1)

    def scores(s: ApacheState) -> tuple[float, ...]:
        return (len(s.piles[0]) + 1, *map(len, s.piles[1:]))

    monkeypatch.setattr(APACHE, "scores", scores)
    # a state whose piles the checker has not seen yet
    fresh = state._replace(piles=tuple(tuple(p) for p in map(list, state.piles)))
    with pytest.raises(AssertionError, match="pile sizes"):
        APACHE.check_invariants(fresh)


def test_a_phase_that_does_not_fit_is_caught() -> None:
    index = _with_piles(STATES[0])
    state = _warm(index)
    slap = Slap(0, "chief")
    for corrupted in (
        state._replace(phase=WINDOW),  # a window without slaps
        state._replace(slaps=(slap,)),  # slaps outside a window
        state._replace(phase=WINDOW, window=state.display, slaps=(slap, slap)),  # A8
        state._replace(phase=CHOOSE, window=state.display, slaps=(slap,), resolved=1),
        state._replace(turner=len(state.colours)),
        state._replace(window=state.display),
    ):
        with pytest.raises(AssertionError):
            APACHE.check_invariants(corrupted)


@pytest.mark.parametrize("kind", list(_corruptions(STATES[_with_piles(STATES[0])])))
def test_a_corruption_checked_twice_in_a_row_fails_twice(kind: str) -> None:
    """What the checker learns from a failing state (the masks of its tuples) never lets
    the same state pass the next time."""
    state = _warm(_with_piles(STATES[0]))
    corrupted = _corruptions(state)[kind]
    for _ in range(2):
        with pytest.raises(AssertionError):
            APACHE.check_invariants(corrupted)
