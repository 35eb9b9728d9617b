"""The Apache engine: its state, the game, and the slap window's resolution.

Module order follows OpenSpiel: constants, game metadata, the state, the game, helpers.
The rules decisions are listed in the package docstring (``companion.rules.apache``).

Every step is a small function from a state to a new state (``state._replace(...)``);
:meth:`Apache.apply` checks the action first, :meth:`Apache.apply_unchecked` trusts it.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from itertools import chain
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
    action_from_json,
    action_to_json,
    action_words,
    choice_words,
)
from companion.rules.apache.cards import (
    COLOURS,
    KIND_INDEX,
    KINDS,
    NUM_CARDS,
    TYPE_COUNTS,
    TYPE_FIRST,
    TYPE_INDEX,
    TYPE_NAMES,
    TYPE_OF,
    WARRIOR,
    cards_of_counts,
    kind_words,
    type_counts,
    type_name_words,
)
from companion.rules.apache.loot import (
    Option,
    Piles,
    Raid,
    Seating,
    can_take,
    default_option,
    options,
    penalise,
    penalty_words,
    raid,
    raid_words,
    snatched_words,
    take,
    taken_words,
    why_illegal,
)
from companion.rules.apache.table import (
    PLAYERS,
    check_slapper,
    parse_colours,
    seat_words,
    turner_after_window,
    winners,
)
from companion.rules.base import (
    CHANCE,
    JSON,
    TABLE,
    Engine,
    Outcome,
    SetupError,
    illegal,
    int_value,
    victory_reason,
)
from companion.rules.setup import check_setup_options, setup_first, setup_players
from companion.words import Words, joined, plural_words, say

# --- constants -------------------------------------------------------------------------------

READY: Final = "ready"
"""No window is open: the turner may turn, anyone may slap (opening a window, ruling A9)."""
REVEAL: Final = "reveal"
"""A card is being turned: chance says which (actor CHANCE)."""
WINDOW: Final = "window"
"""A slap window is open: seats that have not slapped since the card was turned may slap
(ruling A8); ``close`` ends it."""
CHOOSE: Final = "choose"
"""A legal slapper must choose among several options (actor: that seat, ruling A6)."""
FINAL: Final = "final"
"""The last card was turned: one last window may open, or ``end`` (ruling A10)."""
OVER: Final = "over"
PHASES: Final = (READY, REVEAL, WINDOW, CHOOSE, FINAL, OVER)

VARIANTS: Final = ("war_path", "wedding", "joint_raid")
DEFAULT_PLAYERS: Final = 4
JOINT_RAID_MAX_PLAYERS: Final = 4
"""Ruling A13: Joint Raid is played by fewer than 5 players (with 5 every Indian is owned)."""
SETUP_KEYS: Final = ("players", "colours", "variants", "first")

REVEALS: Final = tuple(Reveal(name) for name in TYPE_NAMES)
"""The chance actions, by type index."""
ALL_CARDS: Final = frozenset(range(NUM_CARDS))

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
            seat=int_value(data["seat"]),
            indian=_kind_name(data["indian"]),
            legal=_bool(data["legal"]),
            option=None if data["option"] is None else str(data["option"]),
            target=None if data["target"] is None else int_value(data["target"]),
            taken=_ids(data["taken"]),
            joined=_ids(data["joined"]),
            penalty=_ids(data["penalty"]),
            raid=tuple((int_value(victim), _ids(ids)) for victim, ids in data["raid"]),
            reason=str(data["reason"]),
        )


class ApacheState(NamedTuple):
    """A moment of an Apache game: an immutable tuple of tuples (cheap to make and compare).

    Fixed at setup: ``seating``, the seats' colours and what they decide (ruling A1), and the
    variants ``war_path``, ``wedding`` and ``joint_raid``. ``deck``: the ids of the cards
    still face down, in id order (so grouped by type): there is no deck order at all, chance
    picks the TYPE of each turned card and the card taken is the lowest id of that type still
    face down. ``display``: the face-up cards in the order they were turned. ``piles``: each
    seat's winnings pile, bottom -> top. ``removed``: the penalty cards that left the game,
    in order. ``turner``: the seat that turns next (in phase ``reveal``: the seat turning).
    ``window``: the display when the open window opened (ruling A9), ``slaps`` its slaps in
    order, ``resolved`` how many of them are resolved (in phase ``choose`` the index of the
    slap choosing). ``resolution``: the results of the last window (of the one being
    resolved, in phase ``choose``). ``slapped_on_card``: the seats that have slapped since
    the last card was turned up (before the first card: since the start), in the order of
    their slaps, across all the windows on that card: ruling A8 allows each one slap per
    turned card.
    """

    seating: Seating
    war_path: bool
    wedding: bool
    joint_raid: bool
    phase: str
    deck: tuple[int, ...]
    display: tuple[int, ...]
    piles: Piles
    removed: tuple[int, ...]
    turner: int
    window: tuple[int, ...]
    slaps: tuple[Slap, ...]
    resolved: int
    resolution: tuple[SlapResult, ...]
    slapped_on_card: tuple[int, ...]

    @property
    def colours(self) -> tuple[str, ...]:
        """The seats' colours: seat ``i`` has ``colours[i]`` (ruling A1)."""
        return self.seating.colours

    @property
    def players(self) -> int:
        return len(self.seating.colours)

    @property
    def deck_count(self) -> int:
        """How many cards are still face down."""
        return len(self.deck)

    @property
    def last_resolution(self) -> tuple[SlapResult, ...]:
        """The results of the last window (a name for ``resolution``)."""
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
    simulation) and skips the checks. Both take the same steps.
    """

    name = NAME
    rules_version = RULES_VERSION

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        check_setup_options(setup, NAME, SETUP_KEYS)
        given = setup.get("colours")
        colours = None if given is None else parse_colours(given)
        default = DEFAULT_PLAYERS if colours is None else len(colours)
        players = setup_players(setup, PLAYERS, "ruling A1", default=default)
        colours = colours if colours is not None else list(COLOURS[:players])
        if len(colours) != players:
            raise SetupError(
                f"setup 'colours' {colours} has {len(colours)} colours for {players} players; "
                "give one colour per player (ruling A1)"
            )
        first = setup_first(setup, players, "the seat that turns first")
        variants: dict[str, JSON] = dict(_setup_variants(setup.get("variants", {})))
        if variants["joint_raid"] and players > JOINT_RAID_MAX_PLAYERS:
            raise SetupError(
                f"Joint Raid needs fewer than 5 players (ruling A13); with {players} players "
                "every Indian is owned, so nobody could join: turn the variant off or play "
                f"with 2 to {JOINT_RAID_MAX_PLAYERS} players"
            )
        return {"players": players, "colours": colours, "variants": variants, "first": first}

    def initial_state(self, setup: dict[str, JSON], seed: int) -> ApacheState:
        colours, variants, first = setup["colours"], setup["variants"], setup["first"]
        assert isinstance(colours, list) and isinstance(variants, dict) and isinstance(first, int)
        return ApacheState(
            seating=Seating(tuple(map(str, colours))),
            war_path=bool(variants["war_path"]),
            wedding=bool(variants["wedding"]),
            joint_raid=bool(variants["joint_raid"]),
            phase=READY,
            deck=tuple(range(NUM_CARDS)),
            display=(),
            piles=((),) * len(colours),
            removed=(),
            turner=first,
            window=(),
            slaps=(),
            resolved=0,
            resolution=(),
            slapped_on_card=(),
        )

    # -- whose turn, what is legal --

    def num_seats(self, state: ApacheState) -> int:
        return len(state.colours)

    def actor(self, state: ApacheState) -> int | None:
        if state.phase == REVEAL:
            return CHANCE
        if state.phase == CHOOSE:
            return state.slaps[state.resolved].seat
        return None if state.phase == OVER else TABLE

    def legal_actions(self, state: ApacheState) -> Sequence[Action]:
        phase = state.phase
        if phase == READY:
            return (Turn(state.turner), *_slaps(state))
        if phase == WINDOW:
            return (*_slaps(state), CLOSE)
        if phase == FINAL:
            return (*_slaps(state), END)
        if phase == REVEAL:
            return tuple(REVEALS[t] for t, left in enumerate(type_counts(state.deck)) if left)
        return self.options(state)

    def chance_outcomes(self, state: ApacheState) -> Sequence[tuple[Action, float]]:
        """Ruling A2: each remaining card TYPE with probability count / cards remaining."""
        if state.phase != REVEAL:
            return ()
        counts, total = type_counts(state.deck), len(state.deck)
        return tuple((REVEALS[t], left / total) for t, left in enumerate(counts) if left)

    def random_reveal(self, state: ApacheState, rng: random.Random) -> Reveal:
        """A chance outcome drawn with ``rng`` (one ``random()``), with the probabilities of
        :meth:`chance_outcomes` (phase ``reveal``): the type of a face-down card picked
        uniformly (the deck is in id order, so its cards are counted in type order)."""
        card = state.deck[int(rng.random() * len(state.deck))]
        return REVEALS[TYPE_OF[card]]

    # -- applying actions --

    def apply(self, state: ApacheState, action: Action) -> ApacheState:
        """The state after ``action``, checked: ``IllegalAction`` names the rule broken."""
        _check(state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: ApacheState, action: Action) -> ApacheState:
        """The state after ``action`` WITHOUT checking it (for bots and simulation, which
        only play legal actions); an illegal action gives an undefined state."""
        match action:
            case Turn():
                return state._replace(phase=REVEAL)
            case Reveal():
                return _reveal(state, action)
            case Slap():
                return _slap(state, action)
            case Close():
                return _resolve(state, ())
            case Choose():
                return _choose(state, action)
            case _:
                return state._replace(phase=OVER)

    # -- what the screens need --

    def may_slap(self, state: ApacheState, seat: int) -> bool:
        """Whether ``seat`` may slap now: a slap is taken (phase ``ready``, ``window`` or
        ``final``) and the seat has not slapped since the last card was turned up (ruling
        A8). Whether the slap would take loot is :meth:`slap_is_legal`."""
        return state.phase in (READY, WINDOW, FINAL) and seat not in state.slapped_on_card

    def slap_is_legal(self, state: ApacheState, seat: int, indian: str) -> bool:
        """Would ``seat`` slapping ``indian`` now be legal (ruling A4)? Judged on the display
        of the open window if one is open (A9), else on the display as it is."""
        reference = state.window if state.phase in (WINDOW, CHOOSE) else state.display
        return can_take(state.seating, reference, seat, KIND_INDEX[indian])

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
        best = winners(scores)
        names = [state.colours[w] for w in best]
        cards = int(scores[best[0]])
        reason = victory_reason(
            names, "ruling A10", shared=f"{cards} cards each", alone=f"{cards} cards"
        )
        return Outcome(scores=scores, winners=best, reason=reason)

    def check_invariants(self, state: ApacheState, *, since: ApacheState | None = None) -> None:
        """Ruling A2: every card in exactly one place (the deck, the display, a pile or
        removed); scores are the pile sizes; the phase fits the window (rulings A8, A9,
        A10). Raises ``AssertionError`` naming what is wrong.

        ``since``: a state that passed this check just before (a caller checking every
        action passes the state before the action). When no card moved since, or one card
        was turned, the cards are known to be in one place each and only the phase is
        checked again.
        """
        if since is None or not _cards_kept(since, state):
            _check_cards(state)
            scores, sizes = self.scores(state), tuple(map(len, state.piles))
            assert scores == sizes, f"scores {scores} != pile sizes {sizes}"
        _check_phase(state)

    # -- JSON --

    def action_to_json(self, action: Action) -> JSON:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def state_to_json(self, state: ApacheState) -> JSON:
        return {
            "colours": state.colours,
            "variants": {
                "war_path": state.war_path,
                "wedding": state.wedding,
                "joint_raid": state.joint_raid,
            },
            "phase": state.phase,
            "deck": dict(zip(TYPE_NAMES, type_counts(state.deck), strict=True)),
            "deck_count": state.deck_count,
            "display": state.display,
            "piles": state.piles,
            "removed": state.removed,
            "turner": state.turner,
            "window": state.window,
            "slaps": [{"seat": s.seat, "indian": s.indian} for s in state.slaps],
            "resolved": state.resolved,
            "resolution": [r.to_json() for r in state.resolution],
            "slapped_on_card": state.slapped_on_card,
            "pending": _pending_json(state),
        }

    def state_from_json(self, data: Any) -> ApacheState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an apache state: {exc!r}") from exc


# --- the options of a slap -------------------------------------------------------------------


def slap_options(state: ApacheState, seat: int, kind: int) -> tuple[Option, ...]:
    """The options of ``seat``'s Indian ``kind`` on the display as it is, under the state's
    variants (rulings A6, A12, A13)."""
    return options(
        state.seating,
        state.display,
        seat,
        kind,
        wedding=state.wedding,
        joint_raid=state.joint_raid,
    )


def pending_options(state: ApacheState) -> tuple[Option, ...]:
    """The options of the seat that must choose (phase ``choose``), else ``()``."""
    if state.phase != CHOOSE:
        return ()
    slap = state.slaps[state.resolved]
    return slap_options(state, slap.seat, KIND_INDEX[slap.indian])


# --- helpers: the steps ----------------------------------------------------------------------


def _reveal(state: ApacheState, action: Reveal) -> ApacheState:
    """Ruling A2: the card turned is the lowest id still face down of the type chance named
    (the deck is in id order, so it is the first at or after the type's first id)."""
    at = bisect_left(state.deck, TYPE_FIRST[TYPE_INDEX[action.card]])
    deck = state.deck[:at] + state.deck[at + 1 :]
    return state._replace(
        phase=READY if deck else FINAL,  # ruling A10: after the last card, the final window
        deck=deck,
        display=(*state.display, state.deck[at]),
        turner=(state.turner + 1) % len(state.seating.colours),  # A9: clockwise unless a slap
        slapped_on_card=(),  # ruling A8: each player has one hand card to play on this card
    )


def _slap(state: ApacheState, action: Slap) -> ApacheState:
    slapped = (*state.slapped_on_card, action.seat)  # ruling A8: its one slap on this card
    if state.phase == WINDOW:
        return state._replace(slaps=(*state.slaps, action), slapped_on_card=slapped)
    # ruling A9: a slap while no window is open opens one on the display as it is now
    return state._replace(
        phase=WINDOW, window=state.display, slaps=(action,), resolved=0, slapped_on_card=slapped
    )


def _choose(state: ApacheState, choice: Choose) -> ApacheState:
    """The choosing slap takes its option (ruling A6), then the window resolves on."""
    slap = state.slaps[state.resolved]
    option = _find_option(state, choice)
    display, piles, result = _take(state, state.display, state.piles, slap, option)
    state = state._replace(display=display, piles=piles, resolved=state.resolved + 1)
    return _resolve(state, (*state.resolution, result))


def _resolve(state: ApacheState, results: tuple[SlapResult, ...]) -> ApacheState:
    """Resolve the window's slaps in order from slap ``state.resolved`` (ruling A5), adding
    each one's result to ``results`` (the window's so far); stop at a slap with several
    options (phase ``choose``, ruling A6). Then the next card, or the end after the final
    window (ruling A10)."""
    display, piles, removed = state.display, state.piles, state.removed
    for i in range(state.resolved, len(state.slaps)):
        slap = state.slaps[i]
        seat, kind = slap.seat, KIND_INDEX[slap.indian]
        if not can_take(state.seating, state.window, seat, kind):  # A9: at the opening
            piles, lost = penalise(piles, seat)  # ruling A5
            removed = (*removed, *lost)
            results = (*results, _illegal(state, slap, lost))
            continue
        found = options(
            state.seating, display, seat, kind, wedding=state.wedding, joint_raid=state.joint_raid
        )
        if len(found) > 1:  # ruling A6: the player chooses
            return state._replace(
                phase=CHOOSE,
                display=display,
                piles=piles,
                removed=removed,
                resolved=i,
                resolution=results,
            )
        if found:
            display, piles, result = _take(state, display, piles, slap, found[0])
        else:  # ruling A5: snatched, no penalty
            result = _snatched(state, display, results, slap)
        results = (*results, result)
    return state._replace(
        phase=READY if state.deck else OVER,
        display=display,
        piles=piles,
        removed=removed,
        turner=turner_after_window([slap.seat for slap in state.slaps]),
        window=(),
        slaps=(),
        resolved=0,
        resolution=results,
    )


def _take(
    state: ApacheState, display: tuple[int, ...], piles: Piles, slap: Slap, option: Option
) -> tuple[tuple[int, ...], Piles, SlapResult]:
    """Apply one option (ruling A6): its cards leave the display for the slapper's pile;
    after a warrior's tomahawks under War Path, the raid (ruling A11)."""
    seat, kind = slap.seat, KIND_INDEX[slap.indian]
    piles = take(piles, seat, option.taken, war_path=state.war_path)
    reason = taken_words(state.seating, seat, kind, option)
    raided: Raid = ()
    if state.war_path and kind == WARRIOR and option.option == "item":
        piles, raided = raid(piles, seat)
        reason = joined("; ", (reason, raid_words(state.seating, raided)))
    taken = set(option.taken)
    result = SlapResult(
        seat=seat,
        indian=slap.indian,
        legal=True,
        option=option.option,
        target=option.target,
        taken=option.taken,
        joined=option.joined,
        penalty=(),
        raid=raided,
        reason=reason,
    )
    return tuple(card for card in display if card not in taken), piles, result


def _illegal(state: ApacheState, slap: Slap, lost: tuple[int, ...]) -> SlapResult:
    """The result of an illegal slap that cost the cards ``lost`` (ruling A5)."""
    why = why_illegal(state.seating, state.window, slap.seat, KIND_INDEX[slap.indian])
    reason = say("illegal: {why}; {penalty}", why=why, penalty=penalty_words(len(lost)))
    return _nothing(slap, legal=False, penalty=lost, reason=reason)


def _snatched(
    state: ApacheState, display: tuple[int, ...], results: tuple[SlapResult, ...], slap: Slap
) -> SlapResult:
    """The result of a legal slap that finds nothing left (ruling A5): who took what."""
    takers = {card: r.seat for r in results for card in r.taken}
    kind = KIND_INDEX[slap.indian]
    why = snatched_words(state.seating, state.window, display, slap.seat, kind, takers=takers)
    return _nothing(slap, legal=True, penalty=(), reason=why)


def _nothing(slap: Slap, *, legal: bool, penalty: tuple[int, ...], reason: Words) -> SlapResult:
    return SlapResult(
        seat=slap.seat,
        indian=slap.indian,
        legal=legal,
        option=None,
        target=None,
        taken=(),
        joined=(),
        penalty=penalty,
        raid=(),
        reason=reason,
    )


def _find_option(state: ApacheState, choice: Choose) -> Option:
    found = pending_options(state)
    for option in found:
        if option.option == choice.option and option.target == choice.target:
            return option
    listed = joined(", ", (choice_words(_as_choice(state, o)) for o in found))
    player = seat_words(state.colours, choice.seat)
    raise illegal(
        say("ruling A6 (the player's choice)"),
        action_words(choice, state.colours),
        say("not one of the options; {player} may choose {options}", player=player, options=listed)
        if found
        else say("no choice is pending"),
    )


def _as_choice(state: ApacheState, option: Option) -> Choose:
    return Choose(state.slaps[state.resolved].seat, option.option, option.target)


def _slaps(state: ApacheState) -> list[Slap]:
    """Every slap of the seats that may slap now (not those that slapped since the last
    card was turned up, in any window on it, ruling A8), seat by seat."""
    slapped = set(state.slapped_on_card)
    return [
        Slap(seat, kind)
        for seat in range(len(state.colours))
        if seat not in slapped
        for kind in KINDS
    ]


# --- helpers: checks for the checked door ----------------------------------------------------


def _check(state: ApacheState, action: Action) -> None:
    """Raise ``IllegalAction`` naming the rule if ``action`` is not allowed in ``state``: the
    message names the action and its seat by colour, the rule, and what the game awaits."""
    if not isinstance(action, Turn | Reveal | Slap | Close | Choose | End):
        raise illegal(say("the apache actions"), repr(action), say("not an apache action"))
    doing = action_words(action, state.colours)
    if state.phase == OVER:
        raise illegal(say("ruling A10 (end of the game)"), doing, say("the game is over"))
    match action:
        case Turn():
            _check_turn(state, action, doing)
        case Reveal():
            _check_reveal(state, action, doing)
        case Slap():
            _check_slap(state, action, doing)
        case Close():
            if state.phase != WINDOW:
                raise illegal(say("ruling A9 (slap windows)"), doing, _phase_words(state))
        case Choose():
            _check_choose(state, action, doing)
        case End():
            if state.phase != FINAL:
                raise illegal(say("ruling A10 (the end of the game)"), doing, _unturned(state))


def _unturned(state: ApacheState) -> Words:
    """Why the game cannot end yet (ruling A10): cards are still face down."""
    count = state.deck_count
    # "1 cards" is the English as it has always been; other languages get their plural forms
    return plural_words(
        "the game ends after the last card's window; {count} cards are still face down",
        "the game ends after the last card's window; {count} cards are still face down",
        count,
        count=count,
    )


def _check_turn(state: ApacheState, action: Turn, doing: Words) -> None:
    if state.phase == FINAL:
        raise illegal(say("ruling A10 (the last card)"), doing, say("every card has been turned"))
    if state.phase != READY:
        raise illegal(say("ruling A9 (turning)"), doing, _phase_words(state))
    if action.seat != state.turner:
        raise illegal(
            say("ruling A9 (who turns)"),
            doing,
            say(
                "{turner} turns the next card, not {player}",
                turner=seat_words(state.colours, state.turner),
                player=seat_words(state.colours, action.seat),
            ),
        )


def _check_reveal(state: ApacheState, action: Reveal, doing: Words) -> None:
    if state.phase != REVEAL:
        raise illegal(say("ruling A2 (turning a card)"), doing, say("no card is being turned"))
    t = TYPE_INDEX.get(action.card)
    if t is None or t not in map(TYPE_OF.__getitem__, state.deck):
        raise illegal(
            say("ruling A2 (the deck)"),
            doing,
            say("no {card} is left face down", card=type_name_words(action.card)),
        )


def _check_slap(state: ApacheState, action: Slap, doing: Words) -> None:
    if state.phase not in (READY, WINDOW, FINAL):
        raise illegal(say("ruling A9 (slap windows)"), doing, _phase_words(state))
    check_slapper(state.colours, doing, action.seat, action.indian)
    if action.seat in state.slapped_on_card:
        raise illegal(
            say("ruling A8 (one hand card per turned card)"),
            doing,
            _slapped_words(state, action.seat),
        )


def _slapped_words(state: ApacheState, seat: int) -> Words:
    """Why ``seat`` may not slap again (ruling A8), and from when it may."""
    player = seat_words(state.colours, seat)
    if state.deck_count == NUM_CARDS:
        return say(
            "{player} has already slapped before the first card; {player} may slap again "
            "once the first card is turned up",
            player=player,
        )
    if not state.deck:
        return say(
            "{player} has already slapped since the last card was turned up and no card is "
            "left: the game ends when this window closes (ruling A10)",
            player=player,
        )
    return say(
        "{player} has already slapped since this card was turned up; {player} may slap "
        "again once the next card is turned up",
        player=player,
    )


def _check_choose(state: ApacheState, action: Choose, doing: Words) -> None:
    if state.phase != CHOOSE:
        raise illegal(say("ruling A6 (the player's choice)"), doing, say("no choice is pending"))
    slap = state.slaps[state.resolved]
    if action.seat != slap.seat:
        raise illegal(
            say("ruling A6 (the player's choice)"),
            doing,
            say(
                "{chooser} is choosing what the {indian} takes, not {player}",
                chooser=seat_words(state.colours, slap.seat),
                indian=kind_words(slap.indian),
                player=seat_words(state.colours, action.seat),
            ),
        )
    _find_option(state, action)


def _phase_words(state: ApacheState) -> Words:
    """What the game awaits in ``state``, for an action that does not fit its phase."""
    if state.phase == CHOOSE:
        slap = state.slaps[state.resolved]
        return say(
            "{player} must first choose what the {indian} takes (ruling A6)",
            player=seat_words(state.colours, slap.seat),
            indian=kind_words(slap.indian),
        )
    if state.phase == READY:
        return say("no slap window is open")
    if state.phase == REVEAL:
        return say("a card is being turned: it comes face up first")
    if state.phase == WINDOW:
        return say("a slap window is open: it closes first")
    if state.phase == FINAL:
        return say("every card has been turned")
    return say("phase {phase}", phase=repr(state.phase))


# --- helpers: the invariants -----------------------------------------------------------------


def _cards_kept(before: ApacheState, after: ApacheState) -> bool:
    """Whether every card of ``after`` is in one place because every card of ``before`` was
    (ruling A2): no card moved, or one card was turned (the deck lost exactly the card the
    display gained, and nothing else moved)."""
    if (before.deck, before.display, before.piles) == (after.deck, after.display, after.piles):
        return before.removed == after.removed
    if before.piles != after.piles or before.removed != after.removed:
        return False
    turned = after.display[-1:]
    if not turned or after.display != before.display + turned or turned[0] not in before.deck:
        return False
    at = before.deck.index(turned[0])
    return after.deck == before.deck[:at] + before.deck[at + 1 :]


def _check_cards(state: ApacheState) -> None:
    """Ruling A2: every card is in exactly one place (the deck, the display, a winnings
    pile or removed): all places together hold 114 cards, and every card is among them.
    The deck is in id order (it has no order of its own)."""
    places = (*state.deck, *state.display, *state.removed, *chain.from_iterable(state.piles))
    if len(places) != NUM_CARDS or set(places) != ALL_CARDS:
        raise AssertionError(_conservation_failure(places))
    assert list(state.deck) == sorted(state.deck), f"the deck is not in id order: {state.deck}"


def _conservation_failure(places: tuple[int, ...]) -> str:
    """What is wrong when the cards are not conserved, in words."""
    twice = sorted(card for card in set(places) if places.count(card) > 1)
    nowhere = sorted(ALL_CARDS - set(places))
    strange = sorted(set(places) - ALL_CARDS)
    return (
        f"cards not conserved (ruling A2): {len(places)} cards in all; in two places {twice}; "
        f"nowhere {nowhere}; not card ids {strange}"
    )


def _check_phase(state: ApacheState) -> None:
    """The phase fits the rest: each seat slaps at most once per turned card, and the open
    window's slaps are the last of them (ruling A8); a window has slaps, outside a window
    none, and ``final``/``over`` exactly when the deck is empty (ruling A10). The failures
    name seats by colour."""
    players = len(state.seating.colours)
    slapped, slaps = state.slapped_on_card, state.slaps
    assert len(set(slapped)) == len(slapped) and all(0 <= s < players for s in slapped), (
        f"slapped on this card: {_seats_words(state, slapped)} (ruling A8: one slap per seat "
        "per turned card)"
    )
    if slaps:
        assert state.phase in (WINDOW, CHOOSE), (
            f"slaps {_slaps_words(state)} in phase {state.phase}"
        )
        seats = tuple(slap.seat for slap in slaps)
        assert slapped[-len(seats) :] == seats and len(seats) > state.resolved >= 0, (
            f"slaps {_slaps_words(state)} (ruling A8: one per seat), slapped on this card: "
            f"{_seats_words(state, slapped)}, {state.resolved} resolved"
        )
    else:
        calm = (READY, REVEAL) if state.deck else (FINAL, OVER)
        assert state.phase in calm and not state.window, (
            f"phase {state.phase} with {state.deck_count} cards face down, no slap"
        )
    assert 0 <= state.turner < len(state.piles) == players, (
        f"the turner is {seat_words(state.colours, state.turner)}"
    )


def _seats_words(state: ApacheState, seats: tuple[int, ...]) -> str:
    return ", ".join(seat_words(state.colours, seat) for seat in seats) or "nobody"


def _slaps_words(state: ApacheState) -> str:
    """The open window's slaps in words: ``"red hunter, yellow chief"``."""
    return ", ".join(f"{seat_words(state.colours, s.seat)} {s.indian}" for s in state.slaps)


# --- helpers: setup and JSON -----------------------------------------------------------------


def _pending_json(state: ApacheState) -> JSON:
    if state.phase != CHOOSE:
        return None
    found = pending_options(state)
    best = default_option(found)
    return {
        "seat": state.slaps[state.resolved].seat,
        "options": [
            {"option": o.option, "target": o.target, "taken": o.taken, "default": o == best}
            for o in found
        ],
    }


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
    counts = [int_value(deck_data[name]) for name in TYPE_NAMES]
    if any(not 0 <= left <= full for left, full in zip(counts, TYPE_COUNTS, strict=True)):
        raise ValueError(f"deck counts {counts} outside 0 .. {TYPE_COUNTS}")
    deck = cards_of_counts(counts)
    if len(deck) != int_value(data["deck_count"]):
        raise ValueError(f"deck_count {data['deck_count']} but {len(deck)} cards in the deck")
    variants = data["variants"]
    return ApacheState(
        seating=Seating(colours),
        war_path=_bool(variants["war_path"]),
        wedding=_bool(variants["wedding"]),
        joint_raid=_bool(variants["joint_raid"]),
        phase=str(data["phase"]),
        deck=deck,
        display=_ids(data["display"]),
        piles=tuple(_ids(pile) for pile in data["piles"]),
        removed=_ids(data["removed"]),
        turner=int_value(data["turner"]),
        window=_ids(data["window"]),
        slaps=tuple(Slap(int_value(s["seat"]), _kind_name(s["indian"])) for s in data["slaps"]),
        resolved=int_value(data["resolved"]),
        resolution=tuple(SlapResult.from_json(r) for r in data["resolution"]),
        slapped_on_card=tuple(int_value(seat) for seat in data["slapped_on_card"]),
    )
