"""Statistics the results screens share (no pygame)."""

from __future__ import annotations

import statistics


class TimeSpread:
    """Fastest, median and slowest of a player's times (None without any); a class
    mixes it in by naming its times in ``times_ns``."""

    __slots__ = ()

    @property
    def times_ns(self) -> tuple[int, ...]:
        raise NotImplementedError

    @property
    def fastest_ns(self) -> int | None:
        return min(self.times_ns) if self.times_ns else None

    @property
    def median_ns(self) -> float | None:
        return statistics.median(self.times_ns) if self.times_ns else None

    @property
    def slowest_ns(self) -> int | None:
        return max(self.times_ns) if self.times_ns else None
