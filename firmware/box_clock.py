# Box time: 64-bit nanoseconds since boot, from two wrapping counters. Pure.
#
# - time.ticks_us() wraps at 2**30 us (17.9 min): Ticks64.update() extends it. It must be
#   called at least once per wrap period; the main loop calls it every millisecond.
# - The PIO sampler's cycle counter (X) counts DOWN from 2**32 - 1, one count per
#   LOOP_CYCLES system clock cycles, wrapping every 2**32 counts (275 s at 125 MHz).
#   unwrap() picks the wrap that puts a count nearest the time the ticks say it is.
#   Both counters run from the same 12 MHz crystal, so they never drift apart.
from micropython import const

TICKS_PERIOD = const(1 << 30)
_TICKS_MASK = const((1 << 30) - 1)
COUNTER_MASK = 0xFFFFFFFF
LOOP_CYCLES = const(8)  # system clock cycles per sampler count (firmware/box_pio.py)
NS_PER_S = 1000000000


class Ticks64:
    def __init__(self, raw_us):
        self.last = raw_us
        self.us = 0

    def update(self, raw_us):
        # Returns nanoseconds since the first reading.
        self.us += (raw_us - self.last) & _TICKS_MASK
        self.last = raw_us
        return self.us * 1000


def unwrap(raw, expected):
    # Counts elapsed since the sampler started, given the raw down-counter value and
    # the count expected from the ticks (any error well under 2**31 counts).
    elapsed = (COUNTER_MASK - raw) & COUNTER_MASK
    if expected > elapsed:
        elapsed += ((expected - elapsed + (1 << 31)) >> 32) << 32
    return elapsed


class CounterClock:
    # Maps the sampler's raw counter to box nanoseconds. ``anchor_ns`` is the box time
    # at which the sampler was started (its first sample); ``freq`` the system clock.
    def __init__(self, freq, anchor_ns):
        self.freq = freq
        self.anchor = anchor_ns
        self.unit = LOOP_CYCLES * NS_PER_S

    def ns(self, raw, now_ns):
        expected = (now_ns - self.anchor) * self.freq // self.unit
        return self.anchor + unwrap(raw, expected) * self.unit // self.freq
