"""What the results screens share (no pygame): the winners' headline, time statistics."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from companion.i18n import tr


def victory_words(names: Sequence[str], *, each: str, alone: str, joiner: str = ", ") -> str:
    """The results headline: ``"Shared victory: A, B, <each>"`` for several winners (ties
    share the victory), ``"A wins with <alone>"`` for one (in the screens' language;
    ``each``, ``alone`` and ``joiner`` come translated)."""
    together = joiner.join(names)
    if len(names) > 1:
        return tr("Shared victory: {winners}, {each}").format(winners=together, each=each)
    return tr("{winner} wins with {alone}").format(winner=together, alone=alone)


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
