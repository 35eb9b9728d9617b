"""The Apache rules the table asks about, in the companion's own words (free of pygame).

Each line is the rulings it tells (``companion/rules/RULINGS.md``) and its words; the game
menu's "Rules help" shows them (``companion.ui.rules_help``), translated there (the words
here are only marked for the catalogs).
"""

from __future__ import annotations

from typing import Final

from companion.i18n import marked

TITLE: Final = marked("Apache")
RULES: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (
        ("A4",),
        marked(
            "Slap an Indian of your colour only while it is face up and can take something: "
            "woman: a necklace or a tipi; warrior: a tomahawk or a tipi; hunter: a buffalo or "
            "a tipi; chief: a tipi, or a totem pole with another male Indian face up."
        ),
    ),
    (
        ("A5",),
        marked(
            "Slaps count in the order they were pressed. A legal slap takes what is still "
            "there; if others took it all first, you get nothing and lose nothing. A wrong "
            "slap costs the top two cards of your pile."
        ),
    ),
    (
        ("A8",),
        marked(
            "One slap per turned card: from one turned card to the next, each player slaps "
            "once. More presses are ignored, with no penalty. (Tracker: each Pow-Wow stands "
            "alone; the table judges.)"
        ),
    ),
    (
        ("A9",),
        marked(
            "A slap opens a window; it closes when no slap has come for the quiet time "
            "(1.2 s unless set otherwise). Every slap in it is judged against the cards as "
            "they were when it opened. The last slapper turns the next card."
        ),
    ),
    (
        ("A11",),
        marked(
            "War Path: a warrior who takes tomahawks makes each other player give one buffalo "
            "from the bottom of their pile (two in a 2-player game)."
        ),
    ),
    (
        ("A12",),
        marked(
            "Wedding: with a tipi face up, the owner of a face-up woman or male Indian may slap "
            "that card and take all tipis, the woman and the male. Only when chosen."
        ),
    ),
    (
        ("A13",),
        marked(
            "Joint Raid (fewer than 5 players): face-up Indians nobody owns of the same kind "
            "join the loot; not the prisoner's kind, and never a wedding."
        ),
    ),
)
