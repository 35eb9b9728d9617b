"""The Paris FULL game screens: the person's draft, placement, move and stash with the
buttons and the mouse, the bots, the settlement report, undo, resume and the results."""

from __future__ import annotations

import os
import re

import pygame
import pytest

from companion.rules.paris import PARIS, Move, Place, Stash, Take
from companion.session import Session
from companion.ui.menu import MenuModel
from companion.ui.paris.full import (
    ParisFullLayout,
    ParisFullResultsScene,
    ParisFullScene,
    option_rects,
)
from companion.ui.paris.full_model import ParisFullModel, ParisFullTuning
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.paris.view import district_name
from companion.ui.scenes import AppContext
from tests.ui.helpers import press, resume, show_menu, start_game, step

SEED = int(os.environ.get("PARIS_TEST_SEED", "7"))
NO_PAUSE = ParisFullTuning(bot_pause_ns=0)
"""The bots act at once."""


@pytest.fixture
def seed() -> int:
    return SEED


def start(app: AppContext, players: int = 3, humans: int = 1) -> ParisFullScene:
    return start_game(
        app,
        PARIS_SETUP,
        ParisFullScene,
        players=players,
        mode="full",
        humans=humans,
        tuning=NO_PAUSE,
    )


def menu_open(scene: ParisFullScene) -> bool:
    return scene.menu.open


def until(scene: ParisFullScene, wanted: str) -> None:
    """Bots play and the person takes the first option, until step ``wanted``."""
    model = scene.model
    for tick in range(3000):
        if model.step == wanted:
            return
        if not model.poll(tick):
            model.focus = 0
            model.select(tick)
    raise AssertionError(f"never reached {wanted}")


def place_leader(model: ParisFullModel) -> None:
    """Step ``turn``: place one leader into the first district that takes it (ruling D5)."""
    for district in range(9):
        model.pick([c.key for c in model.choices()].index("place"), 0)
        if step(model) == "district":
            if district >= len(model.choices()):
                break
            model.pick(district, 0)
        model.pick(0, 0)  # leaders 1
        model.pick(3, 0)  # Done
        if step(model) != "count":
            return
        model.back()
    raise AssertionError("no district took a leader")


def last_person_action(model: ParisFullModel) -> object:
    return next(s.action for s in reversed(model.session.history) if s.actor == 0)


def test_the_draft_place_and_stash_with_the_buttons(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    until(scene, "draft")
    press(scene, "nav.select")
    assert isinstance(last_person_action(model), Take)
    until(scene, "turn")
    press(scene, "nav.next")  # Place
    press(scene, "nav.select")
    assert step(model) == "district"
    press(scene, "nav.select")  # the first district offered
    assert step(model) == "count"
    assert model.prompt().endswith(f"into {district_name(model.district or 0)}?")
    press(scene, "nav.select")  # leaders 1
    for _ in range(3):
        press(scene, "nav.next")
    press(scene, "nav.select")  # Done
    assert isinstance(last_person_action(model), Place)
    assert step(model) == "stash"
    stashes = [c.label for c in model.choices() if "." in c.key]
    assert stashes and all(re.match(r"district [1-7], slot \d: ", s) for s in stashes)
    press(scene, "nav.select")
    assert isinstance(last_person_action(model), Stash)
    model.close()


def test_a_move_and_back(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    until(scene, "turn")
    place_leader(model)
    assert step(model) == "stash"
    before = len(model.session.history)
    press(scene, "nav.back")  # takes back the place: nobody has acted since
    assert step(model) == "turn" and len(model.session.history) == before - 1
    place_leader(model)
    press(scene, "nav.select")  # the first stash
    assert isinstance(last_person_action(model), Stash)
    until(scene, "turn")
    history = tuple(model.session.history)
    press(scene, "nav.back")  # the bots have acted (or a stash was drawn) since: refused
    assert model.session.history == history and step(model) == "turn"
    flash = scene.flashes.current(1)
    assert flash is not None and "cannot be taken back" in flash.text
    kinds = [c.key for c in model.choices()]
    assert "move" in kinds
    model.pick(kinds.index("move"), 0)
    assert step(model) == "step1"
    press(scene, "nav.back")
    assert step(model) == "turn"
    model.pick(kinds.index("move"), 0)
    press(scene, "nav.select")
    if step(model) == "step2":
        press(scene, "nav.select")  # Done: 1 Apache
    assert isinstance(last_person_action(model), Move)
    model.close()


def test_the_game_menu_is_every_questions_last_option_and_the_title_bar(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    until(scene, "draft")
    moves = len(model.session.history)
    assert model.choices()[-1].label == "Menu"
    press(scene, "nav.previous")  # round to the last option
    press(scene, "nav.select")
    assert menu_open(scene) and len(model.session.history) == moves, "nothing taken"
    press(scene, "nav.back")
    assert not menu_open(scene)
    model.focus = len(model.choices()) - 1
    rects = dict(scene.choice_rects())
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rects[model.focus].center)
    scene.handle_event(click)
    assert menu_open(scene) and len(model.session.history) == moves
    press(scene, "nav.back")
    title = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(app.size[0] // 2, 5))
    scene.handle_event(title)
    assert menu_open(scene)
    model.close()


def test_a_whole_game_to_the_results_and_the_journal_replays(app: AppContext) -> None:
    scene = start(app, players=2)
    model = scene.model
    seen = set()
    for tick in range(4000):
        if not isinstance(app.stack.top, ParisFullScene):
            break
        seen.add(model.step)
        scene.update(tick * 10)
        seen.add(model.step)
        if model.step not in ("wait", "over"):
            model.focus = 0
            press(scene, "nav.select")
        app.stack.update(tick)
    assert {"draft", "turn", "stash", "report"} <= seen
    results = app.stack.top
    assert isinstance(results, ParisFullResultsScene)
    assert PARIS.outcome(model.state) is not None and len(model.tally()) == 2
    assert Session.load(model.session.path).state == model.state
    results.draw(pygame.Surface(app.size), 0)
    press(results, "nav.select")
    app.stack.update(5000)
    assert model.session.closed


def test_bots_alone_and_the_resume(app: AppContext) -> None:
    menu = show_menu(app, MenuModel(games=(PARIS_SETUP,), doctor=False))
    scene = start(app, players=4, humans=0)
    for tick in range(40):
        scene.update(tick)
    assert step(scene.model) == "wait" and len(scene.model.session.history) > 20
    press(scene, "nav.select")  # the bots play: select offers to leave
    assert menu_open(scene)
    press(scene, "nav.next")
    press(scene, "nav.select")
    app.stack.update(1)
    assert app.stack.top is menu and scene.model.session.closed
    resumed = resume(app, menu, "Resume Paris full game", ParisFullScene)
    assert resumed.model.humans == 0
    resumed.model.close()


def test_a_click_picks_an_option(app: AppContext) -> None:
    scene = start(app)
    until(scene, "turn")
    area = ParisFullLayout(app.size, scene.model).option_area(scene.model)
    (index, rect), *_ = [(i, r) for i, r in option_rects(area, scene.model, app.size) if i == 1]
    scene.click(rect.center, 1)  # Place
    assert scene.model.step in ("district", "count") and index == 1
    scene.model.close()


def test_every_step_draws(app: AppContext, screen: pygame.Surface) -> None:
    scene = start(app)
    model = scene.model
    seen = set()
    for tick in range(400):
        seen.add(model.step)
        scene.draw(screen, 0)
        if model.step == "report":
            break
        if not model.poll(tick):
            if model.step == "turn" and model.state.turn == 2:
                model.pick(1, tick)  # Place: district, count
                scene.draw(screen, 0)
                seen.add(model.step)
                model.back()
            model.focus = 0
            model.select(tick)
    assert {"draft", "turn", "stash", "wait", "report"} <= seen
    model.close()
