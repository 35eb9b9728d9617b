"""The Apache samples of ``companion screenshot`` (see ``screenshot.py``).

A three-player TRACKER game entered through the model, as a table would: three Pow-Wows
(the third with a dead heat and a second press by yellow, ruling A8), each slap's result
confirmed, the piles counted in. A three-player FULL game, everyone a person, War Path and
Wedding on, driven card by card with every legal slap slapped (``full_advance``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Final

from companion.rules.apache import APACHE, KINDS
from companion.rules.apache.tracker import TRACKER
from companion.ui.apache.full import ApacheFullResultsScene, ApacheFullScene
from companion.ui.apache.full_model import ApacheFullModel, ApacheFullOptions, ApacheFullTuning
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apache.tracker import (
    ApacheTrackerCountScene,
    ApacheTrackerResultsScene,
    ApacheTrackerScene,
)
from companion.ui.apache.tracker_model import ApacheTrackerModel
from companion.ui.samples import (
    MS,
    SECOND,
    Drawable,
    Sample,
    sample_press,
    sample_session,
    setup_sample,
)
from companion.ui.scenes import AppContext

SAMPLE_COLOURS: Final = ("red", "yellow", "purple")
SAMPLE_WINDOWS: Final = (
    (("red.hunter", 1 * SECOND), ("yellow.hunter", 1 * SECOND + 412_000)),
    (("purple.chief", 3 * SECOND), ("red.woman", 3 * SECOND + 12_507_000)),
    (
        ("yellow.hunter", 6 * SECOND),
        ("purple.hunter", 6 * SECOND + 2_000),  # 2 us: a dead heat, drawn
        ("red.chief", 6 * SECOND + 35_118_000),
        ("yellow.woman", 6 * SECOND + 80_250_000),  # yellow's second press (ruling A8)
    ),
)
SAMPLE_RESULTS: Final = (("loot", "nothing"), ("loot", "penalty"), ("nothing", "loot", "loot"))
SAMPLE_PILES: Final = (34, 27, 34)


def sample_model(app: AppContext, windows: int, *, confirm_last: bool = True) -> ApacheTrackerModel:
    """A three-player TRACKER game with ``windows`` of the sample windows entered (the last
    one confirmed or not)."""
    session = sample_session(app, TRACKER, {"colours": list(SAMPLE_COLOURS)}, auto_chance=False)
    model = ApacheTrackerModel(session, app.powwow)
    seq = itertools.count()
    for index, presses in enumerate(SAMPLE_WINDOWS[:windows]):
        for control, t_ns in presses:
            model.press(sample_press(control, t_ns, next(seq)))
        model.poll(presses[-1][1] + 2 * SECOND)
        if index < windows - 1 or confirm_last:
            for result in SAMPLE_RESULTS[index]:
                model.choose(("loot", "nothing", "penalty").index(result))
                model.confirm()
    return model


def _play(app: AppContext) -> Drawable:
    return ApacheTrackerScene(app, sample_model(app, 2)), 0


def _pad(app: AppContext) -> Drawable:
    """The slap pad a click opens (the mouse's seat buttons)."""
    scene = ApacheTrackerScene(app, sample_model(app, 2))
    scene.pad_open = True
    return scene, 0


def _window(app: AppContext) -> Drawable:
    model = sample_model(app, 2)
    start = 9 * SECOND
    live = [("purple.chief", 0), ("red.woman", 412_000), ("yellow.warrior", 3_250_000)]
    live.append(("red.hunter", 5_100_000))
    for seq, (control, offset) in enumerate(live, start=100):
        model.press(sample_press(control, start + offset, seq))
    return ApacheTrackerScene(app, model), start + 600 * MS


def _confirm(app: AppContext) -> Drawable:
    model = sample_model(app, 3, confirm_last=False)
    model.choose(0)
    model.confirm()  # the first slap: loot
    model.choose(2)  # penalty focused: its reminder shows
    return ApacheTrackerScene(app, model), 0


def _count(app: AppContext) -> Drawable:
    model = sample_model(app, 3)
    model.finish()
    scene = ApacheTrackerCountScene(app, model)
    scene.piles = list(SAMPLE_PILES)
    scene.focus = 1
    return scene, 0


def _results(app: AppContext) -> Drawable:
    model = sample_model(app, 3)
    model.finish()
    model.count_piles(SAMPLE_PILES)
    return ApacheTrackerResultsScene(app, model), 0


# --- the FULL game -----------------------------------------------------------------------------


def full_sample(app: AppContext) -> ApacheFullModel:
    """A three-player FULL game, everyone a person (no bot timing: the same every time),
    War Path and Wedding on, nothing turned yet. Drive it with :func:`full_advance`."""
    options = ApacheFullOptions(SAMPLE_COLOURS, humans=3, war_path=True, wedding=True)
    session = sample_session(app, APACHE, options.setup(), auto_chance=True)
    return ApacheFullModel(session, app.powwow, humans=3, tuning=ApacheFullTuning(), now_ns=0)


def full_advance(
    model: ApacheFullModel, stop: Callable[[ApacheFullModel], bool], clock: list[int]
) -> None:
    """Turn cards; after each, every seat with a legal slap that has not slapped on the card
    (ruling A8) slaps it (stamps 180 ms apart, the first legal Indian of each seat) and the
    window resolves; a choice takes ruling
    A6's default. Stops as soon as ``stop(model)`` holds (checked after every step) or the
    game is over. ``clock[0]`` is the sample's time, advanced as it goes."""
    engine, seq = model.engine, itertools.count(1000)
    while not stop(model) and model.stage != "over":
        state = model.state
        clock[0] += SECOND
        if state.phase == "choose":
            model.choose_index(model.options.index(engine.default_choice(state)), clock[0])
            continue
        if state.phase in ("ready", "final") and _slap_all(model, clock, seq):
            continue
        if state.phase == "ready":
            model.turn(clock[0])
        elif state.phase == "final":
            model.poll(clock[0] + 10 * SECOND)


def _slap_all(model: ApacheFullModel, clock: list[int], seq: Iterator[int]) -> bool:
    state, engine = model.state, model.engine
    pressed = False
    for seat, colour in enumerate(model.colours):
        if not engine.may_slap(state, seat):  # ruling A8: one slap per turned card
            continue
        for indian in ("chief", "warrior", "woman", "hunter"):
            if engine.slap_is_legal(state, seat, indian):
                stamp = clock[0] - 700 * MS + 97 * MS * (len(state.display) % 5) + 180 * MS * seat
                model.file_press(sample_press(f"{colour}.{indian}", stamp, next(seq)))
                pressed = True
                break
    if pressed:
        clock[0] += 2 * SECOND
        model.poll(clock[0])
    return pressed


def _full_play(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    full_advance(model, lambda m: len(m.state.display) >= 7 and m.stage == "play", clock)
    model.poll(clock[0])
    return ApacheFullScene(app, model), clock[0]


def _full_menu(app: AppContext) -> Drawable:
    """The game menu (Select) over the game, which pauses while it is open."""
    scene, now = _full_play(app)
    assert isinstance(scene, ApacheFullScene)
    scene.open_menu(now)
    return scene, now


def _full_window(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    two = _two_legal
    full_advance(model, lambda m: m.state.phase == "ready" and two(m) and m.windows != [], clock)
    # the legal slaps, and an illegal one from a seat that cannot take anything
    state, engine = model.state, model.engine
    seq = itertools.count(2000)
    for seat, colour in enumerate(model.colours):
        legal = [i for i in KINDS if engine.slap_is_legal(state, seat, i)]
        indian = legal[0] if legal else "woman"
        model.file_press(sample_press(f"{colour}.{indian}", clock[0] + seat * 37 * MS, next(seq)))
    clock[0] += 3 * SECOND
    model.poll(clock[0])
    while model.state.phase == "choose":
        model.choose_index(0, clock[0])
    return ApacheFullScene(app, model), clock[0]


def _two_legal(model: ApacheFullModel) -> bool:
    state, engine = model.state, model.engine
    seats = [
        seat
        for seat in range(len(model.colours))
        if any(engine.slap_is_legal(state, seat, i) for i in KINDS)
    ]
    return 2 <= len(seats) < len(model.colours)


def _full_choose(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    full_advance(model, lambda m: m.state.phase == "choose" and len(m.options) >= 3, clock)
    model.choice_focus = 1
    return ApacheFullScene(app, model), clock[0] + 2 * SECOND


def _full_results(app: AppContext) -> Drawable:
    model, clock = full_sample(app), [0]
    full_advance(model, lambda m: False, clock)
    return ApacheFullResultsScene(app, model), clock[0]


SAMPLES: Final[dict[str, Sample]] = {
    "setup-apache": setup_sample(APACHE_SETUP, players=4, mode="full", on=("war_path",)),
    "apache-tracker-play": _play,
    "apache-tracker-window": _window,
    "apache-tracker-pad": _pad,
    "apache-tracker-confirm": _confirm,
    "apache-tracker-count": _count,
    "apache-tracker-results": _results,
    "apache-full-play": _full_play,
    "apache-full-menu": _full_menu,
    "apache-full-window": _full_window,
    "apache-full-choose": _full_choose,
    "apache-full-results": _full_results,
}
