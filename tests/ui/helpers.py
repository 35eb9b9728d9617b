"""What the UI tests share (the fixtures built on it are in ``conftest.py``): an app over a
test's own games folder, a game started from its setup screen as the start menu starts it,
buttons pressed as the input source gives them, the start menu's rows chosen, and games'
models read afresh or made without a screen."""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path
from typing import Any, Final, TypeVar

import pygame

from companion.input.events import Press
from companion.session import JournalWarning, Session, UnfinishedGame
from companion.ui.game_model import ChoiceModel, FullGameModel, FullTuning, GameModel
from companion.ui.game_scene import GameScene
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext, BaseScene, SceneStack
from companion.ui.setup import SetupScene
from companion.ui.setup_model import GameSetup, SetupModel

NOW: Final = 1_735_761_600.0
"""The app's wall clock: 2025-01-01 20:00 UTC."""
SIZES: Final = ((480, 320), (800, 480))
"""The two panels every screen is drawn for."""

G = TypeVar("G", bound=BaseScene)
F = TypeVar("F", bound=FullGameModel[Any, Any])
_presses = itertools.count()


def make_app(games_dir: Path, *, seed: int = 5, **options: Any) -> AppContext:
    """An app on the 480x320 panel over ``games_dir`` (pygame's display and fonts ready):
    its wall clock at ``NOW``, its new games' seed ``seed``; ``options`` as ``AppContext``
    takes them."""
    pygame.display.init()
    pygame.font.init()
    return AppContext(
        size=SIZES[0],
        stack=SceneStack(),
        games_dir=games_dir,
        wall_clock=lambda: NOW,
        new_seed=lambda: seed,
        **options,
    )


def top(app: AppContext) -> object:
    """The top scene, read afresh (mypy would keep an earlier narrowing)."""
    return app.stack.top


def press(scene: BaseScene, control: str) -> None:
    """``control`` pressed (``"red.chief"``, ``"nav.select"``), as the input source gives
    it."""
    scene.handle_input(Press(control, 1, "test", next(_presses)), 1)


def start_game(
    app: AppContext,
    game: GameSetup,
    first: type[G],
    *,
    players: int,
    mode: str | None = None,
    humans: int | None = None,
    tuning: object | None = None,
) -> G:
    """A new game of ``game`` from its setup screen (in ``mode``, ``humans`` of the players
    people), as the start menu starts it: its first scene (one of kind ``first``)."""
    setup = SetupModel(game, players=players)
    if mode is not None:
        setup.set_mode(mode)
    if humans is not None:
        setup.values["humans"] = humans
    started = started_from(app, setup, tuning)
    assert isinstance(started, first)
    return started


def started_from(app: AppContext, setup: SetupModel, tuning: object | None = None) -> object:
    """The scene Start gives from the setup screen of ``setup``, as the start menu shows it
    (the tests' pauses: ``tuning``)."""
    scene = SetupScene(app, setup, tuning=tuning)
    app.stack.push(scene)
    app.stack.update(0)
    scene.start(0)
    app.stack.update(0)
    return app.stack.top


def show_menu(
    app: AppContext, model: MenuModel | None = None, *, full_tuning: object | None = None
) -> MenuScene:
    """The start menu (of ``model``; its games started with ``full_tuning``), shown."""
    menu = MenuScene(app, model, full_tuning=full_tuning)
    app.stack.push(menu)
    app.stack.update(0)
    return menu


def choose_row(app: AppContext, menu: MenuScene, index: int, opens: type[G], now_ns: int) -> G:
    """The start menu's row ``index`` selected at ``now_ns``: the scene it opens (one of
    kind ``opens``)."""
    menu.model.focus = index
    menu.nav("select", now_ns)
    app.stack.update(now_ns)
    opened = app.stack.top
    assert isinstance(opened, opens)
    return opened


def leave_through_the_game_menu(app: AppContext, scene: GameScene[Any], menu: MenuScene) -> None:
    """The game's "Menu" option (its last) opens the game menu; Leave: the start menu
    ``menu`` is back on top, the journal closed."""
    scene.model.focus = len(scene.model.choices()) - 1
    press(scene, "nav.select")
    assert scene.menu.open
    press(scene, "nav.next")
    press(scene, "nav.select")  # leave
    app.stack.update(1)
    assert app.stack.top is menu and scene.model.session.closed


def resume(app: AppContext, menu: MenuScene, label: str, opens: type[G]) -> G:
    """The start menu's one Resume row: it says ``label``, names an unfinished game and,
    selected, opens the game's scene (one of kind ``opens``)."""
    (row,) = [row for row in menu.model.rows if row.kind == "resume"]
    assert row.label == label
    assert isinstance(row.game, UnfinishedGame)
    return choose_row(app, menu, menu.model.rows.index(row), opens, 2)


def step(model: GameModel) -> str:
    """The model's step, read afresh (mypy would keep an earlier narrowing)."""
    return model.step


def keys(model: ChoiceModel) -> list[str]:
    """The keys of the options offered, in screen order."""
    return [choice.key for choice in model.choices()]


def tracker_session(engine: Any, directory: Path, *, players: int = 3) -> Session[Any, Any]:
    """A new TRACKER game of ``engine`` (seed 1) journaled in ``directory``."""
    return Session.start(engine, {"players": players}, 1, directory / "t.jsonl", auto_chance=False)


def full_model(
    model: type[F],
    engine: Any,
    directory: Path,
    *,
    seed: int,
    players: int = 3,
    humans: int = 1,
    pause_ns: int = 0,
) -> F:
    """A new FULL game of ``engine`` journaled in ``directory`` (``model``): the first
    ``humans`` seats people, the others bots that play ``pause_ns`` after the last move."""
    session = Session.start(
        engine, {"players": players}, seed, directory / "g.jsonl", chance_seed=seed
    )
    return model(session, humans=humans, now_ns=0, tuning=FullTuning(bot_pause_ns=pause_ns))


def cut_after_the_first_action(path: Path) -> None:
    """``path`` as a kill during the opening deal leaves it: its lines up to the first
    action line (the first card dealt), the rest lost (all of it when there is no action)."""
    lines = path.read_bytes().splitlines(keepends=True)
    actions = [k for k, line in enumerate(lines) if b'"type":"action"' in line]
    path.write_bytes(b"".join(lines[: actions[0] + 1] if actions else lines))


def resumed_after_a_cut_deal(
    app: AppContext, game: GameSetup, scene: type[G], tuning: object, *, players: int
) -> G:
    """A bots-only FULL game of ``game`` started from its setup, its journal cut just after
    its first dealt line (a kill during the deal), then resumed by the game's own hook: the
    scene it resumes to (of kind ``scene``)."""
    setup = SetupModel(game, players=players)
    setup.set_mode("full")
    setup.values["humans"] = 0
    started = started_from(app, setup, tuning)
    assert isinstance(started, scene)
    first: object = started
    assert isinstance(first, GameScene)
    first.close()
    path = first.model.session.path
    cut_after_the_first_action(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        session = Session.resume(path)
    assert game.resume is not None
    resumed = game.resume(session, app, 0, tuning)
    assert isinstance(resumed, scene)
    return resumed
