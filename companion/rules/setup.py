"""Setup checks the games share: the options known, ``players`` and ``first``.

Each raises :class:`~companion.rules.base.SetupError` naming the option, the value and what
is allowed (the game's own options, such as Apache's variants, are checked by its engine).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.base import SetupError

__all__ = ["check_setup_options", "setup_first", "setup_players"]


def check_setup_options(setup: Mapping[str, Any], game: str, known: Sequence[str]) -> None:
    """Raise ``SetupError`` unless ``setup`` is a mapping whose keys are among ``known``
    (``game``'s setup options), naming the game and the options it knows."""
    article = "an" if game[0] in "aeiou" else "a"
    if not isinstance(setup, Mapping):
        raise SetupError(f"{article} {game} setup is a mapping such as {{'players': 4}}: {setup!r}")
    unknown = sorted(set(setup) - set(known))
    if unknown:
        raise SetupError(f"unknown {game} setup option(s) {unknown}; known: {tuple(known)}")


def setup_players(
    setup: Mapping[str, Any], limits: tuple[int, int], rule: str, *, default: int
) -> int:
    """Setup option ``players`` (``default`` when not given): an integer from ``limits[0]``
    to ``limits[1]``, else ``SetupError`` citing ``rule``."""
    players = setup.get("players", default)
    low, high = limits
    if type(players) is not int or not low <= players <= high:
        raise SetupError(f"setup 'players' must be {low} to {high} ({rule}), got {players!r}")
    return players


def setup_first(setup: Mapping[str, Any], players: int, what: str) -> int:
    """Setup option ``first`` (0 when not given): a seat of ``players``, else ``SetupError``
    calling it ``what`` (the seat's part in the game, e.g. "the seat that turns first")."""
    first = setup.get("first", 0)
    if type(first) is not int or not 0 <= first < players:
        raise SetupError(f"setup 'first' must be {what}, 0 to {players - 1}, got {first!r}")
    return first
