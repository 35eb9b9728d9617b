"""Script text: numbers must be ASCII digits, and every error names its line."""

import pytest

from companion.errors import ConfigError
from companion.input.scripted import parse_duration, parse_script


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1ms red.hunter bounce ² 5ms", "line 1: bad action 'bounce ² 5ms'"),
        ("\n1ms red.hunter bounce ٣ 5ms", "line 2: bad action 'bounce ٣ 5ms'"),
        ("deliver shuffle ²", "line 1: the shuffle seed must be a whole number, got '²'"),
        ("deliver shuffle -1", "line 1: the shuffle seed must be a whole number"),
        ("1ms red.hunter bounce 0 5ms", "line 1: a bounce needs at least 1 edge"),
    ],
)
def test_non_ascii_or_bad_numbers_are_config_errors_naming_the_line(
    text: str, message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_script(text)


def test_ascii_numbers_still_parse() -> None:
    script = parse_script("deliver shuffle 7\n1ms red.hunter bounce 3 2ms")
    assert (script.order, script.seed, len(script.edges)) == ("shuffle", 7, 3)


def test_durations_take_ascii_digits_only() -> None:
    assert parse_duration("12ms") == 12_000_000
    with pytest.raises(ConfigError, match="bad time"):
        parse_duration("١٢ms")
