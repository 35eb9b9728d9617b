"""A new game's setup without pygame: how each game describes itself (``GameSetup``), the
rows, focus and choices of its setup (``SetupModel``), and what the games' start and resume
hooks share. ``companion.ui.setup`` shows it.

The rows, from the description: Mode (when the game has more than one), Players (the
game's range), Colours (only for a game whose seats are the five colours: which of them
play; ruling A1 for Apache), the game's options for the chosen mode (on/off ``Toggle`` s
and ``Count`` s), then Start.

The build decides the coloured seats (``Wiring``: the seats the input profile gives
buttons, ``Profile.seats()``). A coloured seat is a player with their own four buttons:
Apache's Pow-Wow is a race between the players' buttons (ruling A9), so a colour without
buttons is not offered, and the players go up to the seats wired (the slap pad, one
pointer for the whole table that takes two taps a slap, is a stand-in for a missing or
stuck button, not a seat). Numbered seats need no buttons of their own: the navigation
buttons (and the mouse) make every choice, and a colour button is only a shortcut for a
suit (Apocalypse) or a gang (Paris), so their range stays the game's on every build.

Adding a game: describe it (in its own module, e.g. ``ui/apocalypse/setup.py``) and list it
in ``companion.ui.menu.GAMES``. Its words are marked for the catalog (``marked``,
``companion.i18n``); the screens translate them where they show them. A game whose seats
are numbered, not coloured (no Colours row: in Apocalypse the five colours are suits), with
2-6 players and a row only in its full mode::

    APOCALYPSE_SETUP = GameSetup(
        name="apocalypse",
        title=marked("Apocalypse"),
        modes=(
            Mode("tracker", marked("tracker"), marked("real cards")),
            Mode("full", marked("full game"), marked("virtual cards")),
        ),
        players=(2, 6),
        seats="numbered",
        options=(
            Count("humans", marked("Humans"), high=1, modes=("full",), words=humans_words),
        ),
        journals={
            "apocalypse_tracker": marked("Apocalypse tracker"),
            "apocalypse": marked("Apocalypse"),
        },
        start=APOCALYPSE_MODES.start,  # (choice, app, now_ns) -> the game's first scene
        resume=APOCALYPSE_MODES.resume,  # (session, app, now_ns, tuning) -> its scene
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
from typing import TYPE_CHECKING, Any, Final, Literal

from companion.history.records import NAMES_NOTE
from companion.i18n import marked, tr, trn
from companion.input.controls import SEATS
from companion.rules.registry import get_engine
from companion.session import JournalExists, Session, new_journal_path
from companion.ui.nav import NavButton
from companion.ui.theme import colour_word

if TYPE_CHECKING:
    from companion.input.pinmap import Profile
    from companion.ui.app import Scene
    from companion.ui.scenes import AppContext

SeatStyle = Literal["colours", "numbered"]
Outcome = Literal["start", "leave"]
RowKind = Literal["mode", "players", "colours", "seat", "option", "start"]
GUEST: Final = marked("guest")
"""A seat without a roster player: the screens and the history name it by its seat (the
seat rows say it, translated)."""


# --- a game's description ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mode:
    """One way to play a game: ``Mode("tracker", "tracker", "real cards")`` (``label`` and
    ``detail`` marked for the catalog: the screens translate them)."""

    key: str
    label: str
    detail: str = ""

    @property
    def words(self) -> str:
        """``"tracker — real cards"`` in the screens' language."""
        label = tr(self.label)
        return f"{label} — {tr(self.detail)}" if self.detail else label


@dataclass(frozen=True, slots=True)
class Toggle:
    """An on/off row (select flips it). ``max_players``: only allowed up to that many
    players; turning it on with more is refused with ``refusal``, and the game gets it off.
    Its words (``label``, ``on``, ``off``, ``refusal``) are marked for the catalog: the
    screens translate them."""

    key: str
    label: str
    modes: tuple[str, ...] = ()
    """The modes that show it (empty: every mode)."""
    default: bool = False
    on: str = marked("on")
    off: str = marked("off")
    max_players: int | None = None
    refusal: str = ""


@dataclass(frozen=True, slots=True)
class Count:
    """A number row, ``low`` to ``high`` (None: up to the number of players); select edits it,
    previous/next (or its arrows) change it. ``words`` shows it (default: the number), in
    the screens' language; ``label`` is marked for the catalog."""

    key: str
    label: str
    low: int = 0
    high: int | None = None
    default: int = 0
    modes: tuple[str, ...] = ()
    words: Callable[[SetupChoice], str] | None = None


Option = Toggle | Count


@dataclass(frozen=True, slots=True)
class Wiring:
    """The seats with buttons on this build (in ``SEATS`` order) and the input profile
    that wires them, cited when a seat is refused. The default: all five (the desktop)."""

    seats: tuple[str, ...] = SEATS
    profile: str = ""

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("wiring has no seats; a build wires at least one seat's buttons")
        unknown = [seat for seat in self.seats if seat not in SEATS]
        if unknown:
            raise ValueError(f"wiring names unknown seats {unknown}; the seats are {SEATS}")
        if self.seats != tuple(seat for seat in SEATS if seat in self.seats):
            raise ValueError(f"wiring seats {self.seats} must be distinct and in order {SEATS}")

    @classmethod
    def of(cls, profile: Profile | None) -> Wiring:
        """The seats ``profile`` wires (None: all five)."""
        return cls() if profile is None else cls(profile.seats(), profile.name)

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(seat for seat in SEATS if seat not in self.seats)

    @property
    def where(self) -> str:
        """``"this build (profile gpio-spi35)"``."""
        if self.profile:
            return tr("this build (profile {profile})").format(profile=self.profile)
        return tr("this build")

    def no_buttons(self, colours: Sequence[str]) -> str:
        """``"blue has no buttons on this build (profile gpio-spi35)"``."""
        words = [colour_word(colour) for colour in colours]
        names = and_words(words) if len(words) <= 2 else ", ".join(words)
        return trn(
            "{colours} has no buttons on {where}",
            "{colours} have no buttons on {where}",
            len(colours),
        ).format(colours=names, where=self.where)


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
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The roster's players at the seats: seat (``red``, ``P1``) -> name; a seat without
    one is a guest, shown by its seat."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats' names: the colours, or ``P1``, ``P2``, ..."""
        return self.colours or tuple(f"P{n}" for n in range(1, self.players + 1))

    def flag(self, key: str) -> bool:
        return bool(self.values[key])

    def number(self, key: str) -> int:
        return int(self.values[key])


StartHook = Callable[[SetupChoice, "AppContext", int], "Scene"]
"""``start(choice, app, now_ns)``: a new game's first scene (raises OSError/CompanionError)."""
ResumeHook = Callable[[Session[Any, Any], "AppContext", int, object], "Scene"]
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
    seat_names: tuple[str, ...] = ()
    """Numbered seats the game names otherwise, in seat order (Paris: its gangs' colours);
    none: P1, P2, ..."""
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
        """``"tracker or full game · 2-5 players"``: its start menu row's detail (in the
        screens' language)."""
        low, high = self.players
        modes = or_words([tr(mode.label) for mode in self.modes])
        players = tr("{fewest}-{most} players").format(fewest=low, most=high)
        return f"{modes} · {players}"


# --- the model ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupRow:
    kind: RowKind
    label: str
    option: Option | None = None
    seat: str = ""
    """A seat row's seat (``red``, ``P1``): who of the roster plays there."""

    @property
    def key(self) -> str:
        if self.seat:
            return f"seat:{self.seat}"
        return self.option.key if self.option is not None else self.kind

    @property
    def editable(self) -> bool:
        """Select edits it (previous/next change it until select or back)."""
        return self.kind in ("players", "colours", "seat") or isinstance(self.option, Count)


class SetupModel:
    """A game's setup rows, focus and choices; no pygame (see the module docstring)."""

    def __init__(
        self, game: GameSetup, *, players: int | None = None, wiring: Wiring | None = None
    ) -> None:
        self.game = game
        self.wiring = wiring or Wiring()
        self.mode = game.modes[0].key
        self.count = game.default_players
        """The number of players (numbered seats; coloured seats count ``colours``)."""
        self.colours: tuple[str, ...] = ()
        self.values: dict[str, int] = {o.key: int(o.default) for o in game.options}
        self.roster: tuple[str, ...] = ()
        """The roster's active players, offered for the seats (none: no seat rows)."""
        self.names: dict[str, str] = {}
        """Seat -> the roster player there (a seat left out: a guest)."""
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
    def offered(self) -> tuple[str, ...]:
        """The colours the Colours row offers: those with buttons on this build."""
        return self.wiring.seats if self.coloured else ()

    @property
    def player_range(self) -> tuple[int, int]:
        """The fewest and most players here: coloured seats, no more than are wired."""
        low, high = self.game.players
        return (low, min(high, len(self.offered))) if self.coloured else (low, high)

    def use_roster(self, active: Sequence[str], last: Mapping[str, str]) -> None:
        """The roster's players to offer for the seats, each seat first given who sat
        there last time (while still on the roster, once each)."""
        self.roster = tuple(active)
        self.names = {}
        for seat, name in last.items():
            if name in self.roster and name not in self.names.values():
                self.names[seat] = name
        self._rebuild()

    def seats(self) -> tuple[str, ...]:
        """Every seat of the game as set up, as its screens name them: the colours, the
        game's own seat names (Paris: the gangs), or P1, P2, ..."""
        if self.coloured:
            return self.colours
        if self.game.seat_names:
            return self.game.seat_names[: self.count]
        return tuple(f"P{n}" for n in range(1, self.count + 1))

    def people(self) -> tuple[str, ...]:
        """The seats people play (the first seats: the Humans row of a FULL game; the
        others are bots, who take no name)."""
        humans = next((o for o in self.game.options_for(self.mode) if o.key == "humans"), None)
        seats = self.seats()
        return seats if not isinstance(humans, Count) else seats[: self.number(humans)]

    def use_wiring(self, wiring: Wiring) -> None:
        """This build's seats: a chosen colour without buttons leaves (a free one with
        buttons takes its place), and the players stay within what is wired."""
        self.wiring = wiring
        self.colours = tuple(c for c in self.colours if c in self.offered)
        self.set_players(self.count)
        self._rebuild()

    @property
    def row(self) -> SetupRow:
        return self.rows[self.focus]

    def _rebuild(self) -> None:
        """The rows for the mode (focus stays on the same row, or the one before it)."""
        key = self.rows[self.focus].key if self.rows else ""
        game, rows = self.game, []
        if len(game.modes) > 1:
            rows.append(SetupRow("mode", marked("Mode")))
        if game.players[0] != game.players[1]:
            rows.append(SetupRow("players", marked("Players")))
        if self.coloured:
            rows.append(SetupRow("colours", marked("Colours")))
        rows += [SetupRow("option", o.label, o) for o in game.options_for(self.mode)]
        if self.roster:
            rows += [SetupRow("seat", f"Seat {seat}", seat=seat) for seat in self.people()]
        rows.append(SetupRow("start", marked("Start")))
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
            if self.players < self.game.players[0]:
                self.message = self.too_few_seats()
                return None
            return "start"
        return None

    def too_few_seats(self) -> str:
        """Why the players stop at the seats wired: ``"3 players at most: blue and green
        have no buttons (profile gpio-spi35)"`` (short: the footer shows it whole)."""
        game, wired = self.game, len(self.offered)
        if wired < game.players[0]:
            return trn(
                "{game} needs {players} players, {count} seat has buttons on {where}",
                "{game} needs {players} players, {count} seats have buttons on {where}",
                wired,
            ).format(
                game=tr(game.title), players=game.players[0], count=wired, where=self.wiring.where
            )
        missing = and_words([colour_word(colour) for colour in self.wiring.missing])
        # the English says "have" for one colour too (as it always has): one form
        return trn(
            "{count} players at most: {missing} have no buttons (profile {profile})",
            "{count} players at most: {missing} have no buttons (profile {profile})",
            len(self.wiring.missing),
        ).format(count=wired, missing=missing, profile=self.wiring.profile)

    def change(self, delta: int) -> None:
        """Previous/next on the row being edited."""
        row = self.row
        if row.kind == "players":
            self.set_players(self.players + delta)
            if delta > 0 and self.players == self.player_range[1] < self.game.players[1]:
                self.message = self.too_few_seats()
        elif row.kind == "colours":
            combos = list(itertools.combinations(self.offered, self.players))
            self.colours = combos[(combos.index(self.colours) + delta) % len(combos)]
        elif row.kind == "seat":
            self.next_name(row.seat, delta)
        elif isinstance(row.option, Count):
            self.values[row.key] = self.clamp(row.option, self.number(row.option) + delta)
        self._rebuild()  # the seat rows follow the players, the colours and the people

    def next_name(self, seat: str, delta: int) -> None:
        """The next (``delta`` 1) or previous player of the roster at ``seat``, round the
        roster and a guest; a player already at another seat is passed over."""
        taken = {name for other, name in self.names.items() if other != seat}
        choices = [GUEST, *(name for name in self.roster if name not in taken)]
        now = self.names.get(seat, GUEST)
        chosen = choices[(choices.index(now) + delta) % len(choices)]
        if chosen == GUEST:
            self.names.pop(seat, None)
        else:
            self.names[seat] = chosen

    def next_mode(self, delta: int) -> None:
        keys = [mode.key for mode in self.game.modes]
        self.set_mode(keys[(keys.index(self.mode) + delta) % len(keys)])

    def set_mode(self, key: str) -> None:
        self.game.mode(key)  # raises StopIteration for an unknown mode: a programming error
        self.mode = key
        self._rebuild()

    def set_players(self, players: int) -> None:
        """Within the range (:attr:`player_range`); coloured seats: a colour more (the first
        free one with buttons) or fewer (the last one)."""
        low, high = self.player_range
        players = min(high, max(low, players))
        self.count = players
        if not self.coloured:
            return
        chosen = list(self.colours)
        free = [colour for colour in self.offered if colour not in chosen]
        while len(chosen) < players and free:
            chosen.append(free.pop(0))
        del chosen[players:]
        self.colours = tuple(c for c in SEATS if c in chosen)

    def toggle(self, colour: str) -> None:
        """A seat button or a colour chip: that colour joins, or leaves (ruling A1 for
        Apache: the players stay within the game's range)."""
        if not self.coloured:
            return
        if colour not in self.offered:
            self.message = self.wiring.no_buttons([colour])
            return
        low, high = self.game.players
        ruling = self.game.players_ruling
        rule = f" ({tr(ruling)})" if ruling else ""
        game, word = tr(self.game.title), colour_word(colour)
        if colour in self.colours:
            if self.players <= low:
                stays = trn(
                    "{colour} stays: {game} needs {count} player",
                    "{colour} stays: {game} needs {count} players",
                    low,
                )
                self.message = stays.format(colour=word, game=game, count=low) + rule
                return
            self.colours = tuple(c for c in self.colours if c != colour)
            self.message = tr("{colour} left the game").format(colour=word)
        elif self.players >= high:
            refused = tr("{colour} cannot join: {game} is for {count} at most")
            self.message = refused.format(colour=word, game=game, count=high) + rule
        else:
            self.colours = tuple(c for c in SEATS if c in (*self.colours, colour))
            self.message = tr("{colour} joined the game").format(colour=word)
        self.count = self.players
        self._rebuild()

    def flip(self, option: Toggle) -> None:
        """Select on a toggle: on <-> off (on is refused when not allowed)."""
        if not self.values[option.key] and not self.allowed(option):
            self.message = tr(option.refusal) if option.refusal else self._needs_fewer(option)
            return
        self.values[option.key] = int(not self.values[option.key])

    @staticmethod
    def _needs_fewer(option: Toggle) -> str:
        """A toggle's refusal when it names none: ``"Limit needs at most 3 players"``."""
        most = option.max_players or 0
        return trn(
            "{option} needs at most {count} player", "{option} needs at most {count} players", most
        ).format(option=tr(option.label), count=most)

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
        names = {seat: self.names[seat] for seat in self.people() if seat in self.names}
        return SetupChoice(
            self.game.name, self.mode, self.players, colours, values, tuning, names=names
        )

    def label(self, row: SetupRow) -> str:
        """A row's name as the screen shows it, in the screens' language (``"Seat red"``)."""
        return seat_words(row.seat) if row.kind == "seat" else tr(row.label)

    def words(self, row: SetupRow) -> str:
        """The value shown on a row, in the screens' language (empty for Players, Colours
        and Start)."""
        option = row.option
        if row.kind in ("mode", "start", "seat"):
            return self._row_words(row)
        if isinstance(option, Toggle):
            if not self.allowed(option):
                fewer = (option.max_players or 0) + 1
                return trn(
                    "only with < {count} player", "only with < {count} players", fewer
                ).format(count=fewer)
            return tr(option.on if self.values[option.key] else option.off)
        if isinstance(option, Count):
            return str(self.number(option)) if option.words is None else option.words(self.choice())
        return ""

    def _row_words(self, row: SetupRow) -> str:
        """Mode: its words; Start: the mode and how many play; a seat: who sits there."""
        if row.kind == "seat":
            return self.names.get(row.seat) or tr(GUEST)
        mode = self.game.mode(self.mode)
        if row.kind == "mode":
            return mode.words
        return trn("{mode} · {count} player", "{mode} · {count} players", self.players).format(
            mode=tr(mode.label), count=self.players
        )


def seat_words(seat: str) -> str:
    """A seat row's label in the screens' language: ``"Seat red"``, ``"Seat P1"``."""
    return tr("Seat {seat}").format(seat=colour_word(seat))


def and_words(words: Sequence[str]) -> str:
    """``["blue", "green"]`` -> ``"blue and green"`` (three: ``"a and b and c"``), in the
    screens' language."""
    return _chained(words, tr("{first} and {second}"))


def or_words(words: Sequence[str]) -> str:
    """``["tracker", "full game"]`` -> ``"tracker or full game"``, in the screens'
    language."""
    return _chained(words, tr("{first} or {second}"))


def _chained(words: Sequence[str], pair: str) -> str:
    """``words`` joined two at a time by ``pair`` (its ``{first}`` and ``{second}``)."""
    joined = words[0] if words else ""
    for word in words[1:]:
        joined = pair.format(first=joined, second=word)
    return joined


# --- shared by the games' descriptions and hooks -------------------------------------------------


def new_session(
    engine: Any,
    setup: Mapping[str, Any],
    app: AppContext,
    *,
    auto_chance: bool,
    notes: Sequence[tuple[str, Any]] = (),
    names: Mapping[str, str] | None = None,
) -> Session[Any, Any]:
    """A new journaled game in the app's games directory (another game may take the name
    in the same second: three tries), its ``notes`` written with the header, before the
    deal, and the players' ``names`` by seat in a ``names`` note when there are any (the
    history reads them). Raises ``OSError``."""
    if names:
        notes = [*notes, (NAMES_NOTE, {"seats": dict(names)})]
    for _ in range(3):
        path = new_journal_path(engine.name, app.games_dir, now=app.wall_clock())
        try:
            return Session.start(
                engine,
                setup,
                app.new_seed(),
                path,
                auto_chance=auto_chance,
                clock=app.wall_clock,
                notes=notes,
            )
        except JournalExists:
            continue
    raise OSError("no free journal name")


def new_noted_session(
    engine: Any,
    setup: Mapping[str, Any],
    app: AppContext,
    *,
    note: str,
    data: dict[str, Any],
    names: Mapping[str, str] | None = None,
) -> Session[Any, Any]:
    """A new FULL game (the session deals) whose first note says who plays it (people,
    bots, pauses). The note is written with the header, before the first card is dealt:
    a crash during the deal never loses who is a person."""
    notes = [(note, data)]
    return new_session(engine, setup, app, auto_chance=True, notes=notes, names=names)


def noted(session: Session[Any, Any], note: str) -> dict[str, Any]:
    """The data of a game's first ``note`` (empty when the journal has none)."""
    data = next((n.data for n in session.notes if n.kind == note), None)
    return data if isinstance(data, dict) else {}


def start_with_people(
    engine: Any, setup: Mapping[str, Any], choice: SetupChoice, app: AppContext, *, note: str
) -> Session[Any, Any]:
    """A new FULL game whose first ``note`` says how many seats are people (the Humans row;
    the other seats are bots): read back with :func:`people_in`."""
    people = {"humans": choice.number("humans")}
    return new_noted_session(engine, setup, app, note=note, data=people, names=choice.names)


def people_in(session: Session[Any, Any], note: str, *, default: int = 1) -> int:
    """How many seats of a FULL game are people: its first ``note`` says (``default`` for a
    journal without it)."""
    return int(noted(session, note).get("humans", default))


@dataclass(frozen=True, slots=True)
class Screens:
    """A game's screens, as :class:`PeopleAndBots` builds them: each scene class takes the
    app and its model; the FULL model takes the session, ``humans``, ``now_ns`` and the tests'
    pauses (``tuning``: an instance of ``full_tuning``, else ``None``)."""

    tracker_scene: Callable[[AppContext, Any], Scene]
    tracker_model: Callable[[Session[Any, Any]], Any]
    full_scene: Callable[[AppContext, Any], Scene]
    full_model: Callable[..., Any]
    full_tuning: type


@dataclass(frozen=True, slots=True)
class PeopleAndBots:
    """How a game with a tracker and a FULL game of people against bots (the Humans row)
    starts and resumes: its ``start`` and ``resume`` are the :class:`GameSetup` hooks.

    ``full`` and ``tracker`` name the engines (:data:`companion.rules.registry.GAMES`); a
    journal of the FULL engine resumes as the FULL game. ``full_setup`` and
    ``tracker_setup`` make each engine's setup from the rows; ``note`` is the note a FULL
    game starts with (how many seats are people); ``screens`` imports the game's screens
    when called, so the start menu loads without them."""

    full: str
    tracker: str
    full_setup: Callable[[SetupChoice], dict[str, Any]]
    tracker_setup: Callable[[SetupChoice], dict[str, Any]]
    note: str
    screens: Callable[[], Screens]

    def start(self, choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
        """The tracker, or the FULL game with the chosen people."""
        if choice.mode == "full":
            engine = get_engine(self.full)
            session = start_with_people(
                engine, self.full_setup(choice), choice, app, note=self.note
            )
            return self._full_scene(session, app, now_ns, choice.tuning)
        engine, setup = get_engine(self.tracker), self.tracker_setup(choice)
        session = new_session(engine, setup, app, auto_chance=False, names=choice.names)
        return self._tracker_scene(session, app)

    def resume(
        self, session: Session[Any, Any], app: AppContext, now_ns: int, tuning: object
    ) -> Scene:
        """A tracker journal at its step, or a FULL game with its people and bots."""
        if session.engine.name == self.full:
            return self._full_scene(session, app, now_ns, tuning)
        return self._tracker_scene(session, app)

    def _tracker_scene(self, session: Session[Any, Any], app: AppContext) -> Scene:
        screens = self.screens()
        return screens.tracker_scene(app, screens.tracker_model(session))

    def _full_scene(
        self, session: Session[Any, Any], app: AppContext, now_ns: int, tuning: object
    ) -> Scene:
        """The FULL game with the people its note says (one person without the note)."""
        screens = self.screens()
        model = screens.full_model(
            session,
            humans=people_in(session, self.note),
            now_ns=now_ns,
            tuning=tuning if isinstance(tuning, screens.full_tuning) else None,
        )
        return screens.full_scene(app, model)


def humans_words(choice: SetupChoice, names: Sequence[str] = ()) -> str:
    """``"1 (red); 2 bots"``: the first K seats are people, the rest bots, named by
    ``names`` (seat order) when the game names its numbered seats, else as
    :attr:`SetupChoice.seats` names them (``"1 (P1); 2 bots"``); in the screens'
    language."""
    humans = choice.number("humans")
    bots = choice.players - humans
    seats = names or [colour_word(seat) for seat in choice.seats]
    people = ", ".join(seats[:humans]) or tr("nobody")
    return trn("{humans} ({people}); {bots} bot", "{humans} ({people}); {bots} bots", bots).format(
        humans=humans, people=people, bots=bots
    )
