"""The Pow-Wow timeline: a resolved ``powwow.Window`` drawn as the table reads it.

One row per counted slap in final order: rank, the seat's colour with its letter, the
Indian pressed, the gap to the first slap in milliseconds with three decimals
(``+0.412 ms``), the reaction time from the card turn when it is known, and ``tie —
drawn`` on every slap of a dead heat (ruling A5: slaps within the tie window are settled
by a logged, seeded draw). Presses that did not count (a second press by the same player,
ruling A8; a duplicate) are listed small underneath. Used by the TRACKER screens and, later,
the FULL mode: nothing here depends on the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from companion.input.controls import button_of, seat_of
from companion.input.events import Press
from companion.powwow import DUPLICATE, LATE, REPEAT, Window
from companion.ui import theme, widgets

REASONS: Final = {
    REPEAT: "second press, ignored (ruling A8)",
    DUPLICATE: "delivered twice, ignored",
    LATE: "late, ignored (ruling A9)",
}

RESULT_COLOURS: Final[dict[str, theme.RGB]] = {
    "loot": theme.GOOD,
    "nothing": theme.TEXT_DIM,
    "penalty": theme.BAD,
}


def format_gap(gap_ns: float) -> str:
    """``412_000`` -> ``"+0.412 ms"``."""
    return f"+{gap_ns / 1e6:.3f} ms"


def format_reaction(reaction_ns: int) -> str:
    return f"react {reaction_ns / 1e9:.3f} s"


@dataclass(frozen=True, slots=True)
class TimelineRow:
    """One counted slap, as words."""

    rank: int
    seat: str
    indian: str
    gap: str
    reaction: str | None
    tie: str | None
    """``"tie — drawn with Y"`` for a slap in a dead heat."""


def timeline_rows(window: Window) -> list[TimelineRow]:
    return [
        TimelineRow(
            rank=slap.rank,
            seat=slap.seat,
            indian=slap.indian,
            gap=format_gap(slap.gap_ns),
            reaction=None if slap.reaction_ns is None else format_reaction(slap.reaction_ns),
            tie=(
                "tie — drawn with " + " ".join(theme.SEAT_LETTERS[s] for s in slap.tied_with)
                if slap.tied_with
                else None
            ),
        )
        for slap in window.slaps
    ]


def tie_lines(window: Window) -> list[str]:
    """One line per dead heat: who, and the order the draw gave."""
    lines = []
    for tie in window.ties:
        seats = " ".join(theme.SEAT_LETTERS[s] for s in tie.seats)
        order = " then ".join(theme.SEAT_LETTERS[s] for s in tie.order)
        micro = tie.tie_window_ns / 1000
        lines.append(
            f"dead heat {seats} (within {micro:g} µs): drawn by lot, {order} (seed {tie.material})"
        )
    return lines


def ignored_lines(window: Window) -> list[str]:
    """One line per press that did not count."""
    opened = window.opened_ns
    return [
        f"{widgets.seat_name(p.seat)} {button_of(p.control)} {format_gap(p.t_ns - opened)}: "
        f"{REASONS.get(p.reason, p.reason)}"
        for p in window.ignored
    ]


def draw_timeline(
    surface: pygame.Surface,
    rect: pygame.Rect,
    window: Window,
    *,
    current: int | None = None,
    results: Sequence[str] = (),
) -> None:
    """Draw ``window`` in ``rect``: slap rows, then the dead-heat and ignored lines, small.
    ``current`` highlights one slap (the one being confirmed); ``results`` marks the slaps
    already confirmed (``"loot"``, ``"nothing"``, ``"penalty"``), in order."""
    size = surface.get_size()
    small = [*tie_lines(window), *ignored_lines(window)]
    small_h = widgets.px(size, 15)
    row_area = rect.copy()
    row_area.height -= len(small) * small_h
    rows = timeline_rows(window)
    gap = widgets.px(size, 3)
    cells = widgets.rows(row_area, len(rows), height=widgets.px(size, 34), gap=gap)
    extra = bool(results) or any(r.tie or r.reaction for r in rows)
    weights = [0.6, 1.4, 2.2, 2.6, 3.4 if extra else 0.2]
    for index, (row, cell) in enumerate(zip(rows, cells, strict=True)):
        result = results[index] if index < len(results) else None
        _draw_row(surface, cell, row, weights, focused=index == current, result=result)
    top = (cells[-1].bottom if cells else rect.top) + gap
    for line in small:
        band = pygame.Rect(rect.left + widgets.px(size, 4), top, rect.width, small_h)
        colour = theme.WARN if line.startswith("dead heat") else theme.TEXT_DIM
        widgets.text(surface, line, round(small_h * 0.95), colour, band)
        top += small_h


def _draw_row(
    surface: pygame.Surface,
    cell: pygame.Rect,
    row: TimelineRow,
    weights: list[float],
    *,
    focused: bool,
    result: str | None,
) -> None:
    fill = theme.mix(theme.PANEL, theme.SEAT_COLOURS[row.seat], 0.18)
    widgets.panel(surface, cell, focused=focused, fill=fill)
    pad = max(3, cell.height // 8)
    inner = cell.inflate(-2 * pad, -2 * pad)
    rank, badge, indian, gap, extra = widgets.columns(inner, weights, gap=pad)
    big = round(inner.height * 0.95)
    widgets.text(surface, f"{row.rank}.", big, theme.TEXT, rank, bold=True)
    badge.width = min(badge.width, round(inner.height * 1.6))
    widgets.chip(surface, badge, row.seat)
    widgets.text(surface, row.indian, big, theme.TEXT, indian, bold=focused)
    widgets.text(surface, row.gap, big, theme.TEXT, gap, align="right")
    if result is not None:
        colour = RESULT_COLOURS.get(result, theme.TEXT)
        widgets.text(surface, result, big, colour, extra, align="right", bold=True)
    elif row.tie is not None:
        widgets.text(surface, row.tie, round(big * 0.85), theme.WARN, extra, align="right")
    elif row.reaction is not None:
        widgets.text(surface, row.reaction, round(big * 0.85), theme.TEXT_DIM, extra, align="right")


def draw_pending(surface: pygame.Surface, rect: pygame.Rect, presses: Sequence[Press]) -> None:
    """The presses of a window still being decided, in stamp order (provisional: a press
    still on its way may rank earlier, and a second press by a player will not count)."""
    size = surface.get_size()
    if not presses:
        return
    first = presses[0].t_ns
    cells = widgets.rows(rect, len(presses), height=widgets.px(size, 34), gap=widgets.px(size, 3))
    seen: set[str] = set()
    for press, cell in zip(presses, cells, strict=True):
        seat = seat_of(press.control) or "nav"
        widgets.panel(surface, cell, fill=theme.mix(theme.PANEL, theme.SEAT_COLOURS[seat], 0.12))
        pad = max(3, cell.height // 8)
        inner = cell.inflate(-2 * pad, -2 * pad)
        badge, indian, gap, extra = widgets.columns(inner, [1.4, 2.4, 2.8, 3.0], gap=pad)
        badge.width = min(badge.width, round(inner.height * 1.6))
        big = round(inner.height * 0.95)
        widgets.chip(surface, badge, seat)
        widgets.text(surface, button_of(press.control), big, theme.TEXT, indian)
        widgets.text(surface, format_gap(press.t_ns - first), big, theme.TEXT, gap, align="right")
        if seat in seen:
            widgets.text(
                surface, "2nd press", round(big * 0.85), theme.TEXT_DIM, extra, align="right"
            )
        seen.add(seat)
