"""Les Apaches de Paris' simulation: one heuristic bot against random bots, full games.

``companion simulate paris --players 4 --games 500 --seed 1`` plays 500 games of Paris
(FULL mode: the virtual stashes, the default configuration of the player count, the
reference board). In game ``i`` seat ``i % players`` is a
:class:`~companion.bots.paris.HeuristicParisBot` and the other seats are
:class:`~companion.bots.paris.RandomParisBot`: the scores per seat mix both, and the extra
figures give the heuristic bot's win rate (against the 1/players a random seat would get).

Chance (the first player, the stashes set aside and drawn, the bourgeois counters) comes
from :meth:`~companion.rules.paris.Paris.random_chance`, the distribution of the engine's
chance outcomes. Every action goes through the engine's unchecked door
(:meth:`~companion.rules.paris.Paris.apply_unchecked`: bots only play legal actions; the
checked door is covered by the tests and the random-play harness), then the engine's
invariants (40 Apaches, 31 stashes, 5 reinforcements and 4 bourgeois each in one place,
money = the ledger, no tie on the board) are checked on the new state: after EVERY action.

Game ``i`` uses the engine seed ``seed + i`` and bot and chance generators seeded from it.
The command, the report and the contract shared by every game: :mod:`companion.tools.simulate`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.bots.paris import HeuristicParisBot, ParisBot, RandomParisBot
from companion.errors import IllegalAction
from companion.rules.base import CHANCE
from companion.rules.paris import OVER, PARIS, Action, ParisState, SettlementStep, Stash
from companion.rules.paris.state import DEFAULT_PLAYERS, PLAYERS
from companion.tools.simulate import Progress, Simulator, Summary

SCORE_WORDS: Final = "francs"


@dataclass(slots=True)
class GameReport:
    """One simulated game: scores (francs) and winners, or the failure that stopped it."""

    seed: int
    heuristic_seat: int
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    actions: int = 0
    turns: int = 0
    thefts: int = 0
    prisoners: int = 0
    wounded: int = 0
    killed: int = 0
    bails: int = 0
    failure: str | None = None

    def counts(self) -> dict[str, int]:
        return {
            "turns": self.turns,
            "thefts": self.thefts,
            "prisoners": self.prisoners,
            "wounded": self.wounded,
            "killed": self.killed,
            "bails": self.bails,
        }

    def played(self, action: Action, before: ParisState, after: ParisState) -> None:
        """Count ``action``, played in ``before``: a turn ends with its stash (ruling D5),
        maybe with bail (D8); a round ends with its settlement (D7)."""
        self.actions += 1
        if isinstance(action, Stash):
            self.turns += 1
            self.bails += action.bail
        if after.round > before.round or after.phase == OVER:
            self.settled(after.settlement)

    def settled(self, steps: Sequence[SettlementStep]) -> None:
        """Count a round's settlement (ruling D7)."""
        self.thefts += sum(step.theft for step in steps)
        fates = [step.leader for step in steps]
        self.prisoners += fates.count("prison")
        self.wounded += fates.count("hospital")
        self.killed += fates.count("cemetery")


def play_paris_game(
    setup: dict[str, Any],
    seed: int,
    *,
    heuristic_seat: int = 0,
    check: bool = True,
    record: list[Action] | None = None,
) -> GameReport:
    """One full Paris game: a heuristic bot at ``heuristic_seat`` (-1: none), random bots
    elsewhere; invariants checked after every action unless ``check`` is false; the
    actions are appended to ``record`` if given."""
    return _play_game(PARIS.new(setup, seed), seed, heuristic_seat, check=check, record=record)


def _play_game(
    state: ParisState,
    seed: int,
    heuristic_seat: int,
    *,
    check: bool,
    record: list[Action] | None,
) -> GameReport:
    """The game from ``state``, the engine's initial state for ``seed``."""
    report = GameReport(seed, heuristic_seat)
    try:
        state = _play(state, seed, report, check=check, record=record)
    except (AssertionError, IllegalAction) as exc:
        report.failure = f"game seed {seed}, action {report.actions}: {exc}"
        return report
    outcome = PARIS.outcome(state)
    assert outcome is not None
    report.scores = tuple(int(s) for s in outcome.scores)
    report.winners = outcome.winners
    return report


def _play(
    state: ParisState,
    seed: int,
    report: GameReport,
    *,
    check: bool,
    record: list[Action] | None,
) -> ParisState:
    """The game loop: the actor's bot or chance picks an action, the engine applies it
    (unchecked door), the action is counted and recorded, the invariants are checked."""
    chance = random.Random(f"simulate:paris:{seed}:chance")
    bots = _bots(state.players, seed, report.heuristic_seat)
    while (actor := PARIS.actor(state)) is not None:
        if actor == CHANCE:
            action = PARIS.random_chance(state, chance)
        else:
            action = bots[actor].choose(state)
        before, state = state, PARIS.apply_unchecked(state, action)
        report.played(action, before, state)
        if record is not None:
            record.append(action)
        if check:
            PARIS.check_invariants(state, since=before)
    return state


def _bots(players: int, seed: int, heuristic_seat: int) -> list[ParisBot]:
    return [
        (HeuristicParisBot if seat == heuristic_seat else RandomParisBot)(
            seat, random.Random(f"simulate:paris:{seed}:bot:{seat}")
        )
        for seat in range(players)
    ]


def simulate_paris(
    *,
    players: int,
    variants: Sequence[str],
    games: int,
    seed: int,
    progress: Progress | None = None,
    districts: str | None = None,
) -> Summary:
    """Play ``games`` checked Paris games (see the module docstring). ``districts``: a
    configuration such as ``"1.2.3.4.8.9"`` (ruling D2; default: the rulebook's first for
    the player count)."""
    options: dict[str, Any] = {"players": players}
    if districts is not None:
        options["districts"] = districts
    setup = PARIS.validate_setup(options)
    colours, in_play = setup["colours"], setup["districts"]
    assert isinstance(colours, list) and isinstance(in_play, list)
    summary = Summary(
        "paris", players, tuple(map(str, colours)), tuple(variants), seed, score_words=SCORE_WORDS
    )
    heuristic_wins = heuristic_sole = 0
    start = time.perf_counter()
    for i in range(games):
        state = PARIS.initial_state(setup, seed + i)  # the setup is validated
        report = _play_game(state, seed + i, i % players, check=True, record=None)
        summary.add(report)
        heuristic_wins += report.heuristic_seat in report.winners
        heuristic_sole += report.winners == (report.heuristic_seat,)
        if progress is not None:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start
    summary.extra = {
        "configuration": ".".join(map(str, in_play)),
        "bots": "game i: seat i % players HeuristicParisBot, the others RandomParisBot",
        "heuristic_win_rate": round(heuristic_wins / max(games, 1), 4),
        "heuristic_sole_win_rate": round(heuristic_sole / max(games, 1), 4),
        "random_seat_expected_win_rate": round(1 / players, 4),
    }
    return summary


SIMULATOR: Final = Simulator(
    game="paris",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling D1",
    variants=(),
    play=simulate_paris,
    districts=True,
)
