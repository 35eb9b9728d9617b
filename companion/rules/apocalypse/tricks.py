"""Apocalypse's pure rules, one function per rule: following (P4), tokens and the Apocalypse
(P5), the trick's winner and what it takes (P6, P7), the round's end and scores (P9), the
next round's chooser (P10), the winners (P11) and the Duel swap (P12); and the words that
name the players (P1, P2, ...) and tell a trick's and a game's outcome. The words a
screen shows (a trick's, a refusal's) are :class:`~companion.words.Words`: English,
which a screen shows in its language; the players' names stay as they are.

Nothing here knows an engine's state: the FULL engine (:mod:`.engine`, virtual hands) and the
TRACKER (:mod:`.tracker`, real cards entered at the table) both call these functions. Cards
are ids and sets of cards bit masks (:mod:`companion.rules.apocalypse.cards`); suits and
tokens are suit indexes (bit ``s`` of a token mask is the token of ``SUITS[s]``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NamedTuple, TypeVar

from companion.rules.apocalypse.cards import (
    CHAOS_MASK,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    NO_SUIT,
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
    is_duel,
    mask_of,
    points_of,
    specials_in,
    suit_words,
)
from companion.rules.base import JSON, int_value, victory_reason
from companion.words import Words, joined, plural_words, say

NOBODY: Final = -1
"""The winner of a trick without one (ruling P7), and of no trick yet."""
ROUNDS: Final = 3
"""Ruling P11: three rounds."""

Played = tuple[int, int]
"""One play of a trick: ``(seat, card)``."""
T = TypeVar("T")


# --- naming the players ----------------------------------------------------------------------


def player_name(seat: int) -> str:
    """A seat as a person reads it: ``P1``, ``P2``, ... clockwise (seat 0 is ``P1``). In
    Apocalypse the colours are suits, so the players are numbered; JSON keeps the 0-based
    seats."""
    return f"P{seat + 1}"


def players_words(players: int) -> Words:
    """Every player of a game in words: ``"P1 to P4"``."""
    return say("{first} to {last}", first=player_name(0), last=player_name(players - 1))


def naming_words(seat: int, players: int) -> Words:
    """What a naming of the next first player awaits (rulings P8, P10), for both modes'
    refusals: ``"P2 names one of the players, P1 to P4"``."""
    return say(
        "{player} names one of the players, {players}",
        player=player_name(seat),
        players=players_words(players),
    )


_AWAITED_RULES: Final = {
    "deal": say("ruling P3 (the deal)"),
    "play": say("ruling P4 (playing a card)"),
    "name": say("ruling P8 (the next first player)"),
    "choose": say("ruling P10 (the next round's first player)"),
    "values": say("ruling P6 (an Apocalypse scores every card)"),
    "score": say("ruling P9 (scoring the round)"),
    "over": say("ruling P11 (three rounds)"),
}
"""Each moment's rule, for :func:`awaited`."""


def awaited(moment: str, seat: int, round_number: int, suit: str = "") -> tuple[Words, Words]:
    """What the game awaits at a ``moment`` of a round, for both modes' refusals: the rule
    that says so and the words (``seat`` is who acts; ``suit`` the card whose value an
    Apocalypse needs). E.g. ``awaited("choose", 1, 2)`` is ``("ruling P10 (the next
    round's first player)", "P2 must first name the first player of round 2")``.

    Moments: ``deal`` (P3), ``play`` (P4), ``name`` (P8), ``choose`` (P10), ``values`` (the
    TRACKER's missing values, P6), ``score`` (the TRACKER's round scores, P9), ``over``
    (P11)."""
    return _AWAITED_RULES[moment], _awaited_words(moment, player_name(seat), round_number, suit)


def _awaited_words(moment: str, who: str, round_number: int, suit: str) -> Words:
    """The words of :func:`awaited`: what the ``moment`` awaits, from whom (``who``)."""
    if moment in ("deal", "choose", "score"):
        return _round_awaited_words(moment, who, round_number)
    if moment == "play":
        return say("{who} must first play a card", who=who)
    if moment == "name":
        return say("{who} won the trick and must first name the next first player", who=who)
    if moment == "values":
        return say(
            "the value of {who}'s {suit} card must be entered first",
            who=who,
            suit=suit_words(suit),
        )
    return say("the game is over")


def _round_awaited_words(moment: str, who: str, round_number: int) -> Words:
    """The words of :func:`awaited` at the moments between a round's tricks."""
    if moment == "deal":
        return say("the cards of round {round} are being dealt", round=round_number)
    if moment == "choose":
        return say(
            "{who} must first name the first player of round {round}", who=who, round=round_number
        )
    return say("the scores of round {round} must be accepted or entered first", round=round_number)


def json_seat_name(seat: int) -> str:
    """A seat as the state's JSON words name it (``"seat 0"``, 0-based like the JSON's
    seats): the trick reasons written in journals' states keep this form."""
    return f"seat {seat}"


# --- following (ruling P4) -------------------------------------------------------------------


def playable(hand: int, lead: int, in_trick: int) -> int:
    """Ruling P4: the cards of ``hand`` (a mask) that may be played now.

    ``lead`` is the leading suit (``NO_SUIT`` while unset), ``in_trick`` the mask of the cards
    already in the trick. A Special card may be played unless that Special is already in the
    trick; a holder of the leading suit must play it (or a Special); anything otherwise.
    Empty (0): the player skips.
    """
    hand &= ~blocked_specials(in_trick)
    if lead != NO_SUIT and hand & SUIT_MASK[lead]:
        return hand & (SUIT_MASK[lead] | SPECIAL_MASK)
    return hand


def blocked_specials(in_trick: int) -> int:
    """Ruling P4: the Special cards no seat may play into a trick holding ``in_trick``:
    every copy of a Special already in it (one Chaos and one Tranquility a trick)."""
    blocked = 0
    if in_trick & CHAOS_MASK:
        blocked |= CHAOS_MASK
    if in_trick & TRANQUILITY_MASK:
        blocked |= TRANQUILITY_MASK
    return blocked


def leading_suit(cards: Iterable[int]) -> int:
    """Ruling P4: the suit of the first Horseman card of a trick's cards, ``NO_SUIT`` if
    none."""
    for card in cards:
        if card < NUM_HORSEMEN:
            return SUIT_OF[card]
    return NO_SUIT


# --- tokens (ruling P5) ----------------------------------------------------------------------


def turned_token(suit: int, token: int, black: int) -> int:
    """Ruling P5: the suit whose token a play turns black, ``NO_SUIT`` if none. A Horseman
    card (of ``suit``) turns its own suit's token; a Chaos card (no suit) the ``token`` its
    player names (``NO_SUIT`` once every token is black); Tranquility (no suit, no token)
    none. Only a coloured token turns: ``black`` is the mask of the black tokens."""
    named = token if suit == NO_SUIT else suit
    return NO_SUIT if named == NO_SUIT or black >> named & 1 else named


def all_black(black: int, in_play: int) -> bool:
    """Ruling P5: every token in play (the mask ``in_play``) is black (the mask ``black``):
    the trick being played is an Apocalypse, from that moment on."""
    return black == in_play


def token_names(tokens: int) -> list[str]:
    """The suits of a token mask, in ruling P2's order."""
    return [suit for s, suit in enumerate(SUITS) if tokens >> s & 1]


# --- the trick (rulings P6, P7) --------------------------------------------------------------


def winning_play(cards: Sequence[int], lead: int, apocalypse: bool) -> int:
    """Rulings P6 and P7: the index in ``cards`` (a trick's cards in play order) of the
    winning card, or ``NOBODY``.

    Candidates: the Horseman cards of the leading suit and the Chaos card (value 5, always of
    the leading suit, and the only candidate when no Horseman card was played, P7).
    Tranquility never wins. Regular trick: the highest value wins; Apocalypse: the lowest.
    Values never tie: a suit has one card per value, there is no 5, one Chaos per trick.
    """
    best, best_value = NOBODY, 0
    for i, card in enumerate(cards):
        if not can_win(card, lead):
            continue
        value = VALUE_OF[card]
        if best == NOBODY or (value < best_value if apocalypse else value > best_value):
            best, best_value = i, value
    return best


def can_win(card: int, lead: int) -> bool:
    """Ruling P6: a Horseman card of the leading suit ``lead`` or a Chaos card (it counts as
    the leading suit) may win the trick; Tranquility never does."""
    if card < NUM_HORSEMEN:
        return SUIT_OF[card] == lead
    return card < FIRST_TRANQUILITY


def taken(plays: Sequence[T], best: int, apocalypse: bool) -> tuple[T, ...]:
    """Ruling P6: what the winner of ``plays[best]`` takes: every card of an Apocalypse, only
    their own card of a regular trick (the rest is discarded); nothing without a winner
    (``best`` is ``NOBODY``, ruling P7)."""
    if best == NOBODY:
        return ()
    return tuple(plays) if apocalypse else (plays[best],)


class TrickResult(NamedTuple):
    """A resolved trick: what was played, who won what, and why (``reason``).

    ``plays``: ``(seat, card)`` in play order; ``skipped``: the seats that could not play
    (ruling P4), in turn order; ``lead``: the leading suit index (``NO_SUIT``: none);
    ``winner``: the seat (``NOBODY``: ruling P7); ``card``: the winning card (-1: none);
    ``taken``: the mask of the cards the winner took (their own card in a regular trick, the
    whole trick in an Apocalypse); ``points``: what ``taken`` scores (ruling P9).
    """

    plays: tuple[Played, ...]
    skipped: tuple[int, ...]
    lead: int
    apocalypse: bool
    winner: int
    card: int
    taken: int
    points: int

    @property
    def reason(self) -> Words:
        """The trick's outcome in words, citing the rulings, with the seats named as the
        state's JSON names them (``seat 0``): the form journals' states keep."""
        return trick_words(self, json_seat_name)

    @property
    def words(self) -> Words:
        """The trick's outcome in words for people: the same words, the players named
        ``P1``, ``P2``, ... (:func:`player_name`)."""
        return trick_words(self, player_name)

    @property
    def first_player(self) -> int:
        """The trick's first player (who played its first card; ``NOBODY`` for no play)."""
        return self.plays[0][0] if self.plays else NOBODY

    def to_json(self) -> dict[str, JSON]:
        return {
            "plays": [[seat, card] for seat, card in self.plays],
            "skipped": self.skipped,
            "lead": None if self.lead == NO_SUIT else SUITS[self.lead],
            "apocalypse": self.apocalypse,
            "winner": None if self.winner == NOBODY else self.winner,
            "card": None if self.card < 0 else self.card,
            "taken": card_ids(self.taken),
            "points": self.points,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Any) -> TrickResult:
        lead, winner, card = data["lead"], data["winner"], data["card"]
        return cls(
            plays=tuple((int_value(seat), _card(card)) for seat, card in data["plays"]),
            skipped=tuple(int_value(s) for s in data["skipped"]),
            lead=NO_SUIT if lead is None else SUITS.index(lead),
            apocalypse=bool(data["apocalypse"]),
            winner=NOBODY if winner is None else int_value(winner),
            card=-1 if card is None else _card(card),
            taken=_mask(data["taken"]),
            points=int_value(data["points"]),
        )


def resolve_trick(
    plays: tuple[Played, ...], skipped: tuple[int, ...], lead: int, apocalypse: bool
) -> TrickResult:
    """Rulings P6 and P7: who wins the trick, what they take (:func:`winning_play`,
    :func:`taken`) and what it scores (ruling P9)."""
    cards = [card for _, card in plays]
    best = winning_play(cards, lead, apocalypse)
    if best == NOBODY:
        return TrickResult(plays, skipped, lead, apocalypse, NOBODY, -1, 0, 0)
    won = taken(cards, best, apocalypse)
    points = sum(POINTS[card] for card in won)
    return TrickResult(
        plays, skipped, lead, apocalypse, plays[best][0], cards[best], mask_of(won), points
    )


def trick_words(result: TrickResult, name: Callable[[int], str] = player_name) -> Words:
    """E.g. ``"Apocalypse, leading suit red: P2's Chaos (5) is the lowest of the leading
    suit and wins (ruling P6); P2 takes all 4 cards (17 points)..."``; ``name`` names a seat.
    Its clauses are Words joined by ``"; "``."""
    kind = say("Apocalypse") if result.apocalypse else say("regular trick")
    if result.lead == NO_SUIT:
        lead = say("no leading suit")
    else:
        lead = say("leading suit {suit}", suit=suit_words(SUITS[result.lead]))
    skips = [
        say("{player} could not play and skipped (ruling P4)", player=name(seat))
        for seat in result.skipped
    ]
    if result.winner == NOBODY:
        outcome = say("neither a Horseman nor a Chaos card, so no winner (ruling P7)")
        return joined(
            "; ",
            (
                say("{kind}, {lead}: {outcome}", kind=kind, lead=lead, outcome=outcome),
                say("the cards are discarded and the first player opens the next trick"),
                *skips,
            ),
        )
    outcome = _winning_words(result, name(result.winner))
    return joined(
        "; ",
        (
            say("{kind}, {lead}: {outcome}", kind=kind, lead=lead, outcome=outcome),
            _taking_words(result, name(result.winner)),
            *_losers(result, name),
            *skips,
        ),
    )


def _winning_words(result: TrickResult, winner: str) -> Words:
    """Why the ``winner`` of a trick with one won it (rulings P6, P7)."""
    card = card_words(result.card)
    if result.card >= FIRST_CHAOS:
        card = say("{card} ({value})", card=card, value=VALUE_OF[result.card])
    if result.apocalypse:
        said = say(
            "{player}'s {card} is the lowest of the leading suit and wins (ruling P6)",
            player=winner,
            card=card,
        )
    else:
        said = say(
            "{player}'s {card} is the highest of the leading suit and wins (ruling P6)",
            player=winner,
            card=card,
        )
    if result.lead != NO_SUIT:
        return said
    return joined(" ", (said, say("(the only card that could win, ruling P7)")))


def _taking_words(result: TrickResult, winner: str) -> Words:
    """What the ``winner`` takes (ruling P6) and what that scores (P9)."""
    if result.apocalypse:
        return say(
            "{player} takes all {count} cards ({points} points)",
            player=winner,
            count=len(result.plays),
            points=result.points,
        )
    card, rest = card_words(result.card), len(result.plays) - 1
    if rest == 0:
        return say(
            "{player} takes only their {card} ({points} points)",
            player=winner,
            card=card,
            points=result.points,
        )
    return plural_words(
        "{player} takes only their {card} ({points} points), the other card is discarded",
        "{player} takes only their {card} ({points} points), the {count} other cards are discarded",
        rest,
        player=winner,
        card=card,
        points=result.points,
        count=rest,
    )


def _losers(result: TrickResult, name: Callable[[int], str]) -> list[Words]:
    """Why the other plays could not win: off-suit Horseman cards and Tranquility."""
    off = [
        say("{player}'s {card}", player=name(seat), card=card_words(card))
        for seat, card in result.plays
        if card < NUM_HORSEMEN and SUIT_OF[card] != result.lead
    ]
    calm = [name(seat) for seat, card in result.plays if card >= FIRST_TRANQUILITY]
    said = []
    if off:
        said.append(say("not of the leading suit: {cards}", cards=joined(", ", off)))
    if calm:
        said.append(say("Tranquility never wins: {players}", players=", ".join(calm)))
    return said


# --- the round and the game (rulings P9, P10, P11, P12) --------------------------------------


def round_over(hands: Iterable[int]) -> bool:
    """Ruling P9: after a trick, the round ends when at least one hand is empty. ``hands``:
    each seat's hand as a card mask or a card count (0 either way when empty)."""
    return 0 in hands


def round_score(points_won: int, specials_kept: int) -> int:
    """Ruling P9: the points of the cards won (Horseman face value, Chaos 5, Tranquility 0)
    plus 20 per Special card still in hand; Horseman cards left in hand score nothing."""
    return points_won + SPECIAL_IN_HAND_POINTS * specials_kept


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


def counted_scores(raw: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
    """The round scores that count, and whether the Duel swapped them: in the Duel (two
    seats, ruling P1) :func:`duel_swap` (P12); in every other game the scores as they are."""
    return duel_swap(raw) if is_duel(len(raw)) else (raw, False)


class RoundResult(NamedTuple):
    """A scored round (:func:`score_round`): each seat's ``won`` cards and the Special cards
    it ``kept`` in hand (masks) and its ``raw`` score (ruling P9); ``scores`` are the raw
    scores after the Duel swap (ruling P12), ``swapped`` whether it applied."""

    round: int
    won: tuple[int, ...]
    kept: tuple[int, ...]
    raw: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores that count: ``raw``, swapped in the Duel as ruling P12 says."""
        return counted_scores(self.raw)[0]

    @property
    def swapped(self) -> bool:
        """Whether ruling P12 swapped the Duel's two scores."""
        return counted_scores(self.raw)[1]

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
        won = tuple(_mask(cards) for cards in data["won"])
        result = score_round(int_value(data["round"]), won, tuple(_mask(k) for k in data["kept"]))
        written = (tuple(data["raw"]), tuple(data["scores"]), data["swapped"])
        if written != (result.raw, result.scores, result.swapped):
            raise ValueError(
                f"round {result.round}: the scores {written} are not what its cards score "
                f"{(result.raw, result.scores, result.swapped)} (rulings P9, P12)"
            )
        return result


def score_round(round_number: int, won: tuple[int, ...], hands: tuple[int, ...]) -> RoundResult:
    """Rulings P9 and P12: the round's result from the won piles and the hands left."""
    kept = tuple(hand & SPECIAL_MASK for hand in hands)
    raw = tuple(round_score(points_of(w), specials_in(k)) for w, k in zip(won, kept, strict=True))
    return RoundResult(round_number, won, kept, raw)


def next_chooser(totals: Sequence[int], last_winner: int, last_first: int) -> int:
    """Ruling P10, for both modes: the seat with the most total points names the next
    round's first player; on a tie, the winner of the last trick that had a winner
    (``last_winner``, of the whole game: even when not among the tied, as the rulebook says,
    "the player who won the last trick chooses").

    Without such a trick (``last_winner`` is ``NOBODY``) the tied seat first clockwise from
    ``last_first``, the last trick's first player. No game gets there (the first trick of a
    round always has a winner: a Horseman or a Chaos card is among its first two cards, as
    every hand holds one then, P3, P4), but the answer is fixed: the rulebook orders the
    table clockwise from the first player and knows no seat numbers, and a trick without a
    winner leaves the lead with its first player (P7).
    """
    most = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == most]
    if len(tied) == 1:
        return tied[0]
    if last_winner != NOBODY:
        return last_winner
    return min(tied, key=lambda seat: (seat - last_first) % len(totals))


def game_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Ruling P11: the fewest total points win; ties share the victory."""
    fewest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == fewest)


def winners_words(totals: Sequence[int]) -> str:
    """Ruling P11 in words, for both modes: the winners (:func:`game_winners`) by name
    (:func:`player_name`) with the fewest points of ``totals``."""
    fewest = min(totals)
    names = [player_name(seat) for seat in game_winners(totals)]
    return victory_reason(
        names, "ruling P11", shared=f"{fewest} points each", alone=f"the fewest points, {fewest}"
    )


# --- JSON helpers ----------------------------------------------------------------------------


def _mask(values: Any) -> int:
    return mask_of(_card(value) for value in values)


def _card(value: Any) -> int:
    if type(value) is not int or not 0 <= value < NUM_CARDS:
        raise ValueError(f"card ids are integers 0 to {NUM_CARDS - 1}, got {value!r}")
    return value
