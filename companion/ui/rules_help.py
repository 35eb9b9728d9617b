"""The "Rules help" page a game menu opens: the few rules the table asks about, each with
its ruling ids (``companion/rules/RULINGS.md``), in the companion's own words.

The words live in one pygame-free module per game (``companion.ui.<game>.rules_help``:
``TITLE`` and ``RULES``, a tuple of (ruling ids, words), marked for the catalog);
``rules_for`` finds a game's by its engine's name. ``RulesHelpScene`` lays them out, in the
screens' language (again when it changes), in lines of body text and pages them when they
are longer than the screen ("1/3" in the header):

    input                             the page
    next, the wheel down              the next page (the last one stays)
    previous, the wheel up            the previous page (the first one stays)
    select, a click                   the next page; on the last one, back to the game
    back, a right click               back to the game

The scene is pushed over the game, which is left as it was (its menu still open, so it
stays paused) and is on top again when the page is popped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from companion.i18n import language, marked, tr
from companion.ui import theme, widgets
from companion.ui.apache import rules_help as apache
from companion.ui.apocalypse import rules_help as apocalypse
from companion.ui.nav import NavButton
from companion.ui.paris import rules_help as paris
from companion.ui.scenes import AppContext, BaseScene

RULES_HELP: Final = marked("Rules help")
"""The game menu's row that opens the page (the game stays paused under it); marked for
the catalog, translated where drawn."""

Rule = tuple[tuple[str, ...], str]
"""The ruling ids a line tells (e.g. ``("A4",)``) and its words."""

HINT: Final = marked("Previous/Next: page · Select: next · Back: the game")
GAMES: Final[dict[str, tuple[str, tuple[Rule, ...]]]] = {
    "apache": (apache.TITLE, apache.RULES),
    "apocalypse": (apocalypse.TITLE, apocalypse.RULES),
    "paris": (paris.TITLE, paris.RULES),
}
"""Each game's title and rules, by the first word of its engines' names."""
TEXT_PX: Final = 18
"""The words' size at 480x320 (scaled with the screen, never below the body floor)."""


def rules_for(engine_name: str) -> tuple[str, tuple[Rule, ...]]:
    """The title and rules of the game whose engine is ``engine_name`` (``"apache"``,
    ``"paris_tracker"``...)."""
    game = engine_name.partition("_")[0]
    if game not in GAMES:
        raise ValueError(
            f"no rules help for the engine {engine_name!r}; the games are: {', '.join(GAMES)}"
        )
    return GAMES[game]


@dataclass(frozen=True)
class Block:
    """One rule as laid out: its ids and the lines its words wrap to."""

    ids: str
    lines: tuple[str, ...]


class RulesHelpScene(BaseScene):
    """A game's rules help (see the module docstring)."""

    def __init__(self, app: AppContext, title: str, rules: tuple[Rule, ...]) -> None:
        super().__init__(app)
        if not rules:
            raise ValueError(f"the rules help of {title!r} has no rules to show")
        self.title = title
        self.rules = rules
        self.page = 0
        self._laid_out: tuple[str, list[list[Block]]] | None = None
        """The pages and the language they were laid out in."""

    @property
    def pages(self) -> list[list[Block]]:
        """The rules laid out on pages of the screen in the screens' language (once the
        fonts are loaded, and again when the language has changed)."""
        if self._laid_out is None or self._laid_out[0] != language():
            self._laid_out = (language(), lay_out(self.app.size, self.rules))
        return self._laid_out[1]

    def nav(self, button: NavButton, now_ns: int) -> None:
        last = len(self.pages) - 1
        if button == "next":
            self.page = min(self.page + 1, last)
        elif button == "previous":
            self.page = max(self.page - 1, 0)
        elif button == "select" and self.page < last:
            self.page += 1
        else:  # back, or select on the last page
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        pages = self.pages
        self.page = min(self.page, len(pages) - 1)
        right = f"{self.page + 1}/{len(pages)}" if len(pages) > 1 else ""
        widgets.page(surface, tr("Rules help — {game}").format(game=tr(self.title)), right)
        text_px, line_h, ids_w, area = _metrics(size)
        top = area.top
        for block in pages[self.page]:
            ids_rect = pygame.Rect(area.left, top, ids_w, line_h)
            widgets.text(surface, block.ids, text_px, theme.WARN, ids_rect, role="body", bold=True)
            for line in block.lines:
                band = pygame.Rect(area.left + ids_w, top, area.width - ids_w, line_h)
                widgets.text(surface, line, text_px, theme.TEXT, band, role="body")
                top += line_h
            top += _gap(line_h)
        self.draw_hint(surface, tr(HINT), now_ns)


def lay_out(size: tuple[int, int], rules: tuple[Rule, ...]) -> list[list[Block]]:
    """The rules on pages of ``size``'s body, in the screens' language: whole rules while
    they fit, a rule longer than a page split across pages (its ids on each part)."""
    text_px, line_h, ids_w, area = _metrics(size)
    gap = _gap(line_h)
    pages: list[list[Block]] = [[]]
    used = 0  # pixels of the page's height taken
    for ids, words in rules:
        lines = widgets.wrap(tr(words), text_px, area.width - ids_w)
        while lines:
            after = gap if pages[-1] else 0
            room = max(1, (area.height - used - after) // line_h)
            if room < len(lines) and pages[-1]:  # on a fresh page, or split if it must
                pages.append([])
                used = 0
                continue
            part, lines = lines[:room], lines[room:]
            pages[-1].append(Block(" ".join(ids), tuple(part)))
            used += after + len(part) * line_h
    return pages


def _gap(line_h: int) -> int:
    """The space between two rules."""
    return line_h // 3


def _metrics(size: tuple[int, int]) -> tuple[int, int, int, pygame.Rect]:
    """The words' size, a line's height, the ids' column width and the area for the rules."""
    text_px = max(widgets.px(size, TEXT_PX), theme.floor_px("body", size))
    line_h = widgets.line_height(text_px)
    pad = widgets.px(size, 10)
    area = widgets.frame(size).body.inflate(-2 * pad, -2 * pad)
    ids_w = widgets.text_width("P6 P7", text_px, bold=True) + pad
    return text_px, line_h, ids_w, area
