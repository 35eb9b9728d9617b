"""The settings screen: sound, the Pow-Wow's quiet time and tie window, screen size, profile.

    row            select                        applies
    Sound          on <-> off                    at once
    Language       English -> Deutsch -> Français at once (every screen's words)
    Quiet time     edit: previous/next -/+0.1 s  to the next game (ruling A9)
    Tie window     edit: previous/next -/+1 us   to the next game
    Screen size    480x320 -> 800x480 -> full     at the next start
    Input profile  default -> each profile        at the next start
    Back           (the row, or the Back button) leaves

Each change is saved at once (``companion.settings``); a change the file cannot take (a
full disk) is shown and the screen keeps the value. The mouse clicks a row (a number's
arrows change it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

import pygame

from companion.errors import CompanionError
from companion.i18n import LANGUAGES, language, marked, number, said, set_language, tr
from companion.input.pinmap import available_profiles
from companion.settings import QUIET_RANGE_S, SIZES, TIE_RANGE_US, Settings, save_settings
from companion.ui import theme, widgets
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.setup import row_text, scrollbar, value_cells, visible_rows

RowKey = Literal["sound", "language", "quiet_time_s", "tie_window_us", "size", "profile", "back"]
NUMBERS: Final[dict[str, float]] = {"quiet_time_s": 0.1, "tie_window_us": 1}
"""The number rows and their step."""
LATER: Final = marked("at the next start")
SIZE_WORDS: Final[dict[str, str]] = {"fullscreen": marked("fullscreen")}
"""The screen sizes that are words (translated where shown; the others are figures)."""


@dataclass(frozen=True, slots=True)
class SettingRow:
    key: RowKey
    label: str
    """Marked for the catalog: translated where drawn."""


ROWS: Final = (
    SettingRow("sound", marked("Sound")),
    SettingRow("language", marked("Language")),
    SettingRow("quiet_time_s", marked("Pow-Wow quiet time")),
    SettingRow("tie_window_us", marked("Dead-heat window")),
    SettingRow("size", marked("Screen size")),
    SettingRow("profile", marked("Input profile")),
    SettingRow("back", marked("Back")),
)


class SettingsModel:
    """The rows, focus and values; no pygame."""

    def __init__(self, settings: Settings, profiles: tuple[str, ...]) -> None:
        self.settings = settings
        self.profiles = profiles
        self.focus = 0
        self.editing = False

    @property
    def row(self) -> SettingRow:
        return ROWS[self.focus]

    def nav(self, button: NavButton) -> bool:
        """Returns True when the screen should close."""
        if self.editing:
            if button in ("previous", "next"):
                self.step(self.row.key, -1 if button == "previous" else 1)
            else:
                self.editing = False
            return False
        if button in ("previous", "next"):
            self.focus = (self.focus + (-1 if button == "previous" else 1)) % len(ROWS)
            return False
        if button == "back":
            return True
        return self.select()

    def select(self) -> bool:
        key = self.row.key
        if key == "back":
            return True
        if key in NUMBERS:
            self.editing = True
        elif key == "sound":
            self.settings = self.settings.with_value("sound", not self.settings.sound)
        elif key == "language":
            self.settings = self.settings.with_value(
                "language", _next(tuple(LANGUAGES), language())
            )
        elif key == "size":
            self.settings = self.settings.with_value("size", _next(SIZES, self.settings.size))
        elif key == "profile":
            options: tuple[str | None, ...] = (None, *self.profiles)
            self.settings = self.settings.with_value(
                "profile", _next(options, self.settings.profile)
            )
        return False

    def step(self, key: str, direction: int) -> None:
        """A number row one step up or down, kept in its range."""
        if key == "quiet_time_s":
            low, high = QUIET_RANGE_S
            value = round(self.settings.quiet_time_s + direction * NUMBERS[key], 1)
            self.settings = self.settings.with_value(key, min(high, max(low, value)))
        elif key == "tie_window_us":
            low_us, high_us = TIE_RANGE_US
            tie = self.settings.tie_window_us + direction
            self.settings = self.settings.with_value(key, min(high_us, max(low_us, tie)))

    def words(self, row: SettingRow) -> str:
        """A row's value, in the screens' language."""
        s = self.settings
        if row.key in ("size", "profile"):
            return f"{self._later_words(row.key)} ({tr(LATER)})"
        if row.key == "sound":
            return tr("on") if s.sound else tr("off")
        if row.key == "language":
            return LANGUAGES[language()]  # each in its own words: found in any language
        if row.key == "quiet_time_s":
            return tr("{seconds} s").format(seconds=number(s.quiet_time_s, 1))
        if row.key == "tie_window_us":
            return tr("{microseconds} µs").format(microseconds=s.tie_window_us)
        return ""

    def _later_words(self, key: str) -> str:
        """The screen size or the profile (they apply at the next start)."""
        s = self.settings
        if key == "size":
            return tr(SIZE_WORDS[s.size]) if s.size in SIZE_WORDS else s.size
        return s.profile or tr("default for the source")


def _draw_number(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    words: str,
    ink: theme.RGB,
    *,
    focused: bool,
) -> None:
    """A number row: its label, then minus arrow, value, plus arrow (clickable)."""
    minus, value, plus = value_cells(rect, rect.width // 3)
    inset = -rect.height // 3
    widgets.arrow(surface, minus.inflate(inset, inset), "left", theme.TEXT_DIM)
    widgets.arrow(surface, plus.inflate(inset, inset), "right", theme.TEXT_DIM)
    widgets.text(
        surface,
        words,
        round(rect.height * 0.55),
        ink,
        value,
        align="center",
        bold=True,
        role="body",
    )
    label_rect = rect.copy()
    label_rect.width = minus.left - rect.left
    row_text(surface, label_rect, label, focused=focused)


def _next(options: tuple[str | None, ...] | tuple[str, ...], current: str | None) -> str | None:
    index = options.index(current) if current in options else -1
    return options[(index + 1) % len(options)]


class SettingsScene(BaseScene):
    """The settings on screen (see the module docstring)."""

    def __init__(self, app: AppContext, model: SettingsModel | None = None) -> None:
        super().__init__(app)
        self.model = model or SettingsModel(app.settings, tuple(available_profiles()))

    def nav(self, button: NavButton, now_ns: int) -> None:
        before = self.model.settings
        leave = self.model.nav(button)
        self._apply(before, now_ns)
        if leave:
            self.app.stack.pop()

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        model = self.model
        for index, rect in visible_rows(self.app.size, len(ROWS), model.focus):
            if not rect.collidepoint(pos):
                continue
            if index != model.focus:
                model.editing = False
            model.focus, before = index, model.settings
            key = model.row.key
            if key in NUMBERS:
                minus, _, plus = value_cells(rect, rect.width // 3)
                if minus.collidepoint(pos) or plus.collidepoint(pos):
                    model.step(key, -1 if minus.collidepoint(pos) else 1)
                    self._apply(before, now_ns)
                return
            if model.select():
                self.app.stack.pop()
            self._apply(before, now_ns)
            return

    def _apply(self, before: Settings, now_ns: int) -> None:
        """Use and save a change; a save that fails is shown and undone."""
        settings = self.model.settings
        if settings == before:
            return
        try:
            if self.app.settings_file is not None:
                save_settings(settings, self.app.settings_file)
        except (OSError, CompanionError) as exc:
            self.model.settings = before
            words = tr("could not save the settings: {error}").format(error=said(exc))
            self.flashes.add(words, now_ns, theme.BAD)
            return
        self.app.settings = settings
        if settings.language != before.language and settings.language is not None:
            set_language(settings.language)  # every screen's words from the next frame
        if settings.sound != before.sound:  # only what changed: the command line's stand
            self.app.sounds.muted = not settings.sound
        powwow = self.app.powwow
        if settings.quiet_time_s != before.quiet_time_s:
            powwow = replace(powwow, quiet_ns=round(settings.quiet_time_s * 1e9))
        if settings.tie_window_us != before.tie_window_us:
            powwow = replace(powwow, tie_window_ns=settings.tie_window_us * 1000)
        self.app.powwow = powwow

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        widgets.page(surface, tr("Settings"), tr("saved as you change them"))
        model = self.model
        shown = visible_rows(size, len(ROWS), model.focus)
        for index, rect in shown:
            row, focused = ROWS[index], index == model.focus
            editing = focused and model.editing
            widgets.panel(surface, rect, focused=focused, editing=editing)
            ink = theme.WARN if editing else theme.TEXT
            label, words = tr(row.label), model.words(row)
            if row.key in NUMBERS:
                _draw_number(surface, rect, label, words, ink, focused=focused)
            else:
                row_text(surface, rect, label, words, focused=focused, detail_ink=ink)
        scrollbar(surface, size, shown, len(ROWS))
        if model.editing:
            hint = tr("Previous/Next: change · Select or Back: done")
        else:
            hint = tr("Previous/Next: move · Select: change · Back: menu")
        self.draw_hint(surface, hint, now_ns)
