"""``companion bench history``: the history database at the size a group reaches.

The history measured is ``--db FILE``, copied into a temporary folder first (the file and
its write-ahead log, byte for byte: the user's file is never opened, so never changed), or
else ``--games`` simulated four-player FULL Apache games (``companion simulate apache
--record-history``) journaled and recorded into a temporary history. Three measurements:

1. **The History screen.** At 480x320 and 800x480, on the sample app (``sample_app``, its
   history the copy): ``HistoryScene(app, path)`` (the database opened and read, the pages
   laid out) and the first page drawn on an off-screen surface, ``--repeat`` times, each
   timed with ``perf_counter_ns``. The first opening at each size (the fonts loaded) is
   shown apart and not in the figures: in the program the start menu has loaded them.
   Median and max. Bar: the max under 100 ms (every opening draws in under 100 ms).
2. **Recording one more finished game.** A fresh simulated FULL Apache game of the same
   four seats (the worst case: every player's figures are worked out again), journaled
   once, then, ``--repeat`` times, recorded through a ``HistoryWriter`` and forgotten
   again (so the database keeps its size). **Hand-off**: ``HistoryWriter.record``
   returning, all a results screen waits for; bar: median under 5 ms. **Write**: from the
   record to ``wait()`` returning, the work on the writer's thread; median and max,
   reported (no bar: no screen waits for it).
3. **Size.** The database's bytes (its write-ahead log with it) and games, and the size
   per 5,000 games extrapolated: an empty history's bytes plus 5,000 times the bytes per
   game above those. Bar: under 20 MB (10**6 bytes) per 5,000 games. A page is 4 KB, so
   the extrapolation from a handful of games is rough.

``run`` prints a report (``--json``: a JSON object) and returns 0 if every bar holds, else
1; a ``--db`` that is missing, a folder, or not a history with games is refused naming the
argument (exit 2).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from companion.history import History, HistoryError
from companion.history.writer import HistoryWriter
from companion.tools.arguments import positive

PROG: Final = "companion bench history"
OPEN_BAR_MS: Final = 100.0
HAND_OFF_BAR_MS: Final = 5.0
SIZE_BAR_BYTES: Final = 20_000_000
PER_GAMES: Final = 5_000
"""The size is extrapolated to this many games."""
DEFAULT_GAMES: Final = 100
DEFAULT_REPEAT: Final = 7
SCREEN_SIZES: Final = ((480, 320), (800, 480))
HISTORY_FILE: Final = "history.sqlite"
WAL_SUFFIX: Final = "-wal"
FRESH_JOURNAL: Final = "companion-bench-history.jsonl"
"""The name of the game recorded and forgotten (one no history holds)."""
FRESH_SEED: Final = 1_000_003
EXIT_BAD: Final = 2


@dataclass(frozen=True)
class ScreenResult:
    """The History screen's opening at one size (milliseconds)."""

    size: str
    repeat: int
    first_ms: float
    """The opening before the measured ones (the fonts loaded): shown, not barred."""
    median_ms: float
    max_ms: float

    @property
    def passed(self) -> bool:
        return self.max_ms < OPEN_BAR_MS


@dataclass(frozen=True)
class RecordingResult:
    """Recording one more finished game (milliseconds)."""

    repeat: int
    hand_off_median_ms: float
    hand_off_max_ms: float
    write_median_ms: float
    write_max_ms: float

    @property
    def passed(self) -> bool:
        return self.hand_off_median_ms < HAND_OFF_BAR_MS


@dataclass(frozen=True)
class SizeResult:
    """The database's size, and the size extrapolated to :data:`PER_GAMES` games."""

    games: int
    bytes: int
    empty_bytes: int
    """An empty history's (the schema alone)."""
    per_5000_games_bytes: int

    @property
    def passed(self) -> bool:
        return self.per_5000_games_bytes < SIZE_BAR_BYTES


@dataclass(frozen=True)
class HistoryBenchResult:
    """Every figure of one ``companion bench history``."""

    source: str
    """What was measured: ``--db FILE`` or the simulated games."""
    screens: list[ScreenResult]
    recording: RecordingResult
    size: SizeResult

    @property
    def passed(self) -> bool:
        return (
            all(screen.passed for screen in self.screens)
            and self.recording.passed
            and self.size.passed
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "screens": [{**asdict(s), "passed": s.passed} for s in self.screens],
            "recording": {**asdict(self.recording), "passed": self.recording.passed},
            "size": {**asdict(self.size), "passed": self.size.passed},
            "bars": {
                "open_max_ms": OPEN_BAR_MS,
                "hand_off_median_ms": HAND_OFF_BAR_MS,
                "per_5000_games_bytes": SIZE_BAR_BYTES,
            },
            "passed": self.passed,
        }


# --- the history measured --------------------------------------------------------------------


def copy_history(given: Path, folder: Path) -> Path:
    """``given`` and its write-ahead log (if any) copied byte for byte into ``folder``; the
    copy's path. Only read: SQLite never opens ``given``."""
    copy = folder / HISTORY_FILE
    shutil.copyfile(given, copy)
    wal = Path(f"{given}{WAL_SUFFIX}")
    if wal.is_file():
        shutil.copyfile(wal, Path(f"{copy}{WAL_SUFFIX}"))
    return copy


def simulated_history(folder: Path, games: int) -> Path:
    """A history in ``folder`` of ``games`` simulated four-player FULL Apache games."""
    from companion.tools.history.simulated import record_simulated_games
    from companion.tools.simulate import Batch

    path = folder / HISTORY_FILE
    record_simulated_games(Batch(players=4, games=games), path)
    return path


def fresh_game(folder: Path) -> Path:
    """A simulated four-player FULL Apache game journaled in ``folder``, started now (the
    newest game), under a name no history holds."""
    from companion.rules.apache import APACHE, VARIANTS
    from companion.tools.history.simulated import journal_apache_game

    setup = APACHE.validate_setup({"players": 4, "variants": dict.fromkeys(VARIANTS, False)})
    journal = journal_apache_game(folder, setup, FRESH_SEED, time.time())
    return journal.rename(folder / FRESH_JOURNAL)


def games_in(path: Path) -> int:
    with History.open(path) as history:
        return history.count()


def _bytes(path: Path) -> int:
    """The database's bytes, its write-ahead log's with them."""
    wal = Path(f"{path}{WAL_SUFFIX}")
    return path.stat().st_size + (wal.stat().st_size if wal.is_file() else 0)


# --- the measurements ------------------------------------------------------------------------


def _ms(samples_ns: Sequence[int]) -> tuple[float, float]:
    """Median and max of ``samples_ns``, in milliseconds."""
    return round(statistics.median(samples_ns) / 1e6, 3), round(max(samples_ns) / 1e6, 3)


def measure_screen(path: Path, size: tuple[int, int], repeat: int) -> ScreenResult:
    """Open the History screen on ``path`` and draw its first page, once to load the fonts
    and then ``repeat`` times timed."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # --json: nothing else on stdout
    import pygame

    from companion.ui.history import HistoryScene
    from companion.ui.samples import sample_app

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    took_ns = []
    with sample_app(size) as app:
        app.history_path = path
        app.wall_clock = time.time  # "5 min ago" as on the day
        for _ in range(repeat + 1):
            started = time.perf_counter_ns()
            HistoryScene(app, path).draw(surface, 0)
            took_ns.append(time.perf_counter_ns() - started)
    median_ms, max_ms = _ms(took_ns[1:])
    return ScreenResult(
        f"{size[0]}x{size[1]}", repeat, round(took_ns[0] / 1e6, 3), median_ms, max_ms
    )


def measure_recording(path: Path, journal: Path, repeat: int) -> RecordingResult:
    """Record ``journal`` through a ``HistoryWriter`` and forget it again, ``repeat`` times;
    raises ``HistoryError`` when the game was not written or not taken out."""
    games = games_in(path)
    hand_offs, writes = [], []
    writer = HistoryWriter(path)
    try:
        for _ in range(repeat):
            started = time.perf_counter_ns()
            writer.record(journal)
            handed = time.perf_counter_ns()
            writer.wait()
            written = time.perf_counter_ns()
            hand_offs.append(handed - started)
            writes.append(written - started)
            _check(writer, path, games + 1, "recorded")
            writer.forget(journal)
            writer.wait()
            _check(writer, path, games, "forgotten")
    finally:
        writer.close()
    hand_off_median, hand_off_max = _ms(hand_offs)
    write_median, write_max = _ms(writes)
    return RecordingResult(repeat, hand_off_median, hand_off_max, write_median, write_max)


def _check(writer: HistoryWriter, path: Path, games: int, done: str) -> None:
    problems = writer.take_problems()
    found = games_in(path)
    if problems or found != games:
        said = "; ".join(problems) or f"{found} games where {games} were expected"
        raise HistoryError(f"the bench's game was not {done}: {said}")


def measure_size(path: Path, games: int, folder: Path) -> SizeResult:
    """``path``'s bytes, an empty history's (made in ``folder``), and the extrapolation."""
    empty = folder / "empty.sqlite"
    with History.open(empty):
        pass
    empty_bytes = _bytes(empty)
    size = _bytes(path)
    per_games = empty_bytes + round((size - empty_bytes) / games * PER_GAMES)
    return SizeResult(games, size, empty_bytes, per_games)


def measure(
    *,
    db: Path | None,
    games: int,
    repeat: int,
    progress: Callable[[str], None] = lambda step: None,
) -> HistoryBenchResult:
    """Every measurement on a copy of ``db`` (else ``games`` simulated games). Raises
    ``HistoryError`` for a ``db`` that cannot be read or holds no games."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-history-") as directory:
        folder = Path(directory)
        if db is None:
            progress(f"recording {games} simulated games")
            path, source = simulated_history(folder, games), f"{games} simulated Apache games"
        else:
            path, source = copy_history(db, folder), f"--db {db} (a copy)"
        games_held = games_in(path) if db is None else _games_of(path, db)
        size = measure_size(path, games_held, folder)
        screens = []
        for screen_size in SCREEN_SIZES:
            progress(f"the History screen at {screen_size[0]}x{screen_size[1]}")
            screens.append(measure_screen(path, screen_size, repeat))
        progress("recording one more game")
        journals = folder / "games"
        journals.mkdir()
        recording = measure_recording(path, fresh_game(journals), repeat)
    return HistoryBenchResult(source, screens, recording, size)


def _games_of(path: Path, db: Path) -> int:
    """How many games the copy of ``db`` holds (at least one: the size is per game)."""
    try:
        games = games_in(path)
    except HistoryError as error:
        raise HistoryError(
            f"argument --db: {db} is not a history this companion can read ({error})"
        ) from None
    if games == 0:
        raise HistoryError(f"argument --db: {db} holds no games; give a history with games")
    return games


# --- the report ------------------------------------------------------------------------------


def _mark(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def format_report(result: HistoryBenchResult) -> str:
    recording, size = result.recording, result.size
    lines = [f"{PROG}: {size.games:,} games, {result.source}"]
    lines += [
        f"screen    {s.size}: open + first page, {s.repeat} times: median {s.median_ms:.1f} ms, "
        f"max {s.max_ms:.1f} ms (bar max < {OPEN_BAR_MS:g} ms) {_mark(s.passed)}; "
        f"the first opening (fonts loaded) {s.first_ms:.1f} ms"
        for s in result.screens
    ]
    lines += [
        f"record    one more game, {recording.repeat} times: hand-off median "
        f"{recording.hand_off_median_ms:.3f} ms, max {recording.hand_off_max_ms:.3f} ms "
        f"(bar median < {HAND_OFF_BAR_MS:g} ms) {_mark(recording.passed)}",
        f"          the write on the writer's thread: median {recording.write_median_ms:.1f} "
        f"ms, max {recording.write_max_ms:.1f} ms",
        f"size      {size.bytes:,} bytes for {size.games:,} games (an empty history "
        f"{size.empty_bytes:,}): {size.per_5000_games_bytes / 1e6:.1f} MB per "
        f"{PER_GAMES:,} games (bar < {SIZE_BAR_BYTES / 1e6:g} MB) {_mark(size.passed)}",
        "every bar holds" if result.passed else "SOME FIGURES ARE OVER THE BAR",
    ]
    return "\n".join(lines)


# --- the command -----------------------------------------------------------------------------


def _existing_db(text: str) -> Path:
    """``--db``: a file that exists (it is only copied)."""
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; give the history database file")
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} does not exist; give an existing history database (history.sqlite)"
        )
    return Path(text)


_count: Final = positive(int, "a whole number of 1 or more")
"""The type of ``--games`` and ``--repeat``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    measured = parser.add_mutually_exclusive_group()
    measured.add_argument(
        "--db",
        type=_existing_db,
        default=None,
        metavar="FILE",
        help="the history database to measure (a copy of it: the file is left as it is)",
    )
    measured.add_argument(
        "--games",
        type=_count,
        default=DEFAULT_GAMES,
        metavar="N",
        help="without --db: simulated four-player FULL Apache games recorded into a "
        f"temporary history (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--repeat",
        type=_count,
        default=DEFAULT_REPEAT,
        metavar="N",
        help=f"times each opening and each recording is measured (default {DEFAULT_REPEAT})",
    )


def run(args: argparse.Namespace) -> int:
    """Run the bench and print the report; 0 if every bar holds, 1 if not, 2 for a ``--db``
    that cannot be measured."""
    try:
        result = measure(
            db=args.db,
            games=args.games,
            repeat=args.repeat,
            progress=lambda step: print(step, file=sys.stderr, flush=True),
        )
    except HistoryError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_BAD
    print(json.dumps(result.to_json(), indent=2) if args.json else format_report(result))
    return 0 if result.passed else 1


if __name__ == "__main__":
    cli = argparse.ArgumentParser(prog=PROG)
    add_arguments(cli)
    sys.exit(run(cli.parse_args()))
