"""The host's side of the box protocol (companion/input/box/protocol.py): strict parsing."""

from __future__ import annotations

import pytest

from companion.input.box import protocol as proto

BOOT = "3f9a2c1e"


def test_every_message_round_trips() -> None:
    hello = proto.Hello(1, "0.1.0", BOOT, "E6614C311B3A8D2F", "2220C526", ("red.chief",))
    event = proto.Event(BOOT, 7, "S", 0, 1234)
    hb = proto.Heartbeat(BOOT, 99, 8, 7, 0, 1, 2)
    pong = proto.Pong(BOOT, "a1", 55)
    frames = [
        (proto.hello(hello), hello),
        (proto.event(event), event),
        (proto.heartbeat(hb), hb),
        (proto.pong(BOOT, "a1", 55), pong),
        (proto.encode("ERR led 99"), proto.BoxError("led", "99")),
    ]
    for frame, message in frames:
        body = proto.decode(frame.rstrip(b"\n"))
        assert body is not None
        assert proto.parse_body(body) == message


@pytest.mark.parametrize(
    "body",
    [
        b"EV 3f9a2c1e 7 X 0 1234",  # unknown kind
        b"EV 3f9a2c1E 7 P 0 1234",  # boot id not lower-case hex
        b"EV 3f9a2c1e -7 P 0 1234",  # negative
        b"EV 3f9a2c1e 1_0 P 0 1234",  # int() would take it
        b"EV 3f9a2c1e 7 P 0 1234 9",  # a field too many
        b"EV 3f9a2c1e 7 P 100 1234",  # input number too long
        b"HELLO 1 0.1.0 3f9a2c1e E661 2220C526 red.chief,RED",  # not a control name
        b"HB 3f9a2c1e 1 2 3 0 0 0",  # first held past next seq
        b"PONG 3f9a2c1e a-1 5",  # token
        b"NOPE",
        b"",
    ],
)
def test_well_checksummed_nonsense_is_refused(body: bytes) -> None:
    assert proto.parse_body(body) is None


def test_host_commands() -> None:
    assert proto.hi() == proto.encode("HI")
    assert proto.led(3, 0xFF8000).startswith(b"@LED 3 FF8000 ")
    assert proto.leds([1, 0xABCDEF]).startswith(b"@LEDS 000001ABCDEF ")
    with pytest.raises(ValueError, match="token"):
        proto.ping("no spaces")
