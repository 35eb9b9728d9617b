"""Journals written before the reorganisation by game still load and replay to the same state.

``journals/`` holds journals written by the companion as it was before the move (commit
bed1601): random legal games of every game and mode, with undo and redo (``random-*``), and
the games the screens play for their screenshots, with their Pow-Wow and seat notes
(``screen-*``). Beside each, ``*.state.json`` is the state that version replayed it to
(``companion replay``). A change that alters what an old journal means fails here.
"""

import argparse
import json
from pathlib import Path

import pytest

from companion.rules.registry import GAMES
from companion.session import Session, replay_command

JOURNALS = Path(__file__).with_name("journals")
WRITTEN_BEFORE = sorted(JOURNALS.glob("*.jsonl"))


def test_every_game_and_mode_has_journals_written_before_the_move() -> None:
    games = {json.loads(p.read_text().splitlines()[0])["game"] for p in WRITTEN_BEFORE}
    assert games == set(GAMES)  # the six names test_registry pins


@pytest.mark.parametrize("journal", WRITTEN_BEFORE, ids=lambda p: p.stem)
def test_an_old_journal_replays_to_the_state_it_had(journal: Path) -> None:
    session = Session.load(journal)
    expected = json.loads(journal.with_suffix(".state.json").read_text())
    assert json.loads(json.dumps(session.engine.state_to_json(session.state))) == expected


def test_companion_replay_prints_the_state_of_an_old_journal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    journal = JOURNALS / "screen-paris-full-results.jsonl"
    assert replay_command(argparse.Namespace(log=str(journal))) == 0
    expected = json.loads(journal.with_suffix(".state.json").read_text())
    assert json.loads(capsys.readouterr().out) == expected
