"""``companion bench serial`` (companion/tools/bench/serial.py), at a small size."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.tools.bench import serial as bench


def test_parse_measure_turns_every_frame_into_a_press() -> None:
    _seconds, presses = bench.measure_parse(2_000)
    assert presses == 2_000


def test_run_prints_json_with_both_measurements(capsys: pytest.CaptureFixture[str]) -> None:
    """What the report holds, never how fast this machine was: the figures are measured by
    running the bench, and the exit code follows the bars whatever they say."""
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    args = parser.parse_args(["--json", "--frames", "5000", "--events", "50"])
    code = bench.run(args)
    report = json.loads(capsys.readouterr().out)
    assert report["frames"] == 5000 and report["delivered"] == report["events"] == 50
    assert report["median_us"] <= report["p99_us"] <= report["max_us"]
    assert set(report["bars"]) == {"frames_per_s", "p99_us"}
    assert code == (0 if report["passed"] else 1)


def test_the_text_report_names_both_bars() -> None:
    result = bench.SerialBenchResult(1000, 0.005, 200_000.0, 10, 10, 150.0, 900.0, 1200.0, 2.0)
    text = bench.format_report(result)
    assert "200,000 frames/s" in text and "p99 900 us" in text
    assert text.count("PASS") == 2 and result.passed


@pytest.mark.parametrize("bad", ["0", "-3", "many"])
def test_counts_must_be_positive(bad: str) -> None:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["--frames", bad])
