"""SerialBoxSource over a REAL pseudo-terminal to a simulated box in its own process
(tests/firmware/sim_box.py: the firmware's protocol engine, debouncer and ring).

The sim makes the pty pair and points a symlink at the slave, as udev points
/dev/companion-box at the Pico; "unplug" closes the pair (the host's reads fail like a
vanished USB device) and "replug" makes a new one. No sleeps decide an outcome: tests
wait on conditions with a deadline.
"""

from __future__ import annotations

import queue
import subprocess
import sys
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


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.005)


class Collector:
    def __init__(self) -> None:
        self.queue: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
        self.events: list[InputEvent] = []

    def presses(self) -> list[Press]:
        while not self.queue.empty():
            self.events.append(self.queue.get())
        return [e for e in self.events if isinstance(e, Press)]


def fast_clock() -> ClockMap:
    return ClockMap(lock_samples=10)


def open_source(link: Path, sink: Collector, **options: Any) -> SerialBoxSource:
    options.setdefault("clock_factory", fast_clock)
    return SerialBoxSource(sink.queue, port=str(link), profile=load_profile("usb-box"), **options)


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
        wait_for(lambda: source.status.is_connected)
        assert source.source.startswith("box:companion-box:")
        sim.ask("banner")  # a MicroPython banner on the line: noise, not a press
        pressed = sim.press(3, 4, 70) + sim.press(22, 2, 70)
        wait_for(lambda: len(sink.presses()) == len(pressed))
        check_presses(sink.presses(), pressed, source.controls)
        assert source.stats()["red.hunter"].presses == 4
        assert source.counters.noise >= 1
        assert source.warnings == ()
        assert "connected" in repr(source)


def test_unplug_mid_burst_then_replug_loses_and_duplicates_nothing(sim: SimBox, link: Path) -> None:
    """Acceptance (issue 7), with the real clock filter (2 s to lock)."""
    sink = Collector()
    statuses: list[BoxStatus] = []
    with open_source(link, sink, on_status=statuses.append, clock_factory=ClockMap) as source:
        wait_for(lambda: source.status.is_connected)
        pressed = sim.press(0, 12, 60) + sim.press(5, 12, 60)  # 720 ms of presses
        wait_for(lambda: len(sink.presses()) >= 4)
        assert sim.ask("unplug") == "unplugged"  # mid-burst
        wait_for(lambda: source.status.state == "gone")
        time.sleep(0.4)  # presses go on while the box is unplugged
        assert sim.ask("replug").startswith("replugged ")
        wait_for(lambda: len(sink.presses()) >= len(pressed))
        time.sleep(0.3)  # room for a duplicate to show up, if one were coming
        check_presses(sink.presses(), pressed, source.controls)
        states = [s.state for s in statuses]
        assert states.index("gone") < len(states) - 1 - states[::-1].index("connected")
        assert source.status.is_connected and source.status.reconnects == 1
        assert "again" in source.status.message


def test_a_rebooted_box_is_a_new_source(link: Path) -> None:
    sink = Collector()
    first = SimBox(link, "--boot", "0000000a")
    with open_source(link, sink) as source:
        source.light_only("red.woman")
        wait_for(lambda: source.status.is_connected)
        pressed = first.press(1, 2, 70)
        wait_for(lambda: len(sink.presses()) == 2)
        first.close()  # power lost
        wait_for(lambda: source.status.state == "gone")
        second = SimBox(link, "--boot", "0000000b")
        try:
            pressed += second.press(2, 2, 70)
            wait_for(lambda: len(sink.presses()) == 4)
            position = load_profile("usb-box").leds["red.woman"]
            # a rebooted box starts dark: the source lights it again
            wait_for(lambda: second.ask("pixels").split()[1 + position] == "00FF00")
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
        wait_for(lambda: source.status.is_connected)

        def pixel(control: str) -> str:
            return sim.ask("pixels").split()[1:][table[control]]

        wait_for(lambda: pixel("red.hunter") == "00FF00")
        source.set_led("blue.chief", (0, 0, 255))
        wait_for(lambda: pixel("blue.chief") == "0000FF")
        source.show_leds({"nav.select": 0x102030})
        wait_for(lambda: pixel("nav.select") == "102030" and pixel("red.hunter") == "000000")


def test_close_is_safe_twice_and_a_missing_port_is_reported(tmp_path: Path) -> None:
    statuses: list[BoxStatus] = []
    source = SerialBoxSource(
        queue.SimpleQueue(), port=str(tmp_path / "nothing"), on_status=statuses.append
    )
    wait_for(lambda: "not found" in source.status.message)
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
