"""A fake ``machine`` module: pins with settable levels, ``mem32``, ``freq``."""

from __future__ import annotations

from typing import ClassVar

FREQ = 125_000_000
soft_resets: list[int] = []


class Pin:
    IN: ClassVar[int] = 0
    OUT: ClassVar[int] = 1
    PULL_UP: ClassVar[int] = 1
    PULL_DOWN: ClassVar[int] = 2
    levels: ClassVar[dict[int, int]] = {}
    """Pin number -> level a test wants read (default: the pull's level)."""
    configured: ClassVar[dict[int, tuple[int, int | None]]] = {}

    def __init__(self, number: int, mode: int = 0, pull: int | None = None) -> None:
        self.number = number
        self.pull = pull
        Pin.configured[number] = (mode, pull)

    def value(self) -> int:
        default = 1 if self.pull == Pin.PULL_UP else 0
        return Pin.levels.get(self.number, default)

    def __repr__(self) -> str:
        return f"Pin({self.number})"


class _Mem32(dict[int, int]):
    def __missing__(self, address: int) -> int:
        return 0xFFFF_FFFF  # every bit set, so clearing one shows


mem32 = _Mem32()


def freq() -> int:
    return FREQ


def unique_id() -> bytes:
    return bytes.fromhex("e6614c311b3a8d2f")


def soft_reset() -> None:
    soft_resets.append(1)
