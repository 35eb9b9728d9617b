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

from companion.i18n import marked, milliseconds, number, said, tr, trc, trn
from companion.input.events import InputEvent, Press
from companion.ui import theme, widgets
from companion.ui.doctor.model import ControlState, DoctorModel, SourceCounters

COUNTERS_EVERY_NS = 100_000_000
"""The source's counters and warnings are read ten times a second, not every frame."""

BACKS_TO_LEAVE = 3
LEAVE_HINT = marked("Back ×3 or Esc leaves.")
"""How to leave (marked: translated where drawn)."""
GROUPS_PER_PAGE = 3
"""Columns (seats, navigation) on one page of the grid."""

SourceReader = Callable[[], tuple[Mapping[str, SourceCounters], tuple[str, ...]]]


class DoctorScene:
    """Shows a ``DoctorModel``; Escape, a footer click, a right click or back three times
    leaves (above); Tab or the mouse wheel turns the page."""

    def __init__(self, model: DoctorModel, read_source: SourceReader | None = None) -> None:
        self.model = model
        self._read_source = read_source
        self._finished = False
        self._was_animating = False
        self._counters_read_ns: int | None = None
        self._backs = 0
        self._footer: pygame.Rect | None = None
        """Where the footer was last drawn (a click there leaves)."""
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
            footer = self._footer
            if footer is not None and footer.collidepoint(event.pos):
                self._finished = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._finished = True  # the mouse's back: no button under test, so at once
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.page = (self.page - (1 if event.y > 0 else -1)) % self.pages

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
        self._footer = footer
        self._draw_header(surface, header)
        self._draw_grid(surface, grid, now_ns)
        self._draw_footer(surface, footer)

    def _draw_header(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        model, report = self.model, self.model.report
        pad = round(area.height * 0.12)
        inner = area.inflate(-2 * pad, -pad)
        top, bottom = widgets.rows(inner, 2, height=inner.height // 2, gap=0)
        title = widgets.text(
            surface, tr("Doctor"), round(area.height * 0.5), theme.TEXT, top, role="body", bold=True
        )
        where = f"{model.profile_name} · {report.source}"
        if report.factory != "-":
            where = tr("{profile_and_source} · factory {factory}").format(
                profile_and_source=where, factory=report.factory
            )
        top.left, top.width = title.right + 2 * pad, top.right - title.right - 2 * pad
        small = theme.floor_px("body", surface.get_size())
        widgets.text(surface, where, small, theme.TEXT_DIM, top, role="body", align="right")
        colour = theme.GOOD if report.is_hardware else theme.WARN
        meaning = tr(report.describe())
        widgets.text(surface, meaning, small, colour, bottom, role="body", align="right")

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
        title = theme.seat_name(group)
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
            seconds = number(self.model.seconds_since_start(state.last_t_ns), 6)
            counts = tr("{counts}  t {seconds}").format(counts=counts, seconds=seconds)
        lines: list[tuple[str, theme.RGB, bool]] = [
            (button_word(state.button), ink, True),
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
            marker = tr("{page}/{pages} Tab").format(page=self.page + 1, pages=self.pages)
            place = widgets.text(
                surface, marker, size, theme.TEXT, inner, role="body", align="right", bold=True
            )
            inner.width = place.left - inner.left - round(area.height * 0.4)
        presses = self.model.last_presses
        colour = theme.TEXT
        stuck = [state.control for state in self.model.controls.values() if state.stuck]
        if self.model.warnings:
            warning = tr("warning: {warning}").format(warning=said(self.model.warnings[-1]))
            pad = inner.left - area.left
            beside_marker = area.copy()
            beside_marker.width = inner.right + pad - area.left  # up to the page marker, if any
            widgets.foot_message(surface, beside_marker, warning, theme.WARN)  # whole, wrapped
            return
        if stuck:  # said here too: the stuck control's cell may be on another page
            message, colour = tr("STUCK: {controls}").format(controls=", ".join(stuck)), theme.BAD
        elif 0 < self._backs < BACKS_TO_LEAVE:
            left = BACKS_TO_LEAVE - self._backs
            message = trn(
                "nav.back: press Back {count} more time to leave",
                "nav.back: press Back {count} more times to leave",
                left,
            ).format(count=left)
        elif presses:
            message = self._last_press(presses[-1])
        else:
            invite = tr("Press any button (or its key) to see it here.   {leave}")
            options = [invite.format(leave=tr(LEAVE_HINT)), tr(LEAVE_HINT)]  # leaving, at least
            message = widgets.first_fitting(options, size, inner.width)
        widgets.text(surface, message, size, colour, inner, role="body")

    def _last_press(self, press: Press) -> str:
        """The footer's words for the last press: when, and its gap to the one before."""
        seconds = number(self.model.seconds_since_start(press.t_ns), 6)
        gap = self.model.last_gap_ns()
        if gap is None:
            when = tr("{control}   t = {seconds} s")
            return when.format(control=press.control, seconds=seconds)
        sign = "+" if gap >= 0 else ""
        with_gap = tr("{control}   t = {seconds} s   gap to previous {gap}")
        return with_gap.format(
            control=press.control, seconds=seconds, gap=sign + milliseconds(gap / 1e6, 3)
        )


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
    """A cell's counts, in the screens' language: the presses, the bounces (``b3``), the
    glitches (``g1``, when there were any), and STUCK first while it is stuck."""
    counters = state.counters
    if counters.glitches:
        counts = tr("×{presses}  b{bounces}  g{glitches}").format(
            presses=state.presses, bounces=counters.bounces, glitches=counters.glitches
        )
    else:
        counts = tr("×{presses}  b{bounces}").format(
            presses=state.presses, bounces=counters.bounces
        )
    return tr("STUCK {counts}").format(counts=counts) if state.stuck else counts


_KEY_LABELS = {
    "left": marked("Left"),
    "right": marked("Right"),
    "return": marked("Enter"),
    "backspace": marked("Bksp"),
}
"""The keys whose names are words (marked: translated where drawn)."""


def button_word(button: str) -> str:
    """A control's button as its cell names it, in the screens' language (``"hunter"``)."""
    words = {
        "chief": trc("button", "chief"),
        "warrior": trc("button", "warrior"),
        "woman": trc("button", "woman"),
        "hunter": trc("button", "hunter"),
        "previous": trc("button", "previous"),
        "next": trc("button", "next"),
        "select": trc("button", "select"),
        "back": trc("button", "back"),
    }
    return words.get(button, button)


def _where(state: ControlState) -> str:
    """A cell's key and pin: ``"[Left] pin 17"``."""
    parts = []
    if state.key:
        key = tr(_KEY_LABELS[state.key]) if state.key in _KEY_LABELS else state.key
        parts.append(f"[{key}]")
    if state.pin is not None:
        parts.append(tr("pin {pin}").format(pin=state.pin))
    return " ".join(parts)
