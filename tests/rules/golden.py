"""Golden playthroughs: full seeded games as text, one line per action and its key state.

A game's ``test_golden.py`` says what its lines show and hands the rest to :class:`Goldens`.
A file in ``tests/rules/<game>/golden/`` starts with the game's setup and seed (and how to
regenerate it), then a ``start`` line with the state, then one line per action: the action,
then the state after it (fields split at :data:`SEPARATOR`); lines starting with ``#`` or
two spaces are notes (what the action resolved, the outcome). The test replays the ACTIONS
written in the file through the checked engine and compares the whole text, so any change
of the rules' outcome shows up in one diff. After an intended rules change, regenerate and
review the diff::

    .venv/bin/python -m tests.rules.<game>.test_golden
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import pytest

from companion.rules.base import Engine

S = TypeVar("S")
A = TypeVar("A")

SEPARATOR: Final = " | "


def _no_lines(state: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class Goldens(Generic[S, A]):
    """One game's golden files, and how their lines are written and read."""

    game: str
    engine: Engine[S, A]
    games: Mapping[str, tuple[dict[str, Any], int]]
    """Each file's name: the setup and seed of its game."""
    bots_game: Callable[[dict[str, Any], int], list[A]]
    """The actions the simulator's bots play with a setup of ``games`` and its seed."""
    describe: Callable[[S], str]
    """The fields of a line that show the state."""
    notes: Callable[[S, A, S], list[str]]
    """The note lines after an action's line, from the state before it, the action and the
    state after it."""
    read_action: Callable[[list[str]], A]
    """The action of an action line, from its fields."""
    write_action: Callable[[A], str] = str
    """The fields of a line that show the action (the text form by default)."""
    start: str = "start"
    """The fields of the first line before the state's."""
    closing: Callable[[S], list[str]] = _no_lines
    """The note lines at the end of the game, before its outcome."""

    @property
    def folder(self) -> Path:
        return Path(__file__).with_name(self.game) / "golden"

    def playthrough(self, setup: dict[str, Any], seed: int, actions: list[A]) -> str:
        """The text of a game: the header, one line per action and its notes, the outcome."""
        full = self.engine.validate_setup(setup)
        state = self.engine.new(full, seed)
        lines = [
            f"# {self.game} golden playthrough; setup {json.dumps(full, sort_keys=True)}; "
            f"seed {seed}",
            f"# regenerate: .venv/bin/python -m tests.rules.{self.game}.test_golden",
            f"{self.start}{SEPARATOR}{self.describe(state)}",
        ]
        for action in actions:
            before, state = state, self.engine.apply(state, action)
            lines.append(f"{self.write_action(action)}{SEPARATOR}{self.describe(state)}")
            lines += self.notes(before, action, state)
        lines += self.closing(state)
        outcome = self.engine.outcome(state)
        lines.append(f"# outcome: {outcome.reason if outcome else 'not over'}")
        return "\n".join(lines) + "\n"

    def read(self, text: str) -> tuple[dict[str, Any], int, list[A]]:
        """The setup, seed and actions written in a golden file."""
        setup_text, seed_text = text.splitlines()[0].split("; setup ")[1].split("; seed ")
        actions = [
            self.read_action(line.split(SEPARATOR))
            for line in text.splitlines()[3:]
            if line and not line.startswith(("#", " "))
        ]
        return json.loads(setup_text), int(seed_text), actions

    def check_playthrough(self, name: str) -> None:
        """Replay the file ``name``'s actions: the text must come out the same."""
        expected = (self.folder / name).read_text()
        setup, seed, actions = self.read(expected)
        setup_written, seed_written = self.games[name]
        assert (setup, seed) == (self.engine.validate_setup(setup_written), seed_written)
        actual = self.playthrough(setup, seed, actions)
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

    def check_bots_games(self) -> None:
        """The recorded actions are still the bots' games."""
        for name, (setup, seed) in self.games.items():
            recorded = self.read((self.folder / name).read_text())[2]
            assert recorded == self.bots_game(setup, seed), name

    def regenerate(self) -> None:
        """Write every file again from the bots' games."""
        self.folder.mkdir(exist_ok=True)
        for name, (setup, seed) in self.games.items():
            actions = self.bots_game(setup, seed)
            (self.folder / name).write_text(self.playthrough(setup, seed, actions))
            print(f"wrote {self.folder / name} ({len(actions)} actions)")
