"""The Paris FULL game screens: one person against heuristic bots (or bots alone).

``ParisFullScene`` shows the board on the left as a 3x3 grid of districts (the reference
board's adjacency, RULINGS.md: 1 2 3 / 4 8 5 / 6 9 7), each with its number on a hatched badge
(never a colour word beside a gang's chip: ``companion.ui.paris.view``), the slots still
uncovered, and each gang's Apaches there as chips with the gang's colour AND letter
(prohibited districts greyed and marked "closed"). On the right: the bank (each
gang's money and Apaches in reserve), the person's stashes, the question of the current
step and its options (a list that scrolls with the focus). After a round the settlement
(ruling D7) is shown district by district until select, each line after the district's
badge ("yellow district: ..."). The steps and buttons are in
``companion.ui.paris.full_model``; previous / next move, select chooses, back steps back or
undoes the person's last choice (while nothing was revealed since); the mouse clicks an
option. The game menu: the last option ("Menu") of every question, select while the bots
play, or a click on the title bar; it and the rest of the plumbing:
``companion.ui.game_scene``.

``ParisFullResultsScene``: the final tally (ruling D10) with each gang's breakdown.

The words are in the screen's language and the money written its way (``companion.i18n``);
a settlement line's gang is its letter.
"""

from __future__ import annotations

from typing import Final

import pygame

from companion.i18n import marked, money, number, tr, trn
from companion.rules.paris import OVER, ParisState, SettlementStep
from companion.rules.paris.board import BOURGEOIS_DISTRICT, FENCE_DISTRICT, SLOT_COUNTS
from companion.rules.paris.state import ROUNDS, TURNS
from companion.ui import theme, widgets
from companion.ui.game_scene import GameResultsScene, GameScene, draw_choices
from companion.ui.paris.full_model import ParisFullModel
from companion.ui.paris.view import district_kind, draw_district_badge, draw_tally
from companion.ui.paris.words import district_title, leader_place, outcome_words
from companion.ui.scenes import BaseScene

TITLE: Final = marked("Paris — full game")
GRID: Final = ((1, 2, 3), (4, 8, 5), (6, 9, 7))
"""REFERENCE_BOARD's layout: orthogonal neighbours are adjacent."""
VISIBLE: Final = 5
"""Options shown at once (the list scrolls with the focus)."""
HINTS: Final = {
    "wait": marked("The bots are playing · Select: menu"),
    "report": marked("Select: go on · Back: go on"),
}
"""The footer's words, by step (the others: ``HINT``)."""
HINT: Final = marked("Previous/Next: move · Select: choose · Back: undo · Last: menu")


class ParisFullScene(GameScene[ParisFullModel]):
    """The game (see the module docstring)."""

    def results(self) -> BaseScene:
        return ParisFullResultsScene(self.app, self.model)

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        layout = ParisFullLayout(self.app.size, self.model)
        return option_rects(layout.option_area(self.model), self.model, self.app.size)

    def click_elsewhere(self, pos: tuple[int, int], now_ns: int) -> None:
        """A click on the title bar opens the game menu."""
        if widgets.frame(self.app.size).header.collidepoint(pos):
            self.menu.show()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        model, state = self.model, self.model.state
        layout = ParisFullLayout(surface.get_size(), model)
        widgets.page(surface, tr(TITLE), header_words(state))
        size = surface.get_size()
        if model.report is not None:
            draw_report(surface, layout.report, model.report.steps)
            widgets.paragraph(surface, model.prompt(), theme.floor_px("table", size), theme.TEXT,
                              layout.report_prompt, bold=True, role="table")  # fmt: skip
        else:
            draw_board(surface, layout.board, state, model.district)
            draw_money(surface, layout.money, state)
            draw_hand(surface, layout.hand, model)
            widgets.paragraph(surface, layout.question, theme.floor_px("table", size), theme.TEXT,
                              layout.prompt, bold=True, role="table")  # fmt: skip
        draw_choices(surface, model, option_rects(layout.option_area(model), model, size))
        self.draw_footer(surface, tr(HINTS.get(model.step, HINT)), now_ns)


class ParisFullResultsScene(GameResultsScene[ParisFullModel]):
    """The final tally (see the module docstring)."""

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        names = self.model.names
        draw_tally(surface, tr(TITLE), self.model.tally(), self.winners(), names)
        self.draw_hint(surface, tr("Select: start menu"), now_ns)


# --- layout ----------------------------------------------------------------------------------


class ParisFullLayout:
    """Where everything goes on one screen size (computed, never stored between frames):
    the board on the left; on the right the money (large), the reserves and the hand, the
    question (large) and the options."""

    def __init__(self, size: tuple[int, int], model: ParisFullModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 5), -2 * px(size, 3))
        side = min(body.height, round(body.width * 0.5))
        self.board = pygame.Rect(body.left, body.top, side, body.height)
        right = pygame.Rect(self.board.right + px(size, 6), body.top, 0, body.height)
        right.width = body.right - right.left
        money_rows = -(-model.state.players // 2)
        self.money = pygame.Rect(right.left, right.top, right.width, money_rows * px(size, 27))
        body_line = widgets.line_height(theme.floor_px("body", size))
        self.hand = pygame.Rect(right.left, self.money.bottom + px(size, 2), right.width, 0)
        self.hand.height = 2 * body_line
        table_px = theme.floor_px("table", size)
        options = [model.prompt(), model.prompt(named=False)]  # a long name: the gang
        self.question = widgets.first_wrapping(options, table_px, right.width, lines=3, bold=True)
        lines = len(widgets.wrap(self.question, table_px, right.width, bold=True))
        self.prompt = pygame.Rect(right.left, self.hand.bottom + px(size, 2), right.width, 0)
        self.prompt.height = min(3, max(1, lines)) * widgets.line_height(table_px, bold=True)
        self.options = pygame.Rect(right.left, self.prompt.bottom + px(size, 3), right.width, 0)
        self.options.height = right.bottom - self.options.top
        strip = 2 * widgets.line_height(table_px, bold=True)
        self.report = pygame.Rect(body.left, body.top, body.width, body.height - strip - 4)
        self.report_prompt = pygame.Rect(body.left, body.bottom - strip, body.width // 2, strip)
        self.report_options = pygame.Rect(
            body.centerx + 4, body.bottom - strip, body.width // 2 - 4, strip * VISIBLE
        )

    def option_area(self, model: ParisFullModel) -> pygame.Rect:
        return self.report_options if model.report is not None else self.options


OPTION_MIN_H: Final = 20
"""The lowest an option's row may be at 480x320 (fewer are shown, the list scrolls)."""


def option_rects(
    area: pygame.Rect, model: ParisFullModel, size: tuple[int, int]
) -> list[tuple[int, pygame.Rect]]:
    """The options shown on a screen of ``size`` (a window round the focus, as many as fit,
    at most ``VISIBLE``), with their indexes."""
    count = len(model.choices())
    lowest = widgets.px(size, OPTION_MIN_H)
    visible = max(1, min(VISIBLE, area.height // lowest))
    first = min(max(0, model.focus - visible // 2), max(0, count - visible))
    shown = range(first, min(count, first + visible))
    gap = max(2, area.height // 60)
    height = (area.height - gap * (visible - 1)) // visible
    return [
        (index, pygame.Rect(area.left, area.top + k * (height + gap), area.width, height))
        for k, index in enumerate(shown)
    ]


def header_words(state: ParisState) -> str:
    """The round and the turn (or the draft, or the game's end) for the title bar."""
    if state.phase == OVER:
        return tr("game end")
    if state.turn:
        return tr("round {round} of {rounds} · turn {turn} of {turns}").format(
            round=state.round, rounds=ROUNDS, turn=state.turn, turns=TURNS
        )
    return tr("round {round} of {rounds} · the draft").format(round=state.round, rounds=ROUNDS)


def draw_board(
    surface: pygame.Surface, area: pygame.Rect, state: ParisState, chosen: int | None
) -> None:
    """The 3x3 grid: each district's badge (its number), open slots (8 and 9: their name)
    and each gang's Apaches."""
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
    """A district's cell: its number large on a hatched badge (the far seat reads it: the
    question asks for districts by number), beside it how many slots are open; the names
    of 8 and 9 below; then each gang's Apaches there."""
    playing = district in state.districts
    widgets.panel(surface, rect, focused=focused, fill=theme.PANEL if playing else theme.BACKGROUND)
    size = surface.get_size()
    body_px, table_px = theme.floor_px("body", size), theme.floor_px("table", size)
    inner = rect.inflate(-4, -4)
    line_h = widgets.line_height(body_px)
    title = pygame.Rect(inner.left, inner.top, inner.width, widgets.line_height(table_px) + 2)
    badge = pygame.Rect(title.left, title.top, badge_width(surface, title.height), title.height)
    draw_district_badge(surface, badge, district, table_px, current=focused, dim=not playing)
    beside = pygame.Rect(badge.right + 3, title.top, title.right - badge.right - 3, title.height)
    detail = pygame.Rect(inner.left, title.bottom, inner.width, 0)
    if not playing:
        widgets.paragraph(surface, tr("closed"), body_px, theme.TEXT_DIM, beside, role="body")
        return
    if SLOT_COUNTS[district]:
        words = tr("{uncovered} of {slots} open").format(
            uncovered=len(state.uncovered(district)), slots=SLOT_COUNTS[district]
        )
        widgets.paragraph(surface, words, body_px, theme.TEXT_DIM, beside, role="body")
    if district >= BOURGEOIS_DISTRICT:  # a name, not a colour: no gang to confuse it with
        detail.height = line_h
        words = district_title(district)
        widgets.text(surface, words, body_px, theme.TEXT_DIM, detail, role="body")
    present = [(s, n) for s, n in enumerate(state.district_counts(district)) if n]
    chips = pygame.Rect(inner.left, detail.bottom + 2, inner.width, inner.bottom - detail.bottom)
    if not present:
        return
    per_row = 2
    chip_w = (chips.width - 4) // per_row
    chip_h = min(chips.height // 2 - 2, line_h + 6)
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
        spot_px = max(body_px, widgets.fill_px(spot.height) - 2)
        ink = theme.text_colour_on(fill)
        widgets.text(
            surface, f"{letter} {count}", spot_px, ink, spot, align="center", bold=True, role="body"
        )


def draw_report(
    surface: pygame.Surface, area: pygame.Rect, steps: tuple[SettlementStep, ...]
) -> None:
    """The settled round, one line per district (ruling D7)."""
    widgets.panel(surface, area)
    inner = area.inflate(-12, -2 * widgets.px(surface.get_size(), 8))
    height = inner.height // max(1, len(steps))
    size_px = max(widgets.fill_px(height) - 4, theme.floor_px("body", surface.get_size()))
    gap = widgets.px(surface.get_size(), 4)
    for k, step in enumerate(steps):
        band = pygame.Rect(inner.left, inner.top + k * height, inner.width, height)
        badge = pygame.Rect(band.left, band.top + 1, badge_width(surface, band.height - 2), 0)
        badge.height = band.height - 2
        draw_district_badge(surface, badge, step.district, size_px, dim=step.holder < 0)
        words = pygame.Rect(badge.right + gap, band.top, band.right - badge.right - gap, height)
        ink = theme.TEXT if step.holder >= 0 else theme.TEXT_DIM
        widgets.text(surface, short_words(step), size_px, ink, words, role="body")


def badge_width(surface: pygame.Surface, height: int) -> int:
    """A district badge's width for a row ``height`` high: room for its number."""
    return max(round(height * 1.1), widgets.px(surface.get_size(), 24))


def short_words(step: SettlementStep) -> str:
    """``"yellow district: Y money 400: +400 F"``: a settlement step in one short line,
    beside the district's numbered badge."""
    district = district_kind(step.district)
    if step.holder < 0:
        return tr("{district}: nobody holds it").format(district=district)
    who = theme.SEAT_LETTERS[step.colours[step.holder]]
    gain = money(step.money[step.holder])
    if step.district == BOURGEOIS_DISTRICT:
        return tr("{district}: {gang} draws a bourgeois counter (secret)").format(
            district=district, gang=who
        )
    if step.district == FENCE_DISTRICT:
        return trn(
            "{district}: {gang}: {count} theft(s), +{gain}, +{recruits} reinf.",
            "{district}: {gang}: {count} theft(s), +{gain}, +{recruits} reinf.",
            step.thefts,
        ).format(district=district, gang=who, count=step.thefts, gain=gain, recruits=step.recruits)
    outcome = outcome_words(step.outcome)
    if step.leader:
        return tr("{district}: {gang} {outcome}: a leader to {place}").format(
            district=district, gang=who, outcome=outcome, place=leader_place(step.leader)
        )
    if step.recruits or step.outcome == "reinforcements":
        return tr("{district}: {gang} reinforcements: +{recruits} next round").format(
            district=district, gang=who, recruits=step.recruits
        )
    return tr("{district}: {gang} {outcome}: +{gain}").format(
        district=district, gang=who, outcome=outcome, gain=gain
    )


def draw_money(surface: pygame.Surface, area: pygame.Rect, state: ParisState) -> None:
    """Each gang's money, large (two gangs a row): its letter chip, then the money."""
    size = surface.get_size()
    gap = widgets.px(size, 3)
    rows = widgets.rows(area, -(-state.players // 2), height=area.height, gap=gap)
    cells = [cell for row in rows for cell in widgets.columns(row, [1.0, 1.0], gap=gap)]
    table_px = theme.floor_px("table", size)
    for seat, cell in enumerate(cells[: state.players]):
        widgets.panel(surface, cell)
        inner = cell.inflate(-4, 0)
        badge, cash = widgets.columns(inner, [0.6, 1.4], gap=3)
        widgets.chip(surface, badge, state.colours[seat], role="table")
        words = money(state.money[seat])
        if widgets.text_width(words, table_px, bold=True) > cash.width:
            words = number(state.money[seat])  # the francs go first, not the digits
        widgets.text(surface, words, table_px, theme.TEXT, cash, align="right", bold=True,
                     role="table")  # fmt: skip


def draw_hand(surface: pygame.Surface, area: pygame.Rect, model: ParisFullModel) -> None:
    """The reserves (every gang) and the person's stashes, small."""
    size = surface.get_size()
    body_px = theme.floor_px("body", size)
    state = model.state
    reserves = " ".join(
        f"{theme.SEAT_LETTERS[colour]}{state.in_reserve(seat)}"
        for seat, colour in enumerate(state.colours)
    )
    hand = model.hand()
    if not model.humans:
        stashes = tr("bots only")
    elif not hand:
        stashes = tr("Your stashes: none")
    else:
        held = " ".join(f"{d}.{k}" for d, k in hand)
        stashes = tr("Your stashes: {stashes}").format(stashes=held)
    top, bottom = widgets.rows(area, 2, height=area.height // 2, gap=0)
    reserve_words = tr("In reserve: {reserves}").format(reserves=reserves)
    widgets.text(surface, reserve_words, body_px, theme.TEXT_DIM, top, role="body")
    widgets.text(surface, stashes, body_px, theme.TEXT_DIM, bottom, role="body")
