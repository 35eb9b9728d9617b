"""Every example of the Apache rulebook, played as a scripted game with exact outcomes."""

import pytest

from companion.rules.apache import APACHE, CHOOSE, READY, Choose
from tests.rules.apache.script import cards, choose, lay, new, types, window

RED, YELLOW, PURPLE = 0, 1, 2


@pytest.mark.parametrize(
    ("option", "pile"),
    [("item", ("red-hunter", "buffalo")), ("tipis", ("red-hunter", "tipi"))],
)
def test_the_hunter_with_a_tipi_and_a_buffalo_takes_one_or_the_other(
    option: str, pile: tuple[str, ...]
) -> None:
    """'A red hunter, a tipi and a buffalo lie face up ... either the hunter with the tipi,
    or the hunter with the buffalo. He cannot take the buffalo and the tipi.'"""
    state = window(lay(new(2), "red-hunter", "tipi", "buffalo"), (RED, "hunter"))
    assert state.phase == CHOOSE and state.pending_seat == RED
    assert APACHE.options(state) == (Choose(RED, "item"), Choose(RED, "tipis"))
    taken = {APACHE.choice_cards(state, c) for c in APACHE.options(state)}
    assert all(len(t) == 2 for t in taken), "never the buffalo and the tipi together"
    state = choose(state, RED, option)
    assert types(state.piles[RED]) == list(pile)
    assert state.phase == READY and state.turner == RED
    left = {"tipi", "buffalo"} - set(pile)
    assert types(state.display) == list(left)


def test_yellow_and_purple_hunters_beat_the_red_chief_and_red_turns_next() -> None:
    """The rulebook's Pow-Wow: the red chief is turned, yellow and purple save their hunters
    (yellow faster: hunter + buffalo; purple: hunter + tipi), the red chief comes up last
    and goes away empty-handed: he may not take the woman prisoner. Red turns next."""
    state = lay(
        new(4, colours=["red", "yellow", "purple", "blue"]),
        "yellow-hunter",
        "purple-hunter",
        "buffalo",
        "tipi",
        "totem",
        "totem",
        "totem",
        "green-woman",
        "red-chief",
    )
    state = window(state, (YELLOW, "hunter"), (PURPLE, "hunter"), (RED, "chief"))
    assert state.pending_seat == YELLOW  # buffalo or tipi: yellow takes the buffalo
    state = choose(state, YELLOW, "item")
    assert state.piles == (
        (),
        cards("yellow-hunter", "buffalo"),
        cards("purple-hunter", "tipi"),
        (),
    )
    assert types(state.display) == ["totem", "totem", "totem", "green-woman", "red-chief"]
    red = state.last_resolution[2]
    assert (red.seat, red.legal, red.taken, red.penalty) == (RED, True, (), ())
    assert red.reason.startswith("snatched: the yellow hunter was taken by yellow first")
    assert state.phase == READY and state.turner == RED, "the chief was the last hand card"


def test_joint_raid_the_red_chief_takes_all_chiefs_the_totems_and_the_green_warrior() -> None:
    """'A blue chief and two yellow chiefs lie face up. They belong to no player. A red
    chief is turned up ... He takes a green warrior prisoner. The red player therefore
    receives all 4 chiefs, all the totem poles and the green warrior. He does not receive
    the other warriors who belong to no player.'"""
    state = lay(
        new(3, colours=["red", "purple", "green"], joint_raid=True),
        "blue-chief",
        "yellow-chief",
        "yellow-chief",
        "green-warrior",
        "yellow-warrior",
        "totem",
        "totem",
        "red-chief",
    )
    state = window(state, (RED, "chief"))
    state = choose(state, RED, "prisoner", cards("green-warrior")[0])
    assert state.piles[RED] == cards(
        "blue-chief",
        "yellow-chief",
        "yellow-chief#1",
        "green-warrior",
        "totem",
        "totem#1",
        "red-chief",
    )
    assert types(state.display) == ["yellow-warrior"]
    result = state.last_resolution[0]
    assert result.joined == cards("blue-chief", "yellow-chief", "yellow-chief#1")
    assert "3 unowned chiefs join (ruling A13)" in result.reason
