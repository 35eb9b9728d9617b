"""Golden playthroughs: full seeded games as text, one line per action and its key state.

Each file in ``golden/`` starts with the setup and seed, then one line per action: its text
form (``play chaos purple``), then the phase, the seat to act, the black tokens, the trick
and the hand sizes; a line ``  > ...`` follows each trick resolved (its reason in words) and
a line ``  = ...`` each round scored. The test replays the ACTIONS written in the file
through the checked engine and compares the whole text, so any change of the rules'
outcome shows up in one diff.

The games were played by the simulator's bots (one HeuristicBot, random bots:
``companion.tools.simulate.apocalypse``). After an intended rules change, regenerate and review
the diff::

    .venv/bin/python -m tests.rules.apocalypse.test_golden
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
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

GOLDEN: Final = Path(__file__).with_name("golden")
GAMES: Final[dict[str, tuple[dict[str, Any], int]]] = {
    "duel.txt": ({"players": 2}, 21),
    "four-players.txt": ({"players": 4}, 22),
    "six-players.txt": ({"players": 6, "first": 3}, 23),
}
SEPARATOR: Final = " | "


def describe(state: ApocalypseState) -> str:
    tokens = ",".join(state.black_tokens) or "-"
    trick = " ".join(f"{seat}:{card_name(card)}" for seat, card in state.trick) or "-"
    sizes = " ".join(map(str, state.hand_sizes))
    return (
        f"{state.phase} round {state.round} turn {state.turn}{SEPARATOR}black {tokens}"
        f"{SEPARATOR}hands {sizes}{SEPARATOR}trick {trick}"
    )


def playthrough(setup: dict[str, Any], seed: int, actions: list[Action]) -> str:
    """The text of a game: header, one line per action, tricks and rounds, the outcome."""
    full = APOCALYPSE.validate_setup(setup)
    state = APOCALYPSE.new(full, seed)
    lines = [
        f"# apocalypse golden playthrough; setup {json.dumps(full, sort_keys=True)}; seed {seed}",
        "# regenerate: .venv/bin/python -m tests.rules.apocalypse.test_golden",
        f"start{SEPARATOR}{describe(state)}",
    ]
    for action in actions:
        before = state
        state = APOCALYPSE.apply(state, action)
        lines.append(f"{action}{SEPARATOR}{describe(state)}")
        if state.last_trick is not before.last_trick and state.last_trick is not None:
            lines.append(f"  > {state.last_trick.reason}")
        if state.rounds != before.rounds:
            result = state.rounds[-1]
            swapped = " swapped (ruling P12)" if result.swapped else ""
            lines.append(
                f"  = round {result.round}: {list(result.raw)} -> {list(result.scores)}"
                f"{swapped}; totals {list(state.totals)}"
            )
    outcome = APOCALYPSE.outcome(state)
    lines.append(f"# outcome: {outcome.reason if outcome else 'not over'}")
    return "\n".join(lines) + "\n"


def read_actions(text: str) -> tuple[dict[str, Any], int, list[Action]]:
    header = text.splitlines()[0]
    setup_text, seed_text = header.split("; setup ")[1].split("; seed ")
    actions = [
        parse_action(line.split(SEPARATOR)[0])
        for line in text.splitlines()[3:]
        if line and not line.startswith(("#", " "))
    ]
    return json.loads(setup_text), int(seed_text), actions


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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    expected = (GOLDEN / name).read_text()
    setup, seed, actions = read_actions(expected)
    assert (setup, seed) == (APOCALYPSE.validate_setup(GAMES[name][0]), GAMES[name][1])
    actual = playthrough(setup, seed, actions)
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                f"golden/{name}",
                "replayed",
                n=2,
            )
        )
        pytest.fail(f"{name} differs from the golden playthrough:\n{diff}")


def test_the_golden_games_are_what_the_bots_play() -> None:
    """The recorded actions are still the bots' game (not needed for the rules check: a bot
    change only needs a regeneration)."""
    for name, (setup, seed) in GAMES.items():
        assert read_actions((GOLDEN / name).read_text())[2] == bots_game(setup, seed), name


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (setup, seed) in GAMES.items():
        actions = bots_game(setup, seed)
        (GOLDEN / name).write_text(playthrough(setup, seed, actions))
        print(f"wrote {GOLDEN / name} ({len(actions)} actions)")


if __name__ == "__main__":
    regenerate()
