"""What the Paris TRACKER (bank) screen does, without pygame: the entry steps over a session.

The real board is on the table; the companion is the bank (see
``companion.rules.paris.tracker`` for the rules the entries feed). What the table presses:

    step       what is asked                              the seat colour buttons
    turn       what the gang whose turn it is did:        its chief = placed, warrior =
               stash placed, placed Apaches, moved,       moved, woman = bail and stash,
               bail and stash (ruling D8), or Menu        hunter = stash placed
    place      how many leaders, novices and              its chief / warrior / woman:
               reinforcements it placed (select on a      +1 leader / novice /
               number adds one, past the reserve: 0),     reinforcement, hunter = done
               then Done
    stash      after a placement or a move: the stash     hunter = stash placed,
               (with or without bail)                     woman = bail and stash
    holder     settlement (ruling D7), district by        any button of a colour = that
               district: who holds it (or nobody)         gang holds it
    slot       the uncovered slot's outcome, from the     -
               board file (districts 1-7 only)
    policeman  game end (D10): who holds the policeman    any button of a colour = that
               (asked only now: it stays secret)          gang
    over       the final tally: the results               -

Previous / next move the focus, select chooses, back steps back: out of a half-entered
placement or settlement, else it undoes the last entry. The mouse clicks an option. The
scene (``companion.ui.paris.tracker``) drives it as a ``GameModel``
(``companion.ui.game_model``). ``KINDS`` and ``KIND_WORDS`` name the Apaches for both modes'
screens. The words are in the screen's language (``companion.i18n``); the rules' own
sentences (a settlement step, an undone entry, a refusal) are not translated yet.
"""

from __future__ import annotations

from typing import Final, Literal

from companion.i18n import marked, money, said, tr, trn
from companion.rules.paris.board import FENCE_DISTRICT, SLOT_COUNTS
from companion.rules.paris.settlement import BAIL, FENCE_PER_THEFT
from companion.rules.paris.tracker import (
    Entry,
    TrackerState,
    board_of,
    entry_words,
    on_board,
    policeman_choices,
    tracker_step_words,
)
from companion.session import Session
from companion.ui import theme
from companion.ui.game_model import (
    MENU,
    Choice,
    ChoiceModel,
    Reply,
    SessionModel,
    applied,
    named_seat,
)
from companion.ui.paris.words import (
    apaches_words,
    district_name,
    outcome_words,
    screen_words,
)
from companion.words import Words, joined

Step = Literal["turn", "place", "stash", "holder", "slot", "policeman", "over"]
NOBODY: Final = "nobody"
KINDS: Final = ("leaders", "novices", "recruits")
KIND_WORDS: Final = {
    "leaders": marked("leaders"),
    "novices": marked("novices"),
    "recruits": marked("reinf."),
}
"""Each kind of Apache on its option (translated where shown)."""
NONE_LEFT: Final = {
    "leaders": marked("no leaders left in reserve"),
    "novices": marked("no novices left in reserve"),
    "recruits": marked("no reinf. left in reserve"),
}
"""The notice when a kind of Apache is asked for and none is left."""
TURN_BUTTONS: Final = {"chief": "place", "warrior": "move", "woman": "bail", "hunter": "stash"}
PLACE_BUTTONS: Final = {"chief": "leaders", "warrior": "novices", "woman": "recruits"}


_TURN_PROMPTS: Final = {
    "turn": marked("{who}'s turn: what did they do?"),
    "place": marked("{who} placed how many Apaches?"),
    "stash": marked("{who}: the stash placed?"),
}


def letters(state: TrackerState, seats: tuple[int, ...]) -> str:
    return " ".join(theme.SEAT_LETTERS[state.colours[s]] for s in seats)


class ParisTrackerModel(ChoiceModel, SessionModel[TrackerState, Entry]):
    """The bank's entry steps (see the module docstring; no sound cues yet: the bank is
    quiet)."""

    def __init__(self, session: Session[TrackerState, Entry]) -> None:
        super().__init__(session)
        self.placing: dict[str, int] | None = None
        """The placement being entered (step ``place``)."""
        self.holder: int | None = None
        """The holder picked in step ``holder`` (step ``slot`` asks the outcome)."""
        self.focus = 0

    # -- what the screen shows --

    @property
    def step(self) -> Step:
        state = self.state
        if state.phase == "turn":
            if self.placing is not None:
                return "place"
            return "stash" if state.acted else "turn"
        if state.phase == "settle":
            return "holder" if self.holder is None else "slot"
        if state.phase == "policeman":
            return "policeman"
        return "over"

    @property
    def seat(self) -> int | None:
        """The gang whose turn it is."""
        return self.state.to_play

    def _gang_choice(self, seat: int) -> Choice:
        """A gang as an option: ``"P Anna"`` with its player's name, ``"P purple"`` when that
        does not fit."""
        colour = self.state.colours[seat]
        named = theme.seat_name(colour, self.names.get(colour, ""))
        return Choice(str(seat), named, colour, short=theme.seat_name(colour))

    def choices(self) -> list[Choice]:
        step, state = self.step, self.state
        if step in ("turn", "stash"):
            return self._turn_choices()
        if step == "place":
            placing = self.placing or {}
            found = [Choice(k, kind_count(k, placing.get(k, 0))) for k in KINDS]
            return [*found, Choice("done", tr("Done"))]
        if step == "holder":
            gangs = [self._gang_choice(seat) for seat in range(state.players)]
            return [*gangs, Choice(NOBODY, tr("nobody"))]
        if step == "slot":
            slots = board_of(state).slots[state.district or 0]
            return [
                Choice(str(k), f"{k}: {outcome_words(o)}") for k, o in enumerate(slots, start=1)
            ]
        if step == "policeman":
            return [
                self._gang_choice(s) if s >= 0 else Choice(NOBODY, tr("nobody drew him"))
                for s in policeman_choices(state)
            ]
        return []

    def prompt(self, *, named: bool = True) -> str:
        """The question of the step (districts in the screen's words, :func:`district_name`),
        the gang asked by its player's name (``named``) or its colour."""
        state, step = self.state, self.step
        if step in ("turn", "stash", "place"):
            who = named_seat(state.colours[self.seat or 0], self.names if named else {})
            return tr(_TURN_PROMPTS[step]).format(who=who)
        if step in ("holder", "slot"):
            name = district_name(state.district or 0)
            if step == "slot":
                gang = theme.colour_word(state.colours[self.holder or 0])
                return tr("{district}, {gang} holds it: which slot is uncovered?").format(
                    district=name, gang=gang
                )
            return tr("{district}: who holds it?").format(district=name)
        if step == "policeman":
            return tr("The bourgeois are unveiled: who holds the policeman?")
        return tr("The game is over")

    def info(self) -> str:
        """One line under the bank: what the step is about (districts in the screen's
        words; a settlement step in the rules' words, :func:`screen_words`)."""
        return self.info_options()[0]

    def info_options(self) -> list[str]:
        """``info``, then shorter forms where it is a settlement step: its clauses from the
        second, the third, ... (what happened, without who held the district first)."""
        state = self.state
        settling = state.settled and state.phase == "settle"
        if self.step in ("holder", "slot", "policeman") and settling:
            return _step_clauses(tracker_step_words(state.settled[-1]))
        return [self._info()]

    def _info(self) -> str:
        state, step = self.state, self.step
        if step == "place":
            seat = self.seat or 0
            have = apaches_words(
                state.reserve_leaders[seat],
                state.reserve_novices[seat],
                state.reserve_recruits[seat],
            )
            return tr("In reserve: {apaches}").format(apaches=have)
        if step in ("holder", "slot", "policeman") and state.settled and state.phase == "settle":
            return screen_words(said(tracker_step_words(state.settled[-1])))
        if step in ("holder", "slot"):
            return _district_info(state)
        if step == "policeman":
            return _counters_info(state)
        if state.settled and state.turn == 1 and state.step == 0 and not state.acted:
            settled = screen_words(said(tracker_step_words(state.settled[-1])))
            return tr("Round {round} settled. {step}").format(round=state.round - 1, step=settled)
        order = letters(state, state.last_turn())
        return tr("Last turn's order (most Apaches in reserve first): {order}").format(order=order)

    # -- the buttons --

    def colour(self, colour: str, button: str, now_ns: int) -> None:
        """A seat colour's button (see the module docstring)."""
        step, state = self.step, self.state
        if colour not in state.colours:
            self.notices.append(tr("{gang} is not playing").format(gang=theme.colour_word(colour)))
            return
        seat = state.colours.index(colour)
        if step in ("holder", "policeman"):
            key = str(seat)
            if key in [c.key for c in self.choices()]:
                self.choose(key, now_ns)
            else:
                self.notices.append(
                    tr("{gang} holds no bourgeois counter (ruling D10)").format(
                        gang=theme.colour_word(colour)
                    )
                )
            return
        if step not in ("turn", "stash", "place"):
            return
        if seat != self.seat:
            playing = theme.colour_word(state.colours[self.seat or 0])
            self.notices.append(
                tr("it is {playing}'s turn, not {pressed}'s").format(
                    playing=playing, pressed=theme.colour_word(colour)
                )
            )
            return
        if step == "place":
            kind = PLACE_BUTTONS.get(button)
            self.choose(kind if kind is not None else "done", now_ns)
            return
        wanted = TURN_BUTTONS.get(button, "stash")
        if step == "stash" and wanted in ("place", "move"):
            self.notices.append(tr("one optional action per turn (ruling D5)"))
            return
        self.choose(wanted, now_ns)

    def back(self) -> Reply:
        """Out of a half-entered placement or settlement, else undo the last entry (nothing
        to undo: a notice says so)."""
        if self.placing is not None or self.holder is not None:
            self.placing, self.holder = None, None
        elif self.session.history:
            last = self.session.history[-1].action
            self.session.undo()
            undone = said(entry_words(last, self.state.colours))
            self.notices.append(tr("undone: {entry}").format(entry=undone))
        else:
            self.notices.append(tr("nothing to undo"))
            return None
        self.focus = 0
        return None

    def poll(self, now_ns: int) -> bool:
        """Nothing happens on time at a real table."""
        return False

    # -- steps --

    def _turn_choices(self) -> list[Choice]:
        state = self.state
        seat = self.seat or 0
        found = [Choice("stash", tr("Stash placed"))]
        if not state.acted:
            found.append(Choice("place", tr("Placed Apaches")))
            if state.board_leaders[seat] + state.board_novices[seat] + state.board_recruits[seat]:
                found.append(Choice("move", tr("Moved")))
        if state.can_bail(seat):
            found.append(Choice("bail", tr("Bail {bail} + stash").format(bail=money(BAIL))))
        return [*found, Choice(MENU, tr("Menu"))]

    def choose(self, key: str, now_ns: int) -> None:
        step = self.step
        if step in ("turn", "stash"):
            self._turn(key)
        elif step == "place":
            self._place(key)
        elif step == "holder":
            self._holder(key)
        elif step == "slot":
            self._enter(Entry.settle(self.holder if self.holder is not None else -1, int(key)))
        elif step == "policeman":
            self._enter(Entry.policeman(-1 if key == NOBODY else int(key)))

    def _turn(self, key: str) -> None:
        if key == "stash":
            self._enter(Entry.stash())
        elif key == "bail":
            self._enter(Entry.stash(bail=True))
        elif key == "move":
            self._enter(Entry.move())
        elif key == "place":
            self.placing = dict.fromkeys(KINDS, 0)
            self.focus = 0

    def _place(self, key: str) -> None:
        placing = self.placing
        assert placing is not None
        if key == "done":
            entry = Entry.place(placing["leaders"], placing["novices"], placing["recruits"])
            if self._enter(entry):
                self.placing = None
                self.focus = 0
            return
        seat, state = self.seat or 0, self.state
        have = {
            "leaders": state.reserve_leaders[seat],
            "novices": state.reserve_novices[seat],
            "recruits": state.reserve_recruits[seat],
        }[key]
        placing[key] = placing[key] + 1 if placing[key] < have else 0
        if placing[key] == 0 and have == 0:
            self.notices.append(tr(NONE_LEFT[key]))

    def _holder(self, key: str) -> None:
        state = self.state
        district = state.district or 0
        holder = -1 if key == NOBODY else int(key)
        if holder >= 0 and not on_board(state, holder):  # say so now, not after the slot
            self.notices.append(
                tr(
                    "{gang} has no Apache on the board: it cannot hold a district (ruling D7)"
                ).format(gang=theme.seat_name(state.colours[holder]))
            )
            return
        if holder < 0 or not SLOT_COUNTS[district]:
            self._enter(Entry.settle(holder))
            return
        self.holder = holder
        self.focus = 0

    def _enter(self, entry: Entry) -> bool:
        if not applied(self.session, entry, self.notices):
            if self.notices:  # the rules' refusal, its districts in the screen's words
                self.notices[-1] = screen_words(self.notices[-1])
            return False
        self.holder = None
        self.focus = 0
        return True


def kind_count(kind: str, count: int) -> str:
    """A kind of Apache's option while placing: ``"leaders 2"``."""
    return f"{tr(KIND_WORDS[kind])} {count}"


def _counters_info(state: TrackerState) -> str:
    """Who holds bourgeois counters, by colour (asked who holds the policeman)."""
    held = ", ".join(
        f"{theme.colour_word(state.colours[s])} {n}" for s, n in enumerate(state.counters) if n
    )
    if not held:
        return tr("Bourgeois counters held: none")
    return tr("Bourgeois counters held: {held}").format(held=held)


def _step_clauses(words: Words) -> list[str]:
    """A settlement step on screen, whole, then from its second clause, its third, ...,
    then the last clause's result alone ("purple steals 150 F from each other gang")."""
    parts = words.parts if words.separator == "; " else (words,)
    tails: list[object] = [joined("; ", parts[start:]) for start in range(len(parts))]
    last = parts[-1] if parts else words
    if isinstance(last, Words):
        tails += [value for value in last.values.values() if isinstance(value, Words)][-1:]
    return [screen_words(said(tail)) for tail in tails]


def _district_info(state: TrackerState) -> str:
    district = state.district or 0
    if district == FENCE_DISTRICT:
        return trn(
            "The fence pays {pay} per theft of this round: {count} theft(s)",
            "The fence pays {pay} per theft of this round: {count} theft(s)",
            state.thefts,
        ).format(pay=money(FENCE_PER_THEFT), count=state.thefts)
    if not SLOT_COUNTS[district]:
        return tr("Its holder draws a bourgeois counter and keeps it secret")
    return tr("Settling round {round}: districts 1-7, then 8, then 9; now {district}").format(
        round=state.round, district=district_name(district)
    )
