"""The logical controls every input device maps onto.

Five seats, each with one button per Indian, and a navigation cluster. The seat colours
double as Apocalypse suits and Paris gangs: the same five names in every game.
A control's name is ``"<group>.<button>"``: ``"red.hunter"``, ``"nav.select"``.
"""

from typing import Final

SEATS: Final = ("red", "yellow", "purple", "blue", "green")
INDIANS: Final = ("chief", "warrior", "woman", "hunter")
NAV_GROUP: Final = "nav"
NAV_BUTTONS: Final = ("previous", "next", "select", "back")

SEAT_CONTROLS: Final = tuple(f"{seat}.{indian}" for seat in SEATS for indian in INDIANS)
NAV_CONTROLS: Final = tuple(f"{NAV_GROUP}.{button}" for button in NAV_BUTTONS)
ALL_CONTROLS: Final = SEAT_CONTROLS + NAV_CONTROLS


def seat_of(control: str) -> str | None:
    """The seat colour of a seat control (``"red.hunter"`` -> ``"red"``); None for navigation."""
    group = control.partition(".")[0]
    return group if group in SEATS else None


def button_of(control: str) -> str:
    """The button within its group (``"red.hunter"`` -> ``"hunter"``)."""
    return control.partition(".")[2]
