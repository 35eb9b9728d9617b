"""The firmware's framing (box_frame.py) against the host's (companion/input/box/protocol.py)."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest

from companion.input.box import protocol as box_protocol
from tests.firmware.firmware import load


@pytest.fixture(scope="module")
def frame() -> Any:
    return load("box_frame")


def test_pure_crc32_matches_zlib(frame: Any) -> None:
    rng = random.Random(5)
    assert frame.crc32_py(b"123456789") == 0xCBF43926  # the CRC-32 check value
    for n in (0, 1, 7, 64, 300):
        data = rng.randbytes(n)
        assert frame.crc32_py(data) == zlib.crc32(data) == frame.crc32(data)


def test_box_and_host_frame_the_same_bytes(frame: Any) -> None:
    body = "EV 3f9a2c1e 7 P 3 1234567890"
    assert frame.encode(body) == box_protocol.encode(body)
    assert frame.decode(frame.encode(body)[:-1]) == body.encode()
    assert box_protocol.decode(frame.encode(body)[:-1]) == body.encode()


@pytest.mark.parametrize(
    "line",
    [b"", b"@", b"EV 1 2 3 4", b"@HI 00000000", b"@HI  5AC3D1C3", b"@hi 5AC3D1C3"],
)
def test_decode_refuses_what_is_not_a_frame(frame: Any, line: bytes) -> None:
    assert frame.decode(line) is None
    assert box_protocol.decode(line) is None


def test_decode_accepts_crlf(frame: Any) -> None:
    line = frame.encode("HI")[:-1] + b"\r"
    assert frame.decode(line) == b"HI" == box_protocol.decode(line)


def test_line_reader_splits_anywhere_and_drops_overlong_lines(frame: Any) -> None:
    lines: list[bytes] = []
    reader = frame.LineReader(limit=10)
    data = b"one\ntwo\n" + b"x" * 25 + b"\nthree\n"
    for i in range(len(data)):
        reader.feed(data[i : i + 1], lines.append)
    assert lines == [b"one", b"two", b"three"]
    assert reader.overlong == 1
