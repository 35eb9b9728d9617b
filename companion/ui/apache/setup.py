"""Apache in the start menu: its setup rows and the hooks that start and resume it.

Rows: Mode (tracker: real cards; full game: virtual cards), Players (2-5, ruling A1),
Colours (which seat colours play), and in the full game Humans (the first K colours are
people, the rest bots), the variants War Path, Wedding and Joint Raid (fewer than 5 players
only, ruling A13) and Auto turn. The tests' tuning comes as ``SetupChoice.tuning``: a
:class:`~companion.ui.apache.full_model.ApacheFullTuning`. The words are only marked for
the catalogs here: the start menu translates them where it draws them.
"""

from __future__ import annotations

from typing import Any, Final

from companion.i18n import marked
from companion.rules.apache.tracker import MAX_SEATS, MIN_SEATS
from companion.session import Session
from companion.ui.apache.full_model import ApacheFullOptions, ApacheFullTuning
from companion.ui.app import Scene
from companion.ui.scenes import AppContext
from companion.ui.setup_model import (
    Count,
    GameSetup,
    Mode,
    SetupChoice,
    Toggle,
    humans_words,
    new_noted_session,
    new_session,
    noted,
)

AUTO_TURN_NS: Final = 2_000_000_000
"""Auto turn "2 s": a person's card is turned for them after this much calm."""
SEATS_NOTE: Final = "full-seats"
"""The note a FULL game starts with: how many seats are people, and the auto turn."""


def full_options(choice: SetupChoice) -> ApacheFullOptions:
    """The FULL game's options from its setup rows (``full_options(choice).setup()``: the
    engine's setup)."""
    return ApacheFullOptions(
        colours=choice.colours,
        humans=choice.number("humans"),
        war_path=choice.flag("war_path"),
        wedding=choice.flag("wedding"),
        joint_raid=choice.flag("joint_raid"),
        auto_turn_ns=AUTO_TURN_NS if choice.flag("auto_turn") else None,
    )


def tracker_setup(choice: SetupChoice) -> dict[str, Any]:
    """The TRACKER engine's setup from the rows: the colours that play."""
    return {"colours": list(choice.colours)}


def start_apache(choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
    """The tracker (real cards) or the FULL game (virtual cards)."""
    if choice.mode == "full":
        return _start_full(choice, app, now_ns)
    return _start_tracker(choice, app)


def _start_tracker(choice: SetupChoice, app: AppContext) -> Scene:
    from companion.rules.apache.tracker import TRACKER
    from companion.ui.apache.tracker import ApacheTrackerScene
    from companion.ui.apache.tracker_model import ApacheTrackerModel

    setup = tracker_setup(choice)
    session = new_session(TRACKER, setup, app, auto_chance=False, names=choice.names)
    return ApacheTrackerScene(app, ApacheTrackerModel(session, app.powwow))


def _start_full(choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
    from companion.rules.apache import APACHE as FULL

    options = full_options(choice)
    tuning = choice.tuning if isinstance(choice.tuning, ApacheFullTuning) else None
    auto_turn_ns = _auto_turn(options, tuning)
    seats = {"humans": options.humans, "auto_turn_ns": auto_turn_ns}
    session = new_noted_session(
        FULL, options.setup(), app, note=SEATS_NOTE, data=seats, names=choice.names
    )
    return _full_scene(session, app, now_ns, seats, tuning)


def _auto_turn(options: ApacheFullOptions, tuning: ApacheFullTuning | None) -> int | None:
    if options.auto_turn_ns is None or tuning is None or tuning.auto_turn_ns is None:
        return options.auto_turn_ns
    return tuning.auto_turn_ns


def resume_apache(
    session: Session[Any, Any], app: AppContext, now_ns: int, tuning: object
) -> Scene:
    """A tracker journal at its phase, or a FULL game with its people and bots."""
    if session.engine.name == "apache":
        return _resume_full(session, app, now_ns, tuning)
    from companion.ui.apache.tracker import scene_for
    from companion.ui.apache.tracker_model import ApacheTrackerModel

    return scene_for(app, ApacheTrackerModel(session, app.powwow))


def _resume_full(session: Session[Any, Any], app: AppContext, now_ns: int, tuning: object) -> Scene:
    """With the people and auto turn it was started with (its first note); a journal
    without that note is resumed with every seat a person."""
    seats = {"humans": len(session.state.colours), **noted(session, SEATS_NOTE)}
    tuned = tuning if isinstance(tuning, ApacheFullTuning) else None
    return _full_scene(session, app, now_ns, seats, tuned)


def _full_scene(
    session: Session[Any, Any],
    app: AppContext,
    now_ns: int,
    seats: dict[str, Any],
    tuning: ApacheFullTuning | None,
) -> Scene:
    """The FULL game with its ``seats`` note's people and auto turn."""
    from companion.ui.apache.full import ApacheFullScene
    from companion.ui.apache.full_model import ApacheFullModel

    auto_turn_ns = seats.get("auto_turn_ns")
    model = ApacheFullModel(
        session,
        app.powwow,
        humans=int(seats["humans"]),
        auto_turn_ns=auto_turn_ns if isinstance(auto_turn_ns, int) else None,
        tuning=tuning,
        now_ns=now_ns,
    )
    return ApacheFullScene(app, model)


APACHE_SETUP: Final = GameSetup(
    name="apache",
    title=marked("Apache"),
    modes=(
        Mode("tracker", marked("tracker"), marked("real cards")),
        Mode("full", marked("full game"), marked("virtual cards")),
    ),
    players=(MIN_SEATS, MAX_SEATS),
    players_ruling=marked("ruling A1"),
    options=(
        Count("humans", marked("Humans"), low=0, default=1, modes=("full",), words=humans_words),
        Toggle("war_path", marked("War Path"), modes=("full",)),
        Toggle("wedding", marked("Wedding"), modes=("full",)),
        Toggle(
            "joint_raid",
            marked("Joint Raid"),
            modes=("full",),
            max_players=4,
            refusal=marked("Joint Raid needs fewer than 5 players (ruling A13)"),
        ),
        Toggle("auto_turn", marked("Auto turn"), modes=("full",), on=marked("2 s")),
    ),
    journals={"apache_tracker": marked("Apache tracker"), "apache": marked("Apache")},
    start=start_apache,
    resume=resume_apache,
)
"""Apache: TRACKER (real cards) or FULL (virtual cards, bots, variants), 2-5 players."""
