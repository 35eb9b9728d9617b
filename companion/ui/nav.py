"""The four navigation buttons every screen is driven by: previous, next, select, back.

No pygame here: the screens' models take the buttons too. ``scenes.BaseScene`` maps the
input source's ``nav.*`` presses, the keys it leaves, the mouse and the wheel onto them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Final, Literal, TypeGuard

from companion.i18n import marked, tr, trc

NavButton = Literal["previous", "next", "select", "back"]
NAV_BUTTONS: Final[tuple[NavButton, ...]] = ("previous", "next", "select", "back")


def is_nav_button(button: str) -> TypeGuard[NavButton]:
    """``"select"`` -> True; ``"hunter"`` -> False."""
    return button in NAV_BUTTONS


BUTTON_WORDS: Final[dict[str, tuple[NavButton, ...]]] = {
    "Previous/Next": ("previous", "next"),
    "Previous": ("previous",),
    "Next": ("next",),
    "Select": ("select",),
    "Back": ("back",),
}
"""How the footers' hints name the buttons in English (the key names on a desktop)."""

_KEY_WORDS: Final = (
    marked("Left"),
    marked("Right"),
    marked("Enter"),
    marked("Backspace"),
    marked("Bksp"),
)
"""The keys' names the hints add on a desktop (``companion.input.keyboard.NAV_KEY_NAMES``,
which is no screen's), marked here for the catalog: ``with_keys`` translates them."""


def button_words() -> dict[str, tuple[NavButton, ...]]:
    """How the footers' hints name the buttons in the screens' language (a hint's
    translation names them in these words) -> the buttons each name stands for."""
    return {
        trc("button", "Previous/Next"): ("previous", "next"),
        trc("button", "Previous"): ("previous",),
        trc("button", "Next"): ("next",),
        trc("button", "Select"): ("select",),
        trc("button", "Back"): ("back",),
    }


@functools.cache
def _button_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """A button's name in a hint, not already followed by its keys ("Select (Enter)");
    the longest names first, so "Previous/Next" is one name."""
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)({alternatives})(?!\w)(?! \()")


def with_keys(hint: str, keys: Mapping[str, str]) -> str:
    """``hint`` with each button's key after its name, for a desktop where keys press the
    buttons: ``"Select: choose"`` -> ``"Select (Enter): choose"`` (the names and keys in
    the screens' language; an English hint keeps working in any). Buttons without a key
    in ``keys`` are left as they are."""
    by_word = {**BUTTON_WORDS, **button_words()}

    def named(match: re.Match[str]) -> str:
        buttons = by_word[match.group(1)]
        if not all(button in keys for button in buttons):
            return match.group(0)
        return f"{match.group(0)} ({'/'.join(tr(keys[button]) for button in buttons)})"

    return _button_pattern(tuple(by_word)).sub(named, hint)
