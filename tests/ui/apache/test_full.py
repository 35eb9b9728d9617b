"""Apache FULL mode's screens: `companion run` end to end (the real main loop, simulated
pins pressed by keyboard events, from the start menu and Apache's setup through a whole
2-player game, a person and a bot, to the results), and the mouse on the on-screen hand."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.input.events import Press
from companion.rules.apache import KINDS, Choose
from companion.session import Session
from companion.ui.apache.full import (
    ApacheFullResultsScene,
    ApacheFullScene,
    hand_buttons,
    turn_button,
)
from companion.ui.apache.full_model import WINDOW_NOTE, ApacheFullModel
from companion.ui.scenes import AppContext, SceneStack
from tests.ui.apache.test_full_model import FAST, MS, QUICK, model_for
from tests.ui.driving import SIZE, Step, on_menu, on_row, on_setup, play_through, run_app, tap, top
from tests.ui.helpers import press

# --- end to end ------------------------------------------------------------------------------


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
        "red turns the first card by hand: Next",
        lambda app: isinstance(top(app), ApacheFullScene),
        tap(pygame.K_RIGHT),
    ),
    Step(
        "back to the menu",
        lambda app: isinstance(top(app), ApacheFullResultsScene),
        tap(pygame.K_RETURN),
    ),
    Step(
        "Escape twice: quit",
        on_menu(lambda m: m.model.row.kind == "game"),
        tap(pygame.K_ESCAPE, pygame.K_ESCAPE),
    ),
]


def test_a_full_game_from_the_menu_to_the_results(tmp_path: Path) -> None:
    app, shown = play_through(
        tmp_path, STEPS, ApacheFullResultsScene, seed=11, powwow=FAST, full_tuning=QUICK
    )
    assert app.stack.finished
    (journal,) = tmp_path.glob("apache-*.jsonl")
    replayed = Session.load(journal)
    assert replayed.is_over
    results = shown.results
    assert replayed.state.pile_sizes == tuple(p.cards for p in results.players)
    assert replayed.header["seed"] == 11
    assert any(note.kind == WINDOW_NOTE for note in replayed.notes)
    assert replayed.state.deck_count == 0, "the whole deck was turned"


def _red_to_turn_with_a_bot_hand_in_the_air(model: ApacheFullModel) -> list[str]:
    """Turn (nobody slaps) until red, a person, is to turn with a bot's slap still in the
    air; red's Indians that could take nothing."""
    for _ in range(100):
        model.turn(0)
        state = model.state
        dead = [i for i in KINDS if not model.engine.slap_is_legal(state, 0, i)]
        if model.bot_hands and state.turner == 0 and dead:
            return dead
    raise AssertionError("no turn left red to turn with a bot hand in the air")


def test_the_turners_seat_button_is_always_a_slap(tmp_path: Path) -> None:
    """Red is to turn and presses an Indian that can take nothing: a slap (a penalty when
    it resolves), never a turn; a bot's hand still in the air shows nothing early."""
    from companion.rules.apache.actions import Slap, Turn

    model = model_for(tmp_path, humans=1, seed=3)
    dead = _red_to_turn_with_a_bot_hand_in_the_air(model)
    landing = min(hand.t_ns for hand in model.bot_hands)
    turns = sum(isinstance(step.action, Turn) for step in model.session.history)
    assert model.stage == "play", "a bot's future press must not show as a Pow-Wow"
    model.press(Press(f"red.{dead[0]}", landing - 1, "keyboard", 1), landing - 1)
    assert model.arbiter.pending == 1, "red's press is a slap"
    history = [step.action for step in model.session.history]
    assert sum(isinstance(action, Turn) for action in history) == turns, "no card turned"
    model.poll(landing + 500 * MS)
    assert Slap(0, dead[0]) in [step.action for step in model.session.history]
    assert model.windows[0].slaps[0].seat == "red"
    model.close()


def test_next_turns_for_the_person_and_bot_hands_in_the_air_count_for_nothing(
    tmp_path: Path,
) -> None:
    from companion.rules.apache.actions import Slap, Turn

    pygame.font.init()
    app = AppContext(size=SIZE, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
    model = model_for(tmp_path, humans=1, seed=3)
    scene = ApacheFullScene(app, model)
    _red_to_turn_with_a_bot_hand_in_the_air(model)
    turns = sum(isinstance(step.action, Turn) for step in model.session.history)
    hands = list(model.bot_hands)
    press(scene, "nav.next")
    history = [step.action for step in model.session.history]
    assert sum(isinstance(action, Turn) for action in history) == turns + 1
    assert not any(isinstance(a, Slap) for a in history), "nobody slapped"
    assert not set(hands) & set(model.bot_hands), "the old hands were dropped"
    model.close()


def test_next_is_refused_with_its_reason_when_a_bot_turns(tmp_path: Path) -> None:
    pygame.font.init()
    app = AppContext(size=SIZE, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
    model = model_for(tmp_path, humans=1)
    scene = ApacheFullScene(app, model)
    press(scene, "nav.next")  # red (a person) turns the first card
    while model.state.turner == 0:
        model.turn(0)
    deck = model.state.deck_count
    press(scene, "nav.next")
    assert model.state.deck_count == deck
    flash = scene.flashes.current(1)
    assert flash is not None and "is a bot: it turns by itself" in flash.text
    assert turn_button(SIZE, model) is None, "no Turn button while a bot turns"
    model.close()


def test_the_mouse_plays_with_the_turn_button_and_the_on_screen_hand(tmp_path: Path) -> None:
    """Clicking the Turn button turns a card (red turns first); clicking red's on-screen
    hand is a slap, stamped at the click and named ``mouse``."""
    pygame.font.init()
    app = AppContext(size=SIZE, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
    model = model_for(tmp_path, humans=1)
    scene = ApacheFullScene(app, model)
    buttons = dict(hand_buttons(SIZE, model))
    assert list(buttons) == ["red.chief", "red.warrior", "red.woman", "red.hunter"]
    turn = turn_button(SIZE, model)
    assert turn is not None and not any(turn.colliderect(r) for r in buttons.values())
    scene.click(turn.center, 0)
    assert model.state.deck_count == 113, "the Turn button turned a card"
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
    slapped: set[int] = set()
    chose: list[int] = []

    def play_red(app: AppContext) -> None:
        scene = top(app)
        if isinstance(scene, ApacheFullResultsScene):
            scene.nav("select", 0)
            app.stack.clear()
        elif isinstance(scene, ApacheFullScene):
            _act_for_red(scene.model, slapped, chose)

    run_app(
        tmp_path,
        STEPS[:10],  # the menu and the setup, up to Start
        seed=5,
        after_steps=play_red,
        budget_ns=60_000_000_000,
        powwow=FAST,
        full_tuning=QUICK,
    )
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


def _act_for_red(model: ApacheFullModel, slapped: set[int], chose: list[int]) -> None:
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


# --- the game menu ---------------------------------------------------------------------------


def _game_on_a_stack(tmp_path: Path) -> tuple[AppContext, ApacheFullScene]:
    """Red (a person) and two bots, on a stack over a scene standing for the start menu;
    red has turned the first card and a bot is to turn the next."""
    pygame.font.init()
    app = AppContext(size=SIZE, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
    model = model_for(tmp_path, humans=1)
    app.stack.push(ApacheFullResultsScene(app, model_for(tmp_path / "under", humans=0)))
    scene = ApacheFullScene(app, model)
    app.stack.push(scene)
    app.stack.update(0)
    while model.state.turner == 0 or model.stage != "play":
        model.turn(0)
    return app, scene


def menu_open(scene: ApacheFullScene) -> bool:
    """Whether the game menu is open, read afresh (mypy would keep an earlier narrowing)."""
    return scene.menu.open


def test_select_opens_the_game_menu_which_pauses_the_game(tmp_path: Path) -> None:
    (tmp_path / "under").mkdir()
    app, scene = _game_on_a_stack(tmp_path)
    model = scene.model
    press(scene, "nav.select")
    assert menu_open(scene)
    deck = model.state.deck_count
    for tick in range(1, 50):  # ten seconds: a bot would have turned long ago
        app.stack.update(tick * 200 * MS)
    assert model.state.deck_count == deck, "paused: no bot turned"
    press(scene, "red.chief")
    assert model.arbiter.pending == 0, "a seat press while paused is ignored"
    flash = scene.flashes.current(1)
    assert flash is not None and flash.text == "the game is paused: close the menu first"
    scene.draw(pygame.Surface(SIZE), 1)
    scene.nav("back", 10_000 * MS)  # closes the menu: the game goes on
    assert not menu_open(scene) and model.calm_since_ns >= 10_000 * MS - MS
    app.stack.update(10_000 * MS + QUICK.bot_pause_ns)
    assert model.state.deck_count < deck, "the bot turns again"
    model.close()


def test_leave_from_the_game_menu_by_keys_and_the_game_resumes(tmp_path: Path) -> None:
    (tmp_path / "under").mkdir()
    app, scene = _game_on_a_stack(tmp_path)
    shown = scene.model.state.display
    press(scene, "nav.select")
    press(scene, "nav.next")
    press(scene, "nav.select")  # Leave
    app.stack.update(1)
    assert app.stack.top is not scene and scene.model.session.closed
    resumed = Session.resume(tmp_path / "g.jsonl")
    assert resumed.state.display == shown and not resumed.is_over
    resumed.close()


def test_the_game_menu_by_the_mouse_alone(tmp_path: Path) -> None:
    """A click on nothing opens the menu, a click off its rows closes it, a click on
    Leave leaves."""
    (tmp_path / "under").mkdir()
    app, scene = _game_on_a_stack(tmp_path)
    scene.click((5, 5), 0)  # the title bar
    assert menu_open(scene)
    scene.click((1, SIZE[1] // 2), 1)  # off the rows
    assert not menu_open(scene)
    scene.click((5, 5), 2)
    leave = scene.menu.rects(SIZE)[1]
    scene.click(leave.center, 3)
    app.stack.update(4)
    assert app.stack.top is not scene and scene.model.session.closed


def test_the_mouse_wheel_never_turns_a_card_but_moves_through_the_menu(tmp_path: Path) -> None:
    from companion.rules.apache.actions import Turn

    pygame.font.init()
    app = AppContext(size=SIZE, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
    model = model_for(tmp_path, humans=1, seed=3)
    scene = ApacheFullScene(app, model)
    _red_to_turn_with_a_bot_hand_in_the_air(model)
    turns = sum(isinstance(step.action, Turn) for step in model.session.history)
    for _ in range(3):
        scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    history = [step.action for step in model.session.history]
    assert sum(isinstance(action, Turn) for action in history) == turns, "no card turned"
    scene.nav("select", 0)
    focus = scene.menu.focus
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.menu.focus == focus + 1, "in the menu the wheel moves down a row"
    model.close()


def test_whose_turn_and_how_are_never_cut_short_with_four_players(tmp_path: Path) -> None:
    from companion.rules.apache import APACHE
    from companion.ui import widgets
    from companion.ui.apache.full_model import ApacheFullOptions

    pygame.font.init()
    for size in ((480, 320), (800, 480)):
        app = AppContext(size=size, stack=SceneStack(), games_dir=tmp_path, monotonic_ns=lambda: 0)
        options = ApacheFullOptions(("red", "yellow", "purple", "blue"), 1)
        journal = tmp_path / f"{size[0]}.jsonl"
        session = Session.start(APACHE, options.setup(), 7, journal, chance_seed=7)
        model = ApacheFullModel(session, FAST, humans=1, tuning=QUICK, now_ns=0)
        scene = ApacheFullScene(app, model)
        assert model.state.turner == 0 and not model.is_bot(0)
        with widgets.recorded_text() as drawn:
            scene.draw(pygame.Surface(size), 0)
        how = [text for text in drawn if text.words == "Next or Turn button"]
        assert how and not any(text.cut_short for text in drawn), [t for t in drawn if t.cut_short]
        model.close()
