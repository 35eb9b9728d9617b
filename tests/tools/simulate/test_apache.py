"""``companion simulate``: bots play full games, invariants after every action, figures."""

import argparse
import io
import json
from typing import Any

import pytest

from companion.rules.apache import APACHE
from companion.tools.simulate import add_arguments, run
from companion.tools.simulate.apache import play_apache_game

TIMES = ("seconds", "games_per_second")


def parser() -> argparse.ArgumentParser:
    parsed = argparse.ArgumentParser(prog="companion simulate")
    add_arguments(parsed)
    return parsed


def simulate(*argv: str, tty: bool = False) -> tuple[int, str, str]:
    args = parser().parse_args(argv)
    out, err = io.StringIO(), _Terminal() if tty else io.StringIO()
    code = run(args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def figures(*argv: str) -> dict[str, Any]:
    code, out, _ = simulate(*argv, "--json")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def test_a_small_run_reports_every_figure() -> None:
    data = figures("apache", "--players", "3", "--variants", "war-path,joint-raid", "--games", "4")
    assert data["game"] == "apache" and data["games"] == 4 and data["players"] == 3
    assert data["variants"] == ["war_path", "joint_raid"]
    assert data["invariant_failures"] == 0 and data["failures"] == []
    assert data["invariants_checked"] == "after every action"
    assert data["seconds"] > 0 and data["games_per_second"] > 0
    assert data["actions_per_game"] > 2 * 114, "every card is turned and revealed"
    assert [row["colour"] for row in data["scores"]] == ["red", "yellow", "purple"]
    assert all(0 <= row["min"] <= row["mean"] <= row["max"] <= 114 for row in data["scores"])
    assert sum(data["wins"]) >= 4 and sum(data["sole_wins"]) + data["shared_victories"] == 4
    for key in ("windows_per_game", "slaps_per_game", "illegal_slaps_per_game"):
        assert data[key] >= 0
    assert data["held_back_slaps_per_game"] >= 0


def test_the_same_seed_gives_the_same_games() -> None:
    argv = ("apache", "--players", "5", "--variants", "war-path,wedding", "--games", "3")
    first, second = figures(*argv, "--seed", "9"), figures(*argv, "--seed", "9")
    other = figures(*argv, "--seed", "10")
    for data in (first, second, other):
        for key in TIMES:
            del data[key]
    assert first == second
    assert first != other


def test_the_text_report_and_no_progress_bar_when_not_a_terminal() -> None:
    code, out, err = simulate("apache", "--games", "2")
    assert code == 0 and err == ""
    assert "apache: 2 games, 4 players (red, yellow, purple, blue), variants: none" in out
    assert "games/s" in out and "invariant failures: 0" in out
    assert "seat 3 blue" in out and "shared victories:" in out


def test_a_progress_bar_on_a_terminal_but_never_with_json() -> None:
    _, _, err = simulate("apache", "--games", "2", tty=True)
    assert "2/2 games" in err and err.startswith("\r[")
    _, _, err = simulate("apache", "--games", "2", "--json", tty=True)
    assert err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["apache", "--players", "two"], "argument --players: 'two' is not a number of players"),
        (["apache", "--games", "0"], "argument --games: '0' is not a number of games"),
        (["chess"], "argument game: no simulator for game 'chess'; known: apache"),
    ],
)
def test_bad_arguments_are_clear_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        parser().parse_args(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert f"companion simulate: error: {message}" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["apache", "--variants", "warpath"],
            "argument --variants: apache has no variant 'warpath' "
            "(it has war-path, wedding, joint-raid)",
        ),
        (
            ["apache", "--players", "6"],
            "argument --players: 6 players is not possible: Apache is for 2 to 5 players "
            "(ruling A1)",
        ),
        (
            ["apache", "--players", "5", "--variants", "war-path,joint-raid"],
            "Joint Raid needs fewer than 5 players (ruling A13); with 5 players every Indian "
            "is owned, so nobody could join: turn the variant off or play with 2 to 4 players",
        ),
    ],
)
def test_arguments_the_game_cannot_take_are_clear_errors(argv: list[str], message: str) -> None:
    code, out, err = simulate(*argv)
    assert code == 2 and out == ""
    assert err == f"companion simulate: error: {message}\n"


@pytest.mark.parametrize(
    ("game", "variants", "known"),
    [
        ("apache", ",,", "apache has war-path, wedding, joint-raid"),
        ("apache", "wedding,", "apache has war-path, wedding, joint-raid"),
        ("apache", "", "apache has war-path, wedding, joint-raid"),
        ("apocalypse", ",", "apocalypse has no variants"),
    ],
)
def test_an_empty_variant_name_is_refused_with_the_known_ones(
    game: str, variants: str, known: str
) -> None:
    code, out, err = simulate(game, "--variants", variants, "--games", "1")
    assert code == 2 and out == ""
    assert err == (
        "companion simulate: error: argument --variants: an empty variant name (a comma with "
        f"no name beside it); give names separated by commas, or none: {known}\n"
    )


def test_variants_none_and_spaces() -> None:
    args = parser().parse_args(["apache", "--variants", "none"])
    assert args.variants == ()
    data = figures("apache", "--games", "1", "--variants", " wedding , war-path ")
    assert data["variants"] == ["war_path", "wedding"], "the game's order, whatever was typed"


def test_an_invariant_failure_is_counted_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = 0

    def broken(state: object, since: object = None) -> None:
        nonlocal calls
        calls += 1
        if calls == 50:  # the first call checks the state before the first action
            raise AssertionError("cards not conserved (ruling A2): planted")

    monkeypatch.setattr(APACHE, "check_invariants", broken)
    code, out, _ = simulate("apache", "--games", "2", "--json")
    data = json.loads(out)
    assert code == 1 and data["invariant_failures"] == 1
    assert "action 49: cards not conserved (ruling A2): planted" in data["failures"][0]


def test_a_recorded_game_replays_through_the_checked_engine() -> None:
    setup = APACHE.validate_setup({"players": 4, "variants": {"wedding": True}})
    actions: list[Any] = []
    report = play_apache_game(setup, 3, record=actions)
    state = APACHE.new(setup, 3)
    for action in actions:
        state = APACHE.apply(state, action)
    assert APACHE.is_over(state) and APACHE.scores(state) == report.scores
    assert report.windows > 0 and report.slaps >= report.windows


def test_bots_slap_once_per_turned_card_and_the_report_counts_what_they_held_back() -> None:
    """Ruling A8: after its slap on a card a bot does not slap again before the next card,
    even with loot in reach in a new window; the checked engine would refuse it."""
    setup = APACHE.validate_setup({"players": 5, "variants": {"war_path": True}})
    held_back = 0
    for seed in range(8, 13):  # games 8, 9 and 12 have such a moment
        actions: list[Any] = []
        report = play_apache_game(setup, seed, record=actions)
        assert report.failure is None
        state = APACHE.new(setup, seed)
        for action in actions:
            state = APACHE.apply(state, action)  # refuses a second slap on a card
        held_back += report.held_back_slaps
    assert held_back > 0, "some bot had loot in reach after its slap on the card"


def test_districts_are_for_paris_and_a_bad_one_names_the_ruling() -> None:
    code, out, err = simulate(
        "paris", "--players", "2", "--districts", "1.2.3.4.8.9", "--games", "1"
    )
    assert code == 0 and "paris: 1 games, 2 players" in out
    code, _, err = simulate("paris", "--players", "2", "--districts", "4.5.6.8.9", "--games", "1")
    assert code == 2 and err.startswith("companion simulate: error: ruling D2: configuration")
    code, _, err = simulate("apache", "--districts", "1.2", "--games", "1")
    assert code == 2 and "apache has no districts" in err
