"""``companion run``: the start menu, and from it the games and the doctor.

Opens the input source (``--source``: simulated pins driven by the keyboard, the real GPIO
pins, or the keyboard alone), the display, and runs the main loop over a ``SceneStack``
whose first scene is the start menu. Games are journaled to ``--games-dir`` (default
``session.default_games_dir()``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from companion.errors import ConfigError
from companion.history import HISTORY_FILE, default_history_path
from companion.i18n import set_language, system_language
from companion.input.box.source import SerialBoxSource
from companion.input.gpio import GpioSource
from companion.input.pinmap import Profile, default_profile_for, load_profile
from companion.powwow import PowwowSettings, Window
from companion.roster import ROSTER_FILE, default_roster_path
from companion.session import default_games_dir
from companion.settings import Settings, load_settings, settings_path
from companion.ui.app import Inbox, open_display, parse_size, run_loop
from companion.ui.doctor.command import doctor_model
from companion.ui.doctor.scene import DoctorScene
from companion.ui.menu import MenuScene
from companion.ui.scenes import AppContext, SceneStack
from companion.ui.sound import Sounds
from companion.ui.sources import OpenedInput, open_input


def build_app(
    size: tuple[int, int],
    *,
    games_dir: Path,
    opened: OpenedInput | None = None,
    profile: Profile | None = None,
    powwow: PowwowSettings | None = None,
    full_tuning: object | None = None,
    notices: Sequence[str] = (),
    history_path: Path | None = None,
    roster_path: Path | None = None,
) -> AppContext:
    """The program's scenes and what they share, the start menu on top (applied on the
    first frame). ``profile``: the build's seats, the only ones the setups offer (None:
    all five). With ``opened`` and ``profile`` the menu offers the doctor, and keys go
    to the input source before any scene sees them. ``full_tuning``: a game's FULL pauses,
    handed to every game's start and resume hooks (tests shorten them: each game takes its
    own kind, e.g. ``ApacheFullTuning``). ``notices``: problems met at start, shown on the
    start menu until read. ``history_path``: the history finished games are written to,
    offered by the start menu's History row (None: none); ``roster_path``: the group's
    named players, offered for the seats (None: none)."""
    stack = SceneStack(
        key_handler=None if opened is None else opened.handle_key,
        source_warnings=None if opened is None else lambda: opened.warnings,
    )
    app = AppContext(size=size, stack=stack, games_dir=games_dir, notices=list(notices))
    if powwow is not None:
        app.powwow = powwow
    app.profile = profile
    app.history_path = history_path
    app.roster_path = roster_path
    if opened is not None:
        app.key_names = opened.key_names
    if opened is not None and profile is not None:
        app.open_doctor = lambda: _doctor_scene(opened, profile)
    if opened is not None and isinstance(opened.device, SerialBoxSource):
        app.on_window = _first_slapper_light(opened.device)
    if opened is not None and isinstance(opened.device, GpioSource):
        lamps = GpioLamps(opened.device)
        app.powwow_open = lamps.powwow_open
        app.on_close = lamps.close
    stack.push(MenuScene(app, full_tuning=full_tuning))
    return app


def beside_games(games_dir: str | None, name: str, default: Callable[[], Path]) -> Path:
    """A file of the group's (the history, the roster) beside the games: the ``default``
    one, or ``name`` beside the folder ``--games-dir`` names (never among the journals)."""
    return default() if games_dir is None else Path(games_dir).parent / name


def _doctor_scene(opened: OpenedInput, profile: Profile) -> DoctorScene:
    """The doctor for the source in use (the stack gives it the keys the source left)."""
    return DoctorScene(
        doctor_model(profile, opened.report, time.monotonic_ns()), opened.read_source
    )


class GpioLamps:
    """The GPIO build's two LEDs (profile ``[leds]``): ``status`` lit while the companion
    runs and takes presses; ``window`` lit while a Pow-Wow slap window is open (A9)."""

    def __init__(self, source: GpioSource) -> None:
        self.source = source
        self.window_lit: bool | None = None
        self._set("status", True)

    def powwow_open(self, is_open: bool) -> None:
        if is_open != self.window_lit:
            self.window_lit = is_open
            self._set("window", is_open)

    def close(self) -> None:
        self._set("window", False)
        self._set("status", False)

    def _set(self, name: str, on: bool) -> None:
        if name in self.source.leds:
            self.source.set_led(name, on)


def _first_slapper_light(box: SerialBoxSource) -> Callable[[Window], None]:
    """After each Pow-Wow the box lights the button the first slapper pressed."""

    def light(window: Window) -> None:
        if window.slaps:
            box.light_only(window.slaps[0].control)

    return light


def powwow_from(args: argparse.Namespace, settings: Settings | None = None) -> PowwowSettings:
    """The Pow-Wow times: ``--quiet-time`` over the settings' (ruling A9)."""
    settings = settings or Settings()
    quiet = getattr(args, "quiet_time", None)
    quiet_s = settings.quiet_time_s if quiet is None else quiet
    return PowwowSettings(
        quiet_ns=round(quiet_s * 1e9), tie_window_ns=settings.tie_window_us * 1000
    )


def profile_from(args: argparse.Namespace, settings: Settings) -> Profile:
    """``--profile``, else the settings' profile if it suits ``--source``, else the
    source's default profile."""
    if args.profile:
        return load_profile(args.profile)
    default = default_profile_for(args.source)
    if settings.profile is None:
        return load_profile(default)
    try:
        chosen = load_profile(settings.profile)
    except ConfigError as exc:
        print(
            f"warning: the settings' profile cannot be used ({exc}); using {default}. Fix: "
            f"choose another on the settings screen, or edit {settings_path()}",
            file=sys.stderr,
        )
        return load_profile(default)
    if (chosen.kind == "box") != (args.source == "box"):
        print(
            f"warning: the settings' profile {settings.profile!r} is a {chosen.kind} profile, "
            f"not for --source {args.source}; using {default}",
            file=sys.stderr,
        )
        return load_profile(default)
    return chosen


def language_from(args: argparse.Namespace, settings: Settings) -> str:
    """``--lang``, else the settings' language, else the system locale's (English when the
    companion does not have it)."""
    return getattr(args, "lang", None) or settings.language or system_language()


def run_command(args: argparse.Namespace) -> int:
    settings_file = settings_path()
    settings, problem = load_settings(settings_file)
    if problem is not None:
        print(f"warning: {problem}", file=sys.stderr)
    profile = profile_from(args, settings)
    set_language(language_from(args, settings))
    fullscreen = args.fullscreen or (args.size is None and settings.size == "fullscreen")
    size = parse_size(args.size or ("800x480" if settings.size == "fullscreen" else settings.size))
    games_dir = default_games_dir() if args.games_dir is None else Path(args.games_dir)
    inbox = Inbox()
    with open_input(args.source, profile, inbox.put) as opened:
        for warning in opened.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        until = None if args.seconds is None else time.monotonic_ns() + round(args.seconds * 1e9)
        screen = open_display(size, fullscreen=fullscreen, title="companion")
        app = build_app(
            screen.get_size(),
            games_dir=games_dir,
            opened=opened,
            profile=profile,
            powwow=powwow_from(args, settings),
            notices=[] if problem is None else [problem],
            history_path=beside_games(args.games_dir, HISTORY_FILE, default_history_path),
            roster_path=beside_games(args.games_dir, ROSTER_FILE, default_roster_path),
        )
        app.settings, app.settings_file = settings, settings_file
        app.sounds = Sounds.open(muted=getattr(args, "mute", False) or not settings.sound)
        if app.sounds.silent_reason is not None:
            print(f"note: {app.sounds.silent_reason}", file=sys.stderr)
        try:
            run_loop(screen, app.stack, inbox, until_ns=until)
        finally:
            app.stack.close()
            app.close_history()
            app.on_close()
            pygame.display.quit()
    return 0
