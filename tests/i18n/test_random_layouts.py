"""Layouts hold in play, not only in the samples (issue 19, item 4): random presses, clicks
and waits through each game in German and French at both sizes draw no text cut short or
below its floor (refusals as brief messages grow over the screen's foot; chips keep their
letter; gaps lose decimals; a trick's headline comes whole; the Paris bank's settlement
line leaves off its first clauses before it is cut)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion import i18n
from companion.input.events import Press
from companion.ui import widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.scenes import BaseScene
from tests.ui.helpers import make_app, start_game

SEATS = ("red.chief", "yellow.warrior", "purple.woman", "blue.hunter", "red.hunter", "yellow.chief")
GAMES = {
    "apache-tracker": (APACHE_SETUP, 3, "tracker"),
    "apache-full": (APACHE_SETUP, 3, "full"),
    "apocalypse-tracker": (APOCALYPSE_SETUP, 4, "tracker"),
    "apocalypse-full": (APOCALYPSE_SETUP, 4, "full"),
    "paris-tracker": (PARIS_SETUP, 4, "tracker"),
    "paris-full": (PARIS_SETUP, 4, "full"),
}


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
@pytest.mark.parametrize("name", list(GAMES))
def test_random_play_keeps_every_text_whole(
    name: str, size: tuple[int, int], language: str, tmp_path: Path
) -> None:
    game, players, mode = GAMES[name]
    rng = random.Random(2)
    cut: set[str] = set()
    app = make_app(tmp_path, seed=3)
    app.size = size
    surface, now = pygame.Surface(size), 0
    for step in range(300):
        i18n.set_language(language)  # a walk through Settings may change it
        if app.stack.top is None:
            start_game(app, game, BaseScene, players=players, mode=mode)
        now += rng.choice([1_000_000, 30_000_000, 400_000_000, 2_000_000_000])
        _act(app.stack.top, rng, now, step, size)
        app.stack.update(now)
        if app.stack.top is None:
            continue
        with widgets.recorded_text() as drawn:
            app.stack.top.draw(surface, now)
        cut |= {d.words for d in drawn if d.cut_short or d.drawn_px < d.floor_px}
    app.stack.close()
    assert sorted(cut) == []


def _act(top: Any, rng: random.Random, now: int, step: int, size: tuple[int, int]) -> None:
    chance = rng.random()
    if chance < 0.25:
        top.handle_input(Press(rng.choice(SEATS), now, "sim", step), now)
    elif chance < 0.3:
        top.click((rng.randrange(size[0]), rng.randrange(size[1])), now)
    else:
        top.nav(rng.choices(["previous", "next", "select", "back"], [3, 3, 5, 0.3])[0], now)
