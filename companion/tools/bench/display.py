"""``companion bench display``: how fast the screen answers, and what it costs when idle.

The program runs in a child process exactly as ``companion run --source sim`` does (the
start menu, the simulated pins, the scene stack, the main loop), with SDL's dummy video
and audio drivers, on the scene named by ``--scene`` (the doctor by default: its grid is
the busiest static screen). A driver thread then, while the loop is idle:

1. presses seat buttons on the simulated pins (``--presses`` of them, 30-90 ms apart): each
   press travels mock pin edge -> debouncer (1 ms to confirm) -> ``Press`` -> the loop's
   queue -> the scene -> a frame. **Press to frame** is the time from the pin's edge (the
   press's own stamp) to the end of ``display.flip()`` of the frame that drew it.
2. posts the same number of key presses as pygame events (the keyboard path: the loop
   looks at pygame's queue at least every ``IDLE_POLL_S``). **Key to frame**: from the
   post to the flip.
3. leaves the screen alone for ``--idle-seconds``: **idle frames** (frames drawn: should
   be 0) and **idle CPU** (the process's CPU time over the wall time, every thread of it
   counted: the input source's threads too).

**First frame**: from the moment the parent starts the child process to the end of the
first flip (interpreter start, imports, display, first draw). **Peak RSS**: the child's
``ru_maxrss``.

The bars (issue 6): press-to-frame p99 under 16.7 ms, idle CPU under 2 % of one core,
first frame under 0.8 s, peak RSS under 60 MB. ``run`` returns 0 when all hold, else 1.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Final

from companion.tools.arguments import positive

if TYPE_CHECKING:
    from companion.input.mock import SimulatedPins

FRAME_BAR_MS: Final = 1000 / 60
IDLE_CPU_BAR: Final = 2.0
FIRST_FRAME_BAR_S: Final = 0.8
RSS_BAR_MB: Final = 60.0
DEFAULT_PRESSES: Final = 100
DEFAULT_IDLE_S: Final = 10.0
SCENES: Final = ("doctor", "menu")
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
    """One run's figures (milliseconds, percent of one core, megabytes)."""

    scene: str
    size: str
    video_driver: str
    presses: int
    press_to_frame_drawn: int
    press_to_frame_median_ms: float
    press_to_frame_p99_ms: float
    press_to_frame_max_ms: float
    key_to_frame_drawn: int
    key_to_frame_median_ms: float
    key_to_frame_p99_ms: float
    idle_seconds: float
    idle_frames: int
    idle_cpu_percent: float
    first_frame_s: float
    peak_rss_mb: float

    @property
    def passed(self) -> bool:
        return (
            self.press_to_frame_drawn == self.presses
            and self.press_to_frame_p99_ms < FRAME_BAR_MS
            and self.idle_cpu_percent < IDLE_CPU_BAR
            and self.first_frame_s < FIRST_FRAME_BAR_S
            and self.peak_rss_mb < RSS_BAR_MB
        )

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed}


# --- the parent ------------------------------------------------------------------------------


def measure(*, scene: str, size: str, presses: int, idle_s: float, seed: int) -> DisplayResult:
    """Start the child, wait for its figures, add the first-frame time."""
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
            f"the display bench's child failed (status {done.returncode}):\n{done.stderr}"
        )
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    first_frame_ns = figures.pop("first_frame_ns")
    return DisplayResult(**figures, first_frame_s=round((first_frame_ns - started_ns) / 1e9, 3))


def format_report(result: DisplayResult) -> str:
    def mark(ok: bool) -> str:
        return "ok" if ok else "OVER THE BAR"

    p99_ok = result.press_to_frame_p99_ms < FRAME_BAR_MS
    return "\n".join(
        [
            f"display bench: scene {result.scene}, {result.size}, SDL video driver "
            f"{result.video_driver}, {result.presses} presses "
            f"({result.press_to_frame_drawn} buttons and {result.key_to_frame_drawn} keys drawn)",
            f"press to frame: median {result.press_to_frame_median_ms:.2f} ms, "
            f"p99 {result.press_to_frame_p99_ms:.2f} ms, max {result.press_to_frame_max_ms:.2f}"
            f" ms (bar: p99 < {FRAME_BAR_MS:.1f} ms) {mark(p99_ok)}",
            f"key to frame: median {result.key_to_frame_median_ms:.2f} ms, "
            f"p99 {result.key_to_frame_p99_ms:.2f} ms",
            f"idle {result.idle_seconds:g} s: {result.idle_frames} frames drawn, CPU "
            f"{result.idle_cpu_percent:.2f} % of one core (bar < {IDLE_CPU_BAR:g} %) "
            f"{mark(result.idle_cpu_percent < IDLE_CPU_BAR)}",
            f"first frame: {result.first_frame_s:.3f} s after start (bar < "
            f"{FIRST_FRAME_BAR_S:g} s) {mark(result.first_frame_s < FIRST_FRAME_BAR_S)}",
            f"peak RSS: {result.peak_rss_mb:.1f} MB (bar < {RSS_BAR_MB:g} MB) "
            f"{mark(result.peak_rss_mb < RSS_BAR_MB)}",
        ]
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--scene", choices=SCENES, default="doctor", help="the screen measured (default doctor)"
    )
    parser.add_argument("--size", default="480x320", metavar="WxH", help="default 480x320")
    parser.add_argument(
        "--presses",
        type=positive(int, "a positive whole number"),
        default=DEFAULT_PRESSES,
        help=f"button presses, and as many key presses (default {DEFAULT_PRESSES})",
    )
    parser.add_argument(
        "--idle-seconds",
        type=positive(float, "a positive number of seconds"),
        default=DEFAULT_IDLE_S,
        help=f"idle time measured (default {DEFAULT_IDLE_S:g})",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the press gaps")


def run(args: argparse.Namespace) -> int:
    """Run the bench and print the report; 0 if every bar holds, else 1."""
    from companion.ui.app import parse_size

    parse_size(args.size)  # a bad size is the parent's error, not the child's
    result = measure(
        scene=args.scene,
        size=args.size,
        presses=args.presses,
        idle_s=args.idle_seconds,
        seed=args.seed,
    )
    print(json.dumps(result.to_json(), indent=2) if args.json else format_report(result))
    return 0 if result.passed else 1


# --- the child -------------------------------------------------------------------------------


class _FrameLog:
    """What the loop did, written by the main thread, read by the driver thread."""

    def __init__(self) -> None:
        self.frames = 0
        self.first_ns: int | None = None
        self.last_ns = 0
        self.drained: list[int] = []
        """Stamps of the presses the loop took since the last frame."""
        self.press_latencies_ns: list[int] = []
        self.key_posted_ns: list[int] = []
        self.key_latencies_ns: list[int] = []
        self.changed = threading.Condition()

    def frame(self, now_ns: int) -> None:
        with self.changed:
            self.frames += 1
            self.last_ns = now_ns
            if self.first_ns is None:
                self.first_ns = now_ns
            self.press_latencies_ns += [now_ns - stamp for stamp in self.drained]
            self.key_latencies_ns += [now_ns - posted for posted in self.key_posted_ns]
            self.drained.clear()
            self.key_posted_ns.clear()
            self.changed.notify_all()

    def wait_for_frames(self, count: int, timeout_s: float = 5.0) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.frames >= count, timeout_s)


def _child(args: argparse.Namespace) -> int:
    import pygame

    from companion.input.events import Press
    from companion.input.pinmap import default_profile_for, load_profile
    from companion.session import default_games_dir
    from companion.ui.app import Inbox, open_display, parse_size, run_loop
    from companion.ui.run import build_app
    from companion.ui.sources import open_input

    log = _FrameLog()

    class _CountingInbox(Inbox):
        def get_nowait(self) -> Any:
            event = super().get_nowait()
            if isinstance(event, Press):
                log.drained.append(event.t_ns)
            return event

    profile = load_profile(default_profile_for("sim"))
    inbox = _CountingInbox()
    with open_input("sim", profile, inbox.put) as opened:
        screen = open_display(parse_size(args.size), fullscreen=False, title="companion bench")
        app = build_app(
            screen.get_size(), games_dir=default_games_dir(), opened=opened, profile=profile
        )
        if args.scene == "doctor" and app.open_doctor is not None:
            app.stack.push(app.open_doctor())
        assert opened.simulated is not None
        pins = opened.simulated
        stop = threading.Event()
        figures: dict[str, Any] = {}
        driver = threading.Thread(target=_drive, args=(log, pins, args, figures, stop), daemon=True)
        driver.start()
        try:
            run_loop(
                screen,
                app.stack,
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
        "size": args.size,
        "video_driver": os.environ.get("SDL_VIDEODRIVER", ""),
        "presses": args.presses,
        "first_frame_ns": log.first_ns,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    print(json.dumps(figures))
    return 0


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
        time.sleep(0.3)  # the first scene settles (the menu gives way to the doctor)
        for k in range(args.presses):
            time.sleep(rng.uniform(0.03, 0.09))
            control = controls[k % len(controls)]
            pins.press(control)
            time.sleep(0.005)
            pins.release(control)
        with log.changed:  # key presses reach the pins too: keep the buttons' figures apart
            log.changed.wait_for(lambda: len(log.press_latencies_ns) >= args.presses, 5.0)
            button_latencies = list(log.press_latencies_ns)
        for k in range(args.presses):
            time.sleep(rng.uniform(0.03, 0.09))
            key = pygame.key.key_code(KEYS[k % len(KEYS)])
            with log.changed:
                log.key_posted_ns.append(time.monotonic_ns())
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
        _wait_until_static(log)
        figures |= _idle(log, args.idle_seconds)
        figures |= _latencies("press_to_frame", button_latencies, with_max=True)
        figures |= _latencies("key_to_frame", log.key_latencies_ns, with_max=False)
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


def _latencies(name: str, samples_ns: Sequence[int], *, with_max: bool) -> dict[str, Any]:
    ms = sorted(s / 1e6 for s in samples_ns) or [float("nan")]
    found = {
        f"{name}_drawn": len(samples_ns),
        f"{name}_median_ms": round(statistics.median(ms), 3),
        f"{name}_p99_ms": round(ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))], 3),
    }
    if with_max:
        found[f"{name}_max_ms"] = round(ms[-1], 3)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion bench display")
    add_arguments(parser)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return _child(args) if args.child else run(args)


if __name__ == "__main__":
    sys.exit(main())
