"""The Apache TRACKER screens: confirming with the buttons and the mouse, the game menu,
the count, the results, leaving, a journal that cannot be written, the slap pad, and every
stage drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.input.events import Press
from companion.rules.apache.tracker import TrackerAction
from companion.session import Session
from companion.ui.apache.tracker import (
    PENALTY_REMINDER,
    SLAP_HINT,
    ApacheTrackerCountScene,
    ApacheTrackerResultsScene,
    ApacheTrackerScene,
    _option_rects,
    _pad_rects,
    scene_for,
)
from companion.ui.apache.tracker_model import ApacheTrackerModel
from companion.ui.scenes import AppContext, SceneStack
from companion.ui.widgets import frame
from tests.ui.apache.test_tracker_model import (
    FOUR,
    LATER,
    MS,
    QUIET,
    four_slaps_confirmed,
    seq,
    slap,
    stage,
    start,
    window,
)


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    pygame.display.init()
    pygame.font.init()
    return AppContext(size=(480, 320), stack=SceneStack(), games_dir=tmp_path, powwow=QUIET)


@pytest.fixture
def model(app: AppContext) -> Iterator[ApacheTrackerModel]:
    tracked = ApacheTrackerModel(start(app.games_dir), QUIET)
    yield tracked
    tracked.close()


def is_open(scene: ApacheTrackerScene) -> bool:
    return scene.menu.open


# --- the scenes ------------------------------------------------------------------------------


def press(scene: object, control: str) -> None:
    assert isinstance(
        scene, ApacheTrackerScene | ApacheTrackerCountScene | ApacheTrackerResultsScene
    )
    scene.handle_input(Press(control, 1, "test", next(seq)), 1)


def on_stack(app: AppContext, scene: ApacheTrackerScene) -> ApacheTrackerScene:
    app.stack.push(scene)
    app.stack.update(0)
    return scene


def test_confirming_with_the_nav_buttons(app: AppContext, model: ApacheTrackerModel) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    window(model, ("red.hunter", 1000), ("yellow.chief", 1010))
    press(scene, "nav.previous")
    assert model.option == 0
    press(scene, "nav.select")
    press(scene, "nav.next")
    assert model.option == 2
    surface = pygame.Surface(app.size)
    scene.draw(surface, 0)  # the penalty option shows its reminder
    assert model.cues == ["slap"], "the window's sound"
    scene.update(LATER)
    assert model.cues == [], "the scene handed the cues to the (silent) sounds"
    press(scene, "nav.back")
    assert model.state.results == () and model.option == 0
    flash = scene.flashes.current(0)
    assert flash is not None and flash.text == "undone: red hunter loot"
    assert "top two cards" in PENALTY_REMINDER and "ruling A5" in PENALTY_REMINDER


def confirmed_results(model: ApacheTrackerModel) -> list[str]:
    return [step.action.result for step in model.session.history if step.action.kind == "confirm"]


def test_undo_then_select_keeps_every_slappers_own_answer_by_keys(app: AppContext) -> None:
    model = ApacheTrackerModel(start(app.games_dir, FOUR), QUIET)
    scene = on_stack(app, ApacheTrackerScene(app, model))
    try:
        four_slaps_confirmed(model)
        for _ in range(4):
            press(scene, "nav.back")
        assert model.state.results == ()
        for _ in range(4):
            press(scene, "nav.select")
        assert confirmed_results(model) == ["loot", "nothing", "penalty", "loot"]
        assert model.state.stats[2].penalties == 1, "purple's penalty came back as penalty"
    finally:
        model.close()


def test_undo_then_click_the_focused_option_keeps_each_answer_by_mouse(app: AppContext) -> None:
    model = ApacheTrackerModel(start(app.games_dir, FOUR), QUIET)
    scene = on_stack(app, ApacheTrackerScene(app, model))
    right_click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(240, 160))
    options = _option_rects(frame(app.size).body.inflate(-16, -12), app.size)
    try:
        four_slaps_confirmed(model)
        for _ in range(4):
            scene.handle_event(right_click)
        focused = []
        for _ in range(4):
            focused.append(model.option)
            scene.click(options[model.option].center, 0)  # the option shown focused
        assert focused == [0, 1, 2, 0], "loot, nothing, penalty, loot: each slapper's own"
        assert confirmed_results(model) == ["loot", "nothing", "penalty", "loot"]
    finally:
        model.close()


def test_a_click_on_an_option_confirms_it(app: AppContext, model: ApacheTrackerModel) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    window(model, ("red.hunter", 1000))
    penalty = _option_rects(frame(app.size).body.inflate(-16, -12), app.size)[2]
    scene.click(penalty.center, 0)
    assert model.state.stats[0].penalties == 1


def test_seat_buttons_slap_and_the_window_keeps_the_screen_busy(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    scene.handle_input(Press("purple.woman", 1000 * MS, "gpio:mock", 1), 1000 * MS)
    assert stage(model) == "window" and scene.update(1000 * MS)
    assert scene.update(LATER) and stage(model) == "confirm"
    assert not scene.update(LATER + 1), "idle again: nothing to redraw"


def test_the_help_line_says_each_pow_wow_stands_alone_ruling_a8(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    """The tracker sees no card turned: one slap per player per Pow-Wow, not per card."""
    scene = on_stack(app, ApacheTrackerScene(app, model))
    for stage_now in ("play", "window"):
        _, _, hint = scene._texts(stage_now)
        assert hint == SLAP_HINT and "once per Pow-Wow (A8)" in hint
        assert hint.endswith("Select: menu · Back: undo"), "the keys"
    model.press(Press("red.hunter", 1000 * MS, "gpio:mock", 1))
    model.poll(LATER)
    model.confirm()
    model.press(Press("red.woman", LATER + 1000 * MS, "gpio:mock", 2))  # the next Pow-Wow
    model.poll(LATER * 3)
    assert model.state.window == ((0, "woman"),), "red slaps again: a Pow-Wow stands alone"


def test_the_game_menu_ends_the_game_with_the_count(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    press(scene, "nav.select")
    assert is_open(scene)
    press(scene, "nav.back")
    assert not is_open(scene)
    press(scene, "nav.select")
    press(scene, "nav.next")
    press(scene, "nav.select")
    app.stack.update(0)
    assert isinstance(app.stack.top, ApacheTrackerCountScene) and model.stage == "count"


def test_leaving_closes_the_journal_and_returns(app: AppContext, model: ApacheTrackerModel) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    slap(model, "red.hunter", 1000)
    for control in ("nav.select", "nav.previous", "nav.previous", "nav.select"):  # Leave
        press(scene, control)
    flash = scene.flashes.current(0)
    assert flash is not None and "still being decided" in flash.text
    model.poll(LATER)
    press(scene, "nav.select")
    app.stack.update(0)
    assert app.stack.top is None and model.session.closed


def test_counting_with_seat_buttons_and_nav(app: AppContext, model: ApacheTrackerModel) -> None:
    model.finish()
    count = ApacheTrackerCountScene(app, model)
    app.stack.push(count)
    app.stack.update(0)
    for control in ("red.chief", "red.chief", "red.warrior", "red.woman", "red.hunter"):
        press(count, control)
    press(count, "yellow.warrior")
    assert count.piles == [25, 5, 0] and count.focus == 1
    press(count, "nav.next")
    press(count, "nav.previous")
    press(count, "nav.previous")
    assert count.piles == [25, 4, 0]
    press(count, "nav.back")
    press(count, "nav.previous")
    assert count.piles[0] == 24
    for _ in range(3):
        press(count, "nav.select")
    assert count.done_focused
    press(count, "nav.select")
    app.stack.update(0)
    assert isinstance(app.stack.top, ApacheTrackerResultsScene)
    assert Session.load(model.session.path).outcome.scores == (24.0, 4.0, 0.0)  # type: ignore[union-attr]


def test_back_from_the_first_pile_returns_to_the_game(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    model.finish()
    count = ApacheTrackerCountScene(app, model)
    app.stack.push(count)
    app.stack.update(0)
    press(count, "nav.back")
    app.stack.update(0)
    assert isinstance(app.stack.top, ApacheTrackerScene) and model.stage == "play"


def test_the_results_go_back_to_the_menu(app: AppContext, model: ApacheTrackerModel) -> None:
    model.finish()
    model.count_piles([1, 2, 3])
    results = scene_for(app, model)
    assert isinstance(results, ApacheTrackerResultsScene)
    app.stack.push(results)
    app.stack.update(0)
    press(results, "nav.select")
    app.stack.update(0)
    assert app.stack.finished and model.session.closed


def test_a_wrong_count_is_undone_from_the_results(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    model.finish()
    model.count_piles([1, 2, 3])
    app.stack.push(ApacheTrackerResultsScene(app, model))
    app.stack.update(0)
    press(app.stack.top, "nav.back")
    app.stack.update(0)
    count = app.stack.top
    assert isinstance(count, ApacheTrackerCountScene) and count.piles == [1, 2, 3]
    assert stage(model) == "count" and model.state.piles == ()
    press(count, "blue.chief")  # blue is not playing
    press(count, "purple.woman")
    count.focus = 3
    press(count, "nav.select")
    app.stack.update(0)
    assert Session.load(model.session.path).outcome.scores == (1.0, 2.0, 4.0)  # type: ignore[union-attr]


def test_piles_entered_before_a_crash_stand(app: AppContext, model: ApacheTrackerModel) -> None:
    model.finish()
    model.session.apply(TrackerAction.count(0, 9))
    count = ApacheTrackerCountScene(app, model)
    assert count.piles == [9, 0, 0] and count.focus == 1
    press(count, "red.chief")
    press(count, "nav.back")
    assert count.piles == [9, 0, 0] and count.focus == 1
    flash = count.flashes.current(0)
    assert flash is not None and "stand" in flash.text


def test_a_clean_quit_enters_the_slaps_still_being_decided(app: AppContext) -> None:
    session = start(app.games_dir)
    scene = ApacheTrackerScene(app, ApacheTrackerModel(session, QUIET))
    slap(scene.model, "yellow.hunter", 1000)
    scene.close()
    assert session.closed
    replayed = Session.load(session.path)
    assert replayed.state.window == ((1, "hunter"),) and replayed.state.phase == "confirm"


def test_a_journal_that_cannot_be_written_is_shown_not_raised(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    window(model, ("red.hunter", 1000))
    model.session.close()
    press(scene, "nav.select")
    flash = scene.flashes.current(0)
    assert flash is not None and "could not save the journal" in flash.text


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_every_stage_draws_at_both_sizes(
    app: AppContext, model: ApacheTrackerModel, size: tuple[int, int]
) -> None:
    app.size = size
    surface = pygame.Surface(size)
    scene = ApacheTrackerScene(app, model)
    scene.draw(surface, 0)
    slap(model, "red.hunter", 1000)
    scene.draw(surface, 1000 * MS)
    model.poll(LATER)
    scene.draw(surface, LATER)
    scene.menu.show()
    scene.draw(surface, LATER)


def test_the_app_hears_of_each_pow_wow_and_the_box_lights_the_first_slapper(
    app: AppContext,
) -> None:
    from companion.input.box.source import SerialBoxSource
    from companion.input.pinmap import load_profile
    from companion.powwow import Window
    from companion.ui.apache.tracker import ApacheTrackerScene
    from companion.ui.run import _first_slapper_light

    heard: list[Window] = []
    app.on_window = heard.append
    scene = ApacheTrackerScene(app, ApacheTrackerModel(start(app.games_dir), QUIET))
    window(scene.model, ("yellow.chief", 2.0), ("red.hunter", 1.0))
    assert [slap.control for slap in heard[0].slaps] == ["red.hunter", "yellow.chief"]
    box = SerialBoxSource(lambda event: None, profile=load_profile("usb-box"), auto_start=False)
    try:
        _first_slapper_light(box)(heard[0])
        assert list(box.led_colours) == ["red.hunter"]
    finally:
        box.close()
        scene.model.close()


def test_the_mouse_slaps_on_the_pad_and_opens_the_menu(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    app.monotonic_ns = lambda: 1_000
    scene.click((240, 160), 1_000)
    assert pad_open(scene)
    scene.draw(pygame.Surface(app.size), 1_000)
    buttons, menu = _pad_rects(app.size, model.colours)
    assert [control for control, _ in buttons][:4] == [
        "red.chief",
        "red.warrior",
        "red.woman",
        "red.hunter",
    ]
    scene.click(dict(buttons)["yellow.woman"].center, 1_000)
    assert pad_open(scene), "open for the next slapper"
    app.monotonic_ns = lambda: 90_000_000
    scene.click(dict(buttons)["red.hunter"].center, 90_000_000)
    assert model.live_presses() == [
        Press("yellow.woman", 1_000, "mouse", 1),
        Press("red.hunter", 90_000_000, "mouse", 2),
    ], "a second tap 90 ms later is a second slap, not a reopened pad"
    scene.click(menu.center, 2_000)
    assert scene.menu.open and not pad_open(scene)


def test_the_pad_closes_once_the_pow_wow_is_decided(
    app: AppContext, model: ApacheTrackerModel
) -> None:
    scene = on_stack(app, ApacheTrackerScene(app, model))
    app.monotonic_ns = lambda: 1_000
    scene.click((240, 160), 1_000)
    buttons, _ = _pad_rects(app.size, model.colours)
    scene.click(dict(buttons)["yellow.warrior"].center, 1_000)
    scene.update(LATER)
    assert model.stage == "confirm" and not pad_open(scene)


def pad_open(scene: ApacheTrackerScene) -> bool:
    """Read afresh (mypy would keep an earlier narrowing)."""
    return scene.pad_open
