"""Apache FULL mode: the model (turns, bots through the arbiter, choices, undo), and
`companion run` end to end: the real main loop, simulated pins pressed by keyboard events,
from the start menu and Apache's setup through a whole 2-player game (a person and a bot)
to the results."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from companion.input.events import Press
from companion.input.pinmap import load_profile
from companion.rules.apache import APACHE, KINDS, Choose
from companion.session import Session
from companion.ui.apache.full import FullResultsScene, FullScene, hand_buttons
from companion.ui.apache.full_model import WINDOW_NOTE, FullModel, FullOptions, FullTuning
from companion.ui.apache.setup import APACHE_SETUP, apache_full_options
from companion.ui.app import Inbox, open_display, run_loop
from companion.ui.menu import MenuScene
from companion.ui.run import build_app
from companion.ui.scenes import AppContext, PowwowSettings, SceneStack
from companion.ui.setup import SetupModel
from companion.ui.sources import open_input
from tests.ui.test_run import QUICK_KEYS, Step, on_row, on_setup, tap, top

SIZE = (480, 320)
FAST = PowwowSettings(quiet_ns=20_000_000, settle_ns=5_000_000)
QUICK = FullTuning(bot_median_ms=3, bot_pause_ns=0, choice_timeout_ns=40_000_000, auto_turn_ns=0)
"""Test-only pauses: bots react in ~3 ms, turn at once, auto turn at once."""
MS = 1_000_000


def model_for(tmp_path: Path, humans: int, seed: int = 7, **variants: bool) -> FullModel:
    options = FullOptions(("red", "yellow", "purple"), humans, **variants)
    session = Session.start(APACHE, options.setup(), seed, tmp_path / "g.jsonl")
    return FullModel(session, FAST, humans=humans, tuning=QUICK, now_ns=0)


def run_to_end(model: FullModel, now: int = 0, step: int = 16 * MS) -> int:
    while model.stage != "over" and now < 10**12:
        now += step
        model.poll(now)
    return now


def test_a_game_of_bots_ends_and_replays(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=0, war_path=True, wedding=True, joint_raid=True)
    run_to_end(model)
    assert model.cues.count("turn") == 114, "a tick for every card turned"
    assert model.cues.count("slap") == len(model.windows) > 0
    assert "penalty" in model.cues, "bots sometimes slap wrongly"
    model.close()
    replayed = Session.load(tmp_path / "g.jsonl")
    assert replayed.is_over
    assert replayed.state.pile_sizes == model.state.pile_sizes
    notes = [note for note in replayed.notes if note.kind == WINDOW_NOTE]
    assert len(notes) == len(model.windows) > 0
    results = model.results()
    assert sum(p.cards for p in results.players) == sum(model.state.pile_sizes)
    assert {p.colour for p in results.players if p.winner} == set(results.winners)


def test_the_turners_button_turns_and_a_legal_indian_slaps(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    model.press(Press("red.hunter", 10 * MS, "t", 1), 10 * MS)
    assert model.state.display and model.state.phase == "ready", "red turned a card"
    assert model.arbiter.pending == 0
    # find a legal slap for some seat, then that seat's press is a slap, not a turn
    now = 20 * MS
    while not any(
        model.engine.slap_is_legal(model.state, seat, i)
        for seat in range(3)
        for i in ("chief", "warrior", "woman", "hunter")
    ):
        now += 10 * MS
        model.turn(now)
    turner = model.state.turner
    seat, indian = next(
        (s, i)
        for s in (turner, *range(3))
        for i in ("chief", "warrior", "woman", "hunter")
        if model.engine.slap_is_legal(model.state, s, i)
    )
    shown = len(model.state.display)
    model.press(Press(f"{model.colours[seat]}.{indian}", now + MS, "t", 2), now + MS)
    assert len(model.state.display) == shown and model.arbiter.pending == 1
    model.poll(now + 200 * MS)
    assert model.windows and model.windows[-1].slaps[0].seat == model.colours[seat]


def test_a_person_chooses_by_button_or_gets_the_default(tmp_path: Path) -> None:
    for by_button in (True, False):
        (tmp_path / str(by_button)).mkdir()
        model = model_for(tmp_path / str(by_button), humans=3, seed=7, wedding=True)
        now, found = 0, False
        while model.stage != "over" and not found:
            now += 100 * MS
            state = model.state
            legal = [
                (s, i)
                for s in range(3)
                for i in ("chief", "warrior", "woman", "hunter")
                if model.engine.slap_is_legal(state, s, i)
            ]
            if legal and state.phase == "ready":
                s, i = legal[0]
                model.file_press(Press(f"{model.colours[s]}.{i}", now, "t", now))
                model.poll(now + 100 * MS)
                now += 100 * MS
                if model.state.phase == "choose":
                    found = len(model.options) >= 2
                    if not found:
                        model.choose_index(0, now)
            elif state.phase == "ready":
                model.turn(now)
        assert found
        options = model.options
        seat = model.state.pending_seat
        assert seat is not None
        if by_button:
            model.press(Press(f"{model.colours[seat]}.warrior", now, "t", 1), now)  # option 2
            chosen = options[1]
        else:
            chosen = model.engine.default_choice(model.state)
            model.poll(now + QUICK.choice_timeout_ns - 1)
            assert model.state.phase == "choose", "still time to choose"
            model.poll(now + QUICK.choice_timeout_ns)  # ruling A6: the default
        assert model.state.phase != "choose"
        last = model.session.history[-1].action
        assert isinstance(last, Choose)
        assert last == chosen
        model.close()


def test_undo_takes_back_the_last_card(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    model.turn(MS)
    model.turn(2 * MS)
    first_two = model.state.display
    assert model.undo().startswith("undone")
    assert model.state.display == first_two[:1]
    model.turn(3 * MS)
    assert model.state.display == first_two, "the same card is dealt again"
    model.close()


def test_setup_full_game_rows() -> None:
    setup = SetupModel(APACHE_SETUP)
    setup.set_mode("full")
    keys = [row.key for row in setup.rows]
    setup.focus = keys.index("joint_raid")
    setup.select()
    assert apache_full_options(setup.choice()).joint_raid
    setup.set_players(5)
    assert not apache_full_options(setup.choice()).joint_raid, "only with fewer than 5 players"
    assert setup.words(setup.row) == "only with < 5 players"
    setup.focus = keys.index("humans")
    setup.select()
    setup.nav("next")
    assert apache_full_options(setup.choice()).humans == 2
    setup.focus = keys.index("start")
    assert setup.nav("select") is None, "the first select only ends the editing"
    assert setup.nav("select") == "start"
    assert setup.choice().mode == "full"


# --- end to end ------------------------------------------------------------------------------


def on_menu(check: Callable[[MenuScene], bool]) -> Callable[[AppContext], bool]:
    def ready(app: AppContext) -> bool:
        scene = top(app)
        return isinstance(scene, MenuScene) and check(scene)

    return ready


STEPS = [
    Step("open Apache", on_menu(lambda m: m.model.row.kind == "game"), tap(pygame.K_RETURN)),
    Step("full game", on_row("mode"), tap(pygame.K_RETURN)),
    Step("focus Players", on_setup(lambda s: s.model.mode == "full"), tap(pygame.K_RIGHT)),
    Step("edit Players", on_row("players"), tap(pygame.K_RETURN)),
    Step("3 -> 2 players", on_setup(lambda s: s.model.editing), tap(pygame.K_LEFT)),
    Step("done editing", on_setup(lambda s: s.model.players == 2), tap(pygame.K_RETURN)),
    Step("down to Auto turn", on_row("players"), tap(*[pygame.K_RIGHT] * 6)),
    Step("auto turn on", on_row("auto_turn"), tap(pygame.K_RETURN)),
    Step(
        "on to Start",
        on_setup(lambda s: s.model.choice().flag("auto_turn")),
        tap(pygame.K_RIGHT),
    ),
    Step("start it", on_row("start"), tap(pygame.K_RETURN)),
    Step(
        "red turns the first card by hand",
        lambda app: isinstance(top(app), FullScene),
        tap(pygame.K_4),
    ),
    Step(
        "back to the menu",
        lambda app: isinstance(top(app), FullResultsScene),
        tap(pygame.K_RETURN),
    ),
    Step(
        "Escape twice: quit",
        on_menu(lambda m: m.model.row.kind == "game"),
        tap(pygame.K_ESCAPE, pygame.K_ESCAPE),
    ),
]


def test_a_full_game_from_the_menu_to_the_results(tmp_path: Path) -> None:
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    screen = open_display(SIZE, fullscreen=False, title="test")
    pygame.event.clear()
    done: list[str] = []
    shown: list[FullResultsScene] = []
    with open_input("sim", profile, inbox.put, debounce=QUICK_KEYS) as opened:
        app = build_app(
            SIZE, games_dir=tmp_path, opened=opened, profile=profile, powwow=FAST, full_tuning=QUICK
        )
        app.new_seed = lambda: 11

        def after_frame(surface: pygame.Surface) -> None:
            if isinstance(top(app), FullResultsScene) and not shown:
                shown.append(top(app))  # type: ignore[arg-type]
            if len(done) < len(STEPS) and STEPS[len(done)].ready(app):
                step = STEPS[len(done)]
                done.append(step.what)
                step.then(app)

        deadline = time.monotonic_ns() + 30_000_000_000  # a safety net, never reached
        run_loop(screen, app.stack, inbox, until_ns=deadline, after_frame=after_frame)
    assert done == [step.what for step in STEPS]
    assert app.stack.finished
    (journal,) = tmp_path.glob("apache-*.jsonl")
    replayed = Session.load(journal)
    assert replayed.is_over
    results = shown[0].results
    assert replayed.state.pile_sizes == tuple(p.cards for p in results.players)
    assert replayed.header["seed"] == 11
    assert any(note.kind == WINDOW_NOTE for note in replayed.notes)
    assert replayed.state.deck_count == 0, "the whole deck was turned"


def test_a_bot_hand_still_in_the_air_does_not_turn_the_turners_press_into_a_slap(
    tmp_path: Path,
) -> None:
    """Bot slaps reach the arbiter only when they land: the turner's press before that
    turns the next card (nothing of the bot's shows or counts early)."""
    from companion.rules.apache.actions import Slap, Turn

    model = model_for(tmp_path, humans=1, seed=3)
    indians = ("chief", "warrior", "woman", "hunter")
    for _ in range(100):  # turn (nobody slaps) until red is to turn with a bot hand in the air
        model.turn(0)
        state = model.state
        dead = [i for i in indians if not model.engine.slap_is_legal(state, 0, i)]
        if model.bot_hands and state.turner == 0 and dead:
            break
    else:
        raise AssertionError("no turn left red to turn with a bot hand in the air")
    landing = min(hand.t_ns for hand in model.bot_hands)
    turns = sum(isinstance(step.action, Turn) for step in model.session.history)
    assert model.stage == "play", "a bot's future press must not show as a Pow-Wow"
    model.press(Press(f"red.{dead[0]}", landing - 1, "keyboard", 1), landing - 1)
    history = [step.action for step in model.session.history]
    assert sum(isinstance(action, Turn) for action in history) == turns + 1
    assert not any(isinstance(a, Slap) and a.seat == 0 for a in history)
    model.close()


def test_the_mouse_plays_with_the_on_screen_hand(tmp_path: Path) -> None:
    """Clicking red's on-screen hand turns a card (red turns first) and, with a legal
    Indian face up, slaps it; the press is stamped at the click and named ``mouse``."""
    pygame.font.init()
    app = AppContext(size=SIZE, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
    model = model_for(tmp_path, humans=1)
    scene = FullScene(app, model)
    buttons = dict(hand_buttons(SIZE, model))
    assert list(buttons) == ["red.chief", "red.warrior", "red.woman", "red.hunter"]
    scene.click(buttons["red.hunter"].center, 0)
    assert model.state.deck_count == 113, "the turner's click turned a card"
    now = 0
    while not any(model.engine.slap_is_legal(model.state, 0, i) for i in KINDS):
        now += 100 * MS
        model.turn(now) if model.state.phase == "ready" else model.poll(now)
    legal = next(i for i in KINDS if model.engine.slap_is_legal(model.state, 0, i))
    app.monotonic_ns = lambda: now + MS
    scene.click(buttons[f"red.{legal}"].center, now + MS)
    model.poll(now + 1000 * MS)  # the bots' slaps in the same Pow-Wow are decided too
    slaps = [s for w in model.windows for s in w.slaps if s.seat == "red"]
    assert slaps and slaps[-1].source == "mouse" and slaps[-1].t_ns == now + MS
    model.close()


def test_bots_alone_have_no_hand_on_screen(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=0)
    assert hand_buttons(SIZE, model) == []
    model.close()


KEYS_OF_RED: dict[str, int] = {
    "chief": pygame.K_1,
    "warrior": pygame.K_2,
    "woman": pygame.K_3,
    "hunter": pygame.K_4,
}


def test_a_person_slaps_and_chooses_with_the_keys(tmp_path: Path) -> None:
    """The real loop, keys pressing simulated pins: red (a person) slaps whenever one of
    its Indians may take loot and picks options with its own keys; a bot plays yellow."""
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    screen = open_display(SIZE, fullscreen=False, title="test")
    pygame.event.clear()
    done: list[str] = []
    slapped: set[int] = set()
    chose: list[int] = []
    with open_input("sim", profile, inbox.put, debounce=QUICK_KEYS) as opened:
        app = build_app(
            SIZE, games_dir=tmp_path, opened=opened, profile=profile, powwow=FAST, full_tuning=QUICK
        )
        app.new_seed = lambda: 5
        steps = [*STEPS[:10]]  # the menu and the setup, up to Start

        def after_frame(surface: pygame.Surface) -> None:
            if len(done) < len(steps):
                if steps[len(done)].ready(app):
                    done.append(steps[len(done)].what)
                    steps[len(done) - 1].then(app)
                return
            scene = top(app)
            if isinstance(scene, FullResultsScene):
                scene.nav("select", 0)
                app.stack.clear()
                return
            if isinstance(scene, FullScene):
                _act_for_red(scene.model, slapped, chose)

        deadline = time.monotonic_ns() + 60_000_000_000
        run_loop(screen, app.stack, inbox, until_ns=deadline, after_frame=after_frame)
    (journal,) = tmp_path.glob("apache-*.jsonl")
    replayed = Session.load(journal)
    assert replayed.is_over
    red = [
        s
        for note in replayed.notes
        if note.kind == WINDOW_NOTE
        for s in note.data["slaps"]
        if s["seat"] == "red"
    ]
    assert len(red) >= 3 and all(s["source"].startswith("gpio") for s in red), red[:3]
    assert chose, "red had a choice to make and made it with a key"
    assert any(
        isinstance(step.action, Choose) and step.action.seat == 0 for step in replayed.history
    )


def _act_for_red(model: FullModel, slapped: set[int], chose: list[int]) -> None:
    state = model.state
    if model.stage == "choose" and state.pending_seat == 0 and state.deck_count not in chose:
        chose.append(state.deck_count)
        key = KEYS_OF_RED["warrior" if len(model.options) > 1 else "chief"]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        return
    if state.phase != "ready" or model.arbiter.pending or state.deck_count in slapped:
        return
    legal = [i for i in KINDS if model.engine.slap_is_legal(state, 0, i)]
    if legal:
        slapped.add(state.deck_count)
        key = KEYS_OF_RED[legal[0]]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
