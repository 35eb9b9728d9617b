"""The theme: every character the screens may draw exists in the bundled font (a missing
one shows as a box on the table's screen), seats named letter first, ink that reads on its
background."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.ui import theme

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"


def test_every_non_ascii_character_in_the_screens_has_a_glyph() -> None:
    pygame.font.init()
    font = theme.font(20)
    used = {
        char
        for source in UI.rglob("*.py")
        for char in source.read_text(encoding="utf-8")
        if ord(char) > 127
    }
    box = pygame.image.tobytes(font.render("\ue000", True, (255, 255, 255)), "RGBA")

    def drawn_as_the_box(char: str) -> bool:
        return pygame.image.tobytes(font.render(char, True, (255, 255, 255)), "RGBA") == box

    assert drawn_as_the_box("\u2192"), "an arrow has no glyph: the check can see a missing one"
    missing = sorted(char for char in used if drawn_as_the_box(char))
    assert not missing, f"no glyph in the bundled font for {missing}: use plain words"
    assert used, "the screens use a few (an em dash, the multiplication sign)"


def test_a_seat_is_named_with_its_letter_first() -> None:
    assert theme.seat_name("purple") == "P purple"
    assert len({theme.SEAT_LETTERS[colour] for colour in theme.SEAT_COLOURS}) == 6


def test_ink_reads_on_its_background() -> None:
    assert theme.text_colour_on(theme.SEAT_COLOURS["yellow"]) == (16, 16, 16)
    assert theme.text_colour_on(theme.SEAT_COLOURS["blue"]) == theme.TEXT
    assert theme.mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
