"""Apocalypse's pure rules functions: following, tokens, trick resolution, round scoring,
the Duel swap, the next round's chooser and the winners.

Nothing here knows the engine's state: a TRACKER screen (real cards at the table) can resolve
a trick the players entered, score a round or apply the Duel swap with the same functions the
FULL engine uses. Cards are ids and sets of cards are bitmasks (see
:mod:`companion.rules.apocalypse.cards`); a trick is a tuple of ``(seat, card)`` plays in play
order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from companion.rules.apocalypse.cards import (
    BIT,
    CHAOS_MASK,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    NUM_CARDS,
    NUM_HORSEMEN,
    POINTS,
    SPECIAL_IN_HAND_POINTS,
    SPECIAL_MASK,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    TRANQUILITY_MASK,
    VALUE_OF,
    card_ids,
    card_words,
    mask_of,
    points_of,
)
from companion.rules.base import JSON

NO_SUIT: Final = -1
"""The leading suit before the trick's first Horseman card (ruling P4)."""
NOBODY: Final = -1
"""The winner of a trick without one (ruling P7)."""

_new: Final = tuple.__new__
"""Builds a NamedTuple from a tuple of its fields without the Python-level ``__new__``."""

Play = tuple[int, int]
"""One play of a trick: ``(seat, card)``."""


# --- following (ruling P4) -------------------------------------------------------------------


def playable(hand: int, lead: int, in_trick: int) -> int:
    """Ruling P4: the cards of ``hand`` (a mask) that may be played now.

    ``lead`` is the leading suit (``NO_SUIT`` while unset), ``in_trick`` the mask of the cards
    already in the trick. A Special card may be played unless that Special is already in the
    trick; a holder of the leading suit must play it (or a Special); anything otherwise.
    Empty (0): the player skips.
    """
    if in_trick & SPECIAL_MASK:
        if in_trick & CHAOS_MASK:
            hand &= ~CHAOS_MASK
        if in_trick & TRANQUILITY_MASK:
            hand &= ~TRANQUILITY_MASK
    if lead >= 0:
        follow = hand & SUIT_MASK[lead]
        if follow:
            return follow | (hand & SPECIAL_MASK)
    return hand


def leading_suit(plays: Sequence[Play]) -> int:
    """The suit of the trick's first Horseman card (ruling P4), ``NO_SUIT`` if none."""
    for _, card in plays:
        if card < NUM_HORSEMEN:
            return SUIT_OF[card]
    return NO_SUIT


# --- tokens (ruling P5) ----------------------------------------------------------------------


def flipped_suit(card: int, token: int | None, tokens: int) -> int | None:
    """Ruling P5: the suit whose token ``card`` flips black, or ``None``.

    A Horseman card flips its suit's token if it is still coloured; a Chaos card flips
    ``token`` (the player's choice: a suit index whose token is coloured, ``None`` when every
    token is black); Tranquility flips nothing. ``tokens`` is the mask of black tokens.
    """
    if card < NUM_HORSEMEN:
        suit = SUIT_OF[card]
        return None if tokens >> suit & 1 else suit
    if card < FIRST_TRANQUILITY and token is not None and not tokens >> token & 1:
        return token
    return None


def token_names(tokens: int) -> list[str]:
    """The suits of a token mask, in ruling P2's order."""
    return [suit for s, suit in enumerate(SUITS) if tokens >> s & 1]


# --- the trick (rulings P6, P7) --------------------------------------------------------------


def winning_play(plays: Sequence[Play], lead: int, apocalypse: bool) -> int:
    """Ruling P6: the index in ``plays`` of the winning play, or ``NOBODY`` (ruling P7).

    Candidates: the Horseman cards of the leading suit and the Chaos card (value 5, always of
    the leading suit, and the only candidate when no Horseman card was played, P7).
    Tranquility never wins. Regular trick: the highest value wins; Apocalypse: the lowest.
    Values never tie: a suit has one card per value, there is no 5, one Chaos per trick.
    """
    best, best_value = NOBODY, 0
    for i, (_, card) in enumerate(plays):
        if card < NUM_HORSEMEN:
            if SUIT_OF[card] != lead:
                continue
        elif card >= FIRST_TRANQUILITY:
            continue
        value = VALUE_OF[card]
        if best < 0 or (value < best_value if apocalypse else value > best_value):
            best, best_value = i, value
    return best


class TrickResult(NamedTuple):
    """A resolved trick: what was played, who won what, and why (``reason``).

    ``plays``: ``(seat, card)`` in play order; ``skipped``: the seats that could not play
    (ruling P4), in turn order; ``lead``: the leading suit index (``NO_SUIT``: none);
    ``winner``: the seat (``NOBODY``: ruling P7); ``card``: the winning card (-1: none);
    ``taken``: the mask of the cards the winner took (their own card in a regular trick, the
    whole trick in an Apocalypse); ``points``: what ``taken`` scores (ruling P9).
    """

    plays: tuple[Play, ...]
    skipped: tuple[int, ...]
    lead: int
    apocalypse: bool
    winner: int
    card: int
    taken: int
    points: int

    @property
    def discarded(self) -> int:
        """The mask of the trick's cards that went to the discard pile."""
        return mask_of([card for _, card in self.plays]) & ~self.taken

    @property
    def reason(self) -> str:
        """The trick's outcome in words, citing the rulings."""
        return trick_words(self)

    def to_json(self) -> dict[str, JSON]:
        return {
            "plays": [[seat, card] for seat, card in self.plays],
            "skipped": self.skipped,
            "lead": None if self.lead < 0 else SUITS[self.lead],
            "apocalypse": self.apocalypse,
            "winner": None if self.winner < 0 else self.winner,
            "card": None if self.card < 0 else self.card,
            "taken": card_ids(self.taken),
            "points": self.points,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Any) -> TrickResult:
        lead, winner, card = data["lead"], data["winner"], data["card"]
        return cls(
            plays=tuple((_int(seat), _card(card)) for seat, card in data["plays"]),
            skipped=tuple(_int(s) for s in data["skipped"]),
            lead=NO_SUIT if lead is None else SUITS.index(lead),
            apocalypse=bool(data["apocalypse"]),
            winner=NOBODY if winner is None else _int(winner),
            card=-1 if card is None else _card(card),
            taken=mask_of([_card(c) for c in data["taken"]]),
            points=_int(data["points"]),
        )


def resolve_trick(
    plays: tuple[Play, ...], skipped: tuple[int, ...], lead: int, apocalypse: bool
) -> TrickResult:
    """Rulings P6 and P7: who wins the trick and what they take.

    Regular trick: the winner takes only their own card, the rest is discarded. Apocalypse:
    the winner takes every card of the trick. No Horseman and no Chaos card: no winner, all
    discarded.
    """
    best = winning_play(plays, lead, apocalypse)
    if best < 0:
        return _new(TrickResult, (plays, skipped, lead, apocalypse, NOBODY, -1, 0, 0))
    winner, card = plays[best]
    if apocalypse:
        taken = 0
        points = 0
        for _, played in plays:
            taken |= BIT[played]
            points += POINTS[played]
    else:
        taken, points = BIT[card], POINTS[card]
    return _new(TrickResult, (plays, skipped, lead, apocalypse, winner, card, taken, points))


def trick_words(result: TrickResult) -> str:
    """E.g. ``"Apocalypse, leading suit red: seat 1's Chaos (5) is the lowest of the leading
    suit and wins (ruling P6); seat 1 takes all 4 cards: 17 points"``."""
    kind = "Apocalypse" if result.apocalypse else "regular trick"
    lead = "no leading suit" if result.lead < 0 else f"leading suit {SUITS[result.lead]}"
    skips = "".join(f"; seat {s} could not play and skipped (ruling P4)" for s in result.skipped)
    if result.winner < 0:
        return (
            f"{kind}, {lead}: neither a Horseman nor a Chaos card, so no winner (ruling P7); "
            f"the cards are discarded and the first player opens the next trick{skips}"
        )
    card = card_words(result.card)
    value = f" ({VALUE_OF[result.card]})" if result.card >= FIRST_CHAOS else ""
    order = "lowest" if result.apocalypse else "highest"
    only = " (the only card that could win, ruling P7)" if result.lead < 0 else ""
    if result.apocalypse:
        take = f"all {len(result.plays)} cards ({result.points} points)"
    else:
        rest = len(result.plays) - 1
        others = f", the {rest} other cards are discarded" if rest > 1 else ""
        others = ", the other card is discarded" if rest == 1 else others
        take = f"only their {card} ({result.points} points){others}"
    return (
        f"{kind}, {lead}: seat {result.winner}'s {card}{value} is the {order} of the leading "
        f"suit and wins (ruling P6){only}; seat {result.winner} takes {take}"
        f"{_losers(result)}{skips}"
    )


def _losers(result: TrickResult) -> str:
    """Why the other plays could not win: off-suit Horseman cards and Tranquility."""
    off = [
        f"seat {seat}'s {card_words(card)}"
        for seat, card in result.plays
        if card < NUM_HORSEMEN and SUIT_OF[card] != result.lead
    ]
    calm = [f"seat {seat}" for seat, card in result.plays if card >= FIRST_TRANQUILITY]
    words = ""
    if off:
        words += f"; not of the leading suit: {', '.join(off)}"
    if calm:
        words += f"; Tranquility never wins: {', '.join(calm)}"
    return words


# --- the round (rulings P9, P10, P12) --------------------------------------------------------


class RoundResult(NamedTuple):
    """A scored round: ``won`` (each seat's won cards, a mask), ``kept`` (the Special cards
    still in each hand, a mask), ``raw`` (ruling P9), ``scores`` (after the Duel swap,
    ruling P12) and whether the scores were ``swapped``."""

    round: int
    won: tuple[int, ...]
    kept: tuple[int, ...]
    raw: tuple[int, ...]
    scores: tuple[int, ...]
    swapped: bool

    def to_json(self) -> dict[str, JSON]:
        return {
            "round": self.round,
            "won": [card_ids(m) for m in self.won],
            "kept": [card_ids(m) for m in self.kept],
            "raw": self.raw,
            "scores": self.scores,
            "swapped": self.swapped,
        }

    @classmethod
    def from_json(cls, data: Any) -> RoundResult:
        return cls(
            round=_int(data["round"]),
            won=tuple(mask_of([_card(c) for c in cards]) for cards in data["won"]),
            kept=tuple(mask_of([_card(c) for c in cards]) for cards in data["kept"]),
            raw=tuple(_int(s) for s in data["raw"]),
            scores=tuple(_int(s) for s in data["scores"]),
            swapped=bool(data["swapped"]),
        )


def round_score(won: int, hand: int) -> int:
    """Ruling P9: the cards won (Horseman face value, Chaos 5, Tranquility 0) plus 20 per
    Special card still in ``hand``; Horseman cards left in hand score nothing."""
    return points_of(won) + SPECIAL_IN_HAND_POINTS * (hand & SPECIAL_MASK).bit_count()


def duel_swaps(first: int, second: int) -> bool:
    """Ruling P12: a Duel round's scores swap when one is MORE than twice the other
    (0 counts: 1 > 2 * 0; exactly twice does not swap)."""
    return first > 2 * second or second > 2 * first


def duel_swap(scores: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
    """Ruling P12: the two round scores, swapped if :func:`duel_swaps`, and whether."""
    first, second = scores
    if duel_swaps(first, second):
        return (second, first), True
    return scores, False


def score_round(
    round_number: int, won: tuple[int, ...], hands: tuple[int, ...], *, duel: bool
) -> RoundResult:
    """Rulings P9 and P12: the round's result from the won piles and the hands left."""
    raw = tuple(round_score(w, h) for w, h in zip(won, hands, strict=True))
    scores, swapped = duel_swap(raw) if duel else (raw, False)
    kept = tuple(h & SPECIAL_MASK for h in hands)
    return RoundResult(round_number, won, kept, raw, scores, swapped)


def next_chooser(totals: Sequence[int], last_winner: int) -> int:
    """Ruling P10: the seat with the most total points names the next round's first player;
    on a tie, the winner of the last trick that had a winner (even when not among the tied,
    as the rulebook says). Without such a trick (no game can get there) the lowest tied seat.
    """
    most = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == most]
    if len(tied) == 1:
        return tied[0]
    return last_winner if last_winner >= 0 else tied[0]


def game_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Ruling P11: the fewest total points win; ties share the victory."""
    fewest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == fewest)


# --- JSON helpers ----------------------------------------------------------------------------


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _card(value: Any) -> int:
    if type(value) is not int or not 0 <= value < NUM_CARDS:
        raise ValueError(f"card ids are integers 0 to {NUM_CARDS - 1}, got {value!r}")
    return value
