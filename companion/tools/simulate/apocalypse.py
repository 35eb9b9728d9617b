"""Apocalypse's simulation: a heuristic bot against random bots, full FULL-mode games.

``companion simulate apocalypse --players 4 --games 2000 --seed 1`` plays 2000 games of
Apocalypse (three rounds each, ruling P11) and checks the engine's invariants after EVERY
action (``Apocalypse.check_invariants``: every card in one place, the trick, tokens = the
flips since the last Apocalypse, the rounds scored; rulings P2, P4, P5, P9, P11). Points
and totals follow from the cards and the rounds, so they need no check. Each game seats one
:class:`~companion.bots.apocalypse.HeuristicBot` and random bots
(:class:`~companion.bots.apocalypse.RandomApocalypseBot`) in the other seats; the heuristic
seat moves round the table: the game of seed ``s`` seats it at ``s % players``, so every
seat is played by it equally often. The report's ``extra`` figures compare it with the
random bots: its win rate (shared victories count as wins, ruling P11) against a random
seat's, and the mean points of each.

The deal is chance (ruling P3), drawn with the engine's
:meth:`~companion.rules.apocalypse.Apocalypse.deal_round`: one shuffle a round, applied as
one ``DealCards`` action (a 4-player round's 32 cards are one action, checked once).
Shared with the other games: :mod:`companion.tools.simulate` and its ``play`` module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from companion.bots.apocalypse import HeuristicBot, RandomApocalypseBot
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
from companion.tools.simulate import Batch, Progress, Simulator, Summary, counter
from companion.tools.simulate.play import HeuristicGame, HeuristicReport, HeuristicTally, play_games

SCORE_WORDS: Final = "points"
HEURISTIC_SEATING: Final = (
    "the game of seed s: seat s % players is the heuristic bot, the others random"
)

# --- one game --------------------------------------------------------------------------------


@dataclass(slots=True)
class ApocalypseReport(HeuristicReport):
    """One simulated Apocalypse game, with its tricks."""

    tricks: int = counter()
    apocalypses: int = counter()
    no_winner_tricks: int = counter()
    skips: int = counter()
    duel_swaps: int = counter()


class _ApocalypseGame(HeuristicGame[ApocalypseState, Action, ApocalypseReport]):
    """Plays one Apocalypse game: a heuristic bot at its seat, random bots elsewhere."""

    engine = APOCALYPSE

    def play(self) -> ApocalypseReport:
        """The game played out; a finished game's report counts its duel swaps too."""
        report = super().play()
        if report.failure is None:
            report.duel_swaps = sum(played.swapped for played in self.state.rounds)
        return report

    def play_out(self) -> None:
        """The game loop (about 150 actions a 4-player game): each round's deal as one
        action, then the bots' actions until the next deal or the end."""
        chance = self.generator("chance")
        bots = self.seat_bots(
            self.state.players, lambda seat, _generator: HeuristicBot(seat), RandomApocalypseBot
        )
        while self.state.phase != OVER:
            action: Action
            if self.state.phase == DEAL:
                action = APOCALYPSE.deal_round(self.state, chance)
            else:
                action = bots[self.state.turn].choose(self.state)
            self.apply(action)
            if isinstance(action, Play) and not self.state.trick:  # the play completed the trick
                assert self.state.last_trick is not None
                self._count_trick(self.state.last_trick)

    def _count_trick(self, trick: TrickResult) -> None:
        self.report.tricks += 1
        self.report.apocalypses += trick.apocalypse
        self.report.no_winner_tricks += trick.winner == NOBODY
        self.report.skips += len(trick.skipped)


def play_apocalypse_game(
    setup: dict[str, Any],
    seed: int,
    *,
    heuristic_seat: int | None = None,
    check: bool = True,
    record: list[Action] | None = None,
) -> ApocalypseReport:
    """One full game: a HeuristicBot at ``heuristic_seat`` (default ``seed % players``; -1
    for none), random bots elsewhere; invariants after every action unless ``check`` is
    false; the actions are appended to ``record`` if given."""
    state = APOCALYPSE.new(setup, seed)
    seat = seed % state.players if heuristic_seat is None else heuristic_seat
    report = ApocalypseReport(seed, heuristic_seat=seat)
    return _ApocalypseGame(state, report, check=check, record=record).play()


# --- many games ------------------------------------------------------------------------------


def simulate_apocalypse(batch: Batch, progress: Progress | None = None) -> Summary:
    """Play the batch's checked Apocalypse games (see the module docstring)."""
    full = APOCALYPSE.validate_setup({"players": batch.players})
    seats = tuple(f"P{seat + 1}" for seat in range(batch.players))
    summary = Summary(
        "apocalypse", batch.players, seats, batch.variants, batch.seed,
        score_words=SCORE_WORDS, lowest_wins=True,
    )  # fmt: skip
    heuristic = HeuristicTally()

    def play(i: int) -> ApocalypseReport:
        report = play_apocalypse_game(full, batch.seed + i)
        heuristic.add(report)
        return report

    play_games(summary, batch.games, play, progress)
    summary.extra.update(_heuristic_figures(heuristic, batch.players))
    return summary


def _heuristic_figures(heuristic: HeuristicTally, players: int) -> dict[str, Any]:
    """The heuristic seat's wins and points against the random seats', per finished game."""
    games = max(heuristic.finished, 1)
    randoms = max(heuristic.finished * (players - 1), 1)
    return {
        "heuristic_seats": HEURISTIC_SEATING,
        "heuristic_win_rate": round(heuristic.wins / games, 4),
        "random_win_rate": round(heuristic.random_wins / randoms, 4),
        "fair_win_rate": round(1 / players, 4),
        "heuristic_mean_points": round(heuristic.points / games, 2),
        "random_mean_points": round(heuristic.random_points / randoms, 2),
    }


SIMULATOR: Final = Simulator(
    game="apocalypse",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling P1",
    variants=(),
    play=simulate_apocalypse,
)
