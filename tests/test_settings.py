"""The settings file: defaults, checks that name the key, atomic saves, a broken file kept."""

from __future__ import annotations

import json
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
