"""Small widgets with behaviour of their own."""

from __future__ import annotations

from companion.ui import theme
from companion.ui.widgets import FLASH_NS, Flashes


def test_a_flash_expiring_behind_the_shown_one_does_not_redraw() -> None:
    flashes = Flashes()
    flashes.add("first", 0)
    flashes.add("second", 1_000)
    assert flashes.expire(FLASH_NS) is False, "'first' went, 'second' is still shown"
    shown = flashes.current(FLASH_NS)
    assert shown is not None and shown.text == "second"
    assert flashes.expire(FLASH_NS + 1_000) is True, "the shown message went: redraw"
    assert flashes.current(FLASH_NS + 1_000) is None and len(flashes) == 0


def test_nothing_due_is_no_change() -> None:
    flashes = Flashes()
    assert flashes.expire(0) is False
    flashes.add("hello", 0, theme.BAD)
    assert flashes.expire(FLASH_NS - 1) is False and len(flashes) == 1
