"""Apocalypse actions: their JSON and text forms, read back and refused when malformed, and the
tables of actions made once."""

import json

import pytest

from companion.rules.apocalypse import (
    APOCALYPSE,
    Deal,
    DealCards,
    NameFirst,
    Play,
    action_from_json,
    parse_action,
)
from companion.rules.apocalypse.actions import CHAOS_CHOICES, play_of
from companion.rules.apocalypse.cards import CHAOS, SUIT_INDEX, horseman


@pytest.mark.parametrize(
    ("action", "data", "text"),
    [
        (Deal("red-8"), {"kind": "deal", "card": "red-8"}, "deal red-8"),
        (
            DealCards(("red-8", "chaos")),
            {"kind": "deal-cards", "cards": ["red-8", "chaos"]},
            "deal-cards red-8 chaos",
        ),
        (Play("blue-10"), {"kind": "play", "card": "blue-10"}, "play blue-10"),
        (
            Play("chaos", "purple"),
            {"kind": "play", "card": "chaos", "token": "purple"},
            "play chaos purple",
        ),
        (Play("tranquility"), {"kind": "play", "card": "tranquility"}, "play tranquility"),
        (NameFirst(2), {"kind": "first", "seat": 2}, "first 2"),
    ],
)
def test_actions_json_and_text_round_trip(action: object, data: object, text: str) -> None:
    assert APOCALYPSE.action_to_json(action) == data  # type: ignore[arg-type]
    assert action_from_json(json.loads(json.dumps(data))) == action
    assert str(action) == text and parse_action(text) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"kind": "slap"},
        {"kind": "play", "card": "red-5"},
        {"kind": "play", "card": "chaos", "token": "pink"},
        {"kind": "first", "seat": -1},
        {"kind": "deal", "card": "red-1", "seat": 0},
        {"kind": "deal-cards", "cards": []},
        {"kind": "deal-cards", "cards": ["red-1", "red-5"]},
    ],
)
def test_malformed_action_json_is_a_value_error(data: object) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)
    with pytest.raises(ValueError):
        parse_action("play red-5")


def test_the_chaos_choices_are_one_play_per_coloured_token() -> None:
    """Ruling P5: a Chaos card names a coloured token; none once every token is black."""
    red, blue = 1 << SUIT_INDEX["red"], 1 << SUIT_INDEX["blue"]
    assert CHAOS_CHOICES[red | blue] == (Play("chaos", "red"), Play("chaos", "blue"))
    assert CHAOS_CHOICES[0] == (Play("chaos"),)


def test_play_of_a_card_id() -> None:
    assert play_of(horseman("green", 7)) == Play("green-7")
    assert play_of(CHAOS, token=SUIT_INDEX["purple"]) == Play("chaos", "purple")
