"""The rules of the table both modes decide, written once: the FULL engine and the TRACKER
refuse the same slaps with the same words, and share who turns next and who wins."""

import pytest

from companion.errors import IllegalAction
from companion.rules.apache import APACHE, Slap
from companion.rules.apache.table import (
    PLAYERS,
    check_slap,
    parse_colours,
    turner_after_window,
    winners,
)
from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.rules.base import SetupError
from tests.rules.apache.script import lay, new

COLOURS = ("red", "yellow")


def test_parse_colours_accepts_distinct_known_colours_only() -> None:
    assert parse_colours(("blue", "red")) == ["blue", "red"]
    for bad, message in [
        (["red", "pink"], "colours from red, yellow, purple, blue, green"),
        ("red,yellow", "must be a list of colours"),
        (["red", "red"], "repeats a colour"),
    ]:
        with pytest.raises(SetupError, match=message):
            parse_colours(bad)
    assert PLAYERS == (2, 5)


@pytest.mark.parametrize(
    ("seat", "indian", "slapped", "message"),
    [
        (2, "hunter", [], r"ruling A1 .*seat 2 is not in this game \(seats 0..1: red, yellow\)"),
        (0, "shaman", [], "'shaman' is not a hand card; the hand cards are chief, warrior"),
        (1, "chief", [0, 1], r"ruling A8 .*seat 1 \(yellow\) already slapped in this window"),
    ],
)
def test_both_modes_refuse_the_same_slaps_with_the_same_words(
    seat: int, indian: str, slapped: list[int], message: str
) -> None:
    with pytest.raises(IllegalAction, match=message):
        check_slap(COLOURS, Slap(seat, indian), seat, indian, slapped)
    full = lay(new(2), "red-hunter", "buffalo")
    tracker = TRACKER.new({"colours": list(COLOURS)}, 0)
    for first in slapped[:1]:
        full = APACHE.apply(full, Slap(first, "hunter"))
        tracker = TRACKER.apply(tracker, TrackerAction.slap(first, "hunter"))
    for second in slapped[1:]:
        full = APACHE.apply(full, Slap(second, "hunter"))
        tracker = TRACKER.apply(tracker, TrackerAction.slap(second, "hunter"))
    with pytest.raises(IllegalAction, match=message):
        APACHE.apply(full, Slap(seat, indian))
    with pytest.raises(IllegalAction, match=message):
        TRACKER.apply(tracker, TrackerAction.slap(seat, indian))
    check_slap(COLOURS, Slap(0, "hunter"), 0, "hunter", [1])  # allowed: no error


def test_the_last_slapper_turns_next_and_ties_share_the_victory() -> None:
    assert turner_after_window([2, 0, 1]) == 1
    assert winners((3, 7, 7)) == (1, 2) and winners((0, 0)) == (0, 1)
    assert winners((9.0, 2.0)) == (0,)
