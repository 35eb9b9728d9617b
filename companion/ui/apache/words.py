"""The Apache words both modes' screens share, in the screens' language (free of pygame):
the Indians' kinds as words, a count of rows left out, and a number with only the decimals
it needs. (The seat colours' words are ``theme.colour_word``.)

The kinds stay English where they are keys (``"red.chief"``, the engines' states); these
give the words a person reads.
"""

from __future__ import annotations

from typing import Final

from companion.i18n import marked, number, tr, trn

KIND_WORDS: Final[dict[str, str]] = {
    "chief": marked("chief"),
    "warrior": marked("warrior"),
    "woman": marked("woman"),
    "hunter": marked("hunter"),
}
"""The four Indians (the seat buttons, in button order) as the table names them."""


def kind_word(kind: str) -> str:
    """``"chief"`` as the screen's language says it (anything else as it is)."""
    return tr(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def more_words(count: int) -> str:
    """``"+3 more"``: how many did not fit."""
    return trn("+{count} more", "+{count} more", count).format(count=count)


def short_number(value: float, most_decimals: int = 3) -> str:
    """``value`` with as few decimals as show it (``1.2``, ``5``), at most ``most_decimals``,
    written the language's way."""
    decimals = next(
        (places for places in range(most_decimals) if round(value, places) == value),
        most_decimals,
    )
    return number(value, decimals)
