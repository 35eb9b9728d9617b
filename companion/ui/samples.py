"""What every game's screenshot samples share: a fixed app, fixed clocks and seed, and
sessions journaled in the app's temporary games directory.

Each game lists its samples in ``companion.ui.<game>.samples.SAMPLES`` (scene name ->
function of the app giving a scene in its sample state and the time to draw it at);
``companion screenshot`` (``screenshot.py``) renders them all. ``setup_sample`` shows a
game's setup; ``full_game`` starts a FULL game of a person and bots; ``played``
(``play_until``) plays a game's model on to the state it shows.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

import pygame

from companion.input.events import Press
from companion.session import Session
from companion.ui.game_model import ChoiceModel, FullGameModel, FullTuning, GameModel
from companion.ui.scenes import AppContext, SceneStack
from companion.ui.setup import SetupScene
from companion.ui.setup_model import GameSetup, SetupModel

SAMPLE_WALL: Final = 1_735_761_600.0  # 2025-01-01 20:00 UTC
SAMPLE_SEED: Final = 7
SECOND: Final = 1_000_000_000
MS: Final = 1_000_000
NO_PAUSE: Final = FullTuning(bot_pause_ns=0)
"""A FULL game's bots play at once: the same game every time."""


class Draws(Protocol):
    def draw(self, surface: pygame.Surface, now_ns: int) -> None: ...


Drawable = tuple[Draws, int]
"""A scene in its sample state, and the time to draw it at."""
Sample = Callable[[AppContext], Drawable]
M = TypeVar("M", bound=GameModel)
F = TypeVar("F", bound=FullGameModel[Any, Any])


@contextmanager
def sample_app(size: tuple[int, int]) -> Iterator[AppContext]:
    """An app whose clocks, seed and games directory (temporary) are fixed."""
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as directory:
        app = AppContext(
            size=size,
            stack=SceneStack(),
            games_dir=Path(directory),
            monotonic_ns=lambda: 0,
            wall_clock=lambda: SAMPLE_WALL,
            new_seed=lambda: SAMPLE_SEED,
        )
        try:
            yield app
        finally:
            app.close_history()


def sample_session(
    app: AppContext, engine: Any, setup: Mapping[str, Any], *, auto_chance: bool
) -> Session[Any, Any]:
    """A new game of ``engine`` journaled in the sample app's folder, its clock fixed."""
    ticks = itertools.count()
    return Session.start(
        engine,
        setup,
        SAMPLE_SEED,
        app.games_dir / f"{engine.name}-sample.jsonl",
        auto_chance=auto_chance,
        clock=lambda: SAMPLE_WALL + next(ticks),
        chance_seed=SAMPLE_SEED,  # the same deal on every run: the pictures compare
    )


def sample_game(
    app: AppContext, engine: Any, setup: Mapping[str, Any], entries: Iterable[Any]
) -> Session[Any, Any]:
    """A TRACKER game of ``engine`` with ``entries`` entered, as the table entered them."""
    session = sample_session(app, engine, setup, auto_chance=False)
    for entry in entries:
        session.apply(entry)
    return session


def full_game(app: AppContext, engine: Any, model: type[F]) -> F:
    """A four-player FULL game of ``engine`` (``model``): seat 0 a person, three bots that
    play at once."""
    session = sample_session(app, engine, {"players": 4}, auto_chance=True)
    return model(session, humans=1, now_ns=0, tuning=NO_PAUSE)


def sample_press(control: str, t_ns: int, seq: int) -> Press:
    """A press as the lgpio pin factory stamps it."""
    return Press(control, t_ns, "gpio:lgpio", seq)


def setup_sample(
    game: GameSetup, *, players: int, mode: str | None = None, on: tuple[str, ...] = ()
) -> Sample:
    """A game's setup screen with ``players``, in ``mode`` (None: the first), the toggles
    ``on`` turned on, the first row focused."""

    def sample(app: AppContext) -> Drawable:
        model = SetupModel(game, players=players)
        if mode is not None:
            model.set_mode(mode)
        for key in on:
            model.values[key] = 1
        model.focus = 0
        return SetupScene(app, model), 0

    return sample


def select_focused(model: GameModel, now_ns: int) -> None:
    """The person selects what is focused (a FULL game focuses the first playable card)."""
    model.select(now_ns)


def first_option(model: ChoiceModel, now_ns: int) -> None:
    """The person (or the table) takes the first option offered."""
    model.focus = 0
    model.select(now_ns)


def play_until(
    model: M,
    done: Callable[[M], bool],
    *,
    person: Callable[[M, int], None] = select_focused,
    limit: int = 5000,
) -> None:
    """Play ``model`` on, a tick at a time, until ``done(model)``: the bots act when it is
    theirs (no pause: the same game every time), else the ``person`` answers."""
    for tick in range(limit):
        if done(model):
            return
        if not model.poll(tick):
            person(model, tick)
    raise AssertionError("the sample game did not get there")


def played(
    model: Callable[[AppContext], M],
    scene: Callable[[AppContext, M], Draws],
    until: Callable[[M], bool],
    *,
    person: Callable[[M, int], None] = select_focused,
) -> Sample:
    """A sample: the game ``model`` makes, played on until ``until`` (``play_until``),
    shown by ``scene``."""

    def sample(app: AppContext) -> Drawable:
        game = model(app)
        play_until(game, until, person=person)
        return scene(app, game), 0

    return sample
