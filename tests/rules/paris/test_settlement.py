"""The rules both modes share, as pure functions: placing (D5), the turn order (D6), who
holds a district (D7), bail (D8), the round end (D9) and the tally's ledger (D10).

The settlement of each district and the final tally are also checked against the rulebook's
examples (``test_examples.py``) and their rulings (``test_rulings.py``)."""

from companion.rules.paris.settlement import (
    FOLLOWERS_RULE,
    bail_refusal,
    clockwise,
    final_tally,
    last_turn_order,
    majority,
    placement_refusal,
    round_end,
    tally_movements,
)


def test_placement_refusals_name_the_rule_and_the_gang() -> None:
    reserve = (7, 3, 0)
    assert placement_refusal("red", (2, 1, 0), reserve, 0) is None
    assert placement_refusal("red", (0, 1, 0), reserve, 1, 5) is None, "a leader is there"
    assert placement_refusal("red", (0, 0, 0), reserve, 0) == (
        "ruling D5 (placing)",
        "place one or more Apaches, no negative counts",
    )
    assert placement_refusal("red", (1, -1, 0), reserve, 0)[0] == "ruling D5 (placing)"  # type: ignore[index]
    assert placement_refusal("red", (0, 0, 1), reserve, 3) == (
        "ruling D5 (placing from the reserve)",
        "red has 0 recruit(s) in reserve, not 1",
    )
    assert placement_refusal("red", (0, 2, 0), reserve, 0, 5) == (
        FOLLOWERS_RULE,
        "red has no leader in district 5 (yellow)",
    )
    assert placement_refusal("red", (0, 2, 0), reserve, 0) == (
        FOLLOWERS_RULE,
        "red has no leader on the board",
    )


def test_the_turn_order_clockwise_and_the_last_turn_by_reserve() -> None:
    assert clockwise(2, 4) == (2, 3, 0, 1)
    assert last_turn_order(1, [10, 7, 10]) == (2, 0, 1), "ties clockwise from the first"
    assert last_turn_order(0, [3, 9]) == (1, 0)


def test_the_majority_is_strict() -> None:
    assert majority((1, 3, 2)) == 1
    assert majority((0, 0)) == -1 and majority((2, 2, 1)) == -1 and majority(()) == -1


def test_bail_needs_a_prisoner_150_francs_and_a_turn_to_come() -> None:
    assert bail_refusal("red", 1, 150, last_turn=False) is None
    assert bail_refusal("red", 0, 900, last_turn=False) == (
        "ruling D8 (bail)",
        "red has no leader in prison",
    )
    assert bail_refusal("red", 1, 149, last_turn=False) == (
        "ruling D8 (bail)",
        "red has 149 F, the bail is 150 F",
    )
    assert "last turn" in bail_refusal("red", 1, 900, last_turn=True)[1]  # type: ignore[index]


def test_the_round_end_brings_leaders_home_and_expires_reinforcements() -> None:
    end = round_end(
        reserve_leaders=(3, 7),
        board_leaders=(3, 0),  # purple: 4 were on the board, one of them sent to hospital
        returning=(1, 0),  # back from last round's hospital or prison
        board_novices=(2, 0),
        board_recruits=(1, 0),
        unused_recruits=(0, 2),
        won=(2, 1),
        novices_used=(1, 0),
        recruits_used=0,
        supply=0,
    )
    assert end.leaders == (7, 7)
    assert end.recruits == (2, 1), "the reinforcements won are next round's"
    assert end.novices_used == (3, 0) and end.recruits_used == 1
    assert end.supply == 2, "yellow's two unused reinforcements expire"


def test_the_tally_moves_money_through_the_ledger() -> None:
    tally = final_tally(
        colours=("purple", "yellow"),
        money=(100, 500),
        bourgeois=(1, 0),
        policeman=1,
        leaders=(7, 7),
        others=(0, 3),
    )
    assert tally_movements(tally) == [
        (0, 200, "bourgeois"),
        (0, 350, "apaches"),
        (1, -200, "policeman"),
        (1, 450, "apaches"),
    ]
