"""A game's setup without pygame: the rows a description gives per mode, players and
colours with the nav buttons and seat buttons, toggles refused past their players, counts,
numbered seats, descriptions that cannot work, and the journals the start hooks open."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NoReturn

import pytest

from companion.input.controls import SEATS
from companion.input.pinmap import load_profile
from companion.rules.apache.tracker import TRACKER
from companion.session import Session
from companion.ui.scenes import AppContext, SceneStack
from companion.ui.setup_model import (
    Count,
    GameSetup,
    Mode,
    SetupChoice,
    SetupModel,
    Toggle,
    Wiring,
    humans_words,
    new_noted_session,
    new_session,
    noted,
)
from tests.ui.helpers import cut_after_the_first_action


def start_toy(*args: object) -> NoReturn:
    raise AssertionError("the model never starts a game: the setup scene does")


COLOURED = GameSetup(
    name="coloured",
    title="Coloured",
    modes=(Mode("tracker", "tracker", "real cards"), Mode("full", "full game", "virtual cards")),
    players=(2, 5),
    players_ruling="ruling X1",
    options=(
        Count("humans", "Humans", low=0, default=1, modes=("full",), words=humans_words),
        Toggle(
            "limit",
            "Limit",
            modes=("full",),
            max_players=4,
            refusal="Limit needs fewer than 5 players",
        ),
        Toggle("fast", "Fast", modes=("full",), on="2 s"),
    ),
    start=start_toy,
)
"""Shaped like Apache: coloured seats, 2-5 players, a full mode with its own rows."""

NUMBERED = GameSetup(
    name="numbered",
    title="Numbered",
    modes=(Mode("tracker", "tracker", "real cards"), Mode("full", "full game", "virtual cards")),
    players=(2, 6),
    seats="numbered",
    options=(Count("humans", "Humans", low=0, high=1, default=1, modes=("full",)),),
    start=start_toy,
)
"""Shaped like Apocalypse: numbered seats, 2-6 players, Humans 0-1 in its full mode."""

TRACKER_ROWS = ["mode", "players", "colours", "start"]
FULL_ROWS = ["mode", "players", "colours", "humans", "limit", "fast", "start"]


def keys(model: SetupModel) -> list[str]:
    return [row.key for row in model.rows]


def key(model: SetupModel) -> str:
    """The focused row's key, read afresh (mypy would keep an earlier narrowing)."""
    return model.row.key


def colours(model: SetupModel) -> tuple[str, ...]:
    return model.colours


def editing(model: SetupModel) -> bool:
    return model.editing


def focus_on(model: SetupModel, row: str) -> None:
    model.focus = keys(model).index(row)


# --- rows and values ---------------------------------------------------------------------------


def test_rows_per_mode_and_focus_stays_on_mode() -> None:
    model = SetupModel(COLOURED)
    assert keys(model) == TRACKER_ROWS, "the tracker has no full-game rows"
    model.nav("select")  # Mode: the next mode
    assert model.mode == "full" and keys(model) == FULL_ROWS
    assert key(model) == "mode"
    model.nav("select")
    assert model.mode == "tracker" and keys(model) == TRACKER_ROWS


def test_leaving_full_mode_from_one_of_its_rows_keeps_focus_on_the_screen() -> None:
    model = SetupModel(COLOURED)
    model.set_mode("full")
    focus_on(model, "fast")
    model.set_mode("tracker")
    assert key(model) == "start"


def test_default_players_are_the_first_colours() -> None:
    model = SetupModel(COLOURED)
    assert colours(model) == ("red", "yellow", "purple")
    focus_on(model, "start")
    assert model.nav("select") == "start"
    choice = model.choice()
    assert (choice.game, choice.mode, choice.players) == ("coloured", "tracker", 3)
    assert choice.colours == ("red", "yellow", "purple")
    assert dict(choice.values) == {}, "the tracker has no options"


def test_previous_and_next_move_and_wrap_back_leaves() -> None:
    model = SetupModel(COLOURED)
    model.nav("previous")
    assert key(model) == "start"
    model.nav("next")
    model.nav("next")
    assert key(model) == "players"
    assert model.nav("back") == "leave"


def test_players_are_edited_with_previous_and_next() -> None:
    model = SetupModel(COLOURED)
    focus_on(model, "players")
    model.nav("select")
    assert model.editing
    for _ in range(4):
        model.nav("next")
    assert colours(model) == ("red", "yellow", "purple", "blue", "green"), "at most 5"
    for _ in range(5):
        model.nav("previous")
    assert colours(model) == ("red", "yellow"), "at least 2"
    assert model.nav("back") is None, "back ends the editing, it does not leave"
    assert not editing(model) and key(model) == "players"


def test_colours_cycle_through_every_choice_of_that_many() -> None:
    model = SetupModel(COLOURED, players=2)
    focus_on(model, "colours")
    model.nav("select")
    seen = {model.colours}
    for _ in range(9):
        model.nav("next")
        seen.add(model.colours)
    assert len(seen) == 10, "5 colours choose 2"
    model.nav("next")
    assert colours(model) == ("red", "yellow"), "round again"


def test_a_colour_joins_or_leaves_within_the_players_and_cites_the_ruling() -> None:
    model = SetupModel(COLOURED, players=2)
    model.toggle("green")
    assert colours(model) == ("red", "yellow", "green")
    assert model.message == "green joined the game"
    model.toggle("red")
    model.toggle("yellow")
    assert colours(model) == ("yellow", "green")
    assert model.message == "yellow stays: Coloured needs 2 players (ruling X1)"


def test_a_toggle_is_refused_past_its_players_and_the_game_gets_it_off() -> None:
    model = SetupModel(COLOURED, players=5)
    model.set_mode("full")
    focus_on(model, "limit")
    assert model.words(model.row) == "only with < 5 players"
    model.nav("select")
    assert model.message == "Limit needs fewer than 5 players"
    assert not model.choice().flag("limit")
    model.set_players(4)
    model.nav("select")
    assert model.choice().flag("limit") and model.words(model.row) == "on"
    model.set_players(5)
    assert not model.choice().flag("limit"), "a fifth player turns it off for the game"


def test_a_toggle_says_its_own_words() -> None:
    model = SetupModel(COLOURED)
    model.set_mode("full")
    focus_on(model, "fast")
    assert model.words(model.row) == "off"
    model.nav("select")
    assert model.words(model.row) == "2 s" and model.choice().flag("fast")


def test_humans_are_counted_up_to_the_players() -> None:
    model = SetupModel(COLOURED)
    model.set_mode("full")
    focus_on(model, "humans")
    assert model.words(model.row) == "1 (red); 2 bots"
    model.nav("select")
    for _ in range(5):
        model.nav("next")
    assert model.choice().number("humans") == 3, "at most every player"
    assert model.words(model.row) == "3 (red, yellow, purple); 0 bots"
    for _ in range(5):
        model.nav("previous")
    assert model.words(model.row) == "0 (nobody); 3 bots"


# --- other shapes ------------------------------------------------------------------------------


def test_a_numbered_seat_game_has_no_colours_row_and_up_to_six_players() -> None:
    model = SetupModel(NUMBERED)
    assert keys(model) == ["mode", "players", "start"]
    model.set_mode("full")
    assert keys(model) == ["mode", "players", "humans", "start"]
    focus_on(model, "players")
    model.nav("select")
    for _ in range(5):
        model.nav("next")
    assert model.players == 6
    model.nav("select")  # done
    model.toggle("red")
    assert model.players == 6 and model.message == "", "seat buttons pick no seat here"
    focus_on(model, "humans")
    model.nav("select")
    model.nav("next")
    assert model.choice().number("humans") == 1, "at most one person"
    assert model.words(model.row) == "1"
    choice = model.choice()
    assert (choice.colours, choice.players) == ((), 6)
    assert choice.seats == tuple(f"P{n}" for n in range(1, 7))
    assert humans_words(choice) == "1 (P1); 5 bots", "the shared words fit numbered seats"


def test_a_coloured_game_for_at_most_four_refuses_a_fifth_colour() -> None:
    four = GameSetup(
        name="four",
        title="Four",
        modes=(Mode("bank", "bank"),),
        players=(2, 4),
        options=(Toggle("limit", "Limit", max_players=3),),
        start=start_toy,
    )
    model = SetupModel(four, players=4)
    assert keys(model) == ["players", "colours", "limit", "start"], "one mode: no Mode row"
    model.toggle("green")
    assert colours(model) == ("red", "yellow", "purple", "blue")
    assert model.message == "green cannot join: Four is for 4 at most"
    focus_on(model, "limit")
    model.nav("select")
    assert model.message == "Limit needs at most 3 players"
    assert model.words(model.row) == "only with < 4 players"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": (2, 6)}, "only 5 colours"),
        ({"players": (3, 2)}, "fewest <= default <= most"),
        ({"modes": ()}, "no modes"),
        ({"options": (Toggle("x", "X", modes=("bank",)),)}, "unknown modes ['bank']"),
    ],
)
def test_a_description_that_cannot_work_is_refused(changes: dict[str, object], words: str) -> None:
    fields: dict[str, object] = {
        "name": "bad",
        "title": "Bad",
        "modes": (Mode("tracker", "tracker"),),
        "players": (2, 5),
        "start": start_toy,
        **changes,
    }
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        GameSetup(**fields)  # type: ignore[arg-type]


def test_a_count_with_words_and_the_choice_it_gives() -> None:
    game = GameSetup(
        name="counted",
        title="Counted",
        modes=(Mode("tracker", "tracker"),),
        players=(2, 4),
        seats="numbered",
        options=(
            Count("first", "First", low=1, default=1, words=lambda c: f"P{c.number('first')}"),
        ),
        start=start_toy,
    )
    model = SetupModel(game, players=3)
    focus_on(model, "first")
    model.nav("select")
    for _ in range(5):
        model.nav("next")
    assert model.words(model.row) == "P3", "up to the players"
    assert model.choice() == SetupChoice("counted", "tracker", 3, (), {"first": 3})


# --- the build's seats ---------------------------------------------------------------------------

THREE = Wiring(("red", "yellow", "purple"), "gpio-spi35")
"""The seats of a build with three seats wired (wiring/profiles/gpio-spi35.toml)."""


def test_a_three_seat_build_offers_three_colours_and_three_players_at_most() -> None:
    model = SetupModel(COLOURED, players=5, wiring=THREE)
    assert model.offered == ("red", "yellow", "purple")
    assert model.player_range == (2, 3)
    assert colours(model) == ("red", "yellow", "purple"), "5 asked, 3 wired"
    focus_on(model, "players")
    model.nav("select")
    model.nav("next")
    assert model.players == 3
    assert model.message == (
        "3 players at most: blue and green have no buttons (profile gpio-spi35)"
    )
    model.nav("previous")
    assert (model.players, model.message) == (2, "")


def test_a_colour_without_buttons_is_refused_with_the_reason() -> None:
    model = SetupModel(COLOURED, players=2, wiring=THREE)
    model.toggle("blue")
    assert model.message == "blue has no buttons on this build (profile gpio-spi35)"
    assert colours(model) == ("red", "yellow")
    model.toggle("purple")
    assert colours(model) == ("red", "yellow", "purple")


def test_colours_cycle_only_through_the_wired_ones() -> None:
    model = SetupModel(COLOURED, players=2, wiring=THREE)
    focus_on(model, "colours")
    model.nav("select")
    seen = set()
    for _ in range(6):
        model.nav("next")
        seen.add(colours(model))
    assert seen == {("red", "yellow"), ("red", "purple"), ("yellow", "purple")}


def test_a_chosen_colour_without_buttons_gives_way_to_a_wired_one() -> None:
    model = SetupModel(COLOURED, players=2)
    model.toggle("green")
    model.toggle("red")
    assert colours(model) == ("yellow", "green")
    model.use_wiring(THREE)
    assert colours(model) == ("red", "yellow"), "green has no buttons: red takes its place"
    model.use_wiring(Wiring())
    assert colours(model) == ("red", "yellow") and model.player_range == (2, 5)


def test_a_numbered_game_keeps_its_range_on_any_build() -> None:
    """Numbered seats play with the navigation buttons; a colour button is a shortcut."""
    model = SetupModel(NUMBERED, players=6, wiring=THREE)
    assert (model.player_range, model.players, model.offered) == ((2, 6), 6, ())
    model.toggle("blue")
    assert model.message == ""


def test_fewer_seats_wired_than_the_game_needs_refuses_start() -> None:
    model = SetupModel(COLOURED, wiring=Wiring(("purple",), "one-seat"))
    assert colours(model) == ("purple",)
    focus_on(model, "start")
    assert model.nav("select") is None
    assert model.message == (
        "Coloured needs 2 players, 1 seat has buttons on this build (profile one-seat)"
    )


@pytest.mark.parametrize(
    ("seats", "words"),
    [((), "no seats"), (("pink",), "unknown seats ['pink']"), (("yellow", "red"), "in order")],
)
def test_a_wiring_that_cannot_be_is_refused(seats: tuple[str, ...], words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        Wiring(seats, "bad")


def test_the_wiring_of_a_profile_is_its_seats_and_name() -> None:
    assert Wiring.of(load_profile("gpio-spi35")) == THREE
    assert Wiring.of(load_profile("gpio-dsi")).seats == SEATS
    assert Wiring.of(None) == Wiring()


# --- the journals the hooks open ---------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    return AppContext(
        size=(480, 320),
        stack=SceneStack(),
        games_dir=tmp_path,
        wall_clock=lambda: 1_735_761_600.0,
        new_seed=lambda: 5,
    )


def test_a_new_session_is_journaled_with_the_apps_seed(app: AppContext) -> None:
    session = new_session(TRACKER, {"colours": ["red", "yellow"]}, app, auto_chance=False)
    session.close()
    (journal,) = app.games_dir.glob("apache_tracker-*.jsonl")
    assert Session.load(journal).seed == 5


def test_journal_names_taken_three_times_over_are_reported(
    app: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = app.games_dir / "apache_tracker-taken.jsonl"
    taken.write_text("")
    monkeypatch.setattr("companion.ui.setup_model.new_journal_path", lambda *a, **k: taken)
    with pytest.raises(OSError, match="no free journal name"):
        new_session(TRACKER, {"colours": ["red", "yellow"]}, app, auto_chance=False)
    assert taken.read_text() == "", "an existing journal is never overwritten"


def test_a_full_game_opens_with_its_note_and_reads_it_back(app: AppContext) -> None:
    setup = {"colours": ["red", "yellow"]}
    session = new_noted_session(TRACKER, setup, app, note="seats", data={"humans": 1})
    assert noted(session, "seats") == {"humans": 1}
    assert noted(session, "other") == {}, "a journal without the note: empty"
    session.close()


def test_a_full_games_note_is_written_before_its_first_action(app: AppContext) -> None:
    from companion.rules.apocalypse import APOCALYPSE

    session = new_noted_session(APOCALYPSE, {"players": 3}, app, note="seats", data={"humans": 0})
    session.close()
    cut_after_the_first_action(session.path)
    with Session.resume(session.path) as resumed:
        assert noted(resumed, "seats") == {"humans": 0}
        assert resumed.notes[0].n == 0 and resumed.notes[0].line == 2
