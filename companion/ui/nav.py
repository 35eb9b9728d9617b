"""The four navigation buttons every screen is driven by: previous, next, select, back.

No pygame here: the screens' models take the buttons too. ``scenes.BaseScene`` maps the
input source's ``nav.*`` presses, the keys it leaves, the mouse and the wheel onto them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final, Literal, TypeGuard

NavButton = Literal["previous", "next", "select", "back"]
NAV_BUTTONS: Final[tuple[NavButton, ...]] = ("previous", "next", "select", "back")


def is_nav_button(button: str) -> TypeGuard[NavButton]:
    """``"select"`` -> True; ``"hunter"`` -> False."""
    return button in NAV_BUTTONS


_BUTTON_WORDS: Final = re.compile(r"\b(Previous/Next|Previous|Next|Select|Back)\b(?! \()")
_BY_WORD: Final[dict[str, tuple[NavButton, ...]]] = {
    "Previous/Next": ("previous", "next"),
    "Previous": ("previous",),
    "Next": ("next",),
    "Select": ("select",),
    "Back": ("back",),
}


def with_keys(hint: str, keys: Mapping[str, str]) -> str:
    """``hint`` with each button's key after its name, for a desktop where keys press the
    buttons: ``"Select: choose"`` -> ``"Select (Enter): choose"``. Buttons without a key
    in ``keys`` are left as they are."""

    def named(match: re.Match[str]) -> str:
        buttons = _BY_WORD[match.group(1)]
        if not all(button in keys for button in buttons):
            return match.group(0)
        return f"{match.group(0)} ({'/'.join(keys[button] for button in buttons)})"

    return _BUTTON_WORDS.sub(named, hint)
