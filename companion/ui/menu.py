"""The start menu: pick a game and its players, resume an unfinished one, or the doctor.

Rows: "Apache — tracker (real cards)"; Players (2-5); Colours (which ones, ruling A1: by
default the first N of red, yellow, purple, blue, green); "Apache — full game (virtual
cards)" with its own rows: Humans (the first K chosen colours are people, the rest bots),
the variants War Path, Wedding and Joint Raid (select turns one on or off; Joint Raid only
with fewer than 5 players, ruling A13), Auto turn (off / 2 s); one "Resume ..." row per
unfinished journal, newest first; Doctor; Quit.

    button            on a row                         on a row being edited
    previous / next   move                             change the value
    select            start / resume / open / edit     done
    back              go to Quit (twice: quit)         done
    a seat button     that colour joins or leaves the game

The mouse: click a row to choose it; on Players click the arrows; on Colours click a
colour to add or remove it.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import pygame

from companion.errors import JournalError
from companion.input.controls import SEATS, seat_of
from companion.input.events import Press
from companion.rules.apache_tracker import ENGINE as TRACKER
from companion.rules.apache_tracker import MAX_SEATS, MIN_SEATS
from companion.session import (
    JournalExists,
    JournalWarning,
    Session,
    UnfinishedGame,
    new_journal_path,
    unfinished_games,
)
from companion.ui import theme, widgets
from companion.ui.apache_full_model import FullOptions, FullTuning
from companion.ui.scenes import AppContext, BaseScene, NavButton

RowKind = Literal[
    "tracker",
    "players",
    "colours",
    "full",
    "humans",
    "war_path",
    "wedding",
    "joint_raid",
    "auto_turn",
    "resume",
    "doctor",
    "quit",
]
TOGGLES: Final[tuple[RowKind, ...]] = ("war_path", "wedding", "joint_raid", "auto_turn")
TOGGLE_LABELS: Final = {
    "war_path": "War Path",
    "wedding": "Wedding",
    "joint_raid": "Joint Raid",
    "auto_turn": "Auto turn",
}
AUTO_TURN_NS: Final = 2_000_000_000
"""Auto turn "2 s": a person's card is turned for them after this much calm."""

DEFAULT_PLAYERS: Final = 3
GAME_NAMES: Final = {"apache_tracker": "Apache tracker", "apache": "Apache"}
"""How the menu names a journal's game."""
SEATS_NOTE: Final = "full-seats"
"""The note a FULL game starts with: how many seats are people, and the auto turn."""

SCREENS: Final = frozenset({"apache_tracker", "apache"})
"""The games this menu can resume (others are listed, and say so)."""


def describe_age(seconds: float) -> str:
    """``720`` -> ``"12 min ago"``."""
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 24:
        return f"{hours} h ago"
    days = hours // 24
    return "yesterday" if days == 1 else f"{days} days ago"


@dataclass(frozen=True, slots=True)
class MenuRow:
    kind: RowKind
    label: str
    detail: str = ""
    game: UnfinishedGame | None = None

    @property
    def editable(self) -> bool:
        return self.kind in ("players", "colours", "humans")


@dataclass(frozen=True, slots=True)
class Choice:
    """What the menu asks the program to do."""

    kind: Literal["tracker", "full", "resume", "doctor", "quit"]
    colours: tuple[str, ...] = ()
    game: UnfinishedGame | None = None
    full: FullOptions | None = None


def default_colours(players: int) -> tuple[str, ...]:
    return SEATS[:players]


class MenuModel:
    """The menu's rows, focus and choices; no pygame (see the module docstring)."""

    def __init__(
        self,
        unfinished: Sequence[UnfinishedGame] = (),
        *,
        now: float = 0.0,
        players: int = DEFAULT_PLAYERS,
        doctor: bool = True,
    ) -> None:
        self.colours: tuple[str, ...] = default_colours(players)
        self.humans = 1
        self.toggles: dict[str, bool] = dict.fromkeys(TOGGLES, False)
        self.doctor = doctor
        self.focus = 0
        self.editing = False
        self.message = ""
        self.rows: list[MenuRow] = []
        self.refresh(unfinished, now=now)

    @property
    def players(self) -> int:
        return len(self.colours)

    def refresh(self, unfinished: Sequence[UnfinishedGame], *, now: float) -> None:
        """Rebuild the rows (after a game, the unfinished list changes); focus stays on
        the same kind of row."""
        kind = self.rows[self.focus].kind if self.rows else "tracker"
        rows = [
            MenuRow("tracker", "Apache — tracker (real cards)", "new game"),
            MenuRow("players", "Players"),
            MenuRow("colours", "Colours"),
            MenuRow("full", "Apache — full game (virtual cards)", "new game"),
            MenuRow("humans", "Humans"),
            *(MenuRow(kind, TOGGLE_LABELS[kind]) for kind in TOGGLES),
        ]
        for game in unfinished:
            name = GAME_NAMES.get(game.game, game.game)
            detail = f"{game.actions} actions, {describe_age(now - game.mtime)}"
            rows.append(MenuRow("resume", f"Resume {name}", detail, game))
        if self.doctor:
            rows.append(MenuRow("doctor", "Doctor — test every button"))
        rows.append(MenuRow("quit", "Quit"))
        self.rows = rows
        kinds = [row.kind for row in rows]
        self.focus = kinds.index(kind) if kind in kinds else 0
        self.editing = False

    @property
    def row(self) -> MenuRow:
        return self.rows[self.focus]

    # -- the buttons --

    def nav(self, button: NavButton) -> Choice | None:
        self.message = ""
        if self.editing:
            if button in ("previous", "next"):
                self.change(-1 if button == "previous" else 1)
            else:
                self.editing = False
            return None
        if button in ("previous", "next"):
            self.focus = (self.focus + (-1 if button == "previous" else 1)) % len(self.rows)
            return None
        if button == "back":
            if self.row.kind == "quit":
                return Choice("quit")
            self.focus = len(self.rows) - 1
            return None
        return self.select()

    def select(self) -> Choice | None:
        row = self.row
        if row.editable:
            self.editing = True
            return None
        if row.kind == "tracker":
            return Choice("tracker", colours=self.colours)
        if row.kind == "full":
            return Choice("full", colours=self.colours, full=self.full_options())
        if row.kind in TOGGLES:
            self.toggle_option(row.kind)
            return None
        if row.kind == "resume":
            return Choice("resume", game=row.game)
        return Choice(row.kind)  # type: ignore[arg-type]  # doctor or quit

    def full_options(self) -> FullOptions:
        """What the FULL game rows say."""
        return FullOptions(
            colours=self.colours,
            humans=min(self.humans, self.players),
            war_path=self.toggles["war_path"],
            wedding=self.toggles["wedding"],
            joint_raid=self.toggles["joint_raid"] and self.players < 5,
            auto_turn_ns=AUTO_TURN_NS if self.toggles["auto_turn"] else None,
        )

    def toggle_option(self, kind: str) -> None:
        """Select on a variant or Auto turn row: on <-> off."""
        if kind == "joint_raid" and self.players >= 5 and not self.toggles[kind]:
            self.message = "Joint Raid needs fewer than 5 players (ruling A13)"
            return
        self.toggles[kind] = not self.toggles[kind]

    def toggle_words(self, kind: str) -> str:
        if kind == "auto_turn":
            return "2 s" if self.toggles[kind] else "off"
        if kind == "joint_raid" and self.players >= 5:
            return "only with < 5 players"
        return "on" if self.toggles[kind] else "off"

    def humans_words(self) -> str:
        humans = min(self.humans, self.players)
        bots = self.players - humans
        people = ", ".join(self.colours[:humans]) or "nobody"
        return f"{humans} ({people}); {bots} bot{'s' if bots != 1 else ''}"

    def change(self, delta: int) -> None:
        """Previous/next on the row being edited."""
        if self.row.kind == "humans":
            self.humans = min(self.players, max(0, min(self.humans, self.players) + delta))
        elif self.row.kind == "players":
            self.set_players(self.players + delta)
        elif self.row.kind == "colours":
            combos = list(itertools.combinations(SEATS, self.players))
            self.colours = combos[(combos.index(self.colours) + delta) % len(combos)]

    def set_players(self, players: int) -> None:
        """2-5 players: a colour more (the first free one) or fewer (the last one)."""
        players = min(MAX_SEATS, max(MIN_SEATS, players))
        chosen = list(self.colours)
        free = [colour for colour in SEATS if colour not in chosen]
        while len(chosen) < players:
            chosen.append(free.pop(0))
        del chosen[players:]
        self.colours = tuple(c for c in SEATS if c in chosen)

    def toggle(self, colour: str) -> None:
        """A seat button: that colour joins, or leaves (ruling A1: 2 to 5 players)."""
        if colour in self.colours:
            if self.players <= MIN_SEATS:
                self.message = f"{colour} stays: Apache needs {MIN_SEATS} players (ruling A1)"
                return
            self.colours = tuple(c for c in self.colours if c != colour)
            self.message = f"{colour} left the game"
        else:
            self.colours = tuple(c for c in SEATS if c in (*self.colours, colour))
            self.message = f"{colour} joined the game"


# --- the scene -------------------------------------------------------------------------------


class MenuScene(BaseScene):
    """The start menu on screen."""

    def __init__(
        self,
        app: AppContext,
        model: MenuModel | None = None,
        *,
        full_tuning: FullTuning | None = None,
    ) -> None:
        super().__init__(app)
        self.full_tuning = full_tuning
        """The FULL mode's pauses (None: the defaults; tests shorten them)."""
        self.model = model or MenuModel(doctor=app.open_doctor is not None)
        self.flashes = widgets.Flashes()

    def on_top(self, now_ns: int) -> None:
        """Coming back from a game or the doctor: list the unfinished games again."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", JournalWarning)
            games = unfinished_games(self.app.games_dir)
        self.model.refresh(games, now=self.app.wall_clock())

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        self._act(self.model.nav(button), now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        colour = seat_of(press.control)
        if colour is not None:
            self.model.toggle(colour)
            self._show_message(now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        for index, rect in _visible_rows(self.app.size, self.model):
            if not rect.collidepoint(pos):
                continue
            self.model.focus = index
            row = self.model.row
            if row.kind == "players":
                minus, _, plus = _value_cells(rect)
                delta = -1 if minus.collidepoint(pos) else 1 if plus.collidepoint(pos) else 0
                self.model.set_players(self.model.players + delta)
            elif row.kind == "colours":
                for colour, chip in zip(SEATS, _colour_chips(rect), strict=True):
                    if chip.collidepoint(pos):
                        self.model.toggle(colour)
                        self._show_message(now_ns)
            else:
                self._act(self.model.select(), now_ns)
            return

    def _show_message(self, now_ns: int) -> None:
        if self.model.message:
            self.flashes.add(self.model.message, now_ns, theme.TEXT_DIM)

    def _act(self, choice: Choice | None, now_ns: int) -> None:
        self._show_message(now_ns)
        if choice is None:
            return
        if choice.kind == "quit":
            self.app.stack.clear()
        elif choice.kind == "doctor" and self.app.open_doctor is not None:
            self.app.stack.push(self.app.open_doctor())
        elif choice.kind == "tracker":
            self._start_tracker(choice.colours, now_ns)
        elif choice.kind == "full" and choice.full is not None:
            self._start_full(choice.full, now_ns)
        elif choice.kind == "resume" and choice.game is not None:
            self._resume(choice.game, now_ns)

    def _start_full(self, options: FullOptions, now_ns: int) -> None:
        from companion.rules.apache import APACHE
        from companion.ui.apache_full import FullScene
        from companion.ui.apache_full_model import FullModel

        try:
            session = _new_session(APACHE, options.setup(), self.app, auto_chance=True)
        except OSError as exc:
            self.flashes.add(f"cannot start the game: {exc}", now_ns, theme.BAD)
            return
        auto_turn_ns = _auto_turn(options, self.full_tuning)
        try:
            session.annotate(SEATS_NOTE, {"humans": options.humans, "auto_turn_ns": auto_turn_ns})
        except OSError as exc:
            self.flashes.add(f"cannot start the game: {exc}", now_ns, theme.BAD)
            return
        model = FullModel(
            session,
            self.app.powwow,
            humans=options.humans,
            auto_turn_ns=auto_turn_ns,
            tuning=self.full_tuning,
            now_ns=now_ns,
        )
        self.app.stack.push(FullScene(self.app, model))

    def _start_tracker(self, colours: tuple[str, ...], now_ns: int) -> None:
        from companion.ui.apache_tracker import TrackerScene
        from companion.ui.apache_tracker_model import TrackerModel

        setup = {"colours": list(colours)}
        for _ in range(3):  # another game may take the name in the same second
            path = new_journal_path(TRACKER.name, self.app.games_dir, now=self.app.wall_clock())
            try:
                session = Session.start(
                    TRACKER,
                    setup,
                    self.app.new_seed(),
                    path,
                    auto_chance=False,
                    clock=self.app.wall_clock,
                )
                break
            except JournalExists:
                continue
            except OSError as exc:
                self.flashes.add(f"cannot start the game: {exc}", now_ns, theme.BAD)
                return
        else:
            self.flashes.add("cannot start the game: no free journal name", now_ns, theme.BAD)
            return
        model = TrackerModel(session, self.app.powwow)
        self.app.stack.push(TrackerScene(self.app, model))

    def _resume(self, game: UnfinishedGame, now_ns: int) -> None:
        if game.game not in SCREENS:
            name = GAME_NAMES.get(game.game, game.game)
            self.flashes.add(f"{name} has no screen yet: `companion replay` shows it", now_ns)
            return
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", JournalWarning)  # the model reports repairs
                session = Session.resume(game.path, clock=self.app.wall_clock)
        except (JournalError, OSError) as exc:
            self.flashes.add(f"cannot resume {Path(game.path).name}: {exc}", now_ns, theme.BAD)
            return
        if game.game == "apache":
            self._resume_full(session, now_ns)
            return
        from companion.ui.apache_tracker import scene_for
        from companion.ui.apache_tracker_model import TrackerModel

        model = TrackerModel(session, self.app.powwow)
        self.app.stack.push(scene_for(self.app, model))

    def _resume_full(self, session: Session[Any, Any], now_ns: int) -> None:
        """A FULL game, with the humans and auto turn it was started with (its first
        note); a journal without that note is resumed with every seat a person."""
        from companion.ui.apache_full import scene_for
        from companion.ui.apache_full_model import FullModel

        seats = next((n.data for n in session.notes if n.kind == SEATS_NOTE), None)
        humans, auto_turn_ns = len(session.state.colours), None
        if isinstance(seats, dict):
            humans = int(seats.get("humans", humans))
            auto_turn_ns = seats.get("auto_turn_ns")
        model = FullModel(
            session,
            self.app.powwow,
            humans=humans,
            auto_turn_ns=auto_turn_ns if isinstance(auto_turn_ns, int) else None,
            tuning=self.full_tuning,
            now_ns=now_ns,
        )
        self.app.stack.push(scene_for(self.app, model))

    # -- time and drawing --

    def update(self, now_ns: int) -> bool:
        return self.flashes.expire(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        layout = widgets.frame(size)
        surface.fill(theme.BACKGROUND)
        widgets.header(surface, layout.header, "Table companion", "start menu")
        model = self.model
        for index, rect in _visible_rows(size, model):
            row = model.rows[index]
            focused = index == model.focus
            widgets.panel(surface, rect, focused=focused, editing=focused and model.editing)
            _draw_row(surface, rect, row, model, focused=focused)
        if model.editing:
            hint = "Previous/Next: change · Select or Back: done"
        else:
            hint = "Previous/Next: move · Select: choose · Back ×2: quit · Seat button: join/leave"
        widgets.footer(surface, layout.footer, hint, self.flashes.current(now_ns))


def _visible_rows(size: tuple[int, int], model: MenuModel) -> list[tuple[int, pygame.Rect]]:
    """The rows on screen (scrolled so the focused one shows), with their rectangles."""
    body = widgets.frame(size).body
    pad = widgets.px(size, 8)
    area = body.inflate(-2 * pad, -2 * widgets.px(size, 5))
    height, gap = widgets.px(size, 34), widgets.px(size, 4)
    fit = max(1, (area.height + gap) // (height + gap))
    first = max(0, min(model.focus - fit // 2, len(model.rows) - fit))
    shown = range(first, min(len(model.rows), first + fit))
    return list(zip(shown, widgets.rows(area, len(shown), height=height, gap=gap), strict=True))


def _value_cells(rect: pygame.Rect) -> list[pygame.Rect]:
    """The Players row's right part: minus arrow, value, plus arrow."""
    side = rect.height
    plus = pygame.Rect(rect.right - side, rect.top, side, side)
    value = pygame.Rect(plus.left - side, rect.top, side, side)
    minus = pygame.Rect(value.left - side, rect.top, side, side)
    return [minus, value, plus]


def _colour_chips(rect: pygame.Rect) -> list[pygame.Rect]:
    """The Colours row's five chips, right-aligned."""
    height = rect.height - 10
    width = round(height * 2.2)
    gap = max(3, height // 5)
    left = rect.right - 6 - 5 * width - 4 * gap
    return [pygame.Rect(left + i * (width + gap), rect.top + 5, width, height) for i in range(5)]


def _draw_row(
    surface: pygame.Surface, rect: pygame.Rect, row: MenuRow, model: MenuModel, *, focused: bool
) -> None:
    pad = max(6, rect.height // 4)
    inner = rect.inflate(-2 * pad, 0)
    size = round(rect.height * 0.66)
    ink = theme.TEXT if focused else theme.mix(theme.TEXT, theme.TEXT_DIM, 0.4)
    if row.kind == "players":
        minus, value, plus = _value_cells(rect)
        arrow_ink = theme.WARN if model.editing and focused else theme.TEXT_DIM
        widgets.arrow(
            surface, minus.inflate(-rect.height // 3, -rect.height // 3), "left", arrow_ink
        )
        widgets.arrow(
            surface, plus.inflate(-rect.height // 3, -rect.height // 3), "right", arrow_ink
        )
        widgets.text(
            surface, str(model.players), size, theme.TEXT, value, align="center", bold=True
        )
        inner.width = minus.left - inner.left
    elif row.kind == "colours":
        chips = _colour_chips(rect)
        for colour, chip in zip(SEATS, chips, strict=True):
            if colour in model.colours:
                widgets.chip(surface, chip, colour)
            else:
                _draw_absent(surface, chip, colour)
        inner.width = chips[0].left - inner.left - pad
    elif row.kind == "humans" or row.kind in TOGGLES:
        words = model.humans_words() if row.kind == "humans" else model.toggle_words(row.kind)
        on = row.kind == "humans" or model.toggles.get(row.kind, False)
        value_ink = (
            theme.WARN if model.editing and focused else theme.TEXT if on else theme.TEXT_DIM
        )
        value = widgets.text(surface, words, round(size * 0.85), value_ink, inner, align="right")
        inner.width = value.left - inner.left - pad
    elif row.detail:
        detail = widgets.text(
            surface, row.detail, round(size * 0.8), theme.TEXT_DIM, inner, align="right"
        )
        inner.width = detail.left - inner.left - pad
    widgets.text(surface, row.label, size, ink, inner, bold=focused)


def _draw_absent(surface: pygame.Surface, rect: pygame.Rect, colour: str) -> None:
    """A colour not in the game: its outline and letter, dim."""
    edge = theme.mix(theme.SEAT_COLOURS[colour], theme.PANEL, 0.3)
    ink = theme.mix(theme.SEAT_COLOURS[colour], theme.TEXT, 0.35)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=max(2, rect.height // 5))
    widgets.text(
        surface,
        theme.SEAT_LETTERS[colour],
        round(rect.height * 0.8),
        ink,
        rect,
        align="center",
        bold=True,
    )


def _new_session(
    engine: Any, setup: dict[str, Any], app: AppContext, *, auto_chance: bool
) -> Session[Any, Any]:
    """A new journaled game in the app's games directory (another game may take the name
    in the same second: three tries). Raises ``OSError``."""
    for _ in range(3):
        path = new_journal_path(engine.name, app.games_dir, now=app.wall_clock())
        try:
            return Session.start(
                engine, setup, app.new_seed(), path, auto_chance=auto_chance, clock=app.wall_clock
            )
        except JournalExists:
            continue
    raise OSError("no free journal name")


def _auto_turn(options: FullOptions, tuning: FullTuning | None) -> int | None:
    if options.auto_turn_ns is None or tuning is None or tuning.auto_turn_ns is None:
        return options.auto_turn_ns
    return tuning.auto_turn_ns
