"""Paris bots: a fast random legal player and a heuristic player that beats it.

Both are pure and seeded (they draw only from the ``random.Random`` they are given) and look
only at what their seat may know: their own stashes, the covered slots, the board, the
money. ``choose(state)`` returns an action for the seat when it is that seat's move (draft
or turn), always a legal one: the simulation applies it through the engine's unchecked door
(``Paris.apply_unchecked``).

* :class:`RandomParisBot`: drafts a random pile; in its turn does nothing, places or moves
  with equal chance, sampling a random placement or move until one is legal (the engine's
  own checks decide); then places a random stash, bailing half the time when it may.
  It never enumerates every legal action (hundreds at a turn), so it is fast.
* :class:`HeuristicParisBot`: values each district by the mean outcome of the slots that
  can still end uncovered (not covered, not in its own hand: the set-aside stash is one of
  them, uniformly); takes the majority with the fewest Apaches where that is worth most,
  leaves districts whose expected outcome is a loss, drafts the fullest pile, bails early
  when it can afford it, and spares its novices (each is worth 50 F unused at the end).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import cache, partial
from operator import itemgetter
from typing import Final, TypeAlias, TypeVar

from companion.rules.paris.actions import LEADER, Action, Move, Place, Stash, Step, Take
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    DISTRICT_MASK,
    FENCE_DISTRICT,
    FIRST_STASH,
    KILLED,
    MONEY,
    PRISON,
    REINFORCEMENTS,
    STASH_DISTRICT,
    STEAL,
    VALUABLES,
    WOUNDED,
    Outcome,
    get_board,
)
from companion.rules.paris.engine import (
    bail_problem,
    draft_districts,
    move_problem,
    placement_problem,
    single_steps,
    step_table,
)
from companion.rules.paris.settlement import FENCE_PER_THEFT, STEAL_AMOUNTS
from companion.rules.paris.state import (
    DRAFT,
    PLAIN_BOURGEOIS,
    STRIDE,
    TURN,
    TURNS,
    ParisState,
    bits,
    stash_districts,
    stash_pair,
)

__all__ = ["HeuristicParisBot", "ParisBot", "RandomParisBot", "district_values", "outcome_value"]

T = TypeVar("T")
_Candidate: TypeAlias = tuple[float, Callable[[], Place | Move]]
"""A heuristic candidate: its gain, and how to make its action."""

RANDOM_TRIES: Final = 3
"""How many random placements or moves the random bot samples before placing its stash."""
NOVICE_COST: Final = 50
"""A novice used is a novice not counted at the end (ruling D10)."""
LEADER_COST: Final = 5
"""A small price per Apache placed: the reserve is worth keeping (ruling D6)."""
SPARE: Final = 0.2
"""What one Apache more than the majority needs is worth, as a share of the district's
value: the others need one more to take it back."""


class ParisBot(ABC):
    """A bot for ``seat``, drawing only from ``rng``: in the draft a pile to take from, in
    its turn an optional action or none, then its stash (ruling D5)."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: ParisState) -> Action:
        """The seat's action now (its draft pick or its turn's next action)."""
        if state.phase == DRAFT:
            return self._take(state)
        if state.phase == TURN:
            optional = self._optional(state)
            if optional is not None:
                return optional
        return self._stash(state)

    @abstractmethod
    def _take(self, state: ParisState) -> Take: ...

    @abstractmethod
    def _optional(self, state: ParisState) -> Action | None: ...

    @abstractmethod
    def _stash(self, state: ParisState) -> Stash: ...

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class RandomParisBot(ParisBot):
    """A random legal player of ``seat`` (see the module docstring)."""

    def _take(self, state: ParisState) -> Take:
        """A uniform pile (one ``random()``)."""
        return Take(_pick(draft_districts(state), self.rng))

    def _optional(self, state: ParisState) -> Action | None:
        """Nothing, a placement or a move (one ``random()``); a placement or a move is
        sampled up to :data:`RANDOM_TRIES` times until one is legal."""
        kind = int(self.rng.random() * 3)
        if kind == 0:
            return None
        singles = single_steps(state, self.seat) if kind == 2 else []
        for _ in range(RANDOM_TRIES):
            action = self._place(state) if kind == 1 else self._move(state, singles)
            if action is not None:
                return action
        return None

    def _place(self, state: ParisState) -> Place | None:
        """A uniform district and, of each kind, 0 to all of those in reserve: one
        ``random()`` each, in that order; ``None`` when the rules refuse it."""
        have_leaders, have_novices, have_recruits = state.reserve[self.seat * 3 : self.seat * 3 + 3]
        if not have_leaders + have_novices + have_recruits:
            return None
        draw = self.rng.random
        place = Place(
            _pick(state.districts, self.rng),
            int(draw() * (have_leaders + 1)),
            int(draw() * (have_novices + 1)),
            int(draw() * (have_recruits + 1)),
        )
        return place if placement_problem(state, self.seat, place) is None else None

    def _move(self, state: ParisState, singles: list[Step]) -> Move | None:
        """One uniform step of ``singles``, and half the time a second one; ``None`` when
        the rules refuse them."""
        if not singles:
            return None
        steps: tuple[Step, ...] = (_pick(singles, self.rng),)
        if self.rng.random() < 0.5:
            steps += (_pick(singles, self.rng),)
        return Move(steps) if move_problem(state, self.seat, steps) is None else None

    def _stash(self, state: ParisState) -> Stash:
        """A uniform stash of the hand (one ``random()``), and bail half the time when the
        rules allow it (then one more)."""
        hand = bits(state.hands[self.seat])
        if not hand:
            raise ValueError(f"{state.colours[self.seat]} holds no stash to place (ruling D5)")
        district, slot = stash_pair(_pick(hand, self.rng))
        bail = state.prison[self.seat] > 0 and bail_problem(state, self.seat) is None
        return Stash(district, slot, bail and self.rng.random() < 0.5)


class HeuristicParisBot(ParisBot):
    """A player that takes profitable majorities and leaves losing ones (module docstring)."""

    def _take(self, state: ParisState) -> Take:
        """The pile with the most stashes (the first of equals)."""
        fullest, most = 0, 0
        for d in state.districts:
            size = (state.piles & DISTRICT_MASK[d]).bit_count()
            if size > most:
                fullest, most = d, size
        if not fullest:
            raise ValueError("no stash left to draft (ruling D3)")
        return Take(fullest)

    # -- the optional action --

    def _optional(self, state: ParisState) -> Action | None:
        """The candidate worth most whose checks pass (the first of equal ones). A
        candidate's action is made only when it is tried."""
        worth = _Worth(state, self.seat)
        found = self._placements(state, worth) + self._moves(state, worth)
        found.sort(key=itemgetter(0), reverse=True)  # by gain; a stable sort
        for gain, make in found:
            if gain <= 0:
                return None
            action = make()
            if isinstance(action, Place):
                if placement_problem(state, self.seat, action) is None:
                    return action
            elif move_problem(state, self.seat, action.steps) is None:
                return action
        return None

    def _placements(self, state: ParisState, worth: _Worth) -> list[_Candidate]:
        """For each profitable district not held: the fewest Apaches that take it, and
        one more before the last turn (the others may answer). Reinforcements go first
        (they expire), then leaders, novices last (each is worth 50 F unused at the end);
        novices only beside a leader."""
        found: list[_Candidate] = []
        extras = (0, 1) if state.turn < TURNS else (0,)
        have_leaders, have_novices, have_recruits = state.reserve[self.seat * 3 : self.seat * 3 + 3]
        for d, value in worth.values.items():
            mine, top = worth.mine[d], worth.top[d]
            if value <= 0 or mine > top:
                continue
            for extra in extras:
                count = top + 1 - mine + extra
                recruits = min(have_recruits, count)
                leaders = min(have_leaders, count - recruits)
                novices = count - recruits - leaders
                if novices > have_novices:
                    break
                if not leaders and not state.leaders[self.seat * STRIDE + d]:
                    if not have_leaders:
                        break
                    leaders = 1  # the followers' leader (ruling D5) in place of one of them
                    if recruits:
                        recruits -= 1
                    else:
                        novices -= 1
                cost = NOVICE_COST * novices + LEADER_COST * count
                gain = value - worth.now[d] - cost + SPARE * value * extra
                if gain > 0:
                    found.append((gain, partial(Place, d, leaders, novices, recruits)))
        return found

    def _moves(self, state: ParisState, worth: _Worth) -> list[_Candidate]:
        """Leaders moving one or two together: each step's gain is the leaving district's
        plus the arriving one's."""
        found: list[_Candidate] = []
        table = step_table(state.board, state.districts)
        for a in state.districts:
            here = state.leaders[self.seat * STRIDE + a]
            if not here:
                continue
            for step in table[a][LEADER]:
                b = step.target
                gain = worth.out1[a] + worth.in1[b] - LEADER_COST
                if gain > 0:
                    found.append((gain, partial(Move, (step,))))
                gain = worth.out2[a] + worth.in2[b] - LEADER_COST
                if gain > 0 and here > 1:
                    found.append((gain, partial(Move, (step, step))))
        return found

    # -- the obligatory action --

    def _stash(self, state: ParisState) -> Stash:
        """The order of the stashes changes nothing at the settlement (all are placed by
        the round's end): reveal first the ones about districts nobody holds; bail early
        (turns 1-3) with 300 F or more."""
        hand = bits(state.hands[self.seat])
        if not hand:
            raise ValueError(f"{state.colours[self.seat]} holds no stash to place (ruling D5)")
        quiet = (s for s in hand if not any(state.district_counts(STASH_DISTRICT[s])))
        district, slot = stash_pair(next(quiet, hand[0]))
        bail = state.turn <= 3 and state.money[self.seat] >= 300
        return Stash(district, slot, bail and bail_problem(state, self.seat) is None)


# --- what a district is worth ----------------------------------------------------------------


def outcome_value(outcome: Outcome, players: int, last_round: bool) -> float:
    """A rough worth in francs of receiving ``outcome`` (for the holder)."""
    kind = outcome.kind
    if kind in (MONEY, VALUABLES):
        return outcome.amount + (60 if kind == VALUABLES else 0)
    if kind == STEAL:
        return STEAL_AMOUNTS[players] * (players - 1) + 60
    if kind == REINFORCEMENTS:
        return 100 if last_round else 70
    return {WOUNDED: -45, PRISON: -50, KILLED: -100}[kind] - (10 if last_round else 0)


def district_values(state: ParisState, seat: int) -> dict[int, float]:
    """Each district's expected worth for its holder, as ``seat`` knows it: the mean over
    the slots that may still end uncovered (not covered, not in ``seat``'s hand)."""
    tables = _value_tables(state.board, state.players, state.round == 3)
    hidden = ~(state.covered | state.hands[seat])
    values: dict[int, float] = {}
    thefts = 0.0
    for d in stash_districts(state.districts):
        value, theft = tables[d][(hidden & DISTRICT_MASK[d]) >> FIRST_STASH[d]]
        values[d] = value
        if any(state.district_counts(d)):
            thefts += theft
    if BOURGEOIS_DISTRICT in state.districts:
        plain = PLAIN_BOURGEOIS - sum(state.bourgeois)
        police = state.policeman < 0
        values[BOURGEOIS_DISTRICT] = (200 * plain - 250 * police) / max(plain + police, 1)
    if FENCE_DISTRICT in state.districts:
        values[FENCE_DISTRICT] = FENCE_PER_THEFT * thefts + 50
    return values


@cache
def _value_tables(
    board_name: str, players: int, last_round: bool
) -> tuple[tuple[tuple[float, float], ...], ...]:
    """For each district and each set of its slots that may end uncovered (a bit mask of
    slots, slot 1 the lowest bit; empty: all of them), the mean outcome value and the chance
    of a theft. Cached: a few boards and player counts, 7 x 2^6 means each, every turn."""
    board = get_board(board_name)
    tables: list[tuple[tuple[float, float], ...]] = [()]
    for d in range(1, 10):
        slots = board.slots[d]
        rows = []
        for mask in range(1 << len(slots)):
            chosen = [o for k, o in enumerate(slots) if mask >> k & 1] or list(slots)
            value = sum(outcome_value(o, players, last_round) for o in chosen) / max(len(chosen), 1)
            rows.append((value, sum(o.is_theft for o in chosen) / max(len(chosen), 1)))
        tables.append(tuple(rows))
    return tuple(tables)


class _Worth:
    """One turn's view of the board for the heuristic, by district: its ``values``, the
    bot's count (``mine``) and the best other count (``top``), what the bot has there now
    (``now``: the value when it holds the district, the loss share when another gang does),
    and what one or two of its Apaches leaving (``out1``, ``out2``) or arriving (``in1``,
    ``in2``) would change."""

    def __init__(self, state: ParisState, seat: int) -> None:
        self.values = values = district_values(state, seat)
        rows = [state.counts[s * STRIDE : s * STRIDE + STRIDE] for s in range(state.players)]
        self.mine = mine = rows.pop(seat)
        self.top = top = [max(column) for column in zip(*rows, strict=True)]  # the best other
        self.now = now = [0.0] * STRIDE
        self.out1, self.out2 = out1, out2 = [0.0] * STRIDE, [0.0] * STRIDE
        self.in1, self.in2 = in1, in2 = [0.0] * STRIDE, [0.0] * STRIDE
        share = -1.0 / (state.players - 1)
        for d, value in values.items():
            other = value * share if top[d] else 0.0
            if mine[d] > top[d]:  # the bot holds it: arriving changes nothing, leaving may lose it
                now[d] = value
                if mine[d] - 1 <= top[d]:
                    out1[d] = out2[d] = other - value
                elif mine[d] - 2 <= top[d]:
                    out2[d] = other - value
            else:  # another gang holds it, or nobody: leaving changes nothing
                now[d] = other
                if mine[d] + 1 > top[d]:
                    in1[d] = in2[d] = value - other
                elif mine[d] + 2 > top[d]:
                    in2[d] = value - other


# --- helpers ---------------------------------------------------------------------------------


def _pick(choices: Sequence[T], rng: random.Random) -> T:
    """A uniform choice with one ``rng.random()`` draw."""
    return choices[int(rng.random() * len(choices))]
