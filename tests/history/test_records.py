"""A finished game's record, read from its journal by ``companion replay``'s functions: the
same players, scores, winners and reason as the referee, and Apache's slaps with their times
of one kind (FULL: from the card turn; TRACKER: the gap to the window's first slap)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion import i18n
from companion.history import (
    GAP,
    REACTION,
    NotFinished,
    NotRecordable,
    record_from_journal,
)
from companion.tools.replay import referee_json, replay
from tests.history.helpers import (
    FINISHED,
    REFUSED,
    UNFINISHED,
    WALL,
    committed,
    dead_heat_game,
    simulated_apache,
)


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_finished_game_of_each_engine_is_recorded_as_the_referee_tells_it(
    game: str, tmp_path: Path
) -> None:
    path = committed(FINISHED[game], tmp_path)
    record = record_from_journal(path)
    told = referee_json(replay(path), path, at=None, trace=False)
    assert (record.journal, record.game) == (path.name, game)
    assert record.mode == ("tracker" if game.endswith("_tracker") else "full")
    assert [p.name for p in record.players] == told["players"]
    assert [told["players"][seat] for seat in record.winners] == told["outcome"]["winners"]
    assert {p.name: p.score for p in record.players} == told["outcome"]["scores"]
    assert record.reason == told["outcome"]["reason"]
    assert record.started == WALL  # the header's "created": 2025-01-01T20:00:00+00:00
    assert record.ended > record.started
    assert len(record.evening) == 10 and record.evening[4] == "-"
    windows = [event for event in told["history"] if event["kind"] == "window"]
    assert len(record.slaps) == sum(len(window["slaps"]) for window in windows)
    if not game.startswith("apache"):
        assert record.slaps == () and record.ignored == 0


def test_a_full_game_times_every_slap_from_the_card_turn(tmp_path: Path) -> None:
    record = record_from_journal(committed(FINISHED["apache"], tmp_path))
    assert record.variants == "war-path,wedding"
    assert record.slaps and {slap.kind for slap in record.slaps} == {REACTION}
    first = record.slaps[0]
    assert (first.window, first.rank, first.name, first.indian) == (1, 1, "yellow", "chief")
    assert (first.ms, first.result) == (868.0, "loot")


def test_a_tracker_game_gives_gaps_ties_and_ignored_presses(tmp_path: Path) -> None:
    record = record_from_journal(dead_heat_game(tmp_path))
    assert {slap.kind for slap in record.slaps} == {GAP}
    timed = [(s.window, s.rank, s.name, s.ms, s.tied, s.result) for s in record.slaps]
    assert timed == [
        (1, 1, "red", 0.0, True, "loot"),
        (1, 2, "yellow", 0.001, True, "nothing"),
        (1, 3, "purple", 25.0, False, "nothing"),
        (2, 1, "yellow", 0.0, False, "loot"),
    ]
    # red's repeat in window 1 and purple's late press; purple's duplicate is no press
    assert [(p.name, p.ignored) for p in record.players] == [
        ("red", 1),
        ("yellow", 0),
        ("purple", 1),
    ]
    assert record.ignored == 2
    assert (record.winners, record.variants) == ((1,), "")


def test_the_seats_note_says_which_seats_bots_played(tmp_path: Path) -> None:
    record = record_from_journal(simulated_apache(tmp_path, 3, humans=1))
    assert [p.bot for p in record.players] == [False, True, True, True]
    everyone = record_from_journal(committed(FINISHED["apache_tracker"], tmp_path))
    assert not any(p.bot for p in everyone.players)


def test_an_unfinished_game_is_refused(tmp_path: Path) -> None:
    path = committed(UNFINISHED, tmp_path)
    with pytest.raises(NotFinished, match="the game is not over") as refused:
        record_from_journal(path)
    assert str(path) in str(refused.value)


def _damaged(tmp_path: Path) -> bytes:
    """A finished journal whose third line is damaged (not a torn last line)."""
    lines = committed(FINISHED["paris"], tmp_path).read_bytes().splitlines(keepends=True)
    return b"".join([*lines[:2], b"{{{\n", *lines[3:]])


@pytest.mark.parametrize(
    ("write", "words"),
    [
        (None, "no such file"),
        (lambda _: b"", "not a companion journal"),
        (_damaged, "line 3"),
    ],
    ids=["missing", "empty", "damaged"],
)
def test_an_unreadable_journal_is_refused_naming_it(
    write: Callable[[Path], bytes] | None, words: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.jsonl"
    if write is not None:
        path.write_bytes(write(tmp_path))
    with pytest.raises(NotRecordable, match=words) as refused:
        record_from_journal(path)
    assert str(path) in str(refused.value)


def test_a_journal_the_rules_refuse_is_not_recorded(tmp_path: Path) -> None:
    path = committed(REFUSED, tmp_path)
    with pytest.raises(NotRecordable, match="line 30 is refused by the rules"):
        record_from_journal(path)


def test_a_journal_that_cannot_be_recorded_says_why_in_the_screens_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text("a shopping list\n")
    with pytest.raises(NotRecordable) as caught:
        record_from_journal(path)
    assert str(caught.value) == (
        f"{path}: cannot be recorded: is not a companion journal (its first line is not a "
        "journal header)"
    ), "printed in English, as it always was"
    i18n.set_language("de")
    try:
        said = i18n.said(caught.value)
    finally:
        i18n.set_language("en")
    assert said.startswith(f"{path}: nicht aufzeichenbar: ist kein Journal"), said
