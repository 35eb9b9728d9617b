"""A fake ``micropython`` module so the firmware's pure modules run under CPython."""

from __future__ import annotations

from typing import TypeVar

_T = TypeVar("_T")

kbd_intr_calls: list[int] = []


def const(value: _T) -> _T:
    return value


def kbd_intr(chr_code: int) -> None:
    kbd_intr_calls.append(chr_code)
