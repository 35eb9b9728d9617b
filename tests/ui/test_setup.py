"""A game's setup on screen: opened from the start menu, seat buttons and the mouse, Start
putting the game in the setup's place, a game that cannot start, every row drawn."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from companion.input.events import Press
from companion.input.pinmap import load_profile
from companion.ui import theme
from companion.ui.app import Scene
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext, BaseScene, SceneStack
from companion.ui.setup import SetupScene, colour_chips, value_cells, visible_rows
from companion.ui.setup_model import GameSetup, SetupChoice, SetupModel
from tests.ui import test_setup_model as toys

NOW = 1_735_761_600.0


class Started(BaseScene):
    """A stand-in for a game's first scene: it keeps the choice it was started with."""

    def __init__(self, app: AppContext, choice: SetupChoice) -> None:
        super().__init__(app)
        self.choice = choice

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        surface.fill((0, 0, 0))


def start_toy(choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
    return Started(app, choice)


def cannot_start(choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
    raise OSError("the games folder is read-only")


COLOURED = dataclasses.replace(toys.COLOURED, start=start_toy)
NUMBERED = dataclasses.replace(toys.NUMBERED, start=start_toy)


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    pygame.display.init()
    pygame.font.init()
    return AppContext(
        size=(480, 320),
        stack=SceneStack(),
        games_dir=tmp_path,
        wall_clock=lambda: NOW,
        new_seed=lambda: 5,
        open_doctor=None,
    )


def colours(model: SetupModel) -> tuple[str, ...]:
    return model.colours


def top(app: AppContext) -> object:
    """The top scene, read afresh."""
    return app.stack.top


def focus_on(model: SetupModel, row: str) -> None:
    model.focus = [r.key for r in model.rows].index(row)


def opened(app: AppContext, model: SetupModel) -> tuple[MenuScene, SetupScene]:
    """The menu with ``model``'s setup opened over it, as the menu's select does."""
    menu = MenuScene(app, MenuModel(games=(model.game,), doctor=False))
    menu.model.setups[model.game.name] = model
    app.stack.push(menu)
    app.stack.update(0)
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene) and scene.model is model
    return menu, scene


def rect_of(scene: SetupScene, row: str) -> pygame.Rect:
    model = scene.model
    focus_on(model, row)
    return dict(visible_rows(scene.app.size, len(model.rows), model.focus))[model.focus]


def test_a_seat_button_joins_or_leaves_and_back_leaves(app: AppContext) -> None:
    model = SetupModel(COLOURED, players=2)
    _, scene = opened(app, model)
    scene.handle_input(Press("green.hunter", 1, "test", 0), 1)
    assert colours(model) == ("red", "yellow", "green")
    flash = scene.flashes.current(1)
    assert flash is not None and flash.text == "green joined the game"
    scene.handle_input(Press("red.chief", 2, "test", 1), 2)
    scene.handle_input(Press("yellow.woman", 3, "test", 2), 3)
    assert colours(model) == ("yellow", "green")
    flash = scene.flashes.current(3)
    assert flash is not None and "ruling X1" in flash.text
    scene.handle_input(Press("nav.back", 4, "test", 3), 4)
    app.stack.update(4)
    assert isinstance(app.stack.top, MenuScene), "back leaves to the start menu"


def test_start_puts_the_game_in_the_setups_place(app: AppContext) -> None:
    model = SetupModel(COLOURED, players=2)
    menu, scene = opened(app, model)
    focus_on(model, "start")
    scene.handle_input(Press("nav.select", 1, "test", 0), 1)
    app.stack.update(1)
    game = app.stack.top
    assert isinstance(game, Started)
    assert app.stack.scenes == (menu, game), "the game ends back on the start menu"
    assert game.choice == SetupChoice("coloured", "tracker", 2, ("red", "yellow"))


def test_a_game_that_cannot_start_says_so_and_stays(app: AppContext) -> None:
    model = SetupModel(dataclasses.replace(COLOURED, start=cannot_start))
    _, scene = opened(app, model)
    focus_on(model, "start")
    scene.nav("select", 0)
    app.stack.update(0)
    assert app.stack.top is scene
    flash = scene.flashes.current(0)
    assert flash is not None
    assert flash.text == "cannot start the game: the games folder is read-only"


# --- the mouse -------------------------------------------------------------------------------


def test_clicks_change_mode_players_colours_humans_and_toggles(app: AppContext) -> None:
    model = SetupModel(COLOURED)
    _, scene = opened(app, model)
    scene.click(rect_of(scene, "mode").center, 0)
    assert model.mode == "full"
    players = rect_of(scene, "players")
    scene.click((players.right - 3, players.centery), 0)
    assert model.players == 4
    scene.click((players.right - 3 * players.height + 3, players.centery), 0)
    assert model.players == 3
    blue = colour_chips(rect_of(scene, "colours"))[3]
    scene.click(blue.center, 0)
    assert colours(model) == ("red", "yellow", "purple", "blue")
    humans = rect_of(scene, "humans")
    minus, _, plus = value_cells(humans, round(humans.width * 0.4))
    scene.click(plus.center, 0)
    assert model.choice().number("humans") == 2
    scene.click(minus.center, 0)
    scene.click(minus.center, 0)
    assert model.choice().number("humans") == 0
    scene.click(rect_of(scene, "fast").center, 0)
    assert model.choice().flag("fast")


def test_clicking_start_starts_and_right_click_leaves(app: AppContext) -> None:
    model = SetupModel(COLOURED, players=2)
    menu, scene = opened(app, model)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(1, 1)))
    app.stack.update(0)
    assert top(app) is menu
    menu.nav("select", 0)
    app.stack.update(0)
    again = top(app)
    assert isinstance(again, SetupScene) and again.model is model, "the same setup again"
    again.click(rect_of(again, "start").center, 0)
    app.stack.update(0)
    assert isinstance(top(app), Started)


# --- the build's seats (a profile wiring three) ------------------------------------------------

REFUSED_FOURTH = "3 players at most: blue and green have no buttons (profile gpio-spi35)"


def three_seat(app: AppContext) -> AppContext:
    return dataclasses.replace(app, profile=load_profile("gpio-spi35"))


def flashed(scene: SetupScene, now_ns: int) -> str:
    flash = scene.flashes.current(now_ns)
    return "" if flash is None else flash.text


def test_by_keys_a_three_seat_build_offers_three_colours(app: AppContext) -> None:
    model = SetupModel(COLOURED, players=5)
    _, scene = opened(three_seat(app), model)
    assert colours(model) == ("red", "yellow", "purple"), "the setup opened on this build"
    scene.handle_input(Press("blue.chief", 1, "test", 0), 1)
    assert flashed(scene, 1) == "blue has no buttons on this build (profile gpio-spi35)"
    focus_on(model, "players")
    for at, button in enumerate(["nav.select", "nav.next"], start=2):
        scene.handle_input(Press(button, at, "test", at), at)
    assert model.players == 3 and flashed(scene, 3) == REFUSED_FOURTH


def test_by_mouse_a_three_seat_build_shows_three_chips(app: AppContext) -> None:
    model = SetupModel(COLOURED, players=2)
    _, scene = opened(three_seat(app), model)
    chips = colour_chips(rect_of(scene, "colours"), 3)
    scene.click(chips[2].center, 0)
    assert colours(model) == ("red", "yellow", "purple"), "the third chip is purple"
    players = rect_of(scene, "players")
    scene.click((players.right - 3, players.centery), 1)
    assert model.players == 3 and flashed(scene, 1) == REFUSED_FOURTH
    surface = pygame.Surface(scene.app.size)
    scene.draw(surface, 1)
    for colour, chip in zip(("red", "yellow", "purple"), chips, strict=True):
        edge = (chip.left + 2, chip.centery)
        assert surface.get_at(edge)[:3] == theme.SEAT_COLOURS[colour], f"{colour} drawn there"


# --- other shapes ----------------------------------------------------------------------------


def test_a_numbered_seat_game_starts_from_the_menu_with_its_choice(app: AppContext) -> None:
    menu = MenuScene(app, MenuModel(games=(COLOURED, NUMBERED), doctor=False))
    app.stack.push(menu)
    app.stack.update(0)
    assert [row.label for row in menu.model.rows] == ["Coloured", "Numbered", "Settings", "Quit"]
    assert menu.model.rows[1].detail == "tracker or full game · 2-6 players"
    menu.nav("next", 0)
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene) and scene.model.game is NUMBERED
    scene.handle_input(Press("red.hunter", 0, "test", 0), 0)
    scene.nav("previous", 0)  # round to Start
    scene.nav("select", 0)
    app.stack.update(0)
    started = app.stack.top
    assert isinstance(started, Started)
    assert started.choice == SetupChoice("numbered", "tracker", 3)


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
@pytest.mark.parametrize("game", [COLOURED, NUMBERED])
def test_every_row_draws_at_both_sizes(game: GameSetup, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    model = SetupModel(game)
    model.set_mode("full")
    scene = SetupScene(AppContext(size=size, stack=SceneStack(), games_dir=Path()), model)
    surface = pygame.Surface(size)
    for focus in range(len(model.rows)):
        model.focus = focus
        model.editing = model.row.editable
        scene.draw(surface, 0)
    assert surface.get_at((size[0] // 2, 2))[:3] != (0, 0, 0)
