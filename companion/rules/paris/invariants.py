"""The Paris invariants: every conservation law, checked after every action.

40 Apaches (7 leaders and 3 novices a gang, ruling D1), 31 stashes, 5 reinforcements and 4
bourgeois counters each in exactly one place; money = 500 F + the ledger, never below 0
(D1); no tie on the board and no novice or reinforcement without a leader (D5); the turn
fits the hands. ``Paris.check_invariants`` calls :data:`CHECKER`.
"""

from __future__ import annotations

from functools import cache
from itertools import repeat
from operator import add, gt, mul, sub
from typing import Final, NamedTuple

from companion.rules.paris.board import ALL_STASHES, NUM_STASHES
from companion.rules.paris.state import (
    GANG_SIZE,
    LEADERS,
    NOVICES,
    PHASES,
    PLAIN_BOURGEOIS,
    PLAYER_TURN,
    RECRUITS,
    RL,
    RN,
    ROUNDS,
    RR,
    START_MONEY,
    STRIDE,
    TURNS,
    ParisState,
    play_mask,
    stash_districts,
)

# --- the invariants --------------------------------------------------------------------------


class _Checker:
    """The conservation laws, checked in time proportional to what changed.

    A state is an immutable tuple and an action copies the fields it leaves alone as the
    very same objects; so only the laws that read a field that is not the last checked
    state's object are checked again. A law whose fields are all the last state's objects
    still holds: the last state passed it. A placement or a move is checked on the entries
    that changed (``_check_placed``); anything else that moves Apaches, in full."""

    __slots__ = ("_box", "_last")

    def __init__(self) -> None:
        self._last: ParisState | None = None
        self._box = (0, 0)
        """The last configuration's stashes in the box and districts with stashes."""

    def check(self, state: ParisState) -> None:
        last = self._last
        self._last = None  # until this state has passed
        if (
            last is None
            or state.colours is not last.colours
            or state.districts is not last.districts
        ):
            self._box = _box_and_asides(state.districts)
            _check_all(state)
            self._last = state
            return
        (
            _, _, _, phase, _, _, turn, step, order, _, piles, aside, hands, covered,
            leaders, novices, recruits, counts, reserve, hospital, prison, cemetery,
            novices_used, supply, recruits_used, money, ledger, bourgeois, policeman, _,
        ) = state  # fmt: skip
        (
            _, _, _, phase0, _, _, turn0, step0, order0, _, piles0, aside0, hands0, covered0,
            leaders0, novices0, recruits0, counts0, reserve0, hospital0, prison0, cemetery0,
            novices_used0, supply0, recruits_used0, money0, ledger0, bourgeois0, policeman0, _,
        ) = last  # fmt: skip
        moved = hands is not hands0 or piles is not piles0 or aside is not aside0
        moved = moved or covered is not covered0
        turned = step is not step0 or turn is not turn0 or order is not order0
        turned = turned or (phase is not phase0 and phase0 not in PLAYER_TURN)
        # the hands are checked against the turn and the step: a change of phase within
        # the turn (the optional action done: TURN -> STASH) or outside it changes neither
        if moved or (turned and phase in PLAYER_TURN) or phase not in PHASES:
            _check_stashes_and_turn(state, self._box)
        board = (
            counts is not counts0
            or leaders is not leaders0
            or novices is not novices0
            or recruits is not recruits0
        )
        people = (
            hospital is not hospital0
            or prison is not prison0
            or cemetery is not cemetery0
            or novices_used is not novices_used0
            or supply is not supply0
            or recruits_used is not recruits_used0
        )
        if board and not people:
            _check_placed(state, last)  # a placement or a move: only what moved
        elif board or people or reserve is not reserve0:
            _check_board(state)
            _check_apaches(state)
        if (
            money is not money0
            or ledger is not ledger0
            or bourgeois is not bourgeois0
            or policeman is not policeman0
        ):
            _check_money(state)
            _check_bourgeois(state)
        self._last = state


def _check_all(state: ParisState) -> None:
    _check_stashes_and_turn(state, _box_and_asides(state.districts))
    _check_board(state)
    _check_apaches(state)
    _check_money(state)
    _check_bourgeois(state)


CHECKER: Final = _Checker()


@cache
def _box_and_asides(districts: tuple[int, ...]) -> tuple[int, int]:
    """The stashes left in the box by a configuration, and how many districts set one
    aside each round."""
    return ALL_STASHES & ~play_mask(districts), len(stash_districts(districts))


def _check_stashes_and_turn(state: ParisState, box_and_asides: tuple[int, int]) -> None:
    """31 stashes, each in exactly one place: the box, a pile, set aside, a hand, a slot;
    and the turn fits: in a turn, one stash set aside per district (D3) and each hand holds
    one stash per turn its player has still to play."""
    box, asides = box_and_asides
    piles, aside, covered, hands = state.piles, state.aside, state.covered, state.hands
    union = box | piles | aside | covered
    count = box.bit_count() + piles.bit_count() + aside.bit_count() + covered.bit_count()
    for mask in hands:
        union |= mask
        count += mask.bit_count()
    if union != ALL_STASHES or count != NUM_STASHES:
        raise AssertionError(
            f"stashes not conserved: {count} placed, {union.bit_count()} distinct of "
            f"{NUM_STASHES} (box {box:#x}, piles {piles:#x}, aside {aside:#x}, "
            f"covered {covered:#x}, hands {[hex(h) for h in hands]})"
        )
    phase = state.phase
    if not 1 <= state.round <= ROUNDS or phase not in PHASES:
        raise AssertionError(f"round {state.round}, phase {phase!r}")
    if phase in PLAYER_TURN:
        _check_hands(state, asides)


def _check_hands(state: ParisState, asides: int) -> None:
    players, turn, step, order = len(state.colours), state.turn, state.step, state.order
    if state.aside.bit_count() != asides:
        raise AssertionError(f"{state.aside.bit_count()} stashes set aside, not {asides} (D3)")
    if not 1 <= turn <= TURNS or len(set(order)) != players or not 0 <= step < players:
        raise AssertionError(f"turn {turn}, step {step}, order {order}")
    hands = state.hands
    for k, seat in enumerate(order):
        left = TURNS - turn + (k >= step)
        if hands[seat].bit_count() != left:
            raise AssertionError(
                f"{state.colours[seat]} holds {hands[seat].bit_count()} stashes in turn "
                f"{turn}, expected {left}"
            )


class _Layout(NamedTuple):
    """Index tables for the C-level checks of one (configuration, player count)."""

    prohibited: tuple[int, ...]
    """The board indexes of the districts out of play (nobody may stand there)."""
    rows: tuple[slice, ...]
    """Each seat's slice of a board tuple."""
    district_of: tuple[int, ...]
    """The district of each board index."""
    zero_pairs: frozenset[tuple[int, int]]
    """``(district, 0)`` for every district."""


@cache
def _layout(districts: tuple[int, ...], players: int) -> _Layout:
    return _Layout(
        prohibited=tuple(
            s * STRIDE + d for s in range(players) for d in range(STRIDE) if d not in districts
        ),
        rows=tuple(slice(s * STRIDE, s * STRIDE + STRIDE) for s in range(players)),
        district_of=tuple(range(STRIDE)) * players,
        zero_pairs=frozenset((d, 0) for d in range(STRIDE)),
    )


def _check_board(state: ParisState) -> None:
    """Ruling D5: no tie anywhere, no follower without a leader, nobody where prohibited;
    ``counts`` are the sums. (C-level maps and sets: the simulation runs it after every
    placement and move.) A tie: the (district, count) pairs of the non-zero counts are
    fewer than the non-zero counts."""
    leaders, novices, recruits = state.leaders, state.novices, state.recruits
    layout = _layout(state.districts, len(state.colours))
    followers = tuple(map(add, novices, recruits))
    sums = tuple(map(add, leaders, followers))
    if sums != state.counts or min(leaders) < 0 or min(novices) < 0 or min(recruits) < 0:
        raise AssertionError(f"counts {state.counts} are not the sums {sums} (or negative)")
    if any(map(gt, followers, map(mul, leaders, repeat(GANG_SIZE + RECRUITS)))):
        raise AssertionError(f"followers without a leader (D5): {followers}, {leaders}")
    if any(map(sums.__getitem__, layout.prohibited)):
        raise AssertionError(f"Apaches in a prohibited district (D5): {sums}")
    pairs = set(zip(layout.district_of, sums, strict=True))
    if len(pairs) - len(pairs & layout.zero_pairs) != len(sums) - sums.count(0):
        ties = [d for d in range(1, STRIDE) if _tied(sums[d::STRIDE])]
        raise AssertionError(f"a tie in district(s) {ties}: {sums} (ruling D5)")


def _check_placed(state: ParisState, last: ParisState) -> None:
    """The board laws for a state whose only changes from ``last`` (checked) are on the
    board and in the reserve (a placement or a move): the changed entries must be sums, not
    negative, not followers alone, not prohibited; their districts must have no tie; and
    each gang's leaders, novices and reinforcements must only have moved between its
    reserve and the board. The laws held in ``last``, so they hold everywhere. Many
    changed entries (not a placement or a move): the full checks."""
    changed = _changed_entries(state, last)
    if changed is None or len(changed) > 6:
        _check_board(state)
        _check_apaches(state)
        return
    layout = _layout(state.districts, len(state.colours))
    leaders, novices, recruits, counts = state.leaders, state.novices, state.recruits, state.counts
    for i in changed:
        lead, nov, rec = leaders[i], novices[i], recruits[i]
        if counts[i] != lead + nov + rec or min(lead, nov, rec) < 0 or (nov + rec and not lead):
            raise AssertionError(f"board index {i}: {lead}+{nov}+{rec} vs count {counts[i]} (D5)")
        if counts[i] and i in layout.prohibited:
            raise AssertionError(f"Apaches in a prohibited district (D5): index {i}")
    for d in {i % STRIDE for i in changed}:
        if _tied(counts[d::STRIDE]):
            raise AssertionError(f"a tie in district {d}: {counts[d::STRIDE]} (ruling D5)")
    _check_moved_between_reserve_and_board(state, last, changed)


def _changed_entries(state: ParisState, last: ParisState) -> list[int] | None:
    """The board indexes where the leaders, novices, reinforcements or counts of two states
    differ (``None``: a value outside 0..255, impossible on a legal board). Each board
    tuple is read as bytes and XORed with the last one (C-level); the differences of the
    four are ORed and each changed entry is found once, clearing its whole byte."""
    diff = 0
    for new, old in (
        (state.leaders, last.leaders),
        (state.novices, last.novices),
        (state.recruits, last.recruits),
        (state.counts, last.counts),
    ):
        if new is not old:
            try:
                diff |= int.from_bytes(bytes(new), "little") ^ int.from_bytes(bytes(old), "little")
            except ValueError:
                return None
    changed = []
    while diff:
        i = ((diff & -diff).bit_length() - 1) >> 3
        changed.append(i)
        diff &= ~(0xFF << (i << 3))
    return changed


def _check_moved_between_reserve_and_board(
    state: ParisState, last: ParisState, changed: list[int]
) -> None:
    reserve, before = state.reserve, last.reserve
    if min(reserve) < 0:
        raise AssertionError(f"a negative reserve {reserve}")
    delta = list(map(sub, reserve, before)) if reserve is not before else [0] * len(reserve)
    for i in changed:
        k = i // STRIDE * 3
        delta[k] += state.leaders[i] - last.leaders[i]
        delta[k + 1] += state.novices[i] - last.novices[i]
        delta[k + 2] += state.recruits[i] - last.recruits[i]
    if any(delta):
        raise AssertionError(f"Apaches appeared or vanished (D1, D7): {delta} by seat and kind")


def _tied(column: tuple[int, ...]) -> bool:
    present = [n for n in column if n]
    return len(set(present)) != len(present)


def _check_apaches(state: ParisState) -> None:
    """40 Apaches (7 leaders and 3 novices a gang, D1) and 5 reinforcements, each in one
    place (C-level maps over the seats)."""
    rows = _layout(state.districts, len(state.colours)).rows
    reserve = state.reserve
    leaders = tuple(
        map(
            add,
            map(add, map(sum, map(state.leaders.__getitem__, rows)), reserve[RL::3]),
            map(add, map(add, state.hospital, state.prison), state.cemetery),
        )
    )
    novices = tuple(
        map(
            add,
            map(sum, map(state.novices.__getitem__, rows)),
            map(add, reserve[RN::3], state.novices_used),
        )
    )
    players = len(state.colours)
    if leaders != (LEADERS,) * players or novices != (NOVICES,) * players:
        raise AssertionError(f"leaders per gang {leaders}, novices {novices} (7 and 3, D1)")
    low = min(*reserve, *state.hospital, *state.prison, *state.cemetery)
    if low < 0:
        raise AssertionError(f"a negative count: reserve {reserve}, hospital {state.hospital}")
    recruits = state.supply + state.recruits_used + sum(state.recruits) + sum(reserve[RR::3])
    if recruits != RECRUITS or state.supply < 0:
        raise AssertionError(f"{recruits} reinforcements counted, supply {state.supply} (D7)")


def _check_money(state: ParisState) -> None:
    """Ruling D1: money = 500 + every ledger movement, never below 0; steals only move money."""
    expected = [START_MONEY] * len(state.colours)
    stolen = 0
    for _, seat, change, reason in state.ledger:
        expected[seat] += change
        stolen += change if reason == "steal" else 0
    if tuple(expected) != state.money or min(state.money) < 0 or stolen:
        raise AssertionError(f"money {state.money} but the ledger says {expected} (D1)")


def _check_bourgeois(state: ParisState) -> None:
    """4 counters: 3 bourgeois and the policeman, held or still in district 8."""
    plain = sum(state.bourgeois)
    if not 0 <= plain <= PLAIN_BOURGEOIS or not -1 <= state.policeman < len(state.colours):
        raise AssertionError(f"bourgeois {state.bourgeois}, policeman {state.policeman}")
