"""A new game's setup: one scene per game, built from the game's ``GameSetup`` description
(each game describes itself in ``companion.ui.<game>.setup``).

The rows, from the description: Mode (when the game has more than one), Players (the
game's range), Colours (only for a game whose seats are the five colours: which of them
play; ruling A1 for Apache), the game's options for the chosen mode (on/off ``Toggle`` s
and ``Count`` s), then Start.

    button            on a row                               on a row being edited
    previous / next   move                                   change the value
    select            Start: the game; Mode, a toggle: the   done
                      next value; Players, Colours, a
                      count: edit it
    back              leave to the start menu                done
    a seat button     that colour joins or leaves (coloured seats only)

The mouse: click a row to choose it; on Players and the counts click the arrows; on
Colours click a colour to add or remove it.

Adding a game: describe it (in its own module, e.g. ``ui/apocalypse/setup.py``) and list it
in ``companion.ui.menu.GAMES``. A game whose seats are numbered, not coloured (no Colours
row: in Apocalypse the five colours are suits), with 2-6 players and a row only in its
full mode::

    APOCALYPSE_SETUP = GameSetup(
        name="apocalypse",
        title="Apocalypse",
        modes=(
            Mode("tracker", "tracker", "real cards"),
            Mode("full", "full game", "virtual cards"),
        ),
        players=(2, 6),
        seats="numbered",
        options=(
            Count("humans", "Humans", high=1, default=1, modes=("full",), words=humans_words),
        ),
        journals={"apocalypse_tracker": "Apocalypse tracker", "apocalypse": "Apocalypse"},
        start=start_apocalypse,  # (choice, app, now_ns) -> the game's first scene
        resume=resume_apocalypse,  # (session, app, now_ns, tuning) -> its scene
    )

A start hook gets a ``SetupChoice`` (mode, players, colours, the mode's option values and
the tests' ``tuning``), returns the scene to show (the setup scene gives it its place on
the stack, so the game ends back on the start menu) and raises ``OSError`` or
``CompanionError`` with a message when the game cannot start (the setup scene flashes
it). Hooks import their screens when called, so the start menu stays quick to load.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import pygame

from companion.errors import CompanionError
from companion.input.controls import SEATS, seat_of
from companion.input.events import Press
from companion.session import JournalExists, Session, new_journal_path
from companion.ui import theme, widgets
from companion.ui.app import Scene
from companion.ui.scenes import AppContext, BaseScene, NavButton

SeatStyle = Literal["colours", "numbered"]
Outcome = Literal["start", "leave"]
RowKind = Literal["mode", "players", "colours", "option", "start"]


# --- a game's description ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mode:
    """One way to play a game: ``Mode("tracker", "tracker", "real cards")``."""

    key: str
    label: str
    detail: str = ""

    @property
    def words(self) -> str:
        return f"{self.label} — {self.detail}" if self.detail else self.label


@dataclass(frozen=True, slots=True)
class Toggle:
    """An on/off row (select flips it). ``max_players``: only allowed up to that many
    players; turning it on with more is refused with ``refusal``, and the game gets it off."""

    key: str
    label: str
    modes: tuple[str, ...] = ()
    """The modes that show it (empty: every mode)."""
    default: bool = False
    on: str = "on"
    off: str = "off"
    max_players: int | None = None
    refusal: str = ""


@dataclass(frozen=True, slots=True)
class Count:
    """A number row, ``low`` to ``high`` (None: up to the number of players); select edits it,
    previous/next (or its arrows) change it. ``words`` shows it (default: the number)."""

    key: str
    label: str
    low: int = 0
    high: int | None = None
    default: int = 0
    modes: tuple[str, ...] = ()
    words: Callable[[SetupChoice], str] | None = None


Option = Toggle | Count


@dataclass(frozen=True, slots=True)
class SetupChoice:
    """What the setup asks for: the game's start hook gets it."""

    game: str
    mode: str
    players: int
    colours: tuple[str, ...] = ()
    """The playing colours in seat order (coloured seats; empty for numbered seats)."""
    values: Mapping[str, int] = field(default_factory=dict, hash=False)
    """Every option of the mode: a toggle True/False (False when not allowed with this many
    players), a count within its bounds."""
    tuning: object | None = None
    """Test-only pauses for the game's screens (None: their defaults)."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats' names: the colours, or ``seat 1``, ``seat 2``, ..."""
        return self.colours or tuple(f"seat {n}" for n in range(1, self.players + 1))

    def flag(self, key: str) -> bool:
        return bool(self.values[key])

    def number(self, key: str) -> int:
        return int(self.values[key])


StartHook = Callable[[SetupChoice, AppContext, int], Scene]
"""``start(choice, app, now_ns)``: a new game's first scene (raises OSError/CompanionError)."""
ResumeHook = Callable[[Session[Any, Any], AppContext, int, object], Scene]
"""``resume(session, app, now_ns, tuning)``: the scene for a resumed journal."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """A game as the start menu offers it (see the module docstring for an example)."""

    name: str
    title: str
    modes: tuple[Mode, ...]
    players: tuple[int, int]
    """The fewest and most players."""
    start: StartHook
    resume: ResumeHook | None = None
    """None: its journals are listed but cannot be resumed here."""
    default_players: int = 3
    seats: SeatStyle = "colours"
    players_ruling: str = ""
    """Cited when a seat button would take the players out of range: ``"ruling A1"``."""
    options: tuple[Option, ...] = ()
    journals: Mapping[str, str] = field(default_factory=dict, hash=False)
    """Journal game name -> how the menu names it (``"apache_tracker": "Apache tracker"``)."""

    def __post_init__(self) -> None:
        low, high = self.players
        if not self.modes:
            raise ValueError(f"game {self.name!r} has no modes; give at least one Mode")
        if not 1 <= low <= self.default_players <= high:
            raise ValueError(
                f"game {self.name!r}: players {self.players} and default "
                f"{self.default_players} must have 1 <= fewest <= default <= most"
            )
        if self.seats == "colours" and high > len(SEATS):
            raise ValueError(
                f"game {self.name!r}: {high} players but only {len(SEATS)} colours; "
                'use seats="numbered"'
            )
        modes = {mode.key for mode in self.modes}
        for option in self.options:
            if not set(option.modes) <= modes:
                raise ValueError(
                    f"game {self.name!r}: option {option.key!r} names unknown modes "
                    f"{sorted(set(option.modes) - modes)}; the modes are {sorted(modes)}"
                )

    def options_for(self, mode: str) -> tuple[Option, ...]:
        return tuple(o for o in self.options if not o.modes or mode in o.modes)

    def mode(self, key: str) -> Mode:
        return next(mode for mode in self.modes if mode.key == key)

    @property
    def summary(self) -> str:
        """``"tracker or full game · 2-5 players"``: its start menu row's detail."""
        low, high = self.players
        return f"{' or '.join(mode.label for mode in self.modes)} · {low}-{high} players"


# --- the model ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupRow:
    kind: RowKind
    label: str
    option: Option | None = None

    @property
    def key(self) -> str:
        return self.option.key if self.option is not None else self.kind

    @property
    def editable(self) -> bool:
        """Select edits it (previous/next change it until select or back)."""
        return self.kind in ("players", "colours") or isinstance(self.option, Count)


class SetupModel:
    """A game's setup rows, focus and choices; no pygame (see the module docstring)."""

    def __init__(self, game: GameSetup, *, players: int | None = None) -> None:
        self.game = game
        self.mode = game.modes[0].key
        self.count = game.default_players
        """The number of players (numbered seats; coloured seats count ``colours``)."""
        self.colours: tuple[str, ...] = ()
        self.values: dict[str, int] = {o.key: int(o.default) for o in game.options}
        self.focus = 0
        self.editing = False
        self.message = ""
        self.rows: list[SetupRow] = []
        self.set_players(game.default_players if players is None else players)
        self._rebuild()

    @property
    def coloured(self) -> bool:
        return self.game.seats == "colours"

    @property
    def players(self) -> int:
        return len(self.colours) if self.coloured else self.count

    @property
    def row(self) -> SetupRow:
        return self.rows[self.focus]

    def _rebuild(self) -> None:
        """The rows for the mode (focus stays on the same row, or the one before it)."""
        key = self.rows[self.focus].key if self.rows else ""
        game, rows = self.game, []
        if len(game.modes) > 1:
            rows.append(SetupRow("mode", "Mode"))
        if game.players[0] != game.players[1]:
            rows.append(SetupRow("players", "Players"))
        if self.coloured:
            rows.append(SetupRow("colours", "Colours"))
        rows += [SetupRow("option", o.label, o) for o in game.options_for(self.mode)]
        rows.append(SetupRow("start", "Start"))
        self.rows = rows
        keys = [row.key for row in rows]
        self.focus = keys.index(key) if key in keys else min(self.focus, len(rows) - 1)

    # -- the buttons --

    def nav(self, button: NavButton) -> Outcome | None:
        """A navigation button: "start" (Select on Start), "leave" (Back), or None."""
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
            return "leave"
        return self.select()

    def select(self) -> Outcome | None:
        row = self.row
        if row.editable:
            self.editing = True
        elif row.kind == "mode":
            self.next_mode(1)
        elif isinstance(row.option, Toggle):
            self.flip(row.option)
        elif row.kind == "start":
            return "start"
        return None

    def change(self, delta: int) -> None:
        """Previous/next on the row being edited."""
        row = self.row
        if row.kind == "players":
            self.set_players(self.players + delta)
        elif row.kind == "colours":
            combos = list(itertools.combinations(SEATS, self.players))
            self.colours = combos[(combos.index(self.colours) + delta) % len(combos)]
        elif isinstance(row.option, Count):
            self.values[row.key] = self.clamp(row.option, self.number(row.option) + delta)

    def next_mode(self, delta: int) -> None:
        keys = [mode.key for mode in self.game.modes]
        self.set_mode(keys[(keys.index(self.mode) + delta) % len(keys)])

    def set_mode(self, key: str) -> None:
        self.game.mode(key)  # raises StopIteration for an unknown mode: a programming error
        self.mode = key
        self._rebuild()

    def set_players(self, players: int) -> None:
        """Within the game's range; coloured seats: a colour more (the first free one) or
        fewer (the last one)."""
        low, high = self.game.players
        players = min(high, max(low, players))
        self.count = players
        if not self.coloured:
            return
        chosen = list(self.colours)
        free = [colour for colour in SEATS if colour not in chosen]
        while len(chosen) < players:
            chosen.append(free.pop(0))
        del chosen[players:]
        self.colours = tuple(c for c in SEATS if c in chosen)

    def toggle(self, colour: str) -> None:
        """A seat button or a colour chip: that colour joins, or leaves (ruling A1 for
        Apache: the players stay within the game's range)."""
        if not self.coloured:
            return
        low, high = self.game.players
        rule = f" ({self.game.players_ruling})" if self.game.players_ruling else ""
        if colour in self.colours:
            if self.players <= low:
                self.message = f"{colour} stays: {self.game.title} needs {low} players{rule}"
                return
            self.colours = tuple(c for c in self.colours if c != colour)
            self.message = f"{colour} left the game"
        elif self.players >= high:
            self.message = f"{colour} cannot join: {self.game.title} is for {high} at most{rule}"
        else:
            self.colours = tuple(c for c in SEATS if c in (*self.colours, colour))
            self.message = f"{colour} joined the game"
        self.count = self.players

    def flip(self, option: Toggle) -> None:
        """Select on a toggle: on <-> off (on is refused when not allowed)."""
        if not self.values[option.key] and not self.allowed(option):
            self.message = option.refusal or (
                f"{option.label} needs at most {option.max_players} players"
            )
            return
        self.values[option.key] = int(not self.values[option.key])

    # -- what the rows say --

    def allowed(self, option: Toggle) -> bool:
        return option.max_players is None or self.players <= option.max_players

    def is_on(self, option: Toggle) -> bool:
        return bool(self.values[option.key]) and self.allowed(option)

    def high(self, option: Count) -> int:
        return self.players if option.high is None else option.high

    def clamp(self, option: Count, value: int) -> int:
        return max(option.low, min(self.high(option), value))

    def number(self, option: Count) -> int:
        return self.clamp(option, self.values[option.key])

    def choice(self, tuning: object | None = None) -> SetupChoice:
        """What the rows say, for the game's start hook."""
        values: dict[str, int] = {}
        for option in self.game.options_for(self.mode):
            values[option.key] = (
                self.is_on(option) if isinstance(option, Toggle) else self.number(option)
            )
        colours = self.colours if self.coloured else ()
        return SetupChoice(self.game.name, self.mode, self.players, colours, values, tuning)

    def words(self, row: SetupRow) -> str:
        """The value shown on a row (empty for Players, Colours and Start)."""
        option = row.option
        if row.kind == "mode":
            return self.game.mode(self.mode).words
        if row.kind == "start":
            return f"{self.game.mode(self.mode).label} · {self.players} players"
        if isinstance(option, Toggle):
            if not self.allowed(option):
                return f"only with < {(option.max_players or 0) + 1} players"
            return option.on if self.values[option.key] else option.off
        if isinstance(option, Count):
            return str(self.number(option)) if option.words is None else option.words(self.choice())
        return ""


# --- the scene ---------------------------------------------------------------------------------


class SetupScene(BaseScene):
    """A game's setup on screen; Start replaces it with the game (so the game ends on the
    start menu), Back pops it."""

    def __init__(self, app: AppContext, model: SetupModel, *, tuning: object | None = None) -> None:
        super().__init__(app)
        self.model = model
        self.tuning = tuning
        """Test-only pauses handed to the game's start hook (None: the defaults)."""
        self.flashes = widgets.Flashes()

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        self._act(self.model.nav(button), now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        colour = seat_of(press.control)
        if colour is not None and self.model.coloured:
            self.model.toggle(colour)
            self._show_message(now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        model = self.model
        for index, rect in visible_rows(self.app.size, len(model.rows), model.focus):
            if not rect.collidepoint(pos):
                continue
            model.focus, model.editing, model.message = index, False, ""
            row = model.row
            if row.kind == "colours":
                for colour, chip in zip(SEATS, colour_chips(rect), strict=True):
                    if chip.collidepoint(pos):
                        model.toggle(colour)
            elif row.editable:
                minus, _, plus = value_cells(rect, _value_width(rect, row))
                if minus.collidepoint(pos) or plus.collidepoint(pos):
                    model.change(-1 if minus.collidepoint(pos) else 1)
                else:
                    model.select()
            else:
                self._act(model.select(), now_ns)
                return
            self._show_message(now_ns)
            return

    def _show_message(self, now_ns: int) -> None:
        if self.model.message:
            self.flashes.add(self.model.message, now_ns, theme.TEXT_DIM)

    def _act(self, outcome: Outcome | None, now_ns: int) -> None:
        self._show_message(now_ns)
        if outcome == "leave":
            self.app.stack.pop()
        elif outcome == "start":
            self.start(now_ns)

    def start(self, now_ns: int) -> None:
        """The game's first scene in this one's place; a failure is flashed."""
        try:
            scene = self.model.game.start(self.model.choice(self.tuning), self.app, now_ns)
        except (OSError, CompanionError) as exc:
            self.flashes.add(f"cannot start the game: {exc}", now_ns, theme.BAD)
            return
        self.app.stack.replace(scene)

    # -- time and drawing --

    def update(self, now_ns: int) -> bool:
        return self.flashes.expire(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        layout = widgets.frame(size)
        surface.fill(theme.BACKGROUND)
        model = self.model
        widgets.header(surface, layout.header, model.game.title, "new game")
        shown = visible_rows(size, len(model.rows), model.focus)
        for index, rect in shown:
            focused = index == model.focus
            widgets.panel(surface, rect, focused=focused, editing=focused and model.editing)
            _draw_row(surface, rect, model.rows[index], model, focused=focused)
        scrollbar(surface, size, shown, len(model.rows))
        if model.editing:
            hint = "Previous/Next: change · Select or Back: done"
        else:
            hint = "Previous/Next: move · Select: choose · Back: menu"
            if model.coloured:
                hint += " · Seat button: join/leave"
        widgets.footer(surface, layout.footer, hint, self.flashes.current(now_ns))


# --- drawing helpers (the start menu uses them too) --------------------------------------------


def visible_rows(size: tuple[int, int], count: int, focus: int) -> list[tuple[int, pygame.Rect]]:
    """The rows on screen (scrolled so the focused one shows), with their rectangles."""
    body = widgets.frame(size).body
    pad = widgets.px(size, 8)
    area = body.inflate(-2 * pad, -2 * widgets.px(size, 5))
    height, gap = widgets.px(size, 34), widgets.px(size, 4)
    fit = max(1, (area.height + gap) // (height + gap))
    first = max(0, min(focus - fit // 2, count - fit))
    shown = range(first, min(count, first + fit))
    return list(zip(shown, widgets.rows(area, len(shown), height=height, gap=gap), strict=True))


def scrollbar(
    surface: pygame.Surface,
    size: tuple[int, int],
    shown: Sequence[tuple[int, pygame.Rect]],
    count: int,
) -> None:
    """A thin bar in the right margin when some rows are off screen: where the shown ones are."""
    if not shown or len(shown) >= count:
        return
    top, bottom = shown[0][1].top, shown[-1][1].bottom
    width = max(2, widgets.px(size, 3))
    left = shown[0][1].right + (widgets.px(size, 8) - width) // 2
    track = pygame.Rect(left, top, width, bottom - top)
    pygame.draw.rect(surface, theme.PANEL, track, border_radius=width // 2)
    thumb = track.copy()
    thumb.height = max(width * 3, round(track.height * len(shown) / count))
    thumb.top = top + round((track.height - thumb.height) * shown[0][0] / (count - len(shown)))
    pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=width // 2)


def value_cells(rect: pygame.Rect, width: int) -> list[pygame.Rect]:
    """A number row's right part: minus arrow, value (``width`` wide), plus arrow."""
    side = rect.height
    plus = pygame.Rect(rect.right - side, rect.top, side, side)
    value = pygame.Rect(plus.left - width, rect.top, width, side)
    minus = pygame.Rect(value.left - side, rect.top, side, side)
    return [minus, value, plus]


def _value_width(rect: pygame.Rect, row: SetupRow) -> int:
    """Players and plain counts: a square; a count with words: 40 % of the row."""
    if isinstance(row.option, Count) and row.option.words is not None:
        return round(rect.width * 0.4)
    return rect.height


def colour_chips(rect: pygame.Rect) -> list[pygame.Rect]:
    """The Colours row's five chips, right-aligned."""
    height = rect.height - 10
    width = round(height * 2.2)
    gap = max(3, height // 5)
    left = rect.right - 6 - 5 * width - 4 * gap
    return [pygame.Rect(left + i * (width + gap), rect.top + 5, width, height) for i in range(5)]


def row_text(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    detail: str = "",
    *,
    focused: bool,
    detail_ink: theme.RGB = theme.TEXT_DIM,
) -> None:
    """A row's label on the left and ``detail`` right-aligned (the label gives way)."""
    pad = max(6, rect.height // 4)
    inner = rect.inflate(-2 * pad, 0)
    size = round(rect.height * 0.66)
    if detail:
        place = widgets.text(surface, detail, round(size * 0.8), detail_ink, inner, align="right")
        inner.width = place.left - inner.left - pad
    ink = theme.TEXT if focused else theme.mix(theme.TEXT, theme.TEXT_DIM, 0.4)
    widgets.text(surface, label, size, ink, inner, bold=focused)


def _draw_row(
    surface: pygame.Surface, rect: pygame.Rect, row: SetupRow, model: SetupModel, *, focused: bool
) -> None:
    editing = model.editing and focused
    if row.kind == "colours":
        chips = colour_chips(rect)
        for colour, chip in zip(SEATS, chips, strict=True):
            if colour in model.colours:
                widgets.chip(surface, chip, colour)
            else:
                _draw_absent(surface, chip, colour)
        label_rect = rect.copy()
        label_rect.width = chips[0].left - rect.left
        row_text(surface, label_rect, row.label, focused=focused)
    elif row.editable:
        words = str(model.players) if row.kind == "players" else model.words(row)
        _draw_number(surface, rect, row, words, focused=focused, editing=editing)
    else:
        on = not isinstance(row.option, Toggle) or model.is_on(row.option)
        ink = theme.GOOD if row.kind == "start" else theme.TEXT if on else theme.TEXT_DIM
        row_text(surface, rect, row.label, model.words(row), focused=focused, detail_ink=ink)


def _draw_number(
    surface: pygame.Surface,
    rect: pygame.Rect,
    row: SetupRow,
    words: str,
    *,
    focused: bool,
    editing: bool,
) -> None:
    """Players or a count: ``< value >`` on the right (drawn arrows, lit while editing)."""
    minus, value, plus = value_cells(rect, _value_width(rect, row))
    arrow_ink = theme.WARN if editing else theme.TEXT_DIM
    inset = rect.height // 3
    widgets.arrow(surface, minus.inflate(-inset, -inset), "left", arrow_ink)
    widgets.arrow(surface, plus.inflate(-inset, -inset), "right", arrow_ink)
    size = round(rect.height * 0.66)
    if row.kind != "players":
        size = round(size * 0.85)
    widgets.text(
        surface, words, size, theme.TEXT, value, align="center", bold=row.kind == "players"
    )
    label_rect = rect.copy()
    label_rect.width = minus.left - rect.left
    row_text(surface, label_rect, row.label, focused=focused)


def _draw_absent(surface: pygame.Surface, rect: pygame.Rect, colour: str) -> None:
    """A colour not in the game: its outline and letter, dim."""
    edge = theme.mix(theme.SEAT_COLOURS[colour], theme.PANEL, 0.3)
    ink = theme.mix(theme.SEAT_COLOURS[colour], theme.TEXT, 0.35)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=max(2, rect.height // 5))
    letter = theme.SEAT_LETTERS[colour]
    size = round(rect.height * 0.8)
    widgets.text(surface, letter, size, ink, rect, align="center", bold=True)


# --- shared by the games' descriptions and hooks -------------------------------------------------


def new_session(
    engine: Any, setup: Mapping[str, Any], app: AppContext, *, auto_chance: bool
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


def new_noted_session(
    engine: Any, setup: Mapping[str, Any], app: AppContext, *, note: str, data: dict[str, Any]
) -> Session[Any, Any]:
    """A new FULL game (the session deals) whose first note says who plays it (people,
    bots, pauses); the journal is closed again if the note cannot be written."""
    session = new_session(engine, setup, app, auto_chance=True)
    try:
        session.annotate(note, data)
    except OSError:
        session.close()
        raise
    return session


def noted(session: Session[Any, Any], note: str) -> dict[str, Any]:
    """The data of a game's first ``note`` (empty when the journal has none)."""
    data = next((n.data for n in session.notes if n.kind == note), None)
    return data if isinstance(data, dict) else {}


def humans_words(choice: SetupChoice) -> str:
    """``"1 (red); 2 bots"``: the first K seats are people, the rest bots (numbered seats:
    ``"1 (seat 1); 2 bots"``)."""
    humans = choice.number("humans")
    bots = choice.players - humans
    people = ", ".join(choice.seats[:humans]) or "nobody"
    return f"{humans} ({people}); {bots} bot{'s' if bots != 1 else ''}"
