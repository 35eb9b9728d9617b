"""The Pow-Wow slap arbiter: who slapped first, by hardware timestamp (rulings A5, A8, A9).

Pure: no clock reads, no I/O, no pygame. Time is passed in, in the host's
``time.monotonic_ns()`` domain, the same domain as ``Press.t_ns``.

How a window is formed
----------------------
Presses reach the arbiter LATE (lgpio holds each edge about 0.5 ms, the serial box adds up
to about 20 ms) and out of order across players. Quiz buzzers rank by arrival; we rank by
``t_ns``, the stamp of the first edge. So nothing is decided at arrival: ``press()`` only
files the press, and ``poll(now_ns)`` resolves a window once no more presses can belong to
it. A window is therefore a pure function of the presses' stamps (and the card turns), never
of their arrival order:

* A window opens with the earliest pending slap (ruling A9) and takes every later pending
  press until a gap of ``quiet_ns`` with no press at all (a repeated press by the same
  player counts as a slap for this: it is a slap, only ignored for ranking, ruling A8) or
  until a card turn, whichever comes first. Its stamp-domain end ``closed_ns`` is
  ``last press t_ns + quiet_ns`` or the card turn's stamp if that is earlier.
* ``poll(now_ns)`` resolves it when ``now_ns >= closed_ns + settle_ns``: ``settle_ns`` is
  the extra wait for presses still on their way.
* A card turned while a window is open does NOT change that window's reference: its slaps
  are judged against the display as it was when it opened (ruling A9). Presses stamped at
  or after the turn belong to the next window, on the new display; the open window closes
  at the turn (no further slap can join it).
* A press stamped before the ``closed_ns`` of the last resolved window but arriving after
  that resolution (delivered more than ``settle_ns`` late: a host stall, the serial box
  re-sending after a reconnect, or ``poll`` called with a ``now_ns`` from the future) is
  LATE. It is ignored, with no effect and no penalty, and reported at once by
  ``take_late()`` as ``Ignored(reason="late")`` so the screen and the log show it. As
  long as every press arrives within ``settle_ns`` of its stamp no press is late, and the
  windows depend only on the stamps; when some are late, the windows are exactly those of
  the other presses.

  Why ignore it (ruling A9). It was made during a window that is already resolved, against
  that window's display; the result has been applied and cannot change, so it cannot join
  its own window. Nor may it open a new one: A9's "slap after a window's resolution" is a
  slap MADE after it, judged on the display as it then is. A late press judged on the new
  display would be legal or illegal (with a penalty) for a display its player never saw,
  and its stale stamp, the earliest of all, would outrank every on-time slap of the next
  round. So the fair and simple answer is: visible, ignored, no penalty. It is reported
  on its own, not inside a later ``Window``: it belongs to none of them, and a report
  waiting for the next window could wait for the rest of the game.
* A copy of a press already resolved (same ``source``, ``seq`` and ``control``; a re-send
  may carry a slightly different stamp once the box's clock mapping is re-estimated) is
  reported as ``Ignored(reason="duplicate")`` instead. The arbiter remembers the last
  ``REMEMBERED_PRESSES`` resolved presses for this. Only the label depends on that
  memory: a press stamped before the end of the last resolved window is ignored either
  way, and a press stamped after it never consults the memory, so a source that restarts
  its numbering (a GPIO source reopened under the same name; the serial box is to carry a
  boot id in ``source``) is never mistaken for a re-send.

Inside a window
---------------
* One slap per player per window (ruling A8): the EARLIEST stamp of each seat counts; the
  others are kept in ``Window.ignored`` with the reason (``"repeat"``). Decided at
  resolution, so a later-stamped press that arrived first is still the ignored one.
  Exactly equal stamps from one seat (the box samples two buttons in one snapshot) count
  the press whose ``(control, source, seq)`` sorts first. A press delivered twice (two
  presses with the same ``source``, ``seq`` and ``control``) counts once; the copy with the
  later stamp is ignored as a duplicate.
* Counted slaps are ranked by ``t_ns`` (ruling A5). Slaps whose stamps are within
  ``tie_window_ns`` of each other (single-linkage clusters over the sorted stamps) are a
  declared DEAD HEAT: their order is a seeded fair draw (see ``draw_order``), recorded in
  ``Window.ties`` so it can be logged and replayed. The draw never reverses two members
  of a cluster more than ``tie_window_ns`` apart, so a chain of near-ties cannot misorder
  presses that are clearly apart.

One slap per turned card
------------------------
Ruling A8 allows each player one hand card per turned card, across all the windows on it.
An arbiter made with ``one_slap_per_card=True`` (the FULL game, which reports each card
turn with ``card_turned`` as it happens, while no window is pending) keeps that: it
remembers the seats counted in the windows resolved since the latest card turn, the card
their slaps are played on (the game enters a window after resolving it, so a press stamped
just before a turn but resolved after it counts on the new card, as the game enters it).
In a later window before the next turn a press of such a seat is ignored, no penalty,
reason ``"spent"``. Like a repeat it is a press for forming windows (it keeps a window
open); when every press of a window is ignored so, there is no window at all and the
presses are reported by ``take_late()``. ``already_slapped(seats)`` tells the arbiter who
slapped on the card face up before it could see it (a resumed game, an undo back to an
earlier card). The TRACKER's arbiter is not told of card turns (the companion does not see
them), so it keeps each window alone (the default, ``one_slap_per_card=False``).

Rejected presses
----------------
Only seat controls of seats in play are slaps. A navigation control, an unknown control or
a seat not in play raises ``SlapError`` (a ``ValueError``): the caller routes controls,
and ``Arbiter.accepts(control)`` says beforehand whether a press would be taken. Raising
keeps a wiring or routing mistake visible instead of silently dropping a player's slap.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from operator import attrgetter
from types import MappingProxyType, NoneType, UnionType
from typing import Any, Final, Self, TypeVar, get_args, get_origin, get_type_hints

from companion.errors import CompanionError, ConfigError, JournalError
from companion.input.controls import ALL_CONTROLS, SEATS, button_of, seat_of
from companion.input.events import Press
from companion.words import error_reason, say

# Tie window: 5 us.
# - Lower bound, the servicing skew: on a Pi 3/4 the GPIO driver walks simultaneous
#   interrupts in GPIO-number order and stamps each as it goes, so truly simultaneous
#   presses get kernel stamps a few microseconds apart, lower pin first. A tie window
#   above that skew declares them a dead heat and draws fairly, instead of handing the win
#   to the lower pin number. The box's PIO sampler is sub-microsecond and reports
#   simultaneous edges in one snapshot (identical stamps, a tie at any window).
# - Upper bound, the quality bar: presses 10 us apart must never be misordered. The draw
#   never reverses two slaps more than the tie window apart, so any window below 10 us
#   keeps the bar; 5 us leaves 5 us for stamp error (the box-to-host clock mapping, the
#   kernel's own stamping jitter), which is far more than either is expected to be.
# - No human can claim a 5 us win: hand reaction jitter is tens of milliseconds.
DEFAULT_TIE_WINDOW_NS: Final = 5_000

# Quiet time: 1.2 s (ruling A9).
DEFAULT_QUIET_NS: Final = 1_200_000_000

# Settle time: 50 ms.
# A press stamped just before the quiet time runs out must still reach the arbiter before
# the window is resolved. Worst delivery (hardware/README.md, "GPIO timestamps"; for the
# box firmware/README.md): lgpio holds edges about 0.5 ms; the serial box adds up to about
# 20 ms (box drains its FIFO every ms, USB CDC polling, the host reader thread). The main
# loop then passes ``now_ns`` once per frame (16.7 ms), possibly read before it drains the
# queue: 20 + 16.7 = about 37 ms, rounded up to 50 ms for margin. It delays each result by
# 4 % of the 1.2 s quiet time, which nobody at the table notices; a press later than this
# is ignored as late (see the docstring).
DEFAULT_SETTLE_NS: Final = 50_000_000

# Resolved presses remembered to tell a re-sent press (DUPLICATE) from a late one (LATE),
# and late reports kept until ``take_late()``: a game has a few hundred presses, and
# forgetting only changes a label (see the docstring).
REMEMBERED_PRESSES: Final = 4096

REPEAT: Final = "repeat"
SPENT: Final = "spent"
DUPLICATE: Final = "duplicate"
LATE: Final = "late"

IGNORED_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        REPEAT: say("second press, ignored (ruling A8)"),
        SPENT: say("already slapped on this card, ignored (ruling A8)"),
        DUPLICATE: say("delivered twice, ignored"),
        LATE: say("late, ignored (ruling A9)"),
    }
)
"""Why a press was ignored, in a few words for the screens (by ``Ignored.reason``; Words,
shown in the screens' language)."""

_SEAT_ORDER: Final = {seat: i for i, seat in enumerate(SEATS)}
_R = TypeVar("_R")


class SlapError(CompanionError, ValueError):
    """A press that is not a slap of a seat in play (navigation, unknown control, empty seat)."""


# --------------------------------------------------------------------------- results


class _Record:
    """JSON for the result dataclasses, from their fields: tuples become lists, nested
    records objects; ``from_json`` checks each value against the field's type."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        plain: dict[str, Any] = _plain(self)
        return plain

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild from ``to_json()``; raises ``JournalError`` if ``data`` is malformed."""
        return _from_json(cls, data)


@dataclass(frozen=True, slots=True)
class Slap(_Record):
    """One counted slap of a window, in final order.

    ``reaction_ns`` is from the reference card turn (None when no card was turned before the
    window opened); ``gap_ns`` is from the window's earliest stamp (the first slap in time,
    which may rank second after a dead-heat draw); ``tied_with`` names the seats whose
    stamps are within the tie window of this one, in seat-name order.
    """

    seat: str
    control: str
    indian: str
    t_ns: int
    source: str
    seq: int
    rank: int
    reaction_ns: int | None
    gap_ns: int
    tied_with: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ignored(_Record):
    """A press that was not counted, with no effect and no penalty. ``reason``:
    ``"repeat"`` (the seat had already slapped in the window, ruling A8), ``"spent"`` (the
    seat had already slapped in an earlier window on the same card, ruling A8, with
    ``one_slap_per_card``), ``"duplicate"`` (the same press delivered twice) or ``"late"``
    (it arrived after its window had been resolved, ruling A9; see the module docstring).
    ``detail`` says it in words; ``IGNORED_WORDS`` gives the reason in a few."""

    seat: str
    control: str
    t_ns: int
    source: str
    seq: int
    reason: str
    detail: str


@dataclass(frozen=True, slots=True)
class TieDraw(_Record):
    """One dead heat and its draw: replay with
    ``draw_order(seats, t_ns, tie_window_ns=tie_window_ns, material=material) == order``.

    ``seats`` are in seat-name order with their stamps in ``t_ns``; ``order`` is the result.
    """

    seats: tuple[str, ...]
    t_ns: tuple[int, ...]
    order: tuple[str, ...]
    material: str
    tie_window_ns: int


@dataclass(frozen=True, slots=True)
class Window(_Record):
    """A resolved slap window.

    ``opened_ns`` is the earliest stamp of a counted slap (an ignored press of a player who
    had already slapped on the card may come before it, ruling A8); ``closed_ns`` the
    stamp-domain end (last press + quiet time, or the card turn that cut it);
    ``resolved_ns`` the ``now_ns`` it was resolved at; ``card_ns`` the reference card turn
    (the latest at or before the window's first press), or None. ``slaps`` are in final
    order (rank 1 first); ``ignored`` are the window's repeats, spent presses and
    duplicates, in stamp order.
    """

    index: int
    opened_ns: int
    closed_ns: int
    resolved_ns: int
    card_ns: int | None
    slaps: tuple[Slap, ...]
    ignored: tuple[Ignored, ...] = ()
    ties: tuple[TieDraw, ...] = ()

    @property
    def order(self) -> tuple[str, ...]:
        """The seats in final order."""
        return tuple(s.seat for s in self.slaps)

    @property
    def first_slapper(self) -> str:
        return self.slaps[0].seat

    @property
    def last_slapper(self) -> str:
        """The seat whose slap was last in the order: it turns the next card (ruling A9)."""
        return self.slaps[-1].seat

    def to_json(self) -> dict[str, Any]:
        return {**_plain(self), "last_slapper": self.last_slapper}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a window from ``to_json()``; raises ``JournalError`` if it is malformed."""
        window = _from_json(cls, data)
        if not window.slaps:
            raise JournalError(
                say("slap window {index} has no slaps: every window has one", index=window.index)
            )
        return window


def _plain(value: Any) -> Any:
    """A result as JSON data: records as objects (one key per field), tuples as lists."""
    if is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _from_json(cls: type[_R], data: Mapping[str, Any]) -> _R:
    try:
        return _decode_record(cls, data)
    except (KeyError, TypeError, ValueError) as exc:
        malformed = say(
            "{record} record is malformed ({error}: {why}): expected the fields written by "
            "{record}.to_json(), got {data}",
            record=cls.__name__,
            error=type(exc).__name__,
            why=error_reason(exc),
            data=repr(data),
        )
        raise JournalError(malformed) from exc


def _decode_record(cls: type[_R], data: Mapping[str, Any]) -> _R:
    """``cls`` from ``data``, one value per field (extra keys, like ``last_slapper``, are
    ignored)."""
    hints = get_type_hints(cls)
    return cls(**{name: _decode(kind, data[name]) for name, kind in hints.items()})


def _decode(kind: Any, value: Any) -> Any:
    """``value`` as the field type ``kind``: a record, ``tuple[X, ...]``, ``X | None`` or a
    plain type such as int or str, exactly (no conversion: ``True`` is not an int, ``"3"``
    not an int, so a journal with wrong types is refused)."""
    origin = get_origin(kind)
    if origin is UnionType:  # X | None
        if value is None:
            return None
        (kind,) = (k for k in get_args(kind) if k is not NoneType)
        return _decode(kind, value)
    if origin is tuple:  # tuple[X, ...]
        if not isinstance(value, list | tuple):
            raise TypeError(say("expected a list, got {value}", value=repr(value)))
        item = get_args(kind)[0]
        return tuple(_decode(item, v) for v in value)
    if isinstance(kind, type) and is_dataclass(kind):
        return _decode_record(kind, value)
    if type(value) is not kind:
        raise TypeError(say("expected {kind}, got {value}", kind=kind.__name__, value=repr(value)))
    return value


# --------------------------------------------------------------------------- the draw


def draw_order(
    seats: Sequence[str], t_ns: Sequence[int], *, tie_window_ns: int, material: str
) -> tuple[str, ...]:
    """The fair order of one dead heat (seats with their stamps, aligned).

    Members are put in seat-name order (so neither arrival order, pin number nor seating
    biases the draw), then a ``random.Random(material)`` picks the next slap uniformly among
    the members that may still come next: those within ``tie_window_ns`` of the earliest
    remaining stamp. For a plain 2- or 3-way tie that is a uniform shuffle; in a chain of
    near-ties two members more than the tie window apart keep their stamp order.
    ``random.Random`` seeded with a string is stable across runs and platforms.
    """
    if len(seats) != len(t_ns):
        raise ValueError(f"draw_order: {len(seats)} seats but {len(t_ns)} stamps")
    rng = random.Random(material)
    remaining = sorted(zip(seats, t_ns, strict=True))
    order: list[str] = []
    while remaining:
        earliest = min(t for _, t in remaining)
        candidates = [m for m in remaining if m[1] - earliest <= tie_window_ns]
        pick = candidates[rng.randrange(len(candidates))]
        remaining.remove(pick)
        order.append(pick[0])
    return tuple(order)


# --------------------------------------------------------------------------- the arbiter


_press_key: Final[Callable[[Press], tuple[int, str, str, int]]] = attrgetter(
    "t_ns", "control", "source", "seq"
)
"""How presses sort: by stamp, then by control, source and sequence number (in C)."""


def _identity(p: Press) -> tuple[str, int, str]:
    """What stays the same when a press is delivered again (its stamp may not)."""
    return (p.source, p.seq, p.control)


@cache
def _seat_controls(seats: tuple[str, ...]) -> Mapping[str, str]:
    """The seat controls of the seats in play, with their seats (shared by arbiters)."""
    return MappingProxyType({c: s for c in ALL_CONTROLS if (s := seat_of(c)) in seats})


class Arbiter:
    """Orders Pow-Wow slaps by hardware timestamp, window by window (rulings A5, A8, A9).

    Feed it ``press(p)`` as presses arrive and ``card_turned(t_ns)`` when a card is turned;
    call ``poll(now_ns)`` every frame: it returns each resolved ``Window`` once, and
    ``take_late()`` the presses ignored outside any window (late, re-sent, or all spent).
    At the end of the game (ruling A10, the last window) ``flush(now_ns)`` resolves what is
    pending.

    Windows are numbered from ``first_index`` (give the next number when resuming a game,
    so dead-heat draws never repeat). ``seed`` goes into every draw's seed material.
    ``one_slap_per_card``: ruling A8 across the windows on a card (see the module
    docstring); only for a caller that reports every card turn.
    """

    def __init__(
        self,
        *,
        seats: Iterable[str] = SEATS,
        tie_window_ns: int = DEFAULT_TIE_WINDOW_NS,
        quiet_ns: int = DEFAULT_QUIET_NS,
        settle_ns: int = DEFAULT_SETTLE_NS,
        seed: int = 0,
        first_index: int = 0,
        one_slap_per_card: bool = False,
    ) -> None:
        self.seats: tuple[str, ...] = _check_seats(seats)
        _check_durations(tie_window_ns, quiet_ns, settle_ns)
        self.tie_window_ns = tie_window_ns
        self.quiet_ns = quiet_ns
        self.settle_ns = settle_ns
        self.seed = seed
        # the controls taken, with their seats: the seat controls of the seats in play
        self._seat_of = _seat_controls(self.seats)
        self._next_index = first_index
        self._pending: list[Press] = []  # sorted by _press_key when self._sorted
        self._sorted = True
        self._head: tuple[int, int] | None = None  # (count, closed_ns) of the first window
        self._turns: list[int] = []  # card turn stamps, sorted
        self._resolved_until: int | None = None  # closed_ns of the last resolved window
        self._last_window: Window | None = None
        # identities of the last REMEMBERED_PRESSES resolved presses, oldest first
        self._resolved: set[tuple[str, int, str]] = set()
        self._resolved_fifo: deque[tuple[str, int, str]] = deque()
        self._late: deque[Ignored] = deque(maxlen=REMEMBERED_PRESSES)  # for take_late()
        self.one_slap_per_card = one_slap_per_card
        # ruling A8: the card face up (its turn stamp, None before the first turn seen) when
        # the last windows were resolved, and the seats counted in them
        self._card_slappers: tuple[int | None, frozenset[str]] = (None, frozenset())

    # ----------------------------------------------------------------- input

    def accepts(self, control: str) -> bool:
        """Whether ``press`` takes this control: a seat control of a seat in play."""
        return control in self._seat_of

    def press(self, p: Press) -> None:
        """File one press. O(1) and cheap: the decision waits for ``poll``. A press stamped
        inside an already resolved window is ignored at once (``take_late()``).

        Raises ``SlapError`` for a navigation control, an unknown control or a seat not
        in play.
        """
        if p.control not in self._seat_of:
            raise SlapError(_rejection(p.control, self.seats))
        if self._resolved_until is not None and p.t_ns < self._resolved_until:
            self._late.append(self._late_report(p))
            return
        pending = self._pending
        if pending and p.t_ns <= pending[-1].t_ns:
            self._sorted = False  # conservative: equal stamps sort by the rest of the key
        pending.append(p)
        self._head = None

    def card_turned(self, t_ns: int) -> None:
        """A card was turned at ``t_ns``: the reference for reaction times of windows that
        open at or after it. A window already open keeps its reference (ruling A9) and
        closes at the turn; presses stamped from the turn on go to the next window. Turns
        are kept for the arbiter's life (a game turns about a hundred cards)."""
        i = bisect_right(self._turns, t_ns)
        if i == 0 or self._turns[i - 1] != t_ns:
            self._turns.insert(i, t_ns)
        self._head = None

    def already_slapped(self, seats: Iterable[str]) -> None:
        """With ``one_slap_per_card``: ``seats`` have slapped on the card face up now, before
        this arbiter saw it (a resumed game, an undo back to an earlier card); their presses
        are ignored until the next ``card_turned`` (ruling A8). Replaces what the arbiter
        knew of the card face up. Raises ``SlapError`` for a seat not in play."""
        chosen = frozenset(seats)
        unknown = sorted(chosen - set(self.seats))
        if unknown:
            raise SlapError(
                f"already_slapped: {unknown} not in play (seats in play: {', '.join(self.seats)})"
            )
        self._card_slappers = (self._turns[-1] if self._turns else None, chosen)

    # ----------------------------------------------------------------- output

    @property
    def pending(self) -> int:
        """Presses filed and not yet resolved."""
        return len(self._pending)

    @property
    def due_ns(self) -> int | None:
        """The ``now_ns`` from which ``poll`` resolves the next window; None if none is open."""
        head = self._find_head()
        return None if head is None else head[1] + self.settle_ns

    @property
    def last_window(self) -> Window | None:
        return self._last_window

    @property
    def last_slapper(self) -> str | None:
        """Who turns the next card (ruling A9): the last slapper of the last window, if that
        window opened after the latest card turn; None when nobody has slapped since the
        turn (turning then passes clockwise, which the game engine knows)."""
        window = self._last_window
        if window is None:
            return None
        if self._turns and self._turns[-1] > window.opened_ns:
            return None
        return window.last_slapper

    def poll(self, now_ns: int) -> Window | None:
        """Resolve and return the earliest open window if ``now_ns >= closed_ns +
        settle_ns``; else None. Call it until it returns None to drain several. Presses
        that form no window (every one spent, ruling A8) go to ``take_late()`` on the way."""
        while (head := self._find_head()) is not None and now_ns >= head[1] + self.settle_ns:
            window = self._resolve(head, now_ns)
            if window is not None:
                return window
        return None

    def flush(self, now_ns: int) -> tuple[Window, ...]:
        """Resolve every pending press now, whatever the time (end of game, ruling A10)."""
        windows: list[Window] = []
        while (head := self._find_head()) is not None:
            window = self._resolve(head, now_ns)
            if window is not None:
                windows.append(window)
        return tuple(windows)

    def take_late(self) -> tuple[Ignored, ...]:
        """The presses ignored outside any window since the last call: those that arrived
        after their window was resolved (reason ``"late"``, or ``"duplicate"`` for a
        re-sent press; ruling A9), and, with ``one_slap_per_card``, those that formed no
        window because every one of them came from a seat that had already slapped on the
        card (reason ``"spent"``, ruling A8). No effect, no penalty; show them and log
        them. In the order they were ignored; the last ``REMEMBERED_PRESSES`` are kept
        until taken."""
        late = tuple(self._late)
        self._late.clear()
        return late

    # ----------------------------------------------------------------- internals

    def _find_head(self) -> tuple[int, int] | None:
        """(press count, closed_ns) of the earliest window among the pending presses."""
        if self._head is not None or not self._pending:
            return self._head
        pending = self._pending
        if not self._sorted:
            pending.sort(key=_press_key)
            self._sorted = True
        opened = pending[0].t_ns
        i = bisect_right(self._turns, opened)
        end = self._turns[i] if i < len(self._turns) else None
        last = opened
        n = 1
        while n < len(pending):
            t = pending[n].t_ns
            if t >= last + self.quiet_ns or (end is not None and t >= end):
                break
            last = t
            n += 1
        closed = last + self.quiet_ns
        if end is not None and end < closed:
            closed = end
        self._head = (n, closed)
        return self._head

    def _resolve(self, head: tuple[int, int], now_ns: int) -> Window | None:
        """Resolve the head window; None when its presses form none (all spent, A8)."""
        # Every press left pending is stamped at or after ``closed`` (it did not join), so
        # ``_resolved_until`` only grows and no pending press ever becomes late.
        n, closed = head
        presses = self._pending[:n]
        del self._pending[:n]
        self._head = None
        self._resolved_until = closed
        self._remember(presses)
        i = bisect_right(self._turns, presses[0].t_ns)
        card = self._turns[i - 1] if i else None
        # ruling A8: the slaps are played on the card face up now (the latest turn)
        face_up = self._turns[-1] if self._turns else None
        spent = self._spent_on(face_up)
        counted, ignored = _sort_out(presses, spent=spent)
        if not counted:
            self._late.extend(ignored)
            return None
        window = _ranked_window(
            counted,
            ignored,
            index=self._next_index,
            closed_ns=closed,
            resolved_ns=now_ns,
            card_ns=card,
            tie_window_ns=self.tie_window_ns,
            seed=self.seed,
        )
        self._next_index += 1
        self._last_window = window
        if self.one_slap_per_card:
            self._card_slappers = (face_up, spent | set(counted))
        return window

    def _spent_on(self, card: int | None) -> frozenset[str]:
        """The seats that have spent their slap on the card turned at ``card`` (None: before
        the first turn the arbiter saw; ruling A8): none unless ``one_slap_per_card``."""
        known, seats = self._card_slappers
        return seats if self.one_slap_per_card and known == card else frozenset()

    def _remember(self, presses: Iterable[Press]) -> None:
        for identity in map(_identity, presses):
            if identity in self._resolved:
                continue
            self._resolved.add(identity)
            self._resolved_fifo.append(identity)
            if len(self._resolved_fifo) > REMEMBERED_PRESSES:
                self._resolved.discard(self._resolved_fifo.popleft())

    def _late_report(self, p: Press) -> Ignored:
        if _identity(p) in self._resolved:
            reason = DUPLICATE
            detail = (
                f"press {p.control} seq {p.seq} from {p.source} (t={p.t_ns} ns) was delivered "
                "again after its window was resolved; the copy is ignored"
            )
        else:
            reason = LATE
            detail = (
                f"press {p.control} at t={p.t_ns} ns arrived after the slap window it was made "
                "in had been resolved; ignored, no penalty (ruling A9: a slap is judged with "
                "its own window, which cannot change now)"
            )
        return _ignored(p, self._seat_of[p.control], reason, detail)


@dataclass(frozen=True, slots=True)
class PowwowSettings:
    """The arbiter's times as the table set them (ruling A9: the quiet time is configurable);
    the settings screen and ``--quiet-time`` give them, each game's arbiter takes them."""

    quiet_ns: int = DEFAULT_QUIET_NS
    settle_ns: int = DEFAULT_SETTLE_NS
    tie_window_ns: int = DEFAULT_TIE_WINDOW_NS

    def arbiter(
        self,
        seats: Iterable[str],
        *,
        seed: int,
        first_index: int = 0,
        one_slap_per_card: bool = False,
    ) -> Arbiter:
        """An arbiter for ``seats`` with these times (``seed`` draws the dead heats;
        ``one_slap_per_card``: ruling A8 across the windows on a card, see ``Arbiter``)."""
        return Arbiter(
            seats=seats,
            quiet_ns=self.quiet_ns,
            settle_ns=self.settle_ns,
            tie_window_ns=self.tie_window_ns,
            seed=seed,
            first_index=first_index,
            one_slap_per_card=one_slap_per_card,
        )


def resolve_window(
    presses: Iterable[Press],
    *,
    index: int,
    closed_ns: int,
    resolved_ns: int,
    card_ns: int | None,
    tie_window_ns: int,
    seed: int,
    spent: Collection[str] = (),
) -> Window:
    """Resolve one window from its presses, in any order. The core of ``Arbiter``; public
    so that a logged window can be re-resolved and checked. ``spent``: the seats that
    slapped in an earlier window on the same card (ruling A8, ``one_slap_per_card``), whose
    presses are ignored. Raises ``SlapError`` for a press that is not a seat control and
    ``ValueError`` when no press counts."""
    counted, ignored = _sort_out(presses, spent=spent)
    if not counted:
        raise ValueError(f"window {index} has no slap that counts: a window opens with a slap")
    return _ranked_window(
        counted,
        ignored,
        index=index,
        closed_ns=closed_ns,
        resolved_ns=resolved_ns,
        card_ns=card_ns,
        tie_window_ns=tie_window_ns,
        seed=seed,
    )


def _sort_out(
    presses: Iterable[Press], *, spent: Collection[str] = ()
) -> tuple[dict[str, Press], list[Ignored]]:
    """The presses of one window sorted out (ruling A8): each seat's counted press (its
    earliest; ``(control, source, seq)`` breaks equal stamps), in stamp order, and the
    ignored ones in stamp order with their reason: a copy of a press (``"duplicate"``), a
    seat's later press (``"repeat"``), any press of a ``spent`` seat (``"spent"``). Raises
    ``SlapError`` for a press that is not a seat control."""
    counted: dict[str, Press] = {}  # seat -> its earliest press; filled in stamp order
    ignored: list[Ignored] = []
    seen: set[tuple[str, int, str]] = set()
    for p in sorted(presses, key=_press_key):
        seat = seat_of(p.control)
        if seat is None:
            raise SlapError(_rejection(p.control, SEATS))
        identity = _identity(p)
        first = counted.get(seat)
        if identity in seen:
            ignored.append(_duplicate(p, seat))
        elif seat in spent:
            ignored.append(_spent(p, seat))
        elif first is None:
            counted[seat] = p
        else:
            ignored.append(_repeat(p, seat, first))
        seen.add(identity)
    return counted, ignored


def _ranked_window(
    counted: Mapping[str, Press],
    ignored: Sequence[Ignored],
    *,
    index: int,
    closed_ns: int,
    resolved_ns: int,
    card_ns: int | None,
    tie_window_ns: int,
    seed: int,
) -> Window:
    """The window of the sorted-out presses (``counted`` not empty, in stamp order): the
    counted slaps ranked by stamp, dead heats drawn (ruling A5)."""
    clusters = _clusters(counted, tie_window_ns)
    opened = next(iter(counted.values())).t_ns  # the earliest: counted is in stamp order
    ties: tuple[TieDraw, ...] = ()
    tied: dict[str, tuple[str, ...]]
    if len(clusters) == len(counted):  # no dead heat: stamp order, nobody tied
        order, tied = list(counted), dict.fromkeys(counted, ())
    else:
        order, ties = _order(counted, clusters, tie_window_ns, f"{seed}:{index}")
        tied = {seat: _tied_with(seat, counted, tie_window_ns) for seat in counted}
    slaps = tuple(
        Slap(
            seat=seat,
            control=p.control,
            indian=button_of(p.control),
            t_ns=p.t_ns,
            source=p.source,
            seq=p.seq,
            rank=rank,
            reaction_ns=None if card_ns is None else p.t_ns - card_ns,
            gap_ns=p.t_ns - opened,
            tied_with=tied[seat],
        )
        for rank, (seat, p) in enumerate(((s, counted[s]) for s in order), start=1)
    )
    return Window(
        index=index,
        opened_ns=opened,
        closed_ns=closed_ns,
        resolved_ns=resolved_ns,
        card_ns=card_ns,
        slaps=slaps,
        ignored=tuple(ignored),
        ties=ties,
    )


def _clusters(counted: Mapping[str, Press], tie_window_ns: int) -> list[list[str]]:
    """The dead-heat clusters (single linkage: consecutive stamps at most ``tie_window_ns``
    apart), in stamp order; ``counted`` is in stamp order."""
    clusters: list[list[str]] = []
    previous: int | None = None
    for seat, p in counted.items():
        if previous is None or p.t_ns - previous > tie_window_ns:
            clusters.append([])
        clusters[-1].append(seat)
        previous = p.t_ns
    return clusters


def _order(
    counted: Mapping[str, Press], clusters: list[list[str]], tie_window_ns: int, material: str
) -> tuple[list[str], tuple[TieDraw, ...]]:
    """Final order: stamp order, with each dead-heat cluster replaced by its draw."""
    order: list[str] = []
    ties: list[TieDraw] = []
    for cluster in clusters:
        if len(cluster) == 1:
            order.extend(cluster)
            continue
        seats = tuple(sorted(cluster))
        stamps = tuple(counted[s].t_ns for s in seats)
        tie_material = f"{material}:{len(ties)}"
        drawn = draw_order(seats, stamps, tie_window_ns=tie_window_ns, material=tie_material)
        ties.append(TieDraw(seats, stamps, drawn, tie_material, tie_window_ns))
        order.extend(drawn)
    return order, tuple(ties)


def _tied_with(seat: str, counted: Mapping[str, Press], tie_window_ns: int) -> tuple[str, ...]:
    """The other seats whose stamps are within the tie window of this seat's, by name."""
    t = counted[seat].t_ns
    return tuple(
        sorted(s for s, p in counted.items() if s != seat and abs(p.t_ns - t) <= tie_window_ns)
    )


def _duplicate(p: Press, seat: str) -> Ignored:
    detail = (
        f"press {p.control} seq {p.seq} from {p.source} (t={p.t_ns} ns) was delivered twice; "
        "the copy is ignored"
    )
    return _ignored(p, seat, DUPLICATE, detail)


def _repeat(p: Press, seat: str, first: Press) -> Ignored:
    detail = (
        f"{seat} already slapped in this window ({first.control} at t={first.t_ns} ns); "
        f"the later press {p.control} at t={p.t_ns} ns is ignored, no penalty "
        "(ruling A8: one slap per player per window)"
    )
    return _ignored(p, seat, REPEAT, detail)


def _spent(p: Press, seat: str) -> Ignored:
    detail = (
        f"{seat} has already slapped since this card was turned; the press {p.control} at "
        f"t={p.t_ns} ns is ignored, no penalty (ruling A8: one hand card per turned card)"
    )
    return _ignored(p, seat, SPENT, detail)


def _ignored(p: Press, seat: str, reason: str, detail: str) -> Ignored:
    return Ignored(
        seat=seat,
        control=p.control,
        t_ns=p.t_ns,
        source=p.source,
        seq=p.seq,
        reason=reason,
        detail=detail,
    )


def _rejection(control: str, seats: Sequence[str]) -> str:
    in_play = ", ".join(seats)
    if control not in ALL_CONTROLS:
        return (
            f"{control!r} is not a control; slaps are seat controls such as 'red.hunter' "
            f"(seats in play: {in_play})"
        )
    seat = seat_of(control)
    if seat is None:
        return (
            f"{control!r} is a navigation control, not a slap: route it to the screen and "
            "give only seat controls to Arbiter.press()"
        )
    return (
        f"{control!r}: seat {seat!r} is not in play (seats in play: {in_play}); check "
        "Arbiter.accepts(control) and ignore presses from empty seats"
    )


def _check_seats(seats: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(seats)
    unknown = [s for s in chosen if s not in _SEAT_ORDER]
    if unknown or not chosen or len(set(chosen)) != len(chosen):
        raise ConfigError(
            f"seats {list(chosen)!r} are not valid: give one or more distinct seat colours "
            f"from {', '.join(SEATS)}"
        )
    return chosen


def _check_durations(tie_window_ns: int, quiet_ns: int, settle_ns: int) -> None:
    if not 0 <= tie_window_ns < quiet_ns:
        raise ConfigError(
            f"tie_window_ns={tie_window_ns} must be >= 0 and below quiet_ns={quiet_ns} "
            f"(default {DEFAULT_TIE_WINDOW_NS} ns)"
        )
    if settle_ns < 0:
        raise ConfigError(
            f"settle_ns={settle_ns} must be >= 0 (default {DEFAULT_SETTLE_NS} ns): it is the "
            "wait for presses still on their way"
        )
