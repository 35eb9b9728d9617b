"""Shared fixtures: gpiozero's mock pin factory, installed and reset around each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def pin_factory() -> Iterator[Any]:
    """A ``MockFactory(pin_class=TimedMockPin)`` installed as gpiozero's default factory.

    Afterwards every pin is closed, the factory reset (no ``GPIOPinInUse`` leaks into the
    next test) and closed, and the previous default restored.
    """
    from gpiozero import Device

    from companion.input.mock import mock_factory

    saved = Device.pin_factory
    factory = mock_factory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        for pin in list(factory.pins.values()):
            pin.close()
        factory.reset()
        factory.close()
        Device.pin_factory = saved


@pytest.fixture
def german() -> Iterator[None]:
    """The screens in German for the test, English after."""
    from companion.ui.screenshot import in_language

    with in_language("de"):
        yield
