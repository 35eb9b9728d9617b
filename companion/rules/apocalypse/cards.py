"""The Apocalypse cards (ruling P2) and how many of them each player count uses (P1, P3, P12).

A card is an integer id ``0..56``: the 45 Horseman cards first, suit by suit in the order of
ruling P2 (red, green, purple, blue, yellow) and by value (1-4, 6-10) within a suit, so
``id = suit * 9 + rank`` (red 1 is 0, red 10 is 8, green 1 is 9, ..., yellow 10 is 44);
then the 6 Chaos cards (45-50) and the 6 Tranquility cards (51-56). In a 3-6 player game
seat ``i`` always holds Chaos ``45 + i`` and Tranquility ``51 + i``; the Duel shuffles
Chaos 45-47 and Tranquility 51-53 into its deck (ruling P12).

A card's TYPE (what is printed on it, what actions and journals name) is its id for a
Horseman card, ``CHAOS`` (45) for every Chaos card and ``TRANQUILITY`` (46) for every
Tranquility card; names: ``"red-8"``, ``"chaos"``, ``"tranquility"``.

Sets of cards are bit masks (bit ``id``): a hand, a won pile, the discard pile.
:func:`card_ids`, :func:`mask_of` and :func:`lowest_card` convert between the two.

The words a person reads (:func:`card_words`, :func:`suit_words`) are
:class:`~companion.words.Words`: English, which a screen shows in its language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from companion.words import COLOUR_WORDS, Words, joined, say

# --- suits and values ------------------------------------------------------------------------

SUITS: Final = ("red", "green", "purple", "blue", "yellow")
"""The five suits (ruling P2), in the order of the ruling; a suit's index is its token's bit."""

SUIT_INDEX: Final = {suit: s for s, suit in enumerate(SUITS)}
NO_SUIT: Final = -1
"""The suit of a Special card, and the leading suit before the trick's first Horseman card
(ruling P4)."""

VALUES: Final = (1, 2, 3, 4, 6, 7, 8, 9, 10)
"""The values of each suit (ruling P2): there is no 5."""

RANKS: Final = len(VALUES)
NUM_HORSEMEN: Final = len(SUITS) * RANKS

CHAOS: Final = NUM_HORSEMEN
"""The type (and the lowest id) of the Chaos cards."""
TRANQUILITY: Final = NUM_HORSEMEN + 1
"""The type of the Tranquility cards."""
COPIES: Final = 6
FIRST_CHAOS: Final = NUM_HORSEMEN
FIRST_TRANQUILITY: Final = NUM_HORSEMEN + COPIES
NUM_CARDS: Final = NUM_HORSEMEN + 2 * COPIES

CHAOS_VALUE: Final = 5
"""Ruling P6: Chaos counts as the leading suit with value 5."""
CHAOS_POINTS: Final = 5
"""Ruling P9: a Chaos card won scores 5 (a Tranquility card 0)."""
SPECIAL_IN_HAND_POINTS: Final = 20
"""Ruling P9: each Special card still in hand at the end of a round scores 20."""

# --- the cards each player count uses (rulings P1, P2, P3, P12) ------------------------------

PLAYERS: Final = (2, 6)
"""Ruling P1: 2 to 6 players; 2 players play the Duel (ruling P12)."""
HAND_SIZES: Final = {2: 13, 3: 10, 4: 8, 5: 8, 6: 7}
"""Ruling P3 (and P12 for the Duel): the cards dealt to each hand. With 3-6 players each hand
also holds one Chaos and one Tranquility card, given rather than dealt."""
SUITS_IN_PLAY: Final = {2: 3, 3: 4, 4: 4, 5: 5, 6: 5}
"""Ruling P2 (and P12): how many suits each player count uses."""
DUEL_SUITS: Final = ("red", "green", "purple")
"""Ruling P12: the Duel's default suits."""
DROPPED_SUIT: Final = "yellow"
"""Ruling P2: the suit 3 and 4 players leave out by default."""
DUEL_SPECIALS: Final = 3
"""Ruling P12: 3 Chaos and 3 Tranquility cards are shuffled into the Duel deck."""


def is_duel(players: int) -> bool:
    """Ruling P1: two players always play the Duel (ruling P12)."""
    return players == 2


def default_suits(players: int) -> tuple[str, ...]:
    """Rulings P2 and P12: the suits in play unless the setup says otherwise."""
    if is_duel(players):
        return DUEL_SUITS
    if SUITS_IN_PLAY[players] < len(SUITS):
        return tuple(suit for suit in SUITS if suit != DROPPED_SUIT)
    return SUITS


def full_hand(players: int) -> int:
    """Ruling P3: the cards in each hand once the round is dealt (the Horseman cards dealt,
    plus one Chaos and one Tranquility card outside the Duel)."""
    return HAND_SIZES[players] + (0 if is_duel(players) else 2)


# --- tables by card id -----------------------------------------------------------------------

TYPE_NAMES: Final = (
    *(f"{suit}-{value}" for suit in SUITS for value in VALUES),
    "chaos",
    "tranquility",
)
"""The 47 type names by type index: the Horseman cards by id, then chaos, tranquility."""
TYPE_INDEX: Final = {name: t for t, name in enumerate(TYPE_NAMES)}

TYPE_OF: Final = bytes(
    c if c < NUM_HORSEMEN else CHAOS if c < FIRST_TRANQUILITY else TRANQUILITY
    for c in range(NUM_CARDS)
)
"""``TYPE_OF[card]``: the type of a card id."""

SUIT_OF: Final[tuple[int, ...]] = tuple(
    c // RANKS if c < NUM_HORSEMEN else NO_SUIT for c in range(NUM_CARDS)
)
"""The suit index of a Horseman card; ``NO_SUIT`` for a Special card."""

VALUE_OF: Final[tuple[int, ...]] = tuple(
    VALUES[c % RANKS] if c < NUM_HORSEMEN else CHAOS_VALUE if c < FIRST_TRANQUILITY else 0
    for c in range(NUM_CARDS)
)
"""The face value of a Horseman card, 5 for Chaos (ruling P6), 0 for Tranquility."""

POINTS: Final[tuple[int, ...]] = tuple(
    VALUES[c % RANKS] if c < NUM_HORSEMEN else CHAOS_POINTS if c < FIRST_TRANQUILITY else 0
    for c in range(NUM_CARDS)
)
"""Ruling P9: what a card WON scores (face value; Chaos 5; Tranquility 0)."""

# --- masks -----------------------------------------------------------------------------------

BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(NUM_CARDS))
"""``BIT[card]``: the mask of one card."""
SUIT_MASK: Final[tuple[int, ...]] = tuple(
    sum(BIT[s * RANKS : (s + 1) * RANKS]) for s in range(len(SUITS))
)
"""The Horseman cards of each suit."""
HORSEMEN_OF: Final[tuple[int, ...]] = tuple(
    sum(SUIT_MASK[s] for s in range(len(SUITS)) if suits >> s & 1)
    for suits in range(1 << len(SUITS))
)
"""``HORSEMEN_OF[suits]``: the Horseman cards of the suits of a suit mask (bit ``s``: suit
``s``), e.g. of the black tokens."""
HORSEMAN_MASK: Final = (1 << NUM_HORSEMEN) - 1
CHAOS_MASK: Final = sum(BIT[FIRST_CHAOS:FIRST_TRANQUILITY])
TRANQUILITY_MASK: Final = sum(BIT[FIRST_TRANQUILITY:NUM_CARDS])
SPECIAL_MASK: Final = CHAOS_MASK | TRANQUILITY_MASK

TYPE_MASK: Final[tuple[int, ...]] = (*BIT[:NUM_HORSEMEN], CHAOS_MASK, TRANQUILITY_MASK)
"""The cards of each type."""


# --- helpers ---------------------------------------------------------------------------------


def card_ids(mask: int) -> tuple[int, ...]:
    """The ids of a mask's cards, lowest first."""
    ids = []
    while mask:
        low = mask & -mask  # the lowest card's bit
        ids.append(low.bit_length() - 1)
        mask ^= low
    return tuple(ids)


def mask_of(ids: Iterable[int]) -> int:
    """The mask of some card ids."""
    mask = 0
    for card in ids:
        mask |= BIT[card]
    return mask


def lowest_card(mask: int) -> int:
    """The lowest id of a non-empty mask (of a type's cards: the one a player plays)."""
    return (mask & -mask).bit_length() - 1


def nth_card(mask: int, n: int) -> int:
    """The id of the ``n``-th card of ``mask`` (from 0, lowest id first)."""
    for _ in range(n):
        mask &= mask - 1  # without its lowest card
    return lowest_card(mask)


def highest_card(mask: int) -> int:
    """The highest id of a non-empty mask (of one suit's cards: the highest value)."""
    return mask.bit_length() - 1


def points_of(mask: int) -> int:
    """Ruling P9: what the cards of ``mask`` score when won."""
    return sum(POINTS[card] for card in card_ids(mask))


def specials_in(mask: int) -> int:
    """How many Special cards (Chaos and Tranquility) ``mask`` holds."""
    return (mask & SPECIAL_MASK).bit_count()


def card_name(card: int) -> str:
    """A card id's type name: ``"red-8"``, ``"chaos"``, ``"tranquility"``."""
    return TYPE_NAMES[TYPE_OF[card]]


def card_words(card: int) -> Words:
    """A card for sentences: ``"red 8"``, ``"Chaos"``, ``"Tranquility"``."""
    return CARD_WORDS[card]


def names_of(mask: int) -> list[str]:
    """The type names of a mask's cards, lowest id first (for views and screens)."""
    return [card_name(c) for c in card_ids(mask)]


def horseman(suit: str, value: int) -> int:
    """The id of a Horseman card: ``horseman("red", 8) == 6``."""
    return SUIT_INDEX[suit] * RANKS + VALUES.index(value)


# --- words -----------------------------------------------------------------------------------

SUIT_WORDS: Final = COLOUR_WORDS
"""Each suit's name in words (the colour a person reads), by suit name."""
CHAOS_WORDS: Final = say("Chaos")
TRANQUILITY_WORDS: Final = say("Tranquility")


def as_is(text: str) -> Words:
    """``text`` as words that every language shows as it is: a name that is not the
    rules' own (a misspelt card or suit), or the text form of an action."""
    return joined("", (text,))


def suit_words(suit: str) -> Words:
    """A suit's name in words (``"red"``); a name that is no suit as it is."""
    return SUIT_WORDS.get(suit) or as_is(suit)


def horseman_words(suit: str, value: object) -> Words:
    """A Horseman card for sentences, ``"red 8"``, from its suit's name and its value (which
    may be a stand-in such as ``"?"`` while the table has not entered it)."""
    return say("{suit} {value}", suit=suit_words(suit), value=value)


CARD_WORDS: Final[tuple[Words, ...]] = tuple(
    horseman_words(SUITS[SUIT_OF[c]], VALUE_OF[c])
    if c < NUM_HORSEMEN
    else CHAOS_WORDS
    if c < FIRST_TRANQUILITY
    else TRANQUILITY_WORDS
    for c in range(NUM_CARDS)
)
"""``CARD_WORDS[card]``: :func:`card_words` by card id, made once."""
TYPE_WORDS: Final[tuple[Words, ...]] = (*CARD_WORDS[:NUM_HORSEMEN], CHAOS_WORDS, TRANQUILITY_WORDS)
"""The words of each card type, by type index (as :data:`TYPE_NAMES`)."""
