"""firmware/PROTOCOL.md: every example frame is real (CRC, grammar) and both sides
encode it identically; every message type is documented with an example."""

from __future__ import annotations

import re

from companion.input.box import protocol as proto
from tests.firmware.firmware import FIRMWARE, load

HOST_COMMANDS = re.compile(
    rb"HI|ACK [0-9a-f]{8} \d+|PING [0-9A-Za-z]{1,16}|LED \d+ [0-9A-F]{6}|LEDS (?:[0-9A-F]{6})+"
)


def _frames() -> list[bytes]:
    text = (FIRMWARE / "PROTOCOL.md").read_text(encoding="utf-8")
    return [line.encode() for line in text.splitlines() if line.startswith("@")]


def test_every_example_frame_checks_out() -> None:
    frame = load("box_frame")
    frames = _frames()
    assert len(frames) >= 13
    for line in frames:
        body = proto.decode(line)
        assert body is not None, line
        assert frame.decode(line) == body
        assert frame.encode(body.decode()) == proto.encode(body) == line + b"\n"
        assert proto.parse_body(body) is not None or HOST_COMMANDS.fullmatch(body), line


def test_every_message_type_has_an_example() -> None:
    types = {line[1:].split(b" ", 1)[0] for line in _frames()}
    assert types == {
        b"HELLO",
        b"EV",
        b"HB",
        b"PONG",
        b"ERR",
        b"HI",
        b"ACK",
        b"PING",
        b"LED",
        b"LEDS",
    }
