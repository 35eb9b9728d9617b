"""Making loot: legality (ruling A4), options (A6, A7, A12, A13), taking, raids, penalties."""

from itertools import product

from companion.rules.apache import APACHE, Action
from companion.rules.apache.cards import HUNTER, WARRIOR, WOMAN
from companion.rules.apache.loot import (
    Option,
    Seating,
    can_take,
    default_option,
    legal_slaps,
    options,
    penalise,
    raid,
    take,
)
from companion.tools.simulate.apache import play_apache_game
from tests.rules.apache.script import card, cards

THREE = Seating(("red", "purple", "green"))


def test_the_seating_knows_each_seats_indians_and_the_unowned_ones() -> None:
    assert THREE.colour == (0, 2, 4) and THREE.indian(1, HUNTER) == 2 * 4 + HUNTER
    assert THREE.owner[4 * 4 + WOMAN] == 2 and 1 * 4 + WOMAN not in THREE.owner
    assert THREE.unowned[WARRIOR] == {1 * 4 + WARRIOR, 3 * 4 + WARRIOR}
    assert THREE.words(2, WOMAN) == "green woman"
    assert Seating(("red", "purple", "green")) == THREE


def test_legal_slaps_are_can_take_for_every_seat_and_kind() -> None:
    """On every display of a few real games, ``legal_slaps`` (all seats at once) says what
    ``can_take`` says seat by seat and kind by kind."""
    setup = APACHE.validate_setup({"players": 3, "variants": {"wedding": True}})
    displays = set()
    for seed in range(3):
        actions: list[Action] = []
        play_apache_game(setup, seed, record=actions)
        state = APACHE.new(setup, seed)
        for action in actions:
            state = APACHE.apply_unchecked(state, action)
            displays.add(state.display)
    seating = Seating(state.colours)
    for display in displays:
        legal = legal_slaps(seating, display)
        for seat, kind in product(range(3), range(4)):
            assert (kind in legal.get(seat, [])) == can_take(seating, display, seat, kind)


def test_the_hunter_takes_buffalo_or_tipis_the_first_of_two_identical_indians() -> None:
    display = cards("red-hunter", "buffalo", "red-hunter#1", "tipi")
    found = options(THREE, display, 0, HUNTER, wedding=False, joint_raid=False)
    assert found == (
        Option("item", None, cards("red-hunter", "buffalo"), ()),
        Option("tipis", None, cards("red-hunter", "tipi"), ()),
    )
    assert default_option(found) == found[0], "ties: own item before tipis (ruling A6)"


def test_a_wedding_is_an_option_but_never_the_default() -> None:
    display = cards("red-woman", "tipi", "tipi#1", "blue-hunter")
    found = options(THREE, display, 0, WOMAN, wedding=True, joint_raid=False)
    assert [o.option for o in found] == ["tipis", "wedding"]
    assert found[1].taken == cards("red-woman", "tipi", "tipi#1", "blue-hunter")
    assert default_option(found) == found[0]


def test_joint_raid_brings_the_unowned_indians_of_the_kind() -> None:
    display = cards("yellow-hunter", "red-hunter", "buffalo", "blue-hunter")
    found = options(THREE, display, 0, HUNTER, wedding=False, joint_raid=True)
    assert found == (Option("item", None, display, cards("yellow-hunter", "blue-hunter")),)


def test_take_raid_and_penalty_move_cards_between_piles() -> None:
    buffalo = cards("buffalo", "buffalo#1", "buffalo#2")
    piles = ((card("red-chief"),), (buffalo[0], card("tipi")), (buffalo[1],))
    taken = (card("red-hunter"), buffalo[2])
    war = take(piles, 0, taken, war_path=True)
    assert war[0] == (buffalo[2], card("red-chief"), card("red-hunter")), "buffalo go under"
    assert take(piles, 0, taken, war_path=False)[0] == (card("red-chief"), *taken)
    raided, report = raid(piles, 0)
    assert report == ((1, (buffalo[0],)), (2, (buffalo[1],)))
    assert raided[0] == (buffalo[0], buffalo[1], card("red-chief"))
    assert raided[1:] == ((card("tipi"),), ())
    penalised, removed = penalise(piles, 1)
    assert penalised[1] == () and removed == (card("tipi"), buffalo[0]), "top card first"
    assert penalise(piles, 0) == (((), *piles[1:]), (card("red-chief"),))
