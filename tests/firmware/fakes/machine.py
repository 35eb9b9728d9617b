"""A fake ``machine`` module for the firmware under CPython and under MicroPython (the
WebAssembly build has no ``machine``): pins with settable levels, ``mem32``, ``freq``.

Written in what both run: no dataclasses, no typing at run time (MicroPython has no
``typing``; it ignores annotations, so only built-in names may appear in them here).
"""

FREQ = 125000000
levels: dict[int, int] = {}
"""Pin number -> the level a test or a scenario wants read (default: the pull's level)."""
configured: dict[int, tuple[int, int]] = {}
soft_resets: list[int] = []


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, number: int, mode: int = 0, pull: int = 0) -> None:
        self.number = number
        self.pull = pull
        configured[number] = (mode, pull)

    def value(self) -> int:
        default = 1 if self.pull == Pin.PULL_UP else 0
        return levels.get(self.number, default)


class Mem32:
    """``machine.mem32``: unwritten words read with every bit set, so a cleared bit shows."""

    def __init__(self) -> None:
        self.words: dict[int, int] = {}

    def __getitem__(self, address: int) -> int:
        return self.words.get(address, 0xFFFFFFFF)

    def __setitem__(self, address: int, value: int) -> None:
        self.words[address] = value & 0xFFFFFFFF


mem32 = Mem32()


def freq() -> int:
    return FREQ


def unique_id() -> bytes:
    return bytes((0xE6, 0x61, 0x4C, 0x31, 0x1B, 0x3A, 0x8D, 0x2F))


def soft_reset() -> None:
    soft_resets.append(1)
