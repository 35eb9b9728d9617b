"""Apache in TRACKER mode: real cards at the table, the companion records the Pow-Wow.

The companion does not know the cards. It records who slapped, in the arbiter's order
(rulings A5, A8, A9), what the table says each slap got, and the piles counted at the end
(ruling A10). Scores are the counted piles; ties share the victory.

Phases and actions (seats are numbered 0..N-1 clockwise, one colour each, ruling A1):

``play``
    No window is being entered. ``slap(seat, indian)`` opens one (ruling A9); ``finish``
    ends the game: the last card is turned and the last window confirmed (ruling A10).
``slaps``
    A window is being entered, in arbiter order: ``slap(seat, indian)`` by a seat not yet
    in it, then ``close``.
``confirm``
    Each slap of the window, in order (ruling A5): ``confirm(seat, result)`` with result
    ``"loot"`` (took cards), ``"nothing"`` (legal, but others took it all first) or
    ``"penalty"`` (illegal: the top two cards of the winnings pile leave the game, ruling
    A5). The companion cannot check which: the players say.
``count``
    ``count(seat, cards)`` for each seat in seat order: the cards in its winnings pile
    (0..114, and all piles together at most 114, ruling A2). After the last seat the game
    is over.

Ruling A8 in this mode: one slap per player per WINDOW. The rulebook allows one hand card per
turned card, across all the windows on it (the FULL engine keeps that), but the companion
does not see the cards being turned here, so each window stands alone: a player who slapped
in the last window may slap in the next one, and the table judges whether a card was turned
in between.

Who "acts" (``actor``): in ``play`` and ``slaps`` the seat that turns the next card (the
last slapper of the last window, ruling A9; seat 0 before the first window; the companion
does not see card turns, so this is only a hint); in ``confirm`` the slapper being
confirmed; in ``count`` the seat being counted.

The rules this mode decides that the FULL engine decides too (the seats and colours, the
hand cards, who turns next, who wins) are the same functions, in
:mod:`companion.rules.apache.table`. A refusal names the action and its seat by colour, the
rule, and what the tracker awaits.

Module order follows OpenSpiel: constants, metadata, the action and state, the game, helpers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, get_args

from companion.rules.apache.cards import COLOURS, KINDS, NUM_CARDS, kind_words
from companion.rules.apache.table import (
    PLAYERS,
    check_slapper,
    parse_colours,
    seat_words,
    turner_after_window,
    winners,
)
from companion.rules.base import JSON, Engine, Outcome, SetupError, illegal, int_field, record_kind
from companion.words import Words, joined, plural_words, say

# --- constants -------------------------------------------------------------------------------

INDIANS: Final = KINDS
"""The four hand cards of every player."""
PRAIRIE_CARDS: Final = NUM_CARDS
"""Every prairie card (ruling A2): no pile, and no piles together, can hold more."""
MIN_SEATS, MAX_SEATS = PLAYERS  # ruling A1
DEFAULT_COLOURS: Final = COLOURS[:3]

ActionKind = Literal["slap", "close", "confirm", "count", "finish"]
Result = Literal["loot", "nothing", "penalty"]
Phase = Literal["play", "slaps", "confirm", "count", "over"]
RESULTS: Final[tuple[Result, ...]] = get_args(Result)
PHASES: Final = frozenset(get_args(Phase))
RESULT_WORDS: Final[dict[str, Words]] = {
    "loot": say("loot"),
    "nothing": say("nothing"),
    "penalty": say("penalty"),
}
"""Each result as a person reads it."""
ACTION_FIELDS: Final[dict[str, frozenset[str]]] = {
    "slap": frozenset({"seat", "indian"}),
    "close": frozenset(),
    "confirm": frozenset({"seat", "result"}),
    "count": frozenset({"seat", "cards"}),
    "finish": frozenset(),
}
"""The fields of each action kind in its JSON form (besides ``kind``)."""

RESOLVED_IN_ORDER: Final = say("ruling A5 (slaps are resolved in order)")
"""The rule a slap or a confirmation out of turn breaks."""
COUNT_AT_THE_END: Final = say("ruling A10 (count the piles at the end)")
"""The rule a pile counted out of turn breaks."""

# --- game metadata ---------------------------------------------------------------------------

NAME: Final = "apache_tracker"
RULES_VERSION: Final = "1"


# --- the action and the state ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrackerAction:
    """One entry. Build it with :meth:`slap`, :meth:`close`, :meth:`confirm`, :meth:`count`
    or :meth:`finish`; unused fields keep their defaults."""

    kind: ActionKind
    seat: int = -1
    indian: str = ""
    result: str = ""
    cards: int = 0

    @classmethod
    def slap(cls, seat: int, indian: str) -> TrackerAction:
        return cls("slap", seat=seat, indian=indian)

    @classmethod
    def close(cls) -> TrackerAction:
        return cls("close")

    @classmethod
    def confirm(cls, seat: int, result: str) -> TrackerAction:
        return cls("confirm", seat=seat, result=result)

    @classmethod
    def count(cls, seat: int, cards: int) -> TrackerAction:
        return cls("count", seat=seat, cards=cards)

    @classmethod
    def finish(cls) -> TrackerAction:
        return cls("finish")

    def __str__(self) -> str:
        if self.kind == "slap":
            return f"slap({self.seat}, {self.indian!r})"
        if self.kind == "confirm":
            return f"confirm({self.seat}, {self.result!r})"
        if self.kind == "count":
            return f"count({self.seat}, {self.cards})"
        return f"{self.kind}()"


CLOSE: Final = TrackerAction.close()
FINISH: Final = TrackerAction.finish()


@dataclass(frozen=True, slots=True)
class SeatStats:
    """A seat's running statistics: slaps made, and how the confirmed ones ended."""

    slaps: int = 0
    loot: int = 0
    nothing: int = 0
    penalties: int = 0

    @property
    def confirmed(self) -> int:
        return self.loot + self.nothing + self.penalties


@dataclass(frozen=True, slots=True)
class TrackerState:
    colours: tuple[str, ...]
    """The seats' colours, seat 0 first (clockwise)."""
    phase: Phase
    window: tuple[tuple[int, str], ...] = ()
    """The slaps of the window being entered or confirmed: ``(seat, indian)`` in order."""
    results: tuple[Result, ...] = ()
    """The confirmations so far of the window's slaps, in the same order."""
    windows: int = 0
    """Windows closed so far."""
    turner: int = 0
    """The seat that turns the next card: the last slapper of the last window (ruling A9)."""
    stats: tuple[SeatStats, ...] = ()
    piles: tuple[int, ...] = ()
    """The piles counted so far (``count`` phase), seat 0 first."""

    @property
    def seats(self) -> int:
        return len(self.colours)

    @property
    def next_to_confirm(self) -> int | None:
        """The seat whose slap is confirmed next, in the ``confirm`` phase."""
        if self.phase != "confirm":
            return None
        return self.window[len(self.results)][0]


# --- the game --------------------------------------------------------------------------------


class ApacheTracker(Engine[TrackerState, TrackerAction]):
    """Apache with real cards: records slaps, confirmations and the final count."""

    name = NAME
    rules_version = RULES_VERSION

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        unknown = sorted(set(setup) - {"colours"})
        if unknown:
            raise SetupError(f"unknown setup option(s) {unknown}; the only one is 'colours'")
        colours = parse_colours(setup.get("colours", list(DEFAULT_COLOURS)))
        if not MIN_SEATS <= len(colours) <= MAX_SEATS:
            raise SetupError(
                f"setup 'colours' {list(colours)!r}: Apache is for {MIN_SEATS} to {MAX_SEATS} "
                "players, one colour each (ruling A1)"
            )
        return {"colours": colours}

    def initial_state(self, setup: dict[str, JSON], seed: int) -> TrackerState:
        colours = setup["colours"]
        assert isinstance(colours, list)
        return TrackerState(
            colours=tuple(str(c) for c in colours),
            phase="play",
            stats=(SeatStats(),) * len(colours),
        )

    # -- whose turn and what they may do --

    def num_seats(self, state: TrackerState) -> int:
        return state.seats

    def actor(self, state: TrackerState) -> int | None:
        if state.phase == "over":
            return None
        if state.phase == "confirm":
            return state.next_to_confirm
        if state.phase == "count":
            return len(state.piles)
        return state.turner

    def chance_outcomes(self, state: TrackerState) -> Sequence[tuple[TrackerAction, float]]:
        return ()

    def legal_actions(self, state: TrackerState) -> Sequence[TrackerAction]:
        if state.phase == "play":
            slaps = [
                TrackerAction.slap(seat, indian)
                for seat in range(state.seats)
                for indian in INDIANS
            ]
            return (*slaps, FINISH)
        if state.phase == "slaps":
            taken = {seat for seat, _ in state.window}
            slaps = [
                TrackerAction.slap(seat, indian)
                for seat in range(state.seats)
                if seat not in taken
                for indian in INDIANS
            ]
            return (*slaps, CLOSE)
        if state.phase == "confirm":
            seat = state.window[len(state.results)][0]
            return tuple(TrackerAction.confirm(seat, result) for result in RESULTS)
        if state.phase == "count":
            room = PRAIRIE_CARDS - sum(state.piles)
            return tuple(TrackerAction.count(len(state.piles), n) for n in range(room + 1))
        return ()

    def apply(self, state: TrackerState, action: TrackerAction) -> TrackerState:
        if state.phase == "over":
            raise illegal(
                say("ruling A10 (end of the game)"),
                _entry_words(state, action),
                say("the game is over"),
            )
        if action.kind == "slap":
            return self._slap(state, action)
        if action.kind == "close":
            return self._close(state, action)
        if action.kind == "confirm":
            return self._confirm(state, action)
        if action.kind == "count":
            return self._count(state, action)
        return self._finish(state, action)

    # -- what players see and how it ends --

    def view(self, state: TrackerState, seat: int) -> JSON:
        return self.state_to_json(state)  # nothing is secret: the cards are on the table

    def scores(self, state: TrackerState) -> tuple[float, ...]:
        return tuple(state.piles) + (0,) * (state.seats - len(state.piles))

    def outcome(self, state: TrackerState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = self.scores(state)
        best = winners(scores)
        reason = (
            say(
                "piles counted; the most cards wins, and the tied players share the victory "
                "(ruling A10)"
            )
            if len(best) > 1
            else say("piles counted; the most cards wins")
        )
        return Outcome(scores=scores, winners=best, reason=reason)

    def check_invariants(self, state: TrackerState, *, since: TrackerState | None = None) -> None:
        seats = [seat for seat, _ in state.window]
        assert len(set(seats)) == len(seats), f"a seat slapped twice in a window: {seats}"
        assert all(0 <= s < state.seats for s in seats), f"a slap by no seat: {seats}"
        assert len(state.results) <= len(state.window), "more confirmations than slaps"
        assert state.phase in ("slaps", "confirm") or not state.window, "a window left open"
        assert sum(state.piles) <= PRAIRIE_CARDS, f"piles {state.piles} exceed {PRAIRIE_CARDS}"
        assert state.phase in ("count", "over") or not state.piles, "piles before the count"
        for seat, stats in enumerate(state.stats):
            open_slaps = sum(1 for s, _ in state.window[len(state.results) :] if s == seat)
            assert stats.slaps - stats.confirmed == open_slaps, (
                f"{seat_words(state.colours, seat)}: {stats} but {open_slaps} slaps await "
                "confirmation"
            )

    # -- JSON --

    def action_to_json(self, action: TrackerAction) -> JSON:
        if action.kind == "slap":
            return {"kind": "slap", "seat": action.seat, "indian": action.indian}
        if action.kind == "confirm":
            return {"kind": "confirm", "seat": action.seat, "result": action.result}
        if action.kind == "count":
            return {"kind": "count", "seat": action.seat, "cards": action.cards}
        return {"kind": action.kind}

    def action_from_json(self, data: Any) -> TrackerAction:
        kind = record_kind(data, NAME, ACTION_FIELDS)
        if kind == "slap":
            return TrackerAction.slap(int_field(data, "seat", NAME), _text(data, "indian"))
        if kind == "confirm":
            return TrackerAction.confirm(int_field(data, "seat", NAME), _text(data, "result"))
        if kind == "count":
            return TrackerAction.count(
                int_field(data, "seat", NAME), int_field(data, "cards", NAME)
            )
        return CLOSE if kind == "close" else FINISH

    def state_to_json(self, state: TrackerState) -> JSON:
        return {
            "colours": list(state.colours),
            "phase": state.phase,
            "window": [[seat, indian] for seat, indian in state.window],
            "results": list(state.results),
            "windows": state.windows,
            "turner": state.turner,
            "stats": [
                {"slaps": s.slaps, "loot": s.loot, "nothing": s.nothing, "penalties": s.penalties}
                for s in state.stats
            ],
            "piles": list(state.piles),
        }

    def state_from_json(self, data: Any) -> TrackerState:
        try:
            if data["phase"] not in PHASES:
                raise ValueError(f"unknown phase {data['phase']!r}")
            results = tuple(data["results"])
            if any(r not in RESULTS for r in results):
                raise ValueError(f"unknown result in {results!r}")
            return TrackerState(
                colours=tuple(str(c) for c in data["colours"]),
                phase=data["phase"],
                window=tuple((int(seat), str(indian)) for seat, indian in data["window"]),
                results=results,
                windows=int(data["windows"]),
                turner=int(data["turner"]),
                stats=tuple(
                    SeatStats(
                        int(s["slaps"]), int(s["loot"]), int(s["nothing"]), int(s["penalties"])
                    )
                    for s in data["stats"]
                ),
                piles=tuple(int(p) for p in data["piles"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not an apache_tracker state: {exc!r} in {data!r}") from exc

    # -- the rules, one step each --

    def _slap(self, state: TrackerState, action: TrackerAction) -> TrackerState:
        entry = _entry_words(state, action)
        if state.phase not in ("play", "slaps"):
            raise illegal(RESOLVED_IN_ORDER, entry, _phase_reason(state))
        check_slapper(state.colours, entry, action.seat, action.indian)
        if any(seat == action.seat for seat, _ in state.window):
            raise illegal(
                say("ruling A8 (one slap per player per window in TRACKER mode)"),
                entry,
                say(
                    "{player} already slapped in this window; {player} may slap again in the "
                    "next one",
                    player=seat_words(state.colours, action.seat),
                ),
            )
        stats = _bump(state.stats, action.seat, slaps=1)
        window = (*state.window, (action.seat, action.indian))
        return replace(state, phase="slaps", window=window, stats=stats)

    def _close(self, state: TrackerState, action: TrackerAction) -> TrackerState:
        if state.phase != "slaps":
            raise illegal(
                say("ruling A9 (a window opens with a slap)"),
                _entry_words(state, action),
                say("no window is being entered")
                if state.phase == "play"
                else _phase_reason(state),
            )
        return replace(state, phase="confirm", results=(), windows=state.windows + 1)

    def _confirm(self, state: TrackerState, action: TrackerAction) -> TrackerState:
        entry = _entry_words(state, action)
        if state.phase != "confirm":
            raise illegal(
                RESOLVED_IN_ORDER,
                entry,
                say("no closed window awaits confirmation")
                if state.phase in ("play", "slaps")
                else _phase_reason(state),
            )
        expected = state.window[len(state.results)][0]
        if action.seat != expected:
            raise illegal(
                RESOLVED_IN_ORDER,
                entry,
                say(
                    "the next slap to confirm is {player}'s",
                    player=seat_words(state.colours, expected),
                ),
            )
        if action.result not in RESULTS:
            raise illegal(
                say("ruling A5 (loot, nothing or penalty)"),
                entry,
                say(
                    "{result} is not a result; give one of {results}",
                    result=repr(action.result),
                    results=joined(", ", (RESULT_WORDS[result] for result in RESULTS)),
                ),
            )
        result: Result = action.result
        field = {"loot": "loot", "nothing": "nothing", "penalty": "penalties"}[result]
        stats = _bump(state.stats, action.seat, **{field: 1})
        results = (*state.results, result)
        if len(results) < len(state.window):
            return replace(state, results=results, stats=stats)
        turner = turner_after_window([seat for seat, _ in state.window])
        return replace(state, phase="play", window=(), results=(), stats=stats, turner=turner)

    def _count(self, state: TrackerState, action: TrackerAction) -> TrackerState:
        entry = _entry_words(state, action)
        if state.phase != "count":
            raise illegal(COUNT_AT_THE_END, entry, say("the piles are counted after 'finish'"))
        expected = len(state.piles)
        if action.seat != expected:
            raise illegal(
                COUNT_AT_THE_END,
                entry,
                say(
                    "the next pile to count is {player}'s",
                    player=seat_words(state.colours, expected),
                ),
            )
        room = PRAIRIE_CARDS - sum(state.piles)
        if not 0 <= action.cards <= room:
            raise illegal(
                say("ruling A2 (114 prairie cards)"),
                entry,
                _too_many_words(action.cards, sum(state.piles), room),
            )
        piles = (*state.piles, action.cards)
        return replace(state, piles=piles, phase="over" if len(piles) == state.seats else "count")

    def _finish(self, state: TrackerState, action: TrackerAction) -> TrackerState:
        if state.phase != "play":
            raise illegal(
                say("ruling A10 (the last window ends the game)"),
                _entry_words(state, action),
                _phase_reason(state),
            )
        return replace(state, phase="count")


# --- helpers ---------------------------------------------------------------------------------


def _too_many_words(cards: int, counted: int, room: int) -> Words:
    """Why a pile of ``cards`` cannot be: the piles ``counted`` so far leave ``room``."""
    # "1 cards" is the English as it has always been; other languages get their plural forms
    return plural_words(
        "{count} cards: the piles counted so far hold {counted}, so this one holds 0 to {room}",
        "{count} cards: the piles counted so far hold {counted}, so this one holds 0 to {room}",
        cards,
        count=cards,
        counted=counted,
        room=room,
    )


def _phase_reason(state: TrackerState) -> Words:
    if state.phase == "slaps":
        return say("a window is being entered; close it first")
    if state.phase == "confirm":
        return say(
            "window {window} awaits confirmation of {count} more slap(s)",
            window=state.windows,
            count=len(state.window) - len(state.results),
        )
    if state.phase == "count":
        return say("the game has ended; the piles are being counted")
    return say("not allowed in the {phase} phase", phase=state.phase)


def _entry_words(state: TrackerState, action: TrackerAction) -> Words:
    """An entry as a person reads it, its seat by colour: ``"yellow's slap with the
    hunter"``, ``"red's result 'loot'"`` (the subject of a refusal)."""
    player = seat_words(state.colours, action.seat)
    if action.kind == "slap":
        indian = kind_words(action.indian)
        return say("{player}'s slap with the {indian}", player=player, indian=indian)
    if action.kind == "confirm":
        return say("{player}'s result {result}", player=player, result=repr(action.result))
    if action.kind == "count":  # English as always ("1 cards"), plural forms elsewhere
        return plural_words(
            "{player}'s pile of {count} cards",
            "{player}'s pile of {count} cards",
            action.cards,
            player=player,
            count=action.cards,
        )
    if action.kind == "close":
        return say("closing the window")
    return say("finishing the game")


def _text(data: Mapping[str, Any], key: str) -> str:
    """``data[key]`` when it is a string, else ``ValueError`` naming it."""
    value = data[key]
    if not isinstance(value, str):
        raise ValueError(f"a {NAME} action's {key!r} must be a string, got {value!r}")
    return value


def _bump(stats: tuple[SeatStats, ...], seat: int, **add: int) -> tuple[SeatStats, ...]:
    old = stats[seat]
    new = replace(old, **{key: getattr(old, key) + n for key, n in add.items()})
    return (*stats[:seat], new, *stats[seat + 1 :])


TRACKER: Final = ApacheTracker()
