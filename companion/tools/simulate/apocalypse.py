"""Apocalypse's simulation: a heuristic bot against random bots, full FULL-mode games.

``companion simulate apocalypse --players 4 --games 2000 --seed 1`` plays 2000 games of
Apocalypse (three rounds each, ruling P11) and checks the engine's invariants after EVERY
action (``Apocalypse.check_invariants``: every card in one place, the trick, tokens = the
flips since the last Apocalypse, the rounds scored; rulings P2, P4, P5, P9, P11). Points
and totals follow from the cards and the rounds, so they need no check. Each game seats one
:class:`~companion.bots.apocalypse.HeuristicBot` and random bots
(:class:`~companion.bots.apocalypse.RandomApocalypseBot`) in the other seats; the heuristic
seat moves round the table: game ``i`` seats it at ``i % players``, so every seat is played
by it equally often. The report's ``extra`` figures compare it with the random bots: its
win rate (shared victories count as wins, ruling P11) against a random seat's, and the mean
points of each.

The deal is chance (ruling P3), drawn with the engine's
:meth:`~companion.rules.apocalypse.Apocalypse.deal_round`: one shuffle a round, applied as
one ``DealCards`` action (a 4-player round's 32 cards are one action, checked once). Every
action goes through the engine's trusting door ``apply_unchecked`` (the bots play only legal
actions; the checked door is covered by the tests and the random-play harness), and the
invariants are checked after it.

Game ``i`` uses the engine seed ``seed + i`` and chance and bot generators seeded from it.
The command, the report and the contract shared by every game: :mod:`companion.tools.simulate`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.bots.apocalypse import HeuristicBot, RandomApocalypseBot
from companion.errors import IllegalAction
from companion.rules.apocalypse import (
    APOCALYPSE,
    DEAL,
    NOBODY,
    OVER,
    PLAYERS,
    Action,
    ApocalypseState,
    Play,
    TrickResult,
)
from companion.rules.apocalypse.engine import DEFAULT_PLAYERS
from companion.tools.simulate import Progress, Simulator, Summary

SCORE_WORDS: Final = "points"
HEURISTIC_SEATING: Final = "game i: seat i % players is the heuristic bot, the others random"

# --- one game --------------------------------------------------------------------------------


@dataclass(slots=True)
class GameReport:
    """One simulated game: scores and winners, or the failure that stopped it."""

    seed: int
    heuristic_seat: int
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    actions: int = 0
    tricks: int = 0
    apocalypses: int = 0
    no_winner_tricks: int = 0
    skips: int = 0
    swaps: int = 0
    failure: str | None = None

    def counts(self) -> dict[str, int]:
        return {
            "tricks": self.tricks,
            "apocalypses": self.apocalypses,
            "no_winner_tricks": self.no_winner_tricks,
            "skips": self.skips,
            "duel_swaps": self.swaps,
        }


def play_apocalypse_game(
    setup: dict[str, Any],
    seed: int,
    *,
    heuristic_seat: int | None = None,
    check: bool = True,
    record: list[Action] | None = None,
) -> GameReport:
    """One full game: a HeuristicBot at ``heuristic_seat`` (default ``seed % players``; -1
    for none), random bots elsewhere; invariants after every action unless ``check`` is
    false; the actions are appended to ``record`` if given."""
    state = APOCALYPSE.new(setup, seed)
    players = state.players
    seat = seed % players if heuristic_seat is None else heuristic_seat
    report = GameReport(seed, seat)
    try:
        state = _play(state, seed, report, check=check, record=record)
    except (AssertionError, IllegalAction) as exc:
        report.failure = f"game seed {seed}, action {report.actions}: {exc}"
        return report
    outcome = APOCALYPSE.outcome(state)
    assert outcome is not None
    report.scores = tuple(int(s) for s in outcome.scores)
    report.winners = outcome.winners
    report.swaps = sum(r.swapped for r in state.rounds)
    return report


def _bots(players: int, seed: int, heuristic_seat: int) -> list[HeuristicBot | RandomApocalypseBot]:
    """The heuristic bot at its seat, a random bot with its own generator at each other."""
    return [
        HeuristicBot(seat)
        if seat == heuristic_seat
        else RandomApocalypseBot(seat, random.Random(f"simulate:apocalypse:{seed}:bot:{seat}"))
        for seat in range(players)
    ]


def _play(
    state: ApocalypseState,
    seed: int,
    report: GameReport,
    *,
    check: bool,
    record: list[Action] | None,
) -> ApocalypseState:
    """The game loop (about 150 actions a 4-player game): each round's deal as one action,
    then the bots' actions until the next deal or the end; the invariants after each."""
    chance = random.Random(f"simulate:apocalypse:{seed}:chance")
    bots = _bots(state.players, seed, report.heuristic_seat)
    while state.phase != OVER:
        action: Action
        if state.phase == DEAL:
            action = APOCALYPSE.deal_round(state, chance)
        else:
            action = bots[state.turn].choose(state)
        state = APOCALYPSE.apply_unchecked(state, action)
        report.actions += 1
        if record is not None:
            record.append(action)
        if check:
            APOCALYPSE.check_invariants(state)
        if isinstance(action, Play) and not state.trick:  # the play completed the trick
            assert state.last_trick is not None
            _count_trick(report, state.last_trick)
    return state


def _count_trick(report: GameReport, trick: TrickResult) -> None:
    report.tricks += 1
    report.apocalypses += trick.apocalypse
    report.no_winner_tricks += trick.winner == NOBODY
    report.skips += len(trick.skipped)


# --- many games ------------------------------------------------------------------------------


def simulate_apocalypse(
    *,
    players: int,
    variants: Sequence[str],
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` checked Apocalypse games (see the module docstring)."""
    full = APOCALYPSE.validate_setup({"players": players})
    seats = tuple(f"P{seat + 1}" for seat in range(players))
    summary = Summary(
        "apocalypse", players, seats, tuple(variants), seed, score_words=SCORE_WORDS,
        lowest_wins=True,
    )  # fmt: skip
    heuristic = _HeuristicTally()
    start = time.perf_counter()
    for i in range(games):
        report = play_apocalypse_game(full, seed + i)
        summary.add(report)
        heuristic.add(report, players)
        if progress is not None:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start
    summary.extra.update(heuristic.figures(players))
    return summary


class _HeuristicTally:
    """The heuristic seat's wins and points against the random seats'."""

    def __init__(self) -> None:
        self.games = self.wins = self.random_wins = 0
        self.points = self.random_points = 0

    def add(self, report: GameReport, players: int) -> None:
        if report.failure is not None:
            return
        seat = report.heuristic_seat
        self.games += 1
        self.wins += seat in report.winners
        self.random_wins += sum(1 for w in report.winners if w != seat)
        self.points += report.scores[seat]
        self.random_points += sum(report.scores) - report.scores[seat]

    def figures(self, players: int) -> dict[str, Any]:
        games, randoms = max(self.games, 1), max(self.games * (players - 1), 1)
        return {
            "heuristic_seats": HEURISTIC_SEATING,
            "heuristic_win_rate": round(self.wins / games, 4),
            "random_win_rate": round(self.random_wins / randoms, 4),
            "fair_win_rate": round(1 / players, 4),
            "heuristic_mean_points": round(self.points / games, 2),
            "random_mean_points": round(self.random_points / randoms, 2),
        }


SIMULATOR: Final = Simulator(
    game="apocalypse",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling P1",
    variants=(),
    play=simulate_apocalypse,
)
