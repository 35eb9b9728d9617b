# Framing, shared with the host (companion/input/box/protocol.py). Pure: runs under
# MicroPython on the box and under CPython in the tests.
#
# One frame per line:  "@" BODY " " CRC "\n"
#   BODY: printable ASCII, fields separated by single spaces, first field the type.
#   CRC:  CRC-32 (IEEE 802.3, the one zlib and binascii compute) of BODY, as 8
#         upper-case hex digits. The host accepts "\r\n" too.
# The protocol is in PROTOCOL.md beside this file.
from micropython import const

PROTO = const(1)
FW_VERSION = "0.1.0"
RX_MAX = const(320)  # longest frame the box accepts (LEDS with 24 pixels is ~190)

try:
    from binascii import crc32 as _c_crc32  # C code: CPython, and MicroPython builds with it

    HAVE_C_CRC32 = True
except ImportError:  # pragma: no cover - MicroPython without binascii.crc32
    HAVE_C_CRC32 = False

_table = None


def _make_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
        table.append(c)
    return table


def crc32_py(data):
    # Table-driven CRC-32, for MicroPython builds without binascii.crc32.
    global _table
    if _table is None:
        _table = _make_table()
    t = _table
    c = 0xFFFFFFFF
    for b in data:
        c = t[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def crc32(data):
    if HAVE_C_CRC32:
        return _c_crc32(data) & 0xFFFFFFFF
    return crc32_py(data)


def encode(body):
    # body: str (ASCII). Returns the whole frame as bytes, newline included.
    raw = body.encode()
    return b"@" + raw + b" " + ("%08X" % crc32(raw)).encode() + b"\n"


def decode(line):
    # line: bytes without its "\n" (a trailing "\r" is allowed). Returns the body
    # (bytes) if the frame is well formed and its CRC matches, else None.
    n = len(line)
    if n and line[n - 1] == 13:
        n -= 1
        line = line[:n]
    if n < 11 or line[0] != 64 or line[n - 9] != 32:
        return None
    body = line[1 : n - 9]
    if ("%08X" % crc32(body)).encode() != line[n - 8 :]:
        return None
    return body


class LineReader:
    # Splits incoming bytes into lines, dropping any line longer than ``limit``
    # (counted in ``overlong``). ``feed`` calls ``on_line(bytes)`` for each line.

    def __init__(self, limit=RX_MAX):
        self.limit = limit
        self.buf = bytearray()
        self.skipping = False
        self.overlong = 0

    def feed(self, data, on_line):
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                break
            if self.skipping:
                self.skipping = False
            else:
                self.buf.extend(data[start:end])
                if len(self.buf) <= self.limit:
                    on_line(bytes(self.buf))
                else:
                    self.overlong += 1
            self.buf = bytearray()
            start = end + 1
        if not self.skipping:
            self.buf.extend(data[start:])
            if len(self.buf) > self.limit:
                self.overlong += 1
                self.skipping = True
                self.buf = bytearray()
