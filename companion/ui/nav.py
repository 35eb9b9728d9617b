"""The four navigation buttons every screen is driven by: previous, next, select, back.

No pygame here: the screens' models take the buttons too. ``scenes.BaseScene`` maps the
input source's ``nav.*`` presses, the keys it leaves, the mouse and the wheel onto them.
"""

from __future__ import annotations

from typing import Final, Literal, TypeGuard

NavButton = Literal["previous", "next", "select", "back"]
NAV_BUTTONS: Final[tuple[NavButton, ...]] = ("previous", "next", "select", "back")


def is_nav_button(button: str) -> TypeGuard[NavButton]:
    """``"select"`` -> True; ``"hunter"`` -> False."""
    return button in NAV_BUTTONS
