"""Computer players. Pure and seeded: every bot draws only from the ``random.Random`` it is
given, so a game with bots is a function of its seeds.

* :class:`RandomBot` (any game): a uniformly random legal action of its seat.
* :class:`ReflexBot` (Apache): reacts to each turned card after a human-like reaction time,
  slaps its best legal Indian, sometimes slaps wrongly, and chooses the richest option;
  :class:`ReflexTeam` asks the bots of one game together.
* :func:`simulate_window`: bots' reactions as timed presses through the real Pow-Wow
  arbiter (``companion.powwow.Arbiter``), which forms the windows and orders the slaps.
"""

from companion.bots.apache import (
    DEFAULT_ERROR_RATE,
    DEFAULT_MEDIAN_MS,
    DEFAULT_SIGMA,
    Reaction,
    ReflexBot,
    ReflexTeam,
    simulate_window,
    window_slaps,
)
from companion.bots.generic import RandomBot

__all__ = [
    "DEFAULT_ERROR_RATE",
    "DEFAULT_MEDIAN_MS",
    "DEFAULT_SIGMA",
    "RandomBot",
    "Reaction",
    "ReflexBot",
    "ReflexTeam",
    "simulate_window",
    "window_slaps",
]
