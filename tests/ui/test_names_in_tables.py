"""Names wherever a colour shows (issue 18, item 1): the tables whose rows show only the
seats (results, the Apache players table and count, the Apocalypse round's scores, the Paris
bank) say who sits where under them, the seat's letter first; the gang buttons name their
player where the name fits; a headline too long with the names gives way to the seats.
Checked with 16-character names on the screenshot samples at both table sizes."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme, widgets
from companion.ui.samples import sample_app
from companion.ui.screenshot import SAMPLES

LONG_NAMES = ("Maximiliane Kööp", "Bartholomew Jrrr", "Cleopatra Smithy", "Dmitri Ivanovich")
SEATS = ("red", "yellow", "purple", "blue", "green", "P1", "P2", "P3", "P4", "P5")
NAMES = {seat: LONG_NAMES[index % len(LONG_NAMES)] for index, seat in enumerate(SEATS)}
SIZES = ((480, 320), (800, 480))
EVERY_SIZE = [
    "apache-full-results",
    "apache-tracker-results",
    "apocalypse-full-results",
    "apocalypse-tracker-results",
    "paris-full-results",
    "paris-tracker-results",
    "apache-tracker-play",
    "apache-tracker-count",
]
ROOM_PERMITTING = ["apocalypse-tracker-score", "paris-tracker-turn"]
"""Screens full at 480x320 that show who sits where when there is room: with names of up
to eight letters at both sizes (the question names the player asked either way)."""
SHORT_NAMES = {seat: name[:8].strip() for seat, name in NAMES.items()}


def _drawn(
    scene: str, size: tuple[int, int], names: dict[str, str] = NAMES
) -> list[widgets.TextDraw]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    with sample_app(size) as app:
        shown, now_ns = SAMPLES[scene](app)
        shown.model.names = dict(names)  # type: ignore[attr-defined]
        with widgets.recorded_text() as drawn:
            shown.draw(surface, now_ns)
        shown.model.close()  # type: ignore[attr-defined]
    return drawn


def _seats_named(drawn: list[widgets.TextDraw], names: dict[str, str]) -> list[str]:
    shown = " ".join(text.words for text in drawn)
    labels = [f"{theme.SEAT_LETTERS.get(seat, seat)} {name}" for seat, name in names.items()]
    return [label for label in labels if label in shown]


def _check(scene: str, size: tuple[int, int], names: dict[str, str]) -> None:
    drawn = _drawn(scene, size, names)
    named = _seats_named(drawn, names)
    assert len(named) >= 3, f"{scene} at {size} names {named}"
    assert not [text.words for text in drawn if text.cut_short], "nothing cut short"
    assert all(text.drawn_px >= text.floor_px for text in drawn)


@pytest.mark.parametrize(("scene", "size"), [(s, size) for s in EVERY_SIZE for size in SIZES])
def test_the_table_says_who_sits_where_whole(scene: str, size: tuple[int, int]) -> None:
    _check(scene, size, NAMES)


@pytest.mark.parametrize(("scene", "size"), [(s, size) for s in ROOM_PERMITTING for size in SIZES])
def test_a_full_screen_says_who_sits_where_when_names_are_short(
    scene: str, size: tuple[int, int]
) -> None:
    _check(scene, size, SHORT_NAMES)


def test_the_key_lines_break_between_seats_not_inside_a_name() -> None:
    pygame.font.init()
    entries = [f"R {LONG_NAMES[0]}", f"Y {LONG_NAMES[1]}", f"P {LONG_NAMES[2]}"]
    size = theme.floor_px("body", (480, 320))
    one = widgets.text_width(entries[0], size)
    lines = widgets.key_lines(entries, size, one + 20)
    assert lines == entries, "each on its own line when two do not fit"
    assert widgets.key_lines(entries, size, 10_000) == [" · ".join(entries)]
    assert widgets.key_lines([], size, 100) == []


def test_the_gang_buttons_name_their_player_where_it_fits() -> None:
    drawn = _drawn("paris-tracker-holder", SIZES[1])
    words = [text.words for text in drawn]
    assert "P Maximiliane Kööp" in words or "P Cleopatra Smithy" in words, words


def test_a_headline_too_long_with_the_names_gives_way_to_the_seats() -> None:
    drawn = _drawn("apache-tracker-results", SIZES[0])
    headline = next(text for text in drawn if "victory" in text.words.lower())
    assert not headline.cut_short
    assert "R red" in " ".join(t.words for t in drawn), "the shared victory by the seats"


def test_the_piles_name_every_player_or_none() -> None:
    short = {"red": "Al", "yellow": "Bea", "purple": "Cy"}
    words = [text.words for text in _drawn("apache-tracker-count", SIZES[1], short)]
    assert {"R Al", "Y Bea", "P Cy"} <= set(words)
    mixed = {**short, "purple": LONG_NAMES[0]}
    words = [text.words for text in _drawn("apache-tracker-count", SIZES[1], mixed)]
    assert {"R red", "Y yellow", "P purple"} <= set(words), "one too long: the colours"


@pytest.mark.parametrize("size", SIZES)
def test_the_full_games_players_column_never_cuts_a_name(size: tuple[int, int]) -> None:
    drawn = _drawn("apache-full-play", size)
    assert not [text.words for text in drawn if text.cut_short]
    shown = {text.words for text in drawn}
    assert shown & {NAMES["red"], NAMES["red"].split()[0], "you"}, "the person's row says who"


GAME_SCENES = [name for name in SAMPLES if name.startswith(("apache", "apocalypse", "paris"))]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", GAME_SCENES)
def test_no_screen_cuts_a_word_short_for_a_long_name(scene: str, size: tuple[int, int]) -> None:
    """Every game screen with a 16-character name at every seat: a name that does not fit
    gives way (to its first word, to the seat), it is never cut, nor anything else."""
    drawn = _drawn(scene, size)
    assert not [text.words for text in drawn if text.cut_short]
    assert all(text.drawn_px >= text.floor_px for text in drawn)
