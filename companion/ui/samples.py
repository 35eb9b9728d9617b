"""What every game's screenshot samples share: a fixed app, fixed clocks and seed, and
sessions journaled in the app's temporary games directory.

Each game lists its samples in ``companion.ui.<game>.samples.SAMPLES`` (scene name ->
function of the app giving a scene in its sample state and the time to draw it at);
``companion screenshot`` (``screenshot.py``) renders them all.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, Protocol

import pygame

from companion.input.events import Press
from companion.session import Session
from companion.ui.scenes import AppContext, SceneStack

SAMPLE_WALL: Final = 1_735_761_600.0  # 2025-01-01 20:00 UTC
SAMPLE_SEED: Final = 7
SECOND: Final = 1_000_000_000
MS: Final = 1_000_000


class Draws(Protocol):
    def draw(self, surface: pygame.Surface, now_ns: int) -> None: ...


Drawable = tuple[Draws, int]
"""A scene in its sample state, and the time to draw it at."""
Sample = Callable[[AppContext], Drawable]


@contextmanager
def sample_app(size: tuple[int, int]) -> Iterator[AppContext]:
    """An app whose clocks, seed and games directory (temporary) are fixed."""
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as directory:
        yield AppContext(
            size=size,
            stack=SceneStack(),
            games_dir=Path(directory),
            monotonic_ns=lambda: 0,
            wall_clock=lambda: SAMPLE_WALL,
            new_seed=lambda: SAMPLE_SEED,
        )


def sample_session(
    app: AppContext, engine: Any, setup: Mapping[str, Any], *, auto_chance: bool
) -> Session[Any, Any]:
    """A new game of ``engine`` journaled in the sample app's folder, its clock fixed."""
    ticks = itertools.count()
    return Session.start(
        engine,
        setup,
        SAMPLE_SEED,
        app.games_dir / f"{engine.name}-sample.jsonl",
        auto_chance=auto_chance,
        clock=lambda: SAMPLE_WALL + next(ticks),
    )


def sample_press(control: str, t_ns: int, seq: int) -> Press:
    """A press as the lgpio pin factory stamps it."""
    return Press(control, t_ns, "gpio:lgpio", seq)
