"""The keyboard as buttons: a key per control, in two modes.

- ``KeyboardSource.handle(event)``: a KEYDOWN becomes a ``Press`` at once, stamped with
  ``clock()`` when handled (pygame events carry no precise time): ``timestamps ==
  "software"``.
- ``KeyboardToPins.handle(event)``: keys press and release ``SimulatedPins``, so every
  press travels the whole GPIO path (mock pins, ``when_changed``, debouncer, queue):
  what ``make run`` uses.

Either way a held key's auto-repeat KEYDOWNs are swallowed (one press per key-down), and
losing the window focus lets go of every held key (its KEYUP would never come).
Only the main thread touches pygame: call ``handle`` from the event loop.

The default layout (``KEYMAP``): one row of four keys per seat, in the order chief,
warrior, woman, hunter, and the arrows, Return and Backspace for navigation.

    seat    chief     warrior  woman   hunter
    red     1         2        3       4
    yellow  q         w        e       r
    purple  a         s        d       f
    blue    z         x        c       v
    green   7         8        9       0
            previous  next     select  back
    nav     left      right    return  backspace
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping
from typing import Final

import pygame

from companion.input.controls import INDIANS, NAV_BUTTONS, NAV_GROUP, SEATS
from companion.input.debounce import SinkLike, as_sink
from companion.input.events import Press
from companion.input.gpio import Clock, GpioSource
from companion.input.mock import SimulatedPins

_SEAT_KEYS: Final = {
    "red": ("1", "2", "3", "4"),
    "yellow": ("q", "w", "e", "r"),
    "purple": ("a", "s", "d", "f"),
    "blue": ("z", "x", "c", "v"),
    "green": ("7", "8", "9", "0"),
}
_NAV_KEYS: Final = ("left", "right", "return", "backspace")  # previous, next, select, back

KEYMAP: Final[dict[str, str]] = {
    **{
        key: f"{seat}.{indian}"
        for seat in SEATS
        for key, indian in zip(_SEAT_KEYS[seat], INDIANS, strict=True)
    },
    **{key: f"{NAV_GROUP}.{button}" for key, button in zip(_NAV_KEYS, NAV_BUTTONS, strict=True)},
}
"""pygame key name (``pygame.key.name``) -> control."""

NAV_KEY_NAMES: Final[tuple[dict[str, str], ...]] = (
    dict(zip(NAV_BUTTONS, ("Left", "Right", "Enter", "Backspace"), strict=True)),
    dict(zip(NAV_BUTTONS, ("Left", "Right", "Enter", "Bksp"), strict=True)),
)
"""How the screens' hints name ``KEYMAP``'s navigation keys: in full, then shorter (a
footer uses the first that fits)."""


def _control_of(event: pygame.event.Event, keymap: Mapping[str, str]) -> str | None:
    return keymap.get(pygame.key.name(event.key))


class _HeldKeys:
    """Which keys are down, so auto-repeat KEYDOWNs are recognised and swallowed."""

    def __init__(self, keymap: Mapping[str, str]) -> None:
        self.keymap = keymap
        self.down: dict[int, str] = {}

    def key_down(self, event: pygame.event.Event) -> tuple[str | None, bool]:
        """The event's control and whether this is a NEW key-down (not a repeat)."""
        control = _control_of(event, self.keymap)
        if control is None or event.key in self.down:
            return control, False
        self.down[event.key] = control
        return control, True

    def key_up(self, event: pygame.event.Event) -> str | None:
        return self.down.pop(event.key, None)


class KeyboardSource:
    """Key-downs straight to presses, stamped when handled."""

    timestamps: Final = "software"

    def __init__(
        self,
        sink: SinkLike,
        *,
        keymap: Mapping[str, str] = KEYMAP,
        clock: Clock = time.monotonic_ns,
        source: str = "keyboard",
    ) -> None:
        self.source = source
        self._sink = as_sink(sink)
        self._clock = clock
        self._keys = _HeldKeys(keymap)
        self._seq = itertools.count()

    def __repr__(self) -> str:
        return f"<KeyboardSource {self.source} held={sorted(self._keys.down.values())}>"

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one pygame event; True if it was a mapped key (consumed)."""
        if event.type == pygame.KEYDOWN:
            control, new = self._keys.key_down(event)
            if control is not None and new:
                self._sink(Press(control, self._clock(), self.source, next(self._seq)))
            return control is not None
        if event.type == pygame.KEYUP:
            return self._keys.key_up(event) is not None
        if event.type == pygame.WINDOWFOCUSLOST:
            self._keys.down.clear()
        return False


class KeyboardToPins:
    """Keys press and release simulated pins: presses take the whole GPIO path.

    The presses come from ``self.source`` (a ``GpioSource`` on mock pins, label
    ``"gpio:mock"``, ``timestamps == "injected"``), not from this object.
    """

    def __init__(self, pins: SimulatedPins, *, keymap: Mapping[str, str] = KEYMAP) -> None:
        self.pins = pins
        wired = set(pins.controls)
        self._keys = _HeldKeys({key: c for key, c in keymap.items() if c in wired})

    def __repr__(self) -> str:
        return f"<KeyboardToPins held={sorted(self._keys.down.values())} on {self.pins!r}>"

    @property
    def source(self) -> GpioSource:
        return self.pins.source

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one pygame event; True if it was a mapped key (consumed)."""
        if event.type == pygame.KEYDOWN:
            control, new = self._keys.key_down(event)
            if control is not None and new:
                self.pins.press(control)
            return control is not None
        if event.type == pygame.KEYUP:
            control = self._keys.key_up(event)
            if control is not None:
                self.pins.release(control)
            return control is not None
        if event.type == pygame.WINDOWFOCUSLOST:
            for control in self._keys.down.values():
                self.pins.release(control)
            self._keys.down.clear()
        return False
