"""The words the Apache engines make for a screen are Words all the way down: every refusal
and every slap's reason of random play in both modes, shown through a catalog that
upper-cases every template (``Shouting``), keeps no lower-case English word. A word left
lower-case was a plain ``str`` inside the words, which a screen could not translate. Only
the values an action gives stay as they are (quoted, ``'wedding'``, or a hand card no game
has): they are names, not words.

The identity catalog shows the English exactly, so the templates and values say what the
journals and the command line say.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from companion.errors import IllegalAction
from companion.rules.apache import APACHE, CHOOSE, Action, ApacheState, Choose
from companion.rules.apache.tracker import TRACKER, TrackerState
from companion.rules.base import Engine
from companion.words import Words, say
from tests.rules.apache.test_random import illegal_candidates, table_policy
from tests.rules.apache.test_tracker import illegal_candidates as tracker_candidates
from tests.test_words import Shouting, assert_shown_in_the_language

ALL_VARIANTS = dict.fromkeys(("war_path", "wedding", "joint_raid"), True)
FULL_SETUPS: tuple[dict[str, Any], ...] = (
    {"players": 3, "variants": ALL_VARIANTS},
    {"players": 2, "variants": {"war_path": True}},
)
TRACKER_SETUP = {"colours": ["red", "purple", "green"]}
GAMES_PER_SETUP = 3
EVERY_NTH_STATE = 7
"""Refusals are tried in every seventh state (enough to meet every rule, and fast)."""

QUOTED = re.compile(r"(?<![A-Za-z])'[^']*'")
"""A value named as given (``repr``): ``'wedding'``, ``'shaman'``."""
LOWER_CASE_WORD = re.compile(r"\b[a-z][a-z]+\b")
GIVEN = frozenset({"shaman"})
"""A hand card the tracker's candidates give that no game has: its refusal's subject names
it as given, unquoted (``"red's slap with the shaman"``)."""


def leftover_english(said: Words) -> list[str]:
    """The lower-case words left in ``said`` shown upper-cased, values named as given aside."""
    found = LOWER_CASE_WORD.findall(QUOTED.sub("", said.shown(Shouting())))
    return [word for word in found if word not in GIVEN]


def full_states() -> Iterator[ApacheState]:
    """Every state of a few random FULL games."""
    for setup in FULL_SETUPS:
        for seed in range(GAMES_PER_SETUP):
            yield from _played(APACHE, setup, seed, table_policy)


def tracker_states() -> Iterator[TrackerState]:
    """Every state of a few random TRACKER games."""
    for seed in range(GAMES_PER_SETUP):
        yield from _played(TRACKER, TRACKER_SETUP, seed, None)


def _played(
    engine: Engine[Any, Any],
    setup: dict[str, Any],
    seed: int,
    policy: Callable[[Any, Sequence[Any], random.Random], Any] | None,
) -> Iterator[Any]:
    state, rng = engine.new(setup, seed), random.Random(seed)
    yield state
    while not engine.is_over(state):
        legal = list(engine.legal_actions(state))
        if engine.is_chance(state):
            action = APACHE.random_reveal(state, rng)
        elif policy is not None:
            action = policy(state, legal, rng)
        else:
            action = rng.choice(legal)
        state = engine.apply(state, action)
        yield state


def full_refused(state: ApacheState) -> list[Action | str]:
    """The harness's refused actions, a choice the chooser does not have, and no action."""
    found: list[Action | str] = [*illegal_candidates(state), "not an action"]
    if state.phase == CHOOSE:
        found.append(Choose(state.slaps[state.resolved].seat, "wedding", 999))
    return found


def refusals(engine: Engine[Any, Any], states: Sequence[Any], candidates: Any) -> list[object]:
    """What ``engine`` says refusing each candidate in every ``EVERY_NTH_STATE``-th state."""
    said: list[object] = []
    for state in states[::EVERY_NTH_STATE]:
        for action in candidates(state):
            try:
                engine.apply(state, action)
            except IllegalAction as refused:
                said.append(refused.args[0])
            else:
                raise AssertionError(f"{action!r} was not refused in {state!r}")
    return said


def slap_reasons(states: Sequence[ApacheState]) -> list[str]:
    """Every reason of every resolved window, once each."""
    return list(dict.fromkeys(r.reason for state in states for r in state.resolution))


def test_every_refusal_and_slap_reason_of_random_play_is_shown_in_the_language() -> None:
    full = list(full_states())
    tracked = list(tracker_states())
    refused = refusals(APACHE, full, full_refused)
    refused += refusals(TRACKER, tracked, tracker_candidates)
    reasons = slap_reasons(full)
    assert_shown_in_the_language(refused, leftover_english)
    assert_shown_in_the_language(reasons, leftover_english)
    rules = {str(r).partition(" refused by ")[2].partition(": ")[0] for r in refused}
    assert len(rules) >= 15, sorted(rules)
    said = " | ".join(reasons)
    for story in ("takes", "prisoner", "marries", "unowned", "war path", "illegal", "snatched"):
        assert story in said, f"no reason with {story!r} in {len(reasons)} reasons"


def test_the_tracker_outcome_is_shown_in_the_language() -> None:
    last = list(_played(TRACKER, TRACKER_SETUP, 1, None))[-1]
    outcome = TRACKER.outcome(last)
    assert outcome is not None
    assert_shown_in_the_language([outcome.reason], leftover_english)


def test_a_leftover_plain_word_is_found() -> None:
    """The check itself: a plain ``str`` value shows lower-case; a quoted name does not count."""
    assert leftover_english(say("{player} turns", player="red")) == ["red"]
    assert leftover_english(say("{option} refused", option="'tipis'")) == []
