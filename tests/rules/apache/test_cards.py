"""The prairie cards' tables (ruling A2): ids by type, counts, words."""

import doctest

from companion.rules.apache import APACHE, card_ids, card_type, card_words, colour_of, kind_of
from companion.rules.apache import cards as cards_module
from companion.rules.apache.cards import (
    NUM_CARDS,
    TYPE_COUNTS,
    TYPE_NAMES,
    cards_of_counts,
    count_words,
    type_counts,
)


def test_card_tables() -> None:
    assert card_ids("red-chief") == range(0, 2) and card_ids("tipi") == range(105, 114)
    assert card_type(8) == "red-hunter" and APACHE.card_type(45) == "buffalo"
    assert (colour_of(8), kind_of(8), colour_of(45), kind_of(45)) == ("red", "hunter", None, None)
    assert card_words(78) == "totem pole"


def test_the_deck_has_114_cards_in_one_id_range_per_type() -> None:
    assert NUM_CARDS == 114 and sum(TYPE_COUNTS) == NUM_CARDS
    ranges = [card_ids(name) for name in TYPE_NAMES]
    assert [card for r in ranges for card in r] == list(range(NUM_CARDS))


def test_type_counts_and_cards_of_counts_are_inverse_on_a_deck() -> None:
    """A deck's face-down cards are the highest ids of each type (the lowest are turned
    first), so the counts give the cards back."""
    assert cards_of_counts(TYPE_COUNTS) == tuple(range(NUM_CARDS))
    assert cards_of_counts([0] * len(TYPE_NAMES)) == ()
    counts = [n // 2 for n in TYPE_COUNTS]
    deck = cards_of_counts(counts)
    assert type_counts(deck) == counts and list(deck) == sorted(deck)
    assert all(card + 1 not in card_ids(card_type(card)) or card + 1 in deck for card in deck)


def test_counts_in_words() -> None:
    buffalo, tipi, woman = (TYPE_NAMES.index(n) for n in ("buffalo", "tipi", "red-woman"))
    assert count_words(2, buffalo) == "2 buffalo" and count_words(1, tipi) == "1 tipi"
    assert count_words(3, tipi) == "3 tipis" and count_words(2, woman) == "2 red women"


def test_the_docstring_examples() -> None:
    failed, tried = doctest.testmod(cards_module)
    assert tried > 0 and failed == 0
