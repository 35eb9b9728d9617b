"""The Paris TRACKER screens: the real board on the table, the bank here.

``ParisTrackerScene`` shows, from the top: the round and turn (header); this turn's order
with the gang to play lit, and the last turn's order (ruling D6); the bank, always on
screen, a row per gang with its colour AND letter: money (large), Apaches in reserve
(leaders, novices, reinforcements; "+2": won for next round), on the board, in hospital,
in prison, in the cemetery, and bourgeois counters held (identities hidden until the end);
one line about the step (the last settled district and what moved, the reserve being
placed from); the question of the current step with its options. The steps and their
buttons are in ``companion.ui.paris.tracker_model``. The mouse clicks an option.

The game menu ("Menu" while a turn is asked for): back to the game, or leave (the game is
resumed later from the start menu).

``ParisResultsScene``: the final tally (ruling D10), each gang's breakdown: money before
the end, bourgeois, the policeman's fine, operational Apaches, total; the winners. Select
returns to the start menu; back undoes the unveiling.
"""

from __future__ import annotations

import functools
from typing import Final

import pygame

from companion.input.controls import button_of, seat_of
from companion.input.events import Press
from companion.rules.paris.settlement import TallyLine
from companion.rules.paris.state import COUNTERS, ROUNDS, TURNS
from companion.rules.paris.tracker import TRACKER, TrackerState
from companion.ui import theme, widgets
from companion.ui.game_menu import GameMenu
from companion.ui.paris.tracker_model import MENU, Choice, ParisTrackerModel, gang_name
from companion.ui.scenes import AppContext, BaseScene, NavButton

TITLE: Final = "Paris — bank"
BANK_TITLES: Final = ("", "money", "reserve L N R", "board", "hosp.", "prison", "cem.", "bourg.")
BANK_WEIGHTS: Final = [0.55, 1.5, 1.6, 0.8, 0.7, 0.7, 0.7, 0.7]


class ParisTrackerScene(BaseScene):
    """The bank (see the module docstring)."""

    def __init__(self, app: AppContext, model: ParisTrackerModel) -> None:
        super().__init__(app)
        self.model = model
        self.menu = GameMenu()

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        if self.menu.open:
            self._menu_chose(self.menu.nav(button))
        elif button in ("previous", "next"):
            self.model.move(-1 if button == "previous" else 1)
        elif button == "select":
            self.guarded(self._select, now_ns)
        else:
            self.guarded(self.model.back, now_ns)
        self._after_entry(now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        colour = seat_of(press.control)
        if colour is not None and not self.menu.open:
            button = button_of(press.control)
            self.guarded(lambda: self.model.colour(colour, button), now_ns)
            self._after_entry(now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        if self.menu.open:
            self._menu_chose(self.menu.click(pos, self.app.size))
            return
        for index, rect in enumerate(Layout(self.app.size, self.model).choices):
            if rect.collidepoint(pos):
                self.guarded(functools.partial(self._pick, index), now_ns)
                self._after_entry(now_ns)
                return

    def _select(self) -> None:
        if self.model.select() == MENU:
            self.menu.show()

    def _pick(self, index: int) -> None:
        if self.model.pick(index) == MENU:
            self.menu.show()

    def _menu_chose(self, row: int | None) -> None:
        if row is not None:  # Leave
            self.model.close()
            self.app.stack.pop()

    def _after_entry(self, now_ns: int) -> None:
        self.show_notices(self.model.notices, now_ns)
        if self.model.step == "over" and not self.model.session.closed:
            self.app.stack.replace(ParisResultsScene(self.app, self.model))

    # -- time and drawing --

    def update(self, now_ns: int) -> bool:
        return self.flashes.expire(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        model = self.model
        layout = Layout(surface.get_size(), model)
        surface.fill(theme.BACKGROUND)
        widgets.header(surface, layout.frame.header, TITLE, header_words(model.state))
        draw_order(surface, layout.order, model.state)
        draw_bank(surface, layout.bank, model.state, model.seat)
        size = surface.get_size()
        widgets.paragraph(surface, model.info(), widgets.px(size, 15), theme.TEXT_DIM, layout.info)
        widgets.text(
            surface, model.prompt(), widgets.px(size, 18), theme.TEXT, layout.prompt, bold=True
        )
        for index, (choice, rect) in enumerate(zip(model.choices(), layout.choices, strict=True)):
            draw_choice(surface, rect, choice, focused=index == model.focus)
        widgets.footer(surface, layout.frame.footer, hint(model), self.flashes.current(now_ns))
        if self.menu.open:
            self.menu.draw(surface)


class ParisResultsScene(BaseScene):
    """The final tally (see the module docstring)."""

    def __init__(self, app: AppContext, model: ParisTrackerModel) -> None:
        super().__init__(app)
        self.model = model

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button == "select":
            self.model.close()
            self.app.stack.pop()
        elif button == "back" and not self.model.session.closed:
            self.model.back()
            self.app.stack.replace(ParisTrackerScene(self.app, self.model))

    def update(self, now_ns: int) -> bool:
        return self.flashes.expire(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        outcome = TRACKER.outcome(self.model.state)
        draw_tally(
            surface,
            TITLE,
            tally=self.model.state.tally,
            winners=outcome.winners if outcome is not None else (),
            hint_words="Select: start menu · Back: undo the unveiling",
            flash=self.flashes.current(now_ns),
        )


# --- layout ----------------------------------------------------------------------------------


class Layout:
    """Where everything goes on one screen size (computed, never stored between frames)."""

    def __init__(self, size: tuple[int, int], model: ParisTrackerModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 6), -2 * px(size, 3))
        gap = px(size, 3)
        self.order = pygame.Rect(body.left, body.top, body.width, px(size, 20))
        bank_h = px(size, 15) + model.state.players * px(size, 23)
        self.bank = pygame.Rect(body.left, self.order.bottom + gap, body.width, bank_h)
        count = len(model.choices())
        rows = 2 if count > 4 else 1
        chip_h = px(size, 26 if rows == 2 else 30)
        area_h = rows * (chip_h + gap)
        self.choice_area = pygame.Rect(body.left, body.bottom - area_h, body.width, area_h)
        self.prompt = pygame.Rect(body.left, self.choice_area.top - px(size, 21), body.width, 0)
        self.prompt.height = px(size, 20)
        self.info = pygame.Rect(body.left, self.bank.bottom + gap, body.width, 0)
        self.info.height = max(0, self.prompt.top - gap - self.info.top)
        self.choices = choice_rects(self.choice_area, count, rows, chip_h, gap)


def choice_rects(
    area: pygame.Rect, count: int, rows: int, height: int, gap: int
) -> list[pygame.Rect]:
    per_row = -(-count // rows) if count else 1
    width = (area.width - gap * (per_row - 1)) // per_row
    return [
        pygame.Rect(
            area.left + (k % per_row) * (width + gap),
            area.top + (k // per_row) * (height + gap),
            width,
            height,
        )
        for k in range(count)
    ]


def header_words(state: TrackerState) -> str:
    if state.phase == "turn":
        last = " (last)" if state.turn == TURNS else ""
        return f"round {state.round} of {ROUNDS} · turn {state.turn} of {TURNS}{last}"
    if state.phase == "settle":
        return f"round {state.round} of {ROUNDS} · settlement"
    return "game end"


def draw_order(surface: pygame.Surface, area: pygame.Rect, state: TrackerState) -> None:
    """This turn's order as chips (the gang to play edged); during the settlement the
    districts in D7's order (the one being settled edged); then the supply."""
    size = surface.get_size()
    font_px = round(area.height * 0.8)
    label = {"turn": "Order:" if state.turn != TURNS else "Last turn:", "settle": "Districts:"}
    place = widgets.text(surface, label.get(state.phase, "Game end"), font_px, theme.TEXT_DIM, area)
    x, side = place.right + widgets.px(size, 6), area.height
    if state.phase == "turn":
        for k, seat in enumerate(state.order):
            rect = pygame.Rect(x + k * (side + 4), area.top, side, side)
            widgets.chip(surface, rect, state.colours[seat])
            if seat == state.to_play:
                pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), width=2, border_radius=4)
    elif state.phase == "settle":
        for k, district in enumerate(state.settle_order):
            rect = pygame.Rect(x + k * (side + 3), area.top, side, side)
            current = district == state.district
            widgets.panel(surface, rect, focused=current)
            ink = theme.TEXT if current or k >= len(state.settled) else theme.TEXT_DIM
            widgets.text(surface, str(district), font_px, ink, rect, align="center", bold=current)
    right = f"supply: {state.supply} reinf. · bourgeois left: {COUNTERS - sum(state.counters)}"
    widgets.text(surface, right, round(area.height * 0.7), theme.TEXT_DIM, area, align="right")


def draw_bank(
    surface: pygame.Surface, area: pygame.Rect, state: TrackerState, playing: int | None
) -> None:
    """A row per gang: colour and letter, money large, then the Apaches' places."""
    size = surface.get_size()
    head = pygame.Rect(area.left, area.top, area.width, widgets.px(size, 15))
    for cell, title in zip(widgets.columns(head, BANK_WEIGHTS, gap=4), BANK_TITLES, strict=True):
        widgets.text(
            surface, title, round(head.height * 0.85), theme.TEXT_DIM, cell, align="center"
        )
    row_h = widgets.px(size, 23)
    for seat, colour in enumerate(state.colours):
        band = pygame.Rect(area.left, head.bottom + seat * row_h, area.width, row_h - 2)
        widgets.panel(surface, band, focused=seat == playing)
        cells = widgets.columns(band.inflate(-4, -4), BANK_WEIGHTS, gap=4)
        widgets.chip(surface, cells[0], colour)
        won = f" +{state.won[seat]}" if state.won[seat] else ""
        values = (
            f"{state.reserve_leaders[seat]}  {state.reserve_novices[seat]}  "
            f"{state.reserve_recruits[seat]}{won}",
            str(state.board_leaders[seat] + state.board_novices[seat] + state.board_recruits[seat]),
            str(state.hospital[seat] + state.sent_hospital[seat]),
            str(state.prison[seat] + state.sent_prison[seat]),
            str(state.cemetery[seat]),
            str(state.counters[seat]),
        )
        widgets.text(
            surface,
            f"{state.money[seat]} F",
            round(band.height * 0.95),
            theme.TEXT,
            cells[1],
            align="right",
            bold=True,
        )
        for cell, value in zip(cells[2:], values, strict=True):
            ink = theme.TEXT if value != "0" else theme.TEXT_DIM
            widgets.text(surface, value, round(band.height * 0.75), ink, cell, align="center")


def draw_choice(
    surface: pygame.Surface, rect: pygame.Rect, choice: Choice, *, focused: bool
) -> None:
    radius = max(3, rect.height // 5)
    if choice.colour is not None:
        fill = theme.SEAT_COLOURS[choice.colour]
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), width=3, border_radius=radius)
        ink = theme.text_colour_on(fill)
        widgets.text(
            surface, choice.label, round(rect.height * 0.62), ink, rect.inflate(-6, 0),
            align="center", bold=True,
        )  # fmt: skip
        return
    widgets.panel(surface, rect, focused=focused)
    ink = theme.TEXT if focused else theme.mix(theme.TEXT, theme.TEXT_DIM, 0.4)
    widgets.text(
        surface, choice.label, round(rect.height * 0.55), ink, rect.inflate(-6, 0),
        align="center", bold=focused,
    )  # fmt: skip


def hint(model: ParisTrackerModel) -> str:
    step = model.step
    if step == "turn":
        return "Its colour: chief placed, warrior moved, hunter stash · Back: undo"
    if step == "place":
        return "Chief/warrior/woman: +1 · hunter or Done: enter · Back: cancel"
    if step in ("holder", "policeman"):
        return "A colour: that gang · Previous/Next: move · Select · Back: undo"
    if step == "slot":
        return "Previous/Next: move · Select: that slot · Back: other holder"
    return "Previous/Next: move · Select: choose · Back: undo the last entry"


# --- the final tally -------------------------------------------------------------------------

TALLY_TITLES: Final = ("before", "bourgeois", "policeman", "Apaches", "total")
TALLY_WEIGHTS: Final = [1.6, 1.0, 1.2, 1.2, 1.3, 1.1]


def tally_headline(colours: tuple[str, ...], winners: tuple[int, ...], money: int) -> str:
    if not winners:
        return "The game is not over"
    names = ", ".join(gang_name(colours[w]) for w in winners)
    if len(winners) > 1:
        return f"Shared victory: {names}, {money} F each"
    return f"{names} wins with {money} F"


def draw_tally(
    surface: pygame.Surface,
    title: str,
    *,
    tally: tuple[TallyLine, ...],
    winners: tuple[int, ...],
    hint_words: str,
    flash: widgets.Flash | None,
) -> None:
    """Ruling D10's breakdown per gang, the winners lit."""
    size = surface.get_size()
    frame = widgets.frame(size)
    surface.fill(theme.BACKGROUND)
    widgets.header(surface, frame.header, title, "final tally (ruling D10)")
    body = frame.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 5))
    top = pygame.Rect(body.left, body.top, body.width, widgets.px(size, 30))
    colours = tuple(line.colour for line in tally)
    best = tally[winners[0]].total if winners else 0
    widgets.text(surface, tally_headline(colours, winners, best), widgets.px(size, 24),
                 theme.GOOD, top, align="center", bold=True)  # fmt: skip
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 4), body.width, 0)
    table.height = body.bottom - table.top
    bands = widgets.rows(
        table, len(tally) + 1, height=widgets.px(size, 30), gap=widgets.px(size, 3)
    )
    titles = widgets.columns(bands[0], TALLY_WEIGHTS, gap=4)[1:]
    for cell, word in zip(titles, TALLY_TITLES, strict=True):
        widgets.text(surface, word, widgets.px(size, 15), theme.TEXT_DIM, cell, align="center")
    for band, line in zip(bands[1:], tally, strict=True):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if line.seat in winners else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, -6), TALLY_WEIGHTS, gap=4)
        widgets.chip(surface, cells[0], line.colour, label=line.colour)
        values = (
            f"{line.stashes} F",
            f"{line.bourgeois} +{line.bourgeois_money}",
            f"-{line.policeman_paid}" if line.policeman else "no",
            f"{line.operational} +{line.operational_money}",
            f"{line.total} F",
        )
        for index, (cell, value) in enumerate(zip(cells[1:], values, strict=True)):
            bold = index == len(values) - 1
            widgets.text(surface, value, round(band.height * (0.8 if bold else 0.65)),
                         theme.TEXT, cell, align="center", bold=bold)  # fmt: skip
    widgets.footer(surface, frame.footer, hint_words, flash)
