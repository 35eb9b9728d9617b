"""The doctor's checks of the whole build: ``companion doctor --text`` on the Pi.

Each check reads one thing (the pin factory that loaded, the working directory, the
user's groups, the display's mode, the boot service, the button box and its firmware) and
says OK, WARN or FAIL; a WARN or FAIL always says what to check. The system is reached
through a ``Host`` so that tests can hand in a fake sysfs tree and a fake ``systemctl``.

Only the real hardware sources (``--source gpio``, ``--source box``) are checked: the
simulated and keyboard sources get one line saying so.
"""

from __future__ import annotations

import fcntl
import grp
import os
import re
import shutil
import struct
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, Protocol

from companion.input.pinmap import Profile
from companion.words import error_reason, say

State = Literal["ok", "warn", "fail", "skip"]
ROOT: Final = Path(__file__).resolve().parents[3]
GROUPS: Final = {
    "gpio": ("gpio",),
    "box": ("dialout",),
    "display": ("video", "render", "input"),
}
DISPLAY_SIZES: Final[Mapping[str, str]] = {"dsi": "800x480", "spi35": "480x320"}
UDEV_RULE: Final = "etc/udev/rules.d/99-companion-box.rules"
SERVICE: Final = "etc/systemd/system/companion.service"
BOX_WAIT_S: Final = 2.0
Runner = Callable[[Sequence[str]], tuple[int, str]]


class SourceInfo(Protocol):
    """What the doctor knows about its input source (``SourceReport``)."""

    @property
    def source(self) -> str: ...

    @property
    def factory(self) -> str: ...

    @property
    def timestamps(self) -> str: ...


class BoxInfo(Protocol):
    """The button box's link state (``BoxStatus``)."""

    @property
    def is_connected(self) -> bool: ...

    @property
    def firmware(self) -> str | None: ...

    @property
    def message(self) -> str: ...


@dataclass(frozen=True)
class Check:
    """One check's verdict. A ``detail`` made from an error or a source's status is
    ``Words`` (a screen shows it in its language); ``line`` prints the English."""

    name: str
    state: State
    detail: str
    fix: str = ""

    def line(self) -> str:
        fix = f" Check: {self.fix}" if self.fix and self.state in ("warn", "fail") else ""
        return f"  {self.state.upper():<4} {self.name}: {self.detail}.{fix}"


def _run_command(command: Sequence[str]) -> tuple[int, str]:
    if shutil.which(command[0]) is None:
        return 127, ""
    try:
        done = subprocess.run(list(command), check=False, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        return 126, ""
    return done.returncode, done.stdout.strip()


def _own_groups() -> frozenset[str]:
    names = set()
    for gid in os.getgroups():
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return frozenset(names)


GPIO_GET_CHIPINFO_IOCTL: Final = 0x8044B401
"""The GPIO character device's chip-info request (linux/gpio.h): name[32], label[32],
lines (u32)."""


def read_chip_info(path: Path) -> tuple[str, int] | None:
    """The label and line count of the GPIO chip device ``path`` (``/dev/gpiochip0``), asked
    of the kernel; None when it cannot be opened or asked (no permission, not a chip)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        raw = fcntl.ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, bytes(68))
    except OSError:
        return None
    finally:
        os.close(fd)
    _name, label, lines = struct.unpack("32s32sI", raw)
    return label.split(b"\0", 1)[0].decode(errors="replace"), lines


@dataclass(frozen=True)
class Host:
    """The system the checks read; the defaults are this machine."""

    root: Path = Path("/")
    cwd: Path = field(default_factory=Path.cwd)
    groups: frozenset[str] = field(default_factory=_own_groups)
    is_root: bool = field(default_factory=lambda: os.geteuid() == 0)
    run: Runner = _run_command
    wait_s: float = BOX_WAIT_S
    chip_info: Callable[[Path], tuple[str, int] | None] = read_chip_info


# ---- the checks -----------------------------------------------------------------------


def check_factory(report: SourceInfo) -> Check:
    if report.source == "box":
        ok = report.timestamps == "hardware"
        return Check(
            "timestamps",
            "ok" if ok else "warn",
            f"the box stamps presses ({report.timestamps})",
            "the box's firmware version (below).",
        )
    if report.factory == "lgpio" and report.timestamps == "hardware":
        return Check("pin factory", "ok", "lgpio, kernel edge timestamps")
    return Check(
        "pin factory",
        "fail" if report.factory in ("-", "mock") else "warn",
        f"{report.factory}, timestamps are {report.timestamps} times, not kernel edge times "
        "(near-ties may be misordered)",
        "that lgpio is installed in .venv (`.venv/bin/pip install -e '.[pi]'`; "
        "hardware/pi/install.sh does it), that this directory is writable (lgpio writes "
        "its pipe here, or set LG_WD), and that no other program holds the pins.",
    )


def check_factory_failed(source: str, error: BaseException) -> Check:
    """The input source did not open at all (no pin factory, no box): the other checks
    still run, since they often say why."""
    what = "pin factory" if source == "gpio" else "button box"
    return Check(
        what,
        "fail",
        say("did not open: {error}", error=error_reason(error)),
        "the checks below (groups, working directory, GPIO chips), and that no other program "
        "holds the pins or the port.",
    )


def check_gpio_chips(host: Host) -> Check:
    """The GPIO chips and their labels: the header's pins are on the chip labelled
    ``pinctrl-bcm2711``/``pinctrl-bcm2835`` (Pi 4 and earlier) or ``pinctrl-rp1`` (Pi 5,
    gpiochip4 on older kernels, gpiochip0 on newer ones)."""
    chips = sorted((host.root / "dev").glob("gpiochip*"), key=lambda p: (len(p.name), p.name))
    if not chips:
        return Check(
            "GPIO chips",
            "fail",
            f"no {host.root / 'dev' / 'gpiochip*'}: no GPIO character device",
            "a Raspberry Pi with Raspberry Pi OS (the gpio-cdev driver).",
        )
    shown, unreadable = [], []
    for chip in chips:
        info = host.chip_info(chip)
        if info is None:
            unreadable.append(chip.name)
        else:
            shown.append(f"{chip.name} {info[0]} ({info[1]} lines)")
    if not shown:
        return Check(
            "GPIO chips",
            "fail",
            f"{', '.join(unreadable)} cannot be read",
            "membership of the gpio group (groups, above).",
        )
    unread = f"; {', '.join(unreadable)} unreadable" if unreadable else ""
    return Check("GPIO chips", "ok", f"{', '.join(shown)}{unread}")


def check_working_dir(host: Host) -> Check:
    if os.access(host.cwd, os.W_OK):
        return Check("working directory", "ok", f"{host.cwd} is writable (lgpio's pipe)")
    return Check(
        "working directory",
        "fail",
        f"{host.cwd} is not writable: lgpio cannot make its notification pipe and gpiozero "
        "quietly falls back to a factory without edge timestamps",
        "cd to a writable directory (the checkout, or /var/lib/companion) or set LG_WD.",
    )


def check_groups(host: Host, source: str) -> Check:
    needed = [*GROUPS["gpio" if source == "gpio" else "box"], *GROUPS["display"]]
    missing = [group for group in needed if group not in host.groups]
    if host.is_root or not missing:
        return Check("groups", "ok", f"in {', '.join(needed)}" if not host.is_root else "root")
    return Check(
        "groups",
        "fail" if missing[0] in ("gpio", "dialout") else "warn",
        f"not in {', '.join(missing)}",
        f"`sudo usermod -aG {','.join(missing)} $USER`, then log out and in again "
        "(hardware/pi/install.sh does this).",
    )


def connected_displays(host: Host) -> dict[str, str]:
    """Each connected DRM connector (``card1-DSI-1``) with its first mode (``800x480``)."""
    drm = host.root / "sys" / "class" / "drm"
    found: dict[str, str] = {}
    for status in sorted(drm.glob("card*-*/status")):
        if status.read_text(encoding="utf-8").strip() != "connected":
            continue
        modes = status.with_name("modes")
        lines = modes.read_text(encoding="utf-8").split() if modes.is_file() else []
        found[status.parent.name] = lines[0] if lines else "?"
    return found


def check_display(host: Host, profile: Profile) -> Check:
    drm = host.root / "sys" / "class" / "drm"
    if not drm.is_dir():
        return Check("display", "skip", f"no {drm}: not a Pi with KMS")
    displays = connected_displays(host)
    want = DISPLAY_SIZES.get(profile.display)
    shown = ", ".join(f"{name} {mode}" for name, mode in displays.items()) or "none connected"
    if not displays:
        return Check(
            "display",
            "fail",
            "no display connected",
            "the display cable; for the 3.5-inch panel dtoverlay=companion-spi35 in "
            "/boot/firmware/config.txt (hardware/pi/install.sh); for DSI display_auto_detect=1.",
        )
    if want is None or want in displays.values():
        return Check("display", "ok", shown)
    return Check(
        "display",
        "warn",
        f"{shown}; profile {profile.name} is for a {want} panel",
        f"that the {profile.display} panel is connected and set up in config.txt, or use a "
        "profile for the display you have (wiring/README.md).",
    )


def check_service(host: Host, source: str) -> Check:
    code, state = host.run(["systemctl", "is-active", "companion"])
    if code == 127:
        return Check("boot service", "skip", "no systemctl here")
    installed = (host.root / SERVICE).is_file()
    if state == "active":
        return Check(
            "boot service",
            "warn",
            "companion.service is running and holds the buttons",
            "stop it while the doctor runs: `sudo systemctl stop companion` (then start it).",
        )
    if state == "failed":
        return Check(
            "boot service",
            "fail",
            "companion.service failed",
            "`journalctl -u companion -b` for the error, then `sudo systemctl restart companion`.",
        )
    if not installed:
        return Check(
            "boot service",
            "warn",
            "not installed: the Pi will not start the companion at boot",
            "`sudo hardware/pi/install.sh --profile <your profile>` (README, On a Raspberry Pi).",
        )
    return Check("boot service", "ok", f"installed, {state or 'inactive'} (starts at boot)")


def expected_firmware(root: Path = ROOT) -> str | None:
    """The firmware version of this checkout (``firmware/box_frame.py``), if present."""
    path = root / "firmware" / "box_frame.py"
    found = re.search(r'^FW_VERSION = "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
    return found[1] if found else None


def check_box(host: Host, status: Callable[[], BoxInfo], expected: str | None) -> list[Check]:
    rule = host.root / UDEV_RULE
    checks = [
        Check("udev rule", "ok", f"{rule} installed")
        if rule.is_file()
        else Check(
            "udev rule",
            "warn",
            f"{rule} missing: no /dev/companion-box, and ModemManager may probe the box",
            "`sudo cp firmware/udev/99-companion-box.rules /etc/udev/rules.d/` "
            "(hardware/pi/install.sh does this).",
        )
    ]
    current = _wait_connected(status, host.wait_s)
    if not current.is_connected:
        checks.append(
            Check(
                "button box",
                "fail",
                say("not connected ({status})", status=current.message),
                "`lsusb` shows 2e8a:0005; a USB cable that carries data; the firmware is "
                "copied (firmware/README.md, steps 1-5).",
            )
        )
        return checks
    checks.append(Check("button box", "ok", "connected"))
    checks.append(_firmware_check(current.firmware, expected))
    return checks


def _wait_connected(status: Callable[[], BoxInfo], wait_s: float) -> BoxInfo:
    deadline = time.monotonic() + wait_s
    current = status()
    while not current.is_connected and time.monotonic() < deadline:
        time.sleep(0.05)
        current = status()
    return current


def _firmware_check(running: str | None, expected: str | None) -> Check:
    """``running`` is HELLO's firmware field: the version, and since 0.1.0 the MicroPython
    it runs on (``0.1.0+mpy1.27.0``)."""
    version, _, micropython = (running or "").partition("+mpy")
    on = f" on MicroPython {micropython}" if micropython else ""
    if expected is None or version == expected:
        return Check("box firmware", "ok", f"version {version}{on}")
    return Check(
        "box firmware",
        "warn",
        f"the box runs {version}{on}, this checkout has {expected}",
        "copy the firmware again: firmware/README.md, step 4 (safe mode: hold BACK while "
        "plugging in).",
    )


# ---- all of them ----------------------------------------------------------------------


def host_checks(profile: Profile, source: str, host: Host | None = None) -> list[Check]:
    """The checks that need no open input source (the doctor runs them when none opens)."""
    host = host or Host()
    checks = [check_working_dir(host), check_gpio_chips(host)] if source == "gpio" else []
    checks.append(check_groups(host, source))
    checks.append(check_display(host, profile))
    checks.append(check_service(host, source))
    return checks


def run_checks(
    profile: Profile,
    report: SourceInfo,
    *,
    box_status: Callable[[], BoxInfo] | None = None,
    host: Host | None = None,
) -> list[Check]:
    """Every check that applies to this source; none for the simulated ones."""
    if report.source not in ("gpio", "box"):
        return []
    host = host or Host()
    checks = [check_factory(report)]
    if report.source == "gpio":
        checks.append(check_working_dir(host))
        checks.append(check_gpio_chips(host))
    checks.append(check_groups(host, report.source))
    checks.append(check_display(host, profile))
    checks.append(check_service(host, report.source))
    if report.source == "box" and box_status is not None:
        checks += check_box(host, box_status, expected_firmware())
    return checks


def describe(checks: Sequence[Check], source: str) -> str:
    """The checks as the doctor prints them, with a one-line verdict."""
    if not checks:
        return f"checks: none for the {source} source (on the Pi: --source gpio, or --source box)"
    bad = [check for check in checks if check.state in ("warn", "fail")]
    verdict = "all good" if not bad else f"{len(bad)} to look at"
    return "\n".join([f"checks ({verdict}):", *(check.line() for check in checks)])


def unpressed(pressed: Mapping[str, int]) -> str:
    """The closing line: the controls never pressed while the doctor ran."""
    missing = [control for control, count in pressed.items() if count == 0]
    if not missing:
        return "every control was pressed at least once"
    return (
        f"never pressed ({len(missing)}): {', '.join(missing)}. Check: each one's NO wire "
        "and its seat's ground wire (wiring/generated/<profile>.md)"
    )


def text_report(profile: Profile, report: SourceInfo, device: object) -> str | None:
    """What ``companion doctor --text`` prints under its header; None for simulated sources."""
    if report.source not in ("gpio", "box"):
        return None
    box_status: Callable[[], BoxInfo] | None = None
    if report.source == "box" and hasattr(device, "status"):

        def box_status() -> BoxInfo:
            status: BoxInfo = getattr(device, "status")  # noqa: B009 (a property, read live)
            return status

    return describe(run_checks(profile, report, box_status=box_status), report.source)


class LedDevice(Protocol):
    """A source with GPIO LEDs (``GpioSource``): their names and a switch."""

    @property
    def leds(self) -> Mapping[str, Any]: ...

    def set_led(self, name: str, on: bool) -> None: ...


class LitButtons(Protocol):
    """A source whose buttons light up (``SerialBoxSource``)."""

    @property
    def status(self) -> BoxInfo: ...

    def light_only(self, control: str) -> None: ...

    def show_leds(self, colours: Mapping[str, int]) -> None: ...


def light_leds_in_turn(
    device: object,
    profile: Profile,
    *,
    lit_s: float = 0.5,
    sleep: Callable[[float], None] = time.sleep,
) -> list[str]:
    """Light each of the profile's LEDs alone for ``lit_s``, one after the other (the GPIO
    LEDs, or the box's lit buttons once the box is connected), and return one line per
    LED for the builder to check by eye (none without LEDs)."""
    if profile.kind == "gpio" and hasattr(device, "leds") and hasattr(device, "set_led"):
        return _light_gpio_leds(device, profile, lit_s, sleep)
    if (
        profile.kind == "box"
        and hasattr(device, "status")
        and hasattr(device, "light_only")
        and hasattr(device, "show_leds")
    ):
        return _light_buttons(device, profile, lit_s, sleep)
    return []


def _light_gpio_leds(
    leds: LedDevice, profile: Profile, lit_s: float, sleep: Callable[[float], None]
) -> list[str]:
    lines = []
    for name in leds.leds:
        leds.set_led(name, True)
        sleep(lit_s)
        leds.set_led(name, False)
        lines.append(
            f"LED {name} (BCM {profile.leds[name]}) was lit for {lit_s:g} s: if it stayed dark, "
            "check its resistor, that its long leg goes to the pin, and its ground wire"
        )
    return lines


def _light_buttons(
    box: LitButtons, profile: Profile, lit_s: float, sleep: Callable[[float], None]
) -> list[str]:
    if not box.status.is_connected:
        return ["the box is not connected: its buttons cannot be lit"]
    lines = []
    for control, pixel in profile.leds.items():
        box.light_only(control)
        sleep(lit_s)
        lines.append(
            f"{control} (pixel {pixel} of the chain) was lit for {lit_s:g} s: if another button "
            "lit, check the chain order (wiring/generated/usb-box.md); if none did, the chain's "
            "data wire and its 5 V"
        )
    box.show_leds({})
    return lines
