import dataclasses
import gc
import logging
import queue
import time
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from companion.errors import ConfigError, DeviceError
from companion.input import gpio
from companion.input.debounce import MS, DebounceSettings
from companion.input.events import InputEvent, Press, Stuck, Unstuck
from companion.input.gpio import GpioSource, factory_name, lgpio_workdir_problem, open_factory
from companion.input.mock import MockTimeline, TimedMockPin
from companion.input.pinmap import Profile, load_profile

US = 1_000
S = 1_000_000_000
SETTINGS = DebounceSettings()
Queue = queue.SimpleQueue[InputEvent]


@pytest.fixture
def profile() -> Profile:
    return load_profile("gpio-dsi")


def open_source(factory: Any, profile: Profile, q: Queue, **kwargs: Any) -> GpioSource:
    """A source driven by the test: start time 0, no timer thread."""
    kwargs.setdefault("clock", lambda: 0)
    kwargs.setdefault("auto_advance", False)
    return GpioSource(profile, q, pin_factory=factory, **kwargs)


def level(pin: Any) -> object:
    return pin.state


def drain(q: Queue) -> list[InputEvent]:
    events = []
    while not q.empty():
        events.append(q.get_nowait())
    return events


def test_pins_are_watched_with_when_changed_and_no_bounce(
    pin_factory: Any, profile: Profile
) -> None:
    with open_source(pin_factory, profile, Queue()) as source:
        assert source.controls == tuple(profile.controls)
        for control, number in profile.controls.items():
            pin = pin_factory.pin(number)
            assert source.pin(control) is pin
            assert isinstance(pin, TimedMockPin)
            assert pin.function == "input"
            assert pin.pull == "up"
            assert pin.edges == "both"
            assert pin.bounce is None
            callback = pin.when_changed
            assert callback.__func__.__name__ == "on_changed"  # a bound method
            assert callback.__self__.control == control


def test_injected_times_delivered_in_reverse_come_out_exact(
    pin_factory: Any, profile: Profile
) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        timeline = MockTimeline.of(source)
        timeline.press("red.hunter", at_us=1000)
        timeline.press("yellow.hunter", at_us=1012)
        delivered = timeline.deliver(order="reverse")
        assert [e.control for e in delivered] == ["yellow.hunter", "red.hunter"]
        assert drain(q) == []  # nothing until the presses are confirmed
        source.advance(10 * MS)
        events = drain(q)
    stamps = {e.control: e.t_ns for e in events if isinstance(e, Press)}
    assert stamps == {"red.hunter": 1_000_000, "yellow.hunter": 1_012_000}
    assert {e.source for e in events} == {"gpio:mock"}


def test_bounce_burst_through_gpio_is_one_press(pin_factory: Any, profile: Profile) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        timeline = MockTimeline.of(source)
        timeline.bounce("red.chief", at_us=2000, edges=9, span_ns=5 * MS)
        timeline.release("red.chief", at_ns=100 * MS)
        timeline.deliver()
        source.advance(1 * S)
        assert drain(q) == [Press("red.chief", 2 * MS, "gpio:mock", 0)]
        stats = source.stats()["red.chief"]
    assert (stats.presses, stats.bounces, stats.glitches, stats.pin) == (1, 8, 0, 2)


def test_glitch_through_gpio_is_counted_not_pressed(pin_factory: Any, profile: Profile) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        pin = source.pin("blue.woman")
        pin.press(5 * MS)
        pin.release(5 * MS + 50 * US)
        source.advance(1 * S)
        assert drain(q) == []
        assert source.stats()["blue.woman"].glitches == 1


def test_stuck_button_is_reported_and_others_still_work(pin_factory: Any, profile: Profile) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        red, yellow = source.pin("red.chief"), source.pin("yellow.chief")
        red.press(1 * S)
        source.advance(1 * S + SETTINGS.stuck_ns)
        assert drain(q) == [
            Press("red.chief", 1 * S, "gpio:mock", 0),
            Stuck("red.chief", 1 * S, "gpio:mock"),
        ]
        assert source.stuck_controls() == ("red.chief",)
        yellow.press(7 * S)
        yellow.release(7 * S + 80 * MS)
        red.release(8 * S)
        source.advance(9 * S)
        assert drain(q) == [
            Press("yellow.chief", 7 * S, "gpio:mock", 1),
            Unstuck("red.chief", 8 * S, "gpio:mock"),
        ]
        red.press(10 * S)
        source.advance(11 * S)
        assert drain(q) == [Press("red.chief", 10 * S, "gpio:mock", 2)]
        assert source.stats()["red.chief"].stuck == 1


def test_pin_active_at_startup_is_held_then_stuck_not_pressed(
    pin_factory: Any, profile: Profile
) -> None:
    pin_factory.pin(profile.controls["green.hunter"]).hold()
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        assert source.is_pressed("green.hunter")
        assert source.pressed_controls() == ("green.hunter",)
        source.advance(SETTINGS.stuck_ns - 1)
        assert drain(q) == []
        source.advance(SETTINGS.stuck_ns)
        assert drain(q) == [Stuck("green.hunter", 0, "gpio:mock")]


def test_mock_factory_is_named_and_timestamps_reported_honestly(
    pin_factory: Any, profile: Profile
) -> None:
    with open_source(pin_factory, profile, Queue()) as source:
        assert source.factory_name == "mock"
        assert source.source == "gpio:mock"
        assert source.timestamps == "injected"
        assert source.warnings == ()
    assert factory_name(pin_factory) == "mock"
    assert factory_name(type("Sub", (MockFactory,), {})()) == "mock"  # found in the MRO


class RPiGPIOStyleFactory(MockFactory):  # type: ignore[misc]
    """Stands in for rpigpio: its ticks are callback times."""

    companion_factory_name = "rpigpio"


def test_callback_time_factory_is_reported_with_a_warning(
    pin_factory: Any, profile: Profile, caplog: pytest.LogCaptureFixture
) -> None:
    factory = RPiGPIOStyleFactory(pin_class=TimedMockPin)
    q = Queue()
    try:
        with caplog.at_level(logging.WARNING, logger="companion.input.gpio"):
            source = open_source(factory, profile, q)
        with source:
            assert source.factory_name == "rpigpio"
            assert source.timestamps == "callback"
            assert any("callback" in w for w in source.warnings)
            assert any("no edge timestamps" in r.getMessage() for r in caplog.records)
            source.pin("red.chief").press(3 * MS)  # the ticks still convert the same way
            source.advance(1 * S)
            assert drain(q) == [Press("red.chief", 3 * MS, "gpio:rpigpio", 0)]
    finally:
        factory.reset()
        factory.close()


def test_callbacks_survive_garbage_collection(pin_factory: Any, profile: Profile) -> None:
    q = Queue()
    source = open_source(pin_factory, profile, q)
    try:
        gc.collect()
        pin = pin_factory.pin(profile.controls["purple.woman"])
        assert pin.when_changed is not None
        pin.press(1 * MS)
        source.advance(1 * S)
        assert [e.control for e in drain(q)] == ["purple.woman"]
    finally:
        source.close()


def test_a_lambda_callback_is_collected_which_is_why_we_use_bound_methods(
    pin_factory: Any,
) -> None:
    pin = pin_factory.pin(0)
    pin.function = "input"
    got: list[float] = []
    pin.when_changed = lambda ticks, state: got.append(ticks)
    gc.collect()
    pin.press(1 * MS)
    assert got == []
    assert pin.when_changed is None


def test_close_twice_is_safe_and_releases_the_pins(pin_factory: Any, profile: Profile) -> None:
    source = open_source(pin_factory, profile, Queue())
    pin = source.pin("red.chief")
    source.close()
    source.close()
    assert source.closed
    assert "closed" in repr(source)
    assert pin.when_changed is None
    with open_source(pin_factory, profile, Queue()) as again:  # the pins are free again
        assert not again.closed


def test_second_source_on_the_same_pins_is_refused(pin_factory: Any, profile: Profile) -> None:
    with (
        open_source(pin_factory, profile, Queue()),
        pytest.raises(DeviceError, match="already in use"),
    ):
        open_source(pin_factory, profile, Queue())


def test_leds_are_outputs_that_switch(pin_factory: Any, profile: Profile) -> None:
    with open_source(pin_factory, profile, Queue()) as source:
        assert set(source.leds) == {"status", "window"}
        pin = pin_factory.pin(profile.leds["status"])
        assert pin.function == "output"
        assert level(pin) is False
        source.set_led("status", True)
        assert level(pin) is True
        source.set_led("status", False)
        assert level(pin) is False
        with pytest.raises(ConfigError, match="no LED 'nope'"):
            source.set_led("nope", True)
    assert pin.function == "input"  # closed


def test_repr_shows_live_state(pin_factory: Any, profile: Profile) -> None:
    with open_source(pin_factory, profile, Queue()) as source:
        source.pin("red.chief").press(1 * MS)
        source.advance(1 * S)
        text = repr(source)
    assert "gpio:mock" in text
    assert "pressed=['red.chief']" in text
    assert "presses=1" in text


def test_default_factory_is_gpiozeros_and_is_not_closed(pin_factory: Any, profile: Profile) -> None:
    assert Device.pin_factory is pin_factory
    with GpioSource(profile, Queue(), auto_advance=False) as source:
        assert source.pin("red.chief") is pin_factory.pin(2)
    assert pin_factory.pins  # still usable: the fixture owns it


def test_open_factory_by_name_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = open_factory("mock")
    assert (opened.name, opened.fallbacks) == ("mock", ())
    assert isinstance(opened.factory, MockFactory)
    opened.factory.close()
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert open_factory().name == "mock"
    with pytest.raises(DeviceError, match="unknown pin factory 'nosuch'"):
        open_factory("nosuch")


def test_open_factory_reports_fallbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpio, "DEFAULT_ORDER", ("nosuch", "mock"))
    opened = open_factory()
    assert opened.name == "mock"
    assert len(opened.fallbacks) == 1
    assert opened.fallbacks[0].startswith("nosuch: unknown pin factory")
    opened.factory.close()
    monkeypatch.setattr(gpio, "DEFAULT_ORDER", ("nosuch",))
    with pytest.raises(DeviceError, match="no GPIO pin factory could be opened"):
        open_factory()


def test_lgpio_workdir_problem_is_detected(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LG_WD", str(tmp_path))
    assert lgpio_workdir_problem() is None
    monkeypatch.setenv("LG_WD", str(tmp_path / "missing"))
    problem = lgpio_workdir_problem()
    assert problem is not None
    assert "missing" in problem
    assert "WorkingDirectory=" in problem


def test_timer_thread_confirms_presses_on_its_own(pin_factory: Any, profile: Profile) -> None:
    q = Queue()
    with GpioSource(profile, q, pin_factory=pin_factory) as source:
        assert source.next_deadline() is None  # idle: the timer waits without a timeout
        source.pin("nav.select").press(time.monotonic_ns())
        event = q.get(timeout=10)  # waits for the event, not for a time
    assert isinstance(event, Press)
    assert event.control == "nav.select"


# ---- B1: the timer never confirms past an edge still on its way ------------------------

LATENCY = gpio.DEFAULT_LATENCY_NS
RECHECK = gpio.DEFAULT_RECHECK_NS


@pytest.fixture(params=["up", "down"])
def any_pull(request: pytest.FixtureRequest, profile: Profile) -> Profile:
    """The profile as wired (pull up, active low) and with pull down (active high); BCM 2
    and 3 have fixed pull-ups, so the pull-down variant leaves them out."""
    if request.param == "up":
        return profile
    controls = {c: n for c, n in profile.controls.items() if n not in (2, 3)}
    return dataclasses.replace(profile, pull="down", controls=MappingProxyType(controls))


def counts(source: GpioSource, control: str) -> tuple[int, int, int]:
    stats = source.stats()[control]
    return stats.presses, stats.glitches, stats.late


def test_poll_holds_a_spike_whose_falling_edge_is_still_on_its_way(
    pin_factory: Any, any_pull: Profile
) -> None:
    q = Queue()
    with open_source(pin_factory, any_pull, q) as source:
        pin = source.pin("red.woman")
        pin.edge(True, 10 * MS, deliver=False)  # a 10 us spike; the pin is idle again...
        pin.edge(False, 10 * MS + 10 * US, deliver=False)  # ...before any callback ran
        assert source.poll(30 * MS) is None  # the debouncer has seen nothing yet
        pin.deliver_queued(1)  # the rising edge, 20 ms late
        assert drain(q) == []  # not confirmed inside the callback either
        # Its confirmation (11 ms) is long past 30 - 3 ms, but the pin reads idle while
        # the debouncer saw it go active: the falling edge is on its way. Hold.
        assert source.poll(30 * MS) == 30 * MS + RECHECK
        assert source.poll(31 * MS) == 31 * MS + RECHECK
        assert drain(q) == []
        assert source.stats()["red.woman"].state == "pending"
        pin.deliver_queued()  # the falling edge arrives
        assert source.poll(32 * MS) is None
        assert drain(q) == []
        assert counts(source, "red.woman") == (0, 1, 2)  # both edges were late


def test_a_late_spike_is_held_when_its_deadline_is_already_past(
    pin_factory: Any, profile: Profile
) -> None:
    """Another button's press moved every control's time on, so a late spike's
    confirmation is already due when its rising edge arrives: the timer must still wait
    for the falling edge (before the fix it fired at once: the reviewer's 50/50 case)."""
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        source.pin("yellow.chief").press(20 * MS)
        assert source.poll(30 * MS) is not None  # yellow confirmed; time is now 27 ms
        assert [e.control for e in drain(q)] == ["yellow.chief"]
        red = source.pin("red.chief")
        red.edge(True, 10 * MS, deliver=False)
        red.edge(False, 10 * MS + 10 * US, deliver=False)
        red.deliver_queued(1)
        assert drain(q) == []
        source.poll(31 * MS)
        assert drain(q) == []
        red.deliver_queued()
        source.poll(32 * MS)
        assert drain(q) == []
        assert counts(source, "red.chief") == (0, 1, 2)


def test_a_late_spike_reopening_a_glitch_is_not_confirmed_inside_its_callback(
    pin_factory: Any, profile: Profile
) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q) as source:
        pin = source.pin("green.chief")
        pin.edge(True, 10 * MS)
        pin.edge(False, 10 * MS + 10 * US)
        assert source.poll(20 * MS) is None  # a glitch, closed at 12.01 ms
        pin.edge(True, 11 * MS, deliver=False)  # a second spike, inside that quiet
        pin.edge(False, 11 * MS + 10 * US, deliver=False)
        pin.deliver_queued(1)  # reopens the burst; its confirmation is long past
        assert drain(q) == []
        source.poll(21 * MS)
        assert drain(q) == []
        pin.deliver_queued()
        assert source.poll(22 * MS) is None
        assert drain(q) == []
        assert counts(source, "green.chief") == (0, 1, 2)


def test_a_real_press_whose_release_is_on_its_way_is_confirmed_when_it_arrives(
    pin_factory: Any, any_pull: Profile
) -> None:
    q = Queue()
    with open_source(pin_factory, any_pull, q) as source:
        pin = source.pin("blue.hunter")
        pin.edge(True, 10 * MS)
        pin.edge(False, 40 * MS, deliver=False)  # a 30 ms slap; its release is late
        source.poll(45 * MS)
        assert drain(q) == []  # held: the pin reads idle
        pin.deliver_queued()
        source.poll(46 * MS)
        assert drain(q) == [Press("blue.hunter", 10 * MS, "gpio:mock", 0)]


def test_poll_confirms_a_press_that_is_still_held_at_once(
    pin_factory: Any, any_pull: Profile
) -> None:
    q = Queue()
    with open_source(pin_factory, any_pull, q) as source:
        assert source.poll(1 * MS) is None  # nothing pending: wait for an edge
        source.pin("green.woman").press(10 * MS)
        assert source.poll(11 * MS + LATENCY - 1) == 11 * MS + LATENCY  # callbacks may be late
        assert drain(q) == []
        wake = source.poll(11 * MS + LATENCY)
        assert drain(q) == [Press("green.woman", 10 * MS, "gpio:mock", 0)]
        assert wake == 10 * MS + SETTINGS.stuck_ns + LATENCY  # next: stuck, if held


def test_an_edge_that_never_comes_is_taken_as_lost_after_the_hold_limit(
    pin_factory: Any, profile: Profile, caplog: pytest.LogCaptureFixture
) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q, hold_limit_ns=100 * MS) as source:
        pin = source.pin("purple.chief")
        pin.edge(True, 10 * MS)
        pin.edge(False, 10 * MS + 10 * US, deliver=False)  # dropped by the kernel
        source.poll(20 * MS)
        source.poll(119 * MS)
        assert drain(q) == []
        with caplog.at_level(logging.WARNING, logger="companion.input.gpio"):
            source.poll(120 * MS)
        assert drain(q) == [Press("purple.chief", 10 * MS, "gpio:mock", 0)]  # as before
        assert any("taking the edge as lost" in r.getMessage() for r in caplog.records)


def test_deadlines_fire_latency_late_and_the_timing_options_are_checked(
    pin_factory: Any, profile: Profile
) -> None:
    q = Queue()
    with open_source(pin_factory, profile, q, latency_ns=5 * MS) as source:
        source.pin("nav.next").press(10 * MS)
        assert source.poll(12 * MS) == 16 * MS  # confirmed at 11 ms, fired 5 ms later
        assert drain(q) == []
        source.poll(16 * MS)
        assert [e.control for e in drain(q)] == ["nav.next"]
    with pytest.raises(ConfigError, match="latency_ns >= 0"):
        open_source(pin_factory, profile, q, latency_ns=-1)
    with pytest.raises(ConfigError, match="recheck_ns > 0"):
        open_source(pin_factory, profile, q, recheck_ns=0)


def test_stats_expose_late_and_ignored_edges(pin_factory: Any, profile: Profile) -> None:
    with open_source(pin_factory, profile, Queue()) as source:
        source.advance(50 * MS)
        pin = source.pin("red.woman")
        pin.press(10 * MS)  # 40 ms late
        pin.edge(True, 20 * MS)  # the same level again: an edge was lost
        stats = source.stats()["red.woman"]
    assert (stats.late, stats.ignored) == (2, 1)


# ---- B9: honest labels and live warnings -----------------------------------------------


def test_plain_mock_pins_are_callback_timestamps(profile: Profile) -> None:
    factory = MockFactory(pin_class=MockPin)
    try:
        with open_source(factory, profile, Queue()) as source:
            assert source.factory_name == "mock"
            assert source.timestamps == "callback"
            assert any("--source sim" in w for w in source.warnings)
    finally:
        factory.reset()
        factory.close()
    subclass = type("Sub", (TimedMockPin,), {})
    assert gpio.timestamps_of("mock", MockFactory(pin_class=subclass)) == "injected"
    assert gpio.timestamps_of("mock", MockFactory(pin_class=MockPin)) == "callback"


def test_a_stopped_timer_shows_in_warnings(pin_factory: Any, profile: Profile) -> None:
    broken = False

    def clock() -> int:
        if broken:  # from the press on: the timer's next read fails
            raise RuntimeError("clock broke")
        return 0

    with GpioSource(profile, Queue(), pin_factory=pin_factory, clock=clock) as source:
        assert not source.warnings  # the timer may have read the clock already: it worked
        broken = True
        source.pin("nav.select").press(1 * MS)  # wakes the timer, which reads the clock
        assert source._timer is not None
        source._timer.join(timeout=10)
        assert any("debounce timer stopped" in w for w in source.warnings)


def test_desktop_without_a_factory_is_pointed_at_the_sim_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpio, "DEFAULT_ORDER", ("nosuch",))
    with pytest.raises(DeviceError, match="--source sim") as info:
        open_factory()
    assert "GPIOZERO_PIN_FACTORY=mock" not in str(info.value)


def test_a_box_profile_is_refused_naming_the_box_source(pin_factory: Any) -> None:
    with pytest.raises(ConfigError, match="'usb-box' is a 'box' profile") as info:
        GpioSource(load_profile("usb-box"), Queue(), pin_factory=pin_factory)
    assert "--source box" in str(info.value)
    assert "--profile gpio-dsi or gpio-spi35" in str(info.value)
