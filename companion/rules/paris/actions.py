"""Paris actions: small frozen records with a JSON form and a one-line text form.

=========  ===================================================================  =================
action     JSON                                                                 text
=========  ===================================================================  =================
First      ``{"kind": "first", "seat": 2}`` (chance: the first player)          ``first 2``
SetAside   ``{"kind": "aside", "district": 4, "slot": 3}`` (chance, D3)         ``aside 4.3``
Take       ``{"kind": "take", "district": 4}`` (the draft: a pile by colour)    ``take 4``
Draw       ``{"kind": "draw", "district": 4, "slot": 2}`` (chance: which one)   ``draw 4.2``
Place      ``{"kind": "place", "district": 4, "leaders": 2, "novices": 1,       ``place 4 2+1+0``
           "recruits": 0}`` (optional action a, ruling D5)
Move       ``{"kind": "move", "moves": [{"from": 4, "to": 8, "apache":          ``move 4>8 leader``
           "leader"}]}`` (optional action b: 1 or 2 Apaches, ruling D5)
Stash      ``{"kind": "stash", "district": 4, "slot": 2}``; ``"bail": true``     ``stash 4.2 bail``
           when the player also frees a prisoner (ruling D8)
Bourgeois  ``{"kind": "bourgeois", "identity": "policeman"}`` (chance, D7)       ``bourgeois ...``
=========  ===================================================================  =================

A stash is named by its district and its slot (1 = the first slot, ruling D3). Recruits are
the reinforcements. ``repr`` is a constructor call, ``str`` the text form;
:func:`action_words` says an action as a person reads it (in a refusal), as
:class:`~companion.words.Words` a screen shows in its language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from companion.rules.base import JSON, int_field, record_kind
from companion.rules.paris.board import district_words
from companion.rules.paris.wording import and_words
from companion.words import Words, joined, plural_words, say

LEADER: Final = "leader"
NOVICE: Final = "novice"
RECRUIT: Final = "recruit"
APACHE_KINDS: Final = (LEADER, NOVICE, RECRUIT)
"""Kinds of Apache on the board: recruits are the reinforcements (ruling D7)."""
IDENTITIES: Final = ("bourgeois", "policeman")


@dataclass(frozen=True, slots=True)
class First:
    """Chance: ``seat`` is the first player of round 1 (the rulebook: chosen randomly)."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class SetAside:
    """Chance: district ``district``'s stash of slot ``slot`` is set aside unseen (D3)."""

    district: int
    slot: int

    def __str__(self) -> str:
        return f"aside {self.district}.{self.slot}"


@dataclass(frozen=True, slots=True)
class Take:
    """The draft: the player takes a stash from district ``district``'s pile (roofs up)."""

    district: int

    def __str__(self) -> str:
        return f"take {self.district}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the stash taken from the pile is the one of slot ``slot``."""

    district: int
    slot: int

    def __str__(self) -> str:
        return f"draw {self.district}.{self.slot}"


@dataclass(frozen=True, slots=True)
class Place:
    """Optional action (a): Apaches from the reserve into ONE district (ruling D5)."""

    district: int
    leaders: int
    novices: int = 0
    recruits: int = 0

    @property
    def total(self) -> int:
        return self.leaders + self.novices + self.recruits

    def __str__(self) -> str:
        return f"place {self.district} {self.leaders}+{self.novices}+{self.recruits}"


@dataclass(frozen=True, slots=True, order=True)
class Step:
    """One Apache of a move: from ``source`` to the adjacent ``target``."""

    source: int
    target: int
    apache: str

    def __str__(self) -> str:
        return f"{self.source}>{self.target} {self.apache}"


@dataclass(frozen=True, slots=True)
class Move:
    """Optional action (b): 1 or 2 Apaches, each to an adjacent district (ruling D5).
    ``steps`` is kept sorted, so equal moves compare equal whatever order they were given."""

    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if list(self.steps) != sorted(self.steps):
            object.__setattr__(self, "steps", tuple(sorted(self.steps)))

    def __str__(self) -> str:
        return "move " + ", ".join(map(str, self.steps))


@dataclass(frozen=True, slots=True)
class Stash:
    """The obligatory action: reveal the stash (district, slot) and place it on its slot;
    ``bail``: then pay 150 F to free a prisoner (ruling D8)."""

    district: int
    slot: int
    bail: bool = False

    def __str__(self) -> str:
        return f"stash {self.district}.{self.slot}" + (" bail" if self.bail else "")


@dataclass(frozen=True, slots=True)
class Bourgeois:
    """Chance: the bourgeois counter drawn by district 8's majority (ruling D7)."""

    identity: str

    def __str__(self) -> str:
        return f"bourgeois {self.identity}"


Action: TypeAlias = First | SetAside | Take | Draw | Place | Move | Stash | Bourgeois


def apaches_words(leaders: int, novices: int, recruits: int) -> Words:
    """``"2 leaders, 1 novice"``: some Apaches by kind (recruits are reinforcements)."""
    parts = []
    if leaders:
        parts.append(plural_words("{count} leader", "{count} leaders", leaders, count=leaders))
    if novices:
        parts.append(plural_words("{count} novice", "{count} novices", novices, count=novices))
    if recruits:
        parts.append(
            plural_words(
                "{count} reinforcement", "{count} reinforcements", recruits, count=recruits
            )
        )
    return joined(", ", parts) if parts else say("no Apache")


def action_words(action: object) -> str:
    """An action as a person reads it in a refusal, e.g. ``"placing 2 leaders in district 4
    (blue)"``, ``"moving a leader from district 4 to district 8"``, ``"placing stash 4.2
    and paying bail"`` (:class:`~companion.words.Words`; an object that is no Paris
    action, its ``repr``)."""
    if isinstance(action, Place):
        placed = apaches_words(action.leaders, action.novices, action.recruits)
        return say(
            "placing {apaches} in {district}",
            apaches=placed,
            district=district_words(action.district),
        )
    if isinstance(action, Move):
        return say("moving {steps}", steps=and_words(map(move_step_words, action.steps)))
    if isinstance(action, Stash):
        district, slot = action.district, action.slot
        if action.bail:
            return say(
                "placing stash {district}.{slot} and paying bail", district=district, slot=slot
            )
        return say("placing stash {district}.{slot}", district=district, slot=slot)
    if isinstance(action, Take):
        return say("taking a stash from {district}", district=district_words(action.district))
    return _chance_words(action)


def move_step_words(step: Step) -> Words:
    """One Apache of a move: ``"a leader from district 4 to district 8"``."""
    source, target = step.source, step.target
    if step.apache == LEADER:
        return say(
            "a leader from district {source} to district {target}", source=source, target=target
        )
    if step.apache == NOVICE:
        return say(
            "a novice from district {source} to district {target}", source=source, target=target
        )
    if step.apache == RECRUIT:
        return say(
            "a reinforcement from district {source} to district {target}",
            source=source,
            target=target,
        )
    return say(
        "a {apache} from district {source} to district {target}",
        apache=step.apache,
        source=source,
        target=target,
    )


def step_text_words(step: Step) -> Words:
    """One Apache of a move in the actions' text form, ``"4>8 leader"`` (its kind in words)."""
    kind = APACHE_KIND_WORDS.get(step.apache, step.apache)
    return say("{source}>{target} {apache}", source=step.source, target=step.target, apache=kind)


def _chance_words(action: object) -> str:
    if isinstance(action, First):
        return say("drawing the first player")
    if isinstance(action, SetAside):
        return say(
            "setting stash {district}.{slot} aside", district=action.district, slot=action.slot
        )
    if isinstance(action, Draw):
        return say("drawing stash {district}.{slot}", district=action.district, slot=action.slot)
    if isinstance(action, Bourgeois):
        return _counter_words(action.identity)
    return repr(action)


def _counter_words(identity: str) -> Words:
    if identity == "bourgeois":
        return say("drawing the bourgeois counter")
    if identity == "policeman":
        return say("drawing the policeman counter")
    return say("drawing the {identity} counter", identity=identity)


APACHE_KIND_WORDS: Final = {
    LEADER: say("leader"),
    NOVICE: say("novice"),
    RECRUIT: say("recruit"),
}
"""Each kind of Apache as the actions' text form names it (recruits are reinforcements)."""


def action_to_json(action: Action) -> JSON:
    """The JSON form (see the module table)."""
    if isinstance(action, Place):
        return {
            "kind": "place",
            "district": action.district,
            "leaders": action.leaders,
            "novices": action.novices,
            "recruits": action.recruits,
        }
    if isinstance(action, Move):
        steps: list[JSON] = [
            {"from": s.source, "to": s.target, "apache": s.apache} for s in action.steps
        ]
        return {"kind": "move", "moves": steps}
    if isinstance(action, Stash):
        data: dict[str, JSON] = {"kind": "stash", "district": action.district, "slot": action.slot}
        return {**data, "bail": True} if action.bail else data
    return _simple_json(action)


def _simple_json(action: First | SetAside | Take | Draw | Bourgeois) -> JSON:
    if isinstance(action, Take):
        return {"kind": "take", "district": action.district}
    if isinstance(action, Draw | SetAside):
        kind = "draw" if isinstance(action, Draw) else "aside"
        return {"kind": kind, "district": action.district, "slot": action.slot}
    if isinstance(action, First):
        return {"kind": "first", "seat": action.seat}
    return {"kind": "bourgeois", "identity": action.identity}


def action_from_json(data: Any) -> Action:
    """Inverse of :func:`action_to_json`; ``ValueError`` naming the record and what is
    wrong with it."""
    kind = record_kind(data, "paris", _FIELDS, optional=_OPTIONAL)
    return _READERS[kind](data)


# --- helpers ---------------------------------------------------------------------------------

_FIELDS: Final = {
    "first": frozenset({"seat"}),
    "aside": frozenset({"district", "slot"}),
    "take": frozenset({"district"}),
    "draw": frozenset({"district", "slot"}),
    "place": frozenset({"district", "leaders", "novices", "recruits"}),
    "move": frozenset({"moves"}),
    "stash": frozenset({"district", "slot"}),
    "bourgeois": frozenset({"identity"}),
}
_OPTIONAL: Final = {"stash": frozenset({"bail"})}


def _int(data: Mapping[str, Any], key: str) -> int:
    return int_field(data, key, "paris")


def _step(data: Any) -> Step:
    if not isinstance(data, dict) or set(data) != {"from", "to", "apache"}:
        raise ValueError(
            f"a paris move step is {{'from': 4, 'to': 8, 'apache': 'leader'}}, got {data!r}"
        )
    if data["apache"] not in APACHE_KINDS:
        raise ValueError(
            f"unknown apache {data['apache']!r} in a paris move; one of {', '.join(APACHE_KINDS)}"
        )
    return Step(_int(data, "from"), _int(data, "to"), str(data["apache"]))


def _move(data: Mapping[str, Any]) -> Move:
    moves = data["moves"]
    if not isinstance(moves, list) or not 1 <= len(moves) <= 2:
        raise ValueError(
            f"a paris move moves 1 or 2 Apaches: a list of 1 or 2 steps, got {moves!r}"
        )
    return Move(tuple(_step(m) for m in moves))


def _stash(data: Mapping[str, Any]) -> Stash:
    bail = data.get("bail", False)
    if type(bail) is not bool:
        raise ValueError(f"a paris stash action's 'bail' is true or false, got {bail!r}")
    return Stash(_int(data, "district"), _int(data, "slot"), bail)


def _bourgeois(data: Mapping[str, Any]) -> Bourgeois:
    identity = data["identity"]
    if identity not in IDENTITIES:
        raise ValueError(
            f"a paris bourgeois counter is {' or '.join(IDENTITIES)}, got {identity!r}"
        )
    return Bourgeois(str(identity))


_READERS: Final[dict[str, Callable[[Mapping[str, Any]], Action]]] = {
    "first": lambda d: First(_int(d, "seat")),
    "aside": lambda d: SetAside(_int(d, "district"), _int(d, "slot")),
    "take": lambda d: Take(_int(d, "district")),
    "draw": lambda d: Draw(_int(d, "district"), _int(d, "slot")),
    "place": lambda d: Place(
        _int(d, "district"), _int(d, "leaders"), _int(d, "novices"), _int(d, "recruits")
    ),
    "move": _move,
    "stash": _stash,
    "bourgeois": _bourgeois,
}
