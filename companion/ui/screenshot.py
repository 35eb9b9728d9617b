"""``companion screenshot``: every screen rendered headless from a fixed sample state.

``companion screenshot SCENE --size WxH --out FILE.png`` renders one scene;
``companion screenshot --all --dir companion/ui/screenshots`` re-makes every reference
picture (each scene at 480x320 and 800x480, named ``SCENE-WxH.png``). The sample games are
played through the real model and journal (in a temporary directory), so a screenshot shows
what the table would see.

``difference(actual, reference)`` compares two pictures without numpy: ``BLEND_RGB_SUB``
both ways and an add give ``|a - b|`` per channel, and ``pygame.mask.from_threshold``
counts the pixels within the tolerance. It also paints the pixels that differ, for the
picture a failing test saves.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pygame

from companion.i18n import language, set_language
from companion.input.pinmap import DEFAULT_PROFILE, load_profile
from companion.session import UnfinishedGame
from companion.settings import Settings
from companion.ui.apache.samples import SAMPLES as APACHE_SAMPLES
from companion.ui.apocalypse.samples import SAMPLES as APOCALYPSE_SAMPLES
from companion.ui.app import existing_folder, parse_size, save_png
from companion.ui.doctor.command import SNAPSHOT_NOW_NS, snapshot_model
from companion.ui.doctor.scene import DoctorScene
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.paris.samples import SAMPLES as PARIS_SAMPLES
from companion.ui.rules_help import RulesHelpScene, rules_for
from companion.ui.samples import SAMPLE_WALL, Drawable, Sample, sample_app
from companion.ui.scenes import AppContext, Closable
from companion.ui.screenshot_args import IN_LANGUAGE, SIZES
from companion.ui.screenshot_args import SCENES_SHOWN as SCENES
from companion.words import say

TOLERANCE: Final = 24
"""A pixel differs when a channel differs by more than this (font anti-aliasing varies)."""
MAX_WRONG: Final = 0.002
"""A picture matches when at most this fraction of its pixels differ."""

__all__ = [
    "SCENES",
    "SIZES",
    "Difference",
    "difference",
    "file_name",
    "render",
    "save",
    "screenshot_command",
]


def file_name(scene: str, size: tuple[int, int]) -> str:
    return f"{scene}-{size[0]}x{size[1]}.png"


# --- the samples -----------------------------------------------------------------------------


def _menu(app: AppContext) -> Drawable:
    unfinished = [
        UnfinishedGame(
            Path("apache-20250101-190500.jsonl"),
            "apache",
            61,
            3,
            SAMPLE_WALL - 720,
            started=SAMPLE_WALL - 3000,
            players=("red", "yellow", "purple"),
            progress=say("card {card} of {cards}", card=40, cards=114),
        )
    ]
    model = MenuModel(unfinished, now=SAMPLE_WALL)
    return MenuScene(app, model), 0


def _menu_end(app: AppContext) -> Drawable:
    """The start menu of ``companion run`` (History and Players too) at its last row."""
    model = MenuModel(now=SAMPLE_WALL, history=True, players=True)
    model.focus = len(model.rows) - 1
    return MenuScene(app, model), 0


def _doctor(app: AppContext) -> Drawable:
    return DoctorScene(snapshot_model(load_profile(DEFAULT_PROFILE))), SNAPSHOT_NOW_NS


def _settings(app: AppContext) -> Drawable:
    from companion.ui.settings_scene import ROWS, SettingsModel, SettingsScene

    model = SettingsModel(Settings(quiet_time_s=1.5), ("gpio-dsi", "gpio-spi35", "usb-box"))
    model.focus, model.editing = [row.key for row in ROWS].index("quiet_time_s"), True
    return SettingsScene(app, model), 0


HISTORY_GAMES: Final = (
    "apache-tracker-results",
    "apache-full-results",
    "apocalypse-tracker-results",
    "paris-full-results",
)
"""Finished sample games the History samples record, as their results screens do."""


def _history(kind: str) -> Sample:
    """The History screen's first page of ``kind`` ("games", "players", "reaction") over
    the finished sample games, recorded in a history beside them."""

    def sample(app: AppContext) -> Drawable:
        from companion.ui.history import HistoryScene

        app.history_path = app.games_dir / "history.sqlite"
        for name in HISTORY_GAMES:
            results, _ = SAMPLES[name](app)
            if isinstance(results, Closable):
                results.close()
        scene = HistoryScene(app, app.history_path)
        scene.page = next(i for i, page in enumerate(scene.pages) if page.kind == kind)
        return scene, 0

    return sample


def _setup_names(app: AppContext) -> Drawable:
    """Apache's setup with the roster's players at the seats (the red seat being edited)."""
    from companion.roster import Roster
    from companion.ui.apache.setup import APACHE_SETUP
    from companion.ui.setup import SetupScene
    from companion.ui.setup_model import SetupModel

    app.roster_path = app.games_dir / "roster.json"
    roster = Roster.open(app.roster_path)
    for name in ("Anna", "Benedikt", "Cleo"):
        roster.add(name)
    roster.remember_seating("apache", {"red": "Anna", "purple": "Benedikt"})
    scene = SetupScene(app, SetupModel(APACHE_SETUP, players=3))
    scene.model.focus = [row.key for row in scene.model.rows].index("seat:red")
    scene.model.editing = True
    return scene, 0


def _players(entry: bool) -> Sample:
    """The Players screen over a roster of three (one retired); ``entry``: adding a player,
    "Cle" typed so far with the focus on the letter o."""

    def sample(app: AppContext) -> Drawable:
        from companion.roster import Roster
        from companion.ui.players import PlayersScene
        from companion.ui.players_model import KEYS

        app.roster_path = app.games_dir / "roster.json"
        roster = Roster.open(app.roster_path)
        for name in ("Anna", "Benedikt", "Dora"):
            roster.add(name)
        roster.retire("Dora")
        scene = PlayersScene(app, app.roster_path)
        if entry:
            model = scene.model
            model.open_row([row.label for row in model.rows()].index("Add a player"))
            assert model.entry is not None
            model.entry.text = "Cle"
            model.entry.upper = False
            model.entry.focus = [key.char for key in KEYS].index("o")
        return scene, 0

    return sample


def _rules(engine_name: str) -> Sample:
    """The first page of a game's rules help (``engine_name``: one of its engines)."""

    def sample(app: AppContext) -> Drawable:
        title, rules = rules_for(engine_name)
        return RulesHelpScene(app, title, rules), 0

    return sample


SAMPLES: Final[dict[str, Sample]] = {
    "menu": _menu,
    "menu-end": _menu_end,
    "settings": _settings,
    "doctor": _doctor,
    **APACHE_SAMPLES,
    **APOCALYPSE_SAMPLES,
    **PARIS_SAMPLES,
    "rules-apache": _rules("apache"),
    "rules-apocalypse": _rules("apocalypse"),
    "rules-paris": _rules("paris"),
    "setup-names": _setup_names,
    "players": _players(entry=False),
    "players-entry": _players(entry=True),
    "history-games": _history("games"),
    "history-players": _history("players"),
    "history-fastest": _history("reaction"),
}


def render(
    scene: str, size: tuple[int, int], *, key_names: tuple[Mapping[str, str], ...] = ()
) -> pygame.Surface:
    """``scene`` drawn from its sample state on an off-screen surface of ``size`` (its
    footer naming the keys ``key_names``, as on a desktop; none as on the Pi), in the
    screens' language (a scene of ``IN_LANGUAGE``: in its own)."""
    sample, code = IN_LANGUAGE.get(scene, (scene, language()))
    if sample not in SAMPLES:
        raise ValueError(f"unknown scene {scene!r}; the scenes are: {', '.join(SCENES)}")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    with in_language(code), sample_app(size) as app:
        app.key_names = key_names
        shown, now_ns = SAMPLES[sample](app)
        shown.draw(surface, now_ns)
        if isinstance(shown, Closable):
            shown.close()
    return surface


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """The screens in ``code`` while inside, as they were after."""
    before = language()
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def save(scene: str, size: tuple[int, int], path: Path, *, option: str = "--out") -> None:
    """Render ``scene`` at ``size`` into the PNG ``path`` (``ConfigError`` naming ``option``
    when it cannot be written there)."""
    save_png(render(scene, size), path, option=option)


# --- comparing pictures ----------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    wrong: int
    """Pixels with a channel more than the tolerance away from the reference."""
    total: int
    image: pygame.Surface
    """The actual picture, dimmed, with the differing pixels in magenta."""

    @property
    def fraction(self) -> float:
        return self.wrong / self.total

    @property
    def matches(self) -> bool:
        return self.fraction <= MAX_WRONG


def difference(
    actual: pygame.Surface, reference: pygame.Surface, *, tolerance: int = TOLERANCE
) -> Difference:
    """Compare two pictures of the same size (see the module docstring)."""
    if actual.get_size() != reference.get_size():
        raise ValueError(
            f"the pictures differ in size: {actual.get_size()} and {reference.get_size()}"
        )
    a, b = _plain(actual), _plain(reference)
    delta = a.copy()
    delta.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    delta.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|
    limit = tolerance + 1
    close = pygame.mask.from_threshold(delta, (0, 0, 0, 255), (limit, limit, limit, 255))
    total = a.get_width() * a.get_height()
    close.invert()
    image = a.copy()
    image.fill((96, 96, 96), special_flags=pygame.BLEND_RGB_MULT)
    image.blit(close.to_surface(setcolor=(255, 0, 255), unsetcolor=None), (0, 0))
    return Difference(wrong=close.count(), total=total, image=image)


def _plain(surface: pygame.Surface) -> pygame.Surface:
    """A 32-bit copy without alpha, so pictures loaded from any PNG compare alike."""
    plain = pygame.Surface(surface.get_size(), depth=32)
    plain.blit(surface, (0, 0))
    return plain


# --- the command -----------------------------------------------------------------------------


def screenshot_command(args: argparse.Namespace) -> int:
    prog = getattr(args, "screenshot_prog", "companion screenshot")
    if args.all:
        if args.scene is not None or args.out is not None or args.dir is None:
            return _usage(prog, "--all takes --dir DIR and no SCENE or --out")
        folder = existing_folder(Path(args.dir), option="--dir")
        for scene in SCENES:
            for size in SIZES:
                path = folder / file_name(scene, size)
                save(scene, size, path, option="--dir")
                print(f"wrote {path}")
        return 0
    if args.scene is None or args.out is None:
        return _usage(prog, "give a SCENE and --out FILE.png (or --all --dir DIR)")
    save(args.scene, parse_size(args.size), Path(args.out))
    print(f"wrote {args.out}")
    return 0


def _usage(prog: str, message: str) -> int:
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 2
