"""Apocalypse golden playthroughs (:mod:`tests.rules.golden`): full seeded games as text.

After the setup and seed, one line per action: its text form (``play chaos purple``), then
the phase, the seat to act, the black tokens, the trick and the hand sizes (seats 0-based,
as the JSON has them); a line ``  > ...`` follows each trick resolved (its outcome in a
person's words: players P1, P2, ...) and a line ``  = ...`` each round scored.

The games were played by the simulator's bots (one HeuristicBot, random bots:
``companion.tools.simulate.apocalypse``). After an intended rules change, regenerate and review
the diff::

    .venv/bin/python -m tests.rules.apocalypse.test_golden

(A wording change alone keeps the games: rewrite each file from the actions it holds with
``GOLDEN.playthrough(*GOLDEN.read(text))``.)
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from companion.rules.apocalypse import (
    APOCALYPSE,
    Action,
    ApocalypseState,
    Deal,
    DealCards,
    card_name,
    parse_action,
)
from companion.tools.simulate.apocalypse import play_apocalypse_game
from tests.rules.golden import SEPARATOR, Goldens

GAMES: Final[dict[str, tuple[dict[str, Any], int]]] = {
    "duel.txt": ({"players": 2}, 21),
    "four-players.txt": ({"players": 4}, 22),
    "six-players.txt": ({"players": 6, "first": 3}, 23),
}


def describe(state: ApocalypseState) -> str:
    tokens = ",".join(state.black_tokens) or "-"
    trick = " ".join(f"{seat}:{card_name(card)}" for seat, card in state.trick) or "-"
    sizes = " ".join(map(str, state.hand_sizes))
    return (
        f"{state.phase} round {state.round} turn {state.turn}{SEPARATOR}black {tokens}"
        f"{SEPARATOR}hands {sizes}{SEPARATOR}trick {trick}"
    )


def notes(before: ApocalypseState, action: Action, state: ApocalypseState) -> list[str]:
    """After the action that resolved a trick: its reason; that scored a round: the scores."""
    lines = []
    if state.last_trick is not before.last_trick and state.last_trick is not None:
        lines.append(f"  > {state.last_trick.words}")
    if state.rounds != before.rounds:
        result = state.rounds[-1]
        swapped = " swapped (ruling P12)" if result.swapped else ""
        lines.append(
            f"  = round {result.round}: {list(result.raw)} -> {list(result.scores)}"
            f"{swapped}; totals {list(state.totals)}"
        )
    return lines


def bots_game(setup: dict[str, Any], seed: int) -> list[Action]:
    """The simulator's game, its round deals (``DealCards``) written one card a line."""
    actions: list[Action] = []
    play_apocalypse_game(APOCALYPSE.validate_setup(setup), seed, record=actions)
    return [
        single
        for action in actions
        for single in (
            [Deal(card) for card in action.cards] if isinstance(action, DealCards) else [action]
        )
    ]


def read_action(fields: list[str]) -> Action:
    """The action of a line, from its fields: its text form."""
    return parse_action(fields[0])


GOLDEN: Final = Goldens("apocalypse", APOCALYPSE, GAMES, bots_game, describe, notes, read_action)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    GOLDEN.check_playthrough(name)


def test_the_golden_games_are_what_the_bots_play() -> None:
    """The recorded actions are still the bots' game (not needed for the rules check: a bot
    change only needs a regeneration)."""
    GOLDEN.check_bots_games()


if __name__ == "__main__":
    GOLDEN.regenerate()
