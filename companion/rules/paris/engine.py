"""The Paris engine: the game, the rules' checks, the steps, the round end.

Module order follows OpenSpiel: game metadata, the game, helpers. The constants and the
state are in ``state.py``, the invariants in ``invariants.py``.
The rules decisions are listed in the package docstring (``companion.rules.paris``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations_with_replacement
from operator import add
from typing import Any, Final

from companion.rules.base import (
    CHANCE,
    JSON,
    Engine,
    Outcome,
    SetupError,
    illegal,
    sample_chance,
)
from companion.rules.paris.actions import (
    APACHE_KINDS,
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
)
from companion.rules.paris.actions import action_from_json as _action_from_json
from companion.rules.paris.actions import action_to_json as _action_to_json
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    DEFAULT_BOARD,
    DISTRICT_MASK,
    DISTRICT_NAMES,
    FIRST_STASH,
    NUM_STASHES,
    SLOT_COUNTS,
    STASH_DISTRICT,
    STASH_SLOT,
    Board,
    configuration_name,
    get_board,
    parse_configuration,
)
from companion.rules.paris.invariants import CHECKER
from companion.rules.paris.settlement import (
    BAIL,
    BOURGEOIS_VALUE,
    OPERATIONAL_VALUE,
    RoundSettlement,
    SettlementStep,
    TallyLine,
    final_tally,
    last_turn_order,
    settle_round,
    tally_winners,
)
from companion.rules.paris.state import (
    ASIDE,
    BOURGEOIS,
    DEFAULT_PLAYERS,
    DRAFT,
    DRAW,
    FIELD,
    FIRST,
    GANGS,
    LEADERS,
    NOVICES,
    OVER,
    PHASES,
    PLAIN_BOURGEOIS,
    PLAYER_TURN,
    PLAYERS,
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
    play_mask,
    stash_districts,
    stash_ids,
)

# --- game metadata ---------------------------------------------------------------------------

NAME: Final = "paris"
RULES_VERSION: Final = "1"


# --- the game --------------------------------------------------------------------------------


class Paris(Engine[ParisState, Action]):
    """Les Apaches de Paris with rulings D1-D10, FULL mode: virtual stashes and board.

    Two doors (python-chess style): :meth:`apply` checks the action and raises
    ``IllegalAction`` naming the rule; :meth:`apply_unchecked` trusts its caller (bots,
    simulation) and skips the checks.
    """

    name = NAME
    rules_version = RULES_VERSION

    def __init__(self) -> None:
        self._legal_cache: dict[ParisState, tuple[Action, ...]] = {}

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        if not isinstance(setup, Mapping):
            raise SetupError(f"a paris setup is a mapping such as {{'players': 4}}: {setup!r}")
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise SetupError(f"unknown paris setup option(s) {unknown}; known: {SETUP_KEYS}")
        players = _setup_players(setup)
        colours = _setup_colours(setup, players)
        districts = parse_configuration(setup.get("districts"), players)
        board = setup.get("board", DEFAULT_BOARD)
        if not isinstance(board, str):
            raise SetupError(f"setup 'board' must be a board name such as 'reference': {board!r}")
        get_board(board)
        return {
            "players": players,
            "colours": list(colours),
            "districts": list(districts),
            "board": board,
        }

    def initial_state(self, setup: dict[str, JSON], seed: int) -> ParisState:
        colours, districts, board = setup["colours"], setup["districts"], setup["board"]
        assert isinstance(colours, list) and isinstance(districts, list)
        players = len(colours)
        zeros = (0,) * players
        in_play = tuple(int(str(d)) for d in districts)
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
            leaders=(0,) * (players * STRIDE),
            novices=(0,) * (players * STRIDE),
            recruits=(0,) * (players * STRIDE),
            counts=(0,) * (players * STRIDE),
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
        return len(state.colours)

    def actor(self, state: ParisState) -> int | None:
        phase = state.phase
        if phase in PLAYER_TURN:
            return state.order[state.step]
        if phase == DRAFT:
            return (state.first + state.step) % len(state.colours)
        return None if phase == OVER else CHANCE

    def legal_actions(self, state: ParisState) -> Sequence[Action]:
        found = self._legal_cache.get(state)
        if found is None:
            if len(self._legal_cache) > 256:
                self._legal_cache.clear()
            found = self._legal_cache[state] = self._legal(state)
        return found

    def _legal(self, state: ParisState) -> tuple[Action, ...]:
        phase = state.phase
        if phase == OVER:
            return ()
        if phase == DRAFT:
            return tuple(
                Take(d) for d in stash_districts(state.districts) if state.piles & DISTRICT_MASK[d]
            )
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
        """A chance outcome drawn with ``rng``: the fast door for simulation, the same
        distribution as :meth:`chance_outcomes` (uniform over a pile: one draw)."""
        phase = state.phase
        if phase in (DRAW, ASIDE):
            district = state.taken if phase == DRAW else _next_aside(state)
            stash = rng.choice(stash_ids(state.piles & DISTRICT_MASK[district]))
            return (DRAWS if phase == DRAW else ASIDES)[stash]
        return sample_chance(chance_outcomes(state), rng)

    # -- applying actions --

    def apply(self, state: ParisState, action: Action) -> ParisState:
        """The state after ``action``, checked: ``IllegalAction`` names the rule broken."""
        check = _CHECKS.get(type(action))
        if check is None:
            raise illegal("the paris actions", action, "not a paris action")
        if state.phase == OVER:
            raise illegal("ruling D10 (the end of the game)", action, "the game is over")
        check(state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: ParisState, action: Action) -> ParisState:
        """The state after ``action`` WITHOUT checking it (for bots and simulation, which
        only play legal actions); an illegal action gives an undefined state."""
        return STEPS[type(action)](state, action)

    # -- what the screens need --

    def board_of(self, state: ParisState) -> Board:
        return get_board(state.board)

    def tally(self, state: ParisState) -> tuple[TallyLine, ...]:
        """The final tally (ruling D10), each player's breakdown; ``()`` before the end."""
        if state.phase != OVER:
            return ()
        return _tally_of(state)

    def operational(self, state: ParisState, seat: int) -> int:
        """Ruling D10: leaders not in prison, hospital or cemetery, unused novices and
        reinforcements not yet used (outside the turns: all of them are in the reserve)."""
        return state.in_reserve(seat)

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
        winners = tally_winners(tally)
        names = " and ".join(state.colours[w] for w in winners)
        best = tally[winners[0]]
        tied = sum(line.total == best.total for line in tally) > 1
        why = f" (tie on money broken by {best.operational} operational Apaches)" if tied else ""
        if len(winners) > 1:
            reason = f"shared victory (ruling D10): {names} with {best.total} F{why}"
        else:
            reason = f"{names} wins with {best.total} F{why} (ruling D10)"
        return Outcome(scores=self.scores(state), winners=winners, reason=reason)

    def check_invariants(self, state: ParisState) -> None:
        """40 Apaches, 31 stashes, 5 reinforcements and 4 bourgeois counters each in
        exactly one place; money = 500 + the ledger, never below 0 (D1); no tie on the
        board and no novice or reinforcement without a leader (D5); the turn fits."""
        CHECKER.check(state)

    # -- JSON --

    def action_to_json(self, action: Action) -> JSON:
        return _action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return _action_from_json(data)

    def state_to_json(self, state: ParisState) -> JSON:
        return _state_to_json(state)

    def state_from_json(self, data: Any) -> ParisState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            raise ValueError(f"not a paris state: {exc}") from exc


# --- helpers: small tables -------------------------------------------------------------------

DRAWS: Final = tuple(Draw(STASH_DISTRICT[s], STASH_SLOT[s]) for s in range(NUM_STASHES))
"""The draw of each stash id (``random_chance`` and the simulation draw one of these)."""
ASIDES: Final = tuple(SetAside(STASH_DISTRICT[s], STASH_SLOT[s]) for s in range(NUM_STASHES))
STASHES: Final = tuple(
    (Stash(STASH_DISTRICT[s], STASH_SLOT[s]), Stash(STASH_DISTRICT[s], STASH_SLOT[s], True))
    for s in range(NUM_STASHES)
)
"""The obligatory action of each stash id, without and with bail (the bots play these)."""


def _stash_id(district: int, slot: int) -> int:
    return FIRST_STASH[district] + slot - 1


def _pile(piles: int, district: int) -> list[tuple[int, int]]:
    return [(district, STASH_SLOT[s]) for s in bits(piles & DISTRICT_MASK[district])]


def _uniform(actions: list[Any]) -> list[tuple[Action, float]]:
    p = 1 / len(actions)
    return [(a, p) for a in actions]


def _next_aside(state: ParisState) -> int:
    """The next district in play that has no stash set aside yet (number order)."""
    return _next_aside_district(state.districts, state.aside)


def _next_aside_district(districts: tuple[int, ...], aside: int) -> int:
    for d in districts:
        if SLOT_COUNTS[d] and not aside & DISTRICT_MASK[d]:
            return d
    return 0


def _with(values: tuple[int, ...], index: int, change: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + change, *values[index + 1 :])


# --- chance and legal actions ---------------------------------------------------------------


def chance_outcomes(state: ParisState) -> list[tuple[Action, float]]:
    """The chance outcomes of ``state`` (empty when the actor is not chance)."""
    phase = state.phase
    if phase == ASIDE:
        district = _next_aside(state)
        return _uniform([SetAside(d, s) for d, s in _pile(state.piles, district)])
    if phase == DRAW:
        return _uniform([Draw(d, s) for d, s in _pile(state.piles, state.taken)])
    if phase == FIRST:
        return _uniform([First(seat) for seat in range(len(state.colours))])
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


def stash_actions(state: ParisState) -> tuple[Stash, ...]:
    """The obligatory action's choices: each stash in hand, with bail where allowed (D8)."""
    seat = state.order[state.step]
    bail = bail_problem(state, seat) is None
    found: list[Stash] = []
    for s in bits(state.hands[seat]):
        found.append(Stash(STASH_DISTRICT[s], STASH_SLOT[s]))
        if bail:
            found.append(Stash(STASH_DISTRICT[s], STASH_SLOT[s], True))
    return tuple(found)


def placements(state: ParisState) -> list[Place]:
    """Every legal optional action (a) of the player whose turn it is (ruling D5)."""
    seat = state.order[state.step]
    base = seat * 3
    have_l, have_n, have_r = state.reserve[base : base + 3]
    found = []
    for d in state.districts:
        i = seat * STRIDE + d
        here = state.leaders[i]
        others = _other_counts(state, seat, d)
        mine = here + state.novices[i] + state.recruits[i]
        for lead in range(have_l + 1):
            for nov in range(have_n + 1):
                for rec in range(have_r + 1):
                    total = lead + nov + rec
                    if not total or (nov + rec and not here + lead):
                        continue
                    if mine + total not in others:
                        found.append(Place(d, lead, nov, rec))
    return found


def moves(state: ParisState) -> list[Move]:
    """Every legal optional action (b): 1 or 2 Apaches to adjacent districts (D5)."""
    seat = state.order[state.step]
    singles = _single_steps(state, seat)
    found = [Move((s,)) for s in singles if move_problem(state, seat, (s,)) is None]
    for a, b in combinations_with_replacement(singles, 2):
        if move_problem(state, seat, (a, b)) is None:
            found.append(Move((a, b)))
    return found


def _single_steps(state: ParisState, seat: int) -> list[Step]:
    board = get_board(state.board)
    in_play = state.districts
    steps = []
    for d in in_play:
        i = seat * STRIDE + d
        present = (state.leaders[i], state.novices[i], state.recruits[i])
        for kind, n in zip(APACHE_KINDS, present, strict=True):
            if n:
                steps += [Step(d, t, kind) for t in board.neighbours[d] if t in in_play]
    return steps


def _other_counts(state: ParisState, seat: int, district: int) -> set[int]:
    """The non-zero counts of the other gangs in ``district``."""
    found = set()
    for other in range(len(state.colours)):
        if other != seat:
            n = state.apaches(other, district)
            if n:
                found.add(n)
    return found


# --- the rules' checks (None: allowed; else (rule, reason)) ---------------------------------

Problem = tuple[str, str] | None

_NO_TIE: Final = "ruling D5 (no tie)"
_NOVICES: Final = "ruling D5 (novices and reinforcements never without a leader)"


def _district_words(district: int) -> str:
    return f"district {district} ({DISTRICT_NAMES[district]})"


def tie_problem(state: ParisState, seat: int, district: int, count: int, verb: str) -> Problem:
    """D5: ``seat`` having ``count`` Apaches in ``district`` must not equal another gang's
    non-zero count there."""
    if not count:
        return None
    column = state.counts[district::STRIDE]
    if count not in column:  # the usual answer, C-level
        return None
    for other, n in enumerate(column):
        if other != seat and n == count:
            return _NO_TIE, (
                f"{verb} {state.colours[seat]} would have {count} Apaches in "
                f"{_district_words(district)} where {state.colours[other]} has {count}"
            )
    return None


def placement_problem(state: ParisState, seat: int, place: Place) -> Problem:
    """Ruling D5 (a): from the reserve, into one district in play, no tie, no follower alone."""
    d, lead, nov, rec = place.district, place.leaders, place.novices, place.recruits
    if d not in state.districts:
        return "ruling D5 (prohibited districts)", (
            f"district {d} is not in configuration {configuration_name(state.districts)}"
        )
    total = lead + nov + rec
    if lead < 0 or nov < 0 or rec < 0 or not total:
        return "ruling D5 (placing)", "place one or more Apaches, no negative counts"
    base = seat * 3
    have = state.reserve[base : base + 3]
    if lead > have[0] or nov > have[1] or rec > have[2]:
        for kind, n, held in zip(APACHE_KINDS, (lead, nov, rec), have, strict=True):
            if n > held:
                return "ruling D5 (placing from the reserve)", (
                    f"{state.colours[seat]} has {held} {kind}(s) in reserve, not {n}"
                )
    i = seat * STRIDE + d
    if (nov or rec) and not state.leaders[i] + lead:
        return _NOVICES, f"{state.colours[seat]} has no leader in {_district_words(d)}"
    counts = state.counts
    after = counts[i] + total
    if after in counts[d::STRIDE]:  # the usual answer (no tie), C-level
        return tie_problem(state, seat, d, after, "after this placement")
    return None


def move_problem(state: ParisState, seat: int, steps: Sequence[Step]) -> Problem:
    """Ruling D5 (b): 1 or 2 of the player's Apaches, each from where it stands to an
    adjacent district in play; afterwards no tie and no follower without a leader in any
    district touched. (Written for speed: bots and the legal moves call it a lot.)"""
    if not 1 <= len(steps) <= 2:
        return "ruling D5 (moving)", "move 1 or 2 Apaches"
    districts, neighbours = state.districts, get_board(state.board).neighbours
    for step in steps:
        a, b = step.source, step.target
        if (
            a not in districts
            or b not in districts
            or b not in neighbours[a]
            or step.apache not in KIND_INDEX
        ):
            return _step_problem(state, step)
    problem = _departure_problem(state, seat, steps)
    if problem is not None:
        return problem
    base = seat * STRIDE
    delta: dict[int, list[int]] = {}
    for step in steps:
        k = KIND_INDEX[step.apache]
        delta.setdefault(step.source, [0, 0, 0])[k] -= 1
        delta.setdefault(step.target, [0, 0, 0])[k] += 1
    leaders, novices, recruits = state.leaders, state.novices, state.recruits
    for d, (dl, dn, dr) in delta.items():
        i = base + d
        if novices[i] + dn + recruits[i] + dr and not leaders[i] + dl:
            colour = state.colours[seat]
            where = _district_words(d)
            return _NOVICES, f"after this move {colour} would have no leader in {where}"
    counts = state.counts
    for d, (dl, dn, dr) in delta.items():
        after = counts[base + d] + dl + dn + dr
        if after and after in counts[d::STRIDE]:
            problem = tie_problem(state, seat, d, after, "after this move")
            if problem is not None:
                return problem
    return None


def _step_problem(state: ParisState, step: Step) -> Problem:
    a, b = step.source, step.target
    districts = state.districts
    if a not in districts or b not in districts:
        return "ruling D5 (prohibited districts)", (
            f"{step} leaves configuration {configuration_name(districts)}"
        )
    board = get_board(state.board)
    if b not in board.neighbours[a]:
        return "ruling D5 (adjacent districts)", (
            f"district {b} is not adjacent to district {a} on board {board.name!r}"
        )
    if step.apache not in KIND_INDEX:
        return "ruling D5 (moving)", f"unknown apache {step.apache!r}"
    return None


def _departure_problem(state: ParisState, seat: int, steps: Sequence[Step]) -> Problem:
    """Each Apache moves once, from where it stands before the move."""
    twice = len(steps) == 2 and steps[0].source == steps[1].source
    leaving = 1 + (twice and steps[0].apache == steps[1].apache)
    layers, base = (state.leaders, state.novices, state.recruits), seat * STRIDE
    for step in steps:
        have = layers[KIND_INDEX[step.apache]][base + step.source]
        if leaving > have:
            return "ruling D5 (moving your own Apaches)", (
                f"{state.colours[seat]} has {have} {step.apache}(s) in "
                f"{_district_words(step.source)} before the move, not {leaving}"
            )
    return None


def bail_problem(state: ParisState, seat: int) -> Problem:
    """Ruling D8: a prisoner serving this round, 150 F, and a turn still to come."""
    rule = "ruling D8 (bail)"
    colour = state.colours[seat]
    if not state.prison[seat]:
        return rule, f"{colour} has no leader in prison"
    if state.money[seat] < BAIL:
        return rule, f"{colour} has {state.money[seat]} F, the bail is {BAIL} F"
    if state.turn >= TURNS:
        return rule, (
            "this is the round's last turn: the freed leader could not play before the "
            "round ends, and he returns at its end anyway"
        )
    return None


# --- the checked door ------------------------------------------------------------------------


def _raise(problem: Problem, action: Action) -> None:
    if problem is not None:
        raise illegal(problem[0], action, problem[1])


def _check_chance(state: ParisState, action: Action) -> None:
    if state.phase not in (FIRST, ASIDE, DRAW, BOURGEOIS):
        raise illegal("the chance actions", action, f"no chance event now (phase {state.phase!r})")
    if action not in dict(chance_outcomes(state)):
        raise illegal(
            "the chance actions", action, f"not a possible outcome in phase {state.phase!r}"
        )


def _check_take(state: ParisState, action: Action) -> None:
    assert isinstance(action, Take)
    if state.phase != DRAFT:
        raise illegal("the stash draft", action, f"no stash is drafted now (phase {state.phase!r})")
    d = action.district
    if d not in state.districts or not SLOT_COUNTS[d] or not state.piles & DISTRICT_MASK[d]:
        raise illegal(
            "the stash draft", action, f"district {action.district} has no stash left to take"
        )


def _check_optional(state: ParisState, action: Action) -> None:
    if state.phase != TURN:
        why = (
            "one optional action per turn: place your stash now"
            if state.phase == STASH
            else (f"it is not a player's turn (phase {state.phase!r})")
        )
        raise illegal("ruling D5 (the turn)", action, why)
    seat = state.order[state.step]
    if isinstance(action, Place):
        _raise(placement_problem(state, seat, action), action)
    else:
        assert isinstance(action, Move)
        _raise(move_problem(state, seat, action.steps), action)


def _check_stash(state: ParisState, action: Action) -> None:
    assert isinstance(action, Stash)
    if state.phase not in PLAYER_TURN:
        raise illegal("ruling D5 (the obligatory action)", action, f"phase {state.phase!r}")
    seat = state.order[state.step]
    d, slot = action.district, action.slot
    valid = 1 <= d <= 7 and 1 <= slot <= SLOT_COUNTS[d]
    if not valid or not state.hands[seat] >> _stash_id(d, slot) & 1:
        raise illegal(
            "ruling D5 (the obligatory action)",
            action,
            f"{state.colours[seat]} holds no stash {d}.{slot}; they hold "
            + ", ".join(f"{a}.{b}" for a, b in state.hand(seat)),
        )
    if action.bail:
        _raise(bail_problem(state, seat), action)


_CHECKS: Final[dict[type, Callable[[ParisState, Any], None]]] = {
    First: _check_chance,
    SetAside: _check_chance,
    Draw: _check_chance,
    Bourgeois: _check_chance,
    Take: _check_take,
    Place: _check_optional,
    Move: _check_optional,
    Stash: _check_stash,
}


# --- the steps (the fast door) ---------------------------------------------------------------


_new: Final = tuple.__new__
"""Builds a state from a list of its fields: the fast way to copy one with changes."""
_COLOURS, _DISTRICTS = FIELD["colours"], FIELD["districts"]
_PHASE, _ROUND, _FIRST, _TURN = FIELD["phase"], FIELD["round"], FIELD["first"], FIELD["turn"]
_STEP, _ORDER, _TAKEN, _PILES = FIELD["step"], FIELD["order"], FIELD["taken"], FIELD["piles"]
_ASIDE, _HANDS, _COVERED = FIELD["aside"], FIELD["hands"], FIELD["covered"]
_BOARD: Final = (FIELD["leaders"], FIELD["novices"], FIELD["recruits"])
_COUNTS, _RESERVE = FIELD["counts"], FIELD["reserve"]
_HOSPITAL, _PRISON, _CEMETERY = FIELD["hospital"], FIELD["prison"], FIELD["cemetery"]
_NOVICES_USED, _SUPPLY = FIELD["novices_used"], FIELD["supply"]
_RECRUITS_USED, _MONEY, _LEDGER = FIELD["recruits_used"], FIELD["money"], FIELD["ledger"]
_BOURGEOIS, _POLICEMAN = FIELD["bourgeois"], FIELD["policeman"]
_SETTLEMENT = FIELD["settlement"]
KIND_INDEX: Final = {kind: k for k, kind in enumerate(APACHE_KINDS)}


def _copy(state: ParisState, changes: dict[int, Any]) -> ParisState:
    """``state`` with the fields at the indexes of ``changes`` replaced (``_replace``
    without its keyword checks, at a third of the cost)."""
    fields = list(state)
    for index, value in changes.items():
        fields[index] = value
    return _new(ParisState, fields)


def _first(state: ParisState, action: First) -> ParisState:
    return _copy(state, {_FIRST: action.seat, _PHASE: ASIDE})


def _aside(state: ParisState, action: SetAside) -> ParisState:
    bit = 1 << (FIRST_STASH[action.district] + action.slot - 1)
    fields: list[Any] = list(state)
    fields[_ASIDE] = aside = fields[_ASIDE] | bit
    fields[_PILES] &= ~bit
    if not _next_aside_district(fields[_DISTRICTS], aside):
        fields[_PHASE] = DRAFT
        fields[_STEP] = 0
    return _new(ParisState, fields)


def _take(state: ParisState, action: Take) -> ParisState:
    fields = list(state)
    fields[_PHASE] = DRAW
    fields[_TAKEN] = action.district
    return _new(ParisState, fields)


def _draw(state: ParisState, action: Draw) -> ParisState:
    bit = 1 << (FIRST_STASH[action.district] + action.slot - 1)
    fields: list[Any] = list(state)
    players, first, step = len(fields[_COLOURS]), fields[_FIRST], fields[_STEP]
    hands = list(fields[_HANDS])
    hands[(first + step) % players] |= bit
    fields[_HANDS] = tuple(hands)
    fields[_PILES] &= ~bit
    fields[_TAKEN] = 0
    if step + 1 < TURNS * players:
        fields[_PHASE] = DRAFT
        fields[_STEP] = step + 1
    else:  # the draft is over: the first turn, clockwise from the first player
        fields[_PHASE] = TURN
        fields[_STEP] = 0
        fields[_TURN] = 1
        fields[_ORDER] = tuple((first + k) % players for k in range(players))
    return _new(ParisState, fields)


def _place(state: ParisState, action: Place) -> ParisState:
    fields: list[Any] = list(state)
    seat = fields[_ORDER][fields[_STEP]]
    i, base = seat * STRIDE + action.district, seat * 3
    reserve = list(fields[_RESERVE])
    for k, n in enumerate((action.leaders, action.novices, action.recruits)):
        if n:
            reserve[base + k] -= n
            board = list(fields[_BOARD[k]])
            board[i] += n
            fields[_BOARD[k]] = tuple(board)
    counts = list(fields[_COUNTS])
    counts[i] += action.leaders + action.novices + action.recruits
    fields[_RESERVE] = tuple(reserve)
    fields[_COUNTS] = tuple(counts)
    fields[_PHASE] = STASH
    return _new(ParisState, fields)


def _move(state: ParisState, action: Move) -> ParisState:
    fields: list[Any] = list(state)
    base = fields[_ORDER][fields[_STEP]] * STRIDE
    counts = list(fields[_COUNTS])
    layers = [list(fields[index]) for index in _BOARD]
    touched = set()
    for step in action.steps:
        k = KIND_INDEX[step.apache]
        layers[k][base + step.source] -= 1
        layers[k][base + step.target] += 1
        touched.add(k)
        counts[base + step.source] -= 1
        counts[base + step.target] += 1
    for k in touched:
        fields[_BOARD[k]] = tuple(layers[k])
    fields[_COUNTS] = tuple(counts)
    fields[_PHASE] = STASH
    return _new(ParisState, fields)


def _stash(state: ParisState, action: Stash) -> ParisState:
    bit = 1 << (FIRST_STASH[action.district] + action.slot - 1)
    fields: list[Any] = list(state)
    step, turn, players = fields[_STEP], fields[_TURN], len(fields[_COLOURS])
    seat = fields[_ORDER][step]
    hands = list(fields[_HANDS])
    hands[seat] &= ~bit
    fields[_HANDS] = tuple(hands)
    fields[_COVERED] |= bit
    if action.bail:
        _pay_bail(state, seat, fields)
    step += 1
    if step < players:
        fields[_PHASE] = TURN
        fields[_STEP] = step
    elif turn + 1 < TURNS:
        fields[_PHASE] = TURN
        fields[_STEP] = 0
        fields[_TURN] = turn + 1
    elif turn + 1 == TURNS:  # ruling D6: the last turn's order
        reserve = fields[_RESERVE]
        reserves = [sum(reserve[s * 3 : s * 3 + 3]) for s in range(players)]
        fields[_PHASE] = TURN
        fields[_STEP] = 0
        fields[_TURN] = TURNS
        fields[_ORDER] = last_turn_order(fields[_FIRST], reserves)
    else:
        return _round_end(_new(ParisState, fields))
    return _new(ParisState, fields)


def _pay_bail(state: ParisState, seat: int, fields: list[Any]) -> None:
    """Ruling D8: 150 F to the bank; the prisoner rejoins the reserve at once (usable from
    the player's next turn). Written into ``fields``, the state's fields."""
    fields[_MONEY] = _with(state.money, seat, -BAIL)
    fields[_LEDGER] = (*state.ledger, (state.round, seat, -BAIL, "bail"))
    fields[_PRISON] = _with(state.prison, seat, -1)
    fields[_RESERVE] = _with(state.reserve, seat * 3 + RL, 1)


def _round_end(state: ParisState) -> ParisState:
    """After the last stash: the bourgeois draw first if district 8 has a holder (chance),
    else the settlement at once."""
    counts = state.district_counts(BOURGEOIS_DISTRICT)
    has_holder = max(counts) > 0
    left = PLAIN_BOURGEOIS - sum(state.bourgeois) + (state.policeman < 0)
    if BOURGEOIS_DISTRICT in state.districts and has_holder and left:
        return _copy(state, {_PHASE: BOURGEOIS, _STEP: 0})
    return _settle(state, "")


def _bourgeois(state: ParisState, action: Bourgeois) -> ParisState:
    return _settle(state, action.identity)


# --- the round end ---------------------------------------------------------------------------


def round_settlement(state: ParisState, drawn: str = "") -> RoundSettlement:
    """Ruling D7 on this state's board: what the settlement would be now (the uncovered
    slot of each district is its set-aside stash's, or, mid-round, none)."""
    board = get_board(state.board)
    districts, counts, leaders = state.districts, state.counts, state.leaders
    uncovered = state.aside & ~state.covered
    outcomes = {}
    for d in stash_districts(districts):
        free = uncovered & DISTRICT_MASK[d]
        outcomes[d] = board.outcome((free & -free).bit_length() - 1) if free else None
    return settle_round(
        colours=state.colours,
        districts=districts,
        counts={d: counts[d::STRIDE] for d in districts},
        leaders={d: leaders[d::STRIDE] for d in districts},
        outcomes=outcomes,
        money=state.money,
        supply=state.supply,
        drawn=drawn,
    )


def _settle(state: ParisState, drawn: str) -> ParisState:
    """Ruling D7, then the round end (D8, D9), then the game end after round 3 (D10)."""
    result = round_settlement(state, drawn)
    players, rnd = len(state.colours), state.round
    won = [0] * players
    sent = {"hospital": [0] * players, "prison": [0] * players, "cemetery": [0] * players}
    ledger = list(state.ledger)
    bourgeois, policeman = list(state.bourgeois), state.policeman
    for step in result.steps:
        if any(step.money):
            for seat, change in enumerate(step.money):
                if change:
                    ledger.append((rnd, seat, change, step.outcome.split()[0]))
        if step.holder >= 0:
            won[step.holder] += step.recruits
            if step.leader:
                sent[step.leader][step.holder] += 1
            if step.drawn == "policeman":
                policeman = step.holder
            elif step.drawn:
                bourgeois[step.holder] += 1
    fields = list(state)
    fields[_MONEY] = result.money
    fields[_LEDGER] = tuple(ledger)
    fields[_BOURGEOIS] = tuple(bourgeois)
    fields[_POLICEMAN] = policeman
    fields[_SETTLEMENT] = result.steps
    _return_home(state, fields, result.supply, won, sent)
    if rnd == ROUNDS:
        return _game_end(_new(ParisState, fields))
    _next_round(state, fields)
    return _new(ParisState, fields)


def _return_home(
    state: ParisState, fields: list[Any], supply: int, won: list[int], sent: dict[str, list[int]]
) -> None:
    """Rulings D8, D9: leaders on the board and those back from a round in hospital or
    prison return to the reserve; this round's wounded and prisoners miss the next round;
    used novices and reinforcements leave the game; unused reinforcements expire (back to
    the supply); those won this round are available next round. Written into ``fields``,
    the state's fields."""
    players = len(state.colours)
    reserve = list(state.reserve)
    novices_used = list(state.novices_used)
    used = state.recruits_used
    leaders, novices, recruits = state.leaders, state.novices, state.recruits
    hospital, prison, cemetery = sent["hospital"], sent["prison"], sent["cemetery"]
    for seat in range(players):
        row = slice(seat * STRIDE, seat * STRIDE + STRIDE)
        gone = hospital[seat] + prison[seat] + cemetery[seat]
        back = state.hospital[seat] + state.prison[seat]
        reserve[seat * 3 + RL] += sum(leaders[row]) - gone + back
        novices_used[seat] += sum(novices[row])
        used += sum(recruits[row])
        supply += reserve[seat * 3 + RR]  # ruling D9: unused reinforcements expire
        reserve[seat * 3 + RR] = won[seat]
    zeros = (0,) * (players * STRIDE)
    for index in (*_BOARD, _COUNTS):
        fields[index] = zeros
    fields[_RESERVE] = tuple(reserve)
    fields[_HOSPITAL] = tuple(hospital)
    fields[_PRISON] = tuple(prison)
    fields[_CEMETERY] = tuple(map(add, state.cemetery, cemetery))
    fields[_NOVICES_USED] = tuple(novices_used)
    fields[_SUPPLY] = supply
    fields[_RECRUITS_USED] = used


def _next_round(state: ParisState, fields: list[Any]) -> None:
    """The first player passes clockwise; the stashes are regrouped (the rulebook, 8).
    Written into ``fields``, the state's fields."""
    fields[_PHASE] = ASIDE
    fields[_ROUND] = state.round + 1
    fields[_FIRST] = (state.first + 1) % len(state.colours)
    fields[_TURN] = fields[_STEP] = 0
    fields[_ORDER] = ()
    fields[_PILES] = play_mask(state.districts)
    fields[_ASIDE] = fields[_COVERED] = 0


def _game_end(state: ParisState) -> ParisState:
    """Ruling D10: bourgeois, the policeman (fine and a leader to prison), operational
    Apaches; every money movement goes to the ledger."""
    players = len(state.colours)
    leaders = [state.reserve[s * 3 + RL] for s in range(players)]
    others = [state.reserve[s * 3 + RN] + state.reserve[s * 3 + RR] for s in range(players)]
    tally = final_tally(
        colours=state.colours,
        money=state.money,
        bourgeois=state.bourgeois,
        policeman=state.policeman,
        leaders=leaders,
        others=others,
    )
    ledger = list(state.ledger)
    for line in tally:
        for amount, reason in (
            (line.bourgeois_money, "bourgeois"),
            (-line.policeman_paid, "policeman"),
            (line.operational_money, "apaches"),
        ):
            if amount:
                ledger.append((ROUNDS, line.seat, amount, reason))
    cop = state.policeman
    jailed = cop >= 0 and leaders[cop] > 0
    return _copy(
        state,
        {
            _PHASE: OVER,
            _TURN: 0,
            _STEP: 0,
            _ORDER: (),
            _PILES: 0,
            _MONEY: tuple(line.total for line in tally),
            _LEDGER: tuple(ledger),
            _RESERVE: _with(state.reserve, cop * 3 + RL, -1) if jailed else state.reserve,
            _PRISON: _with(state.prison, cop, 1) if jailed else state.prison,
        },
    )


def _tally_of(state: ParisState) -> tuple[TallyLine, ...]:
    """The final tally rebuilt from the ledger of a finished game."""
    players = len(state.colours)
    before = [START_MONEY] * players
    paid = [0] * players
    for _, seat, change, reason in state.ledger:
        if reason == "policeman":
            paid[seat] -= change
        elif reason not in ("bourgeois", "apaches"):
            before[seat] += change
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


STEPS: Final[dict[type, Callable[[ParisState, Any], ParisState]]] = {
    First: _first,
    SetAside: _aside,
    Take: _take,
    Draw: _draw,
    Place: _place,
    Move: _move,
    Stash: _stash,
    Bourgeois: _bourgeois,
}
"""``apply_unchecked`` by action class: the simulation calls these steps directly (the
exact action classes; bots only play legal actions)."""


# --- helpers: setup, JSON and views ----------------------------------------------------------


def _setup_players(setup: Mapping[str, Any]) -> int:
    colours = setup.get("colours")
    default = len(colours) if isinstance(colours, list | tuple) else DEFAULT_PLAYERS
    players = setup.get("players", default)
    low, high = PLAYERS
    if type(players) is not int or not low <= players <= high:
        raise SetupError(f"setup 'players' must be {low} to {high} (ruling D1), got {players!r}")
    return players


def _setup_colours(setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
    colours = setup.get("colours", GANGS[:players])
    if not isinstance(colours, list | tuple) or any(c not in GANGS for c in colours):
        raise SetupError(f"setup 'colours' must be gangs from {', '.join(GANGS)}: {colours!r}")
    if len(set(colours)) != len(colours) or len(colours) != players:
        raise SetupError(
            f"setup 'colours' {list(colours)} must name {players} different gangs, one per player"
        )
    return tuple(colours)


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
            values[name] = tuple((_int(r), _int(s), _int(c), str(w)) for r, s, c, w in value)
        elif name == "colours":
            values[name] = tuple(str(c) for c in value)
        elif name in ("board", "phase"):
            values[name] = str(value)
        elif isinstance(value, list):
            values[name] = tuple(_int(v) for v in value)
        else:
            values[name] = _int(value)
    return ParisState(**values)


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _view(engine: Paris, state: ParisState, seat: int) -> JSON:
    data = _state_to_json(state)
    over = state.phase == OVER
    data["hands"] = [
        [list(p) for p in state.hand(s)] if s == seat else [d for d, _ in state.hand(s)]
        for s in range(len(state.colours))
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
