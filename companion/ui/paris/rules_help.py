"""The Les Apaches de Paris rules the table asks about, in the companion's own words (free
of pygame).

Each line is the rulings it tells (``companion/rules/RULINGS.md``) and its words; the game
menu's "Rules help" shows them (``companion.ui.rules_help``, which translates the title and
the words where it draws them; the ruling ids are not translated).
"""

from __future__ import annotations

from typing import Final

from companion.i18n import marked

TITLE: Final = marked("Les Apaches de Paris")
RULES: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (
        ("D5",),
        marked(
            "Your turn: first, if you like, ONE action: place Apaches from your reserve into one "
            "district, or move 1 or 2 Apaches each to a next-door district. Then you must "
            "reveal one of your stashes and place it on its slot."
        ),
    ),
    (
        ("D5",),
        marked(
            "No action may leave you level with another gang in a district it touches. "
            "Novices and reinforcements stand only where one of your leaders stands."
        ),
    ),
    (
        ("D7",),
        marked(
            "Round end, districts 1 to 7, then 8, then 9: the gang with the most Apaches gets "
            "the uncovered slot: money, valuables, a steal (the others pay 300/200/150 F with "
            "2/3/4 players), reinforcements, or a leader there wounded, killed or in prison. "
            "8: a secret bourgeois. 9: 250 F per theft this round and a reinforcement."
        ),
    ),
    (
        ("D8",),
        marked(
            "Hospital and prison last one round: the leader misses the next round and comes "
            "back at its end. In that round its owner may pay 150 F at the end of a turn to "
            "free a prisoner, who plays from their next turn."
        ),
    ),
    (
        ("D10",),
        marked(
            "After round 3: +200 F per bourgeois; the policeman earns nothing, costs 200 F and "
            "sends one of your leaders to prison. Then +50 F per Apache still able to play. "
            "Most money wins; a tie: the most such Apaches."
        ),
    ),
)
