"""The words the Apocalypse screens show for suits and cards, in the screens' language (free
of pygame: the models use them too).

The engines name the suits ``red``, ``green``, ... and the Special cards ``chaos`` and
``tranquility``; those names stay keys, and these are what a person reads.
"""

from __future__ import annotations

from typing import Final

from companion.i18n import marked, tr

SUIT_WORDS: Final = {
    "red": marked("red"),
    "green": marked("green"),
    "purple": marked("purple"),
    "blue": marked("blue"),
    "yellow": marked("yellow"),
}
"""Each suit's word (the suits are the five seat colours)."""
CARD_WORDS: Final = {
    "chaos": marked("Chaos"),
    "tranquility": marked("Tranquility"),
    "skip": marked("Skip"),
}
"""The options beside the suits when a card is asked for."""
SHORT_CARD_WORDS: Final = {"tranquility": marked("Tranq.")}
"""An option's words where its whole name does not fit (as the card shows it)."""


def suit_word(suit: str) -> str:
    """A suit as a person reads it: ``"red"`` (an unknown name as it is)."""
    return tr(SUIT_WORDS[suit]) if suit in SUIT_WORDS else suit


def card_word(kind: str) -> str:
    """A Special card (or skipping) as an option names it: ``"Chaos"``, ``"Skip"``."""
    return tr(CARD_WORDS[kind]) if kind in CARD_WORDS else kind


def short_card_word(kind: str) -> str | None:
    """An option's shorter words (None: it has none)."""
    return tr(SHORT_CARD_WORDS[kind]) if kind in SHORT_CARD_WORDS else None


def card_words(kind: str, suit: str | None = None, value: int | None = None) -> str:
    """A card in a sentence: ``"red 8"`` for a Horseman (``kind`` ``"horseman"``), else the
    Special card's name (``"Chaos"``, ``"Tranquility"``)."""
    if kind == "horseman" and suit is not None:
        return f"{suit_word(suit)} {value}"
    return card_word(kind)
