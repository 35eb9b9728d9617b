"""The doctor: its model, its screen on the dummy video driver, its text mode, its snapshot."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pygame
import pytest

from companion.cli import main
from companion.input.events import Press, Stuck, Unstuck
from companion.input.pinmap import load_profile
from companion.ui import theme
from companion.ui.app import Inbox, open_display, parse_size, run_loop
from companion.ui.doctor.command import _KeyedDoctorScene, doctor_model, run_text, snapshot_model
from companion.ui.doctor.model import LIT_NS, DoctorModel, SourceCounters, SourceReport
from companion.ui.doctor.scene import DoctorScene
from companion.ui.screenshot import difference
from companion.ui.sources import open_input

SCREENSHOTS = Path(__file__).parents[3] / "companion" / "ui" / "screenshots"
SIZES = ((800, 480), (480, 320))


def _model() -> DoctorModel:
    return doctor_model(load_profile("gpio-dsi"), SourceReport("sim", "mock", "simulated"), 0)


def test_model_counts_presses_and_tracks_stuck() -> None:
    model = _model()
    model.handle(Press("red.hunter", 10, "gpio:mock", 0))
    model.handle(Stuck("blue.chief", 20, "gpio:mock"))
    assert model.controls["red.hunter"].presses == 1
    assert model.controls["red.hunter"].last_t_ns == 10
    assert model.controls["blue.chief"].stuck
    model.handle(Unstuck("blue.chief", 30, "gpio:mock"))
    assert not model.controls["blue.chief"].stuck


def test_model_gap_is_between_the_last_two_presses() -> None:
    model = _model()
    model.handle(Press("red.hunter", 1_000_000, "gpio:mock", 0))
    model.handle(Press("yellow.hunter", 1_012_000, "gpio:mock", 1))
    assert model.last_gap_ns() == 12_000


def test_glow_fades_out_after_a_press() -> None:
    model = _model()
    model.handle(Press("red.hunter", 1_000, "gpio:mock", 0))
    assert model.glow("red.hunter", 1_000) == 1.0
    assert 0.0 < model.glow("red.hunter", 1_000 + LIT_NS // 2) < 1.0
    assert model.glow("red.hunter", 1_000 + LIT_NS) == 0.0
    assert not model.is_animating(1_000 + LIT_NS)


def test_counters_and_warnings_from_the_source_mark_the_model_changed() -> None:
    model = _model()
    assert model.update_source({"red.hunter": SourceCounters(bounces=3)}, ())
    assert model.controls["red.hunter"].counters.bounces == 3
    assert not model.update_source({"red.hunter": SourceCounters(bounces=3)}, ())
    assert model.update_source({}, ("debounce timer stopped",))
    assert model.warnings == ("debounce timer stopped",)


def test_press_of_a_control_outside_the_profile_is_noted_not_fatal() -> None:
    model = doctor_model(load_profile("gpio-spi35"), SourceReport("sim", "mock", "simulated"), 0)
    model.handle(Press("green.hunter", 1, "keyboard", 0))
    assert model.unknown == ["green.hunter"]


def test_parse_size_names_the_bad_value() -> None:
    assert parse_size("480x320") == (480, 320)
    with pytest.raises(ValueError, match="'big'"):
        parse_size("big")


def _cell_colour(surface: pygame.Surface, model: DoctorModel, control: str) -> theme.RGB:
    """The colour in the middle-right of a control's cell (away from its text)."""
    groups = [group for group, _ in model.groups()]
    state = model.controls[control]
    column = groups.index(state.group)
    row = [s.control for s in dict(model.groups())[state.group]].index(control)
    width, height = surface.get_size()
    grid_top = round(height * 0.15)
    grid_height = height - round(height * 0.1) - grid_top
    title = round(grid_height * 0.12)
    row_height = (grid_height - title) / 4
    x = round((column + 0.92) * width / len(groups))
    y = round(grid_top + title + (row + 0.5) * row_height)
    red, green, blue, _ = surface.get_at((x, y))
    return (red, green, blue)


def test_a_key_press_travels_the_gpio_path_and_lights_its_cell() -> None:
    """What `make run` does: a key presses a simulated pin; the doctor lights the control."""
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    screen = open_display((800, 480), fullscreen=False, title="test")
    with open_input("sim", profile, inbox.put) as opened:
        model = doctor_model(profile, opened.report, time.monotonic_ns())
        scene = _KeyedDoctorScene(model, opened)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_4, mod=0))
        frames: list[theme.RGB] = []

        def after_frame(surface: pygame.Surface) -> None:
            if model.controls["red.hunter"].presses:
                frames.append(_cell_colour(surface, model, "red.hunter"))
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))

        run_loop(
            screen,
            scene,
            inbox,
            until_ns=time.monotonic_ns() + 10_000_000_000,
            after_frame=after_frame,
        )
    assert model.controls["red.hunter"].presses == 1
    assert opened.report.factory == "mock"
    assert frames, "the press never reached the screen"
    lit = frames[0]
    assert lit[0] > 120 and lit[0] > lit[2] + 40, f"red.hunter cell not lit red: {lit}"
    assert model.controls["yellow.hunter"].presses == 0


def test_text_mode_taps_typed_controls_through_simulated_pins() -> None:
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    out = io.StringIO()
    with open_input("sim", profile, inbox.put) as opened:
        run_text(
            profile,
            opened,
            inbox,
            until_ns=time.monotonic_ns() + 10_000_000_000,
            out=out,
            lines=io.StringIO("red.hunter\nnot.a.control\nnav.select\n"),
            stop_after=2,
        )
    text = out.getvalue()
    assert "pin factory mock" in text
    assert "'not.a.control'" in text
    press_lines = [line for line in text.splitlines() if " t=" in line]
    assert [line.split()[0] for line in press_lines] == ["red.hunter", "nav.select"]


def _assert_close(actual: pygame.Surface, reference: pygame.Surface, diff_path: Path) -> None:
    found = difference(actual, reference)
    if not found.matches:
        pygame.image.save(found.image, str(diff_path))
        pytest.fail(
            f"{found.wrong} pixels differ from the reference; difference saved to {diff_path}"
        )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_matches_the_readme_picture(size: tuple[int, int], tmp_path: Path) -> None:
    """The README's pictures are current: `companion doctor --snapshot` re-makes them."""
    out = tmp_path / "doctor.png"
    assert main(["doctor", "--snapshot", str(out), "--size", f"{size[0]}x{size[1]}"]) == 0
    reference = SCREENSHOTS / f"doctor-{size[0]}x{size[1]}.png"
    _assert_close(
        pygame.image.load(str(out)), pygame.image.load(str(reference)), tmp_path / "diff.png"
    )


def test_a_source_warning_appears_in_the_footer() -> None:
    pygame.display.init()
    pygame.font.init()
    model = snapshot_model(load_profile("gpio-dsi"))
    before = pygame.Surface((800, 480))
    DoctorScene(model).draw(before, 5_000_000_000)
    model.update_source({}, ("the debounce timer stopped",))
    after = pygame.Surface((800, 480))
    DoctorScene(model).draw(after, 5_000_000_000)
    footer = pygame.Rect(0, 432, 800, 48)
    assert pygame.image.tobytes(before.subsurface(footer), "RGB") != pygame.image.tobytes(
        after.subsurface(footer), "RGB"
    )


def test_snapshot_shows_a_stuck_control_differently(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    model = snapshot_model(load_profile("gpio-dsi"))
    plain = pygame.Surface((800, 480))
    DoctorScene(model).draw(plain, 5_000_000_000)
    model.handle(Stuck("blue.woman", 0, "gpio:lgpio"))
    stuck = pygame.Surface((800, 480))
    DoctorScene(model).draw(stuck, 5_000_000_000)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(stuck, "RGB")


def test_doctor_command_rejects_a_bad_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--size", "huge", "--snapshot", os.devnull]) == 2
    assert "--size 'huge'" in capsys.readouterr().err


def test_back_three_times_in_a_row_leaves_the_doctor() -> None:
    scene = DoctorScene(_model())
    for n, control in enumerate(["nav.back", "nav.back", "red.hunter", "nav.back", "nav.back"]):
        scene.handle_input(Press(control, n, "gpio:mock", n), n)
    assert not scene.finished, "a press in between starts the count again"
    scene.handle_input(Press("nav.back", 9, "gpio:mock", 9), 9)
    assert scene.finished


def test_the_box_source_without_a_box_says_it_is_looking() -> None:
    profile = load_profile("usb-box")
    inbox = Inbox()
    with open_input("box", profile, inbox.put) as opened:
        assert opened.report.source == "box"
        assert any("button box" in warning for warning in opened.warnings)
        model = doctor_model(profile, opened.report, 0)
    assert "box's own clock" in model.report.describe()
    assert len(model.controls) == 24
