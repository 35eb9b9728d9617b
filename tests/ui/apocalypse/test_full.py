"""The Apocalypse FULL game: a person against HeuristicBots, bots alone, undo, resume."""

from __future__ import annotations

import pygame
import pytest

from companion.rules.apocalypse import APOCALYPSE, PLAY
from companion.session import Session
from companion.ui.apocalypse.full import ApocalypseFullResultsScene, ApocalypseFullScene
from companion.ui.apocalypse.full_model import ApocalypseFullModel, ApocalypseFullTuning
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.menu import MenuModel
from companion.ui.scenes import AppContext
from tests.ui.helpers import press, resume, show_menu, start_game, step

NO_PAUSE = ApocalypseFullTuning(bot_pause_ns=0)
"""The bots act at once."""


@pytest.fixture
def seed() -> int:
    return 3


def start(app: AppContext, *, players: int = 4, humans: int = 1) -> ApocalypseFullScene:
    return start_game(
        app,
        APOCALYPSE_SETUP,
        ApocalypseFullScene,
        players=players,
        mode="full",
        humans=humans,
        tuning=NO_PAUSE,
    )


def model_of(app: AppContext) -> ApocalypseFullModel:
    scene = app.stack.top
    assert isinstance(scene, ApocalypseFullScene | ApocalypseFullResultsScene)
    return scene.model


def menu_open(scene: ApocalypseFullScene) -> bool:
    return scene.menu.open


def run_bots(app: AppContext, scene: ApocalypseFullScene, *, limit: int = 5000) -> None:
    """Let the bots act until a person is asked or the game is over."""
    for tick in range(limit):
        if scene.model.step != "wait":
            return
        app.stack.update(tick)


def to_hand(app: AppContext, scene: ApocalypseFullScene) -> None:
    """The bots play and the person names who opens, until the person has a card to play."""
    run_bots(app, scene)
    while scene.model.step != "hand":
        press(scene, "nav.select")
        run_bots(app, scene)


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


def play_focused(scene: ApocalypseFullScene) -> None:
    press(scene, "nav.select")
    if step(scene.model) == "token":
        press(scene, "nav.select")


def test_back_takes_back_the_persons_card_before_any_bot_plays(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    to_hand(app, scene)
    hand, moves = [c.card for c in model.hand()], len(model.session.history)
    play_focused(scene)
    assert len(model.hand()) == len(hand) - 1
    press(scene, "nav.back")  # no bot has played yet: the card comes back
    assert [c.card for c in model.hand()] == hand and step(model) == "hand"
    assert len(model.session.history) == moves
    for tick in range(50):
        app.stack.update(tick)
    assert len(model.session.history) == moves, "no bot replays: it is the person's move"


def test_back_is_refused_once_a_bot_has_played_since(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    to_hand(app, scene)
    play_focused(scene)
    hand, moves = [c.card for c in model.hand()], len(model.session.history)
    run_bots(app, scene)
    if len(model.session.history) == moves:  # the person leads again: play once more
        play_focused(scene)
        hand = [c.card for c in model.hand()]
        run_bots(app, scene)
    history = tuple(model.session.history)
    assert history[-1].actor != 0, "a bot played (or cards were dealt) since"
    press(scene, "nav.back")
    assert model.session.history == history, "nothing revealed is taken back"
    assert [c.card for c in model.hand()] == hand
    flash = scene.flashes.current(1)
    assert flash is not None and "cannot be taken back" in flash.text
    assert not menu_open(scene)


def test_the_menu_is_the_persons_last_option_by_keys_and_by_mouse(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    to_hand(app, scene)
    moves = len(model.session.history)
    press(scene, "nav.previous")  # round from the first playable card... to Menu at last
    model.focus = len(model.hand())
    press(scene, "nav.select")
    assert menu_open(scene) and len(model.session.history) == moves, "no card played"
    press(scene, "nav.back")
    assert not menu_open(scene)
    rects = dict(scene.choice_rects())
    menu_rect = rects[len(model.hand())]
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=menu_rect.center)
    scene.handle_event(click)
    assert menu_open(scene) and len(model.session.history) == moves
    scene.draw(pygame.Surface(app.size), 0)


def test_a_click_on_the_title_bar_opens_the_game_menu(app: AppContext) -> None:
    scene = start(app)
    to_hand(app, scene)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(app.size[0] // 2, 5))
    scene.handle_event(click)
    assert menu_open(scene)


def test_a_colour_focuses_that_suits_cards(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    to_hand(app, scene)
    suits = [c.face.suit for c in model.hand() if c.face.suit]
    press(scene, f"{suits[0]}.hunter")
    assert model.hand()[model.focus].face.suit == suits[0]


def test_leaving_and_resuming_from_the_menu(app: AppContext) -> None:
    menu = show_menu(app, MenuModel(doctor=False))
    scene = start(app)
    run_bots(app, scene)
    path = scene.model.session.path
    scene.model.close()
    app.stack.pop()
    app.stack.update(1)
    resumed = resume(app, menu, "Resume Apocalypse", ApocalypseFullScene)
    assert resumed.model.session.path == path and resumed.model.humans == 1
    resumed.model.close()


def test_every_step_draws(app: AppContext, screen: pygame.Surface) -> None:
    scene = start(app, players=2)
    seen = set()
    for tick in range(300):
        seen.add(scene.model.step)
        scene.draw(screen, tick)
        app.stack.update(tick)
        if scene.model.step != "wait":
            scene.model.select(tick)
        if not isinstance(app.stack.top, ApocalypseFullScene):
            break
    assert {"hand", "wait"} <= seen
    scene.model.close()


def test_leaving_with_the_buttons_through_the_game_menu(app: AppContext) -> None:
    menu = show_menu(app, MenuModel(doctor=False))
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
