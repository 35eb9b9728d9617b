"""The one random-play harness every game runs in its tests (OpenSpiel style).

Add a game, get all the checks::

    from companion.rules.harness import check_random_games

    def test_random_games() -> None:
        check_random_games(PIG, [{"seats": 2}, {"seats": 4}], games=200, seed=0)

Each game plays random legal actions (chance through its outcomes) to the end. After every
action the harness checks, for the state reached:

* actor, ``is_over``, ``legal_actions`` and ``chance_outcomes`` agree with each other, and
  chance probabilities are positive and sum to 1;
* the game's invariants (``engine.check_invariants``, whole and ``since`` the state before,
  plus any ``invariants`` callable);
* JSON round trip of the state (through real ``json.dumps``/``json.loads``; the copy is
  ``==``, serialises the same and offers the same legal actions) and of the action taken;
* ``view`` of every seat is JSON (and ``view_check`` accepts it, if given);
* illegal actions are refused with ``IllegalAction`` and leave the state unchanged: actions
  seen earlier in this game that are not legal now, plus any ``illegal_actions(state)``;

and at the end:

* undo back to the start: walking the kept state stack backwards, each state still
  serialises to the snapshot taken when it was reached (so ``apply`` never mutated it);
* replay equals live: the actions, round-tripped through JSON, replayed from
  ``new(setup, seed)`` give a state equal to the live one after every step (one replay
  checked at every step, rather than one replay per step);
* the game is over, ``outcome`` is set, there is a finite score per seat (within
  ``score_bounds`` if given), and any further action is refused.

A failure raises ``AssertionError`` naming the game, seed, setup, step and the action
sequence; ``play_random_game(engine, setup, seed=...)`` reproduces it alone.

Players pick uniformly among the legal actions unless a ``policy(state, legal, rng)`` is
given: a game whose uniform random play would barely progress (Apache's table, where twenty
slaps compete with one card turn) passes a policy that still reaches every action but ends
in reasonable time. A policy must draw only from ``rng`` so that games stay reproducible.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, TypeVar, Unpack

from companion.errors import IllegalAction
from companion.rules.base import CHANCE, TABLE, Engine, sample_chance

__all__ = [
    "Checks",
    "GameRecord",
    "HarnessReport",
    "Policy",
    "check_random_games",
    "play_random",
    "play_random_game",
]

S = TypeVar("S")
A = TypeVar("A")

Policy = Callable[[Any, Sequence[Any], random.Random], Any]
"""``policy(state, legal_actions, rng) -> action``: how a random player picks (not at chance
nodes). It must return one of ``legal_actions`` and draw only from ``rng``."""

ILLEGAL_TRIES_PER_STEP = 2
"""How many earlier-seen actions that are illegal now are tried at each step."""
MAX_STEPS = 10_000
"""How many actions a checked random game may take by default before it fails."""


class Checks(TypedDict, Generic[S, A], total=False):
    """The options of a checked random game (:func:`play_random_game`,
    :func:`check_random_games`), all optional."""

    invariants: Callable[[S], object] | None
    """More conservation laws: called with every state reached, raises ``AssertionError``."""
    illegal_actions: Callable[[S], Iterable[A]] | None
    """Actions that must be refused in a state, besides the ones the harness tries."""
    view_check: Callable[[S, int, Any], object] | None
    """Called with every state, seat and that seat's view."""
    score_bounds: tuple[float, float] | None
    """The lowest and highest final score."""
    max_steps: int
    """The game fails if it is not over after this many actions (:data:`MAX_STEPS`)."""
    policy: Policy | None
    """How the random players pick (see the module docstring); uniform by default."""


@dataclass(frozen=True, slots=True)
class HarnessReport:
    """What :func:`check_random_games` played."""

    games: int
    actions: int
    chance_actions: int
    illegal_refused: int
    longest: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf


@dataclass(slots=True)
class GameRecord(Generic[S, A]):
    """One checked random game: its states (``states[k]`` after ``k`` actions) and actions."""

    setup: Mapping[str, Any]
    seed: int
    states: list[S] = field(default_factory=list)
    snapshots: list[str] = field(default_factory=list)
    actions: list[A] = field(default_factory=list)
    chance_actions: int = 0
    illegal_refused: int = 0


class _Checker(Generic[S, A]):
    """Plays and checks one game; every check raises ``AssertionError`` on failure."""

    def __init__(
        self, engine: Engine[S, A], record: GameRecord[S, A], checks: Checks[S, A]
    ) -> None:
        self.engine = engine
        self.record = record
        self.invariants = checks.get("invariants")
        self.illegal_actions = checks.get("illegal_actions")
        self.view_check = checks.get("view_check")
        self.score_bounds = checks.get("score_bounds")
        self.max_steps = checks.get("max_steps", MAX_STEPS)
        self.policy = checks.get("policy")
        self.rng = random.Random(record.seed)
        self.illegal_rng = random.Random(f"harness-illegal:{record.seed}")
        self.seen: dict[str, A] = {}
        self.step = 0
        """The step being checked: the state after this many actions."""

    # -- the game loop --

    def play(self) -> None:
        state = self.engine.new(self.record.setup, self.record.seed)
        self.check_state(state)
        while not self.engine.is_over(state):
            assert len(self.record.actions) < self.max_steps, (
                f"the game did not end within max_steps={self.max_steps} actions"
            )
            action = self.choose(state)
            self.record.actions.append(action)
            self.check_action_json(action)
            state = self.engine.apply(state, action)
            self.step += 1
            self.check_state(state)
        self.check_end(state)
        self.check_undo()
        self.check_replay()

    def choose(self, state: S) -> A:
        if self.engine.actor(state) == CHANCE:
            self.record.chance_actions += 1
            return sample_chance(self.engine.chance_outcomes(state), self.rng)
        return _pick(self.policy, state, list(self.engine.legal_actions(state)), self.rng)

    # -- checks after every action --

    def check_state(self, state: S) -> None:
        self.check_turn(state)
        self.engine.check_invariants(state)
        if self.record.states:
            self.engine.check_invariants(state, since=self.record.states[-1])
        if self.invariants is not None:
            self.invariants(state)
        snapshot = self.check_state_json(state)
        self.record.states.append(state)
        self.record.snapshots.append(snapshot)
        self.check_views(state)
        self.check_illegal(state, snapshot)

    def check_turn(self, state: S) -> None:
        engine = self.engine
        actor, legal = engine.actor(state), list(engine.legal_actions(state))
        outcomes = list(engine.chance_outcomes(state))
        assert engine.is_over(state) == (actor is None), f"is_over disagrees with actor {actor}"
        assert (actor is None) == (not legal), f"actor {actor} but legal actions {legal}"
        assert actor is None or actor in (CHANCE, TABLE) or 0 <= actor < engine.num_seats(state), (
            f"actor {actor} is not a seat, CHANCE, TABLE or None"
        )
        if actor != CHANCE:
            assert not outcomes, f"chance outcomes {outcomes} when the actor is {actor}"
            return
        assert [a for a, _ in outcomes] == legal, "legal_actions differ from chance outcomes"
        assert all(p > 0 for _, p in outcomes), f"a chance probability <= 0: {outcomes}"
        total = math.fsum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}, not 1"

    def check_state_json(self, state: S) -> str:
        engine = self.engine
        text = _dumps(engine.state_to_json(state), "state_to_json")
        copy = engine.state_from_json(json.loads(text))
        assert copy == state, f"state JSON round trip changed the state:\n{state!r}\n{copy!r}"
        again = _dumps(engine.state_to_json(copy), "state_to_json")
        assert again == text, f"state JSON not stable over a round trip:\n{text}\n{again}"
        assert list(engine.legal_actions(copy)) == list(engine.legal_actions(state)), (
            "the round-tripped state offers different legal actions (does == ignore a field?)"
        )
        return text

    def check_views(self, state: S) -> None:
        for seat in range(self.engine.num_seats(state)):
            view = self.engine.view(state, seat)
            _dumps(view, f"view of seat {seat}")
            if self.view_check is not None:
                self.view_check(state, seat, view)

    def check_action_json(self, action: A) -> None:
        text = _dumps(self.engine.action_to_json(action), "action_to_json")
        copy = self.engine.action_from_json(json.loads(text))
        assert copy == action, f"action JSON round trip changed {action!r} into {copy!r}"
        self.seen.setdefault(text, action)

    def check_illegal(self, state: S, snapshot: str) -> None:
        legal = list(self.engine.legal_actions(state))
        seen = list(self.seen.values())
        picks = self.illegal_rng.sample(seen, min(3 * ILLEGAL_TRIES_PER_STEP, len(seen)))
        tries = [a for a in picks if a not in legal][:ILLEGAL_TRIES_PER_STEP]
        if self.illegal_actions is not None:
            tries += list(self.illegal_actions(state))
        for action in tries:
            assert action not in legal, f"illegal_actions offered {action!r}, which is legal"
            self.expect_refused(state, action)
        if tries:
            after = _dumps(self.engine.state_to_json(state), "state_to_json")
            assert after == snapshot, "a refused action changed the state it was applied to"

    def expect_refused(self, state: S, action: A) -> None:
        try:
            self.engine.apply(state, action)
        except IllegalAction as exc:
            assert str(exc), f"IllegalAction for {action!r} has no message naming the rule"
            self.record.illegal_refused += 1
            return
        raise AssertionError(f"illegal action {action!r} was accepted (not in legal_actions)")

    # -- checks at the end --

    def check_end(self, state: S) -> None:
        engine = self.engine
        scores, outcome = engine.scores(state), engine.outcome(state)
        seats = engine.num_seats(state)
        assert len(scores) == seats, f"{len(scores)} scores for {seats} seats: {scores}"
        assert all(math.isfinite(s) for s in scores), f"a score is not finite: {scores}"
        if self.score_bounds is not None:
            low, high = self.score_bounds
            assert all(low <= s <= high for s in scores), f"scores {scores} not in {low}..{high}"
        assert outcome is not None, "the game is over but outcome() is None"
        assert tuple(outcome.scores) == tuple(scores), f"{outcome} disagrees with {scores}"
        _dumps(outcome.to_json(), "Outcome.to_json")
        if self.record.actions:
            self.expect_refused(state, self.record.actions[-1])

    def check_replay(self) -> None:
        engine, record = self.engine, self.record
        state = engine.new(record.setup, record.seed)
        assert state == record.states[0], "new(setup, seed) twice gave different states"
        for k, action in enumerate(record.actions, start=1):
            self.step = k
            parsed = engine.action_from_json(json.loads(json.dumps(engine.action_to_json(action))))
            state = engine.apply(state, parsed)
            assert state == record.states[k], (
                f"replay differs from live play after action {k} ({action!r}):\n"
                f"live   {record.states[k]!r}\nreplay {state!r}"
            )

    def check_undo(self) -> None:
        record = self.record
        for k in range(len(record.states) - 1, -1, -1):
            self.step = k
            now = _dumps(self.engine.state_to_json(record.states[k]), "state_to_json")
            assert now == record.snapshots[k], (
                f"undo to step {k}: the kept state changed after it was recorded "
                f"(apply mutated its argument?)\nthen {record.snapshots[k]}\nnow  {now}"
            )


def _pick(policy: Policy | None, state: Any, legal: list[A], rng: random.Random) -> A:
    if policy is None:
        return rng.choice(legal)
    action: A = policy(state, legal, rng)
    return action


def _dumps(value: object, what: str) -> str:
    try:
        return json.dumps(value, allow_nan=False, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON: {exc}: {value!r}") from exc


def play_random_game(
    engine: Engine[S, A],
    setup: Mapping[str, Any],
    *,
    seed: int,
    **checks: Unpack[Checks[S, A]],
) -> GameRecord[S, A]:
    """Play and check one random game (see the module docstring and :class:`Checks`);
    returns its record."""
    record: GameRecord[S, A] = GameRecord(setup=setup, seed=seed)
    checker = _Checker(engine, record, checks)
    try:
        checker.play()
    except Exception as exc:
        raise AssertionError(_failure(engine, record, checker.step, exc)) from exc
    return record


def _failure(engine: Engine[S, A], record: GameRecord[S, A], step: int, exc: Exception) -> str:
    try:
        actions = json.dumps([engine.action_to_json(a) for a in record.actions])
    except (TypeError, ValueError):
        actions = repr(record.actions)
    flight = ", applying the next one" if len(record.actions) > step else ""
    return (
        f"random game of {engine.name!r} failed: seed={record.seed} "
        f"setup={dict(record.setup)!r} at step {step} (after {step} actions{flight}): "
        f"{type(exc).__name__}: {exc}\n"
        f"actions ({len(record.actions)}, as JSON): {actions}\n"
        f"reproduce: play_random_game({engine!r}, {dict(record.setup)!r}, seed={record.seed})"
    )


def check_random_games(
    engine: Engine[S, A],
    setups: Sequence[Mapping[str, Any]],
    *,
    games: int = 100,
    seed: int = 0,
    **checks: Unpack[Checks[S, A]],
) -> HarnessReport:
    """Play ``games`` checked random games; game ``i`` uses ``setups[i % len(setups)]`` and
    seed ``seed + i``. Raises ``AssertionError`` on the first failure (see the module
    docstring and :class:`Checks`)."""
    if not setups:
        raise ValueError("check_random_games needs at least one setup")
    start = time.perf_counter()
    actions = chance = refused = longest = 0
    for i in range(games):
        record = play_random_game(engine, setups[i % len(setups)], seed=seed + i, **checks)
        actions += len(record.actions)
        chance += record.chance_actions
        refused += record.illegal_refused
        longest = max(longest, len(record.actions))
    seconds = time.perf_counter() - start
    return HarnessReport(games, actions, chance, refused, longest, seconds)


def play_random(
    engine: Engine[S, A],
    setup: Mapping[str, Any],
    seed: int,
    *,
    policy: Policy | None = None,
) -> tuple[S, list[A]]:
    """One unchecked random game, as fast as the engine goes (for simulation and benches).

    Uses the same choices as :func:`play_random_game` with the same seed and policy.
    """
    state = engine.new(setup, seed)
    rng = random.Random(seed)
    actions: list[A] = []
    while (actor := engine.actor(state)) is not None:
        if actor == CHANCE:
            action = sample_chance(engine.chance_outcomes(state), rng)
        else:
            action = _pick(policy, state, list(engine.legal_actions(state)), rng)
        state = engine.apply(state, action)
        actions.append(action)
    return state, actions
