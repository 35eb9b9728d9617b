"""Apocalypse in the start menu: its setup rows and the hooks that start and resume it.

Seats are numbered (P1, P2, ...): in Apocalypse the five colours are suits, so the seat
colour buttons pick suits and tokens during the game, not players. Rows: Mode (tracker:
real cards; full game: virtual hands), Players (2-6; two players always play the Duel,
ruling P1), First player, with 3 or 4 players the suit left out (ruling P2, yellow by
default), and in the full game Humans (P1 a person, or only bots). The tests' pauses come
as ``SetupChoice.tuning``: an :class:`~companion.ui.apocalypse.full_model.ApocalypseFullTuning`.
"""

from __future__ import annotations

from typing import Any, Final

from companion.i18n import marked, tr
from companion.ui.apocalypse.words import suit_word
from companion.ui.setup_model import (
    Count,
    GameSetup,
    Mode,
    PeopleAndBots,
    Screens,
    SetupChoice,
    humans_words,
)

SUITS: Final = ("red", "green", "purple", "blue", "yellow")
"""The suits (ruling P2), as the engines name them; the screens load when a game starts."""
DEFAULT_DROP: Final = SUITS.index("yellow")
SEATS_NOTE: Final = "apocalypse-seats"
"""The note a FULL game starts with: how many seats are people."""


def _first_words(choice: SetupChoice) -> str:
    """The first player's seat, with its player's name once a Seat row has one."""
    seat = f"P{choice.number('first')}"
    return f"{seat} {choice.names[seat]}" if seat in choice.names else seat


def _drop_words(choice: SetupChoice) -> str:
    if choice.players not in (3, 4):
        return tr("none (the Duel plays three suits)") if choice.players == 2 else tr("none")
    return suit_word(SUITS[choice.number("drop")])


def full_setup(choice: SetupChoice) -> dict[str, Any]:
    """The FULL engine's setup from the rows."""
    setup: dict[str, Any] = {"players": choice.players, "first": choice.number("first") - 1}
    if choice.players in (3, 4):
        setup["drop"] = SUITS[choice.number("drop")]
    return setup


def tracker_setup(choice: SetupChoice) -> dict[str, Any]:
    """The TRACKER engine's setup from the rows: the full game's."""
    return full_setup(choice)


def _screens() -> Screens:
    from companion.ui.apocalypse.full import ApocalypseFullScene
    from companion.ui.apocalypse.full_model import ApocalypseFullModel, ApocalypseFullTuning
    from companion.ui.apocalypse.tracker import ApocalypseTrackerScene
    from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel

    return Screens(
        tracker_scene=ApocalypseTrackerScene,
        tracker_model=ApocalypseTrackerModel,
        full_scene=ApocalypseFullScene,
        full_model=ApocalypseFullModel,
        full_tuning=ApocalypseFullTuning,
    )


APOCALYPSE_MODES: Final = PeopleAndBots(
    full="apocalypse",
    tracker="apocalypse_tracker",
    full_setup=full_setup,
    tracker_setup=tracker_setup,
    note=SEATS_NOTE,
    screens=_screens,
)
"""How Apocalypse starts and resumes: TRACKER or FULL."""


APOCALYPSE_SETUP: Final = GameSetup(
    name="apocalypse",
    title=marked("Apocalypse"),
    modes=(
        Mode("tracker", marked("tracker"), marked("real cards")),
        Mode("full", marked("full game"), marked("virtual cards")),
    ),
    players=(2, 6),
    default_players=4,
    seats="numbered",
    players_ruling=marked("ruling P1"),
    options=(
        Count("first", marked("First player"), low=1, high=None, default=1, words=_first_words),
        Count(
            "drop", marked("Suit left out"), low=0, high=4, default=DEFAULT_DROP, words=_drop_words
        ),
        Count(
            "humans",
            marked("Humans"),
            low=0,
            high=1,
            default=1,
            modes=("full",),
            words=humans_words,
        ),
    ),
    journals={
        "apocalypse_tracker": marked("Apocalypse tracker"),
        "apocalypse": marked("Apocalypse"),
    },
    start=APOCALYPSE_MODES.start,
    resume=APOCALYPSE_MODES.resume,
)
"""Apocalypse: TRACKER (real cards) or FULL (virtual hands: one person against bots, or
bots alone), 2-6 players."""
