"""The input sources' warnings and statuses on screen in the screens' language (issue 19):
real sources make them (gpiozero's mock pins, the box over a real pseudo-terminal, the
link fed real frames); the banner across the top of every screen (``build_app``'s scene
stack) and the doctor show them with no word outside the catalogs (the pseudo-language of
tests/i18n/pseudo.py) and in German; the command line keeps their English."""

from __future__ import annotations

import os
import time
import tty
from collections.abc import Callable, Iterable, Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from companion import i18n
from companion.errors import DeviceError
from companion.i18n import said
from companion.input import gpio
from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.box.source import SerialBoxSource
from companion.input.box.table import table_id
from companion.input.events import InputEvent
from companion.input.gpio import GpioSource, open_factory
from companion.input.pinmap import Profile, load_profile
from companion.ui import widgets
from companion.ui.doctor import checks as doctor_checks
from companion.ui.doctor.command import doctor_model
from companion.ui.doctor.model import SourceReport
from companion.ui.doctor.scene import DoctorScene
from companion.ui.run import build_app
from companion.ui.sources import OpenedInput, open_input
from tests.i18n.pseudo import pseudo_language, untranslated
from tests.input.box.test_link import BOOT, HELLO, _ev, _pong, _ready
from tests.input.box.test_source import Collector, SimBox, open_source

SIZE = (800, 480)
MS = 1_000_000
FACTORIES = tuple(sorted(ep.name for ep in entry_points(group=gpio.FACTORY_GROUP)))
"""gpiozero's pin factories (an unknown one's warning lists them: names, not words)."""


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.fixture
def plain_mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[MockFactory]:
    """gpiozero's own mock factory (plain ``MockPin``s, no injected times) as its default."""
    factory = MockFactory(pin_class=MockPin)
    monkeypatch.setattr(Device, "pin_factory", factory)
    try:
        yield factory
    finally:
        factory.reset()
        factory.close()


# ---- helpers --------------------------------------------------------------------------------


def plain(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The drawn ``texts`` with a word that is not in the catalogs (``names``: the devices'
    identifiers and the commands to type, allowed; the longest taken out first, so that
    "firmware/" leaves "firmware/README.md" whole)."""
    return untranslated(texts, sorted(names, key=len, reverse=True))


def plain_words(messages: Iterable[object], names: Iterable[str] = ()) -> list[str]:
    """The ``messages`` as a screen says them in the pseudo-language, those with a word
    that is not in the catalogs (``names`` allowed)."""
    with pseudo_language():
        return plain([said(message) for message in messages], names)


def opened_device(device: Any, report: SourceReport) -> OpenedInput:
    """A source opened as ``companion.ui.sources`` opens it, for a source made here."""
    return OpenedInput(report, lambda event: False, device=device)


def banner_drawn(opened: OpenedInput, profile: Profile, tmp_path: Path) -> str:
    """The warning the banner of ``companion run``'s first screen says over the start menu
    (drawn whole, or its headline when too long for the strip)."""
    app = build_app(SIZE, games_dir=tmp_path, opened=opened, profile=profile)
    app.stack.update(time.monotonic_ns())
    assert app.stack.banner is not None, "no warning reached the banner"
    with widgets.recorded_text() as drawn:
        app.stack.draw(pygame.Surface(SIZE), time.monotonic_ns())
    whole = said(app.stack.banner)
    app.stack.close()
    shown = drawn[-1].words  # the banner is drawn over the scene, last
    assert shown == whole or whole.startswith(f"{shown}:"), (shown, whole)  # or its headline
    return whole


def doctor_drawn(opened: OpenedInput, profile: Profile) -> list[str]:
    """Every text of the doctor screen (as the start menu opens it) for ``opened``."""
    scene = DoctorScene(doctor_model(profile, opened.report, 0), opened.read_source)
    scene.update(time.monotonic_ns())
    with widgets.recorded_text() as drawn:
        scene.draw(pygame.Surface(SIZE), time.monotonic_ns())
    return [text.words for text in drawn]


def warning_line(texts: list[str]) -> str:
    """The doctor's footer warning (drawn last, wrapped over the screen's foot when long)."""
    found = [n for n, text in enumerate(texts) if text.startswith(("warning: ", "Warnung: "))]
    assert len(found) == 1, texts
    return " ".join(texts[found[0] :])


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.005)


# ---- GPIO pins --------------------------------------------------------------------------------


def test_plain_mock_pins_warn_in_the_banner_and_the_doctor(
    plain_mock_pins: MockFactory, tmp_path: Path
) -> None:
    profile = load_profile("gpio-dsi")
    names = ("MockPins", "--source sim", "mock", "gpio-dsi", "gpio")
    with open_input("gpio", profile, lambda event: None) as opened:
        (warning,) = opened.warnings
        assert warning == (
            "pin factory 'mock' with plain MockPins: presses are stamped when the callback ran, "
            "and nothing presses these pins. Fix: use --source sim (simulated pins driven by "
            "the keyboard)"
        )
        with pseudo_language():
            banner = banner_drawn(opened, profile, tmp_path)
            doctor = doctor_drawn(opened, profile)
            assert banner == said(warning) != warning
        assert plain([banner], names) == []
        assert plain(doctor, names) == []
        i18n.set_language("de")
        try:
            banner = banner_drawn(opened, profile, tmp_path)
            footer = warning_line(doctor_drawn(opened, profile))
        finally:
            i18n.set_language("en")
    assert banner.startswith("GPIO-Treiber 'mock' mit einfachen MockPins: Drücke werden")
    assert footer == f"Warnung: {banner}"


def test_a_fallback_from_an_unknown_factory_is_said_in_the_language(
    monkeypatch: pytest.MonkeyPatch, german: None
) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(gpio, "DEFAULT_ORDER", ("nosuch", "mock"))
    with GpioSource(load_profile("gpio-dsi"), lambda event: None, auto_advance=False) as source:
        fell_back, plain_pins = source.warnings
    assert fell_back.startswith("fell back from nosuch: unknown pin factory 'nosuch'. Fix: use")
    assert (
        plain_words([fell_back, plain_pins], ("nosuch", "MockPins", "--source sim", *FACTORIES))
        == []
    )
    assert said(fell_back).startswith("Ersatz für nosuch: unbekannter GPIO-Treiber 'nosuch'")


def test_a_stopped_debounce_timer_shows_in_the_banner(
    pin_factory: Any, tmp_path: Path, german: None
) -> None:
    broken = False

    def clock() -> int:
        if broken:
            raise RuntimeError("clock broke")
        return 0

    profile = load_profile("gpio-dsi")
    with GpioSource(profile, lambda event: None, pin_factory=pin_factory, clock=clock) as source:
        broken = True
        source.pin("nav.select").press(1 * MS)  # wakes the timer, which reads the clock
        assert source._timer is not None
        source._timer.join(timeout=10)
        opened = opened_device(source, SourceReport("gpio", "mock", source.timestamps))
        banner = banner_drawn(opened, profile, tmp_path)
        (warning,) = source.warnings
    assert warning == "debounce timer stopped: presses are no longer confirmed"
    assert banner == "Entprell-Timer gestoppt: Drücke werden nicht mehr bestätigt"
    assert plain_words([warning]) == []


def test_no_pin_factory_at_all_fails_the_doctor_check_in_the_language(
    monkeypatch: pytest.MonkeyPatch, german: None
) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpio, "DEFAULT_ORDER", ("nosuch",))
    with pytest.raises(DeviceError) as caught:
        open_factory()
    check = doctor_checks.check_factory_failed("gpio", caught.value)
    assert check.line().startswith(
        "  FAIL pin factory: did not open: no GPIO pin factory could be opened (nosuch: unknown "
        "pin factory 'nosuch'. Fix: use one of "
    ), "the command line stays English"
    assert said(check.detail).startswith(
        "ließ sich nicht öffnen: kein GPIO-Treiber ließ sich öffnen (nosuch: unbekannter "
    )
    commands = ("nosuch", "lgpio", "pip install 'companion[pi]'", "--source sim", *FACTORIES)
    assert plain_words([check.detail], commands) == []


# ---- the button box over a real pseudo-terminal ------------------------------------------------


class FakeBox:
    """The box's end of a real pseudo-terminal, writing the frames a test gives it (the
    host's end is the serial port the source opens)."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)

    def send(self, *frames: bytes) -> None:
        os.write(self.master, b"".join(frames))

    def drain(self) -> None:
        """Read what the host wrote (HI, PING), so the terminal's buffer never fills."""
        try:
            while os.read(self.master, 4096):
                pass
        except BlockingIOError:
            pass

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)


def test_the_links_warnings_from_real_frames_in_the_banner_and_the_doctor(
    tmp_path: Path,
) -> None:
    profile = load_profile("usb-box")
    box = FakeBox()
    sink = Collector()
    source = SerialBoxSource(
        sink.put,
        port=box.port,
        profile=profile,
        on_status=sink.status,
        silence_ns=60_000_000_000,
    )
    try:
        sink.wait_for(lambda: source.status.state == "connecting")  # the port is open
        hello = proto.Hello(1, "0.1.0", BOOT, "E661", "00000000", tuple(profile.controls))
        box.send(
            proto.hello(hello),
            b"@EV " + BOOT.encode() + b" 1 P 3 99 00000000\n",  # a bad CRC: corrupt
            proto.heartbeat(proto.Heartbeat(BOOT, 10, 0, 0, 0, 1, 3)),
            proto.encode("ERR crash RuntimeError_boom"),
        )

        def all_came() -> bool:
            box.drain()
            return len(source.warnings) == 5

        wait_until(all_came)
        warnings = source.warnings
        opened = opened_device(source, SourceReport("box", "-", source.timestamps))
        with pseudo_language():
            banner = banner_drawn(opened, profile, tmp_path)
            doctor = doctor_drawn(opened, profile)
        i18n.set_language("de")
        try:
            german_banner = banner_drawn(opened, profile, tmp_path)
            german_doctor = warning_line(doctor_drawn(opened, profile))
            german_all = [said(warning) for warning in warnings]
        finally:
            i18n.set_language("en")
    finally:
        source.close()
        box.close()
    assert warnings == (
        f"the box's input table 00000000 is not this pin map's {table_id(profile)}: its firmware "
        "was made from another wiring. Fix: run python -m companion.input.box.table and copy "
        "firmware/ to the box (firmware/README.md)",
        "1 corrupt frame dropped (a bad cable or USB hub?)",
        "the box's sampler ring overran: 3 sample pairs lost (edges in them may be missed)",
        "the box dropped 1 bad frame from the host",
        "the box sent 1 error, the last: crash RuntimeError_boom (firmware/PROTOCOL.md, ERR)",
    )
    names = (
        "00000000",
        table_id(profile),
        "python -m companion.input.box.table",
        "firmware/README.md",
        "firmware/",
        "crash RuntimeError_boom",
        "firmware/PROTOCOL.md, ERR",
    )
    assert plain_words(warnings, names) == []
    assert plain([banner, *doctor], (*names, "usb-box", "box")) == []
    assert (
        german_banner
        == "die Box meldete 1 Fehler, zuletzt: crash RuntimeError_boom (firmware/PROTOCOL.md, ERR)"
    )
    assert german_doctor == f"Warnung: {german_banner}"
    assert german_all[1] == "1 defekter Frame verworfen (schlechtes Kabel oder USB-Hub?)"
    assert "Eingangstabelle 00000000" in german_all[0]


def not_found_banners(port: str | None, tmp_path: Path) -> tuple[str, str, str]:
    """The source's first warning once it found no box (at ``port``, or on USB), and the
    banner that shows it, in the pseudo-language and in German."""
    profile = load_profile("usb-box")
    sink = Collector()
    source = SerialBoxSource(sink.put, port=port, profile=profile, on_status=sink.status)
    try:
        sink.wait_for(lambda: any("not found" in status.message for status in sink.statuses))
        opened = opened_device(source, SourceReport("box", "-", source.timestamps))
        with pseudo_language():
            pseudo_banner = banner_drawn(opened, profile, tmp_path)
        i18n.set_language("de")
        try:
            german_banner = banner_drawn(opened, profile, tmp_path)
        finally:
            i18n.set_language("en")
        return source.warnings[0], pseudo_banner, german_banner
    finally:
        source.close()


def test_no_box_on_usb_says_so_in_the_banner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: [])
    english, pseudo_banner, german_banner = not_found_banners(None, tmp_path)
    assert english == (
        "button box not found: no button box on USB (2E8A:0005 found: none). Fix: plug it in; "
        "check `lsusb` shows 2e8a:0005; see firmware/README.md; retrying"
    )
    assert plain([pseudo_banner], ("2E8A:0005", "`lsusb`", "2e8a:0005", "firmware/README.md")) == []
    assert german_banner.startswith(
        "Knopfbox nicht gefunden: keine Knopfbox am USB (2E8A:0005 gefunden: keine)"
    )


def test_a_port_that_is_not_there_says_so_in_the_banner(tmp_path: Path) -> None:
    port = str(tmp_path / "companion-box")
    english, pseudo_banner, german_banner = not_found_banners(port, tmp_path)
    assert english.startswith("button box not found: [Errno 2] could not open port ")
    assert plain([pseudo_banner]) == []
    assert german_banner == (
        "Knopfbox nicht gefunden: Datei oder Ordner nicht vorhanden; neuer Versuch"
    )


def test_a_box_unplugged_and_its_statuses_are_said_in_the_language(
    tmp_path: Path, german: None
) -> None:
    link = tmp_path / "companion-box"
    sim = SimBox(link, "--drift-ppm", "100")
    sink = Collector()
    try:
        with open_source(link, sink) as source:
            sink.wait_for(lambda: source.status.is_connected)
            boot = source.status.boot
            opened = opened_device(source, SourceReport("box", "-", source.timestamps))
            assert sim.ask("unplug") == "unplugged"
            sink.wait_for(lambda: source.status.state == "gone")
            banner = banner_drawn(opened, load_profile("usb-box"), tmp_path)
            not_there = doctor_checks.check_box(
                doctor_checks.Host(root=tmp_path, wait_s=0), lambda: source.status, None
            )[-1]
    finally:
        sim.close()
    assert banner.startswith("Knopfbox ")
    assert banner.endswith(("Drücke bleiben in der Box, bis sie wieder da ist", "neuer Versuch"))
    gone = next(status.message for status in sink.statuses if status.state == "gone")
    assert gone.startswith(f"button box gone from {link} (")
    assert said(gone).startswith(f"Knopfbox an {link} getrennt (")
    assert said(gone).endswith("): verbinde neu; Drücke bleiben in der Box, bis sie wieder da ist")
    assert not_there.line().startswith("  FAIL button box: not connected (button box ")
    assert said(not_there.detail).startswith("nicht verbunden (Knopfbox ")
    states = {status.state for status in sink.statuses}
    assert states == {"connecting", "connected", "gone", "closed"}
    messages = [status.message for status in sink.statuses] + [not_there.detail]
    assert plain_words(messages, (str(link), "HELLO", str(boot))) == []


# ---- the link's clock ------------------------------------------------------------------------


def test_a_jump_of_the_box_clock_and_lost_events_are_said_in_the_doctor(german: None) -> None:
    """The link fed the frames of a box whose clock jumped (tests/input/box/test_link.py),
    then a heartbeat saying it dropped events from its ring."""
    out: list[InputEvent] = []
    link = BoxLink(out.append, serial="S1", clock_factory=lambda: ClockMap(lock_samples=4, block=1))
    link.feed(proto.hello(HELLO), 0)
    for k in range(4):
        _pong(link, k * 20 * MS, k * 20 * MS + 100_000, k * 20 * MS + 200_000)
    for k in range(4, 7):  # 1 s ahead
        _pong(link, k * 20 * MS, k * 20 * MS + 100_000 + 1000 * MS, k * 20 * MS + 200_000)
    jumped = link.warnings
    _pong(link, 140 * MS, 1_140 * MS + 100_000, 140 * MS + 200_000)
    link.feed(_ev(0, t=1_130 * MS) + _ev(1, t=1_070 * MS) + _ev(2, t=1_500 * MS), 150 * MS)
    link.feed(proto.heartbeat(proto.Heartbeat(BOOT, 160 * MS, 10, 5, 2, 0, 0)), 160 * MS)
    later = link.warnings
    assert jumped == ("the box's clock jumped: presses wait until its time is mapped again (2 s)",)
    assert later == (
        "2 events lost: the box's ring overflowed while unread",
        "1 press stamped while the box's clock jumped: its time may be off",
    )
    assert plain_words([*jumped, *later]) == []
    assert [said(warning) for warning in later] == [
        "2 Ereignisse verloren: der Puffer der Box lief ungelesen über",
        "1 Druck gestempelt, als die Uhr der Box sprang: seine Zeit kann falsch sein",
    ]
    scene = DoctorScene(
        doctor_model(load_profile("usb-box"), SourceReport("box", "-", "hardware"), 0),
        lambda: ({}, jumped),
    )
    scene.update(0)
    with widgets.recorded_text() as drawn:
        scene.draw(pygame.Surface(SIZE), 0)
    assert warning_line([text.words for text in drawn]) == (
        "Warnung: die Uhr der Box ist gesprungen: Drücke warten, bis ihre Zeit wieder "
        "umgerechnet ist (2 s)"
    )


def test_the_command_line_keeps_the_english(german: None) -> None:
    """A warning printed (``companion run``, ``companion doctor``) is its English whatever
    the screens' language."""
    link = BoxLink(lambda event: None, serial="S1", table_id="00000000")
    _ready(link)
    (warning,) = link.warnings
    assert f"warning: {warning}".startswith("warning: the box's input table 2220C526 is not")
    assert said(warning).startswith("die Eingangstabelle 2220C526 der Box")


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_a_long_warning_is_never_cut_the_banner_says_what_happened_the_doctor_all(
    german: None, size: tuple[int, int], tmp_path: Path
) -> None:
    profile = load_profile("usb-box")
    sink = Collector()
    source = SerialBoxSource(sink.put, port=None, profile=profile, on_status=sink.status)
    try:
        sink.wait_for(lambda: any("not found" in status.message for status in sink.statuses))
        opened = opened_device(source, SourceReport("box", "-", source.timestamps))
        app = build_app(size, games_dir=tmp_path, opened=opened, profile=profile)
        app.stack.update(time.monotonic_ns())
        doctor = DoctorScene(doctor_model(profile, opened.report, 0), opened.read_source)
        doctor.update(time.monotonic_ns())
        with widgets.recorded_text() as on_menu:
            app.stack.draw(pygame.Surface(size), time.monotonic_ns())
        with widgets.recorded_text() as on_doctor:
            doctor.draw(pygame.Surface(size), time.monotonic_ns())
        whole = said(source.warnings[0])
        app.stack.close()
    finally:
        source.close()
    assert whole.startswith("Knopfbox nicht gefunden: ")
    banner = on_menu[-1]
    assert not banner.cut_short and banner.drawn_px >= banner.floor_px
    assert banner.words == "Knopfbox nicht gefunden"  # what happened; the doctor says all
    assert not [text.words for text in on_doctor if text.cut_short]
    assert warning_line([text.words for text in on_doctor]) == f"Warnung: {whole}"
