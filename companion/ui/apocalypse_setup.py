"""Apocalypse in the start menu: its setup rows and the hooks that start and resume it.

Seats are numbered (P1, P2, ...): in Apocalypse the five colours are suits, so the seat
colour buttons pick suits and tokens during the game, not players. Rows: Players (2-6;
two players always play the Duel, ruling P1), First player, and with 3 or 4 players the
suit left out (ruling P2, yellow by default).
"""

from __future__ import annotations

from typing import Any, Final

from companion.rules.apocalypse_tracker import ENGINE as TRACKER
from companion.rules.apocalypse_tracker import SUITS
from companion.session import Session
from companion.ui.apocalypse_tracker import ApocalypseTrackerScene, ResultsScene
from companion.ui.apocalypse_tracker_model import ApocalypseTrackerModel
from companion.ui.app import Scene
from companion.ui.scenes import AppContext
from companion.ui.setup import Count, GameSetup, Mode, SetupChoice, new_session

DEFAULT_DROP: Final = SUITS.index("yellow")


def _first_words(choice: SetupChoice) -> str:
    return f"P{choice.number('first')}"


def _drop_words(choice: SetupChoice) -> str:
    if choice.players not in (3, 4):
        return "none (the Duel plays three suits)" if choice.players == 2 else "none"
    return SUITS[choice.number("drop")]


def tracker_setup(choice: SetupChoice) -> dict[str, Any]:
    """The engine's setup from the rows."""
    setup: dict[str, Any] = {"players": choice.players, "first": choice.number("first") - 1}
    if choice.players in (3, 4):
        setup["drop"] = SUITS[choice.number("drop")]
    return setup


def start_apocalypse(choice: SetupChoice, app: AppContext, now_ns: int) -> Scene:
    session = new_session(TRACKER, tracker_setup(choice), app, auto_chance=False)
    return ApocalypseTrackerScene(app, ApocalypseTrackerModel(session))


def resume_apocalypse(
    session: Session[Any, Any], app: AppContext, now_ns: int, tuning: object
) -> Scene:
    model = ApocalypseTrackerModel(session)
    if model.step == "over":
        return ResultsScene(app, model)
    return ApocalypseTrackerScene(app, model)


APOCALYPSE_SETUP: Final = GameSetup(
    name="apocalypse",
    title="Apocalypse",
    modes=(Mode("tracker", "tracker", "real cards"),),
    players=(2, 6),
    default_players=4,
    seats="numbered",
    players_ruling="ruling P1",
    options=(
        Count("first", "First player", low=1, high=None, default=1, words=_first_words),
        Count("drop", "Suit left out", low=0, high=4, default=DEFAULT_DROP, words=_drop_words),
    ),
    journals={"apocalypse_tracker": "Apocalypse tracker"},
    start=start_apocalypse,
    resume=resume_apocalypse,
)
"""Apocalypse: TRACKER (real cards), 2-6 players."""
