"""The saved games' problems on screen in the screens' language (issue 19): a journal with a
torn last line, a file that is no journal, a journal of a game the companion does not know,
a line the game refuses, a folder where a journal should be, a games folder that cannot be
read or written, a journal open elsewhere, a window note that cannot be read and a journal
that can no longer be written. Each is made for real in a games folder and shown by the real
screen (the start menu, the game menu's discard, a game screen), drawn with the dummy
driver: in the pseudo-language no word is left untranslated (but the files' names), and in
German a German word of the problem shows."""

from __future__ import annotations

import itertools
import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from companion import i18n
from companion.rules.apache.tracker import TRACKER
from companion.rules.base import JSON
from companion.rules.registry import engine_names
from companion.session import Session
from companion.settings import load_settings
from companion.ui import widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.apache.tracker import ApacheTrackerScene
from companion.ui.game_menu import discard_and_leave
from companion.ui.menu import GAMES, MenuScene
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.screenshot import in_language
from tests.i18n.pseudo import pseudo_language, untranslated
from tests.ui.helpers import NOW, make_app, press, show_menu, start_game

SIZE = (800, 480)
GAMES_DIR = Path("games")
"""The games folder, relative to the test's own folder: the files' names stay short enough
for a brief message to show the problem after them."""
JOURNAL = GAMES_DIR / "apache_tracker-20250101-190000.jsonl"
RESUME = len(GAMES)
"""The start menu's first Resume row."""


def _permissions_bind() -> bool:
    """Whether a folder's permissions stop this program (not so for root, which reads and
    writes every folder: tried on a folder of its own that nobody may write)."""
    with tempfile.TemporaryDirectory() as free:
        locked = Path(free) / "locked"
        locked.mkdir(mode=0o500)
        try:
            (locked / "probe").touch()
        except PermissionError:
            return True
        finally:
            locked.chmod(0o700)
        return False


PERMISSIONS_IGNORED = not _permissions_bind()
AS_ROOT = "root reads and writes every folder, whatever its permissions say"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    """An app at 800x480 over ``games/`` in the test's own folder (the working folder)."""
    monkeypatch.chdir(tmp_path)
    GAMES_DIR.mkdir()
    made = make_app(GAMES_DIR)
    made.size = SIZE
    yield made
    GAMES_DIR.chmod(0o755)  # a test that took its permissions gives them back
    made.close_history()


def drawn(scene: BaseScene, now_ns: int = 0) -> list[str]:
    """Every text ``scene`` draws at ``SIZE`` (a brief message wrapped over lines: a line
    each)."""
    with widgets.recorded_text() as texts:
        scene.draw(pygame.Surface(SIZE), now_ns)
    return [text.words for text in texts]


def on_screen(scene: BaseScene, now_ns: int = 0) -> str:
    """What ``scene`` shows at ``SIZE``, its lines joined (a message's words read across
    its lines)."""
    return " ".join(drawn(scene, now_ns))


def flash_of(scene: BaseScene, now_ns: int = 0) -> str:
    shown = scene.flashes.current(now_ns)
    assert shown is not None, "the problem is shown"
    return shown.text


def tracker_journal(notes: tuple[tuple[str, JSON], ...] = ()) -> Path:
    """An unfinished Apache tracker game (red and blue) journaled at ``JOURNAL``."""
    ticks = itertools.count()
    setup = {"colours": ["red", "blue"]}
    with Session.start(
        TRACKER,
        setup,
        3,
        JOURNAL,
        auto_chance=False,
        clock=lambda: NOW + next(ticks),
        notes=notes,
    ):
        pass
    return JOURNAL


# --- the start menu lists the games: a file it skips is named, and why ----------------------


def torn_last_line() -> str:
    with tracker_journal().open("ab") as journal:
        journal.write(b'{"type":"action","n":0,"act')  # a crash in the middle of a write
    return str(JOURNAL)


def no_journal_header() -> str:
    (GAMES_DIR / "notes.jsonl").write_text("bring the cards\n")
    return str(GAMES_DIR / "notes.jsonl")


def refused_line() -> str:
    with tracker_journal().open("a") as journal:
        journal.write(json.dumps({"type": "undo", "n": 7, "t": NOW}) + "\n")
    return str(JOURNAL)


def another_players_line() -> str:
    slap = {"kind": "slap", "seat": 1, "indian": "chief"}
    line = {"type": "action", "n": 0, "seat": 1, "action": slap, "t": NOW}  # red's turn
    with tracker_journal().open("a") as journal:
        journal.write(json.dumps(line) + "\n")
    return str(JOURNAL)


def wrong_count() -> str:
    line = {"type": "note", "n": 7, "kind": "x", "data": None, "t": NOW}
    with tracker_journal().open("a") as journal:
        journal.write(json.dumps(line) + "\n")
    return str(JOURNAL)


def another_game() -> str:
    header = {
        "type": "header",
        "format": 1,
        "game": "chess",
        "rules_version": "1",
        "seed": 1,
        "setup": {},
    }
    (GAMES_DIR / "chess.jsonl").write_text(json.dumps(header) + "\n")
    return str(GAMES_DIR / "chess.jsonl")


def another_format() -> str:
    header = {"type": "header", "format": 2, "game": "apache_tracker"}
    (GAMES_DIR / "new.jsonl").write_text(json.dumps(header) + "\n")
    return str(GAMES_DIR / "new.jsonl")


def folder_for_a_file() -> str:
    (GAMES_DIR / "folder.jsonl").mkdir()
    return str(GAMES_DIR / "folder.jsonl")


def unreadable_folder() -> str:
    tracker_journal()
    GAMES_DIR.chmod(0o000)
    return str(GAMES_DIR)


SKIPPED: dict[str, tuple[Callable[[], str], str, str]] = {
    "torn last line": (
        torn_last_line,
        "abgerissene letzte Zeile verworfen",
        "dropped a torn last line (line 2, 27 bytes at byte offset",
    ),
    "no journal header": (
        no_journal_header,
        "ist kein Journal des Begleiters",
        "is not a companion journal (its first line is not a journal header)",
    ),
    "a refused line": (
        refused_line,
        "Rückgängig-Eintrag",
        "line 2: an undo record with nothing to undo; the journal cannot be replayed",
    ),
    "another player's line": (
        another_players_line,
        "die Zeile nennt Blau, die Partie wartet aber auf Rot: Rot ist am Zug",
        "line 2: the line names blue, but the game awaits red: it is red's turn",
    ),
    "a line's wrong count": (
        wrong_count,
        "die Partie hat hier aber 0 Aktionen",
        "line 2: 'n' is 7 but the game has 0 actions at this point",
    ),
    "another game": (another_game, "ausgelassen: Zeile 1:", "line 1: unknown game 'chess'"),
    "another format": (
        another_format,
        "wird nicht unterstützt",
        "journal format 2 is not supported (this program reads format 1)",
    ),
    "a folder for a file": (
        folder_for_a_file,
        "nicht lesbar: ein Ordner, keine Datei",
        "cannot be read: a folder, not a file",
    ),
    "an unreadable games folder": (
        unreadable_folder,
        "nicht lesbar: keine Berechtigung",
        "games: cannot be read: permission denied",
    ),
}
"""Each problem: how it is made (the file it names), German words that show it, and the
English the screen shows."""

ALLOWED = ("chess", *sorted(engine_names(), key=len, reverse=True))
"""A journal's game names in the problems (as journaled: not words of the screens; the
longest first, so "apache_tracker" is not read as "apache" and "_tracker")."""


def skip_under_root(problem: str) -> None:
    if problem == "an unreadable games folder" and PERMISSIONS_IGNORED:
        pytest.skip(AS_ROOT)


@pytest.mark.parametrize("problem", list(SKIPPED))
def test_a_skipped_file_is_named_in_english_as_before(app: AppContext, problem: str) -> None:
    skip_under_root(problem)
    make, _, english = SKIPPED[problem]
    file = make()
    menu = show_menu(app)
    text = flash_of(menu)
    assert file in text and english in text, text


@pytest.mark.parametrize("problem", list(SKIPPED))
def test_a_skipped_file_shows_no_untranslated_word(app: AppContext, problem: str) -> None:
    skip_under_root(problem)
    make, _, _ = SKIPPED[problem]
    file = make()
    with pseudo_language():
        menu = show_menu(app)
        texts = drawn(menu)
    assert any(file in text for text in texts), "the problem is on screen"
    assert untranslated(texts, (file, *ALLOWED)) == []


@pytest.mark.parametrize("problem", list(SKIPPED))
def test_a_skipped_file_is_shown_in_german(app: AppContext, problem: str) -> None:
    skip_under_root(problem)
    make, words, _ = SKIPPED[problem]
    make()
    with in_language("de"):
        menu = show_menu(app)
        shown = on_screen(menu)
    assert words in shown, shown


# --- resuming and discarding from the start menu ----------------------------------------------


def test_a_game_open_elsewhere_cannot_be_resumed_in_any_language(app: AppContext) -> None:
    holder = Session.resume(tracker_journal())
    try:
        for language, expected in (
            ("en", "cannot resume apache_tracker-20250101-190000.jsonl: games/"),
            ("de", "ist bereits in einer anderen Sitzung oder einem anderen Prozess geöffnet"),
            ("fr", "est déjà ouvert dans une autre session"),
        ):
            i18n.set_language(language)
            menu = show_menu(app)
            menu.model.focus = RESUME
            menu.nav("select", 0)
            app.stack.update(0)
            assert app.stack.top is menu, "the game is not opened twice"
            assert expected in on_screen(menu), (language, on_screen(menu))
            app.stack.pop()
            app.stack.update(0)
        with pseudo_language():
            menu = show_menu(app)
            menu.model.focus = RESUME
            menu.nav("select", 0)
            texts = drawn(menu)
        assert untranslated(texts, (str(JOURNAL), JOURNAL.name)) == []
    finally:
        i18n.set_language("en")
        holder.close()


def discard_in_a_folder_that_cannot_be_written(app: AppContext) -> MenuScene:
    """The start menu after Discard on the game's Resume row, with the folder read-only."""
    GAMES_DIR.chmod(0o755)
    JOURNAL.unlink(missing_ok=True)  # the last language's game
    tracker_journal()
    GAMES_DIR.chmod(0o555)
    menu = show_menu(app)
    menu.model.focus = RESUME
    press(menu, "red.chief")  # a seat button on a Resume row: discard? (asks)
    press(menu, "nav.select")  # yes
    return menu


@pytest.mark.skipif(PERMISSIONS_IGNORED, reason=AS_ROOT)
def test_a_discard_refused_by_the_games_folder_is_said_in_the_language(app: AppContext) -> None:
    menu = discard_in_a_folder_that_cannot_be_written(app)
    assert flash_of(menu) == (
        f"cannot discard {JOURNAL.name}: games/discarded: permission denied"
    ), "the English as the screen says it"
    assert JOURNAL.exists(), "the game stays, to resume"
    app.stack.clear()
    app.stack.update(0)
    with in_language("de"):
        menu = discard_in_a_folder_that_cannot_be_written(app)
        shown = on_screen(menu)
    assert "kann nicht abgebrochen werden: games/discarded: keine Berechtigung" in shown, shown
    app.stack.clear()
    app.stack.update(0)
    with pseudo_language():
        menu = discard_in_a_folder_that_cannot_be_written(app)
        texts = drawn(menu)
    assert untranslated(texts, (JOURNAL.name, "games/discarded")) == []


@pytest.mark.skipif(PERMISSIONS_IGNORED, reason=AS_ROOT)
def test_the_game_menus_discard_refused_is_said_on_the_start_menu(app: AppContext) -> None:
    for language, expected in (("en", "permission denied"), ("de", "keine Berechtigung")):
        i18n.set_language(language)
        try:
            menu = show_menu(app)
            game = start_game(app, APACHE_SETUP, ApacheTrackerScene, players=2)
            GAMES_DIR.chmod(0o555)
            discard_and_leave(app, game.model.session)
            app.stack.update(0)
            assert app.stack.top is menu
            text = flash_of(menu)
            assert text.endswith(f"games/discarded: {expected}"), text
            GAMES_DIR.chmod(0o755)
            app.stack.clear()
            app.stack.update(0)
        finally:
            i18n.set_language("en")
    with pseudo_language():
        menu = show_menu(app)
        game = start_game(app, APACHE_SETUP, ApacheTrackerScene, players=2)
        GAMES_DIR.chmod(0o555)
        discard_and_leave(app, game.model.session)
        app.stack.update(0)
        texts = drawn(menu)
    names = tuple(path.name for path in GAMES_DIR.glob("*.jsonl"))
    assert untranslated(texts, (*names, "games/discarded")) == []


def test_a_problem_met_at_start_is_shown_in_the_language(app: AppContext, tmp_path: Path) -> None:
    """The settings file's problem, met at start, is a menu row (the problem) until selected,
    then says what to do: in the screens' language, the file named without its folder."""
    settings_file = tmp_path / "settings.json"
    settings_file.write_bytes(b"\xff\xfe{}")
    _, problem = load_settings(settings_file)
    assert problem is not None
    app.notices = [problem]
    with in_language("de"):
        menu = show_menu(app)
        label = menu.model.rows[0].label
        assert label.startswith("settings.json: ") and "Byte 0" in label, label
        press(menu, "nav.select")
        rest = flash_of(menu)
    assert "Datei korrigieren oder löschen" in rest, rest
    assert "notice" not in [row.kind for row in menu.model.rows], "read: gone"
    app.stack.clear()
    app.stack.update(0)
    app.notices = [problem]
    with pseudo_language():
        menu = show_menu(app)
        row_texts = drawn(menu)
        press(menu, "nav.select")
        flash_texts = drawn(menu)
    assert untranslated(row_texts + flash_texts, ("settings.json", "UTF-8")) == []


# --- a game's screen: a journal that can no longer be written, a note that cannot be read -----


LATER = 10_000_000_000
"""A time by which a slap's Pow-Wow has resolved (and its window note is written)."""


def slap_after_the_journal_is_gone(app: AppContext) -> ApacheTrackerScene:
    """A tracker game whose journal was released under it, then a slap: its Pow-Wow resolves
    and its note cannot be written."""
    show_menu(app)
    game = start_game(app, APACHE_SETUP, ApacheTrackerScene, players=2)
    game.model.session.close()
    press(game, "red.hunter")
    assert game.update(LATER), "the problem is shown"
    return game


def test_a_journal_that_cannot_be_written_is_said_in_the_language(app: AppContext) -> None:
    game = slap_after_the_journal_is_gone(app)
    journal = str(game.model.session.path)
    assert flash_of(game, LATER) == (
        f"could not save the journal: {journal}: this session is closed or read-only; use "
        "Session.resume(path) to continue the game"
    )
    app.stack.clear()
    app.stack.update(0)
    with in_language("de"):
        shown = on_screen(slap_after_the_journal_is_gone(app), LATER)
    assert "Journal konnte nicht gespeichert werden" in shown, shown
    assert "diese Sitzung ist geschlossen oder nur lesbar" in shown, shown
    app.stack.clear()
    app.stack.update(0)
    with pseudo_language():
        texts = drawn(slap_after_the_journal_is_gone(app), LATER)
    journals = tuple(str(path) for path in GAMES_DIR.glob("*.jsonl"))
    assert any("Session.resume(path)" in text for text in texts), "the problem is on screen"
    assert untranslated(texts, (*journals, "Session.resume(path)")) == []


def resumed_with_a_bad_window_note(app: AppContext) -> ApacheTrackerScene:
    JOURNAL.unlink(missing_ok=True)  # the last language's game
    tracker_journal(notes=(("window", {"slaps": []}),))
    menu = show_menu(app)
    menu.model.focus = RESUME
    menu.nav("select", 0)
    app.stack.update(0)
    scene = app.stack.top
    assert isinstance(scene, ApacheTrackerScene), "the game resumes all the same"
    scene.update(0)
    return scene


def test_a_window_note_that_cannot_be_read_is_said_in_the_language(app: AppContext) -> None:
    scene = resumed_with_a_bad_window_note(app)
    assert flash_of(scene).startswith(
        "a window note could not be read: Window record is malformed (KeyError: 'index')"
    )
    scene.close()
    app.stack.clear()
    app.stack.update(0)
    with in_language("de"):
        scene = resumed_with_a_bad_window_note(app)
        shown = on_screen(scene)
    assert "Fensternotiz war nicht lesbar: Window-Eintrag ist fehlerhaft" in shown, shown
    scene.close()
    app.stack.clear()
    app.stack.update(0)
    with pseudo_language():
        scene = resumed_with_a_bad_window_note(app)
        texts = drawn(scene)
    scene.close()
    technical = ("Window", "KeyError", "'index'", "'slaps'")  # the record as journaled
    assert untranslated(texts, technical) == []
