"""The Paris engines' words a person reads on a screen (issue 19): random games through both
modes collect every refusal (``IllegalAction.args[0]``), every settlement step's words, the
entries' and the phase's words and the outcome. Each is :class:`Words` that says its English
again through a catalog, and through a catalog that upper-cases every template no lower-case
word is left: no piece of it (a gang, a district, an outcome, a list) stayed a plain str."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from companion.errors import IllegalAction
from companion.rules.base import CHANCE
from companion.rules.paris import (
    DRAFT,
    OVER,
    PARIS,
    STASH,
    TURN,
    Action,
    Bourgeois,
    Draw,
    First,
    Move,
    ParisState,
    Place,
    SetAside,
    Stash,
    Step,
    Take,
    TallyLine,
    get_board,
    outcome_words,
)
from companion.rules.paris.actions import apaches_words
from companion.rules.paris.board import DISTRICT_NAMES, DISTRICTS, district_words
from companion.rules.paris.engine import single_steps
from companion.rules.paris.state import GANGS
from companion.rules.paris.tracker import (
    TRACKER,
    Entry,
    TrackerState,
    entry_words,
    on_board,
    phase_words,
    tracker_step_words,
)
from companion.rules.paris.wording import GANG_WORDS
from companion.words import Words
from tests.test_words import Shouting, assert_shown_in_the_language

S = TypeVar("S")
A = TypeVar("A")

DATA_WORDS = frozenset({"reference"})
"""Lower-case words that are data, not English: the board's file name (``on board
'reference'``)."""

FULL_RULES = {
    "ruling D5 (a turn)",
    "ruling D5 (the obligatory action)",
    "ruling D5 (placing)",
    "ruling D5 (placing from the reserve)",
    "ruling D5 (prohibited districts)",
    "ruling D5 (novices and reinforcements never without a leader)",
    "ruling D5 (no tie)",
    "ruling D5 (moving)",
    "ruling D5 (adjacent districts)",
    "ruling D5 (moving your own Apaches)",
    "ruling D8 (bail)",
    "the stash draft",
    "the setup (the first player is drawn)",
    "ruling D3 (stashes set aside)",
    "ruling D10 (the end of the game)",
}
"""The rules the FULL games' refusals below must reach (so that the test sees them all)."""

TRACKER_RULES = {
    "ruling D5 (a turn)",
    "ruling D5 (the obligatory action)",
    "ruling D5 (optional actions)",
    "ruling D5 (placing)",
    "ruling D5 (placing from the reserve)",
    "ruling D5 (novices and reinforcements never without a leader)",
    "ruling D7 (settlement)",
    "ruling D8 (bail)",
    "ruling D10 (game end)",
    "ruling D10 (the policeman)",
}


def leftovers(said: Words) -> list[str]:
    """The words of ``said`` shown through the upper-casing catalog that are still lower
    case (English that was a plain str), but for the data words."""
    shouted = said.shown(Shouting())
    return [w for w in re.findall(r"[a-z]+", shouted) if w not in DATA_WORDS]


def refusal(apply: Callable[[S, A], S], state: S, action: A) -> str | None:
    """The refusal of ``action`` in ``state``; None when it is legal."""
    try:
        apply(state, action)
    except IllegalAction as exc:
        said: str = exc.args[0]
        return said
    return None


def rule_of(said: str) -> str:
    """A refusal's rule, in English."""
    assert isinstance(said, Words)
    return str(said.values["rule"])


def template_of(said: str, value: str) -> str:
    """The template of a refusal's ``value`` (``"rule"``, ``"reason"``)."""
    assert isinstance(said, Words)
    part = said.values[value]
    assert isinstance(part, Words), f"a plain str: {part!r}"
    return part.template


# --- the FULL game ---------------------------------------------------------------------------


def full_states(players: int, seed: int) -> Iterator[ParisState]:
    """Every state of a random game: the optional action two times in three."""
    state, rng = PARIS.new({"players": players}, seed), random.Random(seed)
    while (actor := PARIS.actor(state)) is not None:
        yield state
        if actor == CHANCE:
            action = PARIS.random_chance(state, rng)
        else:
            legal = list(PARIS.legal_actions(state))
            stashes = [a for a in legal if isinstance(a, Stash)]
            skip = state.phase == TURN and rng.random() < 1 / 3
            action = rng.choice(stashes if skip else legal)
        state = PARIS.apply_unchecked(state, action)
    yield state


def full_candidates(state: ParisState) -> list[Action]:
    """Actions each rule may refuse in ``state`` (some may be legal)."""
    found: list[Action] = [First(9), SetAside(1, 9), Draw(5, 9), Bourgeois("policeman")]
    found += [Take(99), Take(state.districts[0])]
    if state.phase not in (TURN, STASH):
        return [*found, Place(state.districts[0], 1), Stash(5, 1)]
    seat = state.order[state.step]
    prohibited = [d for d in DISTRICTS if d not in state.districts]
    hand = state.hand(seat)
    others = [(d, k) for s in range(state.players) if s != seat for d, k in state.hand(s)]
    found += [Stash(*others[0])] if others else []
    found += [Stash(*hand[0], True)] if hand else []
    found += [Place(d, 1, 1) for d in prohibited[:1]]
    found += [Place(state.districts[0], 99), Place(state.districts[0], 0)]
    for d in state.districts:
        mine = state.apaches(seat, d)
        found.append(Place(d, 0, 1))
        found += [Place(d, n - mine) for n in state.district_counts(d) if n > mine]
    found += [Move(()), Move((Step(*_far_apart(state), "leader"),))]
    found += [Move((s,)) for s in single_steps(state, seat)]
    found += [Move((step,)) for step in _steps_from_nowhere(state, seat)[:1]]
    return found


def _steps_from_nowhere(state: ParisState, seat: int) -> list[Step]:
    """Leaders' steps to a neighbour from districts where ``seat`` has no leader."""
    neighbours = get_board(state.board).neighbours
    return [
        Step(d, t, "leader")
        for d in state.districts
        if not state.leaders[seat * 10 + d]
        for t in neighbours[d]
        if t in state.districts
    ]


def _far_apart(state: ParisState) -> tuple[int, int]:
    """Two districts in play that are not neighbours (or the first two)."""
    neighbours = get_board(state.board).neighbours
    for a in state.districts:
        for b in state.districts:
            if a != b and b not in neighbours[a]:
                return a, b
    return state.districts[0], state.districts[1]


def full_words(players: int, seed: int) -> tuple[list[str], list[str]]:
    """The refusals and the other words (steps, outcome) of one random FULL game."""
    refusals: list[str] = []
    said: list[str] = []
    settled: object = ()
    for state in full_states(players, seed):
        for action in full_candidates(state):
            refused = refusal(PARIS.apply, state, action)
            refusals += [refused] if refused is not None else []
        if state.settlement is not settled:
            settled = state.settlement
            said += [step.words for step in state.settlement]
        if state.phase == DRAFT:
            said += [refusal(PARIS.apply, state, Bourgeois("bourgeois")) or ""]
    outcome = PARIS.outcome(state)
    assert outcome is not None and state.phase == OVER
    return refusals, [*said, outcome.reason]


def test_the_full_games_refusals_and_words_are_shown_whole() -> None:
    refusals: list[str] = []
    said: list[str] = []
    for players, seed in ((2, 3), (4, 5)):
        more_refusals, more_said = full_words(players, seed)
        refusals += more_refusals
        said += more_said
    assert {rule_of(r) for r in refusals} >= FULL_RULES, "every rule refused something"
    assert len({template_of(r, "reason") for r in refusals}) >= 20, "the reasons are many"
    assert_shown_in_the_language(refusals, leftovers)
    assert_shown_in_the_language(said, leftovers)


# --- the TRACKER -----------------------------------------------------------------------------


def tracker_states(players: int, seed: int) -> Iterator[TrackerState]:
    state, rng = TRACKER.new({"players": players}, seed), random.Random(seed)
    while TRACKER.actor(state) is not None:
        yield state
        state = TRACKER.apply(state, rng.choice(list(TRACKER.legal_actions(state))))
    yield state


def tracker_candidates(state: TrackerState) -> list[Entry]:
    """Entries each rule may refuse in ``state`` (some may be legal)."""
    found = [Entry.place(99), Entry.place(0), Entry.place(0, 1), Entry.move()]
    found += [Entry.stash(bail=True), Entry.settle(9), Entry.settle(-1, 99)]
    found += [Entry.settle(s, 1) for s in range(state.players)]
    found += [Entry.settle(s, 99) for s in range(state.players) if on_board(state, s)]
    found += [Entry.policeman(s) for s in (-1, *range(state.players))]
    return found


def tracker_words(players: int, seed: int) -> tuple[list[str], list[str]]:
    refusals: list[str] = []
    said: list[str] = []
    for state in tracker_states(players, seed):
        for entry in tracker_candidates(state):
            refused = refusal(TRACKER.apply, state, entry)
            refusals += [refused] if refused is not None else []
        said += [entry_words(e, state.colours) for e in TRACKER.legal_actions(state)]
        said += [phase_words(state)]
        said += [tracker_step_words(step) for step in state.settled[-1:]]
    outcome = TRACKER.outcome(state)
    assert outcome is not None
    return refusals, [*said, outcome.reason]


def test_the_trackers_refusals_and_words_are_shown_whole() -> None:
    refusals: list[str] = []
    said: list[str] = []
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        more_refusals, more_said = tracker_words(players, seed)
        refusals += more_refusals
        said += more_said
    assert {rule_of(r) for r in refusals} >= TRACKER_RULES, "every rule refused something"
    assert_shown_in_the_language(refusals, leftovers)
    assert_shown_in_the_language(said, leftovers)


# --- the names and the outcome's forms -------------------------------------------------------


def standings(totals: Sequence[tuple[int, int]]) -> tuple[TallyLine, ...]:
    """A final tally with ``(total, operational)`` per gang."""
    return tuple(
        TallyLine(seat, GANGS[seat], total, 0, 0, False, 0, operational, 0, total)
        for seat, (total, operational) in enumerate(totals)
    )


def test_the_names_and_every_form_of_the_outcome_are_shown_whole() -> None:
    outcomes = [
        outcome_words(standings(totals))
        for totals in (
            [(1200, 3), (900, 5)],
            [(1000, 10), (1000, 8)],
            [(1000, 1), (1000, 1)],
            [(1000, 10), (1000, 10), (1000, 8), (400, 12)],
            [(1000, 10), (1000, 10), (1000, 10), (400, 12)],
        )
    ]
    assert outcomes[2] == (
        "shared victory (ruling D10): purple and yellow with 1000 F and 1 operational Apache "
        "each: the tie stands"
    )
    assert outcomes[3].shown(Shouting()) == (
        "SHARED VICTORY (RULING D10): PURPLE AND YELLOW WITH 1000 F AND 10 OPERATIONAL "
        "APACHES EACH: THE TIE STANDS (ALSO 1000 F, WITH FEWER OPERATIONAL APACHES: GREEN 8)"
    )
    assert (
        outcomes[4]
        .shown(Shouting())
        .startswith("SHARED VICTORY (RULING D10): PURPLE AND YELLOW AND GREEN WITH 1000 F")
    )
    districts = [district_words(d) for d in DISTRICTS]
    assert districts == [f"district {d} ({DISTRICT_NAMES[d]})" for d in DISTRICTS]
    assert set(GANG_WORDS) == set(GANGS), "a name for every gang"
    named = [*districts, *GANG_WORDS.values(), apaches_words(2, 1, 3), apaches_words(0, 0, 0)]
    assert_shown_in_the_language([*outcomes, *named, district_words(12)], leftovers)
    assert apaches_words(1, 0, 2).shown(Shouting()) == "1 LEADER, 2 REINFORCEMENTS"
