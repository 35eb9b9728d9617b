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
    parse_action,
)


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
