"""Journals written before the reorganisation by game still load and replay to the same state.

``journals/`` holds journals written by the companion as it was before the move (commit
bed1601): random legal games of every game and mode, with undo and redo (``random-*``), and
the games the screens play for their screenshots, with their Pow-Wow and seat notes
(``screen-*``). Beside each, ``*.state.json`` is the state that version replayed it to
(``companion replay``). A change that alters what an old journal means fails here.

Intended changes since then. The Apache state has one more field, ``slapped_on_card``
(ruling A8 as revised: the seats that slapped on the card face up); every other field must
be what it was. And ruling A8 now allows one slap per player per turned card, across all
the windows on it: an old journal with a second slap on the same card is refused at that
line, naming the ruling, never re-scored (``REFUSED``). And the Apocalypse tracker names
players P1..Pn in the words its state keeps (``REWORDED``).
"""

import json
import re
from pathlib import Path
from typing import Any, Final

import pytest

from companion.cli import main
from companion.errors import JournalError
from companion.rules.registry import GAMES
from companion.session import Session

JOURNALS = Path(__file__).with_name("journals")
WRITTEN_BEFORE = sorted(JOURNALS.glob("*.jsonl"))

ADDED_SINCE: Final = {"apache": frozenset({"slapped_on_card"})}
"""The state fields each game has added since the journals were written (ruling A8)."""

REWORDED: Final = {
    "apocalypse_tracker": (re.compile(r"^player (\d+) played (.*: a revoke)"), r"P\1 played \2")
}
"""Words in states written since in the one seat vocabulary (P1..Pn), wherever they stand:
the old form and the new (the Apocalypse tracker's revokes said "player 2 played ...")."""

REFUSED: Final = {
    "random-apache-01": (30, "ruling A8 (one hand card per turned card)", "red's slap with"),
}
"""The journals that break a ruling revised since they were written: the line refused, the
ruling it names and the start of its words. A bot game of the earlier rules in which red
slapped again on a card after its first window on that card (ruling A8 as it was: one slap
per window)."""
REPLAYED = [p for p in WRITTEN_BEFORE if p.stem not in REFUSED]


def test_every_game_and_mode_has_journals_written_before_the_move() -> None:
    games = {json.loads(p.read_text().splitlines()[0])["game"] for p in WRITTEN_BEFORE}
    assert games == set(GAMES)  # the six names test_registry pins


@pytest.mark.parametrize("journal", REPLAYED, ids=lambda p: p.stem)
def test_an_old_journal_replays_to_the_state_it_had(journal: Path) -> None:
    session = Session.load(journal)
    expected = json.loads(journal.with_suffix(".state.json").read_text())
    state = json.loads(json.dumps(session.engine.state_to_json(session.state)))
    added = ADDED_SINCE.get(session.engine.name, frozenset())
    assert added <= set(state), f"the state has the fields {sorted(added)} added since"
    assert _without(state, added) == _reworded(session.engine.name, expected)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_an_old_journal_breaking_a_revised_ruling_is_refused_at_its_line(name: str) -> None:
    line, ruling, words = REFUSED[name]
    journal = JOURNALS / f"{name}.jsonl"
    with pytest.raises(JournalError) as refused:
        Session.load(journal)
    message = str(refused.value)
    assert f"line {line}: {words}" in message and ruling in message
    record = json.loads(journal.read_text().splitlines()[line - 1])
    assert record["action"]["kind"] == "slap", "the refused line is the second slap"


def test_the_refused_journals_are_old_journals() -> None:
    assert {p.stem for p in WRITTEN_BEFORE} >= set(REFUSED)
    assert len(REPLAYED) == len(WRITTEN_BEFORE) - len(REFUSED)


def _reworded(game: str, value: Any) -> Any:
    """``value`` (a state's JSON) with the old words of :data:`REWORDED` in their new form."""
    if game not in REWORDED:
        return value
    old, new = REWORDED[game]
    if isinstance(value, str):
        return old.sub(new, value)
    if isinstance(value, list):
        return [_reworded(game, item) for item in value]
    if isinstance(value, dict):
        return {key: _reworded(game, item) for key, item in value.items()}
    return value


def _without(state: dict[str, Any], keys: frozenset[str]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in keys}


def test_companion_replay_tells_the_outcome_of_an_old_journal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    journal = JOURNALS / "screen-paris-full-results.jsonl"
    assert main(["replay", "--json", str(journal)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    expected = json.loads(journal.with_suffix(".state.json").read_text())
    assert replayed["state"]["phase"] == expected["phase"] == "over"
    assert replayed["outcome"]["winners"], "the referee's JSON names the winners"
