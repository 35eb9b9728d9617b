"""The group's players on the device: the roster (``companion.roster``) managed with the four
navigation buttons alone (a Pi has no keyboard) or the mouse alone.

One scene, three views:

- **The list**: a row per player (those offered for seats, then the retired ones, marked
  "retired"), then "Add a player" and "Back".
- **A player's actions**: Rename, Retire (or Unretire), Delete (asked twice: their recorded
  games are kept, as a former player's), Back.
- **Name entry** (Add, Rename): the name so far, large, over an on-screen keyboard of five
  rows: A-J, K-T, U-Z with é - ' ., the digits, then Shift, Space, Del, Cancel and Done.
  A name's first letter, and the first after a space, comes in capitals; Shift switches.

    button            the list and actions        name entry
    previous / next   move (the wheel too)        the previous / next key, row by row, wrapping
    select            open the row                press the key
    back              leave (a right click too)   delete the last letter; leave when empty

The mouse: a click opens a row or presses a key. On a desktop, typed letters go into the
name too (Enter after them is Done), but the buttons alone are enough.

Every change is saved at once (the roster's methods save). A name refused (taken, a seat
colour, too long) or a roster that cannot be saved is shown in full over the screen until
a button is pressed, the view left as it was; an unreadable roster file is set aside
(renamed, never deleted) and said.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pygame

from companion.i18n import marked, tr
from companion.roster import NAME_MAX
from companion.ui import theme, widgets
from companion.ui.nav import NavButton
from companion.ui.players_model import (
    COLUMNS,
    KEY_ROWS,
    KEYS,
    RETIRED,
    Key,
    NameEntry,
    View,
    open_roster,
)
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.setup import row_text, scrollbar, visible_rows

# --- the scene ----------------------------------------------------------------------------------

TITLE: Final = marked("Players")
HINTS: Final[dict[View, str]] = {
    "list": marked("Previous/Next: move · Select: open · Back: leave"),
    "actions": marked("Previous/Next: move · Select: choose · Back: players"),
    "entry": marked("Previous/Next: key · Select: press · Back: delete"),
}
CONFIRM_HINT: Final = marked("Sure? Select again to delete — their games are kept")
NOTICE_HINT: Final = marked("Select or Back: OK")
LEAVE_HINT: Final = marked("Select or Back: leave")
"""The footers (marked: translated where drawn)."""


def entry_layout(size: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """Name entry on a screen of ``size``: the box showing the name, and every key's
    rectangle in :data:`KEYS` order."""
    body = widgets.frame(size).body
    pad, gap = widgets.px(size, 8), widgets.px(size, 4)
    area = body.inflate(-2 * pad, -2 * widgets.px(size, 5))
    name_h = widgets.line_height(theme.floor_px("table", size)) + widgets.px(size, 12)
    name_box = pygame.Rect(area.left, area.top, area.width, name_h)
    grid = pygame.Rect(
        area.left, name_box.bottom + gap, area.width, area.bottom - name_box.bottom - gap
    )
    key_h = (grid.height - gap * (len(KEY_ROWS) - 1)) // len(KEY_ROWS)
    column_w = (grid.width - gap * (COLUMNS - 1)) / COLUMNS
    keys: list[pygame.Rect] = []
    for number, row in enumerate(KEY_ROWS):
        top, column = grid.top + number * (key_h + gap), 0
        for key in row:
            left = grid.left + round(column * (column_w + gap))
            right = grid.left + round((column + key.span) * (column_w + gap) - gap)
            keys.append(pygame.Rect(left, top, right - left, key_h))
            column += key.span
    return name_box, keys


def _notice_area(size: tuple[int, int], view: View) -> pygame.Rect:
    """Where a notice goes: over the keyboard in name entry (the name stays in sight),
    else over the whole body."""
    if view == "entry":
        _, keys = entry_layout(size)
        return keys[0].unionall(keys[1:])
    body = widgets.frame(size).body
    return body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 5))


class PlayersScene(BaseScene):
    """The roster in ``path`` on screen (see the module docstring); Back on the list pops it."""

    def __init__(self, app: AppContext, path: Path) -> None:
        super().__init__(app)
        self.path = path
        self.model = open_roster(path)
        self._say(app.monotonic_ns())

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        self._after(self.model.nav(button), now_ns)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A desktop keyboard's extras in name entry: typed letters, Enter for Done; the
        Space key's press is the typed space, not Select."""
        model = self.model
        if model.view == "entry" and model.roster is not None:
            if event.type == pygame.TEXTINPUT:
                model.type_text(event.text)
                self._say(self.app.monotonic_ns())
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if not model.dismiss():
                    model.finish_entry()
                self._say(self.app.monotonic_ns())
                return
        super().handle_event(event)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        model = self.model
        if model.roster is None:
            self._after(True, now_ns)
            return
        if model.dismiss():
            return
        size = self.app.size
        leave = False
        if model.view == "entry":
            _, keys = entry_layout(size)
            hit = next((index for index, rect in enumerate(keys) if rect.collidepoint(pos)), None)
            if hit is not None:
                model.press_key(hit)
        elif model.view == "actions":
            shown = visible_rows(size, len(model.actions()), model.action_focus)
            hit = next((index for index, rect in shown if rect.collidepoint(pos)), None)
            if hit is not None:
                model.choose_action(hit)
        else:
            shown = visible_rows(size, len(model.rows()), model.focus)
            hit = next((index for index, rect in shown if rect.collidepoint(pos)), None)
            if hit is not None:
                leave = model.open_row(hit)
        self._after(leave, now_ns)

    def _after(self, leave: bool, now_ns: int) -> None:
        self._say(now_ns)
        if leave:
            self.app.stack.pop()

    def _say(self, now_ns: int) -> None:
        """Flash what the model said."""
        for words, warning in self.model.said:
            self.flashes.add(words, now_ns, theme.WARN if warning else theme.GOOD)
        self.model.said.clear()

    # -- drawing --

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        model = self.model
        size = surface.get_size()
        if model.view == "entry" and model.entry is not None:
            self._draw_entry(surface, model.entry)
        elif model.view == "actions":
            retired = tr(RETIRED) if model.is_retired(model.subject) else ""
            widgets.page(surface, model.subject, retired)
            self._draw_rows(
                surface, [(a.label, a.detail) for a in model.actions()], model.action_focus
            )
        else:
            widgets.page(surface, tr(TITLE), tr("saved as you change them"))
            rows = [(r.words, tr(RETIRED) if r.retired else "") for r in model.rows()]
            self._draw_rows(surface, rows, model.focus)
        if model.notice:
            _draw_notice(surface, _notice_area(size, model.view), model.notice)
        self.draw_hint(surface, self._hint(), now_ns)

    def _hint(self) -> str:
        """The footer, in the screens' language."""
        model = self.model
        if model.roster is None:
            return tr(LEAVE_HINT)
        if model.notice:
            return tr(NOTICE_HINT)
        if model.view == "actions" and model.confirming:
            return tr(CONFIRM_HINT)
        return tr(HINTS[model.view])

    def _draw_rows(self, surface: pygame.Surface, rows: list[tuple[str, str]], focus: int) -> None:
        size = surface.get_size()
        shown = visible_rows(size, len(rows), focus)
        confirming = self.model.view == "actions" and self.model.confirming
        for index, rect in shown:
            label, detail = rows[index]
            focused = index == focus
            widgets.panel(surface, rect, focused=focused, editing=focused and confirming)
            row_text(surface, rect, label, detail, focused=focused)
        scrollbar(surface, size, shown, len(rows))

    def _draw_entry(self, surface: pygame.Surface, entry: NameEntry) -> None:
        size = surface.get_size()
        if entry.old is None:
            title = tr("Add a player")
        else:
            title = tr("Rename {name}").format(name=entry.old)
        typed = tr("{count} of {most}").format(count=len(entry.text), most=NAME_MAX)
        widgets.page(surface, title, typed)
        name_box, keys = entry_layout(size)
        widgets.panel(surface, name_box, editing=True)
        inner = name_box.inflate(-2 * widgets.px(size, 10), 0)
        table_px = theme.floor_px("table", size)
        if entry.text:
            place = widgets.text(
                surface, entry.text, table_px, theme.TEXT, inner, role="table", bold=True
            )
            caret_left = place.right + widgets.px(size, 2)
        else:
            widgets.text(
                surface,
                tr("type a name with the keys"),
                theme.floor_px("body", size),
                theme.TEXT_DIM,
                inner.inflate(-widgets.px(size, 12), 0).move(widgets.px(size, 6), 0),
                role="body",
            )
            caret_left = inner.left
        caret = pygame.Rect(
            caret_left, 0, max(2, widgets.px(size, 2)), round(name_box.height * 0.6)
        )
        caret.centery = name_box.centery
        pygame.draw.rect(surface, theme.WARN, caret)
        for index, (key, rect) in enumerate(zip(KEYS, keys, strict=True)):
            _draw_key(surface, rect, key, entry.label(key), focused=index == entry.focus)


def _draw_key(
    surface: pygame.Surface, rect: pygame.Rect, key: Key, label: str, *, focused: bool
) -> None:
    """A key: its letter large, a command's word smaller; Done in green."""
    fill = theme.mix(theme.PANEL, theme.GOOD, 0.35) if key.kind == "done" else theme.PANEL
    widgets.panel(surface, rect, focused=focused, fill=fill)
    share = 0.75 if key.kind == "char" else 0.55
    ink = (
        theme.TEXT if focused or key.kind == "char" else theme.mix(theme.TEXT, theme.TEXT_DIM, 0.3)
    )
    inner = rect.inflate(-widgets.px(surface.get_size(), 4), 0)
    widgets.text(
        surface,
        label,
        widgets.fill_px(round(rect.height * share)),
        ink,
        inner,
        role="body",
        align="center",
        bold=True,
    )


def _draw_notice(surface: pygame.Surface, area: pygame.Rect, words: str) -> None:
    """A message over ``area``, wrapped (a little above the floor when it fits), until a
    button is pressed."""
    widgets.panel(surface, area, editing=True, fill=theme.BACKGROUND)
    size = surface.get_size()
    inner = area.inflate(-2 * widgets.px(size, 12), -2 * widgets.px(size, 8))
    asked = widgets.px(size, 20)
    breakable = _broken_long_words(words, asked, inner.width)
    widgets.paragraph(surface, breakable, asked, theme.TEXT, inner, role="body")


def _broken_long_words(words: str, size: int, width: int) -> str:
    """``words`` with each word wider than ``width`` at ``size`` (a file's path) cut into
    pieces that fit, so that wrapping puts them on lines of their own."""
    pieces: list[str] = []
    for word in words.split():
        rest = word
        while widgets.text_width(rest, size) > width:
            cut = len(rest) - 1
            while cut > 1 and widgets.text_width(rest[:cut], size) > width:
                cut -= 1
            pieces.append(rest[:cut])
            rest = rest[cut:]
        pieces.append(rest)
    return " ".join(pieces)
