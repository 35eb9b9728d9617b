"""The rules of Les Apaches de Paris as pure functions over plain numbers.

Nothing here knows a game state: the FULL engine (``engine.py``) and the TRACKER
(``tracker.py``, the bank beside a real board) both call these functions, so each rule is
written once, and so are the words that tell its outcome.

* :func:`placement_refusal`: ruling D5 (a), what both modes check of a placement.
* :func:`turn_words`: whose turn it is, in words (a refusal's "what is awaited").
* :func:`clockwise`, :func:`last_turn_order` and :func:`turn_order`: the turn order, ruling
  D6; :func:`next_first`: the next round's first player.
* :func:`majority`: who holds a district (ruling D7).
* :func:`settle_district`, :func:`settle_bourgeois`, :func:`settle_fence`: one step each;
  :func:`settle_step` the step of any district; :func:`settlement_order` their order.
* :func:`settle_round`: districts 1..7, then 8, then 9, money and supply threaded through.
* :func:`step_words`: a step in words, with the counts when they are known (FULL) or
  without them (the bank: :func:`bank_step_words`).
* :func:`bail_refusal`: ruling D8.
* :func:`round_end`: ruling D9, what each gang has for the next round.
* :func:`final_tally`, :func:`policeman_jailed`, :func:`tally_movements` and
  :func:`tally_winners`: ruling D10, with each player's breakdown; :func:`outcome_words`:
  who won and why, the one outcome text of both modes and the results screens.

The words a person reads (the refusals' rules and reasons, the steps' words, the outcome's)
are :class:`~companion.words.Words`: the English as before, which a screen shows in its
language (the gangs, the districts and the slots' outcomes in them too,
:mod:`~companion.rules.paris.wording`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import add
from typing import Any, Final, NamedTuple, TypeAlias

from companion.rules.base import JSON
from companion.rules.paris.actions import APACHE_KINDS, LEADER, NOVICE
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    FENCE_DISTRICT,
    KILLED,
    MONEY,
    PRISON,
    REINFORCEMENTS,
    STEAL,
    VALUABLES,
    WOUNDED,
    Outcome,
    district_words,
)
from companion.rules.paris.wording import and_words, gang_words, slot_outcome_words
from companion.words import Words, joined, plural_words, say

TURNS_PER_ROUND: Final = 6
"""Turns per round: each player drafts 6 stashes and places one per turn; the 6th is the
last (ruling D6)."""
STEAL_AMOUNTS: Final = {2: 300, 3: 200, 4: 150}
"""What each other gang pays the thief (ruling D7), by player count."""
FENCE_PER_THEFT: Final = 250
REINFORCEMENTS_WON: Final = 2
FENCE_REINFORCEMENTS: Final = 1
BOURGEOIS_VALUE: Final = 200
POLICEMAN_FINE: Final = 200
OPERATIONAL_VALUE: Final = 50
BAIL: Final = 150
LEADER_FATES: Final = {WOUNDED: "hospital", KILLED: "cemetery", PRISON: "prison"}
"""Where the holder's leader goes for a loss outcome (ruling D7)."""

Problem: TypeAlias = tuple[Words, Words] | None
"""Why the rules refuse something: ``(rule, reason)`` in words; ``None`` when they allow it."""
FOLLOWERS_RULE: Final = say("ruling D5 (novices and reinforcements never without a leader)")
_PLACING: Final = say("ruling D5 (placing)")
_FROM_RESERVE: Final = say("ruling D5 (placing from the reserve)")
_BAIL_RULE: Final = say("ruling D8 (bail)")


class SettlementStep(NamedTuple):
    """One district settled (ruling D7): the facts, and :attr:`words` telling them.

    ``colours``: the gangs by seat; ``counts``: each seat's Apaches there; ``holder``: the
    majority seat, -1 for nobody; ``outcome``: the uncovered slot's outcome (``"money
    400"``), ``"bourgeois"`` (8), ``"fence"`` (9) or ``""`` (no slot uncovered); ``money``:
    each seat's change; ``recruits``: reinforcements the holder takes from the supply;
    ``leader``: where one of the holder's leaders there goes (``"hospital"``,
    ``"cemetery"``, ``"prison"`` or ``""``); ``drawn``: the bourgeois counter drawn
    (``"bourgeois"``/``"policeman"``, secret from the others) or ``""``; ``theft``:
    valuables or steal settled; ``supply``: the reinforcements left before this step;
    ``thefts``: the round's thefts the fence pays for (district 9).

    The JSON's ``words`` are :attr:`words` (the step told from ``counts``), as journals'
    states keep them. The bank (TRACKER) does not know the counts: its steps carry 1 for
    the holder, and people read them without counts (:func:`bank_step_words`).
    """

    district: int
    colours: tuple[str, ...]
    counts: tuple[int, ...]
    holder: int
    outcome: str
    money: tuple[int, ...]
    recruits: int
    leader: str
    drawn: str
    theft: bool
    supply: int
    thefts: int

    @property
    def words(self) -> Words:
        """The step in words, e.g. ``district 5 (yellow): purple 2, yellow 3: yellow holds
        it with 3 Apaches; uncovered: money 400: yellow wins 400 F``."""
        return step_words(self)

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = dict(zip(self._fields, self, strict=True))
        data["words"] = self.words
        return data

    @classmethod
    def from_json(cls, data: Any) -> SettlementStep:
        if not isinstance(data, dict) or set(data) != {*cls._fields, "words"}:
            raise ValueError(f"not a settlement step: {data!r}")
        ints = ("district", "holder", "recruits", "supply", "thefts")
        strings = ("outcome", "leader", "drawn")
        if any(type(data[k]) is not int for k in ints) or any(
            not isinstance(data[k], str) for k in strings
        ):
            raise ValueError(f"bad settlement step: {data!r}")
        return cls(
            district=data["district"],
            colours=tuple(str(c) for c in data["colours"]),
            counts=_ints(data["counts"]),
            holder=data["holder"],
            outcome=data["outcome"],
            money=_ints(data["money"]),
            recruits=data["recruits"],
            leader=data["leader"],
            drawn=data["drawn"],
            theft=bool(data["theft"]),
            supply=data["supply"],
            thefts=data["thefts"],
        )


class RoundSettlement(NamedTuple):
    """A whole round's settlement: the steps in order, then the money and the supply."""

    steps: tuple[SettlementStep, ...]
    money: tuple[int, ...]
    supply: int
    thefts: int


class TallyLine(NamedTuple):
    """One player's final tally (ruling D10): ``stashes`` the money before the game end,
    ``bourgeois`` the plain bourgeois held and their ``bourgeois_money``, ``policeman`` whether
    they hold him and ``policeman_paid`` (what the fine took, D1), ``operational`` the
    Apaches that count (after the policeman's prison) and ``operational_money``."""

    seat: int
    colour: str
    stashes: int
    bourgeois: int
    bourgeois_money: int
    policeman: bool
    policeman_paid: int
    operational: int
    operational_money: int
    total: int

    def to_json(self) -> dict[str, JSON]:
        return dict(zip(self._fields, self, strict=True))


# --- a placement (ruling D5) -----------------------------------------------------------------


def placement_refusal(
    colour: str,
    place: Sequence[int],
    reserve: Sequence[int],
    leaders_there: int,
    district: int | None = None,
) -> Problem:
    """Ruling D5 (a), what both modes check: ``place`` (leaders, novices, recruits) is one
    or more Apaches, no more of a kind than ``reserve`` (the same three) holds, and novices
    and reinforcements only beside a leader: one of ``leaders_there`` (the gang's leaders
    already in ``district``; ``None``: on the whole board, as far as the bank knows) or one
    placed with them."""
    gang = gang_words(colour)
    if min(place) < 0 or not sum(place):
        return _PLACING, say("place one or more Apaches, no negative counts")
    for kind, wanted, held in zip(APACHE_KINDS, place, reserve, strict=True):
        if wanted > held:
            return _FROM_RESERVE, _in_reserve_words(kind, gang, held, wanted)
    leaders, novices, recruits = place
    if novices + recruits and not leaders_there + leaders:
        if district is None:
            return FOLLOWERS_RULE, say("{gang} has no leader on the board", gang=gang)
        where = district_words(district)
        return FOLLOWERS_RULE, say("{gang} has no leader in {district}", gang=gang, district=where)
    return None


def _in_reserve_words(kind: str, gang: str, held: int, wanted: int) -> Words:
    """``"purple has 1 leader(s) in reserve, not 2"``, a message per kind of Apache."""
    if kind == LEADER:
        return say(
            "{gang} has {held} leader(s) in reserve, not {wanted}",
            gang=gang,
            held=held,
            wanted=wanted,
        )
    if kind == NOVICE:
        return say(
            "{gang} has {held} novice(s) in reserve, not {wanted}",
            gang=gang,
            held=held,
            wanted=wanted,
        )
    return say(
        "{gang} has {held} recruit(s) in reserve, not {wanted}",
        gang=gang,
        held=held,
        wanted=wanted,
    )


# --- the turn order (ruling D6) --------------------------------------------------------------


def turn_words(colour: str, turn: int, round_number: int, *, acted: bool = False) -> Words:
    """Whose turn it is, for both modes' refusals: ``"it is purple's turn 3 of round 1"``;
    ``acted``: their optional action is made, the stash is next (ruling D5)."""
    gang = gang_words(colour)
    if acted:
        return say(
            "it is {gang}'s turn {turn} of round {round}: their optional action is made, "
            "their stash is next",
            gang=gang,
            turn=turn,
            round=round_number,
        )
    return say(
        "it is {gang}'s turn {turn} of round {round}", gang=gang, turn=turn, round=round_number
    )


def clockwise(first: int, players: int) -> tuple[int, ...]:
    """Ruling D6: the seats clockwise from ``first``, the order of every turn but the last."""
    return tuple((first + k) % players for k in range(players))


def last_turn_order(first: int, reserves: Sequence[int]) -> tuple[int, ...]:
    """Ruling D6: the last turn's order, most Apaches in reserve first; ties clockwise from
    the round's first player."""
    players = len(reserves)
    return tuple(sorted(range(players), key=lambda s: (-reserves[s], (s - first) % players)))


def turn_order(turn: int, first: int, reserves: Sequence[int]) -> tuple[int, ...]:
    """Ruling D6, for both modes: the order of the round's ``turn`` (1 to 6): clockwise from
    the round's ``first`` player, but the 6th (last) by ``reserves`` (each seat's Apaches in
    reserve as the turn begins, :func:`last_turn_order`)."""
    if turn < TURNS_PER_ROUND:
        return clockwise(first, len(reserves))
    return last_turn_order(first, reserves)


def next_first(first: int, players: int) -> int:
    """The next round's first player: the first player passes clockwise (the rulebook, 8;
    ruling D6)."""
    return (first + 1) % players


# --- who holds a district --------------------------------------------------------------------


def majority(counts: Sequence[int]) -> int:
    """The seat with strictly the most Apaches, -1 when nobody is there (or, impossible
    under ruling D5's no-tie rule, the top count is shared)."""
    best = max(counts) if counts else 0
    if best == 0 or counts.count(best) > 1:
        return -1
    return counts.index(best)


# --- one step --------------------------------------------------------------------------------


def settle_district(
    district: int,
    counts: Sequence[int],
    outcome: Outcome | None,
    *,
    colours: Sequence[str],
    money: Sequence[int],
    supply: int,
    leaders: Sequence[int] | None = None,
) -> SettlementStep:
    """Districts 1..7: the holder receives the uncovered slot's ``outcome`` (ruling D7).

    ``money`` (before this step) caps what each other gang pays for a steal (ruling D1);
    ``supply`` caps the reinforcements; ``leaders``: each seat's leaders there (a loss takes
    one of the holder's; none there, none taken; not given: the holder has one, as ruling
    D5 guarantees).
    """
    counts = tuple(counts)
    holder = majority(counts)
    change = [0] * len(counts)
    recruits, leader = 0, ""
    kind = "" if outcome is None or holder < 0 else outcome.kind
    if kind in (MONEY, VALUABLES):
        change[holder] = outcome.amount  # type: ignore[union-attr]
    elif kind == STEAL:
        _steal(change, holder, money)
    elif kind == REINFORCEMENTS:
        recruits = min(REINFORCEMENTS_WON, supply)
    elif kind and (leaders is None or leaders[holder] > 0):
        leader = LEADER_FATES[kind]
    return SettlementStep(
        district, tuple(colours), counts, holder, "" if outcome is None else str(outcome),
        tuple(change), recruits, leader, "", kind in (VALUABLES, STEAL), supply, 0,
    )  # fmt: skip


def settle_bourgeois(
    counts: Sequence[int], drawn: str, *, colours: Sequence[str]
) -> SettlementStep:
    """District 8: the holder draws one bourgeois counter, kept secret (ruling D7).
    ``drawn``: the counter's identity (ignored when nobody holds the district)."""
    counts = tuple(counts)
    holder = majority(counts)
    return SettlementStep(
        BOURGEOIS_DISTRICT, tuple(colours), counts, holder, "bourgeois" if holder >= 0 else "",
        (0,) * len(counts), 0, "", drawn if holder >= 0 else "", False, 0, 0,
    )  # fmt: skip


def settle_fence(
    counts: Sequence[int], thefts: int, *, supply: int, colours: Sequence[str]
) -> SettlementStep:
    """District 9: the holder gets 250 F per theft settled this round and 1 reinforcement
    (ruling D7)."""
    counts = tuple(counts)
    holder = majority(counts)
    change = [0] * len(counts)
    recruits = 0
    if holder >= 0:
        change[holder] = FENCE_PER_THEFT * thefts
        recruits = min(FENCE_REINFORCEMENTS, supply)
    return SettlementStep(
        FENCE_DISTRICT, tuple(colours), counts, holder, "fence" if holder >= 0 else "",
        tuple(change), recruits, "", "", False, supply, thefts,
    )  # fmt: skip


def step_words(step: SettlementStep, *, counts_known: bool = True) -> Words:
    """What a settlement step did, in words (:attr:`SettlementStep.words`), e.g.
    ``"district 5 (yellow): purple 2, yellow 3: yellow holds it with 3 Apaches; uncovered:
    money 400: yellow wins 400 F"``. ``counts_known`` False: only what the table entered
    (who holds the district, the slot uncovered), never the counts
    (``"district 5 (yellow): yellow holds it; ..."``)."""
    if step.holder < 0:
        head, tail = _nobody_head(step, counts_known), _nobody_tail(step, counts_known)
    else:
        head, tail = _holder_head(step, counts_known), _holder_tail(step)
    return head if tail is None else joined("; ", (head, tail))


def _nobody_head(step: SettlementStep, counts_known: bool) -> Words:
    """The start of the words of a step nobody holds: ``"district 5 (yellow): nobody
    there"``."""
    name = district_words(step.district)
    present = _present(step)
    if not counts_known:
        return say("{district}: nobody holds it", district=name)
    if not present:
        return say("{district}: nobody there", district=name)
    return say("{district}: no majority: {present}", district=name, present=joined(", ", present))


def _nobody_tail(step: SettlementStep, counts_known: bool) -> Words | None:
    """What became of the uncovered slot of a district nobody holds (districts 1..7)."""
    if step.district >= BOURGEOIS_DISTRICT:
        return None
    if not step.outcome:
        return say("no slot uncovered") if counts_known else None
    outcome = slot_outcome_words(step.outcome)
    return say("the uncovered {outcome} goes to nobody", outcome=outcome)


def _holder_head(step: SettlementStep, counts_known: bool) -> Words:
    """The start of the words of a held district: ``"district 5 (yellow): purple 2, yellow
    3: yellow holds it with 3 Apaches"``, or without the counts ``"...: yellow holds it"``."""
    name, who = district_words(step.district), gang_words(step.colours[step.holder])
    if not counts_known:
        return say("{district}: {gang} holds it", district=name, gang=who)
    count = step.counts[step.holder]
    return plural_words(
        "{district}: {present}: {gang} holds it with {count} Apache",
        "{district}: {present}: {gang} holds it with {count} Apaches",
        count,
        district=name,
        present=joined(", ", _present(step)),
        gang=who,
        count=count,
    )


def _holder_tail(step: SettlementStep) -> Words:
    """What the holder of a district received (ruling D7)."""
    who = gang_words(step.colours[step.holder])
    if step.district == BOURGEOIS_DISTRICT:
        return say("{gang} draws a bourgeois counter and keeps it secret", gang=who)
    if step.district == FENCE_DISTRICT:
        return say(
            "{gang} fences {thefts} theft(s) of this round: {money} F, and takes {recruits} "
            "reinforcement for next round",
            gang=who,
            thefts=step.thefts,
            money=step.money[step.holder],
            recruits=step.recruits,
        )
    return say(
        "uncovered: {outcome}: {result}",
        outcome=slot_outcome_words(step.outcome),
        result=_outcome_words(step, who),
    )


def _present(step: SettlementStep) -> list[Words]:
    """Each gang in the district with its Apaches: ``purple 2``."""
    colours = step.colours
    return [_number_words(colours[s], n) for s, n in enumerate(step.counts) if n]


def _number_words(name: str, number: int) -> Words:
    """A gang (by colour, or a name) and a number of theirs: ``"purple 2"``."""
    return say("{gang} {number}", gang=gang_words(name), number=number)


def _outcome_words(step: SettlementStep, who: str) -> Words:
    kind = step.outcome.split(" ")[0]
    if kind in (MONEY, VALUABLES):
        won = step.money[step.holder]
        if kind == VALUABLES:
            return say("{gang} wins {amount} F (a theft)", gang=who, amount=won)
        return say("{gang} wins {amount} F", gang=who, amount=won)
    if kind == STEAL:
        paid = [
            _number_words(step.colours[s], -m) for s, m in enumerate(step.money) if s != step.holder
        ]
        return say(
            "{gang} steals {each} F from each other gang ({paid} F paid)",
            gang=who,
            each=STEAL_AMOUNTS[len(step.counts)],
            paid=joined(", ", paid),
        )
    if kind == REINFORCEMENTS:
        return say(
            "{gang} takes {count} of the {supply} reinforcements left, for next round",
            gang=who,
            count=step.recruits,
            supply=step.supply,
        )
    return _leader_gone_words(step.leader, who)


def _leader_gone_words(place: str, who: str) -> Words:
    """Where a loss outcome sent one of the holder's leaders (ruling D7)."""
    if place == "hospital":
        return say("one of {gang}'s leaders there goes to the hospital", gang=who)
    if place == "cemetery":
        return say("one of {gang}'s leaders there goes to the cemetery", gang=who)
    if place == "prison":
        return say("one of {gang}'s leaders there goes to prison", gang=who)
    return say("one of {gang}'s leaders there goes to nowhere (none there)", gang=who)


def bank_step_words(step: SettlementStep) -> Words:
    """A step as the bank (TRACKER) tells it: who holds the district and what the uncovered
    slot gave, never the counts (the table entered only the holder and the slot)."""
    return step_words(step, counts_known=False)


# --- the round -------------------------------------------------------------------------------


def settle_round(
    *,
    colours: Sequence[str],
    districts: Sequence[int],
    counts: Mapping[int, Sequence[int]],
    leaders: Mapping[int, Sequence[int]],
    outcomes: Mapping[int, Outcome | None],
    money: Sequence[int],
    supply: int,
    drawn: str = "",
) -> RoundSettlement:
    """Ruling D7: districts 1..7 in number order, then 8, then 9. ``counts[d]`` and
    ``leaders[d]``: each seat's Apaches and leaders in district ``d``; ``outcomes[d]``: the
    uncovered slot's outcome of a district with slots; ``drawn``: the bourgeois counter for
    district 8's holder. Steps see the money and the supply the earlier steps left."""
    cash, steps, thefts = list(money), [], 0
    for d in settlement_order(districts):
        step = settle_step(
            d, counts[d], outcomes.get(d), colours=colours, money=cash, supply=supply,
            thefts=thefts, leaders=leaders[d], drawn=drawn,
        )  # fmt: skip
        if any(step.money):
            cash = list(map(add, cash, step.money))
        supply -= step.recruits
        thefts += step.theft
        steps.append(step)
    return RoundSettlement(tuple(steps), tuple(cash), supply, thefts)


def settlement_order(districts: Sequence[int]) -> tuple[int, ...]:
    """Ruling D7: the districts in play settled in number order: 1..7, then 8, then 9."""
    return tuple(sorted(districts))


def settle_step(
    district: int,
    counts: Sequence[int],
    outcome: Outcome | None,
    *,
    colours: Sequence[str],
    money: Sequence[int],
    supply: int,
    thefts: int,
    leaders: Sequence[int] | None = None,
    drawn: str = "",
) -> SettlementStep:
    """Ruling D7, one district of any kind, for both modes: 1..7 (:func:`settle_district`,
    the uncovered slot's ``outcome``), 8 (:func:`settle_bourgeois`, the counter ``drawn``)
    or 9 (:func:`settle_fence`, the round's ``thefts`` so far); ``money`` and ``supply`` as
    the earlier steps left them."""
    if district == BOURGEOIS_DISTRICT:
        return settle_bourgeois(counts, drawn, colours=colours)
    if district == FENCE_DISTRICT:
        return settle_fence(counts, thefts, supply=supply, colours=colours)
    return settle_district(
        district, counts, outcome, colours=colours, money=money, supply=supply, leaders=leaders
    )


# --- bail and the round end (rulings D8, D9) -------------------------------------------------


def bail_refusal(colour: str, prisoners: int, money: int, *, last_turn: bool) -> Problem:
    """Ruling D8: bail frees one of ``prisoners`` (leaders serving this round) for 150 F
    (never a partial payment), and not on the round's ``last_turn``."""
    gang = gang_words(colour)
    if not prisoners:
        return _BAIL_RULE, say("{gang} has no leader in prison", gang=gang)
    if money < BAIL:
        return _BAIL_RULE, say(
            "{gang} has {money} F, the bail is {bail} F", gang=gang, money=money, bail=BAIL
        )
    if last_turn:
        return _BAIL_RULE, say(
            "this is the round's last turn: the freed leader could not play before the "
            "round ends, and he returns at its end anyway"
        )
    return None


class RoundEnd(NamedTuple):
    """What the round end (ruling D9, with D8) leaves: per seat, the ``leaders`` and the
    ``recruits`` (reinforcements) in the reserve for the next round and the
    ``novices_used``; the ``recruits_used`` and the ``supply`` of reinforcements."""

    leaders: tuple[int, ...]
    recruits: tuple[int, ...]
    novices_used: tuple[int, ...]
    recruits_used: int
    supply: int


def round_end(
    *,
    reserve_leaders: Sequence[int],
    board_leaders: Sequence[int],
    returning: Sequence[int],
    board_novices: Sequence[int],
    board_recruits: Sequence[int],
    unused_recruits: Sequence[int],
    won: Sequence[int],
    novices_used: Sequence[int],
    recruits_used: int,
    supply: int,
) -> RoundEnd:
    """Rulings D8, D9, per seat: the leaders on the board (after the settlement's losses)
    and those ``returning`` from a round in hospital or prison join the reserve; novices and
    reinforcements used on the board leave the game; the reserve's unused reinforcements
    expire back to the supply; those ``won`` in this round's settlement are the reserve's
    for the next round."""
    return RoundEnd(
        leaders=tuple(map(add, map(add, reserve_leaders, board_leaders), returning)),
        recruits=tuple(won),
        novices_used=tuple(map(add, novices_used, board_novices)),
        recruits_used=recruits_used + sum(board_recruits),
        supply=supply + sum(unused_recruits),
    )


# --- the end of the game ---------------------------------------------------------------------


def final_tally(
    *,
    colours: Sequence[str],
    money: Sequence[int],
    bourgeois: Sequence[int],
    policeman: int,
    leaders: Sequence[int],
    others: Sequence[int],
) -> tuple[TallyLine, ...]:
    """Ruling D10 in its order: +200 F per (plain) bourgeois; the policeman's holder pays
    200 F (what they have, D1) and one of their operational leaders goes to prison; then
    +50 F per operational Apache. ``leaders`` and ``others``: each seat's operational
    leaders and other Apaches (unused novices, reinforcements not yet used) before that."""
    lines = []
    jailed = policeman_jailed(policeman, leaders)
    for seat, colour in enumerate(colours):
        cash = money[seat] + BOURGEOIS_VALUE * bourgeois[seat]
        held = seat == policeman
        paid = min(POLICEMAN_FINE, cash) if held else 0
        operational = leaders[seat] - (held and jailed) + others[seat]
        total = cash - paid + OPERATIONAL_VALUE * operational
        lines.append(
            TallyLine(
                seat,
                colour,
                money[seat],
                bourgeois[seat],
                BOURGEOIS_VALUE * bourgeois[seat],
                held,
                paid,
                operational,
                OPERATIONAL_VALUE * operational,
                total,
            )
        )
    return tuple(lines)


def policeman_jailed(policeman: int, leaders: Sequence[int]) -> bool:
    """Ruling D10: whether one of the policeman's holder's operational ``leaders`` (each
    seat's) goes to prison; nobody holds him (-1) or no leader is left: nobody goes."""
    return policeman >= 0 and leaders[policeman] > 0


def tally_movements(tally: Sequence[TallyLine]) -> list[tuple[int, int, str]]:
    """The money movements of the final tally (ruling D10), for the ledger: ``(seat,
    change, reason)`` for each bourgeois payment, policeman's fine and operational Apaches'
    payment that is not 0, seat by seat."""
    found = []
    for line in tally:
        for change, reason in (
            (line.bourgeois_money, "bourgeois"),
            (-line.policeman_paid, "policeman"),
            (line.operational_money, "apaches"),
        ):
            if change:
                found.append((line.seat, change, reason))
    return found


def tally_winners(tally: Sequence[TallyLine]) -> tuple[int, ...]:
    """Ruling D10: most money; tie: most operational Apaches; still tied: shared."""
    best = max((line.total, line.operational) for line in tally)
    return tuple(line.seat for line in tally if (line.total, line.operational) == best)


def outcome_words(tally: Sequence[TallyLine], names: Sequence[str] = ()) -> Words:
    """Ruling D10's outcome in words, the same in both modes and on the results screens;
    the players called ``names`` (seat order; default: their colours). Only what happened:

    * ``"purple wins with 1200 F (ruling D10)"``: the most money alone;
    * ``"purple wins with 1000 F, the tie on money broken by operational Apaches: purple
      10, yellow 8 (ruling D10)"``;
    * ``"shared victory (ruling D10): purple and yellow with 1000 F and 10 operational
      Apaches each: the tie stands"`` (others tied on money but with fewer Apaches are
      named after it).

    The English is :func:`~companion.rules.base.victory_reason`'s, each form one message.
    """
    called = list(names) or [gang_words(line.colour) for line in tally]
    winners = tally_winners(tally)
    best = tally[winners[0]]
    on_money = [line for line in tally if line.total == best.total]
    if len(winners) == 1:
        winner = called[best.seat]
        if len(on_money) == 1:
            return say("{winner} wins with {money} F (ruling D10)", winner=winner, money=best.total)
        counts = joined(
            ", ", [_number_words(called[line.seat], line.operational) for line in on_money]
        )
        return say(
            "{winner} wins with {money} F, the tie on money broken by operational Apaches: "
            "{counts} (ruling D10)",
            winner=winner,
            money=best.total,
            counts=counts,
        )
    named = and_words(called[seat] for seat in winners)
    behind = [line for line in on_money if line.seat not in winners]
    count = best.operational
    if not behind:
        return plural_words(
            "shared victory (ruling D10): {winners} with {money} F and {count} operational "
            "Apache each: the tie stands",
            "shared victory (ruling D10): {winners} with {money} F and {count} operational "
            "Apaches each: the tie stands",
            count,
            winners=named,
            money=best.total,
            count=count,
        )
    fewer = joined(", ", [_number_words(called[line.seat], line.operational) for line in behind])
    return plural_words(
        "shared victory (ruling D10): {winners} with {money} F and {count} operational Apache "
        "each: the tie stands (also {money} F, with fewer operational Apaches: {fewer})",
        "shared victory (ruling D10): {winners} with {money} F and {count} operational Apaches "
        "each: the tie stands (also {money} F, with fewer operational Apaches: {fewer})",
        count,
        winners=named,
        money=best.total,
        count=count,
        fewer=fewer,
    )


# --- helpers ---------------------------------------------------------------------------------


def _ints(values: Any) -> tuple[int, ...]:
    found = tuple(values)
    if any(type(v) is not int for v in found):
        raise ValueError(f"expected integers: {values!r}")
    return found


def _steal(change: list[int], holder: int, money: Sequence[int]) -> None:
    amount = STEAL_AMOUNTS[len(change)]
    for seat in range(len(change)):
        if seat != holder:
            pays = min(amount, money[seat])  # ruling D1: what the payer has
            change[seat] -= pays
            change[holder] += pays
