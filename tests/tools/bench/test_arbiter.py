"""The arbiter bench: counts only (timings are reported, never asserted)."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.tools.bench import arbiter as bench


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion bench arbiter")
    bench.add_arguments(p)
    return p


def test_small_run_has_no_arbiter_misorders_at_10us_and_a_misordering_baseline() -> None:
    result = bench.simulate(seed=1, windows=500)
    assert result.window_errors == 0
    assert result.arbiter_misorders_at_bar == 0
    for label in ("10-20us", "20us-1ms", ">=1ms"):
        assert result.buckets[label].arbiter_misordered == 0
        assert result.buckets[label].arbiter_pairs == 0
    assert sum(b.baseline_pairs for b in result.buckets.values()) > 0
    assert sum(b.baseline_misordered for b in result.buckets.values()) > 0
    assert sum(b.windows for b in result.buckets.values()) == 500
    assert result.ignored == result.repeats > 0
    assert result.ties_declared > 0
    # the only reversals are pairs that stamp error brought within the tie window
    assert result.arbiter_worst_gap_ns <= result.tie_window_ns + 2 * result.stamp_error_ns


def test_same_seed_gives_the_same_counts() -> None:
    first = bench.simulate(seed=4, windows=300)
    again = bench.simulate(seed=4, windows=300)
    other = bench.simulate(seed=5, windows=300)
    assert first.counts() == again.counts()
    assert first.counts() != other.counts()


def test_fixed_player_count_is_respected() -> None:
    result = bench.simulate(seed=2, windows=100, players=(2, 2))
    assert result.presses == 200 + result.repeats
    assert sum(b.pairs for b in result.buckets.values()) == 100


def test_misordered_means_reversed_by_at_least_the_tie_window() -> None:
    first_true = {"red": 0, "blue": 3_000, "green": 20_000}
    truth = ["red", "blue", "green"]
    # red/blue reversed 3 us apart: a dead heat, not a misorder; green before both: two misorders
    assert bench._misordered_pairs(truth, first_true, ["green", "blue", "red"], 5_000) == [
        20_000,
        17_000,
    ]
    assert bench._misordered_pairs(truth, first_true, ["blue", "red", "green"], 5_000) == []


def test_buckets() -> None:
    assert bench.bucket_of(0) == "<10us"
    assert bench.bucket_of(9_999) == "<10us"
    assert bench.bucket_of(10_000) == "10-20us"
    assert bench.bucket_of(20_000) == "20us-1ms"
    assert bench.bucket_of(1_000_000) == ">=1ms"
    with pytest.raises(ValueError):
        bench.bucket_of(-1)


def test_run_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    rc = bench.run(parser().parse_args(["--windows", "200", "--seed", "3", "--json"]))
    data = json.loads(capsys.readouterr().out)
    assert rc == (0 if data["passed"] else 1)
    assert data["windows"] == 200
    assert data["arbiter_misorders_at_10us_or_more"] == 0
    assert set(data["buckets"]) == {"<10us", "10-20us", "20us-1ms", ">=1ms"}
    assert data["press_p99_ns"] >= data["press_median_ns"] > 0


def test_run_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    bench.run(parser().parse_args(["--windows", "100", "--players", "3"]))
    out = capsys.readouterr().out
    assert "smallest true gap" in out
    assert "baseline misordered" in out
    assert "acceptance:" in out


def test_defaults() -> None:
    args = parser().parse_args([])
    assert args.players == (2, 5)
    assert args.windows == bench.DEFAULT_WINDOWS
    assert not args.json


@pytest.mark.parametrize("players", ["1", "2-6", "5-2", "x", "2-"])
def test_bad_players_is_a_usage_error(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parser().parse_args(["--players", players])
    assert exit_info.value.code == 2
    assert "players" in capsys.readouterr().err


def test_bad_windows_is_a_usage_error() -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(["--windows", "0"])


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--windows", "0", "0 must be at least 1"),
        ("--windows", "many", "'many' is not a whole number"),
        ("--stamp-error-ns", "-1", "-1 must be at least 0"),
        ("--max-delay-ms", "1.5", "'1.5' is not a whole number"),
    ],
)
def test_bad_counts_are_usage_errors(
    option: str, value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parser().parse_args([option, value])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_zero_is_a_valid_stamp_error_and_delay() -> None:
    args = parser().parse_args(["--stamp-error-ns", "0", "--max-delay-ms", "0"])
    assert (args.stamp_error_ns, args.max_delay_ms) == (0, 0)


def test_callbacks_that_miss_their_window_are_window_errors() -> None:
    # Up to 3 s late, callbacks run after their window was resolved (quiet 1.2 s + settle
    # 50 ms): the arbiter reports them late (ruling A9) and the bench counts the window wrong.
    result = bench.simulate(seed=1, windows=100, max_delay_ns=3_000_000_000)
    assert result.window_errors > 0
    assert result.arbiter_misorders_at_bar == 0
    assert not result.passed
