"""The host end of the box's protocol, without the serial port: bytes in, events out.

``BoxLink.feed(data, now_ns)`` splits lines, verifies each frame (CRC and grammar),
de-duplicates events by (boot id, sequence number), maps box time to host time through
the boot's ``ClockMap`` and puts ``Press`` / ``Stuck`` / ``Unstuck`` on the sink. Frames
to send back (``ACK``, ``HI``) collect in ``take_outgoing()``; ``ping(now_ns)`` makes a
``PING``. ``SerialBoxSource`` (``source.py``) drives it from its reader thread; the
fuzz test and ``companion bench serial`` drive it directly. Spec: ``firmware/PROTOCOL.md``.

Delivery rules:

- An event is delivered once per (boot id, seq). The box re-sends everything it has not
  had acknowledged, so copies are normal (counted in ``duplicates``). A sequence number
  more than ``MAX_AHEAD`` past the last contiguous one, or naming an input the box's
  HELLO did not list, is refused (counted in ``rejected``).
- An event is only taken once its boot's clock is locked. Before that it is refused
  (``early``) and not acknowledged, so the box sends it again (within 0.2 s).
- An event for a boot that sent no HELLO yet is refused (``unknown_boot``) and ``HI`` is
  queued: the box answers with HELLO and re-sends its unacknowledged events.
- ``ACK boot seq`` acknowledges the highest sequence number below which the host has
  every event of the current boot; it is queued after each ``feed`` that advanced it,
  and again whenever a heartbeat shows the box still holding events the host has.
- A heartbeat whose ``first_held`` is past the host's contiguous number means the box
  holds nothing below it: those events were acknowledged (by this host, or by an earlier
  run of the companion while the box stayed powered) or dropped by the box when its ring
  overflowed. The box counts its drops (the heartbeat's ``dropped``); only drops this host
  never got count in ``lost`` (warned), so a restart of the companion loses nothing.
- Lines that are not frames: ``corrupt`` if they start with ``@``, else ``noise`` (the
  MicroPython banner, a REPL prompt); frames whose CRC matches but whose fields do not
  parse: ``rejected``. Each kind is counted, logged at most every 5 s, and listed in
  ``warnings``. Nothing that fails these checks can produce an event.
- An ``ERR`` from the box (a refused command, or ``crash``: the firmware restarted) is
  logged and listed in ``warnings``.
- A jump of the box's clock (``clock.py``) is listed in ``warnings`` until the map locks
  again; presses stamped around it are marked ``clock_gap`` and counted.
"""

from __future__ import annotations

import itertools
import logging
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from companion.input.box.clock import ClockMap
from companion.input.box.protocol import (
    MAX_LINE,
    BoxError,
    Event,
    Heartbeat,
    Hello,
    Pong,
    ack,
    hi,
    parse_body,
    parse_event,
    ping,
)
from companion.input.debounce import EventSink
from companion.input.events import InputEvent, Press, Stuck, Unstuck
from companion.words import Words, plural_words, say

log = logging.getLogger(__name__)

_KINDS: Final = frozenset((b"P", b"S", b"U"))
MAX_AHEAD: Final = 4096
"""Sequence numbers this far past the contiguous one are refused: the box holds 64."""
MAX_BOOTS: Final = 4
"""Boots remembered (frames of a previous boot may still be on their way)."""
MAX_PINGS: Final = 64
HELLO_RETRY_NS: Final = 250_000_000
WARN_EVERY_NS: Final = 5_000_000_000


@dataclass(slots=True)
class LinkCounters:
    """What the link has seen since it was made. ``BoxLink.counters`` returns a copy."""

    frames: int = 0
    """Frames with a good CRC and good fields."""
    corrupt: int = 0
    """Lines starting with "@" whose CRC or shape was wrong: dropped."""
    rejected: int = 0
    """Frames with a good CRC but fields that do not parse, and well-formed events naming an
    input or a sequence number the box cannot have: dropped."""
    noise: int = 0
    """Lines that are not frames (a REPL banner): dropped."""
    overlong: int = 0
    """Lines longer than MAX_LINE: dropped."""
    events: int = 0
    """Events delivered to the sink."""
    duplicates: int = 0
    """Events delivered before (the box re-sends until acknowledged): dropped."""
    early: int = 0
    """Events refused before the boot's clock locked (the box sends them again)."""
    unknown_boot: int = 0
    """Events of a boot that sent no HELLO yet (refused; HI asks for one)."""
    lost: int = 0
    """Events the box dropped from its ring before the host got them."""
    box_errors: int = 0
    """ERR frames from the box."""
    gap_presses: int = 0
    """Presses stamped around a jump of the box's clock (marked ``clock_gap``)."""


class _Boot:
    """What the host knows of one boot of the box."""

    __slots__ = ("above", "acked", "clock", "contiguous", "drops_seen", "hello", "label")

    def __init__(self, hello: Hello, label: str, clock: ClockMap) -> None:
        self.hello = hello
        self.label = label
        self.clock = clock
        self.contiguous = -1  # every seq up to this one was delivered
        self.above: set[int] = set()  # delivered seqs above it
        self.acked = -1  # the last ACK queued
        self.drops_seen = 0  # the box's drop count (heartbeat ``dropped``) accounted for

    def take(self, seq: int) -> bool:
        """Mark ``seq`` delivered; False if it already was (a duplicate)."""
        if seq <= self.contiguous or seq in self.above:
            return False
        if seq == self.contiguous + 1:
            self.contiguous = seq
            above = self.above
            while self.contiguous + 1 in above:
                self.contiguous += 1
                above.discard(self.contiguous)
        else:
            self.above.add(seq)
        return True

    def forget_before(self, first_held: int) -> int:
        """The box holds nothing below ``first_held``: skip it, and count what this host
        never got (acknowledged by an earlier host, or dropped by the box)."""
        missing = 0
        while self.contiguous + 1 < first_held:
            self.contiguous += 1
            if self.contiguous in self.above:
                self.above.discard(self.contiguous)
            else:
                missing += 1
        while self.contiguous + 1 in self.above:
            self.contiguous += 1
            self.above.discard(self.contiguous)
        return missing


class BoxLink:
    """Frames in, events out, for one box (identified by its USB ``serial``)."""

    def __init__(
        self,
        sink: EventSink,
        *,
        serial: str = "unknown",
        table_id: str | None = None,
        clock_factory: Callable[[], ClockMap] = ClockMap,
    ) -> None:
        self._sink = sink
        self.serial = serial
        self.table_id = table_id
        self._clock_factory = clock_factory
        self._boots: OrderedDict[str, _Boot] = OrderedDict()
        self._by_bytes: dict[bytes, _Boot] = {}
        self._current: _Boot | None = None
        self._partial = b""
        self._skipping = False
        self._pings: OrderedDict[str, int] = OrderedDict()
        self._tokens = itertools.count(1)
        self._out: list[bytes] = []
        self._hello_asked_ns: int | None = None
        self._counts = LinkCounters()
        self._warned_ns: int | None = None
        self._warned_count = 0
        self._table_warning: Words | None = None
        self.heartbeat: Heartbeat | None = None
        self.last_error: BoxError | None = None
        """The last ERR the box sent, shown in ``warnings``."""

    def __repr__(self) -> str:
        boot = self._current.hello.boot if self._current else "-"
        c = self._counts
        return (
            f"<BoxLink {self.serial} boot={boot} events={c.events} frames={c.frames} "
            f"corrupt={c.corrupt} duplicates={c.duplicates}>"
        )

    # -- what the source reads ---------------------------------------------------------

    @property
    def counters(self) -> LinkCounters:
        return replace(self._counts)

    @property
    def hello(self) -> Hello | None:
        """The HELLO of the box's current boot, once one came."""
        return None if self._current is None else self._current.hello

    @property
    def clock(self) -> ClockMap | None:
        return None if self._current is None else self._current.clock

    @property
    def source(self) -> str:
        """``box:<serial>:<boot id>`` of the current boot (``-`` before HELLO)."""
        return f"box:{self.serial}:{self._current.hello.boot if self._current else '-'}"

    @property
    def ready(self) -> bool:
        """HELLO came and the clock is locked: events are being taken."""
        return self._current is not None and self._current.clock.locked

    @property
    def warnings(self) -> tuple[str, ...]:
        """What a person should know about the link (``Words``: a screen shows them in
        its language): drops, losses, the box's clock and its errors."""
        c = self._counts
        found: list[str] = [self._table_warning] if self._table_warning else []
        found += self._count_warnings(c)
        clock = self.clock
        if clock is not None and clock.relocking:
            found.append(
                say("the box's clock jumped: presses wait until its time is mapped again (2 s)")
            )
        if c.gap_presses:
            found.append(
                plural_words(
                    "{count} press stamped while the box's clock jumped: its time may be off",
                    "{count} presses stamped while the box's clock jumped: their times may be off",
                    c.gap_presses,
                    count=c.gap_presses,
                )
            )
        hb = self.heartbeat
        if hb is not None:
            found += self._heartbeat_warnings(hb)
        error = self.last_error
        if error is not None:
            found.append(
                plural_words(
                    "the box sent {count} error, the last: {what} {detail} ({spec})",
                    "the box sent {count} errors, the last: {what} {detail} ({spec})",
                    c.box_errors,
                    count=c.box_errors,
                    what=error.what,
                    detail=error.detail,
                    spec="firmware/PROTOCOL.md, ERR",
                )
            )
        return tuple(found)

    @staticmethod
    def _count_warnings(c: LinkCounters) -> list[str]:
        """Frames dropped as corrupt and events the box lost."""
        found: list[str] = []
        bad = c.corrupt + c.rejected
        if bad:
            found.append(
                plural_words(
                    "{count} corrupt frame dropped (a bad cable or USB hub?)",
                    "{count} corrupt frames dropped (a bad cable or USB hub?)",
                    bad,
                    count=bad,
                )
            )
        if c.lost:
            found.append(
                plural_words(
                    "{count} event lost: the box's ring overflowed while unread",
                    "{count} events lost: the box's ring overflowed while unread",
                    c.lost,
                    count=c.lost,
                )
            )
        return found

    @staticmethod
    def _heartbeat_warnings(hb: Heartbeat) -> list[str]:
        """What the box's heartbeat says it missed: samples, and frames from the host."""
        found: list[str] = []
        if hb.overruns:
            found.append(
                plural_words(
                    "the box's sampler ring overran: {count} sample pair lost (edges in "
                    "it may be missed)",
                    "the box's sampler ring overran: {count} sample pairs lost (edges in "
                    "them may be missed)",
                    hb.overruns,
                    count=hb.overruns,
                )
            )
        if hb.bad_rx:
            found.append(
                plural_words(
                    "the box dropped {count} bad frame from the host",
                    "the box dropped {count} bad frames from the host",
                    hb.bad_rx,
                    count=hb.bad_rx,
                )
            )
        return found

    def next_ping_ns(self) -> int:
        """How long to wait before the next PING."""
        clock = self.clock
        return ClockMap().ping_interval_ns if clock is None else clock.ping_interval_ns

    # -- out ---------------------------------------------------------------------------

    def take_outgoing(self) -> list[bytes]:
        out, self._out = self._out, []
        return out

    def ping(self, now_ns: int) -> bytes:
        """A PING frame; call just before writing it (``now_ns`` is its send time)."""
        token = f"{next(self._tokens):x}"
        self._pings[token] = now_ns
        while len(self._pings) > MAX_PINGS:
            self._pings.popitem(last=False)
        return ping(token)

    def hi(self, now_ns: int) -> bytes:
        """A HI frame (the box answers HELLO and re-sends what is unacknowledged)."""
        self._hello_asked_ns = now_ns
        return hi()

    def ask_hello(self, now_ns: int) -> bytes | None:
        """A HI frame unless one was asked for less than ``HELLO_RETRY_NS`` ago."""
        asked = self._hello_asked_ns
        if asked is not None and now_ns - asked < HELLO_RETRY_NS:
            return None
        return self.hi(now_ns)

    def reset_connection(self) -> None:
        """A new connection: forget the half line and the pings in flight."""
        self._partial = b""
        self._skipping = False
        self._pings.clear()
        self._out.clear()
        for boot in self._boots.values():
            boot.acked = -1

    def leds_index(self, control: str) -> int | None:
        """The box's input number of ``control`` (from HELLO), or None."""
        hello = self.hello
        if hello is None or control not in hello.controls:
            return None
        return hello.controls.index(control)

    # -- in ----------------------------------------------------------------------------

    def feed(self, data: bytes, now_ns: int) -> None:
        """Bytes from the port (any split), received at ``now_ns``."""
        corrupt = rejected = noise = 0
        crc32 = zlib.crc32
        for line in self._lines(data):
            # decode(), inlined: this loop is the parser's whole cost
            n = len(line)
            if n and line[n - 1] == 13:  # "\r\n"
                n -= 1
            if n < 11 or line[0] != 64 or line[n - 9] != 32:
                if line[:1] == b"@":
                    corrupt += 1
                elif line.strip():
                    noise += 1
                continue
            body = line[1 : n - 9]
            if b"%08X" % crc32(body) != line[n - 8 : n]:
                corrupt += 1
            elif body[:3] == b"EV ":
                if not self._fast_event(body.split(b" "), now_ns):
                    event = parse_event(body.split(b" "))
                    if event is None:
                        rejected += 1
                    else:
                        self._counts.frames += 1
                        self._event(event, now_ns)
            elif not self._message(body, now_ns):
                rejected += 1
        if corrupt or rejected or noise:
            self._counts.noise += noise
            self._bad(corrupt, rejected, now_ns)
        self._queue_ack()

    def _lines(self, data: bytes) -> list[bytes]:
        """The complete lines in ``data`` after what was left over; keeps the rest."""
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        if self._skipping and len(lines) > 0:
            lines[0] = b""  # the tail of an overlong line
            self._skipping = False
        if len(self._partial) > MAX_LINE:
            self._partial = b""
            self._skipping = True
            self._counts.overlong += 1
        return lines

    def _bad(self, corrupt: int, rejected: int, now_ns: int) -> None:
        counts = self._counts
        counts.corrupt += corrupt
        counts.rejected += rejected
        bad = counts.corrupt + counts.rejected
        if bad == self._warned_count or (
            self._warned_ns is not None and now_ns - self._warned_ns < WARN_EVERY_NS
        ):
            return
        log.warning(
            "box %s: dropped %d corrupt frame(s) (%d in all)",
            self.serial,
            bad - self._warned_count,
            bad,
        )
        self._warned_ns, self._warned_count = now_ns, bad

    def _message(self, body: bytes, now_ns: int) -> bool:
        """Act on a frame's body; False if it does not parse."""
        message = parse_body(body)
        if message is None:
            return False
        self._counts.frames += 1
        if isinstance(message, Pong):
            self._pong(message, now_ns)
        elif isinstance(message, Heartbeat):
            self._heartbeat(message, now_ns)
        elif isinstance(message, Hello):
            self._hello(message)
        elif isinstance(message, BoxError):
            self._counts.box_errors += 1
            self.last_error = message
            log.warning("box %s says: %s %s", self.serial, message.what, message.detail)
        else:  # an EV body reaches here only if it did not start "EV " (it cannot)
            self._event(message, now_ns)
        return True

    def _hello(self, hello: Hello) -> None:
        boot = self._boots.get(hello.boot)
        if boot is None:
            label = f"box:{self.serial}:{hello.boot}"
            boot = _Boot(hello, label, self._clock_factory())
            self._boots[hello.boot] = boot
            while len(self._boots) > MAX_BOOTS:
                self._boots.popitem(last=False)
            self._by_bytes = {b.encode(): boot for b, boot in self._boots.items()}
            log.info("box %s: boot %s, firmware %s", self.serial, hello.boot, hello.firmware)
        boot.hello = hello
        self._boots.move_to_end(hello.boot)
        self._current = boot
        self._hello_asked_ns = None
        self._check_table(hello)

    def _check_table(self, hello: Hello) -> None:
        if self.table_id is None or hello.table_id == self.table_id:
            self._table_warning = None
            return
        self._table_warning = say(
            "the box's input table {box_table} is not this pin map's {table}: its firmware "
            "was made from another wiring. Fix: run {command} and copy {folder} to the box "
            "({readme})",
            box_table=hello.table_id,
            table=self.table_id,
            command="python -m companion.input.box.table",
            folder="firmware/",
            readme="firmware/README.md",
        )
        log.warning("box %s: %s", self.serial, self._table_warning)

    def _known(self, boot_id: str, now_ns: int) -> _Boot | None:
        boot = self._boots.get(boot_id)
        if boot is None:
            frame = self.ask_hello(now_ns)
            if frame is not None:
                self._out.append(frame)
        return boot

    def _pong(self, pong: Pong, now_ns: int) -> None:
        sent = self._pings.pop(pong.token, None)
        boot = self._known(pong.boot, now_ns)
        if sent is None or boot is None:
            return
        boot.clock.add(sent, pong.t_ns, now_ns)

    def _heartbeat(self, hb: Heartbeat, now_ns: int) -> None:
        boot = self._known(hb.boot, now_ns)
        if boot is None:
            return
        if boot is self._current:
            self.heartbeat = hb
        if hb.first_held > boot.contiguous + 1 and boot.clock.locked:
            missing = boot.forget_before(hb.first_held)
            lost = min(missing, max(hb.dropped - boot.drops_seen, 0))
            boot.drops_seen = max(hb.dropped, boot.drops_seen)
            if lost:
                self._counts.lost += lost
                log.warning("box %s: %d events lost (ring overflow on the box)", self.serial, lost)
        if boot is self._current and hb.first_held <= boot.contiguous < hb.next_seq:
            boot.acked = -1  # the box missed an ACK: send it again

    def _fast_event(self, parts: list[bytes], now_ns: int) -> bool:
        """The common case, without building an ``Event``: a well-formed EV of a known
        boot whose clock is locked. False sends the frame down the checked path
        (``parse_event`` and ``_event``), which counts whatever is wrong with it."""
        if len(parts) != 6:
            return False
        boot = self._by_bytes.get(parts[1])
        seq_b, kind_b, index_b, t_b = parts[2], parts[3], parts[4], parts[5]
        if (
            boot is None
            or not boot.clock.locked
            or kind_b not in _KINDS
            or not (0 < len(seq_b) <= 12 and seq_b.isdigit())
            or not (0 < len(index_b) <= 2 and index_b.isdigit())
            or not (0 < len(t_b) <= 19 and t_b.isdigit())
        ):
            return False
        seq, index = int(seq_b), int(index_b)
        controls = boot.hello.controls
        if index >= len(controls) or seq > boot.contiguous + MAX_AHEAD:
            return False
        counts = self._counts
        counts.frames += 1
        if seq == boot.contiguous + 1 and not boot.above:
            boot.contiguous = seq  # in order, nothing missing: the usual case, inlined
        elif not boot.take(seq):
            counts.duplicates += 1
            return True
        counts.events += 1
        box_ns = int(t_b)
        t_ns = boot.clock.map(box_ns, now_ns)
        if kind_b == b"P":
            self._sink(self._press(boot, controls[index], box_ns, t_ns, seq))
        elif kind_b == b"S":
            self._sink(Stuck(controls[index], t_ns, boot.label))
        else:
            self._sink(Unstuck(controls[index], t_ns, boot.label))
        return True

    def _event(self, event: Event, now_ns: int) -> None:
        counts = self._counts
        boot = self._known(event.boot, now_ns)
        if boot is None:
            counts.unknown_boot += 1
            return
        controls = boot.hello.controls
        if event.input >= len(controls) or event.seq > boot.contiguous + MAX_AHEAD:
            counts.rejected += 1
            return
        if not boot.clock.locked:
            counts.early += 1
            return
        if not boot.take(event.seq):
            counts.duplicates += 1
            return
        counts.events += 1
        t_ns = boot.clock.map(event.t_ns, now_ns)
        control = controls[event.input]
        item: InputEvent
        if event.kind == "P":
            item = self._press(boot, control, event.t_ns, t_ns, event.seq)
        elif event.kind == "S":
            item = Stuck(control, t_ns, boot.label)
        else:
            item = Unstuck(control, t_ns, boot.label)
        self._sink(item)

    def _press(self, boot: _Boot, control: str, box_ns: int, t_ns: int, seq: int) -> Press:
        """A press; one stamped around a jump of the box's clock is marked and counted."""
        if not boot.clock.gaps or not boot.clock.in_gap(box_ns):
            return Press(control, t_ns, boot.label, seq)
        self._counts.gap_presses += 1
        log.warning("box %s: %s pressed while the box's clock jumped", self.serial, control)
        return Press(control, t_ns, boot.label, seq, clock_gap=True)

    def _queue_ack(self) -> None:
        boot = self._current
        if boot is not None and boot.contiguous > boot.acked:
            self._out.append(ack(boot.hello.boot, boot.contiguous))
            boot.acked = boot.contiguous
