"""Simulated games for the history: ``companion simulate apache --record-history DB``.

Each simulated Apache game (the same games as ``companion simulate``: game ``i`` has the
seed ``seed + i``) is played again with every slap through the Pow-Wow arbiter, journaled
as a FULL game (its cards turned entered as chance actions, each window's
``powwow-window`` note before its first slap) in a temporary folder, and recorded in the
history database from its journal, as a finished game at the table is (a hundred games a
transaction). The games are
spread over evenings, :data:`GAMES_PER_EVENING` an evening, the last evening today.

Their seats are written as people's (the seats note says so), so that History shows
figures for them: record them in a database of their own (for trying the History screen
and measuring it), not in the group's.
"""

from __future__ import annotations

import itertools
import tempfile
import time
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final

from companion.history import History
from companion.powwow import Window
from companion.rules.apache import APACHE, VARIANTS
from companion.rules.apache.actions import Action
from companion.session import Session
from companion.tools.simulate import Batch
from companion.tools.simulate.apache import play_apache_game

__all__ = ["GAMES_PER_EVENING", "journal_apache_game", "record_simulated_games"]

GAMES_PER_EVENING: Final = 8
EVENING_HOUR: Final = 20
GAME_SECONDS: Final = 1800.0
"""From one game's start to the next's, in an evening."""
ACTION_SECONDS: Final = 2.0
"""From one journal line to the next."""
SEATS_NOTE: Final = "full-seats"
GAMES_PER_WRITE: Final = 100
"""Games recorded in one transaction (the figures are worked out once for them)."""

Progress = Callable[[int, int], None]


def record_simulated_games(
    batch: Batch, database: Path, progress: Progress | None = None
) -> tuple[int, float]:
    """Journal the batch's Apache games in a temporary folder and record each in the
    history ``database``: how many were newly recorded, and the seconds it took."""
    variants = {variant: variant in batch.variants for variant in VARIANTS}
    setup = APACHE.validate_setup({"players": batch.players, "variants": variants})
    first_evening = _evening_start(batch.games)
    recorded, start = 0, time.perf_counter()
    with (
        tempfile.TemporaryDirectory(prefix="companion-simulated-") as folder,
        History.open(database) as history,
    ):
        for first in range(0, batch.games, GAMES_PER_WRITE):
            journals = []
            for i in range(first, min(first + GAMES_PER_WRITE, batch.games)):
                evening, slot = divmod(i, GAMES_PER_EVENING)
                started = first_evening + timedelta(days=evening, seconds=slot * GAME_SECONDS)
                seed = batch.seed + i
                journals.append(journal_apache_game(Path(folder), setup, seed, started.timestamp()))
                if progress is not None:
                    progress(i + 1, batch.games)
            recorded += history.record_many(journals)
            for journal in journals:
                journal.unlink()
    return recorded, time.perf_counter() - start


def journal_apache_game(folder: Path, setup: Mapping[str, Any], seed: int, started: float) -> Path:
    """Play the simulated Apache game of ``seed`` and journal it in ``folder`` as a FULL game
    started at ``started`` (Unix time); its journal's path."""
    actions: list[Action] = []
    windows: list[tuple[int, Window]] = []
    play_apache_game(dict(setup), seed, check=False, record=actions, windows=windows)
    notes = dict(windows)
    ticks = itertools.count()
    players = setup["players"]
    assert isinstance(players, int)
    seats = {"humans": players, "auto_turn_ns": None}  # people's seats: see the docstring
    path = folder / f"apache-simulated-{seed}.jsonl"
    with Session.start(
        APACHE,
        setup,
        seed,
        path,
        auto_chance=False,
        clock=lambda: started + ACTION_SECONDS * next(ticks),
        notes=[(SEATS_NOTE, seats)],
    ) as session:
        for n, action in enumerate(actions):
            window = notes.get(n)
            if window is not None:
                session.annotate("powwow-window", window.to_json())
            session.apply(action)
    return path


def _evening_start(games: int) -> datetime:
    """The first evening's start: as many evenings back as the games fill, the last today."""
    evenings = -(-games // GAMES_PER_EVENING)
    today = datetime.now().replace(hour=EVENING_HOUR, minute=0, second=0, microsecond=0)
    return today - timedelta(days=evenings - 1)
