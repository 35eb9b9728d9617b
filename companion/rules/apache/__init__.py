"""Apache: the complete rules (the Apache rulebook) with rulings A1-A13
(``companion/rules/RULINGS.md``), known as ``"apache"``.

Setup: ``{"players": 2-5, "colours": [...], "variants": {"war_path": bool, "wedding": bool,
"joint_raid": bool}, "first": seat}``; defaults: 4 players, the first N of red, yellow,
purple, blue, green (A1), every variant off, seat 0 turns first. Seat ``i`` has
``colours[i]``; seats are numbered clockwise.

The action model
================
Apache is real-time: once a card is face up anyone may slap, so in phases ``ready``,
``window`` and ``final`` the actor is :data:`~companion.rules.base.TABLE` and each action
names its seat. Phases: ``ready`` (the turner may ``turn``; any seat that has not slapped
since the card was turned may ``slap``, which opens a window on the display as it is, A8,
A9), ``reveal`` (chance: which card TYPE comes up, with probability count / remaining, A2),
``window`` (the seats that have not slapped since the card was turned may slap, A8;
``close`` resolves it), ``choose`` (a legal slapper picks an option; actor: that seat),
``final`` (the last card is face up: one last window may open, or ``end``, A10) and
``over``. Actions and their JSON: see :mod:`companion.rules.apache.actions`.

There is no deck order in the state: chance names a card type and the card taken is the
lowest id of that type still face down, so the deck is the set of face-down ids (kept in id
order) and a seat's view shows only how many there are. Hidden information is structurally
absent.

The modules: ``cards`` (the card tables), ``actions`` (the actions and their JSON and text
forms), ``loot`` (legality, options, taking, raids, penalties: the pure rule functions),
``table`` (the rules the FULL and TRACKER modes both decide: seats, hand cards, one slap per
window, who turns, who wins), ``engine`` (FULL) and ``tracker`` (TRACKER, ``apache_tracker``).

Decisions beyond the rulebook and the rulings (each rests on the ruling named)
=============================================================================
1. (A7) Of two identical face-up Indians, the one turned FIRST makes loot; the other stays.
2. (A4, A6) The chief's "other male Indian" is any other face-up male CARD, a second
   identical chief of the slapper's own colour included; the chief cannot take itself.
3. (A5, A9) Resolution on ``close``: slaps in order; each judged legal or illegal on the
   display when the window opened; a legal slap's options are computed on the display as
   it is at its turn. No option left: snatched, nothing, no penalty (even if its own Indian
   was taken as a prisoner or spouse). Exactly one option: applied at once. Several: phase
   ``choose`` for that seat (the UI applies :meth:`Apache.default_choice` on timeout).
4. (A6) Options are listed in a fixed order: own item (the chief: one ``prisoner`` option per
   male in display order), ``tipis``, then ``wedding`` per spouse in display order. The
   default takes the most cards counted over everything the option moves (Joint Raid
   joiners included); ties go to the first listed. So the own item beats tipis on a tie
   and the first prisoner in display order wins among equals.
5. (A12) A wedding needs a tipi, so the ``tipis`` option always exists beside it: a wedding
   is always an explicit choice, never automatic and never the default. The spouse is any
   other face-up Indian of the other sex, any colour, owned or not, the slapper's own
   colour included. A wedding takes the slapper's Indian, the spouse and all tipis.
   Legality (A4) is unchanged by the variant: the tipi that allows a wedding already makes
   the slap legal.
6. (A13) Joint Raid applies to every option made by the player's Indian except a wedding:
   own item, tipis and the chief's prisoner. For a chief the unowned chiefs join; unowned
   Indians of the prisoner's kind do not. A prisoner who is an unowned chief is listed as
   the prisoner, not as a joiner; the other unowned chiefs still join. With 5 players
   nobody is unowned and the variant changes nothing.
7. (A11, A5) Piles are ordered bottom -> top. Cards won go on top in display order (the
   last turned on top). Under War Path the buffalo won go UNDER the pile, in display order
   (the first turned lowest), the other cards on top. The raid follows the warrior's take
   (the rulebook: "he then goes on the war path"), only for the own item (tomahawks): each
   other player, clockwise from the raider's left, gives the buffalo nearest the bottom of
   their pile (two in a 2-player game, as far as they have); the raider puts all raided
   buffalo under the pile, the first taken lowest. A penalty removes the top two cards
   (fewer if the pile is smaller); ``removed`` lists them top card first.
8. (A9) The turner: after a window, the seat of the last slap in its order, legal or not;
   after a turn with no slap, the next seat clockwise. Setup ``first`` names the seat that
   turns first (the rulebook's "sharpest eagle eye"). A card cannot be turned while a
   window is open or a choice is pending: the UI closes the window first (the arbiter
   closes a window at a card turn too).
9. (A9) A slap before the first card, or whenever no matching Indian is face up, is a
   legal ACTION and an illegal SLAP: it costs the penalty (nothing from an empty pile).
   ``legal_actions`` in ``ready``/``window``/``final`` lists the four slaps of every seat
   that has not slapped since the last card was turned up (A8, decision 11).
10. (A10) After the last card, exactly one window may open: when it closes (choices
    included) the game is over; ``end`` ends it when nobody slaps. A slap after that window
    cannot open another. Cards left face up score nothing; ties share the victory.
11. (A8) One hand card per player per turned card: from one card turned up to the next
    (before the first card: from the start), each seat slaps at most once, across all the
    windows on that card (the state's ``slapped_on_card``). A slap after a window's
    resolution opens a new window only for a seat that has not slapped on the card (A9);
    ``legal_actions`` does not offer the others' slaps and ``apply`` refuses them, naming
    ruling A8 and when that seat may slap again. The arbiter of the FULL screens ignores
    such presses (no penalty); a journal holding one cannot be replayed past it.

The public face: :class:`Apache` (``APACHE`` is the engine), its state
:class:`ApacheState` with :class:`SlapResult` records, the actions, and the card tables in
:mod:`companion.rules.apache.cards`.

The words a person reads (a refusal's ``IllegalAction.args[0]``, a ``SlapResult.reason``,
the TRACKER's ``Outcome.reason``, ``action_words`` and ``card_words``) are
:class:`~companion.words.Words`: the English ``str`` the journals and the command line
keep, which a screen shows in its language with ``shown(value, catalog)``. A reason read
back from a state's JSON is plain English.
"""

from __future__ import annotations

from typing import Final

from companion.rules.apache.actions import (
    CLOSE,
    END,
    OPTIONS,
    Action,
    Choose,
    Close,
    End,
    Reveal,
    Slap,
    Turn,
    action_words,
    parse_action,
)
from companion.rules.apache.cards import (
    COLOURS,
    KINDS,
    NUM_CARDS,
    TYPE_NAMES,
    card_ids,
    card_type,
    card_words,
    colour_of,
    kind_of,
)
from companion.rules.apache.engine import (
    CHOOSE,
    FINAL,
    OVER,
    PHASES,
    READY,
    REVEAL,
    VARIANTS,
    WINDOW,
    Apache,
    ApacheState,
    SlapResult,
)

__all__ = [
    "APACHE",
    "CHOOSE",
    "CLOSE",
    "COLOURS",
    "END",
    "FINAL",
    "KINDS",
    "NUM_CARDS",
    "OPTIONS",
    "OVER",
    "PHASES",
    "READY",
    "REVEAL",
    "TYPE_NAMES",
    "VARIANTS",
    "WINDOW",
    "Action",
    "Apache",
    "ApacheState",
    "Choose",
    "Close",
    "End",
    "Reveal",
    "Slap",
    "SlapResult",
    "Turn",
    "action_words",
    "card_ids",
    "card_type",
    "card_words",
    "colour_of",
    "kind_of",
    "parse_action",
]

APACHE: Final = Apache()
