"""What input sources put on the queue. Sources only enqueue; the main loop decides."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Press:
    """A debounced button press.

    ``t_ns`` is the FIRST edge of the press in the host's ``time.monotonic_ns()`` domain,
    taken where the edge happened (kernel interrupt or box clock), never when code ran.
    ``seq`` numbers the presses of one source from 0, so gaps and duplicates show.
    ``clock_gap``: the button box's clock jumped around this press, so its stamp may be off
    by the jump (``companion/input/box/clock.py``); always False for the Pi's own pins.
    """

    control: str
    t_ns: int
    source: str
    seq: int
    clock_gap: bool = False


@dataclass(frozen=True, slots=True)
class Stuck:
    """A control held longer than the stuck limit. Ignored until it is released."""

    control: str
    since_ns: int
    source: str


@dataclass(frozen=True, slots=True)
class Unstuck:
    """A stuck control was released and counts again."""

    control: str
    t_ns: int
    source: str


InputEvent = Press | Stuck | Unstuck
