"""Writing finished games into the history off the screen's thread.

Recording a game works its people's slap figures out again from all their slaps: about
20 ms at a few hundred games, 0.4 s on this machine at 5,000 (more on a Pi). A results
screen should show at once whatever the history's size, so the screens hand the work to a
:class:`HistoryWriter`: one thread of its own that records and forgets games in the order
asked, each in its own transaction on its own connection. A problem is kept for the screen
on top to show (:meth:`HistoryWriter.take_problems`: ``Words``, said in the screens'
language); the journal keeps the game either way and ``companion history rebuild`` brings
it back. :meth:`HistoryWriter.wait` returns once everything asked is written (the History
screen waits before it reads); ``close`` waits for it too, so leaving the program never
cuts a write short (and a power cut mid-write leaves the database as it was: the
transaction).
"""

from __future__ import annotations

import sqlite3
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from companion.errors import CompanionError
from companion.history.store import History
from companion.words import Words, error_reason, say

__all__ = ["HistoryWriter"]

_Work = Callable[[History], object]
"""One piece of writing, on the writer's own connection."""


class HistoryWriter:
    """Records and forgets finished games in the history at ``path`` on a thread of its
    own (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="history")
        self._last: Future[None] | None = None
        self._problems: deque[Words] = deque()
        self._lock = threading.Lock()

    def record(self, journal: Path) -> None:
        """Write the finished game of ``journal`` (again: a corrected count replaces it)."""
        self._submit(lambda history: history.record(journal))

    def forget(self, journal: Path) -> None:
        """Take the game of ``journal`` out (its end was taken back)."""
        self._submit(lambda history: history.forget(journal))

    def wait(self) -> None:
        """Return once every game asked for is written (or has failed)."""
        with self._lock:
            last = self._last
        if last is not None:
            last.exception()  # waits; a failure is already kept as a problem

    def take_problems(self) -> list[Words]:
        """What went wrong since last asked ("history not updated: ..."), oldest first."""
        taken: list[Words] = []
        while self._problems:
            taken.append(self._problems.popleft())
        return taken

    def close(self) -> None:
        """Finish what was asked and stop the thread."""
        self._executor.shutdown(wait=True)

    def _submit(self, work: _Work) -> None:
        with self._lock:
            self._last = self._executor.submit(self._run, work)

    def _run(self, work: _Work) -> None:
        try:
            with History.open(self.path) as history:
                work(history)
        except (CompanionError, OSError, sqlite3.Error) as exc:
            self._problems.append(say("history not updated: {error}", error=error_reason(exc)))
