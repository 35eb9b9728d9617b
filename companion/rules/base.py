"""The engine interface every game implements.

An engine is a stateless object whose methods are pure functions of their arguments: no I/O,
no clock, no pygame, no global random state. A game is fully determined by
``(setup, seed, actions)``, which is exactly what a journal records.

Writing an engine: subclass :class:`Engine` with your own ``State`` and ``Action`` types and
implement the abstract methods. ``State`` must be an immutable value with ``==`` (a frozen
dataclass of tuples is ideal); ``apply`` returns a NEW state and never changes its argument.
``Action`` is a small immutable record with ``==`` and a JSON form::

    class Pig(Engine[PigState, PigAction]):
        name = "pig"
        rules_version = "1"
        ...

    PIG = Pig()

Then name it in :data:`companion.rules.registry.GAMES` (``"pig": "companion.rules.pig:PIG"``)
so that journals find it, and run :func:`companion.rules.harness.check_random_games` on it in
the game's tests.

Chance is an explicit actor (OpenSpiel style). When :meth:`Engine.actor` returns
:data:`CHANCE`, :meth:`Engine.chance_outcomes` lists ``(action, probability)`` pairs; the
caller picks one (:func:`sample_chance` with a seeded ``random.Random``) and applies it like
any other action. So a journal replays a shuffle exactly, a test can deal an exact hand, and a
TRACKER session can enter the card that was really dealt at the table.

Real-time games (Apache's Pow-Wow: after a card is turned anyone may slap) use the actor
:data:`TABLE`: any seat may act at once, so every action then names its own seat, and
``legal_actions`` lists the actions of all seats that may act (plus any seatless ones, such
as closing a slap window). Who acted is read from the action, not from ``actor``.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, TypeAlias, TypeVar

from companion.errors import CompanionError, IllegalAction
from companion.words import say

__all__ = [
    "CHANCE",
    "JSON",
    "TABLE",
    "Engine",
    "Outcome",
    "SetupError",
    "illegal",
    "int_field",
    "int_value",
    "record_kind",
    "sample_chance",
    "victory_reason",
]

# --- constants -------------------------------------------------------------------------------

CHANCE: Final = -1
"""The actor of a chance node (a shuffle, a deal, a roll). Seats are numbered from 0."""

TABLE: Final = -2
"""The actor when any seat may act at once (a real-time slap): each action names its seat."""

JSON: TypeAlias = bool | int | float | str | Sequence["JSON"] | Mapping[str, "JSON"] | None
"""A value that ``json.dumps`` accepts (tuples come back as lists). Parsed JSON arriving
*into* an engine is typed ``Any``: the engine validates it."""

S = TypeVar("S")
A = TypeVar("A")


class SetupError(CompanionError, ValueError):
    """A game setup (seats, options) or a game name that the engine cannot play."""


# --- results as data -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score per seat, the winning seats and why it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, JSON]:
        return {"scores": self.scores, "winners": self.winners, "reason": self.reason}


def victory_reason(names: Sequence[str], rule: str, *, shared: str, alone: str) -> str:
    """An :class:`Outcome`'s ``reason``: the winners' ``names``, and what won, citing ``rule``
    (``shared`` follows tied winners' names, ``alone`` a single winner's).

    >>> victory_reason(["red"], "ruling A10", shared="9 cards each", alone="9 cards")
    'red wins with 9 cards (ruling A10)'
    >>> victory_reason(["red", "blue"], "ruling A10", shared="9 cards each", alone="9 cards")
    'shared victory (ruling A10): red and blue with 9 cards each'
    """
    if len(names) > 1:
        return f"shared victory ({rule}): {' and '.join(names)} with {shared}"
    return f"{names[0]} wins with {alone} ({rule})"


def illegal(rule: str, action: object, reason: str) -> IllegalAction:
    """The error an engine raises for a refused action: names the rule, the action and why.

    >>> str(illegal("rule T2 (climb)", "Play(3)", "3 is not above the top card 5"))
    'Play(3) refused by rule T2 (climb): 3 is not above the top card 5'
    """
    said = say("{action} refused by {rule}: {reason}", action=action, rule=rule, reason=reason)
    return IllegalAction(said)


def record_kind(
    data: Any,
    game: str,
    fields: Mapping[str, frozenset[str]],
    *,
    optional: Mapping[str, frozenset[str]] | None = None,
) -> str:
    """The ``kind`` of ``game``'s JSON action record ``data``, once checked: a mapping whose
    ``kind`` is a key of ``fields`` and whose other keys are that kind's ``fields``, plus any
    of its ``optional`` ones. Raises ``ValueError`` naming the game, the record and the fault.

    >>> record_kind({"kind": "play", "card": 3}, "toy", {"play": frozenset({"card"})})
    'play'
    >>> record_kind({"kind": "play"}, "toy", {"play": frozenset({"card"})})
    Traceback (most recent call last):
    ValueError: toy action 'play' has the field(s) ['card'], got [] in {'kind': 'play'}
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"not an action of {game}: {data!r}; an action is a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in fields:
        raise ValueError(f"unknown {game} action kind {kind!r}; known: {sorted(fields)}")
    required = fields[kind]
    allowed = required | (optional or {}).get(kind, frozenset())
    keys = set(data) - {"kind"}
    if not required <= keys <= allowed:
        raise ValueError(
            f"{game} action {kind!r} has the field(s) {sorted(required)}"
            + (f" (optional: {sorted(allowed - required)})" if allowed != required else "")
            + f", got {sorted(keys)} in {data!r}"
        )
    return kind


def int_field(data: Mapping[str, Any], key: str, game: str) -> int:
    """``data[key]`` when it is an integer (not a bool), else ``ValueError`` naming it."""
    value = data.get(key)
    if type(value) is not int:
        raise ValueError(f"{game} action field {key!r} must be an integer, got {value!r}")
    return value


def int_value(value: Any) -> int:
    """``value`` when it is an integer (not a bool), else ``ValueError``: for reading a state's
    JSON form."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def sample_chance(outcomes: Sequence[tuple[A, float]], rng: random.Random) -> A:
    """Pick one chance outcome with its probability, using exactly one ``rng.random()`` draw.

    The walk follows the order the engine listed, so the same ``rng`` state always picks the
    same outcome. Raises ``ValueError`` if there are no outcomes.
    """
    if not outcomes:
        raise ValueError("no chance outcomes to pick from: is it really a chance node?")
    draw = rng.random() * math.fsum(p for _, p in outcomes)
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if draw < total:
            return action
    return outcomes[-1][0]


# --- the engine ------------------------------------------------------------------------------


class Engine(ABC, Generic[S, A]):
    """A game's rules: pure functions over immutable states.

    Subclasses set :attr:`name` and :attr:`rules_version` and implement the abstract methods.
    The concrete methods (``new``, ``is_over``, ``is_chance``, ``outcome``...) are built on
    them and may be overridden for speed or richer results.
    """

    name: ClassVar[str]
    """The game's name, written to the journal header (the key of
    :data:`companion.rules.registry.GAMES`)."""

    rules_version: ClassVar[str]
    """Changes whenever the rules change what a journal means; written to the header."""

    # -- setup and start --

    @abstractmethod
    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        """Check ``setup`` and return it complete (every default filled in).

        Raises :class:`SetupError` naming the option, the value and what is allowed.
        Must be idempotent: ``validate_setup(validate_setup(s)) == validate_setup(s)``.
        """

    @abstractmethod
    def initial_state(self, setup: dict[str, JSON], seed: int) -> S:
        """The state before the first action, for an already validated setup."""

    def new(self, setup: Mapping[str, Any], seed: int) -> S:
        """Start a game: validate ``setup`` (raising :class:`SetupError`), then set up.

        Randomness should come from chance actions rather than ``seed``, so that a TRACKER
        session can record what really happened at the table; ``seed`` is part of the log.
        """
        return self.initial_state(self.validate_setup(setup), seed)

    # -- whose turn and what they may do --

    @abstractmethod
    def num_seats(self, state: S) -> int:
        """How many seats (players) this game has; seats are ``0 .. num_seats - 1``."""

    @abstractmethod
    def actor(self, state: S) -> int | None:
        """Who acts next: a seat index, :data:`CHANCE`, :data:`TABLE` (any seat at once; each
        action names its seat), or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action allowed now, in a stable order. Empty once the game is over.

        At a chance node these are the chance outcomes' actions, in the same order.
        """

    @abstractmethod
    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]:
        """At a chance node, ``(action, probability)`` pairs with probabilities > 0 summing
        to 1, in a stable order. Empty when the actor is not :data:`CHANCE`."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; ``state`` itself is left unchanged.

        Raises :class:`~companion.errors.IllegalAction` (build it with :func:`illegal`)
        naming the rule and the action when the rules forbid it, including any action once
        the game is over and a chance action that is not among the outcomes. (An engine may
        also accept a documented *compound* chance action, several outcomes in a row as one
        action, such as Apocalypse's ``DealCards``; each of its parts is checked as if
        applied alone.)
        """

    # -- what players see and how it ends --

    @abstractmethod
    def view(self, state: S, seat: int) -> JSON:
        """What ``seat`` may know: the state with every other seat's secrets removed."""

    @abstractmethod
    def scores(self, state: S) -> tuple[float, ...]:
        """The score of each seat now (final once the game is over)."""

    def is_over(self, state: S) -> bool:
        return self.actor(state) is None

    def is_chance(self, state: S) -> bool:
        return self.actor(state) == CHANCE

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``. By default the seats with the
        highest score win; override to give a more precise ``reason`` or tie-break."""
        if not self.is_over(state):
            return None
        scores = self.scores(state)
        best = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        return Outcome(scores=scores, winners=winners, reason="game over")

    def check_invariants(self, state: S, *, since: S | None = None) -> None:
        """Raise ``AssertionError`` if ``state`` breaks a conservation law of the game
        (cards, money, tokens). The random-play harness and ``companion simulate`` call it
        after every action.

        ``since``: the state before the last action, which passed this check. An engine
        may then leave out the laws whose fields that action did not change (the fields are
        immutable, so an unchanged field is the same object); without it, everything is
        checked."""

    # -- JSON --

    @abstractmethod
    def action_to_json(self, action: A) -> JSON:
        """A small JSON value for ``action``, e.g. ``{"kind": "play", "card": 7}``."""

    @abstractmethod
    def action_from_json(self, data: Any) -> A:
        """Inverse of :meth:`action_to_json`; raises ``ValueError`` on malformed data."""

    @abstractmethod
    def state_to_json(self, state: S) -> JSON:
        """The complete state (secrets included) as JSON."""

    @abstractmethod
    def state_from_json(self, data: Any) -> S:
        """Inverse of :meth:`state_to_json`; raises ``ValueError`` on malformed data."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
