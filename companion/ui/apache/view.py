"""Drawing shared by the Apache screens (tracker and full game): the Pow-Wow timeline and
the results.

The timeline is a resolved ``powwow.Window`` drawn as the table reads it. One row per
counted slap in final order: rank, the seat's colour with its letter, the Indian pressed,
the gap to the first slap in milliseconds with three decimals (``+0.412 ms``), the reaction
time from the card turn when it is known, and ``tie — drawn`` on every slap of a dead heat
(ruling A5: slaps within the tie window are settled by a logged, seeded draw). Presses that
did not count (a second press by the same player in the window, or in the FULL game a press
by a player who has already slapped on the card, ruling A8; a duplicate) are listed small
underneath; a window still being decided is ``draw_pending``.

The results: the winners (ties share the victory, ruling A10), then a row per player with
the cards, the slaps and what they got, and the fastest / median / slowest time; what each
mode's page says is its ``ResultsPage``. ``draw_seat_button``: a seat button on screen (the
FULL game's hand, the TRACKER's slap pad).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from companion.input.controls import button_of, seat_of
from companion.input.events import Press
from companion.powwow import IGNORED_WORDS, Window
from companion.ui import theme, widgets
from companion.ui.apache.tracker_model import ApachePlayerResult, ApacheResults
from companion.ui.stats import victory_words

RESULT_COLOURS: Final[dict[str, theme.RGB]] = {
    "loot": theme.GOOD,
    "nothing": theme.TEXT_DIM,
    "penalty": theme.BAD,
}


def pow_wows(count: int) -> str:
    """``"1 Pow-Wow"``, ``"3 Pow-Wows"``: how many windows a game had."""
    return f"{count} Pow-Wow{'' if count == 1 else 's'}"


def format_gap(gap_ns: float) -> str:
    """``412_000`` -> ``"+0.412 ms"``; a press ignored before the window's first counted
    slap (a player who had already slapped on the card, ruling A8) -> ``"-2.000 ms"``."""
    return f"{gap_ns / 1e6:+.3f} ms"


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
        f"{theme.seat_name(p.seat)} {button_of(p.control)} {format_gap(p.t_ns - opened)}: "
        f"{IGNORED_WORDS.get(p.reason, p.reason)}"
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


def draw_pending(
    surface: pygame.Surface,
    rect: pygame.Rect,
    presses: Sequence[Press],
    *,
    slapped: Collection[str] = (),
) -> None:
    """The presses of a window still being decided, in stamp order (provisional: a press
    still on its way may rank earlier, and a second press by a player will not count).
    ``slapped``: the seats that have already slapped on the card face up (the FULL game,
    ruling A8): their presses are marked, they will not count either."""
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
        note = "already slapped" if seat in slapped else "2nd press" if seat in seen else None
        if note is not None:
            widgets.text(surface, note, round(big * 0.85), theme.TEXT_DIM, extra, align="right")
        seen.add(seat)


def draw_seat_button(
    surface: pygame.Surface, rect: pygame.Rect, control: str, *, scale: float
) -> None:
    """A seat button on screen (``"red.chief"``): its seat's colour, letter and Indian;
    the words ``scale`` of its height."""
    colour, _, indian = control.partition(".")
    fill = theme.SEAT_COLOURS[colour]
    pygame.draw.rect(surface, fill, rect, border_radius=max(3, rect.height // 5))
    words = f"{theme.SEAT_LETTERS[colour]} {indian}"
    ink, inner = theme.text_colour_on(fill), rect.inflate(-4, 0)
    widgets.text(surface, words, round(rect.height * scale), ink, inner, align="center", bold=True)


# --- the results -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResultsPage:
    """What a mode's results page says: its title, the label over the three times and their
    decimals, the columns (the cards, the counts, the times) and the footer's hint."""

    title: str
    times_label: str
    decimals: int
    columns: tuple[str, ...]
    hint: str


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One player's row on a results page: the values in the page's column order."""

    colour: str
    winner: bool
    values: tuple[str, ...]


def result_line(player: ApachePlayerResult, counts: Sequence[int], *, decimals: int) -> ResultLine:
    """A player's row: the cards, ``counts`` (slaps, ...), then the three times in
    milliseconds with ``decimals`` decimals ("—" without a time)."""
    times = (player.fastest_ns, player.median_ns, player.slowest_ns)
    ms = ("—" if t is None else f"{t / 1e6:.{decimals}f}" for t in times)
    return ResultLine(player.colour, player.winner, (*map(str, (player.cards, *counts)), *ms))


def winner_words(winners: tuple[str, ...], cards: int) -> str:
    """The results headline; ties share the victory (ruling A10)."""
    names = [theme.seat_name(colour) for colour in winners]
    return victory_words(names, each=f"{cards} cards each (ruling A10)", alone=f"{cards} cards")


def draw_results(
    surface: pygame.Surface,
    results: ApacheResults[ApachePlayerResult],
    page: ResultsPage,
    counts: Sequence[Sequence[int]],
    flash: widgets.Flash | None,
) -> None:
    """A game's results as ``page`` says: the winners' headline, then a row per player (its
    cards, its ``counts``, its times)."""
    size = surface.get_size()
    layout = widgets.page(surface, page.title, pow_wows(results.windows))
    body = layout.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 6))
    top = pygame.Rect(body.left, body.top, body.width, widgets.px(size, 32))
    cards = next(player.cards for player in results.players if player.winner)
    headline = winner_words(results.winners, cards)
    widgets.text(
        surface, headline, widgets.px(size, 26), theme.GOOD, top, align="center", bold=True
    )
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 6), body.width, 0)
    table.height = body.bottom - table.top
    lines = [
        result_line(player, counted, decimals=page.decimals)
        for player, counted in zip(results.players, counts, strict=True)
    ]
    _results_table(surface, table, page.columns, lines, page.times_label)
    widgets.footer(surface, layout.footer, page.hint, flash)


def _results_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    titles: tuple[str, ...],
    lines: list[ResultLine],
    times_label: str,
) -> None:
    size = surface.get_size()
    weights = [1.7, 1.0, 0.9, 0.9, 0.9, 1.2, 1.2, 1.2]
    bands = widgets.rows(area, len(lines) + 2, height=widgets.px(size, 30), gap=widgets.px(size, 3))
    group = widgets.columns(bands[0], weights, gap=4)
    span = group[-3].union(group[-1])
    widgets.text(surface, times_label, widgets.px(size, 15), theme.TEXT_DIM, span, align="center")
    for cell, word in zip(widgets.columns(bands[1], weights, gap=4)[1:], titles, strict=True):
        widgets.text(surface, word, widgets.px(size, 16), theme.TEXT_DIM, cell, align="center")
    for band, line in zip(bands[2:], lines, strict=True):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if line.winner else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, -6), weights, gap=4)
        widgets.chip(surface, cells[0], line.colour, label=line.colour)
        for index, (cell, value) in enumerate(zip(cells[1:], line.values, strict=True)):
            bold = index == 0
            scale = 0.85 if bold else 0.7
            size_px = round(band.height * scale)
            widgets.text(surface, value, size_px, theme.TEXT, cell, align="center", bold=bold)
