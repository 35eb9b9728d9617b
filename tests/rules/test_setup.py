"""The setup options every game checks the same way (``companion.rules.setup``)."""

import pytest

from companion.rules.base import SetupError
from companion.rules.setup import check_setup_options, setup_first, setup_players


@pytest.mark.parametrize(
    ("setup", "game", "message"),
    [
        ([4], "apache", r"an apache setup is a mapping such as \{'players': 4\}: \[4\]"),
        ("4", "paris", "a paris setup is a mapping"),
        (
            {"seats": 4},
            "paris",
            r"unknown paris setup option\(s\) \['seats'\]; known: \('players',\)",
        ),
    ],
)
def test_a_setup_is_a_mapping_of_known_options(setup: object, game: str, message: str) -> None:
    check_setup_options({"players": 4}, game, ["players"])
    with pytest.raises(SetupError, match=message):
        check_setup_options(setup, game, ["players"])  # type: ignore[arg-type]


def test_players_default_and_limits() -> None:
    assert setup_players({}, (2, 5), "ruling A1", default=4) == 4
    assert setup_players({"players": 2}, (2, 5), "ruling A1", default=4) == 2
    for players in (1, 6, True, "3"):
        with pytest.raises(SetupError, match=r"'players' must be 2 to 5 \(ruling A1\), got"):
            setup_players({"players": players}, (2, 5), "ruling A1", default=4)


def test_first_is_a_seat() -> None:
    assert setup_first({}, 3, "the first seat") == 0
    assert setup_first({"first": 2}, 3, "the first seat") == 2
    with pytest.raises(SetupError, match="'first' must be the first seat, 0 to 2, got 3"):
        setup_first({"first": 3}, 3, "the first seat")
