"""What the doctor knows: every control of the profile and what its presses looked like.

Pure: fed input events and the source's counters, with time passed in. The screen and the
text mode both read it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.i18n import marked
from companion.input.controls import seat_of
from companion.input.events import InputEvent, Press, Stuck, Unstuck

LIT_NS = 600_000_000
"""How long a control stays lit after a press (it then fades)."""


@dataclass(frozen=True)
class SourceReport:
    """How the input source stamps presses, for the doctor's header."""

    source: str
    """The ``--source``: "sim", "gpio", "box" or "keyboard"."""
    factory: str
    """The pin factory actually loaded ("lgpio", "rpigpio", "mock"), or "-" without GPIO
    pins (the keyboard, the box)."""
    timestamps: str
    """"hardware" (kernel or box edge time), "callback", "software", "simulated", "injected"."""

    @property
    def is_hardware(self) -> bool:
        return self.timestamps == "hardware"

    def describe(self) -> str:
        """What the timestamps are worth, in English (the text mode prints it; the screen
        translates it: the meanings are marked for the catalog)."""
        if self.source == "box" and self.timestamps == "hardware":
            return marked("edge timestamps from the box's own clock, mapped to this host's")
        meaning = {
            "hardware": marked("edge timestamps from the kernel: fair to the microsecond"),
            "callback": marked("timestamps are callback times: near-ties may be misordered"),
            "software": marked("keys stamped when handled: for trying things out only"),
            "simulated": marked("simulated pins: keys stamped when handled, then the GPIO path"),
            "injected": marked("timestamps injected by a test or script"),
        }
        return meaning.get(self.timestamps, self.timestamps)


@dataclass(frozen=True)
class SourceCounters:
    """What the input source counted for one control, beyond the presses themselves."""

    bounces: int = 0
    """Extra edges inside presses (the switch bouncing), ignored."""
    glitches: int = 0
    """Bursts too short to be a press."""
    late: int = 0
    """Edges that reached the debouncer after it had moved past their time."""
    ignored: int = 0
    """Edges while stuck, or repeating the level (a lost edge)."""


@dataclass
class ControlState:
    """One control as the doctor shows it."""

    control: str
    pin: int | None
    key: str | None
    presses: int = 0
    last_t_ns: int | None = None
    counters: SourceCounters = field(default_factory=SourceCounters)
    stuck: bool = False

    @property
    def group(self) -> str:
        return seat_of(self.control) or "nav"

    @property
    def button(self) -> str:
        return self.control.partition(".")[2]


@dataclass
class DoctorModel:
    """Every control of the active profile, lit as it is pressed."""

    report: SourceReport
    profile_name: str
    controls: dict[str, ControlState]
    started_ns: int
    last_presses: list[Press] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    warnings: tuple[str, ...] = ()
    """The source's warnings, the newest last (``Words``: the screen says them in its
    language, the text mode prints their English)."""

    @classmethod
    def build(
        cls,
        *,
        report: SourceReport,
        profile_name: str,
        controls: Sequence[str],
        pins: Mapping[str, int],
        keys: Mapping[str, str],
        started_ns: int,
    ) -> DoctorModel:
        states = {
            control: ControlState(control, pins.get(control), keys.get(control))
            for control in controls
        }
        return cls(report, profile_name, states, started_ns)

    def handle(self, event: InputEvent) -> None:
        state = self.controls.get(event.control)
        if state is None:
            self.unknown.append(event.control)
            return
        if isinstance(event, Press):
            state.presses += 1
            state.last_t_ns = event.t_ns
            self.last_presses = [*self.last_presses[-1:], event]
        elif isinstance(event, Stuck):
            state.stuck = True
        elif isinstance(event, Unstuck):
            state.stuck = False

    def update_source(
        self, counters: Mapping[str, SourceCounters], warnings: tuple[str, ...]
    ) -> bool:
        """Copy the source's counters and warnings in; True when anything changed."""
        changed = warnings != self.warnings
        self.warnings = warnings
        for control, state in self.controls.items():
            new = counters.get(control, state.counters)
            changed |= new != state.counters
            state.counters = new
        return changed

    def glow(self, control: str, now_ns: int) -> float:
        """1.0 just after a press, fading to 0.0 over ``LIT_NS``."""
        last = self.controls[control].last_t_ns
        if last is None:
            return 0.0
        age = now_ns - last
        return max(0.0, 1.0 - age / LIT_NS) if age >= 0 else 1.0

    def is_animating(self, now_ns: int) -> bool:
        return any(self.glow(control, now_ns) > 0.0 for control in self.controls)

    def seconds_since_start(self, t_ns: int) -> float:
        return (t_ns - self.started_ns) / 1e9

    def last_gap_ns(self) -> int | None:
        """The gap between the last two presses, as the arbiter would see it."""
        if len(self.last_presses) < 2:
            return None
        earlier, later = self.last_presses
        return later.t_ns - earlier.t_ns

    def groups(self) -> list[tuple[str, list[ControlState]]]:
        """Controls grouped by seat (in profile order), navigation last."""
        grouped: dict[str, list[ControlState]] = {}
        for state in self.controls.values():
            grouped.setdefault(state.group, []).append(state)
        return list(grouped.items())

    def describe_press(self, press: Press) -> str:
        state = self.controls[press.control]
        counts = state.counters
        return (
            f"{press.control:<14} t={self.seconds_since_start(press.t_ns):11.6f} s  "
            f"#{state.presses:<3} bounces {counts.bounces:<3} glitches {counts.glitches:<3} "
            f"late {counts.late:<3} ignored {counts.ignored:<3}"
            f"{' STUCK' if state.stuck else ''}"
        ).rstrip()
