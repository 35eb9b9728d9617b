"""Drawing helpers shared by the scenes: the frame (header, body, footer), fitted text,
seat chips (colour AND letter), rows, arrows, and brief messages.

Sizes scale with the screen height (``unit``: 1.0 at 320 px, 1.5 at 480 px), so one layout
serves the 480x320 and the 800x480 panels.

``text`` is the one place where words are drawn (``paragraph``, ``chip``, ``header``,
``footer`` and every scene go through it). Each text names its role (``theme.Role``:
``"table"``, read from the far seat, or ``"body"``); a long line shrinks to fit its box but
never below its role's floor on this screen (``theme.floor_px``): past the floor it is cut
short with "...", and a scene that has more to show than fits pages it instead.
``recorded_text`` lists every text drawn while it is open (the type-floor test). A text's
layout and rendering are kept (``TEXT_CACHE_SIZE`` of them), so a screen redrawn for a
press draws the words it drew before without measuring and rendering them again.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, Literal

import pygame

from companion.ui import nav, theme

FLASH_NS: Final = 2_500_000_000
"""How long a brief message (a late press, a refusal) stays on screen."""

Align = Literal["left", "center", "right"]


def unit(size: tuple[int, int]) -> float:
    """The scale of a screen: 1.0 for a 320 px high panel, 1.5 for 480 px."""
    return size[1] / 320


def px(size: tuple[int, int], value: float) -> int:
    """``value`` pixels at 480x320, scaled to this screen."""
    return round(value * unit(size))


@dataclass(frozen=True, slots=True)
class Frame:
    """A screen's three bands."""

    header: pygame.Rect
    body: pygame.Rect
    footer: pygame.Rect


def frame(size: tuple[int, int]) -> Frame:
    width, height = size
    header_h, footer_h = px(size, 40), px(size, 26)
    header = pygame.Rect(0, 0, width, header_h)
    footer = pygame.Rect(0, height - footer_h, width, footer_h)
    body = pygame.Rect(0, header_h, width, footer.top - header_h)
    return Frame(header, body, footer)


ELLIPSIS: Final = "..."
"""What ends a line cut short at its floor (the bundled font's own ellipsis is too small)."""


@dataclass(frozen=True, slots=True)
class TextDraw:
    """One text as it was drawn: its words, role, the size the scene asked for and the size
    it got, its role's floor on that screen, and whether it was cut short to fit."""

    words: str
    role: theme.Role
    asked_px: int
    drawn_px: int
    floor_px: int
    cut_short: bool


_recorders: list[list[TextDraw]] = []


@contextmanager
def recorded_text() -> Iterator[list[TextDraw]]:
    """Every text drawn while open, in order."""
    drawn: list[TextDraw] = []
    _recorders.append(drawn)
    try:
        yield drawn
    finally:
        _recorders.remove(drawn)


def screen_size(surface: pygame.Surface) -> tuple[int, int]:
    """The size of the screen ``surface`` is part of (a subsurface's whole screen)."""
    return surface.get_abs_parent().get_size()


def fit_px(
    words: str, role: theme.Role, size: int, width: int, *, screen: tuple[int, int], bold: bool
) -> int:
    """The size ``words`` are drawn at: ``size`` (at least the role's floor), shrunk until
    they fit ``width``, never below the floor."""
    floor = theme.floor_px(role, screen)
    size = max(size, floor)
    while size > floor and theme.font(size, bold=bold).size(words)[0] > width:
        size -= 1
    return size


def cut_to_width(words: str, size: int, width: int, *, bold: bool = False) -> str:
    """``words`` if they fit ``width`` at ``size``, else as much of them as fits with "..."."""
    face = theme.font(size, bold=bold)
    if face.size(words)[0] <= width:
        return words
    kept = words.rstrip()
    while kept and face.size(kept + ELLIPSIS)[0] > width:
        kept = kept[:-1].rstrip()
    return kept + ELLIPSIS


def text(
    surface: pygame.Surface,
    words: str,
    size: int,
    colour: theme.RGB,
    rect: pygame.Rect,
    *,
    role: theme.Role,
    align: Align = "left",
    bold: bool = False,
) -> pygame.Rect:
    """``words`` in ``rect``, centred vertically, at ``size`` or smaller to fit its width,
    never below ``role``'s floor (cut short with "..." past it); returns where it went."""
    screen = screen_size(surface)
    drawn_px, shown = _laid_out(words, role, size, max(1, rect.width), screen=screen, bold=bold)
    for drawn in _recorders:
        drawn.append(
            TextDraw(words, role, size, drawn_px, theme.floor_px(role, screen), shown != words)
        )
    rendered = _rendered(shown, drawn_px, tuple(colour), bold=bold)
    place = rendered.get_rect(centery=rect.centery)
    if align == "left":
        place.left = rect.left
    elif align == "right":
        place.right = rect.right
    else:
        place.centerx = rect.centerx
    surface.blit(rendered, place)
    return place


TEXT_CACHE_SIZE: Final = 1024
"""How many laid-out and rendered texts are kept: a screen redrawn (a press, a flash)
draws mostly the words it drew before, so each is measured and rendered once."""


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _laid_out(
    words: str, role: theme.Role, size: int, width: int, *, screen: tuple[int, int], bold: bool
) -> tuple[int, str]:
    """The size ``words`` are drawn at in a box ``width`` wide, and what of them is shown."""
    drawn_px = fit_px(words, role, size, width, screen=screen, bold=bold)
    return drawn_px, cut_to_width(words, drawn_px, width, bold=bold)


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _rendered(shown: str, size: int, colour: tuple[int, ...], *, bold: bool) -> pygame.Surface:
    """``shown`` rendered at ``size`` in ``colour`` (blitted, never drawn on)."""
    return theme.font(size, bold=bold).render(shown, True, colour)


def fill_px(height: int) -> int:
    """The text size whose letters fill a box ``height`` high (the bundled font's line is
    about three quarters of its size)."""
    return round(height * 4 / 3)


def first_fitting(words: list[str], size: int, width: int, *, bold: bool = False) -> str:
    """The first of ``words`` (longest first: "Tranq.", "Tr.") that fits ``width`` at
    ``size``; the last one when none does (it is then cut short where drawn)."""
    for option in words:
        if text_width(option, size, bold=bold) <= width:
            return option
    return words[-1]


def first_wrapping(
    options: list[str], size: int, width: int, *, lines: int, bold: bool = False
) -> str:
    """The first of ``options`` (longest first: a player's name, then their seat) that
    wraps into at most ``lines`` lines of ``width`` at ``size``; the last one when none
    does."""
    for option in options:
        wrapped = wrap(option, size, width, bold=bold)
        if len(wrapped) <= lines and all(text_width(w, size, bold=bold) <= width for w in wrapped):
            return option
    return options[-1]


def text_width(words: str, size: int, *, bold: bool = False) -> int:
    """How wide ``words`` are at ``size`` (to lay out before drawing)."""
    return int(theme.font(size, bold=bold).size(words)[0])


def line_height(size: int, *, bold: bool = False) -> int:
    """The height of a line of text at ``size``."""
    return int(theme.font(size, bold=bold).get_linesize())


def wrap(words: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """``words`` broken into lines no wider than ``width`` at ``size`` (greedy, at spaces;
    never at a no-break space)."""
    face = theme.font(size, bold=bold)
    lines: list[str] = []
    for word in words.split(" "):  # not at no-break spaces: "1 250 F" stays whole
        if not word:
            continue
        if lines and face.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def paragraph(
    surface: pygame.Surface,
    words: str,
    size: int,
    colour: theme.RGB,
    rect: pygame.Rect,
    *,
    role: theme.Role,
    bold: bool = False,
) -> None:
    """``words`` wrapped onto as many lines as ``rect`` holds, shrunk until they fit but
    never below ``role``'s floor: past it, the lines that do not fit are left off (the last
    one shown ends with "...")."""
    floor = theme.floor_px(role, screen_size(surface))
    size = max(size, floor)
    while True:
        lines = wrap(words, size, rect.width, bold=bold)
        line_h = line_height(size, bold=bold)
        if len(lines) * line_h <= rect.height or size <= floor:
            break
        size -= 1
    room = max(1, rect.height // line_h)
    if len(lines) > room:
        lines = [*lines[: room - 1], " ".join(lines[room - 1 :])]
    top = rect.centery - len(lines) * line_h // 2
    for line in lines:
        band = pygame.Rect(rect.left, top, rect.width, line_h)
        text(surface, line, size, colour, band, role=role, bold=bold)
        top += line_h


def key_lines(entries: Sequence[str], size: int, width: int) -> list[str]:
    """``entries`` ("R Anna", "Y Ben") joined by " · " into lines no wider than ``width``
    at ``size``, an entry broken only when it is wider than a line on its own."""
    lines: list[str] = []
    for entry in entries:
        joined = f"{lines[-1]} · {entry}" if lines else entry
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines += wrap(entry, size, width)
    return lines


def key_height(entries: Sequence[str], size: int, width: int) -> int:
    """The height ``names_key`` needs for ``entries`` (0 for none)."""
    return len(key_lines(entries, size, width)) * line_height(size)


def split_for_key(
    screen: tuple[int, int], area: pygame.Rect, entries: Sequence[str], *, rows: int, row_h: int
) -> tuple[pygame.Rect, pygame.Rect]:
    """``area`` for a table of ``rows`` rows and, under it, for ``names_key``'s ``entries``
    when the rows keep at least ``row_h`` with it (else the key's part is empty)."""
    size = theme.floor_px("body", screen)
    key_h = key_height(entries, size, area.width)
    if key_h == 0 or (area.height - key_h) // max(1, rows) < row_h:
        return area, pygame.Rect(area.left, area.bottom, area.width, 0)
    table = pygame.Rect(area.left, area.top, area.width, area.height - key_h)
    return table, pygame.Rect(area.left, table.bottom, area.width, key_h)


def names_key(surface: pygame.Surface, rect: pygame.Rect, entries: Sequence[str]) -> None:
    """Who sits where ("R Anna · Y Ben"), small, at the top of ``rect``: under a table whose
    rows show only the seats."""
    size = theme.floor_px("body", screen_size(surface))
    band = pygame.Rect(rect.left, rect.top, rect.width, line_height(size))
    for line in key_lines(entries, size, rect.width):
        if band.bottom > rect.bottom:
            return
        text(surface, line, size, theme.TEXT_DIM, band, role="body")
        band.move_ip(0, band.height)


def chip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: str,
    *,
    role: theme.Role,
    label: str | None = None,
) -> None:
    """A seat's badge: its colour with its letter (and ``label`` after it, if it fits whole
    at the role's floor; else the letter alone)."""
    fill = theme.SEAT_COLOURS[colour]
    pygame.draw.rect(surface, fill, rect, border_radius=max(2, rect.height // 5))
    ink = theme.text_colour_on(fill)
    inner = rect.inflate(-max(4, rect.height // 4), 0)
    words = theme.SEAT_LETTERS[colour]
    if label is not None:
        labelled = f"{words} {label}"
        floor = theme.floor_px(role, screen_size(surface))
        if text_width(labelled, floor, bold=True) <= inner.width:
            words = labelled
    text(surface, words, fill_px(rect.height), ink, inner, role=role, align="center", bold=True)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    focused: bool = False,
    editing: bool = False,
    fill: theme.RGB = theme.PANEL,
) -> None:
    """A row or box: focused rows are lit and edged, a row being edited glows warm."""
    if editing:
        fill, edge, width = theme.mix(fill, theme.WARN, 0.25), theme.WARN, 3
    elif focused:
        fill, edge, width = theme.mix(fill, theme.TEXT, 0.16), theme.TEXT, 2
    else:
        edge, width = theme.PANEL_EDGE, 1
    radius = max(3, min(rect.height // 6, px(surface.get_size(), 10)))  # tall boxes: no bulge
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def arrow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    direction: Literal["left", "right"],
    colour: theme.RGB,
) -> None:
    """A solid triangle pointing ``direction`` inside ``rect`` (the font has no arrows)."""
    side = min(rect.width, rect.height) * 0.7
    cx, cy, half = rect.centerx, rect.centery, side / 2
    if direction == "left":
        points = [(cx - half, cy), (cx + half, cy - half), (cx + half, cy + half)]
    else:
        points = [(cx + half, cy), (cx - half, cy - half), (cx - half, cy + half)]
    pygame.draw.polygon(surface, colour, points)


def header(surface: pygame.Surface, rect: pygame.Rect, title: str, right: str = "") -> None:
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    pad = max(6, rect.height // 5)
    inner = rect.inflate(-2 * pad, 0)
    size = round(rect.height * 0.62)
    if right:
        right_place = text(
            surface,
            right,
            round(rect.height * 0.45),
            theme.TEXT_DIM,
            inner,
            role="body",
            align="right",
        )
        inner.width = max(1, right_place.left - inner.left - pad)
    text(surface, title, size, theme.TEXT, inner, role="body", bold=True)


def page(surface: pygame.Surface, title: str, right: str = "") -> Frame:
    """A fresh screen: the background, the header with ``title`` (and ``right``, dim, on
    its right); the frame to draw the rest in."""
    layout = frame(surface.get_size())
    surface.fill(theme.BACKGROUND)
    header(surface, layout.header, title, right)
    return layout


def footer(
    surface: pygame.Surface,
    rect: pygame.Rect,
    hint: str,
    flash: Flash | None = None,
    *,
    keys: Sequence[Mapping[str, str]] = (),
) -> None:
    """The button hint line, or a brief message in its place while one is showing. On a
    desktop, ``keys`` name the keys that press the buttons, longest names first: the hint
    names them too (``nav.with_keys``) with the first names that fit at the floor, or
    without keys if none fit."""
    if flash is not None:
        foot_message(surface, rect, flash.text, flash.colour)
        return
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright)
    pad = max(4, rect.height // 4)
    inner = rect.inflate(-2 * pad, 0)
    size = round(rect.height * 0.62)
    fitting = (
        keyed
        for names in keys
        if _fits(keyed := nav.with_keys(hint, names), size, inner.width, surface)
    )
    text(surface, next(fitting, hint), size, theme.TEXT_DIM, inner, role="body")


FLASH_LINES: Final = 4
"""The most lines a brief message grows to over the screen (a long refusal, whole)."""


def foot_message(surface: pygame.Surface, rect: pygame.Rect, words: str, colour: theme.RGB) -> None:
    """A message in the footer ``rect`` (a brief message, a warning), or, when one line
    cannot hold it, wrapped upwards over the screen's foot (up to ``FLASH_LINES`` lines)."""
    pad = max(4, rect.height // 4)
    size = round(rect.height * 0.62)
    floor = theme.floor_px("body", screen_size(surface))
    lines = wrap(words, floor, rect.width - 2 * pad)
    box = rect.copy()
    if len(lines) > 1 and text_width(words, floor) > rect.width - 2 * pad:
        size = floor
        needed = min(FLASH_LINES, len(lines)) * line_height(floor) + 2 * pad
        box.height = max(rect.height, needed)
        box.bottom = rect.bottom
    pygame.draw.rect(surface, theme.mix(theme.PANEL, colour, 0.3), box)
    pygame.draw.line(surface, colour, box.topleft, box.topright, 2)
    inner = box.inflate(-2 * pad, -pad if box.height > rect.height else 0)
    paragraph(surface, words, size, theme.TEXT, inner, role="body")


def _fits(words: str, size: int, width: int, surface: pygame.Surface) -> bool:
    """Whether ``words`` fit ``width`` as a body text asked at ``size`` on this screen."""
    drawn = fit_px(words, "body", size, width, screen=screen_size(surface), bold=False)
    return theme.font(drawn).size(words)[0] <= width


def progress(
    surface: pygame.Surface, rect: pygame.Rect, fraction: float, colour: theme.RGB
) -> None:
    """A bar filled ``fraction`` (0..1) of the way."""
    radius = rect.height // 2
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    filled = rect.copy()
    filled.width = round(rect.width * min(1.0, max(0.0, fraction)))
    if filled.width:
        pygame.draw.rect(surface, colour, filled, border_radius=radius)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)


def rows(area: pygame.Rect, count: int, *, height: int, gap: int) -> list[pygame.Rect]:
    """``count`` rows of ``height`` (less if they do not fit) stacked from ``area``'s top."""
    if count <= 0:
        return []
    height = min(height, (area.height - gap * (count - 1)) // count)
    return [
        pygame.Rect(area.left, area.top + i * (height + gap), area.width, height)
        for i in range(count)
    ]


def columns(area: pygame.Rect, weights: list[float], *, gap: int = 0) -> list[pygame.Rect]:
    """``area`` cut into columns of widths proportional to ``weights``."""
    room = area.width - gap * (len(weights) - 1)
    total = sum(weights)
    cells, left = [], float(area.left)
    for weight in weights:
        width = room * weight / total
        cells.append(pygame.Rect(round(left), area.top, round(width), area.height))
        left += width + gap
    return cells


# --- brief messages --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flash:
    text: str
    colour: theme.RGB
    until_ns: int


class Flashes:
    """Brief messages, newest shown; each stays ``FLASH_NS``."""

    def __init__(self) -> None:
        self._items: deque[Flash] = deque(maxlen=8)

    def add(self, words: str, now_ns: int, colour: theme.RGB = theme.WARN) -> None:
        self._items.append(Flash(words, colour, now_ns + FLASH_NS))

    def current(self, now_ns: int) -> Flash | None:
        for item in reversed(self._items):
            if item.until_ns > now_ns:
                return item
        return None

    def expire(self, now_ns: int) -> bool:
        """Forget the messages whose time is up; True if the one shown changed (redraw)."""
        if not self._items or min(f.until_ns for f in self._items) > now_ns:
            return False
        shown = self._items[-1]
        self._items = deque((f for f in self._items if f.until_ns > now_ns), maxlen=8)
        return not self._items or self._items[-1] is not shown

    def __len__(self) -> int:
        return len(self._items)


def banner(surface: pygame.Surface, words: str) -> None:
    """A warning across the top of any screen (over its header): the button box is gone.
    Too long for the strip, it says what happened, the words before its first colon ("button
    box not found"); the doctor screen shows it whole."""
    size = surface.get_size()
    strip = frame(size).header
    pygame.draw.rect(surface, theme.BAD, strip)
    inner = strip.inflate(-px(size, 16), 0)
    floor = theme.floor_px("body", size)
    shown = first_fitting([words, _headline(words)], floor, inner.width, bold=True)
    text(surface, shown, px(size, 17), theme.TEXT, inner, role="body", align="center", bold=True)


def _headline(words: str) -> str:
    """``words`` up to their first colon outside brackets (a French " : " too): what
    happened, not why ("button box gone from /dev/ttyACM0 (read failed: ...)" keeps its
    bracket whole)."""
    depth = 0
    for index, char in enumerate(words):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ":" and depth <= 0 and words[index + 1 : index + 2].isspace():
            return words[:index].rstrip()
    return words
