"""The Apache engine: its state, the game, and the slap window's resolution.

Module order follows OpenSpiel: constants, game metadata, the state, the game, helpers.
The rules decisions are listed in the package docstring (``companion.rules.apache``).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate, chain, filterfalse
from operator import attrgetter, getitem
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from companion.rules.apache.actions import (
    CLOSE,
    END,
    Action,
    Choose,
    Close,
    End,
    Reveal,
    Slap,
    Turn,
)
from companion.rules.apache.actions import action_from_json as _action_from_json
from companion.rules.apache.actions import action_to_json as _action_to_json
from companion.rules.apache.cards import (
    BIT,
    COLOURS,
    FULL_DECK,
    KIND_INDEX,
    KINDS,
    NUM_CARDS,
    NUM_TYPES,
    TURNED_MASK,
    TYPE_COUNTS,
    TYPE_FIRST,
    TYPE_INDEX,
    TYPE_NAMES,
    TYPE_OF,
    WARRIOR,
)
from companion.rules.apache.loot import (
    Option,
    Piles,
    Seating,
    can_take,
    default_option,
    options,
    penalise,
    penalty_words,
    raid,
    raid_words,
    seating,
    snatched_words,
    take,
    taken_words,
    types_of,
    why_illegal,
)
from companion.rules.base import CHANCE, JSON, TABLE, Engine, Outcome, SetupError, illegal

# --- constants -------------------------------------------------------------------------------

READY: Final = "ready"
"""No window is open: the turner may turn, anyone may slap (opening a window, ruling A9)."""
REVEAL: Final = "reveal"
"""A card is being turned: chance says which (actor CHANCE)."""
WINDOW: Final = "window"
"""A slap window is open: seats that have not slapped in it may slap; ``close`` ends it."""
CHOOSE: Final = "choose"
"""A legal slapper must choose among several options (actor: that seat, ruling A6)."""
FINAL: Final = "final"
"""The last card was turned: one last window may open, or ``end`` (ruling A10)."""
OVER: Final = "over"
PHASES: Final = (READY, REVEAL, WINDOW, CHOOSE, FINAL, OVER)

PLAYERS: Final = (2, 5)
VARIANTS: Final = ("war_path", "wedding", "joint_raid")
DEFAULT_PLAYERS: Final = 4
SETUP_KEYS: Final = ("players", "colours", "variants", "first")

# --- game metadata ---------------------------------------------------------------------------

NAME: Final = "apache"
RULES_VERSION: Final = "1"


# --- the state -------------------------------------------------------------------------------


class SlapResult(NamedTuple):
    """What one slap of a resolved window did (``ApacheState.resolution``).

    ``legal``: judged on the display when the window opened (ruling A9). ``option`` and
    ``target``: the option applied (None when nothing was taken). ``taken``: the cards moved
    to the pile, ``joined`` those of them that joined a Joint Raid (A13), ``penalty`` the
    cards that left the game (A5), ``raid`` the War Path raid as ``(victim seat, buffalo
    ids)`` pairs (A11), ``reason`` the whole story in words.
    """

    seat: int
    indian: str
    legal: bool
    option: str | None
    target: int | None
    taken: tuple[int, ...]
    joined: tuple[int, ...]
    penalty: tuple[int, ...]
    raid: tuple[tuple[int, tuple[int, ...]], ...]
    reason: str

    def to_json(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "indian": self.indian,
            "legal": self.legal,
            "option": self.option,
            "target": self.target,
            "taken": self.taken,
            "joined": self.joined,
            "penalty": self.penalty,
            "raid": [[victim, ids] for victim, ids in self.raid],
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Any) -> SlapResult:
        return cls(
            seat=_int(data["seat"]),
            indian=_kind_name(data["indian"]),
            legal=_bool(data["legal"]),
            option=None if data["option"] is None else str(data["option"]),
            target=None if data["target"] is None else _int(data["target"]),
            taken=_ids(data["taken"]),
            joined=_ids(data["joined"]),
            penalty=_ids(data["penalty"]),
            raid=tuple((_int(victim), _ids(ids)) for victim, ids in data["raid"]),
            reason=str(data["reason"]),
        )


class ApacheState(NamedTuple):
    """A moment of an Apache game: an immutable tuple of tuples (cheap to make and compare).

    ``deck``: how many cards of each type (by type index, see ``cards``) are still face
    down: there is no deck order at all, chance picks the TYPE of each turned card and the
    card taken is the lowest remaining id of it. ``display``: the face-up cards in the order
    they were turned. ``piles``: each seat's winnings pile, bottom -> top. ``removed``: the
    penalty cards that left the game, in order. ``turner``: the seat that turns next (in
    phase ``reveal``: the seat turning). ``window``: the display when the open window opened
    (ruling A9), ``slaps`` its slaps in order, ``resolved`` how many of them are resolved
    (in phase ``choose`` the index of the slap choosing). ``resolution``: the results of the
    last window (of the one being resolved, in phase ``choose``).
    """

    colours: tuple[str, ...]
    war_path: bool
    wedding: bool
    joint_raid: bool
    phase: str
    deck: tuple[int, ...]
    deck_count: int
    display: tuple[int, ...]
    piles: Piles
    removed: tuple[int, ...]
    turner: int
    window: tuple[int, ...]
    slaps: tuple[Slap, ...]
    resolved: int
    resolution: tuple[SlapResult, ...]

    @property
    def players(self) -> int:
        return len(self.colours)

    @property
    def last_resolution(self) -> tuple[SlapResult, ...]:
        return self.resolution

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.piles))

    @property
    def pending_seat(self) -> int | None:
        """The seat that must choose (phase ``choose``), else None."""
        return self.slaps[self.resolved].seat if self.phase == CHOOSE else None


# --- the game --------------------------------------------------------------------------------


class Apache(Engine[ApacheState, Action]):
    """Apache with rulings A1-A13 and the variants War Path, Wedding and Joint Raid.

    Two doors (python-chess style): :meth:`apply` checks the action and raises
    ``IllegalAction`` naming the rule; :meth:`apply_unchecked` trusts its caller (bots,
    simulation) and skips the checks.
    """

    name = NAME
    rules_version = RULES_VERSION

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        if not isinstance(setup, Mapping):
            raise SetupError(f"an apache setup is a mapping such as {{'players': 4}}: {setup!r}")
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise SetupError(f"unknown apache setup option(s) {unknown}; known: {SETUP_KEYS}")
        colours = _setup_colours(setup)
        players = _setup_players(setup, colours)
        colours = colours if colours is not None else list(COLOURS[:players])
        if len(colours) != players:
            raise SetupError(
                f"setup 'colours' {colours} has {len(colours)} colours for {players} players; "
                "give one colour per player (ruling A1)"
            )
        first = setup.get("first", 0)
        if type(first) is not int or not 0 <= first < players:
            raise SetupError(
                f"setup 'first' must be the seat that turns first, 0 to {players - 1}, "
                f"got {first!r}"
            )
        variants: dict[str, JSON] = dict(_setup_variants(setup.get("variants", {})))
        return {"players": players, "colours": colours, "variants": variants, "first": first}

    def initial_state(self, setup: dict[str, JSON], seed: int) -> ApacheState:
        colours, variants, first = setup["colours"], setup["variants"], setup["first"]
        assert isinstance(colours, list) and isinstance(variants, dict) and isinstance(first, int)
        return ApacheState(
            colours=tuple(map(str, colours)),
            war_path=bool(variants["war_path"]),
            wedding=bool(variants["wedding"]),
            joint_raid=bool(variants["joint_raid"]),
            phase=READY,
            deck=FULL_DECK,
            deck_count=NUM_CARDS,
            display=(),
            piles=((),) * len(colours),
            removed=(),
            turner=first,
            window=(),
            slaps=(),
            resolved=0,
            resolution=(),
        )

    # -- whose turn, what is legal --

    def num_seats(self, state: ApacheState) -> int:
        return len(state.colours)

    def actor(self, state: ApacheState) -> int | None:
        phase = state.phase
        if phase == REVEAL:
            return CHANCE
        if phase == CHOOSE:
            return state.slaps[state.resolved].seat
        return None if phase == OVER else TABLE

    def legal_actions(self, state: ApacheState) -> Sequence[Action]:
        phase, table = state.phase, _table(state.colours)
        if phase == READY:
            return table.ready[state.turner]
        if phase == WINDOW:
            return table.window_actions(state.slaps)
        if phase == FINAL:
            return table.final
        if phase == REVEAL:
            deck = state.deck
            return tuple(REVEALS[t] for t in range(NUM_TYPES) if deck[t])
        if phase == CHOOSE:
            return tuple(_as_choice(state, o) for o in pending_options(state))
        return ()

    def chance_outcomes(self, state: ApacheState) -> Sequence[tuple[Action, float]]:
        """Ruling A2: each remaining card TYPE with probability count / cards remaining."""
        if state.phase != REVEAL:
            return ()
        deck, total = state.deck, state.deck_count
        return tuple((REVEALS[t], deck[t] / total) for t in range(NUM_TYPES) if deck[t])

    def random_reveal(self, state: ApacheState, rng: random.Random) -> Reveal:
        """A chance outcome drawn with ``rng`` (one ``random()``): the fast door for
        simulation, the same distribution as :meth:`chance_outcomes` (phase ``reveal``)."""
        pick = int(rng.random() * state.deck_count)
        return REVEALS[bisect_right(tuple(accumulate(state.deck)), pick)]

    # -- applying actions --

    def apply(self, state: ApacheState, action: Action) -> ApacheState:
        """The state after ``action``, checked: ``IllegalAction`` names the rule broken."""
        check = _CHECKS.get(type(action))
        if check is None:
            raise illegal("the apache actions", action, "not an apache action")
        if state.phase == OVER:
            raise illegal("ruling A10 (end of the game)", action, "the game is over")
        check(self, state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: ApacheState, action: Action) -> ApacheState:
        """The state after ``action`` WITHOUT checking it (for bots and simulation, which
        only play legal actions); an illegal action gives an undefined state."""
        step = STEPS.get(type(action))  # the exact action classes: one dict look-up
        if step is None:  # a subclass of one
            step = next((f for cls, f in STEPS.items() if isinstance(action, cls)), _end)
        return step(state, action)

    # -- what the screens need --

    def slap_is_legal(self, state: ApacheState, seat: int, indian: str) -> bool:
        """Would ``seat`` slapping ``indian`` now be legal (ruling A4)? Judged on the display
        of the open window if one is open (A9), else on the display as it is."""
        reference = state.window if state.phase in (WINDOW, CHOOSE) else state.display
        return can_take(seating(state.colours), reference, seat, KIND_INDEX[indian])

    def options(self, state: ApacheState) -> tuple[Choose, ...]:
        """The choices of the seat that must choose (phase ``choose``), else ``()``."""
        return tuple(_as_choice(state, o) for o in pending_options(state))

    def choice_cards(self, state: ApacheState, choice: Choose) -> tuple[int, ...]:
        """The cards ``choice`` would take (phase ``choose``), in display order."""
        return _find_option(state, choice).taken

    def default_choice(self, state: ApacheState) -> Choose:
        """Ruling A6's default for the pending choice: the option taking the most cards,
        ties: own item before tipis, prisoners in display order; never a wedding (A12).
        Raises ``ValueError`` outside phase ``choose``."""
        best = default_option(pending_options(state))
        if best is None:
            raise ValueError(f"no choice is pending (phase {state.phase!r}, not 'choose')")
        return _as_choice(state, best)

    def card_type(self, card: int) -> str:
        """The type name of a card id (``"red-hunter"``, ``"tipi"``)."""
        return TYPE_NAMES[TYPE_OF[card]]

    # -- views and scores --

    def view(self, state: ApacheState, seat: int) -> JSON:
        """Everything but the per-type deck counts: a seat sees how many cards are face down,
        never which (there is no deck order in the state to leak)."""
        data = self.state_to_json(state)
        assert isinstance(data, dict)
        del data["deck"]
        data["seat"] = seat
        data["scores"] = list(self.scores(state))
        return data

    def scores(self, state: ApacheState) -> tuple[float, ...]:
        """Ruling A10: the cards in each winnings pile."""
        return tuple(map(len, state.piles))

    def outcome(self, state: ApacheState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        best = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        names = " and ".join(state.colours[w] for w in winners)
        if len(winners) > 1:
            reason = f"shared victory (ruling A10): {names} with {int(best)} cards each"
        else:
            reason = f"{names} wins with {int(best)} cards (ruling A10)"
        return Outcome(scores=scores, winners=winners, reason=reason)

    def check_invariants(self, state: ApacheState) -> None:
        """Ruling A2: every card in exactly one place (deck, display, a pile, removed); the
        deck counts in range; scores are the pile sizes; the phase fits the window.

        It runs after every simulated action: the state is unpacked once, the cards are
        checked only when they are not those of the last state that passed
        (``_CardCheck``), and the phase test is ``_check_phase`` written out (its messages
        on failure).
        """
        (
            colours,
            _,
            _,
            _,
            phase,
            deck,
            count,
            display,
            piles,
            removed,
            turner,
            window,
            slaps,
            resolved,
            _,
        ) = state
        cards = _CARD_CHECK
        if not (
            deck is cards.deck
            and display is cards.display
            and piles is cards.piles
            and removed is cards.removed
            and count == cards.count
        ):
            cards.check(state, self, deck, count, display)
        if slaps:  # rulings A8, A10
            if (
                phase not in _WINDOW_PHASES
                or not len(set(map(_SEAT, slaps))) == len(slaps) > resolved >= 0
            ):
                _check_phase(state)
        elif phase not in _CALM_PHASES[not count] or window:
            _check_phase(state)
        if not 0 <= turner < len(piles) == len(colours):
            _check_phase(state)

    # -- JSON --

    def action_to_json(self, action: Action) -> JSON:
        return _action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return _action_from_json(data)

    def state_to_json(self, state: ApacheState) -> JSON:
        return {
            "colours": state.colours,
            "variants": {
                "war_path": state.war_path,
                "wedding": state.wedding,
                "joint_raid": state.joint_raid,
            },
            "phase": state.phase,
            "deck": {TYPE_NAMES[t]: n for t, n in enumerate(state.deck)},
            "deck_count": state.deck_count,
            "display": state.display,
            "piles": state.piles,
            "removed": state.removed,
            "turner": state.turner,
            "window": state.window,
            "slaps": [{"seat": s.seat, "indian": s.indian} for s in state.slaps],
            "resolved": state.resolved,
            "resolution": [r.to_json() for r in state.resolution],
            "pending": self._pending_json(state),
        }

    def state_from_json(self, data: Any) -> ApacheState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an apache state: {exc!r}") from exc

    # -- the choice --

    def _pending_json(self, state: ApacheState) -> JSON:
        if state.phase != CHOOSE:
            return None
        found = pending_options(state)
        best = default_option(found)
        return {
            "seat": state.slaps[state.resolved].seat,
            "options": [{**_option_json(o), "taken": o.taken, "default": o is best} for o in found],
        }


_new: Final = tuple.__new__
"""Builds a state from a tuple of its fields: the fast way to copy one with a change."""
_PHASE: Final = ApacheState._fields.index("phase")
_WINDOW: Final = ApacheState._fields.index("window")
_SLAPS: Final = ApacheState._fields.index("slaps")
_DISPLAY: Final = ApacheState._fields.index("display")
_REMOVED: Final = ApacheState._fields.index("removed")
_RESOLVED: Final = ApacheState._fields.index("resolved")
assert ApacheState._fields[_DISPLAY : _REMOVED + 1] == ("display", "piles", "removed")
assert ApacheState._fields[_RESOLVED:] == ("resolved", "resolution")
assert ApacheState._fields[_WINDOW : _WINDOW + 3] == ("window", "slaps", "resolved")
assert ApacheState._fields[_PHASE:] == (
    *("phase", "deck", "deck_count", "display", "piles", "removed"),
    *("turner", "window", "slaps", "resolved", "resolution"),
)


# --- helpers: seating tables -----------------------------------------------------------------


REVEALS: Final = tuple(Reveal(name) for name in TYPE_NAMES)
"""The chance actions, by type index."""


class _Table:
    """Precomputed action tuples for one colour tuple (the hot path reuses them)."""

    __slots__ = ("_windows", "final", "players", "ready", "slaps")

    def __init__(self, colours: tuple[str, ...]) -> None:
        self.players = len(colours)
        self.slaps = tuple(
            tuple(Slap(seat, kind) for kind in KINDS) for seat in range(self.players)
        )
        every = tuple(chain(*self.slaps))
        self.ready: tuple[tuple[Action, ...], ...] = tuple(
            (Turn(seat), *every) for seat in range(self.players)
        )
        self.final: tuple[Action, ...] = (*every, END)
        self._windows: dict[int, tuple[Action, ...]] = {}

    def window_actions(self, slaps: tuple[Slap, ...]) -> tuple[Action, ...]:
        mask = 0
        for slap in slaps:
            mask |= 1 << slap.seat
        found = self._windows.get(mask)
        if found is None:
            free = (s for seat, s in enumerate(self.slaps) if not mask >> seat & 1)
            found = self._windows[mask] = (*chain(*free), CLOSE)
        return found


_TABLES: dict[tuple[str, ...], _Table] = {}


def _table(colours: tuple[str, ...]) -> _Table:
    found = _TABLES.get(colours)
    if found is None:
        found = _TABLES[colours] = _Table(colours)
    return found


# --- helpers: the steps ----------------------------------------------------------------------


def _turn(state: ApacheState, action: Action) -> ApacheState:
    return _in_phase(state, REVEAL)


def _end(state: ApacheState, action: Action) -> ApacheState:
    return _in_phase(state, OVER)


def _in_phase(state: ApacheState, phase: str) -> ApacheState:
    """``state`` in ``phase``: unpacking every field and packing them again makes fewer
    objects than slicing around the phase (a card turn is a third of all actions)."""
    (
        colours,
        war_path,
        wedding,
        joint_raid,
        _,
        deck,
        count,
        display,
        piles,
        removed,
        turner,
        window,
        slaps,
        resolved,
        resolution,
    ) = state
    return _new(
        ApacheState,
        (
            colours,
            war_path,
            wedding,
            joint_raid,
            phase,
            deck,
            count,
            display,
            piles,
            removed,
            turner,
            window,
            slaps,
            resolved,
            resolution,
        ),
    )


def _reveal(state: ApacheState, action: Reveal) -> ApacheState:
    (
        colours,
        war_path,
        wedding,
        joint_raid,
        _,
        deck,
        count,
        display,
        piles,
        removed,
        turner,
        _,
        _,
        _,
        resolution,
    ) = state  # one unpacking costs less than eleven field look-ups
    t = TYPE_INDEX[action.card]
    left = deck[t]
    card = TYPE_FIRST[t] + TYPE_COUNTS[t] - left  # the lowest remaining id of the type
    count -= 1
    return _new(
        ApacheState,
        (
            colours,
            war_path,
            wedding,
            joint_raid,
            READY if count else FINAL,  # ruling A10: after the last card, the final window
            (*deck[:t], left - 1, *deck[t + 1 :]),
            count,
            (*display, card),
            piles,
            removed,
            (turner + 1) % len(colours),  # ruling A9: clockwise unless someone slaps
            (),
            (),
            0,
            resolution,
        ),
    )


def _slap(state: ApacheState, action: Slap) -> ApacheState:
    if state.phase == WINDOW:
        return _new(ApacheState, (*state[:_SLAPS], (*state.slaps, action), *state[_SLAPS + 1 :]))
    # ruling A9: a slap while no window is open opens one on the display as it is now
    head, middle, tail = state[:_PHASE], state[_PHASE + 1 : _WINDOW], state[_WINDOW + 3 :]
    return _new(ApacheState, (*head, WINDOW, *middle, state.display, (action,), 0, *tail))


def _close(state: ApacheState, action: Close) -> ApacheState:
    return _resolve(
        state, 0, display=state.display, piles=state.piles, removed=state.removed, results=()
    )


def _choose(state: ApacheState, choice: Choose) -> ApacheState:
    option = _find_option(state, choice)
    slap = state.slaps[state.resolved]
    place = seating(state.colours)
    display, piles, result = _take(
        state.war_path, place, state.display, state.piles, slap, option=option
    )
    return _resolve(
        state,
        state.resolved + 1,
        display=display,
        piles=piles,
        removed=state.removed,
        results=(result,),
    )


def pending_options(state: ApacheState) -> tuple[Option, ...]:
    """The options of the seat that must choose (phase ``choose``), else ``()``.

    Remembered for the last state that entered phase ``choose`` (the resolution computed
    them to see there was a choice): the chooser, the engine's check and the step that
    applies the choice all ask for the same state's options.
    """
    remembered, found = _PENDING[0]
    if state is remembered:
        return found
    if state.phase != CHOOSE:
        return ()
    slap = state.slaps[state.resolved]
    return _options_of(state, state.display, slap.seat, KIND_INDEX[slap.indian])


_PENDING: list[tuple[ApacheState | None, tuple[Option, ...]]] = [(None, ())]
"""``pending_options``' memory: one ``(state, its options)`` pair, replaced whole (the state
is kept, so its id is not reused)."""


def _find_option(state: ApacheState, choice: Choose) -> Option:
    for option in pending_options(state):
        if option.option == choice.option and option.target == choice.target:
            return option
    found = [str(_as_choice(state, o)) for o in pending_options(state)]
    raise illegal("ruling A6 (the player's choice)", choice, f"not one of the options {found}")


def _resolve(
    state: ApacheState,
    start: int,
    *,
    display: tuple[int, ...],
    piles: Piles,
    removed: tuple[int, ...],
    results: tuple[SlapResult, ...],
) -> ApacheState:
    """Resolve the window's slaps from ``start`` in slap order (ruling A5); stop at a slap
    with several options (phase ``choose``). ``results`` are the window's results so far
    (a choice just made included)."""
    (
        colours,
        war_path,
        wedding,
        joint_raid,
        _,
        deck,
        count,
        _,
        _,
        _,
        _,
        window,
        slaps,
        _,
        resolution,
    ) = state  # one unpacking costs less than a field look-up per use
    place = seating(colours)
    window_types = types_of(window)
    if start:
        results = resolution + results
    for i in range(start, len(slaps)):
        slap = slaps[i]
        seat, kind = slap.seat, KIND_INDEX[slap.indian]
        if not can_take(place, window, seat, kind, window_types):  # A9: judged at the opening
            piles, lost = penalise(piles, seat)  # ruling A5
            removed = (*removed, *lost)
            why = f"illegal: {why_illegal(place, window, seat, kind)}; {penalty_words(len(lost))}"
            results = (*results, _nothing(slap, legal=False, penalty=lost, reason=why))
            continue
        types = window_types if display is window else types_of(display)
        found = options(
            place, display, seat, kind, wedding=wedding, joint_raid=joint_raid, types=types
        )
        if not found:  # ruling A5: snatched, no penalty
            takers = {c: r.seat for r in results for c in r.taken}
            why = snatched_words(place, window, display, seat, kind, takers=takers)
            results = (*results, _nothing(slap, legal=True, penalty=(), reason=why))
        elif len(found) == 1:
            display, piles, result = _take(war_path, place, display, piles, slap, option=found[0])
            results = (*results, result)
        else:  # ruling A6: the player chooses
            head, middle = state[:_PHASE], state[_PHASE + 1 : _DISPLAY]
            between = state[_REMOVED + 1 : _RESOLVED]
            choosing = _new(
                ApacheState,
                (*head, CHOOSE, *middle, display, piles, removed, *between, i, results),
            )
            _PENDING[0] = (choosing, found)
            return choosing
    return _new(
        ApacheState,
        (
            colours,
            war_path,
            wedding,
            joint_raid,
            READY if count else OVER,  # ruling A10: the final window ends the game
            deck,
            count,
            display,
            piles,
            removed,
            slaps[-1].seat,  # ruling A9: the last slap in the order turns next
            (),
            (),
            0,
            results,
        ),
    )


def _options_of(
    state: ApacheState, display: tuple[int, ...], seat: int, kind: int
) -> tuple[Option, ...]:
    place = seating(state.colours)
    return options(place, display, seat, kind, wedding=state.wedding, joint_raid=state.joint_raid)


def _take(
    war_path: bool,
    place: Seating,
    display: tuple[int, ...],
    piles: Piles,
    slap: Slap,
    *,
    option: Option,
) -> tuple[tuple[int, ...], Piles, SlapResult]:
    """Apply one option: the cards leave the display for the pile; War Path raids."""
    seat, indian = slap.seat, slap.indian
    kind = KIND_INDEX[indian]
    name, target, taken, joined = option
    display = tuple(filterfalse(set(taken).__contains__, display))
    piles = take(piles, seat, taken, war_path=war_path)
    reason = taken_words(place, seat, kind, option)
    raided: tuple[tuple[int, tuple[int, ...]], ...] = ()
    if war_path and kind == WARRIOR and name == "item":  # ruling A11
        piles, raided = raid(piles, seat)
        reason += raid_words(place, raided)
    fields = (seat, indian, True, name, target, taken, joined, (), raided, reason)
    return display, piles, _new(SlapResult, fields)


def _nothing(slap: Slap, *, legal: bool, penalty: tuple[int, ...], reason: str) -> SlapResult:
    fields = (slap.seat, slap.indian, legal, None, None, (), (), penalty, (), reason)
    return _new(SlapResult, fields)


def _as_choice(state: ApacheState, option: Option) -> Choose:
    return Choose(state.slaps[state.resolved].seat, option.option, option.target)


def _option_json(option: Option) -> dict[str, JSON]:
    return {"option": option.option, "target": option.target}


# --- helpers: checks for the checked door ----------------------------------------------------


def _check_turn(engine: Apache, state: ApacheState, action: Action) -> None:
    assert isinstance(action, Turn)
    if state.phase == FINAL:
        raise illegal("ruling A10 (the last card)", action, "every card has been turned")
    if state.phase != READY:
        raise illegal("ruling A9 (turning)", action, _phase_words(state))
    if action.seat != state.turner:
        raise illegal(
            "ruling A9 (who turns)",
            action,
            f"seat {state.turner} ({state.colours[state.turner]}) turns the next card",
        )


def _check_reveal(engine: Apache, state: ApacheState, action: Action) -> None:
    assert isinstance(action, Reveal)
    if state.phase != REVEAL:
        raise illegal("ruling A2 (turning a card)", action, "no card is being turned")
    t = TYPE_INDEX.get(action.card)
    if t is None or not state.deck[t]:
        raise illegal("ruling A2 (the deck)", action, f"no {action.card} is left face down")


def _check_slap(engine: Apache, state: ApacheState, action: Action) -> None:
    assert isinstance(action, Slap)
    if state.phase not in (READY, WINDOW, FINAL):
        raise illegal("ruling A9 (slap windows)", action, _phase_words(state))
    if type(action.seat) is not int or not 0 <= action.seat < len(state.colours):
        raise illegal("ruling A1 (seats)", action, f"seats are 0 to {len(state.colours) - 1}")
    if action.indian not in KIND_INDEX:
        raise illegal("the hand cards", action, f"hand cards are {', '.join(KINDS)}")
    if state.phase == WINDOW and any(s.seat == action.seat for s in state.slaps):
        raise illegal(
            "ruling A8 (one slap per player per window)",
            action,
            f"seat {action.seat} ({state.colours[action.seat]}) already slapped in this window",
        )


def _check_close(engine: Apache, state: ApacheState, action: Action) -> None:
    if state.phase != WINDOW:
        raise illegal("ruling A9 (slap windows)", action, "no slap window is open")


def _check_choose(engine: Apache, state: ApacheState, action: Action) -> None:
    assert isinstance(action, Choose)
    if state.phase != CHOOSE:
        raise illegal("ruling A6 (the player's choice)", action, "no choice is pending")
    seat = state.slaps[state.resolved].seat
    if action.seat != seat:
        raise illegal(
            "ruling A6 (the player's choice)",
            action,
            f"seat {seat} ({state.colours[seat]}) is choosing",
        )
    _find_option(state, action)


def _check_end(engine: Apache, state: ApacheState, action: Action) -> None:
    if state.phase != FINAL:
        raise illegal(
            "ruling A10 (the end of the game)",
            action,
            f"the game ends after the last card's window; {state.deck_count} cards face down",
        )


_CHECKS: Final = {
    Turn: _check_turn,
    Reveal: _check_reveal,
    Slap: _check_slap,
    Close: _check_close,
    Choose: _check_choose,
    End: _check_end,
}


Step = Callable[[ApacheState, Any], ApacheState]
STEPS: Final[Mapping[type, Step]] = MappingProxyType(
    {Turn: _turn, Reveal: _reveal, Slap: _slap, Close: _close, Choose: _choose, End: _end}
)
"""``apply_unchecked`` by exact action class: ``STEPS[type(action)](state, action)`` is the
engine's fast door without its dispatch (simulation; subclasses take ``apply_unchecked``)."""


def _phase_words(state: ApacheState) -> str:
    return {
        READY: "no slap window is open",
        REVEAL: "a card is being turned",
        WINDOW: "a slap window is open: close it first",
        CHOOSE: f"seat {state.pending_seat} must choose first",
        FINAL: "every card has been turned",
    }.get(state.phase, f"phase {state.phase!r}")


class _CardCheck:
    """Ruling A2's conservation check in time proportional to the cards that moved.

    Cards as bits: the cards placed (display, removed, piles) are exactly the turned ones,
    each once, iff the SUM of ``1 << id`` over all of them equals the mask of the turned ids
    AND there are as many of them as turned ids: a card placed twice would carry a bit, so
    the sum could only match with fewer distinct cards than its count. The turned mask comes
    from the deck counts (the lowest ids of each type).

    Incremental: the checker keeps the last state that PASSED (``deck``, ``count``,
    ``display``, ``piles``, ``removed``) and the masks of those tuples; the state is
    immutable, so a tuple it still holds is unchanged. ``Apache.check_invariants`` calls
    ``check`` only when a state's cards are not those very tuples (a turn or a slap costs
    five ``is``). Then only what is new is summed, and the usual moves cost a few bits: a
    deck with one card fewer of the type on top of a display that gained that card (a
    reveal); a pile or the removed cards that are the old ones with cards added or taken
    off (a take, a raid, a penalty: ``_moved_mask``). A state that fails is never
    remembered, so the next one is checked against the last good one.
    """

    __slots__ = (
        "_display_mask",
        "_expected",
        "_pile_masks",
        "_removed_mask",
        "_won",
        "_won_mask",
        "count",
        "deck",
        "display",
        "piles",
        "removed",
    )

    def __init__(self) -> None:
        self.deck: tuple[int, ...] | None = None
        self.count = -1
        self._expected = 0
        self.display: tuple[int, ...] = ()
        self._display_mask = 0
        self.piles: Piles = ()
        self._pile_masks: list[int] = []
        self._won = 0
        self._won_mask = 0
        self.removed: tuple[int, ...] = ()
        self._removed_mask = 0

    def check(
        self,
        state: ApacheState,
        engine: Apache,
        deck: tuple[int, ...],
        count: int,
        display: tuple[int, ...],
    ) -> None:
        """Check the cards of ``state`` (its ``deck``, ``count`` and ``display`` given
        unpacked); remember them if they pass."""
        if deck is self.deck and count == self.count:
            expected = self._expected
        else:  # the usual change: one card turned, of the type now on top of the display
            known = self.deck
            t = TYPE_OF[display[-1]] if display else 0
            if (
                known is not None
                and count == self.count - 1
                and deck[t] == (left := known[t]) - 1
                and left > 0
                and deck[:t] == known[:t]
                and deck[t + 1 :] == known[t + 1 :]
            ):
                expected = self._expected + BIT[TYPE_FIRST[t] + TYPE_COUNTS[t] - left]
            else:
                expected = _turned(deck, count)
        piles, removed = state.piles, state.removed
        if piles is self.piles and removed is self.removed:
            won, won_mask = self._won, self._won_mask
            masks, removed_mask = self._pile_masks, self._removed_mask
        else:
            won, won_mask, masks, removed_mask = self._won_cards(state, engine)
        shown = self.display
        if display is shown:
            display_mask = self._display_mask
        elif display and display[:-1] == shown:  # a card turned
            display_mask = self._display_mask + BIT[display[-1]]
        else:
            display_mask = sum(map(BIT.__getitem__, display))
        if len(display) + won != NUM_CARDS - count or display_mask + won_mask != expected:
            raise AssertionError(_conservation_failure(state))
        self.deck, self.count, self._expected = deck, count, expected
        self.display, self._display_mask = display, display_mask
        self._won, self._won_mask = won, won_mask
        self.piles, self._pile_masks = piles, masks
        self.removed, self._removed_mask = removed, removed_mask

    def _won_cards(self, state: ApacheState, engine: Apache) -> tuple[int, int, list[int], int]:
        """The cards won or removed: how many, their mask, each pile's mask and the removed
        cards' mask (remembered only once the whole state passes); checks the scores when
        the piles changed."""
        piles, removed = state.piles, state.removed
        masks = self._pile_masks
        if piles is not self.piles:
            sizes = tuple(map(len, piles))
            scores = engine.scores(state)
            assert scores == sizes, f"scores {scores} != pile sizes {sizes}"
            last = self.piles
            if len(last) == len(piles):
                masks = masks.copy()
                for seat, pile in enumerate(piles):
                    if pile is not last[seat]:
                        masks[seat] = _moved_mask(pile, last[seat], masks[seat])
            else:
                masks = [sum(map(BIT.__getitem__, pile)) for pile in piles]
        removed_mask = _moved_mask(removed, self.removed, self._removed_mask)
        won = len(removed) + sum(map(len, piles))
        return won, removed_mask + sum(masks), masks, removed_mask


def _moved_mask(cards: tuple[int, ...], old: tuple[int, ...], old_mask: int) -> int:
    """The mask of ``cards`` given that of ``old`` (masks add up over concatenation): when
    ``cards`` is ``old`` with cards added around it (a take; War Path puts buffalo under
    the pile) only the added cards are summed, when it is ``old`` without its top cards (a
    penalty) only the removed ones; anything else is summed whole."""
    if cards is old:
        return old_mask
    n, m = len(old), len(cards)
    if n and m >= n:
        if cards[:n] == old:
            return old_mask + sum(map(BIT.__getitem__, cards[n:]))
        try:  # where ``old`` starts: after the cards put under it
            k = cards.index(old[0], 0, m - n + 1)
        except ValueError:
            k = -1
        if k > 0 and cards[k : k + n] == old:
            return old_mask + sum(map(BIT.__getitem__, (*cards[:k], *cards[k + n :])))
    elif n and old[:m] == cards:
        return old_mask - sum(map(BIT.__getitem__, old[m:]))
    return sum(map(BIT.__getitem__, cards))


def _turned(deck: tuple[int, ...], count: int) -> int:
    """The mask of the cards turned, from the deck counts (checked)."""
    assert len(deck) == NUM_TYPES and min(deck) >= 0, f"deck counts {deck}"
    assert sum(deck) == count, f"deck_count {count} != {sum(deck)} cards in the deck"
    try:
        return sum(map(getitem, TURNED_MASK, deck))
    except IndexError:
        raise AssertionError(f"deck counts {deck} above the full deck {TYPE_COUNTS}") from None


def _conservation_failure(state: ApacheState) -> str:
    """The slow, explicit explanation of a failed conservation check."""
    placed = [*state.display, *state.removed, *chain(*state.piles)]
    twice = sorted(c for c in set(placed) if placed.count(c) > 1)
    turned = {
        c
        for t in range(NUM_TYPES)
        for c in range(TYPE_FIRST[t], TYPE_FIRST[t] + TYPE_COUNTS[t] - state.deck[t])
    }
    return (
        f"cards not conserved (ruling A2): in two places {twice}; face up or won but still "
        f"in the deck {sorted(set(placed) - turned)}; turned but nowhere "
        f"{sorted(turned - set(placed))}"
    )


_CARD_CHECK: Final = _CardCheck()


_WINDOW_PHASES: Final = frozenset({WINDOW, CHOOSE})
_SEAT: Final = attrgetter("seat")
_CALM_PHASES: Final = (frozenset({READY, REVEAL}), frozenset({FINAL, OVER}))
"""The phases without a window, by whether the deck is empty (ruling A10)."""


def _check_phase(state: ApacheState) -> None:
    """The phase fits the rest: a window has slaps, one per seat (ruling A8); outside a
    window none, and ``final``/``over`` exactly when the deck is empty (ruling A10)."""
    slaps = state.slaps
    if slaps:
        assert state.phase in _WINDOW_PHASES, f"slaps {slaps} in phase {state.phase}"
        assert len({s.seat for s in slaps}) == len(slaps) > state.resolved >= 0, (
            f"slaps {slaps} (ruling A8: one per seat), resolved {state.resolved}"
        )
    else:
        assert state.phase in _CALM_PHASES[not state.deck_count] and not state.window, (
            f"phase {state.phase} with {state.deck_count} cards face down, no slap"
        )
    assert 0 <= state.turner < len(state.piles) == len(state.colours), f"turner {state.turner}"


# --- helpers: setup and JSON -----------------------------------------------------------------


def _setup_colours(setup: Mapping[str, Any]) -> list[str] | None:
    colours = setup.get("colours")
    if colours is None:
        return None
    if not isinstance(colours, list | tuple) or not all(c in COLOURS for c in colours):
        raise SetupError(
            f"setup 'colours' must be a list of colours from {', '.join(COLOURS)}, "
            f"got {colours!r} (ruling A1)"
        )
    if len(set(colours)) != len(colours):
        raise SetupError(f"setup 'colours' {list(colours)} repeats a colour: one each (A1)")
    return [str(c) for c in colours]


def _setup_players(setup: Mapping[str, Any], colours: list[str] | None) -> int:
    default = DEFAULT_PLAYERS if colours is None else len(colours)
    players = setup.get("players", default)
    low, high = PLAYERS
    if type(players) is not int or not low <= players <= high:
        raise SetupError(f"setup 'players' must be {low} to {high} (ruling A1), got {players!r}")
    return players


def _setup_variants(variants: Any) -> dict[str, bool]:
    if not isinstance(variants, Mapping):
        raise SetupError(
            f"setup 'variants' must map variant names to true/false, e.g. "
            f"{{'war_path': true}}; got {variants!r}"
        )
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise SetupError(f"unknown apache variant(s) {unknown}; known: {', '.join(VARIANTS)}")
    bad = {k: v for k, v in variants.items() if type(v) is not bool}
    if bad:
        raise SetupError(f"apache variants are on (true) or off (false), got {bad}")
    return {name: bool(variants.get(name, False)) for name in VARIANTS}


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _ids(values: Any) -> tuple[int, ...]:
    ids = tuple(values)
    if ids and (set(map(type, ids)) != {int} or min(ids) < 0 or max(ids) >= NUM_CARDS):
        raise ValueError(f"card ids are integers 0 to {NUM_CARDS - 1}: {ids}")
    return ids


def _kind_name(value: Any) -> str:
    if value not in KIND_INDEX:
        raise ValueError(f"unknown indian {value!r}")
    return str(value)


def _state_from_json(data: Any) -> ApacheState:
    colours = tuple(str(c) for c in data["colours"])
    if not 2 <= len(colours) <= 5 or any(c not in COLOURS for c in colours):
        raise ValueError(f"bad colours {colours}")
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    deck_data = data["deck"]
    if set(deck_data) != set(TYPE_NAMES):
        raise ValueError(f"the deck must count every card type: {sorted(deck_data)}")
    variants = data["variants"]
    return ApacheState(
        colours=colours,
        war_path=_bool(variants["war_path"]),
        wedding=_bool(variants["wedding"]),
        joint_raid=_bool(variants["joint_raid"]),
        phase=str(data["phase"]),
        deck=tuple(_int(deck_data[name]) for name in TYPE_NAMES),
        deck_count=_int(data["deck_count"]),
        display=_ids(data["display"]),
        piles=tuple(_ids(pile) for pile in data["piles"]),
        removed=_ids(data["removed"]),
        turner=_int(data["turner"]),
        window=_ids(data["window"]),
        slaps=tuple(Slap(_int(s["seat"]), _kind_name(s["indian"])) for s in data["slaps"]),
        resolved=_int(data["resolved"]),
        resolution=tuple(SlapResult.from_json(r) for r in data["resolution"]),
    )
