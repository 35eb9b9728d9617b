"""Every word on screen is in the catalogs (issue 19, item 5): each screen's sample, drawn at
both sizes in a pseudo-language that swaps every catalog message's letters for accented
look-alikes, shows no plain word (but the players' names and the devices' identifiers);
a word a screen or an engine makes without the catalog would show plain. Random play
through every game and mode reads every frame the same way (refusals, notices, menus)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.input.events import Press
from companion.ui import widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.samples import sample_app
from companion.ui.scenes import BaseScene, Closable
from companion.ui.screenshot import SAMPLES
from companion.ui.setup_model import GameSetup
from tests.i18n.pseudo import pseudo, pseudo_language, untranslated
from tests.ui.helpers import make_app, start_game

DATA = ("Anna", "Benedikt", "Dora", "Cle", "gpio-dsi", "lgpio", "gpio", "yellow.hunter")
"""What the samples show that is not a word of the screens: the roster's names (and "Cle"
being typed), the doctor's profile, source, factory and control ids, and the keys."""
SETTINGS_DATA = ("English", "Deutsch", "Français", "gpio-dsi", "gpio-spi35", "usb-box")
"""The settings' values that are names: each language in its own words, the profiles."""


def drawn_texts(scene: str, size: tuple[int, int]) -> list[str]:
    pygame.display.init()
    pygame.font.init()
    with pseudo_language(), sample_app(size) as app:
        shown, now_ns = SAMPLES[scene](app)
        with widgets.recorded_text() as drawn:
            shown.draw(pygame.Surface(size), now_ns)
        if isinstance(shown, Closable):
            shown.close()
    return [draw.words for draw in drawn]


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
@pytest.mark.parametrize("scene", list(SAMPLES))
def test_every_word_on_screen_comes_from_the_catalogs(scene: str, size: tuple[int, int]) -> None:
    texts = [text for text in drawn_texts(scene, size) if not text.startswith("[")]  # keys
    assert untranslated(texts, DATA + SETTINGS_DATA) == []


def test_the_check_finds_a_plain_word() -> None:
    assert untranslated([pseudo("Back: {what}").format(what="undo")]) != []
    assert untranslated([pseudo("Back: {what}").format(what=pseudo("undo")), "P1 R8 12 ms"]) == []


SEATS = ("red.chief", "yellow.warrior", "purple.woman", "blue.hunter", "red.hunter", "yellow.chief")


@pytest.mark.parametrize("mode", ["tracker", "full"])
@pytest.mark.parametrize(
    ("game", "players"),
    [(APACHE_SETUP, 3), (APOCALYPSE_SETUP, 4), (PARIS_SETUP, 4)],
    ids=["apache", "apocalypse", "paris"],
)
def test_random_play_shows_no_word_outside_the_catalogs(
    game: GameSetup, players: int, mode: str, tmp_path: Path
) -> None:
    """Random presses, clicks and waits through a game (its menu, rules help, settings,
    refusals and notices; a new game when one is left), every frame drawn and read."""
    rng = random.Random(1)
    found: set[str] = set()
    with pseudo_language():
        app = make_app(tmp_path, seed=3)
        surface, now = pygame.Surface(app.size), 0
        for step in range(500):
            if app.stack.top is None:
                start_game(app, game, BaseScene, players=players, mode=mode)
            now += rng.choice([1_000_000, 30_000_000, 400_000_000, 2_000_000_000])
            _act(app.stack.top, rng, now, step, app.size)
            app.stack.update(now)
            if app.stack.top is None:
                continue
            with widgets.recorded_text() as drawn:
                app.stack.top.draw(surface, now)
            found |= set(untranslated([d.words for d in drawn], SETTINGS_DATA))
        app.stack.close()
    assert sorted(found) == []


def _act(top: Any, rng: random.Random, now: int, step: int, size: tuple[int, int]) -> None:
    chance = rng.random()
    if chance < 0.25:
        top.handle_input(Press(rng.choice(SEATS), now, "sim", step), now)
    elif chance < 0.3:
        top.click((rng.randrange(size[0]), rng.randrange(size[1])), now)
    else:
        top.nav(rng.choices(["previous", "next", "select", "back"], [3, 3, 5, 0.3])[0], now)
