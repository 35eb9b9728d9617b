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
import itertools
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

import pygame

from companion.input.events import Press
from companion.input.pinmap import DEFAULT_PROFILE, load_profile
from companion.rules.apache import APACHE, KINDS
from companion.rules.apache_tracker import ENGINE as TRACKER
from companion.session import Session, UnfinishedGame
from companion.settings import Settings
from companion.ui.apache_full import FullResultsScene, FullScene
from companion.ui.apache_full_model import FullModel, FullOptions, FullTuning
from companion.ui.apache_tracker import CountScene, ResultsScene, TrackerScene
from companion.ui.apache_tracker_model import TrackerModel
from companion.ui.app import parse_size
from companion.ui.doctor import SNAPSHOT_NOW_NS, snapshot_model
from companion.ui.doctor_screen import DoctorScene
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext, Closable, SceneStack
from companion.ui.screenshot_apocalypse import SAMPLES as APOCALYPSE_SAMPLES
from companion.ui.screenshot_args import SCENES, SIZES
from companion.ui.screenshot_paris import SAMPLES as PARIS_SAMPLES
from companion.ui.setup import APACHE_SETUP, SetupModel, SetupScene

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

SAMPLE_WALL: Final = 1_735_761_600.0  # 2025-01-01 20:00 UTC
SAMPLE_SEED: Final = 7
SECOND: Final = 1_000_000_000
MS: Final = 1_000_000
SAMPLE_COLOURS: Final = ("red", "yellow", "purple")


class _Draws(Protocol):
    def draw(self, surface: pygame.Surface, now_ns: int) -> None: ...


Drawable = tuple[_Draws, int]
"""A scene in its sample state, and the time to draw it at."""


def file_name(scene: str, size: tuple[int, int]) -> str:
    return f"{scene}-{size[0]}x{size[1]}.png"


# --- the samples -----------------------------------------------------------------------------


def _press(control: str, t_ns: int, seq: int) -> Press:
    return Press(control, t_ns, "gpio:lgpio", seq)


SAMPLE_WINDOWS: Final = (
    (("red.hunter", 1 * SECOND), ("yellow.hunter", 1 * SECOND + 412_000)),
    (("purple.chief", 3 * SECOND), ("red.woman", 3 * SECOND + 12_507_000)),
    (
        ("yellow.hunter", 6 * SECOND),
        ("purple.hunter", 6 * SECOND + 2_000),  # 2 us: a dead heat, drawn
        ("red.chief", 6 * SECOND + 35_118_000),
        ("yellow.woman", 6 * SECOND + 80_250_000),  # yellow's second press (ruling A8)
    ),
)
SAMPLE_RESULTS: Final = (("loot", "nothing"), ("loot", "penalty"), ("nothing", "loot", "loot"))
SAMPLE_PILES: Final = (34, 27, 34)


@contextmanager
def sample_app(size: tuple[int, int]) -> Iterator[AppContext]:
    """An app whose clocks, seed and games directory (temporary) are fixed."""
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as directory:
        yield AppContext(
            size=size,
            stack=SceneStack(),
            games_dir=Path(directory),
            monotonic_ns=lambda: 0,
            wall_clock=lambda: SAMPLE_WALL,
            new_seed=lambda: SAMPLE_SEED,
        )


def sample_model(app: AppContext, windows: int, *, confirm_last: bool = True) -> TrackerModel:
    """A three-player TRACKER game with ``windows`` of the sample windows entered (the last
    one confirmed or not)."""
    ticks = itertools.count()
    session = Session.start(
        TRACKER,
        {"colours": list(SAMPLE_COLOURS)},
        SAMPLE_SEED,
        app.games_dir / "apache_tracker-sample.jsonl",
        auto_chance=False,
        clock=lambda: SAMPLE_WALL + next(ticks),
    )
    model = TrackerModel(session, app.powwow)
    seq = itertools.count()
    for index, presses in enumerate(SAMPLE_WINDOWS[:windows]):
        for control, t_ns in presses:
            model.press(_press(control, t_ns, next(seq)))
        model.poll(presses[-1][1] + 2 * SECOND)
        if index < windows - 1 or confirm_last:
            for result in SAMPLE_RESULTS[index]:
                model.choose(("loot", "nothing", "penalty").index(result))
                model.confirm()
    return model


def _menu(app: AppContext) -> Drawable:
    unfinished = [
        UnfinishedGame(
            Path("apache_tracker-20250101-193000.jsonl"), "apache_tracker", 23, 3, SAMPLE_WALL - 720
        )
    ]
    model = MenuModel(unfinished, now=SAMPLE_WALL)
    return MenuScene(app, model), 0


def _setup_apache(app: AppContext) -> Drawable:
    """Apache's setup in full mode, four players, War Path on, Mode focused."""
    model = SetupModel(APACHE_SETUP, players=4)
    model.set_mode("full")
    model.values["war_path"] = 1
    model.focus = 0
    return SetupScene(app, model), 0


def _doctor(app: AppContext) -> Drawable:
    return DoctorScene(snapshot_model(load_profile(DEFAULT_PROFILE))), SNAPSHOT_NOW_NS


def _play(app: AppContext) -> Drawable:
    return TrackerScene(app, sample_model(app, 2)), 0


def _pad(app: AppContext) -> Drawable:
    """The slap pad a click opens (the mouse's seat buttons)."""
    scene = TrackerScene(app, sample_model(app, 2))
    scene.pad_open = True
    return scene, 0


def _window(app: AppContext) -> Drawable:
    model = sample_model(app, 2)
    start = 9 * SECOND
    live = [("purple.chief", 0), ("red.woman", 412_000), ("yellow.warrior", 3_250_000)]
    live.append(("red.hunter", 5_100_000))
    for seq, (control, offset) in enumerate(live, start=100):
        model.press(_press(control, start + offset, seq))
    return TrackerScene(app, model), start + 600 * MS


def _confirm(app: AppContext) -> Drawable:
    model = sample_model(app, 3, confirm_last=False)
    model.choose(0)
    model.confirm()  # the first slap: loot
    model.choose(2)  # penalty focused: its reminder shows
    return TrackerScene(app, model), 0


def _count(app: AppContext) -> Drawable:
    model = sample_model(app, 3)
    model.finish()
    scene = CountScene(app, model)
    scene.piles = list(SAMPLE_PILES)
    scene.focus = 1
    return scene, 0


def _results(app: AppContext) -> Drawable:
    model = sample_model(app, 3)
    model.finish()
    model.count_piles(SAMPLE_PILES)
    return ResultsScene(app, model), 0


# --- Apache FULL ------------------------------------------------------------------------------


def full_sample(app: AppContext) -> FullModel:
    """A three-player FULL game, everyone a person (no bot timing: the same every time),
    War Path and Wedding on, nothing turned yet. Drive it with :func:`full_advance`."""
    ticks = itertools.count()
    options = FullOptions(SAMPLE_COLOURS, humans=3, war_path=True, wedding=True)
    session = Session.start(
        APACHE,
        options.setup(),
        SAMPLE_SEED,
        app.games_dir / "apache-sample.jsonl",
        clock=lambda: SAMPLE_WALL + next(ticks),
    )
    return FullModel(session, app.powwow, humans=3, tuning=FullTuning(), now_ns=0)


def full_advance(model: FullModel, stop: Callable[[FullModel], bool], clock: list[int]) -> None:
    """Turn cards; after each, every seat with a legal slap slaps it (stamps 180 ms apart,
    the first legal Indian of each seat) and the window resolves; a choice takes ruling
    A6's default. Stops as soon as ``stop(model)`` holds (checked after every step) or the
    game is over. ``clock[0]`` is the sample's time, advanced as it goes."""
    engine, seq = model.engine, itertools.count(1000)
    while not stop(model) and model.stage != "over":
        state = model.state
        clock[0] += SECOND
        if state.phase == "choose":
            model.choose_index(model.options.index(engine.default_choice(state)), clock[0])
            continue
        if state.phase in ("ready", "final") and _slap_all(model, clock, seq):
            continue
        if state.phase == "ready":
            model.turn(clock[0])
        elif state.phase == "final":
            model.poll(clock[0] + 10 * SECOND)


def _slap_all(model: FullModel, clock: list[int], seq: Iterator[int]) -> bool:
    state, engine = model.state, model.engine
    pressed = False
    for seat, colour in enumerate(model.colours):
        for indian in ("chief", "warrior", "woman", "hunter"):
            if engine.slap_is_legal(state, seat, indian):
                stamp = clock[0] - 700 * MS + 97 * MS * (len(state.display) % 5) + 180 * MS * seat
                model.file_press(_press(f"{colour}.{indian}", stamp, next(seq)))
                pressed = True
                break
    if pressed:
        clock[0] += 2 * SECOND
        model.poll(clock[0])
    return pressed


def _full_play(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    full_advance(model, lambda m: len(m.state.display) >= 7 and m.stage == "play", clock)
    model.poll(clock[0])
    return FullScene(app, model), clock[0]


def _full_window(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    two = _two_legal
    full_advance(model, lambda m: m.state.phase == "ready" and two(m) and m.windows != [], clock)
    # the legal slaps, and an illegal one from a seat that cannot take anything
    state, engine = model.state, model.engine
    seq = itertools.count(2000)
    for seat, colour in enumerate(model.colours):
        legal = [i for i in KINDS if engine.slap_is_legal(state, seat, i)]
        indian = legal[0] if legal else "woman"
        model.file_press(_press(f"{colour}.{indian}", clock[0] + seat * 37 * MS, next(seq)))
    clock[0] += 3 * SECOND
    model.poll(clock[0])
    while model.state.phase == "choose":
        model.choose_index(0, clock[0])
    return FullScene(app, model), clock[0]


def _two_legal(model: FullModel) -> bool:
    state, engine = model.state, model.engine
    seats = [
        seat
        for seat in range(len(model.colours))
        if any(engine.slap_is_legal(state, seat, i) for i in KINDS)
    ]
    return 2 <= len(seats) < len(model.colours)


def _full_choose(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    full_advance(model, lambda m: m.state.phase == "choose" and len(m.options) >= 3, clock)
    model.choice_focus = 1
    return FullScene(app, model), clock[0] + 2 * SECOND


def _full_results(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    full_advance(model, lambda m: False, clock)
    return FullResultsScene(app, model), clock[0]


def _settings(app: AppContext) -> Drawable:
    from companion.ui.settings_scene import SettingsModel, SettingsScene

    model = SettingsModel(Settings(quiet_time_s=1.5), ("gpio-dsi", "gpio-spi35", "usb-box"))
    model.focus, model.editing = 1, True
    return SettingsScene(app, model), 0


SAMPLES: Final[dict[str, Callable[[AppContext], Drawable]]] = {
    "menu": _menu,
    "settings": _settings,
    "setup-apache": _setup_apache,
    "doctor": _doctor,
    "apache-tracker-play": _play,
    "apache-tracker-window": _window,
    "apache-tracker-pad": _pad,
    "apache-tracker-confirm": _confirm,
    "apache-tracker-count": _count,
    "apache-tracker-results": _results,
    "apache-full-play": _full_play,
    "apache-full-window": _full_window,
    "apache-full-choose": _full_choose,
    "apache-full-results": _full_results,
    **APOCALYPSE_SAMPLES,  # type: ignore[dict-item]  # every sample has draw()
    **PARIS_SAMPLES,  # type: ignore[dict-item]  # every sample has draw()
}


def render(scene: str, size: tuple[int, int]) -> pygame.Surface:
    """``scene`` drawn from its sample state on an off-screen surface of ``size``."""
    if scene not in SAMPLES:
        raise ValueError(f"unknown scene {scene!r}; the scenes are: {', '.join(SCENES)}")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    with sample_app(size) as app:
        shown, now_ns = SAMPLES[scene](app)
        shown.draw(surface, now_ns)
        if isinstance(shown, Closable):
            shown.close()
    return surface


def save(scene: str, size: tuple[int, int], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(render(scene, size), str(path))


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
        for scene in SCENES:
            for size in SIZES:
                path = Path(args.dir) / file_name(scene, size)
                save(scene, size, path)
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
