"""The settings screen: each row with the nav buttons and the mouse, saved at once, applied."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.settings import Settings, load_settings
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext, SceneStack
from companion.ui.settings_scene import ROWS, RowKey, SettingsModel, SettingsScene
from companion.ui.setup import visible_rows


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    pygame.display.init()
    pygame.font.init()
    return AppContext(
        size=(480, 320),
        stack=SceneStack(),
        games_dir=tmp_path,
        settings_file=tmp_path / "settings.json",
    )


def opened(app: AppContext) -> SettingsScene:
    menu = MenuScene(app, MenuModel(doctor=False))
    app.stack.push(menu)
    app.stack.update(0)
    menu.model.focus = [row.kind for row in menu.model.rows].index("settings")
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def focus(scene: SettingsScene, key: RowKey) -> None:
    scene.model.focus = [row.key for row in ROWS].index(key)


def saved(app: AppContext) -> Settings:
    assert app.settings_file is not None
    settings, problem = load_settings(app.settings_file)
    assert problem is None
    return settings


def test_sound_turns_off_at_once_and_is_saved(app: AppContext) -> None:
    scene = opened(app)
    focus(scene, "sound")
    scene.nav("select", 0)
    assert app.sounds.muted and not app.settings.sound and not saved(app).sound


def test_the_quiet_time_is_edited_and_used_by_the_next_game(app: AppContext) -> None:
    scene = opened(app)
    focus(scene, "quiet_time_s")
    scene.nav("select", 0)
    for _ in range(3):
        scene.nav("previous", 0)
    scene.nav("select", 0)
    assert not scene.model.editing
    assert saved(app).quiet_time_s == pytest.approx(0.9)
    assert app.powwow.quiet_ns == 900_000_000


def test_the_tie_window_stays_in_its_range(app: AppContext) -> None:
    scene = opened(app)
    focus(scene, "tie_window_us")
    scene.nav("select", 0)
    for _ in range(10):
        scene.nav("previous", 0)
    assert saved(app).tie_window_us == 1 and app.powwow.tie_window_ns == 1000


def test_size_and_profile_cycle_for_the_next_start(app: AppContext) -> None:
    scene = opened(app)
    focus(scene, "size")
    scene.nav("select", 0)
    assert saved(app).size == "fullscreen"
    focus(scene, "profile")
    scene.nav("select", 0)
    assert saved(app).profile == scene.model.profiles[0]
    assert "at the next start" in scene.model.words(ROWS[4])


def test_back_returns_to_the_menu(app: AppContext) -> None:
    scene = opened(app)
    scene.nav("back", 0)
    app.stack.update(0)
    assert isinstance(app.stack.top, MenuScene)


def test_a_click_on_a_numbers_arrow_changes_it(app: AppContext) -> None:
    scene = opened(app)
    index = [row.key for row in ROWS].index("tie_window_us")
    rect = dict(visible_rows(app.size, len(ROWS), index))[index]
    scene.model.focus = index
    scene.click((rect.right - 3, rect.centery), 0)
    assert saved(app).tie_window_us == 6


def test_a_save_that_fails_is_shown_and_the_value_kept(app: AppContext, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    app.settings_file = blocker / "settings.json"  # a directory that cannot exist
    scene = opened(app)
    focus(scene, "sound")
    scene.nav("select", 0)
    assert scene.model.settings.sound and app.settings.sound
    flash = scene.flashes.current(0)
    assert flash is not None and flash.text.startswith("could not save the settings")


def test_the_model_words() -> None:
    model = SettingsModel(Settings(quiet_time_s=1.5, tie_window_us=7), ("gpio-dsi",))
    assert [model.words(row) for row in ROWS[:3]] == ["on", "1.5 s", "7 µs"]


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_it_draws(app: AppContext, size: tuple[int, int]) -> None:
    app.size = size
    scene = opened(app)
    scene.draw(pygame.Surface(size), 0)
    scene.model.editing = True
    scene.draw(pygame.Surface(size), 0)
