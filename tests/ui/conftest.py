"""The UI tests' fixtures: ``app``, an app on the 480x320 panel over the test's own games
folder (``helpers.make_app``; a module changes its games' seed by overriding ``seed``), and
``screen``, a surface of each panel's size with the app set to it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.ui.scenes import AppContext
from tests.ui.helpers import SIZES, make_app


@pytest.fixture
def seed() -> int:
    """The seed the app gives its new games."""
    return 5


@pytest.fixture
def app(tmp_path: Path, seed: int) -> Iterator[AppContext]:
    made = make_app(tmp_path, seed=seed)
    yield made
    made.close_history()


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def screen(request: pytest.FixtureRequest, app: AppContext) -> pygame.Surface:
    """A surface of each panel's size; the app is set to that size."""
    app.size = request.param
    return pygame.Surface(app.size)
