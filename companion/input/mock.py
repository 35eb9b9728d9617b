"""gpiozero mock pins whose edges carry chosen timestamps, and simulated buttons.

``TimedMockPin`` is a ``MockPin`` that a test presses at an exact time:
``pin.press(at_ns)``. It changes the pin's state and calls gpiozero's real
``_call_when_changed(ticks, state)`` (weak reference and all), so the ``GpioSource``
watching it receives the edge through ``when_changed`` with ``ticks = at_ns / 1e9``:
lgpio's convention (hardware/README.md, "GPIO timestamps"). Like every mock pin, it calls
back synchronously in the caller's thread. ``pin.edge(..., deliver=False)`` changes the
state but queues the callback until ``pin.deliver_queued()``: a callback thread running
late, with the pin already reading its new level.

``MockTimeline`` records edges first and delivers them later in any order: "red hunter
at t=1000 us, yellow hunter at t=1012 us, delivered in reverse order".

``SimulatedPins`` presses a control's mock pin at ``time.monotonic_ns()``: the desktop's
buttons (``KeyboardToPins`` drives it), so presses travel the whole GPIO path.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType, TracebackType
from typing import Any, Final, Literal, Self, TypeAlias, get_args

from gpiozero.pins.mock import MockFactory, MockPin, PinState
from gpiozero.pins.pi import PiPin

from companion.errors import ConfigError, DeviceError
from companion.input.debounce import MS, DebounceSettings, SinkLike
from companion.input.gpio import Clock, GpioSource
from companion.input.pinmap import Profile

DeliveryOrder: TypeAlias = Literal["time", "reverse", "written", "shuffle"]
"""The order edges reach the pins (see ``reorder``), not their timestamps."""

DEFAULT_MIN_HOLD_NS: Final = 5 * MS
"""A simulated tap lasts at least this long (see ``SimulatedPins``)."""
_ORDERS: Final = get_args(DeliveryOrder)


# ---- edges, and the order they are delivered in ----------------------------------------


@dataclass(frozen=True, slots=True)
class Edge:
    """One raw edge of a control: ``active`` is the level after it (True = pressed)."""

    t_ns: int
    control: str
    active: bool


def tap_edges(control: str, at_ns: int, hold_ns: int) -> list[Edge]:
    """A clean press at ``at_ns`` released ``hold_ns`` later."""
    return [Edge(at_ns, control, True), Edge(at_ns + hold_ns, control, False)]


def bounce_edges(control: str, at_ns: int, edges: int, span_ns: int) -> list[Edge]:
    """``edges`` edges alternating from active, evenly over ``span_ns`` from ``at_ns`` (an
    odd count leaves the button held)."""
    if edges < 1 or span_ns < 0:
        raise ConfigError(f"a bounce needs at least 1 edge and a span >= 0, got {edges}, {span_ns}")
    step = span_ns // max(edges - 1, 1)
    return [Edge(at_ns + i * step, control, i % 2 == 0) for i in range(edges)]


def reorder(edges: Sequence[Edge], order: DeliveryOrder = "time", *, seed: int = 0) -> list[Edge]:
    """``edges`` in delivery ``order``: ``time`` sorts them by timestamp, ``written`` keeps
    them as given, ``reverse`` and ``shuffle`` reverse or shuffle the order ACROSS controls
    while each control's own edges stay in time order, as lgpio delivers them
    (hardware/README.md, "GPIO timestamps")."""
    if order == "written":
        return list(edges)
    by_time = sorted(edges, key=lambda e: e.t_ns)
    if order == "time":
        return by_time
    slots = by_time[::-1]
    if order == "shuffle":
        slots = by_time[:]
        random.Random(seed).shuffle(slots)
    elif order != "reverse":
        raise ConfigError(f"unknown delivery order {order!r}. Fix: use one of {_ORDERS}")
    queues: defaultdict[str, deque[Edge]] = defaultdict(deque)
    for edge in by_time:
        queues[edge.control].append(edge)
    return [queues[slot.control].popleft() for slot in slots]


class TimedMockPin(MockPin):  # type: ignore[misc]  # gpiozero is untyped
    """A mock input pin pressed and released at chosen times (integers of ns).

    ``held`` is the physical button: a pin held before a source opens stays active
    whatever pull the source sets, as a real held button would.
    """

    _last_change: float  # MockPin's: ticks of the last change

    def __init__(self, factory: Any, info: Any) -> None:
        super().__init__(factory, info)
        self._held = False
        self.edge_log: list[tuple[int, bool]] = []
        """Every edge made with ``edge()``: ``(at_ns, active)``."""
        self._queued: list[tuple[float, bool]] = []

    @property
    def held(self) -> bool:
        return self._held

    def _active_level(self) -> bool:
        return str(self._pull) != "up"  # buttons to ground (pull up) are active low

    def _rest_level(self) -> bool:
        if self._held:
            return self._active_level()
        return {"up": True, "down": False}.get(self._pull, bool(self._state))

    def hold(self) -> None:
        """Hold the button down without an edge: for "pressed before start"."""
        self._held = True
        self._state = self._rest_level()

    def edge(self, active: bool, at_ns: int, *, deliver: bool = True) -> None:
        """Set the button to ``active`` at ``at_ns`` and fire ``when_changed`` with those
        ticks (if the pin watches that edge), after any callbacks still queued.

        With ``deliver=False`` the pin reads its new level at once but the callback is
        queued (``queued``) until ``deliver_queued()`` or the next delivered edge: as on
        a Pi whose callback thread is behind.
        """
        self._held = active
        level = self._active_level() if active else not self._active_level()
        ticks = at_ns / 1e9
        self._state = level
        self.states.append(PinState(ticks - self._last_change, level))
        self._last_change = ticks
        self.edge_log.append((at_ns, active))
        if self._watches(level):
            self._queued.append((ticks, level))
        if deliver:
            self.deliver_queued()

    @property
    def queued(self) -> tuple[tuple[float, bool], ...]:
        """Callbacks made with ``deliver=False`` and not run yet: ``(ticks, state)``."""
        return tuple(self._queued)

    def deliver_queued(self, count: int | None = None) -> int:
        """Run the oldest ``count`` queued callbacks (all by default), in order; returns
        how many ran."""
        n = len(self._queued) if count is None else max(0, min(count, len(self._queued)))
        batch, self._queued[:n] = self._queued[:n], []
        for ticks, level in batch:
            self._call_when_changed(ticks, level)
        return n

    def press(self, at_ns: int) -> None:
        self.edge(True, at_ns)

    def release(self, at_ns: int) -> None:
        self.edge(False, at_ns)

    def _watches(self, level: bool) -> bool:
        wanted = ("both", "rising") if level else ("both", "falling")
        return bool(self._function == "input" and self._edges in wanted)

    def _call_when_changed(self, ticks: float | None = None, state: bool | None = None) -> None:
        if self.when_changed is None:
            return
        PiPin._call_when_changed(
            self,
            self._last_change if ticks is None else ticks,
            self._state if state is None else state,
        )

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)  # checks the value and drives the pin to the pull level
        if self._held:
            self._state = self._rest_level()  # ...but a held button keeps it active


def mock_factory(*, revision: str | None = None) -> Any:
    """A ``MockFactory`` whose pins are ``TimedMockPin``s (named "mock")."""
    return MockFactory(revision=revision, pin_class=TimedMockPin)


def timed_pins(source: GpioSource) -> dict[str, TimedMockPin]:
    """The source's pins, checked to be ``TimedMockPin``s."""
    pins = dict(source.pins)
    wrong = sorted(c for c, pin in pins.items() if not isinstance(pin, TimedMockPin))
    if wrong:
        raise DeviceError(
            f"{source.source}: pins of {', '.join(wrong)} are not TimedMockPins. "
            "Fix: open the source on mock_factory()"
        )
    return pins


def _pin_of(pins: Mapping[str, TimedMockPin], control: str) -> TimedMockPin:
    try:
        return pins[control]
    except KeyError:
        raise ConfigError(
            f"no mock pin for control {control!r}. Fix: use one of {', '.join(pins)}"
        ) from None


def _ns(at_ns: int | None, at_us: int | None) -> int:
    if (at_ns is None) == (at_us is None):
        raise ConfigError(f"give exactly one of at_ns and at_us, got {at_ns=} {at_us=}")
    if at_ns is not None:
        return at_ns
    assert at_us is not None
    return 1_000 * at_us


class MockTimeline:
    """Edges recorded with their times, delivered later in a chosen order."""

    def __init__(self, pins: Mapping[str, TimedMockPin]) -> None:
        self._pins = dict(pins)
        self._pending: list[Edge] = []
        self.delivered: list[Edge] = []
        """Every edge delivered so far, in delivery order."""

    @classmethod
    def of(cls, source: GpioSource) -> MockTimeline:
        return cls(timed_pins(source))

    def __repr__(self) -> str:
        return f"<MockTimeline pending={len(self._pending)} delivered={len(self.delivered)}>"

    @property
    def pending(self) -> tuple[Edge, ...]:
        return tuple(self._pending)

    def add(self, edges: Iterable[Edge]) -> None:
        for edge in edges:
            _pin_of(self._pins, edge.control)
            self._pending.append(edge)

    def edge(
        self, control: str, active: bool, *, at_ns: int | None = None, at_us: int | None = None
    ) -> None:
        self.add([Edge(_ns(at_ns, at_us), control, active)])

    def press(self, control: str, *, at_ns: int | None = None, at_us: int | None = None) -> None:
        self.edge(control, True, at_ns=at_ns, at_us=at_us)

    def release(self, control: str, *, at_ns: int | None = None, at_us: int | None = None) -> None:
        self.edge(control, False, at_ns=at_ns, at_us=at_us)

    def tap(
        self,
        control: str,
        *,
        at_ns: int | None = None,
        at_us: int | None = None,
        hold_ns: int = 80 * MS,
    ) -> None:
        self.add(tap_edges(control, _ns(at_ns, at_us), hold_ns))

    def bounce(
        self,
        control: str,
        *,
        at_ns: int | None = None,
        at_us: int | None = None,
        edges: int = 9,
        span_ns: int = 5 * MS,
    ) -> None:
        """``edges`` alternating edges from active over ``span_ns`` (odd: ends held)."""
        self.add(bounce_edges(control, _ns(at_ns, at_us), edges, span_ns))

    def deliver(self, order: DeliveryOrder = "time", *, seed: int = 0) -> list[Edge]:
        """Fire every pending edge on its pin in ``order`` (see ``reorder``)."""
        edges = reorder(self._pending, order, seed=seed)
        self._pending.clear()
        for edge in edges:
            _pin_of(self._pins, edge.control).edge(edge.active, edge.t_ns)
            self.delivered.append(edge)
        return edges


class SimulatedPins:
    """Buttons pressed now, on a ``GpioSource`` over ``TimedMockPin``s.

    A release is stamped at least ``min_hold_ns`` after its press, so a key pressed and
    released within one frame of events still makes a press rather than a glitch.
    """

    def __init__(
        self,
        source: GpioSource,
        *,
        clock: Clock = time.monotonic_ns,
        min_hold_ns: int = DEFAULT_MIN_HOLD_NS,
        owns_source: bool = False,
        factory: Any = None,
    ) -> None:
        self.source = source
        self._pins = timed_pins(source)
        self._clock = clock
        self._min_hold_ns = min_hold_ns
        self._owns_source = owns_source
        self._factory = factory
        self._pressed_at: dict[str, int] = {}
        self._last_ns: dict[str, int] = {}

    def __repr__(self) -> str:
        return f"<SimulatedPins {self.source.source} pressed={sorted(self._pressed_at)}>"

    @property
    def controls(self) -> tuple[str, ...]:
        return tuple(self._pins)

    @property
    def pins(self) -> Mapping[str, TimedMockPin]:
        return MappingProxyType(self._pins)

    def is_down(self, control: str) -> bool:
        return control in self._pressed_at

    def press(self, control: str) -> None:
        pin = _pin_of(self._pins, control)
        if control in self._pressed_at:
            return
        at = self._stamp(control, self._clock())
        self._pressed_at[control] = at
        pin.press(at)

    def release(self, control: str) -> None:
        pressed = self._pressed_at.pop(control, None)
        if pressed is None:
            return
        _pin_of(self._pins, control).release(self._stamp(control, pressed + self._min_hold_ns))

    def release_all(self) -> None:
        for control in list(self._pressed_at):
            self.release(control)

    def _stamp(self, control: str, at_least: int) -> int:
        """Now, but never before this pin's last edge (a pin's edges stay in order)."""
        at = max(self._clock(), at_least, self._last_ns.get(control, -1) + 1)
        self._last_ns[control] = at
        return at

    def close(self) -> None:
        """Close the source and factory if this object opened them. Safe twice."""
        if self._owns_source:
            self.source.close()
            if self._factory is not None:
                self._factory.reset()
                self._factory.close()
                self._factory = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def open_simulated(
    profile: Profile,
    sink: SinkLike,
    *,
    settings: DebounceSettings | None = None,
    clock: Clock = time.monotonic_ns,
    auto_advance: bool = True,
) -> SimulatedPins:
    """A ``GpioSource`` on a fresh mock factory, with ``SimulatedPins`` driving it.

    This is the desktop (``make run``): ``KeyboardToPins(open_simulated(...))``. Closing
    the returned object closes the source and the factory.
    """
    factory = mock_factory()
    try:
        source = GpioSource(
            profile,
            sink,
            pin_factory=factory,
            settings=settings,
            clock=clock,
            auto_advance=auto_advance,
        )
    except BaseException:
        factory.close()
        raise
    return SimulatedPins(source, clock=clock, owns_source=True, factory=factory)
