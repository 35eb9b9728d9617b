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

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from companion.i18n import milliseconds, number, said, tr, trn
from companion.input.controls import button_of, seat_of
from companion.input.events import Press
from companion.powwow import IGNORED_WORDS, Window
from companion.rules.apache.cards import KINDS
from companion.ui import theme, widgets
from companion.ui.apache.glyphs import draw_kind
from companion.ui.apache.tracker_model import RESULT_WORDS, ApachePlayerResult, ApacheResults
from companion.ui.apache.words import kind_word, more_words, short_number
from companion.ui.game_model import names_key
from companion.ui.stats import victory_words

RESULT_COLOURS: Final[dict[str, theme.RGB]] = {
    "loot": theme.GOOD,
    "nothing": theme.TEXT_DIM,
    "penalty": theme.BAD,
}


def pow_wows(count: int) -> str:
    """``"1 Pow-Wow"``, ``"3 Pow-Wows"``: how many windows a game had."""
    return trn("{count} Pow-Wow", "{count} Pow-Wows", count).format(count=count)


def format_gap(gap_ns: float) -> str:
    """``412_000`` -> ``"+0.412 ms"``; a press ignored before the window's first counted
    slap (a player who had already slapped on the card, ruling A8) -> ``"-2.000 ms"`` (the
    language's decimal sign; a no-break space before "ms")."""
    return gap_words(gap_ns)[0]


def gap_words(gap_ns: float) -> list[str]:
    """A gap, the most precise first: ``"+134.819 ms"``, ``"+134.8 ms"``, ``"+135 ms"``."""
    gap_ms = gap_ns / 1e6
    sign = "+" if gap_ms >= 0 else ""
    return [sign + milliseconds(gap_ms, decimals) for decimals in (3, 1, 0)]


def format_reaction(reaction_ns: int) -> str:
    """``"react 0.500 s"``: the time from the card turn to the slap."""
    return tr("react {seconds} s").format(seconds=number(reaction_ns / 1e9, 3))


@dataclass(frozen=True, slots=True)
class TimelineRow:
    """One counted slap, as words."""

    rank: int
    seat: str
    indian: str
    gap: str
    gap_ns: float
    """The gap itself: a narrower row shows it with fewer decimals (``gap_words``)."""
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
            gap_ns=slap.gap_ns,
            reaction=None if slap.reaction_ns is None else format_reaction(slap.reaction_ns),
            tie=(
                tr("tie — drawn with {seats}").format(
                    seats=" ".join(theme.SEAT_LETTERS[s] for s in slap.tied_with)
                )
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
        words = tr("dead heat {seats} (within {micro} µs): drawn by lot, {order} (seed {seed})")
        lines.append(
            words.format(
                seats=" ".join(theme.SEAT_LETTERS[s] for s in tie.seats),
                micro=short_number(tie.tie_window_ns / 1000),
                order=_in_order([theme.SEAT_LETTERS[s] for s in tie.order]),
                seed=tie.material,
            )
        )
    return lines


def _in_order(letters: Sequence[str]) -> str:
    """``"Y then P"``: the seats in the order a draw gave them."""
    order = letters[0]
    for later in letters[1:]:
        order = tr("{earlier} then {later}").format(earlier=order, later=later)
    return order


def ignored_lines(window: Window) -> list[str]:
    """One line per press that did not count."""
    opened = window.opened_ns
    return [
        tr("{seat} {indian} {gap}: {why}").format(
            seat=theme.seat_name(p.seat),
            indian=kind_word(button_of(p.control)),
            gap=format_gap(p.t_ns - opened),
            why=said(IGNORED_WORDS.get(p.reason, p.reason)),  # the arbiter's words
        )
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
    """Draw ``window`` in ``rect``: a row per slap (rank, seat and gap large, for the far
    seat; the Indian and the result beside them), then the dead-heat and ignored lines as
    many as fit. ``current`` highlights one slap (the one being confirmed); ``results``
    marks the slaps already confirmed (``"loot"``, ``"nothing"``, ``"penalty"``), in order."""
    size = surface.get_size()
    rows = timeline_rows(window)
    gap = widgets.px(size, 3)
    cells = widgets.rows(rect, len(rows), height=slap_row_height(size), gap=gap)
    for index, (row, cell) in enumerate(zip(rows, cells, strict=True)):
        result = results[index] if index < len(results) else None
        _draw_row(surface, cell, row, focused=index == current, result=result)
    small = [
        *((line, theme.WARN) for line in tie_lines(window)),
        *((line, theme.TEXT_DIM) for line in ignored_lines(window)),
    ]
    top = (cells[-1].bottom if cells else rect.top) + gap
    body_px = theme.floor_px("body", size)
    line_h = widgets.line_height(body_px)
    for line, colour in small:
        for part in widgets.wrap(line, body_px, rect.width - widgets.px(size, 4)):
            if top + line_h > rect.bottom:
                return
            band = pygame.Rect(rect.left + widgets.px(size, 4), top, rect.width, line_h)
            widgets.text(surface, part, body_px, colour, band, role="body")
            top += line_h


def slap_row_height(size: tuple[int, int]) -> int:
    """The height of a slap's row: its seat and gap at the table's size."""
    return widgets.px(size, 32)


@dataclass(frozen=True, slots=True)
class SlapCells:
    """A slap row's cells: rank, seat chip, the Indian's glyph (a square as high as the
    row), the gap (wide, for the table), the two small lines (the Indian's word first)."""

    rank: pygame.Rect
    badge: pygame.Rect
    glyph: pygame.Rect
    gap: pygame.Rect
    side: pygame.Rect


def slap_cells(inner: pygame.Rect, gap: int) -> SlapCells:
    """Cut a slap row's inside into its cells (``SlapCells``)."""
    rank, badge, rest = widgets.columns(inner, [0.5, 0.7, 4.5], gap=gap)
    glyph = pygame.Rect(rest.left, rest.top, rest.height, rest.height)
    words = pygame.Rect(glyph.right + gap, rest.top, rest.right - glyph.right - gap, rest.height)
    gap_cell, side = widgets.columns(words, [2.9, 1.6], gap=gap)
    return SlapCells(rank, badge, glyph, gap_cell, side)


def _draw_row(
    surface: pygame.Surface,
    cell: pygame.Rect,
    row: TimelineRow,
    *,
    focused: bool,
    result: str | None,
) -> None:
    fill = theme.mix(theme.PANEL, theme.SEAT_COLOURS[row.seat], 0.18)
    widgets.panel(surface, cell, focused=focused, fill=fill)
    size = surface.get_size()
    pad = max(3, cell.height // 10)
    inner = cell.inflate(-2 * pad, -2 * pad)
    cells = slap_cells(inner, pad)
    big = theme.floor_px("table", size)
    widgets.text(surface, f"{row.rank}.", big, theme.TEXT, cells.rank, role="table", bold=True)
    widgets.chip(surface, cells.badge, row.seat, role="table")
    draw_kind(surface, row.indian, cells.glyph, theme.TEXT)
    gap = widgets.first_fitting([row.gap, *gap_words(row.gap_ns)[1:]], big, cells.gap.width)
    widgets.text(surface, gap, big, theme.TEXT, cells.gap, role="table", align="right")
    note, colour = _row_note(row, result)
    _two_lines(surface, cells.side, kind_word(row.indian), note, colour, bold=focused)


def _row_note(row: TimelineRow, result: str | None) -> tuple[str, theme.RGB]:
    """The second small line of a slap's row: its result (a confirmation's ``"loot"``,
    ``"nothing"``, ``"penalty"``, or words already said), its tie or its reaction time."""
    if result is not None:
        if result in RESULT_WORDS:
            return tr(RESULT_WORDS[result]), RESULT_COLOURS[result]
        return result, theme.TEXT
    if row.tie is not None:
        return tr("tie: drawn"), theme.WARN
    if row.reaction is not None:
        return row.reaction, theme.TEXT_DIM
    return "", theme.TEXT_DIM


def _two_lines(
    surface: pygame.Surface,
    area: pygame.Rect,
    first: str,
    second: str,
    colour: theme.RGB,
    *,
    bold: bool = False,
) -> None:
    """Two lines of body text in ``area``, right-aligned (the second one alone if the first
    is empty)."""
    size = theme.floor_px("body", surface.get_size())
    top, bottom = widgets.rows(area, 2, height=area.height // 2, gap=0)
    widgets.text(surface, first, size, theme.TEXT, top, role="body", align="right", bold=bold)
    if second:
        widgets.text(surface, second, size, colour, bottom, role="body", align="right", bold=True)


def draw_pending(
    surface: pygame.Surface,
    rect: pygame.Rect,
    presses: Sequence[Press],
    *,
    slapped: Collection[str] = (),
) -> None:
    """The presses of a window still being decided, in stamp order (provisional: a press
    still on its way may rank earlier). A row for each seat's first press, as many as fit;
    the presses that will not count (a seat's second press, or a seat that has already
    slapped on the card face up, ``slapped``, the FULL game: ruling A8) and the rows that
    do not fit are counted on a last line instead, so the list never outgrows the screen."""
    size = surface.get_size()
    counted = _first_press_of_each_seat(presses, slapped)
    if not presses:
        return
    gap = widgets.px(size, 3)
    height = slap_row_height(size)
    room = max(1, (rect.height + gap) // (height + gap))
    needs_line = len(counted) < len(presses) or len(counted) > room
    rows = counted[: room - 1] if needs_line else counted
    bands = widgets.rows(rect, room, height=height, gap=gap)
    first = rows[0].t_ns if rows else presses[0].t_ns
    for press, cell in zip(rows, bands, strict=False):
        _draw_pending_press(surface, cell, press, first)
    if needs_line:
        words = _left_out_words(len(counted) - len(rows), len(presses) - len(counted))
        body_px = theme.floor_px("body", size)
        widgets.paragraph(surface, words, body_px, theme.TEXT_DIM, bands[len(rows)], role="body")


def _first_press_of_each_seat(presses: Sequence[Press], slapped: Collection[str]) -> list[Press]:
    """The presses that may count: each seat's first, unless it slapped on this card."""
    seen: set[str] = set(slapped)
    counted = []
    for press in presses:
        seat = seat_of(press.control) or "nav"
        if seat not in seen:
            counted.append(press)
        seen.add(seat)
    return counted


def _left_out_words(more: int, not_counting: int) -> str:
    """``"+2 more · 3 presses not counted (A8)"``: what the rows leave out."""
    parts = [more_words(more)] if more else []
    if not_counting:
        words = trn(
            "{count} press not counted (A8: one slap per Pow-Wow)",
            "{count} presses not counted (A8: one slap per Pow-Wow)",
            not_counting,
        )
        parts.append(words.format(count=not_counting))
    return " · ".join(parts)


def _draw_pending_press(
    surface: pygame.Surface, cell: pygame.Rect, press: Press, first: int
) -> None:
    """One press's row: its seat, its Indian and its gap to the first."""
    seat = seat_of(press.control) or "nav"
    widgets.panel(surface, cell, fill=theme.mix(theme.PANEL, theme.SEAT_COLOURS[seat], 0.12))
    pad = max(3, cell.height // 10)
    parts = slap_cells(cell.inflate(-2 * pad, -2 * pad), pad)
    widgets.chip(surface, parts.badge, seat, role="table")
    button = button_of(press.control)
    if button in KINDS:
        draw_kind(surface, button, parts.glyph, theme.TEXT)
    big = theme.floor_px("table", surface.get_size())
    gap = widgets.first_fitting(gap_words(press.t_ns - first), big, parts.gap.width)
    widgets.text(surface, gap, big, theme.TEXT, parts.gap, role="table", align="right")
    _two_lines(surface, parts.side, kind_word(button), "", theme.TEXT_DIM)


def draw_seat_button(
    surface: pygame.Surface, rect: pygame.Rect, control: str, *, role: theme.Role
) -> None:
    """A seat button on screen (``"red.chief"``): its seat's colour, the Indian's glyph on
    its left (as high as the button allows), then its letter and Indian, the words as large
    as ``role`` allows (the Indian alone when both do not fit, the letter alone after it)."""
    colour, _, indian = control.partition(".")
    fill = theme.SEAT_COLOURS[colour]
    pygame.draw.rect(surface, fill, rect, border_radius=max(3, rect.height // 5))
    ink = theme.text_colour_on(fill)
    pad = max(2, rect.height // 10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    glyph = pygame.Rect(inner.left, inner.top, inner.height, inner.height)
    draw_kind(surface, indian, glyph, ink)
    words_area = pygame.Rect(glyph.right + pad, rect.top, inner.right - glyph.right - pad, 0)
    words_area.height = rect.height
    size = theme.floor_px(role, surface.get_size())
    letter, kind = theme.SEAT_LETTERS[colour], kind_word(indian)
    words = widgets.first_fitting(
        [f"{letter} {kind}", kind, letter], size, words_area.width, bold=True
    )
    widgets.text(surface, words, size, ink, words_area, role=role, align="center", bold=True)


# --- the results -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResultsPage:
    """What a mode's results page says: its title, the label over the three times and their
    decimals, the columns (the cards, the counts, the times) and the footer's hint. The
    words are marked (``marked``) where a page is made and translated where drawn."""

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
    milliseconds with ``decimals`` decimals, the language's way ("—" without a time)."""
    times = (player.fastest_ns, player.median_ns, player.slowest_ns)
    ms = ("—" if t is None else number(t / 1e6, decimals) for t in times)
    return ResultLine(player.colour, player.winner, (*map(str, (player.cards, *counts)), *ms))


def winner_words(
    winners: tuple[str, ...],
    cards: int,
    names: Mapping[str, str] | None = None,
    *,
    cite_ruling: bool = True,
) -> str:
    """The results headline, the winners by the roster's ``names`` where they have one;
    ties share the victory (ruling A10, named unless ``cite_ruling`` is False: room)."""
    named = names or {}
    shown = [theme.seat_name(colour, named.get(colour, "")) for colour in winners]
    if cite_ruling:
        each = trn("{count} card each (ruling A10)", "{count} cards each (ruling A10)", cards)
    else:
        each = trn("{count} card each", "{count} cards each", cards)
    alone = trn("{count} card", "{count} cards", cards)
    return victory_words(shown, each=each.format(count=cards), alone=alone.format(count=cards))


def draw_results(
    surface: pygame.Surface,
    results: ApacheResults[ApachePlayerResult],
    page: ResultsPage,
    counts: Sequence[Sequence[int]],
    names: Mapping[str, str] | None = None,
) -> None:
    """A game's results as ``page`` says: the winners' headline (by the roster's ``names``
    where they have one), then a row per player (its cards large, its ``counts`` and its
    times)."""
    size = surface.get_size()
    layout = widgets.page(surface, tr(page.title), pow_wows(results.windows))
    body = layout.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 4))
    cards = next(player.cards for player in results.players if player.winner)
    table_px = theme.floor_px("table", size)
    options = [
        winner_words(results.winners, cards, names),
        winner_words(results.winners, cards),
        winner_words(results.winners, cards, cite_ruling=False),
    ]
    headline = widgets.first_wrapping(options, table_px, body.width, lines=2, bold=True)
    lines_needed = len(widgets.wrap(headline, table_px, body.width, bold=True))
    top_h = min(2, lines_needed) * widgets.line_height(table_px, bold=True)
    top = pygame.Rect(body.left, body.top, body.width, top_h)
    widgets.paragraph(surface, headline, table_px, theme.GOOD, top, role="table", bold=True)
    key = names_key([player.colour for player in results.players], names or {})
    key_h = widgets.key_height(key, theme.floor_px("body", size), body.width)
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 4), body.width, 0)
    table.height = body.bottom - key_h - table.top
    lines = [
        result_line(player, counted, decimals=page.decimals)
        for player, counted in zip(results.players, counts, strict=True)
    ]
    titles = tuple(tr(title) for title in page.columns)
    bottom = _results_table(surface, table, titles, lines, tr(page.times_label))
    key_top = bottom + widgets.px(size, 4)
    widgets.names_key(surface, pygame.Rect(body.left, key_top, body.width, key_h), key)


RESULT_WEIGHTS: Final = [0.8, 1.1, 0.9, 0.9, 0.9, 1.1, 1.1, 1.1]
"""The results' columns: the seat, the cards (large), the counts, the three times."""


def _results_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    titles: tuple[str, ...],
    lines: list[ResultLine],
    times_label: str,
) -> int:
    """The table's rows in ``area``; the bottom of the last one."""
    size = surface.get_size()
    body_px, table_px = theme.floor_px("body", size), theme.floor_px("table", size)
    gap = widgets.px(size, 3)
    title_h = widgets.line_height(body_px) + 2
    label, heads = widgets.rows(
        pygame.Rect(area.left, area.top, area.width, 2 * title_h), 2, height=title_h, gap=0
    )
    group = widgets.columns(label, RESULT_WEIGHTS, gap=4)
    span = group[-3].union(group[-1])
    widgets.text(surface, times_label, body_px, theme.TEXT_DIM, span, role="body", align="center")
    for cell, word in zip(widgets.columns(heads, RESULT_WEIGHTS, gap=4)[1:], titles, strict=True):
        widgets.text(surface, word, body_px, theme.TEXT_DIM, cell, role="body", align="center")
    rows_area = pygame.Rect(area.left, heads.bottom + gap, area.width, area.bottom - heads.bottom)
    bands = widgets.rows(rows_area, len(lines), height=widgets.px(size, 34), gap=gap)
    for band, line in zip(bands, lines, strict=True):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if line.winner else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, -6), RESULT_WEIGHTS, gap=4)
        widgets.chip(surface, cells[0], line.colour, role="table")
        for index, (cell, value) in enumerate(zip(cells[1:], line.values, strict=True)):
            if index == 0:
                widgets.text(
                    surface, value, table_px, theme.TEXT, cell, role="table", align="center",
                    bold=True,
                )  # fmt: skip
            else:
                widgets.text(
                    surface, value, body_px + 2, theme.TEXT, cell, role="body", align="center"
                )
    return bands[-1].bottom if bands else area.top
