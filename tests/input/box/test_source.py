"""SerialBoxSource over a REAL pseudo-terminal to a simulated box in its own process
(tests/firmware/sim_box.py: the firmware's protocol engine, debouncer and ring).

The sim makes the pty pair and points a symlink at the slave, as udev points
/dev/companion-box at the Pico; "unplug" closes the pair (the host's reads fail like a
vanished USB device) and "replug" makes a new one. Nothing sleeps: a test waits for a
condition, woken by the source (each event, each status) or asking the sim process,
whose every answer is a round trip.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.errors import DeviceError
from companion.input.box.clock import ClockMap
from companion.input.box.source import BoxStatus, SerialBoxSource, find_box
from companion.input.events import InputEvent, Press
from companion.input.pinmap import load_profile
from tests.firmware.firmware import ROOT

MS = 1_000_000
TOLERANCE_NS = 2 * MS
"""Mapped stamp vs the sim's true host time of the first edge. Over a pty the round
trip is ~0.1-0.5 ms; the margin is for a loaded CI machine."""


class SimBox:
    """The sim process, driven line by line."""

    def __init__(self, link: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.firmware.sim_box", "--link", str(link), *args],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        assert self.read().startswith("ready ")

    def read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def ask(self, command: str) -> str:
        self.send(command)
        return self.read()

    def stats(self) -> dict[str, int]:
        """The box's ring: ``head`` (events made), ``acked`` (acknowledged by the host)."""
        words = self.ask("stats").split()[1:]
        return {key: int(value) for key, value in (word.split("=") for word in words)}

    def press(self, index: int, count: int, gap_ms: float) -> list[tuple[int, int]]:
        """(input, true host ns of the first edge) per press scheduled."""
        self.send(f"press {index} {count} {gap_ms}")
        out = []
        while (line := self.read()) != "done":
            _, i, t = line.split()
            out.append((int(i), int(t)))
        return out

    def close(self) -> None:
        if self.proc.poll() is None:
            self.send("quit")
            self.proc.wait(timeout=10)


@pytest.fixture
def link(tmp_path: Path) -> Path:
    return tmp_path / "companion-box"


@pytest.fixture
def sim(link: Path) -> Iterator[SimBox]:
    box = SimBox(link, "--drift-ppm", "100")
    yield box
    box.close()


TIMEOUT_S = 10.0


def ask_until(condition: Callable[[], bool], timeout: float = TIMEOUT_S) -> None:
    """Check ``condition`` until it holds; each check asks the sim process (a round trip),
    which paces the loop."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")


class Collector:
    """The source's sink and status callback: keeps both and wakes whoever waits."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.events: list[InputEvent] = []
        self.statuses: list[BoxStatus] = []

    def put(self, event: InputEvent) -> None:
        with self.changed:
            self.events.append(event)
            self.changed.notify_all()

    def status(self, status: BoxStatus) -> None:
        with self.changed:
            self.statuses.append(status)
            self.changed.notify_all()

    def presses(self) -> list[Press]:
        with self.changed:
            return [e for e in self.events if isinstance(e, Press)]

    def wait_for(self, condition: Callable[[], bool], timeout: float = TIMEOUT_S) -> None:
        """Wait until ``condition`` holds; it is checked again after each event or status."""
        with self.changed:
            if not self.changed.wait_for(condition, timeout):
                raise AssertionError("timed out waiting")


def fast_clock() -> ClockMap:
    return ClockMap(lock_samples=10)


def open_source(link: Path, sink: Collector, **options: Any) -> SerialBoxSource:
    options.setdefault("clock_factory", fast_clock)
    return SerialBoxSource(
        sink.put, port=str(link), profile=load_profile("usb-box"), on_status=sink.status, **options
    )


def check_presses(got: list[Press], pressed: list[tuple[int, int]], controls: Any) -> None:
    """Every press exactly once, on the right control, stamped at its first edge."""
    assert len(got) == len(pressed)
    assert len({(p.source, p.seq) for p in got}) == len(got)  # no duplicates
    by_time = sorted(got, key=lambda p: p.t_ns)
    for press, (index, true_ns) in zip(by_time, sorted(pressed, key=lambda x: x[1]), strict=True):
        assert press.control == controls[index]
        assert abs(press.t_ns - true_ns) < TOLERANCE_NS


def test_presses_cross_the_pty_with_box_timestamps(sim: SimBox, link: Path) -> None:
    sink = Collector()
    with open_source(link, sink) as source:
        sink.wait_for(lambda: source.status.is_connected)
        assert source.source.startswith("box:companion-box:")
        sim.ask("banner")  # a MicroPython banner on the line: noise, not a press
        pressed = sim.press(3, 4, 70) + sim.press(22, 2, 70)
        sink.wait_for(lambda: len(sink.presses()) == len(pressed))
        check_presses(sink.presses(), pressed, source.controls)
        assert source.stats()["red.hunter"].presses == 4
        assert source.counters.noise >= 1
        assert source.warnings == ()
        assert "connected" in repr(source)


def test_unplug_mid_burst_then_replug_loses_and_duplicates_nothing(sim: SimBox, link: Path) -> None:
    """Acceptance (issue 7), with the real clock filter (2 s to lock)."""
    sink = Collector()
    with open_source(link, sink, clock_factory=ClockMap) as source:
        sink.wait_for(lambda: source.status.is_connected)
        pressed = sim.press(0, 12, 60) + sim.press(5, 12, 60)  # 720 ms of presses
        sink.wait_for(lambda: len(sink.presses()) >= 4)
        assert sim.ask("unplug") == "unplugged"  # mid-burst
        sink.wait_for(lambda: source.status.state == "gone")
        # presses go on while the box is unplugged: two more (or all there are)
        made = sim.stats()["head"]
        ask_until(lambda: sim.stats()["head"] >= min(made + 2, len(pressed)))
        assert sim.ask("replug").startswith("replugged ")
        sink.wait_for(lambda: len(sink.presses()) >= len(pressed))
        # No duplicate can still be coming once the box holds nothing unacknowledged and
        # the host has read everything the box wrote before a last line of noise.
        ask_until(lambda: (stats := sim.stats())["acked"] == stats["head"])
        noise = source.counters.noise
        sim.ask("banner")
        ask_until(lambda: source.counters.noise > noise)
        check_presses(sink.presses(), pressed, source.controls)
        states = [s.state for s in sink.statuses]
        assert states.index("gone") < len(states) - 1 - states[::-1].index("connected")
        assert source.status.is_connected and source.status.reconnects == 1
        assert "again" in source.status.message


def test_a_rebooted_box_is_a_new_source(link: Path) -> None:
    sink = Collector()
    first = SimBox(link, "--boot", "0000000a")
    with open_source(link, sink) as source:
        source.light_only("red.woman")
        sink.wait_for(lambda: source.status.is_connected)
        pressed = first.press(1, 2, 70)
        sink.wait_for(lambda: len(sink.presses()) == 2)
        first.close()  # power lost
        sink.wait_for(lambda: source.status.state == "gone")
        second = SimBox(link, "--boot", "0000000b")
        try:
            pressed += second.press(2, 2, 70)
            sink.wait_for(lambda: len(sink.presses()) == 4)
            position = load_profile("usb-box").leds["red.woman"]
            # a rebooted box starts dark: the source lights it again
            ask_until(lambda: second.ask("pixels").split()[1 + position] == "00FF00")
        finally:
            second.close()
        sources = [p.source for p in sink.presses()]
        assert sources == ["box:companion-box:0000000a"] * 2 + ["box:companion-box:0000000b"] * 2
        assert [p.seq for p in sink.presses()] == [0, 1, 0, 1]


def test_leds_reach_the_chain(sim: SimBox, link: Path) -> None:
    sink = Collector()
    table = load_profile("usb-box").leds
    with open_source(link, sink) as source:
        source.light_only("red.hunter")  # before the box is even connected
        sink.wait_for(lambda: source.status.is_connected)

        def pixel(control: str) -> str:
            return sim.ask("pixels").split()[1:][table[control]]

        ask_until(lambda: pixel("red.hunter") == "00FF00")
        source.set_led("blue.chief", (0, 0, 255))
        ask_until(lambda: pixel("blue.chief") == "0000FF")
        source.show_leds({"nav.select": 0x102030})
        ask_until(lambda: pixel("nav.select") == "102030" and pixel("red.hunter") == "000000")


def test_close_is_safe_twice_and_a_missing_port_is_reported(tmp_path: Path) -> None:
    sink = Collector()
    source = SerialBoxSource(sink.put, port=str(tmp_path / "nothing"), on_status=sink.status)
    sink.wait_for(lambda: "not found" in source.status.message)
    assert source.warnings[0].startswith("button box not found")
    source.close()
    source.close()
    assert source.closed and source.status.state == "closed"


def test_find_box_by_vid_pid_and_serial(monkeypatch: pytest.MonkeyPatch) -> None:
    ports = [
        SimpleNamespace(vid=0x2E8A, pid=0x0005, device="/dev/ttyACM0", serial_number="E661A"),
        SimpleNamespace(vid=0x2E8A, pid=0x0005, device="/dev/ttyACM1", serial_number="E661B"),
        SimpleNamespace(vid=0x1234, pid=0x0005, device="/dev/ttyUSB0", serial_number="X"),
    ]
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: ports)
    assert find_box("e661b") == ("/dev/ttyACM1", "E661B")
    with pytest.raises(DeviceError, match="2 Picos"):
        find_box()
    with pytest.raises(DeviceError, match="serial number NOPE"):
        find_box("NOPE")
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: ports[1:])
    assert find_box() == ("/dev/ttyACM1", "E661B")
