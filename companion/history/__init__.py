"""The group's history across evenings: every finished game in an SQLite database.

:class:`History` is the database (``History.open(default_history_path())``): it records a
finished game from its journal (:meth:`History.record`), remakes itself from the journals
(:meth:`History.rebuild`), and gives the figures the History screen and ``companion
history`` / ``companion stats`` show: the last games, each player's games and wins, and the
"fastest hands" (slap times of one kind, FULL's ``reaction`` or TRACKER's ``gap``).
The journals stay the source of truth; the database is never needed to resume a game.
"""

from __future__ import annotations

from companion.history.errors import (
    HistoryCorrupt,
    HistoryError,
    HistoryLocked,
    HistoryUnavailable,
    NotFinished,
    NotRecordable,
)
from companion.history.records import (
    FAMILIES,
    GAP,
    KINDS,
    REACTION,
    GameRecord,
    PlayerRecord,
    SlapRecord,
    record_from_journal,
)
from companion.history.stats import (
    FEW_SLAPS,
    GameRow,
    PlayerStats,
    ReactionStats,
    UnknownChoice,
)
from companion.history.store import HISTORY_FILE, History, HistoryWarning, default_history_path

__all__ = [
    "FAMILIES",
    "FEW_SLAPS",
    "GAP",
    "HISTORY_FILE",
    "KINDS",
    "REACTION",
    "GameRecord",
    "GameRow",
    "History",
    "HistoryCorrupt",
    "HistoryError",
    "HistoryLocked",
    "HistoryUnavailable",
    "HistoryWarning",
    "NotFinished",
    "NotRecordable",
    "PlayerRecord",
    "PlayerStats",
    "ReactionStats",
    "SlapRecord",
    "UnknownChoice",
    "default_history_path",
    "record_from_journal",
]
