"""The mock pins, the timeline and its delivery orders, and the simulated pins."""

import queue
from typing import Any

import pytest

from companion.errors import ConfigError
from companion.input.debounce import MS, DebounceBank
from companion.input.events import InputEvent, Press
from companion.input.gpio import GpioSource
from companion.input.mock import (
    Edge,
    MockTimeline,
    SimulatedPins,
    TimedMockPin,
    bounce_edges,
    mock_factory,
    open_simulated,
    reorder,
)
from companion.input.pinmap import Profile, load_profile

US = 1_000
S = 1_000_000_000
Queue = queue.SimpleQueue[InputEvent]


@pytest.fixture
def profile() -> Profile:
    return load_profile("gpio-dsi")


class Clock:
    def __init__(self, now: int = 0) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[float, bool]] = []

    def on_changed(self, ticks: float, state: bool) -> None:
        self.calls.append((ticks, state))


def drain(q: Queue) -> list[InputEvent]:
    events = []
    while not q.empty():
        events.append(q.get_nowait())
    return events


# ---- TimedMockPin ----------------------------------------------------------------------


def test_factory_makes_timed_pins(pin_factory: Any) -> None:
    assert isinstance(mock_factory().pin(5), TimedMockPin)
    assert isinstance(pin_factory.pin(5), TimedMockPin)


def test_timed_pin_fires_when_changed_with_the_chosen_ticks(pin_factory: Any) -> None:
    pin = pin_factory.pin(5)
    pin.function = "input"
    pin.pull = "up"
    recorder = Recorder()
    pin.when_changed = recorder.on_changed
    pin.press(1_000_000)
    pin.release(81_000_000)
    assert recorder.calls == [(0.001, False), (0.081, True)]  # active low
    assert pin.edge_log == [(1_000_000, True), (81_000_000, False)]
    assert [round(ticks * 1e9) for ticks, _ in recorder.calls] == [1_000_000, 81_000_000]


def test_timed_pin_respects_edges_and_pull_down(pin_factory: Any) -> None:
    pin = pin_factory.pin(6)
    pin.function = "input"
    pin.pull = "down"
    recorder = Recorder()
    pin.when_changed = recorder.on_changed
    pin.edges = "rising"
    pin.press(10)
    pin.release(20)
    assert recorder.calls == [(10 / 1e9, True)]
    assert pin.state is False


def test_held_pin_stays_active_when_the_pull_is_set(pin_factory: Any) -> None:
    pin = pin_factory.pin(7)
    pin.hold()
    pin.function = "input"
    pin.pull = "up"
    assert pin.held
    assert pin.state is False  # held down against the pull-up


def test_undelivered_edges_change_the_level_and_queue_their_callbacks(pin_factory: Any) -> None:
    pin = pin_factory.pin(5)
    pin.function = "input"
    pin.pull = "up"
    recorder = Recorder()
    pin.when_changed = recorder.on_changed
    pin.edge(True, 1_000, deliver=False)
    pin.edge(False, 2_000, deliver=False)
    assert pin.state is True  # idle again (pull-up) while both callbacks wait
    assert recorder.calls == []
    assert pin.queued == ((1e-6, False), (2e-6, True))
    assert pin.deliver_queued(1) == 1
    assert recorder.calls == [(1e-6, False)]
    pin.press(3_000)  # a delivered edge runs the queued ones first, in order
    assert recorder.calls == [(1e-6, False), (2e-6, True), (3e-6, False)]
    assert pin.queued == ()
    assert pin.deliver_queued() == 0


# ---- MockTimeline and delivery orders --------------------------------------------------


def test_reorder_reverses_across_controls_but_keeps_each_controls_order() -> None:
    edges = [
        Edge(1000, "red.hunter", True),
        Edge(1012, "yellow.hunter", True),
        Edge(5000, "red.hunter", False),
        Edge(6000, "yellow.hunter", False),
    ]
    got = reorder(edges, "reverse")
    assert [(e.control, e.active) for e in got] == [
        ("yellow.hunter", True),
        ("red.hunter", True),
        ("yellow.hunter", False),
        ("red.hunter", False),
    ]
    shuffled = reorder(edges, "shuffle", seed=3)
    assert sorted(shuffled, key=lambda e: e.t_ns) == edges
    for control in ("red.hunter", "yellow.hunter"):
        mine = [e for e in shuffled if e.control == control]
        assert mine == sorted(mine, key=lambda e: e.t_ns)
    assert reorder(edges[::-1], "written") == edges[::-1]
    assert reorder(edges[::-1], "time") == edges


def test_timeline_needs_exactly_one_time_and_a_known_control(
    pin_factory: Any, profile: Profile
) -> None:
    with GpioSource(profile, Queue(), pin_factory=pin_factory, auto_advance=False) as source:
        timeline = MockTimeline.of(source)
        with pytest.raises(ConfigError, match="exactly one"):
            timeline.press("red.chief")
        with pytest.raises(ConfigError, match="exactly one"):
            timeline.press("red.chief", at_ns=1, at_us=1)
        with pytest.raises(ConfigError, match="no mock pin"):
            timeline.press("orange.chief", at_us=1)
        timeline.tap("red.chief", at_us=5)
        assert [e.active for e in timeline.pending] == [True, False]
        timeline.deliver()
        assert not timeline.pending
        assert len(timeline.delivered) == 2


# ---- SimulatedPins ---------------------------------------------------------------------


def test_simulated_pins_press_now_through_the_gpio_path(profile: Profile) -> None:
    clock = Clock(5 * S)
    q = Queue()
    with open_simulated(profile, q, clock=clock, auto_advance=False) as pins:
        assert pins.source.factory_name == "mock"
        pins.press("blue.hunter")
        pins.press("blue.hunter")  # already down: nothing
        assert pins.is_down("blue.hunter")
        pins.release("blue.hunter")  # same instant: stamped min_hold later
        assert pins.pins["blue.hunter"].edge_log == [(5 * S, True), (5 * S + 5 * MS, False)]
        pins.source.advance(6 * S)
        assert drain(q) == [Press("blue.hunter", 5 * S, "gpio:mock", 0)]
        clock.now = 7 * S
        pins.press("nav.back")
        pins.release_all()
        pins.source.advance(8 * S)
        assert [e.control for e in drain(q)] == ["nav.back"]
    assert pins.source.closed
    pins.close()  # twice is fine


def test_simulated_pins_name_an_unknown_control(profile: Profile) -> None:
    with open_simulated(profile, Queue(), auto_advance=False) as pins:
        with pytest.raises(ConfigError, match=r"no mock pin for control 'orange\.chief'"):
            pins.press("orange.chief")
        pins.release("orange.chief")  # never pressed: nothing to do


def test_simulated_pins_refuse_a_source_without_timed_pins(profile: Profile) -> None:
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    try:
        with (
            GpioSource(profile, Queue(), pin_factory=factory, auto_advance=False) as source,
            pytest.raises(Exception, match="not TimedMockPins"),
        ):
            SimulatedPins(source)
    finally:
        factory.reset()
        factory.close()


# ---- a whole scene through the mock pins ------------------------------------------------


def _scene(timeline: MockTimeline) -> None:
    """Two hunters slap 12 us apart, a bouncing chief is held, a 20 us glitch."""
    timeline.press("red.hunter", at_us=1000)
    timeline.press("yellow.hunter", at_us=1012)
    timeline.release("red.hunter", at_ns=80 * MS)
    timeline.release("yellow.hunter", at_ns=80 * MS)
    timeline.bounce("blue.chief", at_ns=200 * MS, edges=9, span_ns=5 * MS)  # ends held
    timeline.release("blue.chief", at_ns=300 * MS)
    timeline.tap("green.woman", at_ns=400 * MS, hold_ns=20 * US)


def test_edges_delivered_in_reverse_still_give_exact_stamps(
    pin_factory: Any, profile: Profile
) -> None:
    q = Queue()
    with GpioSource(
        profile, q, pin_factory=pin_factory, clock=lambda: 0, auto_advance=False
    ) as source:
        timeline = MockTimeline.of(source)
        _scene(timeline)
        timeline.deliver("reverse")
        source.advance(1 * S)
        stats = source.stats()
    stamps = {e.control: e.t_ns for e in drain(q) if isinstance(e, Press)}
    assert stamps == {
        "red.hunter": 1_000_000,
        "yellow.hunter": 1_012_000,
        "blue.chief": 200 * MS,
    }
    assert stats["blue.chief"].bounces == 8
    assert stats["green.woman"].glitches == 1


def test_the_gpio_path_gives_what_the_pure_debouncer_gives(
    pin_factory: Any, profile: Profile
) -> None:
    q = Queue()
    with GpioSource(
        profile, q, pin_factory=pin_factory, clock=lambda: 0, auto_advance=False
    ) as source:
        timeline = MockTimeline.of(source)
        _scene(timeline)
        edges = reorder(timeline.pending, "shuffle", seed=5)
        timeline.deliver("shuffle", seed=5)
        source.advance(1 * S)
    bank = DebounceBank(source="gpio:mock")
    for control in profile.controls:
        bank.add(control)
    expected = [
        event for edge in edges for event in bank.edge(edge.control, edge.t_ns, edge.active)
    ]
    expected += bank.advance(1 * S)
    assert drain(q) == expected


def test_a_bounce_needs_an_edge() -> None:
    with pytest.raises(ConfigError, match="a bounce needs at least 1 edge"):
        bounce_edges("red.hunter", 0, 0, 5 * MS)
    assert [e.active for e in bounce_edges("red.hunter", 0, 3, 2 * MS)] == [True, False, True]
