"""The rules of the table that both modes decide: FULL (``engine``) and TRACKER (``tracker``)
call these, so each is written once.

Seats and colours (ruling A1), the hand cards, one slap per player per window (ruling A8),
who turns the next card (ruling A9) and who wins (ruling A10).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from companion.rules.apache.cards import COLOURS, KINDS
from companion.rules.base import SetupError, illegal

__all__ = ["PLAYERS", "check_slap", "parse_colours", "turner_after_window", "winners"]

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


def check_slap(
    colours: Sequence[str], action: object, seat: Any, indian: Any, slapped: Iterable[int]
) -> None:
    """Refuse ``action``, ``seat`` slapping hand card ``indian`` in a window where the seats
    ``slapped`` already slapped, when the seat is not in the game (ruling A1), the card is
    not a hand card, or the seat already slapped (ruling A8: one slap per player per
    window)."""
    if type(seat) is not int or not 0 <= seat < len(colours):
        raise illegal(
            "ruling A1 (one colour per player)",
            action,
            f"seat {seat} is not in this game (seats 0..{len(colours) - 1}: {', '.join(colours)})",
        )
    if indian not in KINDS:
        raise illegal(
            "the hand cards",
            action,
            f"{indian!r} is not a hand card; the hand cards are {', '.join(KINDS)}",
        )
    if seat in slapped:
        raise illegal(
            "ruling A8 (one slap per player per window)",
            action,
            f"seat {seat} ({colours[seat]}) already slapped in this window",
        )


def turner_after_window(seats: Sequence[int]) -> int:
    """Ruling A9: the seat whose slap was last in the window's order (``seats``, in that
    order, legal or not) turns the next card."""
    return seats[-1]


def winners(scores: Sequence[float]) -> tuple[int, ...]:
    """Ruling A10: the seats with the most cards; ties share the victory."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
