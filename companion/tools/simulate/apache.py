"""Apache's simulation: ReflexBots play full games through the real Pow-Wow arbiter.

``companion simulate apache --players 4 --variants war-path,wedding,joint-raid --games 500``
plays 500 games of Apache with :class:`~companion.bots.ReflexBot` players and checks the
engine's invariants after EVERY action (cards conserved, scores = piles). After each turned
card the bots react (lognormal reaction times, sometimes a wrong slap); when two or more slap,
their presses go through the real Pow-Wow arbiter, which orders them by stamp, draws dead
heats and splits them into windows by the quiet time. A lone slap is a one-slap window with
nothing to order and is applied directly (resolving a window through the arbiter costs tens
of microseconds, and most windows have one slap).

After each window the bots look again, and those that have not slapped on the card may slap
(a new window, A9); a bot that has slapped does not slap again before the next card (ruling
A8: one hand card per turned card). The report counts those second slaps held back
(``held_back_slaps_per_game``: a bot had loot in reach but had already slapped on the card),
what the revised ruling takes away from the bots' games.

Joint Raid needs fewer than 5 players (ruling A13): the engine refuses the setup, and the
command exits with status 2 naming the ruling.

Chance draws each turned card with ``Apache.random_reveal``; the state before the first
action is checked too. What every game shares: :mod:`companion.tools.simulate` (the command,
the report) and :mod:`companion.tools.simulate.play` (applying, checking, seeding).
"""

from __future__ import annotations

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
from companion.powwow import DEFAULT_QUIET_NS, DEFAULT_SETTLE_NS, Arbiter, Window
from companion.rules.apache import APACHE, CHOOSE, CLOSE, END, FINAL, OVER, READY, VARIANTS
from companion.rules.apache.actions import Action, Slap, Turn
from companion.rules.apache.engine import DEFAULT_PLAYERS, ApacheState
from companion.rules.apache.table import PLAYERS
from companion.tools.simulate import Batch, GameReport, Progress, Simulator, Summary, counter
from companion.tools.simulate.play import CheckedGame, play_games

SCORE_WORDS: Final = "cards in the winnings pile"
TURN_GAP_NS: Final = 700_000_000
"""Time from the end of the last event to the next card turn (the turner's hand)."""


# --- one game --------------------------------------------------------------------------------


@dataclass(slots=True)
class ApacheReport(GameReport):
    """One simulated Apache game, with its slap windows."""

    windows: int = counter()
    slaps: int = counter()
    illegal_slaps: int = counter()
    held_back_slaps: int = counter()
    """Second slaps on the same card a bot held back (ruling A8)."""


class _ApacheGame(CheckedGame[ApacheState, Action, ApacheReport]):
    """Plays one Apache game with ReflexBots through the arbiter, checking every action."""

    engine = APACHE

    def __init__(
        self,
        setup: dict[str, Any],
        seed: int,
        *,
        check: bool,
        record: list[Action] | None,
        windows: list[tuple[int, Window]] | None = None,
    ) -> None:
        state = APACHE.new(setup, seed)
        super().__init__(state, ApacheReport(seed), check=check, record=record)
        self.windows = windows
        """If given: each window the arbiter resolved, with the number of actions before
        its first slap (a journal's ``powwow-window`` note); every slap then goes through
        the arbiter, a lone one too, so that each has its time."""
        self.colours = state.colours
        self.chance = self.generator("chance")
        self.bots = [
            ReflexBot(seat, self.generator(f"bot:{seat}")) for seat in range(len(self.colours))
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

    def play_out(self) -> None:
        """The game loop: turn, reveal, then slap rounds until nobody slaps (A9, A10)."""
        if self.check:
            APACHE.check_invariants(self.state)
        while self.state.phase != OVER:
            if self.state.phase == READY:
                self.apply(self.turns[self.state.turner])
                self.apply(APACHE.random_reveal(self.state, self.chance))
                self.now += TURN_GAP_NS
                self.turn_filed = False
            found = self.team.react(self.state, fresh=True)
            if found:  # about one card in three: most cards get no slap
                self._slap_rounds(found)
            if self.state.phase == FINAL:
                self.apply(END)
        self.report.held_back_slaps = self.team.held_back

    def _slap_rounds(self, found: list[Reaction]) -> None:
        """Windows after a turned card until nobody has anything to slap (A9, A10).

        Two or more reactions go through the arbiter (it orders them by stamp, draws dead
        heats and splits them into windows by the quiet time); a lone reaction is a one-slap
        window with nothing to order and skips it.

        ``found``: the reactions to the card just turned (not empty).
        """
        while found and self.state.phase != OVER:
            if len(found) == 1 and self.windows is None:
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
            if self.windows is not None:
                self.windows.append((self.report.actions, window))
            self._window(window_slaps(window, self.colours))
        self.now = windows[-1].resolved_ns

    def _window(self, slaps: Sequence[Slap]) -> None:
        """One window: its slaps, the close, the choices."""
        self.report.windows += 1
        self.report.slaps += len(slaps)
        for slap in slaps:
            self.apply(slap)
        self.apply(CLOSE)
        while self.state.phase == CHOOSE:
            seat = self.state.pending_seat
            assert seat is not None
            self.apply(self.bots[seat].choose(self.state))
        self.report.illegal_slaps += sum(not result.legal for result in self.state.resolution)


def play_apache_game(
    setup: dict[str, Any],
    seed: int,
    *,
    check: bool = True,
    record: list[Action] | None = None,
    windows: list[tuple[int, Window]] | None = None,
) -> ApacheReport:
    """One full Apache game with ReflexBots (invariants checked after every action unless
    ``check`` is false); its actions are appended to ``record`` if given, and its windows,
    each with the number of actions before its first slap, to ``windows``."""
    return _ApacheGame(setup, seed, check=check, record=record, windows=windows).play()


# --- many games ------------------------------------------------------------------------------


def simulate_apache(batch: Batch, progress: Progress | None = None) -> Summary:
    """Play the batch's checked Apache games (see the module docstring)."""
    variants = {variant: variant in batch.variants for variant in VARIANTS}
    full = APACHE.validate_setup({"players": batch.players, "variants": variants})
    colours = APACHE.new(full, batch.seed).colours
    summary = Summary(
        "apache", batch.players, colours, batch.variants, batch.seed, score_words=SCORE_WORDS
    )
    play_games(summary, batch.games, lambda i: play_apache_game(full, batch.seed + i), progress)
    return summary


SIMULATOR: Final = Simulator(
    game="apache",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling A1",
    variants=VARIANTS,
    play=simulate_apache,
)
