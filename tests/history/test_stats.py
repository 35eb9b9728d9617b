"""The figures the History screen shows: the last games, the players' games and wins, and the
fastest hands (one kind of time per board, dead heats and ignored presses counted apart, few
slaps marked and not ranked, bots left out)."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.history import (
    FEW_SLAPS,
    History,
    ReactionStats,
    UnknownChoice,
    record_from_journal,
)
from tests.history.helpers import (
    FINISHED,
    WALL,
    Pressed,
    committed,
    dead_heat_game,
    simulated_apache,
    tracker_apache,
)

DAY = 86_400.0


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    with History.open(tmp_path / "history.sqlite") as opened:
        yield opened


def _by_name(board: list[ReactionStats]) -> dict[str, ReactionStats]:
    return {stats.name: stats for stats in board}


def test_the_last_games_newest_first_with_their_players_scores_and_winners(
    history: History, tmp_path: Path
) -> None:
    for name in FINISHED.values():
        history.record(committed(name, tmp_path / "games"))
    rows = history.last_games()
    assert len(rows) == len(FINISHED)
    assert [row.ended for row in rows] == sorted((row.ended for row in rows), reverse=True)
    shared = next(row for row in rows if row.journal == f"{FINISHED['apache_tracker']}.jsonl")
    assert shared.players == ("red", "yellow", "purple")
    assert (shared.scores, shared.winners) == ((34, 27, 34), (0, 2))
    assert (shared.game, shared.mode) == ("apache_tracker", "tracker")
    assert "share the victory" in shared.reason
    assert len(history.last_games(2)) == 2
    assert history.last_games(0) == []
    assert {row.game for row in history.last_games(game="paris")} == {"paris", "paris_tracker"}
    assert {row.game for row in history.last_games(game="paris_tracker")} == {"paris_tracker"}
    with_p4 = history.last_games(player="P4")
    assert with_p4 and all("P4" in row.players for row in with_p4)


def test_the_players_most_wins_first_per_game_family(history: History, tmp_path: Path) -> None:
    for name in FINISHED.values():
        history.record(committed(name, tmp_path / "games"))
    players = history.player_stats()
    keys = [(-p.wins, -p.games, p.name) for p in players]
    assert keys == sorted(keys)
    green = next(p for p in players if p.name == "green")
    assert (green.games, green.wins, green.per_game) == (2, 1, {"paris": (2, 1)})
    red = next(p for p in players if p.name == "red")
    assert red.per_game == {"apache": (2, 1), "paris": (2, 0)}, "one shared victory"
    assert [p.name for p in history.player_stats("apocalypse")] == ["P2", "P3", "P1", "P4"]
    assert all(set(p.per_game) == {"apocalypse"} for p in history.player_stats("apocalypse"))


def test_bots_play_in_the_games_but_are_left_out_of_the_players_figures(
    history: History, tmp_path: Path
) -> None:
    history.record(simulated_apache(tmp_path, 5, humans=1))
    assert history.last_games()[0].players == ("red", "yellow", "purple", "blue")
    assert [p.name for p in history.player_stats()] == ["red"]
    assert [s.name for s in history.reaction_stats("reaction")] == ["red"]


def test_the_two_kinds_of_time_are_never_mixed(history: History, tmp_path: Path) -> None:
    history.record(simulated_apache(tmp_path, 4))
    history.record(dead_heat_game(tmp_path))
    full = history.reaction_stats("reaction")
    tracker = history.reaction_stats("gap")
    assert {s.kind for s in full} == {"reaction"} and {s.kind for s in tracker} == {"gap"}
    # the FULL game's times are hundreds of ms from the card turn; the TRACKER game's a gap
    assert min(s.fastest_ms for s in full) > 50
    assert _by_name(tracker)["purple"].median_ms == 25.0
    record = record_from_journal(simulated_apache(tmp_path / "again", 4))
    red = [s.ms for s in record.slaps if s.name == "red" and not s.tied and s.ms is not None]
    assert _by_name(full)["red"].slaps == len(red)
    assert _by_name(full)["red"].median_ms == statistics.median(red)
    assert _by_name(full)["red"].fastest_ms == min(red)


def test_ties_and_ignored_presses_are_left_out_of_the_times_and_counted(
    history: History, tmp_path: Path
) -> None:
    history.record(dead_heat_game(tmp_path))
    board = _by_name(history.reaction_stats("gap"))
    assert "red" not in board, "red's one slap was a dead heat: no time to show"
    yellow, purple = board["yellow"], board["purple"]
    assert (yellow.slaps, yellow.ties, yellow.median_ms, yellow.ignored) == (1, 1, 0.0, 0)
    assert (purple.slaps, purple.ties, purple.ignored) == (1, 0, 1), "the late press"


def _quick_hands(folder: Path, evening: int, name: str, windows: int, gap_ms: float) -> Path:
    """A TRACKER game on evening ``evening`` (days after the first): ``windows`` windows,
    each red first then yellow ``gap_ms`` later, and purple alone."""
    presses = []
    for k in range(windows):
        start = 10_000.0 * (k + 1)
        presses.append(
            [
                Pressed("red.hunter", start, 3 * k),
                Pressed("yellow.hunter", start + gap_ms, 3 * k + 1),
            ]
        )
    presses.append([Pressed("purple.chief", 10_000.0 * (windows + 1), 3 * windows)])
    return tracker_apache(folder, name, presses, started=WALL + evening * DAY)


def test_few_slaps_are_marked_and_listed_after_the_ranked_players(
    history: History, tmp_path: Path
) -> None:
    history.record(_quick_hands(tmp_path, 0, "one", FEW_SLAPS, 40.0))
    history.record(_quick_hands(tmp_path, 1, "two", 2, 20.0))
    board = history.reaction_stats("gap")
    assert [(s.name, s.few) for s in board] == [
        ("red", False),
        ("yellow", False),
        ("purple", True),
    ]
    yellow = board[1]
    assert yellow.slaps == FEW_SLAPS + 2
    assert yellow.median_ms == 40.0 and yellow.fastest_ms == 20.0
    assert [evening for evening, _ in yellow.evenings] == sorted(e for e, _ in yellow.evenings)
    assert [median for _, median in yellow.evenings] == [40.0, 20.0]


def test_an_unknown_game_or_kind_names_the_choices(history: History) -> None:
    with pytest.raises(UnknownChoice, match="apache, apocalypse, paris"):
        history.player_stats("chess")
    with pytest.raises(UnknownChoice, match=r"'reaction'.*'gap'"):
        history.reaction_stats("speed")
    with pytest.raises(ValueError, match="limit -1"):
        history.last_games(-1)
