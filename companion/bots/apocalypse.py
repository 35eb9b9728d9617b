"""Apocalypse bots: a random player and a simple heuristic player (fewest points wins).

* :class:`RandomApocalypseBot`: a uniformly random legal action of its seat.
* :class:`HeuristicBot`: plays by a few rules of thumb (below), a handful of mask
  operations per decision.

The heuristic, in order:

1. Special cards in hand score 20 each at the end of the round (ruling P9): once the round
   may end before the bot has played them (its Special cards are as many as the tricks
   the shortest hand can still last), it plays one: Chaos when it cannot win the trick,
   else Tranquility, else Chaos.
2. Chaos is a free dump when it cannot win: in a regular trick below a leading card above
   5, in an Apocalypse above a leading card below 5 (ruling P6).
3. Off the leading suit the bot cannot win: it dumps its highest Horseman card.
4. In an Apocalypse (all tokens black, or so few coloured that the players still to play
   will likely turn them) the lowest leading card takes the whole trick: the bot plays its
   highest leading card, or Tranquility if even that would be the lowest.
5. In a regular trick it plays the highest leading card that cannot win, else its lowest
   one (a win costs only the card's value), or Tranquility rather than win with a card
   of 8 or more.
6. Leading, it plays its lowest card, preferring a suit whose token is already black (it
   does not bring the Apocalypse closer); its highest card when an Apocalypse is likely.
7. A Chaos card flips the first coloured token (ruling P5).
8. Naming the next first player (rulings P8, P10) it names itself when it holds a card of
   3 or less to lead with, else the next seat clockwise.
9. In the Duel, below three quarters of the opponent's round points (below half, a swap
   would hand it the higher score, ruling P12) it takes points: it plays to win the trick.
   Against a random opponent this only evens the Duel (it wins about half the games);
   with 3-6 players the heuristic wins two to five times as often as a random seat.

Both bots draw only from the ``random.Random`` they are given.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Final

from companion.rules.apocalypse import APOCALYPSE, PLAY, ApocalypseState, playable, random_play
from companion.rules.apocalypse.actions import FIRSTS, PLAYS, Action, NameFirst, Play, play_of
from companion.rules.apocalypse.cards import (
    CHAOS,
    CHAOS_MASK,
    CHAOS_VALUE,
    HORSEMAN_MASK,
    NO_SUIT,
    SPECIAL_MASK,
    SUIT_MASK,
    TRANQUILITY,
    TRANQUILITY_MASK,
    VALUE_OF,
    highest_card,
    is_duel,
    lowest_card,
    specials_in,
)
from companion.rules.apocalypse.tricks import can_win
from companion.rules.base import Engine

HIGH_CARD: Final = 8
"""Rule 5: rather than win a regular trick with a card this high, play Tranquility."""
LOW_LEAD: Final = 3
"""Rule 8: a card this low makes leading safe."""


class _Bot(ABC):
    """What every Apocalypse bot shares: its seat, and acting only on its seat's turn."""

    seat: int

    def act(self, engine: Engine[Any, Any], state: ApocalypseState) -> Action | None:
        """Its action, or ``None`` when it is not this seat's turn."""
        if engine.actor(state) != self.seat:
            return None
        return self.choose(state)

    @abstractmethod
    def choose(self, state: ApocalypseState) -> Action:
        """Its action; the caller knows it is this seat's turn (``play``/``name``/``choose``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class RandomApocalypseBot(_Bot):
    """Plays a uniformly random legal action when it is its seat's turn: one
    ``rng.random()`` draw picks among ``legal_actions`` (a card with the engine's
    ``random_play``: the same pick, without listing the plays)."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: ApocalypseState) -> Action:
        if state.phase == PLAY:
            return random_play(state, self.rng)
        legal = APOCALYPSE.legal_actions(state)
        return legal[int(self.rng.random() * len(legal))]


class HeuristicBot(_Bot):
    """Plays by the heuristic of the module docstring (deterministic: ``rng`` is unused but
    kept so that every bot is built alike)."""

    def __init__(self, seat: int, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: ApocalypseState) -> Action:
        if state.phase == PLAY:
            return best_play(state)
        return best_first(state)


# --- the heuristic ---------------------------------------------------------------------------


def best_play(state: ApocalypseState) -> Play:
    """The heuristic's card (rules 1-7 of the module docstring; rule 9 in the Duel)."""
    seat, lead, tokens = state.turn, state.lead, state.tokens
    hand = state.hands[seat]
    cards = playable(hand, lead, state.in_trick)
    specials = cards & SPECIAL_MASK
    horsemen = cards & HORSEMAN_MASK
    low, high = _trick_range(state)
    apocalypse = _apocalypse_likely(state)
    if specials and (_specials_urgent(state, hand) or not horsemen):  # rule 1
        return _special(state, specials, low, high, apocalypse)
    if is_duel(state.players) and _wants_points(state, seat) and horsemen:  # rule 9
        return _take_points(state, horsemen, apocalypse)
    if cards & CHAOS_MASK and _chaos_loses(low, high, apocalypse):  # rule 2
        return _chaos(state)
    if lead == NO_SUIT:  # rule 6
        if apocalypse:
            return PLAYS[_highest(horsemen)]
        return PLAYS[_lowest_lead(horsemen, tokens)]
    follow = horsemen & SUIT_MASK[lead]
    return _follow(follow, horsemen, cards=cards, low=low, high=high, apoc=apocalypse)


def _apocalypse_likely(state: ApocalypseState) -> bool:
    """Rule 4: every token is black, or so few are coloured that the players still to play
    after this one will likely turn them."""
    coloured = (state.token_mask & ~state.tokens).bit_count()
    after = state.players - len(state.trick) - len(state.skipped) - 1
    return coloured == 0 or (coloured == 1 and after >= 2) or coloured <= after - 2


def _wants_points(state: ApocalypseState, seat: int) -> bool:
    """Rule 9 (Duel): below three quarters of the opponent's round points, head for the
    safe middle of [half, all] of theirs (below half the scores would be swapped, ruling
    P12): take points instead of avoiding them."""
    mine, theirs = state.points[seat], state.points[1 - seat]
    return 4 * mine < 3 * theirs


def _take_points(state: ApocalypseState, horsemen: int, apocalypse: bool) -> Play:
    """Rule 9: win the trick: the highest card of the leading suit (the lowest in an
    Apocalypse); off the leading suit, keep the high cards for later."""
    lead = state.lead
    follow = horsemen if lead == NO_SUIT else horsemen & SUIT_MASK[lead]
    if not follow:
        return PLAYS[_lowest(horsemen)]
    return PLAYS[_lowest(follow) if apocalypse else _highest(follow)]


def _follow(follow: int, horsemen: int, *, cards: int, low: int, high: int, apoc: bool) -> Play:
    """Rules 3-5: off the leading suit, in an Apocalypse, in a regular trick."""
    if not follow:
        return PLAYS[_highest(horsemen)]  # rule 3
    if apoc:
        top = _highest(follow)
        if VALUE_OF[top] < low and cards & TRANQUILITY_MASK:  # rule 4
            return PLAYS[TRANQUILITY]
        return PLAYS[top]
    return _regular_follow(follow, cards, high)  # rule 5


def _lowest(horsemen: int) -> int:
    """The lowest-valued Horseman card of a mask."""
    best, best_value = -1, 99
    for suit_mask in SUIT_MASK:
        of_suit = horsemen & suit_mask
        if of_suit:
            card = lowest_card(of_suit)
            if VALUE_OF[card] < best_value:
                best, best_value = card, VALUE_OF[card]
    return best


def _trick_range(state: ApocalypseState) -> tuple[int, int]:
    """The lowest and highest values of the leading suit in the trick so far (Chaos 5);
    ``(11, 0)`` when there is none."""
    values = [VALUE_OF[card] for _, card in state.trick if can_win(card, state.lead)]
    return min(values, default=11), max(values, default=0)


def _specials_urgent(state: ApocalypseState, hand: int) -> bool:
    """Rule 1: the round may end before the bot has played its Special cards."""
    shortest = min(other.bit_count() for other in state.hands)
    return specials_in(hand) >= shortest - 1


def _special(state: ApocalypseState, specials: int, low: int, high: int, apoc: bool) -> Play:
    if specials & CHAOS_MASK and (_chaos_loses(low, high, apoc) or not specials & ~CHAOS_MASK):
        return _chaos(state)
    return PLAYS[TRANQUILITY]


def _chaos_loses(low: int, high: int, apocalypse: bool) -> bool:
    """Rule 2: Chaos (5) is beaten already: below the highest leading card of a regular
    trick, above the lowest of an Apocalypse."""
    return low < CHAOS_VALUE if apocalypse else high > CHAOS_VALUE


def _chaos(state: ApocalypseState) -> Play:
    """Rule 7: Chaos flips the first coloured token (none when all are black)."""
    coloured = state.token_mask & ~state.tokens
    if not coloured:
        return PLAYS[CHAOS]
    return play_of(CHAOS, token=lowest_card(coloured))


def _regular_follow(follow: int, cards: int, high: int) -> Play:
    """Rule 5: the highest leading card under the trick's best, else the lowest one (or
    Tranquility instead of winning with a high card)."""
    rest = follow
    while rest:  # from the highest card down (a suit's ids rise with its values)
        card = highest_card(rest)
        if VALUE_OF[card] < high:
            return PLAYS[card]
        rest ^= 1 << card
    lowest = lowest_card(follow)
    if VALUE_OF[lowest] >= HIGH_CARD and cards & TRANQUILITY_MASK:
        return PLAYS[TRANQUILITY]
    return PLAYS[lowest]


def _highest(horsemen: int) -> int:
    """The highest-valued Horseman card of a mask (the highest id among the top values)."""
    best, best_value = -1, -1
    for suit_mask in SUIT_MASK:
        of_suit = horsemen & suit_mask
        if of_suit:
            card = highest_card(of_suit)
            if VALUE_OF[card] > best_value:
                best, best_value = card, VALUE_OF[card]
    return best


def _lowest_lead(horsemen: int, tokens: int) -> int:
    """Rule 6: the lowest card, of a suit whose token is black if it can."""
    best, best_key = -1, (2, 99)
    for suit, suit_mask in enumerate(SUIT_MASK):
        of_suit = horsemen & suit_mask
        if of_suit:
            card = lowest_card(of_suit)
            key = (0 if tokens >> suit & 1 else 1, VALUE_OF[card])
            if key < best_key:
                best, best_key = card, key
    return best


def best_first(state: ApocalypseState) -> NameFirst:
    """Rule 8: itself with a low card to lead, else the next seat clockwise."""
    seat = state.turn
    horsemen = state.hands[seat] & HORSEMAN_MASK
    if horsemen and VALUE_OF[_lowest_lead(horsemen, state.tokens)] <= LOW_LEAD:
        return FIRSTS[seat]
    return FIRSTS[(seat + 1) % state.players]


__all__ = [
    "HIGH_CARD",
    "LOW_LEAD",
    "HeuristicBot",
    "RandomApocalypseBot",
    "best_first",
    "best_play",
]
