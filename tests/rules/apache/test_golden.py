"""Apache golden playthroughs (:mod:`tests.rules.golden`): full seeded games as text.

After the setup and seed, one line per action: its text form (``slap 1 hunter``), then the
phase, the seat that turns next, the face-down count, the face-up cards and the pile sizes;
a line ``  > ...`` follows for each slap a window resolved (its reason).

The games were played by ReflexBots through the arbiter (``companion.tools.simulate``). After an
intended rules change, regenerate and review the diff::

    .venv/bin/python -m tests.rules.apache.test_golden
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from companion.rules.apache import APACHE, Action, ApacheState, Choose, Close, parse_action
from companion.tools.simulate.apache import play_apache_game
from tests.rules.golden import SEPARATOR, Goldens

GAMES: Final[dict[str, tuple[dict[str, Any], int]]] = {
    "two-players-plain.txt": ({"players": 2}, 11),
    "three-players-war-path-joint-raid.txt": (
        {"players": 3, "variants": {"war_path": True, "joint_raid": True}},
        12,
    ),
    "four-players-all-variants.txt": (
        {"players": 4, "variants": {"war_path": True, "wedding": True, "joint_raid": True}},
        13,
    ),
}


def describe(state: ApacheState) -> str:
    display = " ".join(APACHE.card_type(c) for c in state.display) or "-"
    piles = " ".join(str(len(p)) for p in state.piles)
    return (
        f"{state.phase} turner {state.turner} face-down {state.deck_count}"
        f"{SEPARATOR}piles {piles}{SEPARATOR}{display}"
    )


def notes(before: ApacheState, action: Action, state: ApacheState) -> list[str]:
    """After a window closes or a choice is made: each slap it resolved, with its reason."""
    if not isinstance(action, Close | Choose):
        return []
    shown = 0 if isinstance(action, Close) else len(before.resolution)
    return [
        f"  > {state.colours[result.seat]} {result.indian}: {result.reason}"
        for result in state.resolution[shown:]
    ]


def bots_game(setup: dict[str, Any], seed: int) -> list[Action]:
    """The ReflexBots' game through the arbiter."""
    actions: list[Action] = []
    play_apache_game(APACHE.validate_setup(setup), seed, record=actions)
    return actions


def read_action(fields: list[str]) -> Action:
    """The action of a line, from its fields: its text form."""
    return parse_action(fields[0])


GOLDEN: Final = Goldens("apache", APACHE, GAMES, bots_game, describe, notes, read_action)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    GOLDEN.check_playthrough(name)


def test_the_golden_games_are_what_the_bots_play() -> None:
    """The recorded actions are still the ReflexBots' game (not needed for the rules check:
    a bot change only needs a regeneration)."""
    GOLDEN.check_bots_games()


if __name__ == "__main__":
    GOLDEN.regenerate()
