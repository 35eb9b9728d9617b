"""Whole sequences of button edges from a list or a small script, for tests and demos.

The edges go through the same debouncer (``debounce.DebounceBank``) and sink as the GPIO
source, so a script shows exactly what the buttons would produce. ``MockTimeline``
(``mock.py``) plays the same edges through gpiozero's mock pins instead.

Text format: one item per line; ``#`` starts a comment; blank lines are ignored.

    deliver reverse             # optional: time (default), reverse, written, shuffle [SEED]
    1000us  red.hunter press    # active edge at 1000 us
    1012us  yellow.hunter press
    1.5ms   red.hunter release  # inactive edge
    20ms    blue.chief tap 80ms # press at 20 ms, release 80 ms later
    30ms    green.woman bounce 9 5ms  # 9 edges alternating from active over 5 ms
    6s      end                 # advance time to here at the end

Times are a number (decimals allowed) with a unit: ``ns``, ``us`` (or ``µs``), ``ms``,
``s``. ``bounce N SPAN`` spreads N edges evenly over SPAN starting with an active one,
so an odd N leaves the button held. Without ``end``, time advances to the last edge plus
the release quiet time, so every burst is settled.

Delivery orders (the order the edges reach the debouncer, not their timestamps):
``time`` sorts by timestamp; ``written`` keeps the lines' order; ``reverse`` and
``shuffle`` reverse or shuffle the order ACROSS controls while each control's own edges
stay in time order, as lgpio delivers them (HARDWARE_NOTES "GPIO timestamps").

JSON holds the same: a list of entries, or ``{"deliver": "reverse", "seed": 0,
"end": "6s", "edges": [...]}``. An entry is a text line (``"1000us red.hunter press"``)
or an object ``{"at": "1000us", "control": "red.hunter", "action": "press",
"args": []}`` where ``at`` may also be an integer of nanoseconds.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final, Literal, TypeAlias, cast, get_args

from companion.errors import ConfigError
from companion.input.controls import ALL_CONTROLS, is_control
from companion.input.debounce import (
    ControlStats,
    DebounceBank,
    DebounceSettings,
    SinkLike,
    as_sink,
)
from companion.input.events import InputEvent

DeliveryOrder: TypeAlias = Literal["time", "reverse", "written", "shuffle"]

_ORDERS: Final = get_args(DeliveryOrder)
_UNITS: Final = {"ns": 1, "us": 1_000, "µs": 1_000, "ms": 1_000_000, "s": 1_000_000_000}
_DURATION: Final = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(ns|us|µs|ms|s)")
_WHOLE: Final = re.compile(r"[0-9]+")
"""A whole number in ASCII digits: ``str.isdigit`` also takes "²", which ``int`` refuses."""
_FORMAT: Final = "see the format in companion/input/scripted.py"


@dataclass(frozen=True, slots=True)
class ScriptEdge:
    """One raw edge: ``active`` is the level after it (True = pressed)."""

    t_ns: int
    control: str
    active: bool


@dataclass(frozen=True)
class Script:
    """Edges as written, and how to deliver them."""

    edges: tuple[ScriptEdge, ...]
    order: DeliveryOrder = "time"
    seed: int = 0
    end_ns: int | None = None

    def delivered(self) -> list[ScriptEdge]:
        """The edges in delivery order."""
        return reorder(self.edges, self.order, seed=self.seed)


# ---- building edges --------------------------------------------------------------------


def tap_edges(control: str, at_ns: int, hold_ns: int) -> list[ScriptEdge]:
    """A clean press at ``at_ns`` released ``hold_ns`` later."""
    return [ScriptEdge(at_ns, control, True), ScriptEdge(at_ns + hold_ns, control, False)]


def bounce_edges(control: str, at_ns: int, edges: int, span_ns: int) -> list[ScriptEdge]:
    """``edges`` edges alternating from active, evenly over ``span_ns`` from ``at_ns``."""
    if edges < 1 or span_ns < 0:
        raise ConfigError(f"a bounce needs at least 1 edge and a span >= 0, got {edges}, {span_ns}")
    step = span_ns // max(edges - 1, 1)
    return [ScriptEdge(at_ns + i * step, control, i % 2 == 0) for i in range(edges)]


def reorder(
    edges: Sequence[ScriptEdge], order: DeliveryOrder = "time", *, seed: int = 0
) -> list[ScriptEdge]:
    """``edges`` in delivery ``order``; each control's own edges stay in time order except
    with ``written``, which keeps ``edges`` as given."""
    if order == "written":
        return list(edges)
    by_time = sorted(edges, key=lambda e: e.t_ns)
    if order == "time":
        return by_time
    slots = by_time[::-1]
    if order == "shuffle":
        slots = by_time[:]
        random.Random(seed).shuffle(slots)
    elif order != "reverse":
        raise ConfigError(f"unknown delivery order {order!r}. Fix: use one of {_ORDERS}")
    queues: defaultdict[str, deque[ScriptEdge]] = defaultdict(deque)
    for edge in by_time:
        queues[edge.control].append(edge)
    return [queues[slot.control].popleft() for slot in slots]


# ---- parsing ---------------------------------------------------------------------------


def parse_duration(text: str) -> int:
    """``"1.5ms"`` -> 1500000 (nanoseconds, exact)."""
    match = _DURATION.fullmatch(text.strip())
    if match is None:
        raise ConfigError(f"bad time {text!r}: write a number and a unit, like 1000us or 1.5ms")
    try:
        value = Decimal(match[1]) * _UNITS[match[2]]
    except InvalidOperation:  # pragma: no cover - the pattern only lets numbers through
        raise ConfigError(f"bad time {text!r}") from None
    if value != value.to_integral_value():
        raise ConfigError(f"bad time {text!r}: finer than a nanosecond")
    return int(value)


@dataclass
class _Parser:
    name: str
    edges: list[ScriptEdge]
    order: DeliveryOrder = "time"
    seed: int = 0
    end_ns: int | None = None

    def line(self, number: int, text: str) -> None:
        words = text.split("#", 1)[0].split()
        if not words:
            return
        try:
            self._words(words)
        except ConfigError as exc:
            raise ConfigError(f"{self.name} line {number}: {exc} ({_FORMAT})") from None

    def _words(self, words: list[str]) -> None:
        if words[0] == "deliver":
            self._deliver(words[1:])
            return
        if len(words) < 2:
            raise ConfigError(f"expected '<time> <control> <action>', got {' '.join(words)!r}")
        at = parse_duration(words[0])
        if words[1] == "end" and len(words) == 2:
            self.end_ns = at
            return
        self.entry(at, words[1], words[2] if len(words) > 2 else "", words[3:])

    def _deliver(self, args: list[str]) -> None:
        if not args or args[0] not in _ORDERS or len(args) > 2:
            raise ConfigError(f"deliver takes one of {', '.join(_ORDERS)}, got {args}")
        self.order = cast(DeliveryOrder, args[0])
        if len(args) == 2:
            if not _WHOLE.fullmatch(args[1]):
                raise ConfigError(f"the shuffle seed must be a whole number, got {args[1]!r}")
            self.seed = int(args[1])

    def entry(self, at: int, control: str, action: str, args: Sequence[str]) -> None:
        if not is_control(control):
            raise ConfigError(
                f"unknown control {control!r}; controls are {', '.join(ALL_CONTROLS)}"
            )
        if action in ("press", "release") and not args:
            self.edges.append(ScriptEdge(at, control, action == "press"))
        elif action == "tap" and len(args) == 1:
            self.edges += tap_edges(control, at, parse_duration(args[0]))
        elif action == "bounce" and len(args) == 2 and _WHOLE.fullmatch(args[0]):
            self.edges += bounce_edges(control, at, int(args[0]), parse_duration(args[1]))
        else:
            raise ConfigError(
                f"bad action {' '.join([action, *args])!r}: use press, release, "
                "tap DURATION or bounce EDGES SPAN"
            )

    def script(self) -> Script:
        return Script(tuple(self.edges), self.order, self.seed, self.end_ns)


def parse_script(text: str, *, name: str = "script") -> Script:
    """A script from its text; JSON if it starts with ``[`` or ``{``."""
    if text.lstrip()[:1] in ("[", "{"):
        return _parse_json(text, name)
    parser = _Parser(name, [])
    for number, line in enumerate(text.splitlines(), start=1):
        parser.line(number, line)
    return parser.script()


def load_script(path: str | Path) -> Script:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the script ({exc.strerror})") from exc
    return parse_script(text, name=str(path))


def _parse_json(text: str, name: str) -> Script:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{name}: invalid JSON ({exc})") from None
    parser = _Parser(name, [])
    entries = data
    if isinstance(data, dict):
        entries = data.get("edges", [])
        order = data.get("deliver", "time")
        seed = data.get("seed", 0)
        parser.line(0, f"deliver {order} {seed}")
        if "end" in data:
            parser.line(0, f"{_json_time(data['end'])} end")
    if not isinstance(entries, list):
        raise ConfigError(f"{name}: 'edges' must be a list ({_FORMAT})")
    for number, entry in enumerate(entries, start=1):
        parser.line(number, _json_line(entry, name, number))
    return parser.script()


def _json_time(value: object) -> str:
    return f"{value}ns" if isinstance(value, int) else str(value)


def _json_line(entry: object, name: str, number: int) -> str:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and {"at", "control", "action"} <= entry.keys():
        args = entry.get("args", [])
        parts = [_json_time(entry["at"]), entry["control"], entry["action"]]
        return " ".join(str(part) for part in [*parts, *args])
    raise ConfigError(
        f"{name} entry {number}: expected a line or an object with at, control and action"
    )


# ---- the source ------------------------------------------------------------------------


class ScriptedSource:
    """Plays a script's edges through a debouncer into a sink."""

    timestamps: Final = "injected"

    def __init__(
        self,
        script: Script | str | Path | Iterable[ScriptEdge],
        sink: SinkLike,
        *,
        settings: DebounceSettings | None = None,
        source: str = "script",
    ) -> None:
        self.script = _as_script(script)
        self.settings = settings or DebounceSettings()
        self.source = source
        self._sink = as_sink(sink)
        self._bank = self._new_bank()

    def __repr__(self) -> str:
        return (
            f"<ScriptedSource {self.source} edges={len(self.script.edges)} "
            f"order={self.script.order}>"
        )

    def _new_bank(self) -> DebounceBank:
        bank = DebounceBank(source=self.source, settings=self.settings)
        for control in dict.fromkeys(edge.control for edge in self.script.edges):
            bank.add(control)
        return bank

    def run(self, *, until_ns: int | None = None) -> list[InputEvent]:
        """Deliver every edge, then advance to ``until_ns`` (default: the script's
        ``end``, else the last edge plus the release quiet). Each run starts afresh."""
        self._bank = bank = self._new_bank()
        events: list[InputEvent] = []
        for edge in self.script.delivered():
            events += bank.edge(edge.control, edge.t_ns, edge.active)
        events += bank.advance(self._until(until_ns))
        for event in events:
            self._sink(event)
        return events

    def _until(self, until_ns: int | None) -> int:
        if until_ns is not None:
            return until_ns
        if self.script.end_ns is not None:
            return self.script.end_ns
        last = max((edge.t_ns for edge in self.script.edges), default=0)
        return last + self.settings.release_quiet_ns

    def stats(self) -> dict[str, ControlStats]:
        return self._bank.stats()


def _as_script(script: Script | str | Path | Iterable[ScriptEdge]) -> Script:
    if isinstance(script, Script):
        return script
    if isinstance(script, Path):
        return load_script(script)
    if isinstance(script, str):
        return parse_script(script)
    edges = tuple(script)
    unknown = sorted({edge.control for edge in edges if not is_control(edge.control)})
    if unknown:
        raise ConfigError(f"unknown controls {unknown}; controls are {', '.join(ALL_CONTROLS)}")
    return Script(edges, "written")
