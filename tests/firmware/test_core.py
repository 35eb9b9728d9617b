"""The box's protocol engine (box_core.py), pure: a fake port, simulated time."""

from __future__ import annotations

from typing import Any

import pytest

from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.events import InputEvent, Press
from tests.firmware.firmware import load

MS = 1_000_000
BOOT = "0badf00d"


class FakePort:
    def __init__(self) -> None:
        self.inbox = b""
        self.sent: list[bytes] = []

    def read(self) -> bytes:
        data, self.inbox = self.inbox, b""
        return data

    def write(self, frame: bytes) -> None:
        self.sent.append(frame)

    def messages(self) -> list[proto.Message]:
        out = []
        for frame in self.sent:
            body = proto.decode(frame.rstrip(b"\n"))
            assert body is not None, frame
            message = proto.parse_body(body)
            assert message is not None, frame
            out.append(message)
        self.sent.clear()
        return out


class Rig:
    def __init__(self) -> None:
        self.core: Any = load("box_core")
        self.table: Any = load("box_table")
        leds: Any = load("box_leds")
        self.port = FakePort()
        self.now = 0
        self.pixels = leds.Pixels(self.table.LED_COUNT)
        levels = [False] * len(self.table.CONTROLS)
        self.box = self.core.Box(
            self.table, self.port, self.pixels, BOOT, "E661", levels, 0, lambda: self.now
        )

    def run_to(self, t: int, step: int = MS) -> None:
        while self.now < t:
            self.now = min(t, self.now + step)
            self.box.step(self.now)

    def press(self, index: int, at: int, hold: int = 30 * MS) -> None:
        self.run_to(at)
        self.box.edge(at, index, True)
        self.box.edge(at + hold, index, False)

    def send(self, body: str) -> None:
        self.port.inbox += proto.encode(body)

    def events(self) -> list[proto.Event]:
        return [m for m in self.port.messages() if isinstance(m, proto.Event)]


@pytest.fixture
def rig() -> Rig:
    return Rig()


def test_hello_at_boot_names_firmware_boot_table_and_inputs(rig: Rig) -> None:
    (hello,) = rig.port.messages()
    assert isinstance(hello, proto.Hello)
    assert (hello.proto, hello.boot, hello.uid) == (1, BOOT, "E661")
    assert hello.table_id == rig.table.TABLE_ID
    assert hello.controls == rig.table.CONTROLS


def test_a_press_goes_out_once_and_is_kept_until_acknowledged(rig: Rig) -> None:
    rig.port.messages()
    rig.press(3, at=5 * MS)
    rig.run_to(10 * MS)
    assert rig.events() == [proto.Event(BOOT, 0, "P", 3, 5 * MS)]
    rig.run_to(100 * MS)
    assert rig.events() == []  # not again before the resend time
    rig.run_to(300 * MS)
    assert rig.events() == [proto.Event(BOOT, 0, "P", 3, 5 * MS)]  # re-sent
    rig.send(f"ACK {BOOT} 0")
    rig.run_to(1_000 * MS)
    assert rig.events() == []
    assert rig.box.ring.unacked() == 0


def test_hi_answers_hello_and_resends_everything_unacknowledged(rig: Rig) -> None:
    for k in range(3):
        rig.press(k, at=(k + 1) * 50 * MS)
    rig.run_to(190 * MS)
    rig.send(f"ACK {BOOT} 0")
    rig.run_to(195 * MS)
    rig.port.messages()
    rig.send("HI")
    rig.run_to(196 * MS)
    messages = rig.port.messages()
    assert isinstance(messages[0], proto.Hello)
    assert [m.seq for m in messages if isinstance(m, proto.Event)] == [1, 2]


def test_an_ack_for_another_boot_is_ignored(rig: Rig) -> None:
    rig.press(0, at=MS)
    rig.run_to(5 * MS)
    rig.send("ACK 12345678 0")
    rig.run_to(6 * MS)
    assert rig.box.ring.unacked() == 1


def test_ping_is_answered_with_the_box_time(rig: Rig) -> None:
    rig.run_to(7 * MS)
    rig.port.messages()
    rig.send("PING a1")
    rig.now = 7 * MS + 123
    rig.box.step(rig.now)
    assert rig.port.messages() == [proto.Pong(BOOT, "a1", 7 * MS + 123)]


def test_heartbeat_every_half_second_reports_the_ring(rig: Rig) -> None:
    rig.press(5, at=MS)
    rig.run_to(600 * MS)
    beats = [m for m in rig.port.messages() if isinstance(m, proto.Heartbeat)]
    assert len(beats) == 1
    assert (beats[0].next_seq, beats[0].first_held, beats[0].dropped) == (1, 0, 0)


def test_led_commands_light_the_chain(rig: Rig) -> None:
    rig.send("LED 3 FF0000")
    rig.run_to(MS)
    assert rig.pixels.colours[rig.table.LEDS[3]] == 0xFF0000
    colours = [0x000010 * (i % 3) for i in range(len(rig.table.CONTROLS))]
    rig.port.inbox += proto.leds(colours)
    rig.run_to(2 * MS)
    assert [rig.pixels.colours[rig.table.LEDS[i]] for i in range(len(colours))] == colours


@pytest.mark.parametrize(
    "body", ["LED 99 FF0000", "LED 1 GG0000", "LEDS 00FF", "BOGUS", "PING a-b", "ACK x"]
)
def test_bad_commands_are_refused_with_err(rig: Rig, body: str) -> None:
    rig.port.messages()
    rig.send(body)
    rig.run_to(MS)
    assert any(isinstance(m, proto.BoxError) for m in rig.port.messages())
    assert rig.box.bad_rx == 1


def test_corrupt_and_overlong_lines_are_counted_not_obeyed(rig: Rig) -> None:
    rig.port.inbox = b"@HI 00000000\n" + b"x" * 1000 + b"\n\x03\x03\n"
    rig.run_to(MS)
    assert rig.box.bad_rx == 3
    assert not any(isinstance(m, proto.Hello) for m in rig.port.messages()[1:])


def test_the_host_link_understands_everything_the_box_says(rig: Rig) -> None:
    """Box engine <-> host BoxLink, frames moved both ways every millisecond: the real
    protocol, pure."""
    delivered: list[InputEvent] = []
    link = BoxLink(delivered.append, serial="E661", clock_factory=lambda: ClockMap(lock_samples=1))

    def exchange(until: int) -> None:
        while rig.now < until:
            rig.run_to(rig.now + MS)
            for frame in rig.port.sent:
                link.feed(frame, rig.now)
            rig.port.sent.clear()
            for frame in link.take_outgoing():
                rig.port.inbox += frame

    rig.port.inbox += link.hi(0) + link.ping(0)
    for k in range(5):
        exchange((k + 1) * 60 * MS)
        rig.box.edge(rig.now, k, True)
        rig.box.edge(rig.now + 30 * MS, k, False)
    exchange(2_000 * MS)
    presses = [e for e in delivered if isinstance(e, Press)]
    assert [(p.control, p.seq) for p in presses] == [(rig.table.CONTROLS[k], k) for k in range(5)]
    # the one PING's trips took 1 ms and 0 ms: the mapping is off by half the round trip
    assert [p.t_ns for p in presses] == [(k + 1) * 60 * MS - MS // 2 for k in range(5)]
    assert rig.box.ring.unacked() == 0
    assert rig.box.resends == 0
