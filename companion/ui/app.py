"""The pygame-ce main loop: events, queued presses, update, draw only when something changed.

Only the main thread touches pygame. Input sources run on their own threads and only put
events on the queue this loop drains.
"""

from __future__ import annotations

import os
import queue
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, Protocol

import pygame

from companion.errors import ConfigError, DeviceError
from companion.input.events import InputEvent

FRAMES_PER_SECOND = 60
FRAME_NS = 1_000_000_000 // FRAMES_PER_SECOND


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


SMALLEST: Final = (480, 320)
"""The smallest panel the screens are laid out for."""
LARGEST: Final = (3840, 2160)
"""The largest window or picture: a 4K monitor (a 30000x30000 picture would take 3.6 GB)."""


def parse_size(text: str) -> tuple[int, int]:
    """``"800x480"`` -> ``(800, 480)``, with an error that names the bad value."""
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", text.strip())
    if match is None:
        raise ConfigError(f"--size {_short(text)!r} is not WIDTHxHEIGHT; write it like 800x480")
    size = (int(match[1]), int(match[2]))
    if not (SMALLEST[0] <= size[0] <= LARGEST[0] and SMALLEST[1] <= size[1] <= LARGEST[1]):
        raise ConfigError(
            f"--size {text!r} is out of range; from {SMALLEST[0]}x{SMALLEST[1]} (the smallest "
            f"panel) to {LARGEST[0]}x{LARGEST[1]}"
        )
    return size


def save_png(surface: pygame.Surface, path: Path, *, option: str) -> None:
    """Write ``surface`` to the PNG file ``path``, given by the command line's ``option``
    (``--out``). Refuses, with ``ConfigError`` naming the option: a folder, a name not
    ending in ``.png``, a folder that does not exist (it is never created), a file that
    cannot be written."""
    shown = _short(str(path))
    if path.is_dir():
        raise ConfigError(f"{option} {shown}: a folder; give a file name ending in .png")
    if path.suffix.lower() != ".png":
        raise ConfigError(f"{option} {shown}: give a file name ending in .png")
    if not path.parent.is_dir():
        raise ConfigError(
            f"{option} {shown}: the folder {_short(str(path.parent))} does not exist; create it "
            "first"
        )
    try:
        pygame.image.save(surface, str(path))
    except (OSError, pygame.error) as error:
        raise ConfigError(f"{option} {shown}: cannot be written ({error})") from None


def existing_folder(path: Path, *, option: str) -> Path:
    """``path`` if it is a folder; else ``ConfigError`` naming ``option`` (``--dir``)."""
    if not path.is_dir():
        what = "not a folder" if path.exists() else "no such folder; create it first"
        raise ConfigError(f"{option} {_short(str(path))}: {what}")
    return path


def _short(text: str, limit: int = 160) -> str:
    """``text``, or its start and an ellipsis when it is longer than ``limit``."""
    return text if len(text) <= limit else f"{text[:limit]}..."


def open_display(size: tuple[int, int], *, fullscreen: bool, title: str) -> pygame.Surface:
    """Open the window (or the whole screen; kmsdrm on a Pi without X)."""
    try:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(title)
        flags = pygame.FULLSCREEN if fullscreen else 0
        return pygame.display.set_mode((0, 0) if fullscreen else size, flags)
    except pygame.error as error:
        driver = os.environ.get("SDL_VIDEODRIVER", "(not set)")
        raise DeviceError(
            f"cannot open the display ({error}; SDL_VIDEODRIVER={driver}). On a desktop, run "
            "inside the graphical session; on a Pi without X, run as a user in the video, "
            "render and input groups (SDL_VIDEODRIVER=kmsdrm); or use --text"
        ) from error


IDLE_POLL_S = 1 / 30
"""An idle loop sleeps on the input queue this long between looks at pygame's own events
(keys, touches); presses from the buttons wake it at once. (SDL's own event wait costs
more CPU than this on X11, and polls every millisecond on kmsdrm and dummy.)"""


class Inbox:
    """The queue between input sources (any thread) and the main loop."""

    def __init__(self) -> None:
        self._events: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
        self._held: InputEvent | None = None

    def put(self, event: InputEvent) -> None:
        """Called by sources on their own threads."""
        self._events.put(event)

    def is_empty(self) -> bool:
        return self._held is None and self._events.empty()

    def get_nowait(self) -> InputEvent | None:
        if self._held is not None:
            event, self._held = self._held, None
            return event
        try:
            return self._events.get_nowait()
        except queue.Empty:
            return None

    def wait(self, timeout_s: float) -> InputEvent | None:
        """The next event, waiting up to ``timeout_s`` for one."""
        event = self.get_nowait()
        if event is not None:
            return event
        try:
            return self._events.get(timeout=timeout_s)
        except queue.Empty:
            return None

    def wait_for_any(self, timeout_s: float) -> None:
        """Sleep until an event is waiting (it stays first in line) or the time is up."""
        if self._held is None:
            self._held = self.wait(timeout_s)


def run_loop(
    screen: pygame.Surface,
    scene: Scene,
    inbox: Inbox,
    *,
    until_ns: int | None = None,
    after_frame: Callable[[pygame.Surface], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> None:
    """Run ``scene`` until it finishes, the window closes, ``until_ns`` passes or ``stop()``
    says so (asked at least every ``IDLE_POLL_S``).

    While something animates it draws up to 60 frames a second; when the screen is static
    it sleeps until an input event, a pygame event or ``until_ns`` wakes it. A press is
    drawn as soon as it arrives, between animation frames too.
    """
    dirty, busy = True, True
    next_frame_ns = 0
    while not scene.finished:
        events = _next_events(inbox, busy=busy, until_ns=until_ns, next_frame_ns=next_frame_ns)
        now_ns = time.monotonic_ns()
        if (until_ns is not None and now_ns >= until_ns) or (stop is not None and stop()):
            return
        for event in events:
            if event.type == pygame.QUIT:
                return
            scene.handle_event(event)
            dirty = True
        dirty |= _drain(inbox, scene, now_ns)
        busy = scene.update(now_ns)
        if dirty or (busy and now_ns >= next_frame_ns):
            scene.draw(screen, now_ns)
            pygame.display.flip()
            if after_frame is not None:
                after_frame(screen)
            dirty = False
            next_frame_ns = now_ns + FRAME_NS


def _next_events(
    inbox: Inbox, *, busy: bool, until_ns: int | None, next_frame_ns: int
) -> list[pygame.event.Event]:
    """pygame's pending events, after sleeping on the input queue: while animating until
    the next frame is due, when idle up to ``IDLE_POLL_S``. A press wakes it at once, so it
    is drawn without waiting for the frame clock."""
    if inbox.is_empty():
        now_ns = time.monotonic_ns()
        timeout_s = max(0.0, (next_frame_ns - now_ns) / 1e9) if busy else IDLE_POLL_S
        if until_ns is not None:
            timeout_s = min(timeout_s, max(0.0, (until_ns - now_ns) / 1e9))
        if timeout_s > 0:
            inbox.wait_for_any(timeout_s)
    return pygame.event.get()


def _drain(inbox: Inbox, scene: Scene, now_ns: int) -> bool:
    drained = False
    while (event := inbox.get_nowait()) is not None:
        scene.handle_input(event, now_ns)
        drained = True
    return drained
