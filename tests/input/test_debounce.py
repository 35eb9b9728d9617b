import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import ConfigError
from companion.input.debounce import (
    MS,
    DebounceBank,
    Debouncer,
    DebounceSettings,
    as_sink,
)
from companion.input.events import InputEvent, Press, Stuck, Unstuck

US = 1_000
S = 1_000_000_000
DEFAULTS = DebounceSettings()


def feed(d: Debouncer, edges: list[tuple[int, bool]]) -> list[InputEvent]:
    events: list[InputEvent] = []
    for t_ns, active in edges:
        events += d.edge(t_ns, active)
    return events


def alternating(start_ns: int, offsets_ns: list[int]) -> list[tuple[int, bool]]:
    """Edges at ``start + offset``, alternating from active."""
    return [(start_ns + off, i % 2 == 0) for i, off in enumerate(offsets_ns)]


def presses(events: list[InputEvent]) -> list[Press]:
    return [e for e in events if isinstance(e, Press)]


def test_clean_press_is_confirmed_after_min_press_and_stamped_at_its_edge() -> None:
    d = Debouncer("red.hunter", source="test")
    assert d.edge(1000 * US, True) == []
    assert d.next_deadline() == 1000 * US + DEFAULTS.min_press_ns
    assert d.advance(1000 * US + DEFAULTS.min_press_ns - 1) == []
    events = d.advance(1000 * US + DEFAULTS.min_press_ns)
    assert events == [Press("red.hunter", 1000 * US, "test", 0)]
    assert d.is_pressed
    assert d.next_deadline() == 1000 * US + DEFAULTS.stuck_ns  # only stuck can happen now


def test_bounce_burst_is_one_press_at_its_first_edge_with_bounces_counted() -> None:
    d = Debouncer("red.hunter", source="test")
    # first contact at 2 ms, then 8 bounce edges over 5 ms, ending closed (9 edges)
    burst = alternating(2 * MS, [0, 300 * US, 900 * US, 1500 * US, 2200 * US, 3000 * US,
                                 3700 * US, 4400 * US, 5000 * US])  # fmt: skip
    events = feed(d, burst)
    events += d.advance(100 * MS)
    events += d.edge(100 * MS, False)  # clean release
    events += d.advance(200 * MS)
    assert events == [Press("red.hunter", 2 * MS, "test", 0)]
    stats = d.stats()
    assert (stats.presses, stats.bounces, stats.glitches) == (1, 8, 0)
    assert stats.state == "idle"


def test_release_bounce_is_not_a_second_press() -> None:
    d = Debouncer("red.hunter")
    events = feed(d, [(0, True), (80 * MS, False)])
    # the release bounces for 4 ms: contact re-closes for 0.5-1 ms at a time
    events += feed(d, alternating(81 * MS, [0, 1 * MS, 2 * MS, 3 * MS]))
    events += d.advance(1 * S)
    assert len(presses(events)) == 1
    assert d.stats().bounces == 4


def test_short_glitch_is_not_a_press_and_is_counted() -> None:
    d = Debouncer("red.hunter")
    events = feed(d, [(10 * MS, True), (10 * MS + 20 * US, False)])
    events += d.advance(1 * S)
    assert events == []
    stats = d.stats()
    assert (stats.presses, stats.glitches, stats.bounces) == (0, 1, 0)


def test_spikes_adding_up_to_less_than_min_press_are_one_glitch() -> None:
    d = Debouncer("red.hunter")
    spikes = [(t, a) for k in range(5) for t, a in alternating(k * 500 * US, [0, 100 * US])]
    events = feed(d, spikes) + d.advance(1 * S)
    assert events == []
    assert d.stats().glitches == 1


def test_press_after_a_glitch_keeps_its_own_first_edge() -> None:
    d = Debouncer("red.hunter")
    events = feed(d, [(0, True), (30 * US, False)])  # glitch
    events += feed(d, [(3 * MS, True), (80 * MS, False)])  # real press 3 ms later
    events += d.advance(1 * S)
    assert [p.t_ns for p in presses(events)] == [3 * MS]
    assert d.stats().glitches == 1


def test_a_new_press_needs_release_quiet_after_the_release() -> None:
    d = Debouncer("red.hunter")
    q = DEFAULTS.release_quiet_ns
    events = feed(d, [(0, True), (50 * MS, False)])
    events += feed(d, [(50 * MS + q - 1, True), (100 * MS, False)])  # too soon: a bounce
    events += feed(d, [(100 * MS + q, True), (200 * MS, False)])  # exactly quiet: a press
    events += d.advance(1 * S)
    assert [p.t_ns for p in presses(events)] == [0, 100 * MS + q]


def test_held_button_becomes_stuck_then_unstuck_and_works_again() -> None:
    d = Debouncer("red.hunter", source="t")
    stuck_at = DEFAULTS.stuck_ns
    events = d.edge(0, True) + d.advance(stuck_at - 1)
    assert events == [Press("red.hunter", 0, "t", 0)]
    assert d.advance(stuck_at) == [Stuck("red.hunter", 0, "t")]
    assert d.is_stuck
    # chatter while stuck is ignored, never a press
    chatter = [(stuck_at + 1 * S + k * 3 * MS, k % 2 == 1) for k in range(4)]
    assert feed(d, chatter) == []
    assert d.stats().ignored == 4
    release = stuck_at + 2 * S
    events = d.edge(release, False) + d.advance(release + DEFAULTS.release_quiet_ns)
    assert events == [Unstuck("red.hunter", release, "t")]
    events = feed(d, [(release + 1 * S, True)]) + d.advance(release + 2 * S)
    assert events == [Press("red.hunter", release + 1 * S, "t", 1)]
    assert d.stats().stuck == 1


def test_chattering_without_quiet_becomes_stuck() -> None:
    d = Debouncer("red.hunter")
    edges = alternating(0, list(range(0, 6 * S, 5 * MS)))  # an edge every 5 ms for 6 s
    events = feed(d, edges)
    assert [type(e) for e in events] == [Press, Stuck]
    assert d.is_stuck


def test_pin_active_at_start_is_held_not_pressed_then_stuck() -> None:
    d = Debouncer("red.hunter", active=True, start_ns=1 * S)
    assert d.is_pressed
    assert d.advance(1 * S + DEFAULTS.stuck_ns - 1) == []
    assert d.advance(1 * S + DEFAULTS.stuck_ns) == [Stuck("red.hunter", 1 * S, "")]


def test_pin_active_at_start_released_early_is_nothing() -> None:
    d = Debouncer("red.hunter", active=True, start_ns=0)
    events = d.edge(1 * S, False) + d.advance(2 * S)
    events += d.edge(3 * S, True) + d.advance(4 * S)
    assert events == [Press("red.hunter", 3 * S, "", 0)]
    assert d.stats().bounces == 0


def test_late_bounce_after_release_was_closed_reopens_instead_of_pressing() -> None:
    d = Debouncer("red.hunter")
    events = feed(d, [(0, True), (80 * MS, False)])
    events += d.advance(200 * MS)  # the release is closed at 90 ms
    assert not d.is_pressed
    events += feed(d, [(82 * MS, True), (83 * MS, False)])  # bounce edges arriving late
    events += d.advance(300 * MS)
    assert len(presses(events)) == 1
    stats = d.stats()
    assert (stats.late, stats.bounces, stats.state) == (2, 2, "idle")


def test_late_edge_reopens_a_glitch_into_a_press_stamped_at_its_first_edge() -> None:
    d = Debouncer("red.hunter")
    events = feed(d, [(0, True), (500 * US, False)]) + d.advance(5 * MS)
    assert d.stats().glitches == 1
    events += feed(d, [(1 * MS, True), (1600 * US, False)])  # late: total active 1.1 ms
    events += d.advance(1 * S)
    assert [p.t_ns for p in presses(events)] == [0]
    assert d.stats().glitches == 0


def test_repeated_level_is_ignored() -> None:
    d = Debouncer("red.hunter")
    events = feed(d, [(0, True), (100 * US, True)]) + d.advance(1 * S)
    assert [p.t_ns for p in presses(events)] == [0]
    assert d.stats().ignored == 1


def late_second_spike(catch_up: bool) -> tuple[Debouncer, list[InputEvent]]:
    """A 10 us spike, closed as a glitch at 2.01 ms; then the rising edge of a second
    spike at 1 ms arrives late, reopening the burst."""
    d = Debouncer("red.hunter")
    feed(d, [(0, True), (10 * US, False)])
    assert d.advance(30 * MS) == []
    return d, d.edge(1 * MS, True, catch_up=catch_up)


def test_late_edge_without_catch_up_leaves_past_deadlines_for_the_next_advance() -> None:
    """With ``catch_up`` (the default) the reopened burst is confirmed at once, before the
    second spike's falling edge could arrive; without it that edge gets its chance."""
    _, events = late_second_spike(catch_up=True)
    assert events == [Press("red.hunter", 0, "", 0)]
    d, events = late_second_spike(catch_up=False)
    assert events == []
    assert d.next_deadline() == 2 * MS - 10 * US  # in the past: the caller decides
    assert d.edge(1 * MS + 10 * US, False, catch_up=False) == []
    assert d.advance(31 * MS) == []
    stats = d.stats()
    assert (stats.presses, stats.glitches, stats.late) == (0, 1, 2)


def test_bank_holds_controls_whose_edge_is_on_its_way() -> None:
    bank = DebounceBank(source="bank")
    for control in ("red.hunter", "yellow.hunter"):
        bank.add(control)
    bank.edge("red.hunter", 1 * MS, True)
    bank.edge("yellow.hunter", 1 * MS, True)
    assert bank.due(2 * MS - 1) == ()
    assert bank.due(2 * MS) == ("red.hunter", "yellow.hunter")
    assert bank.next_deadline(skip=("red.hunter",)) == 2 * MS
    assert bank.next_deadline(skip=("red.hunter", "yellow.hunter")) is None
    events = bank.advance(5 * MS, hold=("red.hunter",))
    assert [e.control for e in events] == ["yellow.hunter"]
    assert bank.due(5 * MS) == ("red.hunter",)  # still due: nothing fired for it
    events = bank.edge("red.hunter", 1 * MS + 10 * US, False)  # its edge arrives, late
    assert events == []
    assert bank["red.hunter"].stats().late == 1
    assert bank.advance(10 * MS) == []
    assert bank["red.hunter"].stats().glitches == 1


def test_counters_start_at_zero_and_stats_fill_in_the_state() -> None:
    d = Debouncer("red.hunter", active=True)
    stats = d.stats()
    assert (stats.control, stats.state, stats.presses, stats.late, stats.ignored) == (
        "red.hunter",
        "pressed",
        0,
        0,
        0,
    )
    assert stats.last_press_ns is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"min_press_ns": 0},
        {"stuck_ns": 1 * MS},
        {"glitch_quiet_ns": 20 * MS},
        {"release_quiet_ns": -1},
    ],
)
def test_settings_are_checked(kwargs: dict[str, int]) -> None:
    with pytest.raises(ConfigError):
        DebounceSettings(**kwargs)
    with pytest.raises(ValueError):
        DebounceSettings(**kwargs)


def test_bank_fires_deadlines_in_time_order_and_numbers_presses_in_that_order() -> None:
    bank = DebounceBank(source="bank")
    for control in ("red.hunter", "yellow.hunter", "blue.chief"):
        bank.add(control)
    bank.edge("blue.chief", 3 * MS, True)
    bank.edge("red.hunter", 1 * MS, True)
    bank.edge("yellow.hunter", 1 * MS + 12 * US, True)
    assert bank.next_deadline() == 2 * MS
    events = bank.advance(1 * S)
    assert events == [
        Press("red.hunter", 1 * MS, "bank", 0),
        Press("yellow.hunter", 1 * MS + 12 * US, "bank", 1),
        Press("blue.chief", 3 * MS, "bank", 2),
    ]
    assert bank.next_deadline() == 1 * MS + DEFAULTS.stuck_ns
    with pytest.raises(ConfigError):
        bank.add("red.hunter")


def test_as_sink_accepts_a_queue_or_a_callable() -> None:
    import queue

    q: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
    as_sink(q)(Unstuck("red.hunter", 0, "x"))
    got: list[InputEvent] = []
    as_sink(got.append)(Unstuck("red.hunter", 1, "x"))
    assert q.get_nowait() == Unstuck("red.hunter", 0, "x")
    assert got == [Unstuck("red.hunter", 1, "x")]


# ---- property: presses == bursts long enough to confirm -------------------------------

_segment = st.tuples(
    st.integers(1, 3 * MS),  # active time
    st.integers(1, DEFAULTS.glitch_quiet_ns - 1),  # gap inside the burst
)
_burst = st.lists(_segment, min_size=1, max_size=6)
_train = st.lists(
    st.tuples(st.integers(DEFAULTS.release_quiet_ns, 60 * MS), _burst), min_size=1, max_size=8
)


@settings(max_examples=200, deadline=None)
@given(train=_train, rng=st.randoms(use_true_random=False))
def test_presses_equal_bursts_long_enough_each_stamped_at_its_first_edge(
    train: list[tuple[int, list[tuple[int, int]]]], rng: random.Random
) -> None:
    edges: list[tuple[int, bool]] = []
    expected_stamps: list[int] = []
    expected_bounces = 0
    t = 0
    for quiet, segments in train:
        t += quiet  # measured from the previous burst's last (inactive) edge
        if sum(active for active, _ in segments) >= DEFAULTS.min_press_ns:
            expected_stamps.append(t)
            expected_bounces += 2 * len(segments) - 2
        for k, (active, gap) in enumerate(segments):
            edges += [(t, True), (t + active, False)]
            t += active + (gap if k < len(segments) - 1 else 0)
    d = Debouncer("red.hunter")
    events: list[InputEvent] = []
    last = 0
    for t_edge, active in edges:
        if rng.random() < 0.5:  # a timer wake-up somewhere before this edge
            events += d.advance(rng.randint(last, t_edge))
        events += d.edge(t_edge, active)
        last = t_edge
    events += d.advance(last + 1 * S)
    assert [p.t_ns for p in presses(events)] == expected_stamps
    assert [p.seq for p in presses(events)] == list(range(len(expected_stamps)))
    assert not [e for e in events if not isinstance(e, Press)]
    stats = d.stats()
    assert stats.glitches == len(train) - len(expected_stamps)
    assert stats.bounces == expected_bounces
    assert stats.late == 0
