"""``companion bench display`` (companion/tools/bench/display.py and render.py): short live
runs, the bars, the report, the render times and the arguments."""

from __future__ import annotations

import argparse
import dataclasses
import json

import pytest

from companion.tools.bench import display as bench
from companion.tools.bench.render import RenderResult, time_renders
from companion.ui.screenshot_args import SCENES


@pytest.mark.parametrize("scene", ["doctor", "apocalypse"])
def test_a_short_run_draws_every_press_and_nothing_while_idle(scene: str) -> None:
    result = bench.measure(scene=scene, size="480x320", presses=4, idle_s=0.3, seed=1)
    assert result.press_to_frame_drawn == 4, "every button press reached a frame"
    assert result.key_to_frame_drawn == 4, "every key press reached a frame"
    assert 0 < result.press_to_frame_median_ms <= result.press_to_frame_max_ms
    assert result.confirm_median_ms > 0 and result.queue_median_ms >= 0
    assert 0 < result.scene_draw_median_ms <= result.draw_flip_median_ms
    assert result.idle_frames == 0, "a static screen draws nothing"
    assert result.first_frame_s > 0 and result.peak_rss_mb > 10
    assert (result.video_driver, result.scene, result.size) == ("dummy", scene, "480x320")


def _result(**changes: object) -> bench.DisplayResult:
    base = bench.DisplayResult(
        scene="menu",
        size="480x320",
        video_driver="dummy",
        presses=10,
        press_to_frame_drawn=10,
        press_to_frame_median_ms=4.0,
        press_to_frame_p99_ms=8.0,
        press_to_frame_max_ms=9.5,
        confirm_median_ms=2.1,
        queue_median_ms=0.1,
        draw_flip_median_ms=1.8,
        scene_draw_median_ms=1.7,
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


def _render(median_ms: float = 2.5) -> RenderResult:
    return RenderResult("paris-full-play", "800x480", frames=50, median_ms=median_ms, p99_ms=4.0)


@pytest.mark.parametrize(
    "over",
    [
        {"press_to_frame_median_ms": 4.1},
        {"press_to_frame_p99_ms": 8.1},
        {"idle_cpu_percent": 2.5},
        {"first_frame_s": 0.9},
        {"peak_rss_mb": 61.0},
        {"press_to_frame_drawn": 9},
    ],
)
def test_each_live_bar_fails_the_run(over: dict[str, object]) -> None:
    assert _result().passed, "figures on the bar itself hold"
    result = _result(**over)
    assert not result.passed
    assert result.to_json()["passed"] is False
    report = bench.BenchReport(live=[_result(), result], render=[_render()])
    assert not report.passed


def test_a_slow_render_fails_the_run() -> None:
    assert bench.BenchReport(live=[_result()], render=[_render(2.5)]).passed
    report = bench.BenchReport(live=[_result()], render=[_render(2.6)])
    assert not report.passed
    found = json.loads(json.dumps(report.to_json()))
    assert found["passed"] is False and found["render"][0]["passed"] is False
    assert found["live"][0]["passed"] is True


def test_render_times_cover_every_scene() -> None:
    results = time_renders([(480, 320)], frames=2)
    assert [r.scene for r in results] == list(SCENES)
    assert all(r.size == "480x320" and r.frames == 2 for r in results)
    assert all(0 < r.median_ms <= r.p99_ms for r in results)


def test_the_text_report_marks_what_is_over_the_bar() -> None:
    report = bench.BenchReport(
        live=[_result(scene="apache", press_to_frame_p99_ms=9.0)],
        render=[_render(3.0), dataclasses.replace(_render(1.0), scene="menu")],
    )
    text = bench.format_report(report)
    assert "apache 480x320: 10/10 presses drawn ok" in text
    assert "median 4.00 ms ok, p99 9.00 ms OVER THE BAR" in text
    assert "confirm 2.10 ms · queue 0.10 ms · draw+flip 1.80 ms" in text
    assert "CPU 1.00 % of one core ok" in text
    assert "paris-full-play  3.00 / 4.00 OVER THE BAR" in text
    assert "menu             1.00 / 4.00 ok" in text
    assert text.index("paris-full-play") < text.index("menu "), "the slowest scene first"
    assert text.endswith("SOME FIGURES ARE OVER THE BAR")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    return parser


def test_sizes_may_be_repeated_and_default_to_both_panels() -> None:
    args = _parser().parse_args(["--size", "800X480", "--size", "480x320"])
    assert args.size == ["800x480", "480x320"]
    defaults = _parser().parse_args([])
    assert defaults.size is None and defaults.scene == "all"


@pytest.mark.parametrize(
    ("flag", "bad"),
    [
        ("--presses", "0"),
        ("--idle-seconds", "-1"),
        ("--scene", "casino"),
        ("--size", "480by320"),
        ("--size", "100x100"),
    ],
)
def test_bad_arguments_are_refused_naming_the_value(
    flag: str, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        _parser().parse_args([flag, bad])
    error = capsys.readouterr().err
    assert f"argument {flag}" in error and repr(bad) in error
