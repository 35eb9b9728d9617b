"""Apache actions: small frozen records with a JSON form and a one-line text form.

=========  ==========================================================  ======================
action     JSON                                                        text
=========  ==========================================================  ======================
Turn       ``{"kind": "turn", "seat": 0}``                             ``turn 0``
Reveal     ``{"kind": "reveal", "card": "red-hunter"}`` (chance)       ``reveal red-hunter``
Slap       ``{"kind": "slap", "seat": 1, "indian": "hunter"}``         ``slap 1 hunter``
Close      ``{"kind": "close"}``                                       ``close``
Choose     ``{"kind": "choose", "seat": 1, "option": "prisoner",       ``choose 1 prisoner 17``
           "target": 17}`` (``target`` only for prisoner and wedding)
End        ``{"kind": "end"}``                                         ``end``
=========  ==========================================================  ======================

``repr`` is a constructor call, ``str`` the text form, and :func:`parse_action` /
:func:`action_from_json` read them back (raising ``ValueError`` on malformed input).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from companion.rules.apache.cards import KIND_INDEX, KINDS, TYPE_INDEX
from companion.rules.base import JSON

OPTIONS: Final = ("item", "tipis", "prisoner", "wedding")
"""The options of a legal slap (ruling A6; wedding: ruling A12). ``prisoner`` is the chief's
own item (totem poles and a prisoner); ``item`` is the own item of the other kinds."""

TARGETED: Final = frozenset({"prisoner", "wedding"})


@dataclass(frozen=True, slots=True)
class Turn:
    """The turner turns the next prairie card (its face comes as the chance action)."""

    seat: int

    def __str__(self) -> str:
        return f"turn {self.seat}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the turned card shows ``card`` (a type name such as ``"red-hunter"``)."""

    card: str

    def __str__(self) -> str:
        return f"reveal {self.card}"


@dataclass(frozen=True, slots=True)
class Slap:
    """``seat`` plays its hand card ``indian`` on the Pow-Wow board."""

    seat: int
    indian: str

    def __str__(self) -> str:
        return f"slap {self.seat} {self.indian}"


@dataclass(frozen=True, slots=True)
class Close:
    """The open slap window closes (the arbiter's quiet time passed): resolve it."""

    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True, slots=True)
class Choose:
    """``seat`` takes ``option``; ``target`` is the prisoner's or the spouse's card id."""

    seat: int
    option: str
    target: int | None = None

    def __str__(self) -> str:
        tail = "" if self.target is None else f" {self.target}"
        return f"choose {self.seat} {self.option}{tail}"


@dataclass(frozen=True, slots=True)
class End:
    """After the last card, nobody slaps: the game ends (ruling A10)."""

    def __str__(self) -> str:
        return "end"


Action: TypeAlias = Turn | Reveal | Slap | Close | Choose | End

CLOSE: Final = Close()
END: Final = End()


def action_to_json(action: Action) -> JSON:
    """The JSON form (see the module table)."""
    if isinstance(action, Slap):
        return {"kind": "slap", "seat": action.seat, "indian": action.indian}
    if isinstance(action, Reveal):
        return {"kind": "reveal", "card": action.card}
    if isinstance(action, Turn):
        return {"kind": "turn", "seat": action.seat}
    if isinstance(action, Choose):
        data: dict[str, JSON] = {"kind": "choose", "seat": action.seat, "option": action.option}
        if action.target is not None:
            data["target"] = action.target
        return data
    return {"kind": "close"} if isinstance(action, Close) else {"kind": "end"}


def action_from_json(data: Any) -> Action:
    """Inverse of :func:`action_to_json`; ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"not an apache action: {data!r}; expected e.g. {{'kind': 'close'}}")
    kind = data.get("kind")
    expected = _FIELDS.get(kind) if isinstance(kind, str) else None
    if expected is None:
        raise ValueError(f"unknown apache action kind {kind!r}; known: {sorted(_FIELDS)}")
    extra = set(data) - expected - {"kind", "target"}
    if extra or (kind != "choose" and "target" in data):
        raise ValueError(f"apache {kind} action has unexpected field(s) {sorted(extra)}: {data}")
    if kind == "turn":
        return Turn(_seat(data))
    if kind == "reveal":
        return Reveal(_card(data.get("card")))
    if kind == "slap":
        return Slap(_seat(data), _indian(data.get("indian")))
    if kind == "choose":
        return _choose(data)
    return CLOSE if kind == "close" else END


def parse_action(text: str) -> Action:
    """Read the text form: ``parse_action("slap 1 hunter") == Slap(1, "hunter")``."""
    words = text.split()
    if not words:
        raise ValueError("an empty apache action; expected e.g. 'slap 1 hunter'")
    kind, args = words[0], words[1:]
    names = {"turn": ("seat",), "reveal": ("card",), "slap": ("seat", "indian")}
    names |= {"close": (), "end": (), "choose": ("seat", "option", "target")}
    fields = names.get(kind)
    if fields is None or not len(fields) - (kind == "choose") <= len(args) <= len(fields):
        raise ValueError(f"cannot read apache action {text!r}; e.g. 'slap 1 hunter', 'close'")
    data: dict[str, Any] = {"kind": kind}
    for name, value in zip(fields, args, strict=False):
        data[name] = int(value) if name in ("seat", "target") and _is_int(value) else value
    return action_from_json(data)


# --- helpers ---------------------------------------------------------------------------------

_FIELDS: Final = {
    "turn": {"seat"},
    "reveal": {"card"},
    "slap": {"seat", "indian"},
    "close": set(),
    "choose": {"seat", "option"},
    "end": set(),
}


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _seat(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if type(seat) is not int:
        raise ValueError(f"an apache action's seat must be an integer, got {seat!r}")
    return seat


def _card(card: Any) -> str:
    if card not in TYPE_INDEX:
        raise ValueError(f"unknown card type {card!r}; e.g. 'red-hunter', 'buffalo', 'tipi'")
    return str(card)


def _indian(indian: Any) -> str:
    if indian not in KIND_INDEX:
        raise ValueError(f"unknown indian {indian!r}; one of {', '.join(KINDS)}")
    return str(indian)


def _choose(data: dict[str, Any]) -> Choose:
    option, target = data.get("option"), data.get("target")
    if option not in OPTIONS:
        raise ValueError(f"unknown option {option!r}; one of {', '.join(OPTIONS)}")
    if (option in TARGETED) != (target is not None) or (
        target is not None and type(target) is not int
    ):
        raise ValueError(
            f"option {option!r} needs {'a card id' if option in TARGETED else 'no'} target, "
            f"got {target!r}"
        )
    return Choose(_seat(data), str(option), target)
