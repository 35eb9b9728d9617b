"""``companion replay`` (requirement 11): ``--at N``, ``--trace`` and the exit codes, with real
journal files: 0 replayed, 1 a line the rules refuse, 2 not a readable journal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from tests.tools.replay.helpers import example, journal_lines, replay, replay_json, write_lines

# --- exit 0, --at and --trace ----------------------------------------------------------------


def test_at_stops_after_the_line_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example("apache_tracker", tmp_path)
    code, out, err = replay(["--at", "6", path], capsys)
    assert (code, err) == (0, "")
    assert "Replayed: stopped after line 6 of 13 (--at 6); 4 actions in the line of play" in out
    assert "Phase: window 1: the yellow chief slap is confirmed next" in out
    assert "OUTCOME: none yet (the game is not over)" in out
    assert "1. red hunter (first): loot" in out
    assert "2. yellow chief (+0.412 ms): not resolved yet" in out
    spans = re.findall(r"^\s+(\d+)(?:-(\d+))?  ", out.split("History")[1], flags=re.M)
    assert spans and max(int(last or first) for first, last in spans) <= 6


def test_at_in_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example("apache_tracker", tmp_path)
    data = replay_json(path, capsys, "--at", "8")
    assert data["lines"] == {"replayed": 8, "total": 13, "at": 8}
    assert data["actions"] == 4, "line 8 undid line 7"
    assert data["outcome"] is None
    assert data["state"]["window"]["results"] == [
        {"player": "red", "result": "loot", "reason": "took cards, as the table confirmed"}
    ]
    assert data["to_act"] == "yellow"
    header_only = replay_json(path, capsys, "--at", "1")
    assert (header_only["actions"], header_only["history"]) == (0, [])


@pytest.mark.parametrize("at", ["0", "-3", "x"])
def test_at_is_a_line_number_from_1(
    at: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", "--at", at, str(example("paris", tmp_path))])
    assert exit_info.value.code == 2
    assert f"argument --at: {at!r} is not a line number (1 or more)" in capsys.readouterr().err


def test_trace_prints_one_line_per_journal_line_with_its_effect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("apocalypse_tracker", tmp_path)
    code, out, _ = replay(["--trace", path], capsys)
    assert code == 0
    trace = out.split("Apocalypse, TRACKER mode")[0].splitlines()
    assert [int(line.split(":")[0].removeprefix("line")) for line in trace] == list(range(2, 11))
    assert trace[0] == "line    2: P1 plays red 9 -> the red token turns black"
    assert trace[1] == "line    3: undo: takes back line 2: P1 plays red 9"
    assert "the blue token turns black; the Apocalypse begins (ruling P5)" in trace[7]
    assert trace[8].endswith("-> P2 wins the trick: 9 points")


def test_trace_with_at_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example("paris_tracker", tmp_path)
    code, out, _ = replay(["--trace", "--at", "5", path], capsys)
    assert code == 0
    assert [line[:9] for line in out.splitlines()[:4]] == [f"line    {n}" for n in (2, 3, 4, 5)]
    assert not out.splitlines()[4].startswith("line")
    data = replay_json(path, capsys, "--trace")
    assert [entry["line"] for entry in data["trace"]] == list(range(2, 23))
    assert data["trace"][5] == {
        "line": 7,
        "kind": "undo",
        "text": "undo: takes back line 6: purple moves Apaches on the board",
    }


def test_a_torn_last_line_is_skipped_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("paris", tmp_path)
    with path.open("ab") as file:
        file.write(b'{"type":"act')
    before = path.read_bytes()
    code, out, err = replay([path], capsys)
    assert code == 0 and "Replayed: all 33 lines" in out
    assert err.startswith("companion replay: warning: ") and "torn last line (line 34" in err
    assert path.read_bytes() == before


# --- exit 1: a line the game refuses ---------------------------------------------------------


def test_an_action_the_rules_refuse_exits_1_naming_line_action_ruling_and_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("apache_tracker", tmp_path)
    records = journal_lines(path)
    records[5]["action"]["result"] = "lots"
    write_lines(path, records)
    code, out, err = replay([path], capsys)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"companion replay: {path}: line 6: the rules refuse its action",
        '  action: red hunter: lots  {"kind":"confirm","seat":0,"result":"lots"}',
        "  ruling: ruling A5 (loot, nothing or penalty)",
        "  reason: 'lots' is not a result; give one of loot, nothing, penalty",
        f"  the game replays to line 5: `companion replay --at 5 {path}` shows it there",
    ]
    assert replay(["--at", "5", path], capsys)[0] == 0, "the lines before it replay"


def test_a_refused_card_is_named_by_the_rules_of_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("apocalypse", tmp_path)
    records = journal_lines(path)
    records[28]["action"]["card"] = "green-1"  # P2 holds it, but must follow red (P4)
    write_lines(path, records)
    code, out, err = replay(["--trace", path], capsys)
    assert code == 1
    assert out.splitlines()[-1].startswith("line   28: P1 plays red 2")
    assert f"{path}: line 29: the rules refuse its action" in err
    assert "ruling: ruling P4 (following)" in err
    assert "  action: P2 plays green 1  " in err
    reason = next(line for line in err.splitlines() if line.startswith("  reason: "))
    assert "red" in reason and "seat" not in reason


def test_a_line_by_another_player_than_the_one_awaited_exits_1_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("apache_tracker", tmp_path)
    records = journal_lines(path)
    records[6]["seat"] = 0  # line 7: yellow's confirmation, journaled as red's
    write_lines(path, records)
    code, _, err = replay([path], capsys)
    assert code == 1
    assert f"{path}: line 7: it disagrees with the game" in err
    assert "ruling: the journal's own checks (companion/JOURNAL.md)" in err
    assert (
        "reason: the line names red, but the game awaits yellow: it is yellow's turn, and the "
        "rules give the next action to yellow alone"
    ) in err
    assert "actor" not in err


def test_a_wrong_n_or_an_undo_with_nothing_to_undo_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("paris", tmp_path)
    records = journal_lines(path)
    records[10]["n"] = 99
    write_lines(path, records)
    code, _, err = replay([path], capsys)
    assert code == 1 and "line 11: it disagrees with the game" in err
    assert "reason: 'n' is 99 but the game has 9 actions at this point" in err
    undo_first = [records[0], {"type": "undo", "n": 0, "t": 1.0}]
    write_lines(path, undo_first)
    code, _, err = replay([path], capsys)
    assert code == 1 and "line 2: " in err and "an undo record with nothing to undo" in err


# --- exit 2: not a readable journal ----------------------------------------------------------

NOT_JOURNALS = {
    "text": b"hello\nworld\n",
    "empty": b"",
    "binary": b"\x00\xff\xfe\x00 garbage\n" * 20,
    "a record first": b'{"type":"action","n":0}\n',
    "a JSON list": b"[1, 2]\n",
}


@pytest.mark.parametrize("content", NOT_JOURNALS.values(), ids=NOT_JOURNALS.keys())
def test_a_file_that_is_not_a_journal_exits_2(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    assert replay([bad], capsys) == (
        2,
        "",
        f"companion replay: error: {bad} is not a companion journal "
        "(its first line is not a journal header)\n",
    )


HEADERS = {
    "a newer format": ({"format": 2}, "journal format 2 is not supported"),
    "no seed": ({"seed": "x"}, "line 1: header 'seed' is 'x'"),
    "an unknown game": ({"game": "chess"}, "line 1: unknown game 'chess'"),
    "a setup the game refuses": ({"setup": {"players": 9}}, "line 1: "),
}


@pytest.mark.parametrize(("change", "words"), HEADERS.values(), ids=HEADERS.keys())
def test_a_damaged_header_exits_2(
    change: dict[str, object], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("paris", tmp_path)
    records = journal_lines(path)
    records[0].update(change)
    write_lines(path, records)
    code, out, err = replay([path], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"companion replay: error: {path}") and words in err


def test_a_line_damaged_before_the_last_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("apocalypse", tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    lines[9] = '{"type":"action","n":8,"act\n'
    path.write_text("".join(lines))
    code, out, err = replay([path], capsys)
    assert (code, out) == (2, "")
    assert f"{path}: line 10 is not a JSON record" in err


def test_a_missing_file_or_a_directory_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.jsonl"
    assert replay([missing], capsys) == (
        2,
        "",
        f"companion replay: error: {missing}: no such journal file; give a game journal (.jsonl)\n",
    )
    code, _, err = replay([tmp_path], capsys)
    assert code == 2 and "is a directory, not a journal file" in err


def test_the_help_says_what_each_exit_code_means(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for words in ("--at N", "--trace", "--json", "exit status:", "OUTCOME"):
        assert words in out
    assert re.search(r"^  0  the journal replayed", out, flags=re.M)
    assert re.search(r"^  1  the rules refuse an action", out, flags=re.M)
    assert re.search(r"^  2  the file is not a readable journal", out, flags=re.M)


def test_json_of_a_refused_journal_prints_no_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example("apocalypse_tracker", tmp_path)
    records = journal_lines(path)
    records[4]["action"] = {"kind": "chaos", "token": "red"}  # red is black already (P5)
    write_lines(path, records)
    code, out, err = replay(["--json", path], capsys)
    assert (code, out) == (1, "")
    assert "line 5: the rules refuse its action" in err and "ruling P5" in err
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
