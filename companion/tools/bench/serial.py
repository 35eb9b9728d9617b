"""``companion bench serial``: the serial box link's parser throughput and latency.

Two measurements:

1. **Parse throughput.** ``--frames`` EV frames (distinct sequence numbers, one boot),
   in one buffer, fed to a ``BoxLink`` in 4 KB pieces as serial reads would come, each
   becoming a ``Press`` on a list: frames per second of wall time. Bar: 100,000.
2. **Write-to-Press latency over a pty.** A fake box in its own process (a real box is
   its own device; a thread would share the host's GIL) on the master side of a real
   ``os.openpty()`` pair answers HI and PING as the firmware does and writes
   ``--events`` EV frames 0.5-1.5 ms apart; a ``SerialBoxSource`` reads the slave. For
   each event: ``time.monotonic_ns()`` (system-wide) just after ``os.write`` returned in
   the box process, to the moment the ``Press`` reached the sink. Median, p99, max.
   Bar: p99 under 2 ms. The source first waits for its clock to lock (2 s of pings), as
   it would with a real box.

``run`` prints a report (``--json``: a JSON object) and returns 0 if both bars hold.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import select
import statistics
import threading
import time
import tty
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from typing import Any, Final

from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.box.source import BoxStatus, SerialBoxSource
from companion.input.controls import ALL_CONTROLS
from companion.input.events import InputEvent, Press
from companion.tools.arguments import positive

BOOT: Final = "be4c4b0c"
FRAMES_BAR: Final = 100_000
P99_BAR_NS: Final = 2_000_000
DEFAULT_FRAMES: Final = 200_000
DEFAULT_EVENTS: Final = 2_000
CHUNK: Final = 4096
CONNECT_TIMEOUT_S: Final = 30.0
HELLO: Final = proto.Hello(1, "bench", BOOT, "BE4C4B0C", "00000000", ALL_CONTROLS)


@dataclass
class SerialBenchResult:
    frames: int
    parse_s: float
    frames_per_s: float
    events: int
    delivered: int
    median_us: float
    p99_us: float
    max_us: float
    lock_s: float

    @property
    def passed(self) -> bool:
        return (
            self.frames_per_s >= FRAMES_BAR
            and self.delivered == self.events
            and self.p99_us * 1000 < P99_BAR_NS
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "bars": {"frames_per_s": FRAMES_BAR, "p99_us": P99_BAR_NS / 1000},
            "passed": self.passed,
        }


def measure_parse(frames: int, seed: int = 1) -> tuple[float, int]:
    """Seconds to parse ``frames`` EV frames, and how many Presses came out."""
    rng = random.Random(seed)
    data = b"".join(
        proto.event(proto.Event(BOOT, seq, "P", rng.randrange(24), 10**9 + seq * 1000))
        for seq in range(frames)
    )
    out: list[InputEvent] = []
    link = BoxLink(out.append, serial="bench", clock_factory=lambda: ClockMap(lock_samples=1))
    link.feed(proto.hello(HELLO), 0)
    link.ping(0)
    link.feed(proto.pong(BOOT, "1", 0), 0)
    start = time.perf_counter()
    for offset in range(0, len(data), CHUNK):
        link.feed(data[offset : offset + CHUNK], 0)
    return time.perf_counter() - start, len(out)


def _fake_box(master: int, events: int, seed: int, control: Connection) -> None:
    """The box end of the pty, in its own process (as a real box is its own device, and
    so the measurement does not share the host's GIL): HELLO for HI, PONG for PING (box
    time = host time), and on "go" ``events`` EV frames 0.5-1.5 ms apart. Sends back
    {seq: monotonic_ns just after the frame's write returned}."""
    rng = random.Random(seed)
    written: dict[int, int] = {}
    pending = b""
    next_seq, next_at = -1, 0
    while next_seq < events:
        now = time.monotonic_ns()
        if next_seq >= 0 and now >= next_at:
            frame = proto.event(proto.Event(BOOT, next_seq, "P", next_seq % 24, now))
            os.write(master, frame)
            written[next_seq] = time.monotonic_ns()
            next_seq += 1
            next_at = now + rng.randrange(500_000, 1_500_000)
            continue
        timeout = max(0.0, (next_at - now) / 1e9) if next_seq >= 0 else 0.05
        ready, _, _ = select.select([master, control.fileno()], [], [], timeout)
        if control.fileno() in ready and control.recv() == "go":
            next_seq, next_at = 0, time.monotonic_ns()
        if master in ready:
            lines = (pending + os.read(master, 4096)).split(b"\n")
            pending = lines.pop()
            for line in lines:
                _answer(master, proto.decode(line))
    control.send(written)


def _answer(master: int, body: bytes | None) -> None:
    if body == b"HI":
        os.write(master, proto.hello(HELLO))
    elif body is not None and body.startswith(b"PING "):
        token = body.split(b" ")[1].decode()
        os.write(master, proto.pong(BOOT, token, time.monotonic_ns()))


def measure_latency(events: int, seed: int = 2) -> tuple[list[int], float]:
    """Write-to-Press latencies (ns) over a pty, and the seconds the clock took to lock."""
    arrived: dict[int, int] = {}
    done = threading.Event()

    def sink(event: InputEvent) -> None:
        if isinstance(event, Press):
            arrived[event.seq] = time.monotonic_ns()
            if len(arrived) >= events:
                done.set()

    master, slave = os.openpty()
    tty.setraw(slave)
    context = multiprocessing.get_context("fork")  # before any thread of ours starts
    control, child_end = context.Pipe()
    box = context.Process(
        target=_fake_box, args=(master, events, seed, child_end), name="fake box", daemon=True
    )
    box.start()
    connected = threading.Event()

    def on_status(status: BoxStatus) -> None:
        if status.is_connected:
            connected.set()

    start = time.monotonic()
    source = SerialBoxSource(sink, port=os.ttyname(slave), on_status=on_status)
    try:
        if not connected.wait(timeout=CONNECT_TIMEOUT_S):
            raise TimeoutError(f"the serial source never connected: {source.status}")
        lock_s = time.monotonic() - start
        control.send("go")
        written: dict[int, int] = control.recv() if control.poll(60) else {}
        done.wait(timeout=10)
    finally:
        source.close()
        box.terminate()
        box.join(timeout=5)
        for fd in (master, slave):
            with contextlib.suppress(OSError):
                os.close(fd)
    return [arrived[s] - written[s] for s in sorted(arrived) if s in written], lock_s


def _percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))])


def simulate(frames: int = DEFAULT_FRAMES, events: int = DEFAULT_EVENTS) -> SerialBenchResult:
    parse_s, parsed = measure_parse(frames)
    if parsed != frames:
        raise AssertionError(f"{frames} frames parsed into {parsed} presses")
    latencies, lock_s = measure_latency(events)
    return SerialBenchResult(
        frames=frames,
        parse_s=parse_s,
        frames_per_s=frames / parse_s,
        events=events,
        delivered=len(latencies),
        median_us=statistics.median(latencies) / 1000 if latencies else float("nan"),
        p99_us=_percentile(latencies, 0.99) / 1000 if latencies else float("nan"),
        max_us=max(latencies) / 1000 if latencies else float("nan"),
        lock_s=lock_s,
    )


def format_report(r: SerialBenchResult) -> str:
    parse_ok = "PASS" if r.frames_per_s >= FRAMES_BAR else "FAIL"
    latency_ok = "PASS" if r.delivered == r.events and r.p99_us * 1000 < P99_BAR_NS else "FAIL"
    return "\n".join(
        [
            "companion bench serial",
            f"parse     {r.frames} EV frames in {r.parse_s:.3f} s: "
            f"{r.frames_per_s:,.0f} frames/s (bar {FRAMES_BAR:,}) {parse_ok}",
            f"latency   {r.delivered}/{r.events} events over a pty, write to Press: "
            f"median {r.median_us:.0f} us, p99 {r.p99_us:.0f} us, max {r.max_us:.0f} us "
            f"(bar p99 < {P99_BAR_NS / 1000:.0f} us) {latency_ok}",
            f"clock     locked {r.lock_s:.2f} s after opening the port",
        ]
    )


_count: Final = positive(int, "a whole number of 1 or more")
"""The type of ``--frames`` and ``--events``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--frames",
        type=_count,
        default=DEFAULT_FRAMES,
        help=f"EV frames to parse (default {DEFAULT_FRAMES:,})",
    )
    parser.add_argument(
        "--events",
        type=_count,
        default=DEFAULT_EVENTS,
        help=f"events sent over the pty for the latency (default {DEFAULT_EVENTS:,})",
    )


def run(args: argparse.Namespace) -> int:
    """Run the bench and print the report; 0 if both bars hold, else 1."""
    result = simulate(frames=args.frames, events=args.events)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(format_report(result))
    return 0 if result.passed else 1


if __name__ == "__main__":
    import sys

    cli = argparse.ArgumentParser(prog="companion bench serial")
    add_arguments(cli)
    sys.exit(run(cli.parse_args()))
