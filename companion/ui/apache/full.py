"""The Apache FULL screens: the companion plays the cards, the table slaps the buttons.

``ApacheFullScene`` (the game). The face-up display as tiles, the deck count, each pile, whose
turn it is (large: the far seat reads it) and, when a person turns, the Turn button; below,
the Pow-Wow being decided or the last one resolved (its timeline and each slap's result in
the engine's words).

    stage    seat buttons                  previous / next    select          back
    play     slap (always: a seat button   - / turn           game menu       undo
             never turns)                                                     (refused)
    window   slap                          - / (refused)      game menu       (refused)
    choose   the choosing seat: option     move / page        choose          undo
             1-4 (chief, warrior, woman,
             hunter); others: slap
    over     -                             -                  results         -
    menu     ignored (the game is paused)  move               choose the row  close it

Turning has its own control so that a press meant as a turn is never taken for a slap:
Next (or a click on the Turn button) turns the card for the person whose turn it is. Bots
turn by themselves; with auto turn a person's card is turned after the pause, counted down
on the Turn button. Undo (``ApacheFullModel.undo``) takes back only a person's own last
choice (ruling A6) while no card was turned and no Pow-Wow decided since; otherwise it is
refused with the reason, since a turned card cannot be unseen.

The game menu (Select; a click on nothing else): back to the game, leave (the game is
resumed later from the start menu), or the rules help (``companion.ui.rules_help``). While
it is open (and under the rules help) the game is paused: no bot turns or slaps, no choice
times out, and seat presses are ignored.

``ApacheFullResultsScene``: scores, winner(s) (ruling A10: ties share the victory), and per
player the slaps, slaps won, penalties and the fastest / median / slowest reaction from
the card turn. Select: the start menu.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

import pygame

from companion.i18n import marked, number, said, tr, trn
from companion.input.events import Press, Stuck, Unstuck
from companion.rules.apache import KINDS, Choose, card_type
from companion.ui import theme, widgets
from companion.ui.apache.full_model import (
    ApacheFullModel,
    ApacheFullResults,
    describe_result,
    result_kind,
)
from companion.ui.apache.glyphs import draw_kind
from companion.ui.apache.view import (
    ResultsPage,
    draw_pending,
    draw_results,
    draw_seat_button,
    draw_timeline,
    pow_wows,
    slap_row_height,
)
from companion.ui.apache.words import kind_word, more_words
from companion.ui.game_menu import MENU_HINT, MENU_ROWS, GameMenu, shared_row
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene

MOUSE_SOURCE: Final = "mouse"
"""The source of a press made by clicking an on-screen hand button (stamped at the click)."""

TITLE: Final = marked("Apache — full game")
PLAY_HINT: Final = marked("Seat buttons: slap · Next: turn · Select: menu · Back: undo")
WINDOW_HINT: Final = marked("Seat buttons: slap · the order is final after the quiet time")
CHOOSE_HINT: Final = marked("Your buttons or Previous/Next + Select: choose · Back: undo")
PAUSED: Final = marked("the game is paused: close the menu first")
LOOT_COLOURS: Final[dict[str, theme.RGB]] = {
    "buffalo": (120, 82, 52),
    "totem": (40, 130, 130),
    "tomahawk": (110, 116, 128),
    "necklace": (190, 80, 150),
    "tipi": (200, 170, 110),
}
LOOT_WORDS: Final = {
    "buffalo": marked("buffalo"),
    "totem": marked("totem pole"),
    "tomahawk": marked("tomahawk"),
    "necklace": marked("necklace"),
    "tipi": marked("tipi"),
}
OPTION_WORDS: Final = {
    "item": marked("own item"),
    "tipis": marked("all tipis"),
    "prisoner": marked("totems + prisoner"),
    "wedding": marked("wedding"),
}


def tile_words(card: int) -> tuple[str, theme.RGB]:
    """A face-up card as a tile: its words (in the screens' language) and fill colour."""
    name = card_type(card)
    colour, _, kind = name.partition("-")
    if kind:
        return f"{theme.SEAT_LETTERS[colour]} {kind_word(kind)}", theme.SEAT_COLOURS[colour]
    return tr(LOOT_WORDS[name]), LOOT_COLOURS[name]


def display_groups(display: tuple[int, ...]) -> list[tuple[int, int]]:
    """The face-up display as the table reads it: one tile per kind of card with how many
    (``(card, count)``), the card turned last first, the rest in the order they came."""
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    for card in display:
        name = card_type(card)
        counts[name] = counts.get(name, 0) + 1
        first.setdefault(name, card)
    newest = card_type(display[-1]) if display else None
    names = sorted(counts, key=lambda name: name != newest)
    return [(first[name], counts[name]) for name in names]


def draw_tile(
    surface: pygame.Surface, rect: pygame.Rect, card: int, count: int = 1, *, newest: bool = False
) -> None:
    """A kind of card face up: its words large (and how many; an Indian's letter alone where
    its words do not fit: its glyph shows the kind), the card turned last edged."""
    words, fill = tile_words(card)
    if count > 1:
        words = f"{words} ×{count}"
    indian = "-" in card_type(card)
    radius = max(2, rect.height // 5)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge, width = (theme.TEXT, 3) if newest else (theme.mix(fill, theme.TEXT, 0.5), 1)
    if newest or not indian:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)
    ink = theme.text_colour_on(fill)
    size = theme.floor_px("table", surface.get_size())
    inner = rect.inflate(-widgets.px(surface.get_size(), 6), 0)
    if indian:  # its kind by shape too (colour-blind players), the words beside it
        side = rect.height - 6
        glyph = pygame.Rect(inner.left, rect.top + 3, side, side)
        draw_kind(surface, card_type(card).partition("-")[2], glyph, ink)
        inner = pygame.Rect(glyph.right + 3, rect.top, inner.right - glyph.right - 3, rect.height)
    if indian and widgets.text_width(words, size) > inner.width:  # the glyph says the kind
        letter = theme.SEAT_LETTERS[card_type(card).partition("-")[0]]
        words = f"{letter} ×{count}" if count > 1 else letter
    bold = indian and widgets.text_width(words, size, bold=True) <= inner.width
    widgets.text(surface, words, size, ink, inner, role="table", align="center", bold=bold)


class ApacheFullScene(BaseScene):
    """The game (see the module docstring)."""

    def __init__(self, app: AppContext, model: ApacheFullModel) -> None:
        super().__init__(app)
        self.model = model
        model.on_window = app.on_window
        self.menu = GameMenu(MENU_ROWS)
        self.paused_since_ns: int | None = None
        """When the game menu opened (the game is paused while it is open)."""
        self._seq = 0

    # -- input --

    def seat(self, press: Press, now_ns: int) -> None:
        if self.menu.open:
            self.flashes.add(tr(PAUSED), now_ns)
            return
        self.guarded(lambda: self.model.press(press, now_ns), now_ns)

    def nav(self, button: NavButton, now_ns: int) -> None:
        model = self.model
        stage = model.stage
        if self.menu.open:
            self._menu_chose(self.menu.nav(button), now_ns)
        elif stage == "over":
            if button == "select":
                self.app.stack.replace(ApacheFullResultsScene(self.app, model))
        elif button == "back":
            self._undo(now_ns)
        elif stage == "choose" and not model.is_bot(model.state.pending_seat or 0):
            if button in ("previous", "next"):
                model.move_choice(-1 if button == "previous" else 1)
            else:
                self.guarded(lambda: model.choose_index(model.choice_focus, now_ns), now_ns)
        elif button == "select":
            self.open_menu(now_ns)
        elif button == "next":
            self.turn(now_ns)

    def wheel(self, button: NavButton, now_ns: int) -> None:
        """The wheel moves through the menu and the options, and never turns a card: a
        scroll is not a decision to reveal one."""
        if self.menu.open or self.model.stage == "choose":
            self.nav(button, now_ns)

    def turn(self, now_ns: int) -> None:
        """The person whose turn it is turns the next card (Next, the Turn button)."""
        self.guarded(lambda: self.model.turn_by_hand(now_ns), now_ns)

    def _undo(self, now_ns: int) -> None:
        words: list[str] = []
        if self.guarded(lambda: words.append(self.model.undo(now_ns)), now_ns):
            self.flashes.add(words[0], now_ns, theme.TEXT_DIM)

    def open_menu(self, now_ns: int) -> None:
        """The game menu opens and the game pauses."""
        self.menu.show()
        self.paused_since_ns = now_ns

    def _menu_chose(self, row: int | None, now_ns: int) -> None:
        """Leave, or a row every game shares (the rules help and the settings over the
        game, whose menu stays open: still paused; the discard); the game goes on when the
        menu closed."""
        if row is not None and shared_row(self.app, MENU_ROWS[row], self.model.session):
            return
        if row is not None:
            self.close()
            self.app.stack.pop()
        elif not self.menu.open and self.paused_since_ns is not None:
            self.model.resume(now_ns - self.paused_since_ns)
            self.paused_since_ns = None

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        """The mouse (or a touch): a menu row; the Turn button; an on-screen hand button is
        that seat button, an option is chosen; elsewhere it is select."""
        model = self.model
        if self.menu.open:
            self._menu_chose(self.menu.click(pos, self.app.size), now_ns)
            return
        turn = turn_button(self.app.size, model)
        if turn is not None and turn.collidepoint(pos):
            self.turn(now_ns)
            return
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
            words = tr("{button} is stuck: ignored until released")
            self.flashes.add(words.format(button=event.control), now_ns)

    # -- time --

    def update(self, now_ns: int) -> bool:
        if self.menu.open:  # paused: nothing acts on time
            return self.show_notices(self.model.notices, now_ns) | self.flashes.expire(now_ns)
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
        size = surface.get_size()
        layout = ApacheFullLayout(size, model)
        deck = tr("deck {cards}").format(cards=state.deck_count)
        widgets.page(surface, tr(TITLE), f"{deck} · {pow_wows(len(model.windows))}")
        _draw_display(surface, layout.tiles, state.display)
        _draw_players(surface, layout.side, model, now_ns)
        _draw_hand(surface, model)
        stage = model.stage
        lower = layout.lower
        if stage == "choose":
            self._draw_choose(surface, lower, now_ns)
            hint = tr(CHOOSE_HINT)
        elif stage == "window":
            _draw_live(surface, lower, model, now_ns)
            hint = tr(WINDOW_HINT)
        else:
            turn = turn_button(size, model)
            if turn is not None:
                _draw_turn_button(surface, turn, model, now_ns)
                lower = pygame.Rect(lower.left, lower.top, lower.width, turn.top - lower.top)
            _draw_last(surface, lower, model)
            hint = tr(PLAY_HINT)
        if self.menu.open:
            self.menu.draw(surface)
            hint = tr(MENU_HINT)
        self.draw_hint(surface, hint, now_ns)

    def _draw_choose(self, surface: pygame.Surface, area: pygame.Rect, now_ns: int) -> None:
        size = surface.get_size()
        model = self.model
        seat = model.state.pending_seat or 0
        colour = model.colours[seat]
        options = model.options
        line = pygame.Rect(area.left, area.top, area.width, _choose_line_height(size))
        left_s = model.choice_left_ns(now_ns) / 1e9
        slap = model.state.slaps[model.state.resolved]
        widgets.text(
            surface,
            tr("{seat} {indian} chooses ({seconds} s)").format(
                seat=theme.SEAT_LETTERS[colour],
                indian=kind_word(slap.indian),
                seconds=number(left_s, 0),
            ),
            theme.floor_px("table", size),
            theme.WARN,
            line,
            role="table",
            bold=True,
        )
        bar = pygame.Rect(area.left, line.bottom + 2, area.width, widgets.px(size, 5))
        fraction = model.choice_left_ns(now_ns) / max(1, model.tuning.choice_timeout_ns)
        widgets.progress(surface, bar, fraction, theme.WARN)
        page = model.choice_page
        shown = options[page * 4 : page * 4 + 4]
        rects = _option_row_rects(size, area)
        default = model.engine.default_choice(model.state)
        body_px = theme.floor_px("body", size)
        for k, (option, rect) in enumerate(zip(shown, rects, strict=False)):
            index = page * 4 + k
            focused = index == model.choice_focus
            widgets.panel(surface, rect, focused=focused)
            inner = rect.inflate(-widgets.px(size, 8), 0)
            label, words = widgets.columns(inner, [1.0, 3.6], gap=4)
            widgets.text(surface, kind_word(KINDS[k]), body_px, theme.TEXT_DIM, label, role="body")
            offered = _option_words(model, option)
            if option == default:
                offered = tr("{option} (default)").format(option=offered)
            widgets.paragraph(
                surface,
                offered,
                round(body_px * 1.15),
                theme.TEXT,
                words,
                role="body",
                bold=focused,
            )
        if len(options) > 4:
            pages = (len(options) + 3) // 4
            note = pygame.Rect(line.left, line.top, line.width, line.height)
            widgets.text(
                surface,
                tr("{page}/{pages} Next").format(page=page + 1, pages=pages),
                body_px,
                theme.TEXT_DIM,
                note,
                role="body",
                align="right",
            )


class ApacheFullLayout:
    """Where everything goes on one screen size (computed, never stored between frames):
    the display's tiles, the area under them (the Pow-Wow, the choice), the side column."""

    def __init__(self, size: tuple[int, int], model: ApacheFullModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 6), -2 * px(size, 4))
        gap = px(size, 6)
        left, self.side = widgets.columns(body, [2.3, 1.0], gap=gap)
        groups = len(display_groups(model.state.display))
        most_rows = 2 if model.stage == "choose" else 3
        tiles_h = _display_height(size, groups, most_rows)
        self.tiles = pygame.Rect(left.left, left.top, left.width, tiles_h)
        lower_h = left.bottom - self.tiles.bottom - gap
        self.lower = pygame.Rect(left.left, self.tiles.bottom + gap, left.width, lower_h)


TILES_PER_ROW: Final = 2


def _tile_height(size: tuple[int, int]) -> int:
    return widgets.px(size, 30)


def _choose_line_height(size: tuple[int, int]) -> int:
    return widgets.px(size, 28)


def _option_row_rects(size: tuple[int, int], lower: pygame.Rect) -> list[pygame.Rect]:
    """The four choice rows in the area under the display (under the line and its bar)."""
    top = lower.top + _choose_line_height(size) + 2 + widgets.px(size, 5) + widgets.px(size, 3)
    area = pygame.Rect(lower.left, top, lower.width, lower.bottom - top)
    return widgets.rows(area, 4, height=widgets.px(size, 27), gap=widgets.px(size, 2))


def _option_rects(size: tuple[int, int], model: ApacheFullModel) -> list[tuple[int, pygame.Rect]]:
    """The options on screen (this page) by their index, for the mouse."""
    if model.is_bot(model.state.pending_seat or 0):
        return []
    rects = _option_row_rects(size, ApacheFullLayout(size, model).lower)
    page = model.choice_page
    shown = range(page * 4, min(len(model.options), page * 4 + 4))
    return list(zip(shown, rects, strict=False))


def hand_top(size: tuple[int, int], model: ApacheFullModel) -> int:
    """Where the hand buttons start at the foot of the side column (its foot without)."""
    side = ApacheFullLayout(size, model).side
    if model.is_bot(0):
        return side.bottom
    return side.bottom - 2 * _hand_height(size) - widgets.px(size, 3)


def _hand_height(size: tuple[int, int]) -> int:
    return widgets.px(size, 22)


def hand_buttons(size: tuple[int, int], model: ApacheFullModel) -> list[tuple[str, pygame.Rect]]:
    """The first person's four hand cards as on-screen buttons (the mouse, a touchscreen),
    at the foot of the side column; none when every seat is a bot."""
    if model.is_bot(0):
        return []
    side = ApacheFullLayout(size, model).side
    height, gap = _hand_height(size), widgets.px(size, 3)
    area = pygame.Rect(side.left, hand_top(size, model), side.width, 2 * height + gap)
    top, bottom = widgets.rows(area, 2, height=height, gap=gap)
    cells = [
        *widgets.columns(top, [1.0, 1.0], gap=gap),
        *widgets.columns(bottom, [1.0, 1.0], gap=gap),
    ]
    colour = model.colours[0]
    return [(f"{colour}.{kind}", cell) for kind, cell in zip(KINDS, cells, strict=True)]


def _turn_height(size: tuple[int, int]) -> int:
    return widgets.px(size, 40)


def turn_button(size: tuple[int, int], model: ApacheFullModel) -> pygame.Rect | None:
    """The Turn button at the foot of the area under the display, while a person is to
    turn the next card (None otherwise: a bot turns, a Pow-Wow or a choice is on)."""
    if model.stage != "play" or model.turn_refusal():
        return None
    lower = ApacheFullLayout(size, model).lower
    height = min(_turn_height(size), lower.height)
    return pygame.Rect(lower.left, lower.bottom - height, lower.width, height)


def _draw_turn_button(
    surface: pygame.Surface, rect: pygame.Rect, model: ApacheFullModel, now_ns: int
) -> None:
    """The Turn button in the turner's colour, its words large; with auto turn, a bar along
    its foot empties as the card is about to be turned."""
    size = surface.get_size()
    fill = theme.SEAT_COLOURS[model.colours[model.state.turner]]
    radius = max(3, rect.height // 5)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.TEXT, rect, width=3, border_radius=radius)
    ink = theme.text_colour_on(fill)
    table_px = theme.floor_px("table", size)
    widgets.text(
        surface, tr(TURN_WORDS), table_px, ink, rect, role="table", align="center", bold=True
    )
    left_ns = model.auto_turn_left_ns(now_ns)
    if left_ns is not None and model.auto_turn_ns:
        bar_h = widgets.px(size, 5)
        bar = pygame.Rect(
            rect.left + radius, rect.bottom - bar_h - 3, rect.width - 2 * radius, bar_h
        )
        widgets.progress(surface, bar, left_ns / model.auto_turn_ns, theme.TEXT)


TURN_WORDS: Final = marked("Turn (Next)")


def _draw_hand(surface: pygame.Surface, model: ApacheFullModel) -> None:
    for control, rect in hand_buttons(surface.get_size(), model):
        draw_seat_button(surface, rect, control, role="body")


def _option_words(model: ApacheFullModel, option: Choose) -> str:
    """``"wedding (B chief): 3 cards"``: a choice and how many cards it takes."""
    count = len(model.engine.choice_cards(model.state, option))
    words = OPTION_WORDS.get(option.option)
    choice = option.option if words is None else tr(words)
    if option.target is not None:
        choice = f"{choice} ({tile_words(option.target)[0]})"
    taken = trn("{option}: {count} card", "{option}: {count} cards", count)
    return taken.format(option=choice, count=count)


def _display_height(size: tuple[int, int], groups: int, most_rows: int) -> int:
    """Room for the display's tiles: as many rows as its kinds of card need, at most
    ``most_rows``."""
    rows = min(most_rows, max(1, -(-groups // TILES_PER_ROW)))
    return rows * (_tile_height(size) + widgets.px(size, 3)) - widgets.px(size, 3)


def _draw_display(surface: pygame.Surface, area: pygame.Rect, display: tuple[int, ...]) -> None:
    """The display, a tile per kind of card (the newest first and edged); the kinds that do
    not fit are counted on the last tile."""
    size = surface.get_size()
    if not display:
        widgets.text(
            surface,
            tr("no card face up yet"),
            theme.floor_px("body", size),
            theme.TEXT_DIM,
            area,
            role="body",
        )
        return
    gap = widgets.px(size, 3)
    tile_h = _tile_height(size)
    rows = max(1, (area.height + gap) // (tile_h + gap))
    tile_w = (area.width - (TILES_PER_ROW - 1) * gap) // TILES_PER_ROW
    groups = display_groups(display)
    capacity = rows * TILES_PER_ROW
    shown = groups if len(groups) <= capacity else groups[: capacity - 1]
    cells = [
        pygame.Rect(
            area.left + col * (tile_w + gap), area.top + row * (tile_h + gap), tile_w, tile_h
        )
        for row in range(rows)
        for col in range(TILES_PER_ROW)
    ]
    for index, ((card, count), rect) in enumerate(zip(shown, cells, strict=False)):
        draw_tile(surface, rect, card, count, newest=index == 0)
    hidden = groups[len(shown) :]
    if hidden:
        rest = cells[len(shown)]
        widgets.panel(surface, rest)
        words = more_words(sum(count for _, count in hidden))
        size_px = theme.floor_px("body", size)
        widgets.text(surface, words, size_px, theme.TEXT_DIM, rest, role="body", align="center")


def _player_row_height(size: tuple[int, int]) -> int:
    return widgets.px(size, 30)


def _who(name: str | None, size: int, width: int) -> str:
    """A person's row: their name, or its first word, where it fits whole; else "you"."""
    you = tr("you")
    if name is None:
        return you
    return widgets.first_fitting([name, name.split()[0], you], size, width)


def _draw_players(
    surface: pygame.Surface, area: pygame.Rect, model: ApacheFullModel, now_ns: int
) -> None:
    """A row per player (its pile large, the turner's row lit), then whose turn it is."""
    size = surface.get_size()
    state = model.state
    gap = widgets.px(size, 3)
    lines = widgets.rows(area, len(model.colours), height=_player_row_height(size), gap=gap)
    table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
    for seat, (line, colour) in enumerate(zip(lines, model.colours, strict=True)):
        turner = seat == state.turner and state.phase == "ready"
        widgets.panel(surface, line, focused=turner)
        inner = line.inflate(-6, -6)
        badge, who, pile = widgets.columns(inner, [1.0, 0.9, 1.2], gap=3)
        widgets.chip(surface, badge, colour, role="table")
        words = (
            tr("bot") if model.is_bot(seat) else _who(model.names.get(colour), body_px, who.width)
        )
        widgets.text(surface, words, body_px, theme.TEXT_DIM, who, role="body")
        widgets.text(
            surface,
            str(state.pile_sizes[seat]),
            table_px,
            theme.TEXT,
            pile,
            role="table",
            align="right",
            bold=True,
        )
    top = lines[-1].bottom + gap
    bottom = hand_top(size, model) - gap
    status = pygame.Rect(area.left, top, area.width, max(0, bottom - top))
    named, detail = _status_words(model, now_ns, model.names)
    options = [named, _status_words(model, now_ns, {})[0]]  # a long name must not cut "turns"
    headline = widgets.first_wrapping(options, table_px, status.width, lines=2, bold=True)
    head_lines = min(2, len(widgets.wrap(headline, table_px, status.width, bold=True)))
    head_h = min(status.height, head_lines * widgets.line_height(table_px, bold=True))
    if not detail:
        head_h = status.height
    head = pygame.Rect(status.left, status.top, status.width, head_h)
    widgets.paragraph(surface, headline, table_px, theme.TEXT, head, role="table", bold=True)
    rest = pygame.Rect(status.left, head.bottom, status.width, status.bottom - head.bottom)
    if detail and rest.height >= widgets.line_height(body_px):
        widgets.paragraph(surface, detail, body_px, theme.TEXT_DIM, rest, role="body")


def _status_words(model: ApacheFullModel, now_ns: int, names: Mapping[str, str]) -> tuple[str, str]:
    """Whose turn it is (large, for the far seat; by the roster's ``names`` where the seat
    has one), and how (small)."""
    state = model.state

    def who(seat: int) -> str:
        colour = model.colours[seat]
        return theme.seat_name(colour, names.get(colour, ""))

    if state.phase == "final":
        return tr("Last card!"), tr("One last Pow-Wow (ruling A10)")
    if state.phase == "choose":
        return tr("{seat} chooses").format(seat=who(state.pending_seat or 0)), ""
    if model.stage == "window":
        return tr("Pow-Wow!"), ""
    turns = tr("{seat} turns").format(seat=who(state.turner))
    if model.is_bot(state.turner):
        return turns, tr("(a bot)")
    left_ns = model.auto_turn_left_ns(now_ns)
    if left_ns is not None:
        return turns, tr("auto turn in {seconds} s").format(seconds=number(left_ns / 1e9, 1))
    return turns, tr("Next or Turn button")


def _draw_live(
    surface: pygame.Surface, area: pygame.Rect, model: ApacheFullModel, now_ns: int
) -> None:
    size = surface.get_size()
    body_px = theme.floor_px("body", size)
    line = pygame.Rect(area.left, area.top, area.width, widgets.line_height(body_px) + 4)
    words = tr("Pow-Wow! Slaps in stamp order so far")
    widgets.text(surface, words, body_px, theme.WARN, line, role="body", bold=True)
    rest = pygame.Rect(area.left, line.bottom + 2, area.width, area.bottom - line.bottom - 2)
    draw_pending(surface, rest, model.live_presses(now_ns), slapped=model.slapped_on_card())


def _draw_last(surface: pygame.Surface, area: pygame.Rect, model: ApacheFullModel) -> None:
    """The last Pow-Wow: its slaps large, then each result's reason, as many as fit."""
    size = surface.get_size()
    body_px = theme.floor_px("body", size)
    window = model.last_window
    results = model.window_results()
    if window is None or not results:
        widgets.paragraph(
            surface,
            tr(
                "When an Indian of your colour is face up, slap it to take loot: hunter "
                "buffalo, warrior tomahawks, woman necklaces, chief totem pole + a male Indian; "
                "any of them tipis."
            ),
            round(body_px * 1.2),
            theme.TEXT_DIM,
            area,
            role="body",
        )
        return
    line = pygame.Rect(area.left, area.top, area.width, widgets.line_height(body_px) + 2)
    title = tr("Pow-Wow {number}").format(number=window.index + 1)
    widgets.text(surface, title, body_px, theme.TEXT_DIM, line, role="body")
    count = min(len(window.slaps), len(results))
    gap = widgets.px(size, 3)
    timeline_h = count * (slap_row_height(size) + gap)
    timeline = pygame.Rect(area.left, line.bottom, area.width, timeline_h)
    draw_timeline(surface, timeline, window, results=[describe_result(r) for r in results])
    reason_h = widgets.line_height(body_px)
    top = timeline.bottom
    for result in results:
        colour = {"loot": theme.GOOD, "nothing": theme.TEXT_DIM, "penalty": theme.BAD}[
            result_kind(result)
        ]
        for part in widgets.wrap(said(result.reason), body_px, area.width):
            if top + reason_h > area.bottom:
                return
            band = pygame.Rect(area.left, top, area.width, reason_h)
            widgets.text(surface, part, body_px, colour, band, role="body")
            top += reason_h


# --- the results -----------------------------------------------------------------------------


class ApacheFullResultsScene(BaseScene):
    """Scores, winner(s) and reactions. Select or back: the start menu."""

    def __init__(self, app: AppContext, model: ApacheFullModel) -> None:
        super().__init__(app)
        self.model = model
        self.results: ApacheFullResults = model.results()
        self.record_in_history(model.session.path)

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button in ("select", "back"):
            self.model.close()
            self.app.stack.pop()

    def close(self) -> None:
        self.model.close()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        counts = [(p.slaps, p.won, p.penalties) for p in self.results.players]
        draw_results(surface, self.results, RESULTS_PAGE, counts, self.model.names)
        self.draw_hint(surface, tr(RESULTS_PAGE.hint), now_ns)


RESULTS_PAGE: Final = ResultsPage(
    title=marked("Results — full game"),
    times_label=marked("reaction from the card turn, ms"),
    decimals=0,
    columns=(
        marked("cards"),
        marked("slaps"),
        marked("won"),
        marked("pen."),
        marked("fastest"),
        marked("median"),
        marked("slowest"),
    ),
    hint=marked("Select: the start menu"),
)
