"""Arcade buttons on the Pi's own GPIO header, through gpiozero's public Pin API.

One input pin per control of a ``kind = "gpio"`` profile: ``factory.pin(n)``, function
``input``, the profile's pull, edges ``both`` and NO bounce time (gpiozero's bounce makes
lgpio stamp an edge only once it is stable). The library facts this module relies on are
in hardware/README.md, "GPIO timestamps".
``pin.when_changed`` is a bound method of a per-pin watcher the source keeps alive
(gpiozero holds only a weak reference). Each edge goes to the pure debouncer
(``debounce.py``) under one lock; events go to the sink (a queue); nothing else happens
on the callback thread.

Timestamps, by the factory actually loaded:

- ``lgpio``: the kernel's edge time, CLOCK_MONOTONIC, as ``ticks_ns / 1e9`` seconds;
  converted back with ``round(ticks * 1e9)``. ``timestamps == "hardware"``.
- ``mock`` with ``TimedMockPin`` (``mock.py``, or a subclass) as its ``pin_class``: the
  same seconds convention, exact chosen times. ``timestamps == "injected"``.
- ``mock`` with gpiozero's plain ``MockPin``: seconds too, but ``time.monotonic()`` when
  the state was changed, which is when the (synchronous) callback ran.
- ``rpigpio``, ``native``, ``pigpio`` and anything else: the time the Python callback
  ran (pigpio's own ticks are another clock, so they are replaced by ``clock()``).
  ``timestamps == "callback"`` (plain ``MockPin`` too), logged as a warning and listed
  in ``warnings``.

The factory comes from the ``pin_factory`` keyword (a Factory or a name), else
``gpiozero.Device.pin_factory`` if something set it, else ``GPIOZERO_PIN_FACTORY``, else
gpiozero's default order; see ``open_factory``, which reports what really loaded.

Confirmations and stuck reports need time to pass with no edge: a daemon thread sleeps
on a condition until the earliest deadline plus ``latency_ns`` (callbacks are late,
never early: lgpio holds each event about 0.5 ms), then calls ``poll(clock())``. With
nothing pending it waits without a timeout; every edge wakes it.

``latency_ns`` alone cannot make that safe: a callback thread more than ``latency_ns``
behind would let the timer confirm a microsecond spike between its rising and falling
edge callbacks, and an emitted Press is never taken back. So ``poll`` first reads the
live level (``pin.state``) of every control with something due: if it disagrees with
the level the debouncer last saw, an edge of that pin is still on its way, and that
control fires nothing until it arrives (its callback wakes the timer; otherwise it looks
again ``recheck_ns`` later). A spike with both edges still queued is harmless: the
debouncer has not seen it, and once its rising edge arrives the pin reads idle again.
For the same reason the callback itself never fires the deadlines a late edge leaves
in the past (``edge(catch_up=False)``): it wakes the timer, whose ``poll`` checks first.
A disagreement lasting ``hold_limit_ns`` means the edge was lost (the kernel keeps 16
events per line and drops the oldest): a warning is logged and the deadlines fire as
they are. What the check cannot see: an even number of further edges still queued, so
the pin reads the level the debouncer expects, for instance a real press starting again
before the callbacks caught up (it is then stamped with the earlier burst's first edge).

Tests pass ``auto_advance=False`` and call ``advance(now_ns)`` (every edge up to
``now_ns`` delivered) or ``poll(now_ns)`` (what the timer thread would do) themselves.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
import threading
import time
import warnings as warnings_module
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from types import MappingProxyType, TracebackType
from typing import Any, Final, Literal, Self, TypeAlias

from gpiozero import LED, Device
from gpiozero.exc import GPIOZeroError

from companion.errors import ConfigError, DeviceError
from companion.input.debounce import (
    MS,
    ControlStats,
    DebounceBank,
    DebounceSettings,
    SinkLike,
    as_sink,
)
from companion.input.events import InputEvent
from companion.input.pinmap import Profile
from companion.words import Words, error_reason, joined, say

log = logging.getLogger(__name__)

Timestamps: TypeAlias = Literal["hardware", "injected", "callback"]
Clock: TypeAlias = Callable[[], int]

FACTORY_GROUP: Final = "gpiozero_pin_factories"
DEFAULT_ORDER: Final = ("lgpio", "rpigpio", "pigpio", "native")
"""gpiozero 2.0.1's own order when GPIOZERO_PIN_FACTORY is not set."""
FACTORY_NAME_ATTR: Final = "companion_factory_name"
"""A factory (class) attribute that overrides the detected name: for test doubles."""
DEFAULT_LATENCY_NS: Final = 1 * MS
"""How late a callback may be and still count: lgpio holds events about 0.5 ms, so twice
that; a callback later still is caught by the live pin level (the module docstring). It
is part of every press's way to the screen (a press is confirmed ``min_press_ns`` plus
this after its first edge), so it is kept small."""
DEFAULT_RECHECK_NS: Final = 1 * MS
"""How soon the timer looks again at a control whose edge is on its way (the edge's own
callback wakes it sooner)."""
DEFAULT_HOLD_LIMIT_NS: Final = 100 * MS
"""How long the timer waits for an edge the live pin level says is on its way before it
takes the edge as lost: thirty times ``latency_ns``, and a lost edge costs one control
a tenth of a second."""

_TIMESTAMPS: Final[Mapping[str, Timestamps]] = {"lgpio": "hardware", "mock": "injected"}
_SECONDS_TICKS: Final = frozenset({"lgpio", "mock", "rpigpio", "native"})
_PI_EXTRAS: Final = "pip install 'companion[pi]'"
"""The command that installs lgpio with the companion."""
_SIM_SOURCE: Final = "--source sim"
"""The option a desktop without GPIO pins uses instead (pins driven by the keyboard)."""


def _callback_warning(name: str) -> Words:
    """The warning of a pin factory ``name`` without edge timestamps."""
    return say(
        "pin factory {name!r} gives no edge timestamps: presses are stamped when the Python "
        "callback ran (milliseconds of jitter under load), so close slaps may be misordered. "
        "Fix: install {library} ({command}) and check that it loads.",
        name=name,
        library="lgpio",
        command=_PI_EXTRAS,
    )


def _mock_warning() -> Words:
    """The warning of gpiozero's mock factory with its plain pins (nothing presses them)."""
    return say(
        "pin factory {name!r} with plain {pins}: presses are stamped when the callback ran, "
        "and nothing presses these pins. Fix: use {option} (simulated pins driven by the "
        "keyboard)",
        name="mock",
        pins="MockPins",
        option=_SIM_SOURCE,
    )


# ---- which factory ---------------------------------------------------------------------


def factory_name(factory: object) -> str:
    """gpiozero's name for ``factory`` ("lgpio", "mock", ...), from its class.

    A ``companion_factory_name`` attribute wins (test doubles use it); otherwise the
    first class in the MRO registered under ``gpiozero_pin_factories`` names it.
    """
    marked = getattr(factory, FACTORY_NAME_ATTR, None)
    if isinstance(marked, str):
        return marked
    registered = {ep.value: ep.name for ep in entry_points(group=FACTORY_GROUP)}
    for cls in type(factory).__mro__:
        name = registered.get(f"{cls.__module__}:{cls.__qualname__}")
        if name is not None:
            return name
    return type(factory).__name__.lower()


def timestamps_of(name: str, factory: object = None) -> Timestamps:
    """What a factory's ``when_changed`` ticks are worth (see the module docstring).

    A ``mock`` factory injects times only when its ``pin_class`` is a ``TimedMockPin``;
    without ``factory`` the name alone decides.
    """
    if name == "mock" and factory is not None:
        from companion.input.mock import TimedMockPin  # mock.py imports this module

        pin_class = getattr(factory, "pin_class", None)
        if not (isinstance(pin_class, type) and issubclass(pin_class, TimedMockPin)):
            return "callback"
    return _TIMESTAMPS.get(name, "callback")


@dataclass(frozen=True)
class OpenedFactory:
    """A pin factory and what really happened when it was opened."""

    factory: Any
    name: str
    fallbacks: tuple[str, ...] = ()
    """One line per factory tried and failed before ``name``: ``"lgpio: <reason>"``
    (``Words``: a screen shows the reason in its language)."""


def lgpio_workdir_problem() -> Words | None:
    """Why lgpio could not create its notification FIFO here, or None if it can."""
    workdir = os.environ.get("LG_WD") or os.getcwd()
    if os.access(workdir, os.W_OK | os.X_OK):
        return None
    return say(
        "working directory {folder} is not writable, so {library} cannot create its "
        "{fifo} FIFO there. Fix: set {setting} in the systemd unit (or {variable}) "
        "to a writable directory",
        folder=workdir,
        library="lgpio",
        fifo=".lgd-nfy",
        setting="WorkingDirectory=",
        variable="LG_WD",
    )


def open_factory(name: str | None = None) -> OpenedFactory:
    """Open the pin factory ``name``, else ``$GPIOZERO_PIN_FACTORY``, else the defaults.

    A named factory that fails raises ``DeviceError`` (no silent fallback). Without a
    name, gpiozero's default order is tried and every fallback is logged and returned,
    so ``name`` is what actually loaded.
    """
    name = name or os.environ.get("GPIOZERO_PIN_FACTORY") or None
    if name is not None:
        factory = _load_factory(name)
        return OpenedFactory(factory, factory_name(factory))
    fallbacks: list[Words] = []
    for candidate in DEFAULT_ORDER:
        try:
            factory = _load_factory(candidate)
        except DeviceError as exc:
            fallbacks.append(
                say("{factory}: {reason}", factory=candidate, reason=error_reason(exc))
            )
            continue
        if fallbacks:
            log.warning("gpiozero fell back to %s: %s", candidate, "; ".join(fallbacks))
        return OpenedFactory(factory, factory_name(factory), tuple(fallbacks))
    raise DeviceError(
        say(
            "no GPIO pin factory could be opened ({fallbacks}). Fix: on a Pi install "
            "{library} ({command}); on a desktop use {option} (simulated pins driven by "
            "the keyboard)",
            fallbacks=joined("; ", fallbacks),
            library="lgpio",
            command=_PI_EXTRAS,
            option=_SIM_SOURCE,
        )
    )


def _load_factory(name: str) -> Any:
    group = entry_points(group=FACTORY_GROUP)
    found = [ep for ep in group if ep.name == name] or [
        ep for ep in group if ep.name == name.lower()
    ]
    if not found:
        known = ", ".join(sorted(ep.name for ep in group))
        raise DeviceError(
            say("unknown pin factory {name!r}. Fix: use one of {known}", name=name, known=known)
        )
    try:
        with warnings_module.catch_warnings():
            warnings_module.simplefilter("ignore")
            return found[0].load()()
    except Exception as exc:  # a missing library or device: any error means "not here"
        hint = lgpio_workdir_problem() if name.lower() == "lgpio" else None
        reason = say(
            "cannot open pin factory {name!r}: {error}", name=name, error=error_reason(exc)
        )
        raise DeviceError(
            say("{reason} ({hint})", reason=reason, hint=hint) if hint else reason
        ) from exc


# ---- the source ------------------------------------------------------------------------


class _PinWatcher:
    """Lives as long as the source: its bound method is the pin's ``when_changed``."""

    def __init__(self, source: GpioSource, control: str, pin: Any) -> None:
        self.source = source
        self.control = control
        self.pin = pin

    def on_changed(self, ticks: float, state: int) -> None:
        self.source._on_edge(self.control, ticks, state)


class GpioSource:
    """Debounced presses from the GPIO pins of a ``kind = "gpio"`` profile."""

    def __init__(
        self,
        profile: Profile,
        sink: SinkLike,
        *,
        pin_factory: Any = None,
        settings: DebounceSettings | None = None,
        clock: Clock = time.monotonic_ns,
        auto_advance: bool = True,
        latency_ns: int = DEFAULT_LATENCY_NS,
        recheck_ns: int = DEFAULT_RECHECK_NS,
        hold_limit_ns: int = DEFAULT_HOLD_LIMIT_NS,
    ) -> None:
        if profile.kind != "gpio":
            raise ConfigError(
                f"profile {profile.name!r} is a {profile.kind!r} profile: its buttons are on "
                "the USB button box, not on the Pi's GPIO pins. Fix: use --source box with "
                "it, or a gpio profile (--profile gpio-dsi or gpio-spi35) with --source "
                "gpio or sim"
            )
        if latency_ns < 0 or recheck_ns <= 0 or hold_limit_ns < 0:
            raise ConfigError(
                "need latency_ns >= 0, recheck_ns > 0 and hold_limit_ns >= 0, got "
                f"{latency_ns}, {recheck_ns}, {hold_limit_ns}"
            )
        self.profile = profile
        self.settings = settings or DebounceSettings()
        self._sink = as_sink(sink)
        self._clock = clock
        self._latency_ns = latency_ns
        self._recheck_ns = recheck_ns
        self._hold_limit_ns = hold_limit_ns
        self._waiting_since: dict[str, int] = {}
        """Control -> when ``poll`` first saw its live level disagree (an edge on its way)."""
        self._lost: set[str] = set()
        """Controls that waited ``hold_limit_ns`` for their edge: taken as lost, logged."""
        self._cond = threading.Condition(threading.RLock())
        self._closed = False
        self._watchers: dict[str, _PinWatcher] = {}
        self._leds: dict[str, Any] = {}
        self._timer: threading.Thread | None = None
        opened = self._choose_factory(pin_factory)
        self._factory = opened.factory
        self._owns_factory = pin_factory is None or isinstance(pin_factory, str)
        self._owns_factory = self._owns_factory and opened.factory is not Device.pin_factory
        self.factory_name = opened.name
        self.timestamps: Timestamps = timestamps_of(opened.name, opened.factory)
        self.source = f"gpio:{opened.name}"
        self._warnings = self._collect_warnings(opened)
        self._bank = DebounceBank(source=self.source, settings=self.settings)
        try:
            self._open_pins()
        except BaseException:
            self.close()
            raise
        if auto_advance:
            self._timer = threading.Thread(
                target=self._run_timer, name=f"{self.source} debounce", daemon=True
            )
            self._timer.start()

    # -- opening ---------------------------------------------------------------------

    @staticmethod
    def _choose_factory(pin_factory: Any) -> OpenedFactory:
        if isinstance(pin_factory, str):
            return open_factory(pin_factory)
        if pin_factory is None and Device.pin_factory is not None:
            pin_factory = Device.pin_factory
        if pin_factory is None:
            return open_factory(None)
        return OpenedFactory(pin_factory, factory_name(pin_factory))

    def _collect_warnings(self, opened: OpenedFactory) -> tuple[str, ...]:
        found = [say("fell back from {fallback}", fallback=line) for line in opened.fallbacks]
        if self.timestamps == "callback":
            message = _mock_warning() if opened.name == "mock" else _callback_warning(opened.name)
            log.warning(message)
            found.append(message)
        return tuple(found)

    def _open_pins(self) -> None:
        profile, factory = self.profile, self._factory
        try:
            factory.reserve_pins(self, *profile.controls.values())  # LEDs reserve their own
        except GPIOZeroError as exc:
            raise DeviceError(
                say(
                    "{source}: a pin of profile {profile!r} is already in use ({error}). "
                    "Fix: close the other source or device using it",
                    source=self.source,
                    profile=profile.name,
                    error=error_reason(exc),
                )
            ) from exc
        start_ns = self._clock()
        for control, number in profile.controls.items():
            self._open_input(control, number, start_ns)
        for name, number in profile.leds.items():
            self._leds[name] = self._guard(
                say("LED {name!r}", name=name),
                number,
                functools.partial(LED, number, pin_factory=factory),
            )

    def _open_input(self, control: str, number: int, start_ns: int) -> None:
        pin = self._guard(control, number, lambda: self._factory.pin(number))
        watcher = _PinWatcher(self, control, pin)

        def configure() -> None:
            pin.function = "input"
            pin.pull = self.profile.pull
            pin.bounce = None  # never: see the module docstring
            pin.edges = "both"

        self._guard(control, number, configure)
        with self._cond:
            self._watchers[control] = watcher
            self._guard(control, number, lambda: setattr(pin, "when_changed", watcher.on_changed))
            active = self._is_active(pin.state)
            self._bank.add(control, active=active, start_ns=start_ns)
        if active:
            log.warning("%s: %s (BCM %d) is active at start: held", self.source, control, number)

    def _guard(self, what: str, number: int, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except (GPIOZeroError, OSError, ValueError) as exc:
            raise DeviceError(
                say(
                    "{source}: cannot set up {pin} for {what} (profile {profile!r}): {error}. "
                    "Fix: check the pin map and that no other program or overlay uses the pin",
                    source=self.source,
                    pin=f"BCM {number}",
                    what=what,
                    profile=self.profile.name,
                    error=error_reason(exc),
                )
            ) from exc

    def _is_active(self, state: object) -> bool:
        return not state if self.profile.pull == "up" else bool(state)

    # -- edges and time ----------------------------------------------------------------

    def _ticks_to_ns(self, ticks: float) -> int:
        if self.factory_name in _SECONDS_TICKS:
            return round(ticks * 1e9)
        return self._clock()

    def _on_edge(self, control: str, ticks: float, state: int) -> None:
        if state not in (0, 1):  # lgpio reports a watchdog timeout as level 2
            return
        try:
            t_ns = self._ticks_to_ns(ticks)
            with self._cond:
                if self._closed or control not in self._bank:
                    return
                self._forget_wait(control)
                active = self._is_active(state)
                # No catch-up: deadlines this late edge leaves in the past wait for the
                # timer's poll, which first checks that no later edge is on its way.
                self._emit(self._bank.edge(control, t_ns, active, catch_up=False))
                self._cond.notify_all()
        except Exception:  # never kill the library's callback thread
            log.exception("%s: edge on %s failed", self.source, control)

    def _emit(self, events: list[InputEvent]) -> None:
        for event in events:
            self._sink(event)

    def advance(self, now_ns: int) -> list[InputEvent]:
        """Fire every deadline at or before ``now_ns``; the events also go to the sink.

        The caller vouches that every edge up to ``now_ns`` has been delivered (tests
        with ``TimedMockPin``). The timer thread uses ``poll``, which does not assume it.
        """
        with self._cond:
            events = self._bank.advance(now_ns)
            self._emit(events)
            self._cond.notify_all()
            return events

    def next_deadline(self) -> int | None:
        """The earliest time ``advance`` has something to do (without ``latency_ns``)."""
        with self._cond:
            return self._bank.next_deadline()

    def poll(self, now_ns: int) -> int | None:
        """What the timer thread does when it wakes at clock time ``now_ns``.

        Fires every deadline at or before ``now_ns - latency_ns``, except for controls
        whose live pin level disagrees with their debouncer's (an edge still on its way:
        see the module docstring). Returns the clock time to poll again, or None when
        nothing is pending (wait for an edge). The events also go to the sink.
        """
        with self._cond:
            upto = now_ns - self._latency_ns
            waiting = self._edges_on_their_way(self._bank.due(upto), now_ns)
            self._emit(self._bank.advance(upto, hold=waiting))
            deadline = self._bank.next_deadline(skip=waiting)
            wake = None if deadline is None else deadline + self._latency_ns
            if waiting:
                recheck = now_ns + self._recheck_ns
                wake = recheck if wake is None else min(wake, recheck)
            return wake

    def _edges_on_their_way(self, controls: tuple[str, ...], now_ns: int) -> frozenset[str]:
        """The controls among ``controls`` to hold back: an edge of theirs is on its way."""
        waiting: set[str] = set()
        for control in controls:
            live = self._live_level(control)
            seen = self._bank[control].level
            if live is None or live == seen:
                self._forget_wait(control)
                continue
            since = self._waiting_since.setdefault(control, now_ns)
            if now_ns - since < self._hold_limit_ns:
                waiting.add(control)
            elif control not in self._lost:
                self._lost.add(control)
                log.warning(
                    "%s: %s reads %s but its last edge said %s, and no edge came for "
                    "%.0f ms: taking the edge as lost",
                    self.source,
                    control,
                    "active" if live else "idle",
                    "active" if seen else "idle",
                    (now_ns - since) / 1e6,
                )
        return frozenset(waiting)

    def _forget_wait(self, control: str) -> None:
        self._waiting_since.pop(control, None)
        self._lost.discard(control)

    def _live_level(self, control: str) -> bool | None:
        """The pin's level now (True = active), or None if it cannot be read."""
        try:
            return self._is_active(self._watchers[control].pin.state)
        except Exception:  # a closing or broken pin: trust the edges, as before
            return None

    def _run_timer(self) -> None:
        try:
            with self._cond:
                while not self._closed:
                    wake = self.poll(self._clock())
                    if wake is None:
                        self._cond.wait()
                    elif (delay := wake - self._clock()) > 0:
                        self._cond.wait(delay / 1e9)
        except Exception:
            log.exception("%s: debounce timer stopped", self.source)
            self._warnings += (say("debounce timer stopped: presses are no longer confirmed"),)

    # -- what the doctor reads -------------------------------------------------------

    @property
    def warnings(self) -> tuple[str, ...]:
        """Everything the doctor should show in red: fallbacks, callback timestamps, a
        stopped timer. Read at call time: a warning added later shows on the next read."""
        return self._warnings

    @property
    def controls(self) -> tuple[str, ...]:
        return tuple(self._watchers)

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def pins(self) -> Mapping[str, Any]:
        """Control -> its gpiozero pin object."""
        return MappingProxyType({c: w.pin for c, w in self._watchers.items()})

    def pin(self, control: str) -> Any:
        try:
            return self._watchers[control].pin
        except KeyError:
            raise ConfigError(
                f"{self.source}: no pin for control {control!r}. "
                f"Fix: use one of {', '.join(self._watchers)}"
            ) from None

    def stats(self) -> dict[str, ControlStats]:
        """Per control: state, presses, bounces, glitches, stuck, late and ignored edges."""
        with self._cond:
            raw = self._bank.stats()
        return {c: dataclasses.replace(s, pin=self.profile.controls[c]) for c, s in raw.items()}

    def is_pressed(self, control: str) -> bool:
        with self._cond:
            return self._bank[control].is_pressed

    def stuck_controls(self) -> tuple[str, ...]:
        with self._cond:
            return tuple(c for c, d in self._bank.items() if d.is_stuck)

    def pressed_controls(self) -> tuple[str, ...]:
        with self._cond:
            return tuple(c for c, d in self._bank.items() if d.is_pressed)

    # -- LEDs ------------------------------------------------------------------------

    @property
    def leds(self) -> Mapping[str, Any]:
        """LED name -> its gpiozero ``LED``."""
        return MappingProxyType(self._leds)

    def set_led(self, name: str, on: bool) -> None:
        try:
            led = self._leds[name]
        except KeyError:
            raise ConfigError(
                f"{self.source}: no LED {name!r} in profile {self.profile.name!r}. "
                f"Fix: use one of {', '.join(self._leds) or '(none)'}"
            ) from None
        if on:
            led.on()
        else:
            led.off()

    # -- closing ---------------------------------------------------------------------

    def _conflicts_with(self, other: object) -> bool:
        """gpiozero's reservation hook: nothing may share our pins."""
        return True

    def close(self) -> None:
        """Stop callbacks, release every pin and LED. Safe to call twice."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify_all()
        for watcher in self._watchers.values():
            _quietly(functools.partial(setattr, watcher.pin, "when_changed", None))
            _quietly(watcher.pin.close)
        for led in self._leds.values():
            _quietly(led.close)
        _quietly(lambda: self._factory.release_all(self))
        if self._owns_factory:
            _quietly(self._factory.close)
        if self._timer is not None and self._timer is not threading.current_thread():
            self._timer.join()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        head = f"<GpioSource {self.source} profile={self.profile.name!r}"
        if self._closed:
            return f"{head} closed>"
        presses = sum(s.presses for s in self.stats().values())
        return (
            f"{head} controls={len(self._watchers)} timestamps={self.timestamps} "
            f"pressed={list(self.pressed_controls())} stuck={list(self.stuck_controls())} "
            f"presses={presses}>"
        )


def _quietly(action: Callable[[], object]) -> None:
    try:
        action()
    except Exception:
        log.exception("while closing GPIO")
