import os
import queue
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from companion.input.controls import ALL_CONTROLS
from companion.input.debounce import MS
from companion.input.events import InputEvent, Press
from companion.input.keyboard import (
    KEYMAP,
    KeyboardSource,
    KeyboardToPins,
)
from companion.input.mock import open_simulated
from companion.input.pinmap import load_profile

S = 1_000_000_000
Queue = queue.SimpleQueue[InputEvent]


class Clock:
    def __init__(self, now: int = 0) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


@pytest.fixture(autouse=True)
def pygame_up() -> Iterator[None]:
    pygame.display.init()  # not pygame.init/quit: they would end the fonts other tests cached
    yield
    pygame.display.quit()


def key(kind: int, name: str) -> pygame.event.Event:
    return pygame.event.Event(kind, key=pygame.key.key_code(name))


def down(name: str) -> pygame.event.Event:
    return key(pygame.KEYDOWN, name)


def up(name: str) -> pygame.event.Event:
    return key(pygame.KEYUP, name)


def drain(q: Queue) -> list[InputEvent]:
    events = []
    while not q.empty():
        events.append(q.get_nowait())
    return events


def test_keymap_covers_all_controls_with_unique_real_keys() -> None:
    assert sorted(KEYMAP.values()) == sorted(ALL_CONTROLS)
    assert len(KEYMAP) == len(ALL_CONTROLS) == 24
    for name in KEYMAP:
        assert pygame.key.name(pygame.key.key_code(name)) == name


def test_key_repeat_makes_one_press() -> None:
    q = Queue()
    clock = Clock(1 * S)
    keyboard = KeyboardSource(q, clock=clock)
    assert keyboard.timestamps == "software"
    assert keyboard.handle(down("q"))
    clock.now += 30 * MS
    assert keyboard.handle(down("q"))  # auto-repeat: consumed, no press
    assert keyboard.handle(up("q"))
    clock.now += 30 * MS
    keyboard.handle(down("q"))
    assert drain(q) == [
        Press("yellow.chief", 1 * S, "keyboard", 0),
        Press("yellow.chief", 1 * S + 60 * MS, "keyboard", 1),
    ]


def test_unmapped_keys_and_other_events_are_not_consumed() -> None:
    q = Queue()
    keyboard = KeyboardSource(q)
    assert not keyboard.handle(down("escape"))
    assert not keyboard.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(0, 0)))
    assert drain(q) == []


def test_focus_loss_lets_go_of_held_keys() -> None:
    q = Queue()
    keyboard = KeyboardSource(q, clock=Clock(0))
    keyboard.handle(down("left"))
    keyboard.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    keyboard.handle(down("left"))  # its KEYUP never came: this is a new press
    assert [e.control for e in drain(q)] == ["nav.previous", "nav.previous"]


def test_keyboard_to_pins_travels_through_the_gpio_source() -> None:
    q = Queue()
    clock = Clock(2 * S)
    with open_simulated(load_profile("gpio-dsi"), q, clock=clock, auto_advance=False) as pins:
        keys = KeyboardToPins(pins)
        assert keys.source is pins.source
        assert keys.handle(down("1"))
        clock.now += 40 * MS
        keys.handle(down("1"))  # auto-repeat
        keys.handle(down("1"))
        clock.now += 40 * MS
        keys.handle(up("1"))
        red = pins.pins["red.chief"]
        assert red.edge_log == [(2 * S, True), (2 * S + 80 * MS, False)]
        keys.source.advance(3 * S)
        assert drain(q) == [Press("red.chief", 2 * S, "gpio:mock", 0)]
        stats = keys.source.stats()["red.chief"]
        assert (stats.presses, stats.bounces, stats.state) == (1, 0, "idle")


def test_keyboard_to_pins_tap_within_one_frame_is_still_a_press() -> None:
    q = Queue()
    clock = Clock(0)
    with open_simulated(load_profile("gpio-dsi"), q, clock=clock, auto_advance=False) as pins:
        keys = KeyboardToPins(pins)
        keys.handle(down("return"))
        keys.handle(up("return"))  # same instant: the release is held back 5 ms
        keys.handle(down("v"))
        keys.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))  # lets go of "v"
        pins.source.advance(1 * S)
        assert [e.control for e in drain(q)] == ["nav.select", "blue.hunter"]
        assert not pins.is_down("blue.hunter")


def test_keyboard_to_pins_skips_controls_the_profile_does_not_wire() -> None:
    q = Queue()
    with open_simulated(load_profile("gpio-spi35"), q, auto_advance=False) as pins:
        keys = KeyboardToPins(pins)
        wired = set(pins.controls)
        for name, control in KEYMAP.items():
            assert keys.handle(down(name)) == (control in wired)
