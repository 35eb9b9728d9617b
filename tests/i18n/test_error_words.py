"""What went wrong, in the screens' language (companion.words.error_words through
``companion.i18n.said``): an error raised with Words, an operating system's error by its
errno, SQLite's by its result code, anything else in its own English."""

from __future__ import annotations

import pickle
import sqlite3
from pathlib import Path

import pytest

from companion import i18n
from companion.errors import ConfigError
from companion.settings import load_settings
from companion.words import Figure, Words, error_words, json_reason, say


def test_an_error_raised_with_words_is_said_in_the_language(german: None) -> None:
    error = ConfigError(say("permission denied"))
    assert str(error) == "permission denied"
    assert i18n.said(error) == "keine Berechtigung"


def test_a_file_the_system_refuses_names_the_file_and_why_in_the_language(
    german: None, tmp_path: Path
) -> None:
    with pytest.raises(OSError) as caught:
        (tmp_path / "missing" / "game.jsonl").read_text()
    said = i18n.said(caught.value)
    assert said.startswith(str(tmp_path / "missing" / "game.jsonl") + ": ")
    assert said.endswith("Datei oder Ordner nicht vorhanden")


def test_a_folder_where_a_file_should_be(german: None, tmp_path: Path) -> None:
    with pytest.raises(OSError) as caught:
        tmp_path.read_text()
    assert i18n.said(caught.value) == f"{tmp_path}: ein Ordner, keine Datei"


def test_the_english_screen_says_it_plainly(tmp_path: Path) -> None:
    with pytest.raises(OSError) as caught:
        tmp_path.read_text()
    assert i18n.said(caught.value) == f"{tmp_path}: a folder, not a file"


def test_a_file_that_is_not_a_database_is_said_in_french(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"this is not a database, only some text in a file " * 20)
    connection = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError) as caught:
        connection.execute("SELECT * FROM sqlite_master").fetchall()
    connection.close()
    i18n.set_language("fr")
    try:
        assert i18n.said(caught.value) == "pas une base de données"
    finally:
        i18n.set_language("en")


def test_an_error_nobody_described_keeps_its_own_text() -> None:
    error = RuntimeError("the moon fell")
    assert error_words(error) == "the moon fell"
    assert not isinstance(error_words(error), Words)


def test_the_json_readers_reason_is_printed_as_it_is_and_said_in_the_language(
    tmp_path: Path,
) -> None:
    settings_file = tmp_path / "settings.json"
    settings_file.write_text('{"sound": true,}', encoding="utf-8")
    _, problem = load_settings(settings_file)
    assert problem is not None
    assert "(line 1: Illegal trailing comma" in problem or "(line 1: Expecting property" in problem
    i18n.set_language("de")
    try:
        shown = i18n.said(problem)
    finally:
        i18n.set_language("en")
    assert "Komma vor dem Ende" in shown or "Schlüssel in doppelten Anführungszeichen" in shown


def test_a_reason_the_json_reader_may_add_later_stays_as_it_is() -> None:
    assert json_reason("Something new") == "Something new"
    assert not isinstance(json_reason("Something new"), Words)


def test_a_figure_keeps_its_decimals_in_english_and_writes_them_the_languages_way(
    tmp_path: Path,
) -> None:
    settings_file = tmp_path / "settings.json"
    settings_file.write_text('{"quiet_time_s": 9}', encoding="utf-8")
    _, problem = load_settings(settings_file)
    assert problem is not None and "from 0.3 to 5.0" in problem
    i18n.set_language("de")
    try:
        assert "von 0,3 bis 5,0" in i18n.said(problem)
    finally:
        i18n.set_language("en")
    figure = pickle.loads(pickle.dumps(Figure(1.25, 1)))
    assert (str(figure), f"{figure}", figure.places) == ("1.2", "1.2", 1)
