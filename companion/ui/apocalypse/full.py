"""The Apocalypse FULL game on screen: virtual hands, bots, tokens, the trick and the scores.

From the top: the tokens (and the APOCALYPSE alarm), the trick seat by seat, the question
(whose turn, or which bot is thinking), the person's hand (playable cards lit; the others
dim) or the seats to name, then "Menu" at the row's right end, and the round's points and
totals. The buttons are in ``companion.ui.apocalypse.full_model``; the mouse clicks a
card, a token, a seat or "Menu" (a click elsewhere, the title bar say, opens the game
menu too). The last trick's result shows between tricks. The
game menu and the rest of the plumbing: ``companion.ui.game_scene``.

``ApocalypseFullResultsScene``: every round and the totals; select returns to the start
menu.
"""

from __future__ import annotations

from typing import Final

import pygame

from companion.i18n import marked, said, tr
from companion.rules.apocalypse import APOCALYPSE, NOBODY, ApocalypseState
from companion.rules.apocalypse.tricks import TrickResult, player_name
from companion.ui import theme, widgets
from companion.ui.apocalypse.full_model import ApocalypseFullModel, Face, HandCard, face_of
from companion.ui.apocalypse.view import (
    CardFace,
    draw_card,
    draw_results,
    draw_scores,
    draw_tokens,
    draw_trick,
    draw_trick_result,
    points_words,
    score_rows,
    sentences,
    short_headline,
    trick_headline,
)
from companion.ui.apocalypse.words import card_words, suit_word
from companion.ui.game_menu import MENU_HINT
from companion.ui.game_scene import GameResultsScene, GameScene, choice_grid
from companion.ui.scenes import BaseScene

TITLE: Final = marked("Apocalypse — full game")
NAMING: Final = marked("Previous/Next: player · Select: name them · Back: undo · Last: menu")
HINTS: Final = {
    "hand": marked("Previous/Next: card · Select: play · Back: undo · Last: menu"),
    "token": marked("A colour, or Previous/Next + Select: the token · Back: another card"),
    "name": NAMING,
    "choose": NAMING,
}
"""The footer's words, by step (the others: ``HINT``; translated where drawn); the last
option, or a click on the title bar, is the game menu."""
HINT: Final = marked("The bots are playing · Back: undo your last choice · Select: game menu")


class ApocalypseFullScene(GameScene[ApocalypseFullModel]):
    """The game (see the module docstring)."""

    def results(self) -> BaseScene:
        return ApocalypseFullResultsScene(self.app, self.model)

    def choice_rects(self) -> list[tuple[int, pygame.Rect]]:
        return list(enumerate(_choice_rects(self.app.size, self.model)))

    def click_elsewhere(self, pos: tuple[int, int], now_ns: int) -> None:
        self.menu.show()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        model, state = self.model, self.model.state
        layout = ApocalypseFullLayout(size, model)
        right = tr("round {round} of 3").format(round=state.round)
        widgets.page(surface, tr(TITLE), right)
        draw_tokens(surface, layout.tokens, model.tokens())
        _draw_table(surface, layout.trick, model)
        widgets.paragraph(
            surface,
            model.prompt(),
            theme.floor_px("table", size),
            theme.TEXT,
            layout.prompt,
            bold=True,
            role="table",
        )
        _draw_choices(surface, layout, model)
        draw_scores(surface, layout.scores, state.points, state.totals, model.names)
        hint = tr(HINTS.get(model.step, HINT))
        self.draw_footer(surface, hint, now_ns, menu_hint=tr(MENU_HINT))


class ApocalypseFullResultsScene(GameResultsScene[ApocalypseFullModel]):
    """The game's result (see the module docstring)."""

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        names = self.model.names
        title = tr(TITLE)
        draw_results(surface, self.model.state, self.winners(), title=title, names=names)
        self.draw_hint(surface, tr("Select: start menu"), now_ns)


# --- layout and drawing ----------------------------------------------------------------------


class ApocalypseFullLayout:
    """Where everything goes on one screen size (computed, never stored between frames).
    While a seat is named (steps ``name`` and ``choose``) the seats take the bottom of the
    table's place, under the last trick's result: apart from it, the hand still in view."""

    def __init__(self, size: tuple[int, int], model: ApocalypseFullModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 8), -2 * px(size, 4))
        self.tokens = pygame.Rect(body.left, body.top, body.width, px(size, 40))
        strip = score_rows(model.state.players) * px(size, 25)
        self.scores = pygame.Rect(body.left, body.bottom - strip, body.width, strip)
        hand_h = px(size, 52)
        self.hand = pygame.Rect(body.left, self.scores.top - px(size, 4) - hand_h, body.width, 0)
        self.hand.height = hand_h
        table_px = theme.floor_px("table", size)
        lines = len(widgets.wrap(model.prompt(), table_px, body.width, bold=True))
        prompt_h = min(2, max(1, lines)) * widgets.line_height(table_px, bold=True)
        self.prompt = pygame.Rect(body.left, self.hand.top - prompt_h - 2, body.width, prompt_h)
        top = self.tokens.bottom + px(size, 4)
        bottom = self.prompt.top - px(size, 4)
        seats_h = px(size, 34) if model.step in ("name", "choose") else 0
        self.seats = pygame.Rect(body.left, bottom - seats_h, body.width, seats_h)
        """The seats to name (empty unless one is named)."""
        table_bottom = self.seats.top - px(size, 4) if seats_h else bottom
        self.trick = pygame.Rect(body.left, top, body.width, table_bottom - top)


def _choice_rects(size: tuple[int, int], model: ApocalypseFullModel) -> list[pygame.Rect]:
    """The options on screen, by index: the step's, then "Menu" at the row's right end."""
    layout = ApocalypseFullLayout(size, model)
    step = model.step
    row = layout.seats if step in ("name", "choose") else layout.hand
    options, menu = _with_menu(size, row)
    if step == "hand":
        return [*_hand_rects(options, len(model.hand())), menu]
    if step == "token":
        count = len(model.tokens().coloured)
        return [*_spread(options, count, widest=layout.hand.width // 4), menu]
    if step in ("name", "choose"):
        count = model.state.players
        return [*_spread(options, count, widest=layout.seats.width // 4), menu]
    return []


MENU_W: Final = 60
"""The "Menu" option's width at 480x320."""


def _with_menu(size: tuple[int, int], row: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """A row of options split: the options' place, and "Menu" at its right end."""
    width = widgets.px(size, MENU_W)
    gap = widgets.px(size, 6)
    options = pygame.Rect(row.left, row.top, row.width - width - gap, row.height)
    return options, pygame.Rect(options.right + gap, row.top, width, row.height)


def _draw_choices(
    surface: pygame.Surface, layout: ApocalypseFullLayout, model: ApocalypseFullModel
) -> None:
    rects = _choice_rects(surface.get_size(), model)
    if rects:
        _draw_menu_option(surface, rects.pop(), focused=model.focus == model.menu_index)
    step = model.step
    if step == "hand":
        for index, (card, rect) in enumerate(zip(model.hand(), rects, strict=True)):
            _draw_hand_card(surface, rect, card, focused=index == model.focus)
    elif step == "token":
        for index, (suit, rect) in enumerate(zip(model.tokens().coloured, rects, strict=True)):
            label = suit_word(suit)
            widgets.chip(
                surface, rect.inflate(-4, -rect.height // 3), suit, label=label, role="table"
            )
            if index == model.focus:
                pygame.draw.rect(surface, theme.TEXT, rect, width=3, border_radius=6)
    elif step in ("name", "choose"):
        _draw_idle_hand(surface, layout, model)
        for index, rect in enumerate(rects):
            widgets.panel(surface, rect, focused=index == model.focus)
            name, size = player_name(index), theme.floor_px("table", surface.get_size())
            widgets.text(
                surface, name, size, theme.TEXT, rect, align="center", bold=True, role="table"
            )
    elif model.humans and step == "wait":
        _draw_idle_hand(surface, layout, model)


def _draw_menu_option(surface: pygame.Surface, rect: pygame.Rect, *, focused: bool) -> None:
    """The "Menu" option: the game menu at any moment."""
    widgets.panel(surface, rect, focused=focused)
    size = theme.floor_px("body", surface.get_size())
    ink = theme.TEXT if focused else theme.TEXT_DIM
    widgets.text(surface, tr("Menu"), size, ink, rect, align="center", bold=True, role="body")


def _draw_idle_hand(
    surface: pygame.Surface, layout: ApocalypseFullLayout, model: ApocalypseFullModel
) -> None:
    """The person's hand while it is not theirs to play (dimmed: nothing to play now)."""
    hand = model.hand()
    for card, rect in zip(hand, _hand_rects(layout.hand, len(hand)), strict=True):
        _draw_hand_card(surface, rect, card, focused=False)


def _hand_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    return _spread(area, count, widest=area.height)


def _spread(area: pygame.Rect, count: int, *, widest: int) -> list[pygame.Rect]:
    """``count`` places side by side across ``area``, each at most ``widest`` wide."""
    gap = max(2, area.width // 160)
    return choice_grid(area, count, rows=1, height=area.height, gap=gap, widest=widest)


def _draw_hand_card(
    surface: pygame.Surface, rect: pygame.Rect, card: HandCard, *, focused: bool
) -> None:
    draw_card(surface, rect, card.face, role="body")
    if not card.playable:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, rect.topleft)
    if focused:
        pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), width=3, border_radius=6)


def _draw_table(surface: pygame.Surface, area: pygame.Rect, model: ApocalypseFullModel) -> None:
    """The trick seat by seat (a skipped seat's place says so), or the last trick's result."""
    state = model.state
    faces = model.trick_faces()
    if not faces and state.last_trick is not None:
        _draw_last_trick(surface, area, state)
        return
    seats = [(state.leader + k) % state.players for k in range(state.players)]
    cards: dict[int, CardFace] = {seat: Face("skip") for seat in state.skipped}
    cards.update(faces)
    actor = APOCALYPSE.actor(state)
    draw_trick(
        surface,
        area,
        seats,
        cards,
        actor=actor,
        name_scale=0.8,
        people=model.humans,
        names=model.names,
    )


def _draw_last_trick(surface: pygame.Surface, area: pygame.Rect, state: ApocalypseState) -> None:
    result = state.last_trick
    assert result is not None
    winner = None if result.winner == NOBODY else player_name(result.winner)
    taken = points_words(result.points)
    words = trick_headline(None, winner, taken, apocalypse=result.apocalypse)
    short = short_headline(winner, apocalypse=result.apocalypse)
    draw_trick_result(
        surface, area, words, trick_note(result), alarm=result.apocalypse, short=short
    )


def trick_note(result: TrickResult) -> str:
    """The rules' words for the trick (``TrickResult.words``), then the cards played, in
    sentences; the players named P1, P2, ... as everywhere in Apocalypse."""
    cards = ", ".join(f"{player_name(seat)} {_card_words(card)}" for seat, card in result.plays)
    played = tr("Played: {cards}").format(cards=cards) if cards else ""
    return sentences(said(result.words), played)


def _card_words(card: int) -> str:
    """A card id in a sentence: ``"red 8"``, ``"Chaos"``, ``"Tranquility"``."""
    face = face_of(card)
    return card_words(face.kind, face.suit, face.value)
