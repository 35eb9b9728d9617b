"""The Apocalypse TRACKER screens: cards entered with the seat and navigation buttons (and
the mouse), tokens and the alarm, rounds scored, the results, leaving and resuming."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.rules.apocalypse.tracker import TRACKER, TrackerState
from companion.session import Session
from companion.ui import widgets
from companion.ui.apocalypse.setup import APOCALYPSE_SETUP
from companion.ui.apocalypse.tracker import (
    ApocalypseTrackerLayout,
    ApocalypseTrackerResultsScene,
    ApocalypseTrackerScene,
)
from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel
from companion.ui.menu import MenuModel
from companion.ui.scenes import AppContext
from tests.ui.apocalypse.test_tracker_model import to_round_end
from tests.ui.helpers import leave_through_the_game_menu, press, resume, show_menu, start_game, step


def start(app: AppContext, players: int = 4) -> ApocalypseTrackerScene:
    """A new game from the setup screen, as the menu starts it."""
    return start_game(app, APOCALYPSE_SETUP, ApocalypseTrackerScene, players=players)


def state(model: ApocalypseTrackerModel) -> TrackerState:
    """The state, read afresh."""
    return model.state


def value(scene: ApocalypseTrackerScene, wanted: int) -> None:
    """In step ``value``: next until ``wanted`` is focused, then select."""
    keys = [c.key for c in scene.model.choices()]
    scene.model.focus = 0
    for _ in range(keys.index(str(wanted))):
        press(scene, "nav.next")
    press(scene, "nav.select")


def test_the_rulebook_example_with_the_buttons(app: AppContext) -> None:
    scene = start(app)
    model = scene.model
    for colour, number in (("blue", 6), ("blue", 2), ("blue", 9), ("blue", 3)):
        press(scene, f"{colour}.chief")  # a colour: that suit
        assert step(model) == "value"
        value(scene, number)
    assert step(model) == "lead" and model.focus == 2, "the winner is focused"
    press(scene, "nav.previous")
    press(scene, "nav.previous")
    press(scene, "nav.select")  # P3 names P1
    assert model.state.first == 0 and model.state.black == ("blue",)
    press(scene, "red.woman")
    value(scene, 8)  # Anna
    chaos = [c.key for c in model.choices()].index("chaos")
    model.focus = chaos
    press(scene, "nav.select")  # Barry's Chaos: green or purple?
    assert step(model) == "token" and {c.key for c in model.choices()} == {"green", "purple"}
    press(scene, "purple.hunter")
    model.focus = [c.key for c in model.choices()].index("tranquility")
    press(scene, "nav.select")  # Camilla
    press(scene, "green.warrior")
    assert model.choices()[0].key == "later", "an off-suit card's value may wait (P6)"
    value(scene, 4)  # David turns the last token
    scene.update(1)
    assert model.cues == [], "the scene took the cue"
    result = model.state.last_trick
    assert result is not None and result.apocalypse and result.winner == 1
    assert result.points == 17 and state(model).black == ()
    assert step(model) == "lead" and model.focus == 1


def test_the_alarm_shows_while_the_apocalypse_is_on(app: AppContext) -> None:
    scene = start(app, players=3)  # red, green, purple, blue
    for colour in ("red", "green", "purple"):
        press(scene, f"{colour}.chief")
        value(scene, 1)
    press(scene, "nav.select")  # the winner leads
    press(scene, "blue.chief")
    value(scene, 2)
    assert scene.model.state.apocalypse and scene.model.cues == ["apocalypse"]
    surface = pygame.Surface(app.size)
    scene.draw(surface, 0)
    tokens = ApocalypseTrackerLayout(app.size, scene.model).tokens
    assert surface.get_at((tokens.right - 3, tokens.centery))[:3] == (200, 30, 40), "alarm"


def test_back_leaves_a_half_entered_card_then_undoes(app: AppContext) -> None:
    scene = start(app)
    press(scene, "red.chief")
    value(scene, 8)
    press(scene, "green.chief")
    assert step(scene.model) == "value"
    press(scene, "nav.back")
    assert step(scene.model) == "card" and len(scene.model.state.trick) == 1
    press(scene, "nav.back")
    assert state(scene.model).trick == ()
    flash = scene.flashes.current(1)
    assert flash is not None and flash.text == "undone: P1 red 8"


def test_a_refused_entry_is_flashed_with_its_rule(app: AppContext) -> None:
    scene = start(app)
    press(scene, "yellow.chief")  # yellow is left out with four players
    flash = scene.flashes.current(1)
    assert flash is not None and "ruling P2 (suits)" in flash.text
    assert scene.model.state.trick == ()


def test_the_table_enters_its_own_count_with_the_seat_buttons(app: AppContext) -> None:
    scene = start(app, players=3)
    model = scene.model
    to_round_end(model)
    computed = [row[2] for row in model.round_table()]
    model.focus = 1
    press(scene, "nav.select")  # "Enter our count"
    assert step(model) == "count" and model.counts == computed
    press(scene, "red.chief")  # +10 for P1
    press(scene, "red.hunter")  # -1
    press(scene, "nav.select")  # next player
    press(scene, "nav.next")  # +1 for P2
    press(scene, "nav.select")
    press(scene, "nav.select")  # P3 unchanged: enter
    expected = (computed[0] + 9, computed[1] + 1, computed[2])
    assert model.state.rounds[0].counted == expected and model.state.totals == expected
    assert step(model) == "first"


def test_the_duel_asks_for_the_specials_left_in_hand(app: AppContext) -> None:
    scene = start(app, players=2)
    model = scene.model
    to_round_end(model)
    assert step(model) == "specials" and model.counts == [0, 0], "editing from zero at once"
    press(scene, "nav.next")  # P1: +1 (if the hand holds a card)
    press(scene, "nav.select")  # the next player
    press(scene, "nav.select")  # the last one: done
    assert step(model) == "score" and model.specials is not None
    press(scene, "nav.select")  # accept
    assert len(model.state.rounds) == 1


def test_a_whole_game_to_the_results_and_the_journal_replays(app: AppContext) -> None:
    scene = start(app, players=5)
    model = scene.model
    for _ in range(3000):
        if not isinstance(app.stack.top, ApocalypseTrackerScene):
            break
        model.focus = 0
        press(scene, "nav.select")
        app.stack.update(1)
    results = app.stack.top
    assert isinstance(results, ApocalypseTrackerResultsScene)
    outcome = TRACKER.outcome(model.state)
    assert outcome is not None and len(model.state.rounds) == 3
    replayed = Session.load(model.session.path)
    assert replayed.state == model.state
    results.draw(pygame.Surface(app.size), 0)
    press(results, "nav.select")
    app.stack.update(2)
    assert model.session.closed


def test_the_menu_leaves_and_the_game_resumes_from_the_start_menu(app: AppContext) -> None:
    menu = show_menu(app, MenuModel())
    scene = start(app)
    press(scene, "red.chief")
    value(scene, 8)
    leave_through_the_game_menu(app, scene, menu)
    resumed = resume(app, menu, "Resume Apocalypse tracker", ApocalypseTrackerScene)
    assert [p.words for p in resumed.model.state.trick] == ["red 8"]
    resumed.model.close()


def test_a_click_picks_an_option(app: AppContext) -> None:
    scene = start(app)
    rects = ApocalypseTrackerLayout(app.size, scene.model).choices
    scene.click(rects[1].center, 1)  # green
    assert scene.model.step == "value" and scene.model.suit == "green"


@pytest.mark.parametrize("players", [2, 4])
def test_every_step_draws_with_nothing_cut_short(
    app: AppContext, screen: pygame.Surface, players: int
) -> None:
    """Every option whole ("Tranquility" gives way to "Tranq." where it does not fit)."""
    scene = start(app, players=players)
    seen = set()
    for _ in range(400):
        seen.add(scene.model.step)
        with widgets.recorded_text() as drawn:
            scene.draw(screen, 0)
        assert not [text.words for text in drawn if text.cut_short], scene.model.step
        if scene.model.step == "score":
            break
        scene.model.focus = 0
        scene.model.select(0)
    assert {"card", "value", "lead"} <= seen and (players > 2 or "specials" in seen)
    scene.model.close()


def test_the_tables_count_finishes_with_a_click_on_done(app: AppContext) -> None:
    scene = start(app, players=3)
    model = scene.model
    to_round_end(model)
    model.focus = 1
    press(scene, "nav.select")  # "Enter our count"
    keys = [c.key for c in model.choices()]
    assert keys == ["next", "done", "cancel"]
    rects = ApocalypseTrackerLayout(app.size, model).choices
    scene.click(rects[1].center, 1)  # Done
    assert step(model) == "first" and len(model.state.rounds) == 1


def test_undo_names_the_entry_in_the_screens_words(app: AppContext) -> None:
    scene = start(app)
    for number in (6, 2, 9, 3):
        press(scene, "blue.chief")
        value(scene, number)
    press(scene, "nav.select")  # the winner (P3) names themselves
    press(scene, "nav.back")
    flash = scene.flashes.current(1)
    assert flash is not None and flash.text == "undone: P3 naming P3 to open"


def test_a_suit_played_out_says_so(app: AppContext) -> None:
    scene = start(app, players=5)
    model = scene.model
    played = tuple(("red", v) for v in (1, 2, 3, 4, 6, 7, 8, 9, 10))
    model.session._states[-1] = replace(model.state, played=played)  # every red card out
    press(scene, "red.chief")
    flash = scene.flashes.current(1)
    assert flash is not None and flash.text == "every red card has been played (ruling P2)"
