"""What every game's referee gives ``companion replay``: the model its game modules fill.

A game module (``apache``, ``apocalypse``, ``paris``) subclasses :class:`Referee` once for
both modes: it names the players, words each action and its effect, tells the history from
the states before and after each action (:class:`Moment`), and writes the referee's JSON
with cards by name and the same field names in FULL and TRACKER.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from companion.rules.base import CHANCE, TABLE, Engine, Outcome
from companion.session import Note, Step

S = TypeVar("S")
A = TypeVar("A")

FULL = "FULL"
TRACKER = "TRACKER"


@dataclass(frozen=True, slots=True)
class Moment(Generic[S, A]):
    """One action of the line of play with the states before and after it."""

    step: Step[A]
    before: S
    after: S

    @property
    def line(self) -> int:
        """The journal line of the action."""
        return self.step.line or 0

    @property
    def action(self) -> A:
        return self.step.action


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game's history: what happened, from which journal lines.

    ``title`` is one line in words, ``details`` the lines under it; ``data`` holds the same
    facts for ``--json`` (players and cards by name).
    """

    first: int
    last: int
    kind: str
    title: str
    details: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "lines": [self.first, self.last],
            "kind": self.kind,
            "text": self.title,
            "details": list(self.details),
            **self.data,
        }


class Referee(ABC, Generic[S, A]):
    """A game's words and JSON for ``companion replay``, in FULL and TRACKER modes."""

    game: ClassVar[str]
    """The game's name for people: ``"Apache"``."""

    def __init__(self, engine: Engine[S, A], start: S) -> None:
        self.engine = engine
        self.mode = TRACKER if engine.name.endswith("_tracker") else FULL
        self.names = self.players(start)
        """The players' names, seat by seat."""

    # -- players --

    @abstractmethod
    def players(self, start: S) -> tuple[str, ...]:
        """The players' names, seat by seat (colours, or P1..Pn), from the game's start."""

    def name(self, seat: int | None) -> str:
        """A seat's player by name; ``"nobody"`` for ``None`` or -1."""
        if seat is None or seat < 0:
            return "nobody"
        return self.names[seat] if seat < len(self.names) else f"seat {seat} (no such player)"

    def to_act(self, state: S) -> str | None:
        """Who the game waits for, in words: a player, ``"chance"``, ``"the table"``, or
        ``None`` once the game is over."""
        actor = self.engine.actor(state)
        if actor is None:
            return None
        if actor == CHANCE:
            return "chance"
        if actor == TABLE:
            return "the table"
        return self.name(actor)

    # -- words --

    @abstractmethod
    def action_words(self, state: S, action: A) -> str:
        """``action`` applied to ``state``, in words, naming who did it."""

    @abstractmethod
    def effect_words(self, moment: Moment[S, A]) -> str:
        """What the action did, in one line (``""``: nothing worth a word)."""

    @abstractmethod
    def phase_words(self, state: S) -> str:
        """Where the game is, in words."""

    @abstractmethod
    def score_words(self, state: S, moments: Sequence[Moment[S, A]]) -> list[str]:
        """The score, one line per line of output (``moments``: the line of play, for what
        the state alone does not keep)."""

    def outcome(self, state: S) -> dict[str, Any] | None:
        """The engine's outcome with the winners by name (``None`` before the end)."""
        found = self.engine.outcome(state)
        if found is None:
            return None
        return {
            "winners": [self.name(seat) for seat in found.winners],
            "shared": len(found.winners) > 1,
            "reason": self.outcome_reason(state, found),
            "scores": {self.name(seat): _number(s) for seat, s in enumerate(found.scores)},
        }

    def outcome_reason(self, state: S, outcome: Outcome) -> str:
        """The outcome's reason in words (the engine's)."""
        return outcome.reason

    # -- history --

    @abstractmethod
    def events(self, moments: Sequence[Moment[S, A]], notes: Sequence[Note]) -> list[Event]:
        """The history of the line of play: each game's windows, tricks, turns and
        settlements, and every note, each with its journal lines."""

    def note_event(self, note: Note) -> Event:
        """A note as an event: its kind and data (a game words the notes it knows)."""
        line = note.line or 0
        data = {"note": note.kind, "data": note.data}
        humans = note.data.get("humans") if isinstance(note.data, Mapping) else None
        if note.kind.endswith("seats") and type(humans) is int:
            text = self.seats_words(humans)
        else:
            text = json.dumps(note.data, separators=(", ", ": "))
        return Event(line, line, "note", f"note {note.kind}: {text}", (), data)

    def seats_words(self, humans: int) -> str:
        """Who plays, from a FULL game's seats note: the first ``humans`` seats are people,
        the others bots."""
        people, bots = self.names[:humans], self.names[humans:]
        return f"people: {joined(people)}; bots: {joined(bots)}"

    # -- JSON --

    @abstractmethod
    def state_json(self, state: S, moments: Sequence[Moment[S, A]]) -> dict[str, Any]:
        """The whole state with players and cards by name, the same field names in FULL and
        TRACKER (``moments``: the line of play, for what the state alone does not keep)."""


# --- helpers for the games -------------------------------------------------------------------


def plural(count: int, word: str, words: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def joined(parts: Sequence[str], empty: str = "none") -> str:
    return ", ".join(parts) if parts else empty


def _number(score: float) -> int | float:
    return int(score) if float(score).is_integer() else score


class PlainReferee(Referee[Any, Any]):
    """The referee of a game without its own (a test's toy game): the engine's own JSON,
    players P1..Pn."""

    game = "A game without its own referee"

    def players(self, start: Any) -> tuple[str, ...]:
        return tuple(f"P{seat + 1}" for seat in range(self.engine.num_seats(start)))

    def action_words(self, state: Any, action: Any) -> str:
        who = self.to_act(state) or "nobody"
        return f"{who}: {json.dumps(self.engine.action_to_json(action))}"

    def effect_words(self, moment: Moment[Any, Any]) -> str:
        return ""

    def phase_words(self, state: Any) -> str:
        data = self.engine.state_to_json(state)
        phase = data.get("phase") if isinstance(data, Mapping) else None
        return str(phase) if phase is not None else "over" if self.engine.is_over(state) else "on"

    def score_words(self, state: Any, moments: Sequence[Moment[Any, Any]]) -> list[str]:
        scores = self.engine.scores(state)
        return [
            joined([f"{name} {_number(s)}" for name, s in zip(self.names, scores, strict=True)])
        ]

    def events(self, moments: Sequence[Moment[Any, Any]], notes: Sequence[Note]) -> list[Event]:
        return [self.note_event(note) for note in notes]

    def state_json(self, state: Any, moments: Sequence[Moment[Any, Any]]) -> dict[str, Any]:
        return {"engine": self.engine.state_to_json(state)}
