"""A game in progress: engine state + append-only journal + undo/redo + crash-safe resume.

The journal is described in one place, ``companion/JOURNAL.md``: its lines (the header,
actions, undo and redo, notes), what a move is, how the session draws chance, what a crash
or a failed write leaves behind, and a real journal of every game. This module implements
it: :class:`Session` is the way in (:meth:`Session.start`, :meth:`Session.resume`,
:meth:`Session.load`, and :meth:`Session.open_journal` to replay a journal line by line);
``companion games`` is at the end. ``companion replay`` is :mod:`companion.tools.replay`.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import fcntl
import json
import math
import os
import random
import secrets
import stat
import sys
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

from companion.errors import CompanionError, IllegalAction, JournalError
from companion.rules.base import (
    CHANCE,
    JSON,
    TABLE,
    Engine,
    Outcome,
    SetupError,
    sample_chance,
)
from companion.rules.registry import get_engine
from companion.tools.arguments import confirmed
from companion.words import (
    COLOUR_WORDS,
    Words,
    error_reason,
    on_file,
    os_reason,
    plural_words,
    say,
)

__all__ = [
    "FORMAT",
    "ChancePending",
    "JournalExists",
    "JournalRecord",
    "JournalWarning",
    "Note",
    "RefusedLine",
    "SavedGame",
    "Session",
    "Step",
    "UnfinishedGame",
    "UnreadableJournal",
    "add_games_arguments",
    "chance_rng",
    "default_games_dir",
    "discard_journal",
    "games_command",
    "new_journal_path",
    "progress_words",
    "remove_if_unplayed",
    "saved_games",
    "unfinished_games",
]

FORMAT: Final = 1
SUFFIX: Final = ".jsonl"
MAX_LINE_BYTES: Final = 1 << 20
"""The longest journal line read or written (a line of a real game is under 2 KiB)."""
MAX_JOURNAL_BYTES: Final = 64 << 20
"""The largest journal read (a whole game is well under 1 MiB)."""

S = TypeVar("S")
A = TypeVar("A")

Clock = Callable[[], float]


class JournalWarning(UserWarning):
    """A journal was repaired (torn last line dropped) or written under other rules."""


class JournalExists(JournalError, FileExistsError):
    """:meth:`Session.start` was given the name of a journal that already exists (perhaps
    created a moment earlier by another session); nothing was written."""


class UnreadableJournal(JournalError):
    """A file that is not a readable journal: its first line is not a journal header, the
    header is damaged or names no known game or a setup the game refuses, or a line before
    the last is not a JSON record."""


class RefusedLine(JournalError):
    """A journal line the game cannot replay: an action the rules refuse, or a record that
    disagrees with the game (another player than the one awaited, a wrong ``n``, an undo
    with nothing to undo). ``line`` is its line number (the header is line 1), ``record``
    the line's JSON object and ``cause`` the error the game raised (an
    :class:`~companion.errors.IllegalAction` when the rules refuse the action)."""

    def __init__(self, message: str, line: int, record: dict[str, Any], cause: Exception) -> None:
        super().__init__(message)
        self.line = line
        self.record = record
        self.cause = cause


class ChancePending(CompanionError, OSError):
    """:meth:`Session.apply` journaled the player's action, so it counts, but could not
    journal the automatic chance actions after it (the card drawn, the dice rolled).

    The session holds exactly what the journal holds: the action is in ``history`` and is
    the last move (``undo`` reverts it), and the game waits at a chance node
    (``chance_pending``). The owed chance actions are dealt, with the outcomes the
    uninterrupted game would have had, first thing by the next ``apply``, ``undo`` or
    ``redo`` or by ``complete_chance()``; or by :meth:`Session.resume` (needed if the
    session closed itself because the journal could not even be cut back), which draws
    them from its own fresh secret (nobody has seen them). ``errno`` is that of
    the write that failed; the original ``OSError`` is the ``__cause__``."""


def chance_rng(seed: int, n: int) -> random.Random:
    """The generator that picks the automatic chance action at position ``n`` of a game
    whose chance seed is ``seed``: the session's secret, never the header's seed."""
    return random.Random(f"companion-chance:{seed}:{n}")


def fresh_chance_seed() -> int:
    """A new secret for a session's chance generator: 128 bits from the system's
    cryptographic source, never written anywhere."""
    return secrets.randbits(128)


@dataclass(frozen=True, slots=True)
class Step(Generic[A]):
    """One action in the current line of play, as journaled."""

    n: int
    action: A
    actor: int
    """The seat that acted, or ``CHANCE``."""
    t: float
    auto: bool = False
    """Picked by the session (an automatic chance action)."""
    line: int | None = field(default=None, compare=False)
    """The journal line it was replayed from (``None`` when applied in this session)."""

    @property
    def is_chance(self) -> bool:
        return self.actor == CHANCE


@dataclass(frozen=True, slots=True)
class Note:
    """A journaled note (:meth:`Session.annotate`): what happened at the table, beside the
    game. ``n`` is the number of actions in the line of play when it was written."""

    kind: str
    data: Any
    n: int
    t: float
    line: int | None = field(default=None, compare=False)
    """The journal line it was read from (``None`` when written in this session)."""


# --- reading a journal -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """One line of a journal after its header, as read: its line number (the header is line
    1) and its JSON object (an action, an undo, a redo or a note)."""

    line: int
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class _Torn:
    offset: int
    size: int
    line: int
    why: Words


@dataclass(frozen=True, slots=True)
class _Contents:
    path: Path
    header: dict[str, Any]
    records: list[JournalRecord]
    torn: _Torn | None


def _parse_record(path: Path, number: int, raw: bytes) -> dict[str, Any] | None:
    """Line ``number`` of ``path`` as a record (a JSON object with a ``type``), or None.
    A line longer than :data:`MAX_LINE_BYTES` or nested too deeply for Python's JSON
    reader is an :class:`UnreadableJournal` naming it (never a torn line: a crash during a
    write leaves neither)."""
    _check_line_length(path, number, raw)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    except RecursionError:
        problem = say(
            "nested too deeply (JSON lists or objects inside each other deeper than can be "
            "read), so not a journal line; this is not a game journal"
        )
        raise UnreadableJournal(on_file(path, _on_line(number, problem))) from None
    return data if isinstance(data, dict) and isinstance(data.get("type"), str) else None


def _check_line_length(path: Path, number: int, raw: bytes) -> None:
    if len(raw) > MAX_LINE_BYTES:
        problem = say(
            "line {line} is longer than {limit} ({size}), so not a journal line; this is not "
            "a game journal",
            line=number,
            limit=_size_words(MAX_LINE_BYTES),
            size=_bytes(len(raw)),
        )
        raise UnreadableJournal(on_file(path, problem))


def _size_words(size: int) -> Words:
    if size % (1 << 20) == 0:
        return say("{size} MiB", size=size >> 20)
    return _bytes(size)


def _bytes(count: int) -> Words:
    """``"5 bytes"`` (the English says "1 bytes" too, as it always has: one form)."""
    return plural_words("{count} bytes", "{count} bytes", count, count=count)


def _file_that(path: Path, reason: Words) -> Words:
    """``"games/x.jsonl is already open ..."``: words that go on from the file's name."""
    return say("{file} {reason}", file=str(path), reason=reason)


def _on_line(number: int, problem: object) -> Words:
    """``"line 3: ..."``: what is wrong with a journal's line ``number``."""
    return say("line {line}: {problem}", line=number, problem=problem)


def _read_journal(path: Path) -> _Contents:
    """Read and parse ``path`` (see :func:`_parse_journal`): a regular file only (see
    :func:`_open_regular`), at most :data:`MAX_JOURNAL_BYTES`."""
    fd = _open_regular(path, os.O_RDONLY)
    try:
        return _parse_journal(path, _read_all(fd, path))
    finally:
        os.close(fd)


def _open_regular(path: Path, flags: int) -> int:
    """Open the journal ``path`` with ``flags``, a regular file only: a symbolic link is
    followed when it leads to one. Anything else is refused before it is opened (a FIFO
    would wait for a writer forever, a device may never end): :class:`UnreadableJournal`,
    or ``IsADirectoryError`` for a folder. Other ``OSError`` s (no such file, a name too
    long) pass through. The file opened is checked again, in case it was swapped since."""
    _require_regular(path, os.stat(path).st_mode)
    fd = os.open(path, flags | os.O_NONBLOCK | os.O_NOCTTY)
    try:
        _require_regular(path, os.fstat(fd).st_mode)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _require_regular(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory, not a journal file", str(path))
    if stat.S_ISFIFO(mode):
        kind = say("a FIFO")
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = say("a device")
    else:
        kind = say("a socket or other special file")
    problem = say(
        "not a regular file ({kind}), so not a game journal; it was not opened. Move it out "
        "of the games folder",
        kind=kind,
    )
    raise UnreadableJournal(on_file(path, problem))


def _read_all(fd: int, path: Path) -> bytes:
    """The file open at ``fd``, read from its current offset (the start), up to
    :data:`MAX_JOURNAL_BYTES`; a larger file is an :class:`UnreadableJournal`."""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_JOURNAL_BYTES and (
        chunk := os.read(fd, min(1 << 16, MAX_JOURNAL_BYTES + 1 - size))
    ):
        chunks.append(chunk)
        size += len(chunk)
    if size > MAX_JOURNAL_BYTES:
        problem = say(
            "larger than {limit}, so not a game journal (a whole game is well under 1 MiB); "
            "move it out of the games folder",
            limit=_size_words(MAX_JOURNAL_BYTES),
        )
        raise UnreadableJournal(on_file(path, problem))
    return b"".join(chunks)


def _parse_journal(path: Path, raw: bytes) -> _Contents:
    """Parse the bytes of ``path``; a torn last line is reported in ``torn``, never repaired
    here."""
    *complete, tail = raw.split(b"\n")
    first = _parse_record(path, 1, complete[0]) if complete else None
    if first is None or first.get("type") != "header":
        problem = say("is not a companion journal (its first line is not a journal header)")
        raise UnreadableJournal(_file_that(path, problem))
    torn: _Torn | None = None
    _check_line_length(path, len(complete) + 1, tail)
    if tail:
        offset = len(raw) - len(tail)
        torn = _Torn(offset, len(tail), len(complete) + 1, say("it has no newline"))
    records: list[JournalRecord] = []
    offset = 0
    for number, line in enumerate(complete, start=1):
        data = first if number == 1 else _parse_record(path, number, line)
        if data is None and torn is None and number == len(complete) and number > 1:
            torn = _Torn(offset, len(line) + 1, number, say("it is not a JSON record"))
        elif data is None:
            problem = say(
                "line {line} is not a JSON record: {text}; the journal is damaged before its "
                "last line, so it cannot be repaired automatically",
                line=number,
                text=repr(line[:80]),
            )
            raise UnreadableJournal(on_file(path, problem))
        else:
            records.append(JournalRecord(number, data))
        offset += len(line) + 1
    return _Contents(path, _check_header(path, records), records[1:], torn)


def _check_header(path: Path, records: list[JournalRecord]) -> dict[str, Any]:
    header = records[0].data  # _parse_journal checked that line 1 is a header record
    if type(header.get("format")) is not int:
        problem = say(
            "header {key} is {value}, expected the number {format}",
            key=repr("format"),
            value=repr(header.get("format")),
            format=FORMAT,
        )
        raise UnreadableJournal(on_file(path, _on_line(1, problem)))
    if header["format"] != FORMAT:
        problem = say(
            "journal format {format} is not supported (this program reads format "
            "{supported}); upgrade the companion",
            format=repr(header.get("format")),
            supported=FORMAT,
        )
        raise UnreadableJournal(on_file(path, problem))
    fields = {"game": str, "rules_version": str, "seed": int, "setup": dict}
    for key, kind in fields.items():
        if not isinstance(header.get(key), kind) or isinstance(header.get(key), bool):
            problem = say("header {key} is {value}", key=repr(key), value=repr(header.get(key)))
            raise UnreadableJournal(on_file(path, _on_line(1, problem)))
    if "auto_chance" in header and type(header["auto_chance"]) is not bool:
        problem = say(
            "header {key} is {value}, expected true or false",
            key=repr("auto_chance"),
            value=repr(header["auto_chance"]),
        )
        raise UnreadableJournal(on_file(path, _on_line(1, problem)))
    return header


def _engine_for(contents: _Contents, engine: Engine[Any, Any] | None) -> Engine[Any, Any]:
    game = contents.header["game"]
    if engine is None:
        try:
            engine = get_engine(game)
        except SetupError as exc:
            raise UnreadableJournal(on_file(contents.path, _on_line(1, error_reason(exc)))) from exc
    if engine.name != game:
        problem = say("a {game} journal, not {engine}", game=repr(game), engine=repr(engine.name))
        raise UnreadableJournal(on_file(contents.path, _on_line(1, problem)))
    if contents.header["rules_version"] != engine.rules_version:
        written = say(
            "written under {game} rules version {written}, replayed under {current}",
            game=game,
            written=repr(contents.header["rules_version"]),
            current=repr(engine.rules_version),
        )
        warnings.warn(on_file(contents.path, written), JournalWarning, stacklevel=3)
    return engine


# --- writing a journal -----------------------------------------------------------------------


def _encode(record: Mapping[str, JSON]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


def _encode_line(record: Mapping[str, JSON], what: Words) -> bytes:
    """``record`` as a journal line; ``ValueError`` naming ``what`` when it is not JSON or
    longer than a journal line may be (:data:`MAX_LINE_BYTES`, what readers accept)."""
    try:
        line = _encode(record)
    except (TypeError, ValueError, RecursionError) as exc:
        problem = say(
            "{what}: its data is not JSON ({error}): {data}",
            what=what,
            error=str(exc),
            data=repr(record.get("data")),
        )
        raise ValueError(problem) from exc
    if len(line) > MAX_LINE_BYTES:
        problem = say(
            "{what}: its line would be {size}, longer than a journal line may be ({limit})",
            what=what,
            size=_bytes(len(line)),
            limit=_size_words(MAX_LINE_BYTES),
        )
        raise ValueError(problem)
    return line


def _note_words(kind: str) -> Words:
    """``"note 'seats'"``: a note, by its kind, in a message."""
    return say("note {kind}", kind=repr(kind))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_NO_HARD_LINKS: Final = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS})
"""What ``link`` fails with on a file system without hard links (FAT on a USB stick)."""


def _create_journal(path: Path, first_lines: bytes) -> int:
    """Create the journal ``path`` holding ``first_lines`` (the header, then the notes that
    define the game); return it open for appending, locked.

    The lines go to a new temporary file in the same directory (a unique name from
    ``mkstemp``), which is locked, synced, then hard-linked to ``path``: the link fails if
    ``path`` exists, so no journal is ever overwritten, and ``path`` never appears without
    all of its first lines. Raises :class:`JournalExists` if ``path`` exists and ``OSError`` if
    the journal cannot be made; either way neither ``path`` nor the temporary file is left.
    """
    import tempfile  # only a new journal needs it: reading one (companion replay) does not

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temporary_left, created = True, False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new file: nobody else holds it
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_APPEND)
        _write_all(fd, first_lines)
        os.fsync(fd)
        temporary_left = _link_new(temporary, path)
        created = True
        if temporary_left:
            os.unlink(temporary)
            temporary_left = False
        _fsync_directory(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            if created:
                os.unlink(path)
            if temporary_left:
                os.unlink(temporary)
        os.close(fd)
        raise
    return fd


def _link_new(source: str, path: Path) -> bool:
    """Give the file ``source`` the name ``path`` too, failing with :class:`JournalExists`
    if ``path`` exists. Returns whether ``source`` still exists (the caller removes it).

    Without hard links the name is first reserved with an exclusive create, then
    ``source`` is renamed over the reservation: a crash in between leaves an empty file,
    which readers report as not a journal, never a journal without its header."""
    exists = JournalExists(
        _file_that(path, say("already exists; resume it or choose another file name"))
    )
    try:
        os.link(source, path)
        return True
    except FileExistsError:
        raise exists from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        raise exists from None
    try:
        os.replace(source, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    return False


def _open_locked(path: Path) -> int:
    """Open ``path`` (a regular file: :func:`_open_regular`) for reading and appending,
    locked against a second writer (the lock dies with the process)."""
    fd = _open_regular(path, os.O_RDWR | os.O_APPEND)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        problem = say(
            "is already open in another session or process; close that one first (two "
            "writers would interleave their lines)"
        )
        raise JournalError(_file_that(path, problem)) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


# --- the session -----------------------------------------------------------------------------


class Session(Generic[S, A]):
    """A game in progress backed by its journal. Start one with :meth:`start`, reopen one
    with :meth:`resume`, or read one without writing with :meth:`load`."""

    def __init__(
        self,
        engine: Engine[S, A],
        path: Path,
        header: dict[str, Any],
        *,
        clock: Clock = time.time,
        chance_seed: int | None = None,
    ) -> None:
        """Internal: use :meth:`start`, :meth:`resume` or :meth:`load`."""
        self.engine = engine
        self.path = path
        self.header = header
        self.repair: str | None = None
        """What :meth:`resume` repaired (the warning's text), or ``None``."""
        self._clock = clock
        self._states: list[S] = [engine.new(header["setup"], header["seed"])]
        self._steps: list[Step[A]] = []
        self._moves: list[int] = []
        self._redo: list[list[Step[A]]] = []
        self._notes: list[Note] = []
        self._fd: int | None = None
        self._size = 0
        self._chance_seed = fresh_chance_seed() if chance_seed is None else chance_seed
        """The secret the automatic chance actions are drawn from (see ``JOURNAL.md``,
        Chance): never written, never the header's seed."""

    # -- opening --

    @classmethod
    def start(
        cls,
        engine: Engine[S, A],
        setup: Mapping[str, Any],
        seed: int,
        path: str | os.PathLike[str],
        *,
        auto_chance: bool = True,
        clock: Clock = time.time,
        notes: Sequence[tuple[str, JSON]] = (),
        chance_seed: int | None = None,
    ) -> Session[S, A]:
        """Start a new game journaled at ``path`` (which must not exist yet).

        ``notes`` (kind, data) are what else defines the game (who is a person, who a
        bot): they are written with the header, before any action, so a journal never
        exists without them. With ``auto_chance`` the opening chance actions (the deal)
        are then applied and journaled at once, drawn from a fresh secret (see
        ``JOURNAL.md``, Chance); ``chance_seed`` fixes that secret instead, for tests
        only. ``seed`` is the header's seed, which predicts no chance action.

        Raises :class:`~companion.rules.base.SetupError` for a bad setup,
        :class:`JournalExists` (a ``FileExistsError``) if ``path`` exists, and
        ``OSError`` if the journal cannot be written. When the journal could not be
        created, no file is left at ``path``; when only the opening deal could not be
        written, the journal stays (unlocked) and :meth:`resume` deals the rest. A bad
        note is a ``ValueError`` and nothing is written.
        """
        if type(seed) is not int:
            raise SetupError(say("the seed must be an integer, got {seed}", seed=repr(seed)))
        if chance_seed is not None and type(chance_seed) is not int:
            raise SetupError(
                say("the chance seed must be an integer, got {seed}", seed=repr(chance_seed))
            )
        header: dict[str, Any] = {
            "type": "header",
            "format": FORMAT,
            "game": engine.name,
            "rules_version": engine.rules_version,
            "setup": engine.validate_setup(setup),
            "seed": seed,
            "created": datetime.fromtimestamp(clock(), UTC).isoformat(timespec="seconds"),
            "auto_chance": auto_chance,
        }
        session = cls(engine, Path(path), header, clock=clock, chance_seed=chance_seed)
        first_lines = [_encode(header)]
        for kind, data in notes:
            note, record = session._note_record(kind, data)
            first_lines.append(_encode_line(record, _note_words(kind)))
            session._notes.append(note)
        session._fd = _create_journal(session.path, b"".join(first_lines))
        session._size = os.fstat(session._fd).st_size
        try:
            session._advance_chance()
        except BaseException:
            session.close()
            raise
        return session

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        *,
        engine: Engine[Any, Any] | None = None,
    ) -> Session[Any, Any]:
        """Rebuild the game in ``path`` read-only (the file is never changed; a torn last
        line is skipped with a :class:`JournalWarning`). The engine is looked up by the
        header's game name unless given. Raises :class:`JournalError` on a bad journal."""
        contents = _read_journal(Path(path))
        session = cls._rebuild(contents, engine, time.time)
        if contents.torn is not None:
            session.repair = _torn_message(contents.path, contents.torn, repaired=False)
            warnings.warn(session.repair, JournalWarning, stacklevel=2)
        return session

    @classmethod
    def open_journal(
        cls,
        path: str | os.PathLike[str],
        *,
        engine: Engine[Any, Any] | None = None,
    ) -> tuple[Session[Any, Any], tuple[JournalRecord, ...]]:
        """Read ``path`` without replaying it: the game at its start (read-only, the file is
        never changed) and the journal's lines after the header, in order. Give them to
        :meth:`replay_record` one at a time to watch each line's effect (``companion
        replay`` does); :meth:`load` is the same with every line replayed at once.

        A torn last line is left out with a :class:`JournalWarning`. Raises
        :class:`UnreadableJournal` when the file is not a readable journal, ``OSError`` when
        it cannot be read at all.
        """
        contents = _read_journal(Path(path))
        session = cls._start_from(contents, engine, time.time)
        if contents.torn is not None:
            session.repair = _torn_message(contents.path, contents.torn, repaired=False)
            warnings.warn(session.repair, JournalWarning, stacklevel=2)
        return session, tuple(contents.records)

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        *,
        engine: Engine[Any, Any] | None = None,
        clock: Clock = time.time,
        chance_seed: int | None = None,
    ) -> Session[Any, Any]:
        """Reopen the game in ``path`` to continue it after a quit or a crash.

        The chance actions dealt from now on are drawn from a fresh secret, not the one the
        game was started with (see ``JOURNAL.md``, Chance); ``chance_seed`` fixes it
        instead, for tests only.

        The journal is locked first, then read (so no other writer can append between the
        read and the lock). A torn last line is dropped and the file truncated there (with
        a :class:`JournalWarning` naming file and byte offset); with ``auto_chance``, chance
        actions the crash interrupted are then applied as the live game would have.
        Raises :class:`JournalError` if the journal is locked by another session or cannot
        be replayed, and ``OSError`` if it cannot be read or written; the journal is
        released again whenever ``resume`` raises.
        """
        path = Path(path)
        fd = _open_locked(path)
        try:
            contents = _parse_journal(path, _read_all(fd, path))
            session = cls._rebuild(contents, engine, clock, chance_seed)
        except BaseException:
            os.close(fd)
            raise
        session._fd = fd
        try:
            if contents.torn is not None:
                os.ftruncate(fd, contents.torn.offset)
                os.fsync(fd)
                session.repair = _torn_message(contents.path, contents.torn, repaired=True)
            session._size = os.fstat(fd).st_size
            if session.repair is not None:
                warnings.warn(session.repair, JournalWarning, stacklevel=2)
            session._advance_chance()
        except BaseException:
            session.close()
            raise
        return session

    @classmethod
    def _rebuild(
        cls,
        contents: _Contents,
        engine: Engine[Any, Any] | None,
        clock: Clock,
        chance_seed: int | None = None,
    ) -> Session[Any, Any]:
        session = cls._start_from(contents, engine, clock, chance_seed)
        for record in contents.records:
            session.replay_record(record)
        return session

    @classmethod
    def _start_from(
        cls,
        contents: _Contents,
        engine: Engine[Any, Any] | None,
        clock: Clock,
        chance_seed: int | None = None,
    ) -> Session[Any, Any]:
        """The game of ``contents`` at its start: nothing replayed yet."""
        engine = _engine_for(contents, engine)
        try:
            return cls(engine, contents.path, contents.header, clock=clock, chance_seed=chance_seed)
        except SetupError as exc:
            raise UnreadableJournal(on_file(contents.path, _on_line(1, error_reason(exc)))) from exc

    # -- the game --

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def history(self) -> tuple[Step[A], ...]:
        """The actions of the current line of play (undone ones excluded), chance included."""
        return tuple(self._steps)

    @property
    def states(self) -> tuple[S, ...]:
        """The state before the first action, then the state after each action of
        :attr:`history`: ``states[k]`` is the state ``history[k]`` was applied to."""
        return tuple(self._states)

    @property
    def seed(self) -> int:
        """The header's seed: the seed of what replays from it (the Pow-Wow dead-heat
        draws, the bots' generators); it predicts no chance action (see ``JOURNAL.md``)."""
        return int(self.header["seed"])

    @property
    def setup(self) -> dict[str, Any]:
        return dict(self.header["setup"])

    @property
    def auto_chance(self) -> bool:
        return bool(self.header.get("auto_chance", True))

    @property
    def actor(self) -> int | None:
        return self.engine.actor(self.state)

    @property
    def legal_actions(self) -> Sequence[A]:
        return self.engine.legal_actions(self.state)

    @property
    def is_over(self) -> bool:
        return self.engine.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self.state)

    def view(self, seat: int) -> JSON:
        return self.engine.view(self.state, seat)

    @property
    def notes(self) -> tuple[Note, ...]:
        """Every note journaled so far, in order (undone actions do not remove them)."""
        return tuple(self._notes)

    def annotate(self, kind: str, data: JSON) -> Note:
        """Journal a note (fsync'd like an action) and return it. It never changes the
        state; replay skips it for the state; undo does not remove it. Raises
        ``ValueError`` if ``kind`` is empty or ``data`` is not JSON, ``OSError`` if the
        journal cannot be written (the note is then not kept)."""
        note, record = self._note_record(kind, data)
        _encode_line(record, _note_words(kind))
        self._write(record)
        self._notes.append(note)
        return note

    def _note_record(self, kind: str, data: JSON) -> tuple[Note, dict[str, JSON]]:
        """A note written now, and its journal line."""
        if not isinstance(kind, str) or not kind:
            raise ValueError(
                say("a note needs a kind (a non-empty string), got {kind}", kind=repr(kind))
            )
        note = Note(kind, data, len(self._steps), self._clock())
        record: dict[str, JSON] = {
            "type": "note",
            "n": note.n,
            "kind": kind,
            "data": data,
            "t": note.t,
        }
        return note, record

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def chance_pending(self) -> bool:
        """The session owes automatic chance actions it could not journal yet (after a
        :class:`ChancePending`); the next call deals them first."""
        return self.auto_chance and self.actor == CHANCE

    def complete_chance(self) -> S:
        """Deal and journal the automatic chance actions the game is waiting for, if any
        (after a :class:`ChancePending`); returns the state. ``apply``, ``undo`` and
        ``redo`` do this first anyway. Raises ``OSError`` if the journal cannot be written:
        the chance actions written before the failure count, the rest are still owed."""
        self._require_open()
        self._advance_chance()
        return self.state

    def apply(self, action: A) -> S:
        """Play ``action`` as a new move; returns the new state (after automatic chance).

        Chance actions still owed from an interrupted deal are dealt first (see
        :meth:`complete_chance`). Raises :class:`~companion.errors.IllegalAction` (the
        action is not journaled) if the rules refuse it. If the journal cannot be written
        it raises ``OSError``, and the session holds exactly what the journal holds:

        - :class:`ChancePending` (an ``OSError``): ``action`` counts (journaled, in
          ``history``, undoable) but the automatic chance actions after it were not all
          written; they are dealt, with the same outcomes, on the next call (or, drawn
          afresh, on resume);
        - any other ``OSError``: ``action`` does not count. (Chance actions owed from
          before may have been dealt: the same ones the interrupted deal would have dealt.)
        """
        self.complete_chance()
        self._record_action(action, auto=False)
        try:
            self._advance_chance()
        except OSError as exc:
            problem = say(
                "{action} was saved, but the automatic chance actions after it could not "
                "be: {reason}; they will be dealt, with the same outcomes, by the next apply, "
                "undo or redo (or, drawn afresh, on resume)",
                action=repr(action),
                reason=os_reason(exc) if exc.strerror else error_reason(exc),
            )
            pending = ChancePending(on_file(self.path, problem))
            pending.errno = exc.errno
            raise pending from exc
        return self.state

    def undo(self) -> S:
        """Revert the last move (with its automatic chance actions); returns the state.

        Chance actions still owed are dealt first, so an interrupted move is undone
        whole. Raises :class:`~companion.errors.IllegalAction` when there is nothing to
        undo, and ``OSError`` if the journal cannot be written (the undo does not count).
        """
        self.complete_chance()
        if not self._moves:
            raise IllegalAction(say("nothing to undo: no move has been made since the start"))
        self._write({"type": "undo", "n": self._moves[-1], "t": self._clock()})
        self._undo_move()
        return self.state

    def redo(self) -> S:
        """Re-apply the last undone move exactly; returns the state.

        Chance actions still owed are dealt first (there are none while a move can be
        redone, since any new action clears the redo stack). Raises
        :class:`~companion.errors.IllegalAction` when there is nothing to redo, and
        ``OSError`` if the journal cannot be written (the redo does not count).
        """
        self.complete_chance()
        if not self._redo:
            raise IllegalAction(say("nothing to redo: no move was undone since the last action"))
        states = self._replay_move(self._redo[-1])
        self._write({"type": "redo", "n": len(self._steps) + len(states), "t": self._clock()})
        self._redo_move(states)
        return self.state

    # -- closing --

    @property
    def closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        """Close the journal; safe to call twice. Everything applied is already on disk."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> Session[S, A]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        status = "closed" if self.closed else "open"
        return (
            f"<Session {self.engine.name!r} {str(self.path)!r} actions={len(self._steps)} "
            f"actor={self.actor} {status}>"
        )

    # -- internals: the line of play --

    def _record_action(self, action: A, *, auto: bool) -> None:
        """Check ``action`` with the engine, journal it (fsync), then commit it."""
        actor = self.engine.actor(self.state)
        if actor is None:
            over = say(
                "{action} refused: the game is over ({outcome})",
                action=repr(action),
                outcome=str(self.outcome),
            )
            raise IllegalAction(over)
        state = self.engine.apply(self.state, action)
        step = Step(len(self._steps), action, actor, self._clock(), auto)
        self._write(self._action_record(step))
        self._push(step, state)

    def _advance_chance(self) -> None:
        while self.auto_chance and self.engine.actor(self.state) == CHANCE:
            outcomes = self.engine.chance_outcomes(self.state)
            action = sample_chance(outcomes, chance_rng(self._chance_seed, len(self._steps)))
            self._record_action(action, auto=True)

    def _push(self, step: Step[A], state: S) -> None:
        if not step.auto:
            self._moves.append(len(self._steps))
        self._steps.append(step)
        self._states.append(state)
        self._redo.clear()

    def _undo_move(self) -> None:
        start = self._moves.pop()
        self._redo.append(self._steps[start:])
        del self._steps[start:]
        del self._states[start + 1 :]

    def _replay_move(self, steps: list[Step[A]]) -> list[S]:
        states, state = [], self.state
        for step in steps:
            state = self.engine.apply(state, step.action)
            states.append(state)
        return states

    def _redo_move(self, states: list[S]) -> None:
        steps = self._redo.pop()
        self._moves.append(len(self._steps))
        self._steps.extend(steps)
        self._states.extend(states)

    # -- internals: the journal --

    def _action_record(self, step: Step[A]) -> dict[str, JSON]:
        record: dict[str, JSON] = {
            "type": "action",
            "n": step.n,
            "action": self.engine.action_to_json(step.action),
        }
        if step.is_chance:
            record["chance"] = True
            if step.auto:
                record["auto"] = True
        elif step.actor == TABLE:
            record["table"] = True  # a real-time phase: the action names its own seat
        else:
            record["seat"] = step.actor
        record["t"] = step.t
        return record

    def _require_open(self) -> int:
        if self._fd is None:
            problem = say(
                "this session is closed or read-only; use {call} to continue the game",
                call="Session.resume(path)",
            )
            raise JournalError(on_file(self.path, problem))
        return self._fd

    def _write(self, record: Mapping[str, JSON]) -> None:
        """Append one line and fsync it; on failure, cut the file back and re-raise."""
        fd, line = self._require_open(), _encode(record)
        try:
            _write_all(fd, line)
            os.fsync(fd)
        except BaseException:
            self._cut_back(fd)
            raise
        self._size += len(line)

    def _cut_back(self, fd: int) -> None:
        try:
            os.ftruncate(fd, self._size)
        except OSError:
            self.close()

    # -- replay --

    def replay_record(self, record: JournalRecord) -> None:
        """Replay one journal line (from :meth:`open_journal`) on this game, as
        :meth:`load` does for every line. Raises :class:`RefusedLine` naming the line when
        the rules refuse its action or it disagrees with the game; the game is then as it
        was before the line."""
        try:
            self._replay_record(record)
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            problem = say("{why}; the journal cannot be replayed past this line", why=_quoted(exc))
            raise RefusedLine(
                on_file(self.path, _on_line(record.line, problem)),
                record.line,
                record.data,
                exc,
            ) from exc

    # -- internals: replay --

    def _replay_record(self, record: JournalRecord) -> None:
        data = record.data
        kind = data["type"]
        if kind == "action":
            self._replay_action(data, record.line)
            return
        if kind == "note":
            self._replay_note(data, record.line)
            return
        if kind == "undo" and self._moves:
            self._undo_move()
        elif kind == "redo" and self._redo:
            self._redo_move(self._replay_move(self._redo[-1]))
        elif kind == "undo":
            raise ValueError(say("an undo record with nothing to undo"))
        elif kind == "redo":
            raise ValueError(say("a redo record with nothing to redo"))
        else:
            raise ValueError(say("unknown record type {kind}", kind=repr(kind)))
        _check_n(data, len(self._steps))

    def _replay_note(self, data: dict[str, Any], line: int) -> None:
        _check_n(data, len(self._steps))
        kind = data["kind"]
        if not isinstance(kind, str) or not kind:
            raise ValueError(
                say("a note's kind must be a non-empty string, got {kind}", kind=repr(kind))
            )
        self._notes.append(Note(kind, data["data"], data["n"], _time_of(data), line))

    def _replay_action(self, data: dict[str, Any], line: int) -> None:
        actor = self.engine.actor(self.state)
        if actor is None:
            raise ValueError(say("an action after the end of the game"))
        if "seat" in data and type(data["seat"]) is not int:
            problem = say(
                "{key} is {value}, expected a whole number (the seat that acted, from 0)",
                key=repr("seat"),
                value=repr(data["seat"]),
            )
            raise ValueError(problem)
        chance = data.get("chance", False) is True
        table = data.get("table", False) is True
        if actor == TABLE and (chance or not table or "seat" in data):
            raise ValueError(self._wrong_actor(data, actor))
        if actor != TABLE and (
            "table" in data
            or chance != (actor == CHANCE)
            or (not chance and data.get("seat") != actor)
        ):
            raise ValueError(self._wrong_actor(data, actor))
        _check_flags(data)
        _check_n(data, len(self._steps))
        action = self.engine.action_from_json(data["action"])
        state = self.engine.apply(self.state, action)
        auto = chance and data.get("auto", False) is True
        self._push(Step(len(self._steps), action, actor, _time_of(data), auto, line), state)

    def _wrong_actor(self, data: dict[str, Any], actor: int) -> Words:
        """Why an action line's player is not the one the game awaits, for a person: the
        players by colour (or P1, P2... when the game has no colours), never by number."""
        names = _player_names(self.header["setup"], self.engine.num_seats(self.state))
        who = _who(data, names)
        if actor == CHANCE:
            return say(
                "the line names {who}, but the game awaits chance: a card dealt, drawn or "
                'turned by the companion, whose line has "chance": true and no player',
                who=who,
            )
        if actor == TABLE:
            return say(
                "the line names {who}, but the game awaits the table: in this real-time phase "
                "any player may act and the action names its own player, so the line has "
                '"table": true and no "seat"',
                who=who,
            )
        awaited = names[actor] if 0 <= actor < len(names) else say("another player")
        return say(
            "the line names {who}, but the game awaits {player}: it is {player}'s turn, and "
            "the rules give the next action to {player} alone",
            who=who,
            player=awaited,
        )


def _player_names(setup: Mapping[str, Any], seats: int) -> list[str]:
    """The players of a game in words, seat by seat: their colours when the setup gives
    them (Apache, Paris), else P1, P2, ... (Apocalypse)."""
    colours = setup.get("colours")
    if isinstance(colours, list) and len(colours) == seats:
        return [COLOUR_WORDS.get(str(colour), str(colour)) for colour in colours]
    return [f"P{seat + 1}" for seat in range(seats)]


def _who(data: dict[str, Any], names: Sequence[str]) -> str:
    """Who an action line says acted, in words."""
    if data.get("chance", False) is True:
        return say("chance")
    seat = data.get("seat")
    if type(seat) is int and 0 <= seat < len(names):
        player = names[seat]
    else:
        player = say("a seat that is no player of this game ({seat})", seat=repr(seat))
    if "table" in data:
        return (
            say("the table") if "seat" not in data else say("the table and {player}", player=player)
        )
    return player if "seat" in data else say("no player")


def _quoted(error: Exception) -> object:
    """An error's message (a ``KeyError`` names the missing key)."""
    if isinstance(error, KeyError):
        return say("the line has no {key}", key=repr(error.args[0]))
    return error_reason(error)


def _check_n(data: dict[str, Any], actions: int) -> None:
    if type(data["n"]) is not int:
        raise ValueError(
            # one form in English ("1 actions", as it always was); each language its own
            plural_words(
                "{key} is {value}, expected a whole number (the game has {count} actions "
                "at this point)",
                "{key} is {value}, expected a whole number (the game has {count} actions "
                "at this point)",
                actions,
                key=repr("n"),
                value=repr(data["n"]),
                count=actions,
            )
        )
    if data["n"] != actions:
        raise ValueError(
            plural_words(
                "{key} is {value} but the game has {count} actions at this point",
                "{key} is {value} but the game has {count} actions at this point",
                actions,
                key=repr("n"),
                value=repr(data["n"]),
                count=actions,
            )
        )


def _time_of(data: dict[str, Any]) -> float:
    """A line's ``t``: a finite number (true is no number, though Python counts it one)."""
    t = data["t"]
    if type(t) not in (int, float) or not math.isfinite(t):
        problem = say(
            "{key} is {value}, expected a number (the Unix time of the line)",
            key=repr("t"),
            value=repr(t),
        )
        raise ValueError(problem)
    return float(t)


_FLAGS: Final = ("chance", "auto", "table")
"""An action line's flags: each is ``true`` or left out (the session never writes false)."""


def _check_flags(data: dict[str, Any]) -> None:
    for flag in _FLAGS:
        if flag in data and data[flag] is not True:
            problem = say(
                "{flag} is {value}, expected true (or no {flag})",
                flag=repr(flag),
                value=repr(data[flag]),
            )
            raise ValueError(problem)


def _torn_message(path: Path, torn: _Torn, *, repaired: bool) -> Words:
    if repaired:
        done = say("the file was truncated to {size}", size=_bytes(torn.offset))
    else:
        done = say("it was skipped")
    dropped = say(
        "dropped a torn last line (line {line}, {size} at byte offset {offset}: {why}), left "
        "by a crash during a write; {done}",
        line=torn.line,
        size=_bytes(torn.size),
        offset=str(torn.offset),  # a place in the file, not a quantity: no digit grouping
        why=torn.why,
        done=done,
    )
    return on_file(path, dropped)


# --- finding games ---------------------------------------------------------------------------


def default_games_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where journals live: ``$COMPANION_DATA_DIR/games``, else
    ``$XDG_STATE_HOME/companion/games``, else ``~/.local/state/companion/games``."""
    env = os.environ if environ is None else environ
    if env.get("COMPANION_DATA_DIR"):
        return Path(env["COMPANION_DATA_DIR"]) / "games"
    if env.get("XDG_STATE_HOME"):
        return Path(env["XDG_STATE_HOME"]) / "companion" / "games"
    return Path.home() / ".local" / "state" / "companion" / "games"


def new_journal_path(game: str, directory: Path | None = None, *, now: float | None = None) -> Path:
    """A fresh journal file name such as ``games/toy-20250101-200000.jsonl`` (``-2``,
    ``-3``, ... appended while the name is taken).

    The name is only free when asked: two games started in the same second can be given
    the same one. :meth:`Session.start` never overwrites a journal; the second gets
    :class:`JournalExists` and can ask again for the next free name."""
    directory = default_games_dir() if directory is None else directory
    stamp = datetime.fromtimestamp(time.time() if now is None else now, UTC)
    stem = f"{game}-{stamp:%Y%m%d-%H%M%S}"
    path, count = directory / f"{stem}{SUFFIX}", 1
    while path.exists():
        count += 1
        path = directory / f"{stem}-{count}{SUFFIX}"
    return path


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What the start menu and ``companion games`` show of a journal: enough to tell two
    games of the same kind apart (when started, by whom, how far)."""

    path: Path
    game: str
    actions: int
    """Actions in the current line of play, chance actions included."""
    seed: int
    """The header's seed (it predicts no chance action: see ``JOURNAL.md``)."""
    mtime: float
    """When the journal was last written (Unix time)."""
    started: float | None = None
    """When the game was started (the header's ``created``, Unix time; None: not said)."""
    players: tuple[str, ...] = ()
    """The players in words, seat by seat: colours, else P1, P2, ..."""
    progress: str = ""
    """How far the game is, in the game's words (``"card 40 of 114"``, ``"round 2, turn
    3"``); empty when the game has none (then ``actions`` says it)."""
    moves: int = -1
    """Actions a player made (chance actions left out); -1: not counted."""
    over: bool = False


UnfinishedGame = SavedGame
"""A :class:`SavedGame` whose game is not over (``unfinished_games`` lists only those)."""

DISCARDED: Final = "discarded"
"""The folder, inside the games folder, that discarded journals are moved to."""


def saved_games(directory: Path | None = None) -> list[SavedGame]:
    """Every readable journal in ``directory``, finished or not, newest first, each read
    once.

    Each bad file is skipped with one :class:`JournalWarning` naming it and why (not a
    journal, damaged, not a regular file, too large...), and the others are still listed.
    Only regular files are opened, each read up to :data:`MAX_JOURNAL_BYTES`; nothing is
    modified; a directory that does not exist has none, one that cannot be read is warned
    of and has none."""
    directory = default_games_dir() if directory is None else directory
    found: list[SavedGame] = []
    for path in _journal_names(directory):
        try:
            session = Session.load(path)
            mtime = path.stat().st_mtime
        except (JournalError, OSError) as exc:
            skipping = say("skipping {file}: {why}", file=str(path), why=_why(exc, path))
            warnings.warn(skipping, JournalWarning, stacklevel=2)
            continue
        found.append(_saved_game(session, mtime))
    return sorted(found, key=lambda game: (game.mtime, game.path.name), reverse=True)


def unfinished_games(directory: Path | None = None) -> list[SavedGame]:
    """The journals in ``directory`` whose game is not over, newest first (see
    :func:`saved_games`)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = saved_games(directory)
    for warning in caught:
        warnings.warn(warning.message, warning.category, stacklevel=2)
    return [game for game in games if not game.over]


def _saved_game(session: Session[Any, Any], mtime: float) -> SavedGame:
    state = session.state
    return SavedGame(
        session.path,
        session.engine.name,
        len(session.history),
        session.seed,
        mtime,
        started=_created(session.header),
        players=tuple(_player_names(session.setup, session.engine.num_seats(state))),
        progress=progress_words(state),
        moves=sum(1 for step in session.history if not step.is_chance),
        over=session.is_over,
    )


def _created(header: Mapping[str, Any]) -> float | None:
    """The header's ``created`` as Unix time (None when missing or not a time)."""
    created = header.get("created")
    if not isinstance(created, str):
        return None
    try:
        stamp = datetime.fromisoformat(created)
    except ValueError:
        return None
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).timestamp()


def progress_words(state: object) -> str:
    """How far a game is, in its own words: the cards turned of an Apache deck (``"card 40
    of 114"``), the round (Apocalypse: ``"round 2"``) and the turn of a round (Paris:
    ``"round 2, turn 3"``); empty for a game that counts neither (the Apache tracker).
    Words: the start menu shows them in its language."""
    deck, display = getattr(state, "deck", None), getattr(state, "display", None)
    if isinstance(deck, tuple) and isinstance(display, tuple):
        total = len(deck) + len(display) + _pile_cards(state) + len(getattr(state, "removed", ()))
        return say("card {card} of {cards}", card=total - len(deck), cards=total)
    number = getattr(state, "round", None)
    if type(number) is not int or number < 1:
        return ""
    turn = getattr(state, "turn", None)
    if hasattr(state, "districts") and type(turn) is int and turn > 0:  # Paris: turn 1..6
        return say("round {round}, turn {turn}", round=number, turn=turn)
    return say("round {round}", round=number)


def _pile_cards(state: object) -> int:
    piles = getattr(state, "piles", ())
    return sum(len(pile) for pile in piles if isinstance(pile, tuple))


def discard_journal(path: Path) -> Path:
    """Move the journal ``path`` into the :data:`DISCARDED` folder beside it (made when
    missing; ``-2``, ``-3``, ... added to a name already there); return where it went.
    Nothing is deleted. Refused with a :class:`JournalError` when the file is not a
    readable journal or its game is open in a session (this program or another)."""
    path = Path(path)
    fd = _open_locked(path)  # not a journal open elsewhere: the lock says
    try:
        _parse_journal(path, _read_all(fd, path))
        target = _free_name(path.parent / DISCARDED, path.name)
        target.parent.mkdir(exist_ok=True)
        os.rename(path, target)  # the same file system: never a copy
        _fsync_directory(path.parent)
    finally:
        os.close(fd)
    return target


def _free_name(directory: Path, name: str) -> Path:
    stem, suffix = name.removesuffix(SUFFIX), SUFFIX if name.endswith(SUFFIX) else ""
    path, count = directory / name, 1
    while path.exists():
        count += 1
        path = directory / f"{stem}-{count}{suffix}"
    return path


def _journal_names(directory: Path) -> list[Path]:
    """The ``*.jsonl`` names in ``directory`` (none when it does not exist; a warning and
    none when it cannot be read)."""
    try:
        with os.scandir(directory) as entries:
            names = [entry.name for entry in entries if entry.name.endswith(SUFFIX)]
    except FileNotFoundError:
        return []
    except OSError as exc:
        warnings.warn(on_file(_shown_path(directory), _why(exc)), JournalWarning, stacklevel=3)
        return []
    return [directory / name for name in sorted(names)]


def _why(error: Exception, path: Path | None = None) -> object:
    """Why ``path`` could not be used, in one line (words a screen can say in its
    language): an ``OSError``'s reason, or a journal error's words without the file name
    they start with (the caller names it)."""
    if isinstance(error, OSError) and error.strerror:
        return say("cannot be read: {reason}", reason=os_reason(error))
    return _off_file(error, path)


def _off_file(error: Exception, path: Path | None) -> object:
    """``error``'s words without the file name ``path`` they start with (the caller names
    it), in words a screen can say in its language."""
    words = error_reason(error)
    if path is None or not str(words).startswith(str(path)):
        return words
    if isinstance(words, Words) and words.values.get("file") == str(path):
        return words.values["reason"]  # on_file's or _file_that's words
    return str(words)[len(str(path)) :].removeprefix(":").strip()


def _shown_path(path: Path) -> str:
    """``path`` for a message, shortened when it is too long to read (the length said)."""
    text = str(path)
    return text if len(text) <= 200 else f"{text[:60]}... ({len(text)} characters)"


# --- companion games ---------------------------------------------------------------------------


def add_games_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``companion games``."""
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="where the journals are (default: $COMPANION_DATA_DIR/games, else "
        "$XDG_STATE_HOME/companion/games, else ~/.local/state/companion/games)",
    )
    parser.add_argument(
        "--discard",
        metavar="NAME",
        default=None,
        help=f"move the unfinished game NAME (a journal's file name as listed, or its path) "
        f"into the {DISCARDED}/ folder beside the games: it is no longer offered for resume, "
        "and nothing is deleted",
    )
    parser.add_argument(
        "--yes",
        action="store_true",
        help="with --discard: do not ask (without it, the command asks when run at a terminal "
        "and refuses otherwise)",
    )
    parser.set_defaults(games_prog=parser.prog)


def game_words(game: SavedGame, *, name: str | None = None) -> str:
    """``"apache_tracker started 19:05 (local time), red, blue, 12 actions"``: the game
    (``name`` in its place), when started, its players and how far it is."""
    parts = [name or game.game]
    if game.started is not None:
        parts[0] += f" started {datetime.fromtimestamp(game.started):%H:%M}"
    if game.players:
        parts.append(", ".join(game.players))
    parts.append(game.progress or f"{game.actions} actions")
    return ", ".join(parts)


def games_command(args: argparse.Namespace) -> int:
    """List the unfinished games, newest first, with what it takes to look at each; or
    discard one (``--discard NAME``).

    Exit codes: 0 listed or discarded (or no games yet: the default directory is made by
    the first game), 1 a discard not confirmed, 2 ``--dir`` names no directory or
    ``--discard`` no unfinished game.
    """
    prog = getattr(args, "games_prog", "companion games")
    directory = default_games_dir() if args.dir is None else Path(args.dir)
    try:
        mode: int | None = directory.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        print(f"{prog}: error: {_shown_path(directory)}: {_why(exc)}", file=sys.stderr)
        return 2
    if mode is None or not stat.S_ISDIR(mode):
        if args.dir is None and mode is None and args.discard is None:
            print(f"no games yet: {directory} does not exist (the first game creates it)")
            return 0
        what = "does not exist" if mode is None else "is not a directory"
        print(f"{prog}: error: {directory} {what}", file=sys.stderr)
        return 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        unfinished = unfinished_games(directory)
    for warning in caught:
        print(f"{prog}: warning: {warning.message}", file=sys.stderr)
    if args.discard is not None:
        return _discard_command(prog, directory, unfinished, args.discard, yes=args.yes)
    if not unfinished:
        print(f"no unfinished games in {directory}")
        return 0
    print(f"unfinished games in {directory}, newest first:")
    for game in unfinished:
        print(f"  {game.path.name}  {game_words(game)}")
    print("`companion replay FILE` shows a game's score, outcome and history;")
    print(f"`{prog} --discard FILE` moves one aside into {directory / DISCARDED}.")
    return 0


def _discard_command(
    prog: str, directory: Path, unfinished: Sequence[SavedGame], name: str, *, yes: bool
) -> int:
    game = _named_game(directory, unfinished, name)
    if game is None:
        names = ", ".join(g.path.name for g in unfinished) or "none"
        print(
            f"{prog}: error: --discard {name}: no unfinished game of that name in {directory} "
            f"(unfinished games: {names}); give a file name as `{prog}` lists it",
            file=sys.stderr,
        )
        return 2
    question = f"discard {game.path.name} ({game_words(game)})?"
    if not yes and not confirmed(question):
        print(
            f"{prog}: {question} not discarded: add --yes to discard without being asked",
            file=sys.stderr,
        )
        return 1
    try:
        moved = discard_journal(game.path)
    except (JournalError, OSError) as exc:
        print(
            f"{prog}: error: cannot discard {game.path.name}: {_why(exc, game.path)}",
            file=sys.stderr,
        )
        return 2
    print(f"discarded {game.path.name}: moved to {moved} (move it back to resume it)")
    return 0


def _named_game(directory: Path, unfinished: Sequence[SavedGame], name: str) -> SavedGame | None:
    """The unfinished game ``name`` names: its file name, or its path."""
    for game in unfinished:
        if name == game.path.name:
            return game
        with contextlib.suppress(OSError):
            if Path(name).resolve() == game.path.resolve():
                return game
    return None


def remove_if_unplayed(path: Path) -> bool:
    """Remove the journal ``path`` when it holds no action at all: only its header and
    notes (who plays), nothing dealt, played or undone. A game started and left at once
    keeps no journal. False, and the file left alone, when it holds an action, is open in a
    session, or cannot be read."""
    try:
        fd = _open_locked(path)
    except (JournalError, OSError):
        return False
    try:
        contents = _parse_journal(path, _read_all(fd, path))
        kinds = {record.data.get("type") for record in contents.records}
        if kinds <= {"note"} and contents.torn is None:
            path.unlink()
            return True
    except (JournalError, OSError):
        pass
    finally:
        os.close(fd)
    return False
