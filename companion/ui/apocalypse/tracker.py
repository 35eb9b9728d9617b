"""The Apocalypse TRACKER screens: real cards at the table; the tokens, tricks and scores here.

``ApocalypseTrackerScene`` shows, from the top: the tokens, large, each with its colour AND
its letter (black side: a black disc ringed in the suit's colour), and the APOCALYPSE alarm
the moment the last one turns; the trick so far, seat by seat (or the last trick's result);
the question of the current step with its options; the round's points and the totals. The
steps and their buttons are in ``companion.ui.apocalypse.tracker_model``: previous / next
move, select chooses, back steps back or undoes the last entry, a seat colour picks a suit
or a token. The mouse clicks an option (or a count's arrows). The game menu (the "Menu"
option when a card is asked for) and the rest of the plumbing: ``companion.ui.game_scene``.

``ApocalypseTrackerResultsScene``: every round's scores (a swapped Duel round marked), the
totals, the winners (the fewest points, ties share, ruling P11). Select returns to the
start menu; back undoes the last score entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import pygame

from companion.i18n import marked, said, tr, trc, trn
from companion.rules.apocalypse.tracker import TrackerState, TrickResult
from companion.rules.apocalypse.tricks import player_name
from companion.ui import theme, widgets
from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel
from companion.ui.apocalypse.view import (
    draw_results,
    draw_scores,
    draw_tokens,
    draw_trick,
    draw_trick_result,
    points_words,
    score_rows,
    sentences,
    short_headline,
    trick_headline,
)
from companion.ui.game_model import Choice, names_key
from companion.ui.game_scene import GameResultsScene, GameScene, choice_grid, draw_choices
from companion.ui.scenes import BaseScene

TITLE: Final = marked("Apocalypse — tracker")
COUNTING: Final = marked("Previous/Next: −/+ · Select: next player (the last: done) · Back: cancel")
HINTS: Final = {
    "card": marked("A colour: that suit · Previous/Next: move · Select: choose · Back: undo"),
    "value": marked("Previous/Next: move · Select or its colour: enter · Back: other card"),
    "token": marked("A colour: that token · Previous/Next + Select · Back: another card"),
    "specials": COUNTING,
    "count": COUNTING,
}
"""The footer's words, by step (the others: ``HINT``); translated where drawn."""
HINT: Final = marked("Previous/Next: move · Select: choose · Back: undo the last entry")


class ApocalypseTrackerScene(GameScene[ApocalypseTrackerModel]):
    """The game (see the module docstring)."""

    def results(self) -> BaseScene:
        return ApocalypseTrackerResultsScene(self.app, self.model)

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        return list(enumerate(ApocalypseTrackerLayout(self.app.size, self.model).choices))

    def click_elsewhere(self, pos: tuple[int, int], now_ns: int) -> None:
        """A count's arrows: -1 / +1 on that player's count."""
        arrows = ApocalypseTrackerLayout(self.app.size, self.model).arrows
        for seat, (minus, plus) in enumerate(arrows):
            if minus.collidepoint(pos) or plus.collidepoint(pos):
                self.model.add(seat, -1 if minus.collidepoint(pos) else 1)
                return

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        model, state = self.model, self.model.state
        layout = ApocalypseTrackerLayout(size, model)
        widgets.page(surface, tr(TITLE), header_words(state))
        draw_tokens(surface, layout.tokens, state)
        if model.step in ("score", "specials", "count"):
            _draw_round_table(surface, layout.table, model, layout.arrows)
            widgets.names_key(surface, layout.key, _names_key(model))
        else:
            _draw_trick(surface, layout.middle, state, model.names)
        _draw_prompt(surface, layout, model)
        if layout.scores.height:
            points = [state.round_points(seat) for seat in range(state.players)]
            draw_scores(surface, layout.scores, points, state.totals, model.names)
        self.draw_footer(surface, tr(HINTS.get(model.step, HINT)), now_ns)


class ApocalypseTrackerResultsScene(GameResultsScene[ApocalypseTrackerModel]):
    """The game's result (see the module docstring)."""

    def game_scene(self) -> BaseScene:
        return ApocalypseTrackerScene(self.app, self.model)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        names = self.model.names
        title = tr(TITLE)
        draw_results(surface, self.model.state, self.winners(), title=title, names=names)
        self.draw_hint(surface, tr("Select: start menu · Back: undo the last score"), now_ns)


def header_words(state: TrackerState) -> str:
    """The header's round and trick: the trick being played (or the next one); once the
    round's last trick is in, that trick's number, the last (never a trick past it)."""
    if state.phase == "score":
        words = tr("round {round} of 3 · trick {trick}, the last")
        return words.format(round=state.round, trick=state.tricks)
    return tr("round {round} of 3 · trick {trick}").format(
        round=state.round, trick=state.tricks + 1
    )


# --- layout ----------------------------------------------------------------------------------


class ApocalypseTrackerLayout:
    """Where everything goes on one screen size (computed, never stored between frames)."""

    def __init__(self, size: tuple[int, int], model: ApocalypseTrackerModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 8), -2 * px(size, 4))
        scoring = model.step in ("score", "specials", "count")
        self.tokens = pygame.Rect(body.left, body.top, body.width, px(size, 34 if scoring else 44))
        rows_of_scores = score_rows(model.state.players)
        strip = 0 if scoring else rows_of_scores * px(size, 25)  # scoring: the table has them
        self.scores = pygame.Rect(body.left, body.bottom - strip, body.width, strip)
        choices = model.choices()
        rows = 2 if len(choices) > 7 else 1
        chip_h = px(size, 28 if rows == 2 else 30)
        self.choice_area = pygame.Rect(
            body.left, self.scores.top - px(size, 4) - rows * (chip_h + px(size, 4)), body.width, 0
        )
        self.choice_area.height = rows * (chip_h + px(size, 4))
        table_px = theme.floor_px("table", size)
        lines = len(widgets.wrap(model.prompt(), table_px, body.width, bold=True))
        prompt_h = min(2, max(1, lines)) * widgets.line_height(table_px, bold=True)
        self.prompt = pygame.Rect(body.left, self.choice_area.top - prompt_h, body.width, prompt_h)
        middle_top = self.tokens.bottom + px(size, 4)
        self.middle = pygame.Rect(body.left, middle_top, body.width, 0)
        self.middle.height = max(0, self.prompt.top - px(size, 4) - middle_top)
        self.choices = choice_grid(
            self.choice_area,
            len(choices),
            rows=rows,
            height=chip_h,
            gap=px(size, 4),
            widest=self.choice_area.width // 3,
        )
        self.table, self.key = _split_round_table(size, self.middle, model)
        """The round's table (while scoring) and who sits where under it."""
        self.arrows = _arrow_rects(self.table, model)


def _arrow_rects(
    area: pygame.Rect, model: ApocalypseTrackerModel
) -> list[tuple[pygame.Rect, pygame.Rect]]:
    if model.counts is None:
        return []
    found = []
    for band in _table_rows(area, model.state.players):
        side = band.height
        plus = pygame.Rect(band.right - side, band.top, side, side)
        minus = pygame.Rect(plus.left - 2 * side, band.top, side, side)
        found.append((minus, plus))
    return found


def _names_key(model: ApocalypseTrackerModel) -> list[str]:
    return names_key([player_name(seat) for seat in range(model.state.players)], model.names)


def _split_round_table(
    size: tuple[int, int], area: pygame.Rect, model: ApocalypseTrackerModel
) -> tuple[pygame.Rect, pygame.Rect]:
    """The round's table and, where its rows keep the table's type, who sits where under it."""
    row_h = widgets.line_height(theme.floor_px("table", size)) + 2
    rows = model.state.players + 1
    return widgets.split_for_key(size, area, _names_key(model), rows=rows, row_h=row_h)


def _table_rows(area: pygame.Rect, players: int) -> list[pygame.Rect]:
    gap = max(2, area.height // 60)
    return widgets.rows(area, players + 1, height=area.height // (players + 1), gap=gap)[1:]


def _draw_trick(
    surface: pygame.Surface, area: pygame.Rect, state: TrackerState, names: Mapping[str, str]
) -> None:
    """The trick seat by seat (named by the roster's ``names``), or the last trick's
    result."""
    if not state.trick and state.last_trick is not None and state.phase != "values":
        _draw_last_trick(surface, area, state)
        return
    played = {play.seat: play for play in state.trick}
    draw_trick(surface, area, state.order, played, actor=state.to_play, name_scale=0.9, names=names)


def _draw_last_trick(surface: pygame.Surface, area: pygame.Rect, state: TrackerState) -> None:
    result = state.last_trick
    assert result is not None
    cards = len(result.won)
    cards_words = trn("{count} card", "{count} cards", cards).format(count=cards)
    taken = tr("{cards}, {points}").format(cards=cards_words, points=points_words(result.points))
    winner = None if result.winner is None else player_name(result.winner)
    words = trick_headline(result.number, winner, taken, apocalypse=result.apocalypse)
    short = short_headline(winner, apocalypse=result.apocalypse)
    draw_trick_result(
        surface, area, words, trick_note(result), alarm=result.apocalypse, short=short
    )


def trick_note(result: TrickResult) -> str:
    """Why the trick went as it did, in sentences: the rules' reason, then any revokes."""
    return sentences(said(result.reason), *(said(revoke) for revoke in result.revokes))


def _draw_prompt(
    surface: pygame.Surface, layout: ApocalypseTrackerLayout, model: ApocalypseTrackerModel
) -> None:
    size = surface.get_size()
    widgets.paragraph(
        surface,
        model.prompt(),
        theme.floor_px("table", size),
        theme.TEXT,
        layout.prompt,
        bold=True,
        role="table",
    )
    draw_choices(surface, model, enumerate(layout.choices), words=_chip_words)


def _chip_words(choice: Choice) -> str:
    """A suit's option with its letter first: ``"R red"``; a value: ``"R8"``."""
    if choice.colour is None:
        return choice.label
    letter = theme.SEAT_LETTERS[choice.colour]
    return f"{letter}{choice.label}" if choice.label.isdigit() else f"{letter} {choice.label}"


def _round_table_titles() -> tuple[str, str, str, str]:
    """The round table's columns: points won, Specials in hand, the round's score, the total
    before the round (short words: a translator needs the context)."""
    return (
        trc("round table column: points won this round", "won"),
        tr("Specials ×20"),
        trc("round table column: this round's score", "round"),
        trc("round table column: the total before this round", "before"),
    )


def _draw_round_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    model: ApocalypseTrackerModel,
    arrows: list[tuple[pygame.Rect, pygame.Rect]],
) -> None:
    state = model.state
    weights = [1.0, 1.0, 1.2, 1.0, 1.2]
    header = widgets.rows(
        area,
        state.players + 1,
        height=area.height // (state.players + 1),
        gap=max(2, area.height // 60),
    )[0]
    body_px, table_px = (
        theme.floor_px("body", surface.get_size()),
        theme.floor_px("table", surface.get_size()),
    )
    size_px = body_px
    columns = widgets.columns(header, weights, gap=4)[1:]
    for cell, title in zip(columns, _round_table_titles(), strict=True):
        widgets.text(surface, title, size_px, theme.TEXT_DIM, cell, align="center", role="body")
    table = model.round_table()
    for seat, band in enumerate(_table_rows(area, state.players)):
        editing = model.counts is not None and seat == model.count_focus
        widgets.panel(surface, band, editing=editing)
        won, specials, score, before = table[seat]
        values = [str(won), str(specials), str(score), str(before)]
        if model.counts is not None:
            column = 1 if model.step == "specials" else 2
            values[column] = str(model.counts[seat])
        cells = widgets.columns(band.inflate(-4, 0), weights, gap=4)
        name = player_name(seat)
        widgets.text(
            surface, name, table_px, theme.TEXT, cells[0], align="center", bold=True, role="table"
        )
        for cell, value in zip(cells[1:], values, strict=True):
            widgets.text(surface, value, table_px, theme.TEXT, cell, align="center", role="table")
    for minus, plus in arrows:
        widgets.arrow(surface, minus, "left", theme.WARN)
        widgets.arrow(surface, plus, "right", theme.WARN)
