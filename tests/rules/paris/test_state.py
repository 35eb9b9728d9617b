"""The Paris state: its helpers, the stash masks, the ledger and the setup both modes share."""

import pytest

from companion.rules.base import SetupError
from companion.rules.paris.board import DISTRICT_MASK
from companion.rules.paris.state import (
    SETUP_KEYS,
    bits,
    ledger_money,
    parse_setup,
    play_mask,
    stash_bit,
    stash_districts,
    stash_pair,
    with_change,
    with_item,
)
from tests.rules.paris.script import PURPLE, YELLOW, deal, new


def test_stashes_are_bits_named_by_district_and_slot() -> None:
    assert stash_bit(1, 1) == 1 and stash_bit(2, 1) == 1 << 3, "district 1 has 3 slots"
    assert stash_pair(3) == (2, 1) and stash_pair(30) == (7, 4)
    assert bits(stash_bit(5, 2) | stash_bit(1, 3)) == [2, 17] and bits(0) == []
    assert play_mask((5, 6, 7, 8, 9)) == DISTRICT_MASK[5] | DISTRICT_MASK[6] | DISTRICT_MASK[7]
    assert stash_districts((1, 2, 4, 7, 8, 9)) == (1, 2, 4, 7)


def test_tuples_with_one_entry_changed() -> None:
    assert with_change((1, 2, 3), 1, -2) == (1, 0, 3)
    assert with_item((1, 2, 3), 2, 9) == (1, 2, 9)


def test_money_is_500_francs_and_the_ledger() -> None:
    ledger = ((1, PURPLE, 400, "money"), (1, YELLOW, -150, "bail"), (2, PURPLE, -50, "x"))
    assert ledger_money(2, ledger) == (850, 350)
    assert ledger_money(3, ()) == (500, 500, 500)


def test_the_state_answers_questions_about_itself() -> None:
    state = deal(new(2), aside={5: 6, 6: 5, 7: 4})
    assert state.players == 2 and state.in_reserve(PURPLE) == 10
    assert len(state.hand(PURPLE)) == 6 and all(d in (5, 6, 7) for d, _ in state.hand(YELLOW))
    assert state.uncovered(5) == (1, 2, 3, 4, 5, 6), "nothing is covered before the turns"
    assert state.district_counts(5) == (0, 0) and state.apaches(YELLOW, 5) == 0


def test_the_setup_is_completed_and_checked_for_either_mode() -> None:
    full = parse_setup({"players": 3}, SETUP_KEYS, "paris")
    assert full == {
        "players": 3,
        "colours": ["purple", "yellow", "green"],
        "districts": [2, 3, 5, 6, 7, 8, 9],
        "board": "reference",
    }
    assert parse_setup({"colours": ["red", "green"]}, SETUP_KEYS, "paris")["players"] == 2
    with pytest.raises(SetupError, match=r"unknown paris tracker setup option\(s\) \['seat'\]"):
        parse_setup({"seat": 1}, (*SETUP_KEYS, "first"), "paris tracker")
    with pytest.raises(SetupError, match="a paris setup is a mapping"):
        parse_setup([("players", 2)], SETUP_KEYS, "paris")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"'board' must be a board name"):
        parse_setup({"board": 3}, SETUP_KEYS, "paris")
