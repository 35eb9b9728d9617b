"""The firmware's debouncer (box_debounce.py) must debounce exactly like the Pi's
(companion/input/debounce.py): both run on the same random edge trains (bounces,
glitches, presses, stuck buttons, a button held at start, simultaneous edges) and must
emit the same events, in the same order, with the same stamps and counters."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.input.debounce import DEFAULT_SETTINGS, DebounceBank
from companion.input.events import InputEvent, Press, Stuck, Unstuck
from tests.firmware.firmware import load

MS = 1_000_000
US = 1_000
Edge = tuple[int, int, bool]  # (t_ns, input, active)


@pytest.fixture(scope="module")
def fw() -> Any:
    return load("box_debounce")


def test_the_constants_are_the_pis(fw: Any) -> None:
    s = DEFAULT_SETTINGS
    assert (
        s.min_press_ns,
        s.glitch_quiet_ns,
        s.release_quiet_ns,
        s.stuck_ns,
    ) == (fw.MIN_PRESS, fw.GLITCH_QUIET, fw.RELEASE_QUIET, fw.STUCK)


def _burst(rng: random.Random, start: int, index: int) -> tuple[list[Edge], int]:
    """One random burst on ``index`` from an idle input; returns its edges and its end."""
    kind = rng.choice(["press", "press", "press", "glitch", "bouncy", "stuck", "tickle"])
    if kind == "glitch":
        width = rng.randrange(5 * US, 900 * US)
        return [(start, index, True), (start + width, index, False)], start + width
    if kind == "stuck":
        hold = rng.randrange(5_000 * MS, 6_000 * MS)
    elif kind == "tickle":  # active time close to the 1 ms threshold, split by a gap
        a, gap = rng.randrange(300 * US, 900 * US), rng.randrange(50 * US, 2500 * US)
        b = rng.randrange(100 * US, 900 * US)
        t = start
        edges = [(t, index, True), (t + a, index, False), (t + a + gap, index, True)]
        end = t + a + gap + b
        return [*edges, (end, index, False)], end
    else:
        hold = rng.randrange(2 * MS, 300 * MS)
    edges = [(start, index, True)]
    t, level = start, True
    for _ in range(rng.randrange(0, 7 if kind == "bouncy" else 3) * 2):  # bounce at the start
        t += rng.randrange(20 * US, 400 * US)
        level = not level
        edges.append((t, index, level))
    t = max(t, start + hold)
    if not level:
        t += rng.randrange(US, 200 * US)
        edges.append((t, index, True))
    edges.append((t, index, False))
    for _ in range(rng.randrange(0, 3)):  # bounce at the release
        t += rng.randrange(20 * US, 3 * MS)
        edges += [(t, index, True), (t + 50 * US, index, False)]
        t += 50 * US
    return edges, t


def _train(rng: random.Random, inputs: int) -> tuple[list[bool], list[Edge], int]:
    held = [rng.random() < 0.1 for _ in range(inputs)]
    edges: list[Edge] = []
    end = 0
    for index in range(inputs):
        t = rng.randrange(0, 20 * MS)
        if held[index]:  # held at start: released some time, maybe after the stuck limit
            t += rng.choice([rng.randrange(MS, 100 * MS), rng.randrange(5_000 * MS, 6_000 * MS)])
            edges.append((t, index, False))
        for _ in range(rng.randrange(1, 12)):
            t += rng.choice([rng.randrange(0, 3 * MS), rng.randrange(10 * MS, 400 * MS)])
            burst, t = _burst(rng, t, index)
            edges += burst
        end = max(end, t)
    if rng.random() < 0.5 and len(edges) > 4:  # some edges of different inputs at one instant
        for k in rng.sample(range(len(edges)), 4):
            t, index, level = edges[k]
            edges[k] = (t - t % (3 * MS), index, level)
        edges = _per_input_order(edges)
    edges.sort(key=lambda e: (e[0], e[1]))
    return held, edges, end + 6_000 * MS


def _per_input_order(edges: list[Edge]) -> list[Edge]:
    """Keep each input's edges alternating and increasing after moving some in time."""
    out: list[Edge] = []
    last: dict[int, tuple[int, bool]] = {}
    for t, index, level in sorted(edges, key=lambda e: (e[1], e[0])):
        prev = last.get(index)
        if prev is not None and (t <= prev[0] or level == prev[1]):
            continue
        out.append((t, index, level))
        last[index] = (t, level)
    return out


def _pi(held: list[bool], edges: list[Edge], end: int) -> tuple[list[tuple[str, int, int]], Any]:
    bank = DebounceBank(source="pi")
    names = [f"c{i}" for i in range(len(held))]
    for name, active in zip(names, held, strict=True):
        bank.add(name, active=active, start_ns=0)
    events: list[InputEvent] = []
    for t, index, level in edges:
        events += bank.advance(t)
        events += bank.edge(names[index], t, level)
    events += bank.advance(end)
    kinds = {Press: "P", Stuck: "S", Unstuck: "U"}
    out = []
    for e in events:
        t = e.since_ns if isinstance(e, Stuck) else e.t_ns
        out.append((kinds[type(e)], names.index(e.control), t))
    return out, bank.stats()


def _box(
    fw: Any, held: list[bool], edges: list[Edge], end: int
) -> tuple[list[tuple[str, int, int]], Any]:
    out: list[tuple[str, int, int]] = []
    bank = fw.Bank(held, 0, lambda kind, i, t: out.append((kind, i, t)))
    for t, index, level in edges:
        bank.edge(index, t, level)
    bank.advance(end)
    return out, bank


@pytest.mark.parametrize("seed", range(60))
def test_box_and_pi_debounce_the_same_trains_identically(fw: Any, seed: int) -> None:
    rng = random.Random(seed)
    held, edges, end = _train(rng, inputs=rng.choice([1, 3, 24]))
    pi_events, pi_stats = _pi(held, edges, end)
    box_events, box = _box(fw, held, edges, end)
    assert box_events == pi_events
    for i, stats in enumerate(pi_stats.values()):
        assert (box.presses[i], box.glitches[i], box.stuck[i], box.bounces[i]) == (
            stats.presses,
            stats.glitches,
            stats.stuck,
            stats.bounces,
        )
        assert (box.ignored[i], box.late[i], box.state(i)) == (
            stats.ignored,
            stats.late,
            stats.state,
        )


def test_the_trains_exercise_every_rule(fw: Any) -> None:
    kinds: set[str] = set()
    glitches = bounces = 0
    for seed in range(60):
        rng = random.Random(seed)
        held, edges, end = _train(rng, inputs=rng.choice([1, 3, 24]))
        events, box = _box(fw, held, edges, end)
        kinds |= {kind for kind, _, _ in events}
        glitches += sum(box.glitches)
        bounces += sum(box.bounces)
    assert kinds == {"P", "S", "U"}
    assert glitches > 0 and bounces > 0


def test_a_press_is_stamped_with_its_first_edge(fw: Any) -> None:
    out: list[tuple[str, int, int]] = []
    bank = fw.Bank([False], 0, lambda *e: out.append(e))
    for t, level in [(100, True), (150, False), (400, True), (50 * MS, False)]:
        bank.edge(0, t * US if t < MS else t, level)
    bank.advance(100 * MS)
    assert out == [("P", 0, 100 * US)]
