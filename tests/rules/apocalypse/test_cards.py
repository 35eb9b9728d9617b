"""The card tables and the helpers over card masks (ruling P2), and the cards each player
count uses (rulings P1, P3, P12)."""

from companion.rules.apocalypse.cards import (
    CHAOS,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    HORSEMEN_OF,
    NO_SUIT,
    NUM_CARDS,
    POINTS,
    SUIT_INDEX,
    SUIT_MASK,
    SUIT_OF,
    TRANQUILITY,
    TYPE_NAMES,
    TYPE_OF,
    VALUE_OF,
    card_ids,
    card_name,
    card_words,
    default_suits,
    full_hand,
    highest_card,
    horseman,
    is_duel,
    lowest_card,
    mask_of,
    names_of,
    nth_card,
    points_of,
    specials_in,
)


def test_card_ids_the_horseman_cards_suit_by_suit_then_the_specials() -> None:
    assert horseman("red", 1) == 0 and horseman("red", 8) == 6 and horseman("yellow", 10) == 44
    assert (FIRST_CHAOS, FIRST_TRANQUILITY, NUM_CARDS) == (45, 51, 57)
    assert [card_name(c) for c in (0, 6, 45, 50, 51, 56)] == [
        *("red-1", "red-8", "chaos", "chaos", "tranquility", "tranquility"),
    ]
    assert TYPE_OF[50] == CHAOS and TYPE_OF[56] == TRANQUILITY and TYPE_NAMES[CHAOS] == "chaos"
    assert card_words(horseman("blue", 7)) == "blue 7" and card_words(52) == "Tranquility"


def test_suits_values_and_points() -> None:
    """Rulings P2, P6, P9: no 5; Chaos counts 5 and scores 5; Tranquility 0; no suit for a
    Special card."""
    green_9 = horseman("green", 9)
    assert SUIT_OF[green_9] == SUIT_INDEX["green"] and SUIT_OF[FIRST_CHAOS] == NO_SUIT
    assert (VALUE_OF[green_9], VALUE_OF[FIRST_CHAOS], VALUE_OF[FIRST_TRANQUILITY]) == (9, 5, 0)
    assert (POINTS[green_9], POINTS[FIRST_CHAOS], POINTS[FIRST_TRANQUILITY]) == (9, 5, 0)
    assert points_of(mask_of([green_9, FIRST_CHAOS, FIRST_TRANQUILITY])) == 14


def test_masks_and_ids_convert_both_ways() -> None:
    cards = [3, 9, 45, 56]
    mask = mask_of(cards)
    assert card_ids(mask) == (3, 9, 45, 56) and names_of(mask)[-1] == "tranquility"
    assert lowest_card(mask) == 3 and highest_card(mask) == 56
    assert [nth_card(mask, n) for n in range(4)] == cards
    assert specials_in(mask) == 2 and specials_in(mask_of([3, 9])) == 0
    red_and_blue = 1 << SUIT_INDEX["red"] | 1 << SUIT_INDEX["blue"]
    assert HORSEMEN_OF[red_and_blue] == SUIT_MASK[SUIT_INDEX["red"]] | SUIT_MASK[SUIT_INDEX["blue"]]
    assert HORSEMEN_OF[0] == 0


def test_each_player_count_uses_its_suits_and_hand() -> None:
    """Rulings P1, P2, P3, P12."""
    assert is_duel(2) and not is_duel(3)
    assert default_suits(2) == ("red", "green", "purple")
    assert default_suits(4) == ("red", "green", "purple", "blue")
    assert len(default_suits(5)) == 5
    assert [full_hand(p) for p in range(2, 7)] == [13, 12, 10, 10, 9]
