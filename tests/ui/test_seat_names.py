"""The roster's players at the seats (issue 18, item 1): every game's setup offers a row per
seat a person plays, each cycling through the roster's active players and a guest (a player
is at one seat only), first set to who sat there last time; the names are journaled with
the game and reach the history. By keys and by the mouse."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.history import History
from companion.history.records import NAMES_NOTE
from companion.roster import Roster
from companion.session import Session
from companion.ui import widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apache.tracker import ApacheTrackerResultsScene, ApacheTrackerScene
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.history import HistoryScene
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.scenes import AppContext
from companion.ui.setup import SetupScene, value_cells, visible_rows
from companion.ui.setup_model import GUEST, SetupModel
from tests.ui.helpers import press, top
from tests.ui.test_rules_help import click


@pytest.fixture
def roster(app: AppContext, tmp_path: Path) -> Roster:
    """Anna, Ben and Cleo on the app's roster; Dora retired."""
    app.roster_path = tmp_path / "roster.json"
    roster = Roster.open(app.roster_path)
    for name in ("Anna", "Ben", "Cleo", "Dora"):
        roster.add(name)
    roster.retire("Dora")
    return roster


def _setup(app: AppContext, game: object = APACHE_SETUP, **kwargs: int) -> SetupScene:
    scene = SetupScene(app, SetupModel(game, **kwargs))  # type: ignore[arg-type]
    app.stack.push(scene)
    app.stack.update(0)
    return scene


def _focus(scene: SetupScene, seat: str) -> int:
    index = [row.key for row in scene.model.rows].index(f"seat:{seat}")
    scene.model.focus = index
    return index


def test_a_row_per_seat_cycles_the_active_players_and_a_guest(
    app: AppContext, roster: Roster
) -> None:
    model = _setup(app, players=3).model
    seats = [row.seat for row in model.rows if row.kind == "seat"]
    assert seats == ["red", "yellow", "purple"]
    model.names = {"yellow": "Ben"}
    shown = []
    for _ in range(4):
        model.next_name("red", 1)
        shown.append(model.names.get("red", GUEST))
    assert shown == ["Anna", "Cleo", GUEST, "Anna"], "Ben sits at yellow; Dora is retired"
    assert model.choice().names == {"red": "Anna", "yellow": "Ben"}


def test_a_full_game_names_only_the_seats_people_play(app: AppContext, roster: Roster) -> None:
    model = _setup(app, APOCALYPSE_SETUP, players=4).model
    model.set_mode("full")
    assert [row.seat for row in model.rows if row.kind == "seat"] == ["P1"], "one human"


def test_by_keys_the_names_go_to_the_journal_the_roster_and_the_history(
    app: AppContext, roster: Roster, tmp_path: Path
) -> None:
    app.history_path = tmp_path / "history.sqlite"
    scene = _setup(app, players=3)
    _focus(scene, "red")
    for button in ("select", "next", "select"):  # edit, Anna, done
        press(scene, f"nav.{button}")
    _focus(scene, "purple")
    for button in ("select", "previous", "select"):  # edit, the last of the roster: Cleo
        press(scene, f"nav.{button}")
    assert scene.model.names == {"red": "Anna", "purple": "Cleo"}
    scene.start(0)
    app.stack.update(0)
    game = top(app)
    assert isinstance(game, ApacheTrackerScene)
    session = game.model.session
    (note,) = [n for n in Session.load(session.path).notes if n.kind == NAMES_NOTE]
    assert note.data == {"seats": {"red": "Anna", "purple": "Cleo"}}
    assert Roster.open(roster.path).last_seating("apache") == {"red": "Anna", "purple": "Cleo"}
    game.model.finish()
    game.model.count_piles([20, 10, 5])
    results = ApacheTrackerResultsScene(app, game.model)
    pygame.font.init()
    with widgets.recorded_text() as drawn:
        results.draw(pygame.Surface(app.size), 0)
    assert "R Anna wins with 20 cards" in [text.words for text in drawn]
    results.close()
    app.wait_for_history()  # written off the screen's thread
    with History.open(app.history_path) as history:
        (row,) = history.last_games()
    assert row.players == ("Anna", "yellow", "Cleo") and row.winners == (0,)
    Roster.open(roster.path).delete("Cleo")  # their games are kept: a former player
    shown = HistoryScene(app, app.history_path)
    (players,) = [page for page in shown.pages if page.kind == "players"]
    assert {p.name for p in players.players} == {"Anna", "yellow", "Cleo (former)"}


def test_the_last_seating_is_offered_next_time(app: AppContext, roster: Roster) -> None:
    roster.remember_seating("apache", {"yellow": "Ben", "red": "Dora"})
    model = _setup(app, players=3).model
    assert model.names == {"yellow": "Ben"}, "Dora is retired: not offered"


def test_by_the_mouse_the_arrows_change_who_sits_there(app: AppContext, roster: Roster) -> None:
    scene = _setup(app, players=3)
    index = _focus(scene, "yellow")
    rects = dict(visible_rows(app.size, len(scene.model.rows), scene.model.focus))
    minus, _, plus = value_cells(rects[index], round(rects[index].width * 0.4))
    click(scene, plus.center)
    click(scene, plus.center)
    assert scene.model.names == {"yellow": "Ben"}
    click(scene, minus.center)
    assert scene.model.names == {"yellow": "Anna"}


def test_an_unreadable_roster_is_set_aside_and_said(app: AppContext, tmp_path: Path) -> None:
    app.roster_path = tmp_path / "roster.json"
    app.roster_path.write_text("{not json", encoding="utf-8")
    scene = _setup(app, players=3)
    flash = scene.flashes.current(0)
    assert flash is not None and "set aside" in flash.text
    assert not any(row.kind == "seat" for row in scene.model.rows)
    assert list(tmp_path.glob("roster.json.bad-*"))
    pygame.font.init()
    scene.draw(pygame.Surface(app.size), 0)


def test_the_other_games_headlines_name_the_winners_too() -> None:
    from companion.rules.paris.settlement import TallyLine
    from companion.ui.apocalypse.view import _winner_words
    from companion.ui.paris.view import tally_headline

    assert _winner_words([30, 12, 40], [1], {"P2": "Ben"}).startswith("P2 Ben wins")
    assert _winner_words([30, 12, 40], [1], {}).startswith("P2 wins")
    purple = TallyLine(0, "purple", 500, 0, 0, False, 0, 3, 300, 800)
    tally = (purple, purple._replace(seat=1, colour="yellow", stashes=100, total=400))
    assert "P Anna" in tally_headline(tally, {"purple": "Anna"})
    assert "P purple" in tally_headline(tally)


def test_the_full_game_says_who_turns_by_name(app: AppContext, roster: Roster) -> None:
    from companion.ui.apache.full import ApacheFullScene

    scene = _setup(app, players=3)
    scene.model.set_mode("full")
    scene.model.next_name("red", 1)  # Anna, the one person (the others are bots)
    scene.start(0)
    app.stack.update(0)
    game = top(app)
    assert isinstance(game, ApacheFullScene) and game.model.state.turner == 0
    pygame.font.init()
    with widgets.recorded_text() as drawn:
        game.draw(pygame.Surface(app.size), 0)
    words = " ".join(text.words for text in drawn)
    assert "R Anna turns" in words, words
    game.close()


@pytest.mark.parametrize(
    ("game", "seat", "question"),
    [
        (APOCALYPSE_SETUP, "P1", "P1 Anna: "),
        ("paris", "purple", "P Anna"),
    ],
)
def test_the_question_names_the_player_asked(
    app: AppContext, roster: Roster, game: object, seat: str, question: str
) -> None:
    from companion.ui.paris.setup import PARIS_SETUP

    setup = PARIS_SETUP if game == "paris" else game
    scene = _setup(app, setup, players=3)
    scene.model.names = {seat: "Anna"}
    scene.start(0)
    app.stack.update(0)
    shown = top(app)
    prompt = shown.model.prompt()  # type: ignore[attr-defined]
    assert prompt.startswith(question), prompt
    shown.model.close()  # type: ignore[attr-defined]


def test_the_apocalypse_trick_and_the_apache_players_show_the_names(
    app: AppContext, roster: Roster
) -> None:
    from companion.ui.apache.full import ApacheFullScene
    from companion.ui.apocalypse.tracker import ApocalypseTrackerScene

    pygame.font.init()
    for setup, kind, seat, shown in (
        (APOCALYPSE_SETUP, ApocalypseTrackerScene, "P2", "P2 Anna"),
        (APACHE_SETUP, ApacheFullScene, "red", "Anna"),
    ):
        scene = _setup(app, setup, players=3)
        if kind is ApacheFullScene:
            scene.model.set_mode("full")
        scene.model.names = {seat: "Anna"}
        scene.start(0)
        app.stack.update(0)
        game = top(app)
        assert isinstance(game, kind)
        with widgets.recorded_text() as drawn:
            game.draw(pygame.Surface(app.size), 0)
        assert shown in [text.words for text in drawn], [text.words for text in drawn]
        game.close()


def test_a_score_names_its_player_where_the_name_fits() -> None:
    from companion.ui.apocalypse.view import draw_scores

    pygame.font.init()
    surface = pygame.Surface((800, 480))
    for width, shown in ((800, "P1 Anna 3/9"), (300, "P1 3/9")):  # a Duel has room
        area = pygame.Rect(0, 400, width, 60)
        points, totals = [3, 1], [9, 4]
        with widgets.recorded_text() as drawn:
            draw_scores(surface, area, points, totals, {"P1": "Anna"})
        assert shown in [text.words for text in drawn]


def test_a_name_too_long_for_the_turn_line_gives_way_to_the_seat(
    app: AppContext, roster: Roster
) -> None:
    from companion.ui.apache.full import ApacheFullScene

    roster.add("Maximiliane Kö")
    pygame.font.init()
    scene = _setup(app, players=3)
    scene.model.set_mode("full")
    scene.model.names = {"red": "Maximiliane Kö"}
    scene.start(0)
    app.stack.update(0)
    game = top(app)
    assert isinstance(game, ApacheFullScene)
    with widgets.recorded_text() as drawn:
        game.draw(pygame.Surface(app.size), 0)
    words = " ".join(text.words for text in drawn)
    assert "R red turns" in words, "never 'R Maximili...' without 'turns'"
    game.close()


def test_the_first_wrapping_option_is_the_one_that_fits() -> None:
    pygame.font.init()
    options = ["R Maximiliane Kö hunter: what did the slap get?", "R red hunter: what?"]
    assert widgets.first_wrapping(options, 32, 300, lines=2, bold=True) == options[1]
    assert widgets.first_wrapping(options, 16, 440, lines=2, bold=True) == options[0]
    assert widgets.first_wrapping(["much too long a line"], 32, 50, lines=1) == (
        "much too long a line"
    ), "none fits: the last, cut where drawn"


def test_the_paris_first_player_row_names_its_gangs_player(app: AppContext, roster: Roster) -> None:
    model = _setup(app, PARIS_SETUP, players=4).model
    first = next(row for row in model.rows if row.key == "first")
    assert model.words(first) == "P purple"
    model.names = {"purple": "Anna"}
    assert model.words(first) == "P Anna"


def test_the_apocalypse_first_player_row_names_its_player(app: AppContext, roster: Roster) -> None:
    model = _setup(app, APOCALYPSE_SETUP, players=4).model
    first = next(row for row in model.rows if row.key == "first")
    model.names = {}
    assert model.words(first) == "P1"
    model.names = {"P1": "Anna"}
    assert model.words(first) == "P1 Anna"
