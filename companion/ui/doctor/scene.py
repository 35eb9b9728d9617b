"""The doctor screen: every control of the profile, lit as it is pressed.

One column per seat (with its letter) and one for navigation; each cell shows the button,
its key and pin, the presses counted, the bounces ignored, and STUCK when held too long.
The header says which pin factory is loaded (for GPIO pins) and whether the timestamps are
hardware ones.

The columns are paged, ``GROUPS_PER_PAGE`` at a time, so the words stay readable (at least
the body floor, ``theme.floor_px``): the page shown is the one of the last control pressed
(or reported stuck; a stuck control is also named in the footer), and Tab shows the next
one; the footer says which page ("1/2").

Leaving: Escape, a click on the footer, or ``nav.back`` pressed ``BACKS_TO_LEAVE`` times in
a row (so a table with buttons only can leave, and one press of back still just lights
its cell).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.input.events import InputEvent, Press
from companion.ui import theme, widgets
from companion.ui.doctor.model import ControlState, DoctorModel, SourceCounters

COUNTERS_EVERY_NS = 100_000_000
"""The source's counters and warnings are read ten times a second, not every frame."""

BACKS_TO_LEAVE = 3
LEAVE_HINT = "Back ×3 or Esc leaves."
GROUPS_PER_PAGE = 3
"""Columns (seats, navigation) on one page of the grid."""

SourceReader = Callable[[], tuple[Mapping[str, SourceCounters], tuple[str, ...]]]


class DoctorScene:
    """Shows a ``DoctorModel``; Escape, a footer click or back three times leaves (above)."""

    def __init__(self, model: DoctorModel, read_source: SourceReader | None = None) -> None:
        self.model = model
        self._read_source = read_source
        self._finished = False
        self._was_animating = False
        self._counters_read_ns: int | None = None
        self._backs = 0
        self.page = 0

    @property
    def pages(self) -> int:
        return -(-len(self.model.groups()) // GROUPS_PER_PAGE)

    @property
    def finished(self) -> bool:
        return self._finished

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._finished = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.page = (self.page + 1) % self.pages
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            surface = pygame.display.get_surface()
            height = surface.get_height() if surface is not None else 0
            if event.pos[1] >= height - round(height * 0.1):
                self._finished = True

    def handle_input(self, event: InputEvent, now_ns: int) -> None:
        self.model.handle(event)
        if event.control in self.model.controls:  # a press, or a control stuck
            group = self.model.controls[event.control].group
            names = [name for name, _ in self.model.groups()]
            self.page = names.index(group) // GROUPS_PER_PAGE
        if isinstance(event, Press):
            self._backs = self._backs + 1 if event.control == "nav.back" else 0
            if self._backs >= BACKS_TO_LEAVE:
                self._finished = True

    def update(self, now_ns: int) -> bool:
        changed = False
        if self._read_source is not None and self._counters_due(now_ns):
            self._counters_read_ns = now_ns
            changed = self.model.update_source(*self._read_source())
        animating = self.model.is_animating(now_ns)
        changed |= animating or self._was_animating
        self._was_animating = animating
        return changed

    def _counters_due(self, now_ns: int) -> bool:
        last = self._counters_read_ns
        return last is None or now_ns - last >= COUNTERS_EVERY_NS

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        surface.fill(theme.BACKGROUND)
        header, grid, footer = doctor_bands(surface.get_size())
        self._draw_header(surface, header)
        self._draw_grid(surface, grid, now_ns)
        self._draw_footer(surface, footer)

    def _draw_header(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        model, report = self.model, self.model.report
        pad = round(area.height * 0.12)
        inner = area.inflate(-2 * pad, -pad)
        top, bottom = widgets.rows(inner, 2, height=inner.height // 2, gap=0)
        title = widgets.text(
            surface, "Doctor", round(area.height * 0.5), theme.TEXT, top, role="body", bold=True
        )
        where = f"{model.profile_name} · {report.source}"
        if report.factory != "-":
            where += f" · factory {report.factory}"
        top.left, top.width = title.right + 2 * pad, top.right - title.right - 2 * pad
        small = theme.floor_px("body", surface.get_size())
        widgets.text(surface, where, small, theme.TEXT_DIM, top, role="body", align="right")
        colour = theme.GOOD if report.is_hardware else theme.WARN
        widgets.text(surface, report.describe(), small, colour, bottom, role="body", align="right")

    def _draw_grid(self, surface: pygame.Surface, area: pygame.Rect, now_ns: int) -> None:
        for group, states, column, title_height in page_columns(area, self.model, self.page):
            self._draw_column_title(surface, group, column.inflate(-4, 0), title_height)
            for state, cell in zip(states, _cells(column, title_height, len(states)), strict=True):
                self._draw_cell(surface, state, cell.inflate(-6, -6), now_ns)

    def _draw_column_title(
        self, surface: pygame.Surface, group: str, column: pygame.Rect, height: int
    ) -> None:
        colour = theme.SEAT_COLOURS[group]
        badge = pygame.Rect(column.left, column.top + 2, column.width, height - 4)
        pygame.draw.rect(surface, colour, badge, border_radius=4)
        title = f"{theme.SEAT_LETTERS[group]} {group}"
        ink = theme.text_colour_on(colour)
        widgets.text(
            surface,
            title,
            round(height * 0.75),
            ink,
            badge.inflate(-6, 0),
            role="body",
            align="center",
            bold=True,
        )

    def _draw_cell(
        self, surface: pygame.Surface, state: ControlState, cell: pygame.Rect, now_ns: int
    ) -> None:
        seat_colour = theme.SEAT_COLOURS[state.group]
        glow = self.model.glow(state.control, now_ns)
        fill = theme.mix(theme.PANEL, seat_colour, glow)
        pygame.draw.rect(surface, fill, cell, border_radius=6)
        edge = theme.BAD if state.stuck else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, cell, width=3 if state.stuck else 1, border_radius=6)
        ink = theme.text_colour_on(fill)
        body_px = theme.floor_px("body", surface.get_size())
        counts = _counts(state)
        if state.last_t_ns is not None:
            counts += f"  t {self.model.seconds_since_start(state.last_t_ns):.6f}"
        lines: list[tuple[str, theme.RGB, bool]] = [
            (state.button, ink, True),
            (_where(state), ink, False),
            (counts, theme.BAD if state.stuck else ink, False),
        ]
        inner = cell.inflate(-8, -4)
        bands = widgets.rows(inner, len(lines), height=inner.height // len(lines), gap=0)
        for band, (words, colour, bold) in zip(bands, lines, strict=True):
            size = max(body_px, widgets.fill_px(band.height) - 4)
            widgets.text(surface, words, size, colour, band, role="body", bold=bold)

    def _draw_footer(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        size = theme.floor_px("body", surface.get_size())
        inner = area.inflate(-round(area.height * 0.4), 0)
        if self.pages > 1:
            marker = f"{self.page + 1}/{self.pages} Tab"
            place = widgets.text(
                surface, marker, size, theme.TEXT, inner, role="body", align="right", bold=True
            )
            inner.width = place.left - inner.left - round(area.height * 0.4)
        presses = self.model.last_presses
        colour = theme.TEXT
        stuck = [state.control for state in self.model.controls.values() if state.stuck]
        if self.model.warnings:
            message, colour = f"warning: {self.model.warnings[-1]}", theme.WARN
        elif stuck:  # said here too: the stuck control's cell may be on another page
            message, colour = f"STUCK: {', '.join(stuck)}", theme.BAD
        elif 0 < self._backs < BACKS_TO_LEAVE:
            left = BACKS_TO_LEAVE - self._backs
            message = f"nav.back: press Back {left} more time{'s' * (left > 1)} to leave"
        elif presses:
            press = presses[-1]
            message = f"{press.control}   t = {self.model.seconds_since_start(press.t_ns):.6f} s"
            gap = self.model.last_gap_ns()
            if gap is not None:
                message += f"   gap to previous {gap / 1e6:+.3f} ms"
        else:
            message = f"Press any button (or its key) to see it here.   {LEAVE_HINT}"
        widgets.text(surface, message, size, colour, inner, role="body")


def doctor_bands(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The header, the grid and the footer of a screen of ``size``."""
    width, height = size
    header = pygame.Rect(0, 0, width, round(height * 0.15))
    footer = pygame.Rect(0, height - round(height * 0.1), width, round(height * 0.1))
    grid = pygame.Rect(0, header.bottom, width, footer.top - header.bottom)
    return header, grid, footer


def page_columns(
    area: pygame.Rect, model: DoctorModel, page: int
) -> list[tuple[str, list[ControlState], pygame.Rect, int]]:
    """The columns on ``page``: each group, its controls, its place and its title's height."""
    groups = model.groups()[page * GROUPS_PER_PAGE : (page + 1) * GROUPS_PER_PAGE]
    column_width = area.width / GROUPS_PER_PAGE
    title_height = round(area.height * 0.12)
    columns = []
    for index, (group, states) in enumerate(groups):
        left = round(area.left + index * column_width)
        columns.append(
            (
                group,
                states,
                pygame.Rect(left, area.top, round(column_width), area.height),
                title_height,
            )
        )
    return columns


def _cells(column: pygame.Rect, title_height: int, count: int) -> list[pygame.Rect]:
    row_height = (column.height - title_height) / max(1, count)
    return [
        pygame.Rect(
            column.left,
            round(column.top + title_height + row * row_height),
            column.width,
            round(row_height),
        )
        for row in range(count)
    ]


def cell_rect(size: tuple[int, int], model: DoctorModel, page: int, control: str) -> pygame.Rect:
    """Where ``control``'s cell is on ``page`` (a ``ValueError`` if it is on another)."""
    _, grid, _ = doctor_bands(size)
    for _, states, column, title_height in page_columns(grid, model, page):
        for state, cell in zip(states, _cells(column, title_height, len(states)), strict=True):
            if state.control == control:
                return cell
    raise ValueError(f"{control} is not on page {page + 1}: press it or Tab to its page")


def _counts(state: ControlState) -> str:
    counts = f"×{state.presses}  b{state.counters.bounces}"
    if state.counters.glitches:
        counts += f"  g{state.counters.glitches}"
    return f"STUCK {counts}" if state.stuck else counts


_KEY_LABELS = {"left": "Left", "right": "Right", "return": "Enter", "backspace": "Bksp"}


def _where(state: ControlState) -> str:
    parts = []
    if state.key:
        parts.append(f"[{_KEY_LABELS.get(state.key, state.key)}]")
    if state.pin is not None:
        parts.append(f"pin {state.pin}")
    return " ".join(parts)
