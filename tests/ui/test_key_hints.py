"""On a desktop the bottom line names the keys as well as the buttons (issue 15, item 12).

``make run`` presses simulated pins with the keyboard: the footers say "Select (Enter)",
"Back (Backspace)", "Previous/Next (Left/Right)". On the Pi (no keyboard) they name the
buttons only. A footer whose keys do not fit at the body floor keeps the button names.
"""

from __future__ import annotations

import re
from typing import Final

import pygame

from companion.input.keyboard import NAV_KEY_NAMES
from companion.ui import widgets
from companion.ui.menu import MenuScene
from companion.ui.nav import with_keys
from companion.ui.samples import sample_app
from companion.ui.screenshot import SCENES, render

KEYS: Final = NAV_KEY_NAMES[0]
BUTTON_WORD: Final = re.compile(r"\b(Previous|Next|Select|Back)\b")


def test_each_button_word_gets_its_key() -> None:
    hint = "Previous/Next: move · Select or Back: done"
    assert with_keys(hint, KEYS) == (
        "Previous/Next (Left/Right): move · Select (Enter) or Back (Backspace): done"
    )
    assert with_keys("Seat buttons: slap · Next: turn", KEYS) == (
        "Seat buttons: slap · Next (Right): turn"
    )


def test_words_that_are_not_buttons_and_named_keys_are_left_alone() -> None:
    hint = "Select (Enter): next pile · Chief/warrior: +1 · Last: menu"
    assert with_keys(hint, KEYS) == hint, "lower-case 'next' is a word, not the button"
    assert with_keys("Select: go", {"back": "Esc"}) == "Select: go", "no key for select"


def _footer_words(scene: str, size: tuple[int, int], keyed: bool) -> str:
    with widgets.recorded_text() as drawn:
        render(scene, size, key_names=NAV_KEY_NAMES if keyed else ())
    return drawn[-1].words  # the footer is drawn last


def _hinted(size: tuple[int, int]) -> list[str]:
    """The scenes whose footer names a button (the doctor's and the slap pad's do not)."""
    return [scene for scene in SCENES if BUTTON_WORD.search(_footer_words(scene, size, False))]


def test_at_800x480_every_footer_names_the_keys_and_fits() -> None:
    hinted = _hinted((800, 480))
    assert len(hinted) > 30
    problems = []
    for scene in hinted:
        plain = _footer_words(scene, (800, 480), keyed=False)
        with widgets.recorded_text() as drawn:
            render(scene, (800, 480), key_names=NAV_KEY_NAMES)
        footer = drawn[-1]
        if footer.words == plain or footer.cut_short:
            problems.append(f"{scene}: {footer.words!r}")
    assert not problems, "footers without their keys at 800x480:\n" + "\n".join(problems)


def test_at_480x320_a_footer_too_long_for_its_keys_keeps_the_button_names_whole() -> None:
    hinted = _hinted((480, 320))
    keyed = {scene: _footer_words(scene, (480, 320), keyed=True) for scene in hinted}
    plain = {scene: _footer_words(scene, (480, 320), keyed=False) for scene in hinted}
    with_keys_shown = [scene for scene in hinted if keyed[scene] != plain[scene]]
    assert "menu" in with_keys_shown and "rules-apache" in with_keys_shown
    assert "(Bksp)" in keyed["rules-apache"], "the short key names when the long do not fit"
    for scene in set(hinted) - set(with_keys_shown):
        assert keyed[scene] == plain[scene]


def test_the_pi_footer_names_no_keys() -> None:
    with sample_app((480, 320)) as app:
        surface = pygame.Surface(app.size)
        with widgets.recorded_text() as drawn:
            MenuScene(app).draw(surface, 0)
    assert "(" not in drawn[-1].words and "Select" in drawn[-1].words
