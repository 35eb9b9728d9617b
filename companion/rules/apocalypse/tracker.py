"""Apocalypse in TRACKER mode: real cards at the table, the companion keeps tokens and scores.

The companion does not see the hands. For each card played the table enters its seat's
card: a Horseman card's suit (and its value when the trick needs it), Chaos with the token
it flips, Tranquility, or a skip. From those the companion flips the tokens (ruling P5),
raises the Apocalypse the moment the last token turns black, works out each trick's winner
and the cards won (P6, P7), the round scores (P9), the duel swap (P12), the totals, who
names the next round's first player (P10) and the winners (P11).

Seats are numbered 0..N-1 clockwise in the JSON (2-6 players, P1; 2 players always play
the Duel); people read them as P1..Pn (:func:`~companion.rules.apocalypse.tricks.player_name`),
in messages too. In this game the five colours are SUITS, not seats.

Phases and actions
==================
``play``
    The seat whose turn it is (clockwise from the trick's first player) plays:
    ``horseman(suit, value)``, ``chaos(token)``, ``tranquility()`` or ``skip()``. The value
    of a Horseman card may be left out (``None``) only while it cannot win: when a leading
    suit is set and the card is of another suit (ruling P6). A Chaos card names the token
    it flips: one still coloured, or ``None`` when every token is black (P5).
``values``
    The trick became an Apocalypse, so every card is won and scored (P6): ``value(v)``
    gives the missing values of off-suit Horseman cards, in play order.
``lead``
    The trick's winner names the next first player: ``lead(seat)``, themselves allowed
    (P8). A trick without a winner goes straight on with the same first player (P7).
``score``
    The round ended (a hand became empty, P9). ``score()`` accepts the companion's round
    scores; ``score(totals=[...])`` enters the table's own count instead (the duel swap is
    still applied, P12). In the Duel the hands are random, so the companion cannot know the
    Special cards left in hand: ``score(specials=[...])`` gives them (each scores 20, P9).
``first``
    Before rounds 2 and 3 the player with the most points names the first player (P10):
    ``first(seat)``. The round counter has already moved on, as the FULL engine's does once a
    round is scored: the next round starts with fresh hands; tokens stay as they are (P5).

What the companion checks (each refusal names the rule): every Horseman card at most once
a round (P2: nine cards a suit, values 1-4 and 6-10), suits in play only (P2, P12), one
Chaos and one Tranquility per trick (P4), a player's own Specials once a round (one of each
is dealt, P3; in the Duel at most three of each in all), the number of cards each hand
holds (P3), a skip only when the player can have nothing playable (P4), the Chaos token
(P5). What it cannot check: following suit (P4), because the hands are hidden. But a player
who plays another suit while a leading suit is set shows that they hold none of it; if they
later play that suit in the same round, the trick's result names the revoke.

Decisions beyond the rulings
============================
1. (P10) "The player who won the last trick" is the winner of the last trick that had a
   winner; if no trick of the game had one, the tied player first clockwise from the last
   trick's first player chooses: the FULL engine's decision, made by the same function
   (:func:`~companion.rules.apocalypse.tricks.next_chooser`).
2. (P7) A trick without a winner discards its cards; nobody names the next first player.
3. (P4) In the Duel a skip is accepted when the player's hand is no bigger than the copies
   still out of the Specials already in the trick (the companion cannot see the hand).

The rules both modes share are the pure functions of :mod:`companion.rules.apocalypse.tricks`
(the leading suit, the token a card turns, the Apocalypse, the trick's winner and what it
takes, the round's end, round scores, the Duel swap, the next round's chooser, the winners
and their words, what a refused entry's moment awaits) and the card tables of
:mod:`companion.rules.apocalypse.cards`: a play entered here is a card id there once its
value is known (:attr:`Play.card`). What is the tracker's own is what it cannot see: the
hands (how many cards each holds, which Specials it may still have, a skip, a revoke).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any, Final, Literal, get_args

from companion.errors import IllegalAction
from companion.rules.apocalypse.cards import (
    BIT,
    CHAOS_WORDS,
    DROPPED_SUIT,
    DUEL_SPECIALS,
    DUEL_SUITS,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    HAND_SIZES,
    NO_SUIT,
    PLAYERS,
    POINTS,
    SUIT_INDEX,
    SUITS,
    SUITS_IN_PLAY,
    TRANQUILITY_WORDS,
    VALUES,
    as_is,
    full_hand,
    horseman,
    horseman_words,
    is_duel,
    mask_of,
    suit_words,
)
from companion.rules.apocalypse.cards import SPECIAL_IN_HAND_POINTS as SPECIAL_IN_HAND
from companion.rules.apocalypse.tricks import (
    NOBODY,
    ROUNDS,
    all_black,
    awaited,
    blocked_specials,
    counted_scores,
    duel_swaps,
    game_winners,
    leading_suit,
    naming_words,
    next_chooser,
    player_name,
    round_over,
    round_score,
    taken,
    turned_token,
    winners_words,
    winning_play,
)
from companion.rules.base import JSON, Engine, Outcome, SetupError, illegal, int_field, record_kind
from companion.words import Words, joined, say

# --- constants -------------------------------------------------------------------------------

Kind = Literal["horseman", "chaos", "tranquility", "skip", "value", "lead", "score", "first"]
Phase = Literal["play", "values", "lead", "score", "first", "over"]
KINDS: Final = frozenset(get_args(Kind))
PLAYS: Final = frozenset({"horseman", "chaos", "tranquility", "skip"})

NAME: Final = "apocalypse_tracker"
RULES_VERSION: Final = "1"
GAME: Final = "apocalypse tracker"
"""The game's name in error messages."""

_KIND_WORDS: Final = {
    "chaos": CHAOS_WORDS,
    "tranquility": TRANQUILITY_WORDS,
    "skip": say("Skip"),
}
"""The words of a played card that is not a Horseman card, by its kind."""


# --- actions and state -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry at the table; build it with the class methods."""

    kind: Kind
    suit: str | None = None
    value: int | None = None
    token: str | None = None
    seat: int | None = None
    totals: tuple[int, ...] | None = None
    specials: tuple[int, ...] | None = None

    @classmethod
    def horseman(cls, suit: str, value: int | None = None) -> Entry:
        return cls("horseman", suit=suit, value=value)

    @classmethod
    def chaos(cls, token: str | None = None) -> Entry:
        return cls("chaos", token=token)

    @classmethod
    def tranquility(cls) -> Entry:
        return cls("tranquility")

    @classmethod
    def skip(cls) -> Entry:
        return cls("skip")

    @classmethod
    def give_value(cls, value: int) -> Entry:
        return cls("value", value=value)

    @classmethod
    def lead(cls, seat: int) -> Entry:
        return cls("lead", seat=seat)

    @classmethod
    def score(
        cls, *, totals: Sequence[int] | None = None, specials: Sequence[int] | None = None
    ) -> Entry:
        return cls(
            "score",
            totals=None if totals is None else tuple(totals),
            specials=None if specials is None else tuple(specials),
        )

    @classmethod
    def first(cls, seat: int) -> Entry:
        return cls("first", seat=seat)

    def __str__(self) -> str:
        return entry_words(self)


@dataclass(frozen=True, slots=True)
class Play:
    """A card on the table in the current trick: who, what (``kind`` horseman, chaos,
    tranquility or skip) and, for a Horseman card, suit and value (None: not entered)."""

    seat: int
    kind: str
    suit: str | None = None
    value: int | None = None
    token: str | None = None

    @property
    def words(self) -> Words:
        """The card in words: ``"red 8"`` (``"red ?"`` before its value is entered),
        ``"Chaos (green)"`` with the token it flipped, ``"Tranquility"``, ``"Skip"``."""
        if self.kind == "horseman":
            return horseman_words(str(self.suit), "?" if self.value is None else self.value)
        if self.kind == "chaos":
            if not self.token:
                return CHAOS_WORDS
            return say("Chaos ({token})", token=suit_words(self.token))
        return _KIND_WORDS.get(self.kind) or as_is(self.kind.capitalize())

    @property
    def card(self) -> int | None:
        """The card id (:mod:`~companion.rules.apocalypse.cards`) once it is known: a
        Horseman card with its value, the first Chaos or Tranquility card (the copies are
        alike); ``None`` for a skip or a Horseman card whose value was left out (an off-suit
        card, which neither sets the leading suit nor wins: rulings P4, P6)."""
        if self.kind == "horseman":
            if self.suit is None or self.value is None:
                return None
            return horseman(self.suit, self.value)
        if self.kind == "chaos":
            return FIRST_CHAOS
        return FIRST_TRANQUILITY if self.kind == "tranquility" else None

    @property
    def points(self) -> int:
        """Its points when won (ruling P9); an unknown value counts 0 until entered."""
        card = self.card
        return 0 if card is None else POINTS[card]


@dataclass(frozen=True, slots=True)
class TrickResult:
    """A resolved trick, for the screen and the log."""

    number: int
    plays: tuple[Play, ...]
    leading: str | None
    apocalypse: bool
    winner: int | None
    won: tuple[Play, ...]
    points: int
    reason: str
    """Why the trick went as it did, in words (:class:`~companion.words.Words` once
    resolved; a plain ``str`` when read back from JSON)."""
    revokes: tuple[str, ...] = ()
    """The revokes the trick showed, in words (as ``reason``)."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A scored round: the companion's scores, the ones that counted (the table's own
    count if entered), and whether the duel swap applied (ruling P12)."""

    computed: tuple[int, ...]
    counted: tuple[int, ...]
    swapped: bool

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores that count: the table's (or the companion's), swapped in the Duel
        as ruling P12 says (:func:`~companion.rules.apocalypse.tricks.counted_scores`)."""
        return counted_scores(self.counted)[0] if self.swapped else self.counted


@dataclass(frozen=True, slots=True)
class TrackerState:
    players: int
    suits: tuple[str, ...]
    phase: Phase
    round: int
    first: int
    """The current trick's first player."""
    trick: tuple[Play, ...] = ()
    apocalypse: bool = False
    """The current trick is an Apocalypse (every token turned black during it, P5)."""
    black: tuple[str, ...] = ()
    """Tokens black side up, in the order they turned (since the last Apocalypse, P5)."""
    played: tuple[tuple[str, int], ...] = ()
    """Horseman cards played this round whose value is known."""
    horseman: tuple[int, ...] = ()
    """Horseman cards each seat played this round."""
    chaos: tuple[int, ...] = ()
    tranquility: tuple[int, ...] = ()
    """Specials each seat played this round."""
    won: tuple[tuple[Play, ...], ...] = ()
    """The cards each seat won this round."""
    void: tuple[tuple[str, ...], ...] = ()
    """Suits each seat showed it does not hold this round (P4)."""
    tricks: int = 0
    """Tricks resolved this round."""
    revokes: tuple[str, ...] = ()
    """Revokes shown in the current trick (see the module docstring)."""
    last_trick: TrickResult | None = None
    last_winner: int | None = None
    """The winner of the last trick that had one (P10)."""
    leader: int | None = None
    """Who names the next first player (phase ``lead`` or ``first``)."""
    rounds: tuple[RoundRecord, ...] = ()
    totals: tuple[int, ...] = field(default=())

    @property
    def duel(self) -> bool:
        return is_duel(self.players)

    @property
    def order(self) -> tuple[int, ...]:
        return tuple((self.first + k) % self.players for k in range(self.players))

    @property
    def to_play(self) -> int | None:
        """The seat whose card is entered next (phase ``play``)."""
        if self.phase != "play":
            return None
        return self.order[len(self.trick)]

    @property
    def leading(self) -> str | None:
        """The leading suit: the first Horseman card's (ruling P4)."""
        lead = leading_suit(card for card in (p.card for p in self.trick) if card is not None)
        return None if lead == NO_SUIT else SUITS[lead]

    @property
    def coloured(self) -> tuple[str, ...]:
        return tuple(s for s in self.suits if s not in self.black)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards still in each seat's hand (:meth:`hand_size`)."""
        return tuple(self.hand_size(seat) for seat in range(self.players))

    @property
    def missing_value(self) -> int | None:
        """The trick position whose value the Apocalypse needs (phase ``values``)."""
        for k, play in enumerate(self.trick):
            if play.kind == "horseman" and play.value is None:
                return k
        return None

    def hand_size(self, seat: int) -> int:
        """Cards still in ``seat``'s hand (the deal minus what it played, P3)."""
        played = self.horseman[seat] + self.chaos[seat] + self.tranquility[seat]
        return full_hand(self.players) - played

    def round_points(self, seat: int) -> int:
        """The points of the cards ``seat`` won this round (P9; Specials in hand apart)."""
        return sum(play.points for play in self.won[seat])

    def specials_in_hand(self, seat: int) -> int | None:
        """Specials still in hand (known outside the Duel: one of each is dealt, P3)."""
        if self.duel:
            return None
        return 2 - self.chaos[seat] - self.tranquility[seat]


# --- the game --------------------------------------------------------------------------------


class ApocalypseTracker(Engine[TrackerState, Entry]):
    """Apocalypse beside real cards (see the module docstring)."""

    name = NAME
    rules_version = RULES_VERSION

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        unknown = set(setup) - {"players", "first", "drop", "duel_suits"}
        if unknown:
            raise SetupError(
                f"apocalypse tracker setup: unknown option(s) {sorted(unknown)}; "
                "known: players, first, drop, duel_suits"
            )
        players = setup.get("players", 4)
        if type(players) is not int or not PLAYERS[0] <= players <= PLAYERS[1]:
            raise SetupError(f"players {players!r}: Apocalypse is for 2 to 6 players (ruling P1)")
        first = setup.get("first", 0)
        if type(first) is not int or not 0 <= first < players:
            raise SetupError(f"first {first!r}: a seat from 0 to {players - 1}")
        return {
            "players": players,
            "first": first,
            "drop": _drop(setup.get("drop", DROPPED_SUIT), players),
            "duel_suits": _duel_suits(setup.get("duel_suits", list(DUEL_SUITS)), players),
        }

    def initial_state(self, setup: dict[str, JSON], seed: int) -> TrackerState:
        players = int(setup["players"])  # type: ignore[arg-type]
        state = TrackerState(
            players=players,
            suits=suits_in_play(setup),
            phase="play",
            round=1,
            first=int(setup["first"]),  # type: ignore[arg-type]
            totals=(0,) * players,
        )
        return _fresh_round(state, state.first)

    def num_seats(self, state: TrackerState) -> int:
        return state.players

    def actor(self, state: TrackerState) -> int | None:
        if state.phase == "play":
            return state.to_play
        if state.phase == "values":
            k = state.missing_value
            return None if k is None else state.trick[k].seat
        if state.phase in ("lead", "first"):
            return state.leader
        if state.phase == "score":
            return state.first
        return None

    def chance_outcomes(self, state: TrackerState) -> Sequence[tuple[Entry, float]]:
        return ()

    def legal_actions(self, state: TrackerState) -> Sequence[Entry]:
        """Every entry the companion accepts now, except the table's own round totals
        (``score(totals=...)``: any counts are accepted)."""
        if state.phase == "play":
            return _legal_plays(state)
        if state.phase == "values":
            k = state.missing_value
            suit = state.trick[k].suit if k is not None else None
            return [Entry.give_value(v) for v in VALUES if (suit or "", v) not in state.played]
        if state.phase in ("lead", "first"):
            return [Entry(state.phase, seat=s) for s in range(state.players)]
        if state.phase == "score":
            if not state.duel:
                return [Entry.score()]
            return [Entry.score(specials=c) for c in _duel_specials(state)]
        return []

    def apply(self, state: TrackerState, action: Entry) -> TrackerState:
        if not isinstance(action, Entry) or action.kind not in KINDS:
            said = entry_words(action) if isinstance(action, Entry) else as_is(str(action))
            raise illegal(say("the apocalypse tracker's entries"), said, say("not an entry"))
        expected = _EXPECTED[state.phase]
        if action.kind not in expected:
            rule, reason = _awaited(state)
            raise illegal(rule, entry_words(action), reason)
        if action.kind in PLAYS:
            return _after_play(state, _checked_play(state, action))
        if action.kind == "value":
            return _give_value(state, action)
        if action.kind == "lead":
            return _lead(state, action)
        if action.kind == "score":
            return _score(state, action)
        return _first(state, action)

    def view(self, state: TrackerState, seat: int) -> JSON:
        return self.state_to_json(state)  # nothing hidden: the table entered it all

    def scores(self, state: TrackerState) -> tuple[float, ...]:
        return tuple(float(t) for t in state.totals)

    def outcome(self, state: TrackerState) -> Outcome | None:
        if state.phase != "over":
            return None
        totals = state.totals
        reason = winners_words(totals)
        return Outcome(scores=self.scores(state), winners=game_winners(totals), reason=reason)

    def check_invariants(self, state: TrackerState, *, since: TrackerState | None = None) -> None:
        _check_cards(state)
        _check_tokens(state)
        _check_scores(state)

    # -- JSON --

    def action_to_json(self, action: Entry) -> JSON:
        data: dict[str, JSON] = {"kind": action.kind}
        for name in ("suit", "value", "token", "seat"):
            value = getattr(action, name)
            if value is not None:
                data[name] = value
        for name in ("totals", "specials"):
            value = getattr(action, name)
            if value is not None:
                data[name] = list(value)
        return data

    def action_from_json(self, data: Any) -> Entry:
        kind = record_kind(data, GAME, _FIELDS, optional=_OPTIONAL)
        fields: dict[str, Any] = {"kind": kind}
        for name in ("suit", "token"):
            if name in data:
                if not isinstance(data[name], str):
                    raise ValueError(f"entry {data!r}: {name!r} is a suit such as 'red'")
                fields[name] = data[name]
        for name in ("value", "seat"):
            if name in data:
                fields[name] = int_field(data, name, GAME)
        for name in ("totals", "specials"):
            if name in data:
                values = data[name]
                if not isinstance(values, list) or not all(type(v) is int for v in values):
                    raise ValueError(
                        f"entry {data!r}: {name!r} must be a list of integers, one per player"
                    )
                fields[name] = tuple(values)
        return Entry(**fields)

    def state_to_json(self, state: TrackerState) -> JSON:
        return _state_json(state)

    def state_from_json(self, data: Any) -> TrackerState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an apocalypse tracker state: {exc!r}") from exc


# --- the rules a refused entry names ---------------------------------------------------------

_DEAL_RULE: Final = say("ruling P3 (the deal)")
_ONE_SPECIAL_RULE: Final = say("ruling P3 (one of each Special)")
_VALUES_RULE: Final = say("ruling P2 (values)")
_VALUES_WORDS: Final = say("Horseman values are 1-4 and 6-10")
_ONE_CARD_RULE: Final = say("ruling P2 (one card each)")
_SKIPPING_RULE: Final = say("ruling P4 (skipping)")
_CHAOS_RULE: Final = say("ruling P5 (Chaos)")
_DUEL_DECK_RULE: Final = say("ruling P12 (the Duel deck)")


# --- setup helpers ---------------------------------------------------------------------------


def suits_in_play(setup: Mapping[str, Any]) -> tuple[str, ...]:
    """The suits (and tokens) of a validated setup (rulings P2, P12)."""
    players = setup["players"]
    if is_duel(players):
        return tuple(s for s in SUITS if s in setup["duel_suits"])
    if _drops_a_suit(players):
        return tuple(s for s in SUITS if s != setup["drop"])
    return SUITS


def _drops_a_suit(players: int) -> bool:
    """Ruling P2: 3 and 4 players leave one suit out."""
    return not is_duel(players) and SUITS_IN_PLAY[players] < len(SUITS)


def _drop(drop: Any, players: int) -> str | None:
    if not _drops_a_suit(players):
        return None
    if drop not in SUITS:
        raise SetupError(f"drop {drop!r}: with 3 or 4 players drop one suit of {list(SUITS)}")
    return str(drop)


def _duel_suits(suits: Any, players: int) -> list[str] | None:
    if not is_duel(players):
        return None
    wanted = SUITS_IN_PLAY[players]
    if (
        not isinstance(suits, list | tuple)
        or len(set(suits)) != wanted
        or len(suits) != wanted
        or not set(suits) <= set(SUITS)
    ):
        raise SetupError(f"duel_suits {suits!r}: the Duel plays three different suits (P12)")
    return [s for s in SUITS if s in suits]


# --- playing ---------------------------------------------------------------------------------


def _fresh_round(state: TrackerState, first: int) -> TrackerState:
    n = state.players
    return replace(
        state,
        phase="play",
        first=first,
        trick=(),
        apocalypse=False,
        played=(),
        horseman=(0,) * n,
        chaos=(0,) * n,
        tranquility=(0,) * n,
        won=((),) * n,
        void=((),) * n,
        tricks=0,
        leader=None,
    )


def _legal_plays(state: TrackerState) -> list[Entry]:
    """The plays ``_checked_play`` accepts, built directly (the harness asks often)."""
    seat = state.to_play
    assert seat is not None
    found: list[Entry] = []
    if state.hand_size(seat) > 0:
        found += _legal_horseman(state, seat)
        in_trick = {p.kind for p in state.trick}
        if "chaos" not in in_trick and _has_special(state, "chaos", seat):
            found += [Entry.chaos(token) for token in state.coloured or (None,)]
        if "tranquility" not in in_trick and _has_special(state, "tranquility", seat):
            found.append(Entry.tranquility())
    try:
        _check_skip(state, Entry.skip(), seat)
    except IllegalAction:
        return found
    return [*found, Entry.skip()]


def _legal_horseman(state: TrackerState, seat: int) -> list[Entry]:
    if not state.duel and state.horseman[seat] >= HAND_SIZES[state.players]:
        return []
    found = []
    for suit in state.suits:
        if suit_exhausted(state, suit):
            continue
        found += [Entry.horseman(suit, v) for v in VALUES if (suit, v) not in state.played]
        if _may_wait(state, suit):
            found.append(Entry.horseman(suit))
    return found


def _has_special(state: TrackerState, kind: str, seat: int) -> bool:
    """Whether ``seat`` may still hold a Special card of ``kind``: its own until played (one
    of each is dealt, ruling P3); in the Duel, while a copy is still out (P12)."""
    counts = state.chaos if kind == "chaos" else state.tranquility
    return sum(counts) < DUEL_SPECIALS if state.duel else not counts[seat]


def _checked_play(state: TrackerState, entry: Entry) -> Play:
    """The play ``entry`` makes, or ``IllegalAction`` naming the rule."""
    seat = state.to_play
    assert seat is not None
    if entry.kind == "skip":
        _check_skip(state, entry, seat)
        return Play(seat, "skip")
    if state.hand_size(seat) <= 0:
        reason = say("{player}'s hand is empty", player=player_name(seat))
        raise illegal(_DEAL_RULE, entry_words(entry), reason)
    if entry.kind == "horseman":
        return _checked_horseman(state, entry, seat)
    if any(p.kind == entry.kind for p in state.trick):
        reason = say("a {card} card is in this trick", card=_KIND_WORDS[entry.kind])
        raise illegal(say("ruling P4 (one copy a trick)"), entry_words(entry), reason)
    _check_own_special(state, entry, seat)
    if entry.kind == "tranquility":
        if entry.token is not None or entry.suit is not None or entry.value is not None:
            reason = say("Tranquility has no suit or value")
            raise illegal(say("ruling P6 (Tranquility)"), entry_words(entry), reason)
        return Play(seat, "tranquility")
    _check_token(state, entry)
    return Play(seat, "chaos", token=entry.token)


def _checked_horseman(state: TrackerState, entry: Entry, seat: int) -> Play:
    suit, value = entry.suit, entry.value
    if suit not in state.suits:
        suits = joined(", ", map(suit_words, state.suits))
        reason = say("the suits in play are {suits}", suits=suits)
        raise illegal(say("ruling P2 (suits)"), entry_words(entry), reason)
    if value is not None and value not in VALUES:
        raise illegal(_VALUES_RULE, entry_words(entry), _VALUES_WORDS)
    if (suit, value) in state.played:
        reason = say("{card} was already played", card=horseman_words(str(suit), value))
        raise illegal(_ONE_CARD_RULE, entry_words(entry), reason)
    if value is None and not _may_wait(state, suit):
        if state.apocalypse:
            reason = say("give the value: every card of an Apocalypse is won and scored")
        else:
            reason = say("give the value: this card can win the trick")
        raise illegal(say("ruling P6 (the winner)"), entry_words(entry), reason)
    if suit_exhausted(state, suit):
        reason = say("every {suit} card was played", suit=suit_words(suit))
        raise illegal(say("ruling P2 (nine cards a suit)"), entry_words(entry), reason)
    if not state.duel and state.horseman[seat] >= HAND_SIZES[state.players]:
        reason = say(
            "{player} has played all {count} Horseman cards",
            player=player_name(seat),
            count=HAND_SIZES[state.players],
        )
        raise illegal(_DEAL_RULE, entry_words(entry), reason)
    if entry.token is not None:
        reason = say("a Horseman card flips its own suit's token")
        raise illegal(say("ruling P5 (tokens)"), entry_words(entry), reason)
    return Play(seat, "horseman", suit=suit, value=value)


def _may_wait(state: TrackerState, suit: str) -> bool:
    """May this card's value be entered later? Only an off-suit card of a trick that is
    not (yet) an Apocalypse: it cannot win, and it is scored only if the trick turns."""
    leading = state.leading
    return leading is not None and suit != leading and not state.apocalypse


def suit_exhausted(state: TrackerState, suit: str) -> bool:
    """Every card of ``suit`` is accounted for this round (ruling P2: nine a suit)."""
    known = sum(1 for s, _ in state.played if s == suit)
    unknown = sum(1 for p in state.trick if p.suit == suit and p.value is None)
    return known + unknown >= len(VALUES)


def _check_skip(state: TrackerState, entry: Entry, seat: int) -> None:
    """Ruling P4: a player skips only when every card they can still hold is a Special
    of a kind already in the trick (:func:`~companion.rules.apocalypse.tricks.blocked_specials`).
    Outside the Duel the companion knows the hand's make-up (one of each Special is dealt,
    P3); in the Duel it knows how many copies are still out."""
    if state.duel:
        in_trick = {p.kind for p in state.trick}
        copies = sum(
            DUEL_SPECIALS - sum(state.chaos if kind == "chaos" else state.tranquility)
            for kind in ("chaos", "tranquility")
            if kind in in_trick
        )
        if not 0 < state.hand_size(seat) <= copies:
            reason = say(
                "{player} holds {count} cards: not all can be Specials already in the trick",
                player=player_name(seat),
                count=state.hand_size(seat),
            )
            raise illegal(_SKIPPING_RULE, entry_words(entry), reason)
        return
    horseman_left = HAND_SIZES[state.players] - state.horseman[seat]
    chaos_left = 1 - state.chaos[seat]
    tranquility_left = 1 - state.tranquility[seat]
    specials_left = (BIT[FIRST_CHAOS] if chaos_left else 0) | (
        BIT[FIRST_TRANQUILITY] if tranquility_left else 0
    )
    blocked = blocked_specials(mask_of(p.card for p in state.trick if p.card is not None))
    if horseman_left or specials_left & ~blocked:
        reason = say(
            "{player} still has a card they may play ({horseman} Horseman, {chaos} Chaos, "
            "{tranquility} Tranquility)",
            player=player_name(seat),
            horseman=horseman_left,
            chaos=chaos_left,
            tranquility=tranquility_left,
        )
        raise illegal(_SKIPPING_RULE, entry_words(entry), reason)


def _check_own_special(state: TrackerState, entry: Entry, seat: int) -> None:
    if _has_special(state, entry.kind, seat):
        return
    card = _KIND_WORDS[entry.kind]
    if state.duel:
        reason = say("all three {card} cards are out", card=card)
        raise illegal(_DUEL_DECK_RULE, entry_words(entry), reason)
    reason = say(
        "{player} already played their {card} card this round", player=player_name(seat), card=card
    )
    raise illegal(_ONE_SPECIAL_RULE, entry_words(entry), reason)


def _check_token(state: TrackerState, entry: Entry) -> None:
    coloured = state.coloured
    if entry.suit is not None or entry.value is not None:
        reason = say("Chaos counts as the leading suit, value 5")
        raise illegal(say("ruling P6 (Chaos)"), entry_words(entry), reason)
    if not coloured:
        if entry.token is not None:
            reason = say("every token is black: Chaos flips none")
            raise illegal(_CHAOS_RULE, entry_words(entry), reason)
        return
    if entry.token not in coloured:
        tokens = joined(", ", map(suit_words, coloured))
        reason = say("Chaos flips a coloured token: {tokens}", tokens=tokens)
        raise illegal(_CHAOS_RULE, entry_words(entry), reason)


def _after_play(state: TrackerState, play: Play) -> TrackerState:
    seat = play.seat
    black, apocalypse = state.black, state.apocalypse
    turned = turned_token(_suit_index(play.suit), _suit_index(play.token), _token_mask(black))
    if turned != NO_SUIT:
        black = (*black, SUITS[turned])
    if all_black(_token_mask(black), _token_mask(state.suits)):
        apocalypse = True  # ruling P5: the moment the last token turns
    leading = state.leading
    void, revokes = state.void, state.revokes
    if play.kind == "horseman" and play.suit in void[seat]:
        revoke = say(
            "{player} played {suit} after showing no {suit} earlier this round: a revoke "
            "(ruling P4)",
            player=player_name(seat),
            suit=suit_words(play.suit),
        )
        revokes = (*revokes, revoke)
    if play.kind == "horseman" and leading is not None and play.suit != leading:
        void = _bump_void(void, seat, leading)
    state = replace(
        state,
        trick=(*state.trick, play),
        black=black,
        apocalypse=apocalypse,
        played=_with_known(state.played, play),
        horseman=_plus(state.horseman, seat, play.kind == "horseman"),
        chaos=_plus(state.chaos, seat, play.kind == "chaos"),
        tranquility=_plus(state.tranquility, seat, play.kind == "tranquility"),
        void=void,
        revokes=revokes,
    )
    if len(state.trick) < state.players:
        return state
    if state.apocalypse and state.missing_value is not None:
        return replace(state, phase="values")
    return _resolve(state)


def _give_value(state: TrackerState, entry: Entry) -> TrackerState:
    k = state.missing_value
    assert k is not None
    play = state.trick[k]
    if entry.value not in VALUES:
        raise illegal(_VALUES_RULE, entry_words(entry), _VALUES_WORDS)
    if (play.suit, entry.value) in state.played:
        card = horseman_words(str(play.suit), entry.value)
        reason = say("{card} was already played", card=card)
        raise illegal(_ONE_CARD_RULE, entry_words(entry), reason)
    known = replace(play, value=entry.value)
    trick = (*state.trick[:k], known, *state.trick[k + 1 :])
    state = replace(state, trick=trick, played=_with_known(state.played, known))
    return state if state.missing_value is not None else _resolve(state)


# --- resolving -------------------------------------------------------------------------------


def _trick_outcome(
    plays: tuple[Play, ...], apocalypse: bool
) -> tuple[int | None, tuple[Play, ...], Words]:
    """Rulings P6 and P7 (:func:`~companion.rules.apocalypse.tricks.winning_play` and
    :func:`~companion.rules.apocalypse.tricks.taken` on the cards entered): the winner (a
    seat or None), the cards won and the reason in words. A card whose value was left out
    cannot win (it is off the leading suit), and an Apocalypse asks every value first."""
    known = [play for play in plays if play.card is not None]
    cards = [play.card for play in known if play.card is not None]
    lead = leading_suit(cards)
    best = winning_play(cards, lead, apocalypse)
    if best == NOBODY:
        reason = say("no Horseman or Chaos card: nobody wins, the cards are discarded (P7)")
        return None, (), reason
    winner = known[best]
    if lead == NO_SUIT:
        reason = say("Chaos is the only card that can win (P7)")
    elif apocalypse:
        reason = say(
            "{card} is the lowest of {suit} (P6)", card=winner.words, suit=suit_words(SUITS[lead])
        )
    else:
        reason = say(
            "{card} is the highest of {suit} (P6)", card=winner.words, suit=suit_words(SUITS[lead])
        )
    return winner.seat, taken(known, best, apocalypse), reason


def _resolve(state: TrackerState) -> TrackerState:
    plays = state.trick
    winner, won, reason = _trick_outcome(plays, state.apocalypse)
    result = TrickResult(
        number=state.tricks + 1,
        plays=plays,
        leading=state.leading,
        apocalypse=state.apocalypse,
        winner=winner,
        won=won,
        points=sum(p.points for p in won),
        reason=reason,
        revokes=state.revokes,
    )
    won_piles = state.won
    if winner is not None:
        won_piles = tuple(
            (*pile, *won) if seat == winner else pile for seat, pile in enumerate(won_piles)
        )
    state = replace(
        state,
        trick=(),
        apocalypse=False,
        black=() if state.apocalypse else state.black,  # P5: all coloured again
        won=won_piles,
        tricks=state.tricks + 1,
        revokes=(),
        last_trick=result,
        last_winner=winner if winner is not None else state.last_winner,
    )
    if round_over(state.hand_sizes):
        return replace(state, phase="score", leader=None)  # ruling P9
    if winner is None:
        return replace(state, phase="play", leader=None)  # P7: the same first player
    return replace(state, phase="lead", leader=winner)


def _lead(state: TrackerState, entry: Entry) -> TrackerState:
    seat = entry.seat
    if type(seat) is not int or not 0 <= seat < state.players:
        rule = say("ruling P8 (the next first player)")
        raise illegal(rule, entry_words(entry), _seats_words(state))
    return replace(state, phase="play", first=seat, leader=None)


def _score(state: TrackerState, entry: Entry) -> TrackerState:
    n = state.players
    specials = _round_specials(state, entry)
    computed = tuple(round_score(state.round_points(s), specials[s]) for s in range(n))
    counted = computed
    if entry.totals is not None:
        if len(entry.totals) != n or any(t < 0 for t in entry.totals):
            reason = say("give {count} round totals, each 0 or more", count=n)
            raise illegal(say("ruling P9 (scoring)"), entry_words(entry), reason)
        counted = entry.totals
    record = RoundRecord(computed, counted, swapped=counted_scores(counted)[1])
    totals = tuple(t + s for t, s in zip(state.totals, record.scores, strict=True))
    state = replace(state, rounds=(*state.rounds, record), totals=totals)
    if state.round == ROUNDS:
        return replace(state, phase="over", leader=None)
    namer = chooser(state)
    next_round = _fresh_round(replace(state, round=state.round + 1), state.first)
    return replace(next_round, phase="first", leader=namer)


def _round_specials(state: TrackerState, entry: Entry) -> tuple[int, ...]:
    n = state.players
    if not state.duel:
        if entry.specials is not None:
            reason = say("the companion knows the Specials left in hand outside the Duel")
            raise illegal(_ONE_SPECIAL_RULE, entry_words(entry), reason)
        return tuple(state.specials_in_hand(s) or 0 for s in range(n))
    if entry.specials is None:
        if entry.totals is not None:
            return (0,) * n
        reason = say("give the Special cards left in each hand")
        raise illegal(say("ruling P12 (the Duel)"), entry_words(entry), reason)
    if entry.specials not in _duel_specials(state):
        reason = say(
            "{specials} Specials in hand cannot be: hands hold {sizes} cards, {out} of the six "
            "Specials are out",
            specials=str(list(entry.specials)),
            sizes=str([state.hand_size(s) for s in range(n)]),
            out=_specials_out(state),
        )
        raise illegal(_DUEL_DECK_RULE, entry_words(entry), reason)
    return entry.specials


def _duel_specials(state: TrackerState) -> list[tuple[int, ...]]:
    """The possible counts of Specials left in the two Duel hands."""
    left = 2 * DUEL_SPECIALS - _specials_out(state)
    ranges = [range(min(state.hand_size(s), left) + 1) for s in range(state.players)]
    return [c for c in product(*ranges) if sum(c) <= left]


def _specials_out(state: TrackerState) -> int:
    return sum(state.chaos) + sum(state.tranquility)


def chooser(state: TrackerState) -> int:
    """Ruling P10 (:func:`~companion.rules.apocalypse.tricks.next_chooser`, the FULL
    engine's function): the most total points names the next first player; ties: the winner
    of the last trick that had one, else the tied player first clockwise from the last
    trick's first player."""
    last_winner = NOBODY if state.last_winner is None else state.last_winner
    last = state.last_trick
    last_first = last.plays[0].seat if last is not None and last.plays else state.first
    return next_chooser(state.totals, last_winner, last_first)


def _first(state: TrackerState, entry: Entry) -> TrackerState:
    """Ruling P10: the named seat opens the round (already counted: :func:`_score`)."""
    seat = entry.seat
    if type(seat) is not int or not 0 <= seat < state.players:
        rule = say("ruling P10 (the next round's first player)")
        raise illegal(rule, entry_words(entry), _seats_words(state))
    return replace(state, phase="play", first=seat, leader=None)


# --- checks ----------------------------------------------------------------------------------


def _check_cards(state: TrackerState) -> None:
    known = [(p.suit, p.value) for p in state.trick if p.kind == "horseman" and p.value]
    assert len(set(state.played)) == len(state.played), f"a card twice: {state.played}"
    assert set(known) <= set(state.played), f"trick cards {known} not in played"
    won = [(p.suit, p.value) for pile in state.won for p in pile if p.kind == "horseman"]
    assert len(set(won)) == len(won) and set(won) <= set(state.played), f"won {won}"
    horseman = sum(state.horseman)
    assert horseman >= len(state.played), f"{horseman} Horseman played, {state.played} known"
    for seat in range(state.players):
        assert state.hand_size(seat) >= 0, f"{player_name(seat)}'s hand below zero"
    assert len(state.trick) < state.players or state.phase == "values", "a full trick waits"


def _check_tokens(state: TrackerState) -> None:
    assert len(set(state.black)) == len(state.black), f"a token twice: {state.black}"
    assert set(state.black) <= set(state.suits), f"tokens {state.black} not in play"
    all_black = len(state.black) == len(state.suits)
    assert state.apocalypse == (all_black and bool(state.trick)), (
        f"apocalypse {state.apocalypse} with tokens {state.black} and trick {state.trick}"
    )


def _check_scores(state: TrackerState) -> None:
    """The rounds scored are the rounds before this one (and this one too once the game
    is over), as in the FULL engine; the totals are their sums."""
    assert len(state.rounds) == state.round - (state.phase != "over"), (
        f"{len(state.rounds)} rounds scored in round {state.round} ({state.phase})"
    )
    totals = [sum(r.scores[s] for r in state.rounds) for s in range(state.players)]
    assert tuple(totals) == state.totals, f"totals {state.totals} != rounds {totals}"
    for record in state.rounds:
        assert not record.swapped or duel_swaps(*record.counted), f"a swap without cause: {record}"


# --- small helpers ---------------------------------------------------------------------------


def _plus(counts: tuple[int, ...], seat: int, add: bool) -> tuple[int, ...]:
    if not add:
        return counts
    return tuple(c + (s == seat) for s, c in enumerate(counts))


def _with_known(played: tuple[tuple[str, int], ...], play: Play) -> tuple[tuple[str, int], ...]:
    if play.kind == "horseman" and play.suit is not None and play.value is not None:
        return (*played, (play.suit, play.value))
    return played


def _bump_void(
    void: tuple[tuple[str, ...], ...], seat: int, suit: str
) -> tuple[tuple[str, ...], ...]:
    if suit in void[seat]:
        return void
    return tuple((*v, suit) if s == seat else v for s, v in enumerate(void))


def _suit_index(suit: str | None) -> int:
    return NO_SUIT if suit is None else SUIT_INDEX[suit]


def _token_mask(suits: Sequence[str]) -> int:
    """The mask of some tokens by suit name (bit ``s``: ``SUITS[s]``)."""
    return sum(1 << SUIT_INDEX[suit] for suit in suits)


def _seats_words(state: TrackerState) -> Words:
    """What a naming awaits (ruling P8 or P10), as the FULL engine says it."""
    return naming_words(state.leader or 0, state.players)


_FIELDS: Final = {
    "horseman": frozenset({"suit"}),
    "chaos": frozenset[str](),
    "tranquility": frozenset[str](),
    "skip": frozenset[str](),
    "value": frozenset({"value"}),
    "lead": frozenset({"seat"}),
    "score": frozenset[str](),
    "first": frozenset({"seat"}),
}
"""Each entry's JSON fields (besides ``kind``)..."""
_OPTIONAL: Final = {
    "horseman": frozenset({"value"}),
    "chaos": frozenset({"token"}),
    "score": frozenset({"totals", "specials"}),
}
"""... and the ones it may leave out."""
_EXPECTED: Final[dict[str, frozenset[str]]] = {
    "play": PLAYS,
    "values": frozenset({"value"}),
    "lead": frozenset({"lead"}),
    "score": frozenset({"score"}),
    "first": frozenset({"first"}),
    "over": frozenset(),
}
_MOMENTS: Final = {
    "play": "play",
    "values": "values",
    "lead": "name",
    "score": "score",
    "first": "choose",
    "over": "over",
}
"""The moment of :func:`~companion.rules.apocalypse.tricks.awaited` each phase is (the FULL
engine's moments, with the tracker's own ``values`` and ``score``)."""


def _awaited(state: TrackerState) -> tuple[Words, Words]:
    """The rule of the moment and what it awaits, from whom (for a refused entry)."""
    seat, suit = state.leader or 0, ""
    if state.phase == "play":
        seat = state.to_play or 0
    elif state.phase == "values":
        play = state.trick[state.missing_value or 0]
        seat, suit = play.seat, play.suit or ""
    return awaited(_MOMENTS[state.phase], seat, state.round, suit)


def entry_words(entry: Entry, actor: int | None = None) -> Words:
    """An entry as a person reads it: ``"P2 red 8"``, ``"P4 naming P1 to open"`` with its
    ``actor``; without one (a refused entry of another moment), ``"red 8"``, ``"naming P1
    to open"``. A value or the round's scores name no actor."""
    said = _entry_words(entry)
    if actor is None or actor < 0 or entry.kind not in _ACTED:
        return said
    return say("{player} {entry}", player=player_name(actor), entry=said)


_ACTED: Final = frozenset({"horseman", "chaos", "tranquility", "skip", "lead", "first"})
"""The entries whose words name the seat that made them (:func:`entry_words`)."""


def _entry_words(entry: Entry) -> Words:
    """An entry in words without its actor (:func:`entry_words`)."""
    if entry.kind in PLAYS:
        return _played_words(entry)
    named = player_name(entry.seat) if type(entry.seat) is int else repr(entry.seat)
    if entry.kind == "value":
        return say("the value {value}", value=entry.value)
    if entry.kind == "lead":
        return say("naming {player} to open", player=named)
    if entry.kind == "first":
        return say("naming {player} to start the round", player=named)
    return say("the round's scores")


def _played_words(entry: Entry) -> Words:
    """A card entered (or a skip) in words: ``"red 8"``, ``"Chaos turning green"``."""
    if entry.kind == "horseman":
        if entry.value is None:
            return say("{suit} (value later)", suit=suit_words(str(entry.suit)))
        return horseman_words(str(entry.suit), entry.value)
    if entry.kind == "chaos":
        if not entry.token:
            return CHAOS_WORDS
        return say("Chaos turning {token}", token=suit_words(entry.token))
    return TRANQUILITY_WORDS if entry.kind == "tranquility" else say("skipping")


# --- JSON ------------------------------------------------------------------------------------


def _play_json(play: Play) -> dict[str, JSON]:
    return {
        "seat": play.seat,
        "kind": play.kind,
        "suit": play.suit,
        "value": play.value,
        "token": play.token,
    }


def _play_from(data: Any) -> Play:
    return Play(data["seat"], data["kind"], data["suit"], data["value"], data["token"])


def _result_json(result: TrickResult | None) -> JSON:
    if result is None:
        return None
    return {
        "number": result.number,
        "plays": [_play_json(p) for p in result.plays],
        "leading": result.leading,
        "apocalypse": result.apocalypse,
        "winner": result.winner,
        "won": [_play_json(p) for p in result.won],
        "points": result.points,
        "reason": result.reason,
        "revokes": list(result.revokes),
    }


def _result_from(data: Any) -> TrickResult | None:
    if data is None:
        return None
    return TrickResult(
        number=data["number"],
        plays=tuple(map(_play_from, data["plays"])),
        leading=data["leading"],
        apocalypse=data["apocalypse"],
        winner=data["winner"],
        won=tuple(map(_play_from, data["won"])),
        points=data["points"],
        reason=data["reason"],
        revokes=tuple(data["revokes"]),
    )


def _state_json(state: TrackerState) -> JSON:
    return {
        "players": state.players,
        "suits": list(state.suits),
        "phase": state.phase,
        "round": state.round,
        "first": state.first,
        "trick": [_play_json(p) for p in state.trick],
        "apocalypse": state.apocalypse,
        "black": list(state.black),
        "played": [list(card) for card in state.played],
        "horseman": list(state.horseman),
        "chaos": list(state.chaos),
        "tranquility": list(state.tranquility),
        "won": [[_play_json(p) for p in pile] for pile in state.won],
        "void": [list(v) for v in state.void],
        "tricks": state.tricks,
        "revokes": list(state.revokes),
        "last_trick": _result_json(state.last_trick),
        "last_winner": state.last_winner,
        "leader": state.leader,
        "rounds": [
            {"computed": list(r.computed), "counted": list(r.counted), "swapped": r.swapped}
            for r in state.rounds
        ],
        "totals": list(state.totals),
    }


def _state_from_json(data: Any) -> TrackerState:
    return TrackerState(
        players=data["players"],
        suits=tuple(data["suits"]),
        phase=data["phase"],
        round=data["round"],
        first=data["first"],
        trick=tuple(map(_play_from, data["trick"])),
        apocalypse=data["apocalypse"],
        black=tuple(data["black"]),
        played=tuple((s, v) for s, v in data["played"]),
        horseman=tuple(data["horseman"]),
        chaos=tuple(data["chaos"]),
        tranquility=tuple(data["tranquility"]),
        won=tuple(tuple(map(_play_from, pile)) for pile in data["won"]),
        void=tuple(tuple(v) for v in data["void"]),
        tricks=data["tricks"],
        revokes=tuple(data["revokes"]),
        last_trick=_result_from(data["last_trick"]),
        last_winner=data["last_winner"],
        leader=data["leader"],
        rounds=tuple(
            RoundRecord(tuple(r["computed"]), tuple(r["counted"]), r["swapped"])
            for r in data["rounds"]
        ),
        totals=tuple(data["totals"]),
    )


TRACKER: Final = ApocalypseTracker()

__all__ = [
    "SPECIAL_IN_HAND",
    "SUITS",
    "TRACKER",
    "VALUES",
    "ApocalypseTracker",
    "Entry",
    "Play",
    "RoundRecord",
    "TrackerState",
    "TrickResult",
    "chooser",
    "entry_words",
    "suit_exhausted",
    "suits_in_play",
]
