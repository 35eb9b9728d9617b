"""Journals for the ``companion replay`` tests: the examples of ``companion/JOURNAL.md`` and
random games of each game and mode, written under a test's ``tmp_path``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Final

import pytest

from companion.cli import main
from companion.rules.registry import get_engine
from companion.session import Session

REPO: Final = Path(__file__).resolve().parents[3]
GAMES: Final = ("apache", "apocalypse", "paris")
ENDINGS: Final = frozenset({"end", "finish"})
"""The actions that end a game of Apache at once: not chosen before move 40."""
SETUPS: Final[dict[str, dict[str, Any]]] = {
    "apache": {"players": 3, "variants": {"war_path": True, "wedding": True, "joint_raid": True}},
    "apache_tracker": {"colours": ["red", "yellow"]},
    "apocalypse": {"players": 3},
    "apocalypse_tracker": {"players": 3},
    "paris": {"players": 2},
    "paris_tracker": {"players": 2},
}


def example(game: str, directory: Path) -> Path:
    """The JOURNAL.md example journal of ``game`` (a journal game name), as a file."""
    text = (REPO / "companion" / "JOURNAL.md").read_text()
    blocks = re.findall(r"```jsonl\n(.*?)```", text, flags=re.DOTALL)
    path = directory / f"{game}.jsonl"
    path.write_text(next(block for block in blocks if f'"game":"{game}"' in block))
    return path


def random_game(game: str, directory: Path, seed: int, *, undo_every: int = 0) -> Path:
    """A journal of a random game of ``game`` played to its end (an undo after every
    ``undo_every`` moves, then a redo). Each move picks a kind of action at random, then
    one of that kind, so that turning cards and closing windows come as often as slaps."""
    engine = get_engine(game)
    path = directory / f"{game}-{seed}.jsonl"
    rng = random.Random(seed)
    tracker = game.endswith("_tracker")
    with Session.start(
        engine, SETUPS[game], seed, path, auto_chance=not tracker, chance_seed=seed
    ) as session:
        for move in range(1, 5000):
            if session.is_over:
                break
            by_kind: dict[str, list[Any]] = {}
            for action in session.legal_actions:
                data = engine.action_to_json(action)
                kind = str(data["kind"]) if isinstance(data, dict) else "?"
                if kind not in ENDINGS or move >= 40:
                    by_kind.setdefault(kind, []).append(action)
            session.apply(rng.choice(by_kind[rng.choice(sorted(by_kind))]))
            if undo_every and move % undo_every == 0 and not session.is_over:
                session.undo()
                session.redo()
    assert Session.load(path).is_over, f"the random {game} game did not end"
    return path


def replay(args: list[str | Path], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``companion replay ARGS``: the exit code, stdout and stderr."""
    code = main(["replay", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def replay_json(path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> dict[str, Any]:
    code, out, err = replay([*more, "--json", str(path)], capsys)
    assert (code, err) == (0, ""), err
    data: dict[str, Any] = json.loads(out)
    return data


def journal_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, records: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
