"""The Paris FULL game without pygame: virtual stashes and board, bots, the person's choices.

The companion sets the stashes aside and draws them (the session's chance actions,
journaled). Seat 0 is a person when ``humans`` is 1 (the screen shows their stashes), the
others are ``HeuristicParisBot``s, each acting ``bot_pause_ns`` after the last action so
the table can follow. With ``humans`` 0 the bots play alone.

A person's steps:

    step      what is asked                             buttons
    draft     which district's pile to take a stash     previous/next + select;
              from (ruling D3: blind)                   (a colour: nothing)
    turn      the optional action: place, move, or      previous/next + select
              straight to the stash (ruling D5)
    district  place: into which district                previous/next + select
    count     place: how many leaders, novices,         select on a number: +1
              reinforcements (then Done)                (past the reserve: 0)
    step1     move: the first Apache's step             previous/next + select
    step2     move: a second step, or Done              previous/next + select
    stash     which stash to reveal and place; the      previous/next + select
              last option turns bail on or off (D8)
    report    a round was settled: its steps (D7)       select: go on
    wait      a bot is thinking
    over      the final tally

Back steps out of a half-made choice; otherwise it undoes back to the person's last choice
(the bots' moves after it go too).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final, Literal

from companion.bots.paris import HeuristicParisBot
from companion.errors import IllegalAction
from companion.rules.paris import (
    DRAFT,
    OVER,
    PARIS,
    STASH,
    Action,
    Move,
    ParisState,
    Place,
    Stash,
    Step,
    Take,
    bail_problem,
    get_board,
)
from companion.rules.paris.board import DISTRICT_MASK, DISTRICT_NAMES
from companion.rules.paris.settlement import BAIL, SettlementStep, TallyLine
from companion.rules.paris.state import RL, RN, RR
from companion.session import Session
from companion.ui.paris.tracker_model import KIND_WORDS, KINDS, Choice

FullStep = Literal[
    "draft", "turn", "district", "count", "step1", "step2", "stash", "report", "wait", "over"
]
DEFAULT_BOT_PAUSE_NS: Final = 700_000_000
BAIL_KEY: Final = "bail"
MENU: Final = "menu"


@dataclass(frozen=True, slots=True)
class Report:
    """A settled round, as shown in step ``report``."""

    round: int
    steps: tuple[SettlementStep, ...]


class ParisFullModel:
    """A FULL game in progress (see the module docstring)."""

    def __init__(
        self,
        session: Session[ParisState, Action],
        *,
        humans: int,
        now_ns: int,
        bot_pause_ns: int = DEFAULT_BOT_PAUSE_NS,
    ) -> None:
        self.session = session
        self.humans = humans
        self.bot_pause_ns = bot_pause_ns
        players = self.state.players
        self.bots = {
            seat: HeuristicParisBot(seat, random.Random(session.seed * 8 + seat))
            for seat in range(players)
            if seat >= humans
        }
        self.focus = 0
        self.district: int | None = None
        self.placing: dict[str, int] | None = None
        self.first_step: Step | None = None
        self.moving = False
        self.choosing = False
        self.stashing = False
        self.bail = False
        self.report: Report | None = None
        self.calm_since_ns = now_ns
        self.notices: list[str] = []

    # -- what the screen shows --

    @property
    def state(self) -> ParisState:
        return self.session.state

    @property
    def person(self) -> int | None:
        """The person whose move it is (None: a bot's, chance, or the game is over)."""
        actor = PARIS.actor(self.state)
        return actor if actor is not None and 0 <= actor < self.humans else None

    @property
    def step(self) -> FullStep:
        state = self.state
        if self.report is not None:
            return "report"
        if state.phase == OVER:
            return "over"
        if self.person is None:
            return "wait"
        return self._person_step()

    def _person_step(self) -> FullStep:
        state = self.state
        if state.phase == DRAFT:
            return "draft"
        if state.phase == STASH or self.stashing:
            return "stash"
        if self.placing is not None:
            return "count"
        if self.choosing:
            return "district"
        if self.moving:
            return "step2" if self.first_step else "step1"
        return "turn"

    def hand(self) -> tuple[tuple[int, int], ...]:
        """The person's stashes (district, slot); nobody's when bots play alone."""
        return self.state.hand(0) if self.humans else ()

    def choices(self) -> list[Choice]:
        make = {
            "draft": self._draft_choices,
            "turn": self._turn_choices,
            "district": self._district_choices,
            "count": self._count_choices,
            "step1": self._step_choices,
            "step2": self._step_choices,
            "stash": self._stash_choices,
        }.get(self.step)
        if self.step == "report":
            return [Choice("go", "Go on")]
        return make() if make is not None else []

    def _draft_choices(self) -> list[Choice]:
        return [Choice(str(d), self._pile_label(d)) for d in self._districts()]

    def _turn_choices(self) -> list[Choice]:
        kinds = {type(a) for a in self._legal()}
        found = [Choice("stash", "Stash only")]
        found += [Choice("place", "Place")] if Place in kinds else []
        found += [Choice("move", "Move")] if Move in kinds else []
        return [*found, Choice(MENU, "Menu")]

    def _district_choices(self) -> list[Choice]:
        return [Choice(str(d), district_label(d)) for d in self._place_districts()]

    def _count_choices(self) -> list[Choice]:
        placing = self.placing or {}
        found = [Choice(k, f"{KIND_WORDS[k]} {placing.get(k, 0)}") for k in KINDS]
        return [*found, Choice("done", "Done")]

    def _step_choices(self) -> list[Choice]:
        found = [Choice("done", "Done: 1 Apache")] if self.first_step is not None else []
        return found + [Choice(_step_key(s), _step_label(s)) for s in self._steps()]

    def _stash_choices(self) -> list[Choice]:
        board = get_board(self.state.board)
        seat = self.person or 0
        found = [
            Choice(f"{d}.{k}", f"{d} {DISTRICT_NAMES[d]} {k}: {board.slots[d][k - 1]}")
            for d, k in self.state.hand(seat)
        ]
        if bail_problem(self.state, seat) is None:
            found.append(Choice(BAIL_KEY, f"bail {BAIL} F: {'on' if self.bail else 'off'}"))
        return found

    def prompt(self) -> str:
        step, state = self.step, self.state
        who = state.colours[self.person or 0] if self.person is not None else ""
        if step == "wait":
            actor = PARIS.actor(state)
            return f"{state.colours[actor]} (bot) is thinking" if actor is not None else ""
        if step == "report" and self.report is not None:
            return f"Round {self.report.round} settled (ruling D7)"
        return {
            "draft": f"{who}: take a stash from which district?",
            "turn": f"{who}'s turn {state.turn}: place, move or only the stash?",
            "district": f"{who}: place into which district?",
            "count": f"{who}: how many Apaches into {self.district}?",
            "step1": f"{who}: move which Apache where?",
            "step2": f"{who}: a second Apache, or Done",
            "stash": f"{who}: reveal which stash?",
        }.get(step, "The game is over")

    def tally(self) -> tuple[TallyLine, ...]:
        return PARIS.tally(self.state) if self.state.phase == OVER else ()

    # -- the buttons --

    def move(self, delta: int) -> None:
        count = len(self.choices())
        if count:
            self.focus = (self.focus + delta) % count

    def select(self, now_ns: int) -> str | None:
        return self.pick(self.focus, now_ns)

    def pick(self, index: int, now_ns: int) -> str | None:
        choices = self.choices()
        if not 0 <= index < len(choices):
            return None
        self.focus = index
        key = choices[index].key
        if key == MENU:
            return MENU
        self._choose(key, now_ns)
        return None

    def back(self) -> bool:
        """Out of a half-made choice, else undo back to the person's last choice. False
        when there was nothing of a person's to undo."""
        if self.report is not None:
            self.report = None
            return True
        if self.placing is not None or self.choosing or self.moving or self.stashing or self.bail:
            self._clear()
            return True
        history = self.session.history
        mine = [k for k, s in enumerate(history) if _is_person(s.actor, self.humans)]
        if not mine:
            return False
        while len(self.session.history) > mine[-1]:
            self.session.undo()
        self.notices.append("undone: your last choice (and the bots' moves after it)")
        self._clear()
        return True

    # -- time --

    def poll(self, now_ns: int) -> bool:
        """Let a bot act once its pause is over. True if anything changed."""
        if self.report is not None:
            return False
        state = self.state
        actor = PARIS.actor(state)
        if actor is None or actor not in self.bots:
            return False
        if now_ns - self.calm_since_ns < self.bot_pause_ns:
            return False
        self._apply(self.bots[actor].choose(state), now_ns)
        return True

    def close(self) -> None:
        self.session.close()

    # -- helpers --

    def _legal(self) -> list[Action]:
        return list(PARIS.legal_actions(self.state))

    def _districts(self) -> list[int]:
        return [a.district for a in self._legal() if isinstance(a, Take)]

    def _pile_label(self, district: int) -> str:
        left = bin(self.state.piles & DISTRICT_MASK[district]).count("1")
        return f"{district_label(district)} ({left} left)"

    def _place_districts(self) -> list[int]:
        return sorted({a.district for a in self._legal() if isinstance(a, Place)})

    def _steps(self) -> list[Step]:
        moves = [a for a in self._legal() if isinstance(a, Move)]
        first = self.first_step
        if first is None:
            return sorted({s for m in moves for s in m.steps})
        found: set[Step] = set()
        for m in moves:
            if len(m.steps) == 2 and first in m.steps:
                rest = list(m.steps)
                rest.remove(first)
                found.add(rest[0])
        return sorted(found)

    def _choose(self, key: str, now_ns: int) -> None:
        step = self.step
        if step == "report":
            self.report = None
        elif step == "draft":
            self._apply(Take(int(key)), now_ns)
        elif step == "turn":
            self._turn(key, now_ns)
        elif step == "district":
            self.district, self.placing, self.focus = int(key), dict.fromkeys(KINDS, 0), 0
            self.choosing = False
        elif step == "count":
            self._count(key, now_ns)
        elif step in ("step1", "step2"):
            self._moving(key, now_ns)
        elif step == "stash":
            self._stash(key, now_ns)

    def _turn(self, key: str, now_ns: int) -> None:
        self.focus = 0
        if key == "stash":
            self.stashing = True
        elif key == "move":
            self.moving, self.first_step = True, None
        elif key == "place":
            districts = self._place_districts()
            if len(districts) == 1:
                self.district, self.placing = districts[0], dict.fromkeys(KINDS, 0)
            else:
                self.choosing = True

    def _count(self, key: str, now_ns: int) -> None:
        placing = self.placing
        assert placing is not None
        if key == "done":
            action = Place(
                self.district or 0, placing["leaders"], placing["novices"], placing["recruits"]
            )
            if self._apply(action, now_ns):
                self._clear()
            return
        seat = self.person or 0
        index = {"leaders": RL, "novices": RN, "recruits": RR}[key]
        have = self.state.reserve[seat * 3 + index]
        placing[key] = placing[key] + 1 if placing[key] < have else 0

    def _moving(self, key: str, now_ns: int) -> None:
        if key == "done" and self.first_step is not None:
            if self._apply(Move((self.first_step,)), now_ns):
                self._clear()
            return
        chosen = next(s for s in self._steps() if _step_key(s) == key)
        if self.first_step is None:
            self.first_step, self.focus = chosen, 0
            # no second Apache can follow: the move is one step
            if not self._steps() and self._apply(Move((chosen,)), now_ns):
                self._clear()
            return
        if self._apply(Move((self.first_step, chosen)), now_ns):
            self._clear()

    def _stash(self, key: str, now_ns: int) -> None:
        if key == BAIL_KEY:
            self.bail = not self.bail
            return
        district, slot = (int(part) for part in key.split("."))
        if self._apply(Stash(district, slot, self.bail), now_ns):
            self._clear()

    def _apply(self, action: Action, now_ns: int) -> bool:
        before = self.state
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.notices.append(str(exc))
            return False
        self.calm_since_ns = now_ns
        after = self.state
        if after.settlement and after.settlement is not before.settlement and self.humans:
            self.report = Report(before.round, after.settlement)
        self.focus = 0
        return True

    def _clear(self) -> None:
        self.district, self.placing, self.first_step = None, None, None
        self.moving, self.choosing, self.stashing, self.bail = False, False, False, False
        self.focus = 0


def _is_person(actor: int | None, humans: int) -> bool:
    return actor is not None and 0 <= actor < humans


def district_label(district: int) -> str:
    return f"{district} {DISTRICT_NAMES[district]}"


def _step_key(step: Step) -> str:
    return f"{step.source}>{step.target}:{step.apache}"


def _step_label(step: Step) -> str:
    return f"{step.apache} {step.source} to {step.target}"
