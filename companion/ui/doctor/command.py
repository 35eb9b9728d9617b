"""``companion doctor``.

Opens the input source the flags ask for (``companion.ui.sources``), then shows every
control of the profile on a pygame screen (or prints them with ``--text``), lighting each
as it is pressed.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
import time
from pathlib import Path
from typing import TextIO

import pygame

from companion.errors import DeviceError
from companion.input.controls import ALL_CONTROLS
from companion.input.events import InputEvent, Press
from companion.input.keyboard import KEYMAP
from companion.input.mock import SimulatedPins
from companion.input.pinmap import Profile, default_profile_for, load_profile
from companion.ui.app import Inbox, open_display, parse_size, run_loop, save_png
from companion.ui.doctor import checks as doctor_checks
from companion.ui.doctor.model import DoctorModel, SourceCounters, SourceReport
from companion.ui.doctor.scene import DoctorScene
from companion.ui.sources import OpenedInput, open_input


def doctor_model(profile: Profile, report: SourceReport, started_ns: int) -> DoctorModel:
    """The doctor's model of ``profile``'s controls for the source ``report`` describes."""
    keys = {control: key for key, control in KEYMAP.items()}
    if report.source in ("gpio", "box"):
        keys = {}
    controls = [control for control in ALL_CONTROLS if control in profile.controls]
    return DoctorModel.build(
        report=report,
        profile_name=profile.name,
        controls=controls,
        pins=dict(profile.controls) if report.source != "keyboard" else {},
        keys=keys,
        started_ns=started_ns,
    )


class _KeyedDoctorScene(DoctorScene):
    """The doctor scene with the keyboard feeding the source before the scene sees a key."""

    def __init__(self, model: DoctorModel, opened: OpenedInput) -> None:
        super().__init__(model, opened.read_source)
        self._handle_key = opened.handle_key

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self._handle_key(event):
            super().handle_event(event)


def doctor_command(args: argparse.Namespace) -> int:
    profile = load_profile(args.profile or default_profile_for(args.source))
    size = parse_size(args.size)
    if args.snapshot:
        save_snapshot(profile, size, Path(args.snapshot))
        print(f"wrote {args.snapshot}")
        return 0
    inbox = Inbox()
    with contextlib.ExitStack() as stack:
        try:
            opened = stack.enter_context(open_input(args.source, profile, inbox.put))
        except DeviceError as error:
            if not args.text or args.source not in ("gpio", "box"):
                raise
            return _checks_without_input(profile, args.source, error)
        for warning in opened.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        until = _deadline(args.seconds)
        if args.text:
            return run_text(profile, opened, inbox, until_ns=until)
        screen = open_display(size, fullscreen=args.fullscreen, title="companion doctor")
        model = doctor_model(profile, opened.report, time.monotonic_ns())
        run_loop(screen, _KeyedDoctorScene(model, opened), inbox, until_ns=until)
        pygame.display.quit()
    return 0


def _checks_without_input(profile: Profile, source: str, error: DeviceError) -> int:
    """``doctor --text`` when the pins or the box did not open: every other check still
    runs (groups, working directory, GPIO chips, display, service), as they often say
    why. Exit 1."""
    print(f"doctor: {source} on profile {profile.name}: the input did not open", flush=True)
    checks = [doctor_checks.check_factory_failed(source, error)]
    checks += doctor_checks.host_checks(profile, source)
    print(doctor_checks.describe(checks, source), flush=True)
    return 1


def _deadline(seconds: float | None) -> int | None:
    return None if seconds is None else time.monotonic_ns() + round(seconds * 1e9)


def run_text(
    profile: Profile,
    opened: OpenedInput,
    inbox: Inbox,
    *,
    until_ns: int | None,
    out: TextIO = sys.stdout,
    lines: TextIO = sys.stdin,
    stop_after: int | None = None,
) -> int:
    """Print the controls, then every press as it comes. With simulated pins, each line
    typed on ``lines`` (a control name such as ``red.hunter``) taps that control.
    Stops at ``until_ns`` or after ``stop_after`` events."""
    model = doctor_model(profile, opened.report, time.monotonic_ns())
    print(describe_setup(model), file=out, flush=True)
    checks = doctor_checks.text_report(profile, opened.report, opened.device)
    if checks is not None:
        print(checks, file=out, flush=True)
    if opened.report.source in ("gpio", "box"):
        print("LEDs, one at a time:", file=out, flush=True)
        for line in doctor_checks.light_leds_in_turn(opened.device, profile):
            print(f"  {line}", file=out, flush=True)
    if opened.simulated is not None:
        _tap_from_lines(opened.simulated, lines, out)
    shown = 0
    while until_ns is None or time.monotonic_ns() < until_ns:
        if stop_after is not None and shown >= stop_after:
            break
        event = inbox.wait(0.1)
        if event is None:
            continue
        known = model.warnings
        model.update_source(*opened.read_source())
        for warning in model.warnings[len(known) :]:
            print(f"warning: {warning}", file=out, flush=True)
        model.handle(event)
        print(_describe_event(model, event), file=out, flush=True)
        shown += 1
    if checks is not None:
        pressed = {control: state.presses for control, state in model.controls.items()}
        print(doctor_checks.unpressed(pressed), file=out, flush=True)
    return 0


def _describe_event(model: DoctorModel, event: InputEvent) -> str:
    if isinstance(event, Press):
        return model.describe_press(event)
    return f"{event.control:<14} {type(event).__name__.upper()}"


def describe_setup(model: DoctorModel) -> str:
    report = model.report
    factory = "" if report.factory == "-" else f"; pin factory {report.factory}"
    lines = [
        f"profile {model.profile_name}; source {report.source}{factory}",
        f"timestamps: {report.timestamps} ({report.describe()})",
        "",
        f"{'control':<14} {'pin':>4}",
    ]
    for state in model.controls.values():
        pin = "-" if state.pin is None else str(state.pin)
        lines.append(f"{state.control:<14} {pin:>4}")
    if report.source == "sim":
        lines += ["", "Type a control name (red.hunter) and Enter to tap it."]
    return "\n".join(lines)


def _tap_from_lines(pins: SimulatedPins, lines: TextIO, out: TextIO) -> None:
    def tap_each_line() -> None:
        for line in lines:
            control = line.strip()
            if control not in pins.controls:
                print(f"not a control of this profile: {control!r}", file=out, flush=True)
                continue
            pins.press(control)
            pins.release(control)

    threading.Thread(target=tap_each_line, name="doctor-stdin", daemon=True).start()


SNAPSHOT_PRESSES = (
    ("purple.chief", 1_000_000_000),
    ("red.hunter", 1_250_000_000),
    ("yellow.hunter", 1_250_412_000),
)
SNAPSHOT_NOW_NS = 1_300_000_000


def save_snapshot(profile: Profile, size: tuple[int, int], path: Path) -> None:
    """Render the doctor headless with a fixed sample of presses (for the README)."""
    model = snapshot_model(profile)
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    DoctorScene(model).draw(surface, SNAPSHOT_NOW_NS)
    save_png(surface, path, option="--snapshot")


def snapshot_model(profile: Profile) -> DoctorModel:
    report = SourceReport("gpio", "lgpio", "hardware")
    model = doctor_model(profile, report, started_ns=0)
    key_of = {control: key for key, control in KEYMAP.items()}
    for state in model.controls.values():
        state.key = key_of.get(state.control)
    for seq, (control, t_ns) in enumerate(SNAPSHOT_PRESSES):
        model.handle(Press(control, t_ns, "gpio:lgpio", seq))
    bounces = {"red.hunter": 3, "yellow.hunter": 5, "purple.chief": 2}
    model.update_source({c: SourceCounters(bounces=n) for c, n in bounces.items()}, ())
    return model
