"""``companion bench display`` (companion/tools/bench/display.py), at a small size."""

from __future__ import annotations

import argparse
import dataclasses

import pytest

from companion.tools.bench import display as bench


def test_a_short_run_draws_every_press_and_nothing_while_idle() -> None:
    result = bench.measure(scene="doctor", size="480x320", presses=4, idle_s=0.3, seed=1)
    assert result.press_to_frame_drawn == 4, "every button press reached a frame"
    assert result.key_to_frame_drawn == 4, "every key press reached a frame"
    assert 0 < result.press_to_frame_median_ms <= result.press_to_frame_max_ms
    assert result.idle_frames == 0, "a static screen draws nothing"
    assert result.first_frame_s > 0 and result.peak_rss_mb > 10
    assert result.video_driver == "dummy" and result.scene == "doctor"


def _result(**changes: object) -> bench.DisplayResult:
    base = bench.DisplayResult(
        scene="menu",
        size="480x320",
        video_driver="dummy",
        presses=10,
        press_to_frame_drawn=10,
        press_to_frame_median_ms=6.0,
        press_to_frame_p99_ms=9.0,
        press_to_frame_max_ms=9.5,
        key_to_frame_drawn=10,
        key_to_frame_median_ms=12.0,
        key_to_frame_p99_ms=30.0,
        idle_seconds=10.0,
        idle_frames=0,
        idle_cpu_percent=1.0,
        first_frame_s=0.5,
        peak_rss_mb=36.0,
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "over",
    [
        {"press_to_frame_p99_ms": 17.0},
        {"idle_cpu_percent": 2.5},
        {"first_frame_s": 0.9},
        {"peak_rss_mb": 61.0},
        {"press_to_frame_drawn": 9},
    ],
)
def test_each_bar_fails_the_run(over: dict[str, object]) -> None:
    assert _result().passed
    result = _result(**over)
    assert not result.passed
    assert result.to_json()["passed"] is False


def test_the_text_report_marks_what_is_over_the_bar() -> None:
    text = bench.format_report(_result(idle_cpu_percent=3.0))
    assert "CPU 3.00 % of one core (bar < 2 %) OVER THE BAR" in text
    assert text.count(" ok") == 3


@pytest.mark.parametrize(("flag", "bad"), [("--presses", "0"), ("--idle-seconds", "-1")])
def test_bad_counts_are_refused(flag: str, bad: str) -> None:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args([flag, bad])
