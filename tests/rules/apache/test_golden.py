"""Golden playthroughs: full seeded games as text, one line per action and its key state.

Each file in ``golden/`` starts with the setup and seed, then one line per action: its text
form (``slap 1 hunter``), then the phase, the seat that turns next, the face-down count, the
face-up cards and the pile sizes; a line ``  > ...`` follows for each slap a window resolved
(its reason). The test replays the ACTIONS written in the file through the checked engine
and compares the whole text, so any change of the rules' outcome shows up in one diff.

The games were played by ReflexBots through the arbiter (``companion.tools.simulate``). After an
intended rules change, regenerate and review the diff::

    .venv/bin/python -m tests.rules.apache.test_golden
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any, Final

import pytest

from companion.rules.apache import APACHE, Action, ApacheState, Choose, Close, parse_action
from companion.tools.simulate.apache import play_apache_game

GOLDEN: Final = Path(__file__).with_name("golden")
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
SEPARATOR: Final = " | "


def describe(state: ApacheState) -> str:
    display = " ".join(APACHE.card_type(c) for c in state.display) or "-"
    piles = " ".join(str(len(p)) for p in state.piles)
    return (
        f"{state.phase} turner {state.turner} face-down {state.deck_count}"
        f"{SEPARATOR}piles {piles}{SEPARATOR}{display}"
    )


def playthrough(setup: dict[str, Any], seed: int, actions: list[Action]) -> str:
    """The text of a game: header, one line per action, the resolutions, the outcome."""
    full = APACHE.validate_setup(setup)
    state = APACHE.new(full, seed)
    lines = [
        f"# apache golden playthrough; setup {json.dumps(full, sort_keys=True)}; seed {seed}",
        "# regenerate: .venv/bin/python -m tests.rules.apache.test_golden",
        f"start{SEPARATOR}{describe(state)}",
    ]
    shown = 0
    for action in actions:
        state = APACHE.apply(state, action)
        lines.append(f"{action}{SEPARATOR}{describe(state)}")
        if isinstance(action, Close | Choose):
            shown = 0 if isinstance(action, Close) else shown
            for result in state.resolution[shown:]:
                who = f"{state.colours[result.seat]} {result.indian}"
                lines.append(f"  > {who}: {result.reason}")
            shown = len(state.resolution)
    outcome = APACHE.outcome(state)
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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    expected = (GOLDEN / name).read_text()
    setup, seed, actions = read_actions(expected)
    assert (setup, seed) == (APACHE.validate_setup(GAMES[name][0]), GAMES[name][1])
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
    """The recorded actions are still the ReflexBots' game (not needed for the rules check:
    a bot change only needs a regeneration)."""
    for name, (setup, seed) in GAMES.items():
        recorded: list[Action] = []
        play_apache_game(APACHE.validate_setup(setup), seed, record=recorded)
        assert read_actions((GOLDEN / name).read_text())[2] == recorded, name


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (setup, seed) in GAMES.items():
        actions: list[Action] = []
        full = APACHE.validate_setup(setup)
        play_apache_game(full, seed, record=actions)
        (GOLDEN / name).write_text(playthrough(full, seed, actions))
        print(f"wrote {GOLDEN / name} ({len(actions)} actions)")


if __name__ == "__main__":
    regenerate()
