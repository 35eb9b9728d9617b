"""Apocalypse actions: small frozen records with a JSON form and a one-line text form.

=========  =========================================================  ========================
action     JSON                                                       text
=========  =========================================================  ========================
Deal       ``{"kind": "deal", "card": "red-8"}`` (chance)             ``deal red-8``
DealCards  ``{"kind": "deal-cards", "cards": ["red-8", "green-1"]}``  ``deal-cards red-8 green-1``
Play       ``{"kind": "play", "card": "red-8"}``                      ``play red-8``
Play       ``{"kind": "play", "card": "chaos", "token": "purple"}``   ``play chaos purple``
NameFirst  ``{"kind": "first", "seat": 2}``                           ``first 2``
=========  =========================================================  ========================

Cards are named by type (``"red-8"``, ``"chaos"``, ``"tranquility"``): a player holding two
Chaos cards (Duel) plays "a Chaos card", the engine takes the lowest id. A Play names no seat:
it is the move of the seat whose turn it is (the journal records the seat beside it).
``token`` is the suit whose token a Chaos card flips (ruling P5): given exactly when a Chaos
card is played while a token is still coloured; absent otherwise.

A ``DealCards`` is several ``Deal`` actions in one (in dealing order): the simulator deals a
whole round with one, so that it is one action, checked once, rather than 32.

Every action without a seat or a list is made once (:data:`PLAYS`, :data:`CHAOS_PLAYS`,
:data:`CHAOS_CHOICES`, :data:`DEALS`, :data:`FIRSTS`): the legal actions and the bots pick
from these tables.

``repr`` is a constructor call, ``str`` the text form, and :func:`parse_action` /
:func:`action_from_json` read them back (raising ``ValueError`` on malformed input).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from companion.rules.apocalypse.cards import (
    CHAOS,
    NO_SUIT,
    PLAYERS,
    SUIT_INDEX,
    SUITS,
    TYPE_INDEX,
    TYPE_NAMES,
    TYPE_OF,
    TYPE_WORDS,
    as_is,
    suit_words,
)
from companion.rules.apocalypse.tricks import player_name
from companion.rules.base import JSON, int_field, record_kind
from companion.words import Words, plural_words, say

GAME: Final = "apocalypse"
"""The game's name in error messages."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next card dealt is a ``card`` (a type name). Cards go seat by seat: seat 0
    receives its whole hand first, then seat 1, ... (ruling P3)."""

    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class DealCards:
    """Chance: several cards dealt in a row, in dealing order (seat by seat, ruling P3): the
    same as one :class:`Deal` per card, as one action."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(("deal-cards", *self.cards))


@dataclass(frozen=True, slots=True)
class Play:
    """The seat whose turn it is plays a ``card`` (a type name); a Chaos card also names the
    suit of the ``token`` it flips (ruling P5)."""

    card: str
    token: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + ("" if self.token is None else f" {self.token}")


@dataclass(frozen=True, slots=True)
class NameFirst:
    """The trick's winner (ruling P8) or the round's chooser (ruling P10) names ``seat`` the
    first player of the next trick."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


Action: TypeAlias = Deal | DealCards | Play | NameFirst

# --- every action without a seat or a list, made once ----------------------------------------

DEALS: Final = tuple(Deal(name) for name in TYPE_NAMES)
"""``DEALS[type]``: chance deals a card of that type."""
PLAYS: Final = tuple(Play(name) for name in TYPE_NAMES)
"""``PLAYS[type]``: a card of that type played, naming no token."""
CHAOS_PLAYS: Final = tuple(Play("chaos", suit) for suit in SUITS)
"""``CHAOS_PLAYS[suit]``: a Chaos card played, turning that suit's token (ruling P5)."""
CHAOS_CHOICES: Final = tuple(
    tuple(CHAOS_PLAYS[s] for s in range(len(SUITS)) if coloured >> s & 1) or (PLAYS[CHAOS],)
    for coloured in range(1 << len(SUITS))
)
"""``CHAOS_CHOICES[coloured]``: the plays of a Chaos card while the tokens of the mask
``coloured`` are coloured: one per token it may turn, or one turning none once every token
is black (ruling P5)."""
FIRSTS: Final = tuple(NameFirst(seat) for seat in range(PLAYERS[1]))
"""``FIRSTS[seat]``: that seat named the next first player."""


def play_of(card: int, token: int = NO_SUIT) -> Play:
    """The play of a card id; a Chaos card names the suit index of the ``token`` it turns."""
    return PLAYS[TYPE_OF[card]] if token == NO_SUIT else CHAOS_PLAYS[token]


# --- JSON and text ---------------------------------------------------------------------------


def action_to_json(action: Action) -> JSON:
    """The JSON form (see the module table)."""
    if isinstance(action, Play):
        if action.token is None:
            return {"kind": "play", "card": action.card}
        return {"kind": "play", "card": action.card, "token": action.token}
    if isinstance(action, Deal):
        return {"kind": "deal", "card": action.card}
    if isinstance(action, DealCards):
        return {"kind": "deal-cards", "cards": list(action.cards)}
    return {"kind": "first", "seat": action.seat}


_FIELDS: Final = {
    "deal": frozenset({"card"}),
    "deal-cards": frozenset({"cards"}),
    "play": frozenset({"card"}),
    "first": frozenset({"seat"}),
}
_OPTIONAL: Final = {"play": frozenset({"token"})}


def action_from_json(data: Any) -> Action:
    """Inverse of :func:`action_to_json`; ``ValueError`` naming what is wrong."""
    kind = record_kind(data, GAME, _FIELDS, optional=_OPTIONAL)
    if kind == "first":
        return NameFirst(_seat(int_field(data, "seat", GAME)))
    if kind == "deal-cards":
        return DealCards(_card_names(data["cards"]))
    card = _card_name(data["card"])
    if kind == "deal":
        return Deal(card)
    token = data.get("token")
    return Play(card, None if token is None else _suit(token))


def action_words(action: object) -> Words:
    """An action as a person reads it in a refusal: ``"playing red 8"``, ``"playing Chaos
    (turning the green token)"``, ``"naming P3 the first player"``, ``"dealing red 8"``."""
    if isinstance(action, Play):
        card = card_type_words(action.card)
        if action.token is None:
            return say("playing {card}", card=card)
        token = suit_words(action.token)
        return say("playing {card} (turning the {token} token)", card=card, token=token)
    if isinstance(action, NameFirst):
        named = player_name(action.seat) if type(action.seat) is int else repr(action.seat)
        return say("naming {player} the first player", player=named)
    if isinstance(action, Deal):
        return say("dealing {card}", card=card_type_words(action.card))
    if isinstance(action, DealCards):
        count = len(action.cards)
        return plural_words("dealing {count} card", "dealing {count} cards", count, count=count)
    return as_is(repr(action))


def card_type_words(name: str) -> Words:
    """A card type's name in words: ``"red-8"`` is ``"red 8"``, ``"chaos"`` ``"Chaos"``; a
    name that is no card type as it is, its dash a space."""
    if name in TYPE_INDEX:
        return TYPE_WORDS[TYPE_INDEX[name]]
    return as_is(name.replace("-", " "))


def parse_action(text: str) -> Action:
    """Read the text form: ``parse_action("play chaos purple") == Play("chaos", "purple")``."""
    words = text.split()
    if not words:
        raise ValueError("an empty apocalypse action; expected e.g. 'play red-8'")
    kind, args = words[0], words[1:]
    if kind == "first" and len(args) == 1 and args[0].isdigit():
        return NameFirst(int(args[0]))
    if kind == "deal" and len(args) == 1:
        return Deal(_card_name(args[0]))
    if kind == "deal-cards" and args:
        return DealCards(_card_names(args))
    if kind == "play" and len(args) in (1, 2):
        return Play(_card_name(args[0]), _suit(args[1]) if len(args) == 2 else None)
    raise ValueError(
        f"not an apocalypse action: {text!r}; expected 'deal CARD', 'deal-cards CARD CARD...', "
        "'play CARD [TOKEN]' or 'first SEAT'"
    )


def _card_name(value: Any) -> str:
    if not isinstance(value, str) or value not in TYPE_INDEX:
        raise ValueError(
            f"unknown card {value!r}; cards are e.g. 'red-8' (suits {', '.join(SUITS)}, "
            f"values 1-4 and 6-10), 'chaos' or 'tranquility'"
        )
    return TYPE_NAMES[TYPE_INDEX[value]]


def _card_names(values: Any) -> tuple[str, ...]:
    if not isinstance(values, list | tuple) or not values:
        raise ValueError(f"'cards' is a list of one or more card names, got {values!r}")
    return tuple(_card_name(value) for value in values)


def _suit(value: Any) -> str:
    if not isinstance(value, str) or value not in SUIT_INDEX:
        raise ValueError(f"unknown token {value!r}; tokens are {', '.join(SUITS)}")
    return SUITS[SUIT_INDEX[value]]


def _seat(value: int) -> int:
    if value < 0:
        raise ValueError(f"a seat is an integer from 0, got {value!r}")
    return value
