"""Pure pieces of the box: the LED brightness cap (box_leds.py) and the sampler's
snapshot decoding (box_sampler.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.firmware.firmware import load


@pytest.fixture(scope="module")
def leds() -> Any:
    return load("box_leds")


def test_a_few_lit_buttons_are_not_dimmed(leds: Any) -> None:
    pixels = leds.Pixels(24)
    pixels.set(3, 0x00FF00)
    words = pixels.words([0] * 24)
    assert words[3] == 0xFF0000  # GRB order: green first
    assert not pixels.dirty


def test_all_white_is_capped_under_the_usb_budget(leds: Any) -> None:
    colours = [0xFFFFFF] * 24
    assert leds.drawn_ma(colours) > 1400  # what 24 white pixels would draw
    k = leds.scale(colours)
    scaled = [((c >> 16) * k // 255) * 0x010101 for c in colours]
    assert leds.drawn_ma(scaled) <= leds.BUDGET_MA


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
