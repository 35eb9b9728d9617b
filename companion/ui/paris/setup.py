"""Les Apaches de Paris in the start menu: its setup rows and the hooks that start and
resume it.

Seats are the gangs, in seat order (clockwise): purple, yellow, green, red (the engine's
default; ruling D1: 2-4 players). The seat style is "numbered" because the Colours row
would offer blue, which is no Paris gang: the rows name each seat's gang instead. Rows:
Mode (tracker: the bank beside the real board; full game: the virtual board against
bots), Players (2-4), in the tracker First player (the gang the table drew, rulebook 1; the
full game draws it), Districts (the configuration, ruling D2: the rulebook's lists for 2
and 3 players, all nine for 4), in the full game Humans (the first gang a person, or only
bots). The tests' pauses come as ``SetupChoice.tuning``: a
:class:`~companion.ui.paris.full_model.ParisFullTuning`.
"""

from __future__ import annotations

from typing import Any, Final

from companion.i18n import marked, tr
from companion.rules.paris.board import CONFIGURATIONS, configuration_name
from companion.rules.paris.state import GANGS
from companion.ui.setup_model import (
    Count,
    GameSetup,
    Mode,
    PeopleAndBots,
    Screens,
    SetupChoice,
    humans_words,
)
from companion.ui.theme import seat_name

MOST_CONFIGURATIONS: Final = max(len(c) for c in CONFIGURATIONS.values())
SEATS_NOTE: Final = "paris-seats"
"""The note a FULL game starts with: how many seats are people."""


def _first_words(choice: SetupChoice) -> str:
    """The first gang, by its player's name once a Seat row has one ("P Anna")."""
    gang = GANGS[choice.number("first") - 1]
    return seat_name(gang, choice.names.get(gang, ""))


def _humans_words(choice: SetupChoice) -> str:
    return humans_words(choice, [seat_name(gang) for gang in GANGS])


def configuration(choice: SetupChoice) -> tuple[int, ...]:
    """The chosen configuration (the row's number wraps round the player count's list)."""
    listed = CONFIGURATIONS[choice.players]
    return listed[choice.number("districts") % len(listed)]


def _districts_words(choice: SetupChoice) -> str:
    listed = CONFIGURATIONS[choice.players]
    if len(listed) == 1:
        return tr("all nine")
    index = choice.number("districts") % len(listed)
    return tr("{configuration} ({number} of {count})").format(
        configuration=configuration_name(listed[index]), number=index + 1, count=len(listed)
    )


def full_setup(choice: SetupChoice) -> dict[str, Any]:
    """The FULL engine's setup from the rows (it draws the first player)."""
    return {
        "players": choice.players,
        "colours": list(GANGS[: choice.players]),
        "districts": list(configuration(choice)),
    }


def tracker_setup(choice: SetupChoice) -> dict[str, Any]:
    """The bank's setup from the rows: the full game's and the first player."""
    return {**full_setup(choice), "first": choice.number("first") - 1}


def _screens() -> Screens:
    from companion.ui.paris.full import ParisFullScene
    from companion.ui.paris.full_model import ParisFullModel, ParisFullTuning
    from companion.ui.paris.tracker import ParisTrackerScene
    from companion.ui.paris.tracker_model import ParisTrackerModel

    return Screens(
        tracker_scene=ParisTrackerScene,
        tracker_model=ParisTrackerModel,
        full_scene=ParisFullScene,
        full_model=ParisFullModel,
        full_tuning=ParisFullTuning,
    )


PARIS_MODES: Final = PeopleAndBots(
    full="paris",
    tracker="paris_tracker",
    full_setup=full_setup,
    tracker_setup=tracker_setup,
    note=SEATS_NOTE,
    screens=_screens,
)
"""How Paris starts and resumes: TRACKER or FULL."""


PARIS_SETUP: Final = GameSetup(
    name="paris",
    title=marked("Les Apaches de Paris"),
    modes=(
        Mode("tracker", marked("bank"), marked("real board")),
        Mode("full", marked("full game"), marked("virtual board")),
    ),
    players=(2, 4),
    default_players=4,
    seats="numbered",
    seat_names=GANGS,
    players_ruling=marked("ruling D1"),
    options=(
        Count(
            "first",
            marked("First player"),
            low=1,
            high=None,
            default=1,
            modes=("tracker",),
            words=_first_words,
        ),
        Count(
            "districts",
            marked("Districts"),
            low=0,
            high=MOST_CONFIGURATIONS - 1,
            default=0,
            words=_districts_words,
        ),
        Count(
            "humans",
            marked("Humans"),
            low=0,
            high=1,
            default=1,
            modes=("full",),
            words=_humans_words,
        ),
    ),
    journals={"paris_tracker": marked("Paris bank"), "paris": marked("Paris full game")},
    start=PARIS_MODES.start,
    resume=PARIS_MODES.resume,
)
"""Les Apaches de Paris: TRACKER (the bank beside the real board) or FULL (virtual board:
one person against bots, or bots alone), 2-4 players."""
