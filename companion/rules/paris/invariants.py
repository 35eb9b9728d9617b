"""The Paris invariants: every conservation law, checked after every action.

40 Apaches (7 leaders and 3 novices a gang, ruling D1), 31 stashes, 5 reinforcements and 4
bourgeois counters each in exactly one place; money = 500 F + the ledger, never below 0
(D1); no tie on the board and no novice or reinforcement without a leader (D5); the turn
fits the hands. ``Paris.check_invariants`` calls :data:`CHECKER`.

The board laws read each board tuple (leaders, novices, reinforcements, counts) packed into
one int, a byte per entry (:func:`_packed`): a few C-level integer operations check the 40
entries at once. Packing refuses an entry outside 0..255 (a negative count), and an entry
above 15 is refused first (a gang has 7 + 3 + 5 Apaches, D1, D7): so no sum of the
operations below carries from one byte into the next. For ``x`` with every byte below 128,
``(x + 0x7F..7F) & 0x80..80`` marks its non-zero bytes and ``~(x + 0x7F..7F) & 0x80..80``
its zero bytes; ``x ^ y`` is zero where ``x`` and ``y`` are equal.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from operator import add
from typing import Final, NamedTuple, TypeAlias

from companion.rules.paris.board import ALL_STASHES, NUM_STASHES
from companion.rules.paris.state import (
    FIELD,
    GANG_SIZE,
    LEADERS,
    NOVICES,
    PHASES,
    PLAIN_BOURGEOIS,
    PLAYER_TURN,
    PLAYERS,
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

_Layers: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A state's leaders, novices, recruits and counts (its board tuples)."""
_Packs: TypeAlias = tuple[int, int, int, int]
"""The same four packed (:func:`_packed`)."""

_UNKNOWN: Final[tuple[int, ...]] = (-1,)
"""No state's board tuple: the checker has packed no board yet."""
_KNOWN_PHASES: Final = frozenset(PHASES)
_LEADERS: Final = 14
_SETTLEMENT: Final = 29
"""The checker reads a state as ``state[:_LEADERS]`` (the turn and the stashes) and
``state[_LEADERS:_SETTLEMENT]`` (the Apaches and the money), the settlement being no law's
(literal indexes: the type checker knows each field's type)."""
assert (FIELD["leaders"], FIELD["settlement"]) == (_LEADERS, _SETTLEMENT)
_Head: TypeAlias = tuple[
    tuple[str, ...], str, tuple[int, ...], str, int, int, int, int, tuple[int, ...], int, int,
    int, tuple[int, ...], int,
]  # fmt: skip
_Tail: TypeAlias = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int,
    tuple[int, ...], tuple[tuple[int, int, int, str], ...], tuple[int, ...], int,
]  # fmt: skip
MOST_ON_ONE_ENTRY: Final = GANG_SIZE + RECRUITS
"""A gang's Apaches in one district at most: all of them (7 + 3 + 5, rulings D1, D7)."""
assert MOST_ON_ONE_ENTRY < 16 and MOST_ON_ONE_ENTRY * STRIDE < 256  # the packed arithmetic

# --- the invariants --------------------------------------------------------------------------


class _Checker:
    """The conservation laws, checked in time proportional to what changed.

    A state is an immutable tuple and an action copies the fields it leaves alone as the
    very same objects; so only the laws that read a field that is not the last checked
    state's object are checked again. A law whose fields are all the last state's objects
    still holds: the last state passed it. A placement or a move is checked on the board
    entries that changed (``_check_placed``), found on the packed board tuples (the last
    state's packs are kept); the money on the ledger entries appended (``_check_money``)."""

    __slots__ = ("_box", "_head", "_last", "_layers", "_layout", "_packs", "_tail")

    def __init__(self) -> None:
        self._last: ParisState | None = None
        self._head: _Head = ((), "", (), "", 0, 0, 0, 0, (), 0, 0, 0, (), 0)
        self._tail: _Tail = ((), (), (), (), (), (), (), (), (), 0, 0, (), (), (), 0)
        """The last state's fields: ``colours`` to ``covered``, ``leaders`` to
        ``policeman`` (its settlement is no law's)."""
        self._box = (0, 0)
        """The last configuration's stashes in the box and districts with stashes."""
        self._layout = _layout((), 0)
        self._layers: _Layers = (_UNKNOWN, _UNKNOWN, _UNKNOWN, _UNKNOWN)
        self._packs: _Packs = (0, 0, 0, 0)
        """The last packed board tuples and their packs: whenever ``_last`` is a state,
        they are its board tuples (each check that changes the board packs them)."""

    def check(self, state: ParisState) -> None:
        last = self._last
        self._last = None  # until this state has passed
        head, tail = state[:_LEADERS], state[_LEADERS:_SETTLEMENT]
        (
            colours, _, districts, phase, round_, _, turn, step, order, _, piles, aside,
            hands, covered,
        ) = head  # fmt: skip
        if last is None:
            self._check_all(state, head, tail)
            return
        (
            colours0, _, districts0, phase0, round0, _, turn0, step0, order0, _, piles0,
            aside0, hands0, covered0,
        ) = self._head  # fmt: skip
        if colours is not colours0 or districts is not districts0:
            self._check_all(state, head, tail)
            return
        # the stashes moved, or, in a turn, the turn moved on: the hands are checked
        # against the turn and the step (a change of phase within the turn, the optional
        # action done: TURN -> STASH, changes neither)
        if (
            hands is not hands0
            or piles is not piles0
            or aside is not aside0
            or covered is not covered0
            or round_ is not round0
            or phase not in _KNOWN_PHASES
            or (
                phase in PLAYER_TURN
                and (
                    step is not step0
                    or turn is not turn0
                    or order is not order0
                    or (phase is not phase0 and phase0 not in PLAYER_TURN)
                )
            )
        ):
            _check_stashes_and_turn(
                state, self._box, phase, round_, turn, step, order, piles, aside, hands, covered
            )
        if tail != self._tail:  # C-level: the Apaches or the money changed (a few actions)
            self._check_tail(state, last, tail)
        self._head, self._tail = head, tail
        self._last = state

    def _check_tail(self, state: ParisState, last: ParisState, tail: _Tail) -> None:
        """The laws of the fields from ``leaders`` to ``policeman`` that changed."""
        (
            leaders, novices, recruits, counts, reserve, hospital, prison, cemetery,
            novices_used, supply, recruits_used, money, ledger, bourgeois, policeman,
        ) = tail  # fmt: skip
        (
            leaders0, novices0, recruits0, counts0, reserve0, hospital0, prison0, cemetery0,
            novices_used0, supply0, recruits_used0, money0, ledger0, bourgeois0, policeman0,
        ) = self._tail  # fmt: skip
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
            self._check_placed(state, last)  # a placement or a move: only what moved
        elif board or people or reserve is not reserve0:
            self._check_board_and_apaches(state)
        if (
            money is not money0
            or ledger is not ledger0
            or bourgeois is not bourgeois0
            or policeman is not policeman0
        ):
            _check_money(state, last)
            _check_bourgeois(state)

    def _check_all(self, state: ParisState, head: _Head, tail: _Tail) -> None:
        """Every law, on the whole state."""
        self._box = _box_and_asides(state.districts)
        self._layout = _layout(state.districts, len(state.colours))
        _check_stashes_and_turn(
            state,
            self._box,
            state.phase,
            state.round,
            state.turn,
            state.step,
            state.order,
            state.piles,
            state.aside,
            state.hands,
            state.covered,
        )
        self._layers = (_UNKNOWN, _UNKNOWN, _UNKNOWN, _UNKNOWN)
        self._check_board_and_apaches(state)
        _check_money(state, None)
        _check_bourgeois(state)
        self._head, self._tail = head, tail
        self._last = state

    def _check_board_and_apaches(self, state: ParisState) -> None:
        """The board laws and the Apaches' conservation, on the packed board tuples."""
        layout = self._layout
        layers, packs, _ = self._packed_board(state, layout.entries)
        _check_board(layers, packs, layout)
        _check_apaches(state, packs, layout)
        self._layers, self._packs = layers, packs

    def _check_placed(self, state: ParisState, last: ParisState) -> None:
        """The board laws for a state whose only changes from ``last`` (checked) are on the
        board and in the reserve (a placement or a move): the changed entries must be sums,
        not followers alone, not prohibited; their districts must have no tie; and each
        gang's leaders, novices and reinforcements must only have moved between its reserve
        and the board. The laws held in ``last``, so they hold everywhere."""
        layout = self._layout
        layers, packs, diff = self._packed_board(state, layout.entries)
        changed = _changed_entries(diff, layout.entries)
        _check_entries(layers, changed, layout)
        _check_moved_between_reserve_and_board(state, last, layers, self._layers, changed)
        self._layers, self._packs = layers, packs

    def _packed_board(self, state: ParisState, entries: int) -> tuple[_Layers, _Packs, int]:
        """The state's board tuples, their packs (a tuple that is the last packed one's
        very object is not packed again), and the XOR of the packs with the last ones."""
        leaders, novices, recruits, counts = layers = (
            state.leaders,
            state.novices,
            state.recruits,
            state.counts,
        )
        known_leaders, known_novices, known_recruits, known_counts = self._layers
        packed_leaders, packed_novices, packed_recruits, packed_counts = packs = self._packs
        diff = 0
        if leaders is not known_leaders:
            packed_leaders = _packed(leaders, entries)
            diff = packed_leaders ^ packs[0]
        if novices is not known_novices:
            packed_novices = _packed(novices, entries)
            diff |= packed_novices ^ packs[1]
        if recruits is not known_recruits:
            packed_recruits = _packed(recruits, entries)
            diff |= packed_recruits ^ packs[2]
        if counts is not known_counts:
            packed_counts = _packed(counts, entries)
            diff |= packed_counts ^ packs[3]
        return layers, (packed_leaders, packed_novices, packed_recruits, packed_counts), diff


@cache
def _box_and_asides(districts: tuple[int, ...]) -> tuple[int, int]:
    """The stashes left in the box by a configuration, and how many districts set one
    aside each round."""
    return ALL_STASHES & ~play_mask(districts), len(stash_districts(districts))


# --- the stashes and the turn ----------------------------------------------------------------


def _check_stashes_and_turn(  # noqa: PLR0917 (the fields, as the checker unpacked them)
    state: ParisState,
    box_and_asides: tuple[int, int],
    phase: str,
    round_: int,
    turn: int,
    step: int,
    order: tuple[int, ...],
    piles: int,
    aside: int,
    hands: tuple[int, ...],
    covered: int,
) -> None:
    """31 stashes, each in exactly one place: the box, a pile, set aside, a hand, a slot;
    and the turn fits: in a turn, one stash set aside per district (D3) and each hand holds
    one stash per turn its player has still to play. (The state's fields are passed as
    the checker unpacked them.)

    The places partition the 31 stashes when their union is all 31 and their sum is too:
    the union is all 31 only if no mask is negative, and a sum of masks that are not
    negative equals their union only when no two share a bit."""
    box, asides = box_and_asides
    union = box | piles | aside | covered
    for mask in hands:
        union |= mask
    if union != ALL_STASHES or box + piles + aside + covered + sum(hands) != ALL_STASHES:
        raise AssertionError(_stashes_words(state, box))
    if not 1 <= round_ <= ROUNDS or phase not in _KNOWN_PHASES:
        raise AssertionError(f"round {round_}, phase {phase!r}")
    if phase not in PLAYER_TURN:
        return
    players = len(state.colours)
    if aside.bit_count() != asides:
        raise AssertionError(f"{aside.bit_count()} stashes set aside, not {asides} (D3)")
    if not 1 <= turn <= TURNS or order not in _ORDERS.get(players, ()) or not 0 <= step < players:
        raise AssertionError(f"turn {turn}, step {step}, order {order}")
    left = TURNS - turn  # what those who placed their stash in this turn hold
    for seat in order[:step]:
        if hands[seat].bit_count() != left:
            raise AssertionError(_held_words(state, seat, turn, left))
    for seat in order[step:]:
        if hands[seat].bit_count() != left + 1:
            raise AssertionError(_held_words(state, seat, turn, left + 1))


def _held_words(state: ParisState, seat: int, turn: int, expected: int) -> str:
    held = state.hands[seat].bit_count()
    return f"{state.colours[seat]} holds {held} stashes in turn {turn}, expected {expected}"


def _stashes_words(state: ParisState, box: int) -> str:
    piles, aside, covered, hands = state.piles, state.aside, state.covered, state.hands
    union, count = box | piles | aside | covered, 0
    for mask in (box, piles, aside, covered, *hands):
        union |= mask
        count += mask.bit_count()
    return (
        f"stashes not conserved: {count} placed, {union.bit_count()} distinct of "
        f"{NUM_STASHES} (box {box:#x}, piles {piles:#x}, aside {aside:#x}, "
        f"covered {covered:#x}, hands {[hex(h) for h in hands]})"
    )


_ORDERS: Final = {
    players: frozenset(permutations(range(players)))
    for players in range(PLAYERS[0], PLAYERS[1] + 1)
}
"""The orders of play of each player count: every permutation of the seats."""


# --- the board and the Apaches ---------------------------------------------------------------


class _Layout(NamedTuple):
    """The masks of the packed board of one (configuration, player count)."""

    entries: int
    """The entries of a board tuple: ``players * STRIDE``."""
    full: int
    """``0xFF`` in every byte."""
    low7: int
    """``0x7F`` in every byte."""
    high1: int
    """``0x80`` in every byte."""
    above: int
    """``0xF0`` in every byte: the entries above :data:`MOST_ON_ONE_ENTRY`."""
    prohibited: int
    """``0xFF`` in the bytes of the districts out of play (nobody may stand there)."""
    prohibited_entries: frozenset[int]
    """The same as board indexes."""
    rivals: tuple[tuple[int, int], ...]
    """For each ``k`` from 1 to ``players - 1``: a shift by ``k`` seats' rows (in bits) and
    the bytes of the rows that have a row ``k`` seats later."""
    leaders: tuple[int, ...]
    novices: tuple[int, ...]
    """Every gang's leaders and novices (D1)."""


@cache
def _layout(districts: tuple[int, ...], players: int) -> _Layout:
    entries = players * STRIDE
    prohibited = [i for i in range(entries) if i % STRIDE not in districts]
    ones = int.from_bytes(b"\x01" * entries, "little")
    return _Layout(
        entries=entries,
        full=0xFF * ones,
        low7=0x7F * ones,
        high1=0x80 * ones,
        above=0xF0 * ones,
        prohibited=sum(0xFF << 8 * i for i in prohibited),
        prohibited_entries=frozenset(prohibited),
        rivals=tuple(
            (8 * STRIDE * k, (1 << 8 * STRIDE * (players - k)) - 1) for k in range(1, players)
        ),
        leaders=(LEADERS,) * players,
        novices=(NOVICES,) * players,
    )


def _packed(layer: tuple[int, ...], entries: int) -> int:
    """A board tuple as an int, entry ``i`` in byte ``i``."""
    if len(layer) != entries:
        raise AssertionError(f"a board tuple of {len(layer)} entries, not {entries}: {layer}")
    try:
        return int.from_bytes(layer, "little")
    except ValueError:
        raise AssertionError(f"a negative count on the board: {layer}") from None


def _check_board(layers: _Layers, packs: _Packs, layout: _Layout) -> None:
    """Ruling D5: ``counts`` are the sums, no follower without a leader, nobody where
    prohibited, no tie anywhere (a tie: a seat's non-zero count equal to the count of a
    seat ``k`` rows later, for some ``k``)."""
    leaders, novices, recruits, counts = packs
    if (leaders | novices | recruits | counts) & layout.above:
        raise AssertionError(
            f"more than {MOST_ON_ONE_ENTRY} Apaches of a gang in a district (D1): {layers}"
        )
    if leaders + novices + recruits != counts:
        raise AssertionError(f"counts {layers[3]} are not the sums of the board's Apaches")
    low7, high1 = layout.low7, layout.high1
    if (novices + recruits + low7) & high1 & ~(leaders + low7):
        raise AssertionError(f"followers without a leader (D5): {layers[3]}, {layers[0]}")
    if counts & layout.prohibited:
        raise AssertionError(f"Apaches in a prohibited district (D5): {layers[3]}")
    present = (counts + low7) & high1
    for shift, rows in layout.rivals:
        if present & rows & ~((counts ^ counts >> shift) + low7):
            ties = [d for d in range(1, STRIDE) if _tied(layers[3][d::STRIDE])]
            raise AssertionError(f"a tie in district(s) {ties}: {layers[3]} (ruling D5)")


def _tied(column: tuple[int, ...]) -> bool:
    """Two non-zero counts equal in a district's column."""
    distinct = set(column)
    return len(distinct) - (0 in distinct) != len(column) - column.count(0)


def _changed_entries(diff: int, entries: int) -> list[int]:
    """The entries of the non-zero bytes of ``diff`` (the packed tuples XORed)."""
    changed = []
    marked = diff.to_bytes(entries, "little").translate(_NON_ZERO_AS_ONE)
    i = marked.find(1)
    while i >= 0:
        changed.append(i)
        i = marked.find(1, i + 1)
    return changed


_NON_ZERO_AS_ONE: Final = bytes([0] + [1] * 255)
"""A ``bytes.translate`` table: 0 stays 0, any other byte becomes 1."""


def _check_entries(layers: _Layers, changed: list[int], layout: _Layout) -> None:
    """Ruling D5 on the board entries ``changed`` (their packing refused negative counts)
    and their districts. A new tie involves a changed entry: a non-zero count that another
    gang has in the same district."""
    leaders, novices, recruits, counts = layers
    for i in changed:
        lead, followers, count = leaders[i], novices[i] + recruits[i], counts[i]
        if count != lead + followers or (followers and not lead):
            raise AssertionError(f"board index {i}: {lead}+{followers} vs count {count} (D5)")
        if count and (
            i in layout.prohibited_entries or counts[i % STRIDE :: STRIDE].count(count) > 1
        ):
            column = counts[i % STRIDE :: STRIDE]
            raise AssertionError(
                f"board index {i}: {count} Apaches in a prohibited district or a tie: "
                f"{column} (ruling D5)"
            )


def _check_moved_between_reserve_and_board(
    state: ParisState, last: ParisState, layers: _Layers, before: _Layers, changed: list[int]
) -> None:
    """The Apaches that left the board's ``changed`` entries (``before``: ``last``'s board
    tuples) went back to their gang's reserve, and those that arrived came from it (rulings
    D1, D7)."""
    reserve, expected = state.reserve, list(last.reserve)
    leaders, novices, recruits, _ = layers
    leaders0, novices0, recruits0, _ = before
    for i in changed:
        k = i // STRIDE * 3
        expected[k] -= leaders[i] - leaders0[i]
        expected[k + 1] -= novices[i] - novices0[i]
        expected[k + 2] -= recruits[i] - recruits0[i]
    if tuple(expected) != reserve or min(reserve) < 0:
        raise AssertionError(
            f"Apaches appeared or vanished (D1, D7): reserve {reserve}, expected {expected}"
        )


def _row_sums(packed: int, layout: _Layout) -> bytes:
    """Each seat's Apaches on the board in one packed board tuple: multiplied by ten
    ``0x01`` bytes, byte ``seat * STRIDE + 9`` of the product sums the seat's row."""
    spread = packed * _ROW_ONES >> 8 * (STRIDE - 1) & layout.full
    return spread.to_bytes(layout.entries, "little")[::STRIDE]


_ROW_ONES: Final = int.from_bytes(b"\x01" * STRIDE, "little")


def _check_apaches(state: ParisState, packs: _Packs, layout: _Layout) -> None:
    """40 Apaches (7 leaders and 3 novices a gang, D1) and 5 reinforcements, each in one
    place (C-level maps over the seats; the board's rows summed by :func:`_row_sums`)."""
    reserve, hospital, prison, cemetery = (
        state.reserve,
        state.hospital,
        state.prison,
        state.cemetery,
    )
    leaders = tuple(
        map(
            add,
            map(add, _row_sums(packs[0], layout), reserve[RL::3]),
            map(add, map(add, hospital, prison), cemetery),
        )
    )
    novices = tuple(
        map(add, map(add, _row_sums(packs[1], layout), reserve[RN::3]), state.novices_used)
    )
    if leaders != layout.leaders or novices != layout.novices:
        raise AssertionError(f"leaders per gang {leaders}, novices {novices} (7 and 3, D1)")
    if min(*reserve, *hospital, *prison, *cemetery) < 0:
        raise AssertionError(f"a negative count: reserve {reserve}, hospital {hospital}")
    on_board = sum(_row_sums(packs[2], layout))
    recruits = state.supply + state.recruits_used + on_board + sum(reserve[RR::3])
    if recruits != RECRUITS or state.supply < 0:
        raise AssertionError(f"{recruits} reinforcements counted, supply {state.supply} (D7)")


# --- the money and the bourgeois -------------------------------------------------------------


def _check_money(state: ParisState, last: ParisState | None) -> None:
    """Ruling D1: money = 500 + every ledger movement, never below 0; steals only move
    money. When the ledger only grew since ``last`` (checked: its money was 500 + its
    ledger), the money must have moved by the new entries alone."""
    ledger = state.ledger
    if last is not None and ledger[: len(last.ledger)] == last.ledger:
        expected, entries = list(last.money), ledger[len(last.ledger) :]
    else:
        expected, entries = [START_MONEY] * len(state.colours), ledger
    stolen = 0
    for _, seat, change, reason in entries:
        expected[seat] += change
        stolen += change if reason == "steal" else 0
    if tuple(expected) != state.money or min(state.money) < 0 or stolen:
        raise AssertionError(f"money {state.money} but the ledger says {expected} (D1)")


def _check_bourgeois(state: ParisState) -> None:
    """4 counters: 3 bourgeois and the policeman, held or still in district 8."""
    plain = sum(state.bourgeois)
    if not 0 <= plain <= PLAIN_BOURGEOIS or not -1 <= state.policeman < len(state.colours):
        raise AssertionError(f"bourgeois {state.bourgeois}, policeman {state.policeman}")


CHECKER: Final = _Checker()
"""The checker ``Paris.check_invariants`` and the simulation use."""
