"""The settings screen: each row with the nav buttons and the mouse, saved at once, applied."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from companion.i18n import LOCALE_DIR, language, set_language, tr
from companion.settings import Settings, load_settings
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext
from companion.ui.settings_scene import ROWS, RowKey, SettingsModel, SettingsScene
from companion.ui.setup import visible_rows
from tests.ui.helpers import choose_row, make_app, show_menu


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    """The app, its settings saved in the test's folder."""
    return make_app(tmp_path, settings_file=tmp_path / "settings.json")


def opened(app: AppContext) -> SettingsScene:
    menu = show_menu(app, MenuModel(doctor=False))
    row = [row.kind for row in menu.model.rows].index("settings")
    return choose_row(app, menu, row, SettingsScene, 0)


def focus(scene: SettingsScene, key: RowKey) -> None:
    scene.model.focus = [row.key for row in ROWS].index(key)


def editing(scene: SettingsScene) -> bool:
    return scene.model.editing


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
    assert [model.words(row) for row in ROWS[:4]] == ["on", "English", "1.5 s", "7 µs"]


def test_it_draws(app: AppContext, screen: pygame.Surface) -> None:
    scene = opened(app)
    scene.draw(screen, 0)
    scene.model.editing = True
    scene.draw(screen, 0)


def test_changing_one_setting_leaves_the_command_lines_others(app: AppContext) -> None:
    """``--quiet-time 2 --mute`` stand when only the screen size changes."""
    app.powwow = replace(app.powwow, quiet_ns=2_000_000_000)
    app.sounds.muted = True
    scene = opened(app)
    focus(scene, "size")
    scene.nav("select", 0)
    assert app.powwow.quiet_ns == 2_000_000_000 and app.sounds.muted


def test_a_click_on_another_row_ends_the_editing(app: AppContext) -> None:
    scene = opened(app)
    focus(scene, "quiet_time_s")
    scene.nav("select", 0)
    assert editing(scene)
    index = [row.key for row in ROWS].index("sound")
    rect = dict(visible_rows(app.size, len(ROWS), scene.model.focus))[index]
    scene.click(rect.center, 0)
    assert not editing(scene) and not saved(app).sound
    scene.nav("next", 0)
    assert scene.model.row.key == "language", "previous/next move again"


def test_a_missing_settings_profile_falls_back_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from companion.ui.run import profile_from

    args = argparse.Namespace(profile=None, source="sim")
    profile = profile_from(args, Settings(profile="gone-profile"))
    assert profile.name == "gpio-dsi"
    err = capsys.readouterr().err
    assert "the settings' profile cannot be used" in err and "gone-profile" in err


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def test_the_language_row_changes_every_screens_words_at_once_by_keys(
    app: AppContext, english_after: None
) -> None:
    scene = opened(app)
    focus(scene, "language")
    scene.nav("select", 0)
    assert language() == "de" and saved(app).language == "de"
    assert scene.model.words(scene.model.row) == "Deutsch"
    assert tr("Settings") == _catalog_says("de", "Settings"), "at once, no restart"
    scene.nav("select", 0)
    assert language() == "fr" and saved(app).language == "fr"


def test_the_language_row_by_the_mouse(app: AppContext, english_after: None) -> None:
    scene = opened(app)
    index = [row.key for row in ROWS].index("language")
    rect = dict(visible_rows(app.size, len(ROWS), scene.model.focus))[index]
    scene.click(rect.center, 0)
    assert language() == "de" and saved(app).language == "de"


def _catalog_says(code: str, message: str) -> str:
    """``message`` as the compiled catalog of ``code`` has it."""
    found = gettext.translation("companion", LOCALE_DIR, languages=[code]).gettext(message)
    assert found != message, f"{message!r} is translated in {code}"
    return found
