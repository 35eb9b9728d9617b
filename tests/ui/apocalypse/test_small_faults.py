"""Small faults of the Apocalypse screens, each kept fixed: the seats to name laid out apart
from the last trick's result (keys and mouse), trick notes in sentences with the players
named P1..Pn, the trick counter at the end of a round, and the game menu's own footer."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.rules.apocalypse import NameFirst
from companion.rules.apocalypse.tracker import Play as TrackerPlay
from companion.rules.apocalypse.tracker import TrickResult
from companion.ui import widgets
from companion.ui.apocalypse import full, tracker
from companion.ui.apocalypse.full import ApocalypseFullLayout, ApocalypseFullScene
from companion.ui.apocalypse.samples import SAMPLES
from companion.ui.apocalypse.tracker import ApocalypseTrackerScene, header_words
from companion.ui.apocalypse.view import sentence, sentences
from companion.ui.game_menu import MENU_HINT
from companion.ui.samples import sample_app
from companion.ui.scenes import AppContext

SIZES = [(480, 320), (800, 480)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[AppContext]:
    pygame.display.init()
    pygame.font.init()
    with sample_app(request.param) as made:
        yield made


def naming(app: AppContext) -> ApocalypseFullScene:
    """The FULL game's sample where P1 won a trick and names who opens the next one."""
    scene, _ = SAMPLES["apocalypse-full-name"](app)
    assert isinstance(scene, ApocalypseFullScene) and scene.model.step == "name"
    app.stack.push(scene)
    return scene


def last_named(scene: ApocalypseFullScene) -> object:
    return scene.model.session.history[-1].action if scene.model.session.history else None


# --- the seats to name, apart from the trick's result ----------------------------------------


def test_the_seats_to_name_are_apart_from_the_last_tricks_result(app: AppContext) -> None:
    scene = naming(app)
    layout = ApocalypseFullLayout(app.size, scene.model)
    seats = [rect for _, rect in scene.choice_rects()]
    assert len(seats) == 4 + 1, "the four seats, then Menu"
    for rect in seats:
        assert layout.seats.contains(rect), "each seat inside its own strip"
        for other in (layout.trick, layout.prompt, layout.hand, layout.tokens):
            assert not rect.colliderect(other), f"a seat {rect} over {other}"
    assert scene.model.state.last_trick is not None, "the result is drawn in layout.trick"
    headline = widgets.line_height(32 if app.size[0] == 480 else 48, bold=True)
    assert layout.trick.height >= headline + 8, "room for the result's headline"
    scene.draw(pygame.Surface(app.size), 0)


def test_naming_by_keys(app: AppContext) -> None:
    scene = naming(app)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert last_named(scene) == NameFirst(1), "P2 named with next + select"


def test_naming_by_mouse(app: AppContext) -> None:
    scene = naming(app)
    rects = dict(scene.choice_rects())
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rects[2].center)
    scene.handle_event(click)
    assert last_named(scene) == NameFirst(2), "P3 named with a click on its seat"


# --- trick notes: sentences, P1..Pn ----------------------------------------------------------


def test_sentences_start_with_a_capital_and_end_with_a_full_stop() -> None:
    assert sentence("red 2 is the lowest of red (P6)") == "Red 2 is the lowest of red (P6)."
    assert sentence("Done!") == "Done!" and sentence("  ") == ""
    assert sentences("a b", "", "c d.") == "A b. C d."


def test_the_full_games_trick_note_is_the_rules_words_in_sentences(app: AppContext) -> None:
    scene = naming(app)
    result = scene.model.state.last_trick
    assert result is not None
    note = full.trick_note(result)
    assert note.startswith(sentence(result.words)), "the rules' own words, first"
    assert ". Played: P" in note and note.endswith(".")
    assert "seat " not in note and "player " not in note, "the players are P1..Pn"


def test_the_trackers_trick_note_keeps_its_sentences_apart() -> None:
    red2 = TrackerPlay(3, "horseman", "red", 2)
    result = TrickResult(
        number=2,
        plays=(red2,),
        leading="red",
        apocalypse=True,
        winner=3,
        won=(red2,),
        points=14,
        reason="red 2 is the lowest of red (P6)",
        revokes=("P4 played red after showing no red earlier this round: a revoke (ruling P4)",),
    )
    assert tracker.trick_note(result) == (
        "Red 2 is the lowest of red (P6). P4 played red after showing no red earlier this "
        "round: a revoke (ruling P4)."
    )


# --- the trick counter at the end of a round -------------------------------------------------


def test_the_header_shows_the_last_trick_not_one_past_it(app: AppContext) -> None:
    scene, _ = SAMPLES["apocalypse-tracker-score"](app)
    assert isinstance(scene, ApocalypseTrackerScene)
    state = scene.model.state
    assert state.phase == "score" and state.tricks == 10
    assert header_words(state) == "round 1 of 3 · trick 10, the last"
    with sample_app(app.size) as other:  # a sample of its own: its own journal
        scene, _ = SAMPLES["apocalypse-tracker-play"](other)
        assert isinstance(scene, ApocalypseTrackerScene)
        assert header_words(scene.model.state) == "round 1 of 3 · trick 2", "mid-round"


# --- the game menu's footer ------------------------------------------------------------------


def footer_shown(scene: ApocalypseTrackerScene, monkeypatch: pytest.MonkeyPatch) -> str:
    shown: list[str] = []
    monkeypatch.setattr(
        widgets, "footer", lambda surface, rect, hint, flash=None, keys=(): shown.append(hint)
    )
    scene.draw(pygame.Surface(scene.app.size), 0)
    monkeypatch.undo()
    return shown[-1]


def menu_open(scene: ApocalypseTrackerScene) -> bool:
    """Read afresh (mypy would keep an earlier narrowing)."""
    return scene.menu.open


def tracker_at_a_card(app: AppContext) -> ApocalypseTrackerScene:
    scene, _ = SAMPLES["apocalypse-tracker-play"](app)
    assert isinstance(scene, ApocalypseTrackerScene)
    app.stack.push(scene)
    return scene


def test_the_menu_opened_by_keys_has_its_own_footer(
    app: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = tracker_at_a_card(app)
    assert "Back: undo" in footer_shown(scene, monkeypatch)
    scene.model.focus = len(scene.model.choices()) - 1  # "Menu"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert menu_open(scene)
    assert footer_shown(scene, monkeypatch) == MENU_HINT
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert not menu_open(scene), "Back closes the menu, as its footer says"
    assert scene.model.state.trick, "and undid nothing"


def test_the_menu_opened_by_mouse_has_its_own_footer(
    app: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = tracker_at_a_card(app)
    rects = dict(scene.choice_rects())
    menu = rects[len(scene.model.choices()) - 1]
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=menu.center))
    assert menu_open(scene)
    assert footer_shown(scene, monkeypatch) == MENU_HINT
    trick = scene.model.state.trick
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(5, 5)))
    assert not menu_open(scene) and scene.model.state.trick == trick


def test_a_trick_note_keeps_its_sentences_apart_when_it_is_drawn() -> None:
    from companion.ui.apocalypse.view import draw_trick_result

    pygame.font.init()
    surface = pygame.Surface((800, 480))
    detail = sentences("P2 wins (ruling P6); P2 takes only their green 6", "Played: P1 green 1")
    with widgets.recorded_text() as drawn:
        draw_trick_result(surface, surface.get_rect(), "Trick 1", detail, alarm=False)
    shown = " ".join(text.words for text in drawn)
    assert "green 6. Played: P1 green 1." in shown, shown
    assert "; Played" not in shown
