"""The Paris board: districts, stash slots and their outcomes, adjacency, configurations.

The printed board is not in the rulebook (ruling D4): a board is a TOML data file in
``boards/`` (the shipped one is ``reference.toml``, the REFERENCE_BOARD of
``companion/rules/RULINGS.md``). How to describe another board: ``BOARDS.md`` beside this
module. :func:`parse_board` validates a board and raises :class:`BoardError` naming the
file, the key and the value.

Stashes are numbered 0..30: district 1's slots first (slot 1 first), then district 2's, ...
(ruling D3: each stash belongs to one slot of one district).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, NamedTuple

from companion.errors import ConfigError
from companion.rules.base import SetupError
from companion.words import Words, say

# --- constants -------------------------------------------------------------------------------

DISTRICT_NAMES: Final = (
    "",
    "green",
    "orange",
    "red",
    "blue",
    "yellow",
    "pink",
    "light blue",
    "bourgeois",
    "fence",
)
"""District ``d`` (1..9) is ``DISTRICT_NAMES[d]`` (ruling D2); in words a person reads,
:func:`district_words` (``"district 5 (yellow)"``)."""

DISTRICT_WORDS: Final = {
    1: say("district 1 (green)"),
    2: say("district 2 (orange)"),
    3: say("district 3 (red)"),
    4: say("district 4 (blue)"),
    5: say("district 5 (yellow)"),
    6: say("district 6 (pink)"),
    7: say("district 7 (light blue)"),
    8: say("district 8 (bourgeois)"),
    9: say("district 9 (fence)"),
}
"""Each district by its number and its rulebook name (:data:`DISTRICT_NAMES`), one message
each, so that a language can agree the name with its word for district."""

DISTRICTS: Final = tuple(range(1, 10))
STASH_DISTRICTS: Final = tuple(range(1, 8))
BOURGEOIS_DISTRICT: Final = 8
FENCE_DISTRICT: Final = 9
SLOT_COUNTS: Final = (0, 3, 4, 4, 5, 6, 5, 4, 0, 0)
"""Stash slots per district (ruling D2): 31 in all, one stash per slot."""

FIRST_STASH: Final = tuple(sum(SLOT_COUNTS[:d]) for d in range(10))
"""The id of district ``d``'s slot 1."""
STASH_DISTRICT: Final = tuple(d for d in STASH_DISTRICTS for _ in range(SLOT_COUNTS[d]))
STASH_SLOT: Final = tuple(k for d in STASH_DISTRICTS for k in range(1, SLOT_COUNTS[d] + 1))
DISTRICT_MASK: Final = tuple(((1 << SLOT_COUNTS[d]) - 1) << FIRST_STASH[d] for d in range(10))
"""The bits of district ``d``'s stashes."""

MONEY: Final = "money"
VALUABLES: Final = "valuables"
STEAL: Final = "steal"
REINFORCEMENTS: Final = "reinforcements"
WOUNDED: Final = "wounded"
KILLED: Final = "killed"
PRISON: Final = "prison"
OUTCOME_KINDS: Final = (MONEY, VALUABLES, STEAL, REINFORCEMENTS, WOUNDED, KILLED, PRISON)
WITH_AMOUNT: Final = frozenset({MONEY, VALUABLES})

DEFAULT_BOARD: Final = "reference"

CONFIGURATIONS: Final[Mapping[int, tuple[tuple[int, ...], ...]]] = {
    2: (
        (5, 6, 7, 8, 9),
        (3, 5, 6, 8, 9),
        (2, 5, 6, 8, 9),
        (3, 4, 5, 8, 9),
        (4, 5, 7, 8, 9),
        (2, 4, 5, 8, 9),
        (1, 2, 3, 4, 8, 9),
        (1, 2, 4, 7, 8, 9),
        (1, 3, 4, 7, 8, 9),
        (1, 2, 3, 6, 8, 9),
        (1, 3, 6, 7, 8, 9),
    ),
    3: (
        (2, 3, 5, 6, 7, 8, 9),
        (2, 3, 4, 5, 7, 8, 9),
        (1, 2, 4, 5, 6, 8, 9),
        (1, 3, 4, 5, 6, 8, 9),
    ),
    4: (DISTRICTS,),
}
"""The rulebook's configurations by player count (ruling D2: the lists win over the table;
the 2-player list prints 1.2.4.7.8.9 twice, kept once). The first is the default."""


class BoardError(ConfigError):
    """A board file that cannot be a Paris board: names the file, the key and the value."""


# --- outcomes and boards ---------------------------------------------------------------------


class Outcome(NamedTuple):
    """What a slot gives the district's majority (ruling D7): ``kind`` and, for money and
    valuables, ``amount`` in francs (0 otherwise)."""

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.kind in WITH_AMOUNT else self.kind

    @property
    def is_theft(self) -> bool:
        """Valuables and steal are thefts (ruling D7; the fence pays for each)."""
        return self.kind in (VALUABLES, STEAL)


@dataclass(frozen=True, slots=True)
class Board:
    """A validated board: ``slots[d]`` the outcomes of district ``d``'s slots (slot 1
    first), ``neighbours[d]`` the districts adjacent to ``d`` (sorted)."""

    name: str
    description: str
    slots: tuple[tuple[Outcome, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]

    def outcome(self, stash: int) -> Outcome:
        """The outcome printed on the slot of stash id ``stash``."""
        return self.slots[STASH_DISTRICT[stash]][STASH_SLOT[stash] - 1]


def parse_outcome(text: Any, where: str) -> Outcome:
    """``"money 400"`` -> ``Outcome("money", 400)``; :class:`BoardError` naming ``where``."""
    parts = text.split() if isinstance(text, str) else []
    kind = parts[0] if parts else None
    if kind not in OUTCOME_KINDS:
        raise BoardError(
            f"{where}: {text!r} is not a slot outcome; one of: money N, valuables N, "
            "steal, reinforcements, wounded, killed, prison"
        )
    if kind in WITH_AMOUNT:
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) <= 0:
            raise BoardError(
                f"{where}: {text!r} needs a positive amount in francs, e.g. '{kind} 300'"
            )
        return Outcome(kind, int(parts[1]))
    if len(parts) != 1:
        raise BoardError(f"{where}: {text!r}: {kind} takes no amount")
    return Outcome(kind)


def parse_board(text: str, source: str) -> Board:
    """Read and validate a board from TOML ``text``; ``source`` names the file in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{source}: not valid TOML: {exc}") from exc
    name = _string(data, "name", source)
    description = _string(data, "description", source, default="")
    districts = data.get("districts")
    if not isinstance(districts, dict):
        raise BoardError(f"{source}: key 'districts' must be tables [districts.1] .. [districts.9]")
    keys = sorted(districts, key=str)
    if keys != sorted(str(d) for d in DISTRICTS):
        raise BoardError(
            f"{source}: key 'districts' has {keys}; a board describes districts 1 to 9, once each"
        )
    slots = ((), *(_slots(districts[str(d)], d, source) for d in DISTRICTS))
    neighbours = ((), *(_neighbours(districts[str(d)], d, source) for d in DISTRICTS))
    _check_symmetric(neighbours, source)
    return Board(name, description, slots, neighbours)


def load_board_file(path: str | Path) -> Board:
    """Read and validate a board file (any path)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BoardError(f"{path}: cannot read the board file: {exc.strerror}") from exc
    return parse_board(text, str(path))


@cache
def get_board(name: str = DEFAULT_BOARD) -> Board:
    """The shipped board ``boards/<name>.toml`` (cached). :class:`SetupError` lists the
    shipped boards when there is none of that name."""
    known = board_names()
    if name not in known:
        raise SetupError(
            f"setup 'board' {name!r} is not a shipped board; known: {', '.join(known)}"
        )
    resource = resources.files(__package__ or "companion.rules.paris") / "boards" / f"{name}.toml"
    board = parse_board(resource.read_text(encoding="utf-8"), f"boards/{name}.toml")
    if board.name != name:
        raise BoardError(f"boards/{name}.toml: key 'name' is {board.name!r}; it must be {name!r}")
    return board


def board_names() -> list[str]:
    """The boards shipped in ``boards/`` (file names without ``.toml``)."""
    folder = resources.files(__package__ or "companion.rules.paris") / "boards"
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )


def district_words(district: int) -> Words:
    """``"district 5 (yellow)"``: a district by its number and its name (ruling D2), or
    ``"district 12"`` for a number that is no district."""
    if type(district) is int and district in DISTRICT_WORDS:
        return DISTRICT_WORDS[district]
    return say("district {number}", number=district)


# --- configurations (ruling D2) --------------------------------------------------------------


def configuration_name(districts: Sequence[int]) -> str:
    """``(5, 6, 7, 8, 9)`` -> ``"5.6.7.8.9"`` (the rulebook's way of writing them)."""
    return ".".join(map(str, districts))


def parse_configuration(value: Any, players: int) -> tuple[int, ...]:
    """A configuration from setup (``"5.6.7.8.9"`` or ``[5, 6, 7, 8, 9]``; ``None``: the
    default, the first of the rulebook's list), validated by ruling D2."""
    if value is None:
        return CONFIGURATIONS[players][0]
    districts = _configuration_districts(value)
    check_configuration(districts, players)
    return districts


def check_configuration(districts: tuple[int, ...], players: int) -> None:
    """Ruling D2: a configuration contains 8 and 9, and (stash slots in its districts) -
    (its districts with slots) = 6 x players. :class:`SetupError` with the counts."""
    name = configuration_name(districts)
    if BOURGEOIS_DISTRICT not in districts or FENCE_DISTRICT not in districts:
        raise SetupError(
            f"ruling D2: configuration {name} lacks the bourgeois (8) or the fence (9) "
            "district; every configuration contains both"
        )
    with_slots = [d for d in districts if SLOT_COUNTS[d]]
    slots = sum(SLOT_COUNTS[d] for d in with_slots)
    if slots - len(with_slots) != 6 * players:
        listed = " / ".join(configuration_name(c) for c in CONFIGURATIONS.get(players, ()))
        raise SetupError(
            f"ruling D2: configuration {name} for {players} players has {slots} stash slots "
            f"in {len(with_slots)} districts with slots: {slots} - {len(with_slots)} = "
            f"{slots - len(with_slots)}, but {players} players need 6 x {players} = "
            f"{6 * players} stashes to draft; the rulebook's configurations: {listed}"
        )


# --- helpers ---------------------------------------------------------------------------------


def _configuration_districts(value: Any) -> tuple[int, ...]:
    if isinstance(value, str):
        parts = value.replace("No.", "").strip().split(".")
        if not all(p.strip().isdigit() for p in parts):
            raise SetupError(
                f"setup 'districts' {value!r} is not a configuration such as '5.6.7.8.9'"
            )
        items: list[Any] = [int(p) for p in parts]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise SetupError(
            f"setup 'districts' must be like '5.6.7.8.9' or [5, 6, 7, 8, 9]: {value!r}"
        )
    if not items or any(type(d) is not int or d not in DISTRICTS for d in items):
        raise SetupError(f"setup 'districts' {value!r}: districts are numbers 1 to 9")
    if len(set(items)) != len(items):
        raise SetupError(f"setup 'districts' {value!r} names a district twice")
    return tuple(sorted(items))


def _string(data: Mapping[str, Any], key: str, source: str, *, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (default is None and not value):
        raise BoardError(f"{source}: key {key!r} must be a non-empty string, got {value!r}")
    return value


def _slots(table: Any, district: int, source: str) -> tuple[Outcome, ...]:
    key = f"districts.{district}.slots"
    if not isinstance(table, dict):
        raise BoardError(f"{source}: key 'districts.{district}' must be a table")
    unknown = sorted(set(table) - {"slots", "neighbours"})
    if unknown:
        raise BoardError(f"{source}: key 'districts.{district}' has unknown key(s) {unknown}")
    slots = table.get("slots", [])
    expected = SLOT_COUNTS[district]
    if not isinstance(slots, list) or len(slots) != expected:
        raise BoardError(
            f"{source}: key {key!r} = {slots!r}: district {district} "
            f"({DISTRICT_NAMES[district]}) has {expected} stash slots (ruling D2)"
        )
    return tuple(
        parse_outcome(s, f"{source}: key {key!r} slot {k}") for k, s in enumerate(slots, 1)
    )


def _neighbours(table: Mapping[str, Any], district: int, source: str) -> tuple[int, ...]:
    key = f"districts.{district}.neighbours"
    value = table.get("neighbours")
    if (
        not isinstance(value, list)
        or not value
        or any(type(d) is not int or d not in DISTRICTS or d == district for d in value)
        or len(set(value)) != len(value)
    ):
        raise BoardError(
            f"{source}: key {key!r} = {value!r}: a list of other districts (1 to 9), each once"
        )
    return tuple(sorted(value))


def _check_symmetric(neighbours: tuple[tuple[int, ...], ...], source: str) -> None:
    for a in DISTRICTS:
        for b in neighbours[a]:
            if a not in neighbours[b]:
                raise BoardError(
                    f"{source}: key 'districts.{a}.neighbours' lists {b} but "
                    f"'districts.{b}.neighbours' = {list(neighbours[b])} does not list {a}: "
                    "adjacency goes both ways"
                )
