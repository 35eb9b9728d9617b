"""Drawing shared by the Apocalypse screens (tracker and full game): tokens, cards, the trick
(or the last one's result), the score strip and the results.

Both modes offer what these need through small protocols: ``Tokens`` (the suits in play,
the black ones, whether an Apocalypse is on) and ``CardFace`` (a card as drawn). The
TRACKER's state and plays are these already; the FULL game's card ids become
``full_model.Face`` and ``full_model.TokenState``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final, Protocol

import pygame

from companion.rules.apocalypse import ApocalypseState
from companion.rules.apocalypse.tracker import TrackerState
from companion.rules.apocalypse.tricks import player_name
from companion.ui import theme, widgets
from companion.ui.stats import victory_words

BLACK_SIDE: Final[theme.RGB] = (12, 12, 14)
ALARM: Final[theme.RGB] = (200, 30, 40)
CHAOS_FILL: Final[theme.RGB] = (70, 40, 90)
TRANQUILITY_FILL: Final[theme.RGB] = (215, 225, 230)


class Tokens(Protocol):
    @property
    def suits(self) -> Sequence[str]: ...
    @property
    def black(self) -> Collection[str]: ...
    @property
    def apocalypse(self) -> bool: ...
    @property
    def coloured(self) -> Sequence[str]: ...


class CardFace(Protocol):
    """A card as drawn: ``kind`` horseman, chaos, tranquility or skip."""

    @property
    def kind(self) -> str: ...
    @property
    def suit(self) -> str | None: ...
    @property
    def value(self) -> int | None: ...
    @property
    def token(self) -> str | None: ...


def draw_tokens(surface: pygame.Surface, area: pygame.Rect, state: Tokens) -> None:
    """The tokens, large: the coloured side, or black ringed in the suit's colour; each with
    its suit's letter. During an Apocalypse an alarm band runs behind them."""
    if state.apocalypse:
        pygame.draw.rect(surface, ALARM, area, border_radius=max(3, area.height // 6))
    count = len(state.suits)
    radius = min(area.height // 2 - 2, area.width // (2 * count + 6))
    words_w = area.width - count * (2 * radius + 10)
    for k, suit in enumerate(state.suits):
        centre = (area.left + radius + 4 + k * (2 * radius + 10), area.centery)
        colour = theme.SEAT_COLOURS[suit]
        letter = theme.SEAT_LETTERS[suit]
        if suit in state.black:
            pygame.draw.circle(surface, BLACK_SIDE, centre, radius)
            pygame.draw.circle(surface, colour, centre, radius, width=max(3, radius // 5))
            ink = colour
        else:
            pygame.draw.circle(surface, colour, centre, radius)
            ink = theme.text_colour_on(colour)
        box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        box.center = centre
        widgets.text(surface, letter, round(radius * 1.3), ink, box, align="center", bold=True)
    words = pygame.Rect(area.right - words_w, area.top, words_w - 6, area.height)
    if state.apocalypse:
        widgets.text(
            surface,
            "APOCALYPSE!",
            round(area.height * 0.55),
            theme.TEXT,
            words,
            align="right",
            bold=True,
        )
    else:
        coloured = state.coloured
        words_text = f"{len(coloured)} tokens coloured"
        if len(coloured) == 1:
            words_text = f"{theme.seat_name(coloured[0])}: the last coloured token"
        widgets.text(
            surface, words_text, round(area.height * 0.36), theme.TEXT_DIM, words, align="right"
        )


def draw_card(surface: pygame.Surface, rect: pygame.Rect, play: CardFace) -> None:
    """A played card: a Horseman in its suit's colour with letter and value; Chaos dark
    with the token it turned; Tranquility pale; a skip as a dim outline."""
    radius = max(3, rect.width // 8)
    if play.kind == "skip":
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)
        widgets.text(surface, "skip", rect.height // 4, theme.TEXT_DIM, rect, align="center")
        return
    if play.kind == "horseman" and play.suit is not None:
        fill = theme.SEAT_COLOURS[play.suit]
        top = theme.SEAT_LETTERS[play.suit]
        middle = "?" if play.value is None else str(play.value)
    elif play.kind == "chaos":
        fill, top, middle = CHAOS_FILL, "Chaos", "5"
    else:
        fill, top, middle = TRANQUILITY_FILL, "Tranq.", "0"
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    ink = theme.text_colour_on(fill)
    third = rect.height // 3
    widgets.text(
        surface,
        top,
        round(third * 0.8),
        ink,
        pygame.Rect(rect.left, rect.top, rect.width, third),
        align="center",
        bold=True,
    )
    widgets.text(
        surface,
        middle,
        round(third * 1.3),
        ink,
        pygame.Rect(rect.left, rect.top + third, rect.width, third),
        align="center",
        bold=True,
    )
    if play.kind == "chaos" and play.token:
        token = pygame.Rect(rect.left, rect.top + 2 * third, rect.width, third)
        widgets.text(
            surface,
            f"flips {theme.SEAT_LETTERS[play.token]}",
            round(third * 0.7),
            theme.SEAT_COLOURS[play.token],
            token,
            align="center",
            bold=True,
        )


def draw_trick(
    surface: pygame.Surface,
    area: pygame.Rect,
    seats: Sequence[int],
    cards: Mapping[int, CardFace],
    *,
    actor: int | None,
    name_scale: float,
    people: int = 0,
) -> None:
    """The trick, ``seats`` in playing order: each seat's name (``actor``'s lit; the first
    ``people`` seats marked "you") over its card, or over an empty place."""
    cells = widgets.columns(area, [1.0] * len(seats), gap=max(3, area.width // 120))
    for seat, cell in zip(seats, cells, strict=True):
        label = pygame.Rect(cell.left, cell.top, cell.width, cell.height // 4)
        name = player_name(seat) + (" (you)" if seat < people else "")
        ink = theme.TEXT if seat == actor else theme.TEXT_DIM
        size_px = round(label.height * name_scale)
        widgets.text(surface, name, size_px, ink, label, align="center", bold=seat == actor)
        card = pygame.Rect(cell.left, label.bottom + 2, cell.width, cell.bottom - label.bottom - 2)
        face = cards.get(seat)
        if face is None:
            widgets.panel(surface, card, focused=seat == actor)
        else:
            draw_card(surface, card, face)


def draw_trick_result(
    surface: pygame.Surface, area: pygame.Rect, headline: str, detail: str, *, alarm: bool
) -> None:
    """The last trick's result: its ``headline`` (red for an Apocalypse: ``alarm``), then
    ``detail`` small."""
    widgets.panel(surface, area)
    inner = area.inflate(-12, -8)
    head = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 3)
    colour = theme.BAD if alarm else theme.TEXT
    widgets.text(surface, headline, round(head.height * 0.75), colour, head, bold=True)
    rest = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
    widgets.paragraph(surface, detail, round(head.height * 0.6), theme.TEXT_DIM, rest)


def draw_scores(
    surface: pygame.Surface,
    area: pygame.Rect,
    points: Sequence[int],
    totals: Sequence[int],
    *,
    scale: float,
) -> None:
    """Each player's ``points`` this round and total so far, across ``area``."""
    cells = widgets.columns(area, [1.4] + [1.0] * len(points), gap=4)
    size_px = round(area.height * scale)
    widgets.text(surface, "round / total", size_px, theme.TEXT_DIM, cells[0])
    for seat, cell in enumerate(cells[1:]):
        words = f"{player_name(seat)}:  {points[seat]} / {totals[seat]}"
        widgets.text(surface, words, size_px, theme.TEXT, cell, align="center")


def draw_results(
    surface: pygame.Surface,
    state: ApocalypseState | TrackerState,
    winners: Sequence[int],
    *,
    title: str,
    hint: str,
    flash: widgets.Flash | None,
) -> None:
    """A game's results: the headline, then per player each round's score (a Duel swap
    marked, ruling P12) and the total; the winners lit (ruling P11)."""
    size = surface.get_size()
    layout = widgets.page(surface, title, "results")
    body = layout.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 6))
    top = pygame.Rect(body.left, body.top, body.width, widgets.px(size, 30))
    headline = _winner_words(state.totals, winners)
    widgets.text(surface, headline, widgets.px(size, 24), theme.GOOD, top, align="center")
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 6), body.width, 0)
    table.height = body.bottom - table.top
    rounds = [(result.scores, result.swapped) for result in state.rounds]
    _results_table(surface, table, rounds, state.totals, set(winners))
    widgets.footer(surface, layout.footer, hint, flash)


def _winner_words(totals: Sequence[int], winners: Sequence[int]) -> str:
    if not winners:
        return ""
    best = totals[winners[0]]
    names = [player_name(w) for w in winners]
    each, alone = f"{best} points each (ruling P11)", f"{best} points, the fewest"
    return victory_words(names, each=each, alone=alone, joiner=" and ")


def _results_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    rounds: Sequence[tuple[Sequence[int], bool]],
    totals: Sequence[int],
    winners: set[int],
) -> None:
    size = surface.get_size()
    weights = [1.0] + [1.0] * len(rounds) + [1.2]
    bands = widgets.rows(
        area, len(totals) + 1, height=widgets.px(size, 30), gap=widgets.px(size, 3)
    )
    titles = [f"round {k + 1}" for k in range(len(rounds))] + ["total"]
    head = round(bands[0].height * 0.55)
    for cell, words in zip(widgets.columns(bands[0], weights, gap=4)[1:], titles, strict=True):
        widgets.text(surface, words, head, theme.TEXT_DIM, cell, align="center")
    for seat, band in enumerate(bands[1:]):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if seat in winners else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, 0), weights, gap=4)
        big, small = round(band.height * 0.7), round(band.height * 0.6)
        widgets.text(
            surface, player_name(seat), big, theme.TEXT, cells[0], align="center", bold=True
        )
        for cell, (scores, swapped) in zip(cells[1:], rounds, strict=False):
            words = f"{scores[seat]}{' swapped' if swapped else ''}"
            widgets.text(surface, words, small, theme.TEXT, cell, align="center")
        widgets.text(
            surface, str(totals[seat]), big, theme.TEXT, cells[-1], align="center", bold=True
        )
