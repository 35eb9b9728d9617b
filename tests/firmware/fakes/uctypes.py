"""A fake ``uctypes`` for CPython: ``addressof`` returns a made-up address that is NOT
aligned, so the ring alignment in box_hw.Capture runs. Under MicroPython the built-in
module wins over this file: the real ``addressof`` of the array."""

FAKE_ADDRESS = 0x20001234


def addressof(obj: object) -> int:
    return FAKE_ADDRESS
