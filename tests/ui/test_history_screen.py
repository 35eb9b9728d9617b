"""The History screen (issue 18): games played through the real loop are written to the
history when their results show, and the start menu's History row shows them, by keys and
by the mouse alone."""

from __future__ import annotations

import statistics
from pathlib import Path

import pygame
import pytest

from companion.history import History
from companion.session import Session
from companion.ui import widgets
from companion.ui.apache.full import ApacheFullResultsScene
from companion.ui.apache.tracker import ApacheTrackerResultsScene
from companion.ui.history import HistoryScene, lay_out, read_history
from companion.ui.menu import MenuScene
from companion.ui.scenes import AppContext
from companion.ui.screenshot import SIZES
from tests.ui.apache import test_full
from tests.ui.apache.test_full_model import FAST, QUICK
from tests.ui.driving import play_through
from tests.ui.helpers import press, top
from tests.ui.test_rules_help import click
from tests.ui.test_run import QUIET
from tests.ui.test_run import STEPS as TRACKER_STEPS


def _gaps_in(journals: list[Path]) -> dict[str, list[float]]:
    """Each player's untied gaps to the first slap (ms), read from the journals' window
    notes: what the history's tracker board must show."""
    gaps: dict[str, list[float]] = {}
    for journal in journals:
        for note in Session.load(journal).notes:
            if note.kind != "window":
                continue
            for slap in note.data["slaps"]:
                if not slap["tied_with"]:
                    gaps.setdefault(slap["seat"], []).append(slap["gap_ns"] / 1e6)
    return gaps


def test_three_games_through_the_real_loop_are_found_in_history(tmp_path: Path) -> None:
    games, history = tmp_path / "games", tmp_path / "history.sqlite"
    games.mkdir()
    for _ in range(2):
        play_through(
            games, TRACKER_STEPS, ApacheTrackerResultsScene, powwow=QUIET, history_path=history
        )
    play_through(
        games,
        test_full.STEPS,
        ApacheFullResultsScene,
        seed=11,
        powwow=FAST,
        full_tuning=QUICK,
        history_path=history,
    )
    journals = sorted(games.glob("*.jsonl"))
    assert len(journals) == 3
    with History.open(history) as recorded:
        rows = recorded.last_games(10)
        gap_board = {stats.name: stats for stats in recorded.reaction_stats("gap")}
    assert sorted(row.journal for row in rows) == [journal.name for journal in journals]
    for row in rows:
        outcome = Session.load(games / row.journal).outcome
        assert outcome is not None and row.winners == outcome.winners, row.journal
    for name, gaps in _gaps_in([j for j in journals if "tracker" in j.name]).items():
        stats = gap_board[name]
        assert stats.slaps == len(gaps) == 2
        assert stats.median_ms == pytest.approx(statistics.median(gaps), abs=0.001)
        assert stats.few, "two slaps: marked, not ranked"


@pytest.fixture
def history_app(app: AppContext) -> AppContext:
    """The app keeping a history of two finished tracker games and a full one (the
    screenshot samples' games, recorded as their results screens do)."""
    from companion.ui.screenshot import HISTORY_GAMES, SAMPLES

    app.history_path = app.games_dir / "history.sqlite"
    for name in HISTORY_GAMES:
        results, _ = SAMPLES[name](app)
        results.close()  # type: ignore[attr-defined]
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.update(0)
    return app


def test_the_pages_by_keys_from_the_start_menu_and_back(history_app: AppContext) -> None:
    app = history_app
    menu = top(app)
    assert isinstance(menu, MenuScene)
    kinds = [row.kind for row in menu.model.rows]
    menu.model.focus = kinds.index("history")
    press(menu, "nav.select")
    app.stack.update(0)
    shown = top(app)
    assert isinstance(shown, HistoryScene)
    assert [page.kind for page in shown.pages][:3] == ["games", "players", "reaction"]
    for _ in range(len(shown.pages) - 1):
        press(shown, "nav.next")
    press(shown, "nav.next")
    assert shown.page == len(shown.pages) - 1, "the last page stays"
    press(shown, "nav.previous")
    assert shown.page == len(shown.pages) - 2
    press(shown, "nav.back")
    app.stack.update(0)
    assert top(app) is menu


def test_the_pages_by_the_mouse_alone(history_app: AppContext) -> None:
    app = history_app
    menu = top(app)
    assert isinstance(menu, MenuScene)
    from companion.ui.setup import visible_rows

    index = [row.kind for row in menu.model.rows].index("history")
    menu.model.focus = index
    rects = dict(visible_rows(app.size, len(menu.model.rows), menu.model.focus))
    click(menu, rects[index].center)
    app.stack.update(0)
    shown = top(app)
    assert isinstance(shown, HistoryScene)
    click(shown, (app.size[0] // 2, app.size[1] // 2))
    assert shown.page == 1
    shown.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert shown.page == 0
    click(shown, (5, 5), button=3)
    app.stack.update(0)
    assert top(app) is menu


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_page_fits_at_its_floor(history_app: AppContext, size: tuple[int, int]) -> None:
    app = history_app
    assert app.history_path is not None
    app.size = size
    scene = HistoryScene(app, app.history_path)
    surface = pygame.Surface(size)
    for page in range(len(scene.pages)):
        scene.page = page
        with widgets.recorded_text() as drawn:
            scene.draw(surface, 0)
        bad = [t for t in drawn if t.cut_short or t.drawn_px < t.floor_px]
        assert not bad, f"page {page + 1} ({scene.pages[page].kind}): {bad}"


def test_an_unreadable_history_is_said_on_the_screen(app: AppContext) -> None:
    path = app.games_dir / "history.sqlite"
    path.write_bytes(b"not a database at all, " * 100)
    scene = HistoryScene(app, path)
    (page,) = scene.pages
    assert page.kind == "empty" and "history.sqlite" in page.words
    assert not path.exists() or path.read_bytes().startswith(b"SQLite"), "set aside"
    assert list(app.games_dir.glob("history.sqlite.corrupt-*")), "never deleted"


def test_no_games_yet_says_how_they_come(tmp_path: Path) -> None:
    data = read_history(tmp_path / "history.sqlite")
    (page,) = lay_out(data, (480, 320))
    assert page.kind == "empty" and "recorded here when it ends" in page.words


def test_a_count_taken_back_leaves_the_history_until_the_game_ends_again(
    app: AppContext, tmp_path: Path
) -> None:
    from companion.ui.apache.setup import APACHE_SETUP
    from companion.ui.apache.tracker import ApacheTrackerScene
    from tests.ui.helpers import start_game

    app.history_path = tmp_path / "history.sqlite"
    game = start_game(app, APACHE_SETUP, ApacheTrackerScene, players=3)
    model = game.model
    model.finish()
    model.count_piles([20, 10, 5])
    results = ApacheTrackerResultsScene(app, model)
    app.stack.replace(results)
    app.stack.update(0)
    press(results, "nav.back")  # a count was wrong
    app.wait_for_history()  # written off the screen's thread
    with History.open(app.history_path) as recorded:
        assert recorded.last_games() == []
    model.count_piles([5, 30, 0])
    ApacheTrackerResultsScene(app, model).close()
    app.wait_for_history()
    with History.open(app.history_path) as recorded:
        (row,) = recorded.last_games()
    assert row.scores == (5, 30, 0) and row.winners == (1,)
