"""The start menu's "History": the group's finished games and who is really the fastest.

Pages, read from the history database (``companion.history``; the journals stay the
record, ``companion history rebuild`` recreates it):

- **Last games**, newest first: the game and mode, who won, every score, when.
- **Players**: games, wins and the win rate, in all and per game.
- **Fastest hands**, one page per kind of time, never mixed: the full game's reaction from
  the card turn, and the tracker's gap to the Pow-Wow's first slap. A bar per player, the
  median large (the table reads it), the fastest and how many slaps small; a player with
  few slaps is marked and listed after the ranked ones; ties and ignored presses are not
  in the figures and are counted.
- **Evenings**: each player's median per evening, a strip of bars (the trend).

A list longer than the screen goes on to the next page ("2/5" in the header).

    input                             does
    next, the wheel down              the next page (the last one stays)
    select, a click                   the next page; on the last one, the start menu
    previous, wheel up                the previous page
    back, a right click               the start menu
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final, Literal, TypeVar

import pygame
from babel.dates import format_date

from companion.errors import CompanionError
from companion.history import GameRow, History, PlayerStats, ReactionStats
from companion.i18n import language, marked, milliseconds, said, tr, trc, trn
from companion.roster import Roster, RosterError
from companion.ui import theme, widgets
from companion.ui.nav import NavButton
from companion.ui.scenes import AppContext, BaseScene
from companion.ui.theme import colour_word
from companion.words import Words, error_words

TITLE: Final = marked("History")
HINT: Final = marked("Previous/Next: page · Select: next · Back: start menu")
FAMILIES: Final = (
    ("apache", marked("Apache")),
    ("apocalypse", marked("Apocalypse")),
    ("paris", marked("Paris")),
)
KIND_TITLES: Final = {
    "reaction": marked("Fastest hands: from the card turn (full game)"),
    "gap": marked("Fastest hands: gap to the first slap (tracker)"),
}
EVENINGS_TITLE: Final = marked("Evenings: median per evening, the last on the right")
EVENINGS_SHOWN: Final = 8
"""The last evenings a player's strip shows."""

PageKind = Literal["empty", "games", "players", "reaction", "evenings"]
T = TypeVar("T")


@dataclass(frozen=True)
class HistoryPage:
    """One screenful: what it lists and the title above it (``title`` and ``words`` marked
    for the catalog, translated where drawn)."""

    kind: PageKind
    title: str
    games: tuple[GameRow, ...] = ()
    players: tuple[PlayerStats, ...] = ()
    reactions: tuple[ReactionStats, ...] = ()
    words: str = ""
    """An empty page's explanation: marked for the catalog, or what went wrong
    (``companion.words.Words``, said in the screens' language)."""


@dataclass(frozen=True)
class HistoryData:
    """What the pages show, read once when the screen opens."""

    games: tuple[GameRow, ...]
    players: tuple[PlayerStats, ...]
    reactions: dict[str, tuple[ReactionStats, ...]]


def read_history(path: Path, *, limit: int = 60) -> HistoryData:
    """The figures of the history database ``path`` (``CompanionError`` when it cannot be
    read: the screen says so)."""
    with History.open(path) as history:
        return HistoryData(
            games=tuple(history.last_games(limit)),
            players=tuple(history.player_stats()),
            reactions={kind: tuple(history.reaction_stats(kind)) for kind in KIND_TITLES},
        )


# --- the pages ---------------------------------------------------------------------------


def rows_per_page(size: tuple[int, int], row_h: int) -> int:
    """How many rows ``row_h`` high the body holds under a page title."""
    area = _list_area(size)
    return max(1, area.height // row_h)


def lay_out(data: HistoryData, size: tuple[int, int]) -> list[HistoryPage]:
    """Every page of ``data`` on a screen of ``size``, in order."""
    if not data.games:
        words = marked(
            "No finished game yet. A game is recorded here when it ends; the journals stay "
            "the record (companion history rebuild reads them again)."
        )
        return [HistoryPage("empty", marked("No games yet"), words=words)]
    game_rows = rows_per_page(size, game_row_height(size))
    player_rows = max(1, rows_per_page(size, player_row_height(size)) - 1)  # under the heads
    timed_rows = rows_per_page(size, reaction_row_height(size))
    pages = [
        HistoryPage("games", marked("Last games"), games=chunk)
        for chunk in _chunks(data.games, game_rows)
    ]
    pages += [
        HistoryPage("players", marked("Players"), players=chunk)
        for chunk in _chunks(data.players, player_rows)
    ]
    for kind, title in KIND_TITLES.items():
        shown = data.reactions.get(kind, ())
        pages += [
            HistoryPage("reaction", title, reactions=chunk) for chunk in _chunks(shown, timed_rows)
        ]
    trends = [s for kind in KIND_TITLES for s in data.reactions.get(kind, ()) if s.evenings]
    pages += [
        HistoryPage("evenings", EVENINGS_TITLE, reactions=chunk)
        for chunk in _chunks(tuple(trends), timed_rows)
    ]
    return pages


def _chunks(items: tuple[T, ...], size: int) -> list[tuple[T, ...]]:
    """``items`` cut into pages of ``size``."""
    return [items[start : start + size] for start in range(0, len(items), size)]


def game_row_height(size: tuple[int, int]) -> int:
    return 2 * widgets.line_height(theme.floor_px("body", size)) + widgets.px(size, 8)


def player_row_height(size: tuple[int, int]) -> int:
    return widgets.line_height(theme.floor_px("body", size)) + widgets.px(size, 10)


def reaction_row_height(size: tuple[int, int]) -> int:
    table_h = widgets.line_height(theme.floor_px("table", size), bold=True)
    return table_h + widgets.line_height(theme.floor_px("body", size)) + widgets.px(size, 6)


def _list_area(size: tuple[int, int]) -> pygame.Rect:
    """The body under a page's title line."""
    body = widgets.frame(size).body
    pad = widgets.px(size, 8)
    title_h = widgets.line_height(theme.floor_px("body", size), bold=True) + pad
    return pygame.Rect(
        body.left + pad, body.top + title_h, body.width - 2 * pad, body.height - title_h - pad
    )


# --- words -------------------------------------------------------------------------------


def family_of(game: str) -> str:
    """``"apache_tracker"`` -> ``"apache"``."""
    return game.removesuffix("_tracker")


def game_title(row: GameRow) -> str:
    """``"Apache full game"`` / ``"Paris bank"``, in the screens' language."""
    names = dict(FAMILIES)
    family = family_of(row.game)
    name = tr(names[family]) if family in names else family
    if row.mode == "tracker":
        if family == "paris":
            return tr("Paris bank")
        return tr("{game} tracker").format(game=name)
    return tr("{game} full game").format(game=name)


def winners_words(row: GameRow) -> str:
    """``"red won"``, ``"shared: red and blue"``, ``"no winner"``, in the screens'
    language."""
    names = [colour_word(row.players[seat]) for seat in row.winners if 0 <= seat < len(row.players)]
    if not names:
        return tr("no winner")
    if len(names) == 1:
        return tr("{winner} won").format(winner=names[0])
    shared = tr("shared: {others} and {last}")
    return shared.format(others=", ".join(names[:-1]), last=names[-1])


def scores_words(row: GameRow) -> str:
    """``"red 42 · yellow 30"`` (a guest's seat colour in the screens' language)."""
    return " · ".join(
        f"{colour_word(name)} {score}" for name, score in zip(row.players, row.scores, strict=False)
    )


def when_words(ended: float, now: float) -> str:
    """``"today 19:05"``, ``"yesterday 21:40"``, ``"3 Dec 20:15"``, in the screens'
    language."""
    then, today = datetime.fromtimestamp(ended), datetime.fromtimestamp(now)
    days = (today.date() - then.date()).days
    time = f"{then:%H:%M}"
    if days == 0:
        return tr("today {time}").format(time=time)
    if days == 1:
        return tr("yesterday {time}").format(time=time)
    # a CLDR date pattern, each language its own ("3 Dec", German "3. Dez.")
    pattern = trc("date pattern: the day and the month's short name", "d MMM")
    return f"{format_date(then, pattern, locale=language())} {time}"


def record_words(stats: PlayerStats, family: str | None = None) -> str:
    """``"3 / 5"``: wins / games, in all or in one game family ("-" when none)."""
    wins, games = (stats.wins, stats.games) if family is None else _family(stats, family)
    return f"{wins} / {games}" if games else "-"


def _family(stats: PlayerStats, family: str) -> tuple[int, int]:
    games, wins = stats.per_game.get(family, (0, 0))
    return wins, games


def rate_words(stats: PlayerStats) -> str:
    """``"60 %"``: the win rate in all games."""
    if not stats.games:
        return "-"
    return tr("{percent} %").format(percent=round(100 * stats.wins / stats.games))


def reaction_details(stats: ReactionStats) -> list[str]:
    """What a board says under a player's median, longest first (the first that fits is
    drawn): ``"34 slaps · fastest 201 ms · 2 tied, 1 ignored left out"``; a player with
    few slaps says so first. In the screens' language."""
    count = trn("{count} slap", "{count} slaps", stats.slaps).format(count=stats.slaps)
    head = tr("{slaps}, too few to rank").format(slaps=count) if stats.few else count
    fastest = tr("fastest {time}").format(time=milliseconds(stats.fastest_ms, 0))
    left_out = [tr("{count} tied").format(count=stats.ties)] if stats.ties else []
    left_out += [tr("{count} ignored").format(count=stats.ignored)] if stats.ignored else []
    longest = [head, fastest]
    if left_out:
        longest.append(tr("{presses} left out").format(presses=", ".join(left_out)))
    return [" · ".join(longest), f"{head} · {fastest}", head]


# --- players no longer on the roster --------------------------------------------------------

FORMER: Final = marked("{name} (former)")
"""A former player's name as the history shows it (translated when the screen opens)."""


def former_players(app: AppContext, data: HistoryData) -> set[str]:
    """The names in ``data`` of players deleted from the app's roster (their games are
    kept); none without a roster, or when it cannot be read."""
    if app.roster_path is None:
        return set()
    try:
        roster = Roster.open(app.roster_path)
    except RosterError:
        return set()
    names = {name for row in data.games for name in row.players}
    return {name for name in names if roster.is_former(name)}


def with_former_players(data: HistoryData, former: set[str]) -> HistoryData:
    """``data`` with each of the ``former`` players' names marked ``"Bob (former)"`` (in the
    screens' language)."""
    if not former:
        return data

    def shown(name: str) -> str:
        return tr(FORMER).format(name=name) if name in former else name

    return HistoryData(
        games=tuple(
            dataclasses.replace(row, players=tuple(shown(n) for n in row.players))
            for row in data.games
        ),
        players=tuple(dataclasses.replace(p, name=shown(p.name)) for p in data.players),
        reactions={
            kind: tuple(dataclasses.replace(r, name=shown(r.name)) for r in rows)
            for kind, rows in data.reactions.items()
        },
    )


# --- the picture for a desktop --------------------------------------------------------------


def plot(path: Path, size: tuple[int, int], kind: str) -> pygame.Surface:
    """The fastest-hands board of ``kind`` (``reaction`` or ``gap``) from the history
    ``path``, drawn as the screen draws it (its first page: the fastest players), on an
    off-screen surface of ``size`` (``companion history plot``)."""
    data = read_history(path)
    surface = pygame.Surface(size)
    widgets.page(surface, tr(TITLE), tr("fastest hands"))
    _draw_title(surface, tr(KIND_TITLES[kind]))
    area = _list_area(size)
    shown = data.reactions.get(kind, ())[: rows_per_page(size, reaction_row_height(size))]
    if shown:
        _draw_reactions(surface, area, shown)
    else:
        words = tr("No timed slap of this kind recorded yet.")
        widgets.paragraph(
            surface, words, theme.floor_px("body", size), theme.TEXT, area, role="body"
        )
    return surface


def _draw_title(surface: pygame.Surface, title: str) -> None:
    """A page's title line, under the header."""
    size = surface.get_size()
    body, pad = widgets.frame(size).body, widgets.px(size, 8)
    body_px = theme.floor_px("body", size)
    line = pygame.Rect(
        body.left + pad,
        body.top + pad // 2,
        body.width - 2 * pad,
        widgets.line_height(body_px, bold=True),
    )
    widgets.text(surface, title, body_px, theme.WARN, line, role="body", bold=True)


# --- the scene ---------------------------------------------------------------------------


class HistoryScene(BaseScene):
    """The history pages (see the module docstring)."""

    def __init__(self, app: AppContext, path: Path) -> None:
        super().__init__(app)
        self.path = path
        app.wait_for_history()  # the game just ended is there too
        try:
            data = read_history(path)
            self.pages = lay_out(with_former_players(data, former_players(app, data)), app.size)
        except (CompanionError, OSError) as exc:
            problem = error_words(exc)  # what went wrong, said where drawn
            words = problem if isinstance(problem, Words) else str(exc)
            self.pages = [HistoryPage("empty", marked("History cannot be read"), words=words)]
        self.page = 0

    def nav(self, button: NavButton, now_ns: int) -> None:
        last = len(self.pages) - 1
        if button == "previous":
            self.page = max(0, self.page - 1)
        elif button in ("next", "select") and self.page < last:
            self.page += 1
        elif button in {"back", "select"}:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        right = f"{self.page + 1}/{len(self.pages)}" if len(self.pages) > 1 else ""
        widgets.page(surface, tr(TITLE), right)
        page = self.pages[self.page]
        body_px = theme.floor_px("body", size)
        _draw_title(surface, tr(page.title))
        area = _list_area(size)
        if page.kind == "empty":
            words = said(page.words) if isinstance(page.words, Words) else tr(page.words)
            widgets.paragraph(surface, words, body_px, theme.TEXT, area, role="body")
        elif page.kind == "games":
            _draw_games(surface, area, page.games, self.app.wall_clock())
        elif page.kind == "players":
            _draw_players(surface, area, page.players)
        elif page.kind == "reaction":
            _draw_reactions(surface, area, page.reactions)
        else:
            _draw_evenings(surface, area, page.reactions)
        self.draw_hint(surface, tr(HINT), now_ns)


def _draw_games(
    surface: pygame.Surface, area: pygame.Rect, games: Sequence[GameRow], now: float
) -> None:
    size = surface.get_size()
    body_px = theme.floor_px("body", size)
    line_h = widgets.line_height(body_px)
    row_h = game_row_height(size)
    for index, row in enumerate(games):
        band = pygame.Rect(
            area.left, area.top + index * row_h, area.width, row_h - widgets.px(size, 4)
        )
        widgets.panel(surface, band)
        inner = band.inflate(-widgets.px(size, 12), -widgets.px(size, 4))
        top = pygame.Rect(inner.left, inner.top, inner.width, line_h)
        when = widgets.text(
            surface,
            when_words(row.ended, now),
            body_px,
            theme.TEXT_DIM,
            top,
            role="body",
            align="right",
        )
        top.width = max(1, when.left - top.left - widgets.px(size, 8))
        headline = tr("{game}: {winners}").format(game=game_title(row), winners=winners_words(row))
        widgets.text(surface, headline, body_px, theme.TEXT, top, role="body", bold=True)
        second = pygame.Rect(inner.left, top.bottom, inner.width, line_h)
        widgets.text(surface, scores_words(row), body_px, theme.TEXT_DIM, second, role="body")


PLAYER_WEIGHTS: Final = [2.0, 1.3, 1.0, 1.4, 1.6, 1.2]
PLAYER_HEADS: Final = (
    marked("wins / games"),
    marked("in all"),
    marked("rate"),
    *(name for _, name in FAMILIES),
)
"""The Players page's column heads (marked: translated where drawn)."""


def _draw_players(
    surface: pygame.Surface, area: pygame.Rect, players: Sequence[PlayerStats]
) -> None:
    """A header row (the column names), then a row per player."""
    size = surface.get_size()
    body_px = theme.floor_px("body", size)
    row_h = player_row_height(size)
    heads = tuple(tr(head) for head in PLAYER_HEADS)
    for index, values in enumerate([heads, *(_player_values(p) for p in players)]):
        band = pygame.Rect(
            area.left, area.top + index * row_h, area.width, row_h - widgets.px(size, 3)
        )
        if index:
            widgets.panel(surface, band)
        inner = band.inflate(-widgets.px(size, 8), 0)
        cells = widgets.columns(inner, PLAYER_WEIGHTS, gap=widgets.px(size, 4))
        for column, (cell, value) in enumerate(zip(cells, values, strict=True)):
            align: widgets.Align = "left" if column == 0 else "center"
            ink = theme.TEXT_DIM if index == 0 or column >= 3 else theme.TEXT
            bold = index > 0 and column == 0
            widgets.text(surface, value, body_px, ink, cell, role="body", align=align, bold=bold)


def _player_values(stats: PlayerStats) -> tuple[str, ...]:
    return (
        colour_word(stats.name),
        record_words(stats),
        rate_words(stats),
        *(record_words(stats, family) for family, _ in FAMILIES),
    )


def _draw_reactions(
    surface: pygame.Surface, area: pygame.Rect, shown: Sequence[ReactionStats]
) -> None:
    """A row per player: the name, a bar as long as the median against the slowest shown
    (the shortest is the fastest) and the median large; under them, small, the fastest, how
    many slaps and what was left out. A player with few slaps is dim."""
    size = surface.get_size()
    table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
    row_h = reaction_row_height(size)
    top_h = widgets.line_height(table_px, bold=True)
    slowest = max((stats.median_ms for stats in shown), default=1.0) or 1.0
    name_w = _name_width(shown, body_px, widgets.px(size, 90), area.width)
    figure_w = widgets.text_width("8888 ms", table_px, bold=True)
    for index, stats in enumerate(shown):
        top = area.top + index * row_h
        ink = theme.TEXT_DIM if stats.few else theme.TEXT
        name = pygame.Rect(area.left, top, name_w, top_h)
        words = _name_words(stats.name, "{name}", body_px, name.width)
        widgets.text(surface, words, body_px, ink, name, role="body", bold=True)
        track = pygame.Rect(
            name.right, top + top_h // 6, area.width - name_w - figure_w, top_h * 2 // 3
        )
        bar = track.copy()
        bar.width = max(widgets.px(size, 4), round(track.width * stats.median_ms / slowest))
        colour = theme.mix(theme.PANEL, theme.TEXT_DIM if stats.few else theme.GOOD, 0.6)
        pygame.draw.rect(surface, colour, bar, border_radius=widgets.px(size, 4))
        figure = pygame.Rect(area.right - figure_w, top, figure_w, top_h)
        words = milliseconds(stats.median_ms, 0)
        widgets.text(surface, words, table_px, ink, figure, role="table", bold=True, align="right")
        detail = pygame.Rect(name.right, top + top_h, area.width - name_w, row_h - top_h)
        words = widgets.first_fitting(reaction_details(stats), body_px, detail.width)
        widgets.text(surface, words, body_px, theme.TEXT_DIM, detail, role="body")


def _name_width(shown: Sequence[ReactionStats], px: int, least: int, width: int) -> int:
    """The names' column: ``least``, wider for a name's first word (a third of the page at
    most)."""
    firsts = [colour_word(stats.name).split()[0] for stats in shown if stats.name.strip()]
    widest = max((widgets.text_width(word, px, bold=True) + 4 for word in firsts), default=0)
    return max(least, min(widest, width // 3))


def _name_words(name: str, template: str, px: int, width: int) -> str:
    """``template`` with a player's name, or its first word, or the name alone: the first
    that fits ``width`` whole."""
    whole = colour_word(name)
    first = whole.split()[0] if whole.split() else whole
    options = [template.format(name=whole), template.format(name=first), whole, first]
    return widgets.first_fitting(options, px, width, bold=True)


def _draw_evenings(
    surface: pygame.Surface, area: pygame.Rect, shown: Sequence[ReactionStats]
) -> None:
    """Each player's last evenings as a strip of bars (taller: slower), the kind beside,
    and the last evening's median large on the right (the table reads it)."""
    size = surface.get_size()
    body_px, table_px = theme.floor_px("body", size), theme.floor_px("table", size)
    row_h = reaction_row_height(size)
    name_w = _name_width(shown, body_px, widgets.px(size, 120), area.width)
    figure_w = widgets.text_width("8888 ms", table_px, bold=True)
    for index, stats in enumerate(shown):
        band = pygame.Rect(
            area.left, area.top + index * row_h, area.width, row_h - widgets.px(size, 4)
        )
        kind = tr("{name} (turn)") if stats.kind == "reaction" else tr("{name} (gap)")
        name = pygame.Rect(band.left, band.top, name_w, band.height)
        label = _name_words(stats.name, kind, body_px, name.width)
        widgets.text(surface, label, body_px, theme.TEXT, name, role="body", bold=True)
        evenings = stats.evenings[-EVENINGS_SHOWN:]
        slowest = max((ms for _, ms in evenings), default=1.0) or 1.0
        figure = pygame.Rect(band.right - figure_w, band.top, figure_w, band.height)
        if evenings:
            last = milliseconds(evenings[-1][1], 0)
            widgets.text(
                surface, last, table_px, theme.TEXT, figure, role="table", bold=True, align="right"
            )
        strip = pygame.Rect(name.right, band.top, band.width - name_w - figure_w, band.height)
        slot = strip.width // EVENINGS_SHOWN
        for k, (_, ms) in enumerate(evenings):
            height = max(2, round((band.height - 4) * ms / slowest))
            bar = pygame.Rect(
                strip.left + k * slot + 2, band.bottom - height, max(2, slot - 4), height
            )
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.GOOD, 0.6), bar)
