"""The Apache TRACKER screens: real cards at the table, the companion keeps the Pow-Wow.

``ApacheTrackerScene`` (the game). Seat buttons are slaps, given to the arbiter; when a window
resolves its timeline is shown and each slap is confirmed in order.

Ruling A8 here: one slap per player per Pow-Wow. The companion does not see the cards being
turned, so each Pow-Wow stands alone (a player may slap again in the next one; whether a card
was turned in between is for the table to judge); the help line says so.

    stage     seat buttons   previous / next        select            back
    play      slap           -                      game menu         undo last entry
    window    slap           -                      game menu         undo last entry
    confirm   slap (queued)  loot / nothing /       confirm           undo previous
                             penalty                                  confirmation
    menu      slap           move                   choose            close the menu

The game menu: back to the game, end of game (count the piles), the rules help, the
settings, leave (resume later), discard the game (asked first).

``ApacheTrackerCountScene`` (end of game, ruling A10): every player enters their own pile at
once with their own buttons: chief +10, warrior +5, woman +1, hunter -1. With the
navigation buttons only: previous / next = -1 / +1 on the focused pile, select = next pile
(then Done), back = previous pile (from the first: back to the game).

``ApacheTrackerResultsScene``: scores, winner(s) (ties share the victory), and per player
the slaps, loot, penalties and the fastest / median / slowest gap to the first slap. Select
returns to the start menu; back undoes the counts and returns to the count screen (a pile
was wrong).

The mouse (or a touchscreen): click an option, a pile's arrows, a menu row. On the game, a
click opens the slap pad: a row per seat with its four Indians (a click is that button,
stamped at the click) and the game menu.
"""

from __future__ import annotations

from typing import Final

import pygame

from companion.i18n import marked, tr, trc, trn
from companion.input.controls import button_of, seat_of
from companion.input.events import Press, Stuck, Unstuck
from companion.rules.apache.tracker import INDIANS, PRAIRIE_CARDS, RESULTS
from companion.ui import theme, widgets
from companion.ui.apache.tracker_model import (
    ApacheTrackerModel,
    ApacheTrackerResults,
)
from companion.ui.apache.view import (
    RESULT_COLOURS,
    ResultsPage,
    draw_pending,
    draw_results,
    draw_seat_button,
    draw_timeline,
    pow_wows,
)
from companion.ui.apache.words import kind_word, short_number
from companion.ui.game_menu import (
    BACK_TO_THE_GAME,
    DISCARD,
    LEAVE,
    MENU_HINT,
    SETTINGS,
    GameMenu,
    shared_row,
)
from companion.ui.game_model import names_key
from companion.ui.nav import NavButton
from companion.ui.rules_help import RULES_HELP
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.theme import colour_word

TITLE: Final = marked("Apache — tracker")
SLAP_HINT: Final = marked("Seat buttons: slap, once per Pow-Wow (A8) · Select: menu · Back: undo")
"""The keys while slapping. Ruling A8 allows one slap per turned card, but the tracker does
not see the cards turned: each Pow-Wow stands alone, and the table judges the rest."""
PENALTY_REMINDER: Final = marked(
    "Penalty (ruling A5): an illegal slap costs the top two cards of the winnings pile; "
    "they leave the game."
)
MOUSE_SOURCE: Final = "mouse"
"""The source of a slap made on the slap pad (stamped at the click)."""
OPTION_LABELS: Final = {
    "loot": marked("Loot"),
    "nothing": marked("Nothing"),
    "penalty": marked("Penalty"),
}
OPTION_NOTES: Final = {
    "loot": marked("took cards"),
    "nothing": marked("legal, nothing left"),
    "penalty": marked("top 2 cards lost"),
}
COUNT_TITLE: Final = marked("End of game: count the piles")
"""The count screen's title, and the game menu's row that opens it."""
MENU_ROWS: Final = (
    BACK_TO_THE_GAME,
    COUNT_TITLE,
    RULES_HELP,
    SETTINGS,
    LEAVE,
    DISCARD,
)
COUNT_STEPS: Final = {"chief": 10, "warrior": 5, "woman": 1, "hunter": -1}
"""What a seat's own buttons add to its pile on the count screen."""


def scene_for(app: AppContext, model: ApacheTrackerModel) -> BaseScene:
    """The screen for the game's phase (a resumed game may be counting, or over)."""
    phase = model.state.phase
    if phase == "count":
        return ApacheTrackerCountScene(app, model)
    if phase == "over":
        return ApacheTrackerResultsScene(app, model)
    return ApacheTrackerScene(app, model)


class _ModelScene(BaseScene):
    """A scene over an ``ApacheTrackerModel``: journal errors and notices become brief
    messages."""

    def __init__(self, app: AppContext, model: ApacheTrackerModel) -> None:
        super().__init__(app)
        self.model = model
        model.on_window = app.on_window

    def take_notices(self, now_ns: int) -> bool:
        return self.show_notices(self.model.notices, now_ns)

    def stuck(self, event: Stuck | Unstuck, now_ns: int) -> None:
        if isinstance(event, Stuck):
            words = tr("{button} is stuck: ignored until released")
            self.flashes.add(words.format(button=event.control), now_ns)

    def close(self) -> None:
        """The program is leaving: enter the slaps still being decided, then release the
        journal (a clean quit loses nothing)."""
        if not self.model.session.closed:
            self.guarded(lambda: self.model.flush(self.app.monotonic_ns()), 0)
        self.model.close()


# --- the game --------------------------------------------------------------------------------


class ApacheTrackerScene(_ModelScene):
    """Slaps, the window timeline and the confirmations (see the module docstring)."""

    def __init__(self, app: AppContext, model: ApacheTrackerModel) -> None:
        super().__init__(app, model)
        self.menu = GameMenu(MENU_ROWS)
        self.pad_open = False
        """The slap pad is shown (the mouse's seat buttons: a click on the game opens it)."""
        self._pad_seq = 0

    # -- input --

    def seat(self, press: Press, now_ns: int) -> None:
        if self.model.stage in ("count", "over"):
            return
        self.model.press(press)
        self.take_notices(now_ns)

    def nav(self, button: NavButton, now_ns: int) -> None:
        if self.menu.open:
            self._menu_choose(self.menu.nav(button), now_ns)
        elif button == "back":
            message = ""

            def undo() -> None:
                nonlocal message
                message = self.model.undo()

            if self.guarded(undo, now_ns):
                self.flashes.add(message, now_ns, theme.TEXT_DIM)
        elif self.model.stage == "confirm":
            self._confirm_nav(button, now_ns)
        elif button == "select":
            self.menu.show()

    def _confirm_nav(self, button: NavButton, now_ns: int) -> None:
        if button == "previous":
            self.model.cycle(-1)
        elif button == "next":
            self.model.cycle(+1)
        elif button == "select":
            self.guarded(self.model.confirm, now_ns)

    def _menu_choose(self, row: int | None, now_ns: int) -> None:
        """End of game (count the piles), leave, or a row every game shares (the rules
        help, the settings, the discard); "back to the game" closed it already."""
        model = self.model
        if row is None or shared_row(self.app, MENU_ROWS[row], model.session):
            return
        if row == 1:
            if self.guarded(model.finish, now_ns):
                self.menu.close()
                self.app.stack.replace(ApacheTrackerCountScene(self.app, model))
        elif model.arbiter.pending or model.queued:
            self.flashes.add(tr("wait: a Pow-Wow is still being decided"), now_ns)
        else:
            model.close()
            self.app.stack.pop()

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        layout = widgets.frame(self.app.size)
        if self.menu.open:
            self._menu_choose(self.menu.click(pos, self.app.size), now_ns)
        elif self.model.stage == "confirm":
            for index, rect in enumerate(_option_rects(layout.body, self.app.size)):
                if rect.collidepoint(pos):
                    self.model.choose(index)
                    self.guarded(self.model.confirm, now_ns)
                    return
        elif self.pad_open:
            self._pad_click(pos, now_ns)
        else:
            self.pad_open = True

    def _pad_click(self, pos: tuple[int, int], now_ns: int) -> None:
        """The slap pad: an Indian is that seat button, pressed now, and the pad stays
        open for the next slapper (on a touchscreen, the others' taps are slaps too) until
        the Pow-Wow is decided; the last row opens the game menu; anywhere else closes it."""
        buttons, menu = _pad_rects(self.app.size, self.model.colours)
        for control, rect in buttons:
            if rect.collidepoint(pos):
                self._pad_seq += 1
                press = Press(control, self.app.monotonic_ns(), MOUSE_SOURCE, self._pad_seq)
                self.seat(press, now_ns)
                return
        self.pad_open = False
        if menu.collidepoint(pos):
            self.menu.show()

    # -- time --

    def update(self, now_ns: int) -> bool:
        changed = self.polled(self.model.poll, now_ns)
        if self.model.stage == "confirm" and self.pad_open:
            self.pad_open = False  # decided: the pad has done its work
            changed = True
        self.play(self.model.cues)
        self.app.powwow_open(bool(self.model.arbiter.pending))
        changed |= self.take_notices(now_ns)
        changed |= self.flashes.expire(now_ns)
        return changed or self.model.stage == "window"

    # -- drawing --

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        stage = self.model.stage
        title, right, hint = self._texts(stage)
        layout = widgets.page(surface, title, right)
        body = layout.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 6))
        if stage == "confirm":
            self._draw_confirm(surface, body)
        elif stage == "window":
            self._draw_window(surface, body, now_ns)
        else:
            self._draw_play(surface, body)
        if self.menu.open:
            settled = not (self.model.arbiter.pending or self.model.queued)
            self.menu.draw(
                surface, enabled=(True, self.model.can_finish, True, True, settled, True)
            )
            hint = tr(MENU_HINT)
        elif self.pad_open and stage != "confirm":
            _draw_pad(surface, self.model.colours)
            hint = tr("Click an Indian to slap with it · click elsewhere to close")
        self.draw_hint(surface, hint, now_ns)

    def _texts(self, stage: str) -> tuple[str, str, str]:
        """The title, the header's right-hand words and the hint, in the screens' language."""
        model = self.model
        waiting = len(model.queued) + (1 if model.arbiter.pending else 0)
        if stage == "confirm":
            title = tr("Pow-Wow {number}: confirm {slap} of {slaps}").format(
                number=model.state.windows,
                slap=model.confirm_index + 1,
                slaps=len(model.state.window),
            )
            more = trn("{count} more waiting", "{count} more waiting", waiting)
            right = more.format(count=waiting) if waiting else ""
            hint = tr("Previous/Next: choose · Select: confirm · Back: undo previous")
            return title, right, hint
        hint = tr(SLAP_HINT)
        if stage == "window":
            return tr("Pow-Wow!"), tr("deciding who was first"), hint
        right = pow_wows(model.state.windows) if model.state.windows else tr("no Pow-Wow yet")
        return tr(TITLE), right, hint

    def _draw_play(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        size = surface.get_size()
        gap = widgets.px(size, 8)
        left, right = widgets.columns(body, [0.75, 1.45], gap=gap)
        _draw_seat_table(surface, left, self.model)
        label = pygame.Rect(right.left, right.top, right.width, widgets.px(size, 22))
        window = self.model.last_window
        if window is None:
            widgets.text(
                surface,
                tr("Slap your Indian on the Pow-Wow!"),
                widgets.px(size, 22),
                theme.TEXT,
                label,
                role="body",
            )
            return
        widgets.text(
            surface,
            tr("Last Pow-Wow ({number})").format(number=window.index + 1),
            widgets.px(size, 18),
            theme.TEXT_DIM,
            label,
            role="body",
        )
        turner = self.model.colour_of(self.model.state.turner)
        table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
        note_h, turn_h = widgets.line_height(body_px), widgets.line_height(table_px, bold=True)
        note = pygame.Rect(right.left, right.bottom - note_h, right.width, note_h)
        turns = pygame.Rect(right.left, note.top - turn_h, right.width, turn_h)
        named = self.model.names.get(turner, "")
        turns_words = trc("the line under it: the next card (ruling A9)", "{seat} turns")
        options = [
            turns_words.format(seat=theme.seat_name(turner, named)),
            turns_words.format(seat=theme.seat_name(turner)),
        ]
        words = widgets.first_wrapping(options, table_px, turns.width, lines=1, bold=True)
        widgets.text(surface, words, table_px, theme.TEXT, turns, role="table", bold=True)
        words = tr("the next card (ruling A9)")
        widgets.text(surface, words, body_px, theme.TEXT_DIM, note, role="body")
        area = pygame.Rect(
            right.left, label.bottom + gap // 2, right.width, turns.top - label.bottom - gap
        )
        draw_timeline(surface, area, window, results=())

    def _draw_window(self, surface: pygame.Surface, body: pygame.Rect, now_ns: int) -> None:
        size = surface.get_size()
        model = self.model
        bar = pygame.Rect(body.left, body.top, body.width, widgets.px(size, 12))
        widgets.progress(surface, bar, model.decided_fraction(now_ns), theme.WARN)
        line = pygame.Rect(
            body.left, bar.bottom + widgets.px(size, 4), body.width, widgets.px(size, 20)
        )
        quiet = short_number(model.arbiter.quiet_ns / 1e9)
        words = tr(
            "Slaps in stamp order so far; the order is final {seconds} s after the last one."
        ).format(seconds=quiet)
        if model.queued:
            queued = len(model.queued)
            words = trn(
                "{count} Pow-Wow(s) decided, waiting to be confirmed.",
                "{count} Pow-Wow(s) decided, waiting to be confirmed.",
                queued,
            ).format(count=queued)
        widgets.text(surface, words, widgets.px(size, 17), theme.TEXT_DIM, line, role="body")
        area = pygame.Rect(
            body.left,
            line.bottom + widgets.px(size, 6),
            body.width,
            body.bottom - line.bottom - widgets.px(size, 6),
        )
        draw_pending(surface, area, model.live_presses())

    def _draw_confirm(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        size = surface.get_size()
        model = self.model
        options = _option_rects(body, size)
        question_h = 2 * widgets.line_height(theme.floor_px("table", size), bold=True)
        question = pygame.Rect(
            body.left, options[0].top - question_h - widgets.px(size, 2), body.width, question_h
        )
        area = pygame.Rect(
            body.left, body.top, body.width, question.top - body.top - widgets.px(size, 4)
        )
        window = model.confirming
        results = list(model.state.results)
        if window is not None:
            draw_timeline(surface, area, window, current=model.confirm_index, results=results)
        seat, indian = model.state.window[model.confirm_index]
        colour = model.colour_of(seat)
        if RESULTS[model.option] == "penalty":
            widgets.paragraph(
                surface,
                tr(PENALTY_REMINDER),
                round(theme.floor_px("body", size) * 1.25),
                theme.WARN,
                question,
                role="body",
                bold=True,
            )
        else:
            named = model.names.get(colour, "")
            table_px = theme.floor_px("table", size)
            question_words = tr("{seat} {indian}: what did the slap get?")
            asked = [
                question_words.format(seat=theme.seat_name(colour, seat), indian=kind_word(indian))
                for seat in (named, "")
            ]
            words = widgets.first_wrapping(asked, table_px, question.width, lines=2, bold=True)
            widgets.paragraph(
                surface, words, table_px, theme.TEXT, question, role="table", bold=True
            )
        for index, (result, rect) in enumerate(zip(RESULTS, options, strict=True)):
            _draw_option(surface, rect, result, focused=index == model.option)


def _option_rects(body: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
    height = widgets.px(size, 46)
    band = pygame.Rect(body.left, body.bottom - height, body.width, height)
    return widgets.columns(band, [1.0, 1.0, 1.0], gap=widgets.px(size, 8))


def _draw_option(surface: pygame.Surface, rect: pygame.Rect, result: str, *, focused: bool) -> None:
    size = surface.get_size()
    fill = theme.mix(theme.PANEL, RESULT_COLOURS[result], 0.35 if focused else 0.1)
    widgets.panel(surface, rect, focused=focused, fill=fill)
    top = pygame.Rect(rect.left + 4, rect.top + 2, rect.width - 8, rect.height * 6 // 10)
    bottom = pygame.Rect(rect.left + 4, top.bottom - 2, rect.width - 8, rect.height - top.height)
    widgets.text(
        surface,
        tr(OPTION_LABELS[result]),
        max(widgets.fill_px(top.height), theme.floor_px("body", size)),
        theme.TEXT,
        top,
        align="center",
        bold=True,
        role="body",
    )
    widgets.text(
        surface,
        tr(OPTION_NOTES[result]),
        theme.floor_px("body", size),
        theme.TEXT_DIM,
        bottom,
        align="center",
        role="body",
    )


def _pad_rects(
    size: tuple[int, int], colours: tuple[str, ...]
) -> tuple[list[tuple[str, pygame.Rect]], pygame.Rect]:
    """The slap pad: a row per seat (its four Indians), then the game menu's row."""
    area = widgets.frame(size).body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 6))
    rows = widgets.rows(
        area, len(colours) + 1, height=widgets.px(size, 36), gap=widgets.px(size, 4)
    )
    buttons = []
    for colour, row in zip(colours, rows, strict=False):
        cells = widgets.columns(row, [1.0, 1.0, 1.0, 1.0], gap=widgets.px(size, 4))
        buttons += [
            (f"{colour}.{indian}", cell) for indian, cell in zip(INDIANS, cells, strict=True)
        ]
    return buttons, rows[-1]


def _draw_pad(surface: pygame.Surface, colours: tuple[str, ...]) -> None:
    size = surface.get_size()
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 190))
    surface.blit(shade, (0, 0))
    buttons, menu = _pad_rects(size, colours)
    for control, rect in buttons:
        draw_seat_button(surface, rect, control, role="body")
    widgets.panel(surface, menu)
    widgets.text(
        surface,
        tr("Game menu"),
        round(menu.height * 0.5),
        theme.TEXT,
        menu,
        align="center",
        bold=True,
        role="body",
    )


def _draw_seat_table(surface: pygame.Surface, area: pygame.Rect, model: ApacheTrackerModel) -> None:
    """One line per player: colour and letter, then slaps, loot and penalties so far (large:
    the table's score); under them who sits where."""
    size = surface.get_size()
    body_px = theme.floor_px("body", size)
    head_h = widgets.line_height(body_px) + widgets.px(size, 4)
    head = pygame.Rect(area.left, area.top, area.width, head_h)
    rest = pygame.Rect(area.left, head.bottom, area.width, area.bottom - head.bottom)
    lines = widgets.rows(
        rest, len(model.colours), height=widgets.px(size, 32), gap=widgets.px(size, 4)
    )
    weights = [1.0, 1.0, 1.0, 1.0]
    heads = widgets.columns(head, weights, gap=4)
    for cell, word in zip(heads[1:], (tr("slaps"), tr("loot"), tr("pen.")), strict=True):
        widgets.text(surface, word, body_px, theme.TEXT_DIM, cell, role="body", align="center")
    table_px = theme.floor_px("table", size)
    for line, colour, stats in zip(lines, model.colours, model.state.stats, strict=True):
        cells = widgets.columns(line, weights, gap=4)
        widgets.chip(surface, cells[0], colour, role="table")
        for cell, value in zip(cells[1:], (stats.slaps, stats.loot, stats.penalties), strict=True):
            widgets.text(
                surface, str(value), table_px, theme.TEXT, cell, role="table", align="center"
            )
    key_top = (lines[-1].bottom if lines else rest.top) + widgets.px(size, 6)
    key_area = pygame.Rect(area.left, key_top, area.width, area.bottom - key_top)
    widgets.names_key(surface, key_area, names_key(model.colours, model.names))


# --- the count -------------------------------------------------------------------------------


class ApacheTrackerCountScene(_ModelScene):
    """End of the game: each pile counted into the companion (see the module docstring)."""

    def __init__(
        self, app: AppContext, model: ApacheTrackerModel, piles: list[int] | None = None
    ) -> None:
        super().__init__(app, model)
        counted = list(model.state.piles)  # entered before a crash: they stand
        self.first = min(len(counted), len(model.colours) - 1)
        start = piles if piles is not None else []
        self.piles = counted + start[len(counted) :]
        self.piles += [0] * (len(model.colours) - len(self.piles))
        self.focus = self.first

    @property
    def done_focused(self) -> bool:
        return self.focus == len(self.piles)

    def seat(self, press: Press, now_ns: int) -> None:
        colour = seat_of(press.control)
        if colour not in self.model.colours or self.model.colours.index(colour) < self.first:
            return
        self.focus = self.model.colours.index(colour)
        self._add(self.focus, COUNT_STEPS[button_of(press.control)])

    def _add(self, seat: int, delta: int) -> None:
        self.piles[seat] = min(PRAIRIE_CARDS, max(0, self.piles[seat] + delta))

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button in ("previous", "next"):
            if self.done_focused:
                words = tr("Select: enter these piles · Back: change a pile")
                self.flashes.add(words, now_ns, theme.TEXT_DIM)
            else:
                self._add(self.focus, -1 if button == "previous" else 1)
        elif button == "select":
            if self.done_focused:
                self._enter(now_ns)
            else:
                self.focus += 1
        elif self.focus > self.first:
            self.focus -= 1
        elif self.first:
            self.flashes.add(tr("the piles counted before the interruption stand"), now_ns)
        elif self.guarded(self.model.unfinish, now_ns):
            self.app.stack.replace(ApacheTrackerScene(self.app, self.model))

    def _enter(self, now_ns: int) -> None:
        if self.guarded(lambda: self.model.count_piles(self.piles), now_ns):
            self.app.stack.replace(ApacheTrackerResultsScene(self.app, self.model))

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        rects = _count_rects(self.app.size, len(self.piles))
        for seat, rect in enumerate(rects[:-1]):
            if rect.collidepoint(pos) and seat >= self.first:
                self.focus = seat
                minus, _, plus = _count_cells(rect)
                if minus.collidepoint(pos):
                    self._add(seat, -1)
                elif plus.collidepoint(pos):
                    self._add(seat, 1)
                return
        if rects[-1].collidepoint(pos):
            self.focus = len(self.piles)
            self._enter(now_ns)

    def update(self, now_ns: int) -> bool:
        return self.take_notices(now_ns) | self.flashes.expire(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        total = sum(self.piles)
        right = tr("total {counted} of {cards}").format(counted=total, cards=PRAIRIE_CARDS)
        layout = widgets.page(surface, tr(COUNT_TITLE), right)
        legend = pygame.Rect(
            widgets.px(size, 10),
            layout.body.top + widgets.px(size, 4),
            size[0] - widgets.px(size, 20),
            widgets.px(size, 20),
        )
        widgets.text(
            surface,
            tr("Your own buttons: chief +10 · warrior +5 · woman +1 · hunter −1"),
            widgets.px(size, 18),
            theme.TEXT_DIM,
            legend,
            role="body",
        )
        rects = _count_rects(size, len(self.piles))
        labels = self._pile_labels(surface, rects[0])
        for seat, (colour, rect) in enumerate(zip(self.model.colours, rects, strict=False)):
            focused = seat == self.focus
            self._draw_pile(surface, rect, colour, labels[seat], self.piles[seat], focused=focused)
        done = rects[-1]
        widgets.panel(surface, done, focused=self.done_focused)
        ink = theme.BAD if total > PRAIRIE_CARDS else theme.TEXT
        words = (
            tr("Done: these are the piles")
            if total <= PRAIRIE_CARDS
            else tr("{counted} cards: more than the {cards} prairie cards (ruling A2)").format(
                counted=total, cards=PRAIRIE_CARDS
            )
        )
        widgets.text(
            surface,
            words,
            widgets.px(size, 22),
            ink,
            done.inflate(-widgets.px(size, 20), 0),
            bold=self.done_focused,
            role="body",
        )
        key_area = pygame.Rect(done.left, done.bottom + widgets.px(size, 6), done.width, 0)
        key_area.height = layout.body.bottom - key_area.top
        widgets.names_key(surface, key_area, names_key(self.model.colours, self.model.names))
        hint = tr("Previous/Next: −1/+1 · Select: next pile · Back: previous pile")
        self.draw_hint(surface, hint, now_ns)

    def _pile_labels(self, surface: pygame.Surface, rect: pygame.Rect) -> list[str]:
        """The words after each pile's letter: every player's name when they all fit the
        badge, else every seat's colour (never some of each)."""
        badge = _count_cells(rect, with_badge=True)[0]
        floor = theme.floor_px("table", surface.get_size())
        room = badge.width - max(4, badge.height // 4)
        colours = self.model.colours
        words = [colour_word(colour) for colour in colours]
        names = [self.model.names.get(c, word) for c, word in zip(colours, words, strict=True)]
        shown = [theme.seat_name(c, name) for c, name in zip(colours, names, strict=True)]
        fit = all(widgets.text_width(label, floor, bold=True) <= room for label in shown)
        return names if fit else words

    def _draw_pile(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        colour: str,
        label: str,
        cards: int,
        *,
        focused: bool,
    ) -> None:
        widgets.panel(surface, rect, focused=focused)
        badge, minus, number, plus = _count_cells(rect, with_badge=True)
        widgets.chip(surface, badge, colour, label=label, role="table")
        ink = theme.TEXT if focused else theme.TEXT_DIM
        widgets.arrow(surface, minus, "left", ink)
        widgets.arrow(surface, plus, "right", ink)
        size = max(widgets.fill_px(number.height), theme.floor_px("table", surface.get_size()))
        widgets.text(
            surface, str(cards), size, theme.TEXT, number, align="center", bold=True, role="table"
        )


def _count_rects(size: tuple[int, int], seats: int) -> list[pygame.Rect]:
    body = widgets.frame(size).body
    pad = widgets.px(size, 10)
    area = pygame.Rect(
        pad, body.top + widgets.px(size, 28), size[0] - 2 * pad, body.height - widgets.px(size, 32)
    )
    return widgets.rows(area, seats + 1, height=widgets.px(size, 36), gap=widgets.px(size, 4))


def _count_cells(rect: pygame.Rect, *, with_badge: bool = False) -> list[pygame.Rect]:
    """A pile row: badge, minus arrow, the number, plus arrow (the row's clickable parts)."""
    inner = rect.inflate(-8, -8)
    badge, minus, number, plus, _ = widgets.columns(inner, [2.2, 0.8, 1.4, 0.8, 1.6], gap=6)
    return [badge, minus, number, plus] if with_badge else [minus, number, plus]


# --- the results -----------------------------------------------------------------------------


class ApacheTrackerResultsScene(_ModelScene):
    """Scores, winner(s) and every player's Pow-Wow statistics. Select: the start menu;
    back: a count was wrong, back to the count (the counts are undone)."""

    def __init__(self, app: AppContext, model: ApacheTrackerModel) -> None:
        super().__init__(app, model)
        self.results: ApacheTrackerResults = model.results()
        self.record_in_history(model.session.path)

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button == "select":
            self.model.close()  # the game is over: nothing more will be journaled
            self.app.stack.pop()
        elif button == "back" and not self.model.session.closed:
            piles: list[int] = []

            def uncount() -> None:
                piles.extend(self.model.uncount())

            if self.guarded(uncount, now_ns):
                self.forget_in_history(self.model.session.path)
                self.app.stack.replace(ApacheTrackerCountScene(self.app, self.model, piles))

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        counts = [(p.slaps, p.loot, p.penalties) for p in self.results.players]
        draw_results(surface, self.results, RESULTS_PAGE, counts, self.model.names)
        self.draw_hint(surface, tr(RESULTS_PAGE.hint), now_ns)


RESULTS_PAGE: Final = ResultsPage(
    title=marked("Results"),
    times_label=marked("gap to the first slap, ms"),
    decimals=3,
    columns=(
        marked("cards"),
        marked("slaps"),
        marked("loot"),
        marked("pen."),
        marked("fastest"),
        marked("median"),
        marked("slowest"),
    ),
    hint=marked("Select: the start menu · Back: a count was wrong"),
)
