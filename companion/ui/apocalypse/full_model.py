"""The Apocalypse FULL game without pygame: virtual hands, bots, and the people's choices.

The companion deals (the session's chance actions, journaled). Seats ``0 .. humans-1`` are
people who play on this screen (a shared screen shows the hand of the person to play, so
FULL mode is for one person against bots, or for watching bots); the others are
``HeuristicBot``s, each acting ``bot_pause_ns`` (``ApocalypseFullTuning``) after the last
action so the table can follow the cards.

A person's steps (each one's options end with "Menu": the game menu at any moment):

    step    what is asked                     buttons
    hand    which card (playable ones lit)    previous/next move, select plays;
                                              a colour: that suit's next card
    token   the token Chaos flips             a colour, or previous/next + select
    name    who opens the next trick (P8)     previous/next + select
    choose  who starts the round (P10)        previous/next + select

Back steps out of the token question; otherwise it takes back the person's own last card
or naming and stops there, while nothing was revealed since: once a bot has played (its
card is seen) or a round's cards were dealt, it is refused with the reason, so nobody can
probe the bots' hands by playing, watching and undoing (``FullGameModel.undo_to_person``).
With nothing of a person's to undo, and on select while the bots play, the game menu is
asked for. The scene
(``companion.ui.apocalypse.full``) drives it as a ``GameModel`` (``companion.ui.game_model``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from companion.bots.apocalypse import HeuristicBot
from companion.i18n import marked, tr
from companion.rules.apocalypse import (
    APOCALYPSE,
    NAMING,
    OVER,
    PLAY,
    SUITS,
    Action,
    ApocalypseState,
    NameFirst,
    Play,
    card_ids,
    card_name,
)
from companion.rules.apocalypse.cards import (
    CHAOS_MASK,
    FIRST_TRANQUILITY,
    NUM_HORSEMEN,
    SUIT_OF,
    VALUE_OF,
)
from companion.rules.apocalypse.tricks import player_name
from companion.session import Step
from companion.ui.apocalypse.words import suit_word
from companion.ui.game_model import MENU, FullGameModel, FullTuning, Reply, named_seat

FullStep = Literal["hand", "token", "name", "choose", "wait", "over"]
_PROMPTS: Final[dict[str, str]] = {
    "hand": marked("{who}: play a card"),
    "token": marked("{who}: Chaos, which token turns black?"),
    "name": marked("{who}: who opens the next trick?"),
}
"""A person's question by step (``{who}``: the seat asked)."""
_OVER: Final = marked("The game is over")


@dataclass(frozen=True, slots=True)
class ApocalypseFullTuning(FullTuning):
    """The Apocalypse FULL game's pause (``FullTuning``)."""


@dataclass(frozen=True, slots=True)
class Face:
    """A card as drawn (``companion.ui.apocalypse.view.CardFace``): ``kind`` horseman,
    chaos, tranquility or skip."""

    kind: str
    suit: str | None = None
    value: int | None = None
    token: str | None = None


@dataclass(frozen=True, slots=True)
class TokenState:
    """The tokens as drawn (``companion.ui.apocalypse.view.Tokens``)."""

    suits: tuple[str, ...]
    black: tuple[str, ...]
    apocalypse: bool

    @property
    def coloured(self) -> tuple[str, ...]:
        return tuple(s for s in self.suits if s not in self.black)


def face_of(card: int, token: str | None = None) -> Face:
    """A card id as drawn."""
    if card < NUM_HORSEMEN:
        return Face("horseman", SUITS[SUIT_OF[card]], VALUE_OF[card])
    if card < FIRST_TRANQUILITY:
        return Face("chaos", token=token)
    return Face("tranquility")


@dataclass(frozen=True, slots=True)
class HandCard:
    card: int
    face: Face
    playable: bool


class ApocalypseFullModel(FullGameModel[ApocalypseState, Action]):
    """A FULL game in progress (see the module docstring)."""

    _revealed_words = marked("the cards were dealt")

    chaos_card: int | None = None
    """The Chaos card chosen, waiting for its token (step ``token``)."""

    # -- what the screen shows --

    @property
    def viewer(self) -> int:
        """Whose hand the screen shows: the person to play, else the first person."""
        person = self.person
        return person if person is not None else 0

    @property
    def step(self) -> FullStep:
        state = self.state
        if state.phase == OVER:
            return "over"
        if self.person is None:
            return "wait"
        if state.phase == PLAY:
            return "token" if self.chaos_card is not None else "hand"
        return "name" if state.phase == NAMING else "choose"

    def tokens(self) -> TokenState:
        state = self.state
        suits = tuple(SUITS[s] for s in state.suits)
        black = tuple(s for s in suits if state.tokens >> SUITS.index(s) & 1)
        return TokenState(suits, black, state.is_apocalypse)

    def hand(self) -> list[HandCard]:
        """The viewer's hand (people only), by suit then value, Specials last."""
        if self.humans == 0:
            return []
        state = self.state
        seat = self.viewer
        playable = set(APOCALYPSE.playable_cards(state, seat)) if self.person == seat else set()
        cards = card_ids(state.hands[seat])
        return [HandCard(c, face_of(c), c in playable) for c in sorted(cards, key=_order)]

    def trick_faces(self) -> dict[int, Face]:
        """The cards on the table, by seat (a Chaos card with the token it flipped)."""
        state = self.state
        flipped = {flip.card: SUITS[flip.suit] for flip in state.flips}
        return {seat: face_of(card, flipped.get(card)) for seat, card in state.trick}

    def prompt(self) -> str:
        step, state = self.step, self.state
        who = named_seat(player_name(self.person or 0), self.names)
        if step == "choose":
            best = max(state.totals)
            if state.totals.count(best) == 1 and state.totals[self.person or 0] == best:
                asked = tr("{who} has the most points: who starts round {round}?")
                return asked.format(who=who, round=state.round)
            asked = tr("Tie for the most points: {who} won the last trick and chooses (P10)")
            return asked.format(who=who)
        if step == "wait":
            actor = APOCALYPSE.actor(state)
            if actor is None:
                return ""
            return tr("{bot} (bot) is thinking").format(bot=player_name(actor))
        return tr(_PROMPTS.get(step, _OVER)).format(who=who)

    # -- the buttons --

    def move(self, delta: int) -> None:
        count = len(self._choices())
        if count:
            self.focus = (self.focus + delta) % count

    def select(self, now_ns: int) -> Reply:
        """Play or name the focused option; on "Menu" and while the bots play, the game
        menu."""
        if self.step == "wait":
            return MENU
        return self.pick(self.focus, now_ns)

    @property
    def menu_index(self) -> int | None:
        """Where the "Menu" option is (after the others); None while no person is asked."""
        count = len(self._choices())
        return count - 1 if count else None

    def pick(self, index: int, now_ns: int) -> Reply:
        step = self.step
        if 0 <= index < len(self._choices()):
            self.focus = index
        if index == self.menu_index:
            return MENU
        if step == "hand":
            hand = self.hand()
            if 0 <= index < len(hand):
                self._play_card(hand[index], now_ns)
        elif step == "token":
            coloured = self.tokens().coloured
            if 0 <= index < len(coloured):
                self._play_chaos(coloured[index], now_ns)
        elif step in ("name", "choose") and 0 <= index < self.state.players:
            self._apply(NameFirst(index), now_ns)
        return None

    def colour(self, colour: str, button: str, now_ns: int) -> None:
        """A seat colour's button: that suit's next card in the hand, or a token."""
        step = self.step
        if step == "token":
            self._play_chaos(colour, now_ns)
        elif step == "hand":
            hand = self.hand()
            mine = [i for i, c in enumerate(hand) if c.face.suit == colour]
            if not mine:
                self.notices.append(tr("no {suit} card in the hand").format(suit=suit_word(colour)))
                return
            after = [i for i in mine if i > self.focus]
            on_suit = self.focus < len(hand) and hand[self.focus].face.suit == colour
            self.focus = after[0] if after and on_suit else mine[0]

    def back(self) -> Reply:
        """Out of the token question, else take back the person's last choice (refused,
        with the reason, once something was revealed since); with nothing of a person's to
        undo, the game menu (to leave)."""
        if self.chaos_card is not None:
            self.chaos_card = None
            return None
        if not self.undo_to_person():
            return MENU
        self._reset_focus()
        return None

    # -- helpers --

    def _choices(self) -> list[object]:
        """The options of the step, then "Menu" (no options while no person is asked)."""
        step = self.step
        options: list[object] = []
        if step == "hand":
            options = list(self.hand())
        elif step == "token":
            options = list(self.tokens().coloured)
        elif step in ("name", "choose"):
            options = list(range(self.state.players))
        return [*options, MENU] if options else []

    def _play_card(self, card: HandCard, now_ns: int) -> None:
        if card.face.kind == "chaos" and self.tokens().coloured:
            if not card.playable:
                self._apply(Play("chaos", self.tokens().coloured[0]), now_ns)  # its refusal
                return
            if len(self.tokens().coloured) == 1:
                self._play_chaos(self.tokens().coloured[0], now_ns)
                return
            self.chaos_card, self.focus = card.card, 0
            return
        self._apply(Play(card_name(card.card)), now_ns)

    def _play_chaos(self, token: str, now_ns: int) -> None:
        self.chaos_card = None
        self._apply(Play("chaos", token), now_ns)

    def _bot(self, seat: int) -> HeuristicBot:
        return HeuristicBot(seat)

    def _after(self, before: ApocalypseState) -> None:
        """The alarm when the Apocalypse begins; the focus on the next question."""
        after = self.state
        resolved = after.last_trick if after.last_trick is not before.last_trick else None
        began = after.is_apocalypse or (resolved is not None and resolved.apocalypse)
        if began and not before.is_apocalypse:
            self.cues.append("apocalypse")
        self._reset_focus()

    def _is_mine(self, step: Step[Action]) -> bool:
        """A person's card or naming (not a deal, not a bot's move)."""
        return isinstance(step.action, Play | NameFirst) and self.is_person(step.actor)

    def _reset_focus(self) -> None:
        self.chaos_card = None
        step = self.step
        self.focus = 0
        if step == "hand":
            hand = self.hand()
            self.focus = next((i for i, c in enumerate(hand) if c.playable), 0)
        elif step in ("name", "choose") and self.person is not None:
            self.focus = self.person


def _order(card: int) -> tuple[int, int]:
    if card < NUM_HORSEMEN:
        return (SUIT_OF[card], VALUE_OF[card])
    return (len(SUITS) + (0 if CHAOS_MASK >> card & 1 else 1), card)
