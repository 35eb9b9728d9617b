"""Layouts hold in every language (issue 19, item 4): every screen's sample, in English,
German and French at 480x320 and 800x480, draws no text below its role's floor, none cut
short to fit its box, and no character the bundled font lacks."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pygame.freetype
import pytest

from companion import i18n
from companion.ui import theme, widgets
from companion.ui.samples import sample_app
from companion.ui.scenes import Closable
from companion.ui.screenshot import SAMPLES

SIZES = ((480, 320), (800, 480))
LANGUAGES = tuple(i18n.LANGUAGES)
NO_BREAK = str.maketrans({"\u00a0": " ", "\u202f": " "})


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def drawn_in(language: str, scene: str, size: tuple[int, int]) -> list[widgets.TextDraw]:
    """Every text ``scene``'s sample draws at ``size`` in ``language``."""
    i18n.set_language(language)
    pygame.display.init()
    pygame.font.init()
    with sample_app(size) as app:
        shown, now_ns = SAMPLES[scene](app)
        with widgets.recorded_text() as drawn:
            shown.draw(pygame.Surface(size), now_ns)
        if isinstance(shown, Closable):
            shown.close()
    return drawn


def missing_glyphs(words: str) -> set[str]:
    """The characters of ``words`` the font lacks (``pygame.font`` draws a box for them;
    ``freetype`` says None); the no-break spaces are drawn as spaces, as wide or narrower."""
    drawn = words.translate(NO_BREAK)
    pygame.freetype.init()
    face = pygame.freetype.Font(None, 24)
    return {c for c, metrics in zip(drawn, face.get_metrics(drawn), strict=True) if not metrics}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", list(SAMPLES))
def test_every_screen_holds_in_every_language(
    scene: str, size: tuple[int, int], language: str
) -> None:
    drawn = drawn_in(language, scene, size)
    assert drawn, "the screen draws text"
    assert [d.words for d in drawn if d.drawn_px < d.floor_px] == [], "below the floor"
    assert [d.words for d in drawn if d.cut_short] == [], "cut short to fit"
    lacking = {d.words: missing_glyphs(d.words) for d in drawn if missing_glyphs(d.words)}
    assert lacking == {}, "characters the font lacks"


def test_the_font_has_every_letter_the_languages_use() -> None:
    pygame.freetype.init()
    assert missing_glyphs("äöüÄÖÜß éèêëàâçîïôûùœŒÉÈÀÇ «» \u00a0\u202f’…–—×−") == set()
    assert missing_glyphs("\u4e00") == {"\u4e00"}, "the check finds a missing one"


def test_no_break_spaces_are_drawn_as_spaces() -> None:
    pygame.font.init()
    face = theme.font(40)
    spaced = pygame.mask.from_surface(face.render("a b", True, (255, 255, 255)))
    for no_break in ("\u00a0", "\u202f"):
        drawn = face.render(f"a{no_break}b", True, (255, 255, 255))
        assert pygame.mask.from_surface(drawn).count() == spaced.count(), "no box drawn"
