"""Apache bots: human-like reflexes, and their slaps through the real Pow-Wow arbiter.

A :class:`ReflexBot` is asked after every turned card (and after every resolved window, while
the display still offers loot) whether it slaps: ``react`` returns a :class:`Reaction` (which
Indian, after how long) or ``None``. Reaction times are lognormal: ``median_ms`` is the median
and ``sigma`` the spread of ``log(time)`` (0.35 puts 90 % of reactions between 0.56x and
1.8x the median). It slaps the legal Indian whose best option takes the most cards. With
probability ``error_rate`` per turned card it slaps one of its Indians that cannot take
anything (an illegal slap: the penalty of ruling A5); it never errs on a re-check after a
window, so a game always ends. It chooses the option worth the most cards (a War Path raid's
buffalo included), ties to the engine's listing order, so without a wedding or a raid at
stake it makes ruling A6's default choice.

Why the real arbiter in the simulation: :func:`simulate_window` files each reaction as a
``Press`` stamped at the card turn plus the reaction time and lets ``Arbiter`` form the
windows (a slap more than the quiet time after the previous one opens a new window, A9),
apply one slap per seat (A8), order by stamp and draw dead heats (A5). Filing a press costs
about a microsecond, but resolving a window costs 25-55 us (its records, the dead-heat
search, the memory of resolved presses), about 10 % of a simulated game when every window
goes through it. The simulator therefore sends the rounds where two or more bots slap (about
one window in five), where order, dead heats and quiet-time splits matter, and applies a lone
slap directly: a one-press window has nothing to order.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence
from functools import cache
from typing import Final, NamedTuple

from companion.input.events import Press
from companion.powwow import Arbiter, Window
from companion.rules.apache.actions import Choose, Slap, Turn
from companion.rules.apache.cards import IS_BUFFALO, KINDS, NUM_CARDS, WARRIOR
from companion.rules.apache.engine import CHOOSE, READY, Apache, ApacheState, pending_options
from companion.rules.apache.loot import (
    Option,
    Seating,
    legal_kinds,
    legal_slaps,
    options,
    seating,
)

DEFAULT_MEDIAN_MS: Final = 450.0
DEFAULT_SIGMA: Final = 0.35
DEFAULT_ERROR_RATE: Final = 0.01
SOURCE: Final = "bot"


class Reaction(NamedTuple):
    """A bot's slap: ``seat`` slaps ``indian`` ``delay_ns`` after what it reacted to."""

    seat: int
    indian: str
    delay_ns: int


class ReflexBot:
    """An Apache player with reflexes (see the module docstring). Pure: draws only from
    ``rng``; the same rng state and game give the same reactions.

    Errors: the bot's next wrong slap is scheduled at a card number (cards turned so far),
    drawn from the geometric distribution of ``error_rate``: the same as erring with
    probability ``error_rate`` at each turned card, with one draw per error instead of one
    per card, and nothing to count when the bot is not asked.
    """

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        *,
        median_ms: float = DEFAULT_MEDIAN_MS,
        sigma: float = DEFAULT_SIGMA,
        error_rate: float = DEFAULT_ERROR_RATE,
    ) -> None:
        if median_ms <= 0 or sigma < 0 or not 0 <= error_rate <= 1:
            raise ValueError(
                f"ReflexBot needs median_ms > 0, sigma >= 0 and 0 <= error_rate <= 1; got "
                f"median_ms={median_ms}, sigma={sigma}, error_rate={error_rate}"
            )
        self.seat = seat
        self.rng = rng
        self.median_ms = median_ms
        self.sigma = sigma
        self.error_rate = error_rate
        self._mu = math.log(median_ms * 1e6)  # lognormal in nanoseconds
        self.error_at = self._draw_cards_to_error()
        """The card number (cards turned) at which this bot slaps wrongly next."""

    def react(self, state: ApacheState, *, fresh: bool) -> Reaction | None:
        """Whether and what this bot slaps now. ``fresh``: a card was just turned (the only
        time it may err); otherwise the display changed after a window."""
        legal = legal_kinds(seating(state.colours), state.display, self.seat)
        return self.react_to(state, legal, fresh=fresh)

    def react_to(
        self, state: ApacheState, legal: tuple[int, ...], *, fresh: bool
    ) -> Reaction | None:
        """:meth:`react` given the seat's legal kinds (``loot.legal_slaps`` computes them
        for every seat at once)."""
        turned = NUM_CARDS - state.deck_count
        if fresh and turned >= self.error_at:
            self.error_at = turned + self._draw_cards_to_error()
            wrong = [k for k in range(len(KINDS)) if k not in legal]
            if wrong:
                return self._after(self.rng.choice(wrong))
        if not legal:
            return None
        if len(legal) == 1:
            return self._after(legal[0])
        best, best_value = legal[0], -1
        for kind in legal:
            value = max(
                (self._value(state, kind, o) for o in self._options(state, kind)), default=0
            )
            if value > best_value:
                best, best_value = kind, value
        return self._after(best)

    def choose(self, state: ApacheState) -> Choose:
        """The option worth the most cards for this seat (phase ``choose``, its turn)."""
        if state.phase != CHOOSE or state.pending_seat != self.seat:
            raise ValueError(f"{self!r} has no choice to make (phase {state.phase!r})")
        kind = KINDS.index(state.slaps[state.resolved].indian)
        found = pending_options(state)
        if not found:  # pragma: no cover - phase choose always has options
            raise ValueError(f"{self!r} has no choice to make (phase {state.phase!r})")
        best = max(found, key=lambda o: self._value(state, kind, o))  # first max: listed order
        return Choose(self.seat, best.option, best.target)

    def act(self, engine: Apache, state: ApacheState) -> Turn | Choose | None:
        """The bot's turn-based moves: turn when it is the turner, choose when it must."""
        if state.phase == READY and state.turner == self.seat:
            return Turn(self.seat)
        if state.phase == CHOOSE and state.pending_seat == self.seat:
            return self.choose(state)
        return None

    def _options(self, state: ApacheState, kind: int) -> tuple[Option, ...]:
        place = seating(state.colours)
        wedding, joint_raid = state.wedding, state.joint_raid
        return options(
            place, state.display, self.seat, kind, wedding=wedding, joint_raid=joint_raid
        )

    def _draw_cards_to_error(self) -> int:
        p = self.error_rate
        if p <= 0:
            return sys.maxsize
        if p >= 1:
            return 1
        return 1 + int(math.log(1.0 - self.rng.random()) / math.log(1.0 - p))

    def _after(self, kind: int) -> Reaction:
        delay = self.rng.lognormvariate(self._mu, self.sigma)
        return Reaction(self.seat, KINDS[kind], max(1, int(delay)))

    def _value(self, state: ApacheState, kind: int, option: Option) -> int:
        value = len(option.taken)
        if state.war_path and kind == WARRIOR and option.option == "item":
            per_victim = 2 if len(state.colours) == 2 else 1
            for seat, pile in enumerate(state.piles):
                if seat != self.seat:
                    value += min(per_victim, sum(map(IS_BUFFALO.__getitem__, pile)))
        return value

    def __repr__(self) -> str:
        return (
            f"ReflexBot(seat={self.seat}, median_ms={self.median_ms}, sigma={self.sigma}, "
            f"error_rate={self.error_rate})"
        )


def reactions(bots: Sequence[ReflexBot], state: ApacheState, *, fresh: bool) -> list[Reaction]:
    """Every bot's reaction to ``state`` (bots in seat order): the same as calling each
    bot's ``react``, but the display is scanned once for all seats and only the bots with a
    legal slap or an error due are asked. :class:`ReflexTeam` remembers more between calls."""
    return ReflexTeam(bots).react(state, fresh=fresh)


class ReflexTeam:
    """The bots of one game, asked together after every card and every window.

    Equivalent to asking each bot's ``react``, but a round where nobody can slap legally and
    no bot's error is due (most rounds) costs one scan of the display and two comparisons.
    """

    __slots__ = ("_place", "bots", "next_error")

    def __init__(self, bots: Sequence[ReflexBot]) -> None:
        self.bots = tuple(bots)
        self.next_error = min((bot.error_at for bot in self.bots), default=sys.maxsize)
        self._place: Seating | None = None

    def react(self, state: ApacheState, *, fresh: bool) -> list[Reaction]:
        place = self._place
        if place is None or place.colours is not state.colours:
            place = self._place = seating(state.colours)
        legal = legal_slaps(place, state.display)
        erring = fresh and NUM_CARDS - state.deck_count >= self.next_error
        if legal is place.nobody and not erring:
            return []
        found = []
        turned = NUM_CARDS - state.deck_count
        for bot in self.bots:
            mine = legal[bot.seat]
            if mine or (erring and turned >= bot.error_at):
                reaction = bot.react_to(state, mine, fresh=fresh)
                if reaction is not None:
                    found.append(reaction)
        if erring:
            self.next_error = min(bot.error_at for bot in self.bots)
        return found


def simulate_window(
    arbiter: Arbiter,
    colours: Sequence[str],
    reactions: Sequence[Reaction],
    *,
    start_ns: int,
    seq: int = 0,
) -> tuple[Window, ...]:
    """Press every reaction at ``start_ns + delay_ns`` (source ``"bot"``, sequence numbers
    from ``seq``) and resolve all the windows they form, earliest first. Call
    ``arbiter.card_turned`` for the card first when the reactions follow a turn."""
    for k, reaction in enumerate(reactions):
        control = f"{colours[reaction.seat]}.{reaction.indian}"
        arbiter.press(Press(control, start_ns + reaction.delay_ns, SOURCE, seq + k))
    windows: list[Window] = []
    while (due := arbiter.due_ns) is not None:
        window = arbiter.poll(due)
        assert window is not None, "Arbiter.poll(due_ns) resolves the head window"
        windows.append(window)
    return tuple(windows)


def window_slaps(window: Window, colours: Sequence[str]) -> tuple[Slap, ...]:
    """A resolved window's slaps as engine actions, in the arbiter's order."""
    slap_of = _slap_actions(tuple(colours))
    return tuple(slap_of[s.seat, s.indian] for s in window.slaps)


@cache
def _slap_actions(colours: tuple[str, ...]) -> dict[tuple[str, str], Slap]:
    """Every seat's slaps by (colour, Indian): actions are immutable, so they are shared."""
    return {(c, kind): Slap(seat, kind) for seat, c in enumerate(colours) for kind in KINDS}
