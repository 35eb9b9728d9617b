"""The firmware's PIO programs, assembled by the fake ``rp2.asm_pio`` and run cycle by
cycle in rp2040-pio-emulator.

The emulator reads ``in pins`` from GPIO 0 whatever the IN base (a documented
limitation), so the tests feed it the word the real state machine would see with
``in_base = IN_BASE``: the GPIO levels rotated right by IN_BASE.
"""

# No `from __future__ import annotations`: the emulator reads input_source's annotation.

import itertools
import random
from collections import deque
from collections.abc import Callable
from typing import Any

import pytest
from pioemu import State, emulate

from tests.firmware.firmware import load

CYCLES_PER_COUNT = 8
FIRST_SAMPLE = 3  # cycle of the first `in pins` (two setup instructions, then mov isr)
TOP = 0xFFFF_FFFF


@pytest.fixture(scope="module")
def table() -> Any:
    return load("box_table")


@pytest.fixture(scope="module")
def pio() -> Any:
    return load("box_pio")


def rotated(levels: int, base: int) -> int:
    """What `in pins` sees with in_base = ``base``: GPIO ``base`` as bit 0, wrapping."""
    return ((levels >> base) | (levels << (32 - base))) & TOP


def run_sampler(program: Any, pins_at: Callable[[int], int], cycles: int) -> list[tuple[int, int]]:
    """(counter, snapshot) pairs the sampler pushes in ``cycles`` cycles, FIFO drained."""
    words: list[int] = []

    def pins(state: State) -> int:
        return pins_at(state.clock)

    for _, after in emulate(
        program.opcodes,
        stop_when=lambda _, state: state.clock >= cycles,
        input_source=pins,
        shift_isr_right=False,
        wrap_target=program.wrap_target,
        wrap_top=program.wrap,
    ):
        while after.receive_fifo:
            words.append(after.receive_fifo.popleft())
    return list(zip(words[::2], words[1::2], strict=True))


def sample_cycle(counter: int) -> int:
    return FIRST_SAMPLE + CYCLES_PER_COUNT * (TOP - counter)


def test_assembler_matches_known_encodings(pio: Any) -> None:
    # the WS2812 program as the RP2040 SDK's pioasm assembles it
    assert pio.ws2812.opcodes == [0x6221, 0x1123, 0x1400, 0xA442]
    assert (pio.ws2812.wrap_target, pio.ws2812.wrap) == (0, 3)
    sampler = pio.sampler_program(28)
    assert len(sampler.opcodes) <= 32  # fits a PIO block's instruction memory
    assert sampler.opcodes[:2] == [0xA02B, 0xA0EB]  # mov x, ~null; mov osr, ~null


def test_sampler_pushes_the_initial_levels_then_each_change_exactly_timed(
    pio: Any, table: Any
) -> None:
    idle = (1 << 30) - 1  # pulled up: every input reads 1
    bit = 1 << table.PINS[3]  # red.hunter's GPIO
    edges = {200: idle & ~bit, 517: idle, 900: idle & ~bit}

    def pins(clock: int) -> int:
        level = idle
        for at, value in sorted(edges.items()):
            if clock >= at:
                level = value
        return rotated(level, table.IN_BASE)

    program = pio.sampler_program(table.IN_COUNT)
    pairs = run_sampler(program, pins, 1200)
    mask = (1 << table.IN_COUNT) - 1
    assert pairs[0] == (TOP, rotated(idle, table.IN_BASE) & mask)
    assert len(pairs) == 1 + len(edges)
    for (counter, snapshot), (edge_at, level) in zip(pairs[1:], sorted(edges.items()), strict=True):
        seen_at = sample_cycle(counter)
        assert 0 <= seen_at - edge_at < 2 * CYCLES_PER_COUNT  # sampled within 128 ns
        assert snapshot == rotated(level, table.IN_BASE) & mask


def test_simultaneous_presses_arrive_in_one_snapshot(pio: Any, table: Any) -> None:
    idle = (1 << 30) - 1
    both = idle & ~(1 << table.PINS[0]) & ~(1 << table.PINS[22])  # red.chief, nav.select

    def pins(clock: int) -> int:
        return rotated(both if clock >= 333 else idle, table.IN_BASE)

    pairs = run_sampler(pio.sampler_program(table.IN_COUNT), pins, 600)
    assert len(pairs) == 2  # the start, then ONE snapshot with both: an honest tie
    snapshot = pairs[1][1]
    assert not snapshot >> table.BITS[0] & 1
    assert not snapshot >> table.BITS[22] & 1


def test_sampler_counts_evenly_through_a_storm_of_changes(pio: Any) -> None:
    """Changes on every other sample: both paths must cost 8 cycles per count."""
    rng = random.Random(3)
    flips = sorted(rng.sample(range(50, 4000), 120))

    def pins(clock: int) -> int:
        return sum(1 for f in flips if f <= clock) & 1

    pairs = run_sampler(pio.sampler_program(28), pins, 4200)
    levels = [snapshot & 1 for _, snapshot in pairs]
    assert all(a != b for a, b in itertools.pairwise(levels))
    previous = 0
    for counter, snapshot in pairs[1:]:
        at = sample_cycle(counter)
        flipped = [f for f in flips if previous < f <= at]
        assert flipped and snapshot & 1 == sum(1 for f in flips if f <= at) & 1
        previous = at


def test_ws2812_sends_each_bit_as_a_1250_ns_pulse(pio: Any, table: Any) -> None:
    program = pio.ws2812
    grb = 0xA5_3C_0F
    state = State(transmit_fifo=deque([grb << 8]))
    highs: list[int] = []
    level, run = 0, 0
    for before, after in emulate(
        program.opcodes,
        stop_when=lambda _, s: s.clock >= 24 * 10 + 3,
        initial_state=state,
        auto_pull=True,
        pull_threshold=24,
        shift_osr_right=False,
        side_set_base=table.LED_PIN,
        side_set_count=1,
        wrap_target=program.wrap_target,
        wrap_top=program.wrap,
    ):
        now = after.pin_values >> table.LED_PIN & 1
        if now != level and level == 1:
            highs.append(run)
        run = run + (after.clock - before.clock) if now == level else after.clock - before.clock
        level = now
    bits = [(grb >> (23 - i)) & 1 for i in range(24)]
    assert [7 if b else 2 for b in bits][: len(highs)] == highs  # 875 ns or 250 ns high
    assert len(highs) >= 23
