"""Les Apaches de Paris' simulation: one heuristic bot against random bots, full games.

``companion simulate paris --players 4 --games 500 --seed 1`` plays 500 games of Paris
(FULL mode: the virtual stashes, the default configuration of the player count, the
reference board). In game ``i`` seat ``i % players`` is a
:class:`~companion.bots.paris.HeuristicParisBot` and the other seats are
:class:`~companion.bots.paris.RandomParisBot`: the scores per seat mix both, and the extra
figures give the heuristic bot's win rate (against the 1/players a random seat would get).
The engine's invariants (40 Apaches, 31 stashes, 5 reinforcements and 4 bourgeois each in
one place, money = the ledger, no tie on the board) are checked after EVERY action. Actions
go through the engine's fast door, its ``STEPS`` (``apply_unchecked`` without the
dispatch): bots only play legal actions, and the checked door is covered by the tests and
the random-play harness. Chance (the first player, the stashes set aside, the bourgeois
counters) comes from :meth:`~companion.rules.paris.Paris.random_chance`, the same
distribution as the engine's chance outcomes; the stash drawn in the draft is drawn as
``random_chance`` draws it (one ``choice`` over the pile), without the call.

Game ``i`` uses the engine seed ``seed + i`` and bot and chance generators seeded from it.
The command, the report and the contract shared by every game: :mod:`companion.tools.simulate`.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Final

from companion.bots.paris import HeuristicParisBot, RandomParisBot
from companion.errors import IllegalAction
from companion.rules.paris import PARIS, Action, Paris, ParisState, SettlementStep, Stash
from companion.rules.paris.actions import Draw, Take
from companion.rules.paris.board import DISTRICT_MASK
from companion.rules.paris.engine import DRAWS, STEPS
from companion.rules.paris.invariants import CHECKER
from companion.rules.paris.state import (
    DEFAULT_PLAYERS,
    DRAFT,
    OVER,
    PLAYER_TURN,
    PLAYERS,
    stash_ids,
)
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

    def settled(self, steps: Sequence[SettlementStep]) -> None:
        """Count a round's settlement (ruling D7)."""
        self.thefts += sum(map(_THEFT, steps))
        fates = list(map(_LEADER, steps))
        self.prisoners += fates.count("prison")
        self.wounded += fates.count("hospital")
        self.killed += fates.count("cemetery")


_THEFT: Final = attrgetter("theft")
_LEADER: Final = attrgetter("leader")


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
    """The game loop (the hot path: local names; the engine's steps called directly through
    its ``STEPS`` table, as ``apply_unchecked`` would; the invariant check after each
    action; the counts kept in locals and written to ``report`` at the end, or when an
    action or a check fails). The draft is played in pairs: the player's ``Take`` and
    chance's ``Draw``, drawn exactly as ``Paris.random_chance`` draws it (one ``choice``
    over the pile). Only a stash or a chance action settles a round."""
    chance = random.Random(f"simulate:paris:{seed}:chance")
    choose = [bot.choose for bot in _bots(state.players, seed, report.heuristic_seat)]
    players = len(choose)
    steps, take, draw, pick = STEPS, STEPS[Take], STEPS[Draw], chance.choice
    invariants = _invariant_check() if check else _unchecked
    settlement = state.settlement
    actions = turns = bails = 0
    try:
        while True:
            phase = state.phase
            if phase == DRAFT:  # a third of the actions, a half with the draws
                action: Action = choose[(state.first + state.step) % players](state)
                state = take(state, action)
                actions += 1
                if record is not None:
                    record.append(action)
                invariants(state)
                action = DRAWS[pick(stash_ids(state.piles & DISTRICT_MASK[state.taken]))]
                state = draw(state, action)
                actions += 1
                if record is not None:
                    record.append(action)
                invariants(state)
                continue
            if phase in PLAYER_TURN:
                action = choose[state.order[state.step]](state)
                if type(action) is Stash:  # a player's turn ends with its stash (ruling D5)
                    turns += 1
                    bails += action.bail
                state = steps[type(action)](state, action)
            elif phase == OVER:
                return state
            else:
                action = PARIS.random_chance(state, chance)
                state = steps[type(action)](state, action)
            actions += 1
            if record is not None:
                record.append(action)
            invariants(state)
            if state.settlement is not settlement:
                settlement = state.settlement
                report.settled(settlement)
    finally:
        report.actions, report.turns, report.bails = actions, turns, bails


def _bots(players: int, seed: int, heuristic_seat: int) -> list[HeuristicParisBot | RandomParisBot]:
    return [
        (HeuristicParisBot if seat == heuristic_seat else RandomParisBot)(
            seat, random.Random(f"simulate:paris:{seed}:bot:{seat}")
        )
        for seat in range(players)
    ]


def _invariant_check() -> Callable[[ParisState], None]:
    """The engine's ``check_invariants``; when it is the engine's own method, its body
    ``CHECKER.check`` (one call less per action; a replaced method is called as it is)."""
    method = PARIS.check_invariants
    if getattr(method, "__func__", None) is Paris.check_invariants:
        return CHECKER.check
    return method


def _unchecked(item: object) -> None:
    """No invariant check (``check=False``) or no record: nothing to do."""


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
    with _collector_paused():
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


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while the games run: the engine's states are
    tuples of ints and tuples that never form a cycle (reference counting frees them), and
    the collector's passes over the young tuples cost about 3 % of the instructions."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


SIMULATOR: Final = Simulator(
    game="paris",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling D1",
    variants=(),
    play=simulate_paris,
    districts=True,
)
