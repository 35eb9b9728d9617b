"""The history writer (companion.history.writer): results screens hand it their finished
games and show at once; it records and forgets them in the order asked on a thread of its
own, reports problems to the screen on top, and finishes its work before the program
leaves."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame

from companion.history import HISTORY_FILE, History
from companion.history.writer import HistoryWriter
from companion.ui import widgets
from companion.ui.menu import MenuModel, MenuScene
from companion.ui.scenes import AppContext
from tests.history.helpers import dead_heat_game, simulated_apache


def test_games_are_recorded_and_forgotten_in_the_order_asked(tmp_path: Path) -> None:
    first = simulated_apache(tmp_path / "games", 1)
    second = dead_heat_game(tmp_path / "games")
    writer = HistoryWriter(tmp_path / HISTORY_FILE)
    writer.record(first)
    writer.record(second)
    writer.forget(first)  # its end taken back
    writer.wait()
    with History.open(writer.path) as history:
        assert [row.journal for row in history.last_games()] == [second.name]
    writer.close()
    assert writer.take_problems() == []


def test_a_results_screen_is_made_while_another_program_holds_the_database(
    app: AppContext, tmp_path: Path
) -> None:
    """The screen does not wait for the write: the database is locked while the results
    scene is made, and the game is in the history once the lock is let go."""
    app.history_path = tmp_path / HISTORY_FILE
    journal = dead_heat_game(tmp_path / "games")
    with History.open(app.history_path):
        pass
    holder = sqlite3.connect(app.history_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writing
    try:
        MenuScene(app, MenuModel([])).record_in_history(journal)
        with History.open(app.history_path) as history:
            assert history.last_games() == [], "not written yet: the screen went on"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    app.wait_for_history()
    with History.open(app.history_path) as history:
        assert len(history.last_games()) == 1
    assert app.writer is not None and app.writer.take_problems() == []


def test_a_problem_is_shown_on_the_screen_on_top(app: AppContext, tmp_path: Path) -> None:
    app.history_path = tmp_path / "a-folder"
    app.history_path.mkdir()  # where the file should be
    menu = MenuScene(app, MenuModel([]))
    app.stack.push(menu)
    menu.record_in_history(dead_heat_game(tmp_path / "games"))
    app.wait_for_history()
    assert app.stack.update(1) is True, "redraw: there is something to say"
    pygame.font.init()
    with widgets.recorded_text() as drawn:
        menu.draw(pygame.Surface(app.size), 1)
    said = " ".join(text.words for text in drawn)
    assert "history not updated" in said and "a-folder" in said


def test_closing_finishes_what_was_asked(tmp_path: Path) -> None:
    writer = HistoryWriter(tmp_path / HISTORY_FILE)
    for seed in range(3):
        writer.record(simulated_apache(tmp_path / "games", seed))
    writer.close()
    with History.open(writer.path) as history:
        assert len(history.last_games()) == 3
