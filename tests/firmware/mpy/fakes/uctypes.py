"""A fake ``uctypes`` for the CPython run of the scenario: an address that is NOT
aligned, so the ring alignment in box_hw.Capture runs. Under MicroPython the built-in
module wins over this file: the real ``addressof`` of the array."""

FAKE_ADDRESS = 0x20001234


def addressof(obj: object) -> int:
    return FAKE_ADDRESS
