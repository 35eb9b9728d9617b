"""The districts on the Paris screens are never confused with the gangs: a district is
named by its number first with "district" beside its colour (``"5 (yellow district)"``),
or drawn as a numbered badge, never as a bare colour word beside a gang's chip (district 1
is the rulebook's "green" district, and a green gang may sit at the table). The rules'
words (``"district 5 (yellow)"``, pinned by journals and tests) are rewritten for the
screen by ``companion.ui.paris.view.screen_words``."""

from __future__ import annotations

import re
from typing import Final

import pytest

from companion.rules.paris.board import DISTRICT_NAMES, district_words
from companion.ui import widgets
from companion.ui.paris.view import district_kind, district_name, screen_words
from companion.ui.screenshot import SCENES, SIZES, render

COLOUR_WORDS: Final = "|".join(sorted((re.escape(n) for n in DISTRICT_NAMES[1:8]), key=len)[::-1])
RULES_FORM: Final = re.compile(r"\b[Dd]istrict [1-9] \(")
"""The rules' words, never on a screen."""
NUMBER_THEN_BARE_COLOUR: Final = re.compile(
    rf"(\b[1-9]\W{{0,2}}|\()({COLOUR_WORDS})\b(?! district)"
)
"""A district's number or an opening bracket, then its colour without "district"."""
ONLY_DISTRICT_NAMES: Final = ("orange", "pink", "light blue")
"""The districts' colours no gang has: wherever they appear, "district" is beside them."""
GANG_CHIP: Final = re.compile(r"^[A-Z] (\d+|[a-z]+)$")
"""A gang's chip or button: its letter, then a count or its colour."""
PARIS_SCENES: Final = [
    pytest.param(scene, size, id=f"{scene}-{size[0]}x{size[1]}")
    for scene in SCENES
    if scene.startswith("paris-")
    for size in SIZES
]


def test_the_rules_words_become_the_screens() -> None:
    assert screen_words("District 5 (yellow): who holds it?") == (
        "5 (yellow district): who holds it?"
    )
    assert screen_words(f"Round 1 settled. {district_words(9)}: purple holds it") == (
        "Round 1 settled. 9 (fence district): purple holds it"
    )
    assert screen_words(f"{district_words(7)}, {district_words(1)}") == (
        "7 (light blue district), 1 (green district)"
    )
    untouched = "yellow's turn: what did they do? (ruling D6)"
    assert screen_words(untouched) == untouched


def test_a_district_is_its_number_then_its_colour_beside_the_word_district() -> None:
    assert district_name(1) == "1 (green district)"
    assert district_kind(7) == "light blue district"


def _problems(texts: list[str]) -> list[str]:
    problems = []
    for before, words in zip(["", *texts], texts, strict=False):
        if RULES_FORM.search(words):
            problems.append(f"the rules' words, not the screen's: {words!r}")
        if found := NUMBER_THEN_BARE_COLOUR.search(words):
            problems.append(f"a district's colour without 'district' ({found[0]!r}): {words!r}")
        for name in ONLY_DISTRICT_NAMES:
            if re.search(rf"\b{name}\b(?! district)", words):
                problems.append(f"{name!r} without 'district': {words!r}")
        first = re.match(rf"({COLOUR_WORDS})\b(?! district)", words)
        if GANG_CHIP.match(before) and first and not GANG_CHIP.match(words):
            problems.append(f"a colour word {words!r} right after the gang chip {before!r}")
    return problems


@pytest.mark.parametrize(("scene", "size"), PARIS_SCENES)
def test_no_screen_shows_a_district_colour_a_gang_could_be_taken_for(
    scene: str, size: tuple[int, int]
) -> None:
    with widgets.recorded_text() as drawn:
        render(scene, size)
    texts = [draw.words for draw in drawn]
    problems = _problems(texts)
    assert not problems, f"{scene} at {size[0]}x{size[1]}:\n" + "\n".join(problems)


def test_the_check_catches_the_old_words() -> None:
    """The old screens' texts fail the check above (it could fail)."""
    old = ["Y 4", "5 yellow", "District 5 (yellow): who holds it?", "7 light blue: G steal"]
    assert len(_problems(old)) >= 4
    assert _problems(["Y 2", "orange"]), "a colour word right after a gang chip"


@pytest.mark.parametrize("scene", ["paris-tracker-holder", "paris-full-play", "paris-full-report"])
def test_the_district_screens_name_districts_the_screens_way(scene: str) -> None:
    with widgets.recorded_text() as drawn:
        render(scene, SIZES[0])
    assert any(re.search(r"\b[1-9] \([a-z ]+ district\)|[a-z] district:", d.words) for d in drawn)
