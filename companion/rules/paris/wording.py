"""The names inside the Paris engine's words, as :class:`~companion.words.Words` a
screen can show in its language: the gangs, a slot's outcome, a list of names.

The states, the actions and the journals keep the plain data (a gang's colour ``"purple"``,
an outcome ``"money 400"``); only the words made from them for a person are
:class:`~companion.words.Words`. Every table is written with literal ``words`` calls,
so that ``make locale`` extracts each name. The districts' names are the board's
(:func:`~companion.rules.paris.board.district_words`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from companion.words import COLOUR_WORDS, say

GANG_WORDS: Final = {gang: COLOUR_WORDS[gang] for gang in ("purple", "yellow", "green", "red")}
"""Each gang (``companion.rules.paris.state.GANGS``) by its colour."""

SLOT_OUTCOME_WORDS: Final = {
    "steal": say("steal"),
    "reinforcements": say("reinforcements"),
    "wounded": say("wounded"),
    "killed": say("killed"),
    "prison": say("prison"),
}
"""The slot outcomes without an amount (ruling D7); money and valuables have their francs."""


def gang_words(colour: str) -> str:
    """A gang by its colour (``"purple"``); a colour that is no gang's stays as it is."""
    return GANG_WORDS.get(colour, colour)


def slot_outcome_words(outcome: str) -> str:
    """A slot's outcome as the board prints it (``"money 400"``, ``"steal"``); anything
    else (no outcome: ``""``) stays as it is."""
    kind, _, amount = outcome.partition(" ")
    if not amount.isdigit() or str(int(amount)) != amount:
        return SLOT_OUTCOME_WORDS.get(outcome, outcome)
    if kind == "money":
        return say("money {amount}", amount=int(amount))
    if kind == "valuables":
        return say("valuables {amount}", amount=int(amount))
    return outcome


def and_words(names: Iterable[str]) -> str:
    """``"purple and yellow"`` (``"purple and yellow and green"`` for three): each ``and``
    a message of its own; one name alone, as it is; none, ``""``."""
    said = ""
    for k, name in enumerate(names):
        said = name if k == 0 else say("{first} and {second}", first=said, second=name)
    return said
