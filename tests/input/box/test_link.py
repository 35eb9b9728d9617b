"""BoxLink (box_link.py): delivery rules, without a port."""

from __future__ import annotations

from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.controls import ALL_CONTROLS
from companion.input.events import InputEvent, Press, Stuck, Unstuck

BOOT = "3f9a2c1e"
HELLO = proto.Hello(1, "0.1.0", BOOT, "E661", "2220C526", ALL_CONTROLS)


def _link(table_id: str | None = None) -> tuple[BoxLink, list[InputEvent]]:
    out: list[InputEvent] = []
    link = BoxLink(
        out.append, serial="S1", table_id=table_id, clock_factory=lambda: ClockMap(lock_samples=1)
    )
    return link, out


def _ready(link: BoxLink, boot: str = BOOT) -> None:
    link.feed(proto.hello(proto.Hello(1, "0.1.0", boot, "E661", "2220C526", ALL_CONTROLS)), 0)
    link.ping(1000)
    token = f"{next(iter(link._pings))}"
    link.feed(proto.pong(boot, token, 1000), 1000)  # box time = host time
    link.take_outgoing()


def _ev(seq: int, kind: proto.EventKind = "P", index: int = 0, t: int = 5000) -> bytes:
    return proto.event(proto.Event(BOOT, seq, kind, index, t))


def test_events_become_press_stuck_unstuck_with_mapped_stamps() -> None:
    link, out = _link()
    _ready(link)
    link.feed(_ev(0, "P", 3, 7000) + _ev(1, "S", 4, 8000) + _ev(2, "U", 4, 9000), 10_000)
    assert out == [
        Press("red.hunter", 7000, f"box:S1:{BOOT}", 0),
        Stuck("yellow.chief", 8000, f"box:S1:{BOOT}"),
        Unstuck("yellow.chief", 9000, f"box:S1:{BOOT}"),
    ]
    assert link.take_outgoing() == [proto.ack(BOOT, 2)]


def test_copies_out_of_order_and_gaps() -> None:
    link, out = _link()
    _ready(link)
    link.feed(_ev(0) + _ev(2) + _ev(0), 10_000)
    assert [e.seq for e in out if isinstance(e, Press)] == [0, 2]
    assert link.take_outgoing() == [proto.ack(BOOT, 0)]  # 1 is missing: ack stops there
    link.feed(_ev(1) + _ev(2), 11_000)
    assert [e.seq for e in out if isinstance(e, Press)] == [0, 2, 1]
    assert link.take_outgoing() == [proto.ack(BOOT, 2)]
    assert link.counters.duplicates == 2


def test_events_before_hello_or_lock_are_refused_and_not_acked() -> None:
    link, out = _link()
    link.feed(_ev(0), 0)
    assert out == [] and link.counters.unknown_boot == 1
    assert link.take_outgoing() == [proto.hi()]  # ask the box who it is
    link.feed(proto.hello(HELLO), 1)
    link.feed(_ev(0), 2)
    assert out == [] and link.counters.early == 1  # clock not locked: the box re-sends
    assert link.take_outgoing() == []


def test_a_ring_overflow_on_the_box_is_counted_lost() -> None:
    link, _out = _link()
    _ready(link)
    link.feed(_ev(0), 10)
    link.feed(proto.heartbeat(proto.Heartbeat(BOOT, 20, 70, 6, 6, 0, 0)), 20)
    assert link.counters.lost == 5  # 1-5 were dropped by the box before we saw them
    link.feed(_ev(6), 30)
    assert link.take_outgoing()[-1] == proto.ack(BOOT, 6)
    assert any("lost" in w for w in link.warnings)


def test_noise_corruption_and_overlong_lines_are_counted() -> None:
    link, _out = _link()
    _ready(link)
    frame = _ev(0)
    link.feed(b"MicroPython v1.24.1 on 2024-11-29\r\n>>> \n", 1)
    link.feed(frame[:5] + b"X" + frame[6:], 2)
    link.feed(b"@" + b"x" * 5000, 3)
    link.feed(b"still the long line\n" + frame, 4)
    c = link.counters
    assert (c.noise, c.corrupt, c.overlong, c.events) == (2, 1, 1, 1)
    assert any("corrupt" in w for w in link.warnings)


def test_a_new_boot_gets_its_own_label_and_clock() -> None:
    link, out = _link()
    _ready(link)
    link.feed(_ev(0), 10)
    _ready(link, boot="00000001")
    link.feed(proto.event(proto.Event("00000001", 0, "P", 1, 5000)), 20)
    assert [e.source for e in out] == [f"box:S1:{BOOT}", "box:S1:00000001"]
    assert link.source == "box:S1:00000001"


def test_a_table_from_another_pin_map_is_warned_about() -> None:
    link, _ = _link(table_id="DEADBEEF")
    _ready(link)
    assert any("another wiring" in w for w in link.warnings)
