"""The rules of the table both modes decide, written once: the FULL engine and the TRACKER
refuse the same slaps with the same words (seats by colour), and share who turns next and who
wins. Ruling A8 is the one they keep apart: per turned card in FULL mode, per window in
TRACKER mode."""

import pytest

from companion.errors import IllegalAction
from companion.rules.apache import APACHE, CLOSE, Slap
from companion.rules.apache.table import (
    PLAYERS,
    check_slapper,
    parse_colours,
    seat_words,
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
    ("seat", "indian", "message"),
    [
        (
            2,
            "hunter",
            r"^seat 2 \(no such seat\)'s slap with the hunter refused by ruling A1 \(one colour "
            r"per player\): there is no seat 2 in this game: its players are red, yellow \(seats "
            r"0 to 1 in an action's JSON form\)$",
        ),
        (0, "shaman", "'shaman' is not a hand card; the hand cards are chief, warrior"),
    ],
)
def test_both_modes_refuse_the_same_slaps_with_the_same_words(
    seat: int, indian: str, message: str
) -> None:
    words = f"{seat_words(COLOURS, seat)}'s slap with the {indian}"
    with pytest.raises(IllegalAction, match=message):
        check_slapper(COLOURS, words, seat, indian)
    full = lay(new(2), "red-hunter", "buffalo")
    tracker = TRACKER.new({"colours": list(COLOURS)}, 0)
    with pytest.raises(IllegalAction, match=message):
        APACHE.apply(full, Slap(seat, indian))
    with pytest.raises(IllegalAction, match=message):
        TRACKER.apply(tracker, TrackerAction.slap(seat, indian))
    check_slapper(COLOURS, "red's slap with the hunter", 0, "hunter")  # allowed: no error


def test_seats_are_named_by_colour_and_a_number_that_is_no_seat_as_given() -> None:
    assert [seat_words(COLOURS, seat) for seat in (0, 1)] == ["red", "yellow"]
    assert seat_words(COLOURS, 2) == "seat 2 (no such seat)"
    assert seat_words(COLOURS, "1") == "seat '1' (no such seat)"
    assert seat_words(COLOURS, True) == "seat True (no such seat)"


def test_ruling_a8_one_slap_per_turned_card_in_full_mode_per_window_in_tracker_mode() -> None:
    """The FULL engine sees the cards turned: red's second slap on the same card is refused
    even in a new window. The TRACKER does not: each window stands alone."""
    full = APACHE.apply(
        APACHE.apply(lay(new(2), "red-hunter", "buffalo"), Slap(0, "hunter")), CLOSE
    )
    with pytest.raises(IllegalAction, match=r"ruling A8 \(one hand card per turned card\)"):
        APACHE.apply(full, Slap(0, "woman"))
    tracker = TRACKER.new({"colours": list(COLOURS)}, 0)
    for action in (TrackerAction.slap(0, "hunter"), TrackerAction.close()):
        tracker = TRACKER.apply(tracker, action)
    tracker = TRACKER.apply(tracker, TrackerAction.confirm(0, "loot"))
    assert TRACKER.apply(tracker, TrackerAction.slap(0, "woman")).window == ((0, "woman"),)


def test_the_last_slapper_turns_next_and_ties_share_the_victory() -> None:
    assert turner_after_window([2, 0, 1]) == 1
    assert winners((3, 7, 7)) == (1, 2) and winners((0, 0)) == (0, 1)
    assert winners((9.0, 2.0)) == (0,)
