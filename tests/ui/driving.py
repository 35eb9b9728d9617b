"""`companion run` driven end to end for the tests: the real main loop, simulated pins pressed
by keyboard events, each ``Step``'s keys posted once a frame shows what it waits for."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

import pygame

from companion.input.debounce import DebounceSettings
from companion.input.pinmap import load_profile
from companion.ui.app import Inbox, open_display, run_loop
from companion.ui.menu import MenuScene
from companion.ui.run import build_app
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.setup import SetupScene
from companion.ui.sources import open_input

SIZE: Final = (480, 320)
QUICK_KEYS: Final = DebounceSettings(glitch_quiet_ns=1, release_quiet_ns=1)
"""The test presses the next key as soon as a frame shows the last one's effect, which can
be 5 ms after it: within the 10 ms a released button is given to stop bouncing, so the
same button pressed again would be taken as a bounce. No hand presses that fast."""
SAFETY_NET_NS: Final = 30_000_000_000
"""How long a run may take at the most (never reached: the last step quits)."""

S = TypeVar("S", bound=BaseScene)


def tap(*keys: int) -> Callable[[AppContext], None]:
    """Post a key-down and key-up per key (the keyboard presses a simulated pin)."""

    def post(app: AppContext) -> None:
        for key in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))

    return post


@dataclass
class Step:
    """When ``ready`` holds after a frame, ``then`` posts the next keys."""

    what: str
    ready: Callable[[AppContext], bool]
    then: Callable[[AppContext], None]


def on(
    kind: type[S], check: Callable[[S], bool] = lambda scene: True
) -> Callable[[AppContext], bool]:
    """Ready when the top scene is a ``kind`` and ``check`` holds for it."""

    def ready(app: AppContext) -> bool:
        scene = app.stack.top
        return isinstance(scene, kind) and check(scene)

    return ready


def top(app: AppContext) -> object:
    """The top scene, read afresh (mypy would keep an earlier narrowing)."""
    return app.stack.top


def on_menu(check: Callable[[MenuScene], bool]) -> Callable[[AppContext], bool]:
    return on(MenuScene, check)


def on_setup(check: Callable[[SetupScene], bool]) -> Callable[[AppContext], bool]:
    return on(SetupScene, check)


def on_row(key: str) -> Callable[[AppContext], bool]:
    """The setup shows with ``key``'s row focused and nothing being edited."""
    return on_setup(lambda s: not s.model.editing and s.model.row.key == key)


def run_app(
    games_dir: Path,
    steps: list[Step],
    *,
    seed: int | None = None,
    each_frame: Callable[[AppContext], None] = lambda app: None,
    after_steps: Callable[[AppContext], None] = lambda app: None,
    budget_ns: int = SAFETY_NET_NS,
    **build: Any,
) -> AppContext:
    """``companion run`` (``build_app`` given ``build``; its games' seed ``seed``) from the
    start menu until the app quits. After each frame: ``each_frame``, then the next of
    ``steps`` taken once it is ready; once they all are, ``after_steps``."""
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    screen = open_display(SIZE, fullscreen=False, title="test")
    pygame.event.clear()
    done: list[str] = []
    with open_input("sim", profile, inbox.put, debounce=QUICK_KEYS) as opened:
        app = build_app(SIZE, games_dir=games_dir, opened=opened, profile=profile, **build)
        if seed is not None:
            app.new_seed = lambda: seed

        def after_frame(surface: pygame.Surface) -> None:
            each_frame(app)
            if len(done) == len(steps):
                after_steps(app)
            elif steps[len(done)].ready(app):
                step = steps[len(done)]
                done.append(step.what)
                step.then(app)

        deadline = time.monotonic_ns() + budget_ns
        try:
            run_loop(screen, app.stack, inbox, until_ns=deadline, after_frame=after_frame)
        finally:
            app.close_history()  # as the program leaving: what was asked is written
    assert done == [step.what for step in steps]
    return app


def play_through(
    games_dir: Path, steps: list[Step], results: type[S], *, seed: int | None = None, **build: Any
) -> tuple[AppContext, S]:
    """``run_app`` taking ``steps`` to the end: the app, and the ``results`` scene it
    showed."""
    shown: list[S] = []

    def watch(app: AppContext) -> None:
        scene = app.stack.top
        if isinstance(scene, results) and not shown:
            shown.append(scene)

    app = run_app(games_dir, steps, seed=seed, each_frame=watch, **build)
    assert shown, f"no {results.__name__} was shown"
    return app, shown[0]
