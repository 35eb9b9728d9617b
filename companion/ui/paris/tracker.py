"""The Paris TRACKER screens: the real board on the table, the bank here.

``ParisTrackerScene`` shows, from the top: the round and turn (header); this turn's order
with the gang to play lit, and the last turn's order (ruling D6); the bank, always on
screen, a row per gang with its colour AND letter: money (large), Apaches in reserve
(leaders, novices, reinforcements; "+2": won for next round), on the board, in hospital,
in prison, in the cemetery, and bourgeois counters held (identities hidden until the end);
one line about the step (the last settled district and what moved, the reserve being
placed from); the question of the current step with its options. The steps and their
buttons are in ``companion.ui.paris.tracker_model``. The mouse clicks an option. The game
menu ("Menu" while a turn is asked for) and the rest of the plumbing:
``companion.ui.game_scene``.

``ParisTrackerResultsScene``: the final tally (ruling D10), each gang's breakdown: money
before the end, bourgeois, the policeman's fine, operational Apaches, total; the winners.
Select returns to the start menu; back undoes the unveiling.
"""

from __future__ import annotations

from typing import Final

import pygame

from companion.i18n import marked, money, tr
from companion.rules.paris.state import COUNTERS, ROUNDS, TURNS
from companion.rules.paris.tracker import TrackerState
from companion.ui import theme, widgets
from companion.ui.game_model import names_key
from companion.ui.game_scene import GameResultsScene, GameScene, choice_grid, draw_choices
from companion.ui.paris.tracker_model import ParisTrackerModel
from companion.ui.paris.view import draw_district_badge, draw_tally
from companion.ui.scenes import BaseScene

TITLE: Final = marked("Paris — bank")
BANK_TITLES: Final = (
    "",
    marked("money"),
    marked("res. L N R"),
    marked("board"),
    marked("hosp."),
    marked("prison"),
    marked("cem."),
    marked("bourg."),
)
"""The bank's column titles (the first, over the gangs' chips, is empty)."""
BANK_WEIGHTS: Final = [0.5, 1.45, 1.35, 0.75, 0.7, 0.75, 0.65, 0.75]
A_GANG: Final = marked("A colour: that gang · Previous/Next: move · Select · Back: undo")
HINTS: Final = {
    "turn": marked("Its colour: chief placed, warrior moved, hunter stash · Back: undo"),
    "place": marked("Chief/warrior/woman: +1 · hunter or Done: enter · Back: cancel"),
    "holder": A_GANG,
    "policeman": A_GANG,
    "slot": marked("Previous/Next: move · Select: that slot · Back: other holder"),
}
"""The footer's words, by step (the others: ``HINT``)."""
HINT: Final = marked("Previous/Next: move · Select: choose · Back: undo the last entry")


class ParisTrackerScene(GameScene[ParisTrackerModel]):
    """The bank (see the module docstring)."""

    def results(self) -> BaseScene:
        return ParisTrackerResultsScene(self.app, self.model)

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        return list(enumerate(ParisTrackerLayout(self.app.size, self.model).choices))

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        model = self.model
        layout = ParisTrackerLayout(surface.get_size(), model)
        widgets.page(surface, tr(TITLE), header_words(model.state))
        draw_order(surface, layout.order, model.state)
        draw_bank(surface, layout.bank, model.state, model.seat)
        size = surface.get_size()
        info = fitting_info(layout.info, model.info_options(), size)
        draw_info(surface, layout.info, info, names_key(model.state.colours, model.names))
        table_px = theme.floor_px("table", size)
        widgets.paragraph(
            surface, layout.question, table_px, theme.TEXT, layout.prompt, role="table", bold=True
        )
        draw_choices(surface, model, enumerate(layout.choices))
        self.draw_footer(surface, tr(HINTS.get(model.step, HINT)), now_ns)


class ParisTrackerResultsScene(GameResultsScene[ParisTrackerModel]):
    """The final tally (see the module docstring)."""

    def game_scene(self) -> BaseScene:
        return ParisTrackerScene(self.app, self.model)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        names = self.model.names
        draw_tally(surface, tr(TITLE), self.model.state.tally, self.winners(), names)
        self.draw_hint(surface, tr("Select: start menu · Back: undo the unveiling"), now_ns)


# --- layout ----------------------------------------------------------------------------------


class ParisTrackerLayout:
    """Where everything goes on one screen size (computed, never stored between frames):
    the order, the bank (money large), a line or two about the step, the question (large)
    and its options."""

    def __init__(self, size: tuple[int, int], model: ParisTrackerModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 6), -2 * px(size, 3))
        gap = px(size, 3)
        self.order = pygame.Rect(body.left, body.top, body.width, px(size, 20))
        bank_h = bank_head_height(size) + model.state.players * bank_row_height(size)
        self.bank = pygame.Rect(body.left, self.order.bottom + gap, body.width, bank_h)
        count = len(model.choices())
        rows = 2 if count > 4 else 1
        chip_h = px(size, 25 if rows == 2 else 30)
        area_h = rows * (chip_h + gap)
        self.choice_area = pygame.Rect(body.left, body.bottom - area_h, body.width, area_h)
        table_px = theme.floor_px("table", size)
        info_top = self.bank.bottom + gap
        body_px = theme.floor_px("body", size)
        info_h = len(widgets.wrap(model.info(), body_px, body.width)) * widgets.line_height(body_px)
        unnamed = model.prompt(named=False)
        self.question = unnamed
        """The question as shown: the player's name in it if the step's lines keep room."""
        for option in (model.prompt(), unnamed):
            lines = len(widgets.wrap(option, table_px, body.width, bold=True))
            prompt_h = min(2, max(1, lines)) * widgets.line_height(table_px, bold=True)
            top = self.choice_area.top - prompt_h
            if (lines <= 2 and top - gap - info_top >= info_h) or option == unnamed:
                self.question = option
                break
        self.prompt = pygame.Rect(body.left, top, body.width, prompt_h)
        self.info = pygame.Rect(body.left, info_top, body.width, max(0, top - gap - info_top))
        self.choices = choice_grid(self.choice_area, count, rows=rows, height=chip_h, gap=gap)


def fitting_info(area: pygame.Rect, options: list[str], size: tuple[int, int]) -> str:
    """The first of ``options`` (the step's words, then shorter) whose lines fit ``area``."""
    body_px = theme.floor_px("body", size)
    lines = max(1, area.height // widgets.line_height(body_px))
    return widgets.first_wrapping(options, body_px, area.width, lines=lines)


def draw_info(surface: pygame.Surface, area: pygame.Rect, info: str, key: list[str]) -> None:
    """Who sits where (under the bank) when there is room for it and the step's ``info``
    lines (the questions name the player either way), then those lines."""
    body_px = theme.floor_px("body", surface.get_size())
    line_h = widgets.line_height(body_px)
    info_h = len(widgets.wrap(info, body_px, area.width)) * line_h
    key_h = widgets.key_height(key, body_px, area.width)
    if key and info_h + key_h <= area.height:
        widgets.names_key(surface, area, key)
        info_area = pygame.Rect(area.left, area.top + key_h, area.width, info_h)
        widgets.paragraph(surface, info, body_px, theme.TEXT_DIM, info_area, role="body")
    elif area.height >= line_h:
        widgets.paragraph(surface, info, body_px, theme.TEXT_DIM, area, role="body")


def bank_head_height(size: tuple[int, int]) -> int:
    return widgets.line_height(theme.floor_px("body", size)) + widgets.px(size, 1)


def bank_row_height(size: tuple[int, int]) -> int:
    """A gang's row: its money at the table's size."""
    return widgets.px(size, 26)


def header_words(state: TrackerState) -> str:
    """The round and the turn (or the settlement, or the game's end) for the title bar."""
    if state.phase == "turn":
        if state.turn == TURNS:
            words = tr("round {round} of {rounds} · turn {turn} of {turns} (last)")
        else:
            words = tr("round {round} of {rounds} · turn {turn} of {turns}")
        return words.format(round=state.round, rounds=ROUNDS, turn=state.turn, turns=TURNS)
    if state.phase == "settle":
        return tr("round {round} of {rounds} · settlement").format(round=state.round, rounds=ROUNDS)
    return tr("game end")


def order_label(state: TrackerState) -> str:
    """The words before the order's chips: this turn's order, the districts being settled,
    or the game's end."""
    if state.phase == "turn":
        return tr("Order:") if state.turn != TURNS else tr("Last turn:")
    if state.phase == "settle":
        return tr("Districts:")
    return tr("Game end")


def draw_order(surface: pygame.Surface, area: pygame.Rect, state: TrackerState) -> None:
    """This turn's order as chips (the gang to play edged); during the settlement the
    districts in D7's order (the one being settled edged); then the supply."""
    size = surface.get_size()
    font_px = max(widgets.fill_px(area.height) - 4, theme.floor_px("body", size))
    place = widgets.text(surface, order_label(state), font_px, theme.TEXT_DIM, area, role="body")
    x, side = place.right + widgets.px(size, 6), area.height
    end = x
    if state.phase == "turn":
        for k, seat in enumerate(state.order):
            rect = pygame.Rect(x + k * (side + 4), area.top, side, side)
            widgets.chip(surface, rect, state.colours[seat], role="body")
            if seat == state.to_play:
                pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), width=2, border_radius=4)
            end = rect.right
    elif state.phase == "settle":
        for k, district in enumerate(state.settle_order):
            rect = pygame.Rect(x + k * (side + 3), area.top, side, side)
            current, settled = district == state.district, k < len(state.settled)
            draw_district_badge(surface, rect, district, font_px, current=current, dim=settled)
            end = rect.right
    right = tr("supply {supply} · bourgeois left {left}").format(
        supply=state.supply, left=COUNTERS - sum(state.counters)
    )
    room = pygame.Rect(end + widgets.px(size, 8), area.top, area.right - end, area.height)
    room.width = area.right - room.left
    body_px = theme.floor_px("body", size)
    widgets.text(surface, right, body_px, theme.TEXT_DIM, room, align="right", role="body")


def draw_bank(
    surface: pygame.Surface, area: pygame.Rect, state: TrackerState, playing: int | None
) -> None:
    """A row per gang: colour and letter, money large (for the far seat), then the Apaches'
    places."""
    size = surface.get_size()
    body_px, table_px = theme.floor_px("body", size), theme.floor_px("table", size)
    head = pygame.Rect(area.left, area.top, area.width, bank_head_height(size))
    for cell, title in zip(widgets.columns(head, BANK_WEIGHTS, gap=4), BANK_TITLES, strict=True):
        words = tr(title) if title else ""
        widgets.text(surface, words, body_px, theme.TEXT_DIM, cell, align="center", role="body")
    row_h = bank_row_height(size)
    for seat, colour in enumerate(state.colours):
        band = pygame.Rect(area.left, head.bottom + seat * row_h, area.width, row_h - 2)
        widgets.panel(surface, band, focused=seat == playing)
        cells = widgets.columns(band.inflate(-4, 0), BANK_WEIGHTS, gap=4)
        widgets.chip(surface, cells[0], colour, role="table")
        won = f" +{state.won[seat]}" if state.won[seat] else ""
        values = (
            f"{state.reserve_leaders[seat]} {state.reserve_novices[seat]} "
            f"{state.reserve_recruits[seat]}{won}",
            str(state.board_leaders[seat] + state.board_novices[seat] + state.board_recruits[seat]),
            str(state.hospital[seat] + state.sent_hospital[seat]),
            str(state.prison[seat] + state.sent_prison[seat]),
            str(state.cemetery[seat]),
            str(state.counters[seat]),
        )
        widgets.text(
            surface,
            money(state.money[seat]),
            table_px,
            theme.TEXT,
            cells[1],
            align="right",
            bold=True,
            role="table",
        )
        for cell, value in zip(cells[2:], values, strict=True):
            ink = theme.TEXT if value != "0" else theme.TEXT_DIM
            widgets.text(
                surface, value, round(body_px * 1.25), ink, cell, align="center", role="body"
            )
