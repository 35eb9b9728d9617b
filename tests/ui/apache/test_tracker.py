"""The Apache TRACKER screens and their model: slaps through the arbiter into the journal,
confirmations with undo, the count, the results, and resuming an interrupted window."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.errors import IllegalAction
from companion.input.events import Press
from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.session import Session
from companion.ui.apache.tracker import (
    PENALTY_REMINDER,
    CountScene,
    ResultsScene,
    TrackerScene,
    _option_rects,
    _pad_rects,
    scene_for,
)
from companion.ui.apache.tracker_model import TrackerModel
from companion.ui.scenes import AppContext, PowwowSettings, SceneStack
from companion.ui.widgets import frame

MS = 1_000_000
QUIET = PowwowSettings(quiet_ns=100 * MS, settle_ns=10 * MS)
LATER = 10_000 * MS
"""A time by which every window of a test has resolved."""


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    pygame.display.init()
    pygame.font.init()
    return AppContext(size=(480, 320), stack=SceneStack(), games_dir=tmp_path, powwow=QUIET)


def start(directory: Path, colours: tuple[str, ...] = ("red", "yellow", "purple")) -> Session:  # type: ignore[type-arg]
    ticks = itertools.count()
    return Session.start(
        TRACKER,
        {"colours": list(colours)},
        11,
        directory / "apache_tracker-test.jsonl",
        auto_chance=False,
        clock=lambda: 1.7e9 + next(ticks),
    )


@pytest.fixture
def model(app: AppContext) -> Iterator[TrackerModel]:
    tracked = TrackerModel(start(app.games_dir), QUIET)
    yield tracked
    tracked.close()


seq = itertools.count()


def slap(model: TrackerModel, control: str, t_ms: float) -> None:
    model.press(Press(control, round(t_ms * MS), "gpio:mock", next(seq)))


def window(model: TrackerModel, *presses: tuple[str, float]) -> None:
    for control, t_ms in presses:
        slap(model, control, t_ms)
    model.poll(LATER)


def stage(model: TrackerModel) -> str:
    """The model's stage, read afresh (mypy would keep an earlier comparison's narrowing)."""
    return model.stage


def entries(model: TrackerModel) -> tuple[tuple[int, str], ...]:
    return model.state.window


def is_open(scene: TrackerScene) -> bool:
    return scene.menu.open


def confirm_all(model: TrackerModel, *results: int) -> None:
    for result in results:
        model.choose(result)
        model.confirm()


# --- the model -------------------------------------------------------------------------------


def test_a_resolved_window_is_journaled_as_a_note_then_entered_in_arbiter_order(
    model: TrackerModel,
) -> None:
    slap(model, "yellow.chief", 1000.4)
    slap(model, "red.hunter", 1000.0)  # arrives second, stamped first
    assert stage(model) == "window" and not model.poll(round(1000.4 * MS) + QUIET.quiet_ns)
    assert model.poll(LATER)
    assert stage(model) == "confirm"
    history = [step.action for step in model.session.history]
    assert history == [
        TrackerAction.slap(0, "hunter"),
        TrackerAction.slap(1, "chief"),
        TrackerAction.close(),
    ]
    (note,) = model.session.notes
    assert note.kind == "window" and note.n == 0
    assert note.data["slaps"][1]["gap_ns"] == 400_000
    assert model.confirming is not None and model.confirming.order == ("red", "yellow")


def test_a_window_resolved_during_confirmation_waits_for_it(model: TrackerModel) -> None:
    window(model, ("red.hunter", 1000))
    window(model, ("purple.woman", 5000), ("yellow.woman", 5001))
    assert stage(model) == "confirm" and len(model.queued) == 1
    assert model.state.window == ((0, "hunter"),)
    confirm_all(model, 0)
    assert entries(model) == ((2, "woman"), (1, "woman")) and not model.queued
    assert [n.data["index"] for n in model.session.notes] == [0, 1]


def test_a_late_press_is_noted_and_shown_but_changes_nothing(model: TrackerModel) -> None:
    window(model, ("red.hunter", 1000))
    before = model.state
    slap(model, "yellow.hunter", 1050)  # made inside the window, arrived after it resolved
    assert model.poll(LATER)
    assert model.state == before and model.stage == "confirm"
    late = model.session.notes[-1]
    assert late.kind == "late" and late.data["reason"] == "late"
    assert "ignored, no penalty (ruling A9)" in model.notices[-1]


def test_a_seat_not_in_the_game_is_not_a_slap(model: TrackerModel) -> None:
    assert not model.press(Press("green.hunter", 1, "gpio:mock", 0))
    assert stage(model) == "play" and "green is not in this game" in model.notices[-1]


def test_undo_takes_back_confirmations_never_slaps(model: TrackerModel) -> None:
    window(model, ("red.hunter", 1000), ("yellow.chief", 1010))
    assert "nothing to undo in this window" in model.undo()
    confirm_all(model, 2)
    assert model.undo() == "undone: red hunter penalty"
    assert model.option == 2, "the undone choice is offered again"
    confirm_all(model, 0, 1)
    assert stage(model) == "play"
    assert model.undo() == "undone: yellow chief nothing"
    assert stage(model) == "confirm" and model.confirm_index == 1
    assert model.confirming is not None


def test_finish_waits_for_the_window_then_the_count_ends_the_game(model: TrackerModel) -> None:
    slap(model, "red.hunter", 1000)
    with pytest.raises(IllegalAction, match="still being decided"):
        model.finish()
    model.poll(LATER)
    confirm_all(model, 0)
    model.finish()
    assert stage(model) == "count"
    assert model.unfinish() and stage(model) == "play"
    model.finish()
    with pytest.raises(IllegalAction, match="ruling A2"):
        model.count_piles([100, 10, 5])
    model.count_piles([30, 12, 30])
    assert stage(model) == "over"


def test_results_share_the_victory_and_give_gaps_per_player(model: TrackerModel) -> None:
    window(model, ("red.hunter", 1000), ("yellow.hunter", 1000.412))
    confirm_all(model, 0, 1)
    window(model, ("yellow.chief", 3000), ("red.woman", 3012.5), ("purple.woman", 3100))
    confirm_all(model, 0, 2, 0)
    model.finish()
    model.count_piles([20, 15, 20])
    results = model.results()
    assert results.winners == ("red", "purple") and results.shared
    red, yellow, purple = results.players
    assert (red.slaps, red.loot, red.penalties) == (2, 1, 1)
    assert red.gaps_ns == (0, 12_500_000) and red.median_ns == 6_250_000
    assert yellow.fastest_ns == 0 and yellow.slowest_ns == 412_000 and yellow.firsts == 1
    assert purple.winner and not yellow.winner
    assert results.windows == 2


def test_resume_enters_the_rest_of_a_window_cut_by_a_crash(app: AppContext) -> None:
    session = start(app.games_dir)
    model = TrackerModel(session, QUIET)
    window(model, ("red.hunter", 1000), ("yellow.hunter", 1001))
    model.close()
    lines = session.path.read_text().splitlines(keepends=True)
    session.path.write_text("".join(lines[:-2]))  # the close and the second slap never made it
    resumed = TrackerModel(Session.resume(session.path), QUIET)
    try:
        assert resumed.stage == "confirm"
        assert resumed.state.window == ((0, "hunter"), (1, "hunter"))
        assert "interrupted" in resumed.notices[-1]
        assert resumed.arbiter.poll(LATER) is None
    finally:
        resumed.close()
    note_only = start(app.games_dir / "b")
    first = TrackerModel(note_only, QUIET)
    window(first, ("purple.chief", 1000))
    first.close()
    lines = note_only.path.read_text().splitlines(keepends=True)
    note_only.path.write_text("".join(lines[:-2]))  # only the note was written
    again = TrackerModel(Session.resume(note_only.path), QUIET)
    try:
        assert again.state.window == ((2, "chief"),) and again.stage == "confirm"
    finally:
        again.close()


def test_a_resumed_game_numbers_its_next_window_on(app: AppContext) -> None:
    model = TrackerModel(start(app.games_dir), QUIET)
    window(model, ("red.hunter", 1000))
    confirm_all(model, 0)
    model.close()
    resumed = TrackerModel(Session.resume(model.session.path), QUIET)
    try:
        window(resumed, ("yellow.hunter", 1000))
        assert [w.index for w in resumed.windows] == [0, 1]
    finally:
        resumed.close()


# --- the scenes ------------------------------------------------------------------------------


def press(scene: object, control: str) -> None:
    assert isinstance(scene, TrackerScene | CountScene | ResultsScene)
    scene.handle_input(Press(control, 1, "test", next(seq)), 1)


def on_stack(app: AppContext, scene: TrackerScene) -> TrackerScene:
    app.stack.push(scene)
    app.stack.update(0)
    return scene


def test_confirming_with_the_nav_buttons(app: AppContext, model: TrackerModel) -> None:
    scene = on_stack(app, TrackerScene(app, model))
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


def test_a_click_on_an_option_confirms_it(app: AppContext, model: TrackerModel) -> None:
    scene = on_stack(app, TrackerScene(app, model))
    window(model, ("red.hunter", 1000))
    penalty = _option_rects(frame(app.size).body.inflate(-16, -12), app.size)[2]
    scene.click(penalty.center, 0)
    assert model.state.stats[0].penalties == 1


def test_seat_buttons_slap_and_the_window_keeps_the_screen_busy(
    app: AppContext, model: TrackerModel
) -> None:
    scene = on_stack(app, TrackerScene(app, model))
    scene.handle_input(Press("purple.woman", 1000 * MS, "gpio:mock", 1), 1000 * MS)
    assert stage(model) == "window" and scene.update(1000 * MS)
    assert scene.update(LATER) and stage(model) == "confirm"
    assert not scene.update(LATER + 1), "idle again: nothing to redraw"


def test_the_game_menu_ends_the_game_with_the_count(app: AppContext, model: TrackerModel) -> None:
    scene = on_stack(app, TrackerScene(app, model))
    press(scene, "nav.select")
    assert is_open(scene)
    press(scene, "nav.back")
    assert not is_open(scene)
    press(scene, "nav.select")
    press(scene, "nav.next")
    press(scene, "nav.select")
    app.stack.update(0)
    assert isinstance(app.stack.top, CountScene) and model.stage == "count"


def test_leaving_closes_the_journal_and_returns(app: AppContext, model: TrackerModel) -> None:
    scene = on_stack(app, TrackerScene(app, model))
    slap(model, "red.hunter", 1000)
    for control in ("nav.select", "nav.previous", "nav.select"):
        press(scene, control)
    flash = scene.flashes.current(0)
    assert flash is not None and "still being decided" in flash.text
    model.poll(LATER)
    press(scene, "nav.select")
    app.stack.update(0)
    assert app.stack.top is None and model.session.closed


def test_counting_with_seat_buttons_and_nav(app: AppContext, model: TrackerModel) -> None:
    model.finish()
    count = CountScene(app, model)
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
    assert isinstance(app.stack.top, ResultsScene)
    assert Session.load(model.session.path).outcome.scores == (24.0, 4.0, 0.0)  # type: ignore[union-attr]


def test_back_from_the_first_pile_returns_to_the_game(app: AppContext, model: TrackerModel) -> None:
    model.finish()
    count = CountScene(app, model)
    app.stack.push(count)
    app.stack.update(0)
    press(count, "nav.back")
    app.stack.update(0)
    assert isinstance(app.stack.top, TrackerScene) and model.stage == "play"


def test_the_results_go_back_to_the_menu(app: AppContext, model: TrackerModel) -> None:
    model.finish()
    model.count_piles([1, 2, 3])
    results = scene_for(app, model)
    assert isinstance(results, ResultsScene)
    app.stack.push(results)
    app.stack.update(0)
    press(results, "nav.select")
    app.stack.update(0)
    assert app.stack.finished and model.session.closed


def test_a_wrong_count_is_undone_from_the_results(app: AppContext, model: TrackerModel) -> None:
    model.finish()
    model.count_piles([1, 2, 3])
    app.stack.push(ResultsScene(app, model))
    app.stack.update(0)
    press(app.stack.top, "nav.back")
    app.stack.update(0)
    count = app.stack.top
    assert isinstance(count, CountScene) and count.piles == [1, 2, 3]
    assert stage(model) == "count" and model.state.piles == ()
    press(count, "blue.chief")  # blue is not playing
    press(count, "purple.woman")
    count.focus = 3
    press(count, "nav.select")
    app.stack.update(0)
    assert Session.load(model.session.path).outcome.scores == (1.0, 2.0, 4.0)  # type: ignore[union-attr]


def test_piles_entered_before_a_crash_stand(app: AppContext, model: TrackerModel) -> None:
    model.finish()
    model.session.apply(TrackerAction.count(0, 9))
    count = CountScene(app, model)
    assert count.piles == [9, 0, 0] and count.focus == 1
    press(count, "red.chief")
    press(count, "nav.back")
    assert count.piles == [9, 0, 0] and count.focus == 1
    flash = count.flashes.current(0)
    assert flash is not None and "stand" in flash.text


def test_a_clean_quit_enters_the_slaps_still_being_decided(app: AppContext) -> None:
    session = start(app.games_dir)
    scene = TrackerScene(app, TrackerModel(session, QUIET))
    slap(scene.model, "yellow.hunter", 1000)
    scene.close()
    assert session.closed
    replayed = Session.load(session.path)
    assert replayed.state.window == ((1, "hunter"),) and replayed.state.phase == "confirm"


def test_a_journal_that_cannot_be_written_is_shown_not_raised(
    app: AppContext, model: TrackerModel
) -> None:
    scene = on_stack(app, TrackerScene(app, model))
    window(model, ("red.hunter", 1000))
    model.session.close()
    press(scene, "nav.select")
    flash = scene.flashes.current(0)
    assert flash is not None and "could not save the journal" in flash.text


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_every_stage_draws_at_both_sizes(
    app: AppContext, model: TrackerModel, size: tuple[int, int]
) -> None:
    app.size = size
    surface = pygame.Surface(size)
    scene = TrackerScene(app, model)
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
    from companion.ui.apache.tracker import TrackerScene
    from companion.ui.run import _first_slapper_light

    heard: list[Window] = []
    app.on_window = heard.append
    scene = TrackerScene(app, TrackerModel(start(app.games_dir), QUIET))
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
    app: AppContext, model: TrackerModel
) -> None:
    scene = on_stack(app, TrackerScene(app, model))
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
    assert not pad_open(scene)
    assert model.live_presses() == [Press("yellow.woman", 1_000, "mouse", 1)]
    scene.click((240, 160), 2_000)
    scene.click(menu.center, 2_000)
    assert scene.menu.open and not pad_open(scene)


def pad_open(scene: TrackerScene) -> bool:
    """Read afresh (mypy would keep an earlier narrowing)."""
    return scene.pad_open
