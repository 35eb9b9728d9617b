"""Playing simulated games: what every game's simulation shares.

A game's simulation subclasses :class:`CheckedGame` with its game loop, the part that is
truly the game's (who acts, which bot or chance picks the action, what is counted), and
plays many games with :func:`play_games`. The games that seat one heuristic bot among
random bots (Apocalypse, Les Apaches de Paris) subclass :class:`HeuristicGame`, report with
a :class:`HeuristicReport` and sum the heuristic seat's results in a :class:`HeuristicTally`.

Every action goes through the engine's trusting door, ``apply_unchecked`` (the bots play
only legal actions; the checked door is covered by the tests and the random-play harness),
then the engine's invariants are checked on the new state, given the state before it as
``since``: after EVERY action. Game ``i`` of a run uses the engine seed ``seed + i`` and
chance and bot generators seeded from it (:meth:`CheckedGame.generator`).
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from companion.errors import IllegalAction
from companion.rules.base import Outcome
from companion.tools.simulate import GameReport, Progress, Summary

State = TypeVar("State")
Action = TypeVar("Action")
Action_contra = TypeVar("Action_contra", contravariant=True)
Report = TypeVar("Report", bound=GameReport)
HeuristicReportT = TypeVar("HeuristicReportT", bound="HeuristicReport")
Bot = TypeVar("Bot")


class SimulatedEngine(Protocol[State, Action_contra]):
    """What a checked game asks of its engine (Apache, Apocalypse and Paris have it all)."""

    @property
    def name(self) -> str: ...
    def apply_unchecked(self, state: State, action: Action_contra) -> State: ...
    def check_invariants(self, state: State, *, since: State | None = None) -> None: ...
    def outcome(self, state: State) -> Outcome | None: ...


class CheckedGame(ABC, Generic[State, Action, Report]):
    """One game played by bots, every action applied, counted, recorded and checked.

    A game's simulation subclasses it: ``engine`` is the game's engine, :meth:`play_out` the
    game loop, which passes each action to :meth:`apply`; :meth:`count` adds an action to
    the game's own counters. ``state``: the state the game starts from; ``check``: whether
    the invariants are checked; ``record``: a list the actions are appended to, or ``None``.
    """

    engine: SimulatedEngine[State, Action]

    def __init__(
        self,
        state: State,
        report: Report,
        *,
        check: bool,
        record: list[Action] | None,
    ) -> None:
        self.state = state
        self.report = report
        self.check = check
        self.record = record

    def generator(self, role: str) -> random.Random:
        """The generator of ``role`` (``"chance"``, ``"bot:2"``) in this game, seeded from
        the game's name and engine seed: the same seed gives the same game."""
        return random.Random(f"simulate:{self.engine.name}:{self.report.seed}:{role}")

    def play(self) -> Report:
        """Play the game to its end: the report, with the scores and the winners, or with
        the failure (a broken invariant, an illegal action) that stopped the game."""
        try:
            self.play_out()
        except (AssertionError, IllegalAction) as exc:
            self.report.failure = (
                f"game seed {self.report.seed}, action {self.report.actions}: {exc}"
            )
            return self.report
        outcome = self.engine.outcome(self.state)
        assert outcome is not None
        self.report.scores = tuple(int(score) for score in outcome.scores)
        self.report.winners = outcome.winners
        return self.report

    @abstractmethod
    def play_out(self) -> None:
        """The game loop: from ``self.state``, :meth:`apply` actions until the game is over."""

    def apply(self, action: Action) -> None:
        """Apply ``action`` through the engine's trusting door, count it (in ``actions``,
        then with :meth:`count`), record it, then check the invariants."""
        before = self.state
        self.state = self.engine.apply_unchecked(before, action)
        self.report.actions += 1
        self.count(action, before, self.state)
        if self.record is not None:
            self.record.append(action)
        if self.check:
            self.engine.check_invariants(self.state, since=before)

    def count(self, action: Action, before: State, after: State) -> None:
        """Add ``action``, which led from ``before`` to ``after``, to the game's own
        counters, before the invariants are checked (by default nothing is counted)."""


def play_games(
    summary: Summary,
    games: int,
    play: Callable[[int], GameReport],
    progress: Progress | None,
) -> None:
    """Play ``games`` games into ``summary`` and time them: ``play(i)`` plays game ``i``
    (``0`` to ``games - 1``) and returns its report; ``progress(done, games)`` after each."""
    start = time.perf_counter()
    for i in range(games):
        summary.add(play(i))
        if progress is not None:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start


# --- one heuristic bot among random bots -----------------------------------------------------


@dataclass(slots=True, kw_only=True)
class HeuristicReport(GameReport):
    """A game with a heuristic bot at ``heuristic_seat`` (-1: none) and random bots."""

    heuristic_seat: int


class HeuristicGame(CheckedGame[State, Action, HeuristicReportT]):
    """A checked game with a heuristic bot at the report's ``heuristic_seat`` and random bots
    at the other seats."""

    def seat_bots(
        self,
        players: int,
        heuristic: Callable[[int, random.Random], Bot],
        random_bot: Callable[[int, random.Random], Bot],
    ) -> list[Bot]:
        """A bot for each of the ``players`` seats, made by ``heuristic(seat, generator)`` at
        the heuristic seat and ``random_bot(seat, generator)`` at every other, each seat with
        its own generator."""
        return [
            (heuristic if seat == self.report.heuristic_seat else random_bot)(
                seat, self.generator(f"bot:{seat}")
            )
            for seat in range(players)
        ]


@dataclass(slots=True)
class HeuristicTally:
    """The heuristic bot's results against the random bots', over the finished games (a
    game stopped by a failure has no scores)."""

    finished: int = 0
    wins: int = 0
    """Games the heuristic bot won, alone or sharing the victory."""
    sole_wins: int = 0
    random_wins: int = 0
    """Wins of the random bots' seats, all together."""
    points: int = 0
    random_points: int = 0
    """Points of the random bots' seats, all together."""

    def add(self, report: HeuristicReport) -> None:
        if report.failure is not None:
            return
        seat = report.heuristic_seat
        self.finished += 1
        self.wins += seat in report.winners
        self.sole_wins += report.winners == (seat,)
        self.random_wins += sum(1 for winner in report.winners if winner != seat)
        self.points += report.scores[seat]
        self.random_points += sum(report.scores) - report.scores[seat]


__all__ = [
    "CheckedGame",
    "HeuristicGame",
    "HeuristicReport",
    "HeuristicTally",
    "SimulatedEngine",
    "play_games",
]
