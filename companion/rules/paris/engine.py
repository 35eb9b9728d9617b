"""The Paris engine (FULL mode): the game, the rules' checks, the steps, the round end.

Module order follows OpenSpiel: game metadata, the game, then its helpers: the setup, chance
and the legal actions, the rules' checks, the steps, the round end, JSON and views. The
constants and the state are in ``state.py``, the pure rule functions the TRACKER shares in
``settlement.py``, the invariants in ``invariants.py``. The rules decisions are listed in
the package docstring (``companion.rules.paris``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement
from operator import add
from typing import Any, Final, Literal

from companion.rules.base import (
    CHANCE,
    JSON,
    Engine,
    Outcome,
    illegal,
    int_value,
    sample_chance,
)
from companion.rules.paris.actions import (
    LEADER,
    NOVICE,
    RECRUIT,
    Action,
    Bourgeois,
    Draw,
    First,
    Move,
    Place,
    SetAside,
    Stash,
    Step,
    Take,
    action_from_json,
    action_to_json,
    action_words,
    step_text_words,
)
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    DISTRICT_MASK,
    SLOT_COUNTS,
    STASH_DISTRICT,
    STASH_SLOT,
    configuration_name,
    district_words,
    get_board,
)
from companion.rules.paris.invariants import check_invariants
from companion.rules.paris.settlement import (
    BAIL,
    BOURGEOIS_VALUE,
    FOLLOWERS_RULE,
    OPERATIONAL_VALUE,
    Problem,
    RoundSettlement,
    SettlementStep,
    TallyLine,
    bail_refusal,
    clockwise,
    final_tally,
    next_first,
    outcome_words,
    placement_refusal,
    policeman_jailed,
    round_end,
    settle_round,
    tally_movements,
    tally_winners,
    turn_order,
    turn_words,
)
from companion.rules.paris.state import (
    ASIDE,
    BOURGEOIS,
    DRAFT,
    DRAW,
    FIRST,
    LEADERS,
    NOVICES,
    OVER,
    PHASES,
    PLAIN_BOURGEOIS,
    PLAYER_TURN,
    RECRUITS,
    RL,
    RN,
    ROUNDS,
    RR,
    SETUP_KEYS,
    START_MONEY,
    STASH,
    STRIDE,
    TURN,
    TURNS,
    ParisState,
    bits,
    ledger_money,
    parse_setup,
    play_mask,
    stash_bit,
    stash_districts,
    stash_pair,
    with_change,
    with_item,
)
from companion.rules.paris.wording import gang_words
from companion.words import Words, say

# --- game metadata ---------------------------------------------------------------------------

NAME: Final = "paris"
RULES_VERSION: Final = "1"
TALLY_REASONS: Final = ("bourgeois", "policeman", "apaches")
"""The ledger's reasons for the final tally's movements (ruling D10)."""


# --- the game --------------------------------------------------------------------------------


class Paris(Engine[ParisState, Action]):
    """Les Apaches de Paris with rulings D1-D10, FULL mode: virtual stashes and board.

    Two doors (python-chess style): :meth:`apply` checks the action and raises
    ``IllegalAction`` naming the rule; :meth:`apply_unchecked` trusts its caller (bots,
    simulation) and skips the checks.
    """

    name = NAME
    rules_version = RULES_VERSION

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        return parse_setup(setup, SETUP_KEYS, NAME)

    def initial_state(self, setup: dict[str, JSON], seed: int) -> ParisState:
        colours, districts, board = setup["colours"], setup["districts"], setup["board"]
        assert isinstance(colours, list) and isinstance(districts, list)
        players = len(colours)
        zeros = (0,) * players
        in_play = tuple(int(str(d)) for d in districts)
        empty_board = (0,) * (players * STRIDE)
        return ParisState(
            colours=tuple(map(str, colours)),
            board=str(board),
            districts=in_play,
            phase=FIRST,
            round=1,
            first=-1,
            turn=0,
            step=0,
            order=(),
            taken=0,
            piles=play_mask(in_play),
            aside=0,
            hands=zeros,
            covered=0,
            leaders=empty_board,
            novices=empty_board,
            recruits=empty_board,
            counts=empty_board,
            reserve=(LEADERS, NOVICES, 0) * players,
            hospital=zeros,
            prison=zeros,
            cemetery=zeros,
            novices_used=zeros,
            supply=RECRUITS,
            recruits_used=0,
            money=(START_MONEY,) * players,
            ledger=(),
            bourgeois=zeros,
            policeman=-1,
            settlement=(),
        )

    # -- whose turn, what is legal --

    def num_seats(self, state: ParisState) -> int:
        return state.players

    def actor(self, state: ParisState) -> int | None:
        phase = state.phase
        if phase in PLAYER_TURN:
            return state.order[state.step]
        if phase == DRAFT:
            return drafter(state)
        return None if phase == OVER else CHANCE

    def legal_actions(self, state: ParisState) -> Sequence[Action]:
        phase = state.phase
        if phase == OVER:
            return ()
        if phase == DRAFT:
            return takes(state)
        if phase == STASH:
            return stash_actions(state)
        if phase == TURN:
            return (*placements(state), *moves(state), *stash_actions(state))
        return tuple(action for action, _ in chance_outcomes(state))

    def chance_outcomes(self, state: ParisState) -> Sequence[tuple[Action, float]]:
        """First player: uniform. Set aside and draw: uniform over the pile (D3). Bourgeois:
        3 bourgeois and the policeman, minus those drawn (D7)."""
        return chance_outcomes(state)

    def random_chance(self, state: ParisState, rng: random.Random) -> Action:
        """A chance outcome drawn with ``rng``, with the probabilities of
        :meth:`chance_outcomes`: a stash of a pile (uniform) by one ``rng.choice``, the
        others by :func:`~companion.rules.base.sample_chance` (the simulation's draws)."""
        if state.phase == ASIDE:
            return SetAside(*stash_pair(rng.choice(_pile(state, next_aside(state)))))
        if state.phase == DRAW:
            return Draw(*stash_pair(rng.choice(_pile(state, state.taken))))
        return sample_chance(chance_outcomes(state), rng)

    # -- applying actions --

    def apply(self, state: ParisState, action: Action) -> ParisState:
        """The state after ``action``, checked: ``IllegalAction`` names the rule broken."""
        if not isinstance(action, Action):
            raise illegal(say("the paris actions"), action, say("not a paris action"))
        _check_moment(state, action)
        match action:
            case Take():
                _check_take(state, action)
            case Place() | Move():
                _check_optional(state, action)
            case Stash():
                _check_stash(state, action)
            case _:
                _check_chance(state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(  # noqa: PLR0911 (a return per action class)
        self, state: ParisState, action: Action
    ) -> ParisState:
        """The state after ``action`` WITHOUT checking it (for bots and simulation, which
        only play legal actions); an illegal action gives an undefined state."""
        match action:
            case Take():
                return _take(state, action)
            case Draw():
                return _draw(state, action)
            case Stash():
                return _stash(state, action)
            case Place():
                return _place(state, action)
            case Move():
                return _move(state, action)
            case SetAside():
                return _set_aside(state, action)
            case First():
                return _first(state, action)
            case Bourgeois():
                return _settle(state, action.identity)
        raise TypeError(f"not a paris action: {action!r}")

    # -- what the screens need --

    def tally(self, state: ParisState) -> tuple[TallyLine, ...]:
        """The final tally (ruling D10), each player's breakdown; ``()`` before the end."""
        if state.phase != OVER:
            return ()
        return _tally_of(state)

    # -- views and scores --

    def view(self, state: ParisState, seat: int) -> JSON:
        """The state as ``seat`` may know it: other players' stashes show only their
        district (the roof), set-aside stashes and the piles only how many, the bourgeois
        counters of others only how many (the policeman hidden until the game ends)."""
        return _view(self, state, seat)

    def scores(self, state: ParisState) -> tuple[float, ...]:
        """The money of each seat (final once the game is over, ruling D10)."""
        return tuple(map(float, state.money))

    def outcome(self, state: ParisState) -> Outcome | None:
        if state.phase != OVER:
            return None
        tally = _tally_of(state)
        reason = outcome_words(tally)
        return Outcome(scores=self.scores(state), winners=tally_winners(tally), reason=reason)

    def check_invariants(self, state: ParisState, *, since: ParisState | None = None) -> None:
        """The conservation laws: 31 stashes, 40 Apaches and 5 reinforcements each in
        exactly one place (the board's counts its sums); money = 500 F + the ledger, never
        below 0 (D1); 4 bourgeois counters. Raises ``AssertionError`` naming the law.

        ``since``: a state that passed this check just before (a caller checking every
        action passes the state before the action): then only the laws that read a field
        changed since are checked again (:mod:`~companion.rules.paris.invariants`)."""
        check_invariants(state, since=since)

    # -- JSON --

    def action_to_json(self, action: Action) -> JSON:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def state_to_json(self, state: ParisState) -> JSON:
        return _state_to_json(state)

    def state_from_json(self, data: Any) -> ParisState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            raise ValueError(f"not a paris state: {exc}") from exc


# --- chance and legal actions ---------------------------------------------------------------


def drafter(state: ParisState) -> int:
    """The player whose pick it is in the draft (and whose stash is drawn): clockwise from
    the round's first player."""
    return (state.first + state.step) % state.players


def chance_outcomes(state: ParisState) -> list[tuple[Action, float]]:
    """The chance outcomes of ``state`` (empty when the actor is not chance)."""
    phase = state.phase
    if phase == ASIDE:
        return _uniform([SetAside(*stash_pair(s)) for s in _pile(state, next_aside(state))])
    if phase == DRAW:
        return _uniform([Draw(*stash_pair(s)) for s in _pile(state, state.taken)])
    if phase == FIRST:
        return _uniform([First(seat) for seat in range(state.players)])
    if phase == BOURGEOIS:
        plain, police = PLAIN_BOURGEOIS - sum(state.bourgeois), int(state.policeman < 0)
        total = plain + police
        found: list[tuple[Action, float]] = []
        if plain:
            found.append((Bourgeois("bourgeois"), plain / total))
        if police:
            found.append((Bourgeois("policeman"), police / total))
        return found
    return []


def next_aside(state: ParisState) -> int:
    """The next district in play that has no stash set aside yet (number order), 0 when
    every district with stashes has one."""
    for d in state.districts:
        if SLOT_COUNTS[d] and not state.aside & DISTRICT_MASK[d]:
            return d
    return 0


def draft_districts(state: ParisState) -> list[int]:
    """The districts in play whose pile still has a stash to draft (D3), in number order."""
    return [d for d in state.districts if state.piles & DISTRICT_MASK[d]]


def takes(state: ParisState) -> tuple[Take, ...]:
    """The draft's choices: a take from each pile with a stash left."""
    return tuple(Take(d) for d in draft_districts(state))


def stash_actions(state: ParisState) -> tuple[Stash, ...]:
    """The obligatory action's choices: each stash in hand, with bail where allowed (D8)."""
    seat = state.order[state.step]
    bail = bail_problem(state, seat) is None
    found: list[Stash] = []
    for district, slot in state.hand(seat):
        found.append(Stash(district, slot))
        if bail:
            found.append(Stash(district, slot, True))
    return tuple(found)


def placements(state: ParisState) -> list[Place]:
    """Every legal optional action (a) of the player whose turn it is (ruling D5): the
    counts of each kind the reserve allows, into each district in play, where the gang has
    a leader for its followers and no other gang has the count it would have."""
    seat = state.order[state.step]
    have_leaders, have_novices, have_recruits = state.reserve[seat * 3 : seat * 3 + 3]
    found = []
    for d in state.districts:
        i = seat * STRIDE + d
        leaders_there = state.leaders[i]
        others = _other_counts(state, seat, d)
        for leaders in range(have_leaders + 1):
            for novices in range(have_novices + 1):
                for recruits in range(have_recruits + 1):
                    total = leaders + novices + recruits
                    if not total or (novices + recruits and not leaders_there + leaders):
                        continue
                    if state.counts[i] + total not in others:
                        found.append(Place(d, leaders, novices, recruits))
    return found


def moves(state: ParisState) -> list[Move]:
    """Every legal optional action (b): 1 or 2 Apaches to adjacent districts (D5)."""
    seat = state.order[state.step]
    singles = single_steps(state, seat)
    found = [Move((s,)) for s in singles if move_problem(state, seat, (s,)) is None]
    for a, b in combinations_with_replacement(singles, 2):
        if move_problem(state, seat, (a, b)) is None:
            found.append(Move((a, b)))
    return found


def single_steps(state: ParisState, seat: int) -> list[Step]:
    """Every step one of ``seat``'s Apaches could take: from each district in play where it
    has one of that kind to each neighbour in play (legal or not: :func:`move_problem`
    decides). By district, then leaders, novices, recruits, then neighbour."""
    table = step_table(state.board, state.districts)
    layers = ((LEADER, state.leaders), (NOVICE, state.novices), (RECRUIT, state.recruits))
    steps: list[Step] = []
    for d in state.districts:
        for kind, layer in layers:
            if layer[seat * STRIDE + d]:
                steps += table[d][kind]
    return steps


@cache
def step_table(board: str, districts: tuple[int, ...]) -> dict[int, dict[str, tuple[Step, ...]]]:
    """``table[d][kind]``: the steps of an Apache of ``kind`` from district ``d`` to each
    neighbour in play on ``board``, neighbours in number order. Made once per board and
    configuration (steps are immutable values; moves are listed in every turn)."""
    neighbours = get_board(board).neighbours
    return {
        d: {
            kind: tuple(Step(d, t, kind) for t in neighbours[d] if t in districts)
            for kind in _LAYERS
        }
        for d in districts
    }


def _other_counts(state: ParisState, seat: int, district: int) -> set[int]:
    """The non-zero counts of the other gangs in ``district``."""
    return {n for other, n in enumerate(state.district_counts(district)) if other != seat and n}


def _pile(state: ParisState, district: int) -> list[int]:
    """The stashes left in ``district``'s pile, lowest id (slot) first."""
    return bits(state.piles & DISTRICT_MASK[district])


def _uniform(actions: Sequence[Action]) -> list[tuple[Action, float]]:
    p = 1 / len(actions)
    return [(a, p) for a in actions]


# --- the rules' checks (None: allowed; else (rule, reason)) ---------------------------------

_NO_TIE: Final = say("ruling D5 (no tie)")
_PROHIBITED: Final = say("ruling D5 (prohibited districts)")
_MOVING: Final = say("ruling D5 (moving)")
_ADJACENT: Final = say("ruling D5 (adjacent districts)")
_OWN_APACHES: Final = say("ruling D5 (moving your own Apaches)")
_A_TURN: Final = say("ruling D5 (a turn)")
_OBLIGATORY: Final = say("ruling D5 (the obligatory action)")
_DRAFT: Final = say("the stash draft")


def tie_problem(
    state: ParisState, seat: int, district: int, count: int, after: Literal["placement", "move"]
) -> Problem:
    """D5: ``seat`` having ``count`` Apaches in ``district`` (``after`` a placement or a
    move) must not equal another gang's non-zero count there."""
    if not count:
        return None
    for other, n in enumerate(state.district_counts(district)):
        if other != seat and n == count:
            return _NO_TIE, _tie_words(state, (seat, other), district, count, after)
    return None


def _tie_words(
    state: ParisState,
    seats: tuple[int, int],
    district: int,
    count: int,
    after: Literal["placement", "move"],
) -> Words:
    """``"after this move purple would have 2 Apaches in district 5 (yellow) where yellow
    has 2"``: the gang of ``seats[0]`` tied with ``seats[1]``'s."""
    gang, other = (gang_words(state.colours[seat]) for seat in seats)
    where = district_words(district)
    if after == "placement":
        return say(
            "after this placement {gang} would have {count} Apaches in {district} where "
            "{other} has {count}",
            gang=gang,
            count=count,
            district=where,
            other=other,
        )
    return say(
        "after this move {gang} would have {count} Apaches in {district} where {other} has {count}",
        gang=gang,
        count=count,
        district=where,
        other=other,
    )


def placement_problem(state: ParisState, seat: int, place: Place) -> Problem:
    """Ruling D5 (a): from the reserve, into one district in play, no tie, no follower alone."""
    d = place.district
    if d not in state.districts:
        return _PROHIBITED, say(
            "district {district} is not in configuration {configuration}",
            district=d,
            configuration=configuration_name(state.districts),
        )
    problem = placement_refusal(
        state.colours[seat],
        (place.leaders, place.novices, place.recruits),
        state.reserve[seat * 3 : seat * 3 + 3],
        state.leaders[seat * STRIDE + d],
        d,
    )
    if problem is not None:
        return problem
    return tie_problem(state, seat, d, state.apaches(seat, d) + place.total, "placement")


def move_problem(state: ParisState, seat: int, steps: Sequence[Step]) -> Problem:
    """Ruling D5 (b): 1 or 2 of the player's Apaches, each from where it stands to an
    adjacent district in play; afterwards no tie and no follower without a leader in any
    district touched."""
    if not 1 <= len(steps) <= 2:
        return _MOVING, say("move 1 or 2 Apaches")
    for step in steps:
        problem = _step_problem(state, step)
        if problem is not None:
            return problem
    problem = _departure_problem(state, seat, steps)
    if problem is not None:
        return problem
    after = _after_move(state, seat, steps)
    for d, (leaders, followers) in after.items():
        if followers and not leaders:
            return FOLLOWERS_RULE, say(
                "after this move {gang} would have no leader in {district}",
                gang=gang_words(state.colours[seat]),
                district=district_words(d),
            )
    for d, (leaders, followers) in after.items():
        problem = tie_problem(state, seat, d, leaders + followers, "move")
        if problem is not None:
            return problem
    return None


def _step_problem(state: ParisState, step: Step) -> Problem:
    a, b = step.source, step.target
    districts = state.districts
    if a not in districts or b not in districts:
        return _PROHIBITED, say(
            "{step} leaves configuration {configuration}",
            step=step_text_words(step),
            configuration=configuration_name(districts),
        )
    board = get_board(state.board)
    if b not in board.neighbours[a]:
        return _ADJACENT, say(
            "district {target} is not adjacent to district {source} on board {board}",
            target=b,
            source=a,
            board=repr(board.name),
        )
    if step.apache not in _LAYERS:
        return _MOVING, say("unknown apache {apache}", apache=repr(step.apache))
    return None


def _departure_problem(state: ParisState, seat: int, steps: Sequence[Step]) -> Problem:
    """Each Apache moves once, from where it stands before the move."""
    twice = len(steps) == 2 and steps[0].source == steps[1].source
    leaving = 1 + (twice and steps[0].apache == steps[1].apache)
    for step in steps:
        have = getattr(state, _LAYERS[step.apache])[seat * STRIDE + step.source]
        if leaving > have:
            gang = gang_words(state.colours[seat])
            return _OWN_APACHES, _before_move_words(step, gang, have, leaving)
    return None


def _before_move_words(step: Step, gang: str, have: int, leaving: int) -> Words:
    """``"purple has 1 leader(s) in district 4 (blue) before the move, not 2"``, a message
    per kind of Apache."""
    where = district_words(step.source)
    if step.apache == LEADER:
        return say(
            "{gang} has {have} leader(s) in {district} before the move, not {leaving}",
            gang=gang,
            have=have,
            district=where,
            leaving=leaving,
        )
    if step.apache == NOVICE:
        return say(
            "{gang} has {have} novice(s) in {district} before the move, not {leaving}",
            gang=gang,
            have=have,
            district=where,
            leaving=leaving,
        )
    return say(
        "{gang} has {have} recruit(s) in {district} before the move, not {leaving}",
        gang=gang,
        have=have,
        district=where,
        leaving=leaving,
    )


def _after_move(state: ParisState, seat: int, steps: Sequence[Step]) -> dict[int, list[int]]:
    """``seat``'s leaders and followers after ``steps`` in each district they touch (in
    the order the steps touch them)."""
    after: dict[int, list[int]] = {}
    for d in (d for step in steps for d in (step.source, step.target)):
        i = seat * STRIDE + d
        after[d] = [state.leaders[i], state.novices[i] + state.recruits[i]]
    for step in steps:
        k = 0 if step.apache == LEADER else 1
        after[step.source][k] -= 1
        after[step.target][k] += 1
    return after


def bail_problem(state: ParisState, seat: int) -> Problem:
    """Ruling D8: a prisoner serving this round, 150 F, and a turn still to come."""
    return bail_refusal(
        state.colours[seat], state.prison[seat], state.money[seat], last_turn=state.turn >= TURNS
    )


# --- the checked door ------------------------------------------------------------------------


def _raise(problem: Problem, action: Action) -> None:
    if problem is not None:
        raise illegal(problem[0], action_words(action), problem[1])


_ACTION_PHASES: Final[dict[type, frozenset[str]]] = {
    First: frozenset({FIRST}),
    SetAside: frozenset({ASIDE}),
    Take: frozenset({DRAFT}),
    Draw: frozenset({DRAW}),
    Place: frozenset({TURN}),
    Move: frozenset({TURN}),
    Stash: frozenset(PLAYER_TURN),
    Bourgeois: frozenset({BOURGEOIS}),
}
"""The phases in which each kind of action is awaited."""


def _check_moment(state: ParisState, action: Action) -> None:
    """An action of another moment (a placement during the draft, a second optional
    action...) is refused by the rule of the moment, naming what it awaits and from whom."""
    if state.phase not in _ACTION_PHASES[type(action)]:
        rule, said = awaited(state)
        raise illegal(rule, action_words(action), said)


def awaited(state: ParisState) -> tuple[Words, Words]:
    """The rule of the moment and what it awaits, from whom, in words (for a refusal)."""
    phase, colours = state.phase, state.colours
    if phase in PLAYER_TURN:
        who = colours[state.order[state.step]]
        said = turn_words(who, state.turn, state.round, acted=phase == STASH)
        return (_OBLIGATORY if phase == STASH else _A_TURN), said
    if phase == DRAFT:
        who = gang_words(colours[drafter(state)])
        return _DRAFT, say("{gang} must first take a stash from a district's pile", gang=who)
    return _CHANCE_MOMENTS.get(phase, _GAME_OVER)


_CHANCE_MOMENTS: Final = {
    FIRST: (
        say("the setup (the first player is drawn)"),
        say("round 1's first player is being drawn"),
    ),
    ASIDE: (
        say("ruling D3 (stashes set aside)"),
        say("a stash per district is being set aside"),
    ),
    DRAW: (_DRAFT, say("the stash taken is being drawn from its pile")),
    BOURGEOIS: (say("ruling D7 (district 8)"), say("the bourgeois counter is being drawn")),
}
"""What the game awaits while chance acts (the companion, not a player)."""
_GAME_OVER: Final = (say("ruling D10 (the end of the game)"), say("the game is over"))


def _check_chance(state: ParisState, action: Action) -> None:
    if action not in dict(chance_outcomes(state)):
        rule, _ = awaited(state)
        raise illegal(rule, action_words(action), say("not a possible outcome now"))


def _check_take(state: ParisState, action: Take) -> None:
    if action not in takes(state):
        raise illegal(
            _DRAFT,
            action_words(action),
            say("district {district} has no stash left to take", district=action.district),
        )


def _check_optional(state: ParisState, action: Place | Move) -> None:
    seat = state.order[state.step]
    if isinstance(action, Place):
        _raise(placement_problem(state, seat, action), action)
    else:
        _raise(move_problem(state, seat, action.steps), action)


def _check_stash(state: ParisState, action: Stash) -> None:
    seat = state.order[state.step]
    held = state.hand(seat)
    if (action.district, action.slot) not in held:
        raise illegal(
            _OBLIGATORY,
            action_words(action),
            say(
                "{gang} holds no stash {district}.{slot}; they hold {held}",
                gang=gang_words(state.colours[seat]),
                district=action.district,
                slot=action.slot,
                held=", ".join(f"{a}.{b}" for a, b in held),
            ),
        )
    if action.bail:
        _raise(bail_problem(state, seat), action)


# --- the steps (the unchecked door) ---------------------------------------------------------

_LAYERS: Final = {LEADER: "leaders", NOVICE: "novices", RECRUIT: "recruits"}
"""The state's board tuple of each kind of Apache."""


def _first(state: ParisState, action: First) -> ParisState:
    return state._replace(first=action.seat, phase=ASIDE)


def _set_aside(state: ParisState, action: SetAside) -> ParisState:
    """Ruling D3: one stash per district, district by district; then the draft."""
    bit = stash_bit(action.district, action.slot)
    state = state._replace(aside=state.aside | bit, piles=state.piles & ~bit)
    if next_aside(state):
        return state
    return state._replace(phase=DRAFT, step=0)


def _take(state: ParisState, action: Take) -> ParisState:
    return state._replace(phase=DRAW, taken=action.district)


def _draw(state: ParisState, action: Draw) -> ParisState:
    """The stash drawn goes to the drafter's hand; after the last pick the first turn
    begins, clockwise from the first player."""
    bit = stash_bit(action.district, action.slot)
    seat = drafter(state)
    hands = with_item(state.hands, seat, state.hands[seat] | bit)
    piles, picks = state.piles & ~bit, state.step + 1
    if picks < TURNS * state.players:
        return state._replace(phase=DRAFT, step=picks, hands=hands, piles=piles, taken=0)
    return state._replace(
        phase=TURN,
        step=0,
        turn=1,
        order=clockwise(state.first, state.players),
        hands=hands,
        piles=piles,
        taken=0,
    )


def _place(state: ParisState, action: Place) -> ParisState:
    """Ruling D5 (a): the Apaches leave the reserve for the district."""
    seat = state.order[state.step]
    i, r = seat * STRIDE + action.district, seat * 3
    reserve = state.reserve
    return state._replace(
        phase=STASH,
        leaders=with_change(state.leaders, i, action.leaders),
        novices=with_change(state.novices, i, action.novices),
        recruits=with_change(state.recruits, i, action.recruits),
        counts=with_change(state.counts, i, action.total),
        reserve=(
            *reserve[:r],
            reserve[r + RL] - action.leaders,
            reserve[r + RN] - action.novices,
            reserve[r + RR] - action.recruits,
            *reserve[r + 3 :],
        ),
    )


def _move(state: ParisState, action: Move) -> ParisState:
    """Ruling D5 (b): each Apache of the move goes from its district to the next."""
    base = state.order[state.step] * STRIDE
    layers = {kind: list(getattr(state, name)) for kind, name in _LAYERS.items()}
    counts = list(state.counts)
    for step in action.steps:
        layers[step.apache][base + step.source] -= 1
        layers[step.apache][base + step.target] += 1
        counts[base + step.source] -= 1
        counts[base + step.target] += 1
    return state._replace(
        phase=STASH,
        leaders=tuple(layers[LEADER]),
        novices=tuple(layers[NOVICE]),
        recruits=tuple(layers[RECRUIT]),
        counts=tuple(counts),
    )


def _stash(state: ParisState, action: Stash) -> ParisState:
    """Ruling D5: the stash goes from the hand to its slot; with bail (D8) a prisoner is
    freed; then the next player's turn."""
    seat = state.order[state.step]
    bit = stash_bit(action.district, action.slot)
    placed: dict[str, Any] = {
        "hands": with_item(state.hands, seat, state.hands[seat] & ~bit),
        "covered": state.covered | bit,
    }
    if action.bail:
        placed |= _bail(state, seat)
    return _next_player(state, placed)


def _bail(state: ParisState, seat: int) -> dict[str, Any]:
    """Ruling D8, the fields it changes: 150 F to the bank; the prisoner rejoins the reserve
    at once (usable from the player's next turn)."""
    return {
        "money": with_change(state.money, seat, -BAIL),
        "ledger": (*state.ledger, (state.round, seat, -BAIL, "bail")),
        "prison": with_change(state.prison, seat, -1),
        "reserve": with_change(state.reserve, seat * 3 + RL, 1),
    }


def _next_player(state: ParisState, placed: dict[str, Any]) -> ParisState:
    """``state`` with the changes ``placed`` (the stash, the bail), then the next player of
    the turn's order; after the last one, the next turn (the 6th in ruling D6's order);
    after the 6th, the round end."""
    step, turn = state.step + 1, state.turn + 1
    if step < state.players:
        return state._replace(phase=TURN, step=step, **placed)
    if turn < TURNS:
        return state._replace(phase=TURN, step=0, turn=turn, **placed)
    state = state._replace(**placed)
    if turn == TURNS:
        reserves = [state.in_reserve(seat) for seat in range(state.players)]
        order = turn_order(turn, state.first, reserves)
        return state._replace(phase=TURN, step=0, turn=turn, order=order)
    return _round_end(state)


def _round_end(state: ParisState) -> ParisState:
    """After the last stash: the bourgeois draw first if district 8 has a holder and a
    counter is left (chance), else the settlement at once."""
    has_holder = max(state.district_counts(BOURGEOIS_DISTRICT)) > 0
    left = PLAIN_BOURGEOIS - sum(state.bourgeois) + (state.policeman < 0)
    if BOURGEOIS_DISTRICT in state.districts and has_holder and left:
        return state._replace(phase=BOURGEOIS, step=0)
    return _settle(state, "")


# --- the round end ---------------------------------------------------------------------------


def round_settlement(state: ParisState, drawn: str = "") -> RoundSettlement:
    """Ruling D7 on this state's board: what the settlement would be now (the uncovered
    slot of each district is its set-aside stash's, or, mid-round, none)."""
    board = get_board(state.board)
    outcomes = {}
    for d in stash_districts(state.districts):
        free = bits(state.aside & ~state.covered & DISTRICT_MASK[d])
        outcomes[d] = board.outcome(free[0]) if free else None
    return settle_round(
        colours=state.colours,
        districts=state.districts,
        counts={d: state.district_counts(d) for d in state.districts},
        leaders={d: state.leaders[d::STRIDE] for d in state.districts},
        outcomes=outcomes,
        money=state.money,
        supply=state.supply,
        drawn=drawn,
    )


def _settle(state: ParisState, drawn: str) -> ParisState:
    """Ruling D7 (``drawn``: district 8's bourgeois counter), then the round end (D8, D9),
    then the game end after round 3 (D10)."""
    result = round_settlement(state, drawn)
    players = state.players
    won = [0] * players
    sent = {"hospital": [0] * players, "prison": [0] * players, "cemetery": [0] * players}
    ledger = list(state.ledger)
    bourgeois, policeman = list(state.bourgeois), state.policeman
    for step in result.steps:
        for seat, change in enumerate(step.money):
            if change:
                ledger.append((state.round, seat, change, step.outcome.split()[0]))
        if step.holder >= 0:
            won[step.holder] += step.recruits
            if step.leader:
                sent[step.leader][step.holder] += 1
            if step.drawn == "policeman":
                policeman = step.holder
            elif step.drawn:
                bourgeois[step.holder] += 1
    settled = _return_home(state, result.supply, won, sent)._replace(
        money=result.money,
        ledger=tuple(ledger),
        bourgeois=tuple(bourgeois),
        policeman=policeman,
        settlement=result.steps,
    )
    if state.round == ROUNDS:
        return _game_end(settled)
    return _next_round(settled)


def _return_home(
    state: ParisState, supply: int, won: list[int], sent: dict[str, list[int]]
) -> ParisState:
    """Rulings D8, D9 (:func:`~companion.rules.paris.settlement.round_end`): the board is
    cleared; ``sent`` (this round's wounded, prisoners and dead by seat) leave it for the
    hospital, prison and cemetery; ``won`` are the reinforcements of the settlement, which
    left the supply of ``supply``."""
    players = range(state.players)
    rows = [slice(seat * STRIDE, seat * STRIDE + STRIDE) for seat in players]
    gone = [sent["hospital"][s] + sent["prison"][s] + sent["cemetery"][s] for s in players]
    end = round_end(
        reserve_leaders=state.reserve[RL::3],
        board_leaders=[sum(state.leaders[rows[s]]) - gone[s] for s in players],
        returning=tuple(map(add, state.hospital, state.prison)),
        board_novices=[sum(state.novices[row]) for row in rows],
        board_recruits=[sum(state.recruits[row]) for row in rows],
        unused_recruits=state.reserve[RR::3],
        won=won,
        novices_used=state.novices_used,
        recruits_used=state.recruits_used,
        supply=supply,
    )
    reserve = [(end.leaders[s], state.reserve[s * 3 + RN], end.recruits[s]) for s in players]
    empty_board = (0,) * (state.players * STRIDE)
    return state._replace(
        leaders=empty_board,
        novices=empty_board,
        recruits=empty_board,
        counts=empty_board,
        reserve=tuple(n for gang in reserve for n in gang),
        hospital=tuple(sent["hospital"]),
        prison=tuple(sent["prison"]),
        cemetery=tuple(map(add, state.cemetery, sent["cemetery"])),
        novices_used=end.novices_used,
        supply=end.supply,
        recruits_used=end.recruits_used,
    )


def _next_round(state: ParisState) -> ParisState:
    """The first player passes clockwise; the stashes are regrouped (the rulebook, 8)."""
    return state._replace(
        phase=ASIDE,
        round=state.round + 1,
        first=next_first(state.first, state.players),
        turn=0,
        step=0,
        order=(),
        piles=play_mask(state.districts),
        aside=0,
        covered=0,
    )


def _game_end(state: ParisState) -> ParisState:
    """Ruling D10: bourgeois, the policeman (fine and a leader to prison), operational
    Apaches; every money movement goes to the ledger."""
    leaders = state.reserve[RL::3]
    others = tuple(map(add, state.reserve[RN::3], state.reserve[RR::3]))
    tally = final_tally(
        colours=state.colours,
        money=state.money,
        bourgeois=state.bourgeois,
        policeman=state.policeman,
        leaders=leaders,
        others=others,
    )
    movements = tuple((ROUNDS, seat, change, why) for seat, change, why in tally_movements(tally))
    cop = state.policeman
    jailed = policeman_jailed(cop, leaders)
    return state._replace(
        phase=OVER,
        turn=0,
        step=0,
        order=(),
        piles=0,
        money=tuple(line.total for line in tally),
        ledger=state.ledger + movements,
        reserve=with_change(state.reserve, cop * 3 + RL, -1) if jailed else state.reserve,
        prison=with_change(state.prison, cop, 1) if jailed else state.prison,
    )


def _tally_of(state: ParisState) -> tuple[TallyLine, ...]:
    """The final tally rebuilt from the ledger of a finished game."""
    before = ledger_money(
        state.players, tuple(e for e in state.ledger if e[3] not in TALLY_REASONS)
    )
    paid = [0] * state.players
    for _, seat, change, reason in state.ledger:
        if reason == "policeman":
            paid[seat] -= change
    lines = []
    for seat, colour in enumerate(state.colours):
        operational = state.in_reserve(seat)
        lines.append(
            TallyLine(
                seat,
                colour,
                before[seat],
                state.bourgeois[seat],
                BOURGEOIS_VALUE * state.bourgeois[seat],
                seat == state.policeman,
                paid[seat],
                operational,
                OPERATIONAL_VALUE * operational,
                state.money[seat],
            )
        )
    return tuple(lines)


# --- helpers: JSON and views -----------------------------------------------------------------


def _state_to_json(state: ParisState) -> dict[str, JSON]:
    data: dict[str, JSON] = dict(zip(ParisState._fields, state, strict=True))
    data["settlement"] = [step.to_json() for step in state.settlement]
    data["ledger"] = [list(entry) for entry in state.ledger]
    return data


def _state_from_json(data: Any) -> ParisState:
    if not isinstance(data, dict) or set(data) != set(ParisState._fields):
        raise ValueError(f"a paris state has the fields {ParisState._fields}")
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    values: dict[str, Any] = {}
    for name in ParisState._fields:
        value = data[name]
        if name == "settlement":
            values[name] = tuple(SettlementStep.from_json(s) for s in value)
        elif name == "ledger":
            values[name] = tuple(
                (int_value(r), int_value(s), int_value(c), str(w)) for r, s, c, w in value
            )
        elif name == "colours":
            values[name] = tuple(str(c) for c in value)
        elif name in ("board", "phase"):
            values[name] = str(value)
        elif isinstance(value, list):
            values[name] = tuple(int_value(v) for v in value)
        else:
            values[name] = int_value(value)
    return ParisState(**values)


def _view(engine: Paris, state: ParisState, seat: int) -> JSON:
    data = _state_to_json(state)
    over = state.phase == OVER
    data["hands"] = [
        [list(p) for p in state.hand(s)] if s == seat else [d for d, _ in state.hand(s)]
        for s in range(state.players)
    ]
    data["aside"] = [STASH_DISTRICT[s] for s in bits(state.aside)]
    data["piles"] = {
        str(d): (state.piles & DISTRICT_MASK[d]).bit_count()
        for d in state.districts
        if SLOT_COUNTS[d]
    }
    data["covered"] = [[STASH_DISTRICT[s], STASH_SLOT[s]] for s in bits(state.covered)]
    counters = [b + (state.policeman == s) for s, b in enumerate(state.bourgeois)]
    data["bourgeois"] = counters
    data["policeman"] = state.policeman if over or state.policeman == seat else None
    if not over:
        data["settlement"] = [
            {
                **step.to_json(),
                "drawn": step.drawn if step.holder == seat else "secret" if step.drawn else "",
            }
            for step in state.settlement
        ]
    data["seat"] = seat
    data["scores"] = list(engine.scores(state))
    data["tally"] = [line.to_json() for line in engine.tally(state)]
    return data
