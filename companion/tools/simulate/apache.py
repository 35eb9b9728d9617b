"""Apache's simulation: ReflexBots play full games through the real Pow-Wow arbiter.

``companion simulate apache --players 5 --variants war-path,wedding,joint-raid --games 500``
plays 500 games of Apache with :class:`~companion.bots.ReflexBot` players and checks the
engine's invariants after EVERY action (cards conserved, scores = piles). After each turned
card the bots react (lognormal reaction times, sometimes a wrong slap); when two or more slap,
their presses go through the real Pow-Wow arbiter, which orders them by stamp, draws dead
heats and splits them into windows by the quiet time. A lone slap is a one-slap window with
nothing to order and is applied directly (resolving a window through the arbiter costs tens
of microseconds, and most windows have one slap).

Actions go through the engine's trusting door, ``Apache.apply_unchecked``: bots only play
legal actions, and the checked door is covered by the tests and the random-play harness.
Every state is checked by ``Apache.check_invariants``, given the state before it as
``since``. Chance draws each turned card with ``Apache.random_reveal``.

Game ``i`` uses the engine seed ``seed + i`` and bot and chance generators seeded from it.
The command, the report and the contract shared by every game: :mod:`companion.tools.simulate`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
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
from companion.rules.apache import APACHE, CHOOSE, CLOSE, END, FINAL, OVER, READY, VARIANTS
from companion.rules.apache.actions import Action, Slap, Turn
from companion.rules.apache.engine import DEFAULT_PLAYERS, ApacheState
from companion.rules.apache.table import PLAYERS
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

    def __init__(
        self, setup: dict[str, Any], seed: int, *, check: bool, record: list[Action] | None
    ) -> None:
        self.state: ApacheState = APACHE.new(setup, seed)
        self.colours = self.state.colours
        self.check = check
        self.record = record
        self.chance = random.Random(f"simulate:apache:{seed}:chance")
        self.bots = [
            ReflexBot(seat, random.Random(f"simulate:apache:{seed}:bot:{seat}"))
            for seat in range(len(self.colours))
        ]
        self.team = ReflexTeam(self.bots)
        self.arbiter = Arbiter(seats=self.colours, seed=seed)
        self.now = 0
        """The simulated clock (ns): the card turns and the presses are stamped with it."""
        self.seq = 0
        self.turn_filed = False
        """Whether the arbiter has been told of the last card turn."""
        self.turns = [Turn(seat) for seat in range(len(self.colours))]
        """Each seat's card turn (actions are immutable values: one per seat serves)."""
        self.report = GameReport(seed)

    def play(self) -> GameReport:
        try:
            if self.check:
                APACHE.check_invariants(self.state)
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
        """The game loop: turn, reveal, then slap rounds until nobody slaps (A9, A10)."""
        while self.state.phase != OVER:
            if self.state.phase == READY:
                self._apply(self.turns[self.state.turner])
                self._apply(APACHE.random_reveal(self.state, self.chance))
                self.now += TURN_GAP_NS
                self.turn_filed = False
            found = self.team.react(self.state, fresh=True)
            if found:  # about one card in three: most cards get no slap
                self._slap_rounds(found)
            if self.state.phase == FINAL:
                self._apply(END)

    def _slap_rounds(self, found: list[Reaction]) -> None:
        """Windows after a turned card until nobody has anything to slap (A9, A10).

        Two or more reactions go through the arbiter (it orders them by stamp, draws dead
        heats and splits them into windows by the quiet time); a lone reaction is a one-slap
        window with nothing to order and skips it.

        ``found``: the reactions to the card just turned (not empty).
        """
        while found and self.state.phase != OVER:
            if len(found) == 1:
                alone = found[0]
                self._window((Slap(alone.seat, alone.indian),))
                self.now += alone.delay_ns + DEFAULT_QUIET_NS + DEFAULT_SETTLE_NS
            else:
                self._arbitrate(found)
            found = self.team.react(self.state, fresh=False)

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
        """One window: its slaps, the close, the choices."""
        self.report.windows += 1
        self.report.slaps += len(slaps)
        for slap in slaps:
            self._apply(slap)
        self._apply(CLOSE)
        while self.state.phase == CHOOSE:
            seat = self.state.pending_seat
            assert seat is not None
            self._apply(self.bots[seat].choose(self.state))
        self.report.illegal_slaps += sum(not result.legal for result in self.state.resolution)

    def _apply(self, action: Action) -> None:
        """Apply through the engine's trusting door (bots only play legal actions), count
        and record the action, then check the invariants (since the state before, which
        passed: the cards are checked again when one moved)."""
        before = self.state
        self.state = APACHE.apply_unchecked(before, action)
        self.report.actions += 1
        if self.record is not None:
            self.record.append(action)
        if self.check:
            APACHE.check_invariants(self.state, since=before)


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
