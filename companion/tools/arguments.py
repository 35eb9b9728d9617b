"""Argument types shared by the tools' commands (``companion simulate``, ``companion bench``).

Each function makes an argparse ``type``: it turns the text given into the value, or raises
``argparse.ArgumentTypeError``, which argparse prints as
``<prog>: error: argument --name: '<text>' is not <what>``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TypeVar

Number = TypeVar("Number", int, float)


def whole_number(what: str) -> Callable[[str], int]:
    """A whole number (any sign); anything else is ``'<text>' is not <what>``."""

    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None

    return parse


def positive(convert: Callable[[str], Number], what: str) -> Callable[[str], Number]:
    """A number above 0, read by ``convert`` (``int`` or ``float``); anything else, or 0 or
    less, is ``'<text>' is not <what>``."""

    def parse(text: str) -> Number:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value

    return parse


__all__ = ["positive", "whole_number"]


def confirmed(question: str) -> bool:
    """Ask ``question`` at the terminal (False when stdin is not one: nobody to ask)."""
    if not sys.stdin.isatty():
        return False
    try:
        answer = input(f"{question} [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")
