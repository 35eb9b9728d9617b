"""The input source the command line names (``--source``), opened for the screens.

``companion run``, ``companion doctor`` and ``companion bench display`` open their source
here: simulated pins pressed by the keyboard (``sim``), the real pins through gpiozero
(``gpio``), the USB button box (``box``) or keys straight to controls (``keyboard``).
Every source only enqueues what it sees (``sink``); the screen's main loop drains it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

import pygame

from companion.input.box.source import SerialBoxSource
from companion.input.debounce import ControlStats, DebounceSettings, EventSink
from companion.input.gpio import GpioSource
from companion.input.keyboard import NAV_KEY_NAMES, KeyboardSource, KeyboardToPins
from companion.input.mock import SimulatedPins, open_simulated
from companion.input.pinmap import Profile
from companion.ui.doctor.model import SourceCounters, SourceReport


class CountingSource(Protocol):
    """A source that counts what it saw per control: GPIO pins or the button box."""

    @property
    def warnings(self) -> tuple[str, ...]: ...

    def stats(self) -> dict[str, ControlStats]: ...

    def close(self) -> None: ...


@dataclass
class OpenedInput:
    """An input source ready for the doctor, whatever kind it is."""

    report: SourceReport
    handle_key: Callable[[pygame.event.Event], bool]
    device: CountingSource | None = None
    simulated: SimulatedPins | None = None
    key_names: tuple[Mapping[str, str], ...] = ()
    """How hints name the keys that press the navigation buttons (none: no keyboard)."""

    @property
    def warnings(self) -> tuple[str, ...]:
        """The source's warnings; for the box, its link state while not connected."""
        return () if self.device is None else self.device.warnings

    def read_source(self) -> tuple[dict[str, SourceCounters], tuple[str, ...]]:
        """The source's counters per control, and its warnings (read live)."""
        if self.device is None:
            return {}, ()
        counters = {
            control: SourceCounters(s.bounces, s.glitches, s.late, s.ignored)
            for control, s in self.device.stats().items()
        }
        return counters, self.warnings

    def close(self) -> None:
        if self.simulated is not None:
            self.simulated.close()
        elif self.device is not None:
            self.device.close()


def _ignore_key(event: pygame.event.Event) -> bool:
    return False


@contextlib.contextmanager
def open_input(
    kind: str, profile: Profile, sink: EventSink, *, debounce: DebounceSettings | None = None
) -> Iterator[OpenedInput]:
    """The source named by ``--source``: sim, gpio, box or keyboard (``debounce``: the
    GPIO pins' time constants, default ``DebounceSettings()``; the box debounces itself)."""
    opened = _open(kind, profile, sink, debounce)
    try:
        yield opened
    finally:
        opened.close()


def _open(
    kind: str, profile: Profile, sink: EventSink, debounce: DebounceSettings | None
) -> OpenedInput:
    if kind == "keyboard":
        keyboard = KeyboardSource(sink)
        report = SourceReport("keyboard", "-", "software")
        return OpenedInput(report, keyboard.handle, key_names=NAV_KEY_NAMES)
    if kind == "sim":
        pins = open_simulated(profile, sink, settings=debounce)
        keys = KeyboardToPins(pins)
        report = SourceReport("sim", pins.source.factory_name, "simulated")
        return OpenedInput(
            report, keys.handle, device=pins.source, simulated=pins, key_names=NAV_KEY_NAMES
        )
    if kind == "box":
        box = SerialBoxSource(sink, profile=profile)
        report = SourceReport("box", "-", box.timestamps)
        return OpenedInput(report, _ignore_key, device=box)
    gpio = GpioSource(profile, sink, settings=debounce)
    report = SourceReport("gpio", gpio.factory_name, gpio.timestamps)
    return OpenedInput(report, _ignore_key, device=gpio)
