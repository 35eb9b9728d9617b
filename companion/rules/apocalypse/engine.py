"""The Apocalypse engine (FULL mode): its state, the game, the steps and the checks.

Module order follows OpenSpiel: constants, game metadata, the state, the game, helpers.
The rules decisions are listed in the package docstring (``companion.rules.apocalypse``);
the pure rules functions (following, tokens, trick resolution, scoring) are in
:mod:`companion.rules.apocalypse.tricks`, shared with the TRACKER.

Each action makes its new state with ``state._replace(...)``: a step reads the old state,
works out what the action changes and returns the state with those fields replaced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import reduce
from operator import or_
from typing import Any, Final, NamedTuple

from companion.rules.apocalypse.actions import (
    CHAOS_CHOICES,
    DEALS,
    FIRSTS,
    PLAYS,
    Action,
    Deal,
    DealCards,
    NameFirst,
    Play,
    action_from_json,
    action_to_json,
    action_words,
    card_type_words,
)
from companion.rules.apocalypse.cards import (
    BIT,
    CHAOS,
    CHAOS_MASK,
    DUEL_SPECIALS,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    HAND_SIZES,
    HORSEMAN_MASK,
    HORSEMEN_OF,
    NO_SUIT,
    NUM_CARDS,
    PLAYERS,
    SUIT_INDEX,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    SUITS_IN_PLAY,
    TRANQUILITY,
    TRANQUILITY_MASK,
    TYPE_INDEX,
    TYPE_MASK,
    as_is,
    card_ids,
    card_name,
    card_words,
    default_suits,
    is_duel,
    lowest_card,
    mask_of,
    names_of,
    nth_card,
    points_of,
    suit_words,
)
from companion.rules.apocalypse.tricks import (
    NOBODY,
    ROUNDS,
    RoundResult,
    TrickResult,
    all_black,
    awaited,
    blocked_specials,
    game_winners,
    leading_suit,
    naming_words,
    next_chooser,
    playable,
    player_name,
    resolve_trick,
    round_over,
    score_round,
    token_names,
    turned_token,
    winners_words,
)
from companion.rules.base import CHANCE, JSON, Engine, Outcome, SetupError, illegal, int_value
from companion.rules.setup import check_setup_options, setup_first, setup_players
from companion.words import joined, say

# --- constants -------------------------------------------------------------------------------

DEAL: Final = "deal"
"""Chance deals the round's cards one by one (ruling P3; actor CHANCE)."""
CHOOSE: Final = "choose"
"""Rounds 2 and 3: the chooser names the round's first player (ruling P10)."""
PLAY: Final = "play"
"""A trick is being played: the seat whose turn it is plays a card (ruling P4)."""
NAMING: Final = "name"
"""The trick's winner names the next first player (ruling P8)."""
OVER: Final = "over"
PHASES: Final = (DEAL, CHOOSE, PLAY, NAMING, OVER)

DEFAULT_PLAYERS: Final = 4
SETUP_KEYS: Final = ("players", "suits", "drop", "first")

# --- game metadata ---------------------------------------------------------------------------

NAME: Final = "apocalypse"
RULES_VERSION: Final = "1"


# --- the state -------------------------------------------------------------------------------


class Flip(NamedTuple):
    """A token turned black (ruling P5): its suit, by which seat's card, in which round."""

    suit: int
    seat: int
    card: int
    round: int


class ApocalypseState(NamedTuple):
    """A moment of an Apocalypse game: an immutable record (cheap to copy with ``_replace``
    and to compare).

    Cards are ids and sets of cards bit masks (:mod:`companion.rules.apocalypse.cards`);
    suits and tokens are suit indexes (bit ``s`` of a token mask is suit ``SUITS[s]``).

    The game, constant: ``players``, ``suits`` (the suits in play), ``first`` (round 1's
    first player), ``cards`` (the mask of the cards in the game) and ``token_mask`` (the
    tokens in play). The round: ``phase``, ``round`` (1-3) and ``dealt`` (cards dealt so far
    this round). Where every card is, each card in exactly one place: ``deck`` (the cards
    still to deal; set aside after the deal), ``discard``, ``in_trick`` (the trick's cards),
    ``hands`` and ``won`` (each seat's hand and won pile, ruling P6). The trick: ``leader``
    (its first player; -1 while dealing or choosing), ``turn`` (the seat to act: the seat
    being dealt to during the deal, the namer in ``name`` and ``choose``; -1 once over),
    ``trick`` (``(seat, card)`` plays in order), ``skipped`` (seats that could not play,
    ruling P4) and ``lead`` (the leading suit, ``NO_SUIT`` while unset). Tokens: ``tokens``
    (the mask of black tokens) and ``flips`` (the flips since the last Apocalypse; they
    persist across rounds, ruling P5). Results: ``rounds`` (the scored rounds),
    ``last_winner`` (the winner of the last trick that had one, ``NOBODY`` if none) and
    ``last_trick`` (the last resolved trick, with its reason in words).

    What follows from these is a property: ``points`` (what each seat's won cards score this
    round), ``totals`` (the sum of the scored rounds), the tokens by name, the hand sizes.
    """

    players: int
    suits: tuple[int, ...]
    first: int
    cards: int
    token_mask: int
    phase: str
    round: int
    dealt: int
    deck: int
    discard: int
    in_trick: int
    hands: tuple[int, ...]
    won: tuple[int, ...]
    leader: int
    turn: int
    trick: tuple[tuple[int, int], ...]
    skipped: tuple[int, ...]
    lead: int
    tokens: int
    flips: tuple[Flip, ...]
    rounds: tuple[RoundResult, ...]
    last_winner: int
    last_trick: TrickResult | None

    @property
    def hand_size(self) -> int:
        """Cards dealt to each hand (ruling P3)."""
        return HAND_SIZES[self.players]

    @property
    def is_apocalypse(self) -> bool:
        """Every token in play is black: the trick being played is an Apocalypse (P5)."""
        return all_black(self.tokens, self.token_mask)

    @property
    def suit_names(self) -> tuple[str, ...]:
        return tuple(SUITS[s] for s in self.suits)

    @property
    def lead_suit(self) -> str | None:
        """The leading suit's name, ``None`` while no Horseman card is in the trick."""
        return None if self.lead == NO_SUIT else SUITS[self.lead]

    @property
    def black_tokens(self) -> list[str]:
        return token_names(self.tokens)

    @property
    def coloured_tokens(self) -> list[str]:
        return token_names(self.token_mask & ~self.tokens)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(hand.bit_count() for hand in self.hands)

    @property
    def points(self) -> tuple[int, ...]:
        """What each seat's won cards score so far this round (ruling P9)."""
        return tuple(points_of(pile) for pile in self.won)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total of the rounds scored so far (ruling P11)."""
        if not self.rounds:
            return (0,) * self.players
        return tuple(map(sum, zip(*(result.scores for result in self.rounds), strict=True)))


# --- the game --------------------------------------------------------------------------------


class Apocalypse(Engine[ApocalypseState, Action]):
    """Apocalypse with rulings P1-P12 (2 players: the Duel).

    Two doors (python-chess style): :meth:`apply` checks the action and raises
    ``IllegalAction`` naming the rule; :meth:`apply_unchecked` trusts its caller (bots and
    simulation play only legal actions). :meth:`deal_round` draws a whole round's deal as one
    chance action, for simulation.
    """

    name = NAME
    rules_version = RULES_VERSION

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        check_setup_options(setup, NAME, SETUP_KEYS)
        players = setup_players(setup, PLAYERS, "ruling P1", default=DEFAULT_PLAYERS)
        suits = _setup_suits(setup, players)
        first = setup_first(setup, players, "the seat of round 1's first player")
        return {"players": players, "suits": suits, "first": first}

    def initial_state(self, setup: dict[str, JSON], seed: int) -> ApocalypseState:
        players, suits, first = setup["players"], setup["suits"], setup["first"]
        assert isinstance(players, int) and isinstance(suits, list) and isinstance(first, int)
        suit_ids = tuple(sorted(SUIT_INDEX[str(s)] for s in suits))
        cards = _game_cards(players, suit_ids)
        return ApocalypseState(
            players=players,
            suits=suit_ids,
            first=first,
            cards=cards,
            token_mask=sum(1 << s for s in suit_ids),
            phase=DEAL,
            round=1,
            dealt=0,
            deck=_deal_pool(players, cards),
            discard=0,
            in_trick=0,
            hands=_round_hands(players),
            won=(0,) * players,
            leader=NOBODY,
            turn=0,
            trick=(),
            skipped=(),
            lead=NO_SUIT,
            tokens=0,
            flips=(),
            rounds=(),
            last_winner=NOBODY,
            last_trick=None,
        )

    # -- whose turn, what is legal --

    def num_seats(self, state: ApocalypseState) -> int:
        return state.players

    def actor(self, state: ApocalypseState) -> int | None:
        if state.phase == DEAL:
            return CHANCE
        return None if state.phase == OVER else state.turn

    def legal_actions(self, state: ApocalypseState) -> Sequence[Action]:
        if state.phase == PLAY:
            return play_actions(state)
        if state.phase in (NAMING, CHOOSE):
            return FIRSTS[: state.players]
        return tuple(action for action, _ in self.chance_outcomes(state))

    def chance_outcomes(self, state: ApocalypseState) -> Sequence[tuple[Action, float]]:
        """Ruling P3: the next card dealt is any card still in the deck, each equally
        likely: one outcome per card TYPE, with probability (its cards) / (cards left)."""
        if state.phase != DEAL:
            return ()
        deck = state.deck
        left = deck.bit_count()
        outcomes: list[tuple[Action, float]] = [
            (DEALS[card], 1 / left) for card in card_ids(deck & HORSEMAN_MASK)
        ]
        for special in (CHAOS, TRANQUILITY):
            count = (deck & TYPE_MASK[special]).bit_count()
            if count:
                outcomes.append((DEALS[special], count / left))
        return tuple(outcomes)

    def deal_round(self, state: ApocalypseState, rng: random.Random) -> DealCards:
        """Chance for simulation: the rest of the round's deal as ONE action, in the order of
        one ``rng.shuffle`` of the deck. Dealing its cards in order gives each card the
        distribution of :meth:`chance_outcomes` (a uniform draw without replacement)."""
        cards = list(card_ids(state.deck))
        rng.shuffle(cards)
        left = state.hand_size * state.players - state.dealt
        return DealCards(tuple(card_name(card) for card in cards[:left]))

    # -- applying actions --

    def apply(self, state: ApocalypseState, action: Action) -> ApocalypseState:
        """The state after ``action``, checked: ``IllegalAction`` names the rule broken."""
        if not isinstance(action, Deal | DealCards | Play | NameFirst):
            raise illegal(
                say("the apocalypse actions"),
                as_is(str(action)),
                say("not an apocalypse action"),
            )
        _check_action(state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: ApocalypseState, action: Action) -> ApocalypseState:
        """The state after ``action`` WITHOUT checking it (for bots and simulation, which
        only play legal actions); an illegal action gives an undefined state."""
        if isinstance(action, Play):
            return _play(state, action)
        if isinstance(action, NameFirst):
            return _name_first(state, action.seat)
        if isinstance(action, Deal):
            return _deal(state, (action.card,))
        return _deal(state, action.cards)

    # -- what the screens need --

    def playable_cards(self, state: ApocalypseState, seat: int | None = None) -> tuple[int, ...]:
        """The card ids ``seat`` (default: the seat to play) may play now (ruling P4)."""
        seat = state.turn if seat is None else seat
        if state.phase != PLAY:
            return ()
        return card_ids(playable(state.hands[seat], state.lead, state.in_trick))

    # -- views and scores --

    def view(self, state: ApocalypseState, seat: int) -> JSON:
        """What ``seat`` sees: its own hand by name, every hand's size, the trick, tokens,
        won cards and points (all played face up), the scores; never another hand or the
        cards still to deal or set aside (only their count)."""
        return {
            "seat": seat,
            "players": state.players,
            "suits": list(state.suit_names),
            "phase": state.phase,
            "round": state.round,
            "actor": self.actor(state),
            "hand": names_of(state.hands[seat]),
            "hand_sizes": list(state.hand_sizes),
            "deck_count": state.deck.bit_count(),
            "leader": state.leader,
            "trick": [[s, card_name(card)] for s, card in state.trick],
            "skipped": list(state.skipped),
            "lead": state.lead_suit,
            "tokens": {SUITS[s]: bool(state.tokens >> s & 1) for s in state.suits},
            "apocalypse": state.phase == PLAY and state.is_apocalypse,
            "won": [names_of(w) for w in state.won],
            "round_points": list(state.points),
            "rounds": [_round_view(r) for r in state.rounds],
            "totals": list(state.totals),
            "last_trick": _trick_view(state.last_trick),
            "legal": (
                [str(a) for a in self.legal_actions(state)] if self.actor(state) == seat else []
            ),
        }

    def scores(self, state: ApocalypseState) -> tuple[float, ...]:
        """Ruling P11: each seat's total points of the rounds scored so far."""
        return state.totals

    def outcome(self, state: ApocalypseState) -> Outcome | None:
        if state.phase != OVER:
            return None
        totals = state.totals
        return Outcome(scores=totals, winners=game_winners(totals), reason=winners_words(totals))

    def check_invariants(
        self, state: ApocalypseState, *, since: ApocalypseState | None = None
    ) -> None:
        """Every card in exactly one place (deck or set aside, hands, trick, won piles,
        discard: ruling P2); the trick as the rules build it (P4, P5); the black tokens are
        the flips since the last Apocalypse (P5); the rounds scored are the rounds played
        (P9, P11). (Points and totals are worked out from the cards, so they always agree.)"""
        _check_cards(state)
        _check_trick(state)
        _check_tokens(state)
        _check_rounds(state)

    # -- JSON --

    def action_to_json(self, action: Action) -> JSON:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def state_to_json(self, state: ApocalypseState) -> JSON:
        return {
            "players": state.players,
            "suits": list(state.suit_names),
            "first": state.first,
            "phase": state.phase,
            "round": state.round,
            "deck": card_ids(state.deck),
            "dealt": state.dealt,
            "hands": [card_ids(h) for h in state.hands],
            "leader": state.leader,
            "turn": state.turn,
            "trick": [[seat, card] for seat, card in state.trick],
            "skipped": state.skipped,
            "lead": state.lead_suit,
            "tokens": state.black_tokens,
            "flips": [
                {"suit": SUITS[f.suit], "seat": f.seat, "card": f.card, "round": f.round}
                for f in state.flips
            ],
            "won": [card_ids(w) for w in state.won],
            "discard": card_ids(state.discard),
            "points": state.points,
            "rounds": [r.to_json() for r in state.rounds],
            "totals": state.totals,
            "last_winner": None if state.last_winner == NOBODY else state.last_winner,
            "last_trick": None if state.last_trick is None else state.last_trick.to_json(),
        }

    def state_from_json(self, data: Any) -> ApocalypseState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"not an apocalypse state: {exc!r}") from exc


def play_actions(state: ApocalypseState) -> tuple[Play, ...]:
    """The legal plays (phase ``play``, rulings P4, P5), in a stable order: one per playable
    Horseman card by id, then the Special plays (:func:`_legal_plays`)."""
    horsemen, specials = _legal_plays(state)
    return (*(PLAYS[card] for card in card_ids(horsemen)), *specials)


def random_play(state: ApocalypseState, rng: random.Random) -> Play:
    """A uniformly random legal play with one ``rng.random()`` draw: the same play as
    ``play_actions(state)[int(rng.random() * len(play_actions(state)))]``, without listing
    the Horseman plays (a random bot's pick)."""
    horsemen, specials = _legal_plays(state)
    count = horsemen.bit_count()
    pick = int(rng.random() * (count + len(specials)))
    return PLAYS[nth_card(horsemen, pick)] if pick < count else specials[pick - count]


def _legal_plays(state: ApocalypseState) -> tuple[int, tuple[Play, ...]]:
    """The legal plays of the seat to play in two parts: its playable Horseman cards (a
    mask, ruling P4) and its Special plays: a Chaos card once per coloured token it may
    turn, or once without a token when every token is black (ruling P5), then
    Tranquility."""
    cards = playable(state.hands[state.turn], state.lead, state.in_trick)
    specials = CHAOS_CHOICES[state.token_mask & ~state.tokens] if cards & CHAOS_MASK else ()
    if cards & TRANQUILITY_MASK:
        specials += (PLAYS[TRANQUILITY],)
    return cards & HORSEMAN_MASK, specials


# --- helpers: the steps ----------------------------------------------------------------------


def _deal(state: ApocalypseState, names: Sequence[str]) -> ApocalypseState:
    """Ruling P3: each card dealt (a type name: the lowest id of the type left) goes to the
    seat being dealt to, seat by seat. After the round's last card, round 1 starts with the
    setup's first player; in rounds 2 and 3 the chooser names the first player (P10)."""
    deck, hands, dealt, size = state.deck, list(state.hands), state.dealt, state.hand_size
    for name in names:
        card = lowest_card(deck & TYPE_MASK[TYPE_INDEX[name]])
        deck ^= BIT[card]
        hands[dealt // size] |= BIT[card]
        dealt += 1
    if dealt < size * state.players:
        return state._replace(deck=deck, hands=tuple(hands), dealt=dealt, turn=dealt // size)
    if state.round == 1:
        return state._replace(
            deck=deck, hands=tuple(hands), dealt=dealt, phase=PLAY, leader=state.first,
            turn=state.first,
        )  # fmt: skip
    chooser = next_chooser(state.totals, state.last_winner, _last_first(state))
    return state._replace(deck=deck, hands=tuple(hands), dealt=dealt, phase=CHOOSE, turn=chooser)


def _last_first(state: ApocalypseState) -> int:
    """The first player of the last trick played (ruling P10's last resort), else of round
    1 (no trick yet)."""
    last = state.last_trick
    return state.first if last is None or last.first_player == NOBODY else last.first_player


def _name_first(state: ApocalypseState, seat: int) -> ApocalypseState:
    """Rulings P8 and P10: the named seat opens the next trick."""
    return state._replace(phase=PLAY, leader=seat, turn=seat)


def _play(state: ApocalypseState, action: Play) -> ApocalypseState:
    """Ruling P4: the seat to play puts a card of the type named (its lowest id) in the
    trick; the first Horseman card sets the leading suit. Ruling P5: the card may turn a
    token. Then the next seat that can play is to play, the seats before it with no playable
    card skipping (P4); a trick every seat played or skipped is resolved (:func:`_resolve`).
    """
    seat = state.turn
    card = lowest_card(state.hands[seat] & TYPE_MASK[TYPE_INDEX[action.card]])
    token = NO_SUIT if action.token is None else SUIT_INDEX[action.token]
    turned = turned_token(SUIT_OF[card], token, state.tokens)
    tokens, flips = state.tokens, state.flips
    if turned != NO_SUIT:
        tokens |= 1 << turned
        flips = (*flips, Flip(turned, seat, card, state.round))
    hands = _replaced(state.hands, seat, state.hands[seat] ^ BIT[card])
    trick = (*state.trick, (seat, card))
    in_trick = state.in_trick | BIT[card]
    lead = state.lead if state.lead != NO_SUIT else SUIT_OF[card]
    turn, skipped = _next_player(state, hands, in_trick, len(trick))
    if turn == NOBODY:  # every seat played or skipped
        return _resolve(
            state, hands=hands, in_trick=in_trick, trick=trick, skipped=skipped, lead=lead,
            tokens=tokens, flips=flips,
        )  # fmt: skip
    return state._replace(
        hands=hands, in_trick=in_trick, trick=trick, skipped=skipped, lead=lead, tokens=tokens,
        flips=flips, turn=turn,
    )  # fmt: skip


def _next_player(
    state: ApocalypseState, hands: tuple[int, ...], in_trick: int, played: int
) -> tuple[int, tuple[int, ...]]:
    """Ruling P4: after ``played`` plays and ``state.skipped``, the next seat clockwise
    from the leader that can play (with ``hands`` and ``in_trick`` as the last play left
    them), and the skips so far with the seats before it, which cannot: a seat can play
    unless it holds nothing but Special cards of a kind already in the trick (following only
    narrows which cards it may play). ``NOBODY`` is next once every seat played or skipped.
    """
    blocked = blocked_specials(in_trick)
    skipped = state.skipped
    for k in range(played + len(skipped), state.players):
        seat = (state.leader + k) % state.players
        if hands[seat] & ~blocked:
            return seat, skipped
        skipped = (*skipped, seat)
    return NOBODY, skipped


def _resolve(
    state: ApocalypseState,
    *,
    hands: tuple[int, ...],
    in_trick: int,
    trick: tuple[tuple[int, int], ...],
    skipped: tuple[int, ...],
    lead: int,
    tokens: int,
    flips: tuple[Flip, ...],
) -> ApocalypseState:
    """The state after the play that completed the trick: ``state`` is the state before
    it, the keyword arguments what that play made of those fields (:func:`_play`).

    Rulings P6 and P7: the winner takes their cards (:func:`resolve_trick`), the rest is
    discarded; after an Apocalypse every token turns coloured again (P5). Then the winner
    names the next first player (P8), a trick without a winner is opened again by its first
    player (P7), or a hand is empty and the round ends (P9)."""
    apocalypse = all_black(tokens, state.token_mask)
    result = resolve_trick(trick, skipped, lead, apocalypse)
    winner = result.winner
    if winner == NOBODY:
        phase, turn, won, last_winner = PLAY, state.leader, state.won, state.last_winner
    else:
        phase, turn, last_winner = NAMING, winner, winner
        won = _replaced(state.won, winner, state.won[winner] | result.taken)
    resolved = state._replace(
        phase=phase,
        turn=turn,
        hands=hands,
        in_trick=0,
        discard=state.discard | in_trick & ~result.taken,
        won=won,
        trick=(),
        skipped=(),
        lead=NO_SUIT,
        tokens=0 if apocalypse else tokens,
        flips=() if apocalypse else flips,
        last_winner=last_winner,
        last_trick=result,
    )
    return _end_round(resolved) if round_over(hands) else resolved


def _end_round(state: ApocalypseState) -> ApocalypseState:
    """Ruling P9 (scoring, :func:`score_round`), P11 (three rounds): the game ends with the
    last round left on the table, or the next round is dealt; the tokens stay as they are
    (ruling P5)."""
    rounds = (*state.rounds, score_round(state.round, state.won, state.hands))
    if state.round == ROUNDS:
        return state._replace(rounds=rounds, phase=OVER, turn=NOBODY)
    return state._replace(
        rounds=rounds,
        phase=DEAL,
        round=state.round + 1,
        dealt=0,
        deck=_deal_pool(state.players, state.cards),
        discard=0,
        hands=_round_hands(state.players),
        won=(0,) * state.players,
        leader=NOBODY,
        turn=0,
    )


def _replaced(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with ``values[index]`` replaced by ``value``."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)


# --- helpers: checks for the checked door ----------------------------------------------------


def _check_action(state: ApocalypseState, action: Action) -> None:
    """The rule that refuses ``action`` in ``state``, as an ``IllegalAction``: first an
    action of another moment (:func:`_check_moment`), then the rules of its own."""
    _check_moment(state, action)
    if isinstance(action, Play):
        _check_play(state, action)
    elif isinstance(action, NameFirst):
        _check_first(state, action)
    elif isinstance(action, Deal):
        _check_deal(state, action, (action.card,))
    else:
        _check_deal(state, action, action.cards)


_MOMENTS: Final = {DEAL: "deal", PLAY: "play", NAMING: "name", CHOOSE: "choose", OVER: "over"}
"""The moment of :func:`~companion.rules.apocalypse.tricks.awaited` each phase is."""
_ACTION_PHASES: Final = {
    Deal: (DEAL,),
    DealCards: (DEAL,),
    Play: (PLAY,),
    NameFirst: (NAMING, CHOOSE),
}
"""The phases in which each kind of action is awaited."""


def _check_moment(state: ApocalypseState, action: Action) -> None:
    """An action of another moment (a card played while a first player is to be named...)
    is refused by the rule of the moment, naming what it awaits and from whom."""
    if state.phase not in _ACTION_PHASES[type(action)]:
        rule, reason = awaited(_MOMENTS[state.phase], state.turn, state.round)
        raise illegal(rule, action_words(action), reason)


_DEAL_RULE: Final = say("ruling P3 (the deal)")
_FOLLOWING: Final = say("ruling P4 (following)")
_CHAOS_RULE: Final = say("ruling P5 (Chaos)")


def _check_deal(state: ApocalypseState, action: Action, names: Sequence[str]) -> None:
    """Ruling P3: each card named is still in the deck (after the ones named before it),
    and the round's deal has that many cards left. Chance's actions, which no person
    enters, are named in their text form (``deal red-8``), the cards by their type names."""
    left = state.hand_size * state.players - state.dealt
    if len(names) > left:
        raise illegal(
            _DEAL_RULE,
            as_is(str(action)),
            say(
                "{count} cards, but only {left} are left to deal this round",
                count=len(names),
                left=left,
            ),
        )
    deck = state.deck
    for name in names:
        of_type = deck & TYPE_MASK[TYPE_INDEX[name]] if name in TYPE_INDEX else 0
        if not of_type:
            raise illegal(
                _DEAL_RULE,
                as_is(str(action)),
                say(
                    "no {card} is left to deal (suits in play: {suits})",
                    card=as_is(name),
                    suits=joined(", ", map(suit_words, state.suit_names)),
                ),
            )
        deck ^= BIT[lowest_card(of_type)]


def _check_play(state: ApocalypseState, action: Play) -> None:
    kind = TYPE_INDEX.get(action.card)
    seat, hand = state.turn, state.hands[state.turn]
    if kind is None or not hand & TYPE_MASK[kind]:
        held = card_type_words(action.card)
        reason = say("{player} holds no {card}", player=player_name(seat), card=held)
        raise illegal(_FOLLOWING, action_words(action), reason)
    if kind >= CHAOS and state.in_trick & TYPE_MASK[kind]:
        raise illegal(
            say("ruling P4 (one copy per trick)"),
            action_words(action),
            say(
                "a {card} card is already in this trick",
                card=card_words(lowest_card(TYPE_MASK[kind])),
            ),
        )
    lead = state.lead
    if kind < CHAOS and lead != NO_SUIT and SUIT_OF[kind] != lead and hand & SUIT_MASK[lead]:
        raise illegal(
            _FOLLOWING,
            action_words(action),
            say(
                "{player} holds a {suit} card ({cards}): the leading suit is {suit}, so play "
                "one of them or a Special card",
                player=player_name(seat),
                suit=suit_words(SUITS[lead]),
                cards=joined(", ", map(card_words, card_ids(hand & SUIT_MASK[lead]))),
            ),
        )
    _check_token(state, action, kind)


def _check_token(state: ApocalypseState, action: Play, kind: int) -> None:
    if kind != CHAOS:
        if action.token is not None:
            reason = say("only a Chaos card names a token to flip")
            raise illegal(say("ruling P5 (tokens)"), action_words(action), reason)
        return
    coloured = state.coloured_tokens
    tokens = joined(", ", map(suit_words, coloured))
    if action.token is None and coloured:
        reason = say("a Chaos card MUST flip a coloured token: name one of {tokens}", tokens=tokens)
        raise illegal(_CHAOS_RULE, action_words(action), reason)
    if action.token is not None and action.token not in coloured:
        if coloured:
            reason = say(
                "the {token} token is not a coloured token in play; name one of {tokens}",
                token=suit_words(action.token),
                tokens=tokens,
            )
        else:
            reason = say("every token is already black: flip none (no token)")
        raise illegal(_CHAOS_RULE, action_words(action), reason)


def _check_first(state: ApocalypseState, action: NameFirst) -> None:
    if type(action.seat) is not int or not 0 <= action.seat < state.players:
        rule = say("ruling P8 (the next first player)")
        if state.phase == CHOOSE:
            rule = say("ruling P10 (the next round's first player)")
        reason = naming_words(state.turn, state.players)
        raise illegal(rule, action_words(action), reason)


# --- helpers: the invariants -----------------------------------------------------------------


def _check_cards(state: ApocalypseState) -> None:
    """Ruling P2: every card of the game in exactly one place. The places' masks partition
    the game's cards when their sum and their union are both the game's cards (a card in two
    places makes the sum exceed the union)."""
    places = (state.deck, state.discard, state.in_trick, *state.hands, *state.won)
    if sum(places) != state.cards or reduce(or_, places) != state.cards:
        raise AssertionError(_conservation_failure(state))


def _check_trick(state: ApocalypseState) -> None:
    """The trick's plays are its cards, each once, and its leading suit is its first
    Horseman card's (ruling P4); fewer plays and skips than seats (a full trick is resolved
    at once); a Horseman card played has its token black (P5). Between tricks nothing is in
    the trick and the tokens are not all black (an Apocalypse is resolved with its trick)."""
    if not state.trick:
        assert not state.skipped and not state.in_trick and state.lead == NO_SUIT, (
            f"no trick, but skips {state.skipped}, cards {card_ids(state.in_trick)} or a "
            f"leading suit {state.lead}"
        )
        assert not state.is_apocalypse, (
            "every token is black between tricks: an Apocalypse was not resolved (ruling P5)"
        )
        return
    cards = [card for _, card in state.trick]
    assert mask_of(cards) == state.in_trick and len(cards) == state.in_trick.bit_count(), (
        f"trick {state.trick} != its cards {card_ids(state.in_trick)}"
    )
    assert state.lead == leading_suit(cards), f"leading suit {state.lead} of {state.trick}"
    assert len(cards) + len(state.skipped) < state.players, (
        f"a complete trick {state.trick} (skipped {state.skipped}) was not resolved"
    )
    assert not state.in_trick & HORSEMAN_MASK & ~HORSEMEN_OF[state.tokens], (
        f"a Horseman card of {state.trick} was played but its token is coloured (ruling P5)"
    )


def _check_tokens(state: ApocalypseState) -> None:
    """Ruling P5: the black tokens are the tokens in play turned by the flips since the last
    Apocalypse, each once, each by a Horseman card of its suit or a Chaos card (no suit).
    (That the card was played is the cards' check: it left the hand for the trick.)"""
    black = 0
    for flip in state.flips:
        suit, card = flip.suit, flip.card
        turned_by = card < FIRST_TRANQUILITY and SUIT_OF[card] in (suit, NO_SUIT)
        assert turned_by and not black >> suit & 1, (
            f"flip {flip}: a token turned twice, or by a card neither of its suit nor Chaos (P5)"
        )
        black |= 1 << suit
    assert black == state.tokens and not black & ~state.token_mask, (
        f"black tokens {state.tokens:#x} != the flips {state.flips} (tokens in play "
        f"{state.token_mask:#x}, ruling P5)"
    )


def _check_rounds(state: ApocalypseState) -> None:
    """Rulings P9 and P11: the rounds scored are the rounds before this one (and this one
    too once the game is over); someone is to act until the game is over."""
    scored = state.round if state.phase == OVER else state.round - 1
    assert len(state.rounds) == scored, (
        f"{len(state.rounds)} rounds scored in round {state.round} ({state.phase})"
    )
    assert 0 <= state.turn < state.players or state.phase == OVER, (
        f"seat {state.turn} is to act in a {state.players}-player game"
    )


def _conservation_failure(state: ApocalypseState) -> str:
    """The slow, explicit explanation of a failed conservation check."""
    places = {
        "deck": state.deck,
        "discard": state.discard,
        "trick": state.in_trick,
        **{f"hand {s}": h for s, h in enumerate(state.hands)},
        **{f"won {s}": w for s, w in enumerate(state.won)},
    }
    where: dict[int, list[str]] = {}
    for place, mask in places.items():
        for card in card_ids(mask):
            where.setdefault(card, []).append(place)
    twice = {card_words(c): p for c, p in where.items() if len(p) > 1}
    missing = [card_words(c) for c in card_ids(state.cards) if c not in where]
    extra = [card_words(c) for c in where if not state.cards & BIT[c]]
    return (
        f"cards not conserved (ruling P2): in two places {twice}; nowhere {missing}; "
        f"not in this game {extra}"
    )


# --- helpers: setup --------------------------------------------------------------------------


def _setup_suits(setup: Mapping[str, Any], players: int) -> list[str]:
    wanted = SUITS_IN_PLAY[players]
    rule = "ruling P12" if is_duel(players) else "ruling P2"
    suits, drop = setup.get("suits"), setup.get("drop")
    if drop is not None:
        if players not in (3, 4) or drop not in SUITS:
            raise SetupError(
                f"setup 'drop' names the suit 3 or 4 players leave out, one of "
                f"{', '.join(SUITS)} (ruling P2); got {drop!r} for {players} players"
            )
        dropped = [s for s in SUITS if s != drop]
        if suits is not None and (
            not isinstance(suits, list | tuple) or set(map(str, suits)) != set(dropped)
        ):
            raise SetupError(f"setup 'suits' {suits!r} and 'drop' {drop!r} disagree")
        suits = dropped
    if suits is None:
        suits = list(default_suits(players))
    if (
        not isinstance(suits, list | tuple)
        or not all(isinstance(s, str) and s in SUITS for s in suits)
        or len(set(suits)) != len(suits)
        or len(suits) != wanted
    ):
        raise SetupError(
            f"setup 'suits' must be {wanted} different suits of {', '.join(SUITS)} for "
            f"{players} players ({rule}), got {suits!r}"
        )
    return [s for s in SUITS if s in suits]


def _game_cards(players: int, suits: tuple[int, ...]) -> int:
    """The cards in the game (ruling P2, P12): the suits in play, and one Chaos and one
    Tranquility per seat (the Duel: three of each)."""
    horsemen = sum(SUIT_MASK[s] for s in suits)
    specials = DUEL_SPECIALS if is_duel(players) else players
    return horsemen | _copies(FIRST_CHAOS, specials) | _copies(FIRST_TRANQUILITY, specials)


def _copies(first: int, count: int) -> int:
    return sum(BIT[first : first + count])


def _deal_pool(players: int, cards: int) -> int:
    """What chance deals each round: the Horseman cards; the Duel shuffles its Special cards
    in too (ruling P12)."""
    return cards if is_duel(players) else cards & HORSEMAN_MASK


def _round_hands(players: int) -> tuple[int, ...]:
    """The hands before the deal: 1 Chaos and 1 Tranquility each (ruling P3); empty in the
    Duel."""
    if is_duel(players):
        return (0, 0)
    return tuple(BIT[FIRST_CHAOS + seat] | BIT[FIRST_TRANQUILITY + seat] for seat in range(players))


# --- helpers: views --------------------------------------------------------------------------


def _trick_view(result: TrickResult | None) -> JSON:
    if result is None:
        return None
    return {
        "plays": [[seat, card_name(card)] for seat, card in result.plays],
        "skipped": list(result.skipped),
        "lead": None if result.lead == NO_SUIT else SUITS[result.lead],
        "apocalypse": result.apocalypse,
        "winner": None if result.winner == NOBODY else result.winner,
        "taken": names_of(result.taken),
        "points": result.points,
        "reason": result.reason,
    }


def _round_view(result: RoundResult) -> JSON:
    return {
        "round": result.round,
        "won": [names_of(w) for w in result.won],
        "kept": [names_of(k) for k in result.kept],
        "raw": list(result.raw),
        "scores": list(result.scores),
        "swapped": result.swapped,
    }


# --- helpers: JSON ---------------------------------------------------------------------------


def _mask(values: Any) -> int:
    ids = [int_value(v) for v in values]
    if any(not 0 <= c < NUM_CARDS for c in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"card ids are different integers 0 to {NUM_CARDS - 1}: {ids}")
    return mask_of(ids)


def _masks(values: Any, players: int, what: str) -> tuple[int, ...]:
    masks = tuple(_mask(v) for v in values)
    if len(masks) != players:
        raise ValueError(f"{len(masks)} {what} for {players} players")
    return masks


def _suit_index(name: Any) -> int:
    if name not in SUIT_INDEX:
        raise ValueError(f"unknown suit {name!r}")
    return SUIT_INDEX[name]


def _state_from_json(data: Any) -> ApocalypseState:
    players = int_value(data["players"])
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise ValueError(f"{players} players (ruling P1: 2 to 6)")
    suits = tuple(sorted(_suit_index(s) for s in data["suits"]))
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    trick = tuple((int_value(seat), int_value(card)) for seat, card in data["trick"])
    lead, last_winner, last_trick = data["lead"], data["last_winner"], data["last_trick"]
    state = ApocalypseState(
        players=players,
        suits=suits,
        first=int_value(data["first"]),
        cards=_game_cards(players, suits),
        token_mask=sum(1 << s for s in suits),
        phase=str(data["phase"]),
        round=int_value(data["round"]),
        dealt=int_value(data["dealt"]),
        deck=_mask(data["deck"]),
        discard=_mask(data["discard"]),
        in_trick=_mask([card for _, card in trick]),
        hands=_masks(data["hands"], players, "hands"),
        won=_masks(data["won"], players, "won piles"),
        leader=int_value(data["leader"]),
        turn=int_value(data["turn"]),
        trick=trick,
        skipped=tuple(int_value(s) for s in data["skipped"]),
        lead=NO_SUIT if lead is None else _suit_index(lead),
        tokens=sum(1 << _suit_index(s) for s in data["tokens"]),
        flips=tuple(
            Flip(
                _suit_index(f["suit"]),
                int_value(f["seat"]),
                int_value(f["card"]),
                int_value(f["round"]),
            )
            for f in data["flips"]
        ),
        rounds=tuple(RoundResult.from_json(r) for r in data["rounds"]),
        last_winner=NOBODY if last_winner is None else int_value(last_winner),
        last_trick=None if last_trick is None else TrickResult.from_json(last_trick),
    )
    for key in ("points", "totals"):
        if tuple(data[key]) != getattr(state, key):
            raise ValueError(f"{key} {data[key]} are not what the cards score (rulings P9, P11)")
    return state
