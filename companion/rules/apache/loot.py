"""Making loot: slap legality, the options of a slap, taking, penalties and raids.

Pure functions over tuples of card ids (see ``cards``); the engine strings them together.
Every rule cites the ruling it implements; the package docstring lists the decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cached_property
from typing import Final, NamedTuple

from companion.rules.apache.cards import (
    CHIEF,
    COLOURS,
    IS_BUFFALO,
    IS_MALE,
    IS_WOMAN,
    ITEM_OF_KIND,
    KINDS,
    NUM_INDIAN_TYPES,
    TIPI,
    TOTEM,
    TYPE_OF,
    TYPE_WORDS,
    WOMAN,
    card_words,
    colour_words,
    count_words,
)
from companion.words import Words, joined, plural_words, say

Piles = tuple[tuple[int, ...], ...]
"""One winnings pile per seat, each ordered bottom -> top (ruling A11)."""

Raid = tuple[tuple[int, tuple[int, ...]], ...]
"""A War Path raid: ``(victim seat, buffalo ids)`` for each victim that gave (ruling A11)."""


@dataclass(frozen=True)
class Seating:
    """The seats' colours (seat ``i`` has ``colours[i]``, ruling A1) and what they decide:
    each seat's Indians, who owns each Indian type, and the unowned Indians. Made once per
    game (the state holds it); each fact is worked out the first time it is asked for."""

    colours: tuple[str, ...]

    @cached_property
    def colour(self) -> tuple[int, ...]:
        """The colour index of each seat."""
        return tuple(COLOURS.index(c) for c in self.colours)

    @cached_property
    def owner(self) -> dict[int, int]:
        """The seat owning each owned Indian type (an unowned one is not in it, ruling A1)."""
        return {
            colour * 4 + kind: seat for seat, colour in enumerate(self.colour) for kind in range(4)
        }

    @cached_property
    def owned(self) -> frozenset[int]:
        """The Indian types of the seats' colours."""
        return frozenset(self.owner)

    @cached_property
    def unowned(self) -> tuple[frozenset[int], ...]:
        """Per kind, the unowned Indian types of that kind (ruling A13's joiners)."""
        return tuple(
            frozenset(t for t in range(kind, NUM_INDIAN_TYPES, 4) if t not in self.owner)
            for kind in range(len(KINDS))
        )

    def indian(self, seat: int, kind: int) -> int:
        """The Indian type of ``seat``'s hand card ``kind``."""
        return self.colour[seat] * 4 + kind

    def words(self, seat: int, kind: int) -> Words:
        """``seat``'s Indian ``kind`` in words: ``"red hunter"``."""
        return TYPE_WORDS[self.indian(seat, kind)]


class Option(NamedTuple):
    """One way a legal slap can make loot (ruling A6; wedding A12).

    ``taken``: every card it moves to the pile, in display order (the Indian that made the
    loot, the loot, a prisoner or spouse, and the ``joined`` unowned Indians, A13).
    """

    option: str
    target: int | None
    taken: tuple[int, ...]
    joined: tuple[int, ...]


# --- legality (ruling A4) --------------------------------------------------------------------


def types_of(display: tuple[int, ...]) -> set[int]:
    """The types face up in ``display``."""
    return {TYPE_OF[card] for card in display}


def males(display: tuple[int, ...]) -> int:
    """How many male Indians (ruling A3) are in ``display``."""
    return sum(IS_MALE[card] for card in display)


def can_take(seating: Seating, display: tuple[int, ...], seat: int, kind: int) -> bool:
    """Ruling A4: an Indian of that kind and the seat's colour is face up in ``display`` and
    can take at least one card."""
    types = types_of(display)
    return seating.indian(seat, kind) in types and _loot_for(kind, types, display)


def _loot_for(kind: int, types: Collection[int], display: tuple[int, ...]) -> bool:
    """Ruling A4: whether a face-up Indian of ``kind`` could take something: its own item or
    a tipi; the chief: a tipi, or a totem pole and another face-up male Indian (any colour,
    chiefs included)."""
    if TIPI in types:
        return True
    if kind == CHIEF:
        return TOTEM in types and males(display) >= 2  # the chief and another
    return ITEM_OF_KIND[kind] in types


def legal_slaps(seating: Seating, display: tuple[int, ...]) -> dict[int, list[int]]:
    """The kinds each seat may slap legally on ``display`` (ruling A4), in kind order, for
    the seats that may: each of the seats' Indians face up that can take something."""
    types = types_of(display)
    found: dict[int, list[int]] = {}
    for t in sorted(seating.owned.intersection(types)):
        if _loot_for(t % 4, types, display):
            found.setdefault(seating.owner[t], []).append(t % 4)
    return found


def why_illegal(seating: Seating, display: tuple[int, ...], seat: int, kind: int) -> Words:
    """Why ``can_take`` is false, in words (for ``last_resolution``)."""
    indian = seating.words(seat, kind)
    if seating.indian(seat, kind) not in types_of(display):
        return say("no {indian} face up", indian=indian)
    if kind == CHIEF:
        return say(
            "the {indian} could take nothing (no tipi, nor a totem pole and another male)",
            indian=indian,
        )
    item = TYPE_WORDS[ITEM_OF_KIND[kind]]
    return say("the {indian} could take nothing (no {item} nor tipi)", indian=indian, item=item)


# --- options (rulings A6, A7, A12, A13) ------------------------------------------------------


def options(
    seating: Seating,
    display: tuple[int, ...],
    seat: int,
    kind: int,
    *,
    wedding: bool,
    joint_raid: bool,
) -> tuple[Option, ...]:
    """Every option of ``seat``'s ``kind`` on ``display``, in a stable order: the own item
    (the chief: one per prisoner, in display order), tipis, then weddings (spouse in display
    order). Empty when the Indian is gone or there is nothing left to take (A5)."""
    types = [TYPE_OF[card] for card in display]
    own_type = seating.indian(seat, kind)
    if own_type not in types:
        return ()
    own = display[types.index(own_type)]  # A7: of identical Indians, the first turned
    joiners = seating.unowned[kind] if joint_raid else frozenset()
    joined = _picked(display, types, (), joiners) if joiners else ()
    found: list[Option] = []
    if kind == CHIEF:
        if TOTEM in types:
            found += _prisoners(display, types, own, joiners, joined)
    elif ITEM_OF_KIND[kind] in types:
        taken = _picked(display, types, (own,), {ITEM_OF_KIND[kind], *joiners})
        found.append(Option("item", None, taken, joined))
    if TIPI in types:
        taken = _picked(display, types, (own,), {TIPI, *joiners})
        found.append(Option("tipis", None, taken, joined))
        if wedding:
            found += _weddings(display, types, own, kind)
    return tuple(found)


def _picked(
    display: tuple[int, ...], types: list[int], cards: Collection[int], loot: Collection[int]
) -> tuple[int, ...]:
    """The cards of ``display`` (whose types are ``types``), in display order, that are among
    ``cards`` or of a type in ``loot``."""
    return tuple(card for card, t in zip(display, types, strict=True) if card in cards or t in loot)


def _prisoners(
    display: tuple[int, ...],
    types: list[int],
    own: int,
    joiners: Collection[int],
    joined: tuple[int, ...],
) -> list[Option]:
    """A6: all totem poles and one face-up male Indian (any colour, owned or not, another
    chief included). A13: unowned chiefs still join; the prisoner's kind does not (a
    prisoner who is an unowned chief is the prisoner, not a joiner)."""
    loot = {TOTEM, *joiners}
    return [
        Option(
            "prisoner",
            male,
            _picked(display, types, (own, male), loot),
            tuple(card for card in joined if card != male),
        )
        for male in display
        if IS_MALE[male] and male != own
    ]


def _weddings(display: tuple[int, ...], types: list[int], own: int, kind: int) -> list[Option]:
    """A12: a woman marries any face-up male, a male any face-up woman; nobody joins."""
    spouse_of = IS_MALE if kind == WOMAN else IS_WOMAN
    return [
        Option("wedding", spouse, _picked(display, types, (own, spouse), (TIPI,)), ())
        for spouse in display
        if spouse_of[spouse] and spouse != own
    ]


def default_option(found: tuple[Option, ...]) -> Option | None:
    """Ruling A6's default: the option taking the most cards; ties go to the first listed
    (own item before tipis, prisoners in display order). Never a wedding (A12)."""
    best: Option | None = None
    for option in found:
        if option.option != "wedding" and (best is None or len(option.taken) > len(best.taken)):
            best = option
    return best


# --- taking, raiding, penalties --------------------------------------------------------------


def take(piles: Piles, seat: int, taken: tuple[int, ...], *, war_path: bool) -> Piles:
    """Put ``taken`` on ``seat``'s pile: on top in display order; with War Path the buffalo
    go under the pile (in display order, the first turned lowest) and the rest on top."""
    pile = piles[seat]
    if war_path:
        buffalo = tuple(card for card in taken if IS_BUFFALO[card])
        others = tuple(card for card in taken if not IS_BUFFALO[card])
        pile = (*buffalo, *pile, *others)
    else:
        pile = (*pile, *taken)
    return _with_pile(piles, seat, pile)


def raid(piles: Piles, seat: int) -> tuple[Piles, Raid]:
    """Ruling A11: every other player, clockwise from the raider's left, gives the buffalo
    nearest the bottom of their pile (two in a 2-player game, as far as they have); the
    raider puts them under their pile, the first taken lowest. Returns the new piles and
    ``(victim, buffalo ids)`` for each victim that gave at least one."""
    players = len(piles)
    per_victim = 2 if players == 2 else 1
    new = list(piles)
    gains: list[int] = []
    report: list[tuple[int, tuple[int, ...]]] = []
    for step in range(1, players):
        victim = (seat + step) % players
        given = tuple(card for card in new[victim] if IS_BUFFALO[card])[:per_victim]
        if given:
            new[victim] = tuple(card for card in new[victim] if card not in given)
            gains += given
            report.append((victim, given))
    new[seat] = (*gains, *new[seat])
    return tuple(new), tuple(report)


def penalise(piles: Piles, seat: int) -> tuple[Piles, tuple[int, ...]]:
    """Ruling A5: the two top cards of the pile leave the game (fewer if it is smaller).
    Returns the new piles and the removed cards, top card first."""
    pile = piles[seat]
    keep = max(0, len(pile) - 2)
    return _with_pile(piles, seat, pile[:keep]), pile[keep:][::-1]


def _with_pile(piles: Piles, seat: int, pile: tuple[int, ...]) -> Piles:
    return (*piles[:seat], pile, *piles[seat + 1 :])


# --- reasons in words ------------------------------------------------------------------------


_LOOT_OF_OPTION: Final = {"tipis": TIPI, "prisoner": TOTEM, "wedding": TIPI}


_JOINERS: Final[tuple[Callable[[int], Words], ...]] = (
    lambda n: plural_words(
        "{count} unowned chief joins (ruling A13)",
        "{count} unowned chiefs join (ruling A13)",
        n,
        count=n,
    ),
    lambda n: plural_words(
        "{count} unowned warrior joins (ruling A13)",
        "{count} unowned warriors join (ruling A13)",
        n,
        count=n,
    ),
    lambda n: plural_words(
        "{count} unowned woman joins (ruling A13)",
        "{count} unowned women join (ruling A13)",
        n,
        count=n,
    ),
    lambda n: plural_words(
        "{count} unowned hunter joins (ruling A13)",
        "{count} unowned hunters join (ruling A13)",
        n,
        count=n,
    ),
)
"""How many unowned Indians of each kind (by kind index) join a Joint Raid, in words."""


def taken_words(seating: Seating, seat: int, kind: int, option: Option) -> Words:
    """``"red hunter takes 2 buffalo"``, ``"red chief takes 3 totem poles and the green
    warrior prisoner"``, ``"red woman marries the blue hunter and takes 1 tipi"``."""
    indian = seating.words(seat, kind)
    loot = _LOOT_OF_OPTION.get(option.option, ITEM_OF_KIND[kind])
    joiners = len(option.joined)
    # the loot is everything taken but the Indian, the prisoner or spouse, and the joiners
    count = len(option.taken) - 1 - (option.target is not None) - joiners
    if option.option == "wedding" and option.target is not None:
        return say(
            "{indian} marries the {spouse} and takes {tipis}",
            indian=indian,
            spouse=card_words(option.target),
            tipis=count_words(count, TIPI),
        )
    if option.option == "prisoner" and option.target is not None:
        taken = say(
            "{indian} takes {loot} and the {prisoner} prisoner",
            indian=indian,
            loot=count_words(count, loot),
            prisoner=card_words(option.target),
        )
    else:
        taken = say("{indian} takes {loot}", indian=indian, loot=count_words(count, loot))
    return joined("; ", (taken, _JOINERS[kind](joiners))) if joiners else taken


def raid_words(seating: Seating, report: Raid) -> Words:
    """What a War Path raid gave (ruling A11): ``"war path: buffalo 1 from red, 1 from
    blue (ruling A11)"``."""
    if not report:
        return say("war path: nobody has a buffalo to give (ruling A11)")
    given = joined(
        ", ",
        (
            say(
                "{count} from {player}",
                count=len(ids),
                player=colour_words(seating.colours[victim]),
            )
            for victim, ids in report
        ),
    )
    return say("war path: buffalo {given} (ruling A11)", given=given)


def penalty_words(count: int) -> Words:
    """The cards an illegal slap cost (ruling A5): ``"penalty 2 cards"``."""
    if count == 0:
        return say("penalty 0 cards (the winnings pile is empty)")
    return plural_words("penalty {count} card", "penalty {count} cards", count, count=count)


def snatched_words(
    seating: Seating,
    window: tuple[int, ...],
    display: tuple[int, ...],
    seat: int,
    kind: int,
    *,
    takers: dict[int, int],
) -> Words:
    """Why a slap that was legal when the window opened takes nothing now (A5, A9): the
    first card it needed that an earlier slapper took."""
    gone = set(window) - set(display)
    own_type = seating.indian(seat, kind)
    own = [c for c in window if TYPE_OF[c] == own_type]
    if own and all(c in gone for c in own):
        return _snatched(seating, own[0], takers)
    wanted = {TIPI, TOTEM} if kind == CHIEF else {TIPI, ITEM_OF_KIND[kind]}
    for c in window:
        if c in gone and (TYPE_OF[c] in wanted or (kind == CHIEF and IS_MALE[c])):
            return _snatched(seating, c, takers)
    return say("snatched: nothing was left to take")


def _snatched(seating: Seating, card: int, takers: dict[int, int]) -> Words:
    seat = takers.get(card)
    taker = say("another player") if seat is None else colour_words(seating.colours[seat])
    return say(
        "snatched: the {card} was taken by {player} first; no penalty (ruling A5)",
        card=card_words(card),
        player=taker,
    )
