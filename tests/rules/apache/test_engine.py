"""The Apache engine's public face: setup, actions, views, the screens' helpers, errors."""

import json
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.rules.apache import (
    APACHE,
    CHOOSE,
    CLOSE,
    END,
    READY,
    REVEAL,
    WINDOW,
    Action,
    ApacheState,
    Choose,
    Reveal,
    Slap,
    Turn,
)
from companion.rules.base import CHANCE, TABLE, SetupError
from companion.rules.registry import engine_names, get_engine
from tests.rules.apache.script import card, cards, lay, new, window

RED, YELLOW, PURPLE = 0, 1, 2


def test_the_engine_is_registered_as_apache() -> None:
    assert get_engine("apache") is APACHE
    assert "apache" in engine_names()
    assert APACHE.rules_version == "1"


def test_setup_is_completed_and_validated_with_clear_errors() -> None:
    full = APACHE.validate_setup({"players": 3, "variants": {"wedding": True}})
    assert full == {
        "players": 3,
        "colours": ["red", "yellow", "purple"],
        "variants": {"war_path": False, "wedding": True, "joint_raid": False},
        "first": 0,
    }
    assert APACHE.validate_setup(full) == full
    assert APACHE.validate_setup({"colours": ["blue", "green"]})["players"] == 2
    assert APACHE.validate_setup({})["players"] == 4
    bad: list[tuple[dict[str, Any], str]] = [
        ({"player": 3}, r"unknown apache setup option\(s\) \['player'\]"),
        ({"colours": ["red", "pink"]}, "colours from red, yellow, purple, blue, green"),
        ({"variants": {"warpath": True}}, r"unknown apache variant\(s\) \['warpath'\]"),
        ({"variants": {"wedding": 1}}, "on \\(true\\) or off \\(false\\)"),
        ({"variants": ["wedding"]}, "must map variant names to true/false"),
        ({"players": 3, "first": 3}, "'first' must be the seat that turns first, 0 to 2"),
    ]
    for setup, message in bad:
        with pytest.raises(SetupError, match=message):
            APACHE.validate_setup(setup)


def test_first_names_the_seat_that_turns_first() -> None:
    state = new(3, first=2)
    assert state.turner == 2 and APACHE.legal_actions(state)[0] == Turn(2)


def test_actors_and_legal_actions_per_phase() -> None:
    state = new(2)
    assert (state.phase, APACHE.actor(state)) == (READY, TABLE)
    legal = APACHE.legal_actions(state)
    assert legal[0] == Turn(0) and len(legal) == 1 + 2 * 4
    state = APACHE.apply(state, Turn(0))
    assert (state.phase, APACHE.actor(state)) == (REVEAL, CHANCE)
    assert len(APACHE.legal_actions(state)) == 25
    state = lay(APACHE.apply(state, Reveal("red-hunter")), "buffalo", "tipi")
    state = APACHE.apply(state, Slap(RED, "hunter"))
    assert (state.phase, APACHE.actor(state)) == (WINDOW, TABLE)
    assert APACHE.legal_actions(state) == (*(Slap(YELLOW, k) for k in _KINDS), CLOSE)
    state = APACHE.apply(state, CLOSE)
    assert (state.phase, APACHE.actor(state)) == (CHOOSE, RED)
    assert APACHE.legal_actions(state) == (Choose(RED, "item"), Choose(RED, "tipis"))


_KINDS = ("chief", "warrior", "woman", "hunter")


def test_illegal_actions_name_the_rule() -> None:
    state = new(2)
    cases: list[tuple[ApacheState, Action, str]] = [
        (state, Turn(1), r"^yellow turning the next card refused by ruling A9 \(who turns\)"),
        (state, CLOSE, r"^closing the slap window refused by ruling A9 \(slap windows\)"),
        (state, END, r"^ending the game refused by ruling A10"),
        (state, Reveal("tipi"), r"^turning up a tipi refused by ruling A2 \(turning a card\)"),
        (state, Choose(0, "tipis"), r"^red's choice 'tipis' refused by ruling A6"),
        (state, Slap(0, "shaman"), "hand cards are chief, warrior, woman, hunter"),
        (APACHE.apply(state, Turn(0)), Slap(0, "hunter"), "a card is being turned"),
    ]
    for before, action, rule in cases:
        with pytest.raises(IllegalAction, match=rule):
            APACHE.apply(before, action)


def test_a_refusal_names_the_seat_by_colour_the_rule_and_what_is_awaited() -> None:
    """Never the internals: no seat number, no action text form (``slap 1 hunter``)."""
    pending = window(lay(new(2), "red-hunter", "buffalo", "tipi"), (RED, "hunter"))
    refusals: dict[Action, str] = {
        Choose(YELLOW, "tipis"): (
            "yellow's choice 'tipis' refused by ruling A6 (the player's choice): red is "
            "choosing what the hunter takes, not yellow"
        ),
        Choose(RED, "prisoner", 3): (
            "red's choice 'prisoner' 3 (the red warrior) refused by ruling A6 (the player's "
            "choice): not one of the options; red may choose 'item', 'tipis'"
        ),
        Turn(RED): (
            "red turning the next card refused by ruling A9 (turning): red must first choose "
            "what the hunter takes (ruling A6)"
        ),
        Slap(YELLOW, "chief"): (
            "yellow's slap with the chief refused by ruling A9 (slap windows): red must first "
            "choose what the hunter takes (ruling A6)"
        ),
    }
    for action, words in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            APACHE.apply(pending, action)
        assert str(refused.value) == words
        assert str(action) not in words, "the text form names seats by number"
    with pytest.raises(IllegalAction, match="not an apache action"):
        APACHE.apply(new(2), "turn 0")  # type: ignore[arg-type]


def test_the_view_hides_the_deck_composition_and_shows_everything_public() -> None:
    state = window(lay(new(3), "red-hunter", "buffalo", "tipi"), (RED, "hunter"))
    view = json.loads(json.dumps(APACHE.view(state, YELLOW)))
    assert "deck" not in view and view["deck_count"] == 111 and view["seat"] == YELLOW
    assert view["pending"] == {
        "seat": RED,
        "options": [
            {
                "option": "item",
                "target": None,
                "taken": list(cards("red-hunter", "buffalo")),
                "default": True,
            },
            {
                "option": "tipis",
                "target": None,
                "taken": list(cards("red-hunter", "tipi")),
                "default": False,
            },
        ],
    }
    full = APACHE.state_to_json(state)
    assert isinstance(full, dict) and full["deck"]["buffalo"] == 32


def test_last_resolution_tells_each_slap_its_story() -> None:
    state = lay(new(3, war_path=True), "yellow-hunter", "buffalo", "red-warrior", "tomahawk")
    state = window(state, (YELLOW, "hunter"), (RED, "warrior"), (PURPLE, "warrior"))
    yellow, red, purple = state.last_resolution
    assert yellow._asdict() == {
        "seat": YELLOW,
        "indian": "hunter",
        "legal": True,
        "option": "item",
        "target": None,
        "taken": cards("yellow-hunter", "buffalo"),
        "joined": (),
        "penalty": (),
        "raid": (),
        "reason": "yellow hunter takes 1 buffalo",
    }
    assert red.raid == ((YELLOW, cards("buffalo")),)
    assert (
        red.reason == "red warrior takes 1 tomahawk; war path: buffalo 1 from yellow (ruling A11)"
    )
    assert (
        purple.reason
        == "illegal: no purple warrior face up; penalty 0 cards (the winnings pile is empty)"
    )
    assert state.piles == (
        (card("buffalo"), card("red-warrior"), card("tomahawk")),
        (card("yellow-hunter"),),
        (),
    )
    illegal = window(lay(state, "necklace"), (YELLOW, "woman")).last_resolution[0]
    assert illegal.reason == "illegal: no yellow woman face up; penalty 1 card"
    assert illegal.penalty == cards("yellow-hunter")


def test_slap_is_legal_judges_an_open_window_on_its_opening_display() -> None:
    state = lay(new(3), "red-hunter", "yellow-hunter", "buffalo")
    assert APACHE.slap_is_legal(state, YELLOW, "hunter")
    state = APACHE.apply(state, Slap(RED, "hunter"))
    assert APACHE.slap_is_legal(state, YELLOW, "hunter")
    state = window(state)  # red takes the buffalo
    assert not APACHE.slap_is_legal(state, YELLOW, "hunter")


def test_default_choice_outside_choose_is_an_error() -> None:
    with pytest.raises(ValueError, match="no choice is pending"):
        APACHE.default_choice(new(2))


def test_state_json_round_trip_mid_choice_and_malformed_input() -> None:
    state = window(lay(new(3, wedding=True), "red-woman", "yellow-hunter", "tipi"), (RED, "woman"))
    data = json.loads(json.dumps(APACHE.state_to_json(state)))
    assert APACHE.state_from_json(data) == state
    for key, value in [("display", [999]), ("phase", "lunch"), ("colours", ["red"])]:
        with pytest.raises(ValueError):
            APACHE.state_from_json({**data, key: value})
    with pytest.raises(ValueError, match="not an apache state"):
        APACHE.state_from_json({"phase": "ready"})


class _Draw:
    """A stand-in ``random.Random`` whose ``random()`` returns the given value."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


def test_random_reveal_draws_a_face_down_card_with_the_chance_probabilities() -> None:
    """One ``random()`` picks a place among the face-down cards counted in type order
    (each type as many times as ``chance_outcomes`` weighs it): the draws of a whole game
    fall on each type as often as its cards."""
    state = APACHE.apply(lay(new(3), "buffalo", "tipi", "red-hunter"), Turn(0))
    outcomes = APACHE.chance_outcomes(state)
    places = [a for a, p in outcomes for _ in range(round(p * state.deck_count))]
    assert len(places) == state.deck_count == 111
    for place, expected in enumerate(places):
        draw = _Draw((place + 0.5) / state.deck_count)
        assert APACHE.random_reveal(state, draw) == expected  # type: ignore[arg-type]


def test_the_deck_is_the_face_down_cards_in_id_order() -> None:
    state = lay(new(2), "buffalo", "buffalo", "red-hunter")
    assert state.deck_count == 111 and len(state.deck) == 111
    assert state.display == cards("buffalo", "buffalo#1", "red-hunter")
    assert list(state.deck) == sorted(state.deck) and not set(state.display) & set(state.deck)
