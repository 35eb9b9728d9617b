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
:func:`action_from_json` read them back (raising ``ValueError`` on malformed input). The text
form numbers the seats from 0, as the JSON does; :func:`action_words` says an action as a
person reads it in a refusal, its seat by colour (``"yellow's slap with the hunter"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from companion.rules.apache.cards import (
    KIND_INDEX,
    KINDS,
    NUM_CARDS,
    TYPE_INDEX,
    card_words,
    kind_words,
    type_name_words,
)
from companion.rules.apache.table import seat_words
from companion.rules.base import JSON, int_field, record_kind
from companion.words import Words, say

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
    kind = record_kind(data, "apache", _FIELDS, optional=_OPTIONAL)
    if kind == "turn":
        return Turn(int_field(data, "seat", "apache"))
    if kind == "reveal":
        return Reveal(_card(data["card"]))
    if kind == "slap":
        return Slap(int_field(data, "seat", "apache"), _indian(data["indian"]))
    if kind == "choose":
        return _choose(data)
    return CLOSE if kind == "close" else END


def parse_action(text: str) -> Action:
    """Read the text form: ``parse_action("slap 1 hunter") == Slap(1, "hunter")``."""
    tokens = text.split()
    if not tokens:
        raise ValueError("an empty apache action; expected e.g. 'slap 1 hunter'")
    kind, args = tokens[0], tokens[1:]
    fields = _ARGUMENTS.get(kind)
    if fields is None or not len(fields) - (kind == "choose") <= len(args) <= len(fields):
        raise ValueError(f"cannot read apache action {text!r}; e.g. 'slap 1 hunter', 'close'")
    data: dict[str, Any] = {"kind": kind}
    for name, value in zip(fields, args, strict=False):
        data[name] = int(value) if name in ("seat", "target") and _is_int(value) else value
    return action_from_json(data)


def action_words(action: Action, colours: Sequence[str]) -> Words:
    """An action as a person reads it, its seat by colour (``colours[seat]``): ``"yellow's
    slap with the hunter"``, ``"red turning the next card"`` (the subject of a refusal)."""
    match action:
        case Turn():
            return say("{player} turning the next card", player=seat_words(colours, action.seat))
        case Reveal():
            return say("turning up a {card}", card=type_name_words(action.card))
        case Slap():
            player, indian = seat_words(colours, action.seat), kind_words(action.indian)
            return say("{player}'s slap with the {indian}", player=player, indian=indian)
        case Choose():
            player, choice = seat_words(colours, action.seat), choice_words(action)
            return say("{player}'s choice {choice}", player=player, choice=choice)
        case Close():
            return say("closing the slap window")
        case _:
            return say("ending the game")


def choice_words(choice: Choose) -> str:
    """``"'tipis'"``, ``"'prisoner' 17 (the yellow hunter)"``: an option as the JSON names
    it (a name, not words), with its card in words."""
    target = choice.target
    if target is None:
        return repr(choice.option)
    if 0 <= target < NUM_CARDS:
        card = card_words(target)
        return say(
            "{option} {target} (the {card})", option=repr(choice.option), target=target, card=card
        )
    return f"{choice.option!r} {target}"


# --- helpers ---------------------------------------------------------------------------------

_ARGUMENTS: Final = {
    "turn": ("seat",),
    "reveal": ("card",),
    "slap": ("seat", "indian"),
    "close": (),
    "choose": ("seat", "option", "target"),
    "end": (),
}
"""The fields of each action kind (besides ``kind``), in the order of its text form."""
_OPTIONAL: Final = {"choose": frozenset({"target"})}
"""The fields a kind may leave out: a choice's ``target`` (only prisoner and wedding)."""
_FIELDS: Final = {
    kind: frozenset(fields) - _OPTIONAL.get(kind, frozenset())
    for kind, fields in _ARGUMENTS.items()
}
"""The fields each kind's JSON form must have."""


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _card(card: Any) -> str:
    if not isinstance(card, str) or card not in TYPE_INDEX:
        raise ValueError(f"unknown card type {card!r}; e.g. 'red-hunter', 'buffalo', 'tipi'")
    return str(card)


def _indian(indian: Any) -> str:
    if not isinstance(indian, str) or indian not in KIND_INDEX:
        raise ValueError(f"unknown indian {indian!r}; one of {', '.join(KINDS)}")
    return str(indian)


def _choose(data: Mapping[str, Any]) -> Choose:
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
    return Choose(int_field(data, "seat", "apache"), str(option), target)
