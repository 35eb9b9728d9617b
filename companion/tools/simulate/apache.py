"""Apache's simulation: ReflexBots play full games through the real Pow-Wow arbiter.

``companion simulate apache --players 5 --variants war-path,wedding,joint-raid --games 500``
plays 500 games of Apache with :class:`~companion.bots.ReflexBot` players and checks the
engine's invariants after EVERY action (cards conserved, scores = piles). After each turned
card the bots react (lognormal reaction times, sometimes a wrong slap); when two or more slap,
their presses go through the real Pow-Wow arbiter, which orders them by stamp, draws dead
heats and splits them into windows by the quiet time (a lone slap has nothing to order).
Actions go through the engine's fast door, its ``STEPS`` (``apply_unchecked`` without the
dispatch): bots only play legal actions, and the checked door is covered by the tests and
the random-play harness. Chance draws the turned cards exactly as ``Apache.random_reveal``
does (see ``_face_down``).

Game ``i`` uses the engine seed ``seed + i`` and bot and chance generators seeded from it.
The command, the report and the contract shared by every game: :mod:`companion.tools.simulate`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

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
from companion.rules.apache.actions import Action, Close, Reveal, Slap, Turn
from companion.rules.apache.engine import DEFAULT_PLAYERS, PLAYERS, REVEALS, STEPS, ApacheState
from companion.tools.simulate import Progress, Simulator, Summary

SCORE_WORDS: Final = "cards in the winnings pile"
TURN_GAP_NS: Final = 700_000_000
"""Time from the end of the last event to the next card turn (the turner's hand)."""


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

    def counts(self) -> dict[str, int]:
        return {"windows": self.windows, "slaps": self.slaps, "illegal_slaps": self.illegal_slaps}


class _ApacheGame:
    """Plays one Apache game with ReflexBots through the arbiter, checking every action."""

    __slots__ = (
        "_check",
        "arbiter",
        "bots",
        "chance",
        "check",
        "colours",
        "faces",
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
        self.turns, self.slap_actions = _actions(len(self.colours))
        self.faces = _face_down(self.state)
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
        turns, team, report = self.turns, self.team, self.report
        record, check = self.record, self._check
        draw, faces = self.chance.random, self.faces
        state = self.state
        while state.phase != OVER:
            if state.phase == READY:
                turn = turns[state.turner]
                self.state = state = _turn(state, turn)
                report.actions += 1
                if record is not None:
                    record.append(turn)
                if check is not None:
                    check(state)
                card = REVEALS[faces.pop(int(draw() * len(faces)))]  # see ``_face_down``
                self.state = state = _reveal(state, card)
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

    def _window(self, slaps: Sequence[Slap]) -> None:
        """One window: its slaps, the close, the choices (each action as in ``_step``)."""
        report, record, check = self.report, self.record, self._check
        report.windows += 1
        report.slaps += len(slaps)
        state = self.state
        for slap in slaps:
            self.state = state = _slap(state, slap)
            report.actions += 1
            if record is not None:
                record.append(slap)
            if check is not None:
                check(state)
        self.state = state = _close(state, CLOSE)
        report.actions += 1
        if record is not None:
            record.append(CLOSE)
        if check is not None:
            check(state)
        while state.phase == CHOOSE:
            self._step(self.bots[state.slaps[state.resolved].seat].choose(state))
            state = self.state
        for result in state.resolution:
            if not result.legal:
                report.illegal_slaps += 1

    def _step(self, action: Action) -> None:
        """Apply through the engine's fast door (bots only play legal actions), then check
        the invariants (the checked door is exercised by the tests and the harness)."""
        self.state = state = STEPS[type(action)](self.state, action)
        self.report.actions += 1
        if self.record is not None:
            self.record.append(action)
        if self._check is not None:
            self._check(state)


@cache
def _actions(players: int) -> tuple[tuple[Turn, ...], tuple[dict[str, Slap], ...]]:
    """Each seat's turn and its slaps by Indian (actions are immutable: games share them)."""
    turns = tuple(Turn(seat) for seat in range(players))
    return turns, tuple({kind: Slap(seat, kind) for kind in KINDS} for seat in range(players))


def _face_down(state: ApacheState) -> list[int]:
    """The face-down cards' types, one entry per card, in type order.

    The simulator's chance: ``faces.pop(int(rng.random() * len(faces)))`` is exactly
    ``Apache.random_reveal``'s draw (the same ``random()``, the same type: the card at that
    place in type order), without summing the deck counts for every card.
    """
    return list(_faces(state.deck))


@cache
def _faces(deck: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(t for t, left in enumerate(deck) for _ in range(left))


_turn: Final = STEPS[Turn]
_reveal: Final = STEPS[Reveal]
_slap: Final = STEPS[Slap]
_close: Final = STEPS[Close]


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


def simulate_apache(
    *,
    players: int,
    variants: Sequence[str],
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` checked Apache games (see the module docstring)."""
    setup = {"players": players, "variants": {v: v in variants for v in VARIANTS}}
    full = APACHE.validate_setup(setup)
    colours = APACHE.new(full, seed).colours
    summary = Summary("apache", players, colours, tuple(variants), seed, score_words=SCORE_WORDS)
    start = time.perf_counter()
    for i in range(games):
        summary.add(play_apache_game(full, seed + i))
        if progress is not None:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start
    return summary


SIMULATOR: Final = Simulator(
    game="apache",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling A1",
    variants=VARIANTS,
    play=simulate_apache,
)
