"""Les Apaches de Paris for ``companion replay``: the draft, the turns, every settlement
step and the final tally of FULL and TRACKER games, the players named by their gangs.

A stash is named by its district and slot (``district 4 slot 2``) with the outcome printed
on its slot. Each settlement step is the engine's :class:`~companion.rules.paris.
SettlementStep` with its words (the TRACKER's own words, without the counts the bank does
not know); the tally is the engine's (ruling D10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from companion.rules.paris import (
    ASIDE,
    BOURGEOIS,
    DRAFT,
    DRAW,
    FIRST,
    OVER,
    PARIS,
    STASH,
    TURN,
    Action,
    Bourgeois,
    Draw,
    Move,
    ParisState,
    Place,
    SetAside,
    SettlementStep,
    Stash,
    Take,
    TallyLine,
)
from companion.rules.paris import First as FirstPlayer
from companion.rules.paris.board import FIRST_STASH, district_words, get_board
from companion.rules.paris.engine import drafter
from companion.rules.paris.state import STRIDE, TURNS, bits, stash_pair
from companion.session import Note
from companion.tools.replay.base import Event, Moment, Referee, joined, plural

if TYPE_CHECKING:  # a FULL journal never loads the TRACKER engine
    from companion.rules.paris.tracker import Entry, TrackerState

FULL_PHASES: Final = {
    FIRST: "setup",
    ASIDE: "setup",
    DRAFT: "draft",
    DRAW: "draft",
    TURN: "turn",
    STASH: "turn",
    BOURGEOIS: "settlement",
    OVER: "over",
}
TRACKER_PHASES: Final = {
    "turn": "turn",
    "settle": "settlement",
    "policeman": "unveiling",
    "over": "over",
}
"""The engines' phases in the words both modes share (``state.phase`` of ``--json``)."""

APACHE_WORDS: Final = {"leader": "leader", "novice": "novice", "recruit": "reinforcement"}


# --- words both modes use --------------------------------------------------------------------


def stash_words(district: int, slot: int, board: str) -> str:
    """``"district 5 slot 2 (prison)"``: a stash and the outcome printed on its slot."""
    return f"district {district} {slot_words(district, slot, board)}"


def slot_words(district: int, slot: int, board: str) -> str:
    """``"slot 2 (prison)"``: a slot of ``district`` and the outcome printed on it."""
    outcome = get_board(board).outcome(FIRST_STASH[district] + slot - 1)
    return f"slot {slot} ({outcome})"


def _apaches_words(leaders: int, novices: int, reinforcements: int) -> str:
    """``"2 leaders, 1 novice"``: Apaches placed."""
    counts = ((leaders, "leader"), (novices, "novice"), (reinforcements, "reinforcement"))
    return ", ".join(plural(n, word) for n, word in counts if n) or "no Apache"


def _bank_step_words(step: SettlementStep) -> str:
    """A settlement step as the TRACKER tells it, without the counts the bank does not
    know (its own words; its module is loaded already when a TRACKER journal replays)."""
    from companion.rules.paris.tracker import tracker_step_words

    return tracker_step_words(step)


def _bail_words(bail: bool) -> str:
    return ", and pays 150 F bail to free a leader (ruling D8)" if bail else ""


def _paid_words(
    names: Sequence[str],
    before: Sequence[tuple[int, int, int, str]],
    after: Sequence[tuple[int, int, int, str]],
) -> list[str]:
    """The ledger's new entries (``after`` less ``before``) in one line; none if none."""
    entries = after[len(before) :]
    if not entries:
        return []
    return [
        ", ".join(f"{names[seat]} {change:+d} F ({reason})" for _, seat, change, reason in entries)
    ]


def _moved_on(before: ParisState | TrackerState, after: ParisState | TrackerState) -> bool:
    """The action ended a phase, a round or a turn."""
    return (after.phase, after.round, after.turn) != (before.phase, before.round, before.turn)


def _money_lines(names: Sequence[str], money: Sequence[int], *, over: bool) -> list[str]:
    """The players' money, ``over``: after the final tally."""
    words = ", ".join(f"{name} {m} F" for name, m in zip(names, money, strict=True))
    return [f"{words} (after the final tally, ruling D10)"] if over else [words]


def _step_json(
    step: SettlementStep, names: Sequence[str], words: str, *, counts: bool
) -> dict[str, Any]:
    return {
        "district": step.district,
        "name": district_words(step.district),
        "holder": None if step.holder < 0 else names[step.holder],
        "apaches": dict(zip(names, step.counts, strict=True)) if counts else None,
        "outcome": step.outcome or None,
        "money": {names[s]: m for s, m in enumerate(step.money) if m},
        "reinforcements": step.recruits,
        "leader_to": step.leader or None,
        "drawn": step.drawn or None,
        "theft": step.theft,
        "words": words,
    }


def _step_event(
    line: int,
    round_number: int,
    step: SettlementStep,
    names: Sequence[str],
    words: str,
    *,
    counts: bool,
) -> Event:
    drawn = (
        f" (it is {'the policeman' if step.drawn == 'policeman' else 'a bourgeois'})"
        if step.drawn
        else ""
    )
    title = f"round {round_number} settlement: {words}{drawn}"
    data = {"round": round_number, **_step_json(step, names, words, counts=counts)}
    return Event(line, line, "settlement", title, (), data)


def _tally_event(line: int, tally: Sequence[TallyLine]) -> Event:
    details = []
    for entry in tally:
        parts = [f"{entry.stashes} F"]
        if entry.bourgeois:
            counters = plural(entry.bourgeois, "bourgeois", "bourgeois")
            parts.append(f"+ {entry.bourgeois_money} F for {counters}")
        if entry.policeman:
            parts.append(f"- {entry.policeman_paid} F and a leader to prison for the policeman")
        parts.append(
            f"+ {entry.operational_money} F for {plural(entry.operational, 'operational Apache')}"
        )
        details.append(f"{entry.colour}: {' '.join(parts)} = {entry.total} F")
    data = {"tally": [_tally_json(entry) for entry in tally]}
    return Event(line, line, "tally", "the final tally (ruling D10)", tuple(details), data)


def _tally_json(entry: TallyLine) -> dict[str, Any]:
    """A tally line (ruling D10) by player; ``stash_money`` is the money before the end."""
    data = entry.to_json()
    data["player"] = data.pop("colour")
    data["stash_money"] = data.pop("stashes")
    del data["seat"]
    return data


def _ledger_json(
    names: Sequence[str], ledger: Sequence[tuple[int, int, int, str]]
) -> list[dict[str, Any]]:
    return [
        {"round": r, "player": names[seat], "change": change, "reason": reason}
        for r, seat, change, reason in ledger
    ]


class _Turns:
    """A player's turn as it was played: its optional action, then its stash."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.first = 0
        self.parts: list[str] = []

    def act(self, line: int, words: str) -> None:
        if not self.parts:
            self.first = line
        self.parts.append(words)

    def stash(self, line: int, words: str, *, round_number: int, turn: int, player: str) -> None:
        """The turn ends with its stash (``words``) at ``line``."""
        self.act(line, words)
        title = f"round {round_number}, turn {turn}, {player}: {'; '.join(self.parts)}"
        data = {"round": round_number, "turn": turn, "player": player, "actions": self.parts}
        self.events.append(Event(self.first, line, "turn", title, (), data))
        self.parts = []


# --- FULL ------------------------------------------------------------------------------------


class ParisFull(Referee[ParisState, Action]):
    """Les Apaches de Paris with virtual stashes and board (``paris``)."""

    game = "Les Apaches de Paris"

    def players(self, start: ParisState) -> tuple[str, ...]:
        return start.colours

    def _turn_player(self, state: ParisState) -> str:
        return self.name(state.order[state.step]) if state.order else "nobody"

    def action_words(self, state: ParisState, action: Action) -> str:
        return f"{self._who(state, action)} {self._doing(state, action)}"

    def _who(self, state: ParisState, action: Action) -> str:
        if isinstance(action, FirstPlayer | SetAside | Draw | Bourgeois):
            return "chance:"
        if isinstance(action, Take):
            return self.name(drafter(state))
        return self._turn_player(state)

    def _doing(  # noqa: PLR0911 (a return per action class)
        self, state: ParisState, action: Action
    ) -> str:
        match action:
            case FirstPlayer():
                return f"{self.name(action.seat)} is round 1's first player"
            case SetAside():
                stash = stash_words(action.district, action.slot, state.board)
                return f"{stash} is set aside unseen (ruling D3)"
            case Take():
                return f"takes a stash from the pile of {district_words(action.district)}"
            case Draw():
                stash = stash_words(action.district, action.slot, state.board)
                return f"{self.name(drafter(state))} draws {stash}"
            case Place():
                apaches = _apaches_words(action.leaders, action.novices, action.recruits)
                return f"places {apaches} in {district_words(action.district)}"
            case Move():
                steps = ", ".join(
                    f"a {APACHE_WORDS[s.apache]} from district {s.source} to {s.target}"
                    for s in action.steps
                )
                return f"moves {steps}"
            case Stash():
                stash = stash_words(action.district, action.slot, state.board)
                return f"places its stash {stash}{_bail_words(action.bail)}"
            case _:
                drawn = "the policeman" if action.identity == "policeman" else "a bourgeois"
                return f"district 8's holder draws {drawn} (secret at the table, ruling D7)"

    def effect_words(self, moment: Moment[ParisState, Action]) -> str:
        before, after, action = moment.before, moment.after, moment.action
        words = []
        if isinstance(action, Place | Move):
            seat = before.order[before.step]
            district = action.district if isinstance(action, Place) else None
            if district is not None:
                words.append(
                    f"{self.name(seat)} has {plural(after.apaches(seat, district), 'Apache')} there"
                )
        if after.settlement is not before.settlement:
            words.append(f"round {before.round} settled (ruling D7)")
        else:
            words += _paid_words(self.names, before.ledger, after.ledger)
        if _moved_on(before, after) and after.phase in (TURN, DRAFT, ASIDE, OVER):
            words.append(self.phase_words(after))
        return "; ".join(words)

    def phase_words(self, state: ParisState) -> str:
        r, turn = f"round {state.round}", f"round {state.round}, turn {state.turn}"
        player = self._turn_player(state)
        draft = f"{r}, draft: {self.name(drafter(state))} takes a stash"
        picks = f"{state.step} of {TURNS * state.players} stashes drafted"
        words = {
            FIRST: "the first player is being drawn",
            ASIDE: f"{r}: one stash per district is being set aside (ruling D3)",
            DRAFT: f"{draft} ({picks})",
            DRAW: f"{draft} ({picks})",
            TURN: f"{turn}: {player}'s turn (ruling D5)",
            STASH: f"{turn}: {player} places its stash",
            BOURGEOIS: f"{r} ends: district 8's holder draws a bourgeois counter (ruling D7)",
        }
        return words.get(state.phase, "over")

    def score_words(
        self, state: ParisState, moments: Sequence[Moment[ParisState, Action]]
    ) -> list[str]:
        return _money_lines(self.names, state.money, over=state.phase == OVER)

    def events(
        self, moments: Sequence[Moment[ParisState, Action]], notes: Sequence[Note]
    ) -> list[Event]:
        events: list[Event] = []
        turns = _Turns()
        opening: list[Moment[ParisState, Action]] = []
        drafted: list[Moment[ParisState, Action]] = []
        for moment in moments:
            before, after, action = moment.before, moment.after, moment.action
            if isinstance(action, FirstPlayer | SetAside):
                opening.append(moment)
                if after.phase == DRAFT:
                    events.append(self._opening_event(opening))
                    opening = []
            elif isinstance(action, Take | Draw):
                drafted.append(moment)
                if after.phase == TURN:
                    events.append(self._draft_event(drafted))
                    drafted = []
            elif isinstance(action, Place | Move):
                turns.act(moment.line, self._doing(before, action))
            elif isinstance(action, Stash):
                turns.stash(
                    moment.line,
                    self._doing(before, action),
                    round_number=before.round,
                    turn=before.turn,
                    player=self._turn_player(before),
                )
            if after.settlement is not before.settlement:
                events += [
                    _step_event(
                        moment.line, before.round, step, self.names, step.words, counts=True
                    )
                    for step in after.settlement
                ]
            if after.phase == OVER:
                events.append(_tally_event(moment.line, PARIS.tally(after)))
        events += turns.events
        if opening:
            events.append(self._opening_event(opening))
        if drafted:
            events.append(self._draft_event(drafted))
        return events + [self.note_event(note) for note in notes]

    def _opening_event(self, moments: Sequence[Moment[ParisState, Action]]) -> Event:
        state = moments[-1].after
        aside = [stash_words(*stash_pair(s), state.board) for s in bits(state.aside)]
        first = self.name(state.first)
        title = (
            f"round {state.round}: {first} is the first player; "
            f"set aside unseen (ruling D3): {joined(aside)}"
        )
        data = {"round": state.round, "first_player": first, "aside": aside}
        return Event(moments[0].line, moments[-1].line, "round", title, (), data)

    def _draft_event(self, moments: Sequence[Moment[ParisState, Action]]) -> Event:
        state = moments[-1].after
        drawn: dict[str, list[str]] = {name: [] for name in self.names}
        for moment in moments:
            if isinstance(moment.action, Draw):
                stash = stash_words(moment.action.district, moment.action.slot, state.board)
                drawn[self.name(drafter(moment.before))].append(stash)
        details = tuple(f"{name}: {joined(stashes)}" for name, stashes in drawn.items())
        data = {"round": state.round, "stashes": drawn}
        return Event(
            moments[0].line,
            moments[-1].line,
            "draft",
            f"round {state.round}: the draft (ruling D3)",
            details,
            data,
        )

    def state_json(
        self, state: ParisState, moments: Sequence[Moment[ParisState, Action]]
    ) -> dict[str, Any]:
        players = []
        for seat, name in enumerate(self.names):
            row = slice(seat * STRIDE, seat * STRIDE + STRIDE)
            reserve = state.reserve[seat * 3 : seat * 3 + 3]
            players.append(
                {
                    "name": name,
                    "seat": seat,
                    "money": state.money[seat],
                    "reserve": _apaches_json(*reserve),
                    "on_board": _apaches_json(
                        sum(state.leaders[row]), sum(state.novices[row]), sum(state.recruits[row])
                    ),
                    "hospital": state.hospital[seat],
                    "prison": state.prison[seat],
                    "sent_to_hospital": 0,
                    "sent_to_prison": 0,
                    "cemetery": state.cemetery[seat],
                    "novices_used": state.novices_used[seat],
                    "reinforcements_won": 0,
                    "stashes": [stash_words(d, s, state.board) for d, s in state.hand(seat)],
                    "bourgeois_counters": state.bourgeois[seat] + (state.policeman == seat),
                }
            )
        return {
            "phase": FULL_PHASES[state.phase],
            "engine_phase": state.phase,
            "board": state.board,
            "districts": [district_words(d) for d in state.districts],
            "round": state.round,
            "turn": state.turn,
            "first_player": None if state.first < 0 else self.name(state.first),
            "turn_order": [self.name(seat) for seat in state.order],
            "players": players,
            "board_apaches": {
                district_words(d): {
                    name: _apaches_json(
                        state.leaders[seat * STRIDE + d],
                        state.novices[seat * STRIDE + d],
                        state.recruits[seat * STRIDE + d],
                    )
                    for seat, name in enumerate(self.names)
                    if state.apaches(seat, d)
                }
                for d in state.districts
            },
            "covered": [stash_words(*stash_pair(s), state.board) for s in bits(state.covered)],
            "aside": [stash_words(*stash_pair(s), state.board) for s in bits(state.aside)],
            "supply": state.supply,
            "reinforcements_used": state.recruits_used,
            "policeman": None if state.policeman < 0 else self.name(state.policeman),
            "ledger": _ledger_json(self.names, state.ledger),
            "settlement": [
                _step_json(step, self.names, step.words, counts=True) for step in state.settlement
            ],
            "tally": [_tally_json(entry) for entry in PARIS.tally(state)],
        }


def _apaches_json(leaders: int, novices: int, reinforcements: int) -> dict[str, int]:
    return {"leaders": leaders, "novices": novices, "reinforcements": reinforcements}


# --- TRACKER ---------------------------------------------------------------------------------


class ParisTracker(Referee["TrackerState", "Entry"]):
    """Les Apaches de Paris beside the real board (``paris_tracker``): the bank's books."""

    game = "Les Apaches de Paris"

    def players(self, start: TrackerState) -> tuple[str, ...]:
        return start.colours

    def action_words(self, state: TrackerState, action: Entry) -> str:
        kind = action.kind
        if kind in ("place", "move", "stash"):
            return f"{self.name(state.to_play)} {self._doing(action)}"
        if kind == "settle":
            district = state.district or 0
            holder = (
                "nobody holds it" if action.holder < 0 else f"{self.name(action.holder)} holds it"
            )
            slot = ""
            if action.slot:
                slot = f", {slot_words(district, action.slot, state.board)} uncovered"
            return f"the table settles {district_words(district)}: {holder}{slot}"
        if action.holder < 0:
            return "the bourgeois are unveiled: nobody drew the policeman"
        return f"the bourgeois are unveiled: {self.name(action.holder)} holds the policeman"

    def _doing(self, action: Entry) -> str:
        """A turn's entry without its player: ``"places 3 leaders on the board"``."""
        if action.kind == "place":
            apaches = _apaches_words(action.leaders, action.novices, action.recruits)
            return f"places {apaches} on the board"
        if action.kind == "move":
            return "moves Apaches on the board"
        return f"places its stash{_bail_words(action.bail)}"

    def effect_words(self, moment: Moment[TrackerState, Entry]) -> str:
        before, after, action = moment.before, moment.after, moment.action
        words = []
        if action.kind == "settle":
            step = _bank_step_words(after.settled[-1])
            if "; " in step:
                words.append(step.split("; ", 1)[1])
        else:
            words += _paid_words(self.names, before.ledger, after.ledger)
        if _moved_on(before, after):
            words.append(self.phase_words(after))
        return "; ".join(words)

    def phase_words(self, state: TrackerState) -> str:
        r = f"round {state.round}"
        match state.phase:
            case "turn":
                done = " (optional action entered)" if state.acted else ""
                return f"{r}, turn {state.turn}: {self.name(state.to_play)}'s turn{done}"
            case "settle":
                district = district_words(state.district or 0)
                return f"{r} is being settled (ruling D7): {district} is next"
            case "policeman":
                return "the bourgeois are being unveiled: who holds the policeman? (ruling D10)"
        return "over"

    def score_words(
        self, state: TrackerState, moments: Sequence[Moment[TrackerState, Entry]]
    ) -> list[str]:
        return _money_lines(self.names, state.money, over=state.phase == "over")

    def events(
        self, moments: Sequence[Moment[TrackerState, Entry]], notes: Sequence[Note]
    ) -> list[Event]:
        events: list[Event] = []
        turns = _Turns()
        for moment in moments:
            before, after, action = moment.before, moment.after, moment.action
            if action.kind in ("place", "move"):
                turns.act(moment.line, self._doing(action))
            elif action.kind == "stash":
                turns.stash(
                    moment.line,
                    self._doing(action),
                    round_number=before.round,
                    turn=before.turn,
                    player=self.name(before.to_play),
                )
            elif action.kind == "settle":
                step = after.settled[-1]
                events.append(
                    _step_event(
                        moment.line,
                        before.round,
                        step,
                        self.names,
                        _bank_step_words(step),
                        counts=False,
                    )
                )
                if after.round != before.round:
                    title = f"round {after.round}: {self.name(after.first)} is the first player"
                    events.append(
                        Event(
                            moment.line,
                            moment.line,
                            "round",
                            title,
                            (),
                            {"round": after.round, "first_player": self.name(after.first)},
                        )
                    )
            elif action.kind == "policeman":
                events.append(_tally_event(moment.line, after.tally))
        return events + turns.events + [self.note_event(note) for note in notes]

    def state_json(
        self, state: TrackerState, moments: Sequence[Moment[TrackerState, Entry]]
    ) -> dict[str, Any]:
        over = state.phase == "over"
        players = [
            {
                "name": name,
                "seat": seat,
                "money": state.money[seat],
                "reserve": _apaches_json(
                    state.reserve_leaders[seat],
                    state.reserve_novices[seat],
                    state.reserve_recruits[seat],
                ),
                "on_board": _apaches_json(
                    state.board_leaders[seat], state.board_novices[seat], state.board_recruits[seat]
                ),
                "hospital": state.hospital[seat],
                "prison": state.prison[seat],
                "sent_to_hospital": state.sent_hospital[seat],
                "sent_to_prison": state.sent_prison[seat],
                "cemetery": state.cemetery[seat],
                "novices_used": state.novices_used[seat],
                "reinforcements_won": state.won[seat],
                "stashes": None,
                "bourgeois_counters": state.counters[seat],
            }
            for seat, name in enumerate(self.names)
        ]
        return {
            "phase": TRACKER_PHASES[state.phase],
            "engine_phase": state.phase,
            "board": state.board,
            "districts": [district_words(d) for d in state.districts],
            "round": state.round,
            "turn": state.turn,
            "first_player": self.name(state.first),
            "turn_order": [self.name(seat) for seat in state.order],
            "players": players,
            "board_apaches": None,
            "covered": None,
            "aside": None,
            "supply": state.supply,
            "reinforcements_used": state.recruits_used,
            "policeman": self.name(state.policeman_holder)
            if over and state.policeman_holder >= 0
            else None,
            "ledger": _ledger_json(self.names, state.ledger),
            "settlement": [
                _step_json(step, self.names, _bank_step_words(step), counts=False)
                for step in state.settled
            ],
            "tally": [_tally_json(entry) for entry in state.tally],
        }


__all__ = ["ParisFull", "ParisTracker", "slot_words", "stash_words"]
