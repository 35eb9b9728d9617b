"""``companion simulate GAME``: play many full games with bots and report the figures.

``companion simulate apache --players 5 --variants war-path,wedding,joint-raid --games 500``
plays 500 games of Apache with :class:`~companion.bots.ReflexBot` players and checks the
engine's invariants after EVERY action (cards conserved, scores = piles). After each turned
card the bots react (lognormal reaction times, sometimes a wrong slap); when two or more slap,
their presses go through the real Pow-Wow arbiter, which orders them by stamp, draws dead
heats and splits them into windows by the quiet time (a lone slap has nothing to order).
Actions go through the engine's fast door (``apply_unchecked``): bots only play legal
actions, and the checked door is covered by the tests and the random-play harness.

It prints the number of games, the time, games per second, the score statistics per seat,
the winners (shared victories counted apart) and the invariant failures (there should be
none); ``--json`` prints the same as one JSON object. On a terminal a progress bar runs on
stderr (never with ``--json`` or when stderr is redirected).

Games are numbered from 0; game ``i`` uses the engine seed ``seed + i`` and bot and chance
generators seeded from it: the same ``--seed`` gives the same games and figures (only the
times differ). Exit status: 0, or 1 when an invariant failed; bad arguments are argparse
errors (``companion simulate: error: argument --players: ...``, status 2).

The game is a positional argument so that other games can plug in a simulator
(:data:`SIMULATORS`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TextIO

from companion.bots.apache import (
    Reaction,
    ReflexBot,
    ReflexTeam,
    simulate_window,
    window_slaps,
)
from companion.errors import IllegalAction
from companion.powwow import DEFAULT_QUIET_NS, DEFAULT_SETTLE_NS, Arbiter
from companion.rules.apache import APACHE, CHOOSE, CLOSE, END, FINAL, KINDS, OVER, READY, VARIANTS
from companion.rules.apache.actions import Action, Slap, Turn
from companion.rules.apache.engine import ApacheState

PROG: Final = "companion simulate"
DEFAULT_GAMES: Final = 100
DEFAULT_PLAYERS: Final = 4
TURN_GAP_NS: Final = 700_000_000
"""Time from the end of the last event to the next card turn (the turner's hand)."""
FAILURES_SHOWN: Final = 5
BAR_WIDTH: Final = 30


# --- one game --------------------------------------------------------------------------------


@dataclass(slots=True)
class GameReport:
    """One simulated game: its scores and winners, or the failure that stopped it."""

    seed: int
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    actions: int = 0
    windows: int = 0
    slaps: int = 0
    illegal_slaps: int = 0
    failure: str | None = None


class _ApacheGame:
    """Plays one Apache game with ReflexBots through the arbiter, checking every action."""

    __slots__ = (
        "_check",
        "arbiter",
        "bots",
        "chance",
        "check",
        "colours",
        "now",
        "record",
        "report",
        "seq",
        "slap_actions",
        "state",
        "team",
        "turn_filed",
        "turns",
    )

    def __init__(
        self, setup: dict[str, Any], seed: int, *, check: bool, record: list[Action] | None
    ) -> None:
        self.state: ApacheState = APACHE.new(setup, seed)
        self.colours = self.state.colours
        self.check = check
        self.chance = random.Random(f"simulate:apache:{seed}:chance")
        self.bots = [
            ReflexBot(seat, random.Random(f"simulate:apache:{seed}:bot:{seat}"))
            for seat in range(len(self.colours))
        ]
        self.team = ReflexTeam(self.bots)
        self.arbiter = Arbiter(seats=self.colours, seed=seed)
        self.now = 0
        self.seq = 0
        self.turn_filed = False
        self.turns = [Turn(seat) for seat in range(len(self.colours))]
        self.slap_actions = [
            {kind: Slap(seat, kind) for kind in KINDS} for seat in range(len(self.colours))
        ]
        self.report = GameReport(seed)
        self.record = record
        self._check = APACHE.check_invariants if check else None

    def play(self) -> GameReport:
        try:
            self._play()
        except (AssertionError, IllegalAction) as exc:
            self.report.failure = (
                f"game seed {self.report.seed}, action {self.report.actions}: {exc}"
            )
            return self.report
        outcome = APACHE.outcome(self.state)
        assert outcome is not None
        self.report.scores = tuple(int(s) for s in outcome.scores)
        self.report.winners = outcome.winners
        return self.report

    def _play(self) -> None:
        """The game loop: turn, reveal, then slap rounds until nobody slaps (A9, A10).

        The hot path (about 330 actions a game) is written out with local names: every
        action still goes through ``_step``'s steps (the engine's fast door, the count, the
        record, the invariant check), only without a method call per action.
        """
        turns, chance, team, report = self.turns, self.chance, self.team, self.report
        record, check = self.record, self._check
        reveal = APACHE.random_reveal
        state = self.state
        while state.phase != OVER:
            if state.phase == READY:
                turn = turns[state.turner]
                self.state = state = _apply(state, turn)
                report.actions += 1
                if record is not None:
                    record.append(turn)
                if check is not None:
                    check(state)
                card = reveal(state, chance)
                self.state = state = _apply(state, card)
                report.actions += 1
                if record is not None:
                    record.append(card)
                if check is not None:
                    check(state)
                self.now += TURN_GAP_NS
                self.turn_filed = False
            found = team.react(state, fresh=True)
            if found:  # about one card in three: most cards get no slap
                self._slap_rounds(found)
                state = self.state
            if state.phase == FINAL:
                self._step(END)
                state = self.state

    def _slap_rounds(self, found: list[Reaction]) -> None:
        """Windows after a turned card until nobody has anything to slap (A9, A10).

        Two or more reactions go through the arbiter (it orders them by stamp, draws dead
        heats and splits them into windows by the quiet time); a lone reaction is a one-slap
        window with nothing to order and skips it.

        ``found``: the reactions to the card just turned (not empty).
        """
        team = self.team
        while True:
            if len(found) == 1:
                alone = found[0]
                self._window((self.slap_actions[alone.seat][alone.indian],))
                self.now += alone.delay_ns + DEFAULT_QUIET_NS + DEFAULT_SETTLE_NS
            else:
                self._arbitrate(found)
            found = team.react(self.state, fresh=False)
            if not found or self.state.phase == OVER:
                return

    def _arbitrate(self, found: list[Reaction]) -> None:
        """Two or more reactions: through the arbiter, window by window."""
        if not self.turn_filed:
            self.arbiter.card_turned(self.now)
            self.turn_filed = True
        windows = simulate_window(
            self.arbiter, self.colours, found, start_ns=self.now, seq=self.seq
        )
        self.seq += len(found)
        for window in windows:
            if self.state.phase == OVER:  # ruling A10: no window after the final one
                break
            self._window(window_slaps(window, self.colours))
        self.now = windows[-1].resolved_ns

    def _window(self, slaps: Sequence[Action]) -> None:
        """One window: its slaps, the close, the choices (each action as in ``_step``)."""
        report, record, check = self.report, self.record, self._check
        report.windows += 1
        report.slaps += len(slaps)
        state = self.state
        for action in (*slaps, CLOSE):
            state = _apply(state, action)
            report.actions += 1
            if record is not None:
                record.append(action)
            if check is not None:
                self.state = state  # the state that failed stays visible
                check(state)
        self.state = state
        while state.phase == CHOOSE:
            self._step(self.bots[state.slaps[state.resolved].seat].choose(state))
            state = self.state
        for result in state.resolution:
            if not result.legal:
                report.illegal_slaps += 1

    def _step(self, action: Action) -> None:
        """Apply through the engine's fast door (bots only play legal actions), then check
        the invariants (the checked door is exercised by the tests and the harness)."""
        self.state = state = _apply(self.state, action)
        self.report.actions += 1
        if self.record is not None:
            self.record.append(action)
        if self._check is not None:
            self._check(state)


_apply: Final = APACHE.apply_unchecked


def play_apache_game(
    setup: dict[str, Any],
    seed: int,
    *,
    check: bool = True,
    record: list[Action] | None = None,
) -> GameReport:
    """One full Apache game with ReflexBots (invariants checked after every action unless
    ``check`` is false); its actions are appended to ``record`` if given."""
    return _ApacheGame(setup, seed, check=check, record=record).play()


# --- many games ------------------------------------------------------------------------------


@dataclass(slots=True)
class Summary:
    """The figures of a simulation run (``to_json`` for ``--json``)."""

    game: str
    players: int
    colours: tuple[str, ...]
    variants: tuple[str, ...]
    seed: int
    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    windows: int = 0
    slaps: int = 0
    illegal_slaps: int = 0
    scores: list[list[int]] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    sole_wins: list[int] = field(default_factory=list)
    shared_victories: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def add(self, report: GameReport) -> None:
        self.games += 1
        self.actions += report.actions
        self.windows += report.windows
        self.slaps += report.slaps
        self.illegal_slaps += report.illegal_slaps
        if report.failure is not None:
            self.failures.append(report.failure)
            return
        for seat, score in enumerate(report.scores):
            self.scores[seat].append(score)
        for seat in report.winners:
            self.wins[seat] += 1
            self.sole_wins[seat] += len(report.winners) == 1
        self.shared_victories += len(report.winners) > 1

    def seat_stats(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "colour": self.colours[seat],
                "mean": round(statistics.fmean(scores), 3) if scores else None,
                "min": min(scores, default=None),
                "max": max(scores, default=None),
            }
            for seat, scores in enumerate(self.scores)
        ]

    def to_json(self) -> dict[str, Any]:
        per_game = max(self.games, 1)
        return {
            "game": self.game,
            "players": self.players,
            "colours": list(self.colours),
            "variants": list(self.variants),
            "seed": self.seed,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "invariants_checked": "after every action",
            "actions": self.actions,
            "actions_per_game": round(self.actions / per_game, 2),
            "windows_per_game": round(self.windows / per_game, 2),
            "slaps_per_game": round(self.slaps / per_game, 2),
            "illegal_slaps_per_game": round(self.illegal_slaps / per_game, 3),
            "scores": self.seat_stats(),
            "wins": self.wins,
            "sole_wins": self.sole_wins,
            "shared_victories": self.shared_victories,
            "invariant_failures": len(self.failures),
            "failures": self.failures[:FAILURES_SHOWN],
        }


def simulate_apache(
    *,
    players: int,
    variants: Sequence[str],
    games: int,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``games`` checked Apache games (see the module docstring)."""
    setup = {"players": players, "variants": {v: v in variants for v in VARIANTS}}
    full = APACHE.validate_setup(setup)
    colours = APACHE.new(full, seed).colours
    summary = Summary("apache", players, colours, tuple(variants), seed)
    summary.scores = [[] for _ in colours]
    summary.wins = [0] * players
    summary.sole_wins = [0] * players
    start = time.perf_counter()
    for i in range(games):
        summary.add(play_apache_game(full, seed + i))
        if progress is not None:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start
    return summary


SIMULATORS: Final = {"apache": simulate_apache}
"""Games ``companion simulate`` knows, by name."""


# --- the command -----------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``companion simulate``."""
    parser.add_argument(
        "game", type=_game, help=f"the game to simulate ({', '.join(sorted(SIMULATORS))})"
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=DEFAULT_PLAYERS,
        help=f"players per game, 2 to 5 (default {DEFAULT_PLAYERS})",
    )
    parser.add_argument(
        "--variants",
        type=_variants,
        default=(),
        metavar="LIST",
        help="comma-separated variants to play: war-path, wedding, joint-raid (default none)",
    )
    parser.add_argument(
        "--games",
        type=_games,
        default=DEFAULT_GAMES,
        help=f"how many games (default {DEFAULT_GAMES})",
    )
    parser.add_argument("--seed", type=_seed, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the simulation and print the report: 0, or 1 if an invariant failed."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    simulator = SIMULATORS[args.game]
    bar = None if args.json or not err.isatty() else _ProgressBar(err)
    summary = simulator(
        players=args.players,
        variants=args.variants,
        games=args.games,
        seed=args.seed,
        progress=bar,
    )
    if bar is not None:
        bar.done()
    if args.json:
        print(json.dumps(summary.to_json(), indent=2), file=out)
    else:
        print(format_summary(summary), file=out)
    return 1 if summary.failures else 0


def format_summary(summary: Summary) -> str:
    """The plain-text report."""
    per_game = max(summary.games, 1)
    variants = ", ".join(v.replace("_", "-") for v in summary.variants) or "none"
    lines = [
        f"{summary.game}: {summary.games} games, {summary.players} players "
        f"({', '.join(summary.colours)}), variants: {variants}, seed {summary.seed}",
        f"time: {summary.seconds:.2f} s, {summary.games_per_second:.1f} games/s "
        "(one core; invariants checked after every action)",
        f"per game: {summary.actions / per_game:.1f} actions, "
        f"{summary.windows / per_game:.1f} slap windows, {summary.slaps / per_game:.1f} slaps, "
        f"{summary.illegal_slaps / per_game:.2f} illegal slaps",
        "scores (cards in the winnings pile):",
    ]
    for row in summary.seat_stats():
        mean = "-" if row["mean"] is None else f"{row['mean']:.1f}"
        lines.append(
            f"  seat {row['seat']} {row['colour']:<7} mean {mean:>5}  "
            f"min {row['min']!s:>3}  max {row['max']!s:>3}"
        )
    wins = ", ".join(
        f"{c} {w} ({s} alone)"
        for c, w, s in zip(summary.colours, summary.wins, summary.sole_wins, strict=True)
    )
    lines += [f"wins: {wins}", f"shared victories: {summary.shared_victories}"]
    lines.append(f"invariant failures: {len(summary.failures)}")
    lines += [f"  {failure}" for failure in summary.failures[:FAILURES_SHOWN]]
    return "\n".join(lines)


class _ProgressBar:
    """``[#####.....] 120/500 games`` on a terminal, redrawn at most 100 times."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        step = done * 100 // total
        if step == self.shown:
            return
        self.shown = step
        filled = done * BAR_WIDTH // total
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games")
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\r" + " " * (BAR_WIDTH + 30) + "\r")
        self.stream.flush()


# --- argument types (argparse prints "companion simulate: error: argument ...: <message>") --


def _game(text: str) -> str:
    if text not in SIMULATORS:
        known = ", ".join(sorted(SIMULATORS))
        raise argparse.ArgumentTypeError(f"no simulator for game {text!r}; known: {known}")
    return text


def _players(text: str) -> int:
    try:
        players = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of players (2 to 5)") from None
    if not 2 <= players <= 5:
        raise argparse.ArgumentTypeError(
            f"{players} players is not possible: Apache is for 2 to 5 players (ruling A1)"
        )
    return players


def _variants(text: str) -> tuple[str, ...]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if names == ["none"]:
        return ()
    known = {name.replace("_", "-"): name for name in VARIANTS}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown variant(s) {', '.join(map(repr, unknown))}; give a comma-separated list "
            f"of {', '.join(known)} (or none)"
        )
    return tuple(v for v in VARIANTS if v.replace("_", "-") in names)


def _games(text: str) -> int:
    try:
        games = int(text)
    except ValueError:
        games = 0
    if games < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of games (1 or more)")
    return games


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer seed") from None
