"""Box time from wrapping counters (box_clock.py): ticks_us wraps at 2**30, the
sampler's counter at 2**32."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.firmware.firmware import load

PERIOD = 1 << 30


@pytest.fixture(scope="module")
def clock() -> Any:
    return load("box_clock")


def test_ticks_extend_across_many_wraps(clock: Any) -> None:
    rng = random.Random(2)
    true_us = PERIOD - 5_000  # start just before a wrap
    ticks = clock.Ticks64(true_us % PERIOD)
    start = true_us
    for _ in range(20_000):
        true_us += rng.randrange(0, 200_000_000)  # up to 200 s between readings
        assert ticks.update(true_us % PERIOD) == (true_us - start) * 1000
    assert true_us - start > 10 * PERIOD  # through more than ten wraps


def test_ticks_across_exactly_one_wrap(clock: Any) -> None:
    ticks = clock.Ticks64(PERIOD - 1)
    assert ticks.update(0) == 1_000
    assert ticks.update(PERIOD - 1) == PERIOD * 1000


@pytest.mark.parametrize("elapsed", [0, 1, 2**32 - 1, 2**32, 2**32 + 5, 7 * 2**32 + 123])
def test_unwrap_recovers_elapsed_counts_from_a_nearby_estimate(clock: Any, elapsed: int) -> None:
    raw = (0xFFFF_FFFF - elapsed) & 0xFFFF_FFFF
    for error in (0, 1000, -1000, 2**30, -(2**30)):
        expected = max(0, elapsed + error)
        assert clock.unwrap(raw, expected) == elapsed


def test_counter_clock_maps_counts_to_nanoseconds_past_the_wrap(clock: Any) -> None:
    c = clock.CounterClock(125_000_000, anchor_ns=10**9)  # 8 cycles = 64 ns a count
    elapsed = 2**32 + 1_000  # 275 s and a bit
    raw = (0xFFFF_FFFF - elapsed) & 0xFFFF_FFFF
    t = 10**9 + elapsed * 64
    assert c.ns(raw, now_ns=t + 3_000_000) == t  # read 3 ms later
