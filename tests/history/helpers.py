"""Journals for the history's tests: the committed finished games of every game and mode, a
simulated FULL Apache game, and TRACKER Apache games whose windows come from the real
arbiter (dead heats, repeats, duplicates, late presses)."""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from companion.input.events import Press
from companion.powwow import Arbiter, Window
from companion.rules.apache import APACHE, VARIANTS
from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.session import Session
from companion.tools.history.simulated import journal_apache_game

JOURNALS: Final = Path(__file__).parents[1] / "rules" / "journals"

FINISHED: Final = {
    "apache": "screen-apache-full-results",
    "apache_tracker": "screen-apache-tracker-results",
    "apocalypse": "random-apocalypse-04",
    "apocalypse_tracker": "random-apocalypse_tracker-06",
    "paris": "random-paris-08",
    "paris_tracker": "random-paris_tracker-10",
}
"""A committed journal of a finished game of each journal game."""
UNFINISHED: Final = "random-paris-09"
REFUSED: Final = "random-apache-01"
"""A journal the rules refuse at line 30 (ruling A8 as revised)."""

MS: Final = 1_000_000
WALL: Final = 1_735_761_600.0  # 2025-01-01 20:00 UTC


def committed(name: str, folder: Path) -> Path:
    """The committed journal ``name`` (a stem), copied into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(JOURNALS / f"{name}.jsonl", folder))


def every_finished_game(folder: Path) -> list[Path]:
    """The committed finished journal of each of the six journal games, in ``folder``."""
    return [committed(name, folder) for name in FINISHED.values()]


def simulated_apache(folder: Path, seed: int, *, humans: int | None = None) -> Path:
    """A simulated four-player FULL Apache game journaled in ``folder`` (every slap timed
    from its card turn); with ``humans``, only the first seats are people."""
    folder.mkdir(parents=True, exist_ok=True)
    setup = APACHE.validate_setup({"players": 4, "variants": dict.fromkeys(VARIANTS, False)})
    path = journal_apache_game(folder, setup, seed, WALL + 3600 * seed)
    if humans is not None:
        lines = path.read_text().splitlines(keepends=True)
        lines[1] = lines[1].replace('"humans":4', f'"humans":{humans}')
        path.write_text("".join(lines))
    return path


# --- TRACKER games with the real arbiter -----------------------------------------------------

COLOURS: Final = ("red", "yellow", "purple")


@dataclass(frozen=True)
class Pressed:
    """A press for the arbiter: ``control`` (``red.hunter``) at ``ms`` after the start."""

    control: str
    ms: float
    seq: int
    source: str = "gpio:lgpio"

    def press(self) -> Press:
        return Press(self.control, round(self.ms * MS), self.source, self.seq)


def tracker_apache(
    folder: Path,
    name: str,
    windows: Sequence[Sequence[Pressed]],
    *,
    late: Sequence[Pressed] = (),
    piles: Sequence[int] = (20, 30, 10),
    started: float = WALL,
) -> Path:
    """A finished TRACKER Apache game of red, yellow and purple journaled in ``folder``:
    each window's presses go through the arbiter, its ``window`` note is written, its slaps
    are entered in the arbiter's order and confirmed (the first ``loot``, the others
    ``nothing``); ``late`` presses come after the last window (``late`` notes); then the
    game is finished and the ``piles`` counted."""
    folder.mkdir(parents=True, exist_ok=True)
    arbiter = Arbiter(seats=COLOURS, seed=1)
    ticks = itertools.count()
    path = folder / f"{name}.jsonl"
    with Session.start(
        TRACKER,
        {"colours": list(COLOURS)},
        1,
        path,
        auto_chance=False,
        clock=lambda: started + next(ticks),
    ) as session:
        for presses in windows:
            window = _resolved(arbiter, presses)
            session.annotate("window", window.to_json())
            for slap in window.slaps:
                session.apply(TrackerAction.slap(COLOURS.index(slap.seat), slap.indian))
            session.apply(TrackerAction.close())
            for rank, slap in enumerate(window.slaps):
                result = "loot" if rank == 0 else "nothing"
                session.apply(TrackerAction.confirm(COLOURS.index(slap.seat), result))
        for pressed in late:
            arbiter.press(pressed.press())
        for ignored in arbiter.take_late():
            session.annotate("late", ignored.to_json())
        session.apply(TrackerAction.finish())
        for seat, cards in enumerate(piles):
            session.apply(TrackerAction.count(seat, cards))
    assert Session.load(path).is_over
    return path


def _resolved(arbiter: Arbiter, presses: Sequence[Pressed]) -> Window:
    for pressed in presses:
        arbiter.press(pressed.press())
    due = arbiter.due_ns
    assert due is not None
    window = arbiter.poll(due)
    assert window is not None and arbiter.due_ns is None, "one window per group of presses"
    return window


def dead_heat_game(folder: Path, name: str = "tracker-dead-heat", started: float = WALL) -> Path:
    """Window 1: red and yellow in a dead heat (1 µs apart), purple 25 ms later, a repeat
    by red and a duplicate of purple's press (not a press of its own); window 2: yellow
    alone; then a late press by purple. Yellow wins with the largest pile (30)."""
    return tracker_apache(
        folder,
        name,
        [
            [
                Pressed("red.hunter", 1000.0, 0),
                Pressed("yellow.chief", 1000.001, 1),
                Pressed("purple.hunter", 1025.0, 2),
                Pressed("purple.hunter", 1025.0, 2),
                Pressed("red.woman", 1040.0, 3),
            ],
            [Pressed("yellow.hunter", 9000.0, 4)],
        ],
        late=[Pressed("purple.chief", 9010.0, 5)],
        started=started,
    )
