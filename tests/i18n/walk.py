"""Random play through a game's screens, for the language checks: presses, clicks and
waits (its menu, rules help, settings, refusals and notices; a new game whenever one is
left), every frame drawn and its texts recorded."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame

from companion.input.events import Press
from companion.ui import widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.scenes import BaseScene
from companion.ui.setup_model import GameSetup
from tests.ui.helpers import make_app, start_game

SEATS = ("red.chief", "yellow.warrior", "purple.woman", "blue.hunter", "red.hunter", "yellow.chief")
GAMES: dict[str, tuple[GameSetup, int, str]] = {
    "apache-tracker": (APACHE_SETUP, 3, "tracker"),
    "apache-full": (APACHE_SETUP, 3, "full"),
    "apocalypse-tracker": (APOCALYPSE_SETUP, 4, "tracker"),
    "apocalypse-full": (APOCALYPSE_SETUP, 4, "full"),
    "paris-tracker": (PARIS_SETUP, 4, "tracker"),
    "paris-full": (PARIS_SETUP, 4, "full"),
}
"""Each game and mode by name: its setup, its players, its mode."""


def random_frames(
    games_dir: Path,
    name: str,
    *,
    size: tuple[int, int],
    steps: int,
    seed: int,
    before_step: Callable[[], None] = lambda: None,
) -> Iterator[list[widgets.TextDraw]]:
    """The texts of every frame of ``steps`` random steps through the game ``name``
    (``GAMES``) at ``size``; ``before_step`` runs first each time."""
    game, players, mode = GAMES[name]
    rng = random.Random(seed)
    app = make_app(games_dir, seed=3)
    app.size = size
    surface, now = pygame.Surface(size), 0
    app.monotonic_ns = lambda: now  # a click's press stamped on the walk's clock: repeatable
    try:
        for step in range(steps):
            before_step()
            if app.stack.top is None:
                start_game(app, game, BaseScene, players=players, mode=mode)
            now += rng.choice([1_000_000, 30_000_000, 400_000_000, 2_000_000_000])
            _act(app.stack.top, rng, now, step, size)
            app.stack.update(now)
            if app.stack.top is None:
                continue
            with widgets.recorded_text() as drawn:
                app.stack.top.draw(surface, now)
            yield drawn
    finally:
        app.stack.close()


def _act(top: Any, rng: random.Random, now: int, step: int, size: tuple[int, int]) -> None:
    chance = rng.random()
    if chance < 0.25:
        top.handle_input(Press(rng.choice(SEATS), now, "sim", step), now)
    elif chance < 0.3:
        top.click((rng.randrange(size[0]), rng.randrange(size[1])), now)
    else:
        top.nav(rng.choices(["previous", "next", "select", "back"], [3, 3, 5, 0.3])[0], now)
