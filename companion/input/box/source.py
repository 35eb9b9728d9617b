"""The USB button box (a Raspberry Pi Pico running ``firmware/``) as an input source.

``SerialBoxSource(sink)`` finds the box by USB VID:PID ``2E8A:0005`` (and its serial
number, if given) through ``serial.tools.list_ports``, or uses a configured ``port``
(``/dev/companion-box`` once the udev rule in ``firmware/udev/`` is installed). It opens
the port exclusively (advisory: ``exclusive=True`` is a ``flock``) and runs ONE daemon
reader thread that owns the connection:

- reads whatever arrived (``read(in_waiting or 1)``, 20 ms timeout) and hands it to a
  ``BoxLink`` (``link.py``): frames verified, corrupt ones dropped and counted,
  events de-duplicated by (boot id, seq), box time mapped to ``time.monotonic_ns()``
  (``clock.py``), ``Press`` / ``Stuck`` / ``Unstuck`` put on the sink. The thread
  only enqueues; nothing else happens to the sink.
- writes what the link wants sent (``ACK``, ``HI``) and a ``PING`` every
  ``ClockMap.ping_interval_ns`` (20 ms for the first 10 s of a boot, then 100 ms).
- on an unplug (``SerialException`` / ``OSError``: a vanished device, a closed pty) or
  ``SILENCE_NS`` without a single frame, closes the port, says so in ``status``, and
  tries again after ``BACKOFF_S`` (50 ms, growing to 2 s). On reconnect it sends ``HI``:
  the box answers HELLO and re-sends every event not yet acknowledged, so nothing is
  lost and the copies of what did arrive are dropped.

Status: ``status`` is a ``BoxStatus`` snapshot (state, port, boot, a message for the
screen, reconnect count) that the UI POLLS, like the doctor reads counters; a
``on_status`` callback, if given, is also called with each new status from the reader
thread (it must only enqueue). Status is not put on the event sink: the sink carries
``InputEvent`` only.

LEDs: ``set_led(control, rgb)`` and ``show_leds({control: rgb})`` keep the wanted colours
and write them to the box when connected, again after each reconnect (a rebooted box
starts dark). ``light_only(control)`` lights one button, e.g. the first slapper's.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Self, TypeAlias

import serial
from serial.tools import list_ports

from companion.errors import ConfigError, DeviceError
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink, LinkCounters
from companion.input.box.protocol import led, leds
from companion.input.box.table import table_id
from companion.input.debounce import ControlStats, SinkLike, as_sink
from companion.input.events import InputEvent, Press, Stuck
from companion.input.pinmap import Profile
from companion.words import Figure, Words, error_reason, joined, say

log = logging.getLogger(__name__)

VID: Final = 0x2E8A
PID: Final = 0x0005
BAUD: Final = 115_200  # USB CDC ignores it
READ_TIMEOUT_S: Final = 0.02
WRITE_TIMEOUT_S: Final = 0.5
BACKOFF_S: Final = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0)
SILENCE_NS: Final = 3_000_000_000
"""No frame for 3 s (heartbeats come every 0.5 s) on an open port: ask HI, then reopen."""
FIRST_SLAPPER_RGB: Final = 0x00FF00
_SERIAL_REASONS: Final = {
    "device reports readiness to read but returned no data": say(
        "the port went silent (the box unplugged, or another program reading it?)"
    ),
    "read failed": say("reading the port failed (the box unplugged?)"),
    "write failed": say("writing to the port failed (the box unplugged?)"),
    "Could not exclusively lock port": say("another program has the port open"),
}
"""The serial library's errors a person meets, by how their text begins."""

BoxState: TypeAlias = Literal["searching", "connecting", "connected", "gone", "closed"]
Clock: TypeAlias = Callable[[], int]
OpenPort: TypeAlias = Callable[[str], Any]


@dataclass(frozen=True, slots=True)
class BoxStatus:
    """The link as the screen shows it. ``message`` is one sentence for a person
    (``Words``: a screen shows it in its language)."""

    state: BoxState
    since_ns: int
    message: str
    port: str | None = None
    boot: str | None = None
    firmware: str | None = None
    reconnects: int = 0
    """Times the box came back after being gone."""

    @property
    def is_connected(self) -> bool:
        return self.state == "connected"


def list_boxes() -> list[Any]:
    """Serial ports that look like a Pico running MicroPython (2E8A:0005)."""
    return [p for p in list_ports.comports() if p.vid == VID and p.pid == PID]


def find_box(serial_number: str | None = None) -> tuple[str, str]:
    """(device path, USB serial number) of the box; ``DeviceError`` saying what was found."""
    boxes = list_boxes()
    if serial_number is not None:
        boxes = [p for p in boxes if (p.serial_number or "").upper() == serial_number.upper()]
    if len(boxes) == 1:
        return boxes[0].device, boxes[0].serial_number or "unknown"
    if not boxes:
        raise DeviceError(_no_box(serial_number, list_boxes()))
    listed = joined(
        ", ",
        (say("{port} (serial {serial})", port=p.device, serial=p.serial_number) for p in boxes),
    )
    raise DeviceError(
        say(
            "{count} Picos on USB: {listed}. Fix: give the box's serial number ({option}) "
            "or its port",
            count=len(boxes),
            listed=listed,
            option="serial_number=...",
        )
    )


def _no_box(serial_number: str | None, found: list[Any]) -> Words:
    """No box (with ``serial_number``) among the Picos ``found``: what to check."""
    others: object = say("none")
    if found:
        others = ", ".join(f"{p.device} ({p.serial_number})" for p in found)
    values = {
        "usb_id": "2E8A:0005",
        "found": others,
        "command": "`lsusb`",
        "lsusb_id": "2e8a:0005",
        "readme": "firmware/README.md",
    }
    if serial_number:
        return say(
            "no button box with serial number {serial} on USB ({usb_id} found: {found}). "
            "Fix: plug it in; check {command} shows {lsusb_id}; see {readme}",
            serial=serial_number,
            **values,
        )
    return say(
        "no button box on USB ({usb_id} found: {found}). Fix: plug it in; check {command} "
        "shows {lsusb_id}; see {readme}",
        **values,
    )


def _default_open(path: str) -> Any:
    return serial.Serial(
        path,
        baudrate=BAUD,
        timeout=READ_TIMEOUT_S,
        write_timeout=WRITE_TIMEOUT_S,
        exclusive=True,
    )


def _rgb(value: int | tuple[int, int, int]) -> int:
    if isinstance(value, tuple):
        r, g, b = value
        if not all(0 <= c <= 255 for c in value):
            raise ConfigError(f"colour channels must be 0-255, got {value}")
        return (r << 16) | (g << 8) | b
    if not 0 <= value <= 0xFFFFFF:
        raise ConfigError(f"colour must be 0xRRGGBB, got {value:#x}")
    return value


class _Lost(Exception):
    """The connection is gone (unplug, silence); the message says why."""


class SerialBoxSource:
    """Presses from the USB button box. See the module docstring."""

    timestamps: Final = "hardware"

    def __init__(
        self,
        sink: SinkLike,
        *,
        port: str | None = None,
        serial_number: str | None = None,
        profile: Profile | None = None,
        clock: Clock = time.monotonic_ns,
        on_status: Callable[[BoxStatus], None] | None = None,
        open_port: OpenPort = _default_open,
        backoff_s: Sequence[float] = BACKOFF_S,
        silence_ns: int = SILENCE_NS,
        clock_factory: Callable[[], ClockMap] = ClockMap,
        auto_start: bool = True,
    ) -> None:
        if profile is not None and profile.kind != "box":
            raise ConfigError(
                f"profile {profile.name!r} is a {profile.kind!r} profile; the serial box "
                "needs a 'box' profile. Fix: use --profile usb-box"
            )
        if not backoff_s or any(b <= 0 for b in backoff_s):
            raise ConfigError(f"backoff_s must be positive seconds, got {list(backoff_s)}")
        self.profile = profile
        self._sink = as_sink(sink)
        self._port_path = port
        self._serial_number = serial_number
        self._clock = clock
        self._on_status = on_status
        self._open_port = open_port
        self._backoff = tuple(backoff_s)
        self._silence_ns = silence_ns
        self._stop = threading.Event()
        self._write_lock = threading.Lock()
        self._state_lock = threading.Lock()
        self._port: Any = None
        self._colours: dict[str, int] = {}
        self._leds_dirty = False
        self._stats: dict[str, ControlStats] = {}
        expected = table_id(profile) if profile is not None else None
        self._link = BoxLink(
            self._deliver,
            serial=serial_number or "unknown",
            table_id=expected,
            clock_factory=clock_factory,
        )
        self._status = BoxStatus("searching", clock(), say("looking for the button box"))
        self._thread: threading.Thread | None = None
        if auto_start:
            self.start()

    def start(self) -> None:
        """Start the reader thread (the constructor does unless ``auto_start=False``)."""
        if self._thread is None and not self._stop.is_set():
            self._thread = threading.Thread(target=self._run, name="serial box", daemon=True)
            self._thread.start()

    # -- what the app reads ------------------------------------------------------------

    @property
    def status(self) -> BoxStatus:
        with self._state_lock:
            return self._status

    @property
    def source(self) -> str:
        """``box:<serial>:<boot id>``: the ``source`` of the presses of the current boot."""
        return self._link.source

    @property
    def counters(self) -> LinkCounters:
        return self._link.counters

    @property
    def warnings(self) -> tuple[str, ...]:
        """The link's warnings (``link.py``), after the status while the box is not found
        or gone (``Words``: a screen shows them in its language)."""
        found = list(self._link.warnings)
        status = self.status
        if status.state in ("searching", "gone"):
            found.insert(0, status.message)
        return tuple(found)

    @property
    def controls(self) -> tuple[str, ...]:
        if self.profile is not None:
            return tuple(self.profile.controls)
        hello = self._link.hello
        return () if hello is None else hello.controls

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    def stats(self) -> dict[str, ControlStats]:
        """Per control: presses, last press, stuck (the box debounces: bounces and
        glitches are counted on the box and not reported)."""
        with self._state_lock:
            known = dict(self._stats)
        return {c: known.get(c, ControlStats(c, "idle")) for c in self.controls}

    # -- LEDs --------------------------------------------------------------------------

    def set_led(self, control: str, rgb: int | tuple[int, int, int]) -> None:
        """Light ``control``'s button in ``rgb`` (0xRRGGBB or (r, g, b)); 0 is off."""
        value = _rgb(rgb)
        if self.profile is not None and control not in self.profile.leds:
            raise ConfigError(
                f"no LED for {control!r} in profile {self.profile.name!r}. "
                f"Fix: use one of {', '.join(self.profile.leds)}"
            )
        with self._state_lock:
            self._colours[control] = value
        index = self._link.leds_index(control)
        if index is not None:
            self._write_quietly(led(index, value))

    @property
    def led_colours(self) -> dict[str, int]:
        """The colour (0xRRGGBB) each lit button was last asked for."""
        with self._state_lock:
            return dict(self._colours)

    def show_leds(self, colours: Mapping[str, int | tuple[int, int, int]]) -> None:
        """Exactly these buttons lit, every other LED off."""
        values = {c: _rgb(v) for c, v in colours.items()}
        with self._state_lock:
            self._colours = values
            self._leds_dirty = True
        self._flush_leds()

    def light_only(self, control: str, rgb: int | tuple[int, int, int] = FIRST_SLAPPER_RGB) -> None:
        """Light one button (the first slapper's after a window), all others off."""
        self.show_leds({control: rgb})

    def _flush_leds(self) -> None:
        hello = self._link.hello
        if hello is None:
            return
        with self._state_lock:
            colours = [self._colours.get(c, 0) for c in hello.controls]
            self._leds_dirty = False
        if not self._write_quietly(leds(colours)):
            with self._state_lock:
                self._leds_dirty = True

    # -- the reader thread -------------------------------------------------------------

    def _deliver(self, event: InputEvent) -> None:
        with self._state_lock:
            old = self._stats.get(event.control, ControlStats(event.control, "idle"))
            if isinstance(event, Press):
                new = dataclasses.replace(old, presses=old.presses + 1, last_press_ns=event.t_ns)
            elif isinstance(event, Stuck):
                new = dataclasses.replace(old, state="stuck", stuck=old.stuck + 1)
            else:
                new = dataclasses.replace(old, state="idle")
            self._stats[event.control] = new
        self._sink(event)

    def _set_status(
        self, state: BoxState, message: str, *, comeback: bool = False, **fields: Any
    ) -> None:
        with self._state_lock:
            old = self._status
            if old.state == state and old.message == message:
                return
            reconnects = old.reconnects + int(state == "connected" and comeback)
            status = BoxStatus(state, self._clock(), message, reconnects=reconnects, **fields)
            self._status = status
        log.info("serial box: %s", message)
        if self._on_status is not None:
            self._on_status(status)

    def _locate(self) -> tuple[str, str]:
        if self._port_path is not None:
            return self._port_path, self._serial_number or self._port_path.rsplit("/", 1)[-1]
        return find_box(self._serial_number)

    def _run(self) -> None:
        try:
            self._connect_forever()
        except Exception as exc:  # a bug: say so on screen instead of dying silently
            log.exception("serial box: reader thread stopped")
            self._set_status(
                "gone", say("button box reader stopped by an error: {error}", error=repr(exc))
            )

    def _connect_forever(self) -> None:
        attempt = 0
        been_connected = False
        while not self._stop.is_set():
            try:
                path, serial_number = self._locate()
                self._link.serial = serial_number
                port = self._open_port(path)
            except (DeviceError, serial.SerialException, OSError) as exc:
                state: BoxState = "gone" if been_connected else "searching"
                self._set_status(
                    state,
                    say(
                        "button box not found: {error}; retrying",
                        error=error_reason(exc, _SERIAL_REASONS),
                    ),
                )
            else:
                connected = self._session(port, path, comeback=been_connected)
                been_connected = been_connected or connected
                attempt = 0 if connected else attempt
            delay = self._backoff[min(attempt, len(self._backoff) - 1)]
            attempt += 1
            self._stop.wait(delay)
        self._set_status("closed", say("button box closed"))

    def _session(self, port: Any, path: str, *, comeback: bool) -> bool:
        """Talk to the box until the link breaks; True if it got as far as HELLO."""
        with self._write_lock:
            self._port = port
        link = self._link
        link.reset_connection()
        connected = False
        self._set_status(
            "connecting",
            say("button box on {port}: waiting for {hello}", port=path, hello="HELLO"),
            port=path,
        )
        try:
            self._write(link.hi(self._clock()))
            next_ping = 0
            last_rx = self._clock()
            while not self._stop.is_set():
                now = self._clock()
                if now >= next_ping:
                    self._write(link.ping(self._clock()))
                    next_ping = now + link.next_ping_ns()
                data = port.read(port.in_waiting or 1)
                now = self._clock()
                if data:
                    link.feed(data, now)
                    last_rx = now
                for frame in link.take_outgoing():
                    self._write(frame)
                if not connected and link.ready and link.hello is not None:
                    connected = True
                    self._connected(path, comeback)
                if self._leds_dirty and connected:
                    self._flush_leds()
                self._check_silence(now - last_rx, now)
        except (serial.SerialException, OSError, _Lost) as exc:
            self._gone(path, exc)
        finally:
            with self._write_lock:
                self._port = None
            with contextlib.suppress(Exception):
                port.close()
        return connected

    def _connected(self, path: str, comeback: bool) -> None:
        hello = self._link.hello
        assert hello is not None
        with self._state_lock:
            self._leds_dirty = True
        about = {"port": path, "firmware": hello.firmware, "boot": hello.boot}
        message = (
            say("button box connected again on {port} (firmware {firmware}, boot {boot})", **about)
            if comeback
            else say("button box connected on {port} (firmware {firmware}, boot {boot})", **about)
        )
        self._set_status(
            "connected",
            message,
            port=path,
            boot=hello.boot,
            firmware=hello.firmware,
            comeback=comeback,
        )

    def _check_silence(self, quiet_ns: int, now: int) -> None:
        if quiet_ns >= 2 * self._silence_ns:
            raise _Lost(say("no frame for {seconds} s", seconds=Figure(quiet_ns / 1e9, 1)))
        if quiet_ns >= self._silence_ns:
            frame = self._link.ask_hello(now)
            if frame is not None:
                self._write(frame)

    def _gone(self, path: str, exc: BaseException) -> None:
        if self._stop.is_set():
            return
        self._set_status(
            "gone",
            say(
                "button box gone from {port} ({error}): reconnecting; presses are kept on "
                "the box until it is back",
                port=path,
                error=error_reason(exc, _SERIAL_REASONS),
            ),
            port=path,
        )

    def _write(self, frame: bytes) -> None:
        with self._write_lock:
            if self._port is None:
                raise _Lost(say("port closed"))
            self._port.write(frame)

    def _write_quietly(self, frame: bytes) -> bool:
        """Write from a caller's thread; False if not connected (sent on reconnect)."""
        try:
            self._write(frame)
        except (serial.SerialException, OSError, _Lost):
            return False
        return True

    # -- closing -----------------------------------------------------------------------

    def close(self) -> None:
        """Stop the reader thread and close the port. Safe to call twice."""
        self._stop.set()
        with self._write_lock:
            port = self._port
        if port is not None:
            with contextlib.suppress(Exception):
                port.cancel_read()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        status = self.status
        c = self._link.counters
        return (
            f"<SerialBoxSource {self.source} {status.state} port={status.port} "
            f"events={c.events} duplicates={c.duplicates} corrupt={c.corrupt + c.rejected} "
            f"reconnects={status.reconnects}>"
        )
