"""The doctor's build checks, against a fake sysfs tree and a fake systemctl."""

from __future__ import annotations

import dataclasses
import io
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.input.pinmap import load_profile
from companion.ui.app import Inbox
from companion.ui.doctor import checks as doctor_checks
from companion.ui.doctor.checks import Check, Host, run_checks
from companion.ui.doctor.command import run_text
from companion.ui.sources import open_input


@dataclass(frozen=True)
class Report:
    source: str
    factory: str
    timestamps: str


@dataclass(frozen=True)
class Box:
    is_connected: bool
    firmware: str | None = None
    message: str = "button box connected"


LGPIO = Report("gpio", "lgpio", "hardware")


def _systemctl(state: str, code: int = 0) -> doctor_checks.Runner:
    def run(command: Sequence[str]) -> tuple[int, str]:
        assert list(command) == ["systemctl", "is-active", "companion"]
        return code, state

    return run


def _host(tmp_path: Path, *, groups: Sequence[str] = (), state: str = "inactive") -> Host:
    return Host(
        root=tmp_path,
        cwd=tmp_path,
        groups=frozenset(groups),
        is_root=False,
        run=_systemctl(state),
        wait_s=0.0,
    )


def _display(root: Path, name: str, mode: str, status: str = "connected") -> None:
    connector = root / "sys" / "class" / "drm" / name
    connector.mkdir(parents=True)
    (connector / "status").write_text(f"{status}\n", encoding="utf-8")
    (connector / "modes").write_text(f"{mode}\n", encoding="utf-8")


def _by_name(checks: Sequence[Check]) -> dict[str, Check]:
    return {check.name: check for check in checks}


def test_a_good_gpio_build_passes_every_check(tmp_path: Path) -> None:
    _display(tmp_path, "card1-DSI-1", "800x480")
    _display(tmp_path, "card1-HDMI-A-1", "1920x1080", status="disconnected")
    service = tmp_path / doctor_checks.SERVICE
    service.parent.mkdir(parents=True)
    service.write_text("[Unit]\n", encoding="utf-8")
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "gpiochip0").touch()
    groups = ("gpio", "video", "render", "input")
    host = dataclasses.replace(
        _host(tmp_path, groups=groups), chip_info=lambda path: ("pinctrl-bcm2711", 58)
    )
    checks = run_checks(load_profile("gpio-dsi"), LGPIO, host=host)
    assert [c.state for c in checks] == ["ok"] * 6, [c.line() for c in checks]
    assert _by_name(checks)["GPIO chips"].detail == "gpiochip0 pinctrl-bcm2711 (58 lines)"
    assert "card1-DSI-1 800x480" in _by_name(checks)["display"].detail
    assert doctor_checks.describe(checks, "gpio").startswith("checks (all good):")


def test_callback_timestamps_warn_and_say_what_to_check(tmp_path: Path) -> None:
    check = doctor_checks.check_factory(Report("gpio", "rpigpio", "callback"))
    assert check.state == "warn"
    assert "misordered" in check.detail and "lgpio" in check.fix and "LG_WD" in check.fix
    assert check.line().startswith("  WARN pin factory: rpigpio")


def test_missing_groups_name_the_usermod_command(tmp_path: Path) -> None:
    check = doctor_checks.check_groups(_host(tmp_path, groups=("video",)), "gpio")
    assert check.state == "fail"
    assert "gpio" in check.detail and "usermod -aG gpio,render,input" in check.fix


def test_an_unwritable_working_directory_fails(tmp_path: Path) -> None:
    host = Host(root=tmp_path, cwd=tmp_path / "missing", groups=frozenset(), is_root=False)
    check = doctor_checks.check_working_dir(host)
    assert check.state == "fail" and "LG_WD" in check.fix


def test_the_display_must_match_the_profile(tmp_path: Path) -> None:
    _display(tmp_path, "card0-SPI-1", "480x320")
    host = _host(tmp_path)
    assert doctor_checks.check_display(host, load_profile("gpio-spi35")).state == "ok"
    wrong = doctor_checks.check_display(host, load_profile("gpio-dsi"))
    assert wrong.state == "warn" and "800x480" in wrong.detail
    assert doctor_checks.check_display(host, load_profile("usb-box")).state == "ok"


def test_no_display_at_all(tmp_path: Path) -> None:
    (tmp_path / "sys" / "class" / "drm").mkdir(parents=True)
    check = doctor_checks.check_display(_host(tmp_path), load_profile("gpio-spi35"))
    assert check.state == "fail" and "companion-spi35" in check.fix
    elsewhere = doctor_checks.check_display(_host(tmp_path / "x"), load_profile("gpio-dsi"))
    assert elsewhere.state == "skip"


@pytest.mark.parametrize(
    ("state", "installed", "expected"),
    [
        ("active", True, "warn"),
        ("failed", True, "fail"),
        ("inactive", True, "ok"),
        ("inactive", False, "warn"),
    ],
)
def test_the_service_state(tmp_path: Path, state: str, installed: bool, expected: str) -> None:
    if installed:
        service = tmp_path / doctor_checks.SERVICE
        service.parent.mkdir(parents=True)
        service.write_text("", encoding="utf-8")
    check = doctor_checks.check_service(_host(tmp_path, state=state), "gpio")
    assert check.state == expected, check.line()
    if expected != "ok":
        assert check.fix


def test_no_systemctl_is_skipped(tmp_path: Path) -> None:
    host = Host(root=tmp_path, run=lambda command: (127, ""), groups=frozenset())
    assert doctor_checks.check_service(host, "gpio").state == "skip"


def test_the_box_and_its_firmware(tmp_path: Path) -> None:
    host = _host(tmp_path)
    expected = doctor_checks.expected_firmware()
    assert expected is not None and expected.count(".") == 2
    good = doctor_checks.check_box(host, lambda: Box(True, expected), expected)
    assert [c.state for c in good] == ["warn", "ok", "ok"]  # no udev rule in the fake root
    old = doctor_checks.check_box(host, lambda: Box(True, "0.0.1"), expected)
    assert old[-1].state == "warn" and "step 4" in old[-1].fix
    gone = doctor_checks.check_box(host, lambda: Box(False, message="not found"), expected)
    assert gone[-1].state == "fail" and "2e8a:0005" in gone[-1].fix
    on_mpy = doctor_checks.check_box(host, lambda: Box(True, f"{expected}+mpy1.27.0"), expected)
    assert on_mpy[-1].state == "ok"
    assert on_mpy[-1].detail == f"version {expected} on MicroPython 1.27.0"


def test_the_box_is_given_time_to_connect(tmp_path: Path) -> None:
    start = time.monotonic()
    states = iter([Box(False), Box(False), Box(True, "0.1.0")])
    host = Host(root=tmp_path, groups=frozenset(), run=_systemctl("inactive"), wait_s=1.0)
    checks = doctor_checks.check_box(host, lambda: next(states), "0.1.0")
    assert checks[1].state == "ok" and time.monotonic() - start < 1.0


def test_simulated_sources_get_no_checks() -> None:
    sim = Report("sim", "mock", "simulated")
    assert run_checks(load_profile("gpio-dsi"), sim) == []
    assert "none for the sim source" in doctor_checks.describe([], "sim")


def test_unpressed_names_the_silent_controls() -> None:
    assert doctor_checks.unpressed({"red.chief": 1}) == "every control was pressed at least once"
    line = doctor_checks.unpressed({"red.chief": 1, "red.hunter": 0})
    assert "never pressed (1): red.hunter" in line


def test_the_text_doctor_of_a_simulated_source_is_unchanged() -> None:
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    out = io.StringIO()
    with open_input("sim", profile, inbox.put) as opened:
        run_text(profile, opened, inbox, until_ns=0, out=out, lines=io.StringIO(""))
    assert "checks" not in out.getvalue() and "never pressed" not in out.getvalue()


def test_the_leds_are_lit_one_at_a_time(pin_factory: Any) -> None:
    """Each GPIO LED of the profile goes high alone for a moment, then low (a real
    ``GpioSource`` over gpiozero's mock pins)."""
    from companion.input.gpio import GpioSource

    profile = load_profile("gpio-dsi")
    with GpioSource(profile, lambda event: None, pin_factory=pin_factory) as source:
        seen: list[tuple[str, ...]] = []

        def look(seconds: float) -> None:
            seen.append(tuple(n for n, led in source.leds.items() if led.is_lit))

        lines = doctor_checks.light_leds_in_turn(source, profile, sleep=look)
        assert seen == [("status",), ("window",)]
        assert not any(led.is_lit for led in source.leds.values())
    assert lines[0].startswith("LED status (BCM 23) was lit")


def test_no_leds_no_lines() -> None:
    assert doctor_checks.light_leds_in_turn(object(), load_profile("gpio-dsi")) == []


class LitBox:
    """Stands in for ``SerialBoxSource``: records what it was asked to light."""

    def __init__(self, connected: bool) -> None:
        self.status = Box(connected)
        self.lit: list[object] = []

    def light_only(self, control: str) -> None:
        self.lit.append(control)

    def show_leds(self, colours: dict[str, int]) -> None:
        self.lit.append(dict(colours))


def test_the_box_lights_each_button_alone_then_none() -> None:
    profile = load_profile("usb-box")
    box = LitBox(connected=True)
    lines = doctor_checks.light_leds_in_turn(box, profile, sleep=lambda seconds: None)
    assert box.lit == [*profile.leds, {}]
    assert len(lines) == len(profile.leds)
    assert lines[0].startswith(f"red.chief (pixel {profile.leds['red.chief']} of the chain)")


def test_a_box_that_is_not_connected_lights_nothing() -> None:
    box = LitBox(connected=False)
    lines = doctor_checks.light_leds_in_turn(box, load_profile("usb-box"))
    assert box.lit == [] and lines == ["the box is not connected: its buttons cannot be lit"]


def test_the_gpio_chips_are_listed_with_their_labels(tmp_path: Path) -> None:
    """A Pi 5 on an older kernel: the header is gpiochip4 (pinctrl-rp1), gpiochip0 is the
    SoC's own; one chip the user cannot read."""
    (tmp_path / "dev").mkdir()
    for n in (0, 4, 10):
        (tmp_path / "dev" / f"gpiochip{n}").touch()
    labels = {"gpiochip0": ("gpio-brcmstb@107d508500", 32), "gpiochip4": ("pinctrl-rp1", 54)}
    host = Host(root=tmp_path, groups=frozenset(), chip_info=lambda p: labels.get(p.name))
    check = doctor_checks.check_gpio_chips(host)
    assert check.state == "ok"
    assert check.detail == (
        "gpiochip0 gpio-brcmstb@107d508500 (32 lines), gpiochip4 pinctrl-rp1 (54 lines); "
        "gpiochip10 unreadable"
    )
    none = doctor_checks.check_gpio_chips(Host(root=tmp_path / "nothing", groups=frozenset()))
    assert none.state == "fail" and "no GPIO character device" in none.detail


def test_the_chip_ioctl_of_something_that_is_no_chip_is_none(tmp_path: Path) -> None:
    plain = tmp_path / "gpiochip0"
    plain.write_bytes(b"")
    assert doctor_checks.read_chip_info(plain) is None
    assert doctor_checks.read_chip_info(tmp_path / "missing") is None


def test_doctor_text_runs_every_check_when_the_pins_do_not_open(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.cli import main
    from companion.errors import DeviceError
    from companion.ui.doctor import command

    def no_pins(*args: Any, **kwargs: Any) -> Any:
        raise DeviceError("no GPIO pin factory could be opened (lgpio: permission denied)")

    monkeypatch.setattr(command, "open_input", no_pins)
    assert main(["doctor", "--text", "--source", "gpio"]) == 1
    out = capsys.readouterr().out
    assert "FAIL pin factory: did not open: no GPIO pin factory" in out
    for check in ("working directory", "GPIO chips", "groups", "boot service"):
        assert f" {check}: " in out, f"{check} missing in:\n{out}"
