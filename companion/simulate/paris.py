"""Les Apaches de Paris' simulation: one heuristic bot against random bots, full games.

``companion simulate paris --players 4 --games 500 --seed 1`` plays 500 games of Paris
(FULL mode: the virtual stashes, the default configuration of the player count, the
reference board). In game ``i`` seat ``i % players`` is a
:class:`~companion.bots.paris.HeuristicParisBot` and the other seats are
:class:`~companion.bots.paris.RandomParisBot`: the scores per seat mix both, and the extra
figures give the heuristic bot's win rate (against the 1/players a random seat would get).
The engine's invariants (40 Apaches, 31 stashes, 5 reinforcements and 4 bourgeois each in
one place, money = the ledger, no tie on the board) are checked after EVERY action. Actions
go through the engine's fast door (``apply_unchecked``): bots only play legal actions, and
the checked door is covered by the tests and the random-play harness. Chance (the first
player, the stashes set aside and drawn, the bourgeois counters) comes from
:meth:`~companion.rules.paris.Paris.random_chance`, the same distribution as the engine's
chance outcomes.

Game ``i`` uses the engine seed ``seed + i`` and bot and chance generators seeded from it.
The command, the report and the contract shared by every game: :mod:`companion.simulate`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.bots.paris import HeuristicParisBot, RandomParisBot
from companion.errors import IllegalAction
from companion.rules.base import CHANCE
from companion.rules.paris import PARIS, Action, ParisState, SettlementStep, Stash
from companion.rules.paris.state import DEFAULT_PLAYERS, PLAYERS
from companion.simulate import Progress, Simulator, Summary

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

    def settled(self, steps: Sequence[SettlementStep]) -> None:
        """Count a round's settlement (ruling D7)."""
        for step in steps:
            self.thefts += step.theft
            self.prisoners += step.leader == "prison"
            self.wounded += step.leader == "hospital"
            self.killed += step.leader == "cemetery"


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
    state = PARIS.new(setup, seed)
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
    """The game loop (the hot path: local names, no call per action beyond the bot, the
    engine's fast door and the invariant check)."""
    chance = random.Random(f"simulate:paris:{seed}:chance")
    bots = [
        (HeuristicParisBot if seat == report.heuristic_seat else RandomParisBot)(
            seat, random.Random(f"simulate:paris:{seed}:bot:{seat}")
        )
        for seat in range(state.players)
    ]
    apply, actor, draw = PARIS.apply_unchecked, PARIS.actor, PARIS.random_chance
    invariants = PARIS.check_invariants if check else None
    settlement = state.settlement
    while (seat := actor(state)) is not None:
        if seat == CHANCE:
            action = draw(state, chance)
        else:
            action = bots[seat].choose(state)
            if type(action) is Stash:  # a player's turn ends with its stash (ruling D5)
                report.turns += 1
                report.bails += action.bail
        state = apply(state, action)
        report.actions += 1
        if record is not None:
            record.append(action)
        if invariants is not None:
            invariants(state)
        if state.settlement is not settlement:
            settlement = state.settlement
            report.settled(settlement)
    return state


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
        report = play_paris_game(setup, seed + i, heuristic_seat=i % players)
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
