"""The Apache TRACKER game behind its screens: a session, the slap arbiter, and what the
table is entering now. No pygame: the scenes in ``companion.ui.apache.tracker`` draw it.

The data path: seat presses go to a ``powwow.Arbiter`` whose seats are the game's colours.
``poll(now_ns)`` resolves windows; each resolved window is journaled as a ``"window"`` note
(``Window.to_json()``: order, stamps, gaps, repeats, any dead-heat draw with its seed
material) and then entered as ``slap`` actions in the arbiter's order and a ``close``. The
note is written FIRST, so a crash between the note and the actions is completed from the
note on resume. A window that resolves while the previous one is still being confirmed
waits in ``queued`` (slaps are entered only in the ``play`` phase). Presses the arbiter
ignores as late or duplicate are journaled as ``"late"`` notes and shown briefly.

``ApachePlayerResult`` and ``ApacheResults`` are the results both modes' screens show.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Literal, TypeVar

from companion.errors import IllegalAction, JournalError
from companion.i18n import marked, said, tr
from companion.input.events import Press
from companion.powwow import Ignored, PowwowSettings, Window
from companion.rules.apache.tracker import (
    CLOSE,
    FINISH,
    PRAIRIE_CARDS,
    RESULTS,
    TrackerAction,
    TrackerState,
)
from companion.session import Session
from companion.ui.apache.words import kind_word
from companion.ui.game_model import SessionModel
from companion.ui.stats import TimeSpread
from companion.ui.theme import colour_word

Stage = Literal["play", "window", "confirm", "count", "over"]

DEFAULT_OPTION: Final = RESULTS.index("nothing")
"""The option offered first when a slap is confirmed: players correct it (one press). A
slap whose confirmation was undone offers its own previous answer instead."""

WINDOW_NOTE: Final = "window"
LATE_NOTE: Final = "late"

RESULT_WORDS: Final[dict[str, str]] = {
    "loot": marked("loot"),
    "nothing": marked("nothing"),
    "penalty": marked("penalty"),
}
"""A confirmed slap's result as a word (translate it with ``tr`` where it is shown)."""


@dataclass(frozen=True, slots=True)
class ApachePlayerResult(TimeSpread):
    """One player's line on a results screen (both modes): a mode adds its counts and
    names the times its fastest / median / slowest are of (``times_ns``)."""

    colour: str
    cards: int
    winner: bool


P_co = TypeVar("P_co", bound=ApachePlayerResult, covariant=True)


@dataclass(frozen=True, slots=True)
class ApacheResults(Generic[P_co]):
    """A game's results (both modes): a line per player, the winners (ties share the
    victory, ruling A10) and how many Pow-Wows there were."""

    players: tuple[P_co, ...]
    winners: tuple[str, ...]
    windows: int

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


@dataclass(frozen=True, slots=True)
class ApacheTrackerPlayerResult(ApachePlayerResult):
    """One player's line on the results screen."""

    slaps: int
    loot: int
    nothing: int
    penalties: int
    gaps_ns: tuple[int, ...]
    """Gap to the window's first slap, one per slap, from the window notes."""
    firsts: int
    """Windows in which this player's slap ranked first."""

    @property
    def times_ns(self) -> tuple[int, ...]:
        return self.gaps_ns


@dataclass(frozen=True, slots=True)
class ApacheTrackerResults(ApacheResults[ApacheTrackerPlayerResult]):
    reason: str


class ApacheTrackerModel(SessionModel[TrackerState, TrackerAction]):
    """An Apache TRACKER game in progress (see the module docstring)."""

    def __init__(
        self, session: Session[TrackerState, TrackerAction], settings: PowwowSettings
    ) -> None:
        super().__init__(session)
        self.colours: tuple[str, ...] = session.state.colours
        self._windows: list[tuple[Window, int]] = []  # (window, note's n), journal order
        self.on_window: Callable[[Window], None] = lambda window: None
        """Told of each resolved Pow-Wow as it comes (the scene passes the app's)."""
        for note in session.notes:
            if note.kind == WINDOW_NOTE:
                self._load_window(note.data, note.n)
        self.arbiter = settings.arbiter(
            self.colours, seed=session.seed, first_index=len(self._windows)
        )
        self.queued: deque[Window] = deque()
        """Resolved windows waiting for the previous one's confirmations."""
        self.live: list[Press] = []
        """Presses given to the arbiter and not resolved yet (the window being decided)."""
        self.option = DEFAULT_OPTION
        self._undone: list[tuple[int, int, str]] = []
        """Confirmations taken back by ``undo`` and not entered again: (Pow-Wow number, seat,
        result). Each is offered again to its own slapper only."""
        if session.repair is not None:
            self.notices.append(tr("the journal's torn last line was dropped (see the log)"))
        self._complete_interrupted_window()

    # -- what the screens show --

    @property
    def stage(self) -> Stage:
        phase = self.state.phase
        if phase in ("confirm", "count", "over"):
            return phase
        return "window" if self.arbiter.pending or self.queued or self.live else "play"

    @property
    def windows(self) -> tuple[Window, ...]:
        """Every window entered so far (from the journal's notes), in order."""
        return tuple(window for window, _ in self._windows)

    @property
    def last_window(self) -> Window | None:
        return self._windows[-1][0] if self._windows else None

    @property
    def confirming(self) -> Window | None:
        """The window whose slaps are being confirmed, if its note matches the state."""
        state, window = self.state, self.last_window
        if state.phase != "confirm" or window is None:
            return None
        return window if self._entries(window) == list(state.window) else None

    @property
    def confirm_index(self) -> int:
        """Which slap of the window is being confirmed (0 first)."""
        return len(self.state.results)

    @property
    def can_finish(self) -> bool:
        return self.stage == "play"

    def colour_of(self, seat: int) -> str:
        return self.colours[seat]

    def live_presses(self) -> list[Press]:
        """The presses of the window being decided, in stamp order (provisional)."""
        return sorted(self.live, key=lambda p: (p.t_ns, p.control))

    def decided_fraction(self, now_ns: int) -> float:
        """How far the open window is towards being resolved (0..1)."""
        due, live = self.arbiter.due_ns, self.live_presses()
        if due is None or not live:
            return 1.0
        start = live[0].t_ns
        return 1.0 if due <= start else (now_ns - start) / (due - start)

    # -- presses and time --

    def press(self, press: Press) -> bool:
        """A seat button: a slap for the arbiter. False (and a notice) if the seat is not
        in the game."""
        if not self.arbiter.accepts(press.control):
            colour = colour_word(press.control.partition(".")[0])
            self.notices.append(
                tr("{colour} is not in this game: press ignored").format(colour=colour)
            )
            return False
        filed = self.arbiter.pending
        self.arbiter.press(press)
        if self.arbiter.pending > filed:  # else it was late: take_late() reports it
            self.live.append(press)
        return True

    def poll(self, now_ns: int) -> bool:
        """Resolve what the arbiter can, journal late presses, enter queued windows.
        True if anything changed."""
        changed = False
        while (window := self.arbiter.poll(now_ns)) is not None:
            self.on_window(window)
            self.cues.append("slap")
            self._resolved(window)
            changed = True
        for ignored in self.arbiter.take_late():
            self._late(ignored)
            changed = True
        return self._enter_queued() or changed

    def flush(self, now_ns: int) -> None:
        """Resolve every pending press now (leaving the game)."""
        for window in self.arbiter.flush(now_ns):
            self._resolved(window)
        self._enter_queued()

    # -- confirming --

    def cycle(self, delta: int) -> None:
        self.option = (self.option + delta) % len(RESULTS)

    def choose(self, option: int) -> None:
        self.option = option % len(RESULTS)

    def confirm(self) -> None:
        """Enter the focused option for the slap being confirmed."""
        seat = self.state.next_to_confirm
        if seat is None:
            return
        pow_wow = self.state.windows
        self.session.apply(TrackerAction.confirm(seat, RESULTS[self.option]))
        if RESULTS[self.option] == "penalty":
            self.cues.append("penalty")
        self._undone = [entry for entry in self._undone if entry[:2] != (pow_wow, seat)]
        self.option = self._offered()
        self._enter_queued()

    def undo(self) -> str:
        """Undo the last confirmation (never a slap: those are the arbiter's); says what
        was undone, or why nothing was."""
        history = self.session.history
        last = history[-1].action if history else None
        if last is None or last.kind != "confirm":
            if self.state.phase == "confirm":
                return tr(
                    "nothing to undo in this window: the slaps stand as the arbiter ranked them"
                )
            return tr("nothing to undo")
        self._undone.append((self.state.windows, last.seat, last.result))
        self.session.undo()
        self.option = self._offered()
        seat, indian = self.state.window[len(self.state.results)]
        return tr("undone: {colour} {indian} {result}").format(
            colour=colour_word(self.colour_of(seat)),
            indian=kind_word(indian),
            result=tr(RESULT_WORDS[last.result]),
        )

    def _offered(self) -> int:
        """The option focused for the slap being confirmed: its own undone answer if it had
        one (never another slapper's), else the default."""
        seat, pow_wow = self.state.next_to_confirm, self.state.windows
        for undone_pow_wow, undone_seat, result in reversed(self._undone):
            if (undone_pow_wow, undone_seat) == (pow_wow, seat):
                return RESULTS.index(result)
        return DEFAULT_OPTION

    # -- the end --

    def finish(self) -> None:
        """The last card is turned and the last window confirmed: count the piles."""
        if not self.can_finish:
            raise IllegalAction(tr("finish refused: a Pow-Wow is still being decided or confirmed"))
        self.session.apply(FINISH)

    def unfinish(self) -> bool:
        """Back from the count to the game (undo ``finish``); False if piles were entered."""
        history = self.session.history
        if self.state.phase != "count" or not history or history[-1].action != FINISH:
            return False
        self.session.undo()
        return True

    def uncount(self) -> list[int]:
        """Undo the counted piles (back to the count, after a mistaken entry); returns them
        as they were entered."""
        piles = list(self.state.piles)
        while self.session.history and self.session.history[-1].action.kind == "count":
            self.session.undo()
        return piles

    def count_piles(self, piles: Sequence[int]) -> None:
        """Enter the counted piles (seat 0 first); the game is then over."""
        total = sum(piles)
        if total > PRAIRIE_CARDS:
            raise IllegalAction(
                tr(
                    "the piles hold {counted} cards together, but there are only {cards} "
                    "prairie cards (ruling A2): check the counts"
                ).format(counted=total, cards=PRAIRIE_CARDS)
            )
        for seat in range(len(self.state.piles), len(self.colours)):
            self.session.apply(TrackerAction.count(seat, piles[seat]))

    def results(self) -> ApacheTrackerResults:
        state = self.state
        engine = self.session.engine
        outcome = engine.outcome(state)
        scores = engine.scores(state)
        best = max(scores)
        winners = (
            outcome.winners
            if outcome
            else tuple(s for s, score in enumerate(scores) if score == best)
        )
        gaps: dict[str, list[int]] = {colour: [] for colour in self.colours}
        firsts = dict.fromkeys(self.colours, 0)
        for window in self.windows:
            for slap in window.slaps:
                gaps.setdefault(slap.seat, []).append(slap.gap_ns)
                firsts[slap.seat] = firsts.get(slap.seat, 0) + (slap.rank == 1)
        players = tuple(
            ApacheTrackerPlayerResult(
                colour=colour,
                cards=int(scores[seat]),
                slaps=stats.slaps,
                loot=stats.loot,
                nothing=stats.nothing,
                penalties=stats.penalties,
                gaps_ns=tuple(gaps[colour]),
                firsts=firsts[colour],
                winner=seat in winners,
            )
            for seat, (colour, stats) in enumerate(zip(self.colours, state.stats, strict=True))
        )
        return ApacheTrackerResults(
            players=players,
            winners=tuple(self.colours[s] for s in winners),
            windows=state.windows,
            reason=said(outcome.reason) if outcome else tr("not over yet"),
        )

    # -- internals --

    def _entries(self, window: Window) -> list[tuple[int, str]]:
        return [(self.colours.index(slap.seat), slap.indian) for slap in window.slaps]

    def _load_window(self, data: Any, n: int) -> None:
        try:
            window = Window.from_json(data)
        except JournalError as exc:
            words = tr("a window note could not be read: {error}").format(error=said(exc))
            self.notices.append(words)
            return
        self._windows.append((window, n))

    def _resolved(self, window: Window) -> None:
        self.queued.append(window)
        self.live = [p for p in self.live if p.t_ns >= window.closed_ns]  # the next window's

    def _late(self, ignored: Ignored) -> None:
        self.session.annotate(LATE_NOTE, ignored.to_json())
        words = tr("{colour} {indian}: {reason}, ignored, no penalty (ruling A9)")
        self.notices.append(
            words.format(
                colour=colour_word(ignored.seat),
                indian=kind_word(ignored.control.partition(".")[2]),
                reason=ignored.reason,  # the arbiter's reason: "late", "duplicate"
            )
        )

    def _enter_queued(self) -> bool:
        entered = False
        while self.queued and self.state.phase == "play":
            self._enter(self.queued.popleft())
            entered = True
        return entered

    def _enter(self, window: Window) -> None:
        note = self.session.annotate(WINDOW_NOTE, window.to_json())
        self._windows.append((window, note.n))
        self._apply_slaps(window, done=0)

    def _apply_slaps(self, window: Window, *, done: int) -> None:
        for seat, indian in self._entries(window)[done:]:
            self.session.apply(TrackerAction.slap(seat, indian))
        self.session.apply(CLOSE)
        self._undone.clear()
        self.option = DEFAULT_OPTION

    def _complete_interrupted_window(self) -> None:
        """Enter the rest of a window whose note was journaled but whose slaps were not all
        (a crash between them)."""
        if not self._windows:
            return
        window, n = self._windows[-1]
        state, planned = self.state, self._entries(window)
        if state.phase == "slaps" and planned[: len(state.window)] == list(state.window):
            self._apply_slaps(window, done=len(state.window))
            self.notices.append(tr("the last Pow-Wow was interrupted; its slaps are entered now"))
        elif state.phase == "play" and n == len(self.session.history):
            self._apply_slaps(window, done=0)
            self.notices.append(tr("the last Pow-Wow was interrupted; its slaps are entered now"))
