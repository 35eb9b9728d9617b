"""The start menu: a game to set up, an unfinished game to resume, the doctor, or quit.

Rows: one per game that has screens (``GAMES``: select opens its setup, ``setup.py``); a
"Last results ..." row per kind of game finished since the program started (the latest one:
select shows its results screen again); one "Resume ..." row per unfinished journal, newest
first, its detail telling games of one kind apart (how far, the players, when started);
Doctor; Quit.

    button            on a row
    previous / next   move
    select            set up / show / resume / open / quit
    a seat button     on a Resume row: discard that game (asks first)
    back              go to Quit (twice: quit)

The mouse: click a row to choose it; a Resume row's "discard" chip asks to discard it. The
question, "Discard <game>, <progress>? Select: yes · Back: no", is answered with select (a
click on that row) or back (a right click; any other button or click keeps the game). A
discarded journal is moved into ``discarded/`` beside the games, never deleted.

A game left with no action in its journal (started by a double Select by mistake) keeps no
journal: coming back to the menu removes it, so it is never offered for resume. Each
game's setup is kept while the program runs, so the next game starts from the last one's
choices.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final, Literal

import pygame

from companion.errors import CompanionError, JournalError
from companion.i18n import said, tr, trn
from companion.input.events import Press
from companion.session import (
    DISCARDED,
    JournalWarning,
    SavedGame,
    Session,
    UnfinishedGame,
    discard_journal,
    remove_if_unplayed,
    saved_games,
)
from companion.ui import theme, widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.nav import NavButton
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.setup import SetupScene, row_text, scrollbar, visible_rows
from companion.ui.setup_model import GameSetup, SetupModel

GAMES: Final[tuple[GameSetup, ...]] = (APACHE_SETUP, APOCALYPSE_SETUP, PARIS_SETUP)
"""The games with screens, in menu order: adding a game is adding its ``GameSetup`` here."""

RowKind = Literal[
    "notice", "game", "results", "resume", "history", "players", "settings", "doctor", "quit"
]


def describe_age(seconds: float) -> str:
    """``720`` -> ``"12 min ago"`` (in the screens' language)."""
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return tr("just now")
    if minutes < 60:
        return tr("{minutes} min ago").format(minutes=minutes)
    hours = minutes // 60
    if hours < 24:
        return tr("{hours} h ago").format(hours=hours)
    days = hours // 24
    if days == 1:
        return tr("yesterday")
    return trn("{count} day ago", "{count} days ago", days).format(count=days)


def clock_words(when: float) -> str:
    """A Unix time as the hour and minute on the table's clock: ``"19:05"``."""
    return f"{datetime.fromtimestamp(when):%H:%M}"


def players_words(players: Sequence[str]) -> str:
    """``("red", "blue")`` -> ``"2 players"`` (none named: empty)."""
    if not players:
        return ""
    return trn("{count} player", "{count} players", len(players)).format(count=len(players))


def progress_of(game: SavedGame) -> str:
    """How far a game is: its own words (``"round 2, turn 3"``, as its journal says them),
    else its actions."""
    if game.progress:
        return said(game.progress)
    # the English says "1 actions" too (as it always has): its plural forms are one
    return trn("{count} actions", "{count} actions", game.actions).format(count=game.actions)


def resume_detail(game: SavedGame, now: float) -> str:
    """``"round 2, turn 3 · 2 players · started 19:05"`` (without a start time: how long
    ago it was last played)."""
    if game.started is None:
        return f"{progress_of(game)}, {describe_age(now - game.mtime)}"
    started = tr("started {time}").format(time=clock_words(game.started))
    parts = (progress_of(game), players_words(game.players), started)
    return " · ".join(part for part in parts if part)


def notice_head(text: str) -> str:
    """A problem's first clause, a file named without its folder:
    ``"settings.json: not UTF-8 text (byte 0)"``. ``text`` is in the screens' language
    (``said``: a translation keeps the clauses apart with "; " too)."""
    head, _, _ = text.partition("; ")
    where, colon, what = head.partition(": ")
    return f"{Path(where).name}{colon}{what}" if colon and "/" in where else head


def notice_rest(text: str) -> str:
    """What a problem's text says after its first clause (what to do), else all of it."""
    _, _, rest = text.partition("; ")
    return rest or text


@dataclass(frozen=True, slots=True)
class MenuRow:
    kind: RowKind
    label: str
    detail: str = ""
    game: UnfinishedGame | None = None
    setup: GameSetup | None = None

    notice: str = ""
    """A notice row's whole text (as the program met it: ``said`` shows it)."""

    @property
    def key(self) -> str:
        """Which row this is across a refresh (a game row by its game, a notice by its
        words)."""
        if self.kind == "notice":
            return f"notice:{self.notice}"
        if self.game is not None:
            return f"{self.kind}:{self.game.path}"
        return self.kind if self.setup is None else f"game:{self.setup.name}"


@dataclass(frozen=True, slots=True)
class Choice:
    """What the menu asks the program to do."""

    kind: Literal[
        "notice",
        "setup",
        "results",
        "resume",
        "ask",
        "discard",
        "history",
        "players",
        "settings",
        "doctor",
        "quit",
    ]
    setup: GameSetup | None = None
    game: UnfinishedGame | None = None


class MenuModel:
    """The menu's rows, focus, and each game's setup; no pygame (see the module docstring)."""

    def __init__(
        self,
        unfinished: Sequence[UnfinishedGame] = (),
        *,
        now: float = 0.0,
        games: Sequence[GameSetup] = GAMES,
        doctor: bool = True,
        history: bool = False,
        players: bool = False,
        notices: Sequence[str] = (),
        finished: Sequence[SavedGame] = (),
    ) -> None:
        self.games = tuple(games)
        self.doctor = doctor
        self.history = history
        """The History row is offered (the program keeps a history)."""
        self.players = players
        """The Players row is offered (the program keeps a roster)."""
        self.setups: dict[str, SetupModel] = {}
        self.focus = 0
        self.message = ""
        self.rows: list[MenuRow] = []
        self.notices: list[str] = list(notices)
        """Problems met at start (a settings file not used, an input warning): a row each,
        first, until it is read (selected)."""
        self.confirming: MenuRow | None = None
        """The Resume row whose discard is asked (select: yes, anything else: no)."""
        self.refresh(unfinished, now=now, finished=finished)

    def refresh(
        self,
        unfinished: Sequence[UnfinishedGame],
        *,
        now: float,
        finished: Sequence[SavedGame] = (),
    ) -> None:
        """Rebuild the rows (after a game, the unfinished list changes; ``finished``: the
        last finished game of each kind, a "Last results" row each); focus stays on the
        same row. Their words are in the screens' language (the menu refreshes whenever it
        is back on top, after the settings too)."""
        key = self.rows[self.focus].key if self.rows else ""
        rows = [
            MenuRow("notice", notice_head(said(text)), tr("select: what to do"), notice=text)
            for text in self.notices
        ]
        rows += [MenuRow("game", tr(game.title), game.summary, setup=game) for game in self.games]
        for game in finished:
            label = tr("Last results: {game}").format(game=self.journal_name(game.game))
            ended = tr("ended {time}").format(time=clock_words(game.mtime))
            detail = f"{ended} · {players_words(game.players)}"
            rows.append(MenuRow("results", label, detail, game))
        for game in unfinished:
            label = tr("Resume {game}").format(game=self.journal_name(game.game))
            rows.append(MenuRow("resume", label, resume_detail(game, now), game))
        if self.history:
            detail = tr("last games, players, fastest hands")
            rows.append(MenuRow("history", tr("History"), detail))
        if self.players:
            detail = tr("the group's names: add, rename, retire")
            rows.append(MenuRow("players", tr("Players"), detail))
        rows.append(MenuRow("settings", tr("Settings"), tr("sound, Pow-Wow times, screen")))
        if self.doctor:
            rows.append(MenuRow("doctor", tr("Doctor — test every button")))
        rows.append(MenuRow("quit", tr("Quit")))
        self.rows = rows
        keys = [row.key for row in rows]
        self.focus = keys.index(key) if key in keys else 0

    @property
    def row(self) -> MenuRow:
        return self.rows[self.focus]

    def setup_for(self, game: GameSetup) -> SetupModel:
        """The game's setup, kept from one visit to the next."""
        if game.name not in self.setups:
            self.setups[game.name] = SetupModel(game)
        return self.setups[game.name]

    def game_for(self, journal_game: str) -> GameSetup | None:
        """The game whose screens resume journals of ``journal_game`` (None: no screen)."""
        return next((g for g in self.games if journal_game in g.journals), None)

    def journal_name(self, journal_game: str) -> str:
        """``"apache_tracker"`` -> ``"Apache tracker"`` in the screens' language (unknown
        games: as journaled)."""
        game = self.game_for(journal_game)
        return journal_game if game is None else tr(game.journals[journal_game])

    # -- the buttons --

    def nav(self, button: NavButton) -> Choice | None:
        self.message = ""
        if self.confirming is not None:
            return self.answer(yes=button == "select")
        if button in ("previous", "next"):
            self.focus = (self.focus + (-1 if button == "previous" else 1)) % len(self.rows)
            return None
        if button == "back":
            if self.row.kind == "quit":
                return Choice("quit")
            self.focus = len(self.rows) - 1
            return None
        return self.select()

    def select(self) -> Choice:
        row = self.row
        if row.kind == "notice":  # read: what to do shown, then gone from the menu
            self.message = notice_rest(said(row.notice))
            self.notices.remove(row.notice)
            self.rows.remove(row)
            self.focus = min(self.focus, len(self.rows) - 1)
            return Choice("notice")
        if row.kind == "game":
            return Choice("setup", setup=row.setup)
        if row.kind in ("resume", "results"):
            return Choice(row.kind, game=row.game)
        return Choice(row.kind)

    # -- discarding an unfinished game --

    def ask_discard(self, index: int | None = None) -> Choice | None:
        """Ask to discard the Resume row ``index`` (None: the focused row); None when it
        is no Resume row."""
        self.message = ""
        if index is not None:
            self.focus = index
        if self.row.kind != "resume" or self.row.game is None:
            return None
        self.confirming = self.row
        return Choice("ask", game=self.row.game)

    def question(self) -> str:
        """What is asked while a discard waits for its answer."""
        row = self.confirming
        if row is None or row.game is None:
            return ""
        question = tr("Discard {game}, {progress}? Select: yes · Back: no")
        return question.format(
            game=self.journal_name(row.game.game), progress=progress_of(row.game)
        )

    def answer(self, *, yes: bool) -> Choice | None:
        """The discard's answer: yes discards the game, no keeps it."""
        row, self.confirming = self.confirming, None
        if row is None or not yes:
            self.message = tr("kept: nothing discarded") if row is not None else ""
            return None
        return Choice("discard", game=row.game)


# --- the scene -------------------------------------------------------------------------------


class MenuScene(BaseScene):
    """The start menu on screen."""

    def __init__(
        self,
        app: AppContext,
        model: MenuModel | None = None,
        *,
        full_tuning: object | None = None,
    ) -> None:
        super().__init__(app)
        self.full_tuning = full_tuning
        """Test-only pauses handed to every game's start and resume hooks (each game takes
        its own kind, e.g. ``ApacheFullTuning``; None: the defaults)."""
        self.model = model or MenuModel(
            doctor=app.open_doctor is not None,
            history=app.history_path is not None,
            players=app.roster_path is not None,
            notices=app.notices,
        )
        self._at_start: dict[Path, float] | None = None
        """The journals when the menu first showed (path -> last written): a game finished
        since is offered as "Last results", one started since may be removed unplayed."""

    def on_top(self, now_ns: int) -> None:
        """Coming back from a game or the doctor: a journal of a game left before anyone
        played is removed, and the games are listed again. A file in the games folder that
        is not a readable journal is named in a flash; the others are listed all the same."""
        for message in self.app.menu_messages:
            self.flashes.add(message, now_ns, theme.TEXT_DIM)
        self.app.menu_messages.clear()
        games = self._read_games(now_ns)
        if self._at_start is None:
            self._at_start = {game.path: game.mtime for game in games}
        elif [game for game in games if self._remove_unplayed(game)]:
            games = self._read_games(now_ns)
        self._show(games)

    def _read_games(self, now_ns: int) -> list[SavedGame]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", JournalWarning)
            games = saved_games(self.app.games_dir)
        # Each problem says what became of its file: "skipping x.jsonl: ...", a torn last
        # line dropped, a folder that cannot be read.
        problems = [said(w.message) for w in caught if issubclass(w.category, JournalWarning)]
        if len(problems) == 1:
            self.flashes.add(problems[0], now_ns, theme.BAD)
        elif problems:
            more = len(problems) - 1
            words = trn(
                "{problem} (and {count} more problem)",
                "{problem} (and {count} more problems)",
                more,
            ).format(problem=problems[0], count=more)
            self.flashes.add(words, now_ns, theme.BAD)
        return games

    def _remove_unplayed(self, game: SavedGame) -> bool:
        """Remove the journal of a game started since the menu opened and left with no
        action (only such a game: an older journal is never touched)."""
        assert self._at_start is not None
        new = game.path not in self._at_start
        return new and not game.over and game.actions == 0 and remove_if_unplayed(game.path)

    def _show(self, games: Sequence[SavedGame]) -> None:
        """List ``games``: the unfinished ones to resume; of those finished since the menu
        opened, the last of each kind to see again."""
        at_start = self._at_start or {}
        last: dict[str, SavedGame] = {}
        for game in games:  # newest first: the first of a kind is its last game
            finished_now = game.over and at_start.get(game.path) != game.mtime
            if finished_now and game.game not in last:
                last[game.game] = game
        unfinished = [game for game in games if not game.over]
        self.model.refresh(unfinished, now=self.app.wall_clock(), finished=list(last.values()))

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        self._act(self.model.nav(button), now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        """A seat button: on a Resume row, ask to discard that game."""
        if self.model.confirming is not None:
            self._act(self.model.answer(yes=False), now_ns)
        else:
            self._act(self.model.ask_discard(), now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        model = self.model
        for index, rect in visible_rows(self.app.size, len(model.rows), model.focus):
            if not rect.collidepoint(pos):
                continue
            if model.confirming is not None:
                self._act(model.answer(yes=model.rows[index] is model.confirming), now_ns)
            elif model.rows[index].kind == "resume" and discard_chip(rect).collidepoint(pos):
                self._act(model.ask_discard(index), now_ns)
            else:
                model.focus = index
                self._act(model.select(), now_ns)
            return
        if model.confirming is not None:  # a click on no row: no
            self._act(model.answer(yes=False), now_ns)

    def _act(self, choice: Choice | None, now_ns: int) -> None:
        if self.model.message:
            self.flashes.add(self.model.message, now_ns, theme.TEXT_DIM)
        if choice is None:
            return
        if choice.kind == "quit":
            self.app.stack.clear()
        elif choice.kind == "settings":
            from companion.ui.settings_scene import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif choice.kind == "history" and self.app.history_path is not None:
            from companion.ui.history import HistoryScene

            self.app.stack.push(HistoryScene(self.app, self.app.history_path))
        elif choice.kind == "players" and self.app.roster_path is not None:
            from companion.ui.players import PlayersScene

            self.app.stack.push(PlayersScene(self.app, self.app.roster_path))
        elif choice.kind == "doctor" and self.app.open_doctor is not None:
            self.app.stack.push(self.app.open_doctor())
        elif choice.kind == "setup" and choice.setup is not None:
            setup = self.model.setup_for(choice.setup)
            self.app.stack.push(SetupScene(self.app, setup, tuning=self.full_tuning))
        elif choice.kind in ("resume", "results") and choice.game is not None:
            self._resume(choice.game, now_ns)
        elif choice.kind == "discard" and choice.game is not None:
            self._discard(choice.game, now_ns)

    def _discard(self, game: SavedGame, now_ns: int) -> None:
        """Move the game's journal aside into ``discarded/``, say where, list again."""
        try:
            moved = discard_journal(game.path)
        except (JournalError, OSError) as exc:
            words = tr("cannot discard {file}: {error}").format(
                file=game.path.name, error=said(exc)
            )
            self.flashes.add(words, now_ns, theme.BAD)
            return
        words = tr("discarded: moved to {place}").format(place=f"{DISCARDED}/{moved.name}")
        self.flashes.add(words, now_ns, theme.TEXT_DIM)
        self._show(self._read_games(now_ns))

    def _resume(self, game: UnfinishedGame, now_ns: int) -> None:
        setup = self.model.game_for(game.game)
        if setup is None or setup.resume is None:
            name = self.model.journal_name(game.game)
            words = tr("{game} has no screen yet: `companion replay` shows it")
            self.flashes.add(words.format(game=name), now_ns)
            return
        name = Path(game.path).name
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", JournalWarning)  # the model reports repairs
                session = Session.resume(game.path, clock=self.app.wall_clock)
        except (JournalError, OSError) as exc:
            words = tr("cannot resume {file}: {error}").format(file=name, error=said(exc))
            self.flashes.add(words, now_ns, theme.BAD)
            return
        try:
            scene = setup.resume(session, self.app, now_ns, self.full_tuning)
        except (CompanionError, OSError) as exc:
            session.close()
            words = tr("cannot resume {file}: {error}").format(file=name, error=said(exc))
            self.flashes.add(words, now_ns, theme.BAD)
            return
        self.app.stack.push(scene)

    # -- time and drawing --

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        widgets.page(surface, tr("Table companion"), tr("start menu"))
        model = self.model
        shown = visible_rows(size, len(model.rows), model.focus)
        for index, rect in shown:
            row = model.rows[index]
            focused = index == model.focus or row is model.confirming
            widgets.panel(surface, rect, focused=focused)
            text_rect = rect
            if row.kind == "resume":
                chip = discard_chip(rect)
                draw_discard_chip(surface, chip, asked=row is model.confirming)
                text_rect = rect.copy()
                text_rect.width = chip.left - rect.left
            row_text(surface, text_rect, row.label, row.detail, focused=focused)
        scrollbar(surface, size, shown, len(model.rows))
        self.draw_hint(surface, self.hint(), now_ns)

    def hint(self) -> str:
        """The footer: the discard's question while it is asked, else the buttons."""
        if self.model.confirming is not None:
            return self.model.question()
        if self.model.row.kind == "resume":
            return tr("Select: resume · a seat button: discard · Back ×2: quit")
        return tr("Previous/Next: move · Select: choose · Back ×2: quit")


def discard_chip(row: pygame.Rect) -> pygame.Rect:
    """A Resume row's "discard" chip, at its right end (a click there asks to discard)."""
    width = round(row.height * 1.7)
    chip = pygame.Rect(0, 0, width, row.height - max(4, row.height // 5))
    chip.midright = (row.right - max(3, row.height // 8), row.centery)
    return chip


def draw_discard_chip(surface: pygame.Surface, chip: pygame.Rect, *, asked: bool) -> None:
    radius = max(3, chip.height // 4)
    pygame.draw.rect(surface, theme.BAD if asked else theme.PANEL, chip, border_radius=radius)
    pygame.draw.rect(surface, theme.TEXT_DIM, chip, width=1, border_radius=radius)
    words = tr("discard?") if asked else tr("discard")
    size = round(widgets.fill_px(chip.height) * 0.5)
    ink = theme.text_colour_on(theme.BAD) if asked else theme.TEXT_DIM
    widgets.text(surface, words, size, ink, chip.inflate(-4, 0), align="center", role="body")
