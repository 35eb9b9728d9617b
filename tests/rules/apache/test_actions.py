"""Apache actions: the JSON and text forms round-trip, and malformed input is a clear error."""

import json

import pytest

from companion.rules.apache import (
    APACHE,
    CLOSE,
    END,
    Action,
    Choose,
    Close,
    End,
    Reveal,
    Slap,
    Turn,
    action_words,
    parse_action,
)
from companion.rules.apache.cards import card_ids


def test_actions_round_trip_through_json_and_text() -> None:
    namespace = {"Turn": Turn, "Reveal": Reveal, "Slap": Slap, "Close": Close}
    namespace |= {"Choose": Choose, "End": End}
    actions: list[Action] = [
        Turn(0),
        Reveal("red-hunter"),
        Slap(1, "hunter"),
        CLOSE,
        Choose(1, "item"),
        Choose(2, "prisoner", 17),
        Choose(0, "wedding", 8),
        END,
    ]
    for action in actions:
        data = json.loads(json.dumps(APACHE.action_to_json(action)))
        assert APACHE.action_from_json(data) == action
        assert parse_action(str(action)) == action
        assert eval(repr(action), namespace) == action  # repr is a constructor call
    assert APACHE.action_to_json(Slap(1, "hunter")) == {
        "kind": "slap",
        "seat": 1,
        "indian": "hunter",
    }
    assert str(Choose(2, "prisoner", 17)) == "choose 2 prisoner 17"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("slap", "not an action of apache: 'slap'; an action is a JSON object"),
        ({"kind": "dance"}, "unknown apache action kind 'dance'"),
        ({"kind": "slap", "seat": 1}, r"slap' has the field\(s\) \['indian', 'seat'\]"),
        ({"kind": "slap", "seat": "1", "indian": "hunter"}, "'seat' must be an integer"),
        ({"kind": "slap", "seat": 1, "indian": ["hunter"]}, r"unknown indian \['hunter'\]"),
        ({"kind": "reveal", "card": "joker"}, "unknown card type 'joker'"),
        ({"kind": "choose", "seat": 0, "option": "prisoner"}, "needs a card id target"),
        ({"kind": "choose", "seat": 0, "option": "tipis", "target": 3}, "needs no target"),
        ({"kind": "close", "seat": 0}, r"close' has the field\(s\) \[\], got \['seat'\]"),
    ],
)
def test_malformed_actions_are_value_errors(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        APACHE.action_from_json(data)


def test_parse_action_rejects_garbage() -> None:
    for text in ("", "slap", "turn 1 2", "fly 3"):
        with pytest.raises(ValueError):
            parse_action(text)


def test_action_words_name_the_seat_by_colour_never_by_number() -> None:
    colours = ("red", "yellow")
    chief = card_ids("yellow-chief")[0]
    every_kind: list[Action] = [
        Turn(0),
        Reveal("red-hunter"),
        Slap(1, "hunter"),
        CLOSE,
        Choose(1, "prisoner", chief),
        Choose(0, "tipis"),
        END,
    ]
    assert [action_words(a, colours) for a in every_kind] == [
        "red turning the next card",
        "turning up a red-hunter",
        "yellow's slap with the hunter",
        "closing the slap window",
        f"yellow's choice 'prisoner' {chief} (the yellow chief)",
        "red's choice 'tipis'",
        "ending the game",
    ]
    assert action_words(Slap(2, "woman"), colours) == "seat 2 (no such seat)'s slap with the woman"
    assert action_words(Choose(0, "wedding", 999), colours) == "red's choice 'wedding' 999"
