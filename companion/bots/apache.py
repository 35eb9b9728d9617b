"""Apache bots: human-like reflexes, and their slaps through the real Pow-Wow arbiter.

A :class:`ReflexBot` is asked after every turned card (and after every resolved window, while
the display still offers loot) whether it slaps: ``react`` returns a :class:`Reaction` (which
Indian, after how long) or ``None``. It plays one hand card per turned card (ruling A8): once
it has slapped on a card it does not slap again before the next card, even in a new window
with loot in reach. Reaction times are lognormal: ``median_ms`` is the median and ``sigma``
the spread of ``log(time)`` (0.35 puts 90 % of reactions between 0.56x and 1.8x the
median). It slaps the legal Indian whose best option takes the most cards. With
probability ``error_rate`` per turned card it slaps one of its Indians that cannot take
anything (an illegal slap: the penalty of ruling A5); it never errs on a re-check after a
window, so a game always ends. It chooses the option worth the most cards (a War Path raid's
buffalo included), ties to the engine's listing order, so without a wedding or a raid at
stake it makes ruling A6's default choice.

Through the real arbiter: :func:`simulate_window` files each reaction as a ``Press`` stamped
at the card turn plus the reaction time and lets ``Arbiter`` form the windows (a slap more
than the quiet time after the previous one opens a new window, A9), apply one slap per seat
(A8), order by stamp and draw dead heats (A5); :func:`window_slaps` gives a resolved window's
slaps as engine actions. :class:`ReflexTeam` asks the bots of one game together.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Collection, Sequence
from typing import Final, NamedTuple

from companion.input.events import Press
from companion.powwow import Arbiter, Window
from companion.rules.apache.actions import Choose, Slap, Turn
from companion.rules.apache.cards import KINDS, NUM_CARDS, WARRIOR
from companion.rules.apache.engine import (
    CHOOSE,
    READY,
    Apache,
    ApacheState,
    pending_options,
    slap_options,
)
from companion.rules.apache.loot import Option, legal_slaps, raid

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
        time it may err); otherwise the display changed after a window. Never a second
        slap on the same card (ruling A8)."""
        if self.seat in state.slapped_on_card:
            return None
        legal = legal_slaps(state.seating, state.display).get(self.seat, [])
        return self.react_to(state, legal, fresh=fresh)

    def react_to(self, state: ApacheState, legal: list[int], *, fresh: bool) -> Reaction | None:
        """:meth:`react` given the seat's legal kinds (``loot.legal_slaps`` computes them
        for every seat at once), for a seat that may slap (the caller checks ruling A8)."""
        turned = NUM_CARDS - len(state.deck)
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
            found = slap_options(state, self.seat, kind)
            value = max((self._value(state, kind, o) for o in found), default=0)
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
        """The cards ``option`` brings: those it takes, and the buffalo of the War Path raid
        that follows a warrior's tomahawks (ruling A11)."""
        value = len(option.taken)
        if state.war_path and kind == WARRIOR and option.option == "item":
            _, raided = raid(state.piles, self.seat)
            value += sum(len(buffalo) for _, buffalo in raided)
        return value

    def __repr__(self) -> str:
        return (
            f"ReflexBot(seat={self.seat}, median_ms={self.median_ms}, sigma={self.sigma}, "
            f"error_rate={self.error_rate})"
        )


class ReflexTeam:
    """The bots of one game, asked together after every card and every window: the display
    is scanned once for all seats (``loot.legal_slaps``), then each bot reacts to its own
    legal kinds. The same reactions as asking each bot's :meth:`ReflexBot.react`.

    ``held_back`` counts the bots that had loot in reach but did not slap because they had
    already slapped on the card (ruling A8): the second slaps the rule takes away."""

    __slots__ = ("bots", "held_back")

    def __init__(self, bots: Sequence[ReflexBot]) -> None:
        self.bots = tuple(bots)
        self.held_back = 0

    def react(
        self, state: ApacheState, *, fresh: bool, busy: Collection[int] = ()
    ) -> list[Reaction]:
        """The bots' reactions to ``state``. ``busy``: seats whose slap on this card is on
        its way (in the air, or in a window not yet entered in ``state``): like the seats
        that have slapped on the card, they do not slap again (ruling A8)."""
        legal = legal_slaps(state.seating, state.display)
        turned = NUM_CARDS - len(state.deck)
        slapped = state.slapped_on_card
        found = []
        for bot in self.bots:
            if bot.seat in slapped or bot.seat in busy:  # ruling A8: one slap per card
                self.held_back += bot.seat in legal
                continue
            # a bot with nothing legal slaps only when its wrong slap is due on a fresh card
            if bot.seat in legal or (fresh and turned >= bot.error_at):
                reaction = bot.react_to(state, legal.get(bot.seat, []), fresh=fresh)
                if reaction is not None:
                    found.append(reaction)
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
        if window is not None:  # None: every press was ignored (ruling A8, take_late())
            windows.append(window)
    return tuple(windows)


def window_slaps(window: Window, colours: Sequence[str]) -> tuple[Slap, ...]:
    """A resolved window's slaps as engine actions, in the arbiter's order."""
    return tuple(Slap(colours.index(s.seat), s.indian) for s in window.slaps)
