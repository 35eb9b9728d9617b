"""The box's LED brightness cap (box_leds.py): pure, on the host."""

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
