"""The Apache FULL screens: the companion plays the cards, the table slaps the buttons.

``ApacheFullScene`` (the game). The face-up display as tiles, the deck count, each pile, whose
turn it is; below, the Pow-Wow being decided or the last one resolved (its timeline and
each slap's result in the engine's words).

    stage    seat buttons                           previous / next   select    back
    play     turner: turn (a button whose Indian    -                 -         undo the
             can take loot slaps instead, unless                                last card
             the turner slapped on this card, A8);
             others: slap
    window   slap                                   -                 -         -
    choose   the choosing seat: option 1-4 (chief,  move / page       choose    -
             warrior, woman, hunter); others: slap
    over     -                                      -                 results   -

Bots turn and slap by themselves; with auto turn a person's card is turned after the pause.
``ApacheFullResultsScene``: scores, winner(s) (ruling A10: ties share the victory), and per
player the slaps, slaps won, penalties and the fastest / median / slowest reaction from
the card turn. Select: the start menu.
"""

from __future__ import annotations

import functools
from typing import Final

import pygame

from companion.input.events import Press, Stuck, Unstuck
from companion.rules.apache import KINDS, Choose, card_type
from companion.ui import theme, widgets
from companion.ui.apache.full_model import (
    ApacheFullModel,
    ApacheFullResults,
    describe_result,
    result_kind,
)
from companion.ui.apache.view import (
    ResultsPage,
    draw_pending,
    draw_results,
    draw_seat_button,
    draw_timeline,
    pow_wows,
)
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene

MOUSE_SOURCE: Final = "mouse"
"""The source of a press made by clicking an on-screen hand button (stamped at the click)."""

TITLE: Final = "Apache — full game"
LOOT_COLOURS: Final[dict[str, theme.RGB]] = {
    "buffalo": (120, 82, 52),
    "totem": (40, 130, 130),
    "tomahawk": (110, 116, 128),
    "necklace": (190, 80, 150),
    "tipi": (200, 170, 110),
}
LOOT_WORDS: Final = {
    "buffalo": "buffalo",
    "totem": "totem pole",
    "tomahawk": "tomahawk",
    "necklace": "necklace",
    "tipi": "tipi",
}
OPTION_WORDS: Final = {
    "item": "own item",
    "tipis": "all tipis",
    "prisoner": "totems + prisoner",
    "wedding": "wedding",
}


def tile_words(card: int) -> tuple[str, theme.RGB]:
    """A face-up card as a tile: its words and fill colour."""
    name = card_type(card)
    colour, _, kind = name.partition("-")
    if kind:
        return f"{theme.SEAT_LETTERS[colour]} {kind}", theme.SEAT_COLOURS[colour]
    return LOOT_WORDS[name], LOOT_COLOURS[name]


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, card: int) -> None:
    words, fill = tile_words(card)
    indian = "-" in card_type(card)
    pygame.draw.rect(surface, fill, rect, border_radius=max(2, rect.height // 5))
    if not indian:
        edge = theme.mix(fill, theme.TEXT, 0.5)
        pygame.draw.rect(surface, edge, rect, width=1, border_radius=max(2, rect.height // 5))
    ink = theme.text_colour_on(fill)
    widgets.text(
        surface,
        words,
        round(rect.height * 0.5),
        ink,
        rect.inflate(-4, 0),
        align="center",
        bold=indian,
    )


class ApacheFullScene(BaseScene):
    """The game (see the module docstring)."""

    def __init__(self, app: AppContext, model: ApacheFullModel) -> None:
        super().__init__(app)
        self.model = model
        model.on_window = app.on_window
        self._seq = 0

    # -- input --

    def seat(self, press: Press, now_ns: int) -> None:
        self.guarded(lambda: self.model.press(press, now_ns), now_ns)

    def nav(self, button: NavButton, now_ns: int) -> None:
        model = self.model
        stage = model.stage
        if stage == "over":
            if button == "select":
                self.app.stack.replace(ApacheFullResultsScene(self.app, model))
            return
        if stage == "choose" and not model.is_bot(model.state.pending_seat or 0):
            if button in ("previous", "next"):
                model.move_choice(-1 if button == "previous" else 1)
            elif button == "select":
                self.guarded(lambda: model.choose_index(model.choice_focus, now_ns), now_ns)
            return
        if button == "back":
            words: list[str] = []
            if self.guarded(lambda: words.append(model.undo()), now_ns):
                self.flashes.add(words[0], now_ns, theme.TEXT_DIM)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        """The mouse (or a touch): an on-screen hand button is that seat button, an option
        is chosen; elsewhere it is select."""
        model = self.model
        for control, rect in hand_buttons(self.app.size, model):
            if rect.collidepoint(pos):
                self._seq += 1
                press = Press(control, self.app.monotonic_ns(), MOUSE_SOURCE, self._seq)
                self.seat(press, now_ns)
                return
        if model.stage == "choose":
            for index, rect in _option_rects(self.app.size, model):
                if rect.collidepoint(pos):
                    self.guarded(functools.partial(model.choose_index, index, now_ns), now_ns)
                    return
        self.nav("select", now_ns)

    def stuck(self, event: Stuck | Unstuck, now_ns: int) -> None:
        if isinstance(event, Stuck):
            self.flashes.add(f"{event.control} is stuck: ignored until released", now_ns)

    # -- time --

    def update(self, now_ns: int) -> bool:
        changed = self.polled(self.model.poll, now_ns)
        self.play(self.model.cues)
        self.app.powwow_open(bool(self.model.arbiter.pending))
        changed |= self.show_notices(self.model.notices, now_ns)
        changed |= self.flashes.expire(now_ns)
        if self.model.stage == "over":
            self.app.stack.replace(ApacheFullResultsScene(self.app, self.model))
            return True
        return True if self.model.stage != "play" or changed else self._timers_running()

    def _timers_running(self) -> bool:
        model = self.model
        state = model.state
        return (
            state.phase in ("final", "choose")
            or model.is_bot(state.turner)
            or (model.auto_turn_ns is not None)
        )

    def close(self) -> None:
        if not self.model.session.closed:
            self.guarded(lambda: self.model.flush(self.app.monotonic_ns()), 0)
        self.model.close()

    # -- drawing --

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        model, state = self.model, self.model.state
        layout = ApacheFullLayout(surface.get_size(), model)
        right = f"deck {state.deck_count} · {pow_wows(len(model.windows))}"
        widgets.page(surface, TITLE, right)
        _draw_display(surface, layout.tiles, state.display)
        _draw_players(surface, layout.side, model)
        _draw_hand(surface, model)
        stage = model.stage
        if stage == "choose":
            self._draw_choose(surface, layout.lower, now_ns)
            hint = "Your buttons or Previous/Next + Select: choose"
        elif stage == "window":
            _draw_live(surface, layout.lower, model, now_ns)
            hint = "Seat buttons: slap · the order is final after the quiet time"
        else:
            _draw_last(surface, layout.lower, model)
            hint = "Turner: any button turns · others: slap (or click your cards) · Back: undo"
        widgets.footer(surface, layout.frame.footer, hint, self.flashes.current(now_ns))

    def _draw_choose(self, surface: pygame.Surface, area: pygame.Rect, now_ns: int) -> None:
        size = surface.get_size()
        model = self.model
        seat = model.state.pending_seat or 0
        colour = model.colours[seat]
        options = model.options
        line = pygame.Rect(area.left, area.top, area.width, widgets.px(size, 20))
        left_s = model.choice_left_ns(now_ns) / 1e9
        slap = model.state.slaps[model.state.resolved]
        widgets.text(
            surface,
            f"{theme.seat_name(colour)} {slap.indian}: choose ({left_s:.0f} s, then the default)",
            widgets.px(size, 17),
            theme.WARN,
            line,
            bold=True,
        )
        bar = pygame.Rect(area.left, line.bottom + 2, area.width, widgets.px(size, 6))
        fraction = model.choice_left_ns(now_ns) / max(1, model.tuning.choice_timeout_ns)
        widgets.progress(surface, bar, fraction, theme.WARN)
        page = model.choice_page
        shown = options[page * 4 : page * 4 + 4]
        rows_area = _options_area(size, area)
        rects = widgets.rows(rows_area, 4, height=widgets.px(size, 27), gap=widgets.px(size, 3))
        default = model.engine.default_choice(model.state)
        for k, (option, rect) in enumerate(zip(shown, rects, strict=False)):
            index = page * 4 + k
            focused = index == model.choice_focus
            widgets.panel(surface, rect, focused=focused)
            inner = rect.inflate(-widgets.px(size, 8), 0)
            label, words = widgets.columns(inner, [1.0, 3.2], gap=4)
            widgets.text(surface, f"{KINDS[k]}", round(rect.height * 0.5), theme.TEXT_DIM, label)
            mark = " (default)" if option == default else ""
            widgets.text(
                surface,
                _option_words(model, option) + mark,
                round(rect.height * 0.55),
                theme.TEXT,
                words,
                bold=focused,
            )
        if len(options) > 4:
            note = pygame.Rect(
                rows_area.left, rects[-1].bottom, rows_area.width, widgets.px(size, 14)
            )
            pages = (len(options) + 3) // 4
            widgets.text(
                surface,
                f"page {page + 1} of {pages}: Next/Previous for more",
                widgets.px(size, 13),
                theme.TEXT_DIM,
                note,
            )


class ApacheFullLayout:
    """Where everything goes on one screen size (computed, never stored between frames):
    the display's tiles, the area under them (the Pow-Wow, the choice), the side column."""

    def __init__(self, size: tuple[int, int], model: ApacheFullModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 8), -2 * px(size, 6))
        gap = px(size, 8)
        left, self.side = widgets.columns(body, [2.2, 1.0], gap=gap)
        tiles_h = _display_height(size, left.width, len(model.state.display), left.height // 2)
        self.tiles = pygame.Rect(left.left, left.top, left.width, tiles_h)
        lower_h = left.bottom - self.tiles.bottom - gap
        self.lower = pygame.Rect(left.left, self.tiles.bottom + gap, left.width, lower_h)


def _options_area(size: tuple[int, int], lower: pygame.Rect) -> pygame.Rect:
    """Where the choice rows go in the area under the display (under a line and a bar)."""
    top = lower.top + widgets.px(size, 20) + 2 + widgets.px(size, 6) + 4
    return pygame.Rect(lower.left, top, lower.width, lower.bottom - top)


def _option_rects(size: tuple[int, int], model: ApacheFullModel) -> list[tuple[int, pygame.Rect]]:
    """The options on screen (this page) by their index, for the mouse."""
    if model.is_bot(model.state.pending_seat or 0):
        return []
    area = _options_area(size, ApacheFullLayout(size, model).lower)
    rects = widgets.rows(area, 4, height=widgets.px(size, 27), gap=widgets.px(size, 3))
    page = model.choice_page
    shown = range(page * 4, min(len(model.options), page * 4 + 4))
    return list(zip(shown, rects, strict=False))


def hand_buttons(size: tuple[int, int], model: ApacheFullModel) -> list[tuple[str, pygame.Rect]]:
    """The first person's four hand cards as on-screen buttons (the mouse, a touchscreen),
    at the foot of the side column; none when every seat is a bot."""
    if model.is_bot(0):
        return []
    side = ApacheFullLayout(size, model).side
    height = widgets.px(size, 24)
    gap = widgets.px(size, 3)
    area = pygame.Rect(side.left, side.bottom - 2 * height - gap, side.width, 2 * height + gap)
    top, bottom = widgets.rows(area, 2, height=height, gap=gap)
    cells = [
        *widgets.columns(top, [1.0, 1.0], gap=gap),
        *widgets.columns(bottom, [1.0, 1.0], gap=gap),
    ]
    colour = model.colours[0]
    return [(f"{colour}.{kind}", cell) for kind, cell in zip(KINDS, cells, strict=True)]


def _draw_hand(surface: pygame.Surface, model: ApacheFullModel) -> None:
    for control, rect in hand_buttons(surface.get_size(), model):
        draw_seat_button(surface, rect, control, scale=0.6)


def _option_words(model: ApacheFullModel, option: Choose) -> str:
    cards = model.engine.choice_cards(model.state, option)
    words = OPTION_WORDS.get(option.option, option.option)
    if option.target is not None:
        words += f" ({tile_words(option.target)[0]})"
    return f"{words}: {len(cards)} card{'s' if len(cards) != 1 else ''}"


def _display_height(size: tuple[int, int], width: int, cards: int, most: int) -> int:
    """Room for the display's tiles: as many rows as the cards need, at most ``most``."""
    tile_h, gap = widgets.px(size, 24), widgets.px(size, 3)
    per_row = max(1, (width + gap) // (widgets.px(size, 70) + gap))
    needed = max(1, -(-cards // per_row))
    return min(most, needed * (tile_h + gap) - gap)


def _draw_display(surface: pygame.Surface, area: pygame.Rect, display: tuple[int, ...]) -> None:
    size = surface.get_size()
    tile_h, gap = widgets.px(size, 24), widgets.px(size, 3)
    per_row = max(1, (area.width + gap) // (widgets.px(size, 70) + gap))
    rows = max(1, (area.height + gap) // (tile_h + gap))
    tile_w = (area.width - (per_row - 1) * gap) // per_row
    if not display:
        widgets.text(surface, "no card face up yet", widgets.px(size, 17), theme.TEXT_DIM, area)
        return
    capacity = per_row * rows
    shown = display[-capacity:] if len(display) > capacity else display
    hidden = len(display) - len(shown)
    if hidden:
        shown = shown[1:]
        hidden += 1
    cells: list[pygame.Rect] = []
    for index in range(len(shown) + bool(hidden)):
        row, col = divmod(index, per_row)
        cells.append(
            pygame.Rect(
                area.left + col * (tile_w + gap), area.top + row * (tile_h + gap), tile_w, tile_h
            )
        )
    if hidden:
        widgets.panel(surface, cells[0])
        widgets.text(
            surface,
            f"+{hidden} earlier",
            round(tile_h * 0.5),
            theme.TEXT_DIM,
            cells[0],
            align="center",
        )
        cells = cells[1:]
    for card, rect in zip(shown, cells, strict=True):
        draw_tile(surface, rect, card)


def _draw_players(surface: pygame.Surface, area: pygame.Rect, model: ApacheFullModel) -> None:
    size = surface.get_size()
    state = model.state
    count = len(model.colours)
    lines = widgets.rows(area, count + 1, height=widgets.px(size, 26), gap=widgets.px(size, 3))
    for seat, (line, colour) in enumerate(zip(lines, model.colours, strict=False)):
        turner = seat == state.turner and state.phase == "ready"
        widgets.panel(surface, line, focused=turner)
        inner = line.inflate(-4, -6)
        badge, who, pile = widgets.columns(inner, [1.0, 1.3, 1.0], gap=3)
        widgets.chip(surface, badge, colour)
        widgets.text(
            surface,
            "bot" if model.is_bot(seat) else "you",
            round(inner.height * 0.7),
            theme.TEXT_DIM,
            who,
        )
        widgets.text(
            surface,
            str(state.pile_sizes[seat]),
            round(inner.height * 0.9),
            theme.TEXT,
            pile,
            align="right",
            bold=True,
        )
    status = lines[-1].union(
        pygame.Rect(area.left, lines[-1].top, area.width, area.bottom - lines[-1].top)
    )
    widgets.paragraph(surface, _status_words(model), widgets.px(size, 15), theme.TEXT, status)


def _status_words(model: ApacheFullModel) -> str:
    state = model.state
    if state.phase == "final":
        return "Last card! One last Pow-Wow (ruling A10)"
    if state.phase == "choose":
        seat = state.pending_seat or 0
        return f"{theme.seat_name(model.colours[seat])} chooses"
    if model.stage == "window":
        return "Pow-Wow!"
    colour = model.colours[state.turner]
    if model.is_bot(state.turner):
        return f"{theme.seat_name(colour)} (bot) turns next"
    auto = " (auto turn)" if model.auto_turn_ns is not None else ""
    return f"{theme.seat_name(colour)}: press any of your buttons to turn{auto}"


def _draw_live(
    surface: pygame.Surface, area: pygame.Rect, model: ApacheFullModel, now_ns: int
) -> None:
    size = surface.get_size()
    line = pygame.Rect(area.left, area.top, area.width, widgets.px(size, 20))
    widgets.text(
        surface, "Pow-Wow! Slaps in stamp order so far", widgets.px(size, 17), theme.WARN, line
    )
    rest = pygame.Rect(area.left, line.bottom + 2, area.width, area.bottom - line.bottom - 2)
    draw_pending(surface, rest, model.live_presses(now_ns), slapped=model.slapped_on_card())


def _draw_last(surface: pygame.Surface, area: pygame.Rect, model: ApacheFullModel) -> None:
    size = surface.get_size()
    window = model.last_window
    results = model.window_results()
    if window is None or not results:
        widgets.paragraph(
            surface,
            "Slap your Indian when it can take loot: hunter buffalo, warrior tomahawks, "
            "woman necklaces, chief totem pole + a male Indian; any of them tipis.",
            widgets.px(size, 15),
            theme.TEXT_DIM,
            area,
        )
        return
    line = pygame.Rect(area.left, area.top, area.width, widgets.px(size, 18))
    widgets.text(surface, f"Pow-Wow {window.index + 1}", widgets.px(size, 15), theme.TEXT_DIM, line)
    count = min(len(window.slaps), len(results))
    reason_h = widgets.px(size, 14)
    gap = widgets.px(size, 3)
    room = area.bottom - line.bottom - len(results) * reason_h - 2
    timeline_h = max(count * widgets.px(size, 18), min(room, count * (widgets.px(size, 28) + gap)))
    timeline = pygame.Rect(area.left, line.bottom, area.width, timeline_h)
    draw_timeline(surface, timeline, window, results=[describe_result(r) for r in results])
    top = timeline.bottom + 2
    for result in results:
        if top + reason_h > area.bottom:
            break
        colour = {"loot": theme.GOOD, "nothing": theme.TEXT_DIM, "penalty": theme.BAD}[
            result_kind(result)
        ]
        band = pygame.Rect(area.left, top, area.width, reason_h)
        widgets.text(surface, result.reason, round(reason_h * 0.95), colour, band)
        top += reason_h


# --- the results -----------------------------------------------------------------------------


class ApacheFullResultsScene(BaseScene):
    """Scores, winner(s) and reactions. Select or back: the start menu."""

    def __init__(self, app: AppContext, model: ApacheFullModel) -> None:
        super().__init__(app)
        self.model = model
        self.results: ApacheFullResults = model.results()

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button in ("select", "back"):
            self.model.close()
            self.app.stack.pop()

    def close(self) -> None:
        self.model.close()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        counts = [(p.slaps, p.won, p.penalties) for p in self.results.players]
        draw_results(surface, self.results, RESULTS_PAGE, counts, self.flashes.current(now_ns))


RESULTS_PAGE: Final = ResultsPage(
    title="Results — full game",
    times_label="reaction from the card turn, ms",
    decimals=0,
    columns=("cards", "slaps", "won", "pen.", "fastest", "median", "slowest"),
    hint="Select: the start menu",
)
