"""The Apocalypse FULL game: a person against HeuristicBots, bots alone, undo, resume."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from companion.input.events import Press
from companion.rules.apocalypse import APOCALYPSE, PLAY
from companion.session import Session
from companion.ui.apocalypse.full import ApocalypseFullResultsScene, ApocalypseFullScene
from companion.ui.apocalypse.full_model import ApocalypseFullModel, ApocalypseFullTuning
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext, SceneStack
from companion.ui.setup import SetupScene
from companion.ui.setup_model import SetupModel

NOW = 1_735_761_600.0
NO_PAUSE = ApocalypseFullTuning(bot_pause_ns=0)
"""The bots act at once."""
seq = itertools.count()


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    pygame.display.init()
    pygame.font.init()
    return AppContext(
        size=(480, 320),
        stack=SceneStack(),
        games_dir=tmp_path,
        wall_clock=lambda: NOW,
        new_seed=lambda: 3,
    )


def start(app: AppContext, *, players: int = 4, humans: int = 1) -> ApocalypseFullScene:
    setup = SetupModel(APOCALYPSE_SETUP, players=players)
    setup.set_mode("full")
    setup.values["humans"] = humans
    scene = SetupScene(app, setup, tuning=NO_PAUSE)
    app.stack.push(scene)
    app.stack.update(0)
    scene.start(0)
    app.stack.update(0)
    game = app.stack.top
    assert isinstance(game, ApocalypseFullScene)
    return game


def model_of(app: AppContext) -> ApocalypseFullModel:
    scene = app.stack.top
    assert isinstance(scene, ApocalypseFullScene | ApocalypseFullResultsScene)
    return scene.model


def menu_open(scene: ApocalypseFullScene) -> bool:
    return scene.menu.open


def step(model: ApocalypseFullModel) -> str:
    """The step, read afresh (mypy would keep an earlier narrowing)."""
    return model.step


def press(scene: ApocalypseFullScene, control: str) -> None:
    scene.handle_input(Press(control, 1, "test", next(seq)), 1)


def run_bots(app: AppContext, scene: ApocalypseFullScene, *, limit: int = 5000) -> None:
    """Let the bots act until a person is asked or the game is over."""
    for tick in range(limit):
        if scene.model.step != "wait":
            return
        app.stack.update(tick)


def test_bots_alone_play_a_whole_game_that_replays(app: AppContext) -> None:
    scene = start(app, humans=0)
    for tick in range(5000):
        app.stack.update(tick)
        if isinstance(app.stack.top, ApocalypseFullResultsScene):
            break
    model = model_of(app)
    outcome = APOCALYPSE.outcome(model.state)
    assert outcome is not None and len(model.state.rounds) == 3
    assert Session.load(model.session.path).state == model.state
    app.stack.top.draw(pygame.Surface(app.size), 0)  # type: ignore[union-attr]
    scene.nav("select", 1)


def test_a_person_plays_their_cards_with_the_buttons(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    run_bots(app, scene)
    assert model.step in ("hand", "name", "choose")
    for _ in range(40):
        run_bots(app, scene)
        if model.step == "hand":
            hand = model.hand()
            playable = [i for i, c in enumerate(hand) if c.playable]
            assert model.focus == playable[0], "the first playable card is focused"
            before = len(hand)
            press(scene, "nav.select")
            if step(model) == "token":
                press(scene, f"{model.tokens().coloured[0]}.chief")
            assert len(model.hand()) == before - 1 or model.state.phase != PLAY
        elif model.step in ("name", "choose"):
            assert model.focus == model.person
            press(scene, "nav.select")
        else:
            break
    assert len(model.session.history) > 96, "the person and the bots played on"


def test_a_card_that_may_not_be_played_is_refused_with_its_rule(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    for _ in range(200):
        run_bots(app, scene)
        hand = model.hand()
        blocked = [i for i, c in enumerate(hand) if not c.playable]
        if model.step == "hand" and blocked:
            model.focus = blocked[0]
            press(scene, "nav.select")
            flash = scene.flashes.current(1)
            assert flash is not None and "ruling P4" in flash.text
            return
        model.focus = next((i for i, c in enumerate(hand) if c.playable), model.focus)
        press(scene, "nav.select")
        if step(model) == "token":
            press(scene, "nav.select")
    raise AssertionError("no hand with a card it may not play came up (seed 3)")


def test_back_undoes_the_persons_last_choice_and_the_bots_after_it(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    run_bots(app, scene)
    while model.step != "hand":
        press(scene, "nav.select")
        run_bots(app, scene)
    hand = [c.card for c in model.hand()]
    press(scene, "nav.select")
    if step(model) == "token":
        press(scene, "nav.select")
    run_bots(app, scene)
    press(scene, "nav.back")
    assert [c.card for c in model.hand()] == hand and step(model) == "hand"


def test_a_colour_focuses_that_suits_cards(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    run_bots(app, scene)
    while model.step != "hand":
        press(scene, "nav.select")
        run_bots(app, scene)
    suits = [c.face.suit for c in model.hand() if c.face.suit]
    press(scene, f"{suits[0]}.hunter")
    assert model.hand()[model.focus].face.suit == suits[0]


def test_leaving_and_resuming_from_the_menu(app: AppContext) -> None:
    menu = MenuScene(app, MenuModel(doctor=False))
    app.stack.push(menu)
    app.stack.update(0)
    scene = start(app)
    run_bots(app, scene)
    path = scene.model.session.path
    scene.model.close()
    app.stack.pop()
    app.stack.update(1)
    menu.model.focus = [row.label for row in menu.model.rows].index("Resume Apocalypse")
    menu.nav("select", 2)
    app.stack.update(2)
    resumed = app.stack.top
    assert isinstance(resumed, ApocalypseFullScene)
    assert resumed.model.session.path == path and resumed.model.humans == 1
    resumed.model.close()


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_every_step_draws(app: AppContext, size: tuple[int, int]) -> None:
    app.size = size
    scene = start(app, players=2)
    surface = pygame.Surface(size)
    seen = set()
    for tick in range(300):
        seen.add(scene.model.step)
        scene.draw(surface, tick)
        app.stack.update(tick)
        if scene.model.step != "wait":
            scene.model.select(tick)
        if not isinstance(app.stack.top, ApocalypseFullScene):
            break
    assert {"hand", "wait"} <= seen
    scene.model.close()


def test_leaving_with_the_buttons_through_the_game_menu(app: AppContext) -> None:
    menu = MenuScene(app, MenuModel(doctor=False))
    app.stack.push(menu)
    app.stack.update(0)
    scene = start(app, humans=0)
    press(scene, "nav.back")  # nothing of a person's to undo: the game menu
    assert menu_open(scene)
    press(scene, "nav.back")
    assert not menu_open(scene)
    press(scene, "nav.select")  # the bots are playing: select is the menu too
    press(scene, "nav.next")
    press(scene, "nav.select")  # Leave
    app.stack.update(1)
    assert app.stack.top is menu and scene.model.session.closed
