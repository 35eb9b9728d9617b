"""A fake ``uctypes``: ``addressof`` returns a made-up address that is NOT aligned, so
the firmware's ring alignment is exercised."""

from __future__ import annotations

FAKE_ADDRESS = 0x2000_1234


def addressof(obj: object) -> int:
    return FAKE_ADDRESS
