"""``companion history`` (and ``rebuild``, ``export``) and ``companion stats`` as a user meets
them: what they print (the JSON and CSV parse back), and bad input refused with exit 2,
naming the argument and the way out."""

from __future__ import annotations

import csv
import io
import json
import warnings
from pathlib import Path

import pytest

from companion.cli import main
from companion.history import HISTORY_FILE, History, HistoryWarning
from companion.tools.history.report import CSV_COLUMNS
from tests.history.helpers import (
    FINISHED,
    REFUSED,
    committed,
    dead_heat_game,
    every_finished_game,
)


def _run(args: list[str | Path], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def _refused(args: list[str | Path], capsys: pytest.CaptureFixture[str]) -> str:
    """``args`` refused by the argument checks: exit 2; the error."""
    with pytest.raises(SystemExit) as exit_info:
        main([str(arg) for arg in args])
    assert exit_info.value.code == 2
    return capsys.readouterr().err


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    """A database holding a finished game of every engine and a TRACKER game with a dead
    heat; its games folder is ``tmp_path / "games"``."""
    games = tmp_path / "games"
    every_finished_game(games)
    dead_heat_game(games)
    path = tmp_path / HISTORY_FILE
    with History.open(path) as history:
        history.rebuild(games)
    return path


def test_history_prints_the_last_games_and_the_players(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["history", "--db", recorded], capsys)
    assert (code, err) == (0, "")
    assert f"History: 7 games recorded in {recorded}" in out
    assert "shared: red and purple" in out
    assert "apocalypse (tracker)" in out and "P2 wins" in out
    assert "Players (bots left out)" in out
    assert "Fastest hands" not in out, "the boards are `companion stats`'"


def test_history_for_one_player_adds_their_times(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["history", "--db", recorded, "--player", "purple"], capsys)
    assert code == 0
    games = out.split("Last games")[1].split("Players")[0]
    assert all("purple" in line for line in games.splitlines()[1:] if line.strip())
    assert "gap to the first slap (tracker)" in out


def test_history_json_parses_back(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["history", "--db", recorded, "--json", "--game", "apache"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 7
    assert {game["game"] for game in data["last_games"]} == {"apache", "apache_tracker"}
    first = data["last_games"][0]
    assert set(first) >= {"journal", "players", "scores", "winners", "reason", "ended", "when"}
    assert all(set(p["per_game"]) == {"apache"} for p in data["players"])


def test_history_csv_parses_back_one_row_per_player(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["history", "--db", recorded, "--csv", "--limit", "2"], capsys)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len({row["journal"] for row in rows}) == 2
    assert {row["winner"] for row in rows} <= {"0", "1"}


def test_stats_prints_the_players_and_both_boards_labelled(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["stats", "--db", recorded], capsys)
    assert code == 0
    assert "Fastest hands, from the card turn (full game):" in out
    assert "Fastest hands, gap to the first slap (tracker):" in out
    board = out.split("gap to the first slap (tracker):")[1]
    assert " few  purple" in board, "fewer than 10 slaps: marked, not ranked"


def test_stats_json_parses_back(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["stats", "--db", recorded, "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    boards = data["fastest_hands"]
    assert set(boards) == {"reaction", "gap"}
    assert boards["gap"]["label"] == "gap to the first slap (tracker)"
    assert {p["kind"] for p in boards["reaction"]["players"]} == {"reaction"}
    yellow = next(p for p in boards["gap"]["players"] if p["name"] == "yellow")
    assert (yellow["ties"], yellow["few"]) == (2, True), "a dead heat in each TRACKER game"


def test_rebuild_prints_how_many_games_and_warns_of_a_bad_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games"
    every_finished_game(games)
    committed(REFUSED, games)
    path = tmp_path / "new" / HISTORY_FILE
    code, out, err = _run(["history", "rebuild", "--db", path, "--games-dir", games], capsys)
    assert code == 0
    assert f"{len(FINISHED)} finished game(s) recorded" in out
    assert f"warning: skipping {games / REFUSED}.jsonl" in err
    code, out, _ = _run(["history", "--db", path, "--json"], capsys)
    assert json.loads(out)["games"] == len(FINISHED)


def test_rebuild_sets_a_damaged_database_aside_and_restores_it(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = recorded.parent / "games"
    recorded.write_bytes(b"scribbled over" * 500)
    code, _, err = _run(["history", "--db", recorded], capsys)
    assert code == 2
    assert "set aside as" in err and "companion history rebuild" in err
    recorded.write_bytes(b"scribbled over again" * 500)
    args: list[str | Path] = ["history", "--db", recorded, "rebuild", "--games-dir", games]
    code, out, err = _run(args, capsys)
    assert code == 0
    assert "warning:" in err and "set aside" in err
    assert "7 finished game(s) recorded" in out
    assert len(list(recorded.parent.glob(f"{HISTORY_FILE}.corrupt-*"))) == 2


def test_export_writes_every_game_to_a_csv_file(
    recorded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "games.csv"
    code, out, _ = _run(["history", "export", target, "--db", recorded], capsys)
    assert code == 0
    assert f"exported 7 game(s) to {target}" in out
    rows = list(csv.DictReader(target.open()))
    assert len({row["journal"] for row in rows}) == 7
    assert sum(int(row["winner"]) for row in rows) == 8, "one shared victory"
    code, _, _ = _run(["history", "export", target, "--db", recorded, "--game", "paris"], capsys)
    assert code == 0
    assert {row["game"] for row in csv.DictReader(target.open())} == {"paris", "paris_tracker"}


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("", "is a folder"),
        ("missing/games.csv", "does not exist"),
        ("games.txt", "does not end in .csv"),
    ],
    ids=["folder", "missing folder", "not csv"],
)
def test_export_refuses_a_bad_file_name_naming_the_argument(
    target: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(["history", "export", str(tmp_path / target)], capsys)
    assert "argument FILE.csv:" in err and words in err


def test_an_unknown_game_names_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(["history", "--game", "chess"], capsys)
    assert "argument --game:" in err and "apache, apocalypse, paris" in err
    err = _refused(["stats", "--game", "chess"], capsys)
    assert "argument --game:" in err


def test_an_unknown_player_names_the_players(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(["history", "--db", recorded, "--player", "Zed"], capsys)
    assert code == 2
    assert "argument --player:" in err and "'Zed'" in err and "purple" in err


def test_json_and_csv_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(["history", "--json", "--csv"], capsys)
    assert "not allowed with argument" in err


def test_a_database_named_but_missing_is_an_error_and_none_yet_is_an_empty_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = _run(["history", "--db", tmp_path / "nope.sqlite"], capsys)
    assert code == 2 and "does not exist" in err
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    code, out, _ = _run(["stats", "--json"], capsys)
    assert code == 0 and json.loads(out)["games"] == 0
    code, out, _ = _run(["history"], capsys)
    assert code == 0 and "No games recorded yet" in out
    assert not (tmp_path / "data" / HISTORY_FILE).exists(), "reading makes no file"


def test_an_empty_history_points_to_rebuild_when_journals_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    dead_heat_game(tmp_path / "games")
    code, out, _ = _run(["history"], capsys)
    assert code == 0 and "`companion history rebuild` records the finished ones" in out
    code, out, _ = _run(["history", "rebuild"], capsys)
    assert code == 0 and "1 finished game(s) recorded" in out
    assert (tmp_path / HISTORY_FILE).exists()


def test_a_database_path_that_is_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(["stats", "--db", str(tmp_path)], capsys)
    assert "argument --db:" in err and "is a folder" in err


def test_simulated_games_are_recorded_in_the_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / HISTORY_FILE
    code, out, _ = _run(["simulate", "apache", "--games", "3", "--record-history", path], capsys)
    assert code == 0
    assert f"recorded 3 games in {path}" in out
    with History.open(path) as history, warnings.catch_warnings():
        warnings.simplefilter("error", HistoryWarning)
        assert history.count() == 3
        board = history.reaction_stats("reaction")
        assert board and all(stats.slaps > 0 for stats in board)
    code, _, err = _run(["simulate", "paris", "--record-history", path], capsys)
    assert code == 2 and "argument --record-history: only Apache" in err


def test_plot_draws_the_fastest_hands_board_into_a_png(
    recorded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pygame

    out = tmp_path / "board.png"
    code, said, _ = _run(
        ["history", "plot", "--db", recorded, "--out", out, "--kind", "gap", "--size", "480x320"],
        capsys,
    )
    assert code == 0 and said.strip() == f"wrote {out}"
    assert pygame.image.load(str(out)).get_size() == (480, 320)


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--out", "no-folder/board.png"], "--out"),
        (["--out", "board.txt"], "--out"),
        (["--out", "board.png", "--size", "12"], "--size"),
    ],
)
def test_plot_refuses_what_it_cannot_draw_naming_the_argument(
    recorded: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    named: str,
) -> None:
    monkeypatch.chdir(recorded.parent)
    code, _, said = _run(["history", "plot", "--db", recorded, *extra], capsys)
    assert code == 2 and named in said


def test_plot_of_a_missing_database_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, said = _run(
        ["history", "plot", "--db", tmp_path / "none.sqlite", "--out", tmp_path / "x.png"], capsys
    )
    assert code == 2 and "does not exist" in said
