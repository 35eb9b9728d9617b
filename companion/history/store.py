"""The history database: one SQLite file beside the games' folder, ``history.sqlite``.

Every finished game is written in one transaction when it ends (:meth:`History.record`): a
crash while writing leaves the database as it was. The journals stay the record of every
game and the source of truth: :meth:`History.rebuild` makes the database again from them,
and nothing needs the database to resume a game.

The file is in WAL mode (the screen reads while a game is written) and its schema is
versioned (``PRAGMA user_version``): :data:`MIGRATIONS` brings an older file up to date
when it is opened. A file that is damaged or not a database is set aside, renamed
``history.sqlite.corrupt-YYYYmmdd-HHMMSS`` (never deleted), and reported
(:class:`HistoryCorrupt`); the next open starts an empty one, and ``companion history
rebuild`` fills it again. A file locked by another program for longer than ``timeout`` is
reported (:class:`HistoryLocked`) and left alone. The errors' messages are
:class:`~companion.words.Words` (a screen says them in its language).
"""

from __future__ import annotations

import os
import sqlite3
import warnings
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Final, Self

from companion.history.errors import (
    HistoryCorrupt,
    HistoryError,
    HistoryLocked,
    HistoryUnavailable,
    NotFinished,
    NotRecordable,
)
from companion.history.records import (
    KINDS,
    GameRecord,
    family_of,
    kind_of_mode,
    record_from_journal,
)
from companion.history.stats import (
    GameRow,
    PlayerStats,
    ReactionStats,
    last_games,
    player_stats,
    reaction_stats,
    refresh_reaction_stats,
)
from companion.session import SUFFIX, default_games_dir
from companion.words import error_reason, os_reason, say

__all__ = [
    "DEFAULT_TIMEOUT",
    "HISTORY_FILE",
    "MIGRATIONS",
    "History",
    "HistoryWarning",
    "default_history_path",
]

HISTORY_FILE: Final = "history.sqlite"
"""The database's file name, beside the games' folder."""
REBUILD: Final = "companion history rebuild"
"""The command that makes the database again from the journals (the messages name it)."""
DEFAULT_TIMEOUT: Final = 2.0
"""Seconds to wait for another program's write lock before reporting it."""

SCHEMA_1: Final = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    journal TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('full', 'tracker')),
    variants TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL NOT NULL,
    evening TEXT NOT NULL,
    reason TEXT NOT NULL,
    ignored INTEGER NOT NULL
);
CREATE INDEX games_by_end ON games (ended);
CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    bot INTEGER NOT NULL,
    ignored INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX players_by_name ON game_players (name);
CREATE TABLE slaps (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    window INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    indian TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('reaction', 'gap')),
    ms REAL,
    result TEXT,
    tied INTEGER NOT NULL,
    PRIMARY KEY (game_id, window, rank)
) WITHOUT ROWID;
CREATE TABLE fastest_hands (
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    slaps INTEGER NOT NULL,
    median_ms REAL NOT NULL,
    fastest_ms REAL NOT NULL,
    ties INTEGER NOT NULL,
    ignored INTEGER NOT NULL,
    few INTEGER NOT NULL,
    PRIMARY KEY (kind, name)
) WITHOUT ROWID;
CREATE TABLE fastest_evenings (
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    evening TEXT NOT NULL,
    median_ms REAL NOT NULL,
    PRIMARY KEY (kind, name, evening)
) WITHOUT ROWID;
"""
"""Version 1: the games, their players seat by seat, and Apache's slaps; and the figures
worked out from the slaps (each player's times, and their median each evening), written
again in every transaction that writes games."""

MIGRATIONS: Final[tuple[str, ...]] = (SCHEMA_1,)
"""Migration ``k`` takes the file from version ``k`` to ``k + 1`` (version 0: empty), in one
transaction: statements separated by ``;`` (none inside a statement)."""

TABLES: Final = ("games", "game_players", "slaps")
"""The facts, each row from a journal."""
FIGURES: Final = ("fastest_hands", "fastest_evenings")
"""The figures worked out from the facts (:func:`refresh_reaction_stats`)."""

CORRUPT_CODES: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
LOCKED_CODES: Final = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


class HistoryWarning(UserWarning):
    """A journal :meth:`History.rebuild` or :meth:`History.record_many` passed over: it
    cannot be recorded (the warning names the file and why)."""


def default_history_path(environ: Mapping[str, str] | None = None) -> Path:
    """``history.sqlite`` beside the games' folder: in ``$COMPANION_DATA_DIR``, else
    ``$XDG_STATE_HOME/companion``, else ``~/.local/state/companion``."""
    return default_games_dir(environ).parent / HISTORY_FILE


class History:
    """The history database, open. Use :meth:`open` (a context manager)."""

    def __init__(self, path: Path, db: sqlite3.Connection) -> None:
        """Internal: use :meth:`open`."""
        self.path = path
        self._db: sqlite3.Connection | None = db

    # -- opening and closing --

    @classmethod
    def open(cls, path: Path, *, timeout: float = DEFAULT_TIMEOUT) -> History:
        """Open the database at ``path``, made (with its folder) when missing and brought up
        to the current schema. Raises :class:`HistoryCorrupt` (the file set aside),
        :class:`HistoryLocked` or :class:`HistoryUnavailable`, naming the file."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryUnavailable(
                say(
                    "{path}: the history's folder cannot be made: {reason}; give a database in "
                    "a folder that can be written (--db)",
                    path=str(path),
                    reason=os_reason(error),
                )
            ) from error
        try:
            db = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise _failure(path, error, None) from error
        history = cls(path, db)
        try:
            with history._guard() as opened:
                opened.execute("PRAGMA journal_mode = WAL")
                opened.execute("PRAGMA synchronous = NORMAL")
                opened.execute("PRAGMA foreign_keys = ON")
                history._migrate(opened)
        except BaseException:
            history.close()
            raise
        return history

    def close(self) -> None:
        """Close the database (again: nothing)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        return self._db is None

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise HistoryUnavailable(
                say(
                    "{path}: written by a newer companion (schema version {version}; this one "
                    "knows up to {known}); update the companion, or give another database (--db)",
                    path=str(self.path),
                    version=version,
                    known=len(MIGRATIONS),
                )
            )
        while version < len(MIGRATIONS):
            with self._transaction(db):
                # read again under the write lock: another program may have migrated it
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version < len(MIGRATIONS):
                    for statement in MIGRATIONS[version].split(";"):
                        if statement.strip():
                            db.execute(statement)
                    version += 1
                    db.execute(f"PRAGMA user_version = {version}")

    # -- writing --

    def record(self, journal: Path) -> bool:
        """Record the finished game journaled at ``journal``, in one transaction (with the
        figures worked out again). True if it was written now; False if its journal (by
        file name) is already recorded.

        Raises :class:`~companion.history.errors.NotFinished` or
        :class:`~companion.history.errors.NotRecordable` for a journal that cannot be
        recorded, and the open errors for the database."""
        journal = Path(journal)
        if self._known(journal.name):
            return False
        return self._write([record_from_journal(journal)], clear=False) == 1

    def forget(self, journal: Path) -> bool:
        """Take the game journaled at ``journal`` out of the history (its players and slaps
        with it, the figures worked out again), in one transaction: a game whose end was
        taken back (a count corrected) is recorded again when it ends again. True if it was
        recorded."""
        name = Path(journal).name
        with self._guard() as db, self._transaction(db):
            found = db.execute("SELECT mode, game FROM games WHERE journal = ?", (name,))
            row = found.fetchone()
            if row is None:
                return False
            db.execute("DELETE FROM games WHERE journal = ?", (name,))
            if family_of(str(row[1])) == "apache":
                refresh_reaction_stats(db, kind_of_mode(str(row[0])))
        return True

    def record_many(self, journals: Iterable[Path]) -> int:
        """Record the finished games among ``journals`` in one transaction, the figures
        worked out once (for many games at a time: ``companion simulate --record-history``);
        how many were newly written. Those already recorded and unfinished games are passed
        over; a journal that cannot be recorded is too, with a :class:`HistoryWarning`."""
        fresh = [Path(journal) for journal in journals if not self._known(Path(journal).name)]
        return self._write(list(finished_records(fresh)), clear=False)

    def rebuild(self, games_dir: Path) -> int:
        """Empty the database and record every finished game journaled in ``games_dir`` (not
        the discarded ones, in ``discarded/``), in one transaction; how many were recorded.

        Unfinished games are left out; a journal that cannot be read is left out with a
        :class:`HistoryWarning` naming it. Raises :class:`HistoryError` when ``games_dir``
        is not a folder (the database is then left as it was)."""
        games_dir = Path(games_dir)
        if not games_dir.is_dir():
            what = say("does not exist") if not games_dir.exists() else say("is not a folder")
            raise HistoryError(
                say(
                    "{folder} {what}: give the games' folder, where the journals are "
                    "(--games-dir); the history was left as it was",
                    folder=str(games_dir),
                    what=what,
                )
            )
        records = list(finished_records(sorted(games_dir.glob(f"*{SUFFIX}"))))
        return self._write(records, clear=True)

    def _known(self, journal: str) -> bool:
        """Whether the journal named ``journal`` is recorded."""
        with self._guard() as db:
            found = db.execute("SELECT 1 FROM games WHERE journal = ?", (journal,))
            return found.fetchone() is not None

    def _write(self, records: list[GameRecord], *, clear: bool) -> int:
        """Write ``records`` (oldest first), after emptying the database if ``clear``, and
        work the figures out again, all in one transaction; how many games were written."""
        records = sorted(records, key=lambda record: (record.started, record.journal))
        with self._guard() as db, self._transaction(db):
            if clear:
                for table in reversed(TABLES + FIGURES):
                    db.execute(f"DELETE FROM {table}")
            written = [record for record in records if _write_game(db, record)]
            timed = {kind_of_mode(r.mode) for r in written if r.family == "apache"}
            players = {p.name for r in written for p in r.players if not p.bot}
            for kind in KINDS if clear else sorted(timed):
                refresh_reaction_stats(db, kind, None if clear else players)
        return len(written)

    # -- reading (the screen's figures) --

    def last_games(
        self, limit: int = 20, *, game: str | None = None, player: str | None = None
    ) -> list[GameRow]:
        """The last ``limit`` finished games, newest first; only those of ``game`` (a family
        such as ``apache``, or one journal game such as ``apache_tracker``) and with
        ``player`` when given."""
        with self._guard() as db:
            return last_games(db, limit, game=game, player=player)

    def player_stats(self, game: str | None = None) -> list[PlayerStats]:
        """Each player's games and wins (of ``game``), most wins first, then most games;
        seats a bot played are left out."""
        with self._guard() as db:
            return player_stats(db, game)

    def reaction_stats(self, kind: str) -> list[ReactionStats]:
        """Each player's slap times of ``kind``: ``reaction`` (FULL games, from the card turn)
        or ``gap`` (TRACKER games, to the window's first slap). Fastest median first, then
        the players with few slaps (see :mod:`companion.history.stats`)."""
        with self._guard() as db:
            return reaction_stats(db, kind)

    def count(self) -> int:
        """How many games are recorded."""
        with self._guard() as db:
            found: int = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            return found

    def names(self) -> list[str]:
        """Every player's name in the recorded games (bots' seats included), sorted."""
        with self._guard() as db:
            return [
                row[0] for row in db.execute("SELECT DISTINCT name FROM game_players ORDER BY name")
            ]

    def table_rows(self) -> dict[str, list[tuple[object, ...]]]:
        """Every table's rows, each game's id replaced by its journal's name, sorted: two
        databases with the same games give the same (``rebuild`` against ``record``), the
        figures included."""
        with self._guard() as db:
            journals = dict(db.execute("SELECT id, journal FROM games").fetchall())
            rows: dict[str, list[tuple[object, ...]]] = {}
            for table in TABLES + FIGURES:
                found = db.execute(f"SELECT * FROM {table}").fetchall()
                if table == "games":
                    rows[table] = sorted(tuple(row[1:]) for row in found)
                elif table in TABLES:
                    rows[table] = sorted((journals[row[0]], *row[1:]) for row in found)
                else:
                    rows[table] = sorted(found)
            return rows

    # -- the database's faults --

    @contextmanager
    def _guard(self) -> Iterator[sqlite3.Connection]:
        """The open connection; an SQLite error becomes one of the history's errors (a
        damaged file is closed and set aside first)."""
        if self._db is None:
            raise HistoryError(
                say("{path}: the history is closed; open it again", path=str(self.path))
            )
        try:
            yield self._db
        except sqlite3.Error as error:
            raise _failure(self.path, error, self) from error

    @staticmethod
    @contextmanager
    def _transaction(db: sqlite3.Connection) -> Iterator[None]:
        """One transaction: all of it is written, or none of it (a crash included)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with suppress(sqlite3.Error):  # the first error says more
                    db.execute("ROLLBACK")
            raise


def finished_records(paths: Iterable[Path]) -> Iterator[GameRecord]:
    """The records of the finished games among ``paths``: unfinished games are passed over,
    a journal that cannot be recorded is too, with a :class:`HistoryWarning`."""
    for path in paths:
        try:
            yield record_from_journal(path)
        except NotFinished:
            continue
        except NotRecordable as error:
            warnings.warn(
                say("skipping {error}", error=error_reason(error)), HistoryWarning, stacklevel=2
            )


def _write_game(db: sqlite3.Connection, record: GameRecord) -> bool:
    """Insert ``record`` (inside the caller's transaction); False if its journal is there."""
    cursor = db.execute(
        "INSERT INTO games (journal, game, mode, variants, started, ended, evening, reason, "
        "ignored) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (journal) DO NOTHING",
        (
            record.journal,
            record.game,
            record.mode,
            record.variants,
            record.started,
            record.ended,
            record.evening,
            record.reason,
            record.ignored,
        ),
    )
    if cursor.rowcount == 0:
        return False
    game_id = cursor.lastrowid
    _insert_players(db, game_id, record)
    _insert_slaps(db, game_id, record)
    return True


def _insert_players(db: sqlite3.Connection, game_id: int | None, record: GameRecord) -> None:
    db.executemany(
        "INSERT INTO game_players (game_id, seat, name, score, winner, bot, ignored) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(game_id, p.seat, p.name, p.score, p.winner, p.bot, p.ignored) for p in record.players],
    )


def _insert_slaps(db: sqlite3.Connection, game_id: int | None, record: GameRecord) -> None:
    db.executemany(
        "INSERT INTO slaps (game_id, window, rank, seat, name, indian, kind, ms, result, tied) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.window, s.rank, s.seat, s.name, s.indian, s.kind, s.ms, s.result, s.tied)
            for s in record.slaps
        ],
    )


# --- faults ----------------------------------------------------------------------------------


def _failure(path: Path, error: sqlite3.Error, history: History | None) -> HistoryError:
    """``error`` as one of the history's errors; a damaged file is closed and set aside."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if primary in CORRUPT_CODES:
        if history is not None:
            history.close()
        return _set_aside(path, error)
    if primary in LOCKED_CODES:
        return HistoryLocked(
            say(
                "{path}: the history database is locked by another program (a `{command}`, or "
                "another companion) and stayed locked; try again when it is done (the games "
                "are journaled all the same)",
                path=str(path),
                command=REBUILD,
            )
        )
    return HistoryUnavailable(
        say(
            "{path}: the history database cannot be used: {error}; check the file and its "
            "folder can be read and written, or give another database (--db)",
            path=str(path),
            error=error_reason(error),
        )
    )


def _set_aside(path: Path, error: sqlite3.Error) -> HistoryCorrupt:
    """Rename the damaged database (and its WAL files) out of the way: never deleted."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target, count = path.with_name(f"{path.name}.corrupt-{stamp}"), 1
    while target.exists():
        count += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{count}")
    try:
        os.rename(path, target)
        for suffix in ("-wal", "-shm"):
            beside = path.with_name(path.name + suffix)
            if beside.exists():
                os.rename(beside, target.with_name(target.name + suffix))
    except OSError as failed:
        return HistoryCorrupt(
            say(
                "{path}: the history database is damaged ({error}) and could not be set aside "
                "({reason}); move it away, then run `{command}` to make it again from the "
                "journals",
                path=str(path),
                error=error_reason(error),
                reason=os_reason(failed),
                command=REBUILD,
            ),
            None,
        )
    return HistoryCorrupt(
        say(
            "{path}: the history database is damaged ({error}); it was set aside as {target} "
            "(nothing deleted) and a new one is started: run `{command}` to fill it again "
            "from the journals",
            path=str(path),
            error=error_reason(error),
            target=str(target),
            command=REBUILD,
        ),
        target,
    )
