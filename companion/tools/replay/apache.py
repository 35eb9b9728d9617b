"""Apache for ``companion replay``: the Pow-Wow windows of FULL and TRACKER games.

A window's order and gaps come from its journal note (``powwow-window`` in FULL,
``window`` in TRACKER: the arbiter's :class:`companion.powwow.Window` as JSON), its slaps'
results from the engine: in FULL each :class:`~companion.rules.apache.SlapResult` with the
engine's reason in words, in TRACKER the result the table confirmed. A window without a
note (a journal written without the arbiter) is shown in the engine's order, without times.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from companion.rules.apache import (
    APACHE,
    CHOOSE,
    FINAL,
    OVER,
    READY,
    REVEAL,
    WINDOW,
    Action,
    ApacheState,
    Choose,
    Close,
    End,
    Reveal,
    Slap,
    SlapResult,
    Turn,
    card_words,
)
from companion.rules.apache.cards import (
    ITEM_OF_KIND,
    KIND_INDEX,
    TYPE_INDEX,
    TYPE_PLURALS,
    TYPE_WORDS,
    type_counts,
)
from companion.session import Note
from companion.tools.replay.base import Event, Moment, Referee, joined, plural

if TYPE_CHECKING:  # a FULL journal never loads the TRACKER engine
    from companion.rules.apache.tracker import TrackerAction, TrackerState

S = TypeVar("S")
A = TypeVar("A")

WINDOW_NOTES: Final = frozenset({"powwow-window", "window"})
"""The notes holding a resolved Pow-Wow window (FULL, TRACKER)."""

TRACKER_REASONS: Final = {
    "loot": "took cards, as the table confirmed",
    "nothing": "legal, but the others took it all first: nothing, no penalty (ruling A5)",
    "penalty": "illegal: the top two cards of the winnings pile leave the game (ruling A5)",
}
"""What each result the table confirms means (the tracker does not see the cards)."""

FULL_PHASES: Final = {
    READY: "turning",
    REVEAL: "turning",
    WINDOW: "window",
    CHOOSE: "resolving",
    FINAL: "final",
    OVER: "over",
}
TRACKER_PHASES: Final = {
    "play": "turning",
    "slaps": "window",
    "confirm": "resolving",
    "count": "counting",
    "over": "over",
}
"""The engines' phases in the words both modes share (``state.phase`` of ``--json``)."""


# --- windows, in both modes ------------------------------------------------------------------


@dataclass
class _Slapped:
    """One slap of a window and what it got."""

    seat: int
    indian: str
    result: str = ""
    """``loot``, ``nothing`` or ``penalty``; ``""`` while not resolved."""
    reason: str = ""
    cards: dict[str, Any] = field(default_factory=dict)
    """FULL: the cards ``taken``, ``joined``, lost as ``penalty``, and a raid's."""


@dataclass
class _Window:
    """A Pow-Wow window of the line of play: its slaps in order and their results."""

    n: int
    """The action number of its first slap (a window note carries the same ``n``)."""
    first: int
    last: int
    slaps: list[_Slapped]
    display: list[str] | None = None
    """FULL: the face-up cards when it opened (ruling A9)."""
    done: bool = False


def _window_event(number: int, window: _Window, note: Note | None, names: Sequence[str]) -> Event:
    """A window in words and JSON, its timing from its note when it has one."""
    timing = _note_slaps(note)
    slaps: list[dict[str, Any]] = []
    details = [] if window.display is None else [f"on the display: {joined(window.display)}"]
    for rank, slap in enumerate(window.slaps, start=1):
        colour = names[slap.seat]
        card = f"{colour} {slap.indian}"
        timed = timing.get((colour, slap.indian), {})
        when = _when(timed, first=rank == 1)
        result = slap.result or "not resolved yet"
        reason = f": {slap.reason}" if slap.reason else ""
        details.append(f"{rank}. {card}{when}: {result}{reason}")
        slaps.append(
            {
                "player": colour,
                "card": card,
                "rank": rank,
                "reaction_ms": _ms(timed.get("reaction_ns")),
                "gap_ms": _ms(timed.get("gap_ns")),
                "tied_with": list(timed.get("tied_with", [])),
                "result": slap.result or None,
                "reason": slap.reason or None,
                **slap.cards,
            }
        )
    ignored = _note_list(note, "ignored")
    details += [f"ignored: {item.get('detail', item)}" for item in ignored]
    details += [_tie_words(tie) for tie in _note_list(note, "ties")]
    order = ", ".join(f"{names[s.seat]} {s.indian}" for s in window.slaps)
    first = window.first if note is None or note.line is None else min(note.line, window.first)
    title = f"Pow-Wow window {number}: {order}" + ("" if window.done else " (still open)")
    data = {
        "window": number,
        "display": window.display,
        "slaps": slaps,
        "ignored": [item.get("detail") for item in ignored],
        "note_line": None if note is None else note.line,
    }
    return Event(first, window.last, "window", title, tuple(details), data)


def _note_slaps(note: Note | None) -> dict[tuple[str, str], Mapping[str, Any]]:
    """A window note's slaps by (colour, indian)."""
    return {
        (str(slap.get("seat")), str(slap.get("indian"))): slap for slap in _note_list(note, "slaps")
    }


def _note_list(note: Note | None, key: str) -> list[Mapping[str, Any]]:
    data = note.data if note is not None and isinstance(note.data, Mapping) else {}
    found = data.get(key, [])
    return [item for item in found if isinstance(item, Mapping)] if isinstance(found, list) else []


def _when(timed: Mapping[str, Any], *, first: bool) -> str:
    """``" (312.407 ms after the card)"``, ``" (+0.412 ms)"``, with a dead heat."""
    reaction, gap = _ms(timed.get("reaction_ns")), _ms(timed.get("gap_ns"))
    if first and reaction is not None:
        words = f"{reaction:.3f} ms after the card"
    elif gap is not None:
        words = "first" if first and gap == 0 else f"+{gap:.3f} ms"
    else:
        return ""
    tied = timed.get("tied_with") or []
    if tied:
        words += f", a dead heat with {' and '.join(map(str, tied))}: order drawn"
    return f" ({words})"


def _tie_words(tie: Mapping[str, Any]) -> str:
    seats = " and ".join(map(str, tie.get("seats", [])))
    order = ", ".join(map(str, tie.get("order", [])))
    within = _ms(tie.get("tie_window_ns"))
    return f"dead heat: {seats} within {within} ms; drawn order {order} (ruling A5)"


def _ms(ns: Any) -> float | None:
    return round(ns / 1e6, 6) if type(ns) is int else None


def _match_notes(windows: Sequence[_Window], notes: Sequence[Note]) -> dict[int, Note]:
    """Each window's note: the last window note written at its first slap (``n``)."""
    by_n = {note.n: note for note in notes if note.kind in WINDOW_NOTES}
    return {w.n: by_n[w.n] for w in windows if w.n in by_n}


def _history(
    windows: Sequence[_Window],
    others: list[Event],
    notes: Sequence[Note],
    names: Sequence[str],
    note_event: Any,
) -> list[Event]:
    """The windows (with their notes), the other events and the notes left over."""
    matched = _match_notes(windows, notes)
    used = {id(note) for note in matched.values()}
    events = [
        _window_event(number, window, matched.get(window.n), names)
        for number, window in enumerate(windows, start=1)
    ]
    for note in notes:
        if id(note) in used:
            continue
        event = note_event(note)
        if note.kind in WINDOW_NOTES:  # its slaps were undone, or never entered
            title = event.title + " (its slaps are not in the line of play)"
            event = Event(event.first, event.last, event.kind, title, event.details, event.data)
        events.append(event)
    return events + others


def _stats(windows: Sequence[_Window], seats: int) -> list[dict[str, int]]:
    """Each seat's slaps and their results, over the windows."""
    stats = [{"slaps": 0, "loot": 0, "nothing": 0, "penalties": 0} for _ in range(seats)]
    for window in windows:
        for slap in window.slaps:
            stats[slap.seat]["slaps"] += 1
            key = {"loot": "loot", "nothing": "nothing", "penalty": "penalties"}.get(slap.result)
            if key:
                stats[slap.seat][key] += 1
    return stats


def _stats_words(stats: Mapping[str, int]) -> str:
    parts = [
        plural(stats[key], word, words)
        for key, word, words in (
            ("loot", "loot", "loot"),
            ("nothing", "nothing", "nothing"),
            ("penalties", "penalty", "penalties"),
        )
        if stats[key]
    ]
    head = plural(stats["slaps"], "slap")
    return f"{head}: {', '.join(parts)}" if parts else head


def _note_words(note: Note) -> str | None:
    """The Apache notes in words (``None``: not one of them)."""
    data = note.data if isinstance(note.data, Mapping) else {}
    if note.kind == "late":
        why = data.get("reason", "late")  # late, duplicate or spent (ruling A8): said in detail
        return f"press ignored ({why}), no penalty: {data.get('detail', data)}"
    if note.kind in WINDOW_NOTES or note.kind == "powwow-dropped":
        slaps = _note_list(note, "slaps")
        order = ", ".join(
            f"{s.get('seat')} {s.get('indian')}{_when(s, first=k == 0)}"
            for k, s in enumerate(slaps)
        )
        if note.kind == "powwow-dropped":
            return f"a window after the last one, not entered (ruling A10): {order}"
        return f"the arbiter's Pow-Wow window: {order}"
    return None


class _ApacheReferee(Referee[S, A]):
    """What both modes share: the game's name and the Apache notes in words."""

    game = "Apache"

    def note_event(self, note: Note) -> Event:
        words = _note_words(note)
        if words is None:
            return super().note_event(note)
        line = note.line or 0
        return Event(
            line,
            line,
            "note",
            f"note {note.kind}: {words}",
            (),
            {"note": note.kind, "data": note.data},
        )


# --- FULL ------------------------------------------------------------------------------------


class ApacheFull(_ApacheReferee[ApacheState, Action]):
    """Apache with virtual cards (``apache``)."""

    def players(self, start: ApacheState) -> tuple[str, ...]:
        return start.colours

    def action_words(self, state: ApacheState, action: Action) -> str:
        match action:
            case Turn():
                return f"{self.name(action.seat)} turns the next card"
            case Reveal():
                return f"chance: the card turned is a {_type_words(action.card)}"
            case Slap():
                colour = self.name(action.seat)
                return f"{colour} slaps the {colour} {action.indian}"
            case Close():
                return "the window closes"
            case Choose():
                return f"{self.name(action.seat)} chooses {_option_words(state, action)}"
            case _:
                return "nobody slaps after the last card"

    def effect_words(self, moment: Moment[ApacheState, Action]) -> str:
        before, after, action = moment.before, moment.after, moment.action
        if isinstance(action, Reveal):
            if after.phase == FINAL:
                return "the last card is face up: one last window may open (ruling A10)"
            return f"{plural(after.deck_count, 'card')} face down"
        if isinstance(action, Slap):
            if before.phase == WINDOW:
                return "joins the open window"
            return f"opens a Pow-Wow window on: {joined(_names(after.window))} (ruling A9)"
        if isinstance(action, Close | Choose):
            return self._resolution_words(before, after)
        return "the game is over (ruling A10)" if isinstance(action, End) else ""

    def _resolution_words(self, before: ApacheState, after: ApacheState) -> str:
        """What a close or a choice resolved: each slap's result, then who chooses next."""
        parts = [_result_words(self.names, r) for r in _window_results(before, after)]
        if after.phase == CHOOSE:
            parts.append(f"{self.name(after.pending_seat)} must choose (ruling A6)")
        elif after.phase == OVER:
            parts.append("the game is over")
        return "; ".join(parts)

    def phase_words(self, state: ApacheState) -> str:
        match state.phase:
            case "ready":
                return (
                    f"{self.name(state.turner)} turns the next card ({state.deck_count} face down)"
                )
            case "reveal":
                return f"{self.name(state.turner)} is turning a card"
            case "window":
                slaps = ", ".join(f"{self.name(s.seat)} {s.indian}" for s in state.slaps)
                return f"a Pow-Wow window is open: {slaps}"
            case "choose":
                return f"{self.name(state.pending_seat)} chooses an option (ruling A6)"
            case "final":
                return "the last card is face up: one last window may open, or the game ends"
        return "over"

    def score_words(
        self, state: ApacheState, moments: Sequence[Moment[ApacheState, Action]]
    ) -> list[str]:
        stats = _stats(_full_windows(moments), state.players)
        return [
            ", ".join(
                f"{colour} {plural(len(pile), 'card')} ({_stats_words(s)})"
                for colour, pile, s in zip(self.names, state.piles, stats, strict=True)
            )
        ]

    def events(
        self, moments: Sequence[Moment[ApacheState, Action]], notes: Sequence[Note]
    ) -> list[Event]:
        others = []
        for moment in moments:
            line = moment.line
            if isinstance(moment.action, Reveal) and moment.after.phase == FINAL:
                card = _type_words(moment.action.card)
                title = f"the last card is turned, a {card}: one last window may open (ruling A10)"
                others.append(Event(line, line, "last card", title, (), {"card": card}))
            elif isinstance(moment.action, End):
                title = "nobody slapped after the last card: the game ends (ruling A10)"
                others.append(Event(line, line, "end", title))
        return _history(_full_windows(moments), others, notes, self.names, self.note_event)

    def state_json(
        self, state: ApacheState, moments: Sequence[Moment[ApacheState, Action]]
    ) -> dict[str, Any]:
        stats = _stats(_full_windows(moments), state.players)
        return {
            "phase": FULL_PHASES[state.phase],
            "engine_phase": state.phase,
            "turner": self.name(state.turner),
            "variants": {
                "war_path": state.war_path,
                "wedding": state.wedding,
                "joint_raid": state.joint_raid,
            },
            "deck": {
                "face_down": state.deck_count,
                "by_card": {
                    TYPE_WORDS[t]: left for t, left in enumerate(type_counts(state.deck)) if left
                },
            },
            "display": _names(state.display),
            "removed": _names(state.removed),
            "window": _open_window_json(self.names, state),
            "pending_choice": _pending_json(self.names, state),
            "windows": sum(window.done for window in _full_windows(moments)),
            "players": [
                {
                    "name": colour,
                    "seat": seat,
                    "score": len(pile),
                    "pile": _names(pile),
                    **stats[seat],
                }
                for seat, (colour, pile) in enumerate(zip(self.names, state.piles, strict=True))
            ],
        }


def _full_windows(moments: Sequence[Moment[ApacheState, Action]]) -> list[_Window]:
    """The windows of a FULL game's line of play, with the engine's results."""
    windows: list[_Window] = []
    for moment in moments:
        before, after, action = moment.before, moment.after, moment.action
        if isinstance(action, Slap):
            if before.phase != WINDOW:
                display = _names(after.window)
                windows.append(_Window(moment.step.n, moment.line, moment.line, [], display))
            windows[-1].slaps.append(_Slapped(action.seat, action.indian))
            windows[-1].last = moment.line
        elif isinstance(action, Close | Choose) and windows:
            window = windows[-1]
            window.last = moment.line
            results = after.resolution
            for slap, result in zip(window.slaps, results, strict=False):
                _take_result(slap, result)
            window.done = after.phase != CHOOSE
    return windows


def _take_result(slap: _Slapped, result: SlapResult) -> None:
    slap.result = _label(result)
    slap.reason = result.reason
    slap.cards = {
        "taken": _names(result.taken),
        "joined": _names(result.joined),
        "penalty": _names(result.penalty),
        "raid": [_names(ids) for _, ids in result.raid],
    }


def _label(result: SlapResult) -> str:
    if not result.legal:
        return "penalty"
    return "loot" if result.taken else "nothing"


def _window_results(before: ApacheState, after: ApacheState) -> tuple[SlapResult, ...]:
    """The results a close or a choice added to the window being resolved."""
    done = len(before.resolution) if before.phase == CHOOSE else 0
    return after.resolution[done:]


def _result_words(names: Sequence[str], result: SlapResult) -> str:
    return f"{names[result.seat]} {result.indian}: {_label(result)}: {result.reason}"


def _open_window_json(names: Sequence[str], state: ApacheState) -> dict[str, Any] | None:
    if state.phase not in (WINDOW, CHOOSE):
        return None
    return {
        "display": _names(state.window),
        "slaps": [
            {"player": names[s.seat], "card": f"{names[s.seat]} {s.indian}"} for s in state.slaps
        ],
        "results": [
            {"player": names[r.seat], "result": _label(r), "reason": r.reason}
            for r in (state.resolution if state.phase == CHOOSE else ())
        ],
    }


def _pending_json(names: Sequence[str], state: ApacheState) -> dict[str, Any] | None:
    if state.phase != CHOOSE:
        return None
    best = APACHE.default_choice(state)
    return {
        "player": names[state.pending_seat or 0],
        "options": [
            {
                "option": _option_name(state, choice),
                "cards": _names(APACHE.choice_cards(state, choice)),
                "default": choice == best,
            }
            for choice in APACHE.options(state)
        ],
    }


def _option_words(state: ApacheState, choice: Choose) -> str:
    """A choice in words with its cards: ``"the tomahawks (red warrior, 2 tomahawks)"``."""
    try:
        cards = APACHE.choice_cards(state, choice)
    except ValueError:  # not one of the options (a refused choice)
        return _option_name(state, choice)
    return f"{_option_name(state, choice)} ({joined(_names(cards))})"


def _option_name(state: ApacheState, choice: Choose) -> str:
    """A choice in words: ``"the tipis"``, ``"a wedding with the blue hunter"``."""
    target = "" if choice.target is None else card_words(choice.target)
    if choice.option == "tipis":
        return "the tipis"
    if choice.option == "prisoner":
        return f"the totem poles and the {target} as prisoner"
    if choice.option == "wedding":
        return f"a wedding with the {target}"
    if state.phase == CHOOSE:
        indian = state.slaps[state.resolved].indian
        return f"the {TYPE_PLURALS[ITEM_OF_KIND[KIND_INDEX[indian]]]}"
    return "its own item"


def _names(cards: Sequence[int]) -> list[str]:
    return [card_words(card) for card in cards]


def _type_words(name: str) -> str:
    return TYPE_WORDS[TYPE_INDEX[name]] if name in TYPE_INDEX else name


# --- TRACKER ---------------------------------------------------------------------------------


class ApacheTracker(_ApacheReferee["TrackerState", "TrackerAction"]):
    """Apache with real cards (``apache_tracker``): the windows as entered and confirmed."""

    def players(self, start: TrackerState) -> tuple[str, ...]:
        return start.colours

    def action_words(self, state: TrackerState, action: TrackerAction) -> str:
        kind = action.kind
        if kind == "slap":
            colour = self.name(action.seat)
            return f"{colour} slaps the {colour} {action.indian}"
        if kind == "close":
            return "the window is closed: its slaps are confirmed next"
        if kind == "confirm":
            confirmed = len(state.results)
            indian = state.window[confirmed][1] if confirmed < len(state.window) else "?"
            return f"{self.name(action.seat)} {indian}: {action.result}"
        if kind == "count":
            return f"{self.name(action.seat)}'s pile: {plural(action.cards, 'card')}"
        return "the last card is turned and the last window confirmed (ruling A10)"

    def effect_words(self, moment: Moment[TrackerState, TrackerAction]) -> str:
        before, after, action = moment.before, moment.after, moment.action
        if action.kind == "slap":
            return "joins the window" if before.phase == "slaps" else "opens a Pow-Wow window"
        if action.kind == "close":
            return f"window {after.windows}: {plural(len(after.window), 'slap')} to confirm"
        if action.kind == "confirm":
            words = TRACKER_REASONS.get(action.result, "")
            if after.phase == "play":
                words += f"; the window is done: {self.name(after.turner)} turns the next card"
            return words
        if action.kind == "finish":
            return "the piles are counted next"
        if action.kind == "count" and after.phase == "over":
            return "the game is over"
        return ""

    def phase_words(self, state: TrackerState) -> str:
        match state.phase:
            case "play":
                return (
                    f"{self.name(state.turner)} turns the next card "
                    f"({plural(state.windows, 'window')} so far)"
                )
            case "slaps":
                slaps = ", ".join(f"{self.name(s)} {indian}" for s, indian in state.window)
                return f"a Pow-Wow window is being entered: {slaps}"
            case "confirm":
                seat, indian = state.window[len(state.results)]
                return (
                    f"window {state.windows}: the {self.name(seat)} {indian} slap is confirmed next"
                )
            case "count":
                return f"counting the piles: {self.name(len(state.piles))}'s is next"
        return "over"

    def score_words(
        self, state: TrackerState, moments: Sequence[Moment[TrackerState, TrackerAction]]
    ) -> list[str]:
        stats = [_tracker_stats(s) for s in state.stats]
        if state.phase in ("count", "over"):
            piles = [*state.piles, *([None] * (state.seats - len(state.piles)))]
            return [
                ", ".join(
                    f"{colour} {'not counted' if pile is None else plural(pile, 'card')} "
                    f"({_stats_words(s)})"
                    for colour, pile, s in zip(self.names, piles, stats, strict=True)
                )
            ]
        slaps = ", ".join(f"{c} {_stats_words(s)}" for c, s in zip(self.names, stats, strict=True))
        return [f"the piles are counted at the end (ruling A10); {slaps}"]

    def events(
        self, moments: Sequence[Moment[TrackerState, TrackerAction]], notes: Sequence[Note]
    ) -> list[Event]:
        others = []
        counts = [m for m in moments if m.action.kind == "count"]
        for moment in moments:
            if moment.action.kind == "finish":
                title = "the last card is turned and the last window confirmed (ruling A10)"
                others.append(Event(moment.line, moment.line, "end", title))
        if counts:
            piles = ", ".join(
                f"{self.name(m.action.seat)} {plural(m.action.cards, 'card')}" for m in counts
            )
            data = {"piles": {self.name(m.action.seat): m.action.cards for m in counts}}
            others.append(
                Event(counts[0].line, counts[-1].line, "count", f"piles counted: {piles}", (), data)
            )
        return _history(_tracker_windows(moments), others, notes, self.names, self.note_event)

    def state_json(
        self, state: TrackerState, moments: Sequence[Moment[TrackerState, TrackerAction]]
    ) -> dict[str, Any]:
        counted = state.phase in ("count", "over")
        window = None
        if state.phase in ("slaps", "confirm"):
            window = {
                "display": None,
                "slaps": [
                    {"player": self.name(s), "card": f"{self.name(s)} {i}"} for s, i in state.window
                ],
                "results": [
                    {"player": self.name(seat), "result": result, "reason": TRACKER_REASONS[result]}
                    for (seat, _), result in zip(state.window, state.results, strict=False)
                ],
            }
        return {
            "phase": TRACKER_PHASES[state.phase],
            "engine_phase": state.phase,
            "turner": self.name(state.turner),
            "variants": None,
            "deck": None,
            "display": None,
            "removed": None,
            "window": window,
            "pending_choice": None,
            "windows": state.windows,
            "players": [
                {
                    "name": colour,
                    "seat": seat,
                    "score": state.piles[seat] if counted and seat < len(state.piles) else None,
                    "pile": None,
                    **_tracker_stats(state.stats[seat]),
                }
                for seat, colour in enumerate(self.names)
            ],
        }


def _tracker_stats(stats: Any) -> dict[str, int]:
    return {
        "slaps": stats.slaps,
        "loot": stats.loot,
        "nothing": stats.nothing,
        "penalties": stats.penalties,
    }


def _tracker_windows(moments: Sequence[Moment[TrackerState, TrackerAction]]) -> list[_Window]:
    """The windows of a TRACKER game's line of play, with the results the table confirmed."""
    windows: list[_Window] = []
    for moment in moments:
        before, after, action = moment.before, moment.after, moment.action
        if action.kind == "slap":
            if before.phase != "slaps":
                windows.append(_Window(moment.step.n, moment.line, moment.line, []))
            windows[-1].slaps.append(_Slapped(action.seat, action.indian))
        elif action.kind in ("close", "confirm") and windows:
            window = windows[-1]
            if action.kind == "confirm":
                slap = window.slaps[len(before.results)]
                slap.result, slap.reason = action.result, TRACKER_REASONS.get(action.result, "")
            window.done = after.phase == "play"
        else:
            continue
        windows[-1].last = moment.line
    return windows


__all__ = ["ApacheFull", "ApacheTracker"]
