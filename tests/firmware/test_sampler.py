"""The box's snapshot decoding (box_sampler.py): pure, on the host."""

from __future__ import annotations

from typing import Any

import pytest

from tests.firmware.firmware import load


@pytest.fixture(scope="module")
def sampler_parts() -> tuple[Any, Any]:
    return load("box_sampler"), load("box_clock")


def test_sampler_reports_changed_inputs_with_one_shared_stamp(
    sampler_parts: tuple[Any, Any],
) -> None:
    sampler_mod, clock_mod = sampler_parts
    bits = (6, 7, 0)
    s = sampler_mod.Sampler(bits, True, clock_mod.CounterClock(125_000_000, 0))
    idle = (1 << 6) | (1 << 7) | 1 | (1 << 3)  # bit 3 is no input: ignored
    assert s.start(idle) == [False, False, False]
    edges: list[tuple[int, int, bool]] = []
    both = idle & ~(1 << 6) & ~1
    assert s.pair(0xFFFF_FFFF - 1000, both ^ (1 << 3), 10**6, lambda *e: edges.append(e)) == 2
    assert edges == [(64_000, 0, True), (64_000, 2, True)]
    assert s.pair(0xFFFF_FFFF - 1001, both, 10**6, lambda *e: edges.append(e)) == 0
