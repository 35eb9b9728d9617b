"""A new game's setup on screen: one scene for every game, over the game's ``SetupModel``
(``companion.ui.setup_model``; each game describes itself in ``companion.ui.<game>.setup``).

    button            on a row                               on a row being edited
    previous / next   move                                   change the value
    select            Start: the game; Mode, a toggle: the   done
                      next value; Players, Colours, a
                      count: edit it
    back              leave to the start menu                done
    a seat button     that colour joins or leaves (coloured seats only)

The mouse: click a row to choose it; on Players and the counts click the arrows; on
Colours click a colour to add or remove it.

The build decides the coloured seats: the Colours row shows only the colours with buttons
in the app's input profile, and Players goes no higher (``setup_model.Wiring``; a refusal
says which colours have no buttons and names the profile).

The start menu and the settings draw their rows with the helpers at the end.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

import pygame

from companion.errors import CompanionError
from companion.i18n import said, tr
from companion.input.controls import seat_of
from companion.input.events import Press
from companion.roster import Roster, RosterError
from companion.ui import theme, widgets
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.setup_model import Count, Outcome, SetupModel, SetupRow, Toggle, Wiring

# --- the scene ---------------------------------------------------------------------------------


class SetupScene(BaseScene):
    """A game's setup on screen; Start replaces it with the game (so the game ends on the
    start menu), Back pops it."""

    def __init__(self, app: AppContext, model: SetupModel, *, tuning: object | None = None) -> None:
        super().__init__(app)
        self.model = model
        model.use_wiring(Wiring.of(app.profile))
        self.tuning = tuning
        """Test-only pauses handed to the game's start hook (None: the defaults)."""
        self._use_roster(app.monotonic_ns())

    def _use_roster(self, now_ns: int) -> None:
        """The roster's players for the seats, each where they sat last time; a roster
        that cannot be read is said (an unreadable file is set aside, never deleted)."""
        if self.app.roster_path is None:
            return
        try:
            roster = Roster.open(self.app.roster_path, set_aside_bad=True)
        except RosterError as exc:
            words = tr("no player names: {error}").format(error=said(exc))
            self.flashes.add(words, now_ns, theme.WARN)
            return
        if roster.set_aside is not None:
            self.flashes.add(
                tr("the roster was unreadable: set aside as {file}").format(
                    file=roster.set_aside.name
                ),
                now_ns,
                theme.WARN,
            )
        self.model.use_roster(roster.active(), roster.last_seating(self.model.game.name))

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        self._act(self.model.nav(button), now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        colour = seat_of(press.control)
        if colour is not None and self.model.coloured:
            self.model.toggle(colour)
            self._show_message(now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        model = self.model
        for index, rect in visible_rows(self.app.size, len(model.rows), model.focus):
            if not rect.collidepoint(pos):
                continue
            model.focus, model.editing, model.message = index, False, ""
            row = model.row
            if row.kind == "colours":
                chips = colour_chips(rect, len(model.offered))
                for colour, chip in zip(model.offered, chips, strict=True):
                    if chip.collidepoint(pos):
                        model.toggle(colour)
            elif row.editable:
                minus, _, plus = value_cells(rect, _value_width(rect, row))
                if minus.collidepoint(pos) or plus.collidepoint(pos):
                    model.change(-1 if minus.collidepoint(pos) else 1)
                else:
                    model.select()
            else:
                self._act(model.select(), now_ns)
                return
            self._show_message(now_ns)
            return

    def _show_message(self, now_ns: int) -> None:
        if self.model.message:
            self.flashes.add(self.model.message, now_ns, theme.TEXT_DIM)

    def _act(self, outcome: Outcome | None, now_ns: int) -> None:
        self._show_message(now_ns)
        if outcome == "leave":
            self.app.stack.pop()
        elif outcome == "start":
            self.start(now_ns)

    def start(self, now_ns: int) -> None:
        """The game's first scene in this one's place; a failure is flashed."""
        choice = self.model.choice(self.tuning)
        try:
            scene = self.model.game.start(choice, self.app, now_ns)
        except (OSError, CompanionError) as exc:
            self.flashes.add(
                tr("cannot start the game: {error}").format(error=said(exc)), now_ns, theme.BAD
            )
            return
        self._remember_seating(choice.names)
        self.app.stack.replace(scene)

    def _remember_seating(self, names: Mapping[str, str]) -> None:
        """Who sat where, offered first next time (not kept if the roster cannot be
        written: the game goes on all the same)."""
        if self.app.roster_path is None or not self.model.roster:
            return
        with contextlib.suppress(RosterError, OSError):
            Roster.open(self.app.roster_path).remember_seating(self.model.game.name, names)

    # -- time and drawing --

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        model = self.model
        widgets.page(surface, tr(model.game.title), tr("new game"))
        shown = visible_rows(size, len(model.rows), model.focus)
        for index, rect in shown:
            focused = index == model.focus
            widgets.panel(surface, rect, focused=focused, editing=focused and model.editing)
            _draw_row(surface, rect, model.rows[index], model, focused=focused)
        scrollbar(surface, size, shown, len(model.rows))
        if model.editing:
            hint = tr("Previous/Next: change · Select or Back: done")
        elif model.coloured:
            hint = tr("Previous/Next: move · Select: choose · Back: menu · Seat: join/leave")
        else:
            hint = tr("Previous/Next: move · Select: choose · Back: menu")
        self.draw_hint(surface, hint, now_ns)


# --- drawing helpers (the start menu uses them too) --------------------------------------------


def visible_rows(size: tuple[int, int], count: int, focus: int) -> list[tuple[int, pygame.Rect]]:
    """The rows on screen (scrolled so the focused one shows), with their rectangles."""
    body = widgets.frame(size).body
    pad = widgets.px(size, 8)
    area = body.inflate(-2 * pad, -2 * widgets.px(size, 5))
    height, gap = widgets.px(size, 34), widgets.px(size, 4)
    fit = max(1, (area.height + gap) // (height + gap))
    first = max(0, min(focus - fit // 2, count - fit))
    shown = range(first, min(count, first + fit))
    return list(zip(shown, widgets.rows(area, len(shown), height=height, gap=gap), strict=True))


def scrollbar(
    surface: pygame.Surface,
    size: tuple[int, int],
    shown: Sequence[tuple[int, pygame.Rect]],
    count: int,
) -> None:
    """A thin bar in the right margin when some rows are off screen: where the shown ones are."""
    if not shown or len(shown) >= count:
        return
    top, bottom = shown[0][1].top, shown[-1][1].bottom
    width = max(2, widgets.px(size, 3))
    left = shown[0][1].right + (widgets.px(size, 8) - width) // 2
    track = pygame.Rect(left, top, width, bottom - top)
    pygame.draw.rect(surface, theme.PANEL, track, border_radius=width // 2)
    thumb = track.copy()
    thumb.height = max(width * 3, round(track.height * len(shown) / count))
    thumb.top = top + round((track.height - thumb.height) * shown[0][0] / (count - len(shown)))
    pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=width // 2)


def value_cells(rect: pygame.Rect, width: int) -> list[pygame.Rect]:
    """A number row's right part: minus arrow, value (``width`` wide), plus arrow."""
    side = rect.height
    plus = pygame.Rect(rect.right - side, rect.top, side, side)
    value = pygame.Rect(plus.left - width, rect.top, width, side)
    minus = pygame.Rect(value.left - side, rect.top, side, side)
    return [minus, value, plus]


def _value_width(rect: pygame.Rect, row: SetupRow) -> int:
    """Players and plain counts: a square; a count with words: 40 % of the row."""
    if row.kind == "seat" or (isinstance(row.option, Count) and row.option.words is not None):
        return round(rect.width * 0.4)
    return rect.height


def colour_chips(rect: pygame.Rect, count: int = 5) -> list[pygame.Rect]:
    """The Colours row's ``count`` chips (one per colour offered), right-aligned."""
    height = rect.height - 10
    width = round(height * 2.2)
    gap = max(3, height // 5)
    left = rect.right - 6 - count * width - (count - 1) * gap
    return [
        pygame.Rect(left + i * (width + gap), rect.top + 5, width, height) for i in range(count)
    ]


def row_text(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    detail: str = "",
    *,
    focused: bool,
    detail_ink: theme.RGB = theme.TEXT_DIM,
) -> None:
    """A row's label on the left and ``detail`` right-aligned: the label gives way (smaller)
    while it fits whole; past that the detail does (its last " · " parts left off first)."""
    pad = max(6, rect.height // 4)
    inner = rect.inflate(-2 * pad, 0)
    size = round(rect.height * 0.66)
    if detail:
        detail_px, whole = round(size * 0.8), _whole_width(surface, label, focused)
        room = inner.copy()
        if widgets.text_width(detail, detail_px) + pad + whole > inner.width:
            room.left = inner.left + whole + pad  # the label whole at its floor, the detail after
            room.width = inner.right - room.left
        detail = _fitting_parts(surface, detail, room.width)
        place = widgets.text(
            surface, detail, detail_px, detail_ink, room, align="right", role="body"
        )
        inner.width = place.left - inner.left - pad
    ink = theme.TEXT if focused else theme.mix(theme.TEXT, theme.TEXT_DIM, 0.4)
    widgets.text(surface, label, size, ink, inner, bold=focused, role="body")


def _fitting_parts(surface: pygame.Surface, detail: str, width: int) -> str:
    """``detail``'s first " · " parts that fit ``width`` at the body floor (all of them if
    they fit; the first alone when nothing shorter does)."""
    floor = theme.floor_px("body", surface.get_size())
    while " · " in detail and widgets.text_width(detail, floor) > width:
        detail = detail.rsplit(" · ", 1)[0]
    return detail


def _whole_width(surface: pygame.Surface, label: str, bold: bool) -> int:
    """How wide ``label`` is at the body floor: the least room it needs to show whole."""
    return widgets.text_width(label, theme.floor_px("body", surface.get_size()), bold=bold)


def _draw_row(
    surface: pygame.Surface, rect: pygame.Rect, row: SetupRow, model: SetupModel, *, focused: bool
) -> None:
    editing = model.editing and focused
    if row.kind == "colours":
        chips = colour_chips(rect, len(model.offered))
        for colour, chip in zip(model.offered, chips, strict=True):
            if colour in model.colours:
                widgets.chip(surface, chip, colour, role="body")
            else:
                _draw_absent(surface, chip, colour)
        label_rect = rect.copy()
        label_rect.width = chips[0].left - rect.left
        row_text(surface, label_rect, model.label(row), focused=focused)
    elif row.editable:
        words = str(model.players) if row.kind == "players" else model.words(row)
        _draw_number(surface, rect, row, model.label(row), words, focused=focused, editing=editing)
    else:
        on = not isinstance(row.option, Toggle) or model.is_on(row.option)
        ink = theme.GOOD if row.kind == "start" else theme.TEXT if on else theme.TEXT_DIM
        label = model.label(row)
        row_text(surface, rect, label, model.words(row), focused=focused, detail_ink=ink)


def _draw_number(
    surface: pygame.Surface,
    rect: pygame.Rect,
    row: SetupRow,
    label: str,
    words: str,
    *,
    focused: bool,
    editing: bool,
) -> None:
    """Players or a count: ``label``, then ``< value >`` on the right (drawn arrows, lit
    while editing)."""
    minus, value, plus = value_cells(rect, _value_width(rect, row))
    arrow_ink = theme.WARN if editing else theme.TEXT_DIM
    inset = rect.height // 3
    widgets.arrow(surface, minus.inflate(-inset, -inset), "left", arrow_ink)
    widgets.arrow(surface, plus.inflate(-inset, -inset), "right", arrow_ink)
    size = round(rect.height * 0.66)
    if row.kind != "players":
        size = round(size * 0.85)
    widgets.text(
        surface,
        words,
        size,
        theme.TEXT,
        value,
        align="center",
        bold=row.kind == "players",
        role="body",
    )
    label_rect = rect.copy()
    label_rect.width = minus.left - rect.left
    row_text(surface, label_rect, label, focused=focused)


def _draw_absent(surface: pygame.Surface, rect: pygame.Rect, colour: str) -> None:
    """A colour not in the game: its outline and letter, dim."""
    edge = theme.mix(theme.SEAT_COLOURS[colour], theme.PANEL, 0.3)
    ink = theme.mix(theme.SEAT_COLOURS[colour], theme.TEXT, 0.35)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=max(2, rect.height // 5))
    letter = theme.SEAT_LETTERS[colour]
    size = round(rect.height * 0.8)
    widgets.text(surface, letter, size, ink, rect, align="center", bold=True, role="body")
