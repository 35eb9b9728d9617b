"""Golden playthroughs: full seeded games as text, one line per action and its key state.

Each file in ``golden/`` starts with the setup and seed, then one line per action: its text
form, its JSON (what the test replays), then the phase, round and turn, the money and the
board (each district in play with each gang's Apaches: ``5:p2y3``). After a round's
settlement a line ``  > ...`` follows for each district settled (ruling D7), and the file
ends with the final tally (ruling D10). The test replays the ACTIONS written in the file
through the checked engine and compares the whole text, so any change of the rules'
outcome shows up in one diff.

The games are played by one heuristic bot and random bots (``companion.tools.simulate.paris``).
After an intended rules change, regenerate and review the diff::

    .venv/bin/python -m tests.rules.paris.test_golden
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any, Final

import pytest

from companion.rules.paris import PARIS, Action, ParisState, action_from_json, action_to_json
from companion.tools.simulate.paris import play_paris_game

GOLDEN: Final = Path(__file__).with_name("golden")
GAMES: Final[dict[str, tuple[dict[str, Any], int]]] = {
    "two-players-5.6.7.8.9.txt": ({"players": 2}, 21),
    "three-players-1.3.4.5.6.8.9.txt": ({"players": 3, "districts": "1.3.4.5.6.8.9"}, 22),
    "four-players.txt": ({"players": 4}, 23),
}
SEPARATOR: Final = " | "


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


def playthrough(setup: dict[str, Any], seed: int, actions: list[Action]) -> str:
    """The text of a game: header, one line per action, the settlements, the tally."""
    full = PARIS.validate_setup(setup)
    state = PARIS.new(full, seed)
    lines = [
        f"# paris golden playthrough; setup {json.dumps(full, sort_keys=True)}; seed {seed}",
        "# regenerate: .venv/bin/python -m tests.rules.paris.test_golden",
        f"start{SEPARATOR}-{SEPARATOR}{describe(state)}",
    ]
    for action in actions:
        before = state.settlement
        state = PARIS.apply(state, action)
        data = json.dumps(action_to_json(action), sort_keys=True)
        lines.append(f"{action}{SEPARATOR}{data}{SEPARATOR}{describe(state)}")
        if state.settlement is not before:
            lines += [f"  > {step.words}" for step in state.settlement]
    for line in PARIS.tally(state):
        lines.append(f"# tally: {json.dumps(line.to_json(), sort_keys=True)}")
    outcome = PARIS.outcome(state)
    lines.append(f"# outcome: {outcome.reason if outcome else 'not over'}")
    return "\n".join(lines) + "\n"


def read_actions(text: str) -> tuple[dict[str, Any], int, list[Action]]:
    header = text.splitlines()[0]
    setup_text, seed_text = header.split("; setup ")[1].split("; seed ")
    actions = [
        action_from_json(json.loads(line.split(SEPARATOR)[1]))
        for line in text.splitlines()[3:]
        if line and not line.startswith(("#", " "))
    ]
    return json.loads(setup_text), int(seed_text), actions


def recorded(setup: dict[str, Any], seed: int) -> list[Action]:
    actions: list[Action] = []
    play_paris_game(PARIS.validate_setup(setup), seed, heuristic_seat=0, record=actions)
    return actions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    expected = (GOLDEN / name).read_text()
    setup, seed, actions = read_actions(expected)
    assert (setup, seed) == (PARIS.validate_setup(GAMES[name][0]), GAMES[name][1])
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
    """The recorded actions are still the bots' game (not needed for the rules check: a
    bot change only needs a regeneration)."""
    for name, (setup, seed) in GAMES.items():
        assert read_actions((GOLDEN / name).read_text())[2] == recorded(setup, seed), name


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (setup, seed) in GAMES.items():
        actions = recorded(setup, seed)
        (GOLDEN / name).write_text(playthrough(PARIS.validate_setup(setup), seed, actions))
        print(f"wrote {GOLDEN / name} ({len(actions)} actions)")


if __name__ == "__main__":
    regenerate()
