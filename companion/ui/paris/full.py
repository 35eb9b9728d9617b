"""The Paris FULL game screens: one person against heuristic bots (or bots alone).

``ParisFullScene`` shows the board on the left as a 3x3 grid of districts (the reference
board's adjacency, RULINGS.md: 1 2 3 / 4 8 5 / 6 9 7), each with its number and name, the
slots still uncovered, and each gang's Apaches there as chips with the gang's colour AND
letter (prohibited districts greyed and marked "closed"). On the right: the bank (each
gang's money and Apaches in reserve), the person's stashes, the question of the current
step and its options (a list that scrolls with the focus). After a round the settlement
(ruling D7) is shown district by district until select. The steps and buttons are in
``companion.ui.paris.full_model``; previous / next move, select chooses, back steps back or
undoes the person's last choice; the mouse clicks an option. The game menu and the rest of
the plumbing: ``companion.ui.game_scene``.

``ParisFullResultsScene``: the final tally (ruling D10) with each gang's breakdown.
"""

from __future__ import annotations

from typing import Final

import pygame

from companion.rules.paris import OVER, ParisState, SettlementStep
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    DISTRICT_NAMES,
    FENCE_DISTRICT,
    SLOT_COUNTS,
)
from companion.rules.paris.state import ROUNDS, TURNS
from companion.ui import theme, widgets
from companion.ui.game_scene import GameResultsScene, GameScene, draw_choices
from companion.ui.paris.full_model import ParisFullModel
from companion.ui.paris.view import draw_tally
from companion.ui.scenes import BaseScene

TITLE: Final = "Paris — full game"
GRID: Final = ((1, 2, 3), (4, 8, 5), (6, 9, 7))
"""REFERENCE_BOARD's layout: orthogonal neighbours are adjacent."""
VISIBLE: Final = 5
"""Options shown at once (the list scrolls with the focus)."""
HINTS: Final = {
    "wait": "The bots are playing · Select: menu",
    "report": "Select: go on · Back: go on",
}
"""The footer's words, by step (the others: ``HINT``)."""
HINT: Final = "Previous/Next: move · Select: choose · Back: undo"


class ParisFullScene(GameScene[ParisFullModel]):
    """The game (see the module docstring)."""

    def results(self) -> BaseScene:
        return ParisFullResultsScene(self.app, self.model)

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        layout = ParisFullLayout(self.app.size)
        return option_rects(layout.option_area(self.model), self.model)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        model, state = self.model, self.model.state
        layout = ParisFullLayout(surface.get_size())
        widgets.page(surface, TITLE, header_words(state))
        size = surface.get_size()
        if model.report is not None:
            draw_report(surface, layout.report, model.report.steps)
            widgets.text(surface, model.prompt(), widgets.px(size, 16), theme.TEXT,
                         layout.report_prompt, bold=True)  # fmt: skip
        else:
            draw_board(surface, layout.board, state, model.district)
            draw_money(surface, layout.money, state)
            draw_hand(surface, layout.hand, model)
            widgets.paragraph(surface, model.prompt(), widgets.px(size, 16), theme.TEXT,
                              layout.prompt, bold=True)  # fmt: skip
        draw_choices(surface, model, option_rects(layout.option_area(model), model))
        self.draw_footer(surface, HINTS.get(model.step, HINT), now_ns)


class ParisFullResultsScene(GameResultsScene[ParisFullModel]):
    """The final tally (see the module docstring)."""

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        hint = "Select: start menu"
        flash = self.flashes.current(now_ns)
        draw_tally(surface, TITLE, self.model.tally(), self.winners(), hint=hint, flash=flash)


# --- layout ----------------------------------------------------------------------------------


class ParisFullLayout:
    """Where everything goes on one screen size (computed, never stored between frames)."""

    def __init__(self, size: tuple[int, int]) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 5), -2 * px(size, 3))
        side = min(body.height, round(body.width * 0.5))
        self.board = pygame.Rect(body.left, body.top, side, body.height)
        right = pygame.Rect(self.board.right + px(size, 6), body.top, 0, body.height)
        right.width = body.right - right.left
        self.money = pygame.Rect(right.left, right.top, right.width, px(size, 36))
        self.hand = pygame.Rect(right.left, self.money.bottom + px(size, 2), right.width, 0)
        self.hand.height = px(size, 16)
        self.prompt = pygame.Rect(right.left, self.hand.bottom + px(size, 2), right.width, 0)
        self.prompt.height = px(size, 34)
        self.options = pygame.Rect(right.left, self.prompt.bottom + px(size, 2), right.width, 0)
        self.options.height = right.bottom - self.options.top
        strip = px(size, 34)
        self.report = pygame.Rect(body.left, body.top, body.width, body.height - strip - 4)
        self.report_prompt = pygame.Rect(body.left, body.bottom - strip, body.width // 2, strip)
        self.report_options = pygame.Rect(
            body.centerx + 4, body.bottom - strip, body.width // 2 - 4, strip * VISIBLE
        )

    def option_area(self, model: ParisFullModel) -> pygame.Rect:
        return self.report_options if model.report is not None else self.options


def option_rects(area: pygame.Rect, model: ParisFullModel) -> list[tuple[int, pygame.Rect]]:
    """The options shown (a window of ``VISIBLE`` round the focus), with their indexes."""
    count = len(model.choices())
    first = min(max(0, model.focus - VISIBLE // 2), max(0, count - VISIBLE))
    shown = range(first, min(count, first + VISIBLE))
    gap = max(2, area.height // 60)
    height = (area.height - gap * (VISIBLE - 1)) // VISIBLE
    return [
        (index, pygame.Rect(area.left, area.top + k * (height + gap), area.width, height))
        for k, index in enumerate(shown)
    ]


def header_words(state: ParisState) -> str:
    if state.phase == OVER:
        return "game end"
    if state.turn:
        return f"round {state.round} of {ROUNDS} · turn {state.turn} of {TURNS}"
    return f"round {state.round} of {ROUNDS} · the draft"


def draw_board(
    surface: pygame.Surface, area: pygame.Rect, state: ParisState, chosen: int | None
) -> None:
    """The 3x3 grid: each district's number, name, open slots and each gang's Apaches."""
    gap = max(2, area.width // 80)
    cell_w = (area.width - 2 * gap) // 3
    cell_h = (area.height - 2 * gap) // 3
    for r, row in enumerate(GRID):
        for c, district in enumerate(row):
            rect = pygame.Rect(
                area.left + c * (cell_w + gap), area.top + r * (cell_h + gap), cell_w, cell_h
            )
            _draw_district(surface, rect, state, district, focused=district == chosen)


def _draw_district(
    surface: pygame.Surface, rect: pygame.Rect, state: ParisState, district: int, *, focused: bool
) -> None:
    playing = district in state.districts
    widgets.panel(surface, rect, focused=focused, fill=theme.PANEL if playing else theme.BACKGROUND)
    inner = rect.inflate(-6, -4)
    line_h = inner.height // 4
    title = pygame.Rect(inner.left, inner.top, inner.width, line_h)
    ink = theme.TEXT if playing else theme.TEXT_DIM
    widgets.text(surface, f"{district} {DISTRICT_NAMES[district]}", round(line_h * 1.0), ink,
                 title, bold=True)  # fmt: skip
    detail = pygame.Rect(inner.left, title.bottom, inner.width, line_h)
    if not playing:
        widgets.text(surface, "closed", round(line_h * 0.9), theme.TEXT_DIM, detail)
        return
    if SLOT_COUNTS[district]:
        words = f"{len(state.uncovered(district))} of {SLOT_COUNTS[district]} open"
        widgets.text(surface, words, round(line_h * 0.85), theme.TEXT_DIM, detail)
    present = [(s, n) for s, n in enumerate(state.district_counts(district)) if n]
    chips = pygame.Rect(inner.left, detail.bottom + 2, inner.width, inner.bottom - detail.bottom)
    if not present:
        return
    per_row = 2
    chip_w = (chips.width - 4) // per_row
    chip_h = min(chips.height // 2 - 2, line_h + 4)
    for k, (seat, count) in enumerate(present):
        spot = pygame.Rect(
            chips.left + (k % per_row) * (chip_w + 4),
            chips.top + (k // per_row) * (chip_h + 2),
            chip_w,
            chip_h,
        )
        fill = theme.SEAT_COLOURS[state.colours[seat]]
        pygame.draw.rect(surface, fill, spot, border_radius=max(2, spot.height // 5))
        letter = theme.SEAT_LETTERS[state.colours[seat]]
        widgets.text(surface, f"{letter} {count}", round(spot.height * 0.85),
                     theme.text_colour_on(fill), spot, align="center", bold=True)  # fmt: skip


def draw_report(
    surface: pygame.Surface, area: pygame.Rect, steps: tuple[SettlementStep, ...]
) -> None:
    """The settled round, one line per district (ruling D7)."""
    widgets.panel(surface, area)
    inner = area.inflate(-12, -2 * widgets.px(surface.get_size(), 8))
    height = inner.height // max(1, len(steps))
    size_px = min(round(height * 0.85), widgets.px(surface.get_size(), 20))
    for k, step in enumerate(steps):
        band = pygame.Rect(inner.left, inner.top + k * height, inner.width, height)
        ink = theme.TEXT if step.holder >= 0 else theme.TEXT_DIM
        widgets.text(surface, short_words(step), size_px, ink, band)


def short_words(step: SettlementStep) -> str:
    """``"5 yellow: Y money 400: +400 F"``: a settlement step in one short line."""
    head = f"{step.district} {DISTRICT_NAMES[step.district]}:"
    if step.holder < 0:
        return f"{head} nobody holds it"
    who = theme.SEAT_LETTERS[step.colours[step.holder]]
    gain = step.money[step.holder]
    if step.district == BOURGEOIS_DISTRICT:
        return f"{head} {who} draws a bourgeois counter (secret)"
    if step.district == FENCE_DISTRICT:
        return f"{head} {who}: {step.thefts} theft(s), +{gain} F, +{step.recruits} reinf."
    if step.leader:
        return f"{head} {who} {step.outcome}: a leader to {step.leader}"
    if step.recruits or step.outcome == "reinforcements":
        return f"{head} {who} reinforcements: +{step.recruits} next round"
    return f"{head} {who} {step.outcome}: +{gain} F"


def draw_money(surface: pygame.Surface, area: pygame.Rect, state: ParisState) -> None:
    """Each gang: its letter chip, money and Apaches in reserve."""
    count = state.players
    cells = widgets.columns(area, [1.0] * count, gap=3)
    for seat, cell in enumerate(cells):
        colour = state.colours[seat]
        top = pygame.Rect(cell.left, cell.top, cell.width, cell.height // 2)
        widgets.chip(surface, top, colour, label=f"{state.money[seat]} F")
        bottom = pygame.Rect(cell.left, top.bottom, cell.width, cell.height - top.height)
        words = f"reserve {state.in_reserve(seat)}"
        widgets.text(surface, words, round(bottom.height * 0.75), theme.TEXT_DIM, bottom,
                     align="center")  # fmt: skip


def draw_hand(surface: pygame.Surface, area: pygame.Rect, model: ParisFullModel) -> None:
    hand = model.hand()
    if not model.humans:
        words = "bots only"
    else:
        words = "Your stashes: " + (" ".join(f"{d}.{k}" for d, k in hand) or "none")
    widgets.text(surface, words, round(area.height * 0.9), theme.TEXT_DIM, area)
