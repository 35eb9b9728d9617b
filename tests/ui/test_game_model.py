"""What the game models share, without a screen: options picked by focus or index (the
game menu asked for), an action whose refusal becomes a notice naming its rule, and a FULL
game's bots that play once their pause is over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.rules.apocalypse import APOCALYPSE
from companion.rules.paris import PARIS
from companion.session import Session
from companion.ui.apocalypse.full_model import ApocalypseFullModel
from companion.ui.game_model import MENU, Choice, ChoiceModel, applied
from companion.ui.paris.full_model import ParisFullModel
from tests.ui.helpers import full_model

PAUSE_NS = 1_000


class Letters(ChoiceModel):
    """A toy: the options are letters and a menu; choosing one keeps it."""

    def __init__(self, *letters: str) -> None:
        self.focus = 0
        self.letters = letters
        self.chosen: list[str] = []

    def choices(self) -> list[Choice]:
        return [*(Choice(letter, letter.upper()) for letter in self.letters), Choice(MENU, "Menu")]

    def choose(self, key: str, now_ns: int) -> None:
        self.chosen.append(key)


def test_previous_and_next_go_round_the_options() -> None:
    model = Letters("a", "b")
    model.move(-1)
    assert model.focus == 2, "round to the menu"
    model.move(2)
    assert model.focus == 1


def test_select_chooses_the_focused_option_and_the_menu_is_asked_for() -> None:
    model = Letters("a", "b")
    model.focus = 1
    assert model.select(0) is None and model.chosen == ["b"]
    model.focus = 9  # the options changed under the focus: the last one
    assert model.select(0) == MENU and model.chosen == ["b"]
    assert Letters().pick(0, 0) == MENU


def test_a_pick_focuses_its_option_and_one_off_the_list_does_nothing() -> None:
    model = Letters("a", "b")
    assert model.pick(1, 0) is None and model.focus == 1 and model.chosen == ["b"]
    assert model.pick(5, 0) is None and model.focus == 1 and model.chosen == ["b"]


def test_a_refused_action_is_a_notice_naming_its_rule(tmp_path: Path) -> None:
    session = Session.start(TRACKER, {"colours": ["red", "yellow"]}, 1, tmp_path / "t.jsonl")
    notices: list[str] = []
    assert not applied(session, TrackerAction.confirm(0, "loot"), notices)
    assert len(notices) == 1 and "ruling" in notices[0]
    assert applied(session, TrackerAction.slap(0, "hunter"), notices) and len(notices) == 1
    session.close()


@pytest.mark.parametrize(
    ("model", "engine", "seed"),
    [(ApocalypseFullModel, APOCALYPSE, 3), (ParisFullModel, PARIS, 7)],
    ids=["apocalypse", "paris"],
)
def test_a_bot_plays_only_once_its_pause_is_over(
    tmp_path: Path, model: type[ApocalypseFullModel | ParisFullModel], engine: Any, seed: int
) -> None:
    bots = full_model(model, engine, tmp_path, seed=seed, humans=0, pause_ns=PAUSE_NS)
    moves = len(bots.session.history)
    assert bots.step == "wait"
    assert not bots.poll(PAUSE_NS - 1) and len(bots.session.history) == moves
    assert bots.poll(PAUSE_NS) and bots.session.history[moves].actor in bots.bots
    assert not bots.poll(PAUSE_NS + 1), "the pause counts again from its move"
    bots.close()
