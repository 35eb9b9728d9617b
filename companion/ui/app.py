"""The pygame-ce main loop: events, queued presses, update, draw only when something changed.

Only the main thread touches pygame. Input sources run on their own threads and only put
events on the queue this loop drains.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable
from typing import Protocol

import pygame

from companion.errors import ConfigError
from companion.input.events import InputEvent

FRAMES_PER_SECOND = 60


class Scene(Protocol):
    """One screen. Drawing never changes state."""

    @property
    def finished(self) -> bool: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def handle_input(self, event: InputEvent, now_ns: int) -> None: ...

    def update(self, now_ns: int) -> bool:
        """Advance time-driven state; True when the screen must be redrawn."""
        ...

    def draw(self, surface: pygame.Surface, now_ns: int) -> None: ...


def parse_size(text: str) -> tuple[int, int]:
    """``"800x480"`` -> ``(800, 480)``, with an error that names the bad value."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise ConfigError(f"--size {text!r} is not WIDTHxHEIGHT; write it like 800x480")
    size = (int(width), int(height))
    if size[0] < 320 or size[1] < 240:
        raise ConfigError(f"--size {text!r} is too small; the smallest panel is 480x320")
    return size


def open_display(size: tuple[int, int], *, fullscreen: bool, title: str) -> pygame.Surface:
    """Open the window (or the whole screen; kmsdrm on a Pi without X)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(title)
    flags = pygame.FULLSCREEN if fullscreen else 0
    return pygame.display.set_mode((0, 0) if fullscreen else size, flags)


def run_loop(
    screen: pygame.Surface,
    scene: Scene,
    inputs: queue.SimpleQueue[InputEvent],
    *,
    until_ns: int | None = None,
    after_frame: Callable[[pygame.Surface], None] | None = None,
) -> None:
    """Run ``scene`` until it finishes, the window closes, or ``until_ns`` passes."""
    clock = pygame.time.Clock()
    dirty = True
    while not scene.finished:
        now_ns = time.monotonic_ns()
        if until_ns is not None and now_ns >= until_ns:
            return
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            scene.handle_event(event)
            dirty = True
        dirty |= _drain(inputs, scene, now_ns)
        dirty |= scene.update(now_ns)
        if dirty:
            scene.draw(screen, now_ns)
            pygame.display.flip()
            if after_frame is not None:
                after_frame(screen)
            dirty = False
        clock.tick(FRAMES_PER_SECOND)


def _drain(inputs: queue.SimpleQueue[InputEvent], scene: Scene, now_ns: int) -> bool:
    drained = False
    while True:
        try:
            event = inputs.get_nowait()
        except queue.Empty:
            return drained
        scene.handle_input(event, now_ns)
        drained = True
