# The thin edge that touches the chip: pins, the PIO sampler and its DMA ring, the LED
# chain, USB. Everything it feeds is pure (box_core, box_sampler, box_clock, box_leds).
# Nothing here writes to flash: flash writes stop interrupts and USB, so the firmware
# never opens a file for writing while it plays.
import array
import binascii
import gc
import os
import select
import sys
import time

import machine
import micropython
import rp2
import uctypes
from machine import Pin
from micropython import const

import box_frame
import box_table
from box_clock import CounterClock, Ticks64
from box_core import Box
from box_leds import Pixels
from box_pio import sampler_program, ws2812
from box_sampler import Sampler

RING_WORDS = const(1024)  # 4 KB DMA ring: 512 (counter, snapshot) pairs, about 25
# presses with heavy bounce; the main loop drains it every few hundred microseconds
RING_BITS = const(12)  # log2 of the ring's size in bytes: the DMA wraps its writes there
DMA_COUNT = const(0x7FFFFFFF)  # transfers before the DMA stops: one per word, forever
DREQ_PIO0_RX0 = const(4)  # the PIO0 SM0 RX FIFO's data request
PADS_BANK0 = const(0x4001C000)  # pad control registers: GPIOn at +4 + 4n
PAD_IE = const(1 << 6)  # input enable bit
SAMPLER_SM = const(0)  # PIO0 SM0
LED_SM = const(4)  # PIO1 SM0
LED_FREQ = const(8000000)
MIN_MICROPYTHON = (1, 23)  # Capture passes the state machine to rp2.DMA as read=: v1.23 on
MARGIN_WORDS = const(64)  # after a lap, read this far behind the DMA (a pair may be half-written)


class Capture:
    # The sampler state machine and a DMA channel copying its RX FIFO into a RAM ring.
    def __init__(self, table):
        self._raw = array.array("I", bytes(8 * RING_WORDS))  # twice the ring: align inside
        skip = ((-uctypes.addressof(self._raw)) & (4 * RING_WORDS - 1)) // 4
        self.ring = memoryview(self._raw)[skip : skip + RING_WORDS]
        self.sm = rp2.StateMachine(
            SAMPLER_SM, sampler_program(table.IN_COUNT), in_base=Pin(table.IN_BASE)
        )
        self.dma = rp2.DMA()
        ctrl = self.dma.pack_ctrl(
            size=2,
            inc_read=False,
            inc_write=True,
            ring_size=RING_BITS,
            ring_sel=True,
            treq_sel=DREQ_PIO0_RX0,
        )
        self.dma.config(read=self.sm, write=self.ring, count=DMA_COUNT, ctrl=ctrl, trigger=True)
        self.read = 0
        self.overruns = 0

    def written(self):
        # rp2.DMA.count is real (MicroPython docs, rp2.DMA) but missing from the stubs
        return DMA_COUNT - self.dma.count  # type: ignore[attr-defined]

    def first_pair(self, timeout_ms=100):
        # The sampler always pushes its first sample: the levels at start.
        start = time.ticks_ms()
        while self.written() < 2:
            if time.ticks_diff(time.ticks_ms(), start) > timeout_ms:
                raise OSError("PIO sampler pushed nothing: is the DMA running?")
        self.read = 2
        return self.ring[0], self.ring[1]

    def drain(self, now, sampler, edge):
        w = self.written()
        w -= w & 1  # whole pairs only
        r = self.read
        if w - r > RING_WORDS:  # lapped: the oldest pairs are gone (overruns counts pairs)
            resume = w - RING_WORDS + MARGIN_WORDS  # clear of the pair being written
            self.overruns += (resume - r) // 2
            r = resume
        ring = self.ring
        while r < w:
            sampler.pair(ring[r % RING_WORDS], ring[(r + 1) % RING_WORDS], now, edge)
            r += 2
        self.read = r


class Strip:
    # The WS2812 chain on its own state machine: writing 24 pixels takes 0.7 ms of
    # FIFO feeding but the sampler keeps capturing meanwhile (it needs no CPU).
    def __init__(self, pin, count):
        self.sm = rp2.StateMachine(LED_SM, ws2812, freq=LED_FREQ, sideset_base=Pin(pin))
        self.sm.active(1)
        self.words = array.array("I", [0] * count)

    def show(self, pixels):
        self.sm.put(pixels.words(self.words), 8)


class UsbPort:
    # USB CDC through sys.stdin/stdout (kbd_intr(-1) makes 0x03 plain data).
    def __init__(self):
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.inp = sys.stdin.buffer
        self.out = sys.stdout.buffer

    def read(self):
        data = b""
        while len(data) < 64 and self.poll.poll(0):
            data += self.inp.read(1)
        return data

    def write(self, frame):
        self.out.write(frame)


def setup_pins(t):
    pull = Pin.PULL_UP if t.ACTIVE_LOW else Pin.PULL_DOWN
    for p in t.PINS:
        Pin(p, Pin.IN, pull)
    for p in t.IDLE_PINS:
        Pin(p, Pin.IN, Pin.PULL_UP)
    for p in t.QUIET_PINS:  # inside the window, not ours: no input, reads 0
        a = PADS_BANK0 + 4 + 4 * p
        machine.mem32[a] = machine.mem32[a] & ~PAD_IE


def micropython_version():
    v = sys.implementation.version
    return "%d.%d.%d" % (v[0], v[1], v[2])


def too_old():
    # v1.22 cannot take a state machine as the DMA's read=: it would crash and restart
    # every 2 s. (Under CPython, in the tests, this is never too old.)
    version = tuple(sys.implementation.version[:2])
    return sys.implementation.name == "micropython" and version < MIN_MICROPYTHON


def refuse_old_micropython(port, loops=-1):
    # Say why the box does nothing, every 2 s, with the REPL free for an update.
    detail = "v%s_needs_v%d.%d_or_later" % ((micropython_version(),) + MIN_MICROPYTHON)
    while loops != 0:
        loops -= 1
        port.write(box_frame.encode("ERR micropython %s" % detail))
        time.sleep(2)


def boot_id():
    return binascii.hexlify(os.urandom(4)).decode()


def unique_id():
    return binascii.hexlify(machine.unique_id()).decode().upper()


def play(t=box_table, port=None, loops=-1):
    # ``port`` and ``loops`` are for tests (tests/firmware/test_hw.py): by default USB,
    # forever.
    ticks = Ticks64(time.ticks_us())

    def clock():
        return ticks.update(time.ticks_us())

    setup_pins(t)
    pixels = Pixels(t.LED_COUNT)
    strip = Strip(t.LED_PIN, t.LED_COUNT)
    strip.show(pixels)
    capture = Capture(t)
    anchor = clock()
    capture.sm.active(1)
    raw, snapshot = capture.first_pair()
    sampler = Sampler(t.BITS, t.ACTIVE_LOW, CounterClock(machine.freq(), anchor))
    levels = sampler.start(snapshot)
    firmware = "%s+mpy%s" % (box_frame.FW_VERSION, micropython_version())
    box = Box(
        t, port or UsbPort(), pixels, boot_id(), unique_id(), levels, anchor, clock, firmware
    )
    gc.collect()
    while loops != 0:
        loops -= 1
        # ``now`` is read BEFORE draining, so every pair drained was sampled before it.
        # Edges are stamped by the PIO counter, ``now`` by ticks_us: the two agree to the
        # few microseconds between reading ``anchor`` and starting the state machine.
        # Debounce deadlines fire ADVANCE_LAG_NS (0.1 ms) behind ``now`` (box_core.py),
        # far more than that, so an edge never arrives behind the debouncer's time.
        now = clock()
        capture.drain(now, sampler, box.edge)
        box.overruns = capture.overruns
        box.step(now)
        if pixels.dirty:
            strip.show(pixels)
    return box


def run():
    # Ctrl-C off while playing; on any error, report it, give Ctrl-C back for two
    # seconds (mpremote can interrupt then), and start again.
    if too_old():
        refuse_old_micropython(UsbPort())
        return
    micropython.kbd_intr(-1)
    try:
        play()
    except Exception as exc:  # the box must never stay dead
        micropython.kbd_intr(3)
        text = ("%s %s" % (type(exc).__name__, exc)).replace(" ", "_")[:60]
        sys.stdout.buffer.write(box_frame.encode("ERR crash %s" % text))
        time.sleep(2)
        machine.soft_reset()
