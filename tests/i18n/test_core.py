"""The screens' languages (companion.i18n): choosing one, the system's default, numbers,
money and times the language's way, and the settings' and ``companion run``'s choice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n
from companion.errors import ConfigError
from companion.i18n import UnknownLanguage, milliseconds, money, number, set_language
from companion.settings import parse_settings


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    set_language("en")


def test_an_unknown_language_is_refused_naming_the_languages() -> None:
    with pytest.raises(UnknownLanguage, match=r"'es'.*en \(English\), de \(Deutsch\), fr"):
        set_language("es")
    assert i18n.language() == "en", "unchanged"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "es_ES.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_default_is_the_system_locales_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.system_language(environ) == expected


@pytest.mark.parametrize(
    ("code", "sum_", "time", "decimal"),
    [
        ("en", "1,250\u00a0F", "0.412\u00a0ms", "12.5"),
        ("de", "1.250\u00a0F", "0,412\u00a0ms", "12,5"),
        ("fr", "1\u202f250\u00a0F", "0,412\u00a0ms", "12,5"),
    ],
)
def test_numbers_money_and_times_are_written_the_languages_way(
    code: str, sum_: str, time: str, decimal: str
) -> None:
    set_language(code)
    assert money(1250) == sum_
    assert milliseconds(0.412) == time
    assert number(12.5, 1) == decimal


def test_a_language_applies_at_once() -> None:
    set_language("de")
    assert number(1.5, 1) == "1,5"
    set_language("en")
    assert number(1.5, 1) == "1.5"


def test_the_settings_keep_a_language_and_refuse_an_unknown_one() -> None:
    assert parse_settings('{"language": "fr"}', where="s.json").language == "fr"
    assert parse_settings("{}", where="s.json").language is None
    with pytest.raises(ConfigError, match=r"s\.json: language 'xx' must be one of .*Deutsch"):
        parse_settings('{"language": "xx"}', where="s.json")


def test_run_takes_lang_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import _build_parser
    from companion.settings import Settings
    from companion.ui.run import language_from

    parser = _build_parser(eager=True)
    args = parser.parse_args(["run", "--lang", "de"])
    assert language_from(args, Settings(language="fr")) == "de", "the command line wins"
    args = parser.parse_args(["run"])
    assert language_from(args, Settings(language="fr")) == "fr"
    with pytest.raises(SystemExit):
        parser.parse_args(["run", "--lang", "xx"])
    assert "invalid choice: 'xx'" in capsys.readouterr().err


def test_an_engines_whole_numbers_are_written_the_languages_way() -> None:
    from companion.i18n import said
    from companion.words import say

    money = say("{gang} wins with {money} F", gang=say("green"), money=2750)
    assert str(money) == "green wins with 2750 F", "the journal's English stays as it was"
    assert said(money) == "green wins with 2,750 F"
    set_language("de")
    assert said(money).endswith("2.750 F")
