"""Box time to host time (companion/input/box/clock.py), in simulated time."""

from __future__ import annotations

import random

import pytest

from companion.input.box.clock import ClockMap

S = 1_000_000_000
US = 1_000


class SimLink:
    """A box clock ``drift_ppm`` fast, read in microseconds (ticks_us), over a link whose
    trips take 0.1 ms plus an exponential 0.15 ms, with 5 % delayed 1-20 ms."""

    def __init__(self, seed: int, drift_ppm: float) -> None:
        self.rng = random.Random(seed)
        self.rate = 1 + drift_ppm * 1e-6
        self.boot_host_ns = -123_456_789

    def box_at(self, host_ns: int) -> int:
        return int((host_ns - self.boot_host_ns) * self.rate) // US * US

    def trip(self) -> int:
        delay = 100 * US + self.rng.expovariate(1 / (150 * US))
        if self.rng.random() < 0.05:
            delay += self.rng.uniform(1e6, 20e6)
        return int(delay)

    def ping(self, clock: ClockMap, sent: int) -> None:
        there, back = self.trip(), self.trip()
        clock.add(sent, self.box_at(sent + there), sent + there + back)


@pytest.mark.parametrize(("seed", "drift_ppm"), [(1, 100.0), (2, -100.0), (3, 100.0)])
def test_100_ppm_drift_stays_within_50_us_for_an_hour(seed: int, drift_ppm: float) -> None:
    """Acceptance (issue 7): mapped stamps within 50 us of host time over an hour."""
    link, clock = SimLink(seed, drift_ppm), ClockMap()
    rng = random.Random(seed + 100)
    host, worst, checked = 0, 0, 0
    while host < 3600 * S:
        link.ping(clock, host)
        step = clock.ping_interval_ns
        if clock.locked:  # presses are only taken once locked
            for _ in range(2):  # presses at random moments until the next ping
                t = host + rng.randrange(step)
                delivered = t + rng.randrange(200 * US, 20_000 * US)
                worst = max(worst, abs(clock.map(link.box_at(t), delivered) - t))
                checked += 1
        host += step
    assert checked > 60_000
    assert worst < 50 * US
    assert abs(clock.drift_ppm - drift_ppm) < 1
    assert clock.jumps == 0, "round-trip spikes and drift are not jumps"


def test_lock_takes_two_seconds_of_fast_pings() -> None:
    link, clock = SimLink(4, 30.0), ClockMap()
    host = 0
    while not clock.locked:
        link.ping(clock, host)
        host += clock.ping_interval_ns
    assert 1.5 * S < host < 2.5 * S
    with pytest.raises(ValueError, match="no PONG"):
        ClockMap().map(0, 0)


def test_round_trips_over_50_ms_are_dropped() -> None:
    clock = ClockMap()
    assert not clock.add(0, 10, 60_000_000)
    assert not clock.add(10, 10, 5)  # negative
    assert (clock.samples, clock.rejected) == (0, 2)


def test_a_new_fit_moves_the_mapping_no_faster_than_the_slew_limit() -> None:
    """Presses a few microseconds apart, mapped milliseconds apart, must stay in order:
    a jump in the estimate is spread out at 200 ppm."""
    clock = ClockMap(lock_samples=1, block=1)
    clock.add(0, 0, 100 * US)  # offset 50 us
    before = clock.map(S, S)
    clock.add(S, S, S + 2 * US)  # a much better sample: the estimate jumps by ~49 us
    assert abs(clock.map(S, S) - before) <= 1  # not at once...
    assert abs(clock.map(S, S + 1_000_000) - before) <= 200  # 0.2 us per ms...
    later = clock.map(S, S + S)
    assert abs(later - (S + US)) <= 1  # ...and fully after a second


@pytest.mark.parametrize("jump_ns", [1 * S, -3 * S])
def test_a_jump_of_the_box_clock_is_detected_and_the_map_locks_again(jump_ns: int) -> None:
    """The box's clock jumps at host time 30 s: the map notices within a few pings, drops
    itself (unlocked while relocking), locks again and maps the new clock right; the box
    times around the jump are a gap, the times well before or after are not."""
    link, clock = SimLink(5, 50.0), ClockMap()
    host = 0
    while host < 30 * S:
        link.ping(clock, host)
        host += clock.ping_interval_ns
    assert clock.locked and clock.jumps == 0
    before_jump = link.box_at(host - 5 * S)
    link.boot_host_ns -= jump_ns  # the box now reads jump_ns more
    unlocked_at = None
    while clock.jumps == 0 or not clock.locked:
        link.ping(clock, host)
        if clock.relocking and unlocked_at is None:
            unlocked_at = host
        host += clock.ping_interval_ns
    assert unlocked_at is not None and unlocked_at - 30 * S < 1 * S, "noticed within 1 s"
    assert clock.jumps == 1 and clock.locked and not clock.relocking
    t = 30 * S + abs(jump_ns) + 2 * S  # past the box times the jump made ambiguous
    assert abs(clock.map(link.box_at(t), t + 1_000_000) - t) < 100 * US, "the new clock maps"
    assert clock.in_gap(link.box_at(30 * S)), "a stamp at the jump is in the gap"
    assert not clock.in_gap(before_jump) and not clock.in_gap(link.box_at(t))
