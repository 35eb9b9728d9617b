"""``companion simulate paris``: bots play full checked games; the figures and the contract."""

import argparse
import io
import json
from typing import Any

from companion.rules.paris import PARIS
from companion.tools.simulate import Batch, add_arguments, run, simulator
from companion.tools.simulate.paris import SIMULATOR, play_paris_game

TIMES = ("seconds", "games_per_second")


def simulate(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="companion simulate")
    add_arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = run(parser.parse_args(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def figures(*argv: str) -> dict[str, Any]:
    code, out, _ = simulate("paris", *argv, "--json")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def test_the_simulator_is_declared() -> None:
    assert simulator("paris") is SIMULATOR
    assert (SIMULATOR.players, SIMULATOR.default_players) == ((2, 4), 4)
    assert SIMULATOR.players_rule == "ruling D1" and SIMULATOR.variants == ()


def test_a_small_run_reports_every_figure() -> None:
    data = figures("--players", "3", "--games", "6", "--seed", "4")
    assert data["game"] == "paris" and data["games"] == 6 and data["players"] == 3
    assert data["score"] == "francs" and data["lowest_wins"] is False
    assert data["invariant_failures"] == 0 and data["failures"] == []
    assert data["invariants_checked"] == "after every action"
    assert [row["colour"] for row in data["scores"]] == ["purple", "yellow", "green"]
    assert all(0 <= row["min"] <= row["mean"] <= row["max"] for row in data["scores"])
    assert data["turns_per_game"] == 3 * 6 * 3, "3 rounds of 6 turns for each player"
    assert data["actions_per_game"] > 3 * (5 + 2 * 18 + 18)
    for key in ("thefts", "prisoners", "wounded", "killed", "bails"):
        assert data[f"{key}_per_game"] >= 0
    assert data["configuration"] == "2.3.5.6.7.8.9"
    assert 0 <= data["heuristic_win_rate"] <= 1
    assert data["random_seat_expected_win_rate"] == round(1 / 3, 4)
    assert sum(data["sole_wins"]) + data["shared_victories"] == 6


def test_the_same_seed_gives_the_same_games() -> None:
    first, second = figures("--games", "3", "--seed", "9"), figures("--games", "3", "--seed", "9")
    for data in (first, second):
        for key in TIMES:
            data.pop(key)
    assert first == second
    other = figures("--games", "3", "--seed", "10")
    assert other["scores"] != first["scores"]


def test_an_impossible_player_count_names_ruling_d1() -> None:
    code, out, err = simulate("paris", "--players", "5")
    assert code == 2 and out == ""
    assert "5 players is not possible: Paris is for 2 to 4 players (ruling D1)" in err
    code, _, err = simulate("paris", "--variants", "war-path")
    assert code == 2 and "paris has no variant 'war-path' (it has no variants)" in err


def test_the_text_report() -> None:
    code, out, _ = simulate("paris", "--players", "2", "--games", "2")
    assert code == 0
    assert "paris: 2 games, 2 players (purple, yellow)" in out
    assert "scores (francs; most wins):" in out and "heuristic win rate:" in out


def test_an_invariant_failure_is_reported_not_raised(monkeypatch: Any) -> None:
    def broken(state: Any, *, since: Any = None) -> None:
        if state.phase == "draft":
            raise AssertionError("stashes not conserved (test)")

    monkeypatch.setattr(PARIS, "check_invariants", broken)
    report = play_paris_game(PARIS.validate_setup({"players": 2}), 1)
    assert report.failure is not None and "stashes not conserved (test)" in report.failure
    assert report.scores == () and report.winners == ()


def test_a_configuration_can_be_simulated() -> None:
    summary = SIMULATOR.play(Batch(2, games=3, seed=2, districts="1.2.3.4.8.9"), None)
    assert summary.extra["configuration"] == "1.2.3.4.8.9" and not summary.failures
    assert summary.games == 3
