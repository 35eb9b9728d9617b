"""Every word on screen is in the catalogs (issue 19, item 5): each screen's sample, drawn at
both sizes in a pseudo-language that swaps every catalog message's letters for accented
look-alikes, shows no plain word (but the players' names and the devices' identifiers);
a word a screen or an engine makes without the catalog would show plain. Random play
through every game and mode reads every frame the same way (refusals, notices, menus)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.ui import widgets
from companion.ui.samples import sample_app
from companion.ui.scenes import Closable
from companion.ui.screenshot import SAMPLES
from tests.i18n.pseudo import pseudo, pseudo_language, untranslated
from tests.i18n.walk import GAMES, random_frames

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


@pytest.mark.parametrize("name", list(GAMES))
def test_random_play_shows_no_word_outside_the_catalogs(name: str, tmp_path: Path) -> None:
    """Random presses, clicks and waits through each game and mode, every frame read."""
    found: set[str] = set()
    with pseudo_language():
        for drawn in random_frames(tmp_path, name, size=(480, 320), steps=500, seed=1):
            found |= set(untranslated([d.words for d in drawn], SETTINGS_DATA))
    assert sorted(found) == []
