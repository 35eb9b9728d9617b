"""The Pow-Wow timeline widget: words for every slap, dead heats and ignored presses."""

from __future__ import annotations

import pygame

from companion.input.events import Press
from companion.powwow import Window, resolve_window
from companion.ui import theme
from companion.ui.apache.view import (
    draw_pending,
    draw_timeline,
    format_gap,
    ignored_lines,
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
    assert format_gap(412_000) == "+0.412 ms"
    assert format_gap(0) == "+0.000 ms"
    assert format_gap(35_118_000) == "+35.118 ms"
    assert format_gap(-2_000_000) == "-2.000 ms", "an ignored press before the first slap"


def test_rows_in_final_order_with_seat_indian_gap_and_reaction() -> None:
    window = resolved(
        ("yellow.chief", 1_000_412_000), ("red.hunter", 1_000_000_000), card_ns=500_000_000
    )
    rows = timeline_rows(window)
    assert [(r.rank, r.seat, r.indian, r.gap) for r in rows] == [
        (1, "red", "hunter", "+0.000 ms"),
        (2, "yellow", "chief", "+0.412 ms"),
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
    assert ignored_lines(window) == ["R red chief +80.250 ms: second press, ignored (ruling A8)"]
    again = resolved(("red.chief", 1_000_000_000), ("yellow.woman", 1_002_000_000), spent={"red"})
    assert again.opened_ns == 1_002_000_000, "the window opens with yellow's counted slap"
    assert ignored_lines(again) == [
        "R red chief -2.000 ms: already slapped on this card, ignored (ruling A8)"
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
