"""A finished game's record for the history, read from its journal.

The journal is replayed by ``companion replay``'s own functions (:func:`replay`,
:func:`referee_json`), so the history says what the referee says, in the same words for
FULL and TRACKER: the players seat by seat, the scores, the winners and the engine's reason,
and for Apache every Pow-Wow window's slaps with their results and times.

The times come from the arbiter's stamps in the window notes (``companion/JOURNAL.md``): in
FULL mode a slap's ``reaction`` is the time from the card turn; in TRACKER mode the
companion does not see the card, and a slap's ``gap`` is the time to the window's first slap
(0 for the first). The two are never mixed: a game's mode says which one its slaps carry.
Ignored presses (a repeat in a window, a slap after the player's one on a card, a press
after its window) are not slaps: they are counted per player. A duplicate delivery of a
press already counted is not a press of its own and is not counted.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from companion.errors import JournalError
from companion.history.errors import NotFinished, NotRecordable
from companion.session import Note, Session, _created, _off_file
from companion.tools.replay import REFEREES, Replayed, referee_json, replay
from companion.words import error_reason, os_reason, say

__all__ = [
    "FAMILIES",
    "GAP",
    "KINDS",
    "REACTION",
    "GameRecord",
    "PlayerRecord",
    "SlapRecord",
    "family_of",
    "kind_of_mode",
    "mode_of_kind",
    "record_from_journal",
]

FAMILIES: Final = ("apache", "apocalypse", "paris")
"""The games, each in both modes (``apache`` and ``apache_tracker`` are the family
``apache``)."""

REACTION: Final = "reaction"
"""A FULL game's slap time: from the card turn (ms)."""
GAP: Final = "gap"
"""A TRACKER game's slap time: to the window's first slap (ms)."""
KINDS: Final = (REACTION, GAP)

FULL: Final = "full"
TRACKER: Final = "tracker"

WINDOW_NOTES: Final = frozenset({"powwow-window", "window"})
LATE_NOTE: Final = "late"
NAMES_NOTE: Final = "names"
"""The note a game started with players of the roster begins with: ``{"seats": {seat:
name}}`` (``red`` or ``P1`` -> ``Anna``); a seat without a name is a guest, kept as its
seat."""
NOT_A_PRESS: Final = frozenset({"duplicate"})
"""Ignored reasons that are not a press of their own (the same press delivered twice)."""


@dataclass(frozen=True, slots=True)
class SlapRecord:
    """One slap of a Pow-Wow window, in the window's final order."""

    window: int
    """The window's number in the game (1, 2, ...)."""
    rank: int
    """The slap's place in its window (1: first)."""
    seat: int
    name: str
    indian: str
    kind: str
    """:data:`REACTION` (FULL) or :data:`GAP` (TRACKER)."""
    ms: float | None
    """The time of that kind in ms; ``None`` when the journal has no stamp for it."""
    result: str | None
    """``loot``, ``nothing`` or ``penalty`` (the referee's words)."""
    tied: bool
    """A dead heat: the order was drawn (its time is not a fair figure)."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One seat of a finished game."""

    seat: int
    name: str
    """The seat's name as the screens show it: a colour (``red``) or P1, P2, ..."""
    score: int
    winner: bool
    bot: bool
    """A bot played the seat (FULL games' seats note): kept in the game, left out of the
    players' figures."""
    ignored: int
    """The seat's ignored presses (Apache)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game as the history keeps it."""

    journal: str
    """The journal's file name (unique: the game's key)."""
    game: str
    """The journal's game: ``apache``, ``apache_tracker``, ``apocalypse``..."""
    mode: str
    """``full`` or ``tracker``."""
    variants: str
    """The variants played, comma-separated (``war-path,wedding``); empty: none."""
    started: float
    """Unix time the game was started."""
    ended: float
    """Unix time of the journal's last line."""
    evening: str
    """The local date the game was started, ``YYYY-MM-DD``."""
    reason: str
    """Why the winners won, in the engine's words."""
    players: tuple[PlayerRecord, ...]
    slaps: tuple[SlapRecord, ...]
    ignored: int
    """The game's ignored presses (Apache)."""

    @property
    def family(self) -> str:
        return family_of(self.game)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(player.seat for player in self.players if player.winner)


def family_of(game: str) -> str:
    """``apache_tracker`` -> ``apache``."""
    return game.removesuffix("_tracker")


def kind_of_mode(mode: str) -> str:
    """The slap time a game of ``mode`` gives: :data:`REACTION` or :data:`GAP`."""
    return REACTION if mode == FULL else GAP


def mode_of_kind(kind: str) -> str:
    """The mode whose games give slap times of ``kind``: ``full`` or ``tracker``."""
    return FULL if kind == REACTION else TRACKER


def evening_of(started: float) -> str:
    """The local date of ``started``, ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(started).date().isoformat()


# --- reading a journal -----------------------------------------------------------------------


def record_from_journal(path: Path) -> GameRecord:
    """The record of the finished game journaled at ``path``.

    Raises :class:`NotFinished` when its game is not over, :class:`NotRecordable` when the
    journal cannot be read or replayed to its end, or holds a game the history does not
    keep. A torn last line is a ``JournalWarning``, as for ``companion replay``."""
    path = Path(path)
    try:
        done = replay(path)
    except (JournalError, OSError) as error:
        raise NotRecordable(
            say("{path}: cannot be recorded: {why}", path=str(path), why=_why(path, error))
        ) from error
    if done.refused is not None:
        raise NotRecordable(
            say(
                "{path}: cannot be recorded: line {line} is refused by the rules; `{command}` "
                "shows why",
                path=str(path),
                line=done.refused.line,
                command=f"companion replay {path}",
            )
        )
    engine = done.session.engine.name
    if engine not in REFEREES:
        raise NotRecordable(
            say(
                "{path}: cannot be recorded: the history keeps {games} games, not {engine!r}",
                path=str(path),
                games=", ".join(REFEREES),
                engine=engine,
            )
        )
    if not done.session.is_over:
        raise NotFinished(
            say(
                "{path}: the game is not over ({phase}); only finished games are recorded",
                path=str(path),
                phase=done.referee.phase_words(done.session.state),
            )
        )
    return _record(done, path)


def _record(done: Replayed, path: Path) -> GameRecord:
    data = referee_json(done, path, at=None, trace=False)
    session = done.session
    outcome = session.outcome
    assert outcome is not None  # the game is over
    names: list[str] = list(data["players"])
    mode = str(data["mode"]).lower()
    slaps, ignored = _slaps_and_ignored(data["history"], session.notes, names, kind_of_mode(mode))
    humans = _humans(session.notes, len(names))
    people = _people(session.notes, names)
    slaps = tuple(dataclasses.replace(slap, name=people[slap.seat]) for slap in slaps)
    players = tuple(
        PlayerRecord(
            seat=seat,
            name=people[seat],
            score=_whole(outcome.scores[seat]),
            winner=seat in outcome.winners,
            bot=seat >= humans,
            ignored=ignored.get(name, 0),
        )
        for seat, name in enumerate(names)
    )
    ended = _ended(session)
    started = _created(session.header) or ended
    return GameRecord(
        journal=path.name,
        game=session.engine.name,
        mode=mode,
        variants=_variants(session.setup),
        started=started,
        ended=ended,
        evening=evening_of(started),
        reason=str(data["outcome"]["reason"]),
        players=players,
        slaps=slaps,
        ignored=sum(ignored.values()),
    )


def _slaps_and_ignored(
    history: Sequence[Mapping[str, Any]], notes: Sequence[Note], names: Sequence[str], kind: str
) -> tuple[tuple[SlapRecord, ...], Counter[str]]:
    """The slaps of the line of play's windows, and the ignored presses by player name: those
    of the windows' notes and every ``late`` note."""
    by_line = {note.line: note for note in notes if note.kind in WINDOW_NOTES}
    key = "reaction_ms" if kind == REACTION else "gap_ms"
    slaps: list[SlapRecord] = []
    ignored: Counter[str] = Counter()
    for event in history:
        if event["kind"] != "window":
            continue
        for slap in event["slaps"]:
            player = str(slap["player"])
            ms = slap[key]
            slaps.append(
                SlapRecord(
                    window=int(event["window"]),
                    rank=int(slap["rank"]),
                    seat=names.index(player),
                    name=player,
                    indian=str(slap["card"]).removeprefix(f"{player} "),
                    kind=kind,
                    ms=None if ms is None else float(ms),
                    result=slap["result"],
                    tied=bool(slap["tied_with"]),
                )
            )
        note = by_line.get(event.get("note_line"))
        if note is not None and isinstance(note.data, Mapping):
            ignored.update(_pressed_by(note.data.get("ignored")))
    late = [note.data for note in notes if note.kind == LATE_NOTE]
    ignored.update(_pressed_by(late))
    return tuple(slaps), ignored


def _pressed_by(items: Any) -> list[str]:
    """The players of ignored presses (``powwow.Ignored`` as JSON), each press once."""
    if not isinstance(items, list):
        return []
    return [
        str(item.get("seat"))
        for item in items
        if isinstance(item, Mapping) and item.get("reason") not in NOT_A_PRESS
    ]


def names_in(notes: Sequence[Note]) -> dict[str, str]:
    """The roster's players at a game's seats (``red`` or ``P1`` -> ``Anna``), from its
    names note: empty for a game of guests."""
    note = next((n for n in notes if n.kind == NAMES_NOTE), None)
    seats = note.data.get("seats") if note is not None and isinstance(note.data, Mapping) else None
    if not isinstance(seats, Mapping):
        return {}
    return {str(seat): str(name) for seat, name in seats.items() if name}


def _people(notes: Sequence[Note], seats: Sequence[str]) -> list[str]:
    """Who sat at each of ``seats`` (their names, ``red``, ``P1``...): the roster's name the
    game's names note gives, else the seat's own name (a guest)."""
    named = names_in(notes)
    return [named.get(seat, seat) for seat in seats]


def _humans(notes: Sequence[Note], seats: int) -> int:
    """How many seats (the first) people played: a FULL game's seats note says; without
    one, every seat (a TRACKER game, or a journal written before the note)."""
    for note in notes:
        humans = note.data.get("humans") if isinstance(note.data, Mapping) else None
        if note.kind.endswith("-seats") and type(humans) is int:
            return humans
    return seats


def _ended(session: Session[Any, Any]) -> float:
    """The time of the journal's last line that counts (an action or a note)."""
    times = [step.t for step in session.history] + [note.t for note in session.notes]
    return max(times, default=0.0)


def _variants(setup: Mapping[str, Any]) -> str:
    """The setup's variants turned on, as the command line names them (``war-path``)."""
    found = setup.get("variants")
    if not isinstance(found, Mapping):
        return ""
    return ",".join(name.replace("_", "-") for name, on in found.items() if on is True)


def _whole(score: float) -> int:
    """A score as a whole number (every game's scores are whole; a stray half rounds)."""
    return round(score) if math.isfinite(score) else 0


def _why(path: Path, error: Exception) -> object:
    """Why the journal ``path`` cannot be read, in words a screen can say in its language
    (a journal's own problem without its file name)."""
    if isinstance(error, FileNotFoundError):
        return say("no such file")
    if isinstance(error, IsADirectoryError):
        return say("a folder, not a journal file")
    if isinstance(error, OSError):
        return os_reason(error)
    return _off_file(error, path) or error_reason(error)
