"""Drawing shared by the Apocalypse screens (tracker and full game): tokens, cards, the trick
(or the last one's result), the score strip and the results.

Both modes offer what these need through small protocols: ``Tokens`` (the suits in play,
the black ones, whether an Apocalypse is on) and ``CardFace`` (a card as drawn). The
TRACKER's state and plays are these already; the FULL game's card ids become
``full_model.Face`` and ``full_model.TokenState``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Final, Protocol

import pygame

from companion.i18n import tr, trn
from companion.rules.apocalypse import ApocalypseState
from companion.rules.apocalypse.tracker import TrackerState
from companion.rules.apocalypse.tricks import player_name
from companion.ui import theme, widgets
from companion.ui.apocalypse.words import suit_word
from companion.ui.game_model import names_key
from companion.ui.stats import victory_words

BLACK_SIDE: Final[theme.RGB] = (12, 12, 14)
ALARM: Final[theme.RGB] = (200, 30, 40)
CHAOS_FILL: Final[theme.RGB] = (70, 40, 90)
TRANQUILITY_FILL: Final[theme.RGB] = (215, 225, 230)
SCORES_ON_ONE_ROW: Final = 4
"""More players than this: the score strip takes two rows (the words stay large)."""


def score_rows(players: int) -> int:
    """The rows of the score strip for ``players``."""
    return 1 if players <= SCORES_ON_ONE_ROW else 2


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
        letter_px = max(theme.floor_px("table", surface.get_size()), round(radius * 1.4))
        widgets.text(surface, letter, letter_px, ink, box, align="center", bold=True, role="table")
    words = pygame.Rect(area.right - words_w, area.top, words_w - 6, area.height)
    if state.apocalypse:
        widgets.text(
            surface,
            tr("APOCALYPSE!"),
            theme.floor_px("table", surface.get_size()),
            theme.TEXT,
            words,
            align="right",
            bold=True,
            role="table",
        )
    else:
        widgets.paragraph(
            surface,
            _tokens_words(state.coloured),
            theme.floor_px("body", surface.get_size()),
            theme.TEXT_DIM,
            words,
            role="body",
        )


def _tokens_words(coloured: Sequence[str]) -> str:
    """How many tokens are still coloured: ``"3 tokens coloured"``, or the last one's suit."""
    if len(coloured) == 1:
        token = theme.seat_name(coloured[0], suit_word(coloured[0]))
        return tr("{token}: the last coloured token").format(token=token)
    count = len(coloured)
    return trn("{count} token coloured", "{count} tokens coloured", count).format(count=count)


def _card_words(play: CardFace) -> tuple[theme.RGB, list[str], str]:
    """A card's fill, its name (longest first: a Special card's shorter name where the whole
    word does not fit; its value says it too) and its value."""
    if play.kind == "horseman" and play.suit is not None:
        value = "?" if play.value is None else str(play.value)
        return theme.SEAT_COLOURS[play.suit], [theme.SEAT_LETTERS[play.suit]], value
    if play.kind == "chaos":
        return CHAOS_FILL, [tr("Chaos"), tr("Ch.")], "5"
    return TRANQUILITY_FILL, [tr("Tranq."), tr("Tr.")], "0"


def draw_card(
    surface: pygame.Surface, rect: pygame.Rect, play: CardFace, *, role: theme.Role = "table"
) -> None:
    """A played card: a Horseman in its suit's colour with letter and value; Chaos dark
    with the token it turned; Tranquility pale; a skip as a dim outline. Its words as large
    as ``role`` (a card on the table: ``"table"``; a card in a hand: ``"body"``); a card too
    low for two lines says it on one ("R8")."""
    size = surface.get_size()
    radius = max(3, rect.width // 8)
    body_px = theme.floor_px("body", size)
    if play.kind == "skip":
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)
        skip = tr("skip")
        widgets.text(surface, skip, body_px, theme.TEXT_DIM, rect, align="center", role="body")
        return
    fill, top, middle = _card_words(play)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    ink = theme.text_colour_on(fill)
    words_px = max(theme.floor_px(role, size), widgets.fill_px(rect.height // 3))
    line_h = widgets.line_height(words_px, bold=True)
    flips = play.kind == "chaos" and play.token is not None
    lines = [top, [middle]]
    if rect.height < 2 * line_h + (widgets.line_height(body_px) if flips else 0):
        lines = [[f"{top[0]}{middle}"] if play.kind == "horseman" else top]
    band_h = line_h if len(lines) == 1 else min(rect.height // 3, line_h + 4)
    block = len(lines) * band_h + (widgets.line_height(body_px) if flips else 0)
    y = rect.top + max(0, (rect.height - block) // 2)
    for options in lines:
        band = pygame.Rect(rect.left + 2, y, rect.width - 4, band_h)
        shown = widgets.first_fitting(options, words_px, band.width, bold=True)
        widgets.text(surface, shown, words_px, ink, band, align="center", bold=True, role=role)
        y += band_h
    if flips and play.token is not None:
        band = pygame.Rect(rect.left + 2, y, rect.width - 4, widgets.line_height(body_px))
        widgets.text(
            surface,
            tr("flips {letter}").format(letter=theme.SEAT_LETTERS[play.token]),
            body_px,
            theme.SEAT_COLOURS[play.token],
            band,
            align="center",
            bold=True,
            role="body",
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
    names: Mapping[str, str] | None = None,
) -> None:
    """The trick, ``seats`` in playing order: each seat's name (``actor``'s lit; the first
    ``people`` seats marked "you", or named by the roster's ``names``) over its card, or over
    an empty place."""
    cells = widgets.columns(area, [1.0] * len(seats), gap=max(3, area.width // 120))
    screen = surface.get_size()
    body_px = theme.floor_px("body", screen)
    label_h = max(widgets.line_height(body_px), round(cells[0].height * 0.22)) if cells else 0
    shown = {
        seat: widgets.first_fitting(
            _seat_labels(seat, people, names or {}), body_px, cell.width, bold=True
        )
        for seat, cell in zip(seats, cells, strict=True)
    }
    asked_px = max(body_px, round(widgets.fill_px(label_h) * name_scale))
    size_px = min(  # one size for every seat's label: the one the longest fits at
        [widgets.fit_px(w, "body", asked_px, cells[0].width, screen=screen, bold=True)
         for w in shown.values()],
        default=asked_px,
    )  # fmt: skip
    for seat, cell in zip(seats, cells, strict=True):
        label = pygame.Rect(cell.left, cell.top, cell.width, label_h)
        ink = theme.TEXT if seat == actor else theme.TEXT_DIM
        widgets.text(
            surface, shown[seat], size_px, ink, label, align="center", bold=seat == actor,
            role="body",
        )  # fmt: skip
        card = pygame.Rect(cell.left, label.bottom + 2, cell.width, cell.bottom - label.bottom - 2)
        face = cards.get(seat)
        if face is None:
            widgets.panel(surface, card, focused=seat == actor)
        else:
            draw_card(surface, card, face)


def draw_trick_result(
    surface: pygame.Surface,
    area: pygame.Rect,
    headline: str,
    detail: str,
    *,
    alarm: bool,
    short: str = "",
) -> None:
    """The last trick's result: its ``headline`` (red for an Apocalypse: ``alarm``; its
    ``short`` form where it cannot be whole), then ``detail`` small where there is room
    left (the headline comes whole first)."""
    widgets.panel(surface, area)
    size = surface.get_size()
    inner = area.inflate(-12, -8)
    table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
    room = max(1, inner.height // widgets.line_height(table_px, bold=True))
    options = [headline, short] if short else [headline]
    headline = widgets.first_wrapping(options, table_px, inner.width, lines=room, bold=True)
    lines = len(widgets.wrap(headline, table_px, inner.width, bold=True))
    line_h = widgets.line_height(table_px, bold=True)
    head_h = min(max(1, lines), max(1, (inner.height - widgets.line_height(body_px)) // line_h))
    if head_h < lines:  # the headline whole before the detail: it gives way
        head_h = min(lines, max(1, inner.height // line_h))
    head = pygame.Rect(inner.left, inner.top, inner.width, head_h * line_h)
    colour = theme.BAD if alarm else theme.TEXT
    widgets.paragraph(surface, headline, table_px, colour, head, role="table", bold=True)
    rest = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
    shown = _fitting_start(detail, body_px, rest)
    if shown:
        widgets.paragraph(surface, shown, body_px, theme.TEXT_DIM, rest, role="body")


def _fitting_start(detail: str, px: int, box: pygame.Rect) -> str:
    """As many of ``detail``'s first clauses as fit ``box`` at ``px`` (less, not smaller:
    the type floors), ending with a full stop; empty when not even the first fits."""
    lines_room = box.height // widgets.line_height(px)
    clauses = re.split(r"(?<=[.;]) ", detail)  # each keeps its own "." or ";"
    shown = ""
    for count in range(1, len(clauses) + 1):
        candidate = " ".join(clauses[:count]).rstrip(".;") + "."
        if len(widgets.wrap(candidate, px, box.width)) > lines_room:
            break
        shown = candidate
    return shown


def sentence(words: str) -> str:
    """``words`` as a sentence: a capital first letter and a full stop at the end (the
    rules' words are clauses: ``"red 2 is the lowest of red (P6)"``)."""
    words = words.strip()
    if not words:
        return ""
    words = words[0].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else f"{words}."


def sentences(*parts: str) -> str:
    """Each of ``parts`` as a sentence, one after the other (empty parts left out)."""
    return " ".join(sentence(part) for part in parts if part.strip())


def points_words(points: int) -> str:
    """``"14 points"``, ``"1 point"``."""
    return trn("{count} point", "{count} points", points).format(count=points)


def short_headline(winner: str | None, *, apocalypse: bool) -> str:
    """A resolved trick's headline where the whole one has no room: ``"Apocalypse: P4
    wins"``, ``"P4 wins"`` (``winner`` None: nobody)."""
    if winner is None:
        return tr("Apocalypse: nobody wins") if apocalypse else tr("nobody wins")
    if apocalypse:
        return tr("Apocalypse: {winner} wins").format(winner=winner)
    return tr("{winner} wins").format(winner=winner)


def trick_headline(number: int | None, winner: str | None, taken: str, *, apocalypse: bool) -> str:
    """A resolved trick's headline: ``"Trick 2, an Apocalypse: P4 takes 4 cards, 14
    points"`` (``number`` None: ``"Last trick"``; ``winner`` None: nobody)."""
    trick = tr("Last trick") if number is None else tr("Trick {number}").format(number=number)
    if winner is None:
        if apocalypse:
            return tr("{trick}, an Apocalypse: nobody wins").format(trick=trick)
        return tr("{trick}: nobody wins").format(trick=trick)
    if apocalypse:
        headline = tr("{trick}, an Apocalypse: {winner} takes {taken}")
    else:
        headline = tr("{trick}: {winner} takes {taken}")
    return headline.format(trick=trick, winner=winner, taken=taken)


def draw_scores(
    surface: pygame.Surface,
    area: pygame.Rect,
    points: Sequence[int],
    totals: Sequence[int],
    names: Mapping[str, str] | None = None,
) -> None:
    """Each player's ``points`` this round and total so far, large, across ``area`` (with a
    small "round / total" first when there is room); a player's name from the roster's
    ``names`` beside the seat where it fits."""
    size = surface.get_size()
    table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
    label = tr("round / total")
    rows = score_rows(len(points))
    with_label = rows == 1
    bands = widgets.rows(area, rows, height=area.height // rows, gap=0)
    per_row = -(-len(points) // rows)
    cells = []
    for band in bands:
        weights = ([0.8] if with_label else []) + [1.0] * per_row
        cells += widgets.columns(band, weights, gap=4)
    if with_label:
        widgets.paragraph(surface, label, body_px, theme.TEXT_DIM, cells[0], role="body")
        cells = cells[1:]
    named = names or {}
    for seat, cell in enumerate(cells[: len(points)]):
        score = f"{points[seat]}/{totals[seat]}"
        options = [
            f"{_with_name(player_name(seat), named)} {score}",
            f"{player_name(seat)} {score}",
        ]
        words = widgets.first_fitting(options, table_px, cell.width)
        widgets.text(surface, words, table_px, theme.TEXT, cell, align="center", role="table")


def draw_results(
    surface: pygame.Surface,
    state: ApocalypseState | TrackerState,
    winners: Sequence[int],
    *,
    title: str,
    names: Mapping[str, str] | None = None,
) -> None:
    """A game's results: the headline (the winners by the roster's ``names`` where they
    have one), then per player each round's score (a Duel swap marked, ruling P12) and the
    total; the winners lit (ruling P11)."""
    size = surface.get_size()
    layout = widgets.page(surface, title, tr("results"))
    body = layout.body.inflate(-2 * widgets.px(size, 8), -2 * widgets.px(size, 6))
    table_px = theme.floor_px("table", size)
    options = [
        _winner_words(state.totals, winners, names or {}),
        _winner_words(state.totals, winners, {}),
    ]
    headline = widgets.first_wrapping(options, table_px, body.width, lines=2, bold=True)
    lines = len(widgets.wrap(headline, table_px, body.width, bold=True))
    top_h = min(2, max(1, lines)) * widgets.line_height(table_px, bold=True)
    top = pygame.Rect(body.left, body.top, body.width, top_h)
    widgets.paragraph(surface, headline, table_px, theme.GOOD, top, role="table", bold=True)
    key = names_key([player_name(seat) for seat in range(len(state.totals))], names or {})
    key_h = widgets.key_height(key, theme.floor_px("body", size), body.width)
    table = pygame.Rect(body.left, top.bottom + widgets.px(size, 6), body.width, 0)
    table.height = body.bottom - key_h - table.top
    rounds = [(result.scores, result.swapped) for result in state.rounds]
    bottom = _results_table(surface, table, rounds, state.totals, set(winners))
    key_top = bottom + widgets.px(size, 4)
    widgets.names_key(surface, pygame.Rect(body.left, key_top, body.width, key_h), key)


def _winner_words(totals: Sequence[int], winners: Sequence[int], named: Mapping[str, str]) -> str:
    """The winners, by the roster's names where they have one (``"P3 Anna"``)."""
    if not winners:
        return ""
    best = totals[winners[0]]
    names = [_with_name(player_name(w), named) for w in winners]
    each = trn("{count} point each (ruling P11)", "{count} points each (ruling P11)", best)
    alone = trn("{count} point, the fewest", "{count} points, the fewest", best)
    and_word = tr("and")  # several winners: "P1 and P3"
    joiner = f" {and_word} "
    return victory_words(
        names, each=each.format(count=best), alone=alone.format(count=best), joiner=joiner
    )


def _seat_labels(seat: int, people: int, names: Mapping[str, str]) -> list[str]:
    """A seat's label, longest first: ``"P1"``, ``"P1 (you)"`` for a person's seat; for a
    named one ``"P1 Anna Maria"``, ``"P1 Anna"`` (the first word), ``"P1"``."""
    key = player_name(seat)
    if key in names:
        name = names[key]
        return [f"{key} {name}", f"{key} {name.split()[0]}", key]
    return [tr("{seat} (you)").format(seat=key), key] if seat < people else [key]


def _with_name(seat: str, named: Mapping[str, str]) -> str:
    """``"P3"``, or ``"P3 Anna"`` with the roster's player there."""
    return f"{seat} {named[seat]}" if seat in named else seat


def _results_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    rounds: Sequence[tuple[Sequence[int], bool]],
    totals: Sequence[int],
    winners: set[int],
) -> int:
    """The table's rows in ``area``; the bottom of the last one."""
    size = surface.get_size()
    table_px, body_px = theme.floor_px("table", size), theme.floor_px("body", size)
    weights = [1.0] + [1.0] * len(rounds) + [1.2]
    head_h = widgets.line_height(body_px) + widgets.px(size, 2)
    header = pygame.Rect(area.left, area.top, area.width, head_h)
    titles = [tr("round {number}").format(number=k + 1) for k in range(len(rounds))]
    titles.append(tr("total"))
    for cell, words in zip(widgets.columns(header, weights, gap=4)[1:], titles, strict=True):
        widgets.text(surface, words, body_px, theme.TEXT_DIM, cell, align="center", role="body")
    rest = pygame.Rect(area.left, header.bottom, area.width, area.bottom - header.bottom)
    bands = widgets.rows(rest, len(totals), height=widgets.px(size, 30), gap=widgets.px(size, 3))
    for seat, band in enumerate(bands):
        fill = theme.mix(theme.PANEL, theme.GOOD, 0.25) if seat in winners else theme.PANEL
        widgets.panel(surface, band, fill=fill)
        cells = widgets.columns(band.inflate(-4, 0), weights, gap=4)
        name = player_name(seat)
        widgets.text(surface, name, table_px, theme.TEXT, cells[0], align="center", bold=True,
                     role="table")  # fmt: skip
        for cell, (scores, swapped) in zip(cells[1:], rounds, strict=False):
            score = str(scores[seat])
            words = tr("{score} swapped").format(score=score) if swapped else score
            widgets.text(surface, words, round(body_px * 1.25), theme.TEXT, cell, align="center",
                         role="body")  # fmt: skip
        widgets.text(surface, str(totals[seat]), table_px, theme.TEXT, cells[-1], align="center",
                     bold=True, role="table")  # fmt: skip
    return bands[-1].bottom if bands else area.top
