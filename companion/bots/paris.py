"""Paris bots: a fast random legal player and a heuristic player that beats it.

Both are pure and seeded (they draw only from the ``random.Random`` they are given) and look
only at what their seat may know: their own stashes, the covered slots, the board, the
money. ``choose(state)`` returns an action for the seat when it is that seat's move (draft
or turn); the simulation applies it through the engine's fast door.

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
from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any, Final, TypeAlias

from companion.rules.paris.actions import (
    APACHE_KINDS,
    Action,
    Move,
    Place,
    Stash,
    Step,
    Take,
)
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    DISTRICT_MASK,
    FENCE_DISTRICT,
    FIRST_STASH,
    KILLED,
    MONEY,
    PRISON,
    REINFORCEMENTS,
    SLOT_COUNTS,
    STASH_DISTRICT,
    STEAL,
    VALUABLES,
    WOUNDED,
    Outcome,
    get_board,
)
from companion.rules.paris.engine import STASHES, bail_problem, move_problem, placement_problem
from companion.rules.paris.settlement import FENCE_PER_THEFT, STEAL_AMOUNTS
from companion.rules.paris.state import (
    DRAFT,
    PLAIN_BOURGEOIS,
    STRIDE,
    TURN,
    TURNS,
    ParisState,
)

_Candidate: TypeAlias = tuple[float, Callable[..., Place | Move], tuple[Any, ...]]
"""A heuristic candidate: its gain, and how to make the action (the class and its
arguments: made only when it is the best one left)."""

RANDOM_TRIES: Final = 3
"""How many random placements or moves the random bot samples before placing its stash."""
NOVICE_COST: Final = 50
"""A novice used is a novice not counted at the end (ruling D10)."""
LEADER_COST: Final = 5
"""A small price per Apache placed: the reserve is worth keeping (ruling D6)."""
SPARE: Final = 0.2
"""What one Apache more than the majority needs is worth, as a share of the district's
value: the others need one more to take it back."""


class RandomParisBot:
    """A random legal player of ``seat`` (see the module docstring)."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: ParisState) -> Action:
        phase = state.phase
        if phase == DRAFT:
            takes = _draftable(state)
            return takes[int(self.rng.random() * len(takes))]  # uniform, one random()
        if phase == TURN:
            optional = self._optional(state)
            if optional is not None:
                return optional
        return self._stash(state)

    def _optional(self, state: ParisState) -> Action | None:
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
        ``random()`` each, in that order."""
        base = self.seat * 3
        have_l, have_n, have_r = state.reserve[base : base + 3]
        if not have_l + have_n + have_r:
            return None
        draw, districts = self.rng.random, state.districts
        place = _PLACE(
            districts[int(draw() * len(districts))],
            int(draw() * (have_l + 1)),
            int(draw() * (have_n + 1)),
            int(draw() * (have_r + 1)),
        )
        return place if placement_problem(state, self.seat, place) is None else None

    def _move(self, state: ParisState, singles: list[Step]) -> Move | None:
        if not singles:
            return None
        draw = self.rng.random
        steps: tuple[Step, ...] = (singles[int(draw() * len(singles))],)
        if draw() < 0.5:
            steps += (singles[int(draw() * len(singles))],)
        return Move(steps) if move_problem(state, self.seat, steps) is None else None

    def _stash(self, state: ParisState) -> Stash:
        """A uniform stash of the hand (one ``random()``: the k-th stash, lowest id first,
        found on the mask), and bail half the time when allowed (only asked of a seat
        with a prisoner: else it is refused anyway)."""
        seat, rng = self.seat, self.rng
        hand = state.hands[seat]
        if not hand:
            raise ValueError(f"{state.colours[seat]} holds no stash to place (ruling D5)")
        for _ in range(int(rng.random() * hand.bit_count())):
            hand &= hand - 1  # drop the lowest stash
        stash = (hand & -hand).bit_length() - 1
        bail = bool(state.prison[seat]) and bail_problem(state, seat) is None
        return STASHES[stash][bail and rng.random() < 0.5]

    def __repr__(self) -> str:
        return f"RandomParisBot(seat={self.seat})"


class HeuristicParisBot:
    """A player that takes profitable majorities and leaves losing ones (module docstring)."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: ParisState) -> Action:
        phase = state.phase
        if phase == DRAFT:
            return _fullest_pile(state)
        if phase == TURN:
            optional = self._optional(state)
            if optional is not None:
                return optional
        return self._stash(state)

    # -- the optional action --

    def _optional(self, state: ParisState) -> Action | None:
        """The candidate worth most whose checks pass. Candidates are priced first as
        plain numbers (cheap); actions are made and checked best first."""
        worth = _Worth(state, self.seat)
        found = self._placements(state, worth)
        found += self._moves(state, worth)
        found.sort(key=_GAIN, reverse=True)  # stable: equal gains keep their order
        for gain, kind, arguments in found:
            if gain <= 0:
                return None
            action = kind(*arguments)
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
        base = self.seat * 3
        have_l, have_n, have_r = state.reserve[base : base + 3]
        leaders_on, row = state.leaders, self.seat * STRIDE
        mine, top, now = worth.mine, worth.top, worth.now
        for d, value in worth.values.items():
            m, t = mine[d], top[d]
            if value <= 0 or m > t:
                continue
            for extra in extras:
                count = t + 1 - m + extra
                use_r = have_r if have_r < count else count  # min(), without the call
                use_l = have_l if have_l < count - use_r else count - use_r
                use_n = count - use_r - use_l
                if use_n > have_n:
                    break
                if not use_l and not leaders_on[row + d]:
                    if not have_l:
                        break
                    use_l, use_r, use_n = 1, use_r - (use_r > 0), use_n - (use_r == 0)
                cost = NOVICE_COST * use_n + LEADER_COST * count
                gain = value - now[d] - cost + SPARE * value * extra
                if gain > 0:
                    found.append((gain, _PLACE, (d, use_l, use_n, use_r)))
        return found

    def _moves(self, state: ParisState, worth: _Worth) -> list[_Candidate]:
        """Leaders moving one or two together: each step's gain is the leaving district's
        plus the arriving one's, priced once per district."""
        found: list[_Candidate] = []
        table = _step_table(state.board, state.districts)
        leaders, base = state.leaders, self.seat * STRIDE
        out1, out2, in1, in2 = worth.out1, worth.out2, worth.in1, worth.in2
        for a in state.districts:
            here = leaders[base + a]
            if not here:
                continue
            for step in table[a][0]:
                b = step.target
                gain = out1[a] + in1[b] - LEADER_COST
                if gain > 0:
                    found.append((gain, Move, ((step,),)))
                gain = out2[a] + in2[b] - LEADER_COST
                if gain > 0 and here > 1:
                    found.append((gain, Move, ((step, step),)))
        return found

    # -- the obligatory action --

    def _stash(self, state: ParisState) -> Stash:
        """The order of the stashes changes nothing at the settlement (all are placed by
        the round's end): reveal first the ones about districts nobody holds."""
        hand, counts = state.hands[self.seat], state.counts
        if not hand:
            raise ValueError(f"{state.colours[self.seat]} holds no stash to place (ruling D5)")
        stash = (hand & -hand).bit_length() - 1  # the lowest, unless one is quiet
        rest = hand
        while rest:
            low = rest & -rest
            if not any(counts[STASH_DISTRICT[low.bit_length() - 1] :: STRIDE]):
                stash = low.bit_length() - 1
                break
            rest ^= low
        bail = state.turn <= 3 and state.money[self.seat] >= 300
        return STASHES[stash][bail and bail_problem(state, self.seat) is None]

    def __repr__(self) -> str:
        return f"HeuristicParisBot(seat={self.seat})"


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
    rows = _value_rows(state.board, state.districts, len(state.colours), state.round == 3)
    hidden = ~(state.covered | state.hands[seat])
    values: dict[int, float] = {}
    thefts = 0.0
    counts = state.counts
    for d, first, slots, table in rows:
        value, theft = table[(hidden >> first) & slots]
        values[d] = value
        if theft and any(counts[d::STRIDE]):  # adding 0.0 changes no sum
            thefts += theft
    if BOURGEOIS_DISTRICT in state.districts:
        plain = PLAIN_BOURGEOIS - sum(state.bourgeois)
        police = state.policeman < 0
        values[BOURGEOIS_DISTRICT] = (200 * plain - 250 * police) / max(plain + police, 1)
    if FENCE_DISTRICT in state.districts:
        values[FENCE_DISTRICT] = FENCE_PER_THEFT * thefts + 50
    return values


@cache
def _value_rows(
    board_name: str, districts: tuple[int, ...], players: int, last_round: bool
) -> tuple[tuple[int, int, int, tuple[tuple[float, float], ...]], ...]:
    """For each district in play with stash slots, in order: the district, its first stash
    id, the mask of its slots and its ``_value_tables`` row (looked up once per
    configuration: the heuristic prices the districts every turn)."""
    tables = _value_tables(board_name, players, last_round)
    return tuple(
        (d, FIRST_STASH[d], (1 << SLOT_COUNTS[d]) - 1, tables[d])
        for d in districts
        if SLOT_COUNTS[d]
    )


@cache
def _value_tables(
    board_name: str, players: int, last_round: bool
) -> tuple[tuple[tuple[float, float], ...], ...]:
    """For each district and each set of its slots that may end uncovered (a bit mask;
    empty: all of them), the mean outcome value and the chance of a theft."""
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


def single_steps(state: ParisState, seat: int) -> list[Step]:
    """Every one-Apache step ``seat`` could try (legal or not: the checks decide)."""
    table = _step_table(state.board, state.districts)
    leaders, novices, recruits = state.leaders, state.novices, state.recruits
    steps: list[Step] = []
    base = seat * STRIDE
    for d in state.districts:
        i = base + d
        if leaders[i]:
            steps += table[d][0]
            if novices[i]:
                steps += table[d][1]
            if recruits[i]:
                steps += table[d][2]
    return steps


@cache
def _step_table(
    board_name: str, districts: tuple[int, ...]
) -> tuple[tuple[tuple[Step, ...], ...], ...]:
    """``table[d][k]``: the steps of an Apache of kind ``k`` from ``d`` to a neighbour in
    play (made once: steps are immutable)."""
    board = get_board(board_name)
    return tuple(
        tuple(
            tuple(Step(d, t, kind) for t in board.neighbours[d] if t in districts)
            for kind in APACHE_KINDS
        )
        for d in range(10)
    )


class _Worth:
    """One turn's view of the board for the heuristic, by district: its value, the bot's
    count and the best other count, what the bot holds there now (its relative worth: 1 x
    the value when it holds the district, the loss share when another gang does), and
    what one or two of its Apaches leaving or arriving would change (``out1`` .. ``in2``).
    Computed in one pass over the districts in play."""

    __slots__ = ("in1", "in2", "mine", "now", "out1", "out2", "top", "values")

    def __init__(self, state: ParisState, seat: int) -> None:
        self.values = values = district_values(state, seat)
        share = -1.0 / (len(state.colours) - 1)
        counts = state.counts
        # the best other count of every district at once: the element-wise max of the
        # other gangs' rows (C-level; one row alone is its own maximum)
        others = [counts[k : k + STRIDE] for k in range(0, len(counts), STRIDE)]
        self.mine = mine = others.pop(seat)
        self.top = top = others[0] if len(others) == 1 else tuple(map(max, *others))
        self.now = now = [0.0] * STRIDE
        self.out1, self.out2 = out1, out2 = [0.0] * STRIDE, [0.0] * STRIDE
        self.in1, self.in2 = in1, in2 = [0.0] * STRIDE, [0.0] * STRIDE
        for d, value in values.items():  # every district in play; the lists hold 0.0
            m, t = mine[d], top[d]
            other = value * share if t else 0.0
            if m > t:  # the bot holds it: arriving changes nothing, leaving may lose it
                now[d] = value
                if m - 1 <= t:
                    out1[d] = out2[d] = other - value
                elif m - 2 <= t:
                    out2[d] = other - value
            else:  # another gang holds it, or nobody: leaving changes nothing
                now[d] = other
                if m + 1 > t:
                    in1[d] = in2[d] = value - other
                elif m + 2 > t:
                    in2[d] = value - other


# --- helpers ---------------------------------------------------------------------------------


def _draftable(state: ParisState) -> list[Take]:
    piles = state.piles
    return [take for mask, take in _pile_takes(state.districts) if piles & mask]


def _fullest_pile(state: ParisState) -> Take:
    """The take from the pile with the most stashes (the first of equals)."""
    piles, fullest, most = state.piles, None, 0
    for mask, take in _pile_takes(state.districts):
        size = (piles & mask).bit_count()
        if size > most:
            fullest, most = take, size
    if fullest is None:
        raise ValueError("no stash left to draft (ruling D3)")
    return fullest


@cache
def _pile_takes(districts: tuple[int, ...]) -> tuple[tuple[int, Take], ...]:
    """Each district in play with stashes: the mask of its stashes and the take from its
    pile."""
    return tuple((DISTRICT_MASK[d], _TAKES[d]) for d in districts if SLOT_COUNTS[d])


_TAKES: Final = tuple(Take(d) for d in range(10))
_PLACE: Final = cache(Place)
"""``Place(...)``, each distinct placement made once (a few hundred: actions are
immutable)."""
_GAIN: Final = itemgetter(0)
"""A candidate's gain (sorting by it, reversed, keeps equal gains in order: a stable sort)."""


__all__ = [
    "HeuristicParisBot",
    "RandomParisBot",
    "district_values",
    "outcome_value",
    "single_steps",
]
