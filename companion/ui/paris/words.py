"""A Paris district in a screen's words, without pygame (the models use them too; the
drawing is in ``companion.ui.paris.view``).

A screen names a district by its number first, the word "district" right beside its
colour: ``"5 (yellow district)"``, never a bare colour a gang could be taken for (district 1
is the rulebook's "green" district, and a green gang may sit at the table). The rules'
words (``"district 5 (yellow)"``, ``district_words``: journals and tests pin them) are
turned into that form here, never in the rules."""

from __future__ import annotations

import re
from typing import Final

from companion.rules.paris.board import DISTRICT_NAMES

RULES_DISTRICT: Final = re.compile(r"\b[Dd]istrict ([1-9]) \(([^()]*)\)")
"""A district in the rules' words: ``"district 5 (yellow)"`` (``district_words``)."""


def district_kind(district: int) -> str:
    """``"yellow district"``: the district's rulebook name with "district" beside it."""
    return f"{DISTRICT_NAMES[district]} district"


def district_name(district: int) -> str:
    """``"5 (yellow district)"``: a district on a screen, its number first."""
    return f"{district} ({district_kind(district)})"


def screen_words(words: str) -> str:
    """``words`` with every district in the rules' words (``"district 5 (yellow)"``) in
    the screen's (``"5 (yellow district)"``), e.g. ``"District 5 (yellow): who holds
    it?"`` becomes ``"5 (yellow district): who holds it?"``."""
    return RULES_DISTRICT.sub(lambda found: district_name(int(found.group(1))), words)
