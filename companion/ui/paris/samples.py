"""The Paris samples of ``companion screenshot`` (see ``screenshot.py``).

One four-player bank (TRACKER) game entered through the model, as a table would: in turn
1 every gang places leaders (yellow brings a novice), turn 2 is under way (``turn``),
green enters a placement (``place``); the round is then played out and settled: yellow
holds district 1 and uncovers its wounded slot, ... (``holder`` at district 5, ``slot``
with yellow holding it); rounds 2 and 3 go by, the policeman is asked (``policeman``) and
the final tally shown (``results``). A four-player FULL game (purple a person taking the
first option, three heuristic bots): a turn with the placement's districts offered
(``full-play``), the first round's settlement (``full-report``), the tally
(``full-results``).
"""

from __future__ import annotations

from typing import Final

from companion.rules.paris import PARIS
from companion.rules.paris.board import BOURGEOIS_DISTRICT
from companion.rules.paris.tracker import TRACKER, Entry
from companion.ui.paris.full import ParisFullResultsScene, ParisFullScene
from companion.ui.paris.full_model import ParisFullModel
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.paris.tracker import ParisTrackerResultsScene, ParisTrackerScene
from companion.ui.paris.tracker_model import ParisTrackerModel
from companion.ui.samples import (
    Drawable,
    Sample,
    first_option,
    full_game,
    play_until,
    played,
    sample_game,
    setup_sample,
)
from companion.ui.scenes import AppContext

TURN_ONE: Final = (
    Entry.place(3),
    Entry.stash(),
    Entry.place(2, 1),
    Entry.stash(),
    Entry.place(2),
    Entry.stash(),
    Entry.place(1),
    Entry.stash(),
)
TURN_TWO: Final = (Entry.stash(), Entry.move(), Entry.stash())
SETTLE_ONE: Final = (
    Entry.settle(1, 2),  # 1: yellow, wounded
    Entry.settle(0, 3),  # 2: purple, valuables 400
    Entry.settle(2, 4),  # 3: green, steal
    Entry.settle(-1),  # 4: nobody
)
SETTLE_REST: Final = (
    Entry.settle(3, 1),  # 5: red, money 400
    Entry.settle(-1),
    Entry.settle(-1),
    Entry.settle(1),  # 8: yellow draws a counter
    Entry.settle(0),  # 9: purple fences 2 thefts
)


def _model(app: AppContext) -> ParisTrackerModel:
    entries = (*TURN_ONE, *TURN_TWO)
    return ParisTrackerModel(sample_game(app, TRACKER, {"players": 4}, entries))


def _to_settlement(model: ParisTrackerModel) -> None:
    while model.state.phase == "turn":
        model.session.apply(Entry.stash())


def _turn(app: AppContext) -> Drawable:
    return ParisTrackerScene(app, _model(app)), 0


def _place(app: AppContext) -> Drawable:
    model = _model(app)
    model.colour("green", "chief", 0)  # green's turn: placed Apaches
    model.colour("green", "chief", 0)  # +1 leader
    model.colour("green", "warrior", 0)  # +1 novice
    model.move(1)
    return ParisTrackerScene(app, model), 0


def _settled(app: AppContext, entries: tuple[Entry, ...]) -> ParisTrackerModel:
    """The first round played out and ``entries`` of its settlement entered."""
    model = _model(app)
    _to_settlement(model)
    for entry in entries:
        model.session.apply(entry)
    return model


def _holder(app: AppContext) -> Drawable:
    return ParisTrackerScene(app, _settled(app, SETTLE_ONE)), 0


def _slot(app: AppContext) -> Drawable:
    model = _settled(app, SETTLE_ONE)
    model.colour("red", "hunter", 0)
    return ParisTrackerScene(app, model), 0


def _next_round(app: AppContext) -> ParisTrackerModel:
    return _settled(app, (*SETTLE_ONE, *SETTLE_REST))


def _round_two(app: AppContext) -> Drawable:
    return ParisTrackerScene(app, _next_round(app)), 0


def _policeman(app: AppContext) -> Drawable:
    model = _next_round(app)
    for _ in range(2):
        for _ in range(model.state.players):
            model.session.apply(Entry.place(1))
            model.session.apply(Entry.stash())
        _to_settlement(model)
        for holder in (0, 1, 2, 3, 0, 1, 2, 1, 3):
            district = model.state.district or 0
            model.session.apply(Entry.settle(holder, 1 if district < BOURGEOIS_DISTRICT else 0))
    return ParisTrackerScene(app, model), 0


def _results(app: AppContext) -> Drawable:
    scene, _ = _policeman(app)
    assert isinstance(scene, ParisTrackerScene)
    scene.model.colour("yellow", "chief", 0)
    return ParisTrackerResultsScene(app, scene.model), 0


def _full_model(app: AppContext) -> ParisFullModel:
    """A four-player FULL game: purple a person, three bots (no pause), seed 7."""
    return full_game(app, PARIS, ParisFullModel)


def _full_play(app: AppContext) -> Drawable:
    model = _full_model(app)
    play_until(model, lambda m: m.step == "turn" and m.state.turn == 3, person=first_option)
    model.pick(1, 0)  # Place
    return ParisFullScene(app, model), 0


SAMPLES: Final[dict[str, Sample]] = {
    "setup-paris": setup_sample(PARIS_SETUP, players=4),
    "paris-tracker-turn": _turn,
    "paris-tracker-place": _place,
    "paris-tracker-holder": _holder,
    "paris-tracker-slot": _slot,
    "paris-tracker-round": _round_two,
    "paris-tracker-policeman": _policeman,
    "paris-tracker-results": _results,
    "paris-full-play": _full_play,
    # the bots, and purple taking the first option (a stash only)
    "paris-full-report": played(
        _full_model, ParisFullScene, lambda m: m.step == "report", person=first_option
    ),
    "paris-full-results": played(
        _full_model, ParisFullResultsScene, lambda m: m.step == "over", person=first_option
    ),
}
