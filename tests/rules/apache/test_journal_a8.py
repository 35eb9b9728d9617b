"""A journal written before ruling A8 was revised, with a second slap on the same card, is
refused when it is loaded: at that line, naming ruling A8, never re-scored.

The rulebook: "After a prairie card has been turned up, a player may play only one hand
card". The game of the ruling's example: red woman, necklace, red hunter and buffalo face
up; red's hunter takes the buffalo, then red slaps the woman for the necklace before any new
card. The earlier rules (one slap per player per WINDOW) let that second window through.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import IllegalAction, JournalError
from companion.rules.apache import APACHE, CLOSE, Reveal, Slap, Turn
from companion.session import Session

RED = 0
EXAMPLE = ("red-woman", "necklace", "red-hunter", "buffalo")


def write_double_slap(path: Path) -> int:
    """The example game journaled by the session up to red's second slap, which the session
    now refuses to write; that slap and its ``close`` are then added as the earlier version
    wrote them (the session's own records of red's first slap and close, numbered on). The
    line number of the second slap."""
    with Session.start(APACHE, {"players": 2}, 5, path, auto_chance=False) as session:
        for card in EXAMPLE:
            session.apply(Turn(session.state.turner))
            session.apply(Reveal(card))
        session.apply(Slap(RED, "hunter"))
        session.apply(CLOSE)
        with pytest.raises(IllegalAction, match="ruling A8"):
            session.apply(Slap(RED, "woman"))
    lines = path.read_text().splitlines()
    slap, close = (json.loads(line) for line in lines[-2:])
    assert slap["action"] == {"kind": "slap", "seat": RED, "indian": "hunter"}
    assert close["action"] == {"kind": "close"}
    n = close["n"] + 1
    again = {**slap, "n": n, "action": {**slap["action"], "indian": "woman"}, "t": close["t"] + 1}
    closed = {**close, "n": n + 1, "t": close["t"] + 2}
    with path.open("a") as journal:
        for record in (again, closed):
            journal.write(json.dumps(record, separators=(",", ":")) + "\n")
    return len(lines) + 1


def test_the_session_replays_the_journal_to_the_line_before_and_refuses_the_slap(
    tmp_path: Path,
) -> None:
    path = tmp_path / "double-slap.jsonl"
    line = write_double_slap(path)
    with pytest.raises(JournalError) as refused:
        Session.load(path)
    message = str(refused.value)
    assert f"line {line}: red's slap with the woman refused by ruling A8" in message
    assert "red may slap again once the next card is turned up" in message


def test_companion_replay_exits_1_naming_the_line_and_ruling_a8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "double-slap.jsonl"
    line = write_double_slap(path)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"line {line}" in err and "ruling A8 (one hand card per turned card)" in err
    assert "red has already slapped since this card was turned up" in err
