"""``companion bench history`` (companion/tools/bench/history.py), on a few games: what the
report holds and how a ``--db`` is treated, never how fast this machine was."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.cli import main
from companion.tools.bench import history as bench

GAMES = 4


@pytest.fixture(scope="module")
def small_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history of :data:`GAMES` simulated FULL Apache games, alone in its folder."""
    return bench.simulated_history(tmp_path_factory.mktemp("small"), GAMES)


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    return bench.run(parser.parse_args(argv))


def test_a_small_generated_history_reports_every_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every figure with its verdict; the exit status says whether every bar held (the
    figures are timings: a loaded machine may miss a bar, so the test does not ask)."""
    code = _run(["--games", str(GAMES), "--repeat", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"companion bench history: {GAMES} games, {GAMES} simulated Apache games"
    screens = [line for line in lines if line.startswith("screen")]
    assert [line.split()[1] for line in screens] == ["480x320:", "800x480:"]
    verdicts = ("PASS", "FAIL")
    assert all("2 times: median" in line and any(v in line for v in verdicts) for line in screens)
    assert "hand-off median" in lines[3] and lines[3].endswith(verdicts)
    assert "the write on the writer's thread: median" in lines[4]
    assert f"bytes for {GAMES} games" in lines[5] and lines[5].endswith("PASS"), "not a timing"
    assert (lines[-1] == "every bar holds") == (code == 0)


def test_json_of_a_db_and_the_file_is_left_as_it_was(
    small_history: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = small_history.stat()
    neighbours = sorted(small_history.parent.iterdir())
    code = _run(["--db", str(small_history), "--json", "--repeat", "1"])
    report = json.loads(capsys.readouterr().out)
    after = small_history.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert sorted(small_history.parent.iterdir()) == neighbours, "no -wal or -shm beside it"
    assert report["source"] == f"--db {small_history} (a copy)"
    assert [s["size"] for s in report["screens"]] == ["480x320", "800x480"]
    assert all(0 < s["median_ms"] <= s["max_ms"] for s in report["screens"])
    recording = report["recording"]
    assert recording["repeat"] == 1
    assert 0 < recording["hand_off_median_ms"] <= recording["write_median_ms"]
    size = report["size"]
    assert (size["games"], size["bytes"]) == (GAMES, before.st_size)
    assert size["bytes"] > size["empty_bytes"] > 0
    assert set(report["bars"]) == {"open_max_ms", "hand_off_median_ms", "per_5000_games_bytes"}
    assert code == (0 if report["passed"] else 1), "the exit status says whether bars held"


@pytest.mark.parametrize("given", ["missing.sqlite", "folder"])
def test_a_db_that_is_missing_or_a_folder_is_refused_naming_the_argument(
    given: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folder").mkdir()
    db = tmp_path / given
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "history", "--db", str(db)])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "argument --db" in error and str(db) in error
    assert ("is a folder" if given == "folder" else "does not exist") in error


def test_a_db_that_is_not_a_history_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.sqlite"
    notes.write_text("not a database\n" * 100)
    assert main(["bench", "history", "--db", str(notes), "--repeat", "1"]) == 2
    error = capsys.readouterr().err
    assert "argument --db" in error and f"{notes} is not a history" in error
    assert notes.read_text() == "not a database\n" * 100
    assert sorted(tmp_path.iterdir()) == [notes], "nothing set aside beside it"


def test_db_and_games_are_not_given_together(
    small_history: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        _run(["--db", str(small_history), "--games", "3"])
    assert "not allowed with argument" in capsys.readouterr().err


def _result() -> bench.HistoryBenchResult:
    return bench.HistoryBenchResult(
        source="--db h.sqlite (a copy)",
        screens=[
            bench.ScreenResult("480x320", 7, 30.0, 20.0, 99.9),
            bench.ScreenResult("800x480", 7, 30.0, 21.0, 25.0),
        ],
        recording=bench.RecordingResult(7, 0.07, 0.4, 466.0, 520.0),
        size=bench.SizeResult(5000, 14_082_048, 36_864, 14_082_048),
    )


def _slow_screen(result: bench.HistoryBenchResult) -> bench.HistoryBenchResult:
    slow = bench.ScreenResult("800x480", 7, 30.0, 21.0, 100.0)
    return dataclasses.replace(result, screens=[result.screens[0], slow])


def _slow_hand_off(result: bench.HistoryBenchResult) -> bench.HistoryBenchResult:
    recording = dataclasses.replace(result.recording, hand_off_median_ms=5.0)
    return dataclasses.replace(result, recording=recording)


def _large(result: bench.HistoryBenchResult) -> bench.HistoryBenchResult:
    size = dataclasses.replace(result.size, per_5000_games_bytes=20_000_000)
    return dataclasses.replace(result, size=size)


def _lines(result: bench.HistoryBenchResult) -> list[str]:
    return bench.format_report(result).splitlines()


@pytest.mark.parametrize("over", [_slow_screen, _slow_hand_off, _large])
def test_each_bar_fails_the_run(
    over: Callable[[bench.HistoryBenchResult], bench.HistoryBenchResult],
) -> None:
    assert _result().passed, "figures under the bars hold"
    assert _lines(_result())[-1] == "every bar holds"
    result = over(_result())
    assert not result.passed and result.to_json()["passed"] is False
    lines = _lines(result)
    assert sum("FAIL" in line for line in lines) == 1
    assert lines[-1] == "SOME FIGURES ARE OVER THE BAR"


def test_the_text_report_gives_the_figures() -> None:
    text = bench.format_report(_result())
    assert "companion bench history: 5,000 games, --db h.sqlite (a copy)" in text
    assert "480x320: open + first page, 7 times: median 20.0 ms, max 99.9 ms" in text
    assert "hand-off median 0.070 ms, max 0.400 ms (bar median < 5 ms) PASS" in text
    assert "writer's thread: median 466.0 ms, max 520.0 ms" in text
    assert "14,082,048 bytes for 5,000 games (an empty history 36,864): 14.1 MB" in text
