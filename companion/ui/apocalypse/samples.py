"""The Apocalypse samples of ``companion screenshot`` (see ``screenshot.py``).

One four-player TRACKER game entered through the model, as a table would: a first trick
turns the blue and green tokens; in the second, red 8 and a Tranquility are on the table
(``play``), P3 picks purple (``value``), whose 4 turns the last token (``alarm``), and
P4's red 2 takes the Apocalypse (``trick``). Then the rounds are entered to their end
(``score``, ``results``), each card the first option offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from companion.rules.apocalypse import APOCALYPSE
from companion.rules.apocalypse.tracker import TRACKER, Entry
from companion.ui.apocalypse.full import ApocalypseFullScene, FullResultsScene
from companion.ui.apocalypse.full_model import ApocalypseFullModel
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.apocalypse.tracker import ApocalypseTrackerScene, ResultsScene
from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel
from companion.ui.samples import Drawable, Sample, sample_session
from companion.ui.scenes import AppContext
from companion.ui.setup import SetupModel, SetupScene

FIRST_TRICK: Final = (
    Entry.horseman("blue", 6),
    Entry.horseman("blue", 2),
    Entry.horseman("blue", 9),
    Entry.horseman("green", 3),
    Entry.lead(0),
)
SECOND_TRICK: Final = (Entry.horseman("red", 8), Entry.tranquility())


def _model(app: AppContext) -> ApocalypseTrackerModel:
    session = sample_session(app, TRACKER, {"players": 4}, auto_chance=False)
    for entry in (*FIRST_TRICK, *SECOND_TRICK):
        session.apply(entry)
    return ApocalypseTrackerModel(session)


def _play(app: AppContext) -> Drawable:
    model = _model(app)
    model.focus = 2
    return ApocalypseTrackerScene(app, model), 0


def _value(app: AppContext) -> Drawable:
    model = _model(app)
    model.colour("purple", "chief")
    model.focus = 3
    return ApocalypseTrackerScene(app, model), 0


def _alarm(app: AppContext) -> Drawable:
    model = _model(app)
    model.colour("purple", "chief")
    model.pick(next(i for i, c in enumerate(model.choices()) if c.key == "4"))
    assert model.cues == ["apocalypse"]
    return ApocalypseTrackerScene(app, model), 0


def _trick(app: AppContext) -> Drawable:
    model = _model(app)
    for suit, value in (("purple", "4"), ("red", "2")):
        model.colour(suit, "chief")
        model.pick(next(i for i, c in enumerate(model.choices()) if c.key == value))
    return ApocalypseTrackerScene(app, model), 0


def _until(model: ApocalypseTrackerModel, done: Callable[[ApocalypseTrackerModel], bool]) -> None:
    """Enter the first option of every step (accepting the scores) until ``done``."""
    for _ in range(2000):
        if done(model):
            return
        model.focus = 0
        model.select()
    raise AssertionError("the sample game did not get there")


def _score(app: AppContext) -> Drawable:
    model = _model(app)
    _until(model, lambda m: m.step == "score")
    return ApocalypseTrackerScene(app, model), 0


def _results(app: AppContext) -> Drawable:
    model = _model(app)
    _until(model, lambda m: m.step == "over")
    return ResultsScene(app, model), 0


def _full_model(app: AppContext) -> ApocalypseFullModel:
    """A four-player FULL game: P1 a person, three bots (no pause), seed 7."""
    session = sample_session(app, APOCALYPSE, {"players": 4}, auto_chance=True)
    return ApocalypseFullModel(session, humans=1, now_ns=0, bot_pause_ns=0)


def _full_until(model: ApocalypseFullModel, done: Callable[[ApocalypseFullModel], bool]) -> None:
    """Bots act, and the person plays their focused card, until ``done``."""
    for tick in range(5000):
        if done(model):
            return
        if not model.poll(tick):
            model.select(tick)
    raise AssertionError("the sample game did not get there")


def _full_play(app: AppContext) -> Drawable:
    model = _full_model(app)
    _full_until(model, lambda m: m.step == "hand" and len(m.state.trick) >= 2)
    return ApocalypseFullScene(app, model), 0


def _full_results(app: AppContext) -> Drawable:
    model = _full_model(app)
    _full_until(model, lambda m: m.step == "over")
    return FullResultsScene(app, model), 0


def _setup(app: AppContext) -> Drawable:
    model = SetupModel(APOCALYPSE_SETUP, players=4)
    model.focus = 0
    return SetupScene(app, model), 0


SAMPLES: Final[dict[str, Sample]] = {
    "setup-apocalypse": _setup,
    "apocalypse-tracker-play": _play,
    "apocalypse-tracker-value": _value,
    "apocalypse-tracker-alarm": _alarm,
    "apocalypse-tracker-trick": _trick,
    "apocalypse-tracker-score": _score,
    "apocalypse-tracker-results": _results,
    "apocalypse-full-play": _full_play,
    "apocalypse-full-results": _full_results,
}
