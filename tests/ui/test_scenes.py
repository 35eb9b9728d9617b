"""The scene stack (requests applied between frames) and the base scene's control mapping."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.input.events import Press, Stuck
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene, SceneStack


class Recorder(BaseScene):
    """Records what reaches it."""

    def __init__(self, app: AppContext, name: str = "scene") -> None:
        super().__init__(app)
        self.name = name
        self.got: list[str] = []
        self.tops = 0
        self.closed = 0
        self.busy = False

    def nav(self, button: NavButton, now_ns: int) -> None:
        self.got.append(button)

    def seat(self, press: Press, now_ns: int) -> None:
        self.got.append(press.control)

    def stuck(self, event: object, now_ns: int) -> None:
        self.got.append("stuck")

    def on_top(self, now_ns: int) -> None:
        self.tops += 1

    def update(self, now_ns: int) -> bool:
        return self.busy

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        surface.fill((1, 2, 3))

    def close(self) -> None:
        self.closed += 1

    def leave(self) -> None:
        self._finished = True


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    return AppContext(size=(480, 320), stack=SceneStack(), games_dir=tmp_path)


def top(stack: SceneStack) -> object:
    """The top scene, read afresh (mypy would keep an earlier narrowing)."""
    return stack.top


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0)


def test_requests_wait_for_the_frame_boundary(app: AppContext) -> None:
    stack, first, second = app.stack, Recorder(app, "first"), Recorder(app, "second")
    stack.push(first)
    assert top(stack) is None and not stack.finished
    assert stack.update(0) is True
    assert top(stack) is first and first.tops == 1
    stack.push(second)
    stack.handle_event(key(pygame.K_ESCAPE))
    assert first.got == ["back"], "events of this frame still go to the old top"
    stack.update(0)
    assert top(stack) is second
    stack.pop()
    stack.update(0)
    assert top(stack) is first and first.tops == 2, "uncovered: on top again"
    assert second.closed == 0, "a pop closes nothing: the scene released its things itself"


def test_replace_swaps_the_top_and_clear_closes_everything(app: AppContext) -> None:
    stack = app.stack
    scenes = [Recorder(app, name) for name in "abc"]
    stack.push(scenes[0])
    stack.push(scenes[1])
    stack.update(0)
    stack.replace(scenes[2])
    stack.update(0)
    assert stack.scenes == (scenes[0], scenes[2])
    stack.clear()
    stack.update(0)
    assert stack.finished
    assert [s.closed for s in scenes] == [1, 0, 1]


def test_a_finished_scene_is_popped(app: AppContext) -> None:
    stack, first, second = app.stack, Recorder(app), Recorder(app)
    stack.push(first)
    stack.push(second)
    stack.update(0)
    second.leave()
    assert stack.update(0) is True
    assert top(stack) is first


def test_update_reports_the_top_scene_busy(app: AppContext) -> None:
    scene = Recorder(app)
    app.stack.push(scene)
    app.stack.update(0)
    assert app.stack.update(0) is False
    scene.busy = True
    assert app.stack.update(0) is True


def test_close_releases_every_scene_once(app: AppContext) -> None:
    scenes = [Recorder(app), Recorder(app)]
    for scene in scenes:
        app.stack.push(scene)
    app.stack.update(0)
    app.stack.close()
    app.stack.close()
    assert [s.closed for s in scenes] == [1, 1] and app.stack.finished


def test_the_input_source_sees_keys_first(app: AppContext) -> None:
    taken: list[int] = []

    def handler(event: pygame.event.Event) -> bool:
        taken.append(event.key)
        return bool(event.key == pygame.K_RETURN)

    stack = SceneStack(key_handler=handler)
    scene = Recorder(app)
    stack.push(scene)
    stack.update(0)
    stack.handle_event(key(pygame.K_RETURN))
    stack.handle_event(key(pygame.K_UP))
    assert taken == [pygame.K_RETURN, pygame.K_UP]
    assert scene.got == ["previous"], "Enter went to the simulated pins, Up to the scene"


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (key(pygame.K_ESCAPE), "back"),
        (key(pygame.K_BACKSPACE), "back"),
        (key(pygame.K_UP), "previous"),
        (key(pygame.K_DOWN), "next"),
        (key(pygame.K_RETURN), "select"),
        (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(1, 1)), "back"),
        (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), "previous"),
        (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1), "next"),
        (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)), "select"),
    ],
)
def test_keys_and_the_mouse_become_navigation(
    app: AppContext, event: pygame.event.Event, expected: str
) -> None:
    scene = Recorder(app)
    scene.handle_event(event)
    assert scene.got == [expected]


def test_presses_are_navigation_or_seats(app: AppContext) -> None:
    scene = Recorder(app)
    for control in ("nav.select", "red.hunter", "nav.back", "green.chief"):
        scene.handle_input(Press(control, 1, "test", 0), 1)
    scene.handle_input(Stuck("blue.woman", 1, "test"), 1)
    assert scene.got == ["select", "red.hunter", "back", "green.chief", "stuck"]


def banner_of(stack: SceneStack) -> str | None:
    return stack.banner


def test_a_source_warning_is_a_banner_over_every_screen_until_it_clears(tmp_path: Path) -> None:
    warnings: list[str] = ["the button box is gone: plug it back in"]
    stack = SceneStack(source_warnings=lambda: tuple(warnings))
    app = AppContext(size=(480, 320), stack=stack, games_dir=tmp_path)
    stack.push(Recorder(app))
    pygame.font.init()
    surface = pygame.Surface((480, 320))
    assert stack.update(0), "a new warning must redraw the screen"
    assert banner_of(stack) == "the button box is gone: plug it back in"
    stack.draw(surface, 0)
    assert surface.get_at((2, 2))[:3] != (1, 2, 3), "the banner covers the top of the screen"
    assert surface.get_at((2, 300))[:3] == (1, 2, 3), "and only the top"
    warnings.clear()
    assert not stack.update(50_000_000), "warnings are read ten times a second, not each frame"
    assert stack.update(100_000_000)
    assert banner_of(stack) is None
    stack.draw(surface, 100_000_000)
    assert surface.get_at((2, 2))[:3] == (1, 2, 3)


def test_guarded_shows_a_refusal_and_a_journal_failure_instead_of_raising(
    app: AppContext,
) -> None:
    from companion.errors import IllegalAction
    from companion.ui import theme

    scene = BaseScene(app)

    def refused() -> None:
        raise IllegalAction("slap refused by ruling A8 (one slap per player per window)")

    def disk_full() -> None:
        raise OSError(28, "No space left on device")

    assert scene.guarded(lambda: None, 0) is True
    assert scene.guarded(refused, 0) is False
    shown = scene.flashes.current(0)
    assert shown is not None and shown.text.endswith("ruling A8 (one slap per player per window)")
    assert shown.colour == theme.WARN
    assert scene.guarded(disk_full, 1) is False
    shown = scene.flashes.current(1)
    assert shown is not None and shown.colour == theme.BAD
    assert shown.text == "could not save the journal: no space left on the device"


def test_show_notices_empties_them_and_dims_an_undo(app: AppContext) -> None:
    from companion.ui import theme

    scene = BaseScene(app)
    notices = ["red is not in this game: press ignored", "undone: P1 red 8"]
    assert scene.show_notices(notices, 0) is True and notices == []
    shown = scene.flashes.current(0)
    assert shown is not None and shown.text == "undone: P1 red 8" and shown.colour == theme.TEXT_DIM
    assert scene.show_notices(notices, 0) is False
