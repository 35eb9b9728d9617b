"""The doctor's screen (companion/ui/doctor/scene.py) on the dummy video driver: a key press
lights its cell, the README pictures are current, warnings and stuck controls show, Back
three times leaves."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from companion.cli import main
from companion.input.events import Press, Stuck
from companion.input.pinmap import load_profile
from companion.ui import theme
from companion.ui.app import Inbox, open_display, run_loop
from companion.ui.doctor.command import _KeyedDoctorScene, doctor_model, snapshot_model
from companion.ui.doctor.model import DoctorModel, SourceReport
from companion.ui.doctor.scene import DoctorScene, cell_rect
from companion.ui.screenshot import difference
from companion.ui.sources import open_input

SCREENSHOTS = Path(__file__).parents[3] / "companion" / "ui" / "screenshots"
SIZES = ((800, 480), (480, 320))


def _model() -> DoctorModel:
    return doctor_model(load_profile("gpio-dsi"), SourceReport("sim", "mock", "simulated"), 0)


def _cell_colour(surface: pygame.Surface, scene: DoctorScene, control: str) -> theme.RGB:
    """The colour in the middle-right of a control's cell on the page shown (away from its
    text)."""
    cell = cell_rect(surface.get_size(), scene.model, scene.page, control)
    red, green, blue, _ = surface.get_at((cell.right - 8, cell.centery))
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
                frames.append(_cell_colour(surface, scene, "red.hunter"))
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


def test_back_three_times_in_a_row_leaves_the_doctor() -> None:
    scene = DoctorScene(_model())
    for n, control in enumerate(["nav.back", "nav.back", "red.hunter", "nav.back", "nav.back"]):
        scene.handle_input(Press(control, n, "gpio:mock", n), n)
    assert not scene.finished, "a press in between starts the count again"
    scene.handle_input(Press("nav.back", 9, "gpio:mock", 9), 9)
    assert scene.finished


def test_the_page_follows_the_last_press_and_tab_turns_it() -> None:
    """Six columns do not fit at the body floor: three a page, the pressed one's shown."""
    pygame.display.init()
    pygame.font.init()
    scene = DoctorScene(_model())
    assert scene.pages == 2 and scene.page == 0
    scene.handle_input(Press("green.chief", 1, "gpio:mock", 1), 1)
    assert scene.page == 1
    surface = pygame.Surface((480, 320))
    scene.draw(surface, 2)
    lit = _cell_colour(surface, scene, "green.chief")
    assert lit[1] > lit[0] + 40, f"green.chief not lit on its page: {lit}"
    with pytest.raises(ValueError, match="not on page 2"):
        cell_rect((480, 320), scene.model, scene.page, "red.chief")
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
    assert scene.page == 0


def test_the_mouse_alone_turns_the_pages_and_leaves() -> None:
    """A desktop with only a mouse: the wheel turns the page, a right click (the mouse's
    back everywhere else) leaves at once: no button is under test in a click."""
    pygame.display.init()
    pygame.font.init()
    scene = DoctorScene(_model())
    scene.draw(pygame.Surface((480, 320)), 0)
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.page == 1
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert scene.page == 0
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)))
    assert not scene.finished, "a click on the grid stays"
    by_footer = DoctorScene(_model())
    by_footer.draw(pygame.Surface((480, 320)), 0)
    by_footer.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(240, 310)))
    assert by_footer.finished, "a click on the footer leaves"
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(10, 10)))
    assert scene.finished
