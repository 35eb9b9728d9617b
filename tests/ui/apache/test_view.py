"""The Pow-Wow timeline widget: words for every slap, dead heats and ignored presses."""

from __future__ import annotations

import itertools

import pygame
import pytest

from companion.input.events import Press
from companion.powwow import Window, resolve_window
from companion.rules.apache.cards import KINDS
from companion.ui import theme, widgets
from companion.ui.apache.glyphs import draw_kind
from companion.ui.apache.view import (
    draw_pending,
    draw_seat_button,
    draw_timeline,
    format_gap,
    gap_words,
    ignored_lines,
    slap_cells,
    slap_row_height,
    tie_lines,
    timeline_rows,
)


def resolved(
    *presses: tuple[str, int], card_ns: int | None = None, spent: set[str] | None = None
) -> Window:
    return resolve_window(
        [Press(control, t, "gpio:lgpio", i) for i, (control, t) in enumerate(presses)],
        index=4,
        closed_ns=10**10,
        resolved_ns=10**10,
        card_ns=card_ns,
        tie_window_ns=5_000,
        seed=9,
        spent=spent or set(),
    )


def test_gaps_are_milliseconds_with_three_decimals() -> None:
    assert format_gap(412_000) == "+0.412\u00a0ms"
    assert format_gap(0) == "+0.000\u00a0ms"
    assert format_gap(35_118_000) == "+35.118\u00a0ms"
    assert format_gap(-2_000_000) == "-2.000\u00a0ms", "an ignored press before the first slap"


def test_rows_in_final_order_with_seat_indian_gap_and_reaction() -> None:
    window = resolved(
        ("yellow.chief", 1_000_412_000), ("red.hunter", 1_000_000_000), card_ns=500_000_000
    )
    rows = timeline_rows(window)
    assert [(r.rank, r.seat, r.indian, r.gap) for r in rows] == [
        (1, "red", "hunter", "+0.000\u00a0ms"),
        (2, "yellow", "chief", "+0.412\u00a0ms"),
    ]
    assert rows[0].reaction == "react 0.500 s" and rows[0].tie is None


def test_a_dead_heat_is_marked_on_each_slap_and_explained() -> None:
    window = resolved(("red.hunter", 1_000_000_000), ("purple.hunter", 1_000_002_000))
    rows = timeline_rows(window)
    assert {r.tie for r in rows} == {"tie — drawn with R", "tie — drawn with P"}
    (line,) = tie_lines(window)
    assert line.startswith("dead heat P R (within 5 µs): drawn by lot")
    assert "(seed 9:4:0)" in line


def test_ignored_presses_are_listed_with_their_reason() -> None:
    window = resolved(("red.hunter", 1_000_000_000), ("red.chief", 1_080_250_000))
    assert ignored_lines(window) == [
        "R red chief +80.250\u00a0ms: second press, ignored (ruling A8)"
    ]
    again = resolved(("red.chief", 1_000_000_000), ("yellow.woman", 1_002_000_000), spent={"red"})
    assert again.opened_ns == 1_002_000_000, "the window opens with yellow's counted slap"
    assert ignored_lines(again) == [
        "R red chief -2.000\u00a0ms: already slapped on this card, ignored (ruling A8)"
    ]


def test_a_pending_press_of_a_seat_that_slapped_on_the_card_is_marked() -> None:
    pygame.display.init()
    pygame.font.init()
    presses = [Press("yellow.hunter", 5, "x", 0), Press("red.chief", 9, "x", 1)]
    area = pygame.Rect(10, 10, 460, 300)
    plain, marked = pygame.Surface((480, 320)), pygame.Surface((480, 320))
    draw_pending(plain, area, presses)
    draw_pending(marked, area, presses, slapped={"red"})
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB")


def test_drawing_a_timeline_lights_the_current_slap() -> None:
    pygame.display.init()
    pygame.font.init()
    window = resolved(
        ("red.hunter", 1_000_000_000),
        ("yellow.hunter", 1_000_002_000),
        ("red.woman", 1_000_100_000),
    )
    plain, focused = pygame.Surface((480, 320)), pygame.Surface((480, 320))
    area = pygame.Rect(10, 10, 460, 300)
    draw_timeline(plain, area, window)
    draw_timeline(focused, area, window, current=1, results=["loot"])
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(focused, "RGB")
    pending = pygame.Surface((480, 320))
    presses = [Press("red.hunter", 5, "x", 0), Press("red.chief", 9, "x", 1)]
    draw_pending(pending, area, presses)
    red = theme.SEAT_COLOURS["red"]
    assert any(pending.get_at((x, 30))[:3] == red for x in range(10, 120))


# --- the Indians' glyphs (colour-blind players tell them by shape) ----------------------------


def _glyph(kind: str, side: int) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    draw_kind(surface, kind, surface.get_rect(), theme.TEXT)
    return surface


def test_each_indian_has_a_shape_of_its_own_inside_its_square() -> None:
    masks = {kind: pygame.mask.from_surface(_glyph(kind, 48)) for kind in KINDS}
    for kind, mask in masks.items():
        assert mask.count() > 48 * 48 // 10, f"the {kind}'s glyph is too faint to read"
        drawn = mask.get_bounding_rects()
        assert all(pygame.Rect(0, 0, 48, 48).contains(r) for r in drawn), kind
    for first, second in itertools.combinations(KINDS, 2):
        ink_first, ink_second = masks[first], masks[second]
        shared = ink_first.overlap_area(ink_second, (0, 0))
        apart = ink_first.count() + ink_second.count() - 2 * shared
        assert apart > 48 * 48 // 10, f"{first} and {second} look alike"


def test_a_glyph_stays_in_its_rect_centred() -> None:
    surface = pygame.Surface((100, 60), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    draw_kind(surface, "hunter", pygame.Rect(20, 10, 60, 40), theme.TEXT)
    drawn = surface.get_bounding_rect()
    assert pygame.Rect(30, 10, 40, 40).contains(drawn), drawn


def test_an_unknown_indian_is_refused_with_the_kinds_named() -> None:
    with pytest.raises(ValueError, match=r"'shaman'.*chief, warrior, woman, hunter"):
        draw_kind(pygame.Surface((40, 40)), "shaman", pygame.Rect(0, 0, 40, 40), theme.TEXT)


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_a_slap_row_draws_its_indian_as_high_as_the_table_text(size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    height = slap_row_height(size)
    pad = max(3, height // 10)
    cells = slap_cells(pygame.Rect(0, 0, size[0], height).inflate(-2 * pad, -2 * pad), pad)
    table_line = widgets.line_height(theme.floor_px("table", size))
    assert cells.glyph.height >= table_line and cells.glyph.width == cells.glyph.height
    assert cells.glyph.right <= cells.gap.left and cells.badge.right <= cells.glyph.left
    area = pygame.Rect(0, 0, size[0], size[1])
    shown = {}
    for kind in ("chief", "hunter"):
        surface = pygame.Surface(size)
        with widgets.recorded_text() as drawn:
            draw_timeline(surface, area, resolved((f"red.{kind}", 1_000_000_000)))
        assert kind in [d.words for d in drawn], "the kind's word stays beside its glyph"
        glyph = cells.glyph.move(area.left + pad, area.top + pad)
        shown[kind] = pygame.image.tobytes(surface.subsurface(glyph), "RGB")
    assert shown["chief"] != shown["hunter"]


@pytest.mark.parametrize("indian", KINDS)
def test_a_seat_button_shows_the_glyph_and_keeps_the_words_where_they_fit(indian: str) -> None:
    pygame.display.init()
    pygame.font.init()
    wide, narrow = pygame.Rect(0, 0, 150, 36), pygame.Rect(0, 100, 60, 36)
    surface = pygame.Surface((480, 320))
    with widgets.recorded_text() as drawn:
        draw_seat_button(surface, wide, f"red.{indian}", role="body")
        draw_seat_button(surface, narrow, f"yellow.{indian}", role="body")
    wide_words, narrow_words = (d.words for d in drawn)
    assert wide_words == f"R {indian}"
    assert narrow_words in (indian, "Y"), "a narrow button keeps some words"
    ink = theme.text_colour_on(theme.SEAT_COLOURS["red"])
    glyph_area = pygame.Rect(3, 3, 30, 30)
    assert any(
        surface.get_at((x, y))[:3] == ink
        for x in range(glyph_area.left, glyph_area.right)
        for y in range(glyph_area.top, glyph_area.bottom)
    ), "the glyph is drawn on the button's left in its ink"


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
def test_a_pow_wow_with_many_presses_never_outgrows_its_area(size: tuple[int, int]) -> None:
    from companion.ui.apache.view import draw_pending

    pygame.font.init()
    surface = pygame.Surface(size)
    area = pygame.Rect(0, 80, size[0], size[1] - 120)
    seats = ("red", "yellow", "purple", "blue", "green")
    presses = [Press(f"{seats[k % 5]}.{KINDS[k % 4]}", 1_000_000 * k, "gpio", k) for k in range(60)]
    with widgets.recorded_text() as drawn:
        draw_pending(surface, area, presses)
    gaps = [text.words for text in drawn if text.words.startswith("+") and "ms" in text.words]
    room = (area.height + 3) // (32 * size[1] // 320 + 3)
    assert 1 <= len(gaps) < room, "a row per seat that fits, and a line for the rest"
    assert drawn[-1].words.endswith("55 presses not counted (A8: one slap per Pow-Wow)")
    assert not any(text.cut_short or text.drawn_px < text.floor_px for text in drawn)


def test_a_gap_too_wide_for_its_row_loses_decimals_not_digits() -> None:
    assert gap_words(134_819_000) == ["+134.819\u00a0ms", "+134.8\u00a0ms", "+135\u00a0ms"]
    pygame.font.init()
    window = resolved(("red.chief", 1_000_000_000), ("yellow.chief", 1_134_819_000))
    surface = pygame.Surface((480, 320))
    with widgets.recorded_text() as drawn:
        draw_timeline(surface, pygame.Rect(200, 60, 270, 150), window)
    gaps = [text for text in drawn if text.words.startswith("+")]
    assert [text.cut_short for text in gaps] == [False, False]
    assert gaps[1].words == "+134.8\u00a0ms", "the row at 480x320 has room for one decimal"
