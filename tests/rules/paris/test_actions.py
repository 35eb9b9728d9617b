"""Paris actions: text forms, JSON round trips, and JSON records refused with the reason."""

import json

import pytest

from companion.rules.paris.actions import (
    Action,
    Bourgeois,
    Draw,
    First,
    Move,
    Place,
    SetAside,
    Stash,
    Step,
    Take,
    action_from_json,
    action_to_json,
)

ACTIONS: list[Action] = [
    First(1),
    SetAside(4, 5),
    Take(3),
    Draw(3, 2),
    Place(4, 2, 1, 0),
    Move((Step(8, 5, "novice"), Step(4, 8, "leader"))),
    Stash(5, 6, True),
    Stash(5, 6),
    Bourgeois("bourgeois"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_round_trips_through_json(action: Action) -> None:
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_the_text_and_json_forms() -> None:
    assert [str(a) for a in ACTIONS[4:7]] == [
        "place 4 2+1+0",
        "move 4>8 leader, 8>5 novice",
        "stash 5.6 bail",
    ]
    assert action_to_json(Stash(5, 6)) == {"kind": "stash", "district": 5, "slot": 6}
    assert action_to_json(Take(4)) == {"kind": "take", "district": 4}


def test_a_move_keeps_its_steps_sorted() -> None:
    move = Move((Step(8, 5, "novice"), Step(4, 8, "leader")))
    assert move.steps[0] == Step(4, 8, "leader")
    assert move == Move((Step(4, 8, "leader"), Step(8, 5, "novice")))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], r"not an action of paris: \[\]; an action is a JSON object"),
        ({"kind": "fly"}, r"unknown paris action kind 'fly'; known: \['aside'"),
        ({"kind": "take"}, r"paris action 'take' has the field\(s\) \['district'\], got \[\]"),
        ({"kind": "take", "district": True}, r"'district' must be an integer, got True"),
        ({"kind": "take", "district": 4, "slot": 1}, r"take' has the field\(s\)"),
        ({"kind": "move", "moves": []}, r"a paris move moves 1 or 2 Apaches"),
        ({"kind": "move", "moves": [{"from": 4, "to": 8}]}, r"a paris move step is"),
        (
            {"kind": "move", "moves": [{"from": 4, "to": 8, "apache": "chief"}]},
            r"unknown apache 'chief'",
        ),
        ({"kind": "stash", "district": 5, "slot": 1, "bail": 1}, r"'bail' is true or false"),
        ({"kind": "bourgeois", "identity": "mayor"}, r"bourgeois or policeman, got 'mayor'"),
    ],
)
def test_a_bad_record_is_refused_naming_it_and_the_fault(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_json(data)
