"""Fuzz the host's frame parser: a million mutated frames among intact ones.

Acceptance (issue 7): at least a million mutated frames, no exception escapes, no press
is invented, every intact frame is delivered exactly once. The whole stream (about
45 MB) is built in memory and fed in 64 KB chunks, as serial reads would come; it runs
in a few seconds. Random numbers are drawn in one block so that building a million
mutations costs about as much as parsing them.
"""

from __future__ import annotations

import random

from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.controls import ALL_CONTROLS
from companion.input.events import InputEvent, Press

BOOT = "3f9a2c1e"
INTACT = 20_000
PER_FRAME = 50  # mutations of each intact frame: 1,000,000 in all
CHUNK = 65_536
HELLO = proto.Hello(1, "0.1.0", BOOT, "E6614C311B3A8D2F", "2220C526", ALL_CONTROLS)
KINDS = 12


def _intact(rng: random.Random) -> list[tuple[bytes, proto.Event]]:
    frames = []
    for seq in range(INTACT):
        event = proto.Event(
            BOOT, seq, "P", rng.randrange(len(ALL_CONTROLS)), rng.randrange(10**9, 10**13)
        )
        frames.append((proto.event(event), event))
    return frames


def _mutate(f: bytes, r: int, other: bytes) -> bytes | bytearray:  # noqa: PLR0912 - a kind each
    """One mutation of frame ``f`` (newline included), all its choices drawn from ``r``
    (64 random bits). Never returns ``f`` itself."""
    kind, n = r % KINDS, len(f) - 1  # n: the frame without its newline
    a, b, c = (r >> 8) % n, (r >> 24) & 0xFF, (r >> 32) % n
    m = bytearray(f)
    if kind == 0:  # one bit flipped
        m[a] ^= 1 << (b & 7)
    elif kind == 1:  # one byte replaced
        m[a] = b if b != f[a] else b ^ 0x55
    elif kind in (2, 3):  # a digit changed into another digit: still looks well formed
        m[a] = 48 + (f[a] - 47 + b % 9) % 10 if 48 <= f[a] <= 57 else 48 + b % 10
        if kind == 3:  # and a second one elsewhere
            m[c] = 48 + (f[c] - 47 + (b >> 4) % 9) % 10 if 48 <= f[c] <= 57 else 48
    elif kind == 4:  # several bytes replaced
        for shift in (8, 20, 32, 44):
            m[(r >> shift) % n] = (r >> (shift + 4)) & 0xFF
    elif kind == 5:  # one byte deleted
        del m[a]
    elif kind == 6:  # one byte inserted
        m.insert(a, 32 + b % 95)
    elif kind == 7:  # cut short
        del m[a:]
        m.append(10)
    elif kind == 8:  # two bytes swapped
        m[a], m[c] = f[c], f[a]
        if m == f:
            m[a] ^= 0x20
    elif kind == 9:  # the head of one frame, the tail of another
        m = bytearray(f[:a] + other[c % len(other) :])
    elif kind == 10:  # garbage
        m = bytearray(r.to_bytes(8, "little") * (1 + b % 8))
        m.append(10)
    else:  # a piece repeated
        lo, hi = min(a, c), max(a, c) + 1
        m[hi:hi] = f[lo:hi]
    if m == f:
        m[0] ^= 1
    if not m.endswith(b"\n"):
        m.append(10)
    return m


def _stream(seed: int) -> tuple[bytes, list[proto.Event], int]:
    """The stream, its intact events, and how many mutated frames it holds."""
    rng = random.Random(seed)
    intact = _intact(rng)
    count = INTACT * PER_FRAME
    draws = memoryview(rng.randbytes(8 * count)).cast("Q")
    pieces: list[bytes | bytearray] = [proto.hello(HELLO), proto.pong(BOOT, "1", 0)]
    mutated = 0
    for i, (frame, _) in enumerate(intact):
        pieces.append(frame)
        other = intact[(i * 7919) % INTACT][0]
        for k in range(PER_FRAME):
            pieces.append(_mutate(frame, draws[mutated], other))
            mutated += 1
            if k == PER_FRAME // 2 and draws[mutated - 1] & 3 == 0:
                pieces.append(frame)  # re-sent: the same frame again, mid-garbage
    return b"".join(pieces), [event for _, event in intact], mutated


def test_a_million_mutated_frames_invent_nothing_and_lose_nothing() -> None:
    data, events, mutated = _stream(seed=7)
    assert mutated >= 1_000_000
    delivered: list[InputEvent] = []
    link = BoxLink(delivered.append, serial="fuzz", clock_factory=lambda: ClockMap(lock_samples=1))
    link.ping(0)  # token "1", sent at host time 0: the PONG maps box time 0 to host 0
    for start in range(0, len(data), CHUNK):
        link.feed(data[start : start + CHUNK], now_ns=0)

    expected = {(e.seq, ALL_CONTROLS[e.input], e.t_ns, f"box:fuzz:{BOOT}") for e in events}
    got = [(p.seq, p.control, p.t_ns, p.source) for p in delivered if isinstance(p, Press)]
    assert len(got) == len(delivered) == INTACT  # each intact frame exactly once...
    assert set(got) == expected  # ...and nothing invented, not even a changed stamp
    c = link.counters
    assert c.events == INTACT
    assert c.corrupt + c.noise > 0.9 * mutated  # nearly all die at the CRC check


def test_mutations_are_never_the_frame_itself() -> None:
    rng = random.Random(1)
    frame = proto.event(proto.Event(BOOT, 12, "P", 3, 123_456_789))
    other = proto.event(proto.Event(BOOT, 13, "S", 4, 987_654_321))
    for _ in range(20_000):
        m = _mutate(frame, rng.getrandbits(64), other)
        assert m != frame
        assert m.endswith(b"\n")
