"""One test per ruling D1-D10 (companion/rules/RULINGS.md): each fails if its ruling is
broken.

The 2-player games use the default configuration 5.6.7.8.9 on the reference board:
district 5 (yellow) slots: money 400, prison, steal, valuables 300, killed, money 250;
6 (pink): money 500, wounded, valuables 200, prison, money 200; 7 (light blue): steal,
money 300, killed, valuables 400. Adjacent in play: 5-7, 5-8, 6-9, 7-9, 8-9.
"""

from pathlib import Path

import pytest

import companion.rules.paris as paris_package
from companion.errors import IllegalAction
from companion.rules.base import SetupError
from companion.rules.paris import (
    BOURGEOIS,
    CONFIGURATIONS,
    PARIS,
    Bourgeois,
    Move,
    Place,
    SetAside,
    Stash,
    Step,
    final_tally,
    get_board,
    last_turn_order,
    parse_board,
    settle_district,
    settle_fence,
    settle_round,
    tally_winners,
)
from companion.rules.paris.board import Outcome
from tests.rules.paris.script import (
    GREEN,
    PURPLE,
    RED,
    YELLOW,
    deal,
    finish_round,
    new,
    pass_turns,
    turn,
)

TWO = ("purple", "yellow")
BOARDS = Path(paris_package.__file__).parent / "boards"


def refused(state: object, action: object, match: str) -> None:
    with pytest.raises(IllegalAction, match=match):
        PARIS.apply(state, action)  # type: ignore[arg-type]


def test_ruling_d1_two_to_four_gangs_of_seven_leaders_three_novices_and_500_francs() -> None:
    for players in (1, 5, "3"):
        with pytest.raises(SetupError, match=r"'players' must be 2 to 4 \(ruling D1\)"):
            PARIS.new({"players": players}, seed=0)
    state = new(4)
    assert state.colours == ("purple", "yellow", "green", "red")
    assert state.reserve == (7, 3, 0) * 4 and state.money == (500,) * 4
    # money never goes below 0: a steal takes what the payer has
    step = settle_district(
        7, (3, 1, 0), Outcome("steal"), colours=("purple", "yellow", "green"),
        money=(0, 120, 500), supply=5,
    )  # fmt: skip
    assert step.money == (320, -120, -200)


def test_ruling_d2_configurations_from_the_lists_and_custom_ones_by_the_formula() -> None:
    assert PARIS.validate_setup({"players": 2})["districts"] == [5, 6, 7, 8, 9]
    assert PARIS.validate_setup({"players": 3})["districts"] == [2, 3, 5, 6, 7, 8, 9]
    assert PARIS.validate_setup({"players": 4})["districts"] == list(range(1, 10))
    custom = PARIS.validate_setup({"players": 2, "districts": "1.2.6.7.8.9"})
    assert custom["districts"] == [1, 2, 6, 7, 8, 9]  # 3+4+5+4 - 4 = 12 = 6 x 2
    with pytest.raises(SetupError) as error:
        PARIS.new({"players": 2, "districts": "4.5.6.8.9"}, seed=0)
    assert str(error.value).startswith(
        "ruling D2: configuration 4.5.6.8.9 for 2 players has 16 stash slots in 3 districts "
        "with slots: 16 - 3 = 13, but 2 players need 6 x 2 = 12 stashes to draft"
    )
    with pytest.raises(SetupError, match="lacks the bourgeois"):
        PARIS.new({"players": 2, "districts": [1, 2, 3, 4, 9]}, seed=0)
    assert len(CONFIGURATIONS[2]) == 11 and len(CONFIGURATIONS[3]) == 4


def test_ruling_d3_one_stash_per_district_set_aside_and_its_slot_stays_uncovered() -> None:
    state = PARIS.apply(new(2), PARIS.legal_actions(new(2))[0])  # the first player
    outcomes = PARIS.chance_outcomes(state)
    assert [a for a, _ in outcomes] == [SetAside(5, k) for k in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    state = deal(new(2), aside={5: 3, 6: 1, 7: 4})
    state = pass_turns(state, 11)  # one stash left: the last one covers its slot
    assert state.uncovered(5) == tuple(sorted({3, *(k for d, k in state.hand(1) if d == 5)}))
    state = finish_round(state)
    steps = {s.district: s for s in state.settlement}
    assert [steps[d].outcome for d in (5, 6, 7)] == ["steal", "money 500", "valuables 400"]
    assert all(h.bit_count() == 0 for h in state.hands)


def test_ruling_d4_the_board_is_a_data_file_and_another_board_changes_the_game() -> None:
    board = get_board("reference")
    assert [str(o) for o in board.slots[3]] == ["valuables 200", "prison", "money 400", "steal"]
    assert board.neighbours[8] == (2, 4, 5, 9) and board.neighbours[1] == (2, 4)
    text = (BOARDS / "reference.toml").read_text()
    other = parse_board(
        text.replace('"money 400", "prison", "steal"', '"money 900", "prison", "steal"'),
        "other.toml",
    )
    assert str(other.slots[5][0]) == "money 900" and str(board.slots[5][0]) == "money 400"


def test_ruling_d5_no_tie_novices_never_alone_adjacent_moves_one_optional_action() -> None:
    state = deal(new(2))
    state = turn(state, Place(5, 2))  # purple: 2 in district 5
    refused(
        state,
        Place(5, 2),
        r"refused by ruling D5 \(no tie\): after this placement yellow would have 2 Apaches "
        r"in district 5 \(yellow\) where purple has 2",
    )
    refused(state, Place(1, 1), r"ruling D5 \(prohibited districts\)")
    refused(state, Place(9, 0, 1), r"ruling D5 \(novices and reinforcements never without")
    state = turn(state, Place(7, 2))  # yellow: 2 in 7
    state = turn(state, Place(7, 1))  # purple: 1 in 7 (1 is not 2)
    refused(
        state,
        Move((Step(7, 5, "leader"), Step(7, 5, "leader"))),
        r"ruling D5 \(no tie\): after this move yellow would have 2 Apaches in district 5 "
        r"\(yellow\) where purple has 2",
    )
    refused(  # the district left behind counts too: 1 in 7 where purple has 1
        state, Move((Step(7, 9, "leader"),)), r"yellow would have 1 Apaches in district 7"
    )
    refused(state, Move((Step(7, 6, "leader"),)), r"ruling D5 \(adjacent districts\)")
    state = PARIS.apply(state, Place(9, 1, 1))  # yellow: a leader and a novice in 9
    refused(
        state,
        Place(9, 1),
        r"ruling D5 \(the obligatory action\): it is yellow's turn 2 of round 1: their optional "
        r"action is made, their stash is next$",
    )
    state = PARIS.apply(state, Stash(*state.hand(YELLOW)[0]))
    state = turn(state)  # purple
    refused(state, Move((Step(9, 8, "leader"),)), r"no leader in district 9")
    state = turn(state, Move((Step(9, 8, "leader"), Step(9, 8, "novice"))))
    assert state.apaches(YELLOW, 8) == 2 and state.apaches(YELLOW, 9) == 0


def test_ruling_d6_turn_order_clockwise_first_player_rotates_last_turn_by_reserve() -> None:
    state = deal(new(3), first=YELLOW)
    assert state.order == (YELLOW, GREEN, PURPLE)
    state = turn(state, Place(5, 3))  # yellow keeps 7
    state = turn(state)  # green keeps 10
    state = pass_turns(state, 13)  # purple keeps 10; turns 1-5 are done
    assert state.turn == 6
    # 10 (purple), 7 (yellow), 10 (green): ties clockwise from the first player (yellow)
    assert state.order == (GREEN, PURPLE, YELLOW)
    assert last_turn_order(1, [10, 7, 10]) == (2, 0, 1)
    state = finish_round(state)
    assert state.first == GREEN and state.round == 2


def test_ruling_d7_settlement_one_to_seven_then_bourgeois_then_fence() -> None:
    state = deal(new(2), aside={5: 4, 6: 3, 7: 4})  # valuables 300, 200, 400: three thefts
    state = turn(state, Place(5, 1))  # purple
    state = turn(state, Place(9, 1))  # yellow: the fence
    state = turn(state, Place(6, 1))  # purple
    state = turn(state, Place(8, 1))  # yellow: the bourgeois
    state = turn(state, Place(7, 1))  # purple
    state = finish_round(state)
    assert state.phase == BOURGEOIS
    state = PARIS.apply(state, Bourgeois("bourgeois"))
    assert [s.district for s in state.settlement] == [5, 6, 7, 8, 9]
    assert [s.holder for s in state.settlement] == [PURPLE, PURPLE, PURPLE, YELLOW, YELLOW]
    assert state.money == (500 + 300 + 200 + 400, 500 + 3 * 250)
    assert state.settlement[3].drawn == "bourgeois" and state.bourgeois == (0, 1)
    assert state.reserve[YELLOW * 3 + 2] == 1, "the fence's reinforcement, for next round"
    # steal: 300 / 200 / 150 from each other gang; reinforcements: 2 from the supply of 5
    for players, each in ((2, 300), (3, 200), (4, 150)):
        step = settle_district(
            3, (2,) + (1,) * (players - 1), Outcome("steal"), colours=("a", "b", "c", "d"),
            money=(500,) * players, supply=5,
        )  # fmt: skip
        assert step.money == (each * (players - 1),) + (-each,) * (players - 1)
    assert settle_district(1, (1, 0), Outcome("reinforcements"), colours=TWO, money=(0, 0),
                           supply=1).recruits == 1  # fmt: skip
    assert settle_fence((0, 2), 0, supply=5, colours=TWO).money == (0, 0)


def test_ruling_d8_hospital_and_prison_last_one_round_and_bail_frees_a_prisoner() -> None:
    state = deal(new(2), aside={5: 2, 6: 2, 7: 4})  # 5: prison, 6: wounded
    state = turn(state, Place(6, 1))  # purple will be wounded
    state = turn(state, Place(5, 1))  # yellow will be imprisoned
    state = finish_round(state)
    assert state.hospital == (1, 0) and state.prison == (0, 1)
    assert state.reserve[0] == 6 and state.reserve[3] == 6, "they miss round 2"
    state = deal(state, first=None)
    assert state.order == (YELLOW, PURPLE)
    state = turn(state, stash=state.hand(YELLOW)[0], bail=True)
    assert state.prison == (0, 0) and state.money == (500, 350)
    assert state.reserve[3] == 7, "usable from the player's next turn"
    state = turn(state)  # purple
    refused(PARIS.apply(state, Place(5, 7)), Stash(*state.hand(YELLOW)[0], bail=True),
            r"ruling D8 \(bail\): yellow has no leader in prison")  # fmt: skip
    state = turn(state, Place(5, 7))  # yellow places all seven leaders
    poor = state._replace(prison=(1, 0), money=(149, 350))
    refused(poor, Stash(*poor.hand(PURPLE)[0], bail=True), r"purple has 149 F, the bail is 150")
    state = finish_round(state)
    assert state.hospital == (0, 0) and state.reserve[0] == 7, "back at the end of round 2"


def test_ruling_d9_round_end_novices_used_leave_reinforcements_next_round_only() -> None:
    state = deal(new(2))
    state = turn(state, Place(9, 1, 1))  # purple holds the fence, a novice used
    assert state.reserve[2] == 0, "a reinforcement won is not available this round"
    state = finish_round(state)
    assert state.novices_used == (1, 0) and state.reserve[:3] == (7, 2, 1)
    assert state.supply == 4 and sum(state.leaders) == 0 and sum(state.novices) == 0
    state = deal(state, first=None)
    state = turn(state)  # yellow
    state = turn(state, Place(9, 1, 0, 1))  # purple uses it and holds the fence again
    state = finish_round(state)
    assert state.recruits_used == 1 and state.supply == 3 and state.reserve[:3] == (7, 2, 1)
    state = finish_round(deal(state, first=None))  # round 3: the reinforcement is not used
    assert state.phase == "over"
    assert state.reserve[:3] == (7, 2, 0) and state.supply == 4, "it expired to the supply"
    assert PARIS.tally(state)[PURPLE].operational == 9


def test_ruling_d10_bourgeois_policeman_operational_apaches_and_tie_breaks() -> None:
    state = deal(new(2))
    state = turn(state, Place(8, 1))  # purple raids the bourgeois
    state = finish_round(state)
    state = PARIS.apply(state, Bourgeois("policeman"))
    assert state.policeman == PURPLE
    for _ in range(2):
        state = finish_round(deal(state, first=None))
    assert state.phase == "over"
    tally = PARIS.tally(state)
    assert tally[PURPLE].policeman and tally[PURPLE].policeman_paid == 200
    assert tally[PURPLE].bourgeois_money == 0, "the policeman is not a bourgeois"
    assert tally[PURPLE].operational == 9 and state.prison == (1, 0)
    assert state.money == (500 - 200 + 450, 500 + 500)
    assert PARIS.outcome(state).winners == (YELLOW,)  # type: ignore[union-attr]
    # +200 per bourgeois; a tie on money goes to the most operational Apaches, then shared
    lines = final_tally(
        colours=("purple", "yellow", "green", "red"), money=(900, 500, 950, 1000),
        bourgeois=(1, 3, 0, 0), policeman=RED, leaders=(7, 7, 7, 7), others=(1, 1, 0, 0),
    )  # fmt: skip
    assert [line.total for line in lines] == [1500, 1500, 1300, 1100]
    assert tally_winners(lines) == (PURPLE, YELLOW)
    lines = final_tally(
        colours=TWO, money=(1050, 1000), bourgeois=(0, 0), policeman=-1, leaders=(6, 7),
        others=(0, 0),
    )  # fmt: skip
    assert [line.total for line in lines] == [1350, 1350] and tally_winners(lines) == (YELLOW,)


def test_settle_round_threads_money_and_supply_in_district_order() -> None:
    result = settle_round(
        colours=TWO,
        districts=(5, 7, 8, 9),
        counts={5: (2, 1), 7: (1, 3), 8: (0, 0), 9: (1, 0)},
        leaders={5: (2, 1), 7: (1, 3), 8: (0, 0), 9: (1, 0)},
        outcomes={5: Outcome("steal"), 7: Outcome("steal")},
        money=(400, 0),
        supply=5,
    )
    # 5 first: purple steals but yellow has nothing yet; then 7: yellow steals 300
    assert [s.money for s in result.steps[:2]] == [(0, 0), (-300, 300)]
    assert result.money == (100 + 2 * 250, 300) and result.thefts == 2  # purple fences both
