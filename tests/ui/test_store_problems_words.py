"""Problems with the settings file, the history database and the roster, on screen in the
screens' language (issue 19): each provoked for real (a settings file that is not JSON or
holds a bad value, a symbolic link that loops, a file that is not a database, a database
another connection keeps locked, a damaged roster, a folder where a file should be), then
drawn by the real screen with the dummy driver. In the pseudo-language no plain English word
shows but the values (paths, file names, key names, commands, JSON's own message); in German
a German word shows. The command line's English is checked where no other test reads it.
The files are named relative to the test's folder (the current one): short paths, which a
screen never has to cut to fit, so that the check can tell them from words."""

from __future__ import annotations

import json
import sqlite3
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from companion.history import History, HistoryWarning
from companion.history.writer import HistoryWriter
from companion.i18n import said, set_language
from companion.roster import Roster
from companion.settings import Settings, load_settings
from companion.ui import widgets
from companion.ui.apache.setup import APACHE_SETUP
from companion.ui.history import HistoryScene
from companion.ui.menu import MenuScene
from companion.ui.players import PlayersScene
from companion.ui.run import build_app
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.settings_scene import ROWS, SettingsScene
from companion.ui.setup import SetupScene
from companion.ui.setup_model import SetupModel
from companion.words import Words
from tests.i18n.pseudo import pseudo_language, untranslated
from tests.ui.helpers import make_app, press

REBUILD = "companion history rebuild"


@pytest.fixture(autouse=True)
def english_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test works in its own folder and leaves the screens in English."""
    monkeypatch.chdir(tmp_path)
    pygame.display.init()
    pygame.font.init()
    yield
    set_language("en")


@pytest.fixture
def app() -> Iterator[AppContext]:
    """An app whose clock stands still at 1 ns: the brief messages can be read."""
    made = make_app(Path("games"), monotonic_ns=lambda: 1)
    yield made
    made.close_history()


def drawn(scene: BaseScene, size: tuple[int, int] = (480, 320)) -> list[str]:
    """Every text ``scene`` draws at 1 ns."""
    with widgets.recorded_text() as texts:
        scene.draw(pygame.Surface(size), 1)
    return [text.words for text in texts]


def in_pseudo(show: Callable[[], list[str]]) -> list[str]:
    """What ``show`` draws with every message in the pseudo-language."""
    with pseudo_language():
        return show()


def in_german(show: Callable[[], list[str]]) -> list[str]:
    """What ``show`` draws with the screens in German."""
    set_language("de")
    return show()


def with_words(texts: list[str], *wanted: str) -> bool:
    """Whether the ``texts`` (a message's lines joined again) hold every one of ``wanted``."""
    joined = " ".join(texts)
    return all(words in joined for words in wanted)


def assert_said(
    show: Callable[[], list[str]], values: tuple[str, ...], marker: str, *german: str
) -> None:
    """In the pseudo-language the problem (the text holding ``marker``, a value) shows with
    no plain word but ``values``; in German a text holds ``marker`` and every ``german``
    word."""
    pseudo = in_pseudo(show)
    assert with_words(pseudo, marker), f"the problem is drawn: {pseudo}"
    longest_first = sorted(values, key=len, reverse=True)  # "a.b" taken out before "a"
    assert untranslated([" ".join(pseudo)], longest_first) == []  # a value cut by wrapping
    texts = in_german(show)
    assert with_words(texts, marker, *german), texts


# --- the settings file: a problem at start is a notice on the start menu ----------------------

SETTINGS = Path("settings.json")


def settings_problem(content: bytes | None = None) -> Words:
    """The problem ``load_settings`` meets in the settings file (holding ``content`` when
    given); the settings are the defaults."""
    if content is not None:
        SETTINGS.write_bytes(content)
    settings, problem = load_settings(SETTINGS)
    assert settings == Settings() and problem is not None
    assert isinstance(problem, Words)
    return problem


def start_menu(problem: str) -> Callable[[], list[str]]:
    """What a start menu built with the notice ``problem`` draws: the notice's row, then,
    the notice read, what to do (a brief message)."""

    def show() -> list[str]:
        app = build_app((480, 320), games_dir=Path("games"), notices=[problem])
        app.stack.update(0)
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and menu.model.focus == 0, "the notice first"
        row = drawn(menu)
        menu.nav("select", 1)
        return row + drawn(menu)

    return show


def test_a_bad_value_in_the_settings_is_said_on_the_start_menu() -> None:
    problem = settings_problem(b'{"quiet_time_s": 9}')
    assert problem == (
        "settings.json: quiet_time_s 9 must be a number of seconds from 0.3 to 5.0; the "
        "defaults are used until the settings are saved"
    )
    show = start_menu(problem)
    values = ("settings.json", "quiet_time_s")
    assert_said(show, values, "quiet_time_s", "muss eine Sekundenzahl")
    assert with_words(in_german(show), "Standardwerte, bis die Einstellungen gespeichert")


def test_a_settings_file_that_is_not_json_is_said_on_the_start_menu() -> None:
    problem = settings_problem(b'{"sound": tru')
    with pytest.raises(json.JSONDecodeError) as decoding:
        json.loads('{"sound": tru')
    json_says = decoding.value.msg  # the JSON library's own English: a value
    assert problem.startswith(f"settings.json: not JSON (line 1: {json_says}); fix it or")
    show = start_menu(problem)
    assert_said(show, ("settings.json", json_says), "settings.json", "kein JSON (Zeile 1")
    assert with_words(in_german(show), "Datei korrigieren oder löschen")


def test_a_settings_file_that_cannot_be_read_is_said_by_its_reason() -> None:
    SETTINGS.symlink_to(SETTINGS)  # a link to itself: the system cannot open it (ELOOP)
    problem = settings_problem()
    assert problem == (
        "settings.json: cannot be read (Too many levels of symbolic links); the defaults are used"
    )
    show = start_menu(problem)
    assert_said(show, ("settings.json",), "settings.json", "nicht lesbar (zu viele symbolische")


def test_a_language_that_is_a_list_is_a_problem_not_a_crash() -> None:
    problem = settings_problem(b'{"language": ["de"]}')
    assert "language ['de'] must be one of" in problem
    show = start_menu(problem)
    values = ("settings.json", "language", "en", "de", "fr", "English", "Deutsch", "Français")
    assert_said(show, values, "settings.json", "muss eine von")


# --- the settings screen: a save that fails -------------------------------------------------

SETTINGS_DATA = ("English",)
"""What the settings screen shows that is not a word of the screens: the language's name."""


def save_fails(app: AppContext, settings_file: Path) -> Callable[[], list[str]]:
    """What the settings screen draws once Sound is changed with its file at
    ``settings_file``: the failure, briefly."""

    def show() -> list[str]:
        app.settings_file = settings_file
        scene = SettingsScene(app)
        scene.model.focus = [row.key for row in ROWS].index("sound")
        scene.nav("select", 1)
        assert scene.model.settings.sound, "the change is undone"
        return drawn(scene)

    return show


def test_a_settings_path_that_is_a_folder_is_said_on_the_settings_screen(
    app: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = Path("config")
    folder.mkdir()
    monkeypatch.setenv("COMPANION_CONFIG", str(folder))
    show = save_fails(app, folder)
    english = " ".join(show())
    assert "could not save the settings: config: a folder, not a settings file; set" in english
    values = ("config", "COMPANION_CONFIG", "~/.config/companion/settings.json", *SETTINGS_DATA)
    assert_said(show, values, "config:", "ein Ordner, keine Einstellungsdatei", "setzen")
    assert with_words(in_german(show), "Einstellungen konnten nicht gespeichert werden")
    assert folder.is_dir() and not list(folder.iterdir()), "left as it was"


def test_a_settings_folder_that_cannot_be_made_is_said_by_its_reason(app: AppContext) -> None:
    Path("a-file").write_text("")
    show = save_fails(app, Path("a-file/settings.json"))
    assert with_words(show(), "could not save the settings: a-file: already exists")
    assert_said(show, ("a-file", *SETTINGS_DATA), "a-file", "a-file: existiert bereits")


# --- the history database on the History screen ---------------------------------------------

HISTORY = Path("history.sqlite")


def history_page(scene: HistoryScene) -> Callable[[], list[str]]:
    """What the History screen ``scene`` draws (the same screen in each language: its
    words are kept, said when drawn)."""
    return lambda: drawn(scene)


def test_a_history_file_that_is_not_a_database_is_said_on_the_history_screen(
    app: AppContext,
) -> None:
    HISTORY.write_bytes(b"not a database at all, " * 100)
    scene = HistoryScene(app, HISTORY)
    (aside,) = Path().glob("history.sqlite.corrupt-*")
    (page,) = scene.pages
    assert page.words == (
        "history.sqlite: the history database is damaged (file is not a database); it was set "
        f"aside as {aside} (nothing deleted) and a new one is started: run `{REBUILD}` to "
        "fill it again from the journals"
    )
    show = history_page(scene)
    values = (str(HISTORY), str(aside), REBUILD)
    assert_said(show, values, str(aside), "beschädigt (keine Datenbank)", "beiseitegelegt")
    assert with_words(in_german(show), "Verlauf nicht lesbar", f"`{REBUILD}` ausführen")


def test_a_history_locked_by_another_program_is_said_on_the_history_screen(
    app: AppContext,
) -> None:
    other = sqlite3.connect(HISTORY, isolation_level=None)  # another program, not in WAL mode
    try:
        other.execute("CREATE TABLE kept (x)")
        other.execute("BEGIN EXCLUSIVE")
        scene = HistoryScene(app, HISTORY)  # waits for the lock as long as the history does
    finally:
        other.close()
    (page,) = scene.pages
    assert page.words.startswith(
        "history.sqlite: the history database is locked by another program (a `companion "
        "history rebuild`, or another companion) and stayed locked; try again"
    )
    values = (str(HISTORY), REBUILD)
    assert_said(history_page(scene), values, str(HISTORY), "von einem anderen Programm gesperrt")


def test_a_history_folder_that_cannot_be_made_is_said_by_its_reason(app: AppContext) -> None:
    Path("a-file").write_text("")
    path = Path("a-file/state/history.sqlite")
    scene = HistoryScene(app, path)
    (page,) = scene.pages
    assert page.words == (
        "a-file/state/history.sqlite: the history's folder cannot be made: Not a directory; "
        "give a database in a folder that can be written (--db)"
    )
    show = history_page(scene)
    assert_said(show, (str(path),), str(path), "lässt sich nicht anlegen: kein Ordner")


def test_the_history_writers_problem_is_words_said_in_the_language() -> None:
    HISTORY.mkdir()  # a folder where the database should be
    writer = HistoryWriter(HISTORY)
    writer.record(Path("game.jsonl"))
    writer.close()
    (problem,) = writer.take_problems()
    assert problem == (
        "history not updated: history.sqlite: the history database cannot be used: unable to "
        "open database file; check the file and its folder can be read and written, or give "
        "another database (--db)"
    )
    assert isinstance(problem, Words)
    with pseudo_language():
        assert untranslated([said(problem)], (str(HISTORY),)) == []
    set_language("de")
    german = said(problem)
    assert german.startswith("Verlauf nicht aktualisiert: history.sqlite: die Verlaufsdatenbank")
    assert "ist nicht nutzbar: die Datenbank lässt sich nicht öffnen; prüfen" in german


def test_a_journal_skipped_by_a_rebuild_is_said_in_the_language() -> None:
    games = Path("games")
    (games / "broken.jsonl").mkdir(parents=True)  # a folder named like a journal
    with warnings.catch_warnings(record=True) as caught, History.open(HISTORY) as history:
        warnings.simplefilter("always")
        assert history.rebuild(games) == 0
    (warning,) = [w.message for w in caught if issubclass(w.category, HistoryWarning)]
    english = "skipping games/broken.jsonl: cannot be recorded: a folder, not a journal file"
    assert str(warning) == english
    set_language("de")
    german = said(warning)  # the warning's own words
    assert german == (
        "übersprungen: games/broken.jsonl: nicht aufzeichenbar: ein Ordner, keine Journaldatei"
    )


# --- the roster on the Players and setup screens ----------------------------------------------


def players_screen(app: AppContext, path: Path) -> Callable[[], list[str]]:
    """What the Players screen over the roster ``path`` draws when it opens (its words are
    made then: opened in each language)."""

    def show() -> list[str]:
        scene = PlayersScene(app, path)
        app.stack.push(scene)
        app.stack.update(0)
        return drawn(scene)

    return show


def test_a_damaged_roster_that_is_not_set_aside_is_said_on_the_players_screen(
    app: AppContext,
) -> None:
    path = Path("roster.txt")  # only a file named *.json is ever set aside
    path.write_bytes(b"\xff\xfe not a roster")
    show = players_screen(app, path)
    assert with_words(show(), "roster.txt: not a roster file (not UTF-8 text (byte 0)); left")
    assert_said(show, ("roster.txt",), "roster.txt", "Spielerliste ist nicht lesbar", "kein UTF-8")
    assert with_words(in_german(show), "nur mit Dateien namens *.json")
    assert path.read_bytes() == b"\xff\xfe not a roster", "left as it is"


def test_a_roster_the_system_cannot_open_is_said_by_its_reason(app: AppContext) -> None:
    path = Path("roster.json")
    path.symlink_to(path)  # a link to itself (ELOOP)
    show = players_screen(app, path)
    assert with_words(show(), "the roster file cannot be read: too many symbolic links; check")
    assert_said(show, ("roster.json",), "roster.json", "ist nicht lesbar: zu viele symbolische")


def test_a_player_gone_meanwhile_is_said_on_the_players_screen(app: AppContext) -> None:
    path = Path("roster.json")

    def show() -> list[str]:
        path.unlink(missing_ok=True)
        Roster.open(path).add("Ann")
        Roster.open(path).add("Bob")
        scene = PlayersScene(app, path)
        app.stack.push(scene)
        app.stack.update(0)
        press(scene, "nav.select")  # Ann's actions
        Roster.open(path).delete("Ann")  # another program (``companion players``)
        press(scene, "nav.next")  # Retire
        press(scene, "nav.select")
        return drawn(scene)

    assert with_words(show(), "no player named 'Ann' in the roster roster.json (players: 'Bob')")
    assert_said(show, ("roster.json", "Ann", "Bob"), "roster.json", "kein Spieler namens 'Ann'")


def setup_screen(app: AppContext) -> Callable[[], list[str]]:
    """What Apache's setup screen draws when it opens: a roster problem, briefly."""
    return lambda: drawn(SetupScene(app, SetupModel(APACHE_SETUP, players=3)))


def test_a_roster_that_cannot_be_read_is_said_on_the_setup_screen(app: AppContext) -> None:
    app.roster_path = Path("roster.json")
    app.roster_path.mkdir()
    show = setup_screen(app)
    assert with_words(show(), "no player names: roster.json: a folder, not a roster file")
    assert_said(show, ("roster.json",), "roster.json", "ein Ordner, keine Spielerlisten-Datei")


def test_a_game_that_cannot_start_says_why_in_the_language(app: AppContext) -> None:
    Path("a-file").write_text("")
    app.games_dir = Path("a-file/games")

    def show() -> list[str]:
        scene = SetupScene(app, SetupModel(APACHE_SETUP, players=3))
        scene.start(1)
        return drawn(scene)

    assert with_words(show(), "cannot start the game: ")
    assert_said(show, ("a-file/games",), "a-file/games", "Spiel kann nicht starten")
