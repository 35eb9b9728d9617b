"""``companion bench arbiter``: slap ordering by hardware stamp against a callback-time baseline.

The stream (seeded; the same seed gives the same stream and the same counts)
----------------------------------------------------------------------------
Each window has 2-5 players (``--players``), in random seats. Gaps between consecutive TRUE
press times are drawn from a mixture: one third uniform in [0, 20 us), one third in
[20 us, 1 ms), one third in [1 ms, 50 ms]. Each press's STAMP is its true time plus a
uniform stamp error in [-500, +500] ns (``--stamp-error-ns``; the kernel stamps in the hard
interrupt handler, the box's PIO sampler is sub-microsecond, so half a microsecond is a
generous model). Each press is DELIVERED (its callback runs) uniformly 0-20 ms after its true
time (``--max-delay-ms``), so arrival order often differs from true order. One player in
ten also slaps a second time 10-300 ms later (ruling A8: ignored), which with delivery jitter
sometimes arrives before the first. A card is turned before every window.

The same deliveries go, in arrival order, to the ``Arbiter`` (orders by stamp) and to the
baseline (orders by arrival time, each player's first arrival: what quiz buzzers do). After
each delivery the arbiter is polled at the arrival time, as the main loop would; after the
last, at its ``due_ns``, which must resolve exactly the window's presses, none of them
reported late (``take_late()``). A press can miss its window only if its callback runs after
the window was resolved, more than the quiet plus settle time (1.25 s) after the window's
last press; ``--max-delay-ms`` above that makes such window errors.

Misordered, precisely
---------------------
Take the window's players in the order of their first TRUE press times. A pair of players
(a before b in truth) is MISORDERED by an ordering if b comes out before a AND their true
times differ by at least the arbiter's tie window (5 us). A reversal of two players closer
than the tie window is not a misorder: the arbiter declares such dead heats and draws them
fairly (counted under ties). A window is misordered if any of its pairs is. The same
definition is applied to the baseline.

Windows are bucketed by their SMALLEST true gap between consecutive players; misordered
pairs are also counted by their own true gap. The acceptance bar: zero arbiter misordered
pairs with a true gap of 10 us or more, and a ``press()`` p99 below 1 ms. ``run`` returns 0
when both hold, 1 otherwise.

Timing: ``time.perf_counter_ns()`` around each ``press()`` call (median, p99, max);
throughput is presses / (time in ``press()`` + time in ``poll()``, resolutions included).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from typing import Any, Final

from companion.input.controls import INDIANS, SEATS
from companion.input.events import Press
from companion.powwow import DEFAULT_TIE_WINDOW_NS, Arbiter, Window

DEFAULT_WINDOWS: Final = 20_000
DEFAULT_STAMP_ERROR_NS: Final = 500
DEFAULT_MAX_DELAY_MS: Final = 20
REPEAT_RATE: Final = 0.1
WINDOW_SPACING_NS: Final = 10_000_000_000  # far more than a window's span + quiet + settle
P99_BAR_NS: Final = 1_000_000
ORDER_BAR_NS: Final = 10_000

# (label, lowest gap included, gap excluded from; None: no upper bound)
BUCKETS: Final = (
    ("<10us", 0, 10_000),
    ("10-20us", 10_000, 20_000),
    ("20us-1ms", 20_000, 1_000_000),
    (">=1ms", 1_000_000, None),
)
_GAP_RANGES: Final = ((0, 20_000), (20_000, 1_000_000), (1_000_000, 50_000_000 + 1))


def bucket_of(gap_ns: int) -> str:
    for label, low, high in BUCKETS:
        if gap_ns >= low and (high is None or gap_ns < high):
            return label
    raise ValueError(f"gap {gap_ns} ns is negative: true times are sorted")


@dataclass
class BucketCounts:
    """Counts of one gap bucket: windows by their smallest true gap, pairs by their own."""

    windows: int = 0
    tie_windows: int = 0
    arbiter_misordered: int = 0
    baseline_misordered: int = 0
    pairs: int = 0
    arbiter_pairs: int = 0
    baseline_pairs: int = 0


@dataclass
class BenchResult:
    seed: int
    windows: int
    players: tuple[int, int]
    tie_window_ns: int
    stamp_error_ns: int
    max_delay_ns: int
    presses: int = 0
    repeats: int = 0
    ignored: int = 0
    ties_declared: int = 0
    window_errors: int = 0
    arbiter_worst_gap_ns: int = 0  # the largest true gap the arbiter reversed (0: none)
    buckets: dict[str, BucketCounts] = field(
        default_factory=lambda: {label: BucketCounts() for label, _, _ in BUCKETS}
    )
    press_median_ns: int = 0
    press_p99_ns: int = 0
    press_max_ns: int = 0
    presses_per_s: float = 0.0

    @property
    def arbiter_misorders_at_bar(self) -> int:
        """Arbiter misordered pairs whose true gap is 10 us or more (the bar: zero)."""
        return sum(
            self.buckets[label].arbiter_pairs for label, low, _ in BUCKETS if low >= ORDER_BAR_NS
        )

    @property
    def passed(self) -> bool:
        return (
            self.arbiter_misorders_at_bar == 0
            and self.window_errors == 0
            and self.press_p99_ns < P99_BAR_NS
        )

    def counts(self) -> dict[str, Any]:
        """Everything but the timings: the same seed gives the same counts."""
        return {
            "windows": self.windows,
            "presses": self.presses,
            "repeats": self.repeats,
            "ignored": self.ignored,
            "ties_declared": self.ties_declared,
            "window_errors": self.window_errors,
            "arbiter_worst_gap_ns": self.arbiter_worst_gap_ns,
            "buckets": {label: asdict(b) for label, b in self.buckets.items()},
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": list(self.players),
            "tie_window_ns": self.tie_window_ns,
            "stamp_error_ns": self.stamp_error_ns,
            "max_delay_ns": self.max_delay_ns,
            **self.counts(),
            "press_median_ns": self.press_median_ns,
            "press_p99_ns": self.press_p99_ns,
            "press_max_ns": self.press_max_ns,
            "presses_per_s": round(self.presses_per_s),
            "arbiter_misorders_at_10us_or_more": self.arbiter_misorders_at_bar,
            "passed": self.passed,
        }


@dataclass(frozen=True, slots=True)
class _Delivery:
    arrival_ns: int
    press: Press
    seat: str


@dataclass
class _Stream:
    first_true: dict[str, int]  # seat -> true time of its first press
    deliveries: list[_Delivery]  # in arrival order
    repeats: int


class _Generator:
    def __init__(
        self, rng: random.Random, players: tuple[int, int], stamp_error_ns: int, max_delay_ns: int
    ) -> None:
        self.rng = rng
        self.players = players
        self.stamp_error_ns = stamp_error_ns
        self.max_delay_ns = max_delay_ns
        self.seq = 0

    def window(self, start_ns: int) -> _Stream:
        rng = self.rng
        seats = rng.sample(SEATS, rng.randint(*self.players))
        first_true: dict[str, int] = {}
        deliveries: list[_Delivery] = []
        repeats = 0
        t = start_ns
        for i, seat in enumerate(seats):
            if i:
                low, high = _GAP_RANGES[rng.randrange(3)]
                t += rng.randrange(low, high)
            first_true[seat] = t
            deliveries.append(self._deliver(seat, t))
            if rng.random() < REPEAT_RATE:
                repeats += 1
                deliveries.append(self._deliver(seat, t + rng.randint(10_000_000, 300_000_000)))
        deliveries.sort(key=lambda d: (d.arrival_ns, d.press.seq))
        return _Stream(first_true, deliveries, repeats)

    def _deliver(self, seat: str, true_ns: int) -> _Delivery:
        rng = self.rng
        stamp = true_ns + rng.randint(-self.stamp_error_ns, self.stamp_error_ns)
        control = f"{seat}.{rng.choice(INDIANS)}"
        press = Press(control=control, t_ns=stamp, source="bench", seq=self.seq)
        self.seq += 1
        return _Delivery(true_ns + rng.randint(0, self.max_delay_ns), press, seat)


def baseline_order(deliveries: list[_Delivery]) -> list[str]:
    """Callback-time order: each player's first ARRIVAL, in arrival order."""
    seen: dict[str, None] = {}
    for d in sorted(deliveries, key=lambda d: d.arrival_ns):
        seen.setdefault(d.seat, None)
    return list(seen)


def _misordered_pairs(
    truth: list[str],
    first_true: dict[str, int],
    order: list[str] | tuple[str, ...],
    tie_window_ns: int,
) -> list[int]:
    """True gaps of the pairs that ``order`` reverses, among pairs >= the tie window apart."""
    pos = {seat: i for i, seat in enumerate(order)}
    gaps: list[int] = []
    for i, a in enumerate(truth):
        for b in truth[i + 1 :]:
            gap = first_true[b] - first_true[a]
            if gap >= tie_window_ns and pos[b] < pos[a]:
                gaps.append(gap)
    return gaps


def _score(result: BenchResult, stream: _Stream, window: Window | None) -> None:
    first_true = stream.first_true
    truth = sorted(first_true, key=lambda s: first_true[s])
    gaps = [first_true[b] - first_true[a] for a, b in pairwise(truth)]
    counts = result.buckets[bucket_of(min(gaps))]
    counts.windows += 1
    for i, a in enumerate(truth):
        for b in truth[i + 1 :]:
            result.buckets[bucket_of(first_true[b] - first_true[a])].pairs += 1
    if window is None or sorted(window.order) != sorted(truth):
        result.window_errors += 1
        return
    result.ignored += len(window.ignored)
    result.ties_declared += len(window.ties)
    counts.tie_windows += bool(window.ties)
    arbiter = _misordered_pairs(truth, first_true, window.order, result.tie_window_ns)
    baseline = _misordered_pairs(
        truth, first_true, baseline_order(stream.deliveries), result.tie_window_ns
    )
    counts.arbiter_misordered += bool(arbiter)
    counts.baseline_misordered += bool(baseline)
    for gap in arbiter:
        result.buckets[bucket_of(gap)].arbiter_pairs += 1
        result.arbiter_worst_gap_ns = max(result.arbiter_worst_gap_ns, gap)
    for gap in baseline:
        result.buckets[bucket_of(gap)].baseline_pairs += 1


def simulate(
    *,
    seed: int = 0,
    windows: int = DEFAULT_WINDOWS,
    players: tuple[int, int] = (2, 5),
    stamp_error_ns: int = DEFAULT_STAMP_ERROR_NS,
    max_delay_ns: int = DEFAULT_MAX_DELAY_MS * 1_000_000,
) -> BenchResult:
    """Run the bench; pure and seeded apart from the timings."""
    result = BenchResult(
        seed=seed,
        windows=windows,
        players=players,
        tie_window_ns=DEFAULT_TIE_WINDOW_NS,
        stamp_error_ns=stamp_error_ns,
        max_delay_ns=max_delay_ns,
    )
    generator = _Generator(random.Random(seed), players, stamp_error_ns, max_delay_ns)
    arbiter = Arbiter(seats=SEATS, seed=seed)
    press_ns: list[int] = []
    poll_ns = 0
    clock = time.perf_counter_ns
    for k in range(windows):
        start = (k + 1) * WINDOW_SPACING_NS
        stream = generator.window(start)
        result.presses += len(stream.deliveries)
        result.repeats += stream.repeats
        arbiter.card_turned(start - 700_000_000)
        early = False
        for d in stream.deliveries:
            t0 = clock()
            arbiter.press(d.press)
            t1 = clock()
            got = arbiter.poll(d.arrival_ns)
            t2 = clock()
            press_ns.append(t1 - t0)
            poll_ns += t2 - t1
            early = early or got is not None
        due = arbiter.due_ns
        t0 = clock()
        window = None if due is None else arbiter.poll(due)
        poll_ns += clock() - t0
        if early or arbiter.pending or arbiter.take_late():
            window = None
            arbiter.flush(start)
        _score(result, stream, window)
    _timings(result, press_ns, poll_ns)
    return result


def _timings(result: BenchResult, press_ns: list[int], poll_ns: int) -> None:
    if not press_ns:
        return
    ordered = sorted(press_ns)
    n = len(ordered)
    result.press_median_ns = ordered[n // 2]
    result.press_p99_ns = ordered[min(n - 1, math.ceil(0.99 * n) - 1)]
    result.press_max_ns = ordered[-1]
    total = sum(press_ns) + poll_ns
    result.presses_per_s = result.presses * 1e9 / total if total else 0.0


# --------------------------------------------------------------------------- CLI


def _players(text: str) -> tuple[int, int]:
    low_text, dash, high_text = text.partition("-")
    try:
        low = int(low_text)
        high = int(high_text) if dash else low
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"players {text!r} is not a number or a range: give e.g. 3 or 2-5"
        ) from None
    if not 2 <= low <= high <= len(SEATS):
        raise argparse.ArgumentTypeError(
            f"players {text!r} is out of range: each window has 2 to {len(SEATS)} players "
            "(ruling A1), low before high, e.g. 2-5"
        )
    return (low, high)


def _int_at_least(low: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number, ``low`` or more."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} must be at least {low}")
        return value

    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--seed", type=int, default=0, help="stream and draw seed (default 0)")
    parser.add_argument(
        "--windows",
        type=_int_at_least(1),
        default=DEFAULT_WINDOWS,
        help=f"slap windows to simulate (default {DEFAULT_WINDOWS})",
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=(2, 5),
        metavar="N|LOW-HIGH",
        help="players per window, a number or a range (default 2-5, mixed)",
    )
    parser.add_argument(
        "--stamp-error-ns",
        type=_int_at_least(0),
        default=DEFAULT_STAMP_ERROR_NS,
        help=f"uniform stamp error bound, +/- ns (default {DEFAULT_STAMP_ERROR_NS})",
    )
    parser.add_argument(
        "--max-delay-ms",
        type=_int_at_least(0),
        default=DEFAULT_MAX_DELAY_MS,
        help=f"callbacks run 0 to this many ms late (default {DEFAULT_MAX_DELAY_MS})",
    )


def run(args: argparse.Namespace) -> int:
    """Run the bench and print the report; 0 if the acceptance bar holds, else 1."""
    result = simulate(
        seed=args.seed,
        windows=args.windows,
        players=args.players,
        stamp_error_ns=args.stamp_error_ns,
        max_delay_ns=args.max_delay_ms * 1_000_000,
    )
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(format_report(result))
    return 0 if result.passed else 1


def _us(ns: float) -> str:
    return f"{ns / 1000:.1f} us"


def _pct(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.1f}%)" if whole else "0"


def format_report(r: BenchResult) -> str:
    low, high = r.players
    players = f"{low}" if low == high else f"{low}-{high}"
    lines = [
        f"companion bench arbiter: seed {r.seed}, {r.windows} windows, {players} players",
        "stream: true gaps 1/3 in [0, 20 us), 1/3 in [20 us, 1 ms), 1/3 in [1, 50] ms; "
        f"stamp error +/-{r.stamp_error_ns} ns; callbacks 0-{r.max_delay_ns // 1_000_000} ms "
        "late; 10% repeat slaps",
        f"presses            {r.presses} ({r.repeats} repeats, {r.ignored} ignored by A8)",
        f"throughput         {r.presses_per_s:,.0f} presses/s through the arbiter (press + poll)",
        f"press() time       median {_us(r.press_median_ns)}, p99 {_us(r.press_p99_ns)}, "
        f"max {_us(r.press_max_ns)}",
        f"ties declared      {r.ties_declared} dead heats (tie window {_us(r.tie_window_ns)})",
        f"window errors      {r.window_errors}",
        f"arbiter worst      largest true gap it reversed: {_us(r.arbiter_worst_gap_ns)} "
        "(stamp error can pull a pair just over the tie window into it)",
        "",
        f"{'smallest true gap':<18}{'windows':>9}{'tie windows':>13}"
        f"{'arbiter misordered':>20}{'baseline misordered':>21}",
    ]
    total = BucketCounts()
    for label, b in r.buckets.items():
        lines.append(
            f"{label:<18}{b.windows:>9}{b.tie_windows:>13}"
            f"{_pct(b.arbiter_misordered, b.windows):>20}"
            f"{_pct(b.baseline_misordered, b.windows):>21}"
        )
        for name in asdict(total):
            setattr(total, name, getattr(total, name) + getattr(b, name))
    lines.append(
        f"{'all':<18}{total.windows:>9}{total.tie_windows:>13}"
        f"{_pct(total.arbiter_misordered, total.windows):>20}"
        f"{_pct(total.baseline_misordered, total.windows):>21}"
    )
    lines += [
        "",
        f"{'pair true gap':<18}{'pairs':>9}{'arbiter misordered':>22}{'baseline misordered':>21}",
    ]
    for label, b in r.buckets.items():
        lines.append(
            f"{label:<18}{b.pairs:>9}{b.arbiter_pairs:>22}{_pct(b.baseline_pairs, b.pairs):>21}"
        )
    order_ok = "PASS" if r.arbiter_misorders_at_bar == 0 and r.window_errors == 0 else "FAIL"
    p99_ok = "PASS" if r.press_p99_ns < P99_BAR_NS else "FAIL"
    lines += [
        "",
        f"acceptance: arbiter misordered pairs at >= 10 us: {r.arbiter_misorders_at_bar} "
        f"(bar 0) {order_ok}; press() p99 {_us(r.press_p99_ns)} (bar < 1 ms) {p99_ok}",
    ]
    return "\n".join(lines)
