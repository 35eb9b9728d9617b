"""``companion simulate apocalypse``: heuristic against random bots, invariants after every
action, figures per game and the heuristic's win rate."""

import argparse
import io
import json
from typing import Any

import pytest

from companion.rules.apocalypse import APOCALYPSE
from companion.tools.simulate import Batch, add_arguments, run, simulator
from companion.tools.simulate.apocalypse import SIMULATOR, play_apocalypse_game, simulate_apocalypse

TIMES = ("seconds", "games_per_second")


def simulate(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="companion simulate")
    add_arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = run(parser.parse_args(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def figures(*argv: str) -> dict[str, Any]:
    code, out, _ = simulate("apocalypse", *argv, "--json")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def test_the_simulator_is_registered() -> None:
    assert simulator("apocalypse") is SIMULATOR
    assert SIMULATOR.players == (2, 6) and SIMULATOR.default_players == 4
    assert SIMULATOR.variants == () and SIMULATOR.players_rule == "ruling P1"


def test_a_small_run_reports_every_figure() -> None:
    data = figures("--games", "12", "--seed", "3")
    assert data["game"] == "apocalypse" and data["players"] == 4 and data["games"] == 12
    assert data["invariant_failures"] == 0 and data["failures"] == []
    assert data["invariants_checked"] == "after every action"
    assert data["lowest_wins"] is True and data["score"].startswith("points")
    assert data["colours"] == ["P1", "P2", "P3", "P4"]
    assert data["actions_per_game"] > 3 * 32, "every card of three deals is an action"
    assert data["tricks_per_game"] >= 3 * 8 and data["apocalypses_per_game"] > 0
    assert sum(data["wins"]) >= 12 and sum(data["sole_wins"]) + data["shared_victories"] == 12
    assert 0 <= data["heuristic_win_rate"] <= 1 and data["fair_win_rate"] == 0.25
    assert data["heuristic_seats"].startswith("the game of seed s: seat s % players")
    assert data["heuristic_mean_points"] < data["random_mean_points"]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_every_player_count_runs_clean(players: int) -> None:
    summary = simulate_apocalypse(Batch(players, games=4, seed=9))
    assert summary.games == 4 and not summary.failures
    assert summary.lowest_wins and len(summary.scores) == players
    if players == 2:
        assert "duel_swaps" in summary.counts


def test_the_same_seed_gives_the_same_games() -> None:
    first, second = figures("--games", "5", "--seed", "9"), figures("--games", "5", "--seed", "9")
    other = figures("--games", "5", "--seed", "10")
    for data in (first, second, other):
        for key in TIMES:
            data.pop(key)
    assert first == second and first != other


def test_an_impossible_player_count_cites_ruling_p1() -> None:
    code, _, err = simulate("apocalypse", "--players", "7")
    assert code == 2
    assert "Apocalypse is for 2 to 6 players (ruling P1)" in err
    code, _, err = simulate("apocalypse", "--variants", "war-path")
    assert code == 2 and "apocalypse has no variant 'war-path'" in err


def test_a_failed_invariant_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: object, *, since: object = None) -> None:
        raise AssertionError("cards not conserved (ruling P2): test")

    monkeypatch.setattr(APOCALYPSE, "check_invariants", broken)
    report = play_apocalypse_game(APOCALYPSE.validate_setup({"players": 3}), 1)
    assert (
        report.failure is not None
        and "game seed 1, action 1: cards not conserved" in report.failure
    )
    assert report.scores == ()


def test_the_text_report_names_the_heuristic_figures() -> None:
    code, out, _ = simulate("apocalypse", "--players", "3", "--games", "3")
    assert code == 0
    assert "apocalypse: 3 games, 3 players" in out and "heuristic win rate:" in out
    assert "scores (points; fewest wins):" in out
