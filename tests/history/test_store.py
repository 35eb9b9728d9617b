"""The history database with real SQLite files: made and migrated, one transaction per game
(a failure or a crash in the middle leaves it unchanged), no duplicates, ``rebuild`` giving
the same rows as recording the games one by one, and a damaged or locked file reported (a
damaged one set aside, never deleted, and restored by ``rebuild``)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from companion.history import (
    HISTORY_FILE,
    History,
    HistoryCorrupt,
    HistoryError,
    HistoryLocked,
    HistoryUnavailable,
    HistoryWarning,
    NotFinished,
    default_history_path,
)
from companion.history.stats import compute_reaction_stats
from companion.history.store import MIGRATIONS
from companion.session import DISCARDED
from tests.history.helpers import (
    FINISHED,
    REFUSED,
    UNFINISHED,
    committed,
    dead_heat_game,
    every_finished_game,
    simulated_apache,
)

Rows = dict[str, list[tuple[object, ...]]]


def _rows(path: Path) -> Rows:
    with History.open(path) as history:
        return history.table_rows()


def _counts(rows: Rows) -> dict[str, int]:
    return {table: len(found) for table, found in rows.items()}


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """A games folder: a finished game of every engine, a simulated FULL Apache game, a
    TRACKER game with dead heats, an unfinished game, a journal the rules refuse, and a
    finished game discarded."""
    folder = tmp_path / "games"
    every_finished_game(folder)
    simulated_apache(folder, 1)
    dead_heat_game(folder)
    committed(UNFINISHED, folder)
    committed(REFUSED, folder)
    dead_heat_game(folder / DISCARDED, "discarded-game")
    return folder


# --- the file ---------------------------------------------------------------------------------


def test_open_makes_the_file_and_its_folder_in_wal_mode_at_the_schema_version(
    tmp_path: Path,
) -> None:
    path = tmp_path / "state" / "companion" / HISTORY_FILE
    with History.open(path) as history:
        assert history.count() == 0
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 1
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"games", "game_players", "slaps", "fastest_hands", "fastest_evenings"}


def test_an_empty_file_is_migrated_and_a_newer_one_refused(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.touch()
    with History.open(path) as history:
        assert history.count() == 0
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 7")
    with pytest.raises(HistoryUnavailable, match="newer companion") as refused:
        History.open(path)
    assert str(path) in str(refused.value)
    assert path.exists(), "a newer file is left alone"


def test_the_default_database_is_beside_the_games_folder() -> None:
    assert default_history_path({"COMPANION_DATA_DIR": "/data"}) == Path("/data/history.sqlite")
    xdg = default_history_path({"XDG_STATE_HOME": "/state"})
    assert xdg == Path("/state/companion/history.sqlite")
    home = default_history_path({})
    assert home == Path.home() / ".local" / "state" / "companion" / "history.sqlite"


def test_a_closed_history_says_so(tmp_path: Path) -> None:
    history = History.open(tmp_path / HISTORY_FILE)
    history.close()
    history.close()
    assert history.closed
    with pytest.raises(HistoryError, match="closed"):
        history.count()


# --- recording --------------------------------------------------------------------------------


def test_recording_a_game_twice_writes_it_once(tmp_path: Path) -> None:
    journal = dead_heat_game(tmp_path / "games")
    path = tmp_path / HISTORY_FILE
    with History.open(path) as history:
        assert history.record(journal) is True
        once = history.table_rows()
        assert history.record(journal) is False
        assert history.table_rows() == once
    assert _counts(once) == {
        "games": 1,
        "game_players": 3,
        "slaps": 4,
        "fastest_hands": 2,  # yellow and purple: red's one slap was a dead heat
        "fastest_evenings": 2,
    }


def test_an_unfinished_game_is_not_recorded(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    with History.open(path) as history:
        with pytest.raises(NotFinished):
            history.record(committed(UNFINISHED, tmp_path))
        assert history.count() == 0


def test_rebuild_gives_the_same_rows_as_recording_the_games_one_by_one(
    games: Path, tmp_path: Path
) -> None:
    one_by_one = tmp_path / "one-by-one.sqlite"
    with History.open(one_by_one) as history:
        for journal in sorted(games.glob("*.jsonl"), reverse=True):
            if journal.stem not in (UNFINISHED, REFUSED):
                assert history.record(journal)
    rebuilt = tmp_path / "rebuilt.sqlite"
    with History.open(rebuilt) as history, pytest.warns(HistoryWarning, match=REFUSED):
        assert history.rebuild(games) == len(FINISHED) + 2
    assert _rows(rebuilt) == _rows(one_by_one)
    counts = _counts(_rows(rebuilt))
    assert counts["games"] == 8
    assert counts["slaps"] > 50, "the FULL games' slaps"
    journals = {row[0] for row in _rows(rebuilt)["games"]}
    assert "discarded-game.jsonl" not in journals
    assert f"{UNFINISHED}.jsonl" not in journals


def test_rebuild_empties_what_was_there_and_refuses_a_missing_folder(
    games: Path, tmp_path: Path
) -> None:
    path = tmp_path / HISTORY_FILE
    with History.open(path) as history:
        history.record(dead_heat_game(tmp_path / "elsewhere", "gone"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", HistoryWarning)
            history.rebuild(games)
        assert "gone.jsonl" not in {row.journal for row in history.last_games(100)}
        before = history.table_rows()
        with pytest.raises(HistoryError, match="does not exist"):
            history.rebuild(tmp_path / "nowhere")
        assert history.table_rows() == before


def test_many_games_are_recorded_at_once_with_the_same_rows(games: Path, tmp_path: Path) -> None:
    journals = sorted(games.glob("*.jsonl"))
    at_once = tmp_path / "at-once.sqlite"
    with History.open(at_once) as history, pytest.warns(HistoryWarning, match=REFUSED):
        assert history.record_many(journals) == 8
    with History.open(at_once) as history, pytest.warns(HistoryWarning, match=REFUSED):
        assert history.record_many(journals) == 0, "none twice"
    rebuilt = tmp_path / "rebuilt.sqlite"
    with History.open(rebuilt) as history, pytest.warns(HistoryWarning):
        history.rebuild(games)
    assert _rows(at_once) == _rows(rebuilt)


def test_the_figures_kept_are_those_worked_out_from_the_slaps(games: Path, tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    with History.open(path) as history:
        for journal in sorted(games.glob("*.jsonl")):
            if journal.stem not in (UNFINISHED, REFUSED):
                history.record(journal)
        db = sqlite3.connect(path)
        for kind in ("reaction", "gap"):
            assert history.reaction_stats(kind) == compute_reaction_stats(db, kind)
            assert history.reaction_stats(kind), kind
        db.close()


# --- one transaction --------------------------------------------------------------------------


def test_a_failure_in_the_middle_of_writing_a_game_leaves_the_database_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / HISTORY_FILE
    first = dead_heat_game(tmp_path / "games", "first")
    second = simulated_apache(tmp_path / "games", 2)
    with History.open(path) as history:
        history.record(first)
        before = history.table_rows()

        def fail(*_: object) -> None:
            raise OSError("the disk failed while the slaps were written")

        with monkeypatch.context() as patched:
            patched.setattr("companion.history.store._insert_slaps", fail)
            with pytest.raises(OSError, match="disk failed"):
                history.record(second)
            assert history.table_rows() == before, "the game and its players rolled back"
        assert history.record(second) is True
    assert _counts(_rows(path))["games"] == 2


def test_a_crash_in_the_middle_of_writing_a_game_leaves_the_database_unchanged(
    tmp_path: Path,
) -> None:
    path = tmp_path / HISTORY_FILE
    first = dead_heat_game(tmp_path / "games", "first")
    second = simulated_apache(tmp_path / "games", 2)
    with History.open(path) as history:
        history.record(first)
        before = history.table_rows()
    crash = textwrap.dedent(
        """
        import os, sys
        from pathlib import Path
        import companion.history.store as store

        def crash(db, game_id, record):
            db.execute("SELECT 1")  # the game and its players are written, not committed
            os._exit(7)

        store._insert_slaps = crash
        with store.History.open(Path(sys.argv[1])) as history:
            history.record(Path(sys.argv[2]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", crash, str(path), str(second)], check=False, timeout=120
    )
    assert done.returncode == 7
    assert _rows(path) == before
    with History.open(path) as history:
        assert history.record(second) is True


# --- faults -----------------------------------------------------------------------------------


def test_a_file_that_is_not_a_database_is_set_aside_reported_and_rebuilt(
    games: Path, tmp_path: Path
) -> None:
    path = tmp_path / HISTORY_FILE
    garbage = b"these are not the pages of a database\n" * 200
    path.write_bytes(garbage)
    with pytest.raises(HistoryCorrupt) as reported:
        History.open(path)
    aside = reported.value.set_aside
    assert aside is not None and aside.name.startswith(f"{HISTORY_FILE}.corrupt-")
    assert aside.read_bytes() == garbage, "set aside, never deleted"
    assert str(path) in str(reported.value) and "companion history rebuild" in str(reported.value)
    assert not path.exists()
    with History.open(path) as history, pytest.warns(HistoryWarning):
        assert history.rebuild(games) == 8
        assert history.count() == 8


def test_a_damaged_page_is_found_when_read_and_the_file_set_aside(
    games: Path, tmp_path: Path
) -> None:
    path = tmp_path / HISTORY_FILE
    with History.open(path) as history, pytest.warns(HistoryWarning):
        history.rebuild(games)
    with sqlite3.connect(path) as db:  # every page in the file, none in the WAL
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
    assert pages > 3
    with path.open("r+b") as file:  # every page after the schema's: garbage
        file.seek(2 * page_size)
        file.write(b"\xff" * (pages - 2) * page_size)
    history = History.open(path)
    with pytest.raises(HistoryCorrupt) as reported:
        history.player_stats()
        history.reaction_stats("reaction")
        history.last_games()
    assert history.closed
    assert reported.value.set_aside is not None and reported.value.set_aside.exists()
    assert not path.exists()


def test_a_locked_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    journal = dead_heat_game(tmp_path / "games")
    with History.open(path):
        pass
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writing, for long
    try:
        with History.open(path, timeout=0.05) as history:
            assert history.last_games() == [], "reading goes on beside a writer (WAL)"
            with pytest.raises(HistoryLocked, match="locked") as reported:
                history.record(journal)
            assert str(path) in str(reported.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert path.exists()
    with History.open(path) as history:
        assert history.record(journal) is True


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes every file")
def test_a_database_that_cannot_be_opened_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "locked-away"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(HistoryUnavailable, match="cannot be used"):
            History.open(folder / HISTORY_FILE)
    finally:
        folder.chmod(0o700)


def test_a_folder_where_the_file_should_be_is_reported(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.mkdir()
    with pytest.raises(HistoryUnavailable) as reported:
        History.open(path)
    assert str(path) in str(reported.value)
    assert path.is_dir(), "not set aside: it is no database at all"
