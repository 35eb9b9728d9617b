"""Apocalypse bots: a random player and a heuristic player (fewest points wins).

* :class:`RandomApocalypseBot`: a uniformly random legal action of its seat.
* :class:`HeuristicBot`: with 3-6 players it plays by a few rules of thumb (below), a handful
  of mask operations per decision; in the Duel (2 players, ruling P12) it weighs each legal
  card by what it does to the round's scores after the swap (further below).

The heuristic with 3-6 players, in order:

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

The Duel (ruling P12) is another game: a round's scores swap when one is MORE than twice
the other, so dodging points loses (the opponent's score passes twice the bot's and the
swap hands the bot the higher one), and taking far more than the opponent wins. The bot
looks one trick ahead (:func:`duel_play`):

* it values a position by its advantage (the opponent's round score minus its own, after
  the swap), averaged over how the points still to come might split between the two
  players, from none to all of them its own (:data:`DUEL_SHARES`), about
  :data:`DUEL_TRICK_POINTS` a trick still to play. Once the round is over this is the
  exact advantage, so the bot heads for the swap when it pays and away from it when it
  does not (exactly twice does not swap); a Special card still in hand then scores 20
  (ruling P9), which a skip (ruling P4) can cause;
* following (in a Duel it then plays last), it knows what each legal card does to the
  trick: who takes it and how many points, e.g. that Chaos (5) is the lowest card of an
  Apocalypse led with a 6 and takes all (ruling P6), or that Tranquility never wins;
* leading, it weighs each legal play (a Chaos card once per token it may turn: that
  decides whether the reply can complete an Apocalypse) by the opponent's possible
  replies: the cards it has not seen (neither in its hand nor played: the opponent's hand
  and the set-aside cards), as a player holding some of them would reply picking one of
  its legal cards at random: a card of the leading suit or a Special when it holds one of
  that suit, else any card, or a skip when it holds nothing but the Special led;
* it plays the card of the best expected position (on a tie the first legal play), and
  names itself the next first player (rulings P8, P10): leading, it picks the card.

It sees only what its seat may see: its own hand, the cards played (the trick, the won
piles, the discard pile: every card is played face up), the tokens and how many cards the
opponent holds. Against the random bot it wins about nine Duels in ten (the random bot,
one in ten); with 3-6 players the heuristic wins two to five times as often as a random
seat.

Both bots draw only from the ``random.Random`` they are given; the heuristic draws nothing.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import defaultdict
from functools import lru_cache
from math import comb
from typing import Any, Final, NamedTuple

from companion.rules.apocalypse import (
    APOCALYPSE,
    NOBODY,
    PLAY,
    ApocalypseState,
    play_actions,
    playable,
    random_play,
)
from companion.rules.apocalypse.actions import FIRSTS, PLAYS, Action, NameFirst, Play, play_of
from companion.rules.apocalypse.cards import (
    BIT,
    CHAOS,
    CHAOS_MASK,
    CHAOS_VALUE,
    HORSEMAN_MASK,
    NO_SUIT,
    POINTS,
    SPECIAL_IN_HAND_POINTS,
    SPECIAL_MASK,
    SUIT_INDEX,
    SUIT_MASK,
    SUIT_OF,
    TRANQUILITY,
    TRANQUILITY_MASK,
    TYPE_INDEX,
    TYPE_MASK,
    VALUE_OF,
    card_ids,
    highest_card,
    is_duel,
    lowest_card,
    specials_in,
)
from companion.rules.apocalypse.tricks import (
    blocked_specials,
    can_win,
    duel_swaps,
    leading_suit,
    taken,
    turned_token,
    winning_play,
)
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
    """The heuristic's card: :func:`duel_play` in the Duel, else rules 1-7 of the module
    docstring."""
    if is_duel(state.players):
        return duel_play(state)
    seat, lead, tokens = state.turn, state.lead, state.tokens
    hand = state.hands[seat]
    cards = playable(hand, lead, state.in_trick)
    specials = cards & SPECIAL_MASK
    horsemen = cards & HORSEMAN_MASK
    low, high = _trick_range(state)
    apocalypse = _apocalypse_likely(state)
    if specials and (_specials_urgent(state, hand) or not horsemen):  # rule 1
        return _special(state, specials, low, high, apocalypse)
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
    """Rule 8: itself with a low card to lead, else the next seat clockwise; in the Duel
    always itself (leading, it picks the card)."""
    seat = state.turn
    if is_duel(state.players):
        return FIRSTS[seat]
    horsemen = state.hands[seat] & HORSEMAN_MASK
    if horsemen and VALUE_OF[_lowest_lead(horsemen, state.tokens)] <= LOW_LEAD:
        return FIRSTS[seat]
    return FIRSTS[(seat + 1) % state.players]


# --- the Duel (ruling P12) -------------------------------------------------------------------

DUEL_TRICK_POINTS: Final = 5
"""The points each trick still to play is taken to bring to the two players together (a
Duel trick gives away about 8 on average; 5, tuned by simulation, plays better: the
points to come are less certain than the points won)."""
DUEL_SHARES: Final = (0, 25, 50, 75, 100)
"""The shares (per cent) of the points still to come that a position's value is averaged
over: the bot's own share, from none to all of them (it cannot tell who will take them)."""

NEGLIGIBLE: Final = 0.03
"""A group of the opponent's replies less likely than this is left out of the reckoning:
early in a round the opponent almost surely holds a card of the leading suit, so its other
cards need not be weighed."""


class DuelView(NamedTuple):
    """What the Duel bot knows when it is to play (its seat's view)."""

    seat: int
    hand: int
    """Its cards (a mask)."""
    mine: int
    """The points it has won this round."""
    theirs: int
    """The points the opponent has won this round."""
    their_cards: int
    """How many cards the opponent holds."""
    unseen: int
    """The cards it has not seen (a mask): neither in its hand nor played (the trick, the
    won piles and the discard pile: every card is played face up). The opponent's hand is
    ``their_cards`` of them, the others are set aside (ruling P12)."""
    tokens: int
    """The black tokens (a mask of suits)."""
    token_mask: int
    """The tokens in play."""


def duel_view(state: ApocalypseState) -> DuelView:
    """What the seat to play knows: nothing of the opponent's hand but its size."""
    seat, opponent = state.turn, 1 - state.turn
    hand = state.hands[seat]
    played = state.in_trick | state.discard | state.won[0] | state.won[1]
    points = state.points
    return DuelView(
        seat=seat,
        hand=hand,
        mine=points[seat],
        theirs=points[opponent],
        their_cards=state.hand_sizes[opponent],
        unseen=state.cards & ~hand & ~played,
        tokens=state.tokens,
        token_mask=state.token_mask,
    )


def duel_play(state: ApocalypseState) -> Play:
    """The Duel bot's card (module docstring): the legal play of the best expected position
    after the trick; on a tie the first of ``play_actions``."""
    plays = play_actions(state)
    if len(plays) == 1:
        return plays[0]
    view = duel_view(state)
    return max(plays, key=lambda play: _play_value(state, view, play))


def _play_value(state: ApocalypseState, view: DuelView, play: Play) -> float:
    """The expected value of the position after the trick in which ``play`` is played."""
    card = lowest_card(view.hand & TYPE_MASK[TYPE_INDEX[play.card]])
    token = NO_SUIT if play.token is None else SUIT_INDEX[play.token]
    outcomes = _outcomes(state, view, card, token)
    return sum(chance * _position_value(after) for after, chance in outcomes.items())


Reply = tuple[int | None, float]
"""One of the opponent's possible replies to the Duel bot's lead: its card (``None``: it
skips, ruling P4) and the chance of it."""


class After(NamedTuple):
    """A position after a trick, as the Duel bot values it: the round's points (its own,
    the opponent's; once the round is over with the Special cards kept, ruling P9) and how
    many tricks are left to play (0: the round is over)."""

    mine: int
    theirs: int
    tricks_left: int


def _outcomes(state: ApocalypseState, view: DuelView, card: int, token: int) -> dict[After, float]:
    """The possible outcomes of the trick in which the bot plays ``card`` (a Chaos card
    turning ``token``) and their chances: the one outcome when it plays last (in a Duel only
    the second player follows, and the leader never skips), else one for each reply of the
    opponent (:func:`_replies`)."""
    hand = view.hand ^ BIT[card]
    tokens = _turned(view, view.tokens, card, token)
    if state.trick:
        cards = (*(played for _, played in state.trick), card)
        won = _trick_points(view, state.leader, cards, tokens)
        return {_after(view, won, hand, view.their_cards): 1.0}
    outcomes: dict[After, float] = defaultdict(float)
    replies = _replies(view.unseen, view.their_cards, SUIT_OF[card], blocked_specials(BIT[card]))
    for reply, chance in replies:
        if reply is None:  # the opponent skips (ruling P4)
            won = _trick_points(view, view.seat, (card,), tokens)
            outcomes[_after(view, won, hand, view.their_cards)] += chance
        else:
            reply_tokens = _turned(view, tokens, reply, NO_SUIT)
            won = _trick_points(view, view.seat, (card, reply), reply_tokens)
            outcomes[_after(view, won, hand, view.their_cards - 1)] += chance
    return outcomes


def _turned(view: DuelView, tokens: int, card: int, token: int) -> int:
    """Ruling P5: the black tokens after ``card`` is played; a Chaos card turns ``token``, or
    when none is named (the opponent's) the first coloured one: which does not change
    whether the trick is an Apocalypse."""
    coloured = view.token_mask & ~tokens
    if BIT[card] & CHAOS_MASK and token == NO_SUIT and coloured:
        token = lowest_card(coloured)
    turned = turned_token(SUIT_OF[card], token, tokens)
    return tokens if turned == NO_SUIT else tokens | 1 << turned


def _trick_points(
    view: DuelView, leader: int, cards: tuple[int, ...], tokens: int
) -> tuple[int, int]:
    """The round's points (the bot's, the opponent's) once the trick of ``cards``, played
    in turn from ``leader``'s, is resolved with ``tokens`` black (all black: an
    Apocalypse)."""
    best, points = _trick_result(cards, tokens == view.token_mask)
    if best == NOBODY:
        return view.mine, view.theirs
    if (leader + best) % 2 == view.seat:
        return view.mine + points, view.theirs
    return view.mine, view.theirs + points


def _after(view: DuelView, won: tuple[int, int], hand: int, their_cards: int) -> After:
    """The position once a trick has given the round's points ``won`` (the bot's, the
    opponent's) and left the bot ``hand`` and the opponent ``their_cards`` cards. When a
    hand is empty the round is over (ruling P9): each Special card still in hand scores 20
    (the opponent's: as many as the unseen cards hold, in proportion)."""
    mine, theirs = won
    tricks_left = min(hand.bit_count(), their_cards)
    if tricks_left:
        return After(mine, theirs, tricks_left)
    if their_cards:
        special_share = specials_in(view.unseen) / view.unseen.bit_count()
        theirs += round(SPECIAL_IN_HAND_POINTS * their_cards * special_share)
    mine += SPECIAL_IN_HAND_POINTS * specials_in(hand)
    return After(mine, theirs, 0)


@lru_cache(maxsize=8192)
def _trick_result(cards: tuple[int, ...], apocalypse: bool) -> tuple[int, int]:
    """Rulings P6, P7: the index in ``cards`` (a trick's cards in play order) of the winning
    card (``NOBODY``: none wins) and the points it takes (none without a winner). A pure
    function of a few integers, so the results already worked out are kept."""
    best = winning_play(cards, leading_suit(cards), apocalypse)
    if best == NOBODY:
        return NOBODY, 0
    return best, sum(POINTS[card] for card in taken(cards, best, apocalypse))


@lru_cache(maxsize=256)
def _replies(unseen: int, held: int, suit: int, blocked: int) -> tuple[Reply, ...]:
    """The opponent's replies to the bot's lead and their chances: the lead is of ``suit``
    (``NO_SUIT``: a Special card) and ``blocked`` are the copies of the Special it is, if
    any (ruling P4). The opponent holds ``held`` of the ``unseen`` cards, any of them alike,
    and plays one of its legal cards at random: a card of the leading suit or a Special (one
    of each type) when it holds one of that suit, else any card; it skips (``None``) when it
    holds nothing but the Special led. A pure function of four integers, so the replies
    already worked out are kept (every lead of a suit has the same)."""
    blocked &= unseen
    suit_cards = unseen & SUIT_MASK[suit] if suit != NO_SUIT else 0
    others = unseen & ~suit_cards & ~blocked
    hands = comb(unseen.bit_count(), held)
    follows = 1 - comb(unseen.bit_count() - suit_cards.bit_count(), held) / hands
    skips = comb(blocked.bit_count(), held) / hands
    replies: list[Reply] = [(None, skips)] if skips else []
    replies += _alike(suit_cards | others & SPECIAL_MASK, follows)
    replies += _alike(others, 1 - follows - skips)
    return tuple(replies)


def _alike(cards: int, chance: float) -> list[Reply]:
    """One card of each type of ``cards`` (a player picks a play, not a copy), sharing
    ``chance`` equally; none when ``chance`` is below :data:`NEGLIGIBLE`."""
    kinds = [*card_ids(cards & HORSEMAN_MASK)]
    kinds += [
        lowest_card(cards & special)
        for special in (CHAOS_MASK, TRANQUILITY_MASK)
        if cards & special
    ]
    if not kinds or chance < NEGLIGIBLE:
        return []
    return [(card, chance / len(kinds)) for card in kinds]


@lru_cache(maxsize=4096)
def _position_value(after: After) -> float:
    """The value of a position: its advantage once the round is over, else the advantage
    averaged over the shares of the points to come (:data:`DUEL_SHARES`), about
    :data:`DUEL_TRICK_POINTS` a trick. A pure function of three integers, so the values
    already worked out are kept."""
    mine, theirs, tricks_left = after
    to_come = DUEL_TRICK_POINTS * tricks_left
    values = [
        _advantage(mine + to_come * share // 100, theirs + to_come * (100 - share) // 100)
        for share in DUEL_SHARES
    ]
    return sum(values) / len(values)


def _advantage(mine: int, theirs: int) -> int:
    """The bot's lead in a Duel round scored ``mine`` to ``theirs``: the opponent's score minus
    its own once ruling P12 has swapped them (when one is MORE than twice the other)."""
    if duel_swaps(mine, theirs):
        return mine - theirs
    return theirs - mine


__all__ = [
    "DUEL_SHARES",
    "DUEL_TRICK_POINTS",
    "HIGH_CARD",
    "LOW_LEAD",
    "DuelView",
    "HeuristicBot",
    "RandomApocalypseBot",
    "best_first",
    "best_play",
    "duel_play",
    "duel_view",
]
