"""The Apocalypse samples of ``companion screenshot`` (see ``screenshot.py``).

One four-player TRACKER game entered through the model, as a table would: a first trick
turns the blue and green tokens; in the second, red 8 and a Tranquility are on the table
(``play``), P3 picks purple (``value``), whose 4 turns the last token (``alarm``), and
P4's red 2 takes the Apocalypse (``trick``). Then the rounds are entered to their end
(``score``, ``results``), each card the first option offered.
"""

from __future__ import annotations

from typing import Final

from companion.rules.apocalypse import APOCALYPSE
from companion.rules.apocalypse.tracker import TRACKER, Entry
from companion.ui.apocalypse.full import ApocalypseFullResultsScene, ApocalypseFullScene
from companion.ui.apocalypse.full_model import ApocalypseFullModel
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.apocalypse.tracker import ApocalypseTrackerResultsScene, ApocalypseTrackerScene
from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel
from companion.ui.samples import (
    Drawable,
    Sample,
    first_option,
    full_game,
    played,
    sample_game,
    setup_sample,
)
from companion.ui.scenes import AppContext

FIRST_TRICK: Final = (
    Entry.horseman("blue", 6),
    Entry.horseman("blue", 2),
    Entry.horseman("blue", 9),
    Entry.horseman("green", 3),
    Entry.lead(0),
)
SECOND_TRICK: Final = (Entry.horseman("red", 8), Entry.tranquility())


def _model(app: AppContext) -> ApocalypseTrackerModel:
    entries = (*FIRST_TRICK, *SECOND_TRICK)
    return ApocalypseTrackerModel(sample_game(app, TRACKER, {"players": 4}, entries))


def _play(app: AppContext) -> Drawable:
    model = _model(app)
    model.focus = 2
    return ApocalypseTrackerScene(app, model), 0


def _value(app: AppContext) -> Drawable:
    model = _model(app)
    model.colour("purple", "chief", 0)
    model.focus = 3
    return ApocalypseTrackerScene(app, model), 0


def _alarm(app: AppContext) -> Drawable:
    model = _model(app)
    model.colour("purple", "chief", 0)
    model.pick(next(i for i, c in enumerate(model.choices()) if c.key == "4"), 0)
    assert model.cues == ["apocalypse"]
    return ApocalypseTrackerScene(app, model), 0


def _trick(app: AppContext) -> Drawable:
    model = _model(app)
    for suit, value in (("purple", "4"), ("red", "2")):
        model.colour(suit, "chief", 0)
        model.pick(next(i for i, c in enumerate(model.choices()) if c.key == value), 0)
    return ApocalypseTrackerScene(app, model), 0


def _full_model(app: AppContext) -> ApocalypseFullModel:
    """A four-player FULL game: P1 a person, three bots (no pause), seed 7."""
    return full_game(app, APOCALYPSE, ApocalypseFullModel)


SAMPLES: Final[dict[str, Sample]] = {
    "setup-apocalypse": setup_sample(APOCALYPSE_SETUP, players=4),
    "apocalypse-tracker-play": _play,
    "apocalypse-tracker-value": _value,
    "apocalypse-tracker-alarm": _alarm,
    "apocalypse-tracker-trick": _trick,
    # the first option of every step, the scores accepted
    "apocalypse-tracker-score": played(
        _model, ApocalypseTrackerScene, lambda m: m.step == "score", person=first_option
    ),
    "apocalypse-tracker-results": played(
        _model, ApocalypseTrackerResultsScene, lambda m: m.step == "over", person=first_option
    ),
    # the bots, and P1 playing the card focused (the first playable)
    "apocalypse-full-play": played(
        _full_model, ApocalypseFullScene, lambda m: m.step == "hand" and len(m.state.trick) >= 2
    ),
    # P1 won a trick: the seats to name, apart from the last trick's result
    "apocalypse-full-name": played(_full_model, ApocalypseFullScene, lambda m: m.step == "name"),
    "apocalypse-full-results": played(
        _full_model, ApocalypseFullResultsScene, lambda m: m.step == "over"
    ),
}
