"""``companion bench display``: how fast the screen answers, what it costs when idle, and how
long each screen takes to draw.

**Live runs.** For every scene and size asked (``--scene``: menu, doctor, apache,
apocalypse, paris, or all of them, the default; ``--size WxH``, repeatable: both panel
sizes by default) a child process runs the program exactly as ``companion run --source
sim`` does (simulated pins, the scene stack, the main loop) with SDL's dummy video and
audio drivers and games journaled in a temporary folder. The doctor is pushed over the
start menu as its menu entry does; a game scene is a ``companion screenshot`` sample built
over the child's own app and pushed the same way: apache is the tracker's Pow-Wow screen
(``apache-tracker-play``: seat presses are slaps), apocalypse a trick's cards being entered
(``apocalypse-tracker-play``: seat presses pick suits), paris the bank
(``paris-tracker-turn``). A driver thread then, while the loop is idle:

1. presses seat buttons on the simulated pins (``--presses`` of them, 30-90 ms apart): each
   press travels mock pin edge -> debouncer -> ``Press`` -> the loop's queue -> the scene
   -> a frame. **Press to frame** is the time from the pin's edge (the press's own stamp)
   to the end of ``display.flip()`` of the frame that drew it, in three parts: **confirm**
   (edge to the ``Press`` put on the loop's queue: the debouncer's ``min_press_ns`` plus
   the GPIO source's latency allowance, ``gpio.DEFAULT_LATENCY_NS``, plus its timer's
   wake-up), **queue** (put to the loop taking it), **draw+flip** (taken to the end of the
   flip: the scene's handling, update and drawing, and the flip), and within it **the
   scene's draw** in the frame that drew the press (the live scene's state: a Pow-Wow's
   slaps, the cards picked).
2. posts the same number of key presses as pygame events (the keyboard path: the loop
   looks at pygame's queue at least every ``IDLE_POLL_S``). **Key to frame**: from the
   post to the flip.
3. leaves the screen alone for ``--idle-seconds``: **idle frames** (frames drawn: 0 on a
   static screen) and **idle CPU** (the process's CPU time over the wall time, every thread
   of it counted: the input source's threads too).

**First frame**: from the moment the parent starts the child process to the end of the
first flip (interpreter start, imports, display, the scene built, first draw). **Peak
RSS**: the child's ``ru_maxrss``.

**Render times** (``render.py``): every scene ``companion screenshot`` knows, drawn from its
sample state at each size asked, in this process.

The bars: press to frame median at most 4 ms and p99 at most 8 ms with every press drawn,
idle CPU under 2 % of one core, first frame under 0.8 s, peak RSS under 60 MB, and a render
median of at most 2.5 ms per frame for every scene at every size. ``run`` returns 0 when
all hold, else 1.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from companion.tools.arguments import positive
from companion.tools.bench.render import (
    RenderResult,
    format_renders,
    median_ms,
    p99_ms,
    time_renders,
)
from companion.ui.screenshot_args import SIZES

if TYPE_CHECKING:
    import pygame

    from companion.input.events import InputEvent
    from companion.input.mock import SimulatedPins
    from companion.ui.app import Scene
    from companion.ui.scenes import AppContext

FRAME_MEDIAN_BAR_MS: Final = 4.0
FRAME_P99_BAR_MS: Final = 8.0
IDLE_CPU_BAR: Final = 2.0
FIRST_FRAME_BAR_S: Final = 0.8
RSS_BAR_MB: Final = 60.0
DEFAULT_PRESSES: Final = 60
DEFAULT_IDLE_S: Final = 5.0
GAME_SAMPLES: Final = {
    "apache": "apache-tracker-play",
    "apocalypse": "apocalypse-tracker-play",
    "paris": "paris-tracker-turn",
}
"""A live game scene -> the ``companion screenshot`` sample it starts from (in
``companion.ui.<scene>.samples``)."""
SCENES: Final = ("menu", "doctor", *GAME_SAMPLES)
ALL_SCENES: Final = "all"
SEAT_CONTROLS: Final = tuple(
    f"{colour}.{kind}"
    for colour in ("red", "yellow", "purple", "blue")
    for kind in ("chief", "warrior", "woman", "hunter")
)
"""The controls pressed (every profile wires the first three seats at least)."""
KEYS: Final = ("1", "2", "3", "4", "q", "w", "e", "r", "a", "s", "d", "f")
CHILD_TIMEOUT_S: Final = 300.0


@dataclass(frozen=True)
class DisplayResult:
    """One live run's figures (milliseconds, percent of one core, megabytes)."""

    scene: str
    size: str
    video_driver: str
    presses: int
    press_to_frame_drawn: int
    press_to_frame_median_ms: float
    press_to_frame_p99_ms: float
    press_to_frame_max_ms: float
    confirm_median_ms: float
    queue_median_ms: float
    draw_flip_median_ms: float
    scene_draw_median_ms: float
    key_to_frame_drawn: int
    key_to_frame_median_ms: float
    key_to_frame_p99_ms: float
    idle_seconds: float
    idle_frames: int
    idle_cpu_percent: float
    first_frame_s: float
    peak_rss_mb: float

    def checks(self) -> dict[str, bool]:
        """Each bar of a live run, and whether it holds."""
        return {
            "every press drawn": self.press_to_frame_drawn == self.presses,
            "press to frame median": self.press_to_frame_median_ms <= FRAME_MEDIAN_BAR_MS,
            "press to frame p99": self.press_to_frame_p99_ms <= FRAME_P99_BAR_MS,
            "idle CPU": self.idle_cpu_percent < IDLE_CPU_BAR,
            "first frame": self.first_frame_s < FIRST_FRAME_BAR_S,
            "peak RSS": self.peak_rss_mb < RSS_BAR_MB,
        }

    @property
    def passed(self) -> bool:
        return all(self.checks().values())

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed}


@dataclass(frozen=True)
class BenchReport:
    """Every live run and every render time of one ``companion bench display``."""

    live: list[DisplayResult] = field(default_factory=list)
    render: list[RenderResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.live) and all(r.passed for r in self.render)

    def to_json(self) -> dict[str, Any]:
        return {
            "live": [r.to_json() for r in self.live],
            "render": [r.to_json() for r in self.render],
            "passed": self.passed,
        }


# --- the parent ------------------------------------------------------------------------------


def measure(*, scene: str, size: str, presses: int, idle_s: float, seed: int) -> DisplayResult:
    """Start the child for one live run, wait for its figures, add the first-frame time."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    argv = [sys.executable, "-m", "companion.tools.bench.display", "--child", "--scene", scene]
    argv += ["--size", size, "--presses", str(presses), "--idle-seconds", str(idle_s)]
    argv += ["--seed", str(seed)]
    started_ns = time.monotonic_ns()
    done = subprocess.run(
        argv, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"the display bench's child ({scene}, {size}) failed (status {done.returncode}):"
            f"\n{done.stderr}"
        )
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    first_frame_ns = figures.pop("first_frame_ns")
    return DisplayResult(**figures, first_frame_s=round((first_frame_ns - started_ns) / 1e9, 3))


def _mark(ok: bool) -> str:
    return "ok" if ok else "OVER THE BAR"


def format_live(result: DisplayResult) -> str:
    """One live run's figures, each bar's figure marked ok or OVER THE BAR."""
    ok = result.checks()
    return "\n".join(
        [
            f"{result.scene} {result.size}: {result.press_to_frame_drawn}/{result.presses} "
            f"presses drawn {_mark(ok['every press drawn'])}, "
            f"{result.key_to_frame_drawn}/{result.presses} keys drawn",
            f"  press to frame: median {result.press_to_frame_median_ms:.2f} ms "
            f"{_mark(ok['press to frame median'])}, p99 {result.press_to_frame_p99_ms:.2f} ms "
            f"{_mark(ok['press to frame p99'])}, max {result.press_to_frame_max_ms:.2f} ms",
            f"    medians: confirm {result.confirm_median_ms:.2f} ms · queue "
            f"{result.queue_median_ms:.2f} ms · draw+flip {result.draw_flip_median_ms:.2f} ms "
            f"(the scene's draw {result.scene_draw_median_ms:.2f} ms)",
            f"  key to frame: median {result.key_to_frame_median_ms:.2f} ms, "
            f"p99 {result.key_to_frame_p99_ms:.2f} ms",
            f"  idle {result.idle_seconds:g} s: {result.idle_frames} frames drawn, CPU "
            f"{result.idle_cpu_percent:.2f} % of one core {_mark(ok['idle CPU'])}",
            f"  first frame {result.first_frame_s:.3f} s after start {_mark(ok['first frame'])}"
            f", peak RSS {result.peak_rss_mb:.1f} MB {_mark(ok['peak RSS'])}",
        ]
    )


def format_report(report: BenchReport) -> str:
    """The whole text report: the bars, each live run, the render table, the verdict."""
    lines = []
    if report.live:
        first = report.live[0]
        lines += [
            f"display bench, live runs: SDL video driver {first.video_driver}, "
            f"{first.presses} button presses and as many keys per run (bars: press to frame "
            f"median <= {FRAME_MEDIAN_BAR_MS:g} ms and p99 <= {FRAME_P99_BAR_MS:g} ms, every "
            f"press drawn; idle CPU < {IDLE_CPU_BAR:g} %; first frame < "
            f"{FIRST_FRAME_BAR_S:g} s; peak RSS < {RSS_BAR_MB:g} MB)",
            *(format_live(result) for result in report.live),
        ]
    lines.append(format_renders(report.render))
    lines.append("every bar holds" if report.passed else "SOME FIGURES ARE OVER THE BAR")
    return "\n".join(lines)


def _size(text: str) -> str:
    """An argparse type: ``--size`` as ``WxH`` within the panels' range (``parse_size``)."""
    from companion.errors import ConfigError
    from companion.ui.app import parse_size

    try:
        width, height = parse_size(text)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--size ")) from None
    return f"{width}x{height}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--scene",
        choices=(ALL_SCENES, *SCENES),
        default=ALL_SCENES,
        help="the screen of the live runs (default all of them)",
    )
    parser.add_argument(
        "--size",
        type=_size,
        action="append",
        metavar="WxH",
        help="a screen size; may be given more than once (default 480x320 and 800x480)",
    )
    parser.add_argument(
        "--presses",
        type=positive(int, "a positive whole number"),
        default=DEFAULT_PRESSES,
        help=f"button presses per live run, and as many key presses (default {DEFAULT_PRESSES})",
    )
    parser.add_argument(
        "--idle-seconds",
        type=positive(float, "a positive number of seconds"),
        default=DEFAULT_IDLE_S,
        help=f"idle time measured per live run (default {DEFAULT_IDLE_S:g})",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the press gaps")


def run(args: argparse.Namespace) -> int:
    """Run the live runs and the render times, print the report; 0 if every bar holds."""
    sizes = list(dict.fromkeys(args.size or [f"{w}x{h}" for w, h in SIZES]))
    scenes = SCENES if args.scene == ALL_SCENES else (args.scene,)
    live = []
    for scene in scenes:
        for size in sizes:
            print(f"live run: {scene} at {size}", file=sys.stderr, flush=True)
            live.append(
                measure(
                    scene=scene,
                    size=size,
                    presses=args.presses,
                    idle_s=args.idle_seconds,
                    seed=args.seed,
                )
            )
    print("render times", file=sys.stderr, flush=True)
    render = time_renders([_pair(size) for size in sizes])
    report = BenchReport(live=live, render=render)
    print(json.dumps(report.to_json(), indent=2) if args.json else format_report(report))
    return 0 if report.passed else 1


def _pair(size: str) -> tuple[int, int]:
    width, _, height = size.partition("x")
    return int(width), int(height)


# --- the child -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _PressPath:
    """One button press's way to the screen (``time.monotonic_ns()`` stamps)."""

    edge_ns: int
    put_ns: int
    taken_ns: int
    drawn_ns: int
    scene_draw_ns: int
    """How long the scene's ``draw`` took in the frame that drew the press."""


class _FrameLog:
    """What the loop did, written by the main thread and the input source's thread, read by
    the driver thread."""

    def __init__(self) -> None:
        self.frames = 0
        self.first_ns: int | None = None
        self.last_ns = 0
        self.put_ns: dict[int, int] = {}
        """Press ``seq`` -> when it was put on the loop's queue."""
        self.taken: dict[int, tuple[int, int]] = {}
        """Press ``seq`` -> (its edge, when the loop took it), for those not drawn yet."""
        self.paths: list[_PressPath] = []
        self.scene_draw_ns = 0
        """How long the last frame's ``draw`` took."""
        self.key_posted_ns: list[int] = []
        self.key_latencies_ns: list[int] = []
        self.changed = threading.Condition()

    def put(self, seq: int, now_ns: int) -> None:
        with self.changed:
            self.put_ns[seq] = now_ns

    def take(self, seq: int, edge_ns: int, now_ns: int) -> None:
        with self.changed:
            # the last take counts: a press the loop peeked at while waking is taken again
            self.taken[seq] = (edge_ns, now_ns)

    def frame(self, now_ns: int) -> None:
        with self.changed:
            self.frames += 1
            self.last_ns = now_ns
            if self.first_ns is None:
                self.first_ns = now_ns
            for seq, (edge_ns, taken_ns) in self.taken.items():
                put_ns = self.put_ns.pop(seq)
                self.paths.append(_PressPath(edge_ns, put_ns, taken_ns, now_ns, self.scene_draw_ns))
            self.key_latencies_ns += [now_ns - posted for posted in self.key_posted_ns]
            self.taken.clear()
            self.key_posted_ns.clear()
            self.changed.notify_all()

    def wait_for_frames(self, count: int, timeout_s: float = 5.0) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.frames >= count, timeout_s)


def _child(args: argparse.Namespace) -> int:
    import pygame

    from companion.input.events import Press
    from companion.input.pinmap import default_profile_for, load_profile
    from companion.ui.app import Inbox, open_display, parse_size, run_loop
    from companion.ui.run import build_app
    from companion.ui.sources import open_input

    log = _FrameLog()
    (size,) = args.size

    class _CountingInbox(Inbox):
        def put(self, event: InputEvent) -> None:
            if isinstance(event, Press):
                log.put(event.seq, time.monotonic_ns())
            super().put(event)

        def get_nowait(self) -> InputEvent | None:
            event = super().get_nowait()
            if isinstance(event, Press):
                log.take(event.seq, event.t_ns, time.monotonic_ns())
            return event

    profile = load_profile(default_profile_for("sim"))
    inbox = _CountingInbox()
    with (
        tempfile.TemporaryDirectory(prefix="companion-bench-") as games_dir,
        open_input("sim", profile, inbox.put) as opened,
    ):
        screen = open_display(parse_size(size), fullscreen=False, title="companion bench")
        app = build_app(
            screen.get_size(), games_dir=Path(games_dir), opened=opened, profile=profile
        )
        _show(app, args.scene)
        assert opened.simulated is not None
        pins = opened.simulated
        stop = threading.Event()
        figures: dict[str, Any] = {}
        driver = threading.Thread(target=_drive, args=(log, pins, args, figures, stop), daemon=True)
        driver.start()
        try:
            run_loop(
                screen,
                _TimedDraws(app.stack, log),
                inbox,
                until_ns=time.monotonic_ns() + round(CHILD_TIMEOUT_S * 1e9),
                after_frame=lambda _: log.frame(time.monotonic_ns()),
                stop=stop.is_set,
            )
        finally:
            app.stack.close()
            pygame.display.quit()
        driver.join()
    figures |= {
        "scene": args.scene,
        "size": size,
        "video_driver": os.environ.get("SDL_VIDEODRIVER", ""),
        "presses": args.presses,
        "first_frame_ns": log.first_ns,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    print(json.dumps(figures))
    return 0


class _TimedDraws:
    """``scene`` as ``run_loop`` sees it, each ``draw`` timed into ``log``."""

    def __init__(self, scene: Scene, log: _FrameLog) -> None:
        self.scene = scene
        self.log = log

    @property
    def finished(self) -> bool:
        return self.scene.finished

    def handle_event(self, event: pygame.event.Event) -> None:
        self.scene.handle_event(event)

    def handle_input(self, event: InputEvent, now_ns: int) -> None:
        self.scene.handle_input(event, now_ns)

    def update(self, now_ns: int) -> bool:
        return self.scene.update(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        started_ns = time.monotonic_ns()
        self.scene.draw(surface, now_ns)
        self.log.scene_draw_ns = time.monotonic_ns() - started_ns


def _show(app: AppContext, scene: str) -> None:
    """Push ``scene`` over the start menu (the menu stays for ``menu``)."""
    from companion.ui.scenes import BaseScene

    if scene == "doctor" and app.open_doctor is not None:
        app.stack.push(app.open_doctor())
    elif scene in GAME_SAMPLES:
        # the game's own samples (those of companion screenshot): only its screens load
        samples = importlib.import_module(f"companion.ui.{scene}.samples").SAMPLES
        shown, _ = samples[GAME_SAMPLES[scene]](app)
        if not isinstance(shown, BaseScene):
            raise TypeError(f"the sample {GAME_SAMPLES[scene]!r} is not a scene: {shown!r}")
        app.stack.push(shown)


def _drive(
    log: _FrameLog,
    pins: SimulatedPins,
    args: argparse.Namespace,
    figures: dict[str, Any],
    stop: threading.Event,
) -> None:
    """The driver thread: presses, key presses, then the idle measurement."""
    import pygame

    controls = [c for c in SEAT_CONTROLS if c in pins.controls]
    try:
        rng = random.Random(args.seed)
        log.wait_for_frames(1)
        time.sleep(0.3)  # the first scene settles
        for k in range(args.presses):
            time.sleep(rng.uniform(0.03, 0.09))
            control = controls[k % len(controls)]
            pins.press(control)
            time.sleep(0.005)
            pins.release(control)
        with log.changed:  # key presses reach the pins too: keep the buttons' figures apart
            log.changed.wait_for(lambda: len(log.paths) >= args.presses, 5.0)
            button_paths = list(log.paths)
        for k in range(args.presses):
            time.sleep(rng.uniform(0.03, 0.09))
            key = pygame.key.key_code(KEYS[k % len(KEYS)])
            with log.changed:
                log.key_posted_ns.append(time.monotonic_ns())
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
        _wait_until_static(log)
        figures |= _idle(log, args.idle_seconds)
        figures |= _press_figures(button_paths)
        figures |= {
            "key_to_frame_drawn": len(log.key_latencies_ns),
            "key_to_frame_median_ms": median_ms(log.key_latencies_ns),
            "key_to_frame_p99_ms": p99_ms(log.key_latencies_ns),
        }
    finally:
        stop.set()


def _wait_until_static(log: _FrameLog, quiet_s: float = 3.0, limit_s: float = 15.0) -> None:
    """Wait until no frame was drawn for ``quiet_s`` (glows faded, messages expired: a
    message stays 2.5 s)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        with log.changed:
            since_s = (time.monotonic_ns() - log.last_ns) / 1e9
        if since_s >= quiet_s:
            return
        time.sleep(quiet_s - since_s)


def _idle(log: _FrameLog, seconds: float) -> dict[str, Any]:
    frames, cpu, wall = log.frames, time.process_time(), time.monotonic()
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    return {
        "idle_seconds": seconds,
        "idle_frames": log.frames - frames,
        "idle_cpu_percent": round(100 * cpu / wall, 3),
    }


def _press_figures(paths: Sequence[_PressPath]) -> dict[str, Any]:
    """Press to frame (median, p99, max) and the medians of its three parts."""
    total = [p.drawn_ns - p.edge_ns for p in paths]
    return {
        "press_to_frame_drawn": len(paths),
        "press_to_frame_median_ms": median_ms(total),
        "press_to_frame_p99_ms": p99_ms(total),
        "press_to_frame_max_ms": round(max(total, default=0) / 1e6, 3),
        "confirm_median_ms": median_ms([p.put_ns - p.edge_ns for p in paths]),
        "queue_median_ms": median_ms([p.taken_ns - p.put_ns for p in paths]),
        "draw_flip_median_ms": median_ms([p.drawn_ns - p.taken_ns for p in paths]),
        "scene_draw_median_ms": median_ms([p.scene_draw_ns for p in paths]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion bench display")
    add_arguments(parser)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return _child(args) if args.child else run(args)


if __name__ == "__main__":
    sys.exit(main())
