"""The argument types the tools' commands share: the value, or argparse's error message."""

import argparse

import pytest

from companion.tools.arguments import positive, whole_number


def test_a_whole_number_of_any_sign() -> None:
    parse = whole_number("an integer seed")
    assert parse("-3") == -3 and parse(" 12 ") == 12
    with pytest.raises(argparse.ArgumentTypeError, match=r"^'1\.5' is not an integer seed$"):
        parse("1.5")


@pytest.mark.parametrize("text", ["0", "-2", "many", "nan"])
def test_a_positive_number_refuses_zero_negatives_and_words(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        positive(float, "a positive number of seconds")(text)
    assert str(refused.value) == f"{text!r} is not a positive number of seconds"


def test_a_positive_number_is_read_by_its_conversion() -> None:
    assert positive(int, "a count")("7") == 7
    assert positive(float, "a time")("0.25") == 0.25
    with pytest.raises(argparse.ArgumentTypeError, match="is not a count"):
        positive(int, "a count")("0.5")
