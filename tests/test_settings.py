"""The settings file: defaults, checks that name the key, atomic saves, a broken file kept."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.settings import Settings, load_settings, parse_settings, save_settings, settings_path


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.json") == (Settings(), None)


def test_a_saved_file_loads_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    chosen = Settings(sound=False, quiet_time_s=0.8, tie_window_us=12, size="480x320")
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)
    assert json.loads(path.read_text())["tie_window_us"] == 12
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"], "no temporary left"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not JSON (line 1"),
        ("[]", "not a JSON object"),
        ('{"volume": 3}', "unknown setting(s) volume"),
        ('{"sound": "yes"}', "sound 'yes' must be true or false"),
        ('{"quiet_time_s": 9}', "quiet_time_s 9 must be a number of seconds from 0.3 to 5.0"),
        ('{"tie_window_us": 2.5}', "tie_window_us 2.5 must be a whole number"),
        ('{"size": "big"}', "size 'big' must be WIDTHxHEIGHT"),
        ('{"size": "320x200"}', "size '320x200' must be WIDTHxHEIGHT"),
        ('{"profile": ""}', "profile '' must be a profile name or null"),
    ],
)
def test_bad_values_are_named(text: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_settings(text, where="settings.json")


def test_a_broken_file_gives_the_defaults_and_is_kept_when_saving(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"quiet_time_s": "slow"}')
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and str(path) in problem and "quiet_time_s 'slow'" in problem
    assert "the defaults are used until the settings are saved" in problem
    save_settings(Settings(sound=False), path)
    assert (tmp_path / "settings.json.broken").read_text() == '{"quiet_time_s": "slow"}'
    assert load_settings(path) == (Settings(sound=False), None)


def test_with_value_checks(tmp_path: Path) -> None:
    assert Settings().with_value("tie_window_us", 9).tie_window_us == 9
    with pytest.raises(ConfigError, match="tie_window_us 0"):
        Settings().with_value("tie_window_us", 0)


def test_the_path_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "companion" / "settings.json"
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "x.json"))
    assert settings_path() == tmp_path / "x.json"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe", "not UTF-8 text (byte 0)"),
        (b"[" * 60_000, "JSON nested too deeply"),
        (b" " * (64 * 1024 + 1), "larger than 64 KiB"),
    ],
    ids=["not-utf8", "deeply-nested", "too-large"],
)
def test_an_unreadable_file_gives_the_defaults_and_one_line(
    tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and str(path) in problem and words in problem
    assert "\n" not in problem


def test_a_folder_is_reported_naming_the_variable_and_never_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "config"
    (folder / "other-program").mkdir(parents=True)
    monkeypatch.setenv("COMPANION_CONFIG", str(folder))
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None and "a folder, not a settings file" in problem
    assert "set COMPANION_CONFIG to a file path" in problem
    with pytest.raises(ConfigError, match="a folder, not a settings file; set COMPANION_CONFIG"):
        save_settings(Settings(sound=False))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config"], "nothing moved or written"
    assert (folder / "other-program").is_dir()


def test_a_fifo_is_reported_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    settings, problem = load_settings(fifo)  # opening a FIFO would wait for a writer
    assert settings == Settings()
    assert problem is not None and "not a regular file" in problem
    with pytest.raises(ConfigError, match="not a regular file"):
        save_settings(Settings(), fifo)


def test_another_programs_file_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rc = tmp_path / ".bashrc"
    rc.write_text("export PATH=$PATH:~/bin\n")
    monkeypatch.setenv("COMPANION_CONFIG", str(rc))
    with pytest.raises(ConfigError, match="not a settings file the companion wrote"):
        save_settings(Settings(sound=False))
    assert rc.read_text() == "export PATH=$PATH:~/bin\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".bashrc"]


def test_a_settings_file_of_another_name_is_saved_over(tmp_path: Path) -> None:
    path = tmp_path / "companion.conf"
    save_settings(Settings(size="480x320"), path)
    save_settings(Settings(sound=False), path)
    assert load_settings(path) == (Settings(sound=False), None)
