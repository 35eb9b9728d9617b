"""The Paris FULL game without pygame: virtual stashes and board, bots, the person's choices.

The companion sets the stashes aside and draws them (the session's chance actions,
journaled). Seat 0 is a person when ``humans`` is 1 (the screen shows their stashes), the
others are ``HeuristicParisBot``s, each acting ``bot_pause_ns`` (``ParisFullTuning``)
after the last action so the table can follow. With ``humans`` 0 the bots play alone.

A person's steps (each one's options end with "Menu": the game menu at any moment):

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

Back steps out of a half-made choice; otherwise it takes back the person's own last choice
(a place, a move, a stash) and stops there, while no bot has acted and nothing was drawn
since: a draft's Take is followed at once by the stash drawn, and a bot's action or the
next round's draws show what nobody knew, so past them it is refused with the reason
(``FullGameModel.undo_to_person``); nobody can probe the piles or the bots by choosing,
watching and undoing. With nothing of a person's to undo, and on select while the bots
play, the game menu is asked for. The scene (``companion.ui.paris.full``) drives
it as a ``GameModel`` (``companion.ui.game_model``). The options and questions are in the
screen's language (``companion.i18n``); the rules' refusals are not translated yet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final, Literal

from companion.bots.paris import HeuristicParisBot
from companion.i18n import marked, money, tr, trn
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
from companion.rules.paris.board import DISTRICT_MASK
from companion.rules.paris.settlement import BAIL, SettlementStep, TallyLine
from companion.rules.paris.state import RL, RN, RR
from companion.ui import theme
from companion.ui.game_model import (
    MENU,
    Choice,
    ChoiceModel,
    FullGameModel,
    FullTuning,
    Reply,
    named_seat,
)
from companion.ui.paris.tracker_model import KINDS, kind_count
from companion.ui.paris.words import district_name, outcome_words, step_words

FullStep = Literal[
    "draft", "turn", "district", "count", "step1", "step2", "stash", "report", "wait", "over"
]
BAIL_KEY: Final = "bail"
PROMPTS: Final = {
    "draft": marked("{who}: take a stash from which district?"),
    "turn": marked("{who}'s turn {turn}: place, move or only the stash?"),
    "district": marked("{who}: place into which district?"),
    "count": marked("{who}: how many Apaches into {district}?"),
    "step1": marked("{who}: move which Apache where?"),
    "step2": marked("{who}: a second Apache, or Done"),
    "stash": marked("{who}: reveal which stash?"),
}
"""A person's question, by step (``who``: their name or their gang)."""


@dataclass(frozen=True, slots=True)
class ParisFullTuning(FullTuning):
    """The Paris FULL game's pause (``FullTuning``)."""


@dataclass(frozen=True, slots=True)
class Report:
    """A settled round, as shown in step ``report``."""

    round: int
    steps: tuple[SettlementStep, ...]


class ParisFullModel(ChoiceModel, FullGameModel[ParisState, Action]):
    """A FULL game in progress (see the module docstring)."""

    _revealed_words = marked("a stash or counter was drawn")

    # the person's half-made choice: none at first, ``_clear`` drops it
    district: int | None = None
    placing: dict[str, int] | None = None
    first_step: Step | None = None
    moving = False
    choosing = False
    stashing = False
    bail = False

    report: Report | None = None
    """A settled round, shown until select (step ``report``)."""

    # -- what the screen shows --

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
            return [Choice("go", tr("Go on"))]
        found = make() if make is not None else []
        if found and found[-1].key != MENU:
            found.append(Choice(MENU, tr("Menu")))
        return found

    def _draft_choices(self) -> list[Choice]:
        return [Choice(str(d), self._pile_label(d)) for d in self._districts()]

    def _turn_choices(self) -> list[Choice]:
        kinds = {type(a) for a in self._legal()}
        found = [Choice("stash", tr("Stash only"))]
        found += [Choice("place", tr("Place"))] if Place in kinds else []
        found += [Choice("move", tr("Move"))] if Move in kinds else []
        return [*found, Choice(MENU, tr("Menu"))]

    def _district_choices(self) -> list[Choice]:
        return [Choice(str(d), district_label(d)) for d in self._place_districts()]

    def _count_choices(self) -> list[Choice]:
        placing = self.placing or {}
        found = [Choice(k, kind_count(k, placing.get(k, 0))) for k in KINDS]
        return [*found, Choice("done", tr("Done"))]

    def _step_choices(self) -> list[Choice]:
        found = [Choice("done", tr("Done: 1 Apache"))] if self.first_step is not None else []
        return found + [Choice(_step_key(s), _step_label(s)) for s in self._steps()]

    def _stash_choices(self) -> list[Choice]:
        board = get_board(self.state.board)
        seat = self.person or 0
        found = [
            Choice(
                f"{d}.{k}",
                tr("district {district}, slot {slot}: {outcome}").format(
                    district=d, slot=k, outcome=outcome_words(board.slots[d][k - 1])
                ),
            )
            for d, k in self.state.hand(seat)
        ]
        if bail_problem(self.state, seat) is None:
            words = tr("bail {bail}: on") if self.bail else tr("bail {bail}: off")
            found.append(Choice(BAIL_KEY, words.format(bail=money(BAIL))))
        return found

    def prompt(self, *, named: bool = True) -> str:
        """The question asked, the person by their name (``named``) or their gang."""
        step, state = self.step, self.state
        colour = state.colours[self.person or 0] if self.person is not None else ""
        who = named_seat(colour, self.names if named else {})
        if step == "wait":
            actor = PARIS.actor(state)
            if actor is None:
                return ""
            return tr("{gang} (bot) is thinking").format(
                gang=theme.colour_word(state.colours[actor])
            )
        if step == "report" and self.report is not None:
            return tr("Round {round} settled (ruling D7)").format(round=self.report.round)
        if step not in PROMPTS:
            return tr("The game is over")
        district = district_name(self.district or 0)
        return tr(PROMPTS[step]).format(who=who, turn=state.turn, district=district)

    def tally(self) -> tuple[TallyLine, ...]:
        return PARIS.tally(self.state) if self.state.phase == OVER else ()

    # -- the buttons --

    def select(self, now_ns: int) -> Reply:
        """The focused option; while the bots play, the game menu."""
        return MENU if self.step == "wait" else super().select(now_ns)

    def colour(self, colour: str, button: str, now_ns: int) -> None:
        """A seat colour's button: nothing (the person plays with previous, next, select)."""

    def back(self) -> Reply:
        """Out of a half-made choice, else take back the person's last choice (refused,
        with the reason, once a bot acted or something was drawn since); with nothing of a
        person's to undo, the game menu (to leave)."""
        if self.report is not None:
            self.report = None
            return None
        if self.placing is not None or self.choosing or self.moving or self.stashing or self.bail:
            self._clear()
            return None
        if not self.undo_to_person():
            return MENU
        self._clear()
        return None

    # -- time --

    def poll(self, now_ns: int) -> bool:
        """Let a bot act once its pause is over (not while a settlement is shown). True if
        anything changed."""
        return self.report is None and super().poll(now_ns)

    # -- helpers --

    def _legal(self) -> list[Action]:
        return list(PARIS.legal_actions(self.state))

    def _districts(self) -> list[int]:
        return [a.district for a in self._legal() if isinstance(a, Take)]

    def _pile_label(self, district: int) -> str:
        left = bin(self.state.piles & DISTRICT_MASK[district]).count("1")
        return trn("{district}: {count} left", "{district}: {count} left", left).format(
            district=district_label(district), count=left
        )

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

    def choose(self, key: str, now_ns: int) -> None:
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

    def _bot(self, seat: int) -> HeuristicParisBot:
        return HeuristicParisBot(seat, random.Random(self.session.seed * 8 + seat))

    def _after(self, before: ParisState) -> None:
        """A round settled: its report (to a person); the focus on the first option."""
        after = self.state
        if after.settlement and after.settlement is not before.settlement and self.humans:
            self.report = Report(before.round, after.settlement)
        self.focus = 0

    def _clear(self) -> None:
        self.district, self.placing, self.first_step = None, None, None
        self.moving, self.choosing, self.stashing, self.bail = False, False, False, False
        self.focus = 0


def district_label(district: int) -> str:
    """``"5 (yellow district)"``: a district's option (:func:`district_name`)."""
    return district_name(district)


def _step_key(step: Step) -> str:
    return f"{step.source}>{step.target}:{step.apache}"


def _step_label(step: Step) -> str:
    return step_words(step.apache, step.source, step.target)
