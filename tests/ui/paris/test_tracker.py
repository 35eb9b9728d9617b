"""The Paris TRACKER (bank) screens: turns entered with the seat and navigation buttons (and
the mouse), the settlement walk-through, the unveiling, the final tally, undo, leaving and
resuming, and every step drawn at both sizes."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.rules.paris.settlement import TallyLine, outcome_words
from companion.rules.paris.tracker import TRACKER, Entry
from companion.session import Session
from companion.ui.menu import MenuModel
from companion.ui.paris.samples import SAMPLES
from companion.ui.paris.setup import PARIS_SETUP
from companion.ui.paris.tracker import (
    ParisTrackerLayout,
    ParisTrackerResultsScene,
    ParisTrackerScene,
)
from companion.ui.paris.tracker_model import ParisTrackerModel
from companion.ui.paris.view import tally_headline
from companion.ui.scenes import AppContext
from tests.ui.helpers import leave_through_the_game_menu, press, resume, show_menu, start_game, step


def start(app: AppContext, players: int = 4) -> ParisTrackerScene:
    """A new game from the setup screen, as the menu starts it."""
    return start_game(app, PARIS_SETUP, ParisTrackerScene, players=players)


def placing(model: ParisTrackerModel) -> dict[str, int] | None:
    """The placement being entered, read afresh."""
    return model.placing


def test_a_turn_with_the_seat_buttons(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    press(scene, "purple.chief")  # placed Apaches
    assert step(model) == "place"
    for control in ("purple.chief", "purple.chief", "purple.warrior", "purple.hunter"):
        press(scene, control)
    state = model.state
    assert state.board_leaders[0] == 2 and state.board_novices[0] == 1
    assert step(model) == "stash"
    press(scene, "purple.hunter")  # stash placed
    assert model.seat == 1
    press(scene, "purple.hunter")  # not purple's turn
    assert model.seat == 1 and scene.flashes.current(1) is not None
    history = [s.action for s in model.session.history]
    assert history == [Entry.place(2, 1), Entry.stash()]
    model.close()


def test_back_cancels_a_placement_then_undoes(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    press(scene, "nav.next")  # Placed Apaches
    press(scene, "nav.select")
    press(scene, "nav.select")  # leaders 1
    assert model.placing == {"leaders": 1, "novices": 0, "recruits": 0}
    press(scene, "nav.back")
    assert step(model) == "turn" and placing(model) is None
    press(scene, "nav.select")  # stash placed
    assert model.seat == 1
    press(scene, "nav.back")
    assert model.seat == 0 and not model.session.history
    press(scene, "nav.back")
    assert model.notices == [] and scene.flashes.current(1) is not None
    model.close()


def test_a_refused_placement_is_flashed_with_its_rule(app: AppContext) -> None:
    scene = start(app)
    press(scene, "purple.chief")
    press(scene, "purple.warrior")  # a novice without a leader
    press(scene, "purple.hunter")
    flash = scene.flashes.current(1)
    assert flash is not None and "ruling D5" in flash.text
    assert step(scene.model) == "place"
    scene.model.close()


def test_the_settlement_walk_through(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    for _ in range(4):
        gang = model.state.colours[model.seat or 0]
        for button in ("chief", "chief", "hunter", "hunter"):  # placed 1 leader, stash
            press(scene, f"{gang}.{button}")
    for _ in range(20):  # turns 2-6: stashes
        press(scene, "nav.select")
    assert step(model) == "holder" and model.state.district == 1
    press(scene, "yellow.woman")  # yellow holds district 1
    assert step(model) == "slot"
    press(scene, "nav.back")  # another holder
    assert step(model) == "holder"
    press(scene, "yellow.woman")
    press(scene, "nav.next")  # slot 2: wounded
    press(scene, "nav.select")
    assert model.state.sent_hospital[1] == 1
    assert "yellow's leaders there goes to the hospital" in model.info()
    for _ in range(3):  # 2-4: nobody
        model.focus = len(model.choices()) - 1
        press(scene, "nav.select")
    press(scene, "red.chief")  # 5: red, money 400
    press(scene, "nav.select")
    assert model.state.money[3] == 900
    model.close()


def test_a_whole_game_to_the_results_and_the_journal_replays(app: AppContext) -> None:
    scene = start(app, players=3)
    model = scene.model
    seen = set()
    for _ in range(500):
        if not isinstance(app.stack.top, ParisTrackerScene):
            break
        seen.add(model.step)
        if model.step == "turn" and model.state.turn == 1:
            press(scene, f"{model.state.colours[model.seat or 0]}.chief")  # place 1 leader
            press(scene, "nav.select")
            press(scene, "nav.back")  # out, and back in
            press(scene, f"{model.state.colours[model.seat or 0]}.chief")
            press(scene, "nav.select")
            seen.add(model.step)
            model.focus = 3
        else:
            model.focus = 0
        press(scene, "nav.select")
        app.stack.update(1)
    assert {"turn", "place", "stash", "holder", "slot", "policeman"} <= seen
    results = app.stack.top
    assert isinstance(results, ParisTrackerResultsScene)
    outcome = TRACKER.outcome(model.state)
    assert outcome is not None and len(model.state.tally) == 3
    assert Session.load(model.session.path).state == model.state
    results.draw(pygame.Surface(app.size), 0)
    press(results, "nav.back")  # undo the unveiling
    app.stack.update(2)
    again = app.stack.top
    assert isinstance(again, ParisTrackerScene) and again.model.step == "policeman"
    press(again, "nav.select")
    app.stack.update(3)
    final = app.stack.top
    assert isinstance(final, ParisTrackerResultsScene)
    press(final, "nav.select")
    app.stack.update(4)
    assert model.session.closed


def test_the_menu_leaves_and_the_game_resumes_from_the_start_menu(app: AppContext) -> None:
    menu = show_menu(app, MenuModel(games=(PARIS_SETUP,), doctor=False))
    scene = start(app)
    press(scene, "purple.chief")
    press(scene, "purple.chief")
    press(scene, "purple.hunter")  # placed 1 leader
    press(scene, "purple.hunter")  # stash placed
    leave_through_the_game_menu(app, scene, menu)
    resumed = resume(app, menu, "Resume Paris bank", ParisTrackerScene)
    assert resumed.model.state.board_leaders == (1, 0, 0, 0) and resumed.model.seat == 1
    resumed.model.close()


def test_a_click_picks_an_option(app: AppContext) -> None:
    scene = start(app)
    rects = ParisTrackerLayout(app.size, scene.model).choices
    scene.click(rects[1].center, 1)  # Placed Apaches
    assert scene.model.step == "place"
    rects = ParisTrackerLayout(app.size, scene.model).choices
    scene.click(rects[0].center, 1)  # leaders 1
    scene.click(rects[3].center, 1)  # Done
    assert scene.model.state.board_leaders[0] == 1
    scene.model.close()


def test_every_step_draws(app: AppContext, screen: pygame.Surface, tmp_path: Path) -> None:
    for name, sample in SAMPLES.items():
        app.games_dir = tmp_path / name
        app.games_dir.mkdir()
        shown, now_ns = sample(app)
        shown.draw(screen, now_ns)
        model = getattr(shown, "model", None)
        if isinstance(model, ParisTrackerModel):
            model.close()


def test_the_results_headline_is_the_outcome_text_of_both_modes() -> None:
    """Ruling D10 in the engines' one outcome text, the gangs by letter and colour, the money
    grouped: a tie on money broken by the operational Apaches says so; a shared victory says
    the tie stands."""
    colours = ("purple", "yellow", "green")

    def tally(*lines: tuple[int, int]) -> tuple[TallyLine, ...]:
        return tuple(
            TallyLine(seat, colours[seat], total, 0, 0, False, 0, ops, 50 * ops, total)
            for seat, (total, ops) in enumerate(lines)
        )

    alone = tally((1200, 5), (1000, 9), (900, 9))
    assert tally_headline(alone) == "P purple wins with 1,200 F (ruling D10)"
    broken = tally((1000, 8), (1000, 10), (900, 9))
    assert tally_headline(broken) == (
        "Y yellow wins with 1,000 F, the tie on money broken by operational Apaches: "
        "P purple 8, Y yellow 10 (ruling D10)"
    )
    shared = tally((1000, 10), (1000, 10), (900, 9))
    assert tally_headline(shared) == (
        "Shared victory (ruling D10): P purple and Y yellow with 1,000 F and 10 operational "
        "Apaches each: the tie stands"
    )
    assert outcome_words(shared) == (  # the engines' Outcome.reason, by colour
        "shared victory (ruling D10): purple and yellow with 1000 F and 10 operational "
        "Apaches each: the tie stands"
    )
