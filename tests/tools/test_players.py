"""``companion players`` as a user meets it: the list (and its JSON), each change said in
words, refusals with exit 2 naming the input and the fix, a delete asked at a terminal and
refused (exit 1) without one, and a bad roster file reported and left as it is."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import _build_parser, main
from companion.roster import Roster


@pytest.fixture
def roster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The default roster's path, in a data folder of the test's own."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "state"))
    return tmp_path / "state" / "roster.json"


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def _names(path: Path) -> list[tuple[str, bool]]:
    return [(p.name, p.retired) for p in Roster.open(path).players]


def test_no_players_yet_says_how_to_add_one_and_writes_nothing(
    roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["players"], capsys)
    assert (code, err) == (0, "")
    assert out == f"no players yet in {roster}: `companion players add NAME` adds one\n"
    assert not roster.parent.exists()


def test_players_are_added_and_listed_in_the_order_added(
    roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["players", "add", "  Ann   Marie "], capsys) == (
        0,
        f"added 'Ann Marie' to {roster}\n",
        "",
    )
    for name in ("Bob", "Zoé"):
        assert _run(["players", "add", name], capsys)[0] == 0
    code, out, _ = _run(["players", "retire", "bob"], capsys)
    assert code == 0 and out.startswith("retired 'Bob': kept in the roster, no longer offered")
    code, out, _ = _run(["players"], capsys)
    assert code == 0
    assert out.splitlines() == [
        f"players in {roster} (3 player(s), 1 retired), in the order added:",
        "  Ann Marie  active",
        "  Bob        retired",
        "  Zoé        active",
    ]


def test_the_json_list_parses_back(roster: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seated = Roster.open(roster)
    for name in ("Ann", "Zoé"):
        seated.add(name)
    seated.remember_seating("apache", {"red": "Zoé", "blue": "Ann"})
    code, out, _ = _run(["players", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["roster"] == str(roster)
    assert [(p["name"], p["retired"]) for p in data["players"]] == [("Ann", False), ("Zoé", False)]
    assert all(isinstance(p["added"], float) for p in data["players"])
    assert data["last_seating"] == {
        "apache": {"red": "Zoé", "blue": "Ann"},
        "apocalypse": {},
        "paris": {},
    }


def test_rename_unretire_and_their_words(roster: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["players", "add", "Ann"], capsys)
    _run(["players", "retire", "Ann"], capsys)
    assert _run(["players", "rename", "ann", "Annie"], capsys) == (
        0,
        "renamed 'Ann' to 'Annie' (the games recorded before keep the name 'Ann')\n",
        "",
    )
    assert _run(["players", "unretire", "ANNIE"], capsys) == (
        0,
        "'Annie' is offered for seats again\n",
        "",
    )
    assert _names(roster) == [("Annie", False)]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["add", ""], "companion players add: error: name '' is empty; give a name of 1 to 16"),
        (["add", "Alexandrina Louise"], "name 'Alexandrina Louise' is 18 characters long; give"),
        (["add", "A\tB"], "name 'A\\tB' holds a control character ('\\t'); type the name"),
        (["add", "ann"], "name 'ann' is taken by player 'Ann'; give another name"),
        (["add", "BOB"], "name 'BOB' is retired player 'Bob': un-retire them instead"),
        (["add", "Red"], "name 'Red' is a seat colour"),
        (["add", "p2"], "name 'p2' is a seat number"),
        (["add", "guest"], "name 'guest' is the word the screens show for a guest"),
        (["rename", "Cy", "Dan"], "rename: error: no player named 'Cy' in the roster"),
        (["rename", "Ann", "bob"], "name 'bob' is retired player 'Bob'"),
        (["retire", "Bob"], "player 'Bob' is already retired; unretire them"),
        (["unretire", "Ann"], "player 'Ann' is not retired"),
        (["retire", "Cy"], "(players: 'Ann', 'Bob'); give a name as the roster lists it"),
        (["delete", "Cy", "--yes"], "delete: error: no player named 'Cy'"),
    ],
)
def test_a_refusal_exits_2_naming_the_input_and_the_fix(
    roster: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    _run(["players", "add", "Ann"], capsys)
    _run(["players", "add", "Bob"], capsys)
    _run(["players", "retire", "Bob"], capsys)
    before = roster.read_bytes()
    code, out, err = _run(["players", *args], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("companion players")
    assert words in err
    assert roster.read_bytes() == before


def test_delete_asks_and_refuses_without_a_terminal(
    roster: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(["players", "add", "Ann"], capsys)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    code, out, err = _run(["players", "delete", "ann"], capsys)
    assert (code, out) == (1, "")
    assert err == (
        f"companion players delete: delete player 'Ann' from {roster} (their recorded games "
        "keep the name)? not deleted: add --yes to delete without being asked\n"
    )
    assert _names(roster) == [("Ann", False)]
    code, out, _ = _run(["players", "delete", "ann", "--yes"], capsys)
    assert code == 0
    assert out == (
        f"deleted 'Ann' from {roster}; their recorded games keep the name, shown as a former "
        "player\n"
    )
    assert _names(roster) == []


@pytest.mark.parametrize(("answer", "code", "left"), [("y", 0, []), ("n", 1, [("Ann", True)])])
def test_delete_at_a_terminal_does_what_is_answered(
    *,
    roster: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    code: int,
    left: list[tuple[str, bool]],
) -> None:
    _run(["players", "add", "Ann"], capsys)
    _run(["players", "retire", "Ann"], capsys)
    asked: list[str] = []

    def reply(question: str) -> str:
        asked.append(question)
        return answer

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", reply)
    assert _run(["players", "delete", "Ann"], capsys)[0] == code
    assert asked == [
        f"delete player 'Ann' (retired) from {roster} (their recorded games keep the name)? [y/N] "
    ]
    assert _names(roster) == left


def test_another_roster_file_is_used_before_or_after_the_action(
    tmp_path: Path, roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "club" / "roster.json"
    assert _run(["players", "--roster", str(other), "add", "Ann"], capsys)[0] == 0
    assert _run(["players", "add", "Bob", "--roster", str(other)], capsys)[0] == 0
    code, out, _ = _run(["players", "--roster", str(other)], capsys)
    assert code == 0 and "Ann" in out and "Bob" in out
    assert not roster.exists(), "the default roster is left alone"


def test_a_missing_or_folder_roster_is_refused(
    tmp_path: Path, roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.json"
    code, out, err = _run(["players", "--roster", str(missing)], capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"companion players: error: {missing} does not exist; give the roster file (--roster)\n"
    )
    with pytest.raises(SystemExit) as exit_info:
        main(["players", "--roster", str(tmp_path)])
    assert exit_info.value.code == 2
    assert f"argument --roster: {tmp_path} is a folder; give the roster file" in (
        capsys.readouterr().err
    )


def test_a_bad_roster_file_is_reported_and_left_as_it_is(
    roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster.parent.mkdir(parents=True)
    roster.write_text("{ not a roster")
    for args in (["players"], ["players", "add", "Ann"], ["players", "delete", "Ann", "--yes"]):
        code, out, err = _run(args, capsys)
        assert (code, out) == (2, "")
        assert f"error: {roster}: not a roster file (not JSON" in err
        assert "fix it, or move it away to start an empty roster" in err
    assert roster.read_text() == "{ not a roster"
    assert [p.name for p in roster.parent.iterdir()] == ["roster.json"]


# --- the command's help and imports ---------------------------------------------------------


@pytest.mark.parametrize("path", [["players"], ["players", "delete"]])
def test_the_help_names_the_roster_option(
    path: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """(Late and eager loading give the same help: tests/test_cli.py checks every command.)"""
    with pytest.raises(SystemExit) as exit_info:
        _build_parser(eager=False).parse_args([*path, "--help"])
    assert exit_info.value.code == 0
    assert "--roster FILE" in capsys.readouterr().out


def test_a_change_imports_neither_the_screens_nor_the_history(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from companion.cli import main\n"
        "code = main(sys.argv[1:])\n"
        "print(code, *sorted(sys.modules))\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            script,
            "players",
            "add",
            "Ann",
            "--roster",
            str(tmp_path / "r.json"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    code, *modules = done.stdout.split("\n")[-2].split()
    assert code == "0"
    heavy = ("pygame", "companion.ui", "companion.input", "companion.rules", "sqlite3")
    assert {m for m in modules if m.startswith(heavy)} == set()
