"""The Apocalypse rules the table asks about, in the companion's own words (free of
pygame).

Each line is the rulings it tells (``companion/rules/RULINGS.md``) and its words; the game
menu's "Rules help" shows them (``companion.ui.rules_help``), in the screens' language: the
words are marked for the catalogs here and translated where they are drawn.
"""

from __future__ import annotations

from typing import Final

from companion.i18n import marked

TITLE: Final = marked("Apocalypse")
RULES: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (
        ("P4",),
        marked(
            "Follow the leading suit (set by the trick's first Horseman card) if you can, or "
            "play a Special card. Without that suit, play anything. One Chaos and one "
            "Tranquility at most per trick; with nothing playable you skip."
        ),
    ),
    (
        ("P5",),
        marked(
            "A Horseman turns its suit's token black; Chaos blackens a token of your choice. "
            "When every token is black the trick is an Apocalypse (the others still play). "
            "After it the tokens turn back; rounds do not reset them."
        ),
    ),
    (
        ("P6", "P7"),
        marked(
            "Chaos counts as the leading suit with value 5; Tranquility never wins. A regular "
            "trick: the highest of the leading suit wins its own card only. An Apocalypse: the "
            "lowest wins the whole trick. No Horseman and no Chaos: nobody wins it."
        ),
    ),
    (
        ("P9",),
        marked(
            "A round ends after the trick that empties a hand. Score: Horseman cards won at "
            "their value, Chaos won 5, Tranquility won 0, each Special card still in hand 20."
        ),
    ),
    (
        ("P11",),
        marked("Three rounds; the fewest points wins; ties share the victory."),
    ),
    (
        ("P12",),
        marked(
            "Duel (2 players): three suits, 13 cards each. When one round score is more than "
            "twice the other (1 is more than twice 0), the two scores are swapped."
        ),
    ),
)
