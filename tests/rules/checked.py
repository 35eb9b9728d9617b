"""Stepping through a game by hand in a test, every step checked."""

from __future__ import annotations

from typing import TypeVar

from companion.rules.base import Engine

S = TypeVar("S")
A = TypeVar("A")


def play_checked(engine: Engine[S, A], state: S, *actions: A) -> S:
    """``state`` after ``actions``, each applied through the checked door (``engine.apply``)
    and followed by the engine's conservation laws (``engine.check_invariants``)."""
    for action in actions:
        state = engine.apply(state, action)
        engine.check_invariants(state)
    return state
