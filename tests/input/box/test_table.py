"""The firmware's input table is generated from the pin map and must not go stale."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

import pytest

from companion.errors import ConfigError
from companion.input.box import table as box_table
from companion.input.pinmap import load_profile


def test_the_checked_in_firmware_table_is_up_to_date() -> None:
    """Fails when wiring/profiles/usb-box.toml changed but firmware/box_table.py was
    not regenerated. Fix: python -m companion.input.box.table"""
    expected = box_table.render(load_profile("usb-box"))
    assert box_table.DEFAULT_OUTPUT.read_text(encoding="utf-8") == expected


def test_the_window_holds_every_button_and_not_the_led_chain() -> None:
    profile = load_profile("usb-box")
    window = box_table.sampling_window(profile)
    assert (window.base, window.count) == (26, 28)
    pins = set(window.pins())
    assert set(profile.controls.values()) <= pins
    assert profile.led_chain_pin not in pins
    assert {23, 24, 25}.isdisjoint(pins)


def test_a_chain_pin_among_the_buttons_has_no_window() -> None:
    moved = dataclasses.replace(load_profile("usb-box"), led_chain_pin=5)
    with pytest.raises(ConfigError, match="LED chain"):
        box_table.sampling_window(moved)


def test_the_table_id_changes_with_the_wiring() -> None:
    profile = load_profile("usb-box")
    swapped = dict(profile.controls)
    swapped["red.chief"], swapped["red.warrior"] = swapped["red.warrior"], swapped["red.chief"]
    other = dataclasses.replace(profile, controls=MappingProxyType(swapped))
    assert box_table.table_id(profile) != box_table.table_id(other)
    assert len(box_table.table_id(profile)) == 8


def test_gpio_profiles_are_refused() -> None:
    with pytest.raises(ConfigError, match="not a box profile"):
        box_table.render(load_profile("gpio-dsi"))


def test_main_writes_then_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "box_table.py"
    assert box_table.main(["--check", "--output", str(out)]) == 1
    assert box_table.main(["--output", str(out)]) == 0
    assert box_table.main(["--check", "--output", str(out)]) == 0
    assert "up to date" in capsys.readouterr().out
    assert box_table.main(["--profile", "gpio-dsi", "--output", str(out)]) == 2
