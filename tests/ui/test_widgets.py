"""Small widgets with behaviour of their own."""

from __future__ import annotations

import pygame

from companion.ui import theme, widgets
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


def test_a_banner_too_long_for_its_strip_says_what_happened_its_bracket_whole() -> None:
    pygame.font.init()
    gone = (
        "button box gone from /dev/ttyACM0 (read failed: device disconnected): reconnecting; "
        "presses are kept on the box until it is back, however long that takes"
    )
    with widgets.recorded_text() as drawn:
        widgets.banner(pygame.Surface((480, 320)), gone)
    assert [text.words for text in drawn] == [
        "button box gone from /dev/ttyACM0 (read failed: device disconnected)"
    ], "the words before the first colon outside the bracket"
