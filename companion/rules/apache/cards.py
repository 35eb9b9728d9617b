"""The 114 prairie cards of Apache (ruling A2) and their tables.

A card is an integer id ``0..113``; its TYPE (what is printed on it) is one of 25 type
indexes with a name: ``"red-chief"`` ... ``"green-hunter"`` for the 20 Indian types, then
``"buffalo"``, ``"totem"``, ``"tomahawk"``, ``"necklace"``, ``"tipi"``. Ids are grouped by
type in that order (red chiefs 0-1, red warriors 2-3, red women 4-5, red hunters 6-8,
yellow chiefs 9-10, ..., green hunters 42-44, buffalo 45-77, totem poles 78-86, tomahawks
87-95, necklaces 96-104, tipis 105-113), so a type's cards are one range of ids.

Type index of an Indian: ``colour * 4 + kind`` with the colours in seat-colour order and the
kinds in hand-card order (chief, warrior, woman, hunter), the same order as the button-box
controls (``companion.input.controls``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from companion.words import COLOUR_WORDS, Words, plural_words, say

# --- colours and kinds -----------------------------------------------------------------------

COLOURS: Final = ("red", "yellow", "purple", "blue", "green")
"""The five tribes (ruling A1), in seat-colour order."""

KINDS: Final = ("chief", "warrior", "woman", "hunter")
"""The four hand cards of every player, in button order."""

CHIEF: Final = 0
WARRIOR: Final = 1
WOMAN: Final = 2
HUNTER: Final = 3
KIND_INDEX: Final = {kind: i for i, kind in enumerate(KINDS)}
MALE_KINDS: Final = frozenset({CHIEF, WARRIOR, HUNTER})
"""Ruling A3: chief, warrior and hunter are male; the woman is female."""

INDIAN_COUNTS: Final[tuple[int, ...]] = (2, 2, 2, 3)
"""Cards of one colour per kind (ruling A2): 2 chiefs, 2 warriors, 2 women, 3 hunters."""

# --- loot ------------------------------------------------------------------------------------

BUFFALO: Final = 20
TOTEM: Final = 21
TOMAHAWK: Final = 22
NECKLACE: Final = 23
TIPI: Final = 24
LOOT_NAMES: Final = ("buffalo", "totem", "tomahawk", "necklace", "tipi")
LOOT_COUNTS: Final[tuple[int, ...]] = (33, 9, 9, 9, 9)

ITEM_OF_KIND: Final = (TOTEM, TOMAHAWK, NECKLACE, BUFFALO)
"""Each kind's own item: the chief's totem poles, the warrior's tomahawks, the woman's
necklaces, the hunter's buffalo."""

# --- types -----------------------------------------------------------------------------------

TYPE_NAMES: Final = tuple(f"{c}-{k}" for c in COLOURS for k in KINDS) + LOOT_NAMES
"""The 25 card type names, by type index (also the chance outcomes' order)."""

TYPE_INDEX: Final = {name: t for t, name in enumerate(TYPE_NAMES)}
NUM_TYPES: Final = len(TYPE_NAMES)
NUM_INDIAN_TYPES: Final = len(COLOURS) * len(KINDS)

TYPE_COUNTS: Final[tuple[int, ...]] = (
    tuple(INDIAN_COUNTS[t % 4] for t in range(NUM_INDIAN_TYPES)) + LOOT_COUNTS
)
"""How many cards of each type the deck holds (the full deck's counts)."""

TYPE_FIRST: Final[tuple[int, ...]] = tuple(sum(TYPE_COUNTS[:t]) for t in range(NUM_TYPES))
"""The lowest id of each type."""

NUM_CARDS: Final[int] = sum(TYPE_COUNTS)

TYPE_OF: Final[tuple[int, ...]] = tuple(t for t in range(NUM_TYPES) for _ in range(TYPE_COUNTS[t]))
"""``TYPE_OF[card]``: the type index of a card id."""

IS_MALE: Final[tuple[bool, ...]] = tuple(
    t < NUM_INDIAN_TYPES and t % 4 in MALE_KINDS for t in TYPE_OF
)
"""``IS_MALE[card]``: the card is a male Indian (ruling A3)."""

IS_WOMAN: Final[tuple[bool, ...]] = tuple(t < NUM_INDIAN_TYPES and t % 4 == WOMAN for t in TYPE_OF)
"""``IS_WOMAN[card]``: the card is a woman (ruling A3)."""

IS_BUFFALO: Final[tuple[bool, ...]] = tuple(t == BUFFALO for t in TYPE_OF)
"""``IS_BUFFALO[card]``: the card is a buffalo."""


def card_type(card: int) -> str:
    """The type name of a card id: ``card_type(8) == "red-hunter"``."""
    return TYPE_NAMES[TYPE_OF[card]]


def card_ids(type_name: str) -> range:
    """The ids of every card of a type: ``card_ids("tipi") == range(105, 114)``."""
    t = TYPE_INDEX[type_name]
    return range(TYPE_FIRST[t], TYPE_FIRST[t] + TYPE_COUNTS[t])


def colour_of(card: int) -> str | None:
    """The colour of an Indian card, None for loot."""
    t = TYPE_OF[card]
    return COLOURS[t // 4] if t < NUM_INDIAN_TYPES else None


def kind_of(card: int) -> str | None:
    """The kind of an Indian card (``"hunter"``), None for loot."""
    t = TYPE_OF[card]
    return KINDS[t % 4] if t < NUM_INDIAN_TYPES else None


def type_counts(cards: Iterable[int]) -> list[int]:
    """How many of ``cards`` there are of each type, by type index.

    >>> type_counts([0, 1, 45])[:2], type_counts([0, 1, 45])[20]
    ([2, 0], 1)
    """
    counts = [0] * NUM_TYPES
    for card in cards:
        counts[TYPE_OF[card]] += 1
    return counts


def cards_of_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """Cards in id order, ``counts[t]`` of each type ``t``: the highest ids of each type (the
    face-down cards of a deck whose ``type_counts`` are ``counts``, ruling A2).

    >>> cards_of_counts([1, 2] + [0] * 23)
    (1, 2, 3)
    """
    return tuple(
        card
        for first, count, left in zip(TYPE_FIRST, TYPE_COUNTS, counts, strict=True)
        for card in range(first + count - left, first + count)
    )


# --- words ---------------------------------------------------------------------------------


KIND_WORDS: Final[dict[str, Words]] = {
    "chief": say("chief"),
    "warrior": say("warrior"),
    "woman": say("woman"),
    "hunter": say("hunter"),
}
"""Each hand card (an Indian's kind) as a person reads it."""

TYPE_WORDS: Final[tuple[Words, ...]] = (
    say("red chief"),
    say("red warrior"),
    say("red woman"),
    say("red hunter"),
    say("yellow chief"),
    say("yellow warrior"),
    say("yellow woman"),
    say("yellow hunter"),
    say("purple chief"),
    say("purple warrior"),
    say("purple woman"),
    say("purple hunter"),
    say("blue chief"),
    say("blue warrior"),
    say("blue woman"),
    say("blue hunter"),
    say("green chief"),
    say("green warrior"),
    say("green woman"),
    say("green hunter"),
    say("buffalo"),
    say("totem pole"),
    say("tomahawk"),
    say("necklace"),
    say("tipi"),
)
"""Each type in words, by type index, for reasons and screens: ``"red hunter"``,
``"totem pole"``."""

TYPE_PLURALS: Final = tuple(
    word if word == "buffalo" else word[:-5] + "women" if word.endswith("woman") else word + "s"
    for word in map(str, TYPE_WORDS)
)
"""Each type's plural in English (the replay tool's words): ``"red women"``, ``"tipis"``."""

_LOOT_NAME_WORDS: Final[dict[str, Words]] = {
    "buffalo": say("buffalo"),
    "totem": say("totem"),
    "tomahawk": say("tomahawk"),
    "necklace": say("necklace"),
    "tipi": say("tipi"),
}

TYPE_NAME_WORDS: Final[dict[str, Words]] = {
    **{
        f"{colour}-{kind}": say("{colour}-{kind}", colour=COLOUR_WORDS[colour], kind=said)
        for colour in COLOURS
        for kind, said in KIND_WORDS.items()
    },
    **_LOOT_NAME_WORDS,
}
"""Each type name (``"red-hunter"``, ``"totem"``: as an action names it) as words."""

_COUNTED_LOOT: Final[dict[int, Callable[[int], Words]]] = {
    BUFFALO: lambda n: plural_words("{count} buffalo", "{count} buffalo", n, count=n),
    TOTEM: lambda n: plural_words("{count} totem pole", "{count} totem poles", n, count=n),
    TOMAHAWK: lambda n: plural_words("{count} tomahawk", "{count} tomahawks", n, count=n),
    NECKLACE: lambda n: plural_words("{count} necklace", "{count} necklaces", n, count=n),
    TIPI: lambda n: plural_words("{count} tipi", "{count} tipis", n, count=n),
}
"""How many of each loot, in words."""

_COUNTED_INDIANS: Final[tuple[Callable[[int, Words], Words], ...]] = (
    lambda n, c: plural_words(
        "{count} {colour} chief", "{count} {colour} chiefs", n, count=n, colour=c
    ),
    lambda n, c: plural_words(
        "{count} {colour} warrior", "{count} {colour} warriors", n, count=n, colour=c
    ),
    lambda n, c: plural_words(
        "{count} {colour} woman", "{count} {colour} women", n, count=n, colour=c
    ),
    lambda n, c: plural_words(
        "{count} {colour} hunter", "{count} {colour} hunters", n, count=n, colour=c
    ),
)
"""How many Indians of one kind (by kind index) and one colour, in words."""


def colour_words(colour: str) -> str:
    """A colour as a person reads it (:data:`COLOUR_WORDS`); anything else as it is."""
    return COLOUR_WORDS.get(colour, colour)


def kind_words(kind: str) -> str:
    """A hand card as a person reads it (:data:`KIND_WORDS`); anything else as it is."""
    return KIND_WORDS.get(kind, kind)


def type_name_words(name: str) -> str:
    """A type name as a person reads it (``"red-hunter"``, :data:`TYPE_NAME_WORDS`);
    anything else as it is."""
    return TYPE_NAME_WORDS.get(name, name)


def card_words(card: int) -> Words:
    """A card in words: ``"red hunter"``, ``"buffalo"``, ``"totem pole"``."""
    return TYPE_WORDS[TYPE_OF[card]]


def count_words(count: int, card_type: int) -> Words:
    """``"2 buffalo"``, ``"1 tipi"``, ``"3 tipis"``, ``"2 totem poles"``, ``"2 red women"``."""
    if card_type < NUM_INDIAN_TYPES:
        colour = COLOUR_WORDS[COLOURS[card_type // 4]]
        return _COUNTED_INDIANS[card_type % 4](count, colour)
    return _COUNTED_LOOT[card_type](count)
