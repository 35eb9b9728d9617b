"""The players screen's model (no pygame): the roster (``companion.roster``) as the list, a
player's actions and name entry on an on-screen keyboard, driven by the four navigation
buttons or by clicks on the rows and keys (``companion.ui.players`` draws it)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, TypeVar

from companion.i18n import marked, said, tr, trc, trn
from companion.roster import NAME_MAX, Roster, RosterError
from companion.ui.nav import NavButton

T = TypeVar("T")

# --- the on-screen keyboard (no pygame) ---------------------------------------------------------

KeyKind = Literal["char", "shift", "space", "delete", "cancel", "done"]


@dataclass(frozen=True, slots=True)
class Key:
    """One key of the on-screen keyboard: a character (``char``, lower case) or a command;
    ``span``: how many of the row's columns it takes."""

    kind: KeyKind
    char: str = ""
    span: int = 1


COLUMNS: Final = 10
KEY_ROWS: Final[tuple[tuple[Key, ...], ...]] = (
    tuple(Key("char", char) for char in "abcdefghij"),
    tuple(Key("char", char) for char in "klmnopqrst"),
    tuple(Key("char", char) for char in "uvwxyzé-'."),
    tuple(Key("char", char) for char in "1234567890"),
    (
        Key("shift", span=2),
        Key("space", span=2),
        Key("delete", span=2),
        Key("cancel", span=2),
        Key("done", span=2),
    ),
)
"""The keyboard's rows, each :data:`COLUMNS` columns wide."""
KEYS: Final = tuple(key for row in KEY_ROWS for key in row)
"""Every key in focus order: row by row, left to right (Done last: Previous from the first
key reaches it)."""
DONE: Final = len(KEYS) - 1
COMMAND_WORDS: Final[dict[KeyKind, str]] = {
    "space": marked("Space"),
    "delete": marked("Del"),
    "cancel": marked("Cancel"),
    "done": marked("Done"),
}
"""What a command key says (the bundled font has no arrows or erase sign); marked for the
catalog, translated by ``NameEntry.label``."""

EntryOutcome = Literal["cancel", "done"]


class NameEntry:
    """A name being typed: for a new player (``old`` None) or to rename ``old``, which it
    starts from. The focused key, and whether letters come in capitals."""

    def __init__(self, old: str | None = None) -> None:
        self.old = old
        self.text = old or ""
        self.focus = 0
        self.upper = self._word_starts()

    def _word_starts(self) -> bool:
        """A name's first letter, and the first after a space, is a capital."""
        return not self.text or self.text.endswith(" ")

    def label(self, key: Key) -> str:
        """What ``key`` shows: its letter in the case it types, or its word (in the screens'
        language)."""
        if key.kind == "char":
            return key.char.upper() if self.upper else key.char
        if key.kind == "shift":
            return trc("shift key", "abc") if self.upper else trc("shift key", "ABC")
        return tr(COMMAND_WORDS[key.kind])

    def move(self, step: int) -> None:
        """The focus ``step`` keys on, wrapping round the whole keyboard."""
        self.focus = (self.focus + step) % len(KEYS)

    def press(self, index: int) -> EntryOutcome | bool:
        """Press key ``index`` (focused from then on): ``"cancel"`` or ``"done"`` for those
        keys, else whether the key could act (False: the name is full)."""
        self.focus = index
        key = KEYS[index]
        if key.kind in ("cancel", "done"):
            return "cancel" if key.kind == "cancel" else "done"
        if key.kind == "shift":
            self.upper = not self.upper
            return True
        if key.kind == "delete":
            self.delete()
            return True
        return self.add(" " if key.kind == "space" else self.label(key))

    def add(self, char: str) -> bool:
        """``char`` at the end of the name; False when the name is full (:data:`NAME_MAX`).
        A space at the start or after a space is let be (a name keeps single spaces)."""
        if char == " " and self._word_starts():
            return True
        if len(self.text) >= NAME_MAX:
            return False
        self.text += char
        self.upper = self._word_starts()
        return True

    def delete(self) -> bool:
        """The last letter off; False when there was none."""
        if not self.text:
            return False
        self.text = self.text[:-1]
        self.upper = self._word_starts()
        return True


# --- the model (no pygame) ----------------------------------------------------------------------

View = Literal["list", "actions", "entry"]
ListKind = Literal["player", "add", "back"]
ActionKey = Literal["rename", "retire", "unretire", "delete", "back"]
FULL_WORDS: Final = f"a name has at most {NAME_MAX} characters"
"""What a full name's refusal says in English (``full_words``: in the screens' language)."""
RETIRED: Final = marked("retired")
"""A retired player's mark (translated where drawn)."""


def full_words() -> str:
    """A full name's refusal, in the screens' language: ``FULL_WORDS``."""
    return trn(
        "a name has at most {count} character", "a name has at most {count} characters", NAME_MAX
    ).format(count=NAME_MAX)


@dataclass(frozen=True, slots=True)
class ListRow:
    kind: ListKind
    label: str
    """A player's name, or (Add, Back) the row's words marked for the catalog: ``words``."""
    retired: bool = False

    @property
    def words(self) -> str:
        """What the row says on screen: a name as it is, Add and Back translated."""
        return self.label if self.kind == "player" else tr(self.label)


@dataclass(frozen=True, slots=True)
class ActionRow:
    key: ActionKey
    label: str
    """In the screens' language, as ``detail``."""
    detail: str = ""


class PlayersModel:
    """The views, their focus and the roster (``None``: it cannot be read, ``notice`` says
    why and any button leaves). ``notice``: a message shown over the view until a button
    is pressed (a refusal, a roster that cannot be saved); ``said``: brief messages for the
    scene to flash, each with whether it is a warning."""

    def __init__(self, roster: Roster | None, notice: str = "") -> None:
        self.roster = roster
        self.notice = notice
        self.said: list[tuple[str, bool]] = []
        self.view: View = "list"
        self.focus = 0
        self.subject = ""
        """The player whose actions are shown."""
        self.action_focus = 0
        self.confirming = False
        """Delete was selected once: the next Select deletes."""
        self.entry: NameEntry | None = None

    # -- what is shown --

    def rows(self) -> list[ListRow]:
        """The list: active players, retired ones, then Add and Back (Back alone without a
        roster)."""
        if self.roster is None:
            return [ListRow("back", marked("Back"))]
        players = self.roster.players
        shown = [ListRow("player", p.name) for p in players if not p.retired]
        shown += [ListRow("player", p.name, retired=True) for p in players if p.retired]
        return [*shown, ListRow("add", marked("Add a player")), ListRow("back", marked("Back"))]

    def actions(self) -> list[ActionRow]:
        """The subject's actions, in the screens' language."""
        if self.is_retired(self.subject):
            keep = ActionRow("unretire", tr("Unretire"), tr("offer for seats again"))
        else:
            keep = ActionRow("retire", tr("Retire"), tr("no longer offered for seats"))
        if self.confirming:
            delete = ActionRow("delete", tr("Delete {name}: sure?").format(name=self.subject))
        else:
            delete = ActionRow("delete", tr("Delete"), tr("their games are kept"))
        return [ActionRow("rename", tr("Rename")), keep, delete, ActionRow("back", tr("Back"))]

    def is_retired(self, name: str) -> bool:
        return any(row.retired for row in self.rows() if row.label == name)

    # -- the buttons --

    def nav(self, button: NavButton) -> bool:
        """A navigation button; True when the screen should close."""
        if self.roster is None:
            return True
        if self.notice:
            self.notice = ""
            return False
        step = {"previous": -1, "next": 1}.get(button, 0)
        if self.view == "entry" and self.entry is not None:
            if step:
                self.entry.move(step)
            elif button == "select":
                self.press_key(self.entry.focus)
            else:
                self.erase()
            return False
        if self.view == "actions":
            if step:
                self.action_focus = (self.action_focus + step) % len(self.actions())
                self.confirming = False
            elif button == "select":
                self.choose_action(self.action_focus)
            elif self.confirming:
                self.confirming = False
            else:
                self._show_list(self.subject)
            return False
        if step:
            self.focus = (self.focus + step) % len(self.rows())
            return False
        return button == "back" or self.open_row(self.focus)

    def dismiss(self) -> bool:
        """A click while a notice shows: the notice goes (True), nothing else happens."""
        if not self.notice:
            return False
        self.notice = ""
        return True

    # -- the list --

    def open_row(self, index: int) -> bool:
        """Open list row ``index``; True when it is Back (the screen closes)."""
        self.focus = index
        row = self.rows()[index]
        if row.kind == "back":
            return True
        if row.kind == "add":
            self.entry, self.view = NameEntry(), "entry"
        else:
            self.subject, self.action_focus, self.confirming = row.label, 0, False
            self.view = "actions"
        return False

    def _show_list(self, name: str = "") -> None:
        """Back to the list, focused on player ``name`` when it is there."""
        self.view, self.entry, self.confirming = "list", None, False
        labels = [row.label for row in self.rows()]
        self.focus = labels.index(name) if name in labels else min(self.focus, len(labels) - 1)

    # -- a player's actions --

    def choose_action(self, index: int) -> None:
        """Do action ``index`` of the subject (Delete the first time: asks)."""
        if index != self.action_focus:
            self.confirming = False
        self.action_focus = index
        key = self.actions()[index].key
        roster, name = self.roster, self.subject
        assert roster is not None
        if key == "back":
            self._show_list(name)
        elif key == "rename":
            self.entry, self.view = NameEntry(old=name), "entry"
        elif key == "delete" and not self.confirming:
            self.confirming = True
        elif key == "delete":
            self.confirming = False
            if self._changed(lambda: roster.delete(name)) is not None:
                words = tr("{name} deleted; their games are kept").format(name=name)
                self.said.append((words, False))
                self._show_list()
        else:
            change = roster.retire if key == "retire" else roster.unretire
            if self._changed(lambda: change(name)) is not None:
                done = tr("{name} retired") if key == "retire" else tr("{name} is back")
                self.said.append((done.format(name=name), False))
                self._show_list(name)

    def _changed(self, change: Callable[[], T]) -> T | None:
        """Make ``change`` to the roster (saved at once); a refusal or a roster that cannot
        be saved becomes the notice (None). A player gone meanwhile (another program)
        takes the view back to the list."""
        try:
            return change()
        except (RosterError, OSError) as exc:
            self.notice = said(exc)
            if self.view == "actions" and self.subject not in [r.label for r in self.rows()]:
                self._show_list()
            return None

    # -- name entry --

    def press_key(self, index: int) -> None:
        """Press key ``index`` of the on-screen keyboard."""
        entry = self.entry
        assert entry is not None
        outcome = entry.press(index)
        if outcome == "cancel":
            self._leave_entry()
        elif outcome == "done":
            self.finish_entry()
        elif outcome is False:
            self.said.append((full_words(), True))

    def erase(self) -> None:
        """Back in name entry: the last letter off; with none, the entry is left."""
        assert self.entry is not None
        if not self.entry.delete():
            self._leave_entry()

    def type_text(self, text: str) -> None:
        """Letters typed on a desktop keyboard; the focus goes to Done (Enter is Select)."""
        entry = self.entry
        if entry is None or self.view != "entry":
            return
        self.notice = ""
        for char in text:
            if unicodedata.category(char).startswith("C"):
                continue
            if not entry.add(char):
                self.said.append((full_words(), True))
                break
        entry.focus = DONE

    def finish_entry(self) -> None:
        """Done: the player added or renamed and saved; a refusal is the notice (the
        entry stays open)."""
        entry, roster = self.entry, self.roster
        assert entry is not None and roster is not None
        text, old = entry.text, entry.old
        if old is None:
            added = self._changed(lambda: roster.add(text))
            if added is not None:
                self.said.append((tr("{name} added").format(name=added), False))
                self._show_list(added)
            return
        renamed = self._changed(lambda: roster.rename(old, text))
        if renamed is not None:
            if renamed != old:
                done = tr("{old} is now {new}").format(old=old, new=renamed)
            else:
                done = tr("{name} kept").format(name=old)
            self.said.append((done, False))
            self._show_list(renamed)

    def _leave_entry(self) -> None:
        """Cancel: back where the entry was opened from."""
        entry = self.entry
        assert entry is not None
        self.entry = None
        if entry.old is None:
            self._show_list()
        else:
            self.view = "actions"


def open_roster(path: Path) -> PlayersModel:
    """The model over the roster in ``path``; a file that is not a roster is set aside
    (renamed, never deleted) and said, one that cannot be read is said."""
    try:
        roster = Roster.open(path, set_aside_bad=True)
    except RosterError as exc:
        notice = tr("The roster cannot be read: {error}").format(error=said(exc))
        return PlayersModel(None, notice=notice)
    model = PlayersModel(roster)
    if roster.set_aside is not None:
        model.notice = tr(
            "The roster file was unreadable: it was set aside as {file} (kept, never deleted) "
            "and the roster starts empty."
        ).format(file=roster.set_aside.name)
        model.said.append((tr("unreadable roster set aside"), True))
    return model
