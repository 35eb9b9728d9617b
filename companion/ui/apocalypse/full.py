"""The Apocalypse FULL game on screen: virtual hands, bots, tokens, the trick and the scores.

From the top: the tokens (and the APOCALYPSE alarm), the trick seat by seat, the question
(whose turn, or which bot is thinking), the person's hand (playable cards lit; the others
dim) or the seats to name, and the round's points and totals. The buttons are in
``companion.ui.apocalypse.full_model``; the mouse clicks a card, a token or a seat. The
last trick's result shows between tricks. ``FullResultsScene``: every round and the totals;
select returns to the start menu.
"""

from __future__ import annotations

from typing import Final

import pygame

from companion.errors import CompanionError
from companion.input.controls import seat_of
from companion.input.events import Press
from companion.rules.apocalypse import APOCALYPSE, NOBODY, ApocalypseState, card_words
from companion.ui import theme, widgets
from companion.ui.apocalypse.full_model import ApocalypseFullModel, HandCard
from companion.ui.apocalypse.view import (
    Face,
    draw_card,
    draw_results,
    draw_tokens,
    player_name,
)
from companion.ui.game_menu import MENU_HINT, GameMenu
from companion.ui.scenes import AppContext, BaseScene, NavButton

TITLE: Final = "Apocalypse — full game"


class ApocalypseFullScene(BaseScene):
    """The game (see the module docstring)."""

    def __init__(self, app: AppContext, model: ApocalypseFullModel) -> None:
        super().__init__(app)
        self.model = model
        self.menu = GameMenu()

    # -- input --

    def nav(self, button: NavButton, now_ns: int) -> None:
        if self.menu.open:
            self._menu_chose(self.menu.nav(button))
        elif button in ("previous", "next"):
            self.model.move(-1 if button == "previous" else 1)
        elif button == "select" and self.model.step == "wait":
            self.menu.show()  # the bots are playing: select offers to leave
        elif button == "select":
            self.guarded(lambda: self.model.select(now_ns), now_ns)
        else:
            self.guarded(self._back, now_ns)
        self._after(now_ns)

    def _back(self) -> None:
        if not self.model.back():
            self.menu.show()  # nothing of yours to undo: the game menu

    def _menu_chose(self, row: int | None) -> None:
        if row is not None:  # Leave
            self._leave()

    def seat(self, press: Press, now_ns: int) -> None:
        colour = seat_of(press.control)
        if colour is not None:
            self.guarded(lambda: self.model.colour(colour, now_ns), now_ns)
            self._after(now_ns)

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        if self.menu.open:
            self._menu_chose(self.menu.click(pos, self.app.size))
            return
        for index, rect in enumerate(_choice_rects(self.app.size, self.model)):
            if rect.collidepoint(pos):
                self.model.focus = index
                self.guarded(lambda: self.model.select(now_ns), now_ns)
                self._after(now_ns)
                return
        self.menu.show()  # elsewhere: the game menu

    def _after(self, now_ns: int) -> None:
        self.show_notices(self.model.notices, now_ns)
        if self.model.step == "over" and not self.model.session.closed:
            self.app.stack.replace(FullResultsScene(self.app, self.model))

    def _leave(self) -> None:
        self.model.close()
        self.app.stack.pop()

    # -- time and drawing --

    def update(self, now_ns: int) -> bool:
        changed = False
        try:
            changed = self.model.poll(now_ns)
        except (OSError, CompanionError) as exc:
            self.flashes.add(f"could not save the journal: {exc}", now_ns, theme.BAD)
            changed = True
        self._after(now_ns)
        self.app.sounds.play_all(self.model.cues)
        self.model.cues.clear()
        busy = self.model.step == "wait"  # a bot will act: keep the clock running
        return changed | self.flashes.expire(now_ns) | busy

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        size = surface.get_size()
        model, state = self.model, self.model.state
        layout = _Layout(size, model)
        surface.fill(theme.BACKGROUND)
        right = f"round {state.round} of 3"
        widgets.header(surface, layout.frame.header, TITLE, right)
        draw_tokens(surface, layout.tokens, model.tokens())
        _draw_table(surface, layout.trick, model)
        widgets.text(
            surface, model.prompt(), widgets.px(size, 17), theme.TEXT, layout.prompt, bold=True
        )
        _draw_choices(surface, layout, model)
        _draw_scores(surface, layout.scores, state)
        hint = _hint(model)
        if self.menu.open:
            self.menu.draw(surface)
            hint = MENU_HINT
        widgets.footer(surface, layout.frame.footer, hint, self.flashes.current(now_ns))


class FullResultsScene(BaseScene):
    """The game's result."""

    def __init__(self, app: AppContext, model: ApocalypseFullModel) -> None:
        super().__init__(app)
        self.model = model

    def nav(self, button: NavButton, now_ns: int) -> None:
        if button == "select":
            self.model.close()
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        state = self.model.state
        outcome = APOCALYPSE.outcome(state)
        draw_results(
            surface,
            title=TITLE,
            rounds=[(result.scores, result.swapped) for result in state.rounds],
            totals=state.totals,
            winners=outcome.winners if outcome is not None else (),
            hint="Select: start menu",
        )


# --- layout and drawing ----------------------------------------------------------------------


class _Layout:
    def __init__(self, size: tuple[int, int], model: ApocalypseFullModel) -> None:
        px = widgets.px
        self.frame = widgets.frame(size)
        body = self.frame.body.inflate(-2 * px(size, 8), -2 * px(size, 4))
        self.tokens = pygame.Rect(body.left, body.top, body.width, px(size, 44))
        self.scores = pygame.Rect(body.left, body.bottom - px(size, 20), body.width, px(size, 20))
        hand_h = px(size, 56)
        self.hand = pygame.Rect(body.left, self.scores.top - px(size, 4) - hand_h, body.width, 0)
        self.hand.height = hand_h
        self.prompt = pygame.Rect(body.left, self.hand.top - px(size, 22), body.width, px(size, 20))
        top = self.tokens.bottom + px(size, 4)
        self.trick = pygame.Rect(body.left, top, body.width, self.prompt.top - px(size, 4) - top)


def _choice_rects(size: tuple[int, int], model: ApocalypseFullModel) -> list[pygame.Rect]:
    layout = _Layout(size, model)
    area = layout.hand
    step = model.step
    if step in ("name", "choose"):  # the seats over the table: the hand stays in view
        area = layout.trick.inflate(0, -layout.trick.height // 3)
    if step == "hand":
        count = len(model.hand())
    elif step == "token":
        count = len(model.tokens().coloured)
    elif step in ("name", "choose"):
        count = model.state.players
    else:
        return []
    if step == "hand":
        return _hand_rects(area, count)
    if not count:
        return []
    gap = max(2, area.width // 160)
    width = min(area.width // 4, (area.width - gap * (count - 1)) // count)
    return [
        pygame.Rect(area.left + k * (width + gap), area.top, width, area.height)
        for k in range(count)
    ]


def _draw_choices(surface: pygame.Surface, layout: _Layout, model: ApocalypseFullModel) -> None:
    rects = _choice_rects(surface.get_size(), model)
    step = model.step
    if step == "hand":
        for index, (card, rect) in enumerate(zip(model.hand(), rects, strict=True)):
            _draw_hand_card(surface, rect, card, focused=index == model.focus)
    elif step == "token":
        for index, (suit, rect) in enumerate(zip(model.tokens().coloured, rects, strict=True)):
            widgets.chip(surface, rect.inflate(-4, -rect.height // 3), suit, label=suit)
            if index == model.focus:
                pygame.draw.rect(surface, theme.TEXT, rect, width=3, border_radius=6)
    elif step in ("name", "choose"):
        _draw_idle_hand(surface, layout, model)
        for index, rect in enumerate(rects):
            widgets.panel(surface, rect.inflate(0, -rect.height // 3), focused=index == model.focus)
            widgets.text(
                surface,
                player_name(index),
                round(rect.height * 0.4),
                theme.TEXT,
                rect,
                align="center",
                bold=True,
            )
    elif model.humans and step == "wait":
        _draw_idle_hand(surface, layout, model)


def _draw_idle_hand(surface: pygame.Surface, layout: _Layout, model: ApocalypseFullModel) -> None:
    """The person's hand while it is not theirs to play (dimmed: nothing to play now)."""
    hand = model.hand()
    for card, rect in zip(hand, _hand_rects(layout.hand, len(hand)), strict=True):
        _draw_hand_card(surface, rect, card, focused=False)


def _hand_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    if not count:
        return []
    gap = max(2, area.width // 160)
    width = min(area.height * 3 // 4, (area.width - gap * (count - 1)) // count)
    return [
        pygame.Rect(area.left + k * (width + gap), area.top, width, area.height)
        for k in range(count)
    ]


def _draw_hand_card(
    surface: pygame.Surface, rect: pygame.Rect, card: HandCard, *, focused: bool
) -> None:
    draw_card(surface, rect, card.face)
    if not card.playable:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, rect.topleft)
    if focused:
        pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), width=3, border_radius=6)


def _draw_table(surface: pygame.Surface, area: pygame.Rect, model: ApocalypseFullModel) -> None:
    state = model.state
    faces = model.trick_faces()
    result = state.last_trick
    if not faces and result is not None:
        _draw_last_trick(surface, area, state)
        return
    order = [(state.leader + k) % state.players for k in range(state.players)]
    cells = widgets.columns(area, [1.0] * len(order), gap=max(3, area.width // 120))
    actor = APOCALYPSE.actor(state)
    for seat, cell in zip(order, cells, strict=True):
        label = pygame.Rect(cell.left, cell.top, cell.width, cell.height // 4)
        name = player_name(seat) + (" (you)" if seat < model.humans else "")
        ink = theme.TEXT if seat == actor else theme.TEXT_DIM
        widgets.text(
            surface, name, round(label.height * 0.8), ink, label, align="center", bold=seat == actor
        )
        card = pygame.Rect(cell.left, label.bottom + 2, cell.width, cell.bottom - label.bottom - 2)
        face = faces.get(seat)
        if face is None and seat in state.skipped:
            face = Face("skip")
        if face is None:
            widgets.panel(surface, card, focused=seat == actor)
        else:
            draw_card(surface, card, face)


def _draw_last_trick(surface: pygame.Surface, area: pygame.Rect, state: ApocalypseState) -> None:
    result = state.last_trick
    assert result is not None
    widgets.panel(surface, area)
    inner = area.inflate(-12, -8)
    head = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 3)
    cards = ", ".join(f"{player_name(seat)} {card_words(card)}" for seat, card in result.plays)
    if result.winner == NOBODY:
        words = "Last trick: nobody wins"
    else:
        kind = "Apocalypse: " if result.apocalypse else ""
        words = f"Last trick: {kind}{player_name(result.winner)} takes {result.points} points"
    colour = theme.BAD if result.apocalypse else theme.TEXT
    widgets.text(surface, words, round(head.height * 0.75), colour, head, bold=True)
    rest = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
    widgets.paragraph(surface, cards, round(head.height * 0.6), theme.TEXT_DIM, rest)


def _draw_scores(surface: pygame.Surface, area: pygame.Rect, state: ApocalypseState) -> None:
    cells = widgets.columns(area, [1.4] + [1.0] * state.players, gap=4)
    size_px = round(area.height * 0.75)
    widgets.text(surface, "round / total", size_px, theme.TEXT_DIM, cells[0])
    for seat, cell in enumerate(cells[1:]):
        words = f"{player_name(seat)}:  {state.points[seat]} / {state.totals[seat]}"
        widgets.text(surface, words, size_px, theme.TEXT, cell, align="center")


def _hint(model: ApocalypseFullModel) -> str:
    step = model.step
    if step == "hand":
        return "Previous/Next: card · Select: play · A colour: that suit · Back: undo"
    if step == "token":
        return "A colour, or Previous/Next + Select: the token · Back: another card"
    if step in ("name", "choose"):
        return "Previous/Next: player · Select: name them · Back: undo"
    return "The bots are playing · Back: undo your last choice · Select: game menu"
