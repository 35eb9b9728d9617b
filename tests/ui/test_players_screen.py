"""The players screen: the roster managed on the device by the four buttons alone and by
the mouse alone, each change found in the roster file; refusals shown and not saved; every
state drawn at both panel sizes with no text below its floor or cut short."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.input.keyboard import NAV_KEY_NAMES
from companion.roster import NAME_MAX, Player, Roster
from companion.ui import theme, widgets
from companion.ui.players import CONFIRM_HINT, PlayersScene, entry_layout
from companion.ui.players_model import DONE, FULL_WORDS, KEYS, NameEntry
from companion.ui.scenes import AppContext
from companion.ui.setup import visible_rows
from tests.ui.helpers import SIZES, make_app, press


@pytest.fixture
def app(tmp_path: Path) -> AppContext:
    """The app, its clock standing still at 1 ns (when ``press`` presses): the brief
    messages can be read."""
    return make_app(tmp_path, monotonic_ns=lambda: 1)


# --- driving the screen ----------------------------------------------------------------------


def opened(app: AppContext, path: Path) -> PlayersScene:
    """The players screen over the roster ``path``, on top of the app's stack."""
    scene = PlayersScene(app, path)
    app.stack.push(scene)
    app.stack.update(0)
    return scene


def roster_file(tmp_path: Path, *names: str) -> Path:
    """A roster file in the test's folder holding ``names``."""
    path = tmp_path / "roster.json"
    roster = Roster.open(path)
    for name in names:
        roster.add(name)
    return path


def saved(path: Path) -> tuple[Player, ...]:
    """The players in the roster file, read afresh."""
    return Roster.open(path).players


def entry(scene: PlayersScene) -> NameEntry:
    typed = scene.model.entry
    assert typed is not None and view(scene) == "entry"
    return typed


def view(scene: PlayersScene) -> str:
    """The view shown, read afresh (mypy would keep an earlier narrowing)."""
    return scene.model.view


def confirming(scene: PlayersScene) -> bool:
    """Whether Delete asks, read afresh (mypy would keep an earlier narrowing)."""
    return scene.model.confirming


def footer_words(scene: PlayersScene) -> str:
    """What the footer says (drawn last)."""
    with widgets.recorded_text() as drawn:
        scene.draw(pygame.Surface(scene.app.size), 0)
    return drawn[-1].words


def list_labels(scene: PlayersScene) -> list[str]:
    return [row.label for row in scene.model.rows()]


def buttons_to_row(scene: PlayersScene, label: str) -> None:
    """Next pressed until the list's or the actions' focused row says ``label``."""
    model = scene.model
    for _ in range(50):
        if model.view == "actions":
            focused = model.actions()[model.action_focus].label
        else:
            focused = model.rows()[model.focus].label
        if focused == label:
            return
        press(scene, "nav.next")
    raise AssertionError(f"no row {label!r}")


def buttons_to_key(scene: PlayersScene, index: int) -> None:
    """Previous or Next, whichever is shorter, until key ``index`` has the focus."""
    ahead = (index - entry(scene).focus) % len(KEYS)
    button, count = (
        ("nav.next", ahead) if ahead <= len(KEYS) // 2 else ("nav.previous", len(KEYS) - ahead)
    )
    for _ in range(count):
        press(scene, button)
    assert entry(scene).focus == index


def key_for(char: str) -> int:
    """The key that types ``char`` (in either case)."""
    if char == " ":
        return next(k for k, key in enumerate(KEYS) if key.kind == "space")
    return next(k for k, key in enumerate(KEYS) if key.kind == "char" and key.char == char.lower())


SHIFT = next(k for k, key in enumerate(KEYS) if key.kind == "shift")
DELETE_KEY = next(k for k, key in enumerate(KEYS) if key.kind == "delete")
CANCEL = next(k for k, key in enumerate(KEYS) if key.kind == "cancel")


def type_by_buttons(scene: PlayersScene, words: str) -> None:
    """``words`` typed on the on-screen keyboard with Previous, Next and Select only."""
    for char in words:
        if char.isalpha() and char.isupper() != entry(scene).upper:
            buttons_to_key(scene, SHIFT)
            press(scene, "nav.select")
        buttons_to_key(scene, key_for(char))
        press(scene, "nav.select")


def done_by_buttons(scene: PlayersScene) -> None:
    buttons_to_key(scene, DONE)
    press(scene, "nav.select")


def click(scene: PlayersScene, pos: tuple[int, int], button: int = 1) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))


def click_row(scene: PlayersScene, label: str) -> None:
    """Click the row on screen (list or actions) that says ``label``."""
    model = scene.model
    if model.view == "actions":
        labels, focus = [row.label for row in model.actions()], model.action_focus
    else:
        labels, focus = list_labels(scene), model.focus
    shown = dict(visible_rows(scene.app.size, len(labels), focus))
    index = labels.index(label)
    assert index in shown, f"row {label!r} is not on screen"
    click(scene, shown[index].center)


def click_key(scene: PlayersScene, index: int) -> None:
    _, keys = entry_layout(scene.app.size)
    click(scene, keys[index].center)


def type_by_mouse(scene: PlayersScene, words: str) -> None:
    """``words`` typed by clicking the on-screen keys (Shift clicked for a change of case)."""
    for char in words:
        if char.isalpha() and char.isupper() != entry(scene).upper:
            click_key(scene, SHIFT)
        click_key(scene, key_for(char))


# --- by the buttons alone --------------------------------------------------------------------


def test_ann_is_added_by_the_buttons_alone(app: AppContext, tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    scene = opened(app, path)
    assert list_labels(scene) == ["Add a player", "Back"]
    press(scene, "nav.select")  # Add a player
    assert entry(scene).text == "" and entry(scene).focus == 0
    press(scene, "nav.select")  # A: a name starts with a capital
    for _ in range(13):
        press(scene, "nav.next")  # B ... N, row by row
    press(scene, "nav.select")
    press(scene, "nav.select")
    assert entry(scene).text == "Ann"
    for _ in range(14):
        press(scene, "nav.previous")  # back past A, wrapping round to Done
    assert entry(scene).focus == DONE
    press(scene, "nav.select")
    assert [(p.name, p.retired) for p in saved(path)] == [("Ann", False)]
    assert view(scene) == "list" and list_labels(scene)[scene.model.focus] == "Ann"
    flash = scene.flashes.current(app.monotonic_ns())
    assert flash is not None and flash.text == "Ann added"


def test_a_player_is_renamed_by_the_buttons_alone(app: AppContext, tmp_path: Path) -> None:
    path = roster_file(tmp_path, "Ann")
    scene = opened(app, path)
    press(scene, "nav.select")  # Ann
    assert view(scene) == "actions" and scene.model.subject == "Ann"
    buttons_to_row(scene, "Rename")
    press(scene, "nav.select")
    assert entry(scene).text == "Ann", "a rename starts from the name"
    type_by_buttons(scene, " B")  # after a space, a capital comes first
    done_by_buttons(scene)
    assert [p.name for p in saved(path)] == ["Ann B"]


def test_back_deletes_letters_then_leaves_the_entry(app: AppContext, tmp_path: Path) -> None:
    path = roster_file(tmp_path, "Ann")
    scene = opened(app, path)
    press(scene, "nav.select")
    buttons_to_row(scene, "Rename")
    press(scene, "nav.select")
    for expected in ("An", "A", ""):
        press(scene, "nav.back")
        assert entry(scene).text == expected
    type_by_buttons(scene, "Bo")
    for _ in range(3):
        press(scene, "nav.back")
    assert view(scene) == "actions", "Back on an empty name leaves the entry"
    assert [p.name for p in saved(path)] == ["Ann"]


def test_a_player_is_retired_and_unretired_by_the_buttons_alone(
    app: AppContext, tmp_path: Path
) -> None:
    path = roster_file(tmp_path, "Ann", "Bob")
    scene = opened(app, path)
    press(scene, "nav.select")  # Ann
    buttons_to_row(scene, "Retire")
    press(scene, "nav.select")
    assert [(p.name, p.retired) for p in saved(path)] == [("Ann", True), ("Bob", False)]
    assert Roster.open(path).active() == ("Bob",)
    assert list_labels(scene)[:2] == ["Bob", "Ann"], "the retired come after the active"
    assert scene.model.rows()[1].retired and scene.model.focus == 1
    press(scene, "nav.select")  # Ann again
    buttons_to_row(scene, "Unretire")
    press(scene, "nav.select")
    assert [(p.name, p.retired) for p in saved(path)] == [("Ann", False), ("Bob", False)]


def test_delete_is_asked_twice_by_the_buttons_alone(app: AppContext, tmp_path: Path) -> None:
    path = roster_file(tmp_path, "Ann", "Bob")
    scene = opened(app, path)
    press(scene, "nav.select")  # Ann
    buttons_to_row(scene, "Delete")
    press(scene, "nav.select")
    assert confirming(scene) and [p.name for p in saved(path)] == ["Ann", "Bob"]
    assert footer_words(scene) == CONFIRM_HINT
    press(scene, "nav.back")  # not sure after all
    assert not confirming(scene) and view(scene) == "actions"
    press(scene, "nav.select")
    press(scene, "nav.next")  # moving away forgets the question too
    press(scene, "nav.previous")
    press(scene, "nav.select")
    assert [p.name for p in saved(path)] == ["Ann", "Bob"]
    press(scene, "nav.select")
    assert [p.name for p in saved(path)] == ["Bob"]
    assert view(scene) == "list" and list_labels(scene) == ["Bob", "Add a player", "Back"]


def test_back_on_the_list_leaves_the_screen(app: AppContext, tmp_path: Path) -> None:
    scene = opened(app, roster_file(tmp_path, "Ann"))
    press(scene, "nav.select")
    press(scene, "nav.back")  # the actions: back to the list
    assert view(scene) == "list" and app.stack.top is scene
    press(scene, "nav.back")
    app.stack.update(0)
    assert app.stack.top is None


# --- by the mouse alone ----------------------------------------------------------------------


def test_the_mouse_alone_adds_and_deletes(app: AppContext, tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    scene = opened(app, path)
    click_row(scene, "Add a player")
    type_by_mouse(scene, "Ann")
    click_key(scene, DONE)
    assert [p.name for p in saved(path)] == ["Ann"]
    click_row(scene, "Ann")
    click_row(scene, "Delete")
    assert [p.name for p in saved(path)] == ["Ann"], "the first click asks"
    click_row(scene, "Delete Ann: sure?")
    assert saved(path) == ()
    click(scene, (1, 1), button=3)  # a right click is Back
    app.stack.update(0)
    assert app.stack.top is None


def test_the_mouse_alone_renames_retires_and_cancels(app: AppContext, tmp_path: Path) -> None:
    path = roster_file(tmp_path, "Ann")
    scene = opened(app, path)
    click_row(scene, "Ann")
    click_row(scene, "Rename")
    click(scene, (1, 1), button=3)  # a right click deletes a letter
    assert entry(scene).text == "An"
    click_key(scene, DELETE_KEY)
    assert entry(scene).text == "A"
    type_by_mouse(scene, "my")
    click_key(scene, DONE)
    assert [p.name for p in saved(path)] == ["Amy"]
    click_row(scene, "Amy")
    click_row(scene, "Retire")
    assert saved(path)[0].retired
    click_row(scene, "Amy")
    click_row(scene, "Rename")
    click_key(scene, CANCEL)
    assert view(scene) == "actions" and [p.name for p in saved(path)] == ["Amy"]


# --- refusals, limits and troubles ------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "says"), [("red", "seat colour"), ("ann", "taken by player 'Ann'")]
)
def test_a_refused_name_is_said_and_not_saved(
    app: AppContext, tmp_path: Path, name: str, says: str
) -> None:
    path = roster_file(tmp_path, "Ann")
    scene = opened(app, path)
    buttons_to_row(scene, "Add a player")
    press(scene, "nav.select")
    type_by_buttons(scene, name)
    done_by_buttons(scene)
    assert says in scene.model.notice
    assert [p.name for p in saved(path)] == ["Ann"]
    assert entry(scene).text == name, "the entry stays open with the name"
    press(scene, "nav.select")  # OK: the notice goes, nothing else
    assert not scene.model.notice and entry(scene).text == name and entry(scene).focus == DONE


def test_an_empty_name_is_refused(app: AppContext, tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    scene = opened(app, path)
    click_row(scene, "Add a player")
    click_key(scene, DONE)
    assert "empty" in scene.model.notice and saved(path) == ()


def test_a_name_stops_at_its_longest(app: AppContext, tmp_path: Path) -> None:
    scene = opened(app, tmp_path / "roster.json")
    press(scene, "nav.select")
    for _ in range(NAME_MAX + 2):
        press(scene, "nav.select")
    assert entry(scene).text == "A" + "a" * (NAME_MAX - 1)
    flash = scene.flashes.current(app.monotonic_ns())
    assert flash is not None and flash.text == FULL_WORDS


def test_a_desktop_keyboard_types_as_an_extra(app: AppContext, tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    scene = opened(app, path)
    press(scene, "nav.select")
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    scene.handle_event(space)  # the Space key presses nothing: its typed space comes next
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=" Bx"))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert entry(scene).text == "Zoé B" and entry(scene).focus == DONE
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert [p.name for p in saved(path)] == ["Zoé B"]


def test_an_unreadable_roster_is_set_aside_and_said(app: AppContext, tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    path.write_text("{not a roster", encoding="utf-8")
    scene = opened(app, path)
    assert "set aside" in scene.model.notice
    (bad,) = tmp_path.glob("roster.json.bad-*")
    assert bad.read_text(encoding="utf-8") == "{not a roster"
    flash = scene.flashes.current(app.monotonic_ns())
    assert flash is not None and "set aside" in flash.text
    press(scene, "nav.select")  # OK
    press(scene, "nav.select")  # Add a player
    type_by_buttons(scene, "Ann")
    done_by_buttons(scene)
    assert [p.name for p in saved(path)] == ["Ann"]


def test_a_roster_that_cannot_be_read_is_said_and_any_button_leaves(
    app: AppContext, tmp_path: Path
) -> None:
    path = tmp_path / "roster.json"
    path.mkdir()
    scene = opened(app, path)
    assert "cannot be read" in scene.model.notice and "a folder" in scene.model.notice
    press(scene, "nav.select")
    app.stack.update(0)
    assert app.stack.top is None and path.is_dir()


def test_a_player_deleted_meanwhile_is_said(app: AppContext, tmp_path: Path) -> None:
    path = roster_file(tmp_path, "Ann", "Bob")
    scene = opened(app, path)
    press(scene, "nav.select")  # Ann
    Roster.open(path).delete("Ann")  # another program (``companion players``)
    buttons_to_row(scene, "Retire")
    press(scene, "nav.select")
    assert "no player named 'Ann'" in scene.model.notice
    assert view(scene) == "list" and "Ann" not in list_labels(scene)


def test_a_long_list_scrolls_to_the_focused_row(app: AppContext, tmp_path: Path) -> None:
    names = [f"Player {n}" for n in range(1, 13)]
    scene = opened(app, roster_file(tmp_path, *names))
    shown = visible_rows(app.size, len(list_labels(scene)), 0)
    assert len(shown) < len(names), "more players than rows on screen"
    buttons_to_row(scene, "Add a player")
    click_row(scene, "Add a player")  # on screen once focused, and clickable
    assert view(scene) == "entry"


# --- the layout at both panel sizes -----------------------------------------------------------


def problems(drawn: list[widgets.TextDraw]) -> list[str]:
    """As ``test_type_floors``: drawn or laid out below the floor, or cut short."""
    found = []
    for draw in drawn:
        if draw.drawn_px < draw.floor_px or draw.asked_px < draw.floor_px:
            found.append(f"{draw.role} {draw.asked_px}/{draw.drawn_px} px: {draw.words!r}")
        elif draw.cut_short:
            found.append(f"{draw.role} cut short at {draw.drawn_px} px: {draw.words!r}")
    return found


def every_state(app: AppContext, tmp_path: Path) -> Iterator[tuple[str, PlayersScene]]:
    """The screen in each of its states, the longest names included."""
    longest = "W" * NAME_MAX
    path = roster_file(tmp_path, "Ann", "Zoé", longest, *(f"Player {n}" for n in range(8)))
    Roster.open(path).retire("Zoé")
    scene = opened(app, path)
    yield "list", scene
    buttons_to_row(scene, "Back")
    yield "list scrolled", scene
    scene.model.open_row(list_labels(scene).index(longest))
    yield "actions", scene
    buttons_to_row(scene, "Delete")
    press(scene, "nav.select")
    yield "actions, delete asked", scene
    press(scene, "nav.back")  # not sure
    buttons_to_row(scene, "Rename")
    press(scene, "nav.select")
    yield "rename, the longest name", scene
    for _ in range(NAME_MAX + 1):
        press(scene, "nav.back")  # the letters off, then out of the entry
    press(scene, "nav.back")  # the actions: back to the list
    buttons_to_row(scene, "Add a player")
    press(scene, "nav.select")
    yield "add, empty", scene
    type_by_buttons(scene, "red")
    done_by_buttons(scene)
    yield "add, refused", scene
    press(scene, "nav.select")
    type_by_buttons(scene, "d")
    yield "add, lower case keys", scene
    bad = tmp_path / "bad" / "roster.json"
    bad.parent.mkdir()
    bad.write_text("[]", encoding="utf-8")
    yield "set aside", PlayersScene(app, bad)
    folder = tmp_path / "folder"
    folder.mkdir()
    yield "cannot be read", PlayersScene(app, folder)


@pytest.mark.parametrize("keys", [(), NAV_KEY_NAMES], ids=["pi", "desktop"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_state_keeps_the_type_floors(
    app: AppContext, tmp_path: Path, size: tuple[int, int], keys: tuple[dict[str, str], ...]
) -> None:
    app.size, app.key_names = size, keys
    surface = pygame.Surface(size)
    found = []
    for state, scene in every_state(app, tmp_path):
        with widgets.recorded_text() as drawn:
            scene.draw(surface, app.monotonic_ns())
        assert drawn, state
        found += [f"{state}: {problem}" for problem in problems(drawn)]
        if view(scene) == "entry":
            tables = [draw for draw in drawn if draw.role == "table"]
            text = entry(scene).text
            assert not text or [draw.words for draw in tables] == [text], "the name, large"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_keys_are_big_enough_for_a_finger_and_inside_the_body(size: tuple[int, int]) -> None:
    name_box, keys = entry_layout(size)
    body = widgets.frame(size).body
    assert len(keys) == len(KEYS)
    assert min(rect.height for rect in keys) >= widgets.px(size, 32)
    assert min(rect.width for rect in keys) >= widgets.px(size, 32)
    assert name_box.height >= widgets.line_height(theme.floor_px("table", size))
    assert all(body.contains(rect) for rect in [name_box, *keys])
    overlapping = [(a, b) for k, a in enumerate(keys) for b in keys[k + 1 :] if a.colliderect(b)]
    assert not overlapping and not any(name_box.colliderect(rect) for rect in keys)


def _menu_with_a_roster(app: AppContext, tmp_path: Path) -> object:
    from companion.ui.menu import MenuScene

    app.roster_path = tmp_path / "roster.json"
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.update(0)
    return menu


def test_the_start_menu_opens_players_by_keys_and_by_the_mouse(
    app: AppContext, tmp_path: Path
) -> None:
    from companion.ui.menu import MenuScene
    from companion.ui.players import PlayersScene
    from tests.ui.test_rules_help import click

    menu = _menu_with_a_roster(app, tmp_path)
    assert isinstance(menu, MenuScene)
    index = [row.kind for row in menu.model.rows].index("players")
    menu.model.focus = index
    press(menu, "nav.select")
    app.stack.update(0)
    shown = app.stack.top
    assert isinstance(shown, PlayersScene)
    press(shown, "nav.back")
    app.stack.update(0)
    assert app.stack.scenes == (menu,)
    rects = dict(visible_rows(app.size, len(menu.model.rows), menu.model.focus))
    click(menu, rects[index].center)
    app.stack.update(0)
    assert isinstance(app.stack.top, PlayersScene)


def test_no_roster_no_players_row(app: AppContext) -> None:
    from companion.ui.menu import MenuScene

    assert app.roster_path is None
    assert "players" not in [row.kind for row in MenuScene(app).model.rows]
