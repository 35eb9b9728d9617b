"""Pure per-control debouncing: raw edges in, Press / Stuck / Unstuck out.

No clock, no threads, no gpiozero: every time is an integer of nanoseconds passed in, so
the same code runs under the GPIO callbacks and in tests (hypothesis, and the firmware's
copy in ``firmware/box_debounce.py`` checked against it).

The rule, for one control whose edges arrive in that pin's order (lgpio delivers each
pin's edges in order: hardware/README.md, "GPIO timestamps"):

- A *burst* starts at an active edge on a quiet pin. The press it may become is stamped
  with that FIRST edge, never with a later bounce.
- The burst is *confirmed* as a press once the pin has been active for ``min_press_ns``
  in total (summed over the bounce). Confirmation needs time to pass with no edge, hence
  ``advance(now_ns)`` and ``next_deadline()``.
- An unconfirmed burst whose pin then stays inactive for ``glitch_quiet_ns`` was a
  *glitch*: no press, counted. A later real press then gets its own first edge.
- A confirmed press ends once the pin has been inactive for ``release_quiet_ns`` without
  a break. Every edge in between is a *bounce*: ignored, counted. A press that bounced
  ``k`` extra times has ``k + 2`` edges (first, k bounces, final release).
- A burst older than ``stuck_ns`` while the pin is active is *stuck*: ``Stuck`` is
  emitted, the control is ignored until the pin has been inactive for
  ``release_quiet_ns``, then ``Unstuck`` (stamped with the release edge).
- A pin already active when watching starts is *held*: never a press, stuck after
  ``stuck_ns`` unless it is released first.
- Deadlines fire when ``now >= deadline``: an edge exactly ``release_quiet_ns`` after the
  last release edge starts a new press.

Late edges: if the time has already been advanced past an edge that then arrives (a
callback later than the caller allowed for), a glitch or release that was closed too
early is reopened (neither emitted anything), so a late bounce never reopens into a
second press. A ``Press``, ``Stuck`` or ``Unstuck`` already emitted is never taken
back, so the CALLER must not fire a confirmation past an edge still on its way (a
spike's rising edge delivered, its falling edge not yet, and time advanced past
``min_press_ns`` is a Press for good): ``advance(hold=...)`` and
``edge(catch_up=False)`` are for that, and ``gpio.py`` says how the GPIO source uses
them. Late edges are counted (``late``) so the doctor can show them.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import queue
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

from companion.errors import ConfigError
from companion.input.events import InputEvent, Press, Stuck, Unstuck

MS: int = 1_000_000
"""Nanoseconds in a millisecond."""

ControlState: TypeAlias = Literal["idle", "pending", "pressed", "stuck"]
EventSink: TypeAlias = Callable[[InputEvent], None]
SinkLike: TypeAlias = "queue.SimpleQueue[InputEvent] | queue.Queue[InputEvent] | EventSink"


def as_sink(target: SinkLike) -> EventSink:
    """A callable that enqueues one event: a queue's ``put`` or the callable itself."""
    if isinstance(target, queue.SimpleQueue | queue.Queue):
        return target.put
    return target


@dataclass(frozen=True, slots=True, kw_only=True)
class DebounceSettings:
    """Time constants of the debouncer, all in nanoseconds.

    - ``min_press_ns`` (1 ms): interference spikes on button wires last microseconds
      (well under 0.1 ms); a slap keeps the contact closed for tens of ms. 1 ms of total
      active time is ten times the longest spike, a tenth of the shortest press, and
      adds about 1 ms (plus bounce gaps) before the press is confirmed: well inside a
      16.7 ms frame. The press is still stamped at its first edge.
    - ``glitch_quiet_ns`` (2 ms): the gaps inside a microswitch bounce are tens to a few
      hundred microseconds; 2 ms of quiet after an unconfirmed burst means it is over, so
      a real press that follows a glitch keeps its own first edge.
    - ``release_quiet_ns`` (10 ms): arcade microswitches bounce for 1-6 ms; 10 ms
      of stable inactivity outlasts the longest bounce with margin, and still allows
      50 presses a second on one button (people manage about 15).
    - ``stuck_ns`` (5 s): a slap lasts well under half a second and navigation buttons
      are pressed, not held; 5 s never flags a real press or a resting hand, and still
      reports a jammed switch within the same round.
    """

    min_press_ns: int = 1 * MS
    glitch_quiet_ns: int = 2 * MS
    release_quiet_ns: int = 10 * MS
    stuck_ns: int = 5_000 * MS

    def __post_init__(self) -> None:
        if not 0 < self.min_press_ns < self.stuck_ns:
            raise ConfigError(
                f"min_press_ns must be positive and below stuck_ns ({self.stuck_ns}), "
                f"got {self.min_press_ns}"
            )
        if not 0 < self.glitch_quiet_ns <= self.release_quiet_ns < self.stuck_ns:
            raise ConfigError(
                "need 0 < glitch_quiet_ns <= release_quiet_ns < stuck_ns, got "
                f"{self.glitch_quiet_ns}, {self.release_quiet_ns}, {self.stuck_ns}"
            )


DEFAULT_SETTINGS = DebounceSettings()


@dataclass(frozen=True, slots=True)
class ControlStats:
    """What the doctor shows for one control. Counts are since the source opened.

    ``state``: idle, pending (a burst not yet confirmed), pressed (or held since start),
    stuck. ``bounces``: extra edges inside presses; ``glitches``: bursts too short to be
    presses; ``stuck``: times reported stuck; ``late``: edges that arrived after time had
    already been advanced past them (callbacks later than the source's ``latency_ns``);
    ``ignored``: edges while stuck or repeating the level (a lost edge). ``pin`` is
    filled in by the GPIO source.

    The debouncer keeps its running counters in one of these (``state`` is filled in
    when ``stats()`` is read), so the counters are declared only here.
    """

    control: str
    state: ControlState
    presses: int = 0
    bounces: int = 0
    glitches: int = 0
    stuck: int = 0
    late: int = 0
    ignored: int = 0
    last_press_ns: int | None = None
    pin: int | None = None

    @property
    def is_pressed(self) -> bool:
        return self.state == "pressed"

    @property
    def is_stuck(self) -> bool:
        return self.state == "stuck"


class _Phase(enum.Enum):
    IDLE = "idle"
    PENDING = "pending"
    PRESSED = "pressed"
    STUCK = "stuck"


class _Action(enum.IntEnum):
    # Ties fire in this order: a press confirmed at the same instant it became stuck is
    # first a press.
    CONFIRM = 0
    STUCK = 1
    GLITCH = 2
    RELEASE = 3
    UNSTUCK = 4


@dataclass(slots=True)
class _Burst:
    start_ns: int
    first_seen: bool = True
    edges: int = 1
    accum_ns: int = 0
    active_since: int | None = None
    quiet_since: int | None = None

    def bounces(self, level: bool) -> int:
        """Edges beyond the first and (when the pin is inactive) the release edge."""
        return self.edges - int(self.first_seen) - int(not level)


@dataclass(slots=True)
class _Closed:
    """A burst closed by time alone, kept so a late edge inside its quiet can reopen it."""

    burst: _Burst
    phase: _Phase
    until_ns: int
    counted_bounces: int


@dataclass(slots=True)
class _Clock:
    now_ns: int
    last_edge_ns: int


class Debouncer:
    """Debounces one control. Feed ``edge()`` in the pin's order; call ``advance()``."""

    def __init__(
        self,
        control: str,
        *,
        source: str = "",
        settings: DebounceSettings | None = None,
        active: bool = False,
        start_ns: int = 0,
        seq: Iterator[int] | None = None,
    ) -> None:
        self.control = control
        self.source = source
        self.settings = settings or DEFAULT_SETTINGS
        self._seq = seq if seq is not None else itertools.count()
        self._level = active
        self._clock = _Clock(start_ns, start_ns)
        self._counts = ControlStats(control, "idle")  # state: see stats()
        self._closed: _Closed | None = None
        self._burst: _Burst | None = None
        self._phase = _Phase.IDLE
        if active:
            self._phase = _Phase.PRESSED
            self._burst = _Burst(start_ns, first_seen=False, edges=0, active_since=start_ns)

    def __repr__(self) -> str:
        return (
            f"<Debouncer {self.control} {self.state} level={'active' if self._level else 'idle'}"
            f" presses={self._counts.presses} deadline={self.next_deadline()}>"
        )

    @property
    def state(self) -> ControlState:
        return self._phase.value

    @property
    def is_pressed(self) -> bool:
        """Debounced: a press (or a button held at start) that is not yet released."""
        return self._phase is _Phase.PRESSED

    @property
    def is_stuck(self) -> bool:
        return self._phase is _Phase.STUCK

    @property
    def level(self) -> bool:
        """The raw level as of the last edge: True when the pin is active."""
        return self._level

    def stats(self) -> ControlStats:
        live = 0
        if self._phase is _Phase.PRESSED and self._burst is not None:
            live = self._burst.bounces(self._level)
        c = self._counts
        return dataclasses.replace(c, state=self.state, bounces=c.bounces + live)

    def _count(self, **added: int) -> None:
        """Add to counters: ``self._count(glitches=1)``."""
        c = self._counts
        self._counts = dataclasses.replace(
            c, **{name: getattr(c, name) + n for name, n in added.items()}
        )

    # -- time ------------------------------------------------------------------------

    def next_deadline(self) -> int | None:
        """When ``advance`` next has something to do, or None while nothing can happen."""
        due = self._due()
        return None if due is None else due[0]

    def advance(self, now_ns: int) -> list[InputEvent]:
        """Fire every deadline at or before ``now_ns``, in time order."""
        events: list[InputEvent] = []
        while (due := self._due()) is not None and due[0] <= now_ns:
            event = self._fire(*due)
            if event is not None:
                events.append(event)
        self._clock.now_ns = max(self._clock.now_ns, now_ns)
        return events

    def _due(self) -> tuple[int, _Action] | None:
        b = self._burst
        if b is None:
            return None
        s = self.settings
        if not self._level:
            assert b.quiet_since is not None
            quiet = s.glitch_quiet_ns if self._phase is _Phase.PENDING else s.release_quiet_ns
            action = {
                _Phase.PENDING: _Action.GLITCH,
                _Phase.PRESSED: _Action.RELEASE,
                _Phase.STUCK: _Action.UNSTUCK,
            }[self._phase]
            return b.quiet_since + quiet, action
        if self._phase is _Phase.STUCK:
            return None
        assert b.active_since is not None
        stuck = (max(b.start_ns + s.stuck_ns, b.active_since), _Action.STUCK)
        if self._phase is _Phase.PENDING:
            confirm = b.active_since + s.min_press_ns - b.accum_ns
            return min((confirm, _Action.CONFIRM), stuck)
        return stuck

    def _fire(self, at_ns: int, action: _Action) -> InputEvent | None:
        b = self._burst
        assert b is not None
        self._clock.now_ns = max(self._clock.now_ns, at_ns)
        if action is _Action.CONFIRM:
            self._phase = _Phase.PRESSED
            self._count(presses=1)
            self._counts = dataclasses.replace(self._counts, last_press_ns=b.start_ns)
            return Press(self.control, b.start_ns, self.source, next(self._seq))
        if action is _Action.STUCK:
            self._phase = _Phase.STUCK
            self._count(stuck=1, bounces=b.edges - int(b.first_seen))
            return Stuck(self.control, b.start_ns, self.source)
        if action is _Action.UNSTUCK:
            assert b.quiet_since is not None
            self._close(None)
            return Unstuck(self.control, b.quiet_since, self.source)
        bounces = 0
        if action is _Action.GLITCH:
            self._count(glitches=1)
        else:
            bounces = b.bounces(self._level)
            self._count(bounces=bounces)
        self._close(_Closed(b, self._phase, at_ns, bounces))
        return None

    def _close(self, closed: _Closed | None) -> None:
        self._closed = closed
        self._burst = None
        self._phase = _Phase.IDLE

    # -- edges -----------------------------------------------------------------------

    def edge(self, t_ns: int, active: bool, *, catch_up: bool = True) -> list[InputEvent]:
        """One raw edge at ``t_ns``: ``active`` is the level after it (True = pressed).

        Deadlines up to ``t_ns`` fire first (this pin's earlier edges have all arrived).
        A late edge (time already advanced past it) may leave deadlines between ``t_ns``
        and that time: ``catch_up`` fires them at once, trusting that no later edge of
        this pin is still on its way. The GPIO source passes False and lets its timer
        read the pin first: a spike's late rising edge must not be confirmed before its
        falling edge has had a chance to arrive.
        """
        events = self.advance(t_ns)
        clock = self._clock
        if t_ns < clock.now_ns or t_ns < clock.last_edge_ns:
            self._count(late=1)
        t_ns = max(t_ns, clock.last_edge_ns)
        clock.last_edge_ns = t_ns
        if active == self._level:
            self._count(ignored=1)  # a repeated level: an edge was lost in between
            return events
        self._level = active
        if self._phase is _Phase.IDLE:
            if not active:
                return events
            if not self._reopen(t_ns):
                self._phase = _Phase.PENDING
                self._burst = _Burst(t_ns, active_since=t_ns)
                return events
        self._track(t_ns, active)
        if catch_up:  # a late edge may leave deadlines already in the past
            events.extend(self.advance(clock.now_ns))
        return events

    def _reopen(self, t_ns: int) -> bool:
        closed, self._closed = self._closed, None
        if closed is None or t_ns >= closed.until_ns:
            return False
        glitch = int(closed.phase is _Phase.PENDING)
        self._count(glitches=-glitch, bounces=-closed.counted_bounces)
        self._phase, self._burst = closed.phase, closed.burst
        return True

    def _track(self, t_ns: int, active: bool) -> None:
        b = self._burst
        assert b is not None
        if self._phase is _Phase.STUCK:
            self._count(ignored=1)
        else:
            b.edges += 1
        if active:
            b.active_since, b.quiet_since = t_ns, None
        else:
            assert b.active_since is not None
            b.accum_ns += t_ns - b.active_since
            b.active_since, b.quiet_since = None, t_ns


class DebounceBank(Mapping[str, Debouncer]):
    """One debouncer per control, sharing a source label and a press sequence."""

    def __init__(self, *, source: str, settings: DebounceSettings | None = None) -> None:
        self.source = source
        self.settings = settings or DEFAULT_SETTINGS
        self._debouncers: dict[str, Debouncer] = {}
        self._seq: Iterator[int] = itertools.count()

    def __repr__(self) -> str:
        return f"<DebounceBank {self.source} {len(self)} controls>"

    def add(self, control: str, *, active: bool = False, start_ns: int = 0) -> Debouncer:
        if control in self._debouncers:
            raise ConfigError(f"control {control!r} is already watched; map it once")
        d = Debouncer(
            control,
            source=self.source,
            settings=self.settings,
            active=active,
            start_ns=start_ns,
            seq=self._seq,
        )
        self._debouncers[control] = d
        return d

    def __getitem__(self, control: str) -> Debouncer:
        return self._debouncers[control]

    def __iter__(self) -> Iterator[str]:
        return iter(self._debouncers)

    def __len__(self) -> int:
        return len(self._debouncers)

    def edge(
        self, control: str, t_ns: int, active: bool, *, catch_up: bool = True
    ) -> list[InputEvent]:
        """``Debouncer.edge`` of ``control``."""
        return self._debouncers[control].edge(t_ns, active, catch_up=catch_up)

    def next_deadline(self, *, skip: Collection[str] = ()) -> int | None:
        """The earliest deadline of the controls not in ``skip``."""
        deadlines = (d.next_deadline() for c, d in self._debouncers.items() if c not in skip)
        return min((when for when in deadlines if when is not None), default=None)

    def due(self, now_ns: int) -> tuple[str, ...]:
        """The controls with a deadline at or before ``now_ns``."""
        return tuple(
            c
            for c, d in self._debouncers.items()
            if (when := d.next_deadline()) is not None and when <= now_ns
        )

    def advance(self, now_ns: int, *, hold: Collection[str] = ()) -> list[InputEvent]:
        """Fire every due deadline of every control in global time order.

        Controls in ``hold`` fire nothing: an edge of theirs is known to be on its way,
        and firing now could confirm a spike whose falling edge has not arrived. Their
        time still moves to ``now_ns``, so when that edge comes it counts as ``late``;
        its ``edge()`` fires what fell due before it, and a later ``advance`` the rest.
        """
        events: list[InputEvent] = []
        live = [d for c, d in self._debouncers.items() if c not in hold]
        while True:
            due = [(d._due(), d) for d in live]
            ready = [(when, d) for when, d in due if when is not None and when[0] <= now_ns]
            if not ready:
                break
            (at_ns, action), d = min(ready, key=lambda item: item[0])
            event = d._fire(at_ns, action)
            if event is not None:
                events.append(event)
        for d in self._debouncers.values():
            d._clock.now_ns = max(d._clock.now_ns, now_ns)
        return events

    def stats(self) -> dict[str, ControlStats]:
        return {name: d.stats() for name, d in self._debouncers.items()}
