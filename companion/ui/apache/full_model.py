"""The Apache FULL game behind its screens: the rules engine plays the virtual cards, the
table slaps on the real buttons, bots slap and turn through the same arbiter. No pygame:
the scenes in ``companion.ui.apache.full`` draw it.

The data path:

* Turning has its own control: ``turn_by_hand`` (the scene's Next, or its Turn button) turns
  the next card for the person whose turn it is (``Turn``; the session deals the card, auto
  chance). A seat button is never a turn: it is always a slap (or, for the person choosing,
  an option). A bot turner turns after ``bot_pause_ns``; with auto turn, a person's card is
  turned for them after ``auto_turn_ns`` of calm (``auto_turn_left_ns``: the countdown).
  Each turn is ``Arbiter.card_turned``.
* Slapping. Every seat press (but the choosing person's) goes to a ``powwow.Arbiter`` on
  its real stamp. After every turned card (and every resolved window) each bot's
  ``ReflexBot`` reaction becomes a ``Press`` stamped ``now + reaction`` (source ``"bot"``),
  held in ``bot_hands`` until that time comes and only then given to the arbiter: nothing
  shows or counts a bot's slap before its hand lands, and a turn clears the hands still in
  the air. Bots and people go through the same arbiter, ordered by stamp.
* One slap per turned card (ruling A8). The arbiter is made with ``one_slap_per_card``
  and told who slapped on the card face up when the model starts (a resumed game) and after
  an undo: a press by a player who has already slapped on the card, in any window on it, is
  ignored, no penalty, and shown with its reason (in the window's timeline, or as a notice
  and a ``"late"`` note when it forms no window). Bots do not slap again on a card, nor
  while their slap on it is on its way.
* Windows. ``poll(now_ns)`` resolves windows; each is journaled as a ``"powwow-window"``
  note (``Window.to_json()``) FIRST, then entered as ``Slap`` actions in the arbiter's
  order and a ``Close``. A window resolving while a choice is pending waits in ``queued``
  and is judged on the display after that choice (the display "as it then is", A9).
  After the last card only one window may be entered (ruling A10): later ones are dropped
  (journaled as ``"powwow-dropped"`` notes). With no slap within the quiet time after the
  last card, ``End``.
* Choices (ruling A6). A bot chooses at once; a person has ``choice_timeout_ns`` to pick,
  then the engine's ``default_choice`` is applied.
* Undo (``undo``) never takes back what the table has seen: a turned card reveals a card
  nobody knew, and a Pow-Wow was judged on real presses. So it takes back only a person's
  own last choice (ruling A6), while nothing but other choices of the same Pow-Wow came
  after it; the person then chooses again, with the full time (nothing replays it at once).
  Past a turned card or a decided Pow-Wow it is refused with the reason.
* Pausing (the game menu): ``resume`` after a pause moves the pauses' clocks on by its
  length, so no bot turns and no choice times out the moment the game comes back.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from companion.bots.apache import ReflexBot, ReflexTeam
from companion.errors import IllegalAction
from companion.i18n import said, tr
from companion.input.controls import button_of, seat_of
from companion.input.events import Press
from companion.powwow import IGNORED_WORDS, Ignored, PowwowSettings, Window
from companion.rules.apache import (
    CHOOSE,
    CLOSE,
    END,
    FINAL,
    OVER,
    READY,
    Action,
    ApacheState,
    Choose,
    Close,
    End,
    Slap,
    SlapResult,
    Turn,
)
from companion.rules.apache.engine import Apache
from companion.session import Session
from companion.ui.apache.tracker_model import ApachePlayerResult, ApacheResults
from companion.ui.apache.words import kind_word
from companion.ui.game_model import SessionModel
from companion.ui.theme import colour_word

FullStage = Literal["play", "window", "choose", "over"]

WINDOW_NOTE: Final = "powwow-window"
DROPPED_NOTE: Final = "powwow-dropped"
LATE_NOTE: Final = "late"
BOT_SOURCE: Final = "bot"
SECOND: Final = 1_000_000_000


@dataclass(frozen=True, slots=True)
class ApacheFullTuning:
    """The FULL mode's pauses. The defaults are for people; tests shorten them."""

    bot_median_ms: float = 450.0
    """The bots' median reaction time (lognormal, ``ReflexBot``)."""
    bot_pause_ns: int = 900_000_000
    """How long a bot turner waits before turning the next card."""
    choice_timeout_ns: int = 5 * SECOND
    """How long a person has to choose before ruling A6's default is applied."""
    auto_turn_ns: int | None = None
    """Replaces the menu's auto turn pause when auto turn is on (tests); None: the menu's."""


@dataclass(frozen=True, slots=True)
class ApacheFullOptions:
    """What the start menu chose for a FULL game."""

    colours: tuple[str, ...]
    humans: int
    """The first ``humans`` colours are people, the rest ReflexBots."""
    war_path: bool = False
    wedding: bool = False
    joint_raid: bool = False
    auto_turn_ns: int | None = None
    """Turn a person's card for them after this much calm (None: off)."""

    def setup(self) -> dict[str, object]:
        return {
            "colours": list(self.colours),
            "variants": {
                "war_path": self.war_path,
                "wedding": self.wedding,
                "joint_raid": self.joint_raid and len(self.colours) < 5,
            },
        }


@dataclass(frozen=True, slots=True)
class ApacheFullPlayerResult(ApachePlayerResult):
    """One player's line on the results screen."""

    slaps: int
    won: int
    """Legal slaps that took cards."""
    penalties: int
    reactions_ns: tuple[int, ...]
    """Reaction time from the card turn, one per counted slap, from the window notes."""

    @property
    def times_ns(self) -> tuple[int, ...]:
        return self.reactions_ns


@dataclass(frozen=True, slots=True)
class ApacheFullResults(ApacheResults[ApacheFullPlayerResult]):
    """The FULL game's results (``ApacheResults``)."""


class ApacheFullModel(SessionModel[ApacheState, Action]):
    """An Apache FULL game in progress (see the module docstring)."""

    def __init__(
        self,
        session: Session[ApacheState, Action],
        settings: PowwowSettings,
        *,
        humans: int,
        auto_turn_ns: int | None = None,
        tuning: ApacheFullTuning | None = None,
        now_ns: int = 0,
    ) -> None:
        super().__init__(session)
        engine = session.engine
        assert isinstance(engine, Apache)
        self.engine: Apache = engine
        self.tuning = tuning or ApacheFullTuning()
        self.colours: tuple[str, ...] = session.state.colours
        self.humans = max(0, min(humans, len(self.colours)))
        self.auto_turn_ns = auto_turn_ns
        self.bots = {
            seat: ReflexBot(
                seat,
                random.Random(f"{session.seed}-bot-{seat}"),
                median_ms=self.tuning.bot_median_ms,
            )
            for seat in range(self.humans, len(self.colours))
        }
        self.team = ReflexTeam(list(self.bots.values()))
        self.windows: list[Window] = [
            Window.from_json(note.data) for note in session.notes if note.kind == WINDOW_NOTE
        ]
        self.arbiter = settings.arbiter(
            self.colours, seed=session.seed, first_index=len(self.windows), one_slap_per_card=True
        )
        self._tell_arbiter_who_slapped()
        self.on_window: Callable[[Window], None] = lambda window: None
        """Told of each resolved Pow-Wow as it comes (the scene passes the app's)."""
        self.queued: deque[Window] = deque()
        self.live: list[Press] = []
        self.bot_hands: list[Press] = []
        """Bot slaps decided but not yet landed (stamped in the future): they reach the
        arbiter only when their time comes, so nothing shows or counts a press early."""
        self.calm_since_ns = now_ns
        """When the table last changed (a turn, a window, a choice): pauses count from it."""
        self.choice_since_ns = now_ns
        self.choice_focus = 0
        self.final_window_taken = False
        self._bot_seq = 0

    # -- what the screens show --

    @property
    def stage(self) -> FullStage:
        phase = self.state.phase
        if phase == OVER:
            return "over"
        if phase == CHOOSE:
            return "choose"
        return "window" if self.arbiter.pending or self.queued else "play"

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def slapped_on_card(self) -> frozenset[str]:
        """The colours that have slapped on the card face up (ruling A8): in the windows
        entered, and in those decided but waiting to be entered. Their presses until the
        next card are ignored."""
        queued = (slap.seat for window in self.queued for slap in window.slaps)
        return frozenset((*(self.colours[s] for s in self.state.slapped_on_card), *queued))

    def live_presses(self, now_ns: int) -> list[Press]:
        """The presses of the window being decided that have happened by ``now_ns`` (a
        bot's press is filed ahead, stamped when its hand lands)."""
        return sorted((p for p in self.live if p.t_ns <= now_ns), key=lambda p: p.t_ns)

    @property
    def last_window(self) -> Window | None:
        return self.windows[-1] if self.windows else None

    def window_results(self) -> tuple[SlapResult, ...]:
        """The results of the last resolved window (its slaps in order)."""
        return self.state.last_resolution

    def choice_left_ns(self, now_ns: int) -> int:
        return max(0, self.choice_since_ns + self.tuning.choice_timeout_ns - now_ns)

    # -- input --

    def press(self, press: Press, now_ns: int) -> None:
        """A seat button of a person: always a slap, never a turn (the person choosing: an
        option, ruling A6). Bots press through ``_bot_reactions``."""
        self._land_bot_hands(press.t_ns)  # bot slaps that landed before this press count
        colour = seat_of(press.control)
        if colour not in self.colours:
            words = tr("{colour} is not in this game: press ignored")
            self.notices.append(words.format(colour=colour_word(str(colour))))
            return
        seat = self.colours.index(colour)
        state = self.state
        if state.phase == OVER:
            return
        if state.phase == CHOOSE and state.pending_seat == seat and not self.is_bot(seat):
            kinds = ("chief", "warrior", "woman", "hunter")
            self.choose_index(self.choice_page * 4 + kinds.index(button_of(press.control)), now_ns)
            return
        self.file_press(press)

    def turn_by_hand(self, now_ns: int) -> None:
        """The person whose turn it is turns the next card (Next, the Turn button). Raises
        ``IllegalAction`` with the reason when no person may turn now."""
        refusal = self.turn_refusal()
        if refusal:
            raise IllegalAction(refusal)
        self.turn(now_ns)

    def turn_refusal(self) -> str:
        """Why no person may turn the next card now ("" when the turner may)."""
        state = self.state
        if state.phase == OVER:
            return tr("the game is over")
        if state.phase == FINAL:
            return tr("every card is turned: one last Pow-Wow, then the end (ruling A10)")
        if state.phase == CHOOSE:
            return tr("wait: a choice is being made")
        if self.arbiter.pending or self.queued:
            return tr("wait: a Pow-Wow is being decided")
        if self.is_bot(state.turner):
            words = tr("{colour} is a bot: it turns by itself")
            return words.format(colour=colour_word(self.colours[state.turner]))
        return ""

    def auto_turn_left_ns(self, now_ns: int) -> int | None:
        """How long until a person's card is turned for them (auto turn); None when no
        countdown runs (auto turn off, a bot turns, or no card may be turned now)."""
        if self.auto_turn_ns is None or self.turn_refusal() or self.bot_hands:
            return None
        return max(0, self.calm_since_ns + self.auto_turn_ns - now_ns)

    def turn(self, now_ns: int) -> None:
        """The turner turns the next card (the session deals it). Bot hands still in the
        air were meant for the old display: the bots look again at the new card."""
        self.bot_hands.clear()
        state = self.state
        self.session.apply(Turn(state.turner))
        self.cues.append("turn")
        self.arbiter.card_turned(now_ns)
        self.calm_since_ns = now_ns
        self._bot_reactions(now_ns, fresh=True)

    # -- choosing --

    @property
    def options(self) -> tuple[Choose, ...]:
        return self.engine.options(self.state) if self.state.phase == CHOOSE else ()

    @property
    def choice_page(self) -> int:
        return self.choice_focus // 4

    def move_choice(self, delta: int) -> None:
        count = len(self.options)
        if count:
            self.choice_focus = (self.choice_focus + delta) % count

    def choose_index(self, index: int, now_ns: int) -> None:
        options = self.options
        if 0 <= index < len(options):
            self._choose(options[index], now_ns)

    def _choose(self, choice: Choose, now_ns: int) -> None:
        self.session.apply(choice)
        self._after_resolution(now_ns)

    # -- time --

    def poll(self, now_ns: int) -> bool:
        """Resolve windows, let bots and timers act. True if anything changed."""
        changed = False
        self._land_bot_hands(now_ns)
        while (window := self.arbiter.poll(now_ns)) is not None:
            self.on_window(window)
            self.cues.append("slap")
            self.queued.append(window)
            self.live = [p for p in self.live if p.t_ns >= window.closed_ns]
            changed = True
        for ignored in self.arbiter.take_late():
            self._late(ignored)
            changed = True
        changed |= self._enter_queued(now_ns)
        changed |= self._timers(now_ns)
        return changed

    def flush(self, now_ns: int) -> None:
        self._land_bot_hands(now_ns)
        self.bot_hands.clear()
        for window in self.arbiter.flush(now_ns):
            self.queued.append(window)
        self.live = []
        self._enter_queued(now_ns)

    def undo(self, now_ns: int) -> str:
        """Take back a person's own last choice (ruling A6) and stop there: the person
        chooses again, with the full time. Raises ``IllegalAction`` with the reason when
        that would take back what the table has seen (a turned card, a decided Pow-Wow)."""
        if self.arbiter.pending or self.queued:
            raise IllegalAction(tr("wait: a Pow-Wow is being decided"))
        mine = self._last_own_choice()
        while len(self.session.history) > mine:
            self.session.undo()  # the person's choice, and the bots' choices after it
        self.bot_hands.clear()  # they were meant for the display after the choice
        self._tell_arbiter_who_slapped()  # still the same card: its slaps stand (A8)
        self.choice_since_ns = self.calm_since_ns = now_ns
        self.choice_focus = 0
        seat = self.state.pending_seat
        if seat is None:
            return tr("undone: the player's choice, choose again")
        words = tr("undone: {colour}'s choice, choose again")
        return words.format(colour=colour_word(self.colours[seat]))

    def _last_own_choice(self) -> int:
        """Where the last person's choice is in the line of play, when only the same
        Pow-Wow's other choices came after it; else ``IllegalAction`` says why not."""
        history = self.session.history
        for index in range(len(history) - 1, -1, -1):
            step = history[index]
            action = step.action
            if isinstance(action, Choose) and not self.is_bot(step.actor):
                return index
            if isinstance(action, Choose):
                continue  # a bot's choice in the same Pow-Wow: it will choose again
            if isinstance(action, Slap | Close):
                raise IllegalAction(tr("the Pow-Wow is decided: a slap cannot be taken back"))
            if isinstance(action, End):
                raise IllegalAction(tr("the game is over: it cannot be taken back"))
            raise IllegalAction(tr("the card is turned: it cannot be taken back"))
        raise IllegalAction(tr("nothing to undo: no card turned yet"))

    def resume(self, paused_ns: int) -> None:
        """The game comes back after a pause of ``paused_ns`` (the game menu): the bots'
        and auto turn's pauses and a person's time to choose go on where they stopped."""
        self.calm_since_ns += paused_ns
        self.choice_since_ns += paused_ns

    # -- the end --

    def results(self) -> ApacheFullResults:
        state = self.state
        sizes = state.pile_sizes
        best = max(sizes)
        winners = tuple(self.colours[s] for s, n in enumerate(sizes) if n == best)
        slaps = [0] * len(self.colours)
        won = [0] * len(self.colours)
        penalties = [0] * len(self.colours)
        for result in self._all_results():
            slaps[result.seat] += 1
            won[result.seat] += bool(result.legal and result.taken)
            penalties[result.seat] += not result.legal
        reactions: dict[str, list[int]] = {colour: [] for colour in self.colours}
        for window in self.windows:
            for slap in window.slaps:
                if slap.reaction_ns is not None:
                    reactions[slap.seat].append(slap.reaction_ns)
        players = tuple(
            ApacheFullPlayerResult(
                colour=colour,
                cards=sizes[seat],
                winner=colour in winners,
                slaps=slaps[seat],
                won=won[seat],
                penalties=penalties[seat],
                reactions_ns=tuple(reactions[colour]),
            )
            for seat, colour in enumerate(self.colours)
        )
        return ApacheFullResults(players, winners, len(self.windows))

    def _all_results(self) -> list[SlapResult]:
        """Every slap result of the game, from the line of play (undone moves excluded)."""
        engine, header = self.engine, self.session.header
        state = engine.new(header["setup"], header["seed"])
        found: list[SlapResult] = []
        for step in self.session.history:
            state = engine.apply(state, step.action)
            if isinstance(step.action, Close | Choose) and state.phase != CHOOSE:
                found.extend(state.resolution)
        return found

    # -- internals --

    def file_press(self, press: Press) -> None:
        """Give a slap to the arbiter as it is (no turning): bots, and the screenshots."""
        filed = self.arbiter.pending
        self.arbiter.press(press)
        if self.arbiter.pending > filed:
            self.live.append(press)

    def _tell_arbiter_who_slapped(self) -> None:
        """The arbiter learns who has slapped on the card face up (ruling A8)."""
        self.arbiter.already_slapped(self.colours[s] for s in self.state.slapped_on_card)

    def _bot_reactions(self, now_ns: int, *, fresh: bool) -> None:
        state = self.state
        if not self.bots or state.phase not in (READY, FINAL):
            return
        # ruling A8: a bot whose slap on this card is in the air, filed or decided does not
        # slap again (those already entered are in the state)
        on_the_way = {seat_of(p.control) for p in (*self.bot_hands, *self.live)}
        on_the_way |= self.slapped_on_card()
        busy = {seat for seat, colour in enumerate(self.colours) if colour in on_the_way}
        for reaction in self.team.react(state, fresh=fresh, busy=busy):
            control = f"{self.colours[reaction.seat]}.{reaction.indian}"
            self._bot_seq += 1
            hand = Press(control, now_ns + reaction.delay_ns, BOT_SOURCE, self._bot_seq)
            self.bot_hands.append(hand)

    def _land_bot_hands(self, now_ns: int) -> None:
        """File the bot slaps whose time has come, in stamp order."""
        landed = sorted((p for p in self.bot_hands if p.t_ns <= now_ns), key=lambda p: p.t_ns)
        if landed:
            self.bot_hands = [p for p in self.bot_hands if p.t_ns > now_ns]
            for hand in landed:
                self.file_press(hand)

    def _late(self, ignored: Ignored) -> None:
        """A press ignored outside any window (late, re-sent, or spent on this card)."""
        self.session.annotate(LATE_NOTE, ignored.to_json())
        known = IGNORED_WORDS.get(ignored.reason)  # the arbiter's words
        if known is None:
            words = tr("{reason}, ignored").format(reason=ignored.reason)
        else:
            words = said(known)
        notice = tr("{colour} {indian}: {why}, no penalty").format(
            colour=colour_word(ignored.seat),
            indian=kind_word(ignored.control.partition(".")[2]),
            why=words,
        )
        self.notices.append(notice)

    def _enter_queued(self, now_ns: int) -> bool:
        entered = False
        while self.queued and self.state.phase in (READY, FINAL, OVER):
            window = self.queued.popleft()
            entered = True
            if self.state.phase == OVER or self.final_window_taken:
                self.session.annotate(DROPPED_NOTE, window.to_json())
                self.notices.append(
                    tr("the game is over: only one Pow-Wow after the last card (A10)")
                )
                continue
            self._enter(window, now_ns)
        return entered

    def _enter(self, window: Window, now_ns: int) -> None:
        final = self.state.phase == FINAL
        self.session.annotate(WINDOW_NOTE, window.to_json())
        self.windows.append(window)
        seat_of_colour = {colour: seat for seat, colour in enumerate(self.colours)}
        for slap in window.slaps:
            self.session.apply(Slap(seat_of_colour[slap.seat], slap.indian))
        self.session.apply(CLOSE)
        if any(not result.legal for result in self.state.resolution):
            self.cues.append("penalty")
        self.final_window_taken = final
        self._after_resolution(now_ns)

    def _after_resolution(self, now_ns: int) -> None:
        self.calm_since_ns = now_ns
        state = self.state
        if state.phase == CHOOSE:
            self.choice_since_ns = now_ns
            self.choice_focus = 0
            seat = state.pending_seat
            if seat is not None and self.is_bot(seat):
                self._choose(self.bots[seat].choose(state), now_ns)
            return
        self._bot_reactions(now_ns, fresh=False)

    def _timers(self, now_ns: int) -> bool:
        state = self.state
        if state.phase == CHOOSE:
            if self.choice_left_ns(now_ns) > 0:
                return False
            self._choose(self.engine.default_choice(state), now_ns)  # ruling A6
            return True
        if self.arbiter.pending or self.queued or self.bot_hands:
            return False
        calm = now_ns - self.calm_since_ns
        if state.phase == FINAL and calm >= self.arbiter.quiet_ns + self.arbiter.settle_ns:
            self.session.apply(END)  # nobody slapped after the last card (ruling A10)
            return True
        wait = self.tuning.bot_pause_ns if self.is_bot(state.turner) else self.auto_turn_ns
        if state.phase == READY and wait is not None and calm >= wait:
            self.turn(now_ns)
            return True
        return False


def describe_result(result: SlapResult) -> str:
    """A slap's result in a few words for the timeline's result column (in the screens'
    language)."""
    if not result.legal:
        return tr("penalty −{cards}").format(cards=len(result.penalty))
    if not result.taken:
        return tr("snatched")
    return tr("took {cards}").format(cards=len(result.taken))


def result_kind(result: SlapResult) -> str:
    """``loot`` / ``nothing`` / ``penalty``: the timeline's colours."""
    if not result.legal:
        return "penalty"
    return "loot" if result.taken else "nothing"
