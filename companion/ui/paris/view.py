"""Drawing shared by the Paris screens (bank and full game): the final tally (ruling D10)."""

from __future__ import annotations

from typing import Final

import pygame

from companion.rules.paris.settlement import TallyLine, outcome_words
from companion.ui import theme, widgets

TALLY_TITLES: Final = ("before", "bourgeois", "policeman", "Apaches", "total")
TALLY_WEIGHTS: Final = [1.6, 1.0, 1.2, 1.2, 1.3, 1.1]


def tally_headline(tally: tuple[TallyLine, ...]) -> str:
    """Who won and why: the engines' outcome words (ruling D10, the same in both modes), the
    gangs by letter and colour."""
    if not tally:
        return "The game is not over"
    words = outcome_words(tally, [theme.seat_name(line.colour) for line in tally])
    return words[0].upper() + words[1:]


def draw_tally(
    surface: pygame.Surface,
    title: str,
    tally: tuple[TallyLine, ...],
    winners: tuple[int, ...],
    *,
    hint: str,
    flash: widgets.Flash | None,
) -> None:
    """Ruling D10's breakdown per gang, the winners lit."""
    size = surface.get_size()
    frame = widgets.page(surface, title, "final tally (ruling D10)")
    body = frame.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 5))
    headline, headline_px = tally_headline(tally), widgets.px(size, 24)
    one_line = theme.font(headline_px, bold=True).size(headline)[0] <= body.width
    top = pygame.Rect(body.left, body.top, body.width, widgets.px(size, 30 if one_line else 46))
    if one_line:
        widgets.text(surface, headline, headline_px, theme.GOOD, top, align="center", bold=True)
    else:  # a tie broken or shared says why: two lines
        widgets.paragraph(surface, headline, widgets.px(size, 19), theme.GOOD, top, bold=True)
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 4), body.width, 0)
    table.height = body.bottom - table.top
    bands = widgets.rows(
        table, len(tally) + 1, height=widgets.px(size, 30), gap=widgets.px(size, 3)
    )
    titles = widgets.columns(bands[0], TALLY_WEIGHTS, gap=4)[1:]
    for cell, word in zip(titles, TALLY_TITLES, strict=True):
        widgets.text(surface, word, widgets.px(size, 15), theme.TEXT_DIM, cell, align="center")
    for band, line in zip(bands[1:], tally, strict=True):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if line.seat in winners else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, -6), TALLY_WEIGHTS, gap=4)
        widgets.chip(surface, cells[0], line.colour, label=line.colour)
        values = (
            f"{line.stashes} F",
            f"{line.bourgeois} +{line.bourgeois_money}",
            f"-{line.policeman_paid}" if line.policeman else "no",
            f"{line.operational} +{line.operational_money}",
            f"{line.total} F",
        )
        for index, (cell, value) in enumerate(zip(cells[1:], values, strict=True)):
            bold = index == len(values) - 1
            widgets.text(surface, value, round(band.height * (0.8 if bold else 0.65)),
                         theme.TEXT, cell, align="center", bold=bold)  # fmt: skip
    widgets.footer(surface, frame.footer, hint, flash)
