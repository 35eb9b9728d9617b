"""A simulated button box: the firmware's own protocol engine (``box_core.Box``, its
debouncer, ring and framing) on a REAL pseudo-terminal, in its own process.

    python -m tests.firmware.sim_box --link DIR/companion-box [--drift-ppm 100]

It makes a pty pair, puts the slave in raw mode, points the symlink ``--link`` at it
(as udev points /dev/companion-box at the Pico) and prints ``ready <slave>``. Commands,
one per line on stdin, each answered on stdout:

- ``press INPUT COUNT GAP_MS``: COUNT presses of input number INPUT, GAP_MS apart, each
  with contact bounce; prints ``pressed INPUT HOST_NS`` per press (the host
  ``monotonic_ns`` of its first edge), then ``done``.
- ``unplug``: closes the pty pair and removes the link (the host sees its port vanish);
  the box itself keeps running and keeps its events. Prints ``unplugged``.
- ``replug``: a new pty pair, the link pointed at it. Prints ``replugged <slave>``.
- ``banner``: writes a MicroPython banner line (noise the host must ignore).
- ``pixels``: prints ``pixels RRGGBB ...``, the LED chain in chain order.
- ``stats``: prints ``stats head=.. acked=.. resends=.. bad_rx=..``.
- ``quit``.

Box time is the host's ``monotonic_ns`` since start, run ``--drift-ppm`` fast.
"""

from __future__ import annotations

import argparse
import binascii
import contextlib
import os
import select
import sys
import time
import tty
from pathlib import Path
from typing import Any

from tests.firmware.firmware import load

BOUNCE_US = ((0, True), (150, False), (400, True), (40_000, False), (40_300, True), (40_500, False))
"""A press as edges (microseconds after the first, level after): contact bounce at both
ends, 40 ms held."""


class PtyPort:
    """The box's USB port: a pty master, or nothing while unplugged."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master: int | None = None
        self.slave: int | None = None

    def plug(self) -> str:
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self.master, self.slave = master, slave
        name = os.ttyname(slave)
        tmp = self.link.with_name(self.link.name + ".tmp")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        tmp.symlink_to(name)
        tmp.replace(self.link)
        return name

    def unplug(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.link.unlink()
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.master = self.slave = None

    def read(self) -> bytes:
        if self.master is None:
            return b""
        try:
            return os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return b""

    def write(self, frame: bytes) -> None:
        if self.master is None:
            return  # unplugged: like USB CDC with no host, the bytes go nowhere
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self.master, frame)


class SimBox:
    def __init__(self, link: Path, drift_ppm: float, boot: str) -> None:
        self.core: Any = load("box_core")
        self.table: Any = load("box_table")
        leds: Any = load("box_leds")
        self.t0 = time.monotonic_ns()
        self.rate = 1.0 + drift_ppm * 1e-6
        self.port = PtyPort(link)
        self.edges: list[tuple[int, int, bool]] = []
        self.pixels = leds.Pixels(self.table.LED_COUNT)
        levels = [False] * len(self.table.CONTROLS)
        self.box = self.core.Box(
            self.table, self.port, self.pixels, boot, "E6614C311B3A8D2F", levels, 0, self.now
        )

    def now(self) -> int:
        return int((time.monotonic_ns() - self.t0) * self.rate)

    def box_time(self, host_ns: int) -> int:
        return int((host_ns - self.t0) * self.rate)

    def press(self, index: int, count: int, gap_ms: float) -> None:
        start = time.monotonic_ns() + 5_000_000
        for k in range(count):
            host = start + int(k * gap_ms * 1e6)
            first = self.box_time(host)
            self.edges += [(first + us * 1000, index, level) for us, level in BOUNCE_US]
            say(f"pressed {index} {host}")
        self.edges.sort()
        say("done")

    def command(self, line: str) -> bool:
        words = line.split()
        if not words:
            return True
        if words[0] == "press":
            self.press(int(words[1]), int(words[2]), float(words[3]))
        elif words[0] == "unplug":
            self.port.unplug()
            say("unplugged")
        elif words[0] == "replug":
            say(f"replugged {self.port.plug()}")
        elif words[0] == "banner":
            self.port.write(b"MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040\r\n")
            say("banner")
        elif words[0] == "pixels":
            say("pixels " + " ".join(f"{c:06X}" for c in self.pixels.colours))
        elif words[0] == "stats":
            r = self.box.ring
            say(
                f"stats head={r.head} acked={r.acked} resends={self.box.resends} "
                f"bad_rx={self.box.bad_rx}"
            )
        elif words[0] == "quit":
            return False
        return True

    def step(self) -> None:
        now = self.now()
        while self.edges and self.edges[0][0] <= now:
            t, index, level = self.edges.pop(0)
            self.box.edge(t, index, level)
        self.box.step(now)

    def run(self) -> None:
        say(f"ready {self.port.plug()}")
        pending = b""
        while True:
            watch = [0] + ([self.port.master] if self.port.master is not None else [])
            ready, _, _ = select.select(watch, [], [], 0.0005)
            if 0 in ready:
                chunk = os.read(0, 4096)
                if not chunk:
                    return
                pending += chunk
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    if not self.command(line.decode()):
                        return
            self.step()


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--link", type=Path, required=True)
    parser.add_argument("--drift-ppm", type=float, default=0.0)
    parser.add_argument("--boot", default=None)
    args = parser.parse_args()
    boot = args.boot or binascii.hexlify(os.urandom(4)).decode()
    box = SimBox(args.link, args.drift_ppm, boot)
    try:
        box.run()
    finally:
        box.port.unplug()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
