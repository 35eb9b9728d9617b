"""On the real build: the pin factory, the buttons at rest, a loopback press, the LEDs,
the display, the USB box and the boot service. See conftest.py for how to run it.

Loopback (optional): a jumper WITH A 1 kOhm RESISTOR from a spare output pin to one
button's pin, that button not pressed during the test: set
``COMPANION_LOOPBACK=<output BCM>:<control>`` (e.g. ``4:red.chief`` on a build that
leaves BCM 4 free). The test drives the output low and checks the press arrives with a
kernel edge timestamp taken between the two moments around the drive.
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
import time

import pytest

from companion.input.box.source import BoxStatus
from companion.input.events import InputEvent, Press
from companion.input.pinmap import Profile
from companion.ui.doctor import checks as doctor_checks

pytestmark = pytest.mark.hardware


def _gpio_only(profile: Profile) -> None:
    if profile.kind != "gpio":
        pytest.skip(f"profile {profile.name} has no buttons on the Pi's GPIO")


def _service_state() -> str:
    if shutil.which("systemctl") is None:
        return "unknown"
    done = subprocess.run(
        ["systemctl", "is-active", "companion"], check=False, capture_output=True, text=True
    )
    return done.stdout.strip()


@pytest.fixture(autouse=True)
def _service_stopped() -> None:
    if _service_state() == "active":
        pytest.skip("companion.service is running: sudo systemctl stop companion first")


def test_lgpio_loads_with_kernel_edge_timestamps(profile: Profile) -> None:
    _gpio_only(profile)
    from companion.input.gpio import GpioSource

    with GpioSource(profile, queue.SimpleQueue[InputEvent]()) as source:
        assert source.factory_name == "lgpio", source.warnings
        assert source.timestamps == "hardware"


def test_every_button_is_released_at_rest(profile: Profile) -> None:
    """Each pin reads high with its pull-up: no button stuck, no wire shorted to GND."""
    _gpio_only(profile)
    from gpiozero.pins.lgpio import LGPIOFactory

    factory = LGPIOFactory()
    try:
        held = []
        for control, bcm in profile.controls.items():
            pin = factory.pin(bcm)
            pin.function = "input"
            pin.pull = "up"
            if pin.state != 1:
                held.append(f"{control} (BCM {bcm})")
            pin.close()
    finally:
        factory.close()
    assert not held, f"reads pressed at rest: {', '.join(held)}: a wire touching GND, or NC wired"


def test_a_loopback_press_carries_its_kernel_timestamp(profile: Profile) -> None:
    _gpio_only(profile)
    wiring = os.environ.get("COMPANION_LOOPBACK")
    if not wiring:
        pytest.skip("no loopback wired: set COMPANION_LOOPBACK=<output BCM>:<control>")
    out_text, _, control = wiring.partition(":")
    from gpiozero import DigitalOutputDevice
    from gpiozero.pins.lgpio import LGPIOFactory

    from companion.input.gpio import GpioSource

    factory = LGPIOFactory()
    events: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
    drive = DigitalOutputDevice(int(out_text), initial_value=True, pin_factory=factory)
    try:
        with GpioSource(profile, events, pin_factory=factory) as source:
            assert not source.is_pressed(control), f"{control} reads pressed before the drive"
            before = time.monotonic_ns()
            drive.off()
            after = time.monotonic_ns()
            press = events.get(timeout=1.0)
            drive.on()
    finally:
        drive.close()
        factory.close()
    assert isinstance(press, Press) and press.control == control
    assert before <= press.t_ns <= after + 1_000_000, (before, press.t_ns, after)


def test_the_leds_light_in_turn(profile: Profile) -> None:
    """Watch them: the doctor lights each LED alone for half a second, in the profile's
    order (tests/ui/doctor/test_checks.py checks the order on mock pins)."""
    _gpio_only(profile)
    from companion.input.gpio import GpioSource

    with GpioSource(profile, queue.SimpleQueue[InputEvent]()) as source:
        lines = doctor_checks.light_leds_in_turn(source, profile)
        assert len(lines) == len(profile.leds)
        assert not any(led.is_lit for led in source.leds.values())


def test_the_display_opens_fullscreen_at_the_panel_size(profile: Profile) -> None:
    displays = doctor_checks.connected_displays(doctor_checks.Host())
    if not displays:
        pytest.skip("no DRM display connected")
    code = (
        "import pygame; pygame.display.init(); "
        "s = pygame.display.set_mode((0, 0), pygame.FULLSCREEN); "
        "print('%dx%d' % s.get_size())"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "kmsdrm", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    want = doctor_checks.DISPLAY_SIZES.get(profile.display)
    if want is not None:
        assert done.stdout.strip() == want


def test_the_box_connects_with_this_firmware_and_lights_each_button(profile: Profile) -> None:
    from companion.input.box.source import SerialBoxSource, list_boxes

    if profile.kind != "box" or not list_boxes():
        pytest.skip("no button box plugged in (or not the usb-box profile)")
    connected = threading.Event()

    def on_status(status: BoxStatus) -> None:
        if status.is_connected:
            connected.set()

    events: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
    with SerialBoxSource(events, profile=profile, on_status=on_status) as box:
        assert connected.wait(timeout=5), box.status.message
        assert box.status.firmware == doctor_checks.expected_firmware()
        # watch them: the doctor lights each button alone for half a second
        lines = doctor_checks.light_leds_in_turn(box, profile)
        assert len(lines) == len(profile.leds)


def test_the_boot_service_is_enabled() -> None:
    if shutil.which("systemctl") is None:
        pytest.skip("no systemctl")
    done = subprocess.run(
        ["systemctl", "is-enabled", "companion"], check=False, capture_output=True, text=True
    )
    assert done.stdout.strip() == "enabled", "run sudo hardware/pi/install.sh --profile ..."
