"""The Paris state: its constants and the immutable :class:`ParisState` record.

Shared by the engine (``engine.py``), the invariants (``invariants.py``), the TRACKER
(``tracker.py``), the bots and the simulation. The rules decisions are listed in the package
docstring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final, NamedTuple

from companion.rules.base import JSON, SetupError
from companion.rules.paris.board import (
    DEFAULT_BOARD,
    DISTRICT_MASK,
    FIRST_STASH,
    SLOT_COUNTS,
    STASH_DISTRICT,
    STASH_SLOT,
    get_board,
    parse_configuration,
)
from companion.rules.paris.settlement import TURNS_PER_ROUND, SettlementStep
from companion.rules.setup import check_setup_options, setup_players

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
PLAYER_TURN: Final = frozenset({TURN, STASH})
"""The phases of a player's turn: ``order[step]`` is the player."""

GANGS: Final = ("purple", "yellow", "green", "red")
"""The Paris gangs (named as in ``companion/rules/RULINGS.md``); seat ``i`` plays
``colours[i]``."""
PLAYERS: Final = (2, 4)
DEFAULT_PLAYERS: Final = 4
SETUP_KEYS: Final = ("players", "colours", "districts", "board")
ROUNDS: Final = 3
TURNS: Final = TURNS_PER_ROUND
"""Turns per round: each player drafts 6 stashes and places one per turn (the 6th is the
last, ruling D6: the turn order's own constant, :mod:`~companion.rules.paris.settlement`)."""
LEADERS: Final = 7
NOVICES: Final = 3
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

    Apaches: ``leaders``/``novices``/``recruits`` on the board at ``seat * 10 + district``,
    ``counts`` their sums; ``reserve`` at ``seat * 3 + k`` (leaders, novices, recruits
    available); ``hospital`` and ``prison`` the leaders missing this round (D8);
    ``cemetery``; ``novices_used`` out of the game; ``supply`` the reinforcements left,
    ``recruits_used`` those out of the game.

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
        return tuple(stash_pair(s) for s in bits(self.hands[seat]))

    def uncovered(self, district: int) -> tuple[int, ...]:
        """The slots of ``district`` no stash covers (yet)."""
        return tuple(STASH_SLOT[s] for s in bits(DISTRICT_MASK[district] & ~self.covered))


# --- setup (both modes) ----------------------------------------------------------------------


def parse_setup(setup: Mapping[str, Any], known: Sequence[str], game: str) -> dict[str, JSON]:
    """``setup`` complete and checked: players (ruling D1), colours, districts (D2) and board
    (D4), each default filled in. Raises :class:`SetupError` naming the option; an option
    not in ``known`` (the keys of ``game``'s setup, which may have more) is refused."""
    check_setup_options(setup, game, known)
    given = setup.get("colours")
    default = len(given) if isinstance(given, list | tuple) else DEFAULT_PLAYERS
    players = setup_players(setup, PLAYERS, "ruling D1", default=default)
    colours = _setup_colours(setup, players)
    districts = parse_configuration(setup.get("districts"), players)
    board = setup.get("board", DEFAULT_BOARD)
    if not isinstance(board, str):
        raise SetupError(f"setup 'board' must be a board name such as 'reference': {board!r}")
    get_board(board)
    return {
        "players": players,
        "colours": list(colours),
        "districts": list(districts),
        "board": board,
    }


def _setup_colours(setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
    colours = setup.get("colours", GANGS[:players])
    if not isinstance(colours, list | tuple) or any(c not in GANGS for c in colours):
        raise SetupError(f"setup 'colours' must be gangs from {', '.join(GANGS)}: {colours!r}")
    if len(set(colours)) != len(colours) or len(colours) != players:
        raise SetupError(
            f"setup 'colours' {list(colours)} must name {players} different gangs, one per player"
        )
    return tuple(colours)


# --- helpers: stash masks and board tuples ---------------------------------------------------


def bits(mask: int) -> list[int]:
    """The set bits of ``mask`` (stash ids), lowest first."""
    found = []
    while mask:
        lowest = mask & -mask
        found.append(lowest.bit_length() - 1)
        mask ^= lowest
    return found


def stash_bit(district: int, slot: int) -> int:
    """The mask of the stash of ``district``'s slot ``slot`` (ruling D3)."""
    return 1 << (FIRST_STASH[district] + slot - 1)


def stash_pair(stash: int) -> tuple[int, int]:
    """Stash id ``stash`` as its (district, slot)."""
    return STASH_DISTRICT[stash], STASH_SLOT[stash]


@cache
def stash_districts(districts: tuple[int, ...]) -> tuple[int, ...]:
    """The districts of a configuration that have stash slots (1 to 7). Cached: a game has
    one configuration, and its turns and checks ask for these again and again."""
    return tuple(d for d in districts if SLOT_COUNTS[d])


@cache
def play_mask(districts: tuple[int, ...]) -> int:
    """The stashes of the districts in play (the others stay in the box). Cached as
    :func:`stash_districts` is."""
    mask = 0
    for d in districts:
        mask |= DISTRICT_MASK[d]
    return mask


def with_item(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with ``value`` at ``index``."""
    return (*values[:index], value, *values[index + 1 :])


def with_change(values: tuple[int, ...], index: int, change: int) -> tuple[int, ...]:
    """``values`` with ``change`` added at ``index``."""
    return with_item(values, index, values[index] + change)


def ledger_money(players: int, ledger: tuple[tuple[int, int, int, str], ...]) -> tuple[int, ...]:
    """Ruling D1: each seat's money as ``ledger`` tells it, 500 F and every movement."""
    money = [START_MONEY] * players
    for _, seat, change, _ in ledger:
        money[seat] += change
    return tuple(money)
