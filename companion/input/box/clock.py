"""Box time to host time: a minimum-round-trip filter, a linear drift fit, and a
slew-limited correction. Pure: every time is passed in.

The host sends ``PING token`` at host time ``sent``; the box answers ``PONG token b``
with its own time ``b`` (ns since its boot); the answer arrives at ``recv``. If the two
trips took equally long, the box read ``b`` at host time ``mid = sent + rtt / 2``; the
error is half the difference of the trips, at most ``rtt / 2``. So:

- **Minimum round trip.** Samples come in blocks of ``block`` (8); each block gives ONE
  fit point, its sample with the smallest round trip (the least room for asymmetry).
  Until two blocks are done, the block under way counts with its best sample so far.
  Points whose round trip is over twice the best in the window plus 0.2 ms are not
  fitted (a whole block delayed by load).
- **Drift.** The box's crystal runs up to a few tens of ppm off the host's: host time is
  fitted as a straight line of box time over the last ``points`` (64) points, by least
  squares weighted ``1 / (rtt - best rtt + 20 us)**2`` so the cleanest points dominate.
  ``drift_ppm`` is how fast the box runs, in ppm.
- **Slew limit.** A new fit moves the mapping only gradually: the jump between the old
  and the new line (at the newest sample) is kept as a correction that shrinks at
  ``slew_ppm`` (200 ppm: 0.2 us per millisecond, above any crystal's drift so the map
  keeps up). Presses are ordered by mapped stamps, and two presses a few microseconds
  apart may be mapped a few milliseconds apart: the mapping must not jump between them.
  Between presses delivered 10 ms apart it moves by at most 2 us, and in steady state
  a new fit moves it by a few microseconds in all.

**Jumps.** Once locked, every sample is checked against the map: the box read its time
during the round trip, so the map must put that box time between the PING's sending and
the PONG's arrival. A sample more than ``JUMP_NS`` (1 ms) outside is a misfit; a crystal's
drift cannot do that between two pings. ``JUMP_SAMPLES`` (3) misfits in a row mean the
box's clock jumped (a glitch, a reset of its counter): the map is dropped and locks again
from the misfits on (``jumps`` counts it; until then the source does not take events, and
the box re-sends them). The box times around the jump, where a stamp may lie on either
side of it, are kept as a :class:`Gap` (``in_gap``): presses stamped there are marked.

Before ``lock_samples`` (100) samples, 2 s of pings every 20 ms, the map is not
``locked``: the serial source does not accept events yet (the box keeps re-sending them
until they are acknowledged). 2 s, because the slope needs a span: a 100 ppm crystal
would be 100 us off after one second of assuming no drift. ``ping_interval_ns`` says
when to ping next. Simulated (tests/input/box/test_clock.py): 100 ppm drift, round
trips of 0.2-0.5 ms with 5 % spikes to 20 ms, one hour: the mapping stays within about
25 us of host time from lock to end.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Final

DEFAULT_BLOCK: Final = 8
DEFAULT_POINTS: Final = 64
DEFAULT_SLEW_PPM: Final = 200.0
DEFAULT_LOCK_SAMPLES: Final = 100
MAX_RTT_NS: Final = 50_000_000
"""A round trip longer than 50 ms says nothing useful: dropped."""
_OUTLIER_SLACK_NS: Final = 200_000
_WEIGHT_FLOOR_NS: Final = 20_000
_MIN_SPAN_NS: Final = 500_000_000
"""Points must span half a second before a slope is fitted (else the slope is 1)."""
JUMP_NS: Final = 1_000_000
"""A sample the map puts more than 1 ms outside its round trip does not fit the map."""
JUMP_SAMPLES: Final = 3
"""Misfits in a row that mean the box's clock jumped (one alone may be a glitch)."""
FAST_PING_NS: Final = 20_000_000
SLOW_PING_NS: Final = 100_000_000
FAST_SAMPLES: Final = 500
"""Ping every 20 ms for the first 500 samples (10 s: locked after 2 s, a good slope
soon after), then every 100 ms (a fit point every 0.8 s; 64 points span 51 s)."""


@dataclass(frozen=True, slots=True)
class Sample:
    sent_ns: int
    box_ns: int
    recv_ns: int

    @property
    def rtt_ns(self) -> int:
        return self.recv_ns - self.sent_ns

    @property
    def mid_ns(self) -> int:
        return self.sent_ns + self.rtt_ns // 2


@dataclass(frozen=True, slots=True)
class Line:
    """host = host_ref + (box - box_ref) * rate."""

    box_ref: int
    host_ref: int
    rate: float

    def __call__(self, box_ns: int) -> int:
        return self.host_ref + round((box_ns - self.box_ref) * self.rate)


@dataclass(frozen=True, slots=True)
class Gap:
    """Box times around a jump of the box's clock: from the last sample that fitted the old
    map to the first that did not, widened by the host time between them (the jump came
    somewhere in that time). A stamp in it may be before or after the jump."""

    from_box_ns: int
    to_box_ns: int

    def __contains__(self, box_ns: object) -> bool:
        return isinstance(box_ns, int) and self.from_box_ns <= box_ns <= self.to_box_ns

    @classmethod
    def around(cls, fitted: Sample, misfit: Sample) -> Gap:
        width = misfit.recv_ns - fitted.sent_ns
        low, high = sorted((fitted.box_ns, misfit.box_ns))
        return cls(low - width, high + width)


class ClockMap:
    """Maps one boot of the box's clock to the host's ``time.monotonic_ns()``."""

    def __init__(
        self,
        *,
        block: int = DEFAULT_BLOCK,
        points: int = DEFAULT_POINTS,
        slew_ppm: float = DEFAULT_SLEW_PPM,
        lock_samples: int = DEFAULT_LOCK_SAMPLES,
    ) -> None:
        self._block_size = block
        self._block: list[Sample] = []
        self._points: deque[Sample] = deque(maxlen=points)
        self._slew = slew_ppm * 1e-6
        self._lock_samples = lock_samples
        self.samples = 0
        self.rejected = 0
        self._line: Line | None = None
        self._correction = 0
        self._corrected_at = 0
        self.jumps = 0
        """How often the box's clock jumped and the map locked again."""
        self.gaps: list[Gap] = []
        self._fitted: Sample | None = None  # the last sample that fitted the locked map
        self._misfits: list[Sample] = []

    def __repr__(self) -> str:
        if self._line is None:
            return f"<ClockMap unlocked samples={self.samples}>"
        return (
            f"<ClockMap samples={self.samples} drift={self.drift_ppm:+.2f}ppm "
            f"best_rtt={self.best_rtt_ns}ns locked={self.locked}>"
        )

    @property
    def locked(self) -> bool:
        return self._line is not None and self.samples >= self._lock_samples

    @property
    def drift_ppm(self) -> float:
        """How fast the box's clock runs against the host's, in ppm (+: box fast)."""
        return 0.0 if self._line is None else (1.0 / self._line.rate - 1.0) * 1e6

    @property
    def ping_interval_ns(self) -> int:
        """How long to wait before the next PING."""
        return FAST_PING_NS if self.samples < FAST_SAMPLES else SLOW_PING_NS

    @property
    def best_rtt_ns(self) -> int | None:
        candidates = [*self._points, *self._block]
        return min((s.rtt_ns for s in candidates), default=None)

    @property
    def line(self) -> Line | None:
        return self._line

    @property
    def relocking(self) -> bool:
        """The box's clock jumped and the map is not locked again yet."""
        return self.jumps > 0 and not self.locked

    def in_gap(self, box_ns: int) -> bool:
        """Whether box time ``box_ns`` lies around a jump of the box's clock."""
        return any(box_ns in gap for gap in self.gaps)

    def add(self, sent_ns: int, box_ns: int, recv_ns: int) -> bool:
        """One PING/PONG. False if it was dropped (negative or over-long round trip)."""
        sample = Sample(sent_ns, box_ns, recv_ns)
        if not 0 <= sample.rtt_ns <= MAX_RTT_NS:
            self.rejected += 1
            return False
        if self.locked and not self._fits(sample):
            self._misfits.append(sample)
            if len(self._misfits) >= JUMP_SAMPLES:
                self._lock_again()
            return True
        self._misfits.clear()
        self._take(sample)
        if self.locked:
            self._fitted = sample  # the last known good sample
        return True

    def _fits(self, sample: Sample) -> bool:
        """Whether the map puts the sample's box time within its round trip (give or take
        ``JUMP_NS``)."""
        mapped = self.map(sample.box_ns, sample.recv_ns)
        return sample.sent_ns - JUMP_NS <= mapped <= sample.recv_ns + JUMP_NS

    def _lock_again(self) -> None:
        """The box's clock jumped: keep the gap, drop the map and fit the misfits anew."""
        misfits, fitted = self._misfits, self._fitted
        if fitted is not None:
            self.gaps.append(Gap.around(fitted, misfits[0]))
        self.jumps += 1
        self._misfits, self._fitted = [], None
        self._line, self._correction = None, 0
        self._points.clear()
        self._block.clear()
        self.samples = 0
        for sample in misfits:
            self._take(sample)

    def _take(self, sample: Sample) -> None:
        """Fit one sample that belongs to the map."""
        slew = self.locked  # before the lock nobody has seen a mapped stamp: no slewing
        self.samples += 1
        self._block.append(sample)
        if len(self._block) >= self._block_size:
            self._points.append(min(self._block, key=lambda s: s.rtt_ns))
            self._block.clear()
        elif len(self._points) >= 2:
            return  # the fit only changes when a block is done
        self._refit(sample, slew=slew)

    def _fit_points(self) -> list[Sample]:
        points = list(self._points)
        if len(points) < 2 and self._block:  # the block under way, until there are two
            points.append(min(self._block, key=lambda s: s.rtt_ns))
        best = min(p.rtt_ns for p in points)
        return [p for p in points if p.rtt_ns <= 2 * best + _OUTLIER_SLACK_NS]

    def _refit(self, newest: Sample, *, slew: bool) -> None:
        points = self._fit_points()
        line = _least_squares(points)
        old = self._line
        if old is not None and slew:
            now = newest.recv_ns
            jump = self._published(old, newest.box_ns, now) - line(newest.box_ns)
            self._correction, self._corrected_at = jump, now
        self._line = line

    def _decayed(self, now_ns: int) -> int:
        left = abs(self._correction) - self._slew * max(0, now_ns - self._corrected_at)
        if left <= 0:
            return 0
        return round(left) if self._correction > 0 else -round(left)

    def _published(self, line: Line, box_ns: int, now_ns: int) -> int:
        return line(box_ns) + self._decayed(now_ns)

    def map(self, box_ns: int, now_ns: int) -> int:
        """Host ``monotonic_ns`` of box time ``box_ns``, as published at host time
        ``now_ns``. Raises ``ValueError`` before the first sample."""
        line = self._line
        if line is None:
            raise ValueError("no PONG yet: the box's clock cannot be mapped")
        mapped = line.host_ref + round((box_ns - line.box_ref) * line.rate)
        return mapped + self._decayed(now_ns) if self._correction else mapped


def _least_squares(points: list[Sample]) -> Line:
    """Weighted least squares of host (mid) on box time. A point's weight falls with its
    round trip's excess over the best: ``1 / (excess + 20 us)**2``."""
    best_rtt = min(p.rtt_ns for p in points)
    if len(points) < 2 or points[-1].box_ns - points[0].box_ns < _MIN_SPAN_NS:
        best = min(points, key=lambda p: p.rtt_ns)
        return Line(best.box_ns, best.mid_ns, 1.0)
    box_ref, host_ref = points[-1].box_ns, points[-1].mid_ns
    weights = [1.0 / (p.rtt_ns - best_rtt + _WEIGHT_FLOOR_NS) ** 2 for p in points]
    total = sum(weights)
    xs = [(p.box_ns - box_ref) for p in points]
    ys = [(p.mid_ns - host_ref) for p in points]
    x_mean = sum(w * x for w, x in zip(weights, xs, strict=True)) / total
    y_mean = sum(w * y for w, y in zip(weights, ys, strict=True)) / total
    sxx = sum(w * (x - x_mean) ** 2 for w, x in zip(weights, xs, strict=True))
    sxy = sum(w * (x - x_mean) * (y - y_mean) for w, x, y in zip(weights, xs, ys, strict=True))
    rate = sxy / sxx if sxx else 1.0
    # the line through the weighted mean, re-expressed at the newest point
    return Line(box_ref, host_ref + round(y_mean - rate * x_mean), rate)
