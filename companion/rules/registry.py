"""The games the companion knows, by the name a journal's header gives them.

``GAMES`` maps each journal game name to the module and attribute of its engine. The names
are part of the journal format (``companion/JOURNAL.md``) and never change, so a journal
written by any earlier version still loads. A game's module is imported the first time its
engine is asked for, so loading one game never imports the others.

An engine outside this map (a test's toy game, a game being written) is made findable with
:func:`register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Final

from companion.rules.base import Engine, SetupError
from companion.words import say

__all__ = ["GAMES", "engine_names", "get_engine", "register"]

GAMES: Final[Mapping[str, str]] = {
    "apache": "companion.rules.apache:APACHE",
    "apache_tracker": "companion.rules.apache.tracker:TRACKER",
    "apocalypse": "companion.rules.apocalypse:APOCALYPSE",
    "apocalypse_tracker": "companion.rules.apocalypse.tracker:TRACKER",
    "paris": "companion.rules.paris:PARIS",
    "paris_tracker": "companion.rules.paris.tracker:TRACKER",
}
"""Journal game name -> ``"module:attribute"`` of its engine (FULL and TRACKER modes)."""

_ENGINES: dict[str, Engine[Any, Any]] = {}
"""The engines loaded from ``GAMES`` and those registered."""


def get_engine(name: str) -> Engine[Any, Any]:
    """The engine of the game called ``name``, importing its module on first use.

    Raises :class:`SetupError` listing the known games when there is none by that name.
    """
    found = _ENGINES.get(name)
    if found is not None:
        return found
    if name not in GAMES:
        known = ", ".join(engine_names())
        raise SetupError(
            say("unknown game {game}; known games: {known}", game=repr(name), known=known)
        )
    module, attribute = GAMES[name].split(":")
    engine: Engine[Any, Any] = getattr(importlib.import_module(module), attribute)
    if engine.name != name:
        raise SetupError(f"{GAMES[name]} is the engine of {engine.name!r}, not of {name!r}")
    _ENGINES[name] = engine
    return engine


def engine_names() -> list[str]:
    """Every game name :func:`get_engine` accepts, sorted."""
    return sorted({*GAMES, *_ENGINES})


def register(engine: Engine[Any, Any]) -> Engine[Any, Any]:
    """Make ``engine`` findable by its name and return the engine now found by that name.

    Registering an engine of the same class again keeps the first one. A name taken by a
    game of ``GAMES`` or by another engine class is refused with :class:`SetupError`.
    """
    name = getattr(engine, "name", None)
    if not isinstance(name, str) or not name:
        raise SetupError(f"{engine!r} has no 'name'; set the class attribute name = '...'")
    if not isinstance(getattr(engine, "rules_version", None), str):
        raise SetupError(f"engine {name!r} has no 'rules_version' string; set one")
    known = _ENGINES.get(name)
    if known is not None and type(known) is type(engine):
        return known
    if known is not None or name in GAMES:
        taken_by = repr(known) if known is not None else GAMES[name]
        raise SetupError(f"game name {name!r} is already taken by {taken_by}; choose another")
    _ENGINES[name] = engine
    return engine
