"""The roster: names checked and refused with a message naming them, every change saved at
once and atomically, a file that is not a roster reported and never overwritten (set aside
only when asked), and the seating of the last game remembered per game family."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.roster import (
    FORMAT,
    GAMES,
    MAX_BYTES,
    MAX_PLAYERS,
    NAME_MAX,
    NameRefused,
    Player,
    Roster,
    RosterCorrupt,
    RosterError,
    RosterUnavailable,
    UnknownPlayer,
    default_roster_path,
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "roster.json"


def _roster(path: Path, *names: str) -> Roster:
    roster = Roster.open(path)
    for name in names:
        roster.add(name)
    return roster


def _names(roster: Roster) -> list[str]:
    return [player.name for player in roster.players]


# --- opening, the file ----------------------------------------------------------------------


def test_no_file_is_an_empty_roster_and_nothing_is_written(path: Path) -> None:
    roster = Roster.open(path)
    assert (roster.players, roster.active(), roster.path, roster.set_aside) == ((), (), path, None)
    assert roster.last_seating("apache") == {}
    roster.remember_seating("apache", {})
    assert not path.parent.exists(), "reading and an empty seating write nothing"


def test_the_default_roster_sits_beside_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.history import default_history_path

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "state"))
    assert default_roster_path() == tmp_path / "state" / "roster.json"
    assert default_roster_path().parent == default_history_path().parent


def test_added_players_are_saved_at_once_in_utf8_with_the_format(path: Path) -> None:
    roster = _roster(path, "Ann", "Zoé")
    assert roster.add("  Bob   le  Bricoleur ") == "Bob le Bricoleur"
    data = path.read_bytes()
    assert "Zoé".encode() in data, "UTF-8, not escaped"
    content = json.loads(data.decode("utf-8"))
    assert content["format"] == FORMAT == 1
    assert [p["name"] for p in content["players"]] == ["Ann", "Zoé", "Bob le Bricoleur"]
    again = Roster.open(path)
    assert again.players == roster.players
    assert again.active() == ("Ann", "Zoé", "Bob le Bricoleur")
    assert all(isinstance(p.added, float) and p.added > 0 for p in again.players)
    assert sorted(p.name for p in path.parent.iterdir()) == ["roster.json"], "no temporary left"


def test_players_are_frozen_data() -> None:
    player = Player(name="Ann", retired=False, added=1.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.name = "Bob"  # type: ignore[misc]


def test_the_errors_are_the_companions() -> None:
    for error in (RosterCorrupt, RosterUnavailable, NameRefused, UnknownPlayer):
        assert issubclass(error, RosterError)
    assert issubclass(RosterError, CompanionError)


def test_a_change_made_meanwhile_by_another_program_is_kept(path: Path) -> None:
    screen, command = Roster.open(path), Roster.open(path)
    screen.add("Ann")
    command.add("Bob")
    screen.retire("Bob")
    assert _names(Roster.open(path)) == ["Ann", "Bob"]
    assert screen.active() == ("Ann",)
    with pytest.raises(NameRefused, match="'ann' is taken by player 'Ann'"):
        command.add("ann")


# --- names refused --------------------------------------------------------------------------

LONGEST = "A" * NAME_MAX


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "name '' is empty; give a name of 1 to 16 characters"),
        ("   ", "name '   ' is empty; give a name of 1 to 16"),
        (LONGEST + "B", f"name '{LONGEST}B' is 17 characters long; give at most 16"),
        ("Ann\tB", r"name 'Ann\\tB' holds a control character \('\\t'\); type the name"),
        ("Ann\n", r"name 'Ann\\n' holds a control character"),
        ("A\x00", r"holds a control character \('\\x00'\)"),
        ("A\u200bB", r"holds a control character \('\\u200b'\)"),
        ("A\u2028B", r"holds a control character"),
        ("red", "name 'red' is a seat colour, what the screens show for a seat without a name; "),
        ("Yellow", "name 'Yellow' is a seat colour"),
        (" PURPLE ", "name 'PURPLE' is a seat colour"),
        ("blue", "is a seat colour, .*; give another name"),
        ("green", "is a seat colour"),
        ("P1", "name 'P1' is a seat number, what the screens show for a seat without a name"),
        ("p6", "name 'p6' is a seat number"),
        ("GUEST", "name 'GUEST' is the word the screens show for a guest; give another name"),
        ("ann", "name 'ann' is taken by player 'Ann'; give another name"),
        ("  ANN ", "name 'ANN' is taken by player 'Ann'"),
        ("bob", "name 'bob' is retired player 'Bob': un-retire them instead"),
    ],
)
def test_a_name_that_cannot_be_a_players_is_refused_naming_it(
    path: Path, name: str, words: str
) -> None:
    roster = _roster(path, "Ann", "Bob")
    roster.retire("Bob")
    before = path.read_bytes()
    with pytest.raises(NameRefused, match=words):
        roster.add(name)
    assert path.read_bytes() == before
    assert _names(roster) == ["Ann", "Bob"]


def test_names_up_to_the_longest_and_near_the_seat_words_are_taken(path: Path) -> None:
    roster = Roster.open(path)
    for name in (LONGEST, "Redd", "P7", "Guests", "Ann  Marie", "李"):
        roster.add(name)
    assert roster.active() == (LONGEST, "Redd", "P7", "Guests", "Ann Marie", "李")


def test_a_name_is_kept_composed_so_accents_compare_alike(path: Path) -> None:
    roster = Roster.open(path)
    assert roster.add("Zoe\u0301") == "Zoé"
    with pytest.raises(NameRefused, match="taken by player 'Zoé'"):
        roster.add("zoé")


def test_a_full_roster_refuses_one_more(path: Path) -> None:
    players = [{"name": f"N{n}", "retired": False, "added": 1.0} for n in range(MAX_PLAYERS)]
    path.parent.mkdir()
    path.write_text(json.dumps({"format": 1, "players": players, "seating": {}}))
    assert path.stat().st_size < MAX_BYTES
    with pytest.raises(NameRefused, match=f"holds at most {MAX_PLAYERS} players; delete some"):
        Roster.open(path).add("Ann")


# --- rename, retire, unretire, delete -------------------------------------------------------


def test_rename_keeps_the_place_and_the_retirement(path: Path) -> None:
    roster = _roster(path, "Ann", "Bob", "Cy")
    roster.retire("Bob")
    assert roster.rename("bob", "  Robert ") == "Robert"
    assert roster.rename("ann", "ANN") == "ANN", "a player may re-case their own name"
    assert [(p.name, p.retired) for p in Roster.open(path).players] == [
        ("ANN", False),
        ("Robert", True),
        ("Cy", False),
    ]


@pytest.mark.parametrize(
    ("old", "new", "error", "words"),
    [
        ("Dan", "Dave", UnknownPlayer, "no player named 'Dan' in the roster .*'Ann', 'Cy'"),
        ("Ann", "cy", NameRefused, "name 'cy' is taken by player 'Cy'"),
        ("Ann", "Red", NameRefused, "name 'Red' is a seat colour"),
        ("Ann", "", NameRefused, "is empty"),
        ("Ann", LONGEST + "!", NameRefused, "17 characters long"),
    ],
)
def test_rename_refuses_naming_the_input(
    path: Path, old: str, new: str, error: type[RosterError], words: str
) -> None:
    roster = _roster(path, "Ann", "Cy")
    with pytest.raises(error, match=words):
        roster.rename(old, new)
    assert _names(Roster.open(path)) == ["Ann", "Cy"]


def test_a_retired_player_is_kept_but_not_offered(path: Path) -> None:
    roster = _roster(path, "Ann", "Bob", "Cy")
    assert roster.retire(" bob") == "Bob"
    assert roster.active() == ("Ann", "Cy")
    assert _names(roster) == ["Ann", "Bob", "Cy"]
    assert not roster.is_former("Bob")
    assert Roster.open(path).active() == ("Ann", "Cy")
    assert roster.unretire("BOB") == "Bob"
    assert Roster.open(path).active() == ("Ann", "Bob", "Cy"), "back in the order added"


def test_retire_and_unretire_refuse_what_is_already_so_or_unknown(path: Path) -> None:
    roster = _roster(path, "Ann")
    with pytest.raises(NameRefused, match="'Ann' is not retired"):
        roster.unretire("Ann")
    roster.retire("Ann")
    with pytest.raises(NameRefused, match="'Ann' is already retired; unretire them"):
        roster.retire("ann")
    with pytest.raises(UnknownPlayer, match=r"no player named 'Zed'.*give a name as the roster"):
        roster.retire("Zed")


def test_a_deleted_player_is_a_former_player(path: Path) -> None:
    roster = _roster(path, "Ann", "Bob")
    assert roster.delete("ann") == "Ann"
    assert _names(Roster.open(path)) == ["Bob"]
    assert roster.is_former("Ann")
    assert not roster.is_former("Bob") and not roster.is_former(" bob ")
    for placeholder in ("red", "Purple", "P2", "guest", ""):
        assert not roster.is_former(placeholder), f"{placeholder!r} is not a former player"
    roster.add("Ann")
    assert not roster.is_former("Ann")
    with pytest.raises(UnknownPlayer, match="no player named 'Zed'"):
        roster.delete("Zed")


def test_the_unknown_players_message_lists_at_most_ten(path: Path) -> None:
    roster = _roster(path, *(f"N{n}" for n in range(12)))
    with pytest.raises(UnknownPlayer, match="'N9' and 2 more"):
        roster.player("Zed")
    assert roster.player(" n11 ") == roster.players[-1]


# --- seating memory -------------------------------------------------------------------------


def test_a_seating_is_remembered_per_game_in_seat_order(path: Path) -> None:
    roster = _roster(path, "Ann", "Bob", "Cy")
    roster.remember_seating("apache", {"yellow": "Cy", "red": "Ann", "blue": "Bob"})
    roster.remember_seating("apocalypse", {"P1": "bob", "P2": "Guest", "P3": "Dan"})
    again = Roster.open(path)
    assert list(again.last_seating("apache").items()) == [
        ("yellow", "Cy"),
        ("red", "Ann"),
        ("blue", "Bob"),
    ]
    assert again.last_seating("apocalypse") == {"P1": "Bob"}, "guests and strangers not kept"
    assert again.last_seating("paris") == {}
    roster.remember_seating("apache", {"red": "Bob"})
    assert Roster.open(path).last_seating("apache") == {"red": "Bob"}, "the last one replaces"


def test_players_no_longer_active_are_left_out_of_the_last_seating(path: Path) -> None:
    roster = _roster(path, "Ann", "Bob", "Cy")
    roster.remember_seating("paris", {"purple": "Ann", "yellow": "Bob", "green": "Cy"})
    roster.retire("Bob")
    assert roster.last_seating("paris") == {"purple": "Ann", "green": "Cy"}
    roster.unretire("Bob")
    assert roster.last_seating("paris") == {"purple": "Ann", "yellow": "Bob", "green": "Cy"}
    roster.rename("Ann", "Annie")
    roster.delete("Cy")
    roster.add("Cy")
    assert Roster.open(path).last_seating("paris") == {"purple": "Annie", "yellow": "Bob"}


@pytest.mark.parametrize(
    ("game", "seating", "words"),
    [
        ("chess", {"red": "Ann"}, "game 'chess' has no seating to remember; give one of apache"),
        ("apache", {"red": "Ann", "blue": "ann"}, "'Ann' is seated twice in the apache"),
        ("apache", {"": "Ann"}, "seat '' is not a seat key; give a colour or P-number"),
        ("apache", {"red\n": "Ann"}, "is not a seat key"),
        ("apache", {"x" * 17: "Ann"}, "is not a seat key"),
        ("paris", {f"P{n}": "Ann" for n in range(9)}, "of 9 seats cannot be remembered"),
    ],
)
def test_a_seating_that_cannot_be_is_refused(
    path: Path, game: str, seating: dict[str, str], words: str
) -> None:
    roster = _roster(path, "Ann")
    before = path.read_bytes()
    with pytest.raises(RosterError, match=words):
        roster.remember_seating(game, seating)
    assert path.read_bytes() == before


def test_last_seating_refuses_an_unknown_game(path: Path) -> None:
    with pytest.raises(RosterError, match="game 'Apache' has no seating"):
        Roster.open(path).last_seating("Apache")
    assert GAMES == ("apache", "apocalypse", "paris")


# --- atomic writes --------------------------------------------------------------------------


def test_a_failure_while_saving_leaves_the_old_file_and_the_old_roster(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roster = _roster(path, "Ann")
    before = path.read_bytes()

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(RosterUnavailable, match=f"{path}: .*cannot be saved .*No space left"):
        roster.add("Bob")
    with pytest.raises(RosterUnavailable):
        roster.remember_seating("apache", {"red": "Ann"})
    assert path.read_bytes() == before
    assert _names(roster) == ["Ann"] and roster.last_seating("apache") == {}
    assert sorted(p.name for p in path.parent.iterdir()) == ["roster.json"], "no temporary left"
    monkeypatch.undo()
    assert roster.add("Bob") == "Bob"
    assert _names(Roster.open(path)) == ["Ann", "Bob"]


def test_a_failure_while_syncing_leaves_the_old_file(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roster = _roster(path, "Ann")
    before = path.read_bytes()

    def fail(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(RosterUnavailable, match="Input/output error"):
        roster.rename("Ann", "Bob")
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["roster.json"]


def test_a_path_under_a_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(RosterUnavailable, match=r"roster.json: the roster file cannot be read"):
        Roster.open(tmp_path / "file" / "roster.json")


# --- a file that is not a roster ------------------------------------------------------------

PLAYER = {"name": "Ann", "retired": False, "added": 1.0}


def _json(**content: object) -> bytes:
    return json.dumps({"format": 1, "players": [PLAYER], "seating": {}, **content}).encode()


BAD_FILES = {
    "not JSON": (b"{", r"not JSON \(line 1"),
    "empty": (b"", "not JSON"),
    "not UTF-8": (b'{"format": 1, "players": ["\xff"]}', r"not UTF-8 text \(byte 27\)"),
    "a list": (b"[]", "not a JSON object"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "JSON nested too deeply"),
    "too big": (_json() + b" " * MAX_BYTES, "larger than 256 KiB"),
    "no format": (json.dumps({"players": []}).encode(), "its format is None, not 1"),
    "format as text": (_json(format="1"), "its format is '1', not 1"),
    "unknown field": (_json(colour="red"), "unknown field.*'colour'"),
    "players not a list": (_json(players={}), "'players' is not a list"),
    "player not an object": (_json(players=["Ann"]), "player 1 is not an object"),
    "player field missing": (_json(players=[{"name": "Ann"}]), "player 1 is not an object"),
    "name not text": (_json(players=[{**PLAYER, "name": 7}]), "player 1's name is not text"),
    "name empty": (_json(players=[{**PLAYER, "name": ""}]), "player 1: name '' is empty"),
    "name too long": (
        _json(players=[{**PLAYER, "name": "x" * 17}]),
        "player 1: name 'x{17}' is 17 characters",
    ),
    "name spaced": (_json(players=[{**PLAYER, "name": " Ann"}]), "has extra spaces"),
    "name twice": (_json(players=[PLAYER, {**PLAYER, "name": "ANN"}]), "'ANN' is there twice"),
    "retired not bool": (_json(players=[{**PLAYER, "retired": 0}]), "retired is not true"),
    "added not a number": (_json(players=[{**PLAYER, "added": "x"}]), "added is not a time"),
    "added NaN": (_json(players=[{**PLAYER, "added": float("nan")}]), "added is not a time"),
    "seating not an object": (_json(seating=[]), "'seating' is not an object"),
    "seating of a game": (_json(seating={"chess": {}}), "unknown game 'chess'"),
    "seating not seats": (_json(seating={"paris": {"red": 1}}), "the paris seating is not an"),
}


@pytest.mark.parametrize(("data", "words"), BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_is_reported_naming_it_and_left_as_it_is(
    path: Path, data: bytes, words: str
) -> None:
    path.parent.mkdir()
    path.write_bytes(data)
    with pytest.raises(RosterCorrupt, match=words) as raised:
        Roster.open(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: not a roster file (")
    assert "left as it is: fix it, or move it away" in message
    assert raised.value.path == path
    assert path.read_bytes() == data


def test_a_file_spoilt_meanwhile_is_not_overwritten_by_a_change(path: Path) -> None:
    roster = _roster(path, "Ann")
    path.write_text("{ spoilt")
    with pytest.raises(RosterCorrupt, match="not a roster file"):
        roster.add("Bob")
    with pytest.raises(RosterCorrupt):
        roster.remember_seating("apache", {"red": "Ann"})
    assert path.read_text() == "{ spoilt"


def test_a_bad_file_is_set_aside_only_when_asked_and_never_deleted(path: Path) -> None:
    path.parent.mkdir()
    for attempt in range(2):
        bad = f'{{"format": 1, "players": "attempt {attempt}"}}'
        path.write_text(bad)
        with pytest.raises(RosterCorrupt):
            Roster.open(path)
        roster = Roster.open(path, set_aside_bad=True)
        assert roster.players == () and not path.exists()
        assert roster.set_aside is not None and roster.set_aside.read_text() == bad
        assert roster.set_aside.name.startswith("roster.json.bad-")
    kept = sorted(p for p in path.parent.iterdir())
    assert len(kept) == 2, "two bad files in the same second get two names"
    assert {p.read_text() for p in kept} == {
        '{"format": 1, "players": "attempt 0"}',
        '{"format": 1, "players": "attempt 1"}',
    }
    roster.add("Ann")
    assert Roster.open(path).active() == ("Ann",)
    assert Roster.open(path, set_aside_bad=True).set_aside is None


def test_only_a_json_file_is_set_aside(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    with pytest.raises(RosterUnavailable, match=r"notes.txt: not a roster file.*only a file named"):
        Roster.open(notes, set_aside_bad=True)
    assert notes.read_text() == "my notes"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_newer_roster_is_reported_and_never_set_aside(path: Path) -> None:
    path.parent.mkdir()
    path.write_text('{"format": 2, "players": [], "people": {}}')
    with pytest.raises(RosterUnavailable, match="format 2, written by a newer companion") as err:
        Roster.open(path, set_aside_bad=True)
    assert str(path) in str(err.value) and "update the companion" in str(err.value)
    assert [p.name for p in path.parent.iterdir()] == ["roster.json"]


def test_a_folder_or_a_fifo_at_the_path_is_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "roster.json"
    folder.mkdir()
    with pytest.raises(RosterUnavailable, match=r"roster.json: a folder, not a roster file"):
        Roster.open(folder, set_aside_bad=True)
    assert folder.is_dir()
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(RosterUnavailable, match=r"fifo.json: not a regular file"):
        Roster.open(fifo, set_aside_bad=True)
    assert fifo.exists()


def test_an_unreadable_file_is_reported_and_left_alone(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path.parent.mkdir()
    path.write_bytes(_json())
    real_open = os.open

    def refuse(file: str | os.PathLike[str], flags: int, *args: int, **kwargs: int) -> int:
        if Path(file) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(RosterUnavailable, match="roster file cannot be read: Permission denied"):
        Roster.open(path, set_aside_bad=True)
    monkeypatch.undo()
    assert path.read_bytes() == _json()


def test_a_temporary_file_that_cannot_be_made_is_reported(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roster = _roster(path, "Ann")

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(RosterUnavailable, match="roster file cannot be saved: Permission denied"):
        roster.add("Bob")
    assert _names(Roster.open(path)) == ["Ann"]
