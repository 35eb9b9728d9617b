"""Paris golden playthroughs (:mod:`tests.rules.golden`): full seeded games as text.

After the setup and seed, one line per action: its text form, its JSON (what the test
replays), then the phase, round and turn, the money and the board (each district in play
with each gang's Apaches: ``5:p2y3``). After a round's settlement a line ``  > ...`` follows
for each district settled (ruling D7), and the file ends with the final tally (ruling D10).

The games are played by one heuristic bot and random bots (``companion.tools.simulate.paris``).
After an intended rules change, regenerate and review the diff::

    .venv/bin/python -m tests.rules.paris.test_golden
"""

from __future__ import annotations

import json
from typing import Any, Final

import pytest

from companion.rules.paris import PARIS, Action, ParisState, action_from_json, action_to_json
from companion.tools.simulate.paris import play_paris_game
from tests.rules.golden import SEPARATOR, Goldens

GAMES: Final[dict[str, tuple[dict[str, Any], int]]] = {
    "two-players-5.6.7.8.9.txt": ({"players": 2}, 21),
    "three-players-1.3.4.5.6.8.9.txt": ({"players": 3, "districts": "1.3.4.5.6.8.9"}, 22),
    "four-players.txt": ({"players": 4}, 23),
}


def describe(state: ParisState) -> str:
    initials = [c[0] for c in state.colours]
    board = " ".join(
        f"{d}:" + "".join(f"{initials[s]}{n}" for s, n in enumerate(state.district_counts(d)) if n)
        for d in state.districts
        if any(state.district_counts(d))
    )
    money = " ".join(map(str, state.money))
    where = f"{state.phase} r{state.round} t{state.turn}"
    return f"{where}{SEPARATOR}F {money}{SEPARATOR}{board or '-'}"


def with_json(action: Action) -> str:
    """An action's text form and its JSON (what the test replays)."""
    return f"{action}{SEPARATOR}{json.dumps(action_to_json(action), sort_keys=True)}"


def notes(before: ParisState, action: Action, state: ParisState) -> list[str]:
    """After the action that settled a round: each district settled, in words."""
    if state.settlement is before.settlement:
        return []
    return [f"  > {step.words}" for step in state.settlement]


def tally(state: ParisState) -> list[str]:
    """The final tally (ruling D10), a line per player."""
    return [f"# tally: {json.dumps(line.to_json(), sort_keys=True)}" for line in PARIS.tally(state)]


def bots_game(setup: dict[str, Any], seed: int) -> list[Action]:
    """The game of one heuristic bot (seat 0) and random bots."""
    actions: list[Action] = []
    play_paris_game(PARIS.validate_setup(setup), seed, heuristic_seat=0, record=actions)
    return actions


def read_action(fields: list[str]) -> Action:
    """The action of a line, from its fields: its JSON."""
    return action_from_json(json.loads(fields[1]))


GOLDEN: Final = Goldens(
    "paris",
    PARIS,
    GAMES,
    bots_game,
    describe,
    notes,
    read_action,
    write_action=with_json,
    start=f"start{SEPARATOR}-",
    closing=tally,
)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    GOLDEN.check_playthrough(name)


def test_the_golden_games_are_what_the_bots_play() -> None:
    """The recorded actions are still the bots' game (not needed for the rules check: a
    bot change only needs a regeneration)."""
    GOLDEN.check_bots_games()


if __name__ == "__main__":
    GOLDEN.regenerate()
