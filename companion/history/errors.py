"""The history's errors, members of the companion's one family (:mod:`companion.errors`).

Each message names the file and says what to do. A database that cannot be used never
stops a game: the journal is the record, and ``companion history rebuild`` remakes the
database from the journals. The messages are :class:`~companion.words.Words`: English where
they are printed, in the screens' language where a screen shows them (``said``).
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError
from companion.words import Words


class HistoryError(CompanionError):
    """Base of the history's errors."""


class HistoryUnavailable(HistoryError, OSError):
    """The history database cannot be opened, read or written (a permission, a full disk,
    a folder where the file should be)."""


class HistoryLocked(HistoryUnavailable):
    """Another program holds the database's write lock for longer than the wait allows."""


class HistoryCorrupt(HistoryUnavailable):
    """The database file is damaged or not a database. It has been set aside (renamed, never
    deleted) to :attr:`set_aside`; the next open starts an empty one, and ``companion
    history rebuild`` fills it again from the journals."""

    def __init__(self, message: Words, set_aside: Path | None) -> None:
        super().__init__(message)
        self.set_aside = set_aside


class NotRecordable(HistoryError, ValueError):
    """A journal that cannot be recorded: its game is not over, or it cannot be read or
    replayed to its end."""


class NotFinished(NotRecordable):
    """The journal's game is not over yet: only finished games are recorded."""


__all__ = [
    "HistoryCorrupt",
    "HistoryError",
    "HistoryLocked",
    "HistoryUnavailable",
    "NotFinished",
    "NotRecordable",
]
