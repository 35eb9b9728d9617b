"""The rulebook's worked examples, with exact outcomes."""

from companion.rules.paris import PARIS, Place, final_tally, settle_district
from companion.rules.paris.board import Outcome
from tests.rules.paris.script import PURPLE, YELLOW, deal, finish_round, new, turn


def test_the_yellow_gang_with_three_apaches_wins_the_uncovered_400_francs() -> None:
    """Rulebook 5: "a stash with 400 F is not covered. The yellow gang, which has 3 Apaches
    in the district, is in the majority and therefore wins the 400 F." District 5's slot 1
    is money 400 on the reference board; its stash is the one set aside."""
    state = deal(new(2), aside={5: 1})
    state = turn(state, Place(5, 2))  # purple: 2 Apaches
    state = turn(state, Place(5, 3))  # yellow: 3 Apaches
    state = finish_round(state)
    step = next(s for s in state.settlement if s.district == 5)
    assert (step.holder, step.outcome, step.money) == (YELLOW, "money 400", (0, 400))
    assert step.counts == (2, 3)
    assert step.words == (
        "district 5 (yellow): purple 2, yellow 3: yellow holds it with 3 Apaches; "
        "uncovered: money 400: yellow wins 400 F"
    )
    assert state.money == (500, 900)
    assert state.ledger == ((1, YELLOW, 400, "money"),)


def test_the_same_example_as_a_pure_settlement_step() -> None:
    step = settle_district(
        4, (0, 3, 1), Outcome("money", 400), colours=("purple", "yellow", "green"),
        money=(500, 500, 500), supply=5,
    )  # fmt: skip
    assert step.holder == YELLOW and step.money == (0, 400, 0) and not step.theft


def test_eight_operational_apaches_at_the_end_are_worth_400_francs() -> None:
    """Rulebook 9: 5 leaders recovered, 2 recruits collected this round, 1 novice never
    used: 8 operational Apaches, 400 F."""
    lines = final_tally(
        colours=("purple", "yellow"), money=(1000, 800), bourgeois=(0, 0), policeman=-1,
        leaders=(7, 5), others=(0, 2 + 1),
    )  # fmt: skip
    assert lines[YELLOW].operational == 8 and lines[YELLOW].operational_money == 400
    assert lines[YELLOW].total == 1200 and lines[PURPLE].total == 1350


def test_the_engine_counts_operational_apaches_the_same_way() -> None:
    """In a real game: wounded in round 3 (not operational), wounded in round 2 (back at
    the end of round 3: operational), novices used (gone) and a recruit won in round 3."""
    state = deal(new(2), aside={5: 6, 6: 5, 7: 4})
    state = finish_round(state)  # round 1: nothing happens
    state = deal(state, first=None, aside={5: 6, 6: 2, 7: 4})  # 6: wounded
    state = turn(state)  # yellow
    state = turn(state, Place(6, 1, 1))  # purple: a leader (wounded) and a novice (used)
    state = finish_round(state)
    assert state.hospital == (1, 0)
    state = deal(state, first=None, aside={5: 6, 6: 2, 7: 4})
    state = turn(state, Place(6, 1))  # purple: wounded again, in round 3
    state = turn(state, Place(9, 1))  # yellow: the fence's reinforcement
    state = finish_round(state)
    tally = PARIS.tally(state)
    # purple: 7 - 1 (hospital after round 3) leaders + 2 novices; yellow: 7 + 3 + 1 recruit
    assert [line.operational for line in tally] == [8, 11]
    assert [line.operational_money for line in tally] == [400, 550]
    assert state.money == (500 + 400, 500 + 550)
