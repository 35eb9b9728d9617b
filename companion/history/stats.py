"""The figures the History screen and ``companion history`` / ``companion stats`` show, read
from the database (:mod:`companion.history.store` keeps it).

Fair figures (issue: the group's history): a slap time is either a FULL game's
``reaction`` (from the card turn) or a TRACKER game's ``gap`` (to the window's first slap),
never both in one figure; dead heats (the order was drawn) and ignored presses are left out
of the times and counted beside them; a player with fewer than :data:`FEW_SLAPS` timed slaps
is marked ``few`` and listed after the ranked ones. Seats a bot played stay in the games
(``last_games``) but not in the players' figures: a bot's times are drawn, not measured.
"""

from __future__ import annotations

import sqlite3
import statistics
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from companion.history.errors import HistoryError
from companion.history.records import FAMILIES, KINDS, family_of, mode_of_kind

__all__ = [
    "FEW_SLAPS",
    "KIND_WORDS",
    "GameRow",
    "PlayerStats",
    "ReactionStats",
    "UnknownChoice",
    "compute_reaction_stats",
    "games_of",
    "last_games",
    "player_stats",
    "reaction_stats",
    "refresh_reaction_stats",
]

FEW_SLAPS: Final = 10
"""A player with fewer timed slaps than this is marked ``few``, not ranked."""

KIND_WORDS: Final = {
    "reaction": "from the card turn (full game)",
    "gap": "gap to the first slap (tracker)",
}
"""What each kind of slap time is, as the board labels it."""

ENGINES: Final = tuple(name for family in FAMILIES for name in (family, f"{family}_tracker"))
"""The journal games the history keeps, each family in FULL then TRACKER mode."""


class UnknownChoice(HistoryError, ValueError):
    """A game or a kind of time the history does not know; the message lists the choices."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """A finished game in the list of last games."""

    journal: str
    game: str
    """The journal's game: ``apache``, ``apache_tracker``, ``apocalypse``..."""
    mode: str
    """``full`` or ``tracker``."""
    ended: float
    """Unix time."""
    players: tuple[str, ...]
    """Seat by seat."""
    scores: tuple[int, ...]
    """Seat by seat."""
    winners: tuple[int, ...]
    """The winners' seats (more than one: a shared victory)."""
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's games and wins, over all games and per game family."""

    name: str
    games: int
    wins: int
    per_game: dict[str, tuple[int, int]]
    """Game family (``apache``, ``apocalypse``, ``paris``) -> (games, wins)."""


@dataclass(frozen=True, slots=True)
class ReactionStats:
    """A player's slap times of one kind (``reaction`` or ``gap``), in ms."""

    name: str
    kind: str
    slaps: int
    """The timed slaps the figures are made of (dead heats left out)."""
    median_ms: float
    fastest_ms: float
    ties: int
    """Slaps in a dead heat (the order was drawn): counted, not timed."""
    ignored: int
    """Presses the arbiter ignored: counted, not timed."""
    few: bool
    """Fewer than :data:`FEW_SLAPS` slaps: marked, not ranked."""
    evenings: tuple[tuple[str, float], ...]
    """Each evening (``YYYY-MM-DD``) with that evening's median, oldest first."""


def games_of(game: str | None) -> tuple[str, ...]:
    """The journal games ``game`` names: a family (both modes), one journal game, or every
    game (``None``). Raises :class:`UnknownChoice` listing the choices."""
    if game is None:
        return ENGINES
    if game in FAMILIES:
        return (game, f"{game}_tracker")
    if game in ENGINES:
        return (game,)
    raise UnknownChoice(
        f"unknown game {game!r}: give one of {', '.join(FAMILIES)} (both modes), or one "
        f"mode: {', '.join(name for name in ENGINES if name not in FAMILIES)}"
    )


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise UnknownChoice(
            f"unknown kind of slap time {kind!r}: give 'reaction' (FULL games: from the card "
            "turn) or 'gap' (TRACKER games: to the window's first slap)"
        )


def _marks(count: int) -> str:
    return ", ".join("?" * count)


# --- the queries -----------------------------------------------------------------------------


def last_games(
    db: sqlite3.Connection, limit: int, *, game: str | None = None, player: str | None = None
) -> list[GameRow]:
    """The last ``limit`` finished games, newest first (of ``game``, with ``player``)."""
    if limit < 0:
        raise ValueError(f"limit {limit} is not a number of games (0 or more)")
    engines = games_of(game)
    where = f"game IN ({_marks(len(engines))})"
    arguments: list[object] = list(engines)
    if player is not None:
        where += " AND id IN (SELECT game_id FROM game_players WHERE name = ?)"
        arguments.append(player)
    games = db.execute(
        f"SELECT id, journal, game, mode, ended, reason FROM games WHERE {where} "
        "ORDER BY ended DESC, id DESC LIMIT ?",
        [*arguments, limit],
    ).fetchall()
    seats: dict[int, list[tuple[str, int, int]]] = defaultdict(list)
    ids = [row[0] for row in games]
    for game_id, name, score, winner in db.execute(
        f"SELECT game_id, name, score, winner FROM game_players "
        f"WHERE game_id IN ({_marks(len(ids))}) ORDER BY game_id, seat",
        ids,
    ):
        seats[game_id].append((name, score, winner))
    return [
        GameRow(
            journal=journal,
            game=name,
            mode=mode,
            ended=ended,
            players=tuple(seat[0] for seat in seats[game_id]),
            scores=tuple(seat[1] for seat in seats[game_id]),
            winners=tuple(k for k, seat in enumerate(seats[game_id]) if seat[2]),
            reason=reason,
        )
        for game_id, journal, name, mode, ended, reason in games
    ]


def player_stats(db: sqlite3.Connection, game: str | None = None) -> list[PlayerStats]:
    """Each player's games and wins (of ``game``), most wins first, then most games."""
    engines = games_of(game)
    rows = db.execute(
        "SELECT p.name, g.game, COUNT(*), SUM(p.winner) FROM game_players p "
        f"JOIN games g ON g.id = p.game_id WHERE p.bot = 0 AND g.game IN ({_marks(len(engines))}) "
        "GROUP BY p.name, g.game",
        engines,
    ).fetchall()
    per_player: dict[str, dict[str, tuple[int, int]]] = defaultdict(dict)
    for name, engine, games, wins in rows:
        family = family_of(engine)
        had_games, had_wins = per_player[name].get(family, (0, 0))
        per_player[name][family] = (had_games + games, had_wins + wins)
    found = [
        PlayerStats(
            name=name,
            games=sum(games for games, _ in per_game.values()),
            wins=sum(wins for _, wins in per_game.values()),
            per_game={family: per_game[family] for family in FAMILIES if family in per_game},
        )
        for name, per_game in per_player.items()
    ]
    return sorted(found, key=lambda stats: (-stats.wins, -stats.games, stats.name))


def reaction_stats(db: sqlite3.Connection, kind: str) -> list[ReactionStats]:
    """Each player's slap times of ``kind`` (``reaction`` or ``gap``): the ranked players,
    fastest median first, then the players with few slaps. A player with no timed slap of
    that kind is not listed. Read from the figures :func:`refresh_reaction_stats` keeps."""
    _check_kind(kind)
    evenings: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for name, evening, median in db.execute(
        "SELECT name, evening, median_ms FROM fastest_evenings WHERE kind = ? "
        "ORDER BY name, evening",
        (kind,),
    ):
        evenings[name].append((evening, median))
    return [
        ReactionStats(
            name=name,
            kind=kind,
            slaps=slaps,
            median_ms=median,
            fastest_ms=fastest,
            ties=ties,
            ignored=ignored,
            few=bool(few),
            evenings=tuple(evenings[name]),
        )
        for name, slaps, median, fastest, ties, ignored, few in db.execute(
            "SELECT name, slaps, median_ms, fastest_ms, ties, ignored, few FROM fastest_hands "
            "WHERE kind = ? ORDER BY few, median_ms, name",
            (kind,),
        )
    ]


def refresh_reaction_stats(
    db: sqlite3.Connection, kind: str, names: Collection[str] | None = None
) -> None:
    """Work out the slap times of ``kind`` from the slaps again, for every player or only
    ``names`` (the players of the games just written: the others' figures cannot have
    changed), and keep them in the figures' tables (``fastest_hands``,
    ``fastest_evenings``): called in the transaction that writes games, so the figures
    always agree with them, and the screen only reads."""
    _check_kind(kind)
    found = compute_reaction_stats(db, kind, names)
    only, chosen = _only(names)
    db.execute(f"DELETE FROM fastest_hands WHERE kind = ?{only}", (kind, *chosen))
    db.execute(f"DELETE FROM fastest_evenings WHERE kind = ?{only}", (kind, *chosen))
    db.executemany(
        "INSERT INTO fastest_hands (kind, name, slaps, median_ms, fastest_ms, ties, ignored, few) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (kind, s.name, s.slaps, s.median_ms, s.fastest_ms, s.ties, s.ignored, s.few)
            for s in found
        ],
    )
    db.executemany(
        "INSERT INTO fastest_evenings (kind, name, evening, median_ms) VALUES (?, ?, ?, ?)",
        [(kind, s.name, evening, median) for s in found for evening, median in s.evenings],
    )


def _only(names: Collection[str] | None, column: str = "name") -> tuple[str, tuple[str, ...]]:
    """The SQL condition keeping only ``names`` in ``column`` and its parameters (none:
    every name)."""
    if names is None:
        return "", ()
    chosen = tuple(sorted(names))
    return f" AND {column} IN ({', '.join('?' * len(chosen))})", chosen


def compute_reaction_stats(
    db: sqlite3.Connection, kind: str, names: Collection[str] | None = None
) -> list[ReactionStats]:
    """Every player's slap times of ``kind`` (or only ``names``'), worked out from the
    slaps (people's seats only), in the board's order."""
    times: dict[str, list[float]] = defaultdict(list)
    per_evening: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    ties: dict[str, int] = defaultdict(int)
    only, chosen = _only(names, "s.name")
    for name, evening, ms, tied in db.execute(
        "SELECT s.name, g.evening, s.ms, s.tied FROM slaps s JOIN games g ON g.id = s.game_id "
        "JOIN game_players p ON p.game_id = s.game_id AND p.seat = s.seat "
        f"WHERE s.kind = ? AND s.ms IS NOT NULL AND p.bot = 0{only}",
        (kind, *chosen),
    ):
        if tied:
            ties[name] += 1
        else:
            times[name].append(ms)
            per_evening[name][evening].append(ms)
    ignored = dict(
        db.execute(
            "SELECT p.name, SUM(p.ignored) FROM game_players p JOIN games g ON g.id = p.game_id "
            f"WHERE g.mode = ? AND p.bot = 0{_only(names, 'p.name')[0]} GROUP BY p.name",
            (mode_of_kind(kind), *chosen),
        ).fetchall()
    )
    found = [
        _player_times(
            name,
            kind,
            values,
            per_evening[name],
            ties=ties[name],
            ignored=ignored.get(name, 0),
        )
        for name, values in times.items()
    ]
    return sorted(found, key=lambda stats: (stats.few, stats.median_ms, stats.name))


def _player_times(
    name: str,
    kind: str,
    values: list[float],
    evenings: dict[str, list[float]],
    *,
    ties: int,
    ignored: int,
) -> ReactionStats:
    return ReactionStats(
        name=name,
        kind=kind,
        slaps=len(values),
        median_ms=statistics.median(values),
        fastest_ms=min(values),
        ties=ties,
        ignored=ignored,
        few=len(values) < FEW_SLAPS,
        evenings=tuple(
            (evening, statistics.median(evenings[evening])) for evening in sorted(evenings)
        ),
    )
