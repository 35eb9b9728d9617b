"""Les Apaches de Paris in TRACKER mode: the real board is on the table, the companion is the
bank and the bookkeeper. Registered as ``"paris_tracker"``.

The companion does not see the board or the stashes. It keeps what the wallets and the
notes kept: every gang's money (ruling D1: 500 F each, never below 0), Apaches in the
reserve, on the board, in hospital, in prison and in the cemetery, novices used,
reinforcements (available, won for next round, in the supply of 5), bourgeois counters
held, whose turn it is (D6, the last turn's order by Apaches in reserve), the round, bail
(D8), the settlement of each round (D7), the round end (D9) and the final tally (D10).

Setup: ``{"players": 2-4, "colours": [...], "districts": "5.6.7.8.9", "board":
"reference", "first": 0}``: the FULL engine's setup (``companion.rules.paris``) plus
``first``, the seat the table drew as round 1's first player (default 0).

The rules are the FULL engine's, written once as pure functions in
:mod:`~companion.rules.paris.settlement`: :func:`placement_refusal` (D5),
:func:`clockwise`, :func:`turn_order` and :func:`next_first` (D6),
:func:`settlement_order` and :func:`settle_step` (D7), :func:`bail_refusal` (D8),
:func:`round_end` (D9), :func:`final_tally`, :func:`policeman_jailed`,
:func:`tally_movements`, :func:`tally_winners` and :func:`outcome_words` (D10); the setup is
:func:`~companion.rules.paris.state.parse_setup`'s and the money the ledger's
(:func:`~companion.rules.paris.state.ledger_money`). What the bank does not know (where on
the board, how many Apaches a district holds) it takes from the table's entries, and its
words never claim it: a settled district reads "purple holds it", not a count
(:func:`~companion.rules.paris.settlement.bank_step_words`). Gangs are named by colour in
every message; the JSON keeps the 0-based seats.

Phases and entries
==================
``turn``
    The seat whose turn it is (``order[step]``) enters at most one optional action (D5):
    ``place(leaders, novices, recruits)``: that many Apaches from the reserve onto the
    board (one district: which does not matter to the bank), or ``move()``: Apaches moved
    on the board (nothing changes in the bank). Then the obligatory stash placement:
    ``stash(bail=False)`` ends the turn; ``stash(bail=True)`` also pays 150 F to free one
    prisoner (D8). When turn 5 ends the last turn's order is fixed (D6).
``settle``
    The round's 6 turns are done: districts 1-7 in play, then 8, then 9 (D7), one entry
    each: ``settle(holder, slot)``: the gang with the majority (-1: nobody) and, for a
    district with stash slots, the uncovered slot's number (1 = the board file's first;
    0 allowed when nobody holds it). The companion applies the slot's outcome through
    :func:`~companion.rules.paris.settle_district`: money, valuables, steal
    (300/200/150 F from each other gang, what they have, D1), reinforcements, and wounded,
    killed or prisoner (one of the holder's leaders on the board). District 8's holder
    draws a bourgeois counter; district 9's gets 250 F per theft of this round and one
    reinforcement. After district 9 the round ends (D9).
``policeman``
    After round 3's settlement (and its round end): the bourgeois are unveiled (D10):
    ``policeman(seat)``: who holds the policeman, ``policeman(-1)``: nobody drew him.
    Then the final tally (D10) and ``over``.

The hidden policeman
====================
The counter drawn in district 8 stays secret until the game ends, so the companion never
asks for it: it counts the counters each gang holds (the screen shows "2 counters", not
bourgeois and policeman). Only at the end, when the rulebook unveils them, does the table
enter who holds the policeman; his holder's counters minus one are bourgeois.

Decisions beyond the rulings (each on the ruling named)
=======================================================
1. (D5) Placing novices or reinforcements needs one of the gang's leaders on the board or
   placed in the same entry (the bank does not know the districts: the table checks the
   rest).
2. (D8) Bail is part of the stash entry (the end of the turn), one prisoner per turn, never
   partial (150 F needed), refused on the round's last turn; as in the FULL engine.
3. (D6) The last turn's order is fixed when turn 6 begins, from the reserves then.
4. (D7) A loss outcome takes one of the holder's leaders on the board; with none there,
   nobody goes (decision 14 of the FULL engine).
5. (D9, D10) Round 3 ends like the others, then the unveiling and the tally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final, Literal, cast, get_args

from companion.rules.base import (
    JSON,
    Engine,
    Outcome,
    SetupError,
    illegal,
    int_field,
    record_kind,
)
from companion.rules.paris.actions import apaches_words
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    SLOT_COUNTS,
    Board,
    district_words,
    get_board,
)
from companion.rules.paris.settlement import (
    BAIL,
    Problem,
    SettlementStep,
    TallyLine,
    bail_refusal,
    bank_step_words,
    clockwise,
    final_tally,
    last_turn_order,
    next_first,
    outcome_words,
    placement_refusal,
    policeman_jailed,
    round_end,
    settle_step,
    settlement_order,
    tally_movements,
    tally_winners,
    turn_order,
    turn_words,
)
from companion.rules.paris.state import (
    COUNTERS,
    LEADERS,
    NOVICES,
    RECRUITS,
    ROUNDS,
    SETUP_KEYS,
    START_MONEY,
    TURNS,
    ledger_money,
    parse_setup,
    with_change,
)
from companion.rules.paris.wording import gang_words
from companion.words import Words, joined, say

__all__ = [
    "NAME",
    "TRACKER",
    "Entry",
    "ParisTracker",
    "TrackerState",
    "apaches_words",
    "board_of",
    "district_words",
    "entry_words",
    "on_board",
    "phase_words",
    "policeman_choices",
    "tracker_step_words",
]

# --- constants -------------------------------------------------------------------------------

NAME: Final = "paris_tracker"
RULES_VERSION: Final = "1"
Kind = Literal["place", "move", "stash", "settle", "policeman"]
Phase = Literal["turn", "settle", "policeman", "over"]
KINDS: Final = frozenset(get_args(Kind))
TRACKER_SETUP_KEYS: Final = (*SETUP_KEYS, "first")
_RULE_D5: Final = say("ruling D5 (optional actions)")
_RULE_STASH: Final = say("ruling D5 (the obligatory action)")
_RULE_TURN: Final = say("ruling D5 (a turn)")
_RULE_SETTLE: Final = say("ruling D7 (settlement)")
_RULE_END: Final = say("ruling D10 (game end)")


# --- entries and state -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry at the table; build it with the class methods."""

    kind: Kind
    leaders: int = 0
    novices: int = 0
    recruits: int = 0
    bail: bool = False
    holder: int = -1
    slot: int = 0

    @classmethod
    def place(cls, leaders: int = 0, novices: int = 0, recruits: int = 0) -> Entry:
        return cls("place", leaders=leaders, novices=novices, recruits=recruits)

    @classmethod
    def move(cls) -> Entry:
        return cls("move")

    @classmethod
    def stash(cls, *, bail: bool = False) -> Entry:
        return cls("stash", bail=bail)

    @classmethod
    def settle(cls, holder: int, slot: int = 0) -> Entry:
        return cls("settle", holder=holder, slot=slot)

    @classmethod
    def policeman(cls, holder: int) -> Entry:
        return cls("policeman", holder=holder)

    @property
    def total(self) -> int:
        return self.leaders + self.novices + self.recruits

    def __str__(self) -> str:
        """The entry in words without the gangs' colours (:func:`entry_words` names them)."""
        return entry_words(self, ())


@dataclass(frozen=True, slots=True)
class TrackerState:
    """The bank's books. Per seat: ``money``; Apaches ``reserve_*`` (available),
    ``board_*`` (placed this round), ``hospital``/``prison`` (leaders missing this round,
    D8), ``sent_hospital``/``sent_prison`` (sent in this round's settlement: they miss the
    next round), ``cemetery``, ``novices_used``; reinforcements ``won`` (for next round),
    ``supply``, ``recruits_used``; ``counters`` bourgeois counters held (identities hidden,
    see the module docstring). ``ledger``: ``(round, seat, change, reason)`` per money
    movement. ``order``: this turn's seats; ``step``: seats done; ``acted``: the current
    seat entered its optional action. ``settled``: this (or the last) round's settlement
    steps; ``thefts`` this round's; ``tally`` once over; ``policeman_holder`` -1 unknown."""

    colours: tuple[str, ...]
    districts: tuple[int, ...]
    board: str
    phase: Phase
    round: int
    first: int
    turn: int
    step: int
    order: tuple[int, ...]
    acted: bool
    money: tuple[int, ...]
    reserve_leaders: tuple[int, ...]
    reserve_novices: tuple[int, ...]
    reserve_recruits: tuple[int, ...]
    board_leaders: tuple[int, ...]
    board_novices: tuple[int, ...]
    board_recruits: tuple[int, ...]
    hospital: tuple[int, ...]
    prison: tuple[int, ...]
    sent_hospital: tuple[int, ...]
    sent_prison: tuple[int, ...]
    cemetery: tuple[int, ...]
    novices_used: tuple[int, ...]
    won: tuple[int, ...]
    supply: int
    recruits_used: int
    counters: tuple[int, ...]
    ledger: tuple[tuple[int, int, int, str], ...] = ()
    settled: tuple[SettlementStep, ...] = ()
    thefts: int = 0
    policeman_holder: int = -1
    tally: tuple[TallyLine, ...] = field(default=())

    @property
    def players(self) -> int:
        return len(self.colours)

    @property
    def to_play(self) -> int | None:
        return self.order[self.step] if self.phase == "turn" else None

    @property
    def settle_order(self) -> tuple[int, ...]:
        """Ruling D7: districts 1-7 in play, then 8, then 9."""
        return settlement_order(self.districts)

    @property
    def district(self) -> int | None:
        """The district being settled (phase ``settle``)."""
        if self.phase != "settle":
            return None
        return self.settle_order[len(self.settled)]

    def in_reserve(self, seat: int) -> int:
        """Ruling D6: leaders + novices + reinforcements available."""
        return self.reserve_leaders[seat] + self.reserve_novices[seat] + self.reserve_recruits[seat]

    def last_turn(self) -> tuple[int, ...]:
        """The last turn's order (D6): fixed once turn 6 began, else as the reserves are."""
        if self.turn == TURNS:
            return self.order
        return last_turn_order(self.first, [self.in_reserve(s) for s in range(self.players)])

    def can_bail(self, seat: int) -> bool:
        """Ruling D8: whether ``seat`` may pay bail with its stash now."""
        return _bail_problem(self, seat) is None


# --- the game --------------------------------------------------------------------------------


class ParisTracker(Engine[TrackerState, Entry]):
    """Les Apaches de Paris beside the real board (see the module docstring)."""

    name = NAME
    rules_version = RULES_VERSION

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        """The FULL engine's setup (players, colours, districts, board) plus ``first``."""
        full = parse_setup(setup, TRACKER_SETUP_KEYS, "paris tracker")
        players = full["players"]
        assert isinstance(players, int)
        first = setup.get("first", 0)
        if type(first) is not int or not 0 <= first < players:
            raise SetupError(f"setup 'first' {first!r}: a seat from 0 to {players - 1}")
        return {**full, "first": first}

    def initial_state(self, setup: dict[str, JSON], seed: int) -> TrackerState:
        colours, districts, first = setup["colours"], setup["districts"], setup["first"]
        assert isinstance(colours, list) and isinstance(districts, list)
        assert isinstance(first, int)
        players = len(colours)
        zeros = (0,) * players
        return TrackerState(
            colours=tuple(map(str, colours)),
            districts=tuple(int(str(d)) for d in districts),
            board=str(setup["board"]),
            phase="turn",
            round=1,
            first=first,
            turn=1,
            step=0,
            order=clockwise(first, players),
            acted=False,
            money=(START_MONEY,) * players,
            reserve_leaders=(LEADERS,) * players,
            reserve_novices=(NOVICES,) * players,
            reserve_recruits=zeros,
            board_leaders=zeros,
            board_novices=zeros,
            board_recruits=zeros,
            hospital=zeros,
            prison=zeros,
            sent_hospital=zeros,
            sent_prison=zeros,
            cemetery=zeros,
            novices_used=zeros,
            won=zeros,
            supply=RECRUITS,
            recruits_used=0,
            counters=zeros,
        )

    def num_seats(self, state: TrackerState) -> int:
        return state.players

    def actor(self, state: TrackerState) -> int | None:
        if state.phase == "turn":
            return state.to_play
        if state.phase == "over":
            return None
        return state.first  # the table enters the settlement and the unveiling

    def chance_outcomes(self, state: TrackerState) -> Sequence[tuple[Entry, float]]:
        return ()

    def legal_actions(self, state: TrackerState) -> Sequence[Entry]:
        if state.phase == "turn":
            return _legal_turn(state)
        if state.phase == "settle":
            return _legal_settle(state)
        if state.phase == "policeman":
            return [Entry.policeman(s) for s in policeman_choices(state)]
        return []

    def apply(self, state: TrackerState, action: Entry) -> TrackerState:
        if not isinstance(action, Entry) or action.kind not in KINDS:
            raise illegal(say("the paris tracker's entries"), action, say("not an entry"))
        if state.phase == "over":
            raise illegal(_RULE_END, entry_words(action, ()), _GAME_OVER)
        if action.kind not in _EXPECTED[state.phase]:
            rule, said = awaited(state)
            raise illegal(rule, entry_words(action, state.colours), said)
        if action.kind == "place":
            return _place(state, action)
        if action.kind == "move":
            return _move(state, action)
        if action.kind == "stash":
            return _stash(state, action)
        if action.kind == "settle":
            return _settle(state, action)
        return _unveil(state, action)

    def view(self, state: TrackerState, seat: int) -> JSON:
        return self.state_to_json(state)  # the table entered it all; no identity is known

    def scores(self, state: TrackerState) -> tuple[float, ...]:
        return tuple(float(m) for m in state.money)

    def outcome(self, state: TrackerState) -> Outcome | None:
        if state.phase != "over":
            return None
        reason = outcome_words(state.tally)
        return Outcome(scores=self.scores(state), winners=tally_winners(state.tally), reason=reason)

    def check_invariants(self, state: TrackerState, *, since: TrackerState | None = None) -> None:
        """7 leaders and 3 novices a gang and 5 reinforcements, each in one place; money =
        500 F + the ledger, never below 0 (D1); at most 4 bourgeois counters held."""
        _check_apaches(state)
        _check_money(state)
        assert sum(state.counters) <= COUNTERS, f"{sum(state.counters)} bourgeois counters held"

    # -- JSON --

    def action_to_json(self, action: Entry) -> JSON:
        data: dict[str, JSON] = {"kind": action.kind}
        for f in fields(Entry)[1:]:
            value = getattr(action, f.name)
            if value != f.default:
                data[f.name] = value
        return data

    def action_from_json(self, data: Any) -> Entry:
        """Inverse of :meth:`action_to_json` (an entry's fields at their default are left
        out); ``ValueError`` naming the record and what is wrong with it."""
        kind = record_kind(data, "paris tracker", _REQUIRED, optional=_OPTIONAL)
        values: dict[str, Any] = {}
        for key in set(data) - {"kind"}:
            if key == "bail":
                if type(data[key]) is not bool:
                    raise ValueError(f"a paris tracker entry's 'bail' is true or false: {data!r}")
                values[key] = data[key]
            else:
                values[key] = int_field(data, key, "paris tracker")
        return Entry(cast(Kind, kind), **values)  # record_kind checked it is one of KINDS

    def state_to_json(self, state: TrackerState) -> JSON:
        data: dict[str, JSON] = {}
        for f in fields(TrackerState):
            value = getattr(state, f.name)
            if f.name == "settled":
                value = [step.to_json() for step in value]
            elif f.name == "tally":
                value = [line.to_json() for line in value]
            elif f.name == "ledger":
                value = [list(item) for item in value]
            data[f.name] = value
        return data

    def state_from_json(self, data: Any) -> TrackerState:
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(TrackerState)}:
            raise ValueError(f"not a paris tracker state: {data!r}")
        values: dict[str, Any] = {}
        for f in fields(TrackerState):
            value = data[f.name]
            if f.name == "settled":
                value = tuple(SettlementStep.from_json(v) for v in value)
            elif f.name == "tally":
                value = tuple(_tally_line(v) for v in value)
            elif f.name == "ledger":
                value = tuple((int(r), int(s), int(c), str(w)) for r, s, c, w in value)
            elif isinstance(value, list):
                value = tuple(value)
            values[f.name] = value
        return TrackerState(**values)


TRACKER: Final = ParisTracker()


# --- helpers: words --------------------------------------------------------------------------


def tracker_step_words(step: SettlementStep) -> Words:
    """A settlement step in the bank's words: who holds the district and what its slot
    gave, never the counts it does not know (:func:`bank_step_words`)."""
    return bank_step_words(step)


def entry_words(entry: Entry, colours: Sequence[str]) -> Words:
    """An entry as a person reads it, the gangs by ``colours`` (seat order; empty: the
    entry alone): ``"placed 2 leaders"``, ``"settled: purple holds it, slot 3
    uncovered"``, ``"the policeman: yellow"``."""
    if entry.kind == "place":
        return say(
            "placed {apaches}", apaches=apaches_words(entry.leaders, entry.novices, entry.recruits)
        )
    if entry.kind == "move":
        return say("moved")
    if entry.kind == "stash":
        return say("stash placed, bail paid") if entry.bail else say("stash placed")
    return _holder_entry_words(entry, _gang_words(entry.holder, colours))


def _holder_entry_words(entry: Entry, who: str) -> Words:
    """A settle or policeman entry, its holder called ``who``."""
    if entry.kind == "settle":
        if entry.slot:
            return say("settled: {gang} holds it, slot {slot} uncovered", gang=who, slot=entry.slot)
        return say("settled: {gang} holds it", gang=who)
    if entry.holder < 0:
        return say("the policeman: nobody drew him")
    return say("the policeman: {gang}", gang=who)


def _gang_words(seat: int, colours: Sequence[str]) -> str:
    """A seat's gang by colour; -1 is nobody; a seat no gang sits at, or without colours,
    "a gang"."""
    if seat < 0:
        return say("nobody")
    return gang_words(colours[seat]) if seat < len(colours) else say("a gang")


def phase_words(state: TrackerState) -> Words:
    """What the bank awaits now, in words (:func:`awaited`)."""
    return awaited(state)[1]


def awaited(state: TrackerState) -> tuple[Words, Words]:
    """The rule of the moment and what it awaits, from whom (for a refused entry): the
    turn's words are the FULL engine's (:func:`~companion.rules.paris.settlement.turn_words`)."""
    if state.phase == "turn":
        who = state.colours[state.order[state.step]]
        said = turn_words(who, state.turn, state.round, acted=state.acted)
        return (_RULE_STASH if state.acted else _RULE_TURN), said
    if state.phase == "settle":
        district = district_words(state.district or 0)
        return _RULE_SETTLE, say(
            "the round is being settled: who holds {district} must be entered first",
            district=district,
        )
    if state.phase == "policeman":
        return _RULE_END, say("who holds the policeman must be entered first")
    return _RULE_END, _GAME_OVER


_GAME_OVER: Final = say("the game is over")


def policeman_choices(state: TrackerState) -> list[int]:
    """Who may hold the policeman: a gang holding a counter, or -1 (nobody drew him) while
    not all four counters were drawn."""
    found = [s for s in range(state.players) if state.counters[s]]
    if sum(state.counters) < COUNTERS:
        found.append(-1)
    return found


_REQUIRED: Final = {kind: frozenset[str]() for kind in KINDS}
"""The fields every entry's JSON has besides its kind: none (the defaults are left out)."""
_OPTIONAL: Final = {
    "place": frozenset({"leaders", "novices", "recruits"}),
    "stash": frozenset({"bail"}),
    "settle": frozenset({"holder", "slot"}),
    "policeman": frozenset({"holder"}),
}
_EXPECTED: Final[dict[str, frozenset[str]]] = {
    "turn": frozenset({"place", "move", "stash"}),
    "settle": frozenset({"settle"}),
    "policeman": frozenset({"policeman"}),
}


# --- turns -----------------------------------------------------------------------------------


def on_board(state: TrackerState, seat: int) -> int:
    """``seat``'s Apaches on the board."""
    return state.board_leaders[seat] + state.board_novices[seat] + state.board_recruits[seat]


def _legal_turn(state: TrackerState) -> list[Entry]:
    seat = state.order[state.step]
    found = [Entry.stash()]
    if state.can_bail(seat):
        found.append(Entry.stash(bail=True))
    if state.acted:
        return found
    if on_board(state, seat):
        found.append(Entry.move())
    for leaders in range(state.reserve_leaders[seat] + 1):
        for novices in range(state.reserve_novices[seat] + 1):
            for recruits in range(state.reserve_recruits[seat] + 1):
                entry = Entry.place(leaders, novices, recruits)
                if entry.total and _place_problem(state, seat, entry) is None:
                    found.append(entry)
    return found


def _place_problem(state: TrackerState, seat: int, entry: Entry) -> Problem:
    """Ruling D5 (a) as far as the bank knows: from the reserve, and followers only with a
    leader of the gang on the board (tracker decision 1)."""
    return placement_refusal(
        state.colours[seat],
        (entry.leaders, entry.novices, entry.recruits),
        (state.reserve_leaders[seat], state.reserve_novices[seat], state.reserve_recruits[seat]),
        state.board_leaders[seat],
    )


def _check_optional(state: TrackerState, entry: Entry) -> None:
    """Ruling D5: one optional action a turn, then the obligatory stash."""
    if state.acted:
        rule, said = awaited(state)
        raise illegal(rule, entry_words(entry, state.colours), said)


def _place(state: TrackerState, entry: Entry) -> TrackerState:
    _check_optional(state, entry)
    seat = state.order[state.step]
    problem = _place_problem(state, seat, entry)
    if problem is not None:
        raise illegal(problem[0], entry_words(entry, ()), problem[1])
    return replace(
        state,
        acted=True,
        reserve_leaders=with_change(state.reserve_leaders, seat, -entry.leaders),
        reserve_novices=with_change(state.reserve_novices, seat, -entry.novices),
        reserve_recruits=with_change(state.reserve_recruits, seat, -entry.recruits),
        board_leaders=with_change(state.board_leaders, seat, entry.leaders),
        board_novices=with_change(state.board_novices, seat, entry.novices),
        board_recruits=with_change(state.board_recruits, seat, entry.recruits),
    )


def _move(state: TrackerState, entry: Entry) -> TrackerState:
    _check_optional(state, entry)
    seat = state.order[state.step]
    if not on_board(state, seat):
        gang = gang_words(state.colours[seat])
        raise illegal(
            _RULE_D5, entry_words(entry, ()), say("{gang} has no Apache on the board", gang=gang)
        )
    return replace(state, acted=True)


def _stash(state: TrackerState, entry: Entry) -> TrackerState:
    seat = state.order[state.step]
    if entry.bail:
        state = _pay_bail(state, seat, entry)
    state = replace(state, step=state.step + 1, acted=False)
    if state.step < state.players:
        return state
    if state.turn < TURNS:
        turn = state.turn + 1
        reserves = [state.in_reserve(seat) for seat in range(state.players)]
        return replace(state, turn=turn, step=0, order=turn_order(turn, state.first, reserves))
    return replace(state, phase="settle", step=0, settled=(), thefts=0)


def _pay_bail(state: TrackerState, seat: int, entry: Entry) -> TrackerState:
    """Ruling D8: 150 F to the bank; the prisoner rejoins the reserve at once."""
    problem = _bail_problem(state, seat)
    if problem is not None:
        raise illegal(problem[0], entry_words(entry, ()), problem[1])
    return replace(
        _pay(state, seat, -BAIL, "bail"),
        prison=with_change(state.prison, seat, -1),
        reserve_leaders=with_change(state.reserve_leaders, seat, 1),
    )


def _bail_problem(state: TrackerState, seat: int) -> Problem:
    """Ruling D8 (:func:`~companion.rules.paris.settlement.bail_refusal`): a prisoner
    serving this round, 150 F, and a turn still to come."""
    return bail_refusal(
        state.colours[seat], state.prison[seat], state.money[seat], last_turn=state.turn >= TURNS
    )


# --- settlement ------------------------------------------------------------------------------


def _legal_settle(state: TrackerState) -> list[Entry]:
    district = state.district or 0
    slots = SLOT_COUNTS[district]
    found = [Entry.settle(-1)]
    for holder in range(state.players):
        if not on_board(state, holder):
            continue
        if slots:
            found += [Entry.settle(holder, k) for k in range(1, slots + 1)]
        else:
            found.append(Entry.settle(holder))
    return found


def _settle(state: TrackerState, entry: Entry) -> TrackerState:
    district = state.district or 0
    _check_settle(state, entry, district)
    step = _settlement_step(state, entry, district)
    state = _apply_step(state, step)
    if len(state.settled) < len(state.settle_order):
        return state
    state = _round_end(state)
    if state.round < ROUNDS:
        return _next_round(state)
    return replace(state, phase="policeman", turn=0, step=0, order=())


def _check_settle(state: TrackerState, entry: Entry, district: int) -> None:
    said = entry_words(entry, state.colours)
    if not -1 <= entry.holder < state.players:
        gangs = joined(", ", map(gang_words, state.colours))
        reason = say("the holder is one of the gangs ({gangs}) or nobody", gangs=gangs)
        raise illegal(_RULE_SETTLE, said, reason)
    if entry.holder >= 0 and not on_board(state, entry.holder):
        reason = say(
            "{gang} has no Apache on the board: it cannot hold a district",
            gang=gang_words(state.colours[entry.holder]),
        )
        raise illegal(_RULE_SETTLE, said, reason)
    slots = SLOT_COUNTS[district]
    where = district_words(district)
    if not slots and entry.slot:
        raise illegal(_RULE_SETTLE, said, say("{district} has no stash slot", district=where))
    if slots and not 1 <= entry.slot <= slots and not (entry.holder < 0 and entry.slot == 0):
        reason = say(
            "{district} has slots 1 to {slots}, not {slot}",
            district=where,
            slots=slots,
            slot=entry.slot,
        )
        raise illegal(_RULE_SETTLE, said, reason)


def board_of(state: TrackerState) -> Board:
    return get_board(state.board)


def _settlement_step(state: TrackerState, entry: Entry, district: int) -> SettlementStep:
    """Ruling D7 for the district (the FULL engine's :func:`settle_step`), from what the
    table entered: the holder (the bank does not know the counts: the holder counts 1, the
    others 0, which decides the same majority) and the uncovered slot."""
    counts = [int(s == entry.holder) for s in range(state.players)]
    slots = board_of(state).slots[district]  # none for districts 8 and 9
    outcome = slots[entry.slot - 1] if entry.slot else None
    return settle_step(
        district,
        counts,
        outcome,
        colours=state.colours,
        money=state.money,
        supply=state.supply,
        thefts=state.thefts,
        leaders=state.board_leaders,
    )


def _apply_step(state: TrackerState, step: SettlementStep) -> TrackerState:
    holder = step.holder
    for seat, change in enumerate(step.money):
        if change:
            state = _pay(state, seat, change, f"district {step.district}")
    if holder >= 0 and step.district == BOURGEOIS_DISTRICT:
        state = replace(state, counters=with_change(state.counters, holder, 1))
    if step.recruits:
        state = replace(
            state,
            won=with_change(state.won, holder, step.recruits),
            supply=state.supply - step.recruits,
        )
    if step.leader:
        state = _send_leader(state, holder, step.leader)
    return replace(state, settled=(*state.settled, step), thefts=state.thefts + step.theft)


def _send_leader(state: TrackerState, seat: int, where: str) -> TrackerState:
    state = replace(state, board_leaders=with_change(state.board_leaders, seat, -1))
    if where == "hospital":
        return replace(state, sent_hospital=with_change(state.sent_hospital, seat, 1))
    if where == "prison":
        return replace(state, sent_prison=with_change(state.sent_prison, seat, 1))
    return replace(state, cemetery=with_change(state.cemetery, seat, 1))


def _round_end(state: TrackerState) -> TrackerState:
    """Rulings D8, D9 (:func:`~companion.rules.paris.settlement.round_end`): the leaders on
    the board and those back from hospital and prison return to the reserve; this round's
    wounded and prisoners miss the next round; used novices and reinforcements leave the
    game; unused reinforcements expire; those won this round are available next round."""
    end = round_end(
        reserve_leaders=state.reserve_leaders,
        board_leaders=state.board_leaders,
        returning=tuple(h + p for h, p in zip(state.hospital, state.prison, strict=True)),
        board_novices=state.board_novices,
        board_recruits=state.board_recruits,
        unused_recruits=state.reserve_recruits,
        won=state.won,
        novices_used=state.novices_used,
        recruits_used=state.recruits_used,
        supply=state.supply,
    )
    zeros = (0,) * state.players
    return replace(
        state,
        reserve_leaders=end.leaders,
        reserve_recruits=end.recruits,
        board_leaders=zeros,
        board_novices=zeros,
        board_recruits=zeros,
        hospital=state.sent_hospital,
        prison=state.sent_prison,
        sent_hospital=zeros,
        sent_prison=zeros,
        novices_used=end.novices_used,
        won=zeros,
        supply=end.supply,
        recruits_used=end.recruits_used,
    )


def _next_round(state: TrackerState) -> TrackerState:
    """The first player passes clockwise (the rulebook, 8)."""
    first = next_first(state.first, state.players)
    return replace(
        state,
        phase="turn",
        round=state.round + 1,
        first=first,
        turn=1,
        step=0,
        order=clockwise(first, state.players),
    )


# --- the end ---------------------------------------------------------------------------------


def _unveil(state: TrackerState, entry: Entry) -> TrackerState:
    cop = entry.holder
    if cop not in policeman_choices(state):
        raise illegal(
            say("ruling D10 (the policeman)"),
            entry_words(entry, state.colours),
            _no_policeman_words(state),
        )
    players = range(state.players)
    bourgeois = [state.counters[s] - (s == cop) for s in players]
    tally = final_tally(
        colours=state.colours,
        money=state.money,
        bourgeois=bourgeois,
        policeman=cop,
        leaders=[state.reserve_leaders[s] for s in players],
        others=[state.reserve_novices[s] + state.reserve_recruits[s] for s in players],
    )
    for seat, change, reason in tally_movements(tally):
        state = _pay(state, seat, change, reason)
    if policeman_jailed(cop, state.reserve_leaders):
        state = replace(
            state,
            reserve_leaders=with_change(state.reserve_leaders, cop, -1),
            prison=with_change(state.prison, cop, 1),
        )
    return replace(state, phase="over", policeman_holder=cop, tally=tally)


def _no_policeman_words(state: TrackerState) -> Words:
    """Why a gang cannot hold the policeman: the gangs that drew a counter may, and nobody
    only while a counter was left undrawn."""
    drew = [gang_words(state.colours[s]) for s in range(state.players) if state.counters[s]]
    holders = joined(", ", drew) if drew else say("none")
    if sum(state.counters) < COUNTERS:
        return say(
            "the policeman is held by a gang that drew a counter ({holders})", holders=holders
        )
    return say(
        "the policeman is held by a gang that drew a counter ({holders}); all four were drawn",
        holders=holders,
    )


# --- invariants ------------------------------------------------------------------------------


def _check_apaches(state: TrackerState) -> None:
    for seat, gang in enumerate(state.colours):
        leaders = (
            state.reserve_leaders[seat]
            + state.board_leaders[seat]
            + state.hospital[seat]
            + state.prison[seat]
            + state.sent_hospital[seat]
            + state.sent_prison[seat]
            + state.cemetery[seat]
        )
        assert leaders == LEADERS, f"{gang}: {leaders} leaders accounted for, not {LEADERS}"
        novices = state.reserve_novices[seat] + state.board_novices[seat]
        novices += state.novices_used[seat]
        assert novices == NOVICES, f"{gang}: {novices} novices accounted for, not {NOVICES}"
        parts = (state.reserve_leaders[seat], state.board_leaders[seat], state.money[seat])
        assert min(parts) >= 0, f"{gang}: a negative count {parts}"
    recruits = (
        state.supply
        + sum(state.reserve_recruits)
        + sum(state.board_recruits)
        + sum(state.won)
        + state.recruits_used
    )
    assert recruits == RECRUITS, f"{recruits} reinforcements accounted for, not {RECRUITS}"


def _check_money(state: TrackerState) -> None:
    expected = ledger_money(state.players, state.ledger)
    assert state.money == expected, f"money {state.money}, but 500 F and the ledger make {expected}"
    assert min(state.money) >= 0, f"money {state.money} (ruling D1: never below 0)"


# --- small helpers ---------------------------------------------------------------------------


def _pay(state: TrackerState, seat: int, change: int, reason: str) -> TrackerState:
    return replace(
        state,
        money=with_change(state.money, seat, change),
        ledger=(*state.ledger, (state.round, seat, change, reason)),
    )


def _tally_line(data: Any) -> TallyLine:
    if not isinstance(data, dict) or set(data) != set(TallyLine._fields):
        raise ValueError(f"not a tally line: {data!r}")
    return TallyLine(**data)
