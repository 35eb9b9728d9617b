"""The Paris state: its constants and the immutable :class:`ParisState` record.

Shared by the engine (``engine.py``), the invariants (``invariants.py``), the bots and the
simulation. The rules decisions are listed in the package docstring.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final, NamedTuple

from companion.rules.paris.board import DISTRICT_MASK, SLOT_COUNTS, STASH_DISTRICT, STASH_SLOT
from companion.rules.paris.settlement import SettlementStep

# --- constants -------------------------------------------------------------------------------

FIRST: Final = "first"
"""Chance: the first player of the game is drawn."""
ASIDE: Final = "aside"
"""Chance: one stash per district in play is set aside unseen (ruling D3)."""
DRAFT: Final = "draft"
"""A player takes a stash from one district's pile (actor: that player)."""
DRAW: Final = "draw"
"""Chance: which stash of that pile it is."""
TURN: Final = "turn"
"""A player's turn: an optional action (place, move) or straight to the stash (D5)."""
STASH: Final = "stash"
"""After the optional action: the obligatory stash placement (D5)."""
BOURGEOIS: Final = "bourgeois"
"""Chance at the round end: the bourgeois counter district 8's majority draws (D7)."""
OVER: Final = "over"
PHASES: Final = (FIRST, ASIDE, DRAFT, DRAW, TURN, STASH, BOURGEOIS, OVER)

GANGS: Final = ("purple", "yellow", "green", "red")
"""The Paris gangs (RULINGS.md names); seat ``i`` plays ``colours[i]``."""
PLAYERS: Final = (2, 4)
DEFAULT_PLAYERS: Final = 4
SETUP_KEYS: Final = ("players", "colours", "districts", "board")
ROUNDS: Final = 3
TURNS: Final = 6
"""Turns per round: each player drafts 6 stashes and places one per turn."""
LEADERS: Final = 7
NOVICES: Final = 3
GANG_SIZE: Final = LEADERS + NOVICES
RECRUITS: Final = 5
"""The reinforcement supply (ruling D7)."""
START_MONEY: Final = 500
COUNTERS: Final = 4
"""Bourgeois counters: 3 bourgeois and 1 policeman."""
PLAIN_BOURGEOIS: Final = 3
STRIDE: Final = 10
"""Board tuples are indexed ``seat * STRIDE + district``."""
RL, RN, RR = 0, 1, 2
"""``reserve[seat * 3 + k]``: leaders, novices, recruits in the reserve."""

# --- the state -------------------------------------------------------------------------------


class ParisState(NamedTuple):
    """A moment of a Paris game: an immutable tuple of small ints and tuples.

    Seats and their gangs: ``colours``. ``districts``: the configuration in play (D2);
    ``board``: the board's name (``boards/<board>.toml``). ``round`` 1..3, ``first`` the
    round's first player (-1 before the draw), ``turn`` 1..6 during the turns (0 before),
    ``step`` the picks made (draft) or the seats done in this turn, ``order`` this turn's
    seat order (the last turn's by D6), ``taken`` the district drawn from (phase draw).

    Stashes are bits of ids 0..30 (``board.py``): ``piles`` still in the draft piles,
    ``aside`` set aside this round, ``hands[seat]`` in front of each player, ``covered`` on
    their slots; the rest (prohibited districts) stay in the box.

    Apaches: ``leaders``/``novices``/``recruits`` on the board at ``seat * 10 + district``;
    ``reserve`` at ``seat * 3 + k`` (leaders, novices, recruits available); ``hospital`` and
    ``prison`` the leaders missing this round (D8); ``cemetery``; ``novices_used`` out of the
    game; ``supply`` the reinforcements left, ``recruits_used`` those out of the game.

    Money: ``money`` per seat and the ``ledger`` that explains it, one ``(round, seat,
    change, reason)`` per movement. Bourgeois: ``bourgeois`` plain ones held per seat,
    ``policeman`` his holder (-1: still in district 8's pile). ``settlement``: the last
    settled round's steps.
    """

    colours: tuple[str, ...]
    board: str
    districts: tuple[int, ...]
    phase: str
    round: int
    first: int
    turn: int
    step: int
    order: tuple[int, ...]
    taken: int
    piles: int
    aside: int
    hands: tuple[int, ...]
    covered: int
    leaders: tuple[int, ...]
    novices: tuple[int, ...]
    recruits: tuple[int, ...]
    counts: tuple[int, ...]
    reserve: tuple[int, ...]
    hospital: tuple[int, ...]
    prison: tuple[int, ...]
    cemetery: tuple[int, ...]
    novices_used: tuple[int, ...]
    supply: int
    recruits_used: int
    money: tuple[int, ...]
    ledger: tuple[tuple[int, int, int, str], ...]
    bourgeois: tuple[int, ...]
    policeman: int
    settlement: tuple[SettlementStep, ...]

    @property
    def players(self) -> int:
        return len(self.colours)

    def apaches(self, seat: int, district: int) -> int:
        """``seat``'s Apaches in ``district`` (leaders, novices and reinforcements)."""
        return self.counts[seat * STRIDE + district]

    def district_counts(self, district: int) -> tuple[int, ...]:
        """Each seat's Apaches in ``district``."""
        return self.counts[district::STRIDE]

    def in_reserve(self, seat: int) -> int:
        """Ruling D6: leaders + novices + reinforcements available in the reserve."""
        return sum(self.reserve[seat * 3 : seat * 3 + 3])

    def hand(self, seat: int) -> tuple[tuple[int, int], ...]:
        """``seat``'s stashes as (district, slot) pairs."""
        return stash_pairs(self.hands[seat])

    def uncovered(self, district: int) -> tuple[int, ...]:
        """The slots of ``district`` no stash covers (yet)."""
        free = DISTRICT_MASK[district] & ~self.covered
        return tuple(STASH_SLOT[s] for s in bits(free))


# --- helpers: stash masks ---------------------------------------------------------------------


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@lru_cache(maxsize=4096)
def stash_ids(mask: int) -> tuple[int, ...]:
    """The stash ids of ``mask`` (a pile: cached)."""
    return tuple(bits(mask))


@lru_cache(maxsize=4096)
def stash_pairs(mask: int) -> tuple[tuple[int, int], ...]:
    """The stashes of ``mask`` as (district, slot) pairs (a hand: cached)."""
    return tuple((STASH_DISTRICT[s], STASH_SLOT[s]) for s in bits(mask))


@cache
def stash_districts(districts: tuple[int, ...]) -> tuple[int, ...]:
    """The districts of a configuration that have stash slots (cached: a handful of
    configurations)."""
    return tuple(d for d in districts if SLOT_COUNTS[d])


def play_mask(districts: tuple[int, ...]) -> int:
    mask = 0
    for d in districts:
        mask |= DISTRICT_MASK[d]
    return mask


FIELD: Final = {name: k for k, name in enumerate(ParisState._fields)}
"""The index of each field of a state (the fast steps build states from field lists)."""
PLAYER_TURN: Final = frozenset({TURN, STASH})
