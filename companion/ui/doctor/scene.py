"""The doctor screen: every control of the profile, lit as it is pressed.

One column per seat (with its letter) and one for navigation; each cell shows the button,
its key and pin, the presses counted, the bounces ignored, and STUCK when held too long.
The header says which pin factory is loaded (for GPIO pins) and whether the timestamps are
hardware ones.

Leaving: Escape, a click on the footer, or ``nav.back`` pressed ``BACKS_TO_LEAVE`` times in
a row (so a table with buttons only can leave, and one press of back still just lights
its cell).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.input.events import InputEvent, Press
from companion.ui import theme
from companion.ui.doctor.model import ControlState, DoctorModel, SourceCounters

COUNTERS_EVERY_NS = 100_000_000
"""The source's counters and warnings are read ten times a second, not every frame."""

BACKS_TO_LEAVE = 3
LEAVE_HINT = "Back ×3 or Esc leaves."

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

    @property
    def finished(self) -> bool:
        return self._finished

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._finished = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            surface = pygame.display.get_surface()
            height = surface.get_height() if surface is not None else 0
            if event.pos[1] >= height - round(height * 0.1):
                self._finished = True

    def handle_input(self, event: InputEvent, now_ns: int) -> None:
        self.model.handle(event)
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
        width, height = surface.get_size()
        header = pygame.Rect(0, 0, width, round(height * 0.15))
        footer = pygame.Rect(0, height - round(height * 0.1), width, round(height * 0.1))
        grid = pygame.Rect(0, header.bottom, width, footer.top - header.bottom)
        self._draw_header(surface, header)
        self._draw_grid(surface, grid, now_ns)
        self._draw_footer(surface, footer)

    def _draw_header(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        model, report = self.model, self.model.report
        big = theme.font(round(area.height * 0.5), bold=True)
        small_size = round(area.height * 0.3)
        pad = round(area.height * 0.12)
        surface.blit(big.render("Doctor", True, theme.TEXT), (pad, pad))
        where = f"{model.profile_name} · {report.source}"
        if report.factory != "-":
            where += f" · factory {report.factory}"
        room = area.width - big.size("Doctor")[0] - 4 * pad
        label = theme.fitted(where, small_size, room, theme.TEXT_DIM)
        surface.blit(label, (area.right - label.get_width() - pad, pad))
        colour = theme.GOOD if report.is_hardware else theme.WARN
        stamps = theme.fitted(report.describe(), small_size, room, colour)
        surface.blit(stamps, (area.right - stamps.get_width() - pad, area.bottom - pad * 3))

    def _draw_grid(self, surface: pygame.Surface, area: pygame.Rect, now_ns: int) -> None:
        groups = self.model.groups()
        column_width = area.width / len(groups)
        title_height = round(area.height * 0.12)
        for index, (group, states) in enumerate(groups):
            left = round(area.left + index * column_width)
            column = pygame.Rect(left, area.top, round(column_width), area.height)
            self._draw_column_title(surface, group, column.inflate(-4, 0), title_height)
            row_height = (column.height - title_height) / len(states)
            for row, state in enumerate(states):
                top = round(column.top + title_height + row * row_height)
                cell = pygame.Rect(column.left, top, column.width, round(row_height))
                self._draw_cell(surface, state, cell.inflate(-6, -6), now_ns)

    def _draw_column_title(
        self, surface: pygame.Surface, group: str, column: pygame.Rect, height: int
    ) -> None:
        colour = theme.SEAT_COLOURS[group]
        badge = pygame.Rect(column.left, column.top + 2, column.width, height - 4)
        pygame.draw.rect(surface, colour, badge, border_radius=4)
        title = f"{theme.SEAT_LETTERS[group]} {group}"
        ink = theme.text_colour_on(colour)
        text = theme.fitted(title, round(height * 0.75), badge.width - 6, ink, bold=True)
        surface.blit(text, text.get_rect(center=badge.center))

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
        line = max(8, round(cell.height / 4.3))
        room = cell.width - 8
        texts = [
            (state.button, theme.fitted(state.button, round(line * 1.1), room, ink, bold=True)),
            ("", theme.fitted(_where(state), line, room, ink)),
            ("", theme.fitted(_counts(state), line, room, theme.BAD if state.stuck else ink)),
        ]
        if state.last_t_ns is not None:
            stamp = f"t {self.model.seconds_since_start(state.last_t_ns):.6f}"
            texts.append(("", theme.fitted(stamp, line, room, ink)))
        for row, (_, rendered) in enumerate(texts):
            surface.blit(rendered, (cell.left + 4, cell.top + 3 + row * (line + 1)))

    def _draw_footer(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        size = round(area.height * 0.45)
        presses = self.model.last_presses
        colour = theme.TEXT
        if self.model.warnings:
            message, colour = f"warning: {self.model.warnings[-1]}", theme.WARN
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
        rendered = theme.fitted(message, size, area.width - round(area.height * 0.4), colour)
        surface.blit(
            rendered, (round(area.height * 0.2), area.centery - rendered.get_height() // 2)
        )


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
