"""``Apache.check_invariants`` catches every corruption, checked whole or since a good state.

The check runs after every simulated action with ``since`` (the state before the action,
which passed): the cards are then checked again only when they moved in another way than
one card turned. These tests take the states of a real game and corrupt them: a card in two
places, a card missing, a face-down card shown or won, the deck out of order, a score that is
not the pile size, a phase that does not fit. Each must raise, whether checked whole or since
the state it was corrupted from (or the one before it).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest

from companion.rules.apache import APACHE, CHOOSE, READY, WINDOW, Reveal
from companion.rules.apache.actions import Slap
from companion.rules.apache.cards import NUM_CARDS
from companion.rules.apache.engine import ApacheState
from companion.tools.simulate.apache import play_apache_game

SETUP = APACHE.validate_setup({"players": 5, "variants": {"war_path": True, "wedding": True}})


def _game(seed: int = 7) -> tuple[list[Any], list[ApacheState]]:
    actions: list[Any] = []
    play_apache_game(SETUP, seed, record=actions)
    state = APACHE.new(SETUP, seed)
    states = [state]
    for action in actions:
        state = APACHE.apply_unchecked(state, action)
        states.append(state)
    return actions, states


ACTIONS, STATES = _game()


def _middle(test: Callable[[ApacheState], bool]) -> int:
    """The index of a state from the middle of the game passing ``test``."""
    return next(i for i in range(len(STATES) // 2, len(STATES)) if test(STATES[i]))


WITH_PILES = _middle(lambda s: s.phase == READY and all(s.piles) and len(s.display) >= 2)
"""A state with cards face up and in every pile."""


def test_the_whole_game_passes_whole_and_action_by_action() -> None:
    for before, after in pairwise(STATES):
        APACHE.check_invariants(after)
        APACHE.check_invariants(after, since=before)


def _corruptions(state: ApacheState) -> dict[str, ApacheState]:
    """Corrupted copies of ``state``."""
    piles, display, deck = state.piles, state.display, state.deck
    top, shown, down = piles[0][-1], display[-1], deck[0]
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
        "a pile card swapped for a face-down one": state._replace(
            piles=((down, *piles[0][:-1]), *piles[1:])
        ),
        "a pile card missing": state._replace(piles=(piles[0][:-1], *piles[1:])),
        "a face-up card missing": state._replace(display=display[:-1]),
        "a face-down card won": state._replace(piles=((*piles[0], down), *piles[1:])),
        "a face-down card shown": state._replace(display=(*display, down)),
        "a face-down card missing": state._replace(deck=deck[1:]),
        "a face-down card twice": state._replace(deck=(down, *deck)),
        "a face-up card also face down": state._replace(deck=tuple(sorted((*deck, shown)))),
        "a card id that is no card": state._replace(display=(*display, NUM_CARDS)),
        "the deck out of id order": state._replace(deck=(*deck[1:], down)),
    }


KINDS_OF_CORRUPTION = list(_corruptions(STATES[WITH_PILES]))


@pytest.mark.parametrize("kind", KINDS_OF_CORRUPTION)
def test_every_card_corruption_is_caught_whole_and_since_a_good_state(kind: str) -> None:
    good = STATES[WITH_PILES]
    corrupted = _corruptions(good)[kind]
    with pytest.raises(AssertionError):
        APACHE.check_invariants(corrupted)
    for since in (good, STATES[WITH_PILES - 1]):
        with pytest.raises(AssertionError):
            APACHE.check_invariants(corrupted, since=since)


def test_a_corruption_of_a_card_turn_is_caught_since_the_state_before_it() -> None:
    """The quick path of a turned card: the deck lost exactly the card the display gained."""
    index = _middle(lambda s: s.phase == READY and all(s.piles) and len(s.display) >= 2)
    while not isinstance(ACTIONS[index - 1], Reveal):
        index += 1
    before, after = STATES[index - 1], STATES[index]
    turned = after.display[-1]
    other = after.deck[-1]  # a card still face down
    APACHE.check_invariants(after, since=before)
    for corrupted in (
        after._replace(display=(*after.display[:-1], other)),  # shown, but still face down
        after._replace(deck=before.deck),  # turned, but still face down
        after._replace(deck=tuple(c for c in before.deck if c not in (turned, other))),
        after._replace(display=(*after.display, turned)),  # shown twice
        after._replace(display=(*after.display[:-1], after.piles[0][-1])),  # a won card
        after._replace(display=(*before.display, turned, other)),
    ):
        with pytest.raises(AssertionError):
            APACHE.check_invariants(corrupted, since=before)


def test_a_score_that_is_not_the_pile_size_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    good = STATES[WITH_PILES]

    def scores(s: ApacheState) -> tuple[float, ...]:
        return (len(s.piles[0]) + 1, *map(len, s.piles[1:]))

    monkeypatch.setattr(APACHE, "scores", scores)
    with pytest.raises(AssertionError, match="pile sizes"):
        APACHE.check_invariants(good)


def test_a_phase_that_does_not_fit_is_caught() -> None:
    good = STATES[WITH_PILES]
    slap = Slap(0, "chief")
    for corrupted in (
        good._replace(phase=WINDOW),  # a window without slaps
        good._replace(slaps=(slap,)),  # slaps outside a window
        good._replace(phase=WINDOW, window=good.display, slaps=(slap, slap)),  # A8
        good._replace(phase=CHOOSE, window=good.display, slaps=(slap,), resolved=1),
        good._replace(turner=len(good.colours)),
        good._replace(window=good.display),
    ):
        for since in (None, good):
            with pytest.raises(AssertionError):
                APACHE.check_invariants(corrupted, since=since)


def test_a_second_slap_on_the_same_card_is_caught_ruling_a8() -> None:
    """The simulation applies actions unchecked: a seat twice on one card must not pass."""
    good = STATES[WITH_PILES]
    red, yellow = Slap(0, "chief"), Slap(1, "woman")

    def opened(slaps: tuple[Slap, ...], slapped: tuple[int, ...]) -> ApacheState:
        """A window open with ``slaps``, and ``slapped`` on the card."""
        return good._replace(
            phase=WINDOW, window=good.display, slaps=slaps, slapped_on_card=slapped
        )

    for corrupted in (
        good._replace(slapped_on_card=(0, 0)),  # twice across windows on the card
        good._replace(slapped_on_card=(len(good.colours),)),  # no such seat
        opened((red,), ()),  # a slap not counted on the card
        opened((red, yellow), (1, 0)),  # out of order
    ):
        for since in (None, good):
            with pytest.raises(AssertionError, match="ruling A8"):
                APACHE.check_invariants(corrupted, since=since)
    APACHE.check_invariants(opened((red, yellow), (0, 1)))
