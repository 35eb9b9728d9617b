"""Render times for ``companion bench display``: how long each screen takes to draw.

Every scene ``companion screenshot`` knows (``SCENES``) is built once from its sample
state at each size (``sample_app`` then ``SAMPLES[scene]``, as ``screenshot.render``
does), drawn ``WARM_UP_DRAWS`` times untimed (fonts loaded, text cached), then drawn
``frames`` times on an off-screen surface, each draw timed with ``perf_counter_ns``. The
bar: a median of at most ``RENDER_BAR_MS`` per frame for every scene at every size.

This runs in the calling process with SDL's dummy video and audio drivers. The draws come
back to back, caches warm: a frame drawn after the screen was left alone (the frame of a
press) takes longer, as the live runs' "scene's draw" shows.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from companion.ui.screenshot_args import SCENES

RENDER_BAR_MS: Final = 2.5
DEFAULT_FRAMES: Final = 50
WARM_UP_DRAWS: Final = 3


def median_ms(samples_ns: Sequence[int]) -> float:
    """The median of ``samples_ns`` in milliseconds (NaN when there are none)."""
    return round(statistics.median(samples_ns) / 1e6, 3) if samples_ns else float("nan")


def p99_ms(samples_ns: Sequence[int]) -> float:
    """The 99th percentile of ``samples_ns`` in milliseconds, the nearest sample's (NaN when
    there are none)."""
    if not samples_ns:
        return float("nan")
    ordered = sorted(samples_ns)
    return round(ordered[round(0.99 * (len(ordered) - 1))] / 1e6, 3)


@dataclass(frozen=True)
class RenderResult:
    """One scene's draw times at one size (milliseconds)."""

    scene: str
    size: str
    frames: int
    median_ms: float
    p99_ms: float

    @property
    def passed(self) -> bool:
        return self.median_ms <= RENDER_BAR_MS

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed}


def time_scene(scene: str, size: tuple[int, int], *, frames: int = DEFAULT_FRAMES) -> RenderResult:
    """Draw ``scene``'s sample at ``size`` ``frames`` times (after the warm-up draws)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from companion.ui.samples import sample_app
    from companion.ui.scenes import Closable
    from companion.ui.screenshot import SAMPLES

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    with sample_app(size) as app:
        shown, now_ns = SAMPLES[scene](app)
        for _ in range(WARM_UP_DRAWS):
            shown.draw(surface, now_ns)
        took_ns = []
        for _ in range(frames):
            started = time.perf_counter_ns()
            shown.draw(surface, now_ns)
            took_ns.append(time.perf_counter_ns() - started)
        if isinstance(shown, Closable):
            shown.close()
    return RenderResult(
        scene=scene,
        size=f"{size[0]}x{size[1]}",
        frames=frames,
        median_ms=median_ms(took_ns),
        p99_ms=p99_ms(took_ns),
    )


def time_renders(
    sizes: Sequence[tuple[int, int]],
    *,
    scenes: Sequence[str] = SCENES,
    frames: int = DEFAULT_FRAMES,
) -> list[RenderResult]:
    """``time_scene`` for every scene of ``scenes`` at every size of ``sizes``."""
    return [time_scene(scene, size, frames=frames) for scene in scenes for size in sizes]


def format_renders(results: Sequence[RenderResult]) -> str:
    """A table: one row per scene, median and p99 at each size, the slowest scene first."""
    if not results:
        return "render: nothing measured"
    sizes = list(dict.fromkeys(r.size for r in results))
    by_scene: dict[str, dict[str, RenderResult]] = {}
    for result in results:
        by_scene.setdefault(result.scene, {})[result.size] = result
    rows = sorted(by_scene.items(), key=lambda row: -max(r.median_ms for r in row[1].values()))
    width = max(len(scene) for scene in by_scene)
    frames = results[0].frames
    lines = [
        f"render, {frames} frames after {WARM_UP_DRAWS} warm-up draws, slowest first (bar: "
        f"median <= {RENDER_BAR_MS:g} ms per frame); median / p99 in ms:",
        ("  " + " " * width + "".join(f"  {size:<26}" for size in sizes)).rstrip(),
    ]
    for scene, at in rows:
        cells = "".join(f"  {_cell(at.get(size)):<26}" for size in sizes)
        lines.append(f"  {scene:<{width}}{cells}".rstrip())
    return "\n".join(lines)


def _cell(result: RenderResult | None) -> str:
    if result is None:
        return "-"
    mark = "ok" if result.passed else "OVER THE BAR"
    return f"{result.median_ms:.2f} / {result.p99_ms:.2f} {mark}"
