"""The start menu: a game to set up, an unfinished game to resume, the doctor, or quit.

Rows: one per game that has screens (``GAMES``: select opens its setup, ``setup.py``); one
"Resume ..." row per unfinished journal, newest first; Doctor; Quit.

    button            on a row
    previous / next   move
    select            set up / resume / open / quit
    back              go to Quit (twice: quit)

The mouse: click a row to choose it. Each game's setup is kept while the program runs, so
the next game starts from the last one's choices.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

import pygame

from companion.errors import CompanionError, JournalError
from companion.session import JournalWarning, Session, UnfinishedGame, unfinished_games
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

RowKind = Literal["notice", "game", "resume", "settings", "doctor", "quit"]


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


def notice_head(text: str) -> str:
    """A problem's first clause, a file named without its folder:
    ``"settings.json: not UTF-8 text (byte 0)"``."""
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
    """A notice row's whole text."""

    @property
    def key(self) -> str:
        """Which row this is across a refresh (a game row by its game, a notice by its
        words)."""
        if self.kind == "notice":
            return f"notice:{self.notice}"
        return self.kind if self.setup is None else f"game:{self.setup.name}"


@dataclass(frozen=True, slots=True)
class Choice:
    """What the menu asks the program to do."""

    kind: Literal["notice", "setup", "resume", "settings", "doctor", "quit"]
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
        notices: Sequence[str] = (),
    ) -> None:
        self.games = tuple(games)
        self.doctor = doctor
        self.setups: dict[str, SetupModel] = {}
        self.focus = 0
        self.message = ""
        self.rows: list[MenuRow] = []
        self.notices: list[str] = list(notices)
        """Problems met at start (a settings file not used, an input warning): a row each,
        first, until it is read (selected)."""
        self.refresh(unfinished, now=now)

    def refresh(self, unfinished: Sequence[UnfinishedGame], *, now: float) -> None:
        """Rebuild the rows (after a game, the unfinished list changes); focus stays on
        the same row."""
        key = self.rows[self.focus].key if self.rows else ""
        rows = [
            MenuRow("notice", notice_head(text), "select: what to do", notice=text)
            for text in self.notices
        ]
        rows += [MenuRow("game", game.title, game.summary, setup=game) for game in self.games]
        for game in unfinished:
            detail = f"{game.actions} actions, {describe_age(now - game.mtime)}"
            rows.append(MenuRow("resume", f"Resume {self.journal_name(game.game)}", detail, game))
        rows.append(MenuRow("settings", "Settings", "sound, Pow-Wow times, screen"))
        if self.doctor:
            rows.append(MenuRow("doctor", "Doctor — test every button"))
        rows.append(MenuRow("quit", "Quit"))
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
        """``"apache_tracker"`` -> ``"Apache tracker"`` (unknown games: as journaled)."""
        game = self.game_for(journal_game)
        return journal_game if game is None else game.journals[journal_game]

    # -- the buttons --

    def nav(self, button: NavButton) -> Choice | None:
        self.message = ""
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
            self.message = notice_rest(row.notice)
            self.notices.remove(row.notice)
            self.rows.remove(row)
            self.focus = min(self.focus, len(self.rows) - 1)
            return Choice("notice")
        if row.kind == "game":
            return Choice("setup", setup=row.setup)
        if row.kind == "resume":
            return Choice("resume", game=row.game)
        return Choice(row.kind)


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
        self.model = model or MenuModel(doctor=app.open_doctor is not None, notices=app.notices)

    def on_top(self, now_ns: int) -> None:
        """Coming back from a game or the doctor: list the unfinished games again. A file
        in the games folder that is not a readable journal is named in a flash; the others
        are listed all the same."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", JournalWarning)
            games = unfinished_games(self.app.games_dir)
        self.model.refresh(games, now=self.app.wall_clock())
        skipped = [str(w.message) for w in caught if issubclass(w.category, JournalWarning)]
        if skipped:
            more = f" (and {len(skipped) - 1} more)" if len(skipped) > 1 else ""
            self.flashes.add(f"skipped: {skipped[0]}{more}", now_ns, theme.BAD)

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        self._act(self.model.nav(button), now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        model = self.model
        for index, rect in visible_rows(self.app.size, len(model.rows), model.focus):
            if rect.collidepoint(pos):
                model.focus = index
                self._act(model.select(), now_ns)
                return

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
        elif choice.kind == "doctor" and self.app.open_doctor is not None:
            self.app.stack.push(self.app.open_doctor())
        elif choice.kind == "setup" and choice.setup is not None:
            setup = self.model.setup_for(choice.setup)
            self.app.stack.push(SetupScene(self.app, setup, tuning=self.full_tuning))
        elif choice.kind == "resume" and choice.game is not None:
            self._resume(choice.game, now_ns)

    def _resume(self, game: UnfinishedGame, now_ns: int) -> None:
        setup = self.model.game_for(game.game)
        if setup is None or setup.resume is None:
            name = self.model.journal_name(game.game)
            self.flashes.add(f"{name} has no screen yet: `companion replay` shows it", now_ns)
            return
        name = Path(game.path).name
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", JournalWarning)  # the model reports repairs
                session = Session.resume(game.path, clock=self.app.wall_clock)
        except (JournalError, OSError) as exc:
            self.flashes.add(f"cannot resume {name}: {exc}", now_ns, theme.BAD)
            return
        try:
            scene = setup.resume(session, self.app, now_ns, self.full_tuning)
        except (CompanionError, OSError) as exc:
            session.close()
            self.flashes.add(f"cannot resume {name}: {exc}", now_ns, theme.BAD)
            return
        self.app.stack.push(scene)

    # -- time and drawing --

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        layout = widgets.page(surface, "Table companion", "start menu")
        model = self.model
        shown = visible_rows(size, len(model.rows), model.focus)
        for index, rect in shown:
            row = model.rows[index]
            focused = index == model.focus
            widgets.panel(surface, rect, focused=focused)
            row_text(surface, rect, row.label, row.detail, focused=focused)
        scrollbar(surface, size, shown, len(model.rows))
        hint = "Previous/Next: move · Select: choose · Back ×2: quit"
        widgets.footer(surface, layout.footer, hint, self.flashes.current(now_ns))
