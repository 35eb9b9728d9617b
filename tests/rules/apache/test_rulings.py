"""One test per ruling A1-A13 (companion/rules/RULINGS.md): each fails if its ruling is
broken."""

from pathlib import Path

import pytest

import companion.rules
from companion.errors import IllegalAction
from companion.rules.apache import (
    APACHE,
    CHOOSE,
    CLOSE,
    END,
    FINAL,
    OVER,
    READY,
    WINDOW,
    ApacheState,
    Choose,
    Reveal,
    Slap,
    Turn,
    card_ids,
)
from companion.rules.apache.cards import NUM_CARDS, TYPE_NAMES, card_type
from companion.rules.base import SetupError
from tests.rules.apache.script import card, cards, choose, lay, new, types, window

RED, YELLOW, PURPLE, BLUE = 0, 1, 2, 3


def test_ruling_a1_two_to_five_players_one_colour_each_the_rest_unowned() -> None:
    for players in (1, 6, "3", True):
        with pytest.raises(SetupError, match=r"'players' must be 2 to 5 \(ruling A1\)"):
            APACHE.new({"players": players}, seed=0)
    with pytest.raises(SetupError, match="repeats a colour"):
        APACHE.new({"players": 2, "colours": ["red", "red"]}, seed=0)
    with pytest.raises(SetupError, match="one colour per player"):
        APACHE.new({"players": 3, "colours": ["red", "blue"]}, seed=0)
    assert APACHE.validate_setup({"players": 5})["colours"] == [
        "red",
        "yellow",
        "purple",
        "blue",
        "green",
    ]
    state = new(2, colours=["green", "blue"])
    assert APACHE.num_seats(state) == 2
    outcomes = dict(APACHE.chance_outcomes(APACHE.apply(state, Turn(0))))
    assert Reveal("red-hunter") in outcomes, "unowned Indians are still in the deck"
    with pytest.raises(IllegalAction, match="ruling A1"):
        APACHE.apply(state, Slap(2, "hunter"))
    # the unowned red hunter stays face up: nobody can slap for it
    state = lay(state, "red-hunter", "buffalo")
    assert not any(APACHE.slap_is_legal(state, seat, "hunter") for seat in (0, 1))
    assert types(state.display) == ["red-hunter", "buffalo"]


def test_ruling_a2_the_114_card_deck_and_every_card_in_one_place() -> None:
    state = APACHE.apply(new(3), Turn(0))
    outcomes = {str(action): p for action, p in APACHE.chance_outcomes(state)}
    outcomes = {name.removeprefix("reveal "): p for name, p in outcomes.items()}
    counts = {name: round(p * NUM_CARDS) for name, p in outcomes.items()}
    assert NUM_CARDS == 114
    assert sum(counts.values()) == 114
    assert sum(n for name, n in counts.items() if "-" in name) == 45
    assert [counts[t] for t in ("buffalo", "totem", "tomahawk", "necklace", "tipi")] == [
        33,
        9,
        9,
        9,
        9,
    ]
    for colour in ("red", "yellow", "purple", "blue", "green"):
        assert [counts[f"{colour}-{k}"] for k in ("hunter", "chief", "warrior", "woman")] == [
            3,
            2,
            2,
            2,
        ]
    assert set(outcomes) == set(TYPE_NAMES)
    # a turned card is the lowest id left of its type; the probability is count / remaining
    state = APACHE.apply(state, Reveal("tipi"))
    assert state.display == (card_ids("tipi")[0],)
    state = APACHE.apply(APACHE.apply(state, Turn(1)), Reveal("tipi"))
    assert state.display == tuple(card_ids("tipi")[:2])
    after = dict(APACHE.chance_outcomes(APACHE.apply(state, Turn(2))))
    assert after[Reveal("tipi")] == pytest.approx(7 / 112)
    APACHE.check_invariants(state)
    doubled = state._replace(removed=(state.display[0],))
    with pytest.raises(AssertionError, match="ruling A2"):
        APACHE.check_invariants(doubled)
    lost = state._replace(display=state.display[:1])
    with pytest.raises(AssertionError, match="cards not conserved"):
        APACHE.check_invariants(lost)


def test_ruling_a3_the_chief_cannot_take_a_woman_prisoner() -> None:
    state = lay(new(2), "yellow-woman", "totem", "red-chief")
    assert not APACHE.slap_is_legal(state, RED, "chief"), "the woman is not a male Indian"
    state = lay(state, "yellow-hunter")
    assert APACHE.slap_is_legal(state, RED, "chief")
    state = window(state, (RED, "chief"))
    result = state.last_resolution[0]
    assert result.target == card("yellow-hunter"), "the only male prisoner: no choice"
    assert types(state.display) == ["yellow-woman"]


@pytest.mark.parametrize(
    ("laid", "indian", "legal"),
    [
        (("red-woman", "necklace"), "woman", True),
        (("red-woman", "tipi"), "woman", True),
        (("red-woman", "tomahawk", "buffalo", "totem"), "woman", False),
        (("red-warrior", "tomahawk"), "warrior", True),
        (("red-warrior", "necklace", "buffalo"), "warrior", False),
        (("red-hunter", "buffalo"), "hunter", True),
        (("red-hunter", "totem", "yellow-hunter"), "hunter", False),
        (("red-chief", "tipi"), "chief", True),
        (("red-chief", "totem"), "chief", False),
        (("red-chief", "totem", "blue-chief"), "chief", True),
        (("red-chief", "totem", "yellow-hunter"), "chief", True),
        (("red-chief", "totem", "yellow-woman"), "chief", False),
        (("yellow-hunter", "buffalo"), "hunter", False),  # not the player's colour
        (("buffalo", "tipi"), "hunter", False),  # no Indian at all
    ],
)
def test_ruling_a4_a_slap_is_legal_when_its_indian_can_take_a_card(
    laid: tuple[str, ...], indian: str, legal: bool
) -> None:
    state = lay(new(2), *laid)
    assert APACHE.slap_is_legal(state, RED, indian) is legal
    result = window(state, (RED, indian)).last_resolution[0]
    assert result.legal is legal


def test_ruling_a5_slap_order_snatched_loot_and_the_penalty_of_two_top_cards() -> None:
    state = lay(new(3), "red-hunter", "yellow-hunter", "buffalo")
    state = window(state, (YELLOW, "hunter"), (RED, "hunter"))  # yellow slapped first
    yellow, red = state.last_resolution
    assert yellow.taken == cards("yellow-hunter", "buffalo")
    assert (red.legal, red.taken, red.penalty) == (True, (), ())
    assert "snatched: the buffalo was taken by yellow first; no penalty" in red.reason
    assert state.piles[YELLOW] == cards("yellow-hunter", "buffalo")
    # an illegal slap: the two top cards of the pile leave the game, top card first
    state = window(lay(state, "tomahawk"), (YELLOW, "chief"))
    assert state.piles[YELLOW] == () and state.removed == cards("buffalo", "yellow-hunter")
    assert state.last_resolution[0].reason.endswith("penalty 2 cards")
    state = window(lay(state, "purple-woman", "necklace"), (PURPLE, "woman"))
    state = lay(state, "totem")  # a new card: purple may slap again (ruling A8)
    state = window(state, (PURPLE, "hunter"), (YELLOW, "hunter"))  # 2 cards: 0 left
    assert state.piles[PURPLE] == () and state.piles[YELLOW] == ()
    assert state.last_resolution[1].reason.endswith("penalty 0 cards (the winnings pile is empty)")
    assert state.removed == cards("buffalo", "yellow-hunter", "necklace", "purple-woman")
    # a pile of three keeps its bottom card
    state = window(lay(state, "red-hunter", "buffalo", "buffalo"), (RED, "hunter"))
    state = window(lay(state, "totem"), (RED, "warrior"))
    assert state.piles[RED] == cards("red-hunter")  # the one snatched before (A7)
    assert state.removed[-2:] == cards("buffalo#2", "buffalo#1")


def test_ruling_a6_one_option_the_chiefs_prisoner_and_the_default_choice() -> None:
    state = lay(
        new(2, colours=["red", "yellow"]),
        "yellow-warrior",
        "totem",
        "blue-chief",
        "tipi",
        "tipi",
        "red-chief",
    )
    state = window(state, (RED, "chief"))
    assert state.phase == CHOOSE
    assert APACHE.options(state) == (
        Choose(RED, "prisoner", card("yellow-warrior")),
        Choose(RED, "prisoner", card("blue-chief")),  # another chief, unowned
        Choose(RED, "tipis"),
    )
    # most cards: a prisoner (3) beats tipis (3)? a tie: own item first, display order first
    assert APACHE.default_choice(state) == Choose(RED, "prisoner", card("yellow-warrior"))
    state = choose(state, RED, "tipis")
    assert state.piles[RED] == cards("tipi", "tipi#1", "red-chief"), "the Indian goes too"
    assert state.last_resolution[0].option == "tipis"
    # the default takes the most cards: 3 tipis beat 1 buffalo
    state = window(lay(new(2), "red-hunter", "buffalo", "tipi", "tipi", "tipi"), (RED, "hunter"))
    assert APACHE.default_choice(state) == Choose(RED, "tipis")


def test_ruling_a7_of_two_identical_indians_only_one_makes_loot() -> None:
    state = lay(new(2), "red-hunter", "red-hunter", "buffalo", "buffalo")
    state = window(state, (RED, "hunter"))
    assert state.piles[RED] == cards("red-hunter", "buffalo", "buffalo#1")
    assert types(state.display) == ["red-hunter"], "the other red hunter stays face up"
    assert state.display == cards("red-hunter#1")


RULEBOOK_A8 = "After a prairie card has been turned up, a player may play only one hand card"
"""The rulebook's sentence that ruling A8 rests on."""


def test_ruling_a8_one_hand_card_per_player_per_turned_card() -> None:
    """The rulebook: "After a prairie card has been turned up, a player may play only one
    hand card". From one turned card to the next each player slaps at most once, across all
    the windows on that card; TRACKER mode, which sees no card turned, keeps it per window
    (test_tracker)."""
    rulings = Path(companion.rules.__file__).with_name("RULINGS.md").read_text()
    a8 = rulings[rulings.index("- A8 ") : rulings.index("- A9 ")]
    assert f'"{RULEBOOK_A8}"' in " ".join(a8.split()), "RULINGS.md A8 quotes the rulebook"
    state = lay(new(3), "red-woman", "necklace", "red-hunter", "buffalo")
    state = window(state, (RED, "hunter"))  # red's hunter takes the buffalo
    assert state.piles[RED] == cards("red-hunter", "buffalo")
    # the red woman could still take the necklace, but red has played its hand card
    assert APACHE.slap_is_legal(state, RED, "woman") and not APACHE.may_slap(state, RED)
    assert state.slapped_on_card == (RED,)
    assert not [a for a in APACHE.legal_actions(state) if isinstance(a, Slap) and a.seat == RED]
    refusal = (
        r"red's slap with the woman refused by ruling A8 \(one hand card per turned card\): "
        r"red has already slapped since this card was turned up; red may slap again once the "
        r"next card is turned up"
    )
    with pytest.raises(IllegalAction, match=refusal):
        APACHE.apply(state, Slap(RED, "woman"))
    # another player may open a new window on this card (ruling A9); red still may not slap
    state = APACHE.apply(state, Slap(YELLOW, "chief"))
    assert Slap(RED, "woman") not in APACHE.legal_actions(state)
    with pytest.raises(IllegalAction, match=refusal):
        APACHE.apply(state, Slap(RED, "woman"))
    with pytest.raises(IllegalAction, match="ruling A8"):
        APACHE.apply(state, Slap(YELLOW, "woman"))  # nor yellow, twice in its window
    state = APACHE.apply(state, CLOSE)
    assert state.slapped_on_card == (RED, YELLOW)
    # the next card turned up: each player has a hand card to play again
    state = lay(state, "buffalo")
    assert state.slapped_on_card == () and APACHE.may_slap(state, RED)
    state = window(state, (RED, "woman"))
    assert state.piles[RED] == cards("red-hunter", "buffalo", "red-woman", "necklace")


def test_ruling_a8_before_the_first_card_and_on_the_last_card() -> None:
    state = window(new(2), (RED, "hunter"))  # illegal, from an empty pile: no penalty
    with pytest.raises(IllegalAction, match="red has already slapped before the first card"):
        APACHE.apply(state, Slap(RED, "chief"))
    state = _all_but_last(lay(state, "tipi"))
    state = lay(state, card_type(state.deck[0]))  # the last card
    state = APACHE.apply(state, Slap(YELLOW, "woman"))
    assert state.deck_count == 0
    with pytest.raises(IllegalAction, match="no card is left: the game ends when this window"):
        APACHE.apply(state, Slap(YELLOW, "chief"))


def test_ruling_a9_judged_at_the_opening_the_last_slapper_turns_then_clockwise() -> None:
    state = lay(new(4), "red-chief", "totem", "yellow-hunter", "buffalo", "purple-woman")
    state = lay(state, "necklace")
    assert state.turner == PURPLE  # six turns from seat 0, clockwise
    # yellow's hunter takes the buffalo first; the red chief then finds his only prisoner
    # gone: legal when the window opened, so snatched, not penalised
    state = window(state, (YELLOW, "hunter"), (RED, "chief"), (BLUE, "woman"))
    yellow, red, blue = state.last_resolution
    assert yellow.taken == cards("yellow-hunter", "buffalo")
    assert (red.legal, red.penalty) == (True, ())
    assert (blue.legal, blue.reason) == (
        False,
        "illegal: no blue woman face up; penalty 0 cards (the winnings pile is empty)",
    )
    assert state.turner == BLUE, "the last slap in the order turns next, legal or not"
    # purple, who has not slapped on this card (ruling A8), opens a new window on the
    # display as it is now, without the yellow hunter and the buffalo
    display = state.display
    assert types(display) == ["red-chief", "totem", "purple-woman", "necklace"]
    opened = APACHE.apply(state, Slap(PURPLE, "woman"))
    assert opened.phase == WINDOW and opened.window == display
    state = APACHE.apply(opened, CLOSE)
    assert state.piles[PURPLE] == cards("purple-woman", "necklace") and state.turner == PURPLE
    # with no slap since the last turn, turning passes clockwise
    state = lay(state, "tomahawk")
    assert state.turner == BLUE
    with pytest.raises(IllegalAction, match=r"ruling A9 \(who turns\): blue turns the next"):
        APACHE.apply(state, Turn(RED))


def _all_but_last(state: ApacheState) -> ApacheState:
    while state.deck_count > 1:
        kind = card_type(state.deck[0])  # the face-down card with the lowest id
        state = lay(state, kind)
    return state


def test_ruling_a10_the_final_window_then_the_end_and_shared_victory() -> None:
    state = _all_but_last(new(2))
    assert state.phase == READY and state.deck_count == 1
    state = lay(state, "tipi")  # the last card
    assert state.phase == FINAL and APACHE.actor(state) is not None
    with pytest.raises(IllegalAction, match="ruling A10"):
        APACHE.apply(state, Turn(state.turner))
    ended = APACHE.apply(state, END)
    assert ended.phase == OVER and APACHE.legal_actions(ended) == ()
    outcome = APACHE.outcome(ended)
    assert outcome is not None and list(outcome.scores) == [0, 0] and outcome.winners == (0, 1)
    assert outcome.reason.startswith("shared victory (ruling A10)")
    # one last window may open; when it closes the game is over, face-up cards score nothing
    final = window(state, (RED, "woman"))
    final = APACHE.apply(final, APACHE.default_choice(final))  # 9 necklaces, not 9 tipis
    assert final.phase == OVER and len(final.display) == NUM_CARDS - 10
    assert APACHE.scores(final) == (10, 0)
    outcome = APACHE.outcome(final)
    assert outcome is not None and outcome.winners == (RED,)
    with pytest.raises(IllegalAction, match="ruling A10"):
        APACHE.apply(final, Slap(YELLOW, "hunter"))
    with pytest.raises(IllegalAction, match="ruling A10"):
        APACHE.apply(lay(new(2), "tipi"), END)


def test_ruling_a11_war_path_raids_from_the_bottom_and_buffalo_go_under() -> None:
    state = window(
        lay(new(3, war_path=True), "yellow-hunter", "buffalo", "buffalo"), (YELLOW, "hunter")
    )
    # buffalo go UNDER the pile; the hunter on top
    assert state.piles[YELLOW] == cards("buffalo", "buffalo#1", "yellow-hunter")
    state = window(lay(state, "purple-woman", "necklace"), (PURPLE, "woman"))
    state = window(lay(state, "red-warrior", "tomahawk"), (RED, "warrior"))
    red = state.last_resolution[0]
    assert red.raid == ((YELLOW, cards("buffalo")),), "one buffalo from the bottom"
    assert state.piles[RED] == cards("buffalo", "red-warrior", "tomahawk")
    assert state.piles[YELLOW] == cards("buffalo#1", "yellow-hunter")
    assert state.piles[PURPLE] == cards("purple-woman", "necklace"), "no buffalo: no loss"
    # a penalty takes from the top: the buffalo under the pile survive
    state = window(lay(state, "necklace"), (RED, "chief"))
    assert state.piles[RED] == cards("buffalo")
    # the warrior taking tipis does not go on the war path
    state = window(lay(state, "yellow-warrior", "tipi"), (YELLOW, "warrior"))
    assert state.last_resolution[0].raid == ()
    # two players: the warrior takes two buffalo
    duel = lay(new(2, war_path=True), "yellow-hunter", "buffalo", "buffalo", "buffalo")
    duel = window(
        lay(window(duel, (YELLOW, "hunter")), "red-warrior", "tomahawk"), (RED, "warrior")
    )
    assert duel.last_resolution[0].raid == ((YELLOW, cards("buffalo", "buffalo#1")),)
    assert duel.piles[YELLOW] == cards("buffalo#2", "yellow-hunter")


def test_ruling_a12_wedding_is_an_explicit_option_never_the_default() -> None:
    laid = ("red-woman", "yellow-hunter", "tipi")
    assert window(lay(new(2), *laid), (RED, "woman")).piles[RED] == cards("red-woman", "tipi")
    state = window(lay(new(2, wedding=True), *laid), (RED, "woman"))
    assert APACHE.options(state) == (
        Choose(RED, "tipis"),
        Choose(RED, "wedding", card("yellow-hunter")),
    )
    assert APACHE.default_choice(state) == Choose(RED, "tipis"), "never the default"
    state = choose(state, RED, "wedding", card("yellow-hunter"))
    assert state.piles[RED] == cards("red-woman", "yellow-hunter", "tipi")
    assert "red woman marries the yellow hunter and takes 1 tipi" in state.last_resolution[0].reason
    # the male's owner may slap his card to marry; the first such slapper takes all
    state = lay(new(2, wedding=True), "red-woman", "yellow-hunter", "tipi", "tipi")
    state = window(state, (YELLOW, "hunter"), (RED, "woman"))
    state = choose(state, YELLOW, "wedding", card("red-woman"))
    assert state.piles[YELLOW] == cards("red-woman", "yellow-hunter", "tipi", "tipi#1")
    assert state.last_resolution[1].reason.startswith("snatched: the red woman was taken by yellow")


def test_ruling_a13_joint_raid_unowned_indians_of_the_kind_join() -> None:
    laid = ("blue-hunter", "green-hunter", "red-hunter", "buffalo")
    plain = window(lay(new(3), *laid), (RED, "hunter"))
    assert plain.piles[RED] == cards("red-hunter", "buffalo")
    joint = window(lay(new(3, joint_raid=True), *laid), (RED, "hunter"))
    assert joint.piles[RED] == cards("blue-hunter", "green-hunter", "red-hunter", "buffalo")
    assert joint.last_resolution[0].joined == cards("blue-hunter", "green-hunter")
    # not the prisoner's kind: the unowned warriors stay; the chief's own kind joins
    state = lay(new(3, joint_raid=True), "blue-warrior", "green-warrior", "blue-chief", "totem")
    state = lay(state, "red-chief")
    state = choose(window(state, (RED, "chief")), RED, "prisoner", card("blue-warrior"))
    assert state.piles[RED] == cards("blue-warrior", "blue-chief", "totem", "red-chief")
    assert types(state.display) == ["green-warrior"]
    # nobody joins a wedding
    state = lay(
        new(3, joint_raid=True, wedding=True), "blue-woman", "red-woman", "green-hunter", "tipi"
    )
    state = choose(window(state, (RED, "woman")), RED, "wedding", card("green-hunter"))
    assert state.piles[RED] == cards("red-woman", "green-hunter", "tipi")
    assert types(state.display) == ["blue-woman"]


def test_ruling_a13_joint_raid_needs_fewer_than_5_players() -> None:
    refusal = r"^Joint Raid needs fewer than 5 players \(ruling A13\); with 5 players every"
    for setup in (
        {"players": 5, "variants": {"joint_raid": True}},
        {"colours": ["green", "blue", "purple", "yellow", "red"], "variants": {"joint_raid": True}},
    ):
        with pytest.raises(SetupError, match=refusal):
            APACHE.validate_setup(setup)
    assert APACHE.validate_setup({"players": 4, "variants": {"joint_raid": True}})["variants"] == {
        "war_path": False,
        "wedding": False,
        "joint_raid": True,
    }
    assert APACHE.validate_setup({"players": 5, "variants": {"joint_raid": False}})
