"""The Apache TRACKER model: slaps through the arbiter into the journal (a window note
first, then the slaps in the arbiter's order), late presses, confirmations with undo, the
count, the results, and resuming an interrupted window."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.input.events import Press
from companion.powwow import PowwowSettings
from companion.rules.apache.tracker import TRACKER, TrackerAction
from companion.session import Session
from companion.ui.apache.tracker_model import ApacheTrackerModel

MS = 1_000_000
QUIET = PowwowSettings(quiet_ns=100 * MS, settle_ns=10 * MS)
LATER = 10_000 * MS
"""A time by which every window of a test has resolved."""


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
def model(tmp_path: Path) -> Iterator[ApacheTrackerModel]:
    tracked = ApacheTrackerModel(start(tmp_path), QUIET)
    yield tracked
    tracked.close()


seq = itertools.count()


def slap(model: ApacheTrackerModel, control: str, t_ms: float) -> None:
    model.press(Press(control, round(t_ms * MS), "gpio:mock", next(seq)))


def window(model: ApacheTrackerModel, *presses: tuple[str, float]) -> None:
    for control, t_ms in presses:
        slap(model, control, t_ms)
    model.poll(LATER)


def stage(model: ApacheTrackerModel) -> str:
    """The model's stage, read afresh (mypy would keep an earlier comparison's narrowing)."""
    return model.stage


def entries(model: ApacheTrackerModel) -> tuple[tuple[int, str], ...]:
    return model.state.window


def confirm_all(model: ApacheTrackerModel, *results: int) -> None:
    for result in results:
        model.choose(result)
        model.confirm()


def test_a_resolved_window_is_journaled_as_a_note_then_entered_in_arbiter_order(
    model: ApacheTrackerModel,
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


def test_a_window_resolved_during_confirmation_waits_for_it(model: ApacheTrackerModel) -> None:
    window(model, ("red.hunter", 1000))
    window(model, ("purple.woman", 5000), ("yellow.woman", 5001))
    assert stage(model) == "confirm" and len(model.queued) == 1
    assert model.state.window == ((0, "hunter"),)
    confirm_all(model, 0)
    assert entries(model) == ((2, "woman"), (1, "woman")) and not model.queued
    assert [n.data["index"] for n in model.session.notes] == [0, 1]


def test_a_late_press_is_noted_and_shown_but_changes_nothing(model: ApacheTrackerModel) -> None:
    window(model, ("red.hunter", 1000))
    before = model.state
    slap(model, "yellow.hunter", 1050)  # made inside the window, arrived after it resolved
    assert model.poll(LATER)
    assert model.state == before and model.stage == "confirm"
    late = model.session.notes[-1]
    assert late.kind == "late" and late.data["reason"] == "late"
    assert "ignored, no penalty (ruling A9)" in model.notices[-1]


def test_a_seat_not_in_the_game_is_not_a_slap(model: ApacheTrackerModel) -> None:
    assert not model.press(Press("green.hunter", 1, "gpio:mock", 0))
    assert stage(model) == "play" and "green is not in this game" in model.notices[-1]


def test_undo_takes_back_confirmations_never_slaps(model: ApacheTrackerModel) -> None:
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


FOUR: tuple[str, ...] = ("red", "yellow", "purple", "blue")


def four_slaps_confirmed(model: ApacheTrackerModel) -> tuple[str, ...]:
    """A window of four slaps (red, yellow, purple, blue in that order) confirmed loot,
    nothing, penalty, loot; returns the results entered."""
    window(
        model,
        ("red.hunter", 1000),
        ("yellow.chief", 1010),
        ("purple.woman", 1020),
        ("blue.chief", 1030),
    )
    confirm_all(model, 0, 1, 2, 0)
    return tuple(
        step.action.result for step in model.session.history if step.action.kind == "confirm"
    )


def test_after_undo_each_slapper_is_offered_its_own_previous_answer(tmp_path: Path) -> None:
    model = ApacheTrackerModel(start(tmp_path, FOUR), QUIET)
    try:
        entered = four_slaps_confirmed(model)
        assert entered == ("loot", "nothing", "penalty", "loot")
        for _ in range(4):
            model.undo()
        assert model.state.results == ()
        offered = []
        for _ in range(4):
            offered.append(model.option)
            model.confirm()  # Select alone: the focused (offered) option
        assert offered == [0, 1, 2, 0], "each slapper's own answer, not the one undone last"
        assert model.state.stats[2].penalties == 1, "purple's penalty stands"
        assert [stats.loot for stats in model.state.stats] == [1, 0, 0, 1]
    finally:
        model.close()


def test_an_answer_changed_after_undo_does_not_move_to_another_slapper(tmp_path: Path) -> None:
    model = ApacheTrackerModel(start(tmp_path, FOUR), QUIET)
    try:
        four_slaps_confirmed(model)
        model.undo()
        model.undo()  # purple (penalty) then blue (loot) are being confirmed again
        assert model.option == 2, "purple's own penalty"
        model.choose(1)
        model.confirm()  # purple: nothing now
        assert model.option == 0, "blue's own loot, not purple's old penalty"
        model.confirm()
        assert model.option == 1, "a new window starts from the default again"
        window(model, ("red.woman", 5000))
        assert model.option == 1, "the undone answers of the last window are forgotten"
    finally:
        model.close()


def test_finish_waits_for_the_window_then_the_count_ends_the_game(
    model: ApacheTrackerModel,
) -> None:
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


def test_results_share_the_victory_and_give_gaps_per_player(model: ApacheTrackerModel) -> None:
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


def test_resume_enters_the_rest_of_a_window_cut_by_a_crash(tmp_path: Path) -> None:
    session = start(tmp_path)
    model = ApacheTrackerModel(session, QUIET)
    window(model, ("red.hunter", 1000), ("yellow.hunter", 1001))
    model.close()
    lines = session.path.read_text().splitlines(keepends=True)
    session.path.write_text("".join(lines[:-2]))  # the close and the second slap never made it
    resumed = ApacheTrackerModel(Session.resume(session.path), QUIET)
    try:
        assert resumed.stage == "confirm"
        assert resumed.state.window == ((0, "hunter"), (1, "hunter"))
        assert "interrupted" in resumed.notices[-1]
        assert resumed.arbiter.poll(LATER) is None
    finally:
        resumed.close()
    note_only = start(tmp_path / "b")
    first = ApacheTrackerModel(note_only, QUIET)
    window(first, ("purple.chief", 1000))
    first.close()
    lines = note_only.path.read_text().splitlines(keepends=True)
    note_only.path.write_text("".join(lines[:-2]))  # only the note was written
    again = ApacheTrackerModel(Session.resume(note_only.path), QUIET)
    try:
        assert again.state.window == ((2, "chief"),) and again.stage == "confirm"
    finally:
        again.close()


def test_a_resumed_game_numbers_its_next_window_on(tmp_path: Path) -> None:
    model = ApacheTrackerModel(start(tmp_path), QUIET)
    window(model, ("red.hunter", 1000))
    confirm_all(model, 0)
    model.close()
    resumed = ApacheTrackerModel(Session.resume(model.session.path), QUIET)
    try:
        window(resumed, ("yellow.hunter", 1000))
        assert [w.index for w in resumed.windows] == [0, 1]
    finally:
        resumed.close()
