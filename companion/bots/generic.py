"""A bot for any engine: uniformly random legal actions of its own seat."""

from __future__ import annotations

import random
from typing import Any

from companion.rules.base import TABLE, Engine


class RandomBot:
    """Plays a uniformly random legal action of ``seat``.

    When the engine's actor is the seat, any legal action; when the actor is
    :data:`~companion.rules.base.TABLE` (anyone may act), one of the legal actions that name
    this seat (an action's ``seat`` attribute), or ``None`` when there is none; otherwise
    (another seat's turn, chance, game over) ``None``.
    """

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, engine: Engine[Any, Any], state: Any) -> Any | None:
        actor = engine.actor(state)
        if actor == self.seat:
            return self.rng.choice(list(engine.legal_actions(state)))
        if actor == TABLE:
            mine = [a for a in engine.legal_actions(state) if getattr(a, "seat", None) == self.seat]
            return self.rng.choice(mine) if mine else None
        return None

    def __repr__(self) -> str:
        return f"RandomBot(seat={self.seat})"
