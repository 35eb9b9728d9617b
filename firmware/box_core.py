# The box's protocol engine: debounced events into the resend ring, frames out, commands
# in. Pure: the hardware (box_hw.py) or a simulation (tests/firmware/sim_box.py) hands it
# edges, the time, a port and the pixels. Messages: PROTOCOL.md.
from micropython import const

import box_frame
from box_debounce import Bank
from box_ring import Ring

RING_SIZE = const(64)  # events held until acknowledged (a game makes a few per minute)
HEARTBEAT_NS = 500000000  # HB every 0.5 s
RESEND_NS = 200000000  # re-send unacknowledged events after 0.2 s without progress
ADVANCE_LAG_NS = const(100000)  # debounce deadlines fire 0.1 ms late (box_hw.play says why)
MAX_BURST = const(16)  # frames written per step, so commands are still read in a flood
TOKEN_MAX = const(16)


def _is_digits(b):
    if not b or len(b) > 19:
        return False
    for c in b:
        if not 48 <= c <= 57:
            return False
    return True


def _hex(b, n):
    # The value of exactly ``n`` hex digits, or -1.
    if len(b) != n:
        return -1
    v = 0
    for c in b:
        if 48 <= c <= 57:
            v = (v << 4) | (c - 48)
        elif 65 <= c <= 70 or 97 <= c <= 102:
            v = (v << 4) | ((c | 32) - 87)
        else:
            return -1
    return v


class Box:
    # table: the box_table module (or an object with the same names)
    # port: write(bytes); read() -> bytes or None (never blocks)
    # pixels: box_leds.Pixels; clock(): box nanoseconds now (for PONG)
    # firmware: the version HELLO gives (box_hw adds the MicroPython version it runs on)
    def __init__(
        self, table, port, pixels, boot_id, uid, levels, start_ns, clock, firmware=None
    ):
        self.table = table
        self.firmware = firmware or box_frame.FW_VERSION
        self.port = port
        self.pixels = pixels
        self.boot = boot_id
        self.boot_b = boot_id.encode()
        self.uid = uid
        self.clock = clock
        self.ring = Ring(RING_SIZE)
        self.bank = Bank(levels, start_ns, self._emit)
        self.reader = box_frame.LineReader()
        self.now = start_ns
        self.last_hb = start_ns
        self.wait_since = start_ns
        self.bad_rx = 0
        self.overruns = 0  # sampler pairs lost (set by the hardware)
        self.resends = 0
        self.hello()

    # -- events ------------------------------------------------------------------------

    def _emit(self, kind, i, t):
        self.ring.push(kind, i, t)

    def edge(self, t, i, active):
        self.bank.edge(i, t, active)

    def step(self, now):
        self.now = now
        self.bank.advance(now - ADVANCE_LAG_NS)
        data = self.port.read()
        if data:
            self.reader.feed(data, self._line)
            self.bad_rx += self.reader.overlong
            self.reader.overlong = 0
        self._send(now)

    # -- out ---------------------------------------------------------------------------

    def _write(self, body):
        self.port.write(box_frame.encode(body))

    def hello(self):
        t = self.table
        self._write(
            "HELLO %d %s %s %s %s %s"
            % (
                box_frame.PROTO,
                self.firmware,
                self.boot,
                self.uid,
                t.TABLE_ID,
                ",".join(t.CONTROLS),
            )
        )

    def heartbeat(self, now):
        r = self.ring
        self._write(
            "HB %s %d %d %d %d %d %d"
            % (self.boot, now, r.head, r.acked, r.dropped, self.bad_rx, self.overruns)
        )
        self.last_hb = now

    def _send(self, now):
        r = self.ring
        if r.acked < r.sent and now - self.wait_since >= RESEND_NS:
            r.rewind()
            self.resends += 1
        n = 0
        while r.sent < r.head and n < MAX_BURST:
            if r.sent == r.acked:
                self.wait_since = now
            kind, i, t = r.get(r.sent)
            self._write("EV %s %d %s %d %d" % (self.boot, r.sent, kind, i, t))
            r.sent += 1
            n += 1
        if now - self.last_hb >= HEARTBEAT_NS:
            self.heartbeat(now)

    # -- in ----------------------------------------------------------------------------

    def _line(self, line):
        body = box_frame.decode(line)
        if body is None:
            if line.strip():
                self.bad_rx += 1
            return
        parts = body.split(b" ")
        cmd = parts[0]
        n = len(parts)
        if cmd == b"PING" and n == 2 and 0 < len(parts[1]) <= TOKEN_MAX:
            self._pong(parts[1])
        elif cmd == b"ACK" and n == 3 and _is_digits(parts[2]):
            if parts[1] == self.boot_b and self.ring.ack(int(parts[2])):
                self.wait_since = self.now
        elif cmd == b"HI" and n == 1:
            self.hello()
            self.ring.rewind()
            self.wait_since = self.now
        elif cmd == b"LED" and n == 3 and _is_digits(parts[1]):
            self._led(int(parts[1]), _hex(parts[2], 6))
        elif cmd == b"LEDS" and n == 2:
            self._leds(parts[1])
        else:
            self._error("unknown", cmd)

    def _pong(self, token):
        for c in token:
            if not (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122):
                self._error("token", token)
                return
        self._write("PONG %s %s %d" % (self.boot, token.decode(), self.clock()))

    def _led(self, i, rgb):
        if i >= len(self.table.CONTROLS) or rgb < 0:
            self._error("led", str(i).encode())
            return
        pos = self.table.LEDS[i]
        if pos >= 0:
            self.pixels.set(pos, rgb)

    def _leds(self, hexes):
        n = len(self.table.CONTROLS)
        if len(hexes) != 6 * n:
            self._error("leds", str(len(hexes)).encode())
            return
        values = []
        for i in range(n):
            rgb = _hex(hexes[6 * i : 6 * i + 6], 6)
            if rgb < 0:
                self._error("leds", str(i).encode())
                return
            values.append(rgb)
        for i in range(n):
            pos = self.table.LEDS[i]
            if pos >= 0:
                self.pixels.set(pos, values[i])

    def _error(self, what, detail):
        self.bad_rx += 1
        safe = "".join(chr(c) if 33 <= c < 127 else "?" for c in detail[:24])
        self._write("ERR %s %s" % (what, safe or "-"))
