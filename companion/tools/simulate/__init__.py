"""``companion simulate GAME``: play many full games with bots and report the figures.

Each game plugs in a module of this package (``companion.tools.simulate.apache``, ...) that
defines ``SIMULATOR``, a :class:`Simulator`: the player counts and variants it accepts and
the function that plays the games into a :class:`Summary`. Modules are imported only for the
game asked for, so a slow import never slows another game's run. What the games share in
playing (the checked game loop, the many-games loop, the heuristic bot's tally) is in
:mod:`companion.tools.simulate.play`.

The contract every game keeps: the engine's invariants are checked after EVERY action; the
report gives the games, the time, games per second, score statistics per seat, the winners
(shared victories counted apart) and the invariant failures (there should be none);
``--json`` prints the same as one JSON object; on a terminal a progress bar runs on stderr
(never with ``--json`` or when stderr is redirected). Game ``i`` uses the engine seed
``seed + i``: the same ``--seed`` gives the same games and figures (only times differ).
Exit status: 0, 1 when an invariant failed, 2 for bad arguments
(``companion simulate: error: argument --players: ...``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Final, TextIO

from companion.tools.arguments import positive, whole_number

PROG: Final = "companion simulate"
DEFAULT_GAMES: Final = 100
FAILURES_SHOWN: Final = 5
BAR_WIDTH: Final = 30

GAMES: Final = {
    "apache": "companion.tools.simulate.apache",
    "apocalypse": "companion.tools.simulate.apocalypse",
    "paris": "companion.tools.simulate.paris",
}
"""Every game ``companion simulate`` may know, and the module that simulates it."""

Progress = Callable[[int, int], None]


COUNTER: Final = "counter"
"""The metadata key that marks a report's field as a :func:`counter`."""


def counter() -> int:
    """A field of a game's report that counts something (windows, tricks, ...): it starts
    at 0 and is summed over the games into the ``<name>_per_game`` figure."""
    count: int = field(default=0, metadata={COUNTER: True})
    return count


@dataclass(slots=True)
class GameReport:
    """One simulated game: its scores and winners, or the failure that stopped it.

    Each game's own report subclasses it and declares the game's counters with
    :func:`counter`, such as ``windows: int = counter()``.
    """

    seed: int
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    actions: int = 0
    failure: str | None = None

    def counts(self) -> dict[str, int]:
        """The game's counters by name, in the order they are declared."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.metadata.get(COUNTER)}


@dataclass(frozen=True, slots=True)
class Batch:
    """The games one run plays: ``games`` games of ``players`` players with ``variants``
    (in the game's order), game ``i`` with the engine seed ``seed + i``."""

    players: int
    variants: tuple[str, ...] = ()
    games: int = DEFAULT_GAMES
    seed: int = 0
    districts: str | None = None
    """Les Apaches de Paris: the districts in play, such as ``"1.2.3.4.8.9"`` (ruling D2;
    ``None``: the rulebook's first configuration for the player count)."""


@dataclass(frozen=True, slots=True)
class Simulator:
    """A game's simulation: who may play and how games are played.

    ``play(batch, progress)`` plays the batch's games and returns the filled Summary,
    calling ``progress(done, games)`` (if not ``None``) after each game. ``players_rule``
    names the ruling in the error for an impossible player count.
    """

    game: str
    players: tuple[int, int]
    default_players: int
    players_rule: str
    variants: tuple[str, ...]
    play: Callable[[Batch, Progress | None], Summary]
    districts: bool = False
    """Whether ``--districts`` (Les Apaches de Paris' configuration, ruling D2) applies."""


@dataclass(slots=True)
class Summary:
    """The figures of a simulation run (``to_json`` for ``--json``).

    ``score_words`` says what a score is; ``lowest_wins`` whether the fewest points win.
    ``extra``: figures only this game has (bot win rates, ...), printed as they are.
    """

    game: str
    players: int
    colours: tuple[str, ...]
    variants: tuple[str, ...]
    seed: int
    score_words: str = "points"
    lowest_wins: bool = False
    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    scores: list[list[int]] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    sole_wins: list[int] = field(default_factory=list)
    shared_victories: int = 0
    failures: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seats = len(self.colours)
        self.scores = self.scores or [[] for _ in range(seats)]
        self.wins = self.wins or [0] * seats
        self.sole_wins = self.sole_wins or [0] * seats

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def add(self, report: GameReport) -> None:
        self.games += 1
        self.actions += report.actions
        for name, count in report.counts().items():
            self.counts[name] = self.counts.get(name, 0) + count
        if report.failure is not None:
            self.failures.append(report.failure)
            return
        for seat, score in enumerate(report.scores):
            self.scores[seat].append(score)
        for seat in report.winners:
            self.wins[seat] += 1
            self.sole_wins[seat] += len(report.winners) == 1
        self.shared_victories += len(report.winners) > 1

    def per_game(self, count: int) -> float:
        return count / max(self.games, 1)

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
            "actions_per_game": round(self.per_game(self.actions), 2),
            **{f"{name}_per_game": round(self.per_game(n), 3) for name, n in self.counts.items()},
            "score": self.score_words,
            "lowest_wins": self.lowest_wins,
            "scores": self.seat_stats(),
            "wins": self.wins,
            "sole_wins": self.sole_wins,
            "shared_victories": self.shared_victories,
            **self.extra,
            "invariant_failures": len(self.failures),
            "failures": self.failures[:FAILURES_SHOWN],
        }


def simulator(game: str) -> Simulator:
    """The simulator of ``game`` (its module imported now); ``KeyError`` if none."""
    module = importlib.import_module(GAMES[game])
    found: Simulator = module.SIMULATOR
    return found


# --- the command -----------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``companion simulate``."""
    parser.add_argument("game", type=_game, help=f"the game to simulate ({', '.join(GAMES)})")
    parser.add_argument(
        "--players",
        type=whole_number("a number of players"),
        default=None,
        help="players per game (the game's usual number by default)",
    )
    parser.add_argument(
        "--variants",
        type=_variants,
        default=(),
        metavar="LIST",
        help="comma-separated variants to play (Apache: war-path, wedding, joint-raid); "
        "default none",
    )
    parser.add_argument(
        "--games",
        type=positive(int, "a number of games (1 or more)"),
        default=DEFAULT_GAMES,
        help=f"how many games (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--seed",
        type=whole_number("an integer seed"),
        default=0,
        help="seed of the first game (default 0)",
    )
    parser.add_argument(
        "--districts",
        default=None,
        metavar="CONF",
        help="Les Apaches de Paris: the districts in play, such as 1.2.3.4.8.9 (ruling D2; "
        "default: the rulebook's first configuration for the player count)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--record-history",
        type=Path,
        default=None,
        metavar="DB",
        help="Apache: then journal each game (in a temporary folder) and record it in the "
        "history database DB, its seats as people's, spread over evenings: for trying the "
        "History screen, in a database of its own",
    )


def run(args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the simulation and print the report: 0, 1 if an invariant failed, 2 for
    arguments the game cannot take."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    game = simulator(args.game)
    problem = _misfit(game, args)
    if problem is None and getattr(args, "record_history", None) is not None:
        problem = _history_misfit(game, args.record_history)
    if problem is not None:
        print(f"{PROG}: error: {problem}", file=err)
        return 2
    batch = Batch(
        players=game.default_players if args.players is None else args.players,
        variants=tuple(v for v in game.variants if v in args.variants),  # the game's order
        games=args.games,
        seed=args.seed,
        districts=getattr(args, "districts", None),
    )
    bar = None if args.json or not err.isatty() else _ProgressBar(err)
    try:
        summary = game.play(batch, bar)
    except ValueError as exc:  # a setup the game refuses (SetupError), named by the engine
        if bar is not None:
            bar.done()
        print(f"{PROG}: error: {exc}", file=err)
        return 2
    if bar is not None:
        bar.done()
    if args.json:
        print(json.dumps(summary.to_json(), indent=2), file=out)
    else:
        print(format_summary(summary), file=out)
    if getattr(args, "record_history", None) is not None:
        shown = err if args.json else out
        if _record_history(batch, args.record_history, out=shown, err=err) != 0:
            return 2
    return 1 if summary.failures else 0


def _record_history(batch: Batch, database: Path, *, out: TextIO, err: TextIO) -> int:
    """``--record-history DB``: the batch's games journaled and recorded in DB."""
    from companion.history import HistoryError
    from companion.tools.history.simulated import record_simulated_games

    bar = _ProgressBar(err) if err.isatty() else None
    try:
        recorded, seconds = record_simulated_games(batch, database, bar)
    except HistoryError as error:
        print(f"{PROG}: error: {error}", file=err)
        return 2
    finally:
        if bar is not None:
            bar.done()
    print(f"recorded {recorded} games in {database} ({seconds:.1f} s)", file=out)
    return 0


def _misfit(game: Simulator, args: argparse.Namespace) -> str | None:
    low, high = game.players
    if args.players is not None and not low <= args.players <= high:
        return (
            f"argument --players: {args.players} players is not possible: "
            f"{game.game.capitalize()} is for {low} to {high} players ({game.players_rule})"
        )
    if getattr(args, "districts", None) is not None and not game.districts:
        return f"argument --districts: {game.game} has no districts (Les Apaches de Paris has)"
    offered = ", ".join(v.replace("_", "-") for v in game.variants) or "no variants"
    if "" in args.variants:
        return (
            "argument --variants: an empty variant name (a comma with no name beside it); "
            f"give names separated by commas, or none: {game.game} has {offered}"
        )
    unknown = [v for v in args.variants if v not in game.variants]
    if unknown:
        names = ", ".join(repr(v.replace("_", "-")) for v in unknown)
        return f"argument --variants: {game.game} has no variant {names} (it has {offered})"
    return None


def _history_misfit(game: Simulator, database: Path) -> str | None:
    if game.game != "apache":
        return f"argument --record-history: only Apache's games can be recorded, not {game.game}'s"
    if database.is_dir():
        return f"argument --record-history: {database} is a folder; give the database file"
    return None


def format_summary(summary: Summary) -> str:
    """The plain-text report."""
    variants = ", ".join(v.replace("_", "-") for v in summary.variants) or "none"
    per_game = [f"{summary.per_game(summary.actions):.1f} actions"] + [
        f"{summary.per_game(n):.2f} {name.replace('_', ' ')}" for name, n in summary.counts.items()
    ]
    lines = [
        f"{summary.game}: {summary.games} games, {summary.players} players "
        f"({', '.join(summary.colours)}), variants: {variants}, seed {summary.seed}",
        f"time: {summary.seconds:.2f} s, {summary.games_per_second:.1f} games/s "
        "(one core; invariants checked after every action)",
        f"per game: {', '.join(per_game)}",
        f"scores ({summary.score_words}; {'fewest' if summary.lowest_wins else 'most'} wins):",
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
    lines += [f"{name.replace('_', ' ')}: {value}" for name, value in summary.extra.items()]
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
    if text not in GAMES:
        raise argparse.ArgumentTypeError(
            f"no simulator for game {text!r}; known: {', '.join(GAMES)}"
        )
    return text


def _variants(text: str) -> tuple[str, ...]:
    """The variant names typed, in order, once each; ``none``: no variants. An empty name
    (``,,``, a comma at an end, nothing at all) is kept as ``""``: the game refuses it,
    naming its variants."""
    names = [name.strip().replace("-", "_") for name in text.split(",")]
    if names == ["none"]:
        return ()
    return tuple(dict.fromkeys(names))


__all__ = [
    "GAMES",
    "Batch",
    "GameReport",
    "Progress",
    "Simulator",
    "Summary",
    "add_arguments",
    "counter",
    "format_summary",
    "run",
    "simulator",
]
