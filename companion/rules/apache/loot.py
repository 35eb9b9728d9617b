"""Making loot: slap legality, the options of a slap, taking, penalties and raids.

Pure functions over tuples of card ids (see ``cards``); the engine strings them together.
Every rule cites the ruling it implements; the package docstring lists the decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from itertools import compress, filterfalse
from typing import Final, NamedTuple

from companion.rules.apache.cards import (
    BUFFALO,
    CHIEF,
    COLOURS,
    HUNTER,
    IS_BUFFALO,
    IS_MALE,
    IS_WOMAN,
    ITEM_OF_KIND,
    KINDS,
    MALE_KINDS,
    NECKLACE,
    NUM_INDIAN_TYPES,
    TIPI,
    TOMAHAWK,
    TOTEM,
    TYPE_OF,
    TYPE_WORDS,
    WARRIOR,
    WOMAN,
    card_words,
    count_words,
)

Piles = tuple[tuple[int, ...], ...]
"""One winnings pile per seat, each ordered bottom -> top (ruling A11)."""


class Seating:
    """What the colours in play decide: each seat's tribe and the unowned Indians (A1)."""

    __slots__ = (
        "able",
        "colour",
        "colours",
        "joiners",
        "legal",
        "loot_marks",
        "nobody",
        "own_types",
        "owned",
        "players",
        "seat_of_type",
        "unowned",
    )

    def __init__(self, colours: tuple[str, ...]) -> None:
        self.colours = colours
        self.players = len(colours)
        self.colour = tuple(COLOURS.index(c) for c in colours)
        """The colour index of each seat."""
        self.own_types = tuple(frozenset(range(c * 4, c * 4 + 4)) for c in self.colour)
        """The four Indian types of each seat."""
        self.owned = frozenset().union(*self.own_types)
        self.nobody: tuple[tuple[int, ...], ...] = ((),) * self.players
        self.able = tuple(self.owned & allowed for allowed in _ALLOWED)
        """``_ALLOWED`` (by which loot is face up) among this seating's Indians."""
        self.legal: dict[frozenset[int], tuple[tuple[int, ...], ...]] = {}
        """``legal_slaps``' answers by the set of Indian types that can take something."""
        owner = {c: seat for seat, c in enumerate(self.colour)}
        self.seat_of_type = tuple(owner.get(t // 4, -1) for t in range(NUM_INDIAN_TYPES))
        """The seat owning each Indian type, -1 when unowned (ruling A1)."""
        self.unowned = tuple(
            frozenset(c * 4 + kind for c in range(len(COLOURS)) if c not in owner)
            for kind in range(len(KINDS))
        )
        """Per kind, the unowned Indian types of that kind (ruling A13's joiners)."""
        self.joiners = tuple(_marks(types) for types in self.unowned)
        """Per kind, a ``bytes.translate`` table marking the joiners' types with a 1."""
        self.loot_marks = {
            (kind, loot, join): _marks({loot} | (self.unowned[kind] if join else set()))
            for kind in range(len(KINDS))
            for loot in (BUFFALO, TOTEM, TOMAHAWK, NECKLACE, TIPI)
            for join in (False, True)
        }
        """``(kind, loot type, joint raid)`` -> a ``bytes.translate`` table marking the loot
        (and the joiners of that kind) with a 1 (for ``options``)."""

    def indian(self, seat: int, kind: int) -> int:
        """The Indian type of ``seat``'s hand card ``kind``."""
        return self.colour[seat] * 4 + kind

    def words(self, seat: int, kind: int) -> str:
        return f"{self.colours[seat]} {KINDS[kind]}"


def _marks(types: Iterable[int]) -> bytes:
    """A ``bytes.translate`` table: 1 for the given types, 0 for the others."""
    marked = set(types)
    return bytes(int(t in marked) for t in range(256))


_SEATINGS: dict[tuple[str, ...], Seating] = {}


def seating(colours: tuple[str, ...]) -> Seating:
    """The (cached) seating of a colour tuple."""
    found = _SEATINGS.get(colours)
    if found is None:
        found = _SEATINGS[colours] = Seating(colours)
    return found


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


_NO_TYPE: Final = 255
_TYPE_TABLE: Final = TYPE_OF + bytes([_NO_TYPE]) * (256 - len(TYPE_OF))
"""``TYPE_OF`` as a ``bytes.translate`` table (ids 0..113 are bytes: ``bytes(display)``)."""
_MALE_TABLE: Final = IS_MALE + bytes(256 - len(IS_MALE))


def types_of(display: tuple[int, ...]) -> bytes:
    """The type of each face-up card, in display order (``in`` and ``find`` run in C)."""
    return bytes(display).translate(_TYPE_TABLE)


def males(display: tuple[int, ...]) -> int:
    """How many male Indians (ruling A3) are in ``display``."""
    return bytes(display).translate(_MALE_TABLE).count(1)


def can_take(
    place: Seating, display: tuple[int, ...], seat: int, kind: int, types: bytes | None = None
) -> bool:
    """Ruling A4: an Indian of that kind and the seat's colour is face up in ``display`` and
    can take at least one card (own item or a tipi; the chief: a tipi, or a totem pole and
    another face-up male Indian, any colour, chiefs included). ``types``: ``types_of(display)``
    if the caller has it."""
    if types is None:
        types = types_of(display)
    if place.colour[seat] * 4 + kind not in types:  # place.indian(seat, kind)
        return False
    if TIPI in types:
        return True
    if kind != CHIEF:
        return ITEM_OF_KIND[kind] in types
    return TOTEM in types and males(display) >= 2  # chief + another


def legal_kinds(place: Seating, display: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The kinds ``seat`` may slap legally on ``display`` (``can_take`` for all four)."""
    return legal_slaps(place, display)[seat]


_KIND_TYPES: Final = tuple(
    frozenset(c * 4 + kind for c in range(len(COLOURS))) for kind in range(len(KINDS))
)
_LOOT_BITS: Final = ((1, WARRIOR), (2, WOMAN), (4, HUNTER), (8, CHIEF))
_ALLOWED: Final = tuple(
    frozenset().union(*(_KIND_TYPES[kind] for bit, kind in _LOOT_BITS if key & bit))
    for key in range(16)
)
"""The Indian types that can take something, by which loot is face up (no tipi): bit 1 a
tomahawk (warriors), 2 a necklace (women), 4 a buffalo (hunters), 8 the chief's totem pole
with another male (chiefs)."""
_MALE_TYPES: Final = bytes(int(t < NUM_INDIAN_TYPES and t % 4 in MALE_KINDS) for t in range(256))
"""A ``bytes.translate`` table from a type to 1 for a male Indian (ruling A3), else 0."""


def legal_slaps(place: Seating, display: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For every seat, the kinds it may slap legally on ``display`` (ruling A4), all seats at
    once (the simulation asks after every card): the loot face up says which owned Indians
    could take something (``Seating.able``), and those face up are the answer."""
    types = bytes(display).translate(_TYPE_TABLE)
    if TIPI in types:
        able = place.owned
    else:
        key = (TOMAHAWK in types) | (NECKLACE in types) << 1 | (BUFFALO in types) << 2
        if TOTEM in types and types.translate(_MALE_TYPES).count(1) >= 2:
            key |= 8
        able = place.able[key]
    indians = able.intersection(types)
    if not indians:
        return place.nobody
    known = place.legal.get(indians)
    if known is not None:
        return known
    found: list[list[int]] = [[] for _ in range(place.players)]
    for t in sorted(indians):
        found[place.seat_of_type[t]].append(t % 4)
    if len(place.legal) >= _LEGAL_CACHE:
        place.legal.clear()
    known = place.legal[indians] = tuple(map(tuple, found))
    return known


_LEGAL_CACHE: Final = 4096
"""At most this many Indian sets remembered per seating (``Seating.legal``)."""


def why_illegal(place: Seating, display: tuple[int, ...], seat: int, kind: int) -> str:
    """Why ``can_take`` is false, in words (for ``last_resolution``)."""
    who = place.words(seat, kind)
    if place.indian(seat, kind) not in types_of(display):
        return f"no {who} face up"
    if kind == CHIEF:
        return f"the {who} could take nothing (no tipi, nor a totem pole and another male)"
    return f"the {who} could take nothing (no {TYPE_WORDS[ITEM_OF_KIND[kind]]} nor tipi)"


# --- options (rulings A6, A7, A12, A13) ------------------------------------------------------


def options(
    place: Seating,
    display: tuple[int, ...],
    seat: int,
    kind: int,
    *,
    wedding: bool,
    joint_raid: bool,
    types: bytes | None = None,
) -> tuple[Option, ...]:
    """Every option of ``seat``'s ``kind`` on ``display``, in a stable order: the own item
    (the chief: one per prisoner, in display order), tipis, then weddings (spouse in display
    order). Empty when the Indian is gone or there is nothing left to take (A5). ``types``:
    ``types_of(display)`` if the caller has it.

    The cards an option takes are picked by position, in C: ``types.translate(table)``
    marks the loot (and the Joint Raid joiners) with a 1, the slapper's Indian and the
    prisoner or spouse are marked by hand, and ``compress`` keeps the marked cards.
    """
    if types is None:
        types = types_of(display)
    at = types.find(place.colour[seat] * 4 + kind)  # A7: the first of identical Indians
    if at < 0:
        return ()
    join = joint_raid and bool(place.unowned[kind])
    joined = tuple(compress(display, types.translate(place.joiners[kind]))) if join else ()
    found: list[Option] = []
    if kind == CHIEF:
        if TOTEM in types:
            found += _prisoners(place, display, types, at, joined if join else None)
    elif (item := ITEM_OF_KIND[kind]) in types:
        marks = bytearray(types.translate(place.loot_marks[kind, item, join]))
        marks[at] = 1
        found.append(_new_option(("item", None, tuple(compress(display, marks)), joined)))
    if TIPI in types:
        marks = bytearray(types.translate(place.loot_marks[kind, TIPI, join]))
        marks[at] = 1
        found.append(_new_option(("tipis", None, tuple(compress(display, marks)), joined)))
        if wedding:
            found += _weddings(display, types, at, kind)
    return tuple(found)


def _prisoners(
    place: Seating,
    display: tuple[int, ...],
    types: bytes,
    at: int,
    joined: tuple[int, ...] | None,
) -> list[Option]:
    """A6: all totem poles and one face-up male Indian (any colour, owned or not, another
    chief included). A13: unowned chiefs still join; the prisoner's kind does not (a
    prisoner who is an unowned chief is the prisoner, not a joiner)."""
    loot = bytearray(types.translate(place.loot_marks[CHIEF, TOTEM, joined is not None]))
    loot[at] = 1
    own = display[at]
    found = []
    for i, male in enumerate(display):
        if IS_MALE[male] and male != own:
            marks = loot.copy()
            marks[i] = 1
            rest = () if joined is None else tuple(j for j in joined if j != male)
            found.append(_new_option(("prisoner", male, tuple(compress(display, marks)), rest)))
    return found


def _weddings(display: tuple[int, ...], types: bytes, at: int, kind: int) -> list[Option]:
    """A12: a woman marries any face-up male, a male any face-up woman; nobody joins."""
    tipis = bytearray(types.translate(_TIPI_MARKS))
    tipis[at] = 1
    own = display[at]
    spouse_of = IS_MALE if kind == WOMAN else IS_WOMAN
    found = []
    for i, spouse in enumerate(display):
        if spouse_of[spouse] and spouse != own:
            marks = tipis.copy()
            marks[i] = 1
            found.append(_new_option(("wedding", spouse, tuple(compress(display, marks)), ())))
    return found


_new_option: Final = partial(tuple.__new__, Option)
"""``Option`` from a tuple of its fields, without the keyword-taking ``__new__``."""
_TIPI_MARKS: Final = bytes(int(t == TIPI) for t in range(256))
"""A ``bytes.translate`` table marking the tipis with a 1 (a wedding takes them all)."""


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
    buffalo = tuple(filter(IS_BUFFALO.__getitem__, taken)) if war_path else ()
    if buffalo:
        pile = (*buffalo, *pile, *filterfalse(IS_BUFFALO.__getitem__, taken))
    else:
        pile = (*pile, *taken)
    return (*piles[:seat], pile, *piles[seat + 1 :])


def raid(piles: Piles, seat: int) -> tuple[Piles, tuple[tuple[int, tuple[int, ...]], ...]]:
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
        given = tuple(filter(IS_BUFFALO.__getitem__, new[victim]))[:per_victim]
        if given:
            new[victim] = tuple(filterfalse(given.__contains__, new[victim]))
            gains += given
            report.append((victim, given))
    new[seat] = (*gains, *new[seat])
    return tuple(new), tuple(report)


def penalise(piles: Piles, seat: int) -> tuple[Piles, tuple[int, ...]]:
    """Ruling A5: the two top cards of the pile leave the game (fewer if it is smaller).
    Returns the new piles and the removed cards, top card first."""
    pile = piles[seat]
    keep = max(0, len(pile) - 2)
    removed = pile[keep:][::-1]
    return (*piles[:seat], pile[:keep], *piles[seat + 1 :]), removed


# --- reasons in words ------------------------------------------------------------------------


_LOOT_OF_OPTION: Final = {"tipis": TIPI, "prisoner": TOTEM, "wedding": TIPI}


def taken_words(place: Seating, seat: int, kind: int, option: Option) -> str:
    """``"red hunter takes 2 buffalo"``, ``"red chief takes 3 totem poles and the green
    warrior prisoner"``, ``"red woman marries the blue hunter and takes 1 tipi"``."""
    who = place.words(seat, kind)
    loot = _LOOT_OF_OPTION.get(option.option, ITEM_OF_KIND[kind])
    joined = len(option.joined)
    # the loot is everything taken but the Indian, the prisoner or spouse, and the joiners
    count = len(option.taken) - 1 - (option.target is not None) - joined
    if option.option == "wedding" and option.target is not None:
        spouse = card_words(option.target)
        return f"{who} marries the {spouse} and takes {count_words(count, TIPI)}"
    text = f"{who} takes {count_words(count, loot)}"
    if option.option == "prisoner" and option.target is not None:
        text += f" and the {card_words(option.target)} prisoner"
    if joined:
        word = KINDS[kind] if joined == 1 else "women" if kind == WOMAN else f"{KINDS[kind]}s"
        text += f"; {joined} unowned {word} join{'s' if joined == 1 else ''} (ruling A13)"
    return text


def raid_words(place: Seating, report: tuple[tuple[int, tuple[int, ...]], ...]) -> str:
    if not report:
        return "; war path: nobody has a buffalo to give (ruling A11)"
    given = ", ".join(f"{len(ids)} from {place.colours[victim]}" for victim, ids in report)
    return f"; war path: buffalo {given} (ruling A11)"


def penalty_words(count: int) -> str:
    if count == 0:
        return "penalty 0 cards (the winnings pile is empty)"
    return f"penalty {count} card{'s' if count > 1 else ''}"


def snatched_words(
    place: Seating,
    window: tuple[int, ...],
    display: tuple[int, ...],
    seat: int,
    kind: int,
    *,
    takers: dict[int, int],
) -> str:
    """Why a slap that was legal when the window opened takes nothing now (A5, A9): the
    first card it needed that an earlier slapper took."""
    gone = set(window) - set(display)
    own_type = place.indian(seat, kind)
    own = [c for c in window if TYPE_OF[c] == own_type]
    if own and all(c in gone for c in own):
        return _snatched(place, own[0], takers)
    wanted = {TIPI, TOTEM} if kind == CHIEF else {TIPI, ITEM_OF_KIND[kind]}
    for c in window:
        if c in gone and (TYPE_OF[c] in wanted or (kind == CHIEF and IS_MALE[c])):
            return _snatched(place, c, takers)
    return "snatched: nothing was left to take"


def _snatched(place: Seating, card: int, takers: dict[int, int]) -> str:
    seat = takers.get(card)
    who = "another player" if seat is None else place.colours[seat]
    return f"snatched: the {card_words(card)} was taken by {who} first; no penalty (ruling A5)"
