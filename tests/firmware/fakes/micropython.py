"""A fake ``micropython`` module so the firmware runs under CPython. Under MicroPython
the built-in module wins over this file (a built-in that is not extensible cannot be
replaced), so there the real ``const`` and ``kbd_intr`` run."""

kbd_intr_calls: list[int] = []


def const(value: int) -> int:
    return value


def kbd_intr(chr_code: int) -> None:
    kbd_intr_calls.append(chr_code)
