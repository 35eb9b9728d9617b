"""The rules of the table that both modes decide: FULL (``engine``) and TRACKER (``tracker``)
call these, so each is written once.

Seats and colours (ruling A1) and how a person reads them (by colour, never by number), the
hand cards, who turns the next card (ruling A9) and who wins (ruling A10). Ruling A8 is not
here: the FULL engine allows one slap per player per turned card, across all the windows on
it, while the TRACKER, which does not see the cards being turned, allows one per window.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from companion.rules.apache.cards import COLOURS, KIND_WORDS, KINDS, colour_words
from companion.rules.base import SetupError, illegal
from companion.words import joined, say

__all__ = [
    "PLAYERS",
    "check_slapper",
    "parse_colours",
    "seat_words",
    "turner_after_window",
    "winners",
]

PLAYERS: Final = (2, 5)
"""The fewest and the most players (ruling A1)."""


def parse_colours(colours: Any) -> list[str]:
    """The seats' colours of a setup, checked (ruling A1): a list of distinct colours from
    ``COLOURS``. Raises :class:`SetupError` naming the value; the count is the caller's."""
    if not isinstance(colours, list | tuple) or not all(c in COLOURS for c in colours):
        raise SetupError(
            f"setup 'colours' must be a list of colours from {', '.join(COLOURS)}, "
            f"got {colours!r} (ruling A1)"
        )
    if len(set(colours)) != len(colours):
        raise SetupError(f"setup 'colours' {list(colours)} repeats a colour: one each (A1)")
    return [str(c) for c in colours]


def seat_words(colours: Sequence[str], seat: object) -> str:
    """A seat as a person reads it: its colour (``"yellow"``, as words). A value that is no
    seat of the game (a journal or a caller's mistake) is named as given: ``"seat 7 (no such
    seat)"``."""
    if type(seat) is int and 0 <= seat < len(colours):
        return colour_words(colours[seat])
    return say("seat {seat} (no such seat)", seat=repr(seat))


def check_slapper(colours: Sequence[str], action: str, seat: Any, indian: Any) -> None:
    """Refuse ``action`` (a slap, in words) when ``seat`` is not in the game (ruling A1) or
    ``indian`` is not a hand card. Each mode then checks ruling A8 its own way: the FULL
    engine one slap per turned card, the TRACKER one slap per window."""
    if type(seat) is not int or not 0 <= seat < len(colours):
        raise illegal(
            say("ruling A1 (one colour per player)"),
            action,
            say(
                "there is no seat {seat} in this game: its players are {players} "
                "(seats 0 to {last} in an action's JSON form)",
                seat=repr(seat),
                players=joined(", ", map(colour_words, colours)),
                last=len(colours) - 1,
            ),
        )
    if indian not in KINDS:
        raise illegal(
            say("the hand cards"),
            action,
            say(
                "{indian} is not a hand card; the hand cards are {kinds}",
                indian=repr(indian),
                kinds=joined(", ", KIND_WORDS.values()),
            ),
        )


def turner_after_window(seats: Sequence[int]) -> int:
    """Ruling A9: the seat whose slap was last in the window's order (``seats``, in that
    order, legal or not) turns the next card."""
    return seats[-1]


def winners(scores: Sequence[float]) -> tuple[int, ...]:
    """Ruling A10: the seats with the most cards; ties share the victory."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
