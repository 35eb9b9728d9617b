"""What the Apocalypse TRACKER screen does, without pygame: the entry steps over a session.

Each card played at the table is entered in one or two steps (see
``companion.rules.apocalypse.tracker`` for the rules they feed):

    step      what is asked                          the seat colour buttons
    card      which card: a suit, Chaos,              a colour = that suit's Horseman
              Tranquility or Skip (and Menu)
    value     the Horseman card's value, or "later"   the same colour again = select
              when it cannot win yet (ruling P6)
    token     the token Chaos flips (ruling P5)       a colour = that token
    missing   the value of an off-suit card that an   -
              Apocalypse now scores (P6)
    lead      who opens the next trick (P8)           -
    specials  Duel: Special cards left in each hand   -
    score     the round's scores: accept them, or     -
              enter the table's own count
    count     the table's count, player by player     chief +10, warrior +5,
                                                      woman +1, hunter -1
    first     who starts the next round (P10)         -
    over      the game is over: the results           -

Previous / next move the focus (on ``specials`` and ``count``: minus / plus), select
chooses, back steps back: out of a half-entered card, else it undoes the last entry. The
scene (``companion.ui.apocalypse.tracker``) drives it as a ``GameModel``
(``companion.ui.game_model``). ``player_name`` and ``entry_words`` (the rules' own, from
``companion.rules.apocalypse``) name seats and entries for both modes' screens.
"""

from __future__ import annotations

from typing import Final, Literal

from companion.errors import IllegalAction
from companion.i18n import marked, said, tr
from companion.rules.apocalypse.tracker import (
    SPECIAL_IN_HAND,
    TRACKER,
    VALUES,
    Entry,
    TrackerState,
    entry_words,
    suit_exhausted,
)
from companion.rules.apocalypse.tricks import player_name
from companion.session import Session
from companion.ui.apocalypse.words import card_word, short_card_word, suit_word
from companion.ui.game_model import (
    MENU,
    Choice,
    ChoiceModel,
    Reply,
    SessionModel,
    applied,
    named_seat,
)

Step = Literal[
    "card", "value", "token", "missing", "lead", "specials", "score", "count", "first", "over"
]
COUNT_STEPS: Final = {"chief": 10, "warrior": 5, "woman": 1, "hunter": -1}
"""What a seat colour's buttons add to the focused player's count."""
LATER: Final = "later"
NEXT: Final = "next"
DONE: Final = "done"
CANCEL: Final = "cancel"
SPECIALS: Final = ("chaos", "tranquility", "skip")
"""The options beside the suits, in this order (their words: ``words.card_word``)."""


def _sole_leader(totals: tuple[int, ...], seat: int | None) -> bool:
    """Does ``seat`` alone have the most points?"""
    best = max(totals)
    return seat is not None and totals[seat] == best and totals.count(best) == 1


def _entry_choice(entry: Entry) -> Choice:
    """A token (step ``token``) or a value (step ``missing``) as an option."""
    if entry.token is not None:
        return Choice(entry.token, suit_word(entry.token), entry.token)
    return Choice(str(entry.value), str(entry.value))


_PHASE_STEPS: Final[dict[str, Step]] = {
    "values": "missing",
    "lead": "lead",
    "first": "first",
    "over": "over",
}
_PROMPTS: Final[dict[str, str]] = {
    "card": marked("{who}: which card?"),
    "value": marked("{who}: {suit}, which value?"),
    "token": marked("{who}: Chaos, which token turns black?"),
    "lead": marked("{who} won the trick: who opens the next one?"),
    "first": marked("{who} has the most points: who starts round {round}?"),
    "specials": marked("Duel: how many Special cards are left in each hand?"),
    "count": marked("Your own count: each player's points for this round"),
    "score": marked("The round is over"),
    "over": marked("The game is over"),
}
"""Each step's question (``{who}`` the seat asked, ``{suit}`` the suit picked, ``{round}``
the round to start)."""


class ApocalypseTrackerModel(ChoiceModel, SessionModel[TrackerState, Entry]):
    """The tracker's entry steps (see the module docstring)."""

    def __init__(self, session: Session[TrackerState, Entry]) -> None:
        super().__init__(session)
        self.suit: str | None = None
        """The suit picked in step ``card`` (step ``value`` asks its value)."""
        self.chaos = False
        """Chaos picked in step ``card`` (step ``token`` asks its token)."""
        self.focus = 0
        self.counts: list[int] | None = None
        """The numbers being edited in steps ``specials`` and ``count``."""
        self.count_focus = 0
        self.specials: tuple[int, ...] | None = None
        """The Duel's Specials in hand, once entered (step ``specials``)."""
        self._reset_focus()

    # -- what the screen shows --

    @property
    def step(self) -> Step:
        phase = self.state.phase
        if phase == "play":
            return "token" if self.chaos else "card" if self.suit is None else "value"
        if phase == "score":
            if self.state.duel and self.specials is None:
                return "specials"
            return "score" if self.counts is None else "count"
        return _PHASE_STEPS[phase]

    def choices(self) -> list[Choice]:
        """The options of the current step, in screen order."""
        step, state = self.step, self.state
        legal = list(TRACKER.legal_actions(state)) if state.phase != "over" else []
        if step == "card":
            return [*self._card_choices(legal), Choice(MENU, tr("Menu"))]
        if step == "value":
            return self._value_choices(legal)
        if step in ("lead", "first"):
            seats = [Choice(str(s), player_name(s)) for s in range(state.players)]
            return [*seats, Choice(MENU, tr("Menu"))]
        if step == "score":
            return [
                Choice("accept", tr("Accept these scores")),
                Choice("count", tr("Enter our count")),
            ]
        if step in ("specials", "count"):
            return [
                Choice(NEXT, tr("Next player")),
                Choice(DONE, tr("Done")),
                Choice(CANCEL, tr("Back")),
            ]
        if step == "token":
            legal = [e for e in legal if e.kind == "chaos" and e.token is not None]
        return [_entry_choice(e) for e in legal] if step in ("token", "missing") else []

    def prompt(self) -> str:
        state, step = self.state, self.step
        seat = state.to_play if state.to_play is not None else state.leader or 0
        who = named_seat(player_name(seat), self.names)
        if step == "missing":
            play = state.trick[state.missing_value or 0]
            player = named_seat(player_name(play.seat), self.names)
            return tr("Apocalypse: every card scores. {player}'s {suit}: value?").format(
                player=player, suit=suit_word(play.suit or "")
            )
        if step == "first" and not _sole_leader(state.totals, state.leader):
            return tr(
                "Tie for the most points: {who} won the last trick and chooses who starts "
                "round {round} (ruling P10)"
            ).format(who=who, round=state.round)
        suit = suit_word(self.suit) if self.suit is not None else ""
        return tr(_PROMPTS[step]).format(who=who, suit=suit, round=state.round)

    def round_table(self) -> list[tuple[int, int, int, int]]:
        """Per player: points won, Specials in hand, round score, total before the round."""
        state = self.state
        specials = self._specials()
        return [
            (
                state.round_points(s),
                specials[s],
                state.round_points(s) + SPECIAL_IN_HAND * specials[s],
                state.totals[s],
            )
            for s in range(state.players)
        ]

    # -- the buttons --

    def move(self, delta: int) -> None:
        """The focus; while a count is edited: minus / plus on it."""
        if self.step in ("specials", "count") and self.counts is not None:
            self._add(self.count_focus, delta)
        else:
            super().move(delta)

    def select(self, now_ns: int) -> Reply:
        """The focused option; while a count is edited: the next player (the last: done)."""
        if self.step in ("specials", "count"):
            self._next_count()
            return None
        return super().select(now_ns)

    def _count_choice(self, key: str) -> None:
        """The clickable options of steps ``specials`` and ``count``."""
        if key == CANCEL:
            self.back()
        elif key == NEXT and self.counts is not None:
            self.count_focus = min(self.count_focus + 1, len(self.counts) - 1)
        elif key == DONE and self.counts is not None:
            self.count_focus = len(self.counts) - 1
            self._next_count()

    def colour(self, colour: str, button: str, now_ns: int) -> None:
        """A seat colour's button: a suit, a token, or a step of the count."""
        step = self.step
        if step == "count" and self.counts is not None:
            self._add(self.count_focus, COUNT_STEPS.get(button, 0))
        elif step == "card":
            self._choose_suit(colour)
        elif step == "value" and colour == self.suit:
            self.select(now_ns)
        elif step == "value":
            self.suit = None
            self._choose_suit(colour)
        elif step == "token":
            self._enter(Entry.chaos(colour))

    def back(self) -> Reply:
        """Out of a half-entered card or count, else undo the last entry (nothing to undo:
        a notice says so)."""
        step = self.step
        if self.suit is not None or self.chaos:
            self.suit, self.chaos = None, False
            self._reset_focus()
        elif step == "count":
            self.counts = None  # the table's own count is dropped: the scores show again
            self._reset_focus()
        elif step == "score" and self.state.duel and self.specials is not None:
            self.specials = None  # back to the Specials in hand
            self._prepare_step()
        else:
            self._undo()
        return None

    def add(self, seat: int, delta: int) -> None:
        if self.counts is not None:
            self.count_focus = seat
            self._add(seat, delta)

    def poll(self, now_ns: int) -> bool:
        """Nothing happens on time at a real table."""
        return False

    # -- steps --

    def _undo(self) -> None:
        history = self.session.history
        if not history:
            self.notices.append(tr("nothing to undo"))
            return
        last = history[-1]
        self.session.undo()
        self.counts, self.specials = None, None
        words = said(entry_words(last.action, last.actor))
        self.notices.append(tr("undone: {entry}").format(entry=words))
        self._reset_focus()

    def _card_choices(self, legal: list[Entry]) -> list[Choice]:
        suits = [s for s in self.state.suits if any(e.suit == s for e in legal)]
        found = [Choice(s, suit_word(s), s) for s in suits]
        kinds = {e.kind for e in legal}
        found += [Choice(k, card_word(k), short=short_card_word(k)) for k in SPECIALS if k in kinds]
        return found

    def _value_choices(self, legal: list[Entry]) -> list[Choice]:
        mine = [e for e in legal if e.kind == "horseman" and e.suit == self.suit]
        found = [Choice(LATER, tr("later"))] if any(e.value is None for e in mine) else []
        found += [Choice(str(e.value), str(e.value), self.suit) for e in mine if e.value]
        return found

    def choose(self, key: str, now_ns: int) -> None:
        step = self.step
        if step in ("specials", "count"):
            self._count_choice(key)
        elif step == "card":
            self._choose_card(key)
        elif step == "value":
            value = None if key == LATER else int(key)
            self._enter(Entry.horseman(self.suit or "", value))
        elif step == "token":
            self._enter(Entry.chaos(key))
        elif step == "missing":
            self._enter(Entry.give_value(int(key)))
        elif step in ("lead", "first"):
            self._enter(Entry(step, seat=int(key)))
        elif step == "score":
            if key == "accept":
                self._enter(Entry.score(specials=self.specials))
            else:
                self.counts = [row[2] for row in self.round_table()]
                self.count_focus = 0

    def _choose_card(self, key: str) -> None:
        if key in self.state.suits:
            self._choose_suit(key)
        elif key == "chaos":
            self._choose_chaos()
        elif key == "tranquility":
            self._enter(Entry.tranquility())
        elif key == "skip":
            self._enter(Entry.skip())

    def _choose_suit(self, suit: str) -> None:
        legal = TRACKER.legal_actions(self.state)
        if not any(e.kind == "horseman" and e.suit == suit for e in legal):
            if suit in self.state.suits and suit_exhausted(self.state, suit):
                self.notices.append(
                    tr("every {suit} card has been played (ruling P2)").format(suit=suit_word(suit))
                )
                return
            self.notices.append(self._why_not(Entry.horseman(suit, _any_value(self.state, suit))))
            return
        self.suit = suit
        self.focus = 0  # "later" when the value may wait, else the lowest value left

    def _choose_chaos(self) -> None:
        tokens = self.state.coloured
        if len(tokens) <= 1:
            self._enter(Entry.chaos(tokens[0] if tokens else None))
            return
        self.chaos = True
        self.focus = 0

    def _next_count(self) -> None:
        counts = self.counts
        if counts is None:
            return
        if self.count_focus + 1 < len(counts):
            self.count_focus += 1
            return
        if self.step == "specials":
            self.specials, self.counts = tuple(counts), None
            self._reset_focus()
            return
        self._enter(Entry.score(totals=counts, specials=self.specials))

    def _add(self, seat: int, delta: int) -> None:
        assert self.counts is not None
        top = self._count_limit(seat)
        self.counts[seat] = max(0, min(top, self.counts[seat] + delta))

    def _count_limit(self, seat: int) -> int:
        if self.step == "specials":
            return self.state.hand_size(seat)
        return 999

    def _specials(self) -> tuple[int, ...]:
        state = self.state
        if state.duel:
            return self.specials or (0,) * state.players
        return tuple(state.specials_in_hand(s) or 0 for s in range(state.players))

    def _enter(self, entry: Entry) -> None:
        before = self.state
        if not applied(self.session, entry, self.notices):
            return
        self.suit, self.chaos = None, False
        after = self.state
        resolved = after.last_trick if after.last_trick is not before.last_trick else None
        began = after.apocalypse or (resolved is not None and resolved.apocalypse)
        if began and not before.apocalypse:
            self.cues.append("apocalypse")
        if after.phase != "score":
            self.counts, self.specials = None, None
        self._reset_focus()

    def _why_not(self, entry: Entry) -> str:
        try:
            TRACKER.apply(self.state, entry)
        except IllegalAction as exc:
            return said(exc)
        return tr("{entry} cannot be entered now").format(entry=said(entry_words(entry)))

    def _prepare_step(self) -> None:
        """The Duel's Specials in hand are edited from zero as soon as the round ends."""
        if self.step == "specials" and self.counts is None:
            self.counts, self.count_focus = [0] * self.state.players, 0

    def _reset_focus(self) -> None:
        self._prepare_step()
        state = self.state
        self.focus = 0
        if state.phase in ("lead", "first") and state.leader is not None:
            self.focus = state.leader
        elif self.step == "value":
            self.focus = 0


def _any_value(state: TrackerState, suit: str) -> int:
    return next((v for v in VALUES if (suit, v) not in state.played), VALUES[0])
