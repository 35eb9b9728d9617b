"""The Apocalypse cards (ruling P2) as precomputed tables.

A card is an integer id ``0..56``: the 45 Horseman cards first, suit by suit in the order of
ruling P2 (red, green, purple, blue, yellow) and by value (1-4, 6-10) within a suit, so
``id = suit * 9 + rank`` (red 1 is 0, red 10 is 8, green 1 is 9, ..., yellow 10 is 44);
then the 6 Chaos cards (45-50) and the 6 Tranquility cards (51-56). In a 3-6 player game
seat ``i`` always holds Chaos ``45 + i`` and Tranquility ``51 + i``; the Duel shuffles
Chaos 45-47 and Tranquility 51-53 into its deck (ruling P12).

A card's TYPE (what is printed on it, what actions and journals name) is its id for a
Horseman card, ``CHAOS`` (45) for every Chaos card and ``TRANQUILITY`` (46) for every
Tranquility card; names: ``"red-8"``, ``"chaos"``, ``"tranquility"``.

Sets of cards are bitmasks (bit ``id``): a hand, a won pile, the discard pile.
"""

from __future__ import annotations

from typing import Final

# --- suits and values ------------------------------------------------------------------------

SUITS: Final = ("red", "green", "purple", "blue", "yellow")
"""The five suits (ruling P2), in the order of the ruling; a suit's index is its token's bit."""

SUIT_INDEX: Final = {suit: s for s, suit in enumerate(SUITS)}
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

# --- types -----------------------------------------------------------------------------------

TYPE_NAMES: Final = (
    *(f"{suit}-{value}" for suit in SUITS for value in VALUES),
    "chaos",
    "tranquility",
)
"""The 47 type names by type index: the Horseman cards by id, then chaos, tranquility."""
TYPE_INDEX: Final = {name: t for t, name in enumerate(TYPE_NAMES)}
NUM_TYPES: Final = len(TYPE_NAMES)

TYPE_OF: Final = bytes(
    c if c < NUM_HORSEMEN else CHAOS if c < FIRST_TRANQUILITY else TRANQUILITY
    for c in range(NUM_CARDS)
)
"""``TYPE_OF[card]``: the type of a card id."""

SUIT_OF: Final[tuple[int, ...]] = tuple(
    c // RANKS if c < NUM_HORSEMEN else -1 for c in range(NUM_CARDS)
)
"""The suit index of a Horseman card; -1 for a Special card (no suit)."""

SUIT_BIT: Final[tuple[int, ...]] = tuple(
    1 << c // RANKS if c < NUM_HORSEMEN else 0 for c in range(NUM_CARDS)
)
"""The token bit of a Horseman card's suit; 0 for a Special card."""

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
SUIT_MASK: Final[tuple[int, ...]] = tuple(
    sum(BIT[s * RANKS : (s + 1) * RANKS]) for s in range(len(SUITS))
)
HORSEMAN_MASK: Final = (1 << NUM_HORSEMEN) - 1
CHAOS_MASK: Final = sum(BIT[FIRST_CHAOS:FIRST_TRANQUILITY])
TRANQUILITY_MASK: Final = sum(BIT[FIRST_TRANQUILITY:NUM_CARDS])
SPECIAL_MASK: Final = CHAOS_MASK | TRANQUILITY_MASK
ALL_TOKENS: Final = (1 << len(SUITS)) - 1

TYPE_MASK: Final[tuple[int, ...]] = (*BIT[:NUM_HORSEMEN], CHAOS_MASK, TRANQUILITY_MASK)
"""The cards of each type."""

_BYTE_POINTS: Final = tuple(
    tuple(
        sum(POINTS[8 * k + b] for b in range(8) if byte >> b & 1 and 8 * k + b < NUM_CARDS)
        for byte in range(256)
    )
    for k in range((NUM_CARDS + 7) // 8)
)


# --- helpers ---------------------------------------------------------------------------------


def card_ids(mask: int) -> tuple[int, ...]:
    """The ids of a mask's cards, lowest first."""
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return tuple(ids)


def mask_of(ids: tuple[int, ...] | list[int]) -> int:
    """The mask of some card ids (each id once)."""
    mask = 0
    for card in ids:
        mask |= BIT[card]
    return mask


def points_of(mask: int) -> int:
    """Ruling P9: what the cards of ``mask`` score when won."""
    total = 0
    for table in _BYTE_POINTS:
        total += table[mask & 255]
        mask >>= 8
    return total


def card_name(card: int) -> str:
    """A card id's type name: ``"red-8"``, ``"chaos"``, ``"tranquility"``."""
    return TYPE_NAMES[TYPE_OF[card]]


def card_words(card: int) -> str:
    """A card for sentences: ``"red 8"``, ``"Chaos"``, ``"Tranquility"``."""
    if card < NUM_HORSEMEN:
        return f"{SUITS[SUIT_OF[card]]} {VALUE_OF[card]}"
    return "Chaos" if card < FIRST_TRANQUILITY else "Tranquility"


def names_of(mask: int) -> list[str]:
    """The type names of a mask's cards, lowest id first (for views and screens)."""
    return [card_name(c) for c in card_ids(mask)]


def horseman(suit: str, value: int) -> int:
    """The id of a Horseman card: ``horseman("red", 8) == 6``."""
    return SUIT_INDEX[suit] * RANKS + VALUES.index(value)


def popcount(mask: int) -> int:
    return mask.bit_count()
