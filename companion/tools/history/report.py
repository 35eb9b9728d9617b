"""The history's figures in words, JSON and CSV, for ``companion history`` and ``companion
stats``: what the History screen shows, printed."""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from companion.history import FAMILIES, KINDS, GameRow, History, PlayerStats, ReactionStats
from companion.history.records import family_of
from companion.history.stats import FEW_SLAPS, KIND_WORDS

__all__ = [
    "CSV_COLUMNS",
    "export_csv",
    "games_csv",
    "history_json",
    "history_text",
    "stats_json",
    "stats_text",
]

CSV_COLUMNS: Final = (
    "journal",
    "game",
    "mode",
    "ended",
    "seat",
    "player",
    "score",
    "winner",
    "reason",
)
"""One row per player of a game; ``ended`` in local time, ``winner`` 1 or 0."""

EVENINGS_SHOWN: Final = 3


# --- JSON ------------------------------------------------------------------------------------


def history_json(
    history: History, *, path: Path, limit: int, game: str | None, player: str | None
) -> str:
    """``companion history --json``: the last games, the players (and with ``player``, that
    player's slap times)."""
    data: dict[str, Any] = {
        "database": str(path),
        "games": history.count(),
        "last_games": [
            _game_json(row) for row in history.last_games(limit, game=game, player=player)
        ],
        "players": [asdict(p) for p in _players(history, game, player)],
    }
    if player is not None:
        data["fastest_hands"] = _boards_json(history, player)
    return json.dumps(data, indent=2) + "\n"


def stats_json(history: History, *, path: Path, game: str | None) -> str:
    """``companion stats --json``: the players and the fastest hands boards."""
    data = {
        "database": str(path),
        "games": history.count(),
        "players": [asdict(p) for p in history.player_stats(game)],
        "fastest_hands": _boards_json(history, None),
    }
    return json.dumps(data, indent=2) + "\n"


def _game_json(row: GameRow) -> dict[str, Any]:
    return {**asdict(row), "when": _when(row.ended)}


def _boards_json(history: History, player: str | None) -> dict[str, Any]:
    return {
        kind: {
            "label": KIND_WORDS[kind],
            "few_slaps": FEW_SLAPS,
            "players": [
                asdict(stats) for stats in history.reaction_stats(kind) if _is(stats, player)
            ],
        }
        for kind in KINDS
    }


def _is(stats: ReactionStats | PlayerStats, player: str | None) -> bool:
    return player is None or stats.name == player


def _players(history: History, game: str | None, player: str | None) -> list[PlayerStats]:
    return [stats for stats in history.player_stats(game) if _is(stats, player)]


# --- CSV -------------------------------------------------------------------------------------


def games_csv(rows: Sequence[GameRow]) -> str:
    """The games as CSV (:data:`CSV_COLUMNS`), one row per player, newest game first."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        for seat, (name, score) in enumerate(zip(row.players, row.scores, strict=True)):
            winner = int(seat in row.winners)
            when = _when(row.ended, seconds=True)
            writer.writerow(
                [row.journal, row.game, row.mode, when, seat, name, score, winner, row.reason]
            )
    return text.getvalue()


def export_csv(rows: Sequence[GameRow], path: Path) -> int:
    """Write ``rows`` to ``path`` as CSV (a whole file or none: a temporary file renamed
    over it); how many games."""
    text = games_csv(rows)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return len(rows)


# --- words -----------------------------------------------------------------------------------


def history_text(
    history: History, *, path: Path, limit: int, game: str | None, player: str | None
) -> str:
    """``companion history``: the last games, then the players (and with ``player``, that
    player's slap times)."""
    rows = history.last_games(limit, game=game, player=player)
    which = " ".join(
        part for part in (f"of {game}" if game else "", f"with {player}" if player else "") if part
    )
    lines = [f"History: {_plural(history.count(), 'game')} recorded in {path}", ""]
    lines.append(f"Last games{' ' + which if which else ''}, newest first:")
    lines += [_game_line(row) for row in rows] or ["  none"]
    lines += ["", *_players_lines(_players(history, game, player))]
    if player is not None:
        for kind in KINDS:
            board = [s for s in history.reaction_stats(kind) if s.name == player]
            lines += ["", *_board_lines(kind, board)]
    return "\n".join(lines) + "\n"


def stats_text(history: History, *, path: Path, game: str | None) -> str:
    """``companion stats``: the players, then the fastest hands, one board per kind."""
    lines = [f"History: {_plural(history.count(), 'game')} recorded in {path}", ""]
    lines += _players_lines(history.player_stats(game))
    for kind in KINDS:
        lines += ["", *_board_lines(kind, history.reaction_stats(kind))]
    return "\n".join(lines) + "\n"


def _game_line(row: GameRow) -> str:
    scores = ", ".join(
        f"{name} {score}" for name, score in zip(row.players, row.scores, strict=True)
    )
    winners = [row.players[seat] for seat in row.winners]
    who = (
        f"shared: {' and '.join(winners)}"
        if len(winners) > 1
        else f"{winners[0]} wins"
        if winners
        else "no winner"
    )
    game = f"{family_of(row.game)} ({row.mode})"
    return f"  {_when(row.ended)}  {game:<20}  {who:<26}  {scores}"


def _players_lines(players: Sequence[PlayerStats]) -> list[str]:
    lines = ["Players (bots left out): games, wins, win rate; per game wins/games:"]
    if not players:
        return [*lines, "  none"]
    width = max(6, *(len(p.name) for p in players))
    lines.append(
        f"  {'player':<{width}}  games  wins  rate  " + "  ".join(f"{f:>10}" for f in FAMILIES)
    )
    for p in players:
        per_game = "  ".join(f"{_wins_of(p.per_game.get(family)):>10}" for family in FAMILIES)
        rate = _rate(p.wins, p.games)
        lines.append(f"  {p.name:<{width}}  {p.games:>5}  {p.wins:>4}  {rate:>4}  {per_game}")
    return lines


def _board_lines(kind: str, board: Sequence[ReactionStats]) -> list[str]:
    lines = [
        f"Fastest hands, {KIND_WORDS[kind]}:",
        "  each player's median slap time; dead heats and ignored presses are left out and",
        f"  counted; fewer than {FEW_SLAPS} slaps: marked few, not ranked; bots left out",
    ]
    if not board:
        return [*lines, "  no timed slaps yet"]
    width = max(6, *(len(s.name) for s in board))
    lines.append(
        f"  {'#':>3}  {'player':<{width}}  {'median':>9}  {'fastest':>9}  slaps  ties  ignored  "
        "evenings (median)"
    )
    rank = 0
    for stats in board:
        rank += not stats.few
        place = "few" if stats.few else str(rank)
        trend = ", ".join(
            f"{evening} {_ms(ms)}" for evening, ms in stats.evenings[-EVENINGS_SHOWN:]
        )
        lines.append(
            f"  {place:>3}  {stats.name:<{width}}  {_ms(stats.median_ms) + ' ms':>9}  "
            f"{_ms(stats.fastest_ms) + ' ms':>9}  {stats.slaps:>5}  {stats.ties:>4}  "
            f"{stats.ignored:>7}  {trend}"
        )
    return lines


def _wins_of(found: tuple[int, int] | None) -> str:
    return "-" if found is None else f"{found[1]}/{found[0]}"


def _rate(wins: int, games: int) -> str:
    return f"{round(100 * wins / games)}%" if games else "-"


def _ms(value: float) -> str:
    """A time in ms to the precision that matters: ``0.41``, ``12.5``, ``494``."""
    if value < 10:
        return f"{value:.2f}"
    if value < 100:
        return f"{value:.1f}"
    return f"{value:.0f}"


def _when(unix: float, *, seconds: bool = False) -> str:
    return datetime.fromtimestamp(unix).strftime(
        "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M"
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
