"""The button box's line protocol, host side. The specification, with examples, is
``firmware/PROTOCOL.md``; the box's side is ``firmware/box_frame.py`` and
``firmware/box_core.py``.

A frame is one line: ``@`` BODY `` `` CRC ``\\n``, CRC the CRC-32 (zlib's) of BODY as 8
upper-case hex digits. ``parse_body`` is strict: a body whose CRC matches but whose
fields do not follow the grammar is refused (``None``), so a frame that survived
corruption by a CRC collision still has to be well formed to count.

Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

MAX_LINE: Final = 1024
"""Longest line the host keeps (HELLO with 24 inputs is about 330 bytes)."""
MAX_TOKEN: Final = 16
EventKind: TypeAlias = Literal["P", "S", "U"]

_BOOT: Final = re.compile(rb"[0-9a-f]{8}\Z")
_UID: Final = re.compile(rb"[0-9A-F]{1,32}\Z")
_TABLE: Final = re.compile(rb"[0-9A-F]{8}\Z")
_VERSION: Final = re.compile(rb"[0-9A-Za-z.+-]{1,24}\Z")
_TOKEN: Final = re.compile(rb"[0-9A-Za-z]{1,16}\Z")
_CONTROL: Final = re.compile(r"[a-z]+\.[a-z]+\Z")
_WORD: Final = re.compile(rb"[!-~]{1,64}\Z")
_KINDS: Final[dict[bytes, EventKind]] = {b"P": "P", b"S": "S", b"U": "U"}
_MAX_INPUTS: Final = 64


def encode(body: str | bytes) -> bytes:
    """The frame for ``body``, newline included."""
    raw = body.encode("ascii") if isinstance(body, str) else body
    return b"@%s %08X\n" % (raw, zlib.crc32(raw))


def decode(line: bytes) -> bytes | None:
    """The body of one line (without ``\\n``; a trailing ``\\r`` is allowed) if it is a
    frame whose CRC matches, else None."""
    if line.endswith(b"\r"):
        line = line[:-1]
    n = len(line)
    if n < 11 or line[0] != 64 or line[n - 9] != 32:
        return None
    body = line[1 : n - 9]
    if b"%08X" % zlib.crc32(body) != line[n - 8 :]:
        return None
    return body


# ---- messages from the box -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    proto: int
    firmware: str
    boot: str
    uid: str
    table_id: str
    controls: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Event:
    boot: str
    seq: int
    kind: EventKind
    input: int
    t_ns: int


@dataclass(frozen=True, slots=True)
class Heartbeat:
    boot: str
    t_ns: int
    next_seq: int
    first_held: int
    dropped: int
    bad_rx: int
    overruns: int


@dataclass(frozen=True, slots=True)
class Pong:
    boot: str
    token: str
    t_ns: int


@dataclass(frozen=True, slots=True)
class BoxError:
    what: str
    detail: str


Message: TypeAlias = Hello | Event | Heartbeat | Pong | BoxError


def _number(field: bytes, digits: int = 20) -> int | None:
    if 0 < len(field) <= digits and field.isdigit():
        return int(field)
    return None


def parse_event(parts: Sequence[bytes]) -> Event | None:
    """``EV boot seq kind input t_ns`` split on spaces, or None if malformed."""
    if len(parts) != 6 or _BOOT.match(parts[1]) is None:
        return None
    seq, index, t_ns = _number(parts[2], 12), _number(parts[4], 2), _number(parts[5], 19)
    kind = _KINDS.get(parts[3])
    if seq is None or index is None or t_ns is None or kind is None:
        return None
    return Event(parts[1].decode(), seq, kind, index, t_ns)


def _parse_hello(parts: Sequence[bytes]) -> Hello | None:
    if len(parts) != 7 or _BOOT.match(parts[3]) is None or _UID.match(parts[4]) is None:
        return None
    proto = _number(parts[1], 4)
    if proto is None or _VERSION.match(parts[2]) is None or _TABLE.match(parts[5]) is None:
        return None
    try:
        controls = tuple(parts[6].decode("ascii").split(","))
    except UnicodeDecodeError:
        return None
    if len(controls) > _MAX_INPUTS or not all(_CONTROL.match(c) for c in controls):
        return None
    return Hello(
        proto, parts[2].decode(), parts[3].decode(), parts[4].decode(), parts[5].decode(), controls
    )


def _parse_heartbeat(parts: Sequence[bytes]) -> Heartbeat | None:
    if len(parts) != 8 or _BOOT.match(parts[1]) is None:
        return None
    numbers = [_number(p) for p in parts[2:]]
    if any(n is None for n in numbers):
        return None
    t_ns, next_seq, first_held, dropped, bad_rx, overruns = (n or 0 for n in numbers)
    if first_held > next_seq:
        return None
    return Heartbeat(parts[1].decode(), t_ns, next_seq, first_held, dropped, bad_rx, overruns)


def _parse_pong(parts: Sequence[bytes]) -> Pong | None:
    if len(parts) != 4 or _BOOT.match(parts[1]) is None or _TOKEN.match(parts[2]) is None:
        return None
    t_ns = _number(parts[3], 19)
    return None if t_ns is None else Pong(parts[1].decode(), parts[2].decode(), t_ns)


def _parse_error(parts: Sequence[bytes]) -> BoxError | None:
    if len(parts) != 3 or not all(_WORD.match(p) for p in parts[1:]):
        return None
    return BoxError(parts[1].decode(), parts[2].decode())


_PARSERS: Final = {
    b"EV": parse_event,
    b"HELLO": _parse_hello,
    b"HB": _parse_heartbeat,
    b"PONG": _parse_pong,
    b"ERR": _parse_error,
}


def parse_body(body: bytes) -> Message | None:
    """The message in a frame's body, or None if it does not follow the grammar."""
    parts = body.split(b" ")
    parser = _PARSERS.get(parts[0])
    return None if parser is None else parser(parts)


# ---- frames the host sends -------------------------------------------------------------


def hi() -> bytes:
    return encode("HI")


def ack(boot: str, seq: int) -> bytes:
    return encode(f"ACK {boot} {seq}")


def ping(token: str) -> bytes:
    if _TOKEN.match(token.encode()) is None:
        raise ValueError(f"PING token must be 1-{MAX_TOKEN} letters or digits, got {token!r}")
    return encode(f"PING {token}")


def led(index: int, rgb: int) -> bytes:
    return encode(f"LED {index} {rgb:06X}")


def leds(colours: Sequence[int]) -> bytes:
    return encode("LEDS " + "".join(f"{c:06X}" for c in colours))


# ---- frames the box sends (for simulated boxes and tests) ------------------------------


def hello(hello: Hello) -> bytes:
    h = hello
    controls = ",".join(h.controls)
    return encode(f"HELLO {h.proto} {h.firmware} {h.boot} {h.uid} {h.table_id} {controls}")


def event(e: Event) -> bytes:
    return encode(f"EV {e.boot} {e.seq} {e.kind} {e.input} {e.t_ns}")


def heartbeat(hb: Heartbeat) -> bytes:
    return encode(
        f"HB {hb.boot} {hb.t_ns} {hb.next_seq} {hb.first_held} {hb.dropped} "
        f"{hb.bad_rx} {hb.overruns}"
    )


def pong(boot: str, token: str, t_ns: int) -> bytes:
    return encode(f"PONG {boot} {token} {t_ns}")
