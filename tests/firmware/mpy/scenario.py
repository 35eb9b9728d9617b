"""One scenario of the button box, run by MicroPython (WebAssembly, under node) and by
CPython on the same firmware with the same fakes (``tests/firmware/fakes/``); the test
(tests/firmware/test_micropython.py) asserts both print the same frames and events.

``box_hw.play()`` runs for real: pins, the PIO programs (assembled by the fake
``rp2.asm_pio``), the DMA ring, the sampler, the clock, the debouncer, the resend ring,
the framing. The world around it is simulated: time (``time.ticks_us`` wraps at 2**30
us), the sampler's (counter, snapshot) pairs (the counter counts down from 2**32 - 1,
64 ns a count, and wraps after 274.9 s) and the host's bytes. Each reading of the clock
is one pass of the main loop: it moves time on by STEP_US, or skips a quiet stretch, or
stalls.

Run: ``main()`` prints one line, ``RESULT <json>``. Written in what both Pythons run:
no typing at run time, annotations name only built-ins.
"""

import json
import sys

try:
    import typing

    TYPE_CHECKING = typing.TYPE_CHECKING
except ImportError:  # MicroPython has no typing
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

TICKS_MASK = (1 << 30) - 1
COUNTER_MASK = 0xFFFFFFFF
NS_PER_COUNT = 64  # 8 cycles at 125 MHz
STEP_US = 500  # one pass of the main loop
START_US = (1 << 30) - 2000000  # ticks_us wraps 2 s after the first reading
SKIP_US = 1000000  # quiet stretches are skipped, leaving this much on each side
STALL_AT_US = 4000000  # the main loop stalls here ...
STALL_US = 100000  # ... this long: the sampler's pairs pile up and lap the DMA ring
END_US = 275300000
BOOT_BYTES = b"\x0b\xad\xf0\x0d"
BOOT = "0badf00d"
COUNTER_WRAP_US = 274877906  # 2**32 counts of 64 ns: 274 877 906.944 us


def bounced_press(i: int, t: int, hold: int = 40000) -> list[tuple[int, int, int]]:
    # (time in us after the sampler started, input, active): contact bounce both ends
    return [
        (t, i, 1),
        (t + 152, i, 0),
        (t + 400, i, 1),
        (t + hold, i, 0),
        (t + hold + 304, i, 1),
        (t + hold + 504, i, 0),
    ]


def clean_press(i: int, t: int, hold: int = 30000) -> list[tuple[int, int, int]]:
    return [(t, i, 1), (t + hold, i, 0)]


def chatter(i: int, t: int, edges: int, every: int) -> list[tuple[int, int, int]]:
    return [(t + k * every, i, 1 - k % 2) for k in range(edges)]


def scenario_edges() -> list[tuple[int, int, int]]:
    edges = bounced_press(3, 1000000)
    edges += clean_press(0, 1500000) + clean_press(7, 1500000)  # one snapshot: a tie
    edges += bounced_press(12, 1999000)  # across the ticks_us wrap (1 999 500 us)
    edges += [(3000000, 5, 1), (3000400, 5, 0)]  # 0.4 ms: a glitch, no press
    edges += chatter(21, 4004000, 640, 64)  # during the stall: laps the DMA ring
    edges += bounced_press(20, 4090000)  # late in the stall: kept
    edges += [(6000000, 16, 1), (11500000, 16, 0)]  # held 5.5 s: stuck, then unstuck
    edges += bounced_press(9, COUNTER_WRAP_US - 106, 30000)  # across the counter wrap
    edges += clean_press(10, COUNTER_WRAP_US - 2)  # the last counts before the wrap
    edges += clean_press(11, COUNTER_WRAP_US + 6)  # the first after it
    edges += bounced_press(13, 274950000)
    return edges


def host_bytes(frame_module: "ModuleType") -> list[tuple[int, bytes]]:
    def encode(body: str) -> bytes:
        return bytes(frame_module.encode(body))

    split = encode("LED 4 00FF00")
    leds = "".join(f"{0x010203 * k:06X}" for k in range(24))
    return [
        (200000, encode("PING 1")),
        (300000, b"@HI 00000000\n"),  # bad CRC
        (310000, b"x" * 400 + b"\n"),  # overlong
        (320000, b"\x03\x03\n"),  # Ctrl-C twice: plain data while playing
        (330000, encode("BOGUS")),
        (340000, encode("LED 99 FF0000")),
        (350000, encode("PING a-b")),
        (355000, encode("LEDS " + leds)),
        (360000, encode("LED 3 FF0000")),
        (370000, split[:7]),  # one frame in two reads
        (380000, split[7:]),
        (1300000, encode("ACK 12345678 0") + encode(f"ACK {BOOT} 9")),  # two in one read
        (1310000, encode(f"ACK {BOOT} 0")),
        (5000000, encode("HI")),
        (20000000, encode("PING 2")),
        (274000000, encode("PING 3")),
        (274950500, encode(f"ACK {BOOT} 3")[:-1] + b"\r\n"),
    ]


class ScenarioOver(Exception):
    pass


class World:
    """Time, the sampler and the host around the firmware."""

    def __init__(self, rp2: "ModuleType", table: "ModuleType", frame: "ModuleType") -> None:
        self.rp2 = rp2
        self.bits: list[int] = list(table.BITS)
        self.now_us = START_US
        self.first_us = -1
        self.anchor_us = -1
        self.stalled = False
        self.inbox = b""
        self.active = [0] * len(self.bits)
        self.pairs: list[tuple[int, int]] = []  # (time in us after start, snapshot)
        self.host = host_bytes(frame)
        self.last_item_us = 0
        self.make_pairs(scenario_edges())

    def snapshot(self) -> int:
        # pull-ups: an idle input reads 1, a pressed one 0
        s = 0
        for i in range(len(self.bits)):
            if not self.active[i]:
                s |= 1 << self.bits[i]
        return s

    def make_pairs(self, edges: list[tuple[int, int, int]]) -> None:
        edges.sort()
        k = 0
        while k < len(edges):
            t = edges[k][0]
            if t % 8:
                raise ValueError(f"edge at {t} us: not a whole count of the sampler")
            while k < len(edges) and edges[k][0] == t:  # same sample: one snapshot
                self.active[edges[k][1]] = edges[k][2]
                k += 1
            self.pairs.append((t, self.snapshot()))
        self.active = [0] * len(self.bits)

    def box_ns(self) -> int:
        return (self.now_us - self.first_us) * 1000

    def next_item_us(self) -> int:
        times = [END_US]
        if self.pairs:
            times.append(self.pairs[0][0])
        if self.host:
            times.append(self.host[0][0])
        if not self.stalled:
            times.append(STALL_AT_US)
        return self.anchor_us + min(times)

    def step_us(self) -> int:
        if self.anchor_us < 0:
            return STEP_US
        if not self.stalled and self.now_us >= self.anchor_us + STALL_AT_US:
            self.stalled = True
            return STALL_US
        quiet_ahead = self.next_item_us() - self.now_us
        if quiet_ahead > 2 * SKIP_US and self.now_us - self.last_item_us > SKIP_US:
            return quiet_ahead - SKIP_US
        return STEP_US

    def tick(self) -> None:
        # One reading of the clock: time moves on, and what is due arrives.
        if self.first_us < 0:
            self.first_us = self.now_us
            return
        if self.anchor_us < 0 and self.sampler_running():
            self.anchor_us = self.now_us  # started just after the last reading
            self.rp2.incoming.extend([COUNTER_MASK, self.snapshot()])  # levels at start
        self.now_us += self.step_us()
        if self.anchor_us >= 0:
            self.deliver()
        if self.anchor_us >= 0 and self.now_us >= self.anchor_us + END_US:
            raise ScenarioOver()

    def sampler_running(self) -> bool:
        return any(sm.id == 0 and sm.running for sm in self.rp2.state_machines)

    def deliver(self) -> None:
        since = self.now_us - self.anchor_us
        while self.pairs and self.pairs[0][0] <= since:
            t, snapshot = self.pairs.pop(0)
            counts = t * 1000 // NS_PER_COUNT
            self.rp2.incoming.extend([(COUNTER_MASK - counts) & COUNTER_MASK, snapshot])
            self.last_item_us = self.now_us
        while self.host and self.host[0][0] <= since:
            self.inbox += self.host.pop(0)[1]
            self.last_item_us = self.now_us


class Clock:
    """MicroPython's ``time`` as box_hw uses it, reading the world's time."""

    def __init__(self, world: World) -> None:
        self.world = world

    def ticks_us(self) -> int:
        self.world.tick()
        return self.world.now_us & TICKS_MASK

    def ticks_ms(self) -> int:
        self.world.tick()
        return (self.world.now_us // 1000) & TICKS_MASK

    def ticks_diff(self, a: int, b: int) -> int:
        half = 1 << 29
        return ((a - b + half) & TICKS_MASK) - half

    def sleep(self, seconds: int) -> None:
        raise AssertionError("play() never sleeps")


class FixedRandom:
    """``os`` for boot_id(): a fixed boot id (the WebAssembly build has no urandom)."""

    def urandom(self, n: int) -> bytes:
        return BOOT_BYTES[:n]


class HostPort:
    def __init__(self, world: World) -> None:
        self.world = world
        self.sent: list[list[object]] = []

    def read(self) -> bytes:
        data = self.world.inbox
        self.world.inbox = b""
        return data

    def write(self, frame: bytes) -> None:
        self.sent.append([self.world.box_ns(), frame.decode()])


def pure_checks() -> dict[str, object]:
    # The pure modules on their own, where the two Pythons could differ (big integers,
    # bytes, masks); compared between them and against known values by the test.
    frame = __import__("box_frame")
    clock = __import__("box_clock")
    leds = __import__("box_leds")
    lines: list[str] = []
    reader = frame.LineReader(16)
    reader.feed(b"abc\ndef", lambda line: lines.append(line.decode()))
    reader.feed(b"g\n" + b"z" * 20 + b"\nok\n", lambda line: lines.append(line.decode()))
    ticks = clock.Ticks64(TICKS_MASK - 10)
    ticks_ns = [ticks.update(raw) for raw in (TICKS_MASK, 5, 1 << 29, 3)]
    expected = 1 << 32
    return {
        "crc32_py": frame.crc32_py(b"123456789"),
        "crc32": frame.crc32(b"123456789"),
        "decode": [
            frame.decode(frame.encode("HB x 1")[:-1]) == b"HB x 1",
            frame.decode(b"@HB x 1 00000000") is None,
            frame.decode(frame.encode("A")[:-1] + b"\r") == b"A",
        ],
        "lines": lines,
        "overlong": reader.overlong,
        "ticks64_ns": ticks_ns,
        "unwrap": [clock.unwrap(raw, expected) for raw in (0, 5, COUNTER_MASK, 1 << 31)],
        "scale": [leds.scale([0xFFFFFF] * 24), leds.scale([0x010101] * 24)],
    }


def play_to_the_end(hw: "ModuleType", port: HostPort) -> None:
    # box_hw.play() plays forever: the world's clock stops it at END_US
    try:
        hw.play(port=port)
    except ScenarioOver:
        return
    raise AssertionError("box_hw.play() returned before the scenario's end")


def main() -> None:
    rp2 = __import__("rp2")
    uctypes = __import__("uctypes")
    hw: Any = __import__("box_hw")  # Any: the scenario swaps its names
    world = World(rp2, __import__("box_table"), __import__("box_frame"))
    port = HostPort(world)
    boxes: list[Any] = []
    real_box = hw.Box

    def keep_box(*args: object) -> "Any":
        box = real_box(*args)
        boxes.append(box)
        return box

    hw.Box = keep_box
    hw.time = Clock(world)
    hw.os = FixedRandom()
    play_to_the_end(hw, port)
    hw.Box = real_box
    box = boxes[0]
    bank, ring = box.bank, box.ring
    sampler_sm = next(sm for sm in rp2.state_machines if sm.id == 0)
    led_sm = next(sm for sm in rp2.state_machines if sm.id == 4)
    dma = rp2.dmas[0]
    raw = dma.write
    result = {
        "python": sys.implementation.name,
        "first_us": world.first_us,
        "anchor_ns": (world.anchor_us - world.first_us) * 1000,
        "frames": port.sent,
        "stats": {
            "presses": list(bank.presses),
            "bounces": list(bank.bounces),
            "glitches": list(bank.glitches),
            "stuck": list(bank.stuck),
            "late": list(bank.late),
            "ignored": list(bank.ignored),
            "head": ring.head,
            "acked": ring.acked,
            "dropped": ring.dropped,
            "bad_rx": box.bad_rx,
            "overruns": box.overruns,
            "resends": box.resends,
        },
        "pixels": list(box.pixels.colours),
        "led_words": led_sm.put_words,
        "programs": {
            sm.program.name: [sm.program.opcodes, sm.program.wrap_target, sm.program.wrap]
            for sm in (sampler_sm, led_sm)
        },
        "in_base": sampler_sm.options["in_base"].number,
        "dma": {"ring_words": len(raw), "ring_size": dma.fields["ring_size"]},
        "ring_aligned": uctypes.addressof(raw) % 4096 == 0,
        "pure": pure_checks(),
    }
    print("RESULT " + json.dumps(result))
