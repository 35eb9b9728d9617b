"""Drawing shared by the Paris screens (bank and full game): the districts' badges and the
final tally (ruling D10).

A district is named by its number first and drawn on a neutral, hatched badge, never in a
gang's colour: district 1 is the rulebook's "green" district, and a green gang may sit at
the table (colour-blind players must not confuse the two). In words a screen says
``"5 (yellow district)"`` (:func:`district_name`): the number first, the word "district"
right after the colour; the rules' words (``"district 5 (yellow)"``, which journals and
tests pin) are turned into that form by :func:`screen_words`. Those two are in
``companion.ui.paris.words`` (no pygame: the models use them too). The words drawn are in
the screen's language (``companion.i18n``), the money written its way (:func:`money`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import pygame

from companion.i18n import marked, money, number, said, tr, trc
from companion.rules.paris.settlement import TallyLine, outcome_words
from companion.ui import theme, widgets
from companion.ui.game_model import names_key
from companion.ui.paris.words import district_kind, district_name, screen_words

__all__ = [
    "DISTRICT_HATCH",
    "district_kind",
    "district_name",
    "draw_district_badge",
    "draw_tally",
    "screen_words",
    "tally_headline",
]

DISTRICT_HATCH: Final[theme.RGB] = theme.mix(theme.PANEL, theme.TEXT_DIM, 0.35)
"""The diagonal lines behind a district's number: a pattern no gang chip has."""


def draw_district_badge(
    surface: pygame.Surface,
    rect: pygame.Rect,
    district: int,
    font_px: int,
    *,
    current: bool = False,
    dim: bool = False,
) -> None:
    """District ``district`` as a badge: its number on a neutral panel hatched with
    diagonal lines (edged when ``current``, the number dimmed when ``dim``)."""
    widgets.panel(surface, rect, focused=current)
    _hatch(surface, rect.inflate(-4, -4), DISTRICT_HATCH)
    ink = theme.TEXT_DIM if dim and not current else theme.TEXT
    widgets.text(
        surface, str(district), font_px, ink, rect, align="center", bold=current, role="body"
    )


def _hatch(surface: pygame.Surface, area: pygame.Rect, colour: theme.RGB) -> None:
    """Diagonal lines (rising to the right) across ``area``, clipped to it."""
    step = max(4, area.height // 4)
    previous = surface.get_clip()
    surface.set_clip(area.clip(previous))
    for offset in range(-area.height, area.width + 1, step):
        start = (area.left + offset, area.bottom)
        end = (area.left + offset + area.height, area.top)
        pygame.draw.line(surface, colour, start, end, 1)
    surface.set_clip(previous)


TALLY_TITLES: Final = (
    marked("before"),
    marked("bourgeois"),
    marked("policeman"),
    marked("Apaches"),
    marked("total"),
)
TALLY_WEIGHTS: Final = [0.6, 1.1, 1.1, 1.1, 1.1, 1.6]


def tally_headline(tally: tuple[TallyLine, ...], names: Mapping[str, str] | None = None) -> str:
    """Who won and why: the engines' outcome words (ruling D10, the same in both modes), the
    gangs by letter and colour, or by letter and the roster's ``names`` where they have one."""
    if not tally:
        return tr("The game is not over")
    named = names or {}
    gangs = [theme.seat_name(line.colour, named.get(line.colour, "")) for line in tally]
    words = said(outcome_words(tally, gangs))
    return words[0].upper() + words[1:]


def draw_tally(
    surface: pygame.Surface,
    title: str,
    tally: tuple[TallyLine, ...],
    winners: tuple[int, ...],
    names: Mapping[str, str] | None = None,
) -> None:
    """Ruling D10's breakdown per gang, the winners lit, the headline by the roster's
    ``names`` where they have one."""
    size = surface.get_size()
    frame = widgets.page(surface, title, tr("final tally (ruling D10)"))
    body = frame.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 5))
    table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
    options = [tally_headline(tally, names), tally_headline(tally)]
    headline = widgets.first_wrapping(options, table_px, body.width, lines=3, bold=True)
    lines = len(widgets.wrap(headline, table_px, body.width, bold=True))
    top_h = min(3, max(1, lines)) * widgets.line_height(table_px, bold=True)
    top = pygame.Rect(body.left, body.top, body.width, top_h)
    widgets.paragraph(surface, headline, table_px, theme.GOOD, top, role="table", bold=True)
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 4), body.width, 0)
    key = names_key([line.colour for line in tally], names or {})
    table.height = body.bottom - widgets.key_height(key, body_px, body.width) - table.top
    head_h = widgets.line_height(body_px) + widgets.px(size, 2)
    head = pygame.Rect(table.left, table.top, table.width, head_h)
    titles = widgets.columns(head, TALLY_WEIGHTS, gap=4)[1:]
    for cell, word in zip(titles, TALLY_TITLES, strict=True):
        widgets.text(surface, tr(word), body_px, theme.TEXT_DIM, cell, align="center", role="body")
    rows_area = pygame.Rect(table.left, head.bottom, table.width, table.bottom - head.bottom)
    bands = widgets.rows(
        rows_area, len(tally), height=widgets.px(size, 30), gap=widgets.px(size, 3)
    )
    for band, line in zip(bands, tally, strict=True):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if line.seat in winners else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, -2), TALLY_WEIGHTS, gap=4)
        widgets.chip(surface, cells[0], line.colour, role="table")
        values = (
            money(line.stashes),
            f"{line.bourgeois} +{number(line.bourgeois_money)}",
            f"-{number(line.policeman_paid)}" if line.policeman else trc("no policeman", "no"),
            f"{line.operational} +{number(line.operational_money)}",
        )
        for cell, value in zip(cells[1:-1], values, strict=True):
            widgets.text(
                surface, value, round(body_px * 1.2), theme.TEXT, cell, align="center", role="body"
            )
        widgets.text(
            surface, money(line.total), table_px, theme.TEXT, cells[-1], align="right",
            bold=True, role="table",
        )  # fmt: skip
    key_top = (bands[-1].bottom if bands else rows_area.top) + widgets.px(size, 4)
    key_area = pygame.Rect(body.left, key_top, body.width, body.bottom - key_top)
    widgets.names_key(surface, key_area, key)
