"""The Apocalypse engine: its state, the game, and the checks.

Module order follows OpenSpiel: constants, game metadata, the state, the game, helpers.
The rules decisions are listed in the package docstring (``companion.rules.apocalypse``);
the pure rules functions (following, trick resolution, scoring) are in
:mod:`companion.rules.apocalypse.tricks`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from companion.rules.apocalypse.actions import Action, Deal, DealCards, NameFirst, Play
from companion.rules.apocalypse.actions import action_from_json as _action_from_json
from companion.rules.apocalypse.actions import action_to_json as _action_to_json
from companion.rules.apocalypse.cards import (
    BIT,
    CHAOS,
    CHAOS_MASK,
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    HORSEMAN_MASK,
    NUM_CARDS,
    NUM_HORSEMEN,
    SPECIAL_MASK,
    SUIT_BIT,
    SUIT_INDEX,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    TRANQUILITY,
    TRANQUILITY_MASK,
    TYPE_INDEX,
    TYPE_MASK,
    TYPE_NAMES,
    TYPE_OF,
    card_ids,
    card_name,
    card_words,
    mask_of,
    names_of,
    points_of,
)
from companion.rules.apocalypse.tricks import (
    NO_SUIT,
    NOBODY,
    RoundResult,
    TrickResult,
    duel_swap,
    game_winners,
    next_chooser,
    playable,
    resolve_trick,
    round_score,
    score_round,
    token_names,
)
from companion.rules.base import CHANCE, JSON, Engine, Outcome, SetupError, illegal

# --- constants -------------------------------------------------------------------------------

DEAL: Final = "deal"
"""Chance deals the round's cards one by one (ruling P3; actor CHANCE)."""
CHOOSE: Final = "choose"
"""Rounds 2 and 3: the chooser names the round's first player (ruling P10)."""
PLAY: Final = "play"
"""A trick is being played: the seat whose turn it is plays a card (ruling P4)."""
NAME: Final = "name"
"""The trick's winner names the next first player (ruling P8)."""
OVER: Final = "over"
PHASES: Final = (DEAL, CHOOSE, PLAY, NAME, OVER)

PLAYERS: Final = (2, 6)
DEFAULT_PLAYERS: Final = 4
ROUNDS: Final = 3
"""Ruling P11: three rounds."""
HAND_SIZES: Final = {2: 13, 3: 10, 4: 8, 5: 8, 6: 7}
"""Ruling P3 (and P12 for the Duel): cards dealt to each hand."""
SUITS_IN_PLAY: Final = {2: 3, 3: 4, 4: 4, 5: 5, 6: 5}
"""Ruling P2 (and P12): how many suits each player count uses."""
DUEL_SUITS: Final = ("red", "green", "purple")
"""Ruling P12: the Duel's default suits."""
DROPPED_SUIT: Final = "yellow"
"""Ruling P2: the suit 3 and 4 players leave out by default."""
DUEL_SPECIALS: Final = 3
"""Ruling P12: 3 Chaos and 3 Tranquility cards in the Duel deck."""
SETUP_KEYS: Final = ("players", "suits", "drop", "first")

CARD_MASK: Final = (1 << NUM_CARDS) - 1

# --- game metadata ---------------------------------------------------------------------------

NAME_OF_GAME: Final = "apocalypse"
RULES_VERSION: Final = "1"


# --- the state -------------------------------------------------------------------------------


class Flip(NamedTuple):
    """A token flipped black (ruling P5): its suit, by which seat's card, in which round."""

    suit: int
    seat: int
    card: int
    round: int


class ApocalypseState(NamedTuple):
    """A moment of an Apocalypse game: an immutable tuple (cheap to make and compare).

    Cards are ids and sets of cards bitmasks (:mod:`companion.rules.apocalypse.cards`);
    suits and tokens are suit indexes (bit ``s`` of a token mask is suit ``SUITS[s]``).

    Constant for a game: ``players``, ``suits`` (the suits in play), ``first`` (round 1's
    first player), ``cards`` (the mask of the cards in the game) and ``token_mask`` (the
    tokens in play). The round: ``phase``, ``round`` (1-3), where every card is (below)
    and ``dealt`` (cards dealt so far this round).
    The trick: ``leader`` (its first player; -1 while dealing or choosing), ``turn`` (the
    seat to act: the seat being dealt to during the deal, the namer in ``name`` and
    ``choose``; -1 once over), ``trick`` (``(seat, card)`` plays in order), ``skipped``
    (seats that could not play, ruling P4) and ``lead`` (the leading suit, -1 unset).
    Tokens: ``tokens`` (the mask of black tokens) and ``flips`` (the flips since the last
    Apocalypse; they persist across rounds, ruling P5). Scores: ``points`` (what each
    seat's won cards score this round), ``rounds`` (the scored rounds), ``totals``,
    ``last_winner`` (the winner of the last trick that had one, -1 none) and
    ``last_trick`` (the last resolved trick, with its reason in words).

    Where every card is, as masks of 57 bits (small integers, cheap to operate on):
    ``deck`` (the cards still to deal; set aside after the deal), ``discard``, ``in_trick``
    (the trick's cards), ``hands`` and ``won`` (each seat's hand and won pile, ruling P6).
    "Every card in exactly one place" is then: the masks' sum and their union are both
    the game's cards (see ``check_invariants``).
    """

    players: int
    suits: tuple[int, ...]
    first: int
    cards: int
    token_mask: int
    phase: str
    round: int
    deck: int
    discard: int
    in_trick: int
    hands: tuple[int, ...]
    won: tuple[int, ...]
    dealt: int
    leader: int
    turn: int
    trick: tuple[tuple[int, int], ...]
    skipped: tuple[int, ...]
    lead: int
    tokens: int
    flips: tuple[Flip, ...]
    points: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    last_winner: int
    last_trick: TrickResult | None

    @property
    def is_duel(self) -> bool:
        return self.players == 2

    @property
    def hand_size(self) -> int:
        """Cards dealt to each hand (ruling P3)."""
        return HAND_SIZES[self.players]

    @property
    def is_apocalypse(self) -> bool:
        """Every token in play is black: the trick being played is an Apocalypse (P5)."""
        return self.tokens == self.token_mask

    @property
    def suit_names(self) -> tuple[str, ...]:
        return tuple(SUITS[s] for s in self.suits)

    @property
    def lead_suit(self) -> str | None:
        """The leading suit's name, ``None`` while no Horseman card is in the trick."""
        return None if self.lead < 0 else SUITS[self.lead]

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
    def running_totals(self) -> tuple[int, ...]:
        """The totals of the scored rounds plus the points won so far this round (specials
        in hand are only counted when the round is scored)."""
        if self.phase == OVER:
            return self.totals
        return tuple(t + p for t, p in zip(self.totals, self.points, strict=True))


# --- the game --------------------------------------------------------------------------------


class Apocalypse(Engine[ApocalypseState, Action]):
    """Apocalypse with rulings P1-P12 (2 players: the Duel).

    Two doors (python-chess style): :meth:`apply` checks the action and raises
    ``IllegalAction`` naming the rule; :meth:`apply_unchecked` trusts its caller (bots,
    simulation) and skips the checks. Two fast doors for chance: :meth:`random_deal` (one
    card) and :meth:`shuffled_deal` (the whole deal of a round in a shuffled order).
    """

    name = NAME_OF_GAME
    rules_version = RULES_VERSION

    # -- setup --

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        if not isinstance(setup, Mapping):
            raise SetupError(
                f"an apocalypse setup is a mapping such as {{'players': 4}}: {setup!r}"
            )
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise SetupError(f"unknown apocalypse setup option(s) {unknown}; known: {SETUP_KEYS}")
        players = setup.get("players", DEFAULT_PLAYERS)
        low, high = PLAYERS
        if type(players) is not int or not low <= players <= high:
            raise SetupError(
                f"setup 'players' must be {low} to {high} (ruling P1), got {players!r}"
            )
        suits = _setup_suits(setup, players)
        first = setup.get("first", 0)
        if type(first) is not int or not 0 <= first < players:
            raise SetupError(
                f"setup 'first' must be the seat of round 1's first player, 0 to {players - 1}, "
                f"got {first!r}"
            )
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
            deck=_deal_pool(players, cards),
            discard=0,
            in_trick=0,
            hands=_round_hands(players),
            won=(0,) * players,
            dealt=0,
            leader=NOBODY,
            turn=0,
            trick=(),
            skipped=(),
            lead=NO_SUIT,
            tokens=0,
            flips=(),
            points=(0,) * players,
            rounds=(),
            totals=(0,) * players,
            last_winner=NOBODY,
            last_trick=None,
        )

    # -- whose turn, what is legal --

    def num_seats(self, state: ApocalypseState) -> int:
        return state.players

    def actor(self, state: ApocalypseState) -> int | None:
        phase = state.phase
        if phase == DEAL:
            return CHANCE
        return None if phase == OVER else state.turn

    def legal_actions(self, state: ApocalypseState) -> Sequence[Action]:
        phase = state.phase
        if phase == PLAY:
            return play_actions(state)
        if phase in (NAME, CHOOSE):
            return FIRSTS[: state.players]
        if phase == DEAL:
            return tuple(action for action, _ in self.chance_outcomes(state))
        return ()

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

    def random_deal(self, state: ApocalypseState, rng: random.Random) -> Deal:
        """A chance outcome drawn with ``rng``: the same distribution as
        :meth:`chance_outcomes` (phase ``deal``), without listing them."""
        cards = card_ids(state.deck)
        return DEALS[TYPE_OF[cards[int(rng.random() * len(cards))]]]

    def shuffled_deal(self, state: ApocalypseState, rng: random.Random) -> list[Deal]:
        """The fast door for simulation: the rest of the round's deal as chance actions, in
        the order of one ``rng.shuffle`` of the deck. Dealing them in order gives each card
        the distribution of :meth:`chance_outcomes` (a uniform draw without replacement);
        apply them one by one (each is one journal line)."""
        cards = list(card_ids(state.deck))
        rng.shuffle(cards)
        needed = state.hand_size * state.players - state.dealt
        return [DEALS[TYPE_OF[card]] for card in cards[:needed]]

    def deal_round(self, state: ApocalypseState, rng: random.Random) -> DealCards:
        """The fast door for simulation: the rest of the round's deal as ONE action, the
        cards of :meth:`shuffled_deal` (the same ``rng`` draws) in a :class:`DealCards`."""
        return DealCards(tuple(deal.card for deal in self.shuffled_deal(state, rng)))

    def random_play(self, state: ApocalypseState, rng: random.Random) -> Play:
        """A uniformly random legal play (phase ``play``) without listing them: exactly
        ``play_actions(state)[int(rng.random() * len(play_actions(state)))]``."""
        return random_play(state, rng)

    # -- applying actions --

    def apply(self, state: ApocalypseState, action: Action) -> ApocalypseState:
        """The state after ``action``, checked: ``IllegalAction`` names the rule broken."""
        check = _CHECKS.get(type(action))
        if check is None:
            raise illegal("the apocalypse actions", action, "not an apocalypse action")
        if state.phase == OVER:
            raise illegal("ruling P11 (end of the game)", action, "the game is over")
        check(state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: ApocalypseState, action: Action) -> ApocalypseState:
        """The state after ``action`` WITHOUT checking it (for bots and simulation, which
        only play legal actions); an illegal action gives an undefined state."""
        step = _STEPS.get(type(action))
        if step is None:  # a subclass of one
            step = next(f for cls, f in _STEPS.items() if isinstance(action, cls))
        return step(state, action)

    def unchecked_step(self, phase: str) -> Callable[[ApocalypseState, Any], ApocalypseState]:
        """The fast door by phase: ``unchecked_step(state.phase)(state, action)`` is
        ``apply_unchecked(state, action)`` for an action legal in that phase (``deal``:
        a Deal; ``play``: a Play; ``name``, ``choose``: a NameFirst), without the dispatch."""
        return _PHASE_STEPS[phase]

    # -- what the screens need --

    def playable_cards(self, state: ApocalypseState, seat: int | None = None) -> tuple[int, ...]:
        """The card ids ``seat`` (default: the seat to play) may play now (ruling P4)."""
        seat = state.turn if seat is None else seat
        if state.phase != PLAY:
            return ()
        return card_ids(playable(hand_of(state, seat), state.lead, state.in_trick))

    def round_points(self, state: ApocalypseState) -> tuple[int, ...]:
        """The points each seat has won so far this round (cards won, ruling P9)."""
        return state.points

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
            "hand": names_of(hand_of(state, seat)),
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
        winners = game_winners(state.totals)
        fewest = state.totals[winners[0]]
        names = " and ".join(f"seat {w}" for w in winners)
        if len(winners) > 1:
            reason = f"shared victory (ruling P11): {names} with {fewest} points each"
        else:
            reason = f"{names} wins with the fewest points, {fewest} (ruling P11)"
        return Outcome(scores=state.totals, winners=winners, reason=reason)

    def check_invariants(self, state: ApocalypseState) -> None:
        """Every card in exactly one place (deck or set aside, hands, trick, won piles,
        discard: ruling P2); tokens consistent with the flips since the last Apocalypse
        (P5); round points = the cards won; each round's scores = cards won + 20 per
        Special kept, swapped as ruling P12 says; totals = the sum of the round scores."""
        CHECKER.check(state)

    # -- JSON --

    def action_to_json(self, action: Action) -> JSON:
        return _action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return _action_from_json(data)

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
            "last_winner": None if state.last_winner < 0 else state.last_winner,
            "last_trick": None if state.last_trick is None else state.last_trick.to_json(),
        }

    def state_from_json(self, data: Any) -> ApocalypseState:
        try:
            return _state_from_json(data)
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"not an apocalypse state: {exc!r}") from exc


# --- helpers: the precomputed actions --------------------------------------------------------

DEALS: Final = tuple(Deal(name) for name in TYPE_NAMES)
"""The chance actions, by card type."""
PLAYS: Final = tuple(Play(name) for name in TYPE_NAMES)
"""The plays without a token, by card type."""
CHAOS_PLAYS: Final = tuple(Play("chaos", suit) for suit in SUITS)
"""A Chaos card flipping each suit's token (ruling P5), by suit index."""
FIRSTS: Final = tuple(NameFirst(seat) for seat in range(PLAYERS[1]))
_TYPE: Final = TYPE_INDEX

_PLAY_CACHE: dict[int, tuple[Play, ...]] = {}
_PLAY_CACHE_LIMIT: Final = 1 << 16


def play_actions(state: ApocalypseState) -> tuple[Play, ...]:
    """The legal plays (phase ``play``): one per playable card type, a Chaos card once per
    coloured token it may flip (ruling P5), in type order."""
    cards = playable(state.hands[state.turn], state.lead, state.in_trick)
    key = cards
    if cards & CHAOS_MASK:
        key |= (state.token_mask & ~state.tokens) << NUM_CARDS
    found = _PLAY_CACHE.get(key)
    if found is None:
        if len(_PLAY_CACHE) >= _PLAY_CACHE_LIMIT:
            _PLAY_CACHE.clear()
        found = _PLAY_CACHE[key] = _plays_of(cards, key >> NUM_CARDS)
    return found


def _plays_of(cards: int, coloured: int) -> tuple[Play, ...]:
    plays = [PLAYS[card] for card in card_ids(cards & HORSEMAN_MASK)]
    if cards & CHAOS_MASK:
        tokens = [CHAOS_PLAYS[s] for s in range(len(SUITS)) if coloured >> s & 1]
        plays += tokens or [PLAYS[CHAOS]]
    if cards & TRANQUILITY_MASK:
        plays.append(PLAYS[TRANQUILITY])
    return tuple(plays)


def random_play(state: ApocalypseState, rng: random.Random) -> Play:
    """See :meth:`Apocalypse.random_play`: one ``rng.random()`` draw, then the drawn play
    found in the playable cards' mask (in :func:`play_actions`' order, without the list)."""
    cards = playable(state.hands[state.turn], state.lead, state.in_trick)
    horsemen = cards & HORSEMAN_MASK
    coloured = state.token_mask & ~state.tokens if cards & CHAOS_MASK else 0
    chaos_plays = (coloured.bit_count() or 1) if cards & CHAOS_MASK else 0
    count = horsemen.bit_count()
    pick = int(rng.random() * (count + chaos_plays + (1 if cards & TRANQUILITY_MASK else 0)))
    if pick < count:
        return PLAYS[_nth_card(horsemen, pick)]
    pick -= count
    if pick < chaos_plays:
        return CHAOS_PLAYS[_nth_card(coloured, pick)] if coloured else PLAYS[CHAOS]
    return PLAYS[TRANQUILITY]


def _nth_card(mask: int, n: int) -> int:
    """The id of the ``n``-th card (from 0, lowest id first) of ``mask``."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


# --- helpers: the steps ----------------------------------------------------------------------
#
# The steps copy the state's fields into a list, change the few that the action changes and
# build the new state from the list (``tuple.__new__``): the fastest way CPython offers.
# The field positions are named below and checked against ``ApocalypseState._fields``.

_new: Final = tuple.__new__
_PHASE: Final = 5
_ROUND: Final = 6
_DECK: Final = 7
_DISCARD: Final = 8
_IN_TRICK: Final = 9
_HANDS: Final = 10
_WON: Final = 11
_DEALT: Final = 12
_LEADER: Final = 13
_TURN: Final = 14
_TRICK: Final = 15
_SKIPPED: Final = 16
_LEAD: Final = 17
_TOKENS: Final = 18
_FLIPS: Final = 19
_POINTS: Final = 20
_ROUNDS: Final = 21
_TOTALS: Final = 22
_LAST_WINNER: Final = 23
_LAST_TRICK: Final = 24
assert ApocalypseState._fields[_PHASE:] == (
    *("phase", "round", "deck", "discard", "in_trick", "hands", "won", "dealt", "leader"),
    *("turn", "trick", "skipped", "lead", "tokens", "flips", "points", "rounds", "totals"),
    *("last_winner", "last_trick"),
)


def hand_of(state: ApocalypseState, seat: int) -> int:
    """The mask of ``seat``'s hand."""
    return state.hands[seat]


def _deal(state: ApocalypseState, action: Deal) -> ApocalypseState:
    """Ruling P3: the card goes to the seat being dealt to (seat by seat); after the last
    card round 1 starts with the setup's first player, rounds 2 and 3 with the chooser."""
    deck = state.deck
    of_type = deck & TYPE_MASK[_TYPE[action.card]]
    bit = of_type & -of_type  # the lowest id of the type
    hands = list(state.hands)
    hands[state.turn] |= bit
    return _dealt(state, deck ^ bit, hands, state.dealt + 1)


def deal_cards_step(state: ApocalypseState, action: DealCards) -> ApocalypseState:
    """The unchecked step of a DealCards, ruling P3: one :func:`_deal` per card, as one
    action."""
    deck, dealt = state.deck, state.dealt
    hands = list(state.hands)
    size = HAND_SIZES[state.players]
    for card in action.cards:
        of_type = deck & TYPE_MASK[_TYPE[card]]
        bit = of_type & -of_type
        deck ^= bit
        hands[dealt // size] |= bit
        dealt += 1
    return _dealt(state, deck, hands, dealt)


def _dealt(state: ApocalypseState, deck: int, hands: list[int], dealt: int) -> ApocalypseState:
    """The state after ``dealt`` cards of the round's deal (the seat being dealt to next);
    after the last one, who opens (round 1) or chooses who opens (rounds 2, 3, ruling P10)."""
    players = state.players
    size = HAND_SIZES[players]
    fields: list[Any] = list(state)
    fields[_DECK], fields[_HANDS], fields[_DEALT] = deck, tuple(hands), dealt
    if dealt < size * players:
        fields[_LEADER], fields[_TURN] = NOBODY, dealt // size
    elif state.round == 1:
        fields[_PHASE], fields[_LEADER], fields[_TURN] = PLAY, state.first, state.first
    else:  # ruling P10: the chooser names the round's first player
        fields[_PHASE], fields[_LEADER] = CHOOSE, NOBODY
        fields[_TURN] = next_chooser(state.totals, state.last_winner)
    return _new(ApocalypseState, fields)


def name_step(state: ApocalypseState, action: NameFirst) -> ApocalypseState:
    """The unchecked step of a NameFirst (rulings P8, P10): the named seat opens the next
    trick."""
    fields: list[Any] = list(state)
    fields[_PHASE], fields[_LEADER], fields[_TURN] = PLAY, action.seat, action.seat
    return _new(ApocalypseState, fields)


def play_step(state: ApocalypseState, action: Play) -> ApocalypseState:
    """The unchecked step of a Play: ruling P4 (the card), P5 (the token), then the next
    seat that can play; a trick that everyone played or skipped is resolved (P6, P7)."""
    kind = _TYPE[action.card]
    seat, tokens, lead, flips = state.turn, state.tokens, state.lead, state.flips
    hand = state.hands[seat]
    if kind < CHAOS:
        card = kind
        if lead < 0:
            lead = SUIT_OF[card]
        if not tokens & SUIT_BIT[card]:  # ruling P5: the Horseman flips its suit's token
            tokens |= SUIT_BIT[card]
            flips = (*flips, _new(Flip, (SUIT_OF[card], seat, card, state.round)))
    else:
        of_type = hand & TYPE_MASK[kind]
        card = (of_type & -of_type).bit_length() - 1
        if action.token is not None:  # ruling P5: Chaos flips the token of their choice
            suit = SUIT_INDEX[action.token]
            tokens |= 1 << suit
            flips = (*flips, _new(Flip, (suit, seat, card, state.round)))
    bit = BIT[card]
    hands = list(state.hands)
    hands[seat] = hand ^ bit
    in_trick = state.in_trick | bit
    trick = (*state.trick, (seat, card))
    blocked = CARD_MASK  # ruling P4: the Specials already in the trick cannot be played
    if in_trick & SPECIAL_MASK:
        if in_trick & CHAOS_MASK:
            blocked ^= CHAOS_MASK
        if in_trick & TRANQUILITY_MASK:
            blocked ^= TRANQUILITY_MASK
    skipped = state.skipped
    players, leader = state.players, state.leader
    done = len(trick) + len(skipped)
    while done < players:  # ruling P4: a seat with no playable card skips
        seat = (leader + done) % players
        if hands[seat] & blocked:  # = playable(...) is not empty
            played = _played(
                state, in_trick, tuple(hands), seat, trick, skipped, lead, tokens, flips
            )
            return _new(ApocalypseState, played)
        skipped = (*skipped, seat)
        done += 1
    played = _played(state, in_trick, tuple(hands), seat, trick, skipped, lead, tokens, flips)
    return _resolve(state, list(played))


def _played(  # noqa: PLR0917 (the changed fields, by position, for speed)
    s: ApocalypseState,
    in_trick: int,
    hands: tuple[int, ...],
    turn: int,
    trick: tuple[tuple[int, int], ...],
    skipped: tuple[int, ...],
    lead: int,
    tokens: int,
    flips: tuple[Flip, ...],
) -> tuple[Any, ...]:
    """The state's fields after a play: written out by index, the fastest way both in
    CPython and compiled (slicing or listing a NamedTuple takes its slow generic path)."""
    return (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], in_trick, hands, s[11],
            s[12], s[13], turn, trick, skipped, lead, tokens, flips, s[20], s[21], s[22], s[23],
            s[24])  # fmt: skip


def _resolve(state: ApocalypseState, fields: list[Any]) -> ApocalypseState:
    """Rulings P6 and P7, then P5 (tokens back after an Apocalypse), P8 and P9. ``fields``
    are the state's fields after the trick's last play."""
    tokens: int = fields[_TOKENS]
    apocalypse = tokens == state.token_mask
    in_trick: int = fields[_IN_TRICK]
    result = resolve_trick(fields[_TRICK], fields[_SKIPPED], fields[_LEAD], apocalypse)
    winner = result.winner
    if winner >= 0:
        taken = result.taken
        won = list(state.won)
        won[winner] |= taken
        fields[_WON] = tuple(won)
        fields[_DISCARD] = state.discard | in_trick & ~taken
        points = list(state.points)
        points[winner] += result.points
        fields[_POINTS] = tuple(points)
        fields[_LAST_WINNER] = winner
    else:
        fields[_DISCARD] = state.discard | in_trick
    fields[_IN_TRICK] = 0
    if apocalypse:  # ruling P5: after an Apocalypse every token turns coloured
        fields[_TOKENS], fields[_FLIPS] = 0, ()
    fields[_TRICK] = fields[_SKIPPED] = ()
    fields[_LEAD] = NO_SUIT
    fields[_LAST_TRICK] = result
    if 0 in fields[_HANDS]:  # ruling P9: a hand is empty, the round ends
        return _end_round(state, fields)
    # ruling P8: the winner names the next first player; P7: no winner, the same leader
    if winner >= 0:
        fields[_PHASE], fields[_TURN] = NAME, winner
    else:
        fields[_TURN] = state.leader
    return _new(ApocalypseState, fields)


def _end_round(state: ApocalypseState, fields: list[Any]) -> ApocalypseState:
    """Ruling P9 (scoring), P12 (the Duel swap), P11 (three rounds); the next round's deal
    keeps the tokens as they are (ruling P5). ``fields``: after the round's last trick."""
    players = state.players
    scored = score_round(state.round, fields[_WON], fields[_HANDS], duel=players == 2)
    fields[_ROUNDS] = (*state.rounds, scored)
    fields[_TOTALS] = tuple(t + s for t, s in zip(state.totals, scored.scores, strict=True))
    if state.round == ROUNDS:  # ruling P11: the game ends; the last round stays on the table
        fields[_PHASE], fields[_TURN] = OVER, NOBODY
        return _new(ApocalypseState, fields)
    fields[_PHASE], fields[_ROUND] = DEAL, state.round + 1
    fields[_DECK], fields[_DISCARD] = _deal_pool(players, state.cards), 0
    fields[_HANDS], fields[_WON] = _round_hands(players), (0,) * players
    fields[_DEALT], fields[_LEADER], fields[_TURN] = 0, NOBODY, 0
    fields[_POINTS] = (0,) * players
    return _new(ApocalypseState, fields)


_STEPS: Final[dict[type, Callable[[ApocalypseState, Any], ApocalypseState]]] = {
    Play: play_step,
    Deal: _deal,
    DealCards: deal_cards_step,
    NameFirst: name_step,
}
"""``apply_unchecked`` by action class."""

_PHASE_STEPS: Final[dict[str, Callable[[ApocalypseState, Any], ApocalypseState]]] = {
    DEAL: _deal,
    PLAY: play_step,
    NAME: name_step,
    CHOOSE: name_step,
}


# --- helpers: checks for the checked door ----------------------------------------------------


def _check_deal(state: ApocalypseState, action: Action) -> None:
    assert isinstance(action, Deal)
    if state.phase != DEAL:
        raise illegal("ruling P3 (the deal)", action, f"no card is being dealt ({_phase(state)})")
    kind = _TYPE.get(action.card)
    if kind is None or not state.deck & TYPE_MASK[kind]:
        raise illegal(
            "ruling P3 (the deal)",
            action,
            f"no {action.card} is left to deal (suits in play: {', '.join(state.suit_names)})",
        )


def _check_deal_cards(state: ApocalypseState, action: Action) -> None:
    """Each card as its own :class:`Deal` would be checked, and no more cards than the
    round's deal has left (ruling P3)."""
    assert isinstance(action, DealCards)
    if state.phase != DEAL:
        raise illegal("ruling P3 (the deal)", action, f"no card is being dealt ({_phase(state)})")
    left = HAND_SIZES[state.players] * state.players - state.dealt
    if len(action.cards) > left:
        raise illegal(
            "ruling P3 (the deal)",
            action,
            f"{len(action.cards)} cards, but only {left} are left to deal this round",
        )
    for card in action.cards:
        deal = Deal(card)
        _check_deal(state, deal)
        state = _deal(state, deal)


def _check_play(state: ApocalypseState, action: Action) -> None:
    assert isinstance(action, Play)
    if state.phase != PLAY:
        raise illegal("ruling P4 (following)", action, f"nobody is to play: {_phase(state)}")
    kind = _TYPE.get(action.card)
    seat, hand = state.turn, state.hands[state.turn]
    if kind is None or not hand & TYPE_MASK[kind]:
        raise illegal("ruling P4 (following)", action, f"seat {seat} holds no {action.card}")
    if kind >= CHAOS and state.in_trick & TYPE_MASK[kind]:
        raise illegal(
            "ruling P4 (one copy per trick)",
            action,
            f"a {card_words(TYPE_MASK[kind].bit_length() - 1)} card is already in this trick",
        )
    lead = state.lead
    if kind < CHAOS and lead >= 0 and SUIT_OF[kind] != lead and hand & SUIT_MASK[lead]:
        held = ", ".join(card_words(c) for c in card_ids(hand & SUIT_MASK[lead]))
        raise illegal(
            "ruling P4 (following)",
            action,
            f"seat {seat} holds a {SUITS[lead]} card ({held}): the leading suit is "
            f"{SUITS[lead]}, so play one of them or a Special card",
        )
    _check_token(state, action, kind)


def _check_token(state: ApocalypseState, action: Play, kind: int) -> None:
    coloured = state.coloured_tokens
    if kind != CHAOS:
        if action.token is not None:
            raise illegal("ruling P5 (tokens)", action, "only a Chaos card names a token to flip")
        return
    if action.token is None and coloured:
        raise illegal(
            "ruling P5 (Chaos)",
            action,
            f"a Chaos card MUST flip a coloured token: name one of {', '.join(coloured)}",
        )
    if action.token is not None and action.token not in coloured:
        why = (
            "every token is already black: flip none (no token)"
            if not coloured
            else f"the {action.token} token is not a coloured token in play; "
            f"name one of {', '.join(coloured)}"
        )
        raise illegal("ruling P5 (Chaos)", action, why)


def _check_first(state: ApocalypseState, action: Action) -> None:
    assert isinstance(action, NameFirst)
    if state.phase not in (NAME, CHOOSE):
        raise illegal(
            "ruling P8 (the next first player)",
            action,
            f"nobody is naming the next first player now: {_phase(state)}",
        )
    if type(action.seat) is not int or not 0 <= action.seat < state.players:
        raise illegal("ruling P1 (seats)", action, f"seats are 0 to {state.players - 1}")


_CHECKS: Final[dict[type, Callable[[ApocalypseState, Any], None]]] = {
    Play: _check_play,
    Deal: _check_deal,
    DealCards: _check_deal_cards,
    NameFirst: _check_first,
}


def _phase(state: ApocalypseState) -> str:
    return {
        DEAL: "the cards are being dealt (ruling P3)",
        CHOOSE: f"seat {state.turn} names the round's first player (ruling P10)",
        PLAY: f"seat {state.turn} is to play",
        NAME: f"seat {state.turn} won the trick and names the next first player (ruling P8)",
    }.get(state.phase, f"phase {state.phase!r}")


# --- helpers: setup --------------------------------------------------------------------------


def _setup_suits(setup: Mapping[str, Any], players: int) -> list[str]:
    wanted = SUITS_IN_PLAY[players]
    rule = "ruling P12" if players == 2 else "ruling P2"
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
        default = DUEL_SUITS if players == 2 else [s for s in SUITS if s != DROPPED_SUIT]
        suits = list(default)[:wanted] if players < 5 else list(SUITS)
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
    specials = DUEL_SPECIALS if players == 2 else players
    return horsemen | _copies(FIRST_CHAOS, specials) | _copies(FIRST_TRANQUILITY, specials)


def _copies(first: int, count: int) -> int:
    return sum(BIT[first : first + count])


def _deal_pool(players: int, cards: int) -> int:
    """What chance deals each round: the Horseman cards; the Duel shuffles its Special cards
    in too (ruling P12)."""
    return cards if players == 2 else cards & HORSEMAN_MASK


def _round_hands(players: int) -> tuple[int, ...]:
    """The hands before the deal: 1 Chaos and 1 Tranquility each (ruling P3); empty in the
    Duel."""
    if players == 2:
        return (0, 0)
    return tuple(BIT[FIRST_CHAOS + seat] | BIT[FIRST_TRANQUILITY + seat] for seat in range(players))


# --- helpers: views --------------------------------------------------------------------------


def _trick_view(result: TrickResult | None) -> JSON:
    if result is None:
        return None
    return {
        "plays": [[seat, card_name(card)] for seat, card in result.plays],
        "skipped": list(result.skipped),
        "lead": None if result.lead < 0 else SUITS[result.lead],
        "apocalypse": result.apocalypse,
        "winner": None if result.winner < 0 else result.winner,
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


# --- helpers: the invariants -----------------------------------------------------------------


class _Check:
    """The invariants in time proportional to what changed.

    Cards: the places' masks partition the game's cards iff their union AND their sum are
    the cards' mask (a card in two places makes the sum exceed the union: the sum of
    non-negative masks equals their union only when no bit is set twice).

    The won piles' points, the scored rounds, the flips and the trick are checked again
    only when they are not the very ones checked last (states share what an action leaves
    alone); a trick that is the last one checked plus one play costs one bit.
    """

    __slots__ = ("_flips", "_points", "_rounds", "_tokens", "_trick", "_trick_mask", "_won")

    def __init__(self) -> None:
        self._won: tuple[int, ...] = ()
        self._points: tuple[int, ...] = ()
        self._rounds: tuple[RoundResult, ...] | None = None
        self._flips: tuple[Flip, ...] | None = None
        self._tokens = -1
        self._trick: tuple[tuple[int, int], ...] = ()
        self._trick_mask = 0

    def check(self, state: ApocalypseState) -> None:
        (players, _, _, cards, token_mask, phase, _, deck, discard, in_trick, hands, won, _, _,
         turn, trick, skipped, _, tokens, flips, points, rounds, totals, _, _) = state  # fmt: skip
        total, union = deck + discard + in_trick, deck | discard | in_trick
        for mask in hands:
            total += mask
            union |= mask
        for mask in won:
            total += mask
            union |= mask
        if total != cards or union != cards or len(hands) != players:
            raise AssertionError(_conservation_failure(state))
        if points is not self._points or won is not self._won:
            self._check_won(won, points)
        if rounds is not self._rounds:
            _check_rounds(rounds, totals, players)
            self._rounds = rounds
        if flips is not self._flips or tokens != self._tokens:
            self._check_flips(state, flips)
            self._tokens = tokens
        if trick:
            mask = self._trick_mask_of(trick)
            if (
                mask != in_trick
                or mask & ~_BLACK_HORSEMEN[tokens] & HORSEMAN_MASK
                or len(trick) + len(skipped) >= players
            ):
                _check_trick(state)
        elif skipped or tokens == token_mask or in_trick:
            _check_trick(state)
        if not 0 <= turn < players and phase != OVER:
            raise AssertionError(f"seat {turn} is to act in a {players}-player game")

    def _trick_mask_of(self, trick: tuple[tuple[int, int], ...]) -> int:
        """The mask of the trick's cards (-1 if a card is in it twice): one more bit when
        the trick is the last one checked plus one play."""
        last = self._trick
        if trick is last:
            return self._trick_mask
        if last and len(trick) == len(last) + 1 and trick[-2] == last[-1]:
            bit, mask = BIT[trick[-1][1]], self._trick_mask
            mask = mask | bit if not mask & bit else -1
        else:
            mask = _trick_mask_of(trick)
        self._trick, self._trick_mask = trick, mask
        return mask

    def _check_flips(self, state: ApocalypseState, flips: tuple[Flip, ...]) -> None:
        """Ruling P5 (:func:`_check_flips`), only the newest flip when the flips are the
        last ones checked plus one."""
        last = self._flips
        if last and len(flips) == len(last) + 1 and flips[-2] == last[-1]:
            _check_flip(state, flips[-1], state.tokens & ~(1 << flips[-1].suit))
        else:
            _check_flips(state)
        self._flips = flips

    def _check_won(self, won: tuple[int, ...], points: tuple[int, ...]) -> None:
        """Ruling P9: each seat's points are its won cards' points; only the piles that
        differ from the last ones checked are counted again (a trick changes one)."""
        old, old_points = self._won, self._points
        same_seats = len(old) == len(won) == len(old_points) == len(points)
        for seat, score in enumerate(points):
            pile = won[seat]
            if same_seats and score == old_points[seat] and pile == old[seat]:
                continue
            if points_of(pile) != score:
                expected = tuple(map(points_of, won))
                raise AssertionError(f"round points {points} != the cards won {expected} (P9)")
        self._won, self._points = won, points


def _trick_mask_of(trick: tuple[tuple[int, int], ...]) -> int:
    """The mask of a trick's cards; -1 if a card is in it twice."""
    mask = 0
    for _, card in trick:
        mask = mask | BIT[card] if not mask & BIT[card] else -1
    return mask


_BLACK_HORSEMEN: Final = tuple(
    sum(SUIT_MASK[s] for s in range(len(SUITS)) if tokens >> s & 1)
    for tokens in range(1 << len(SUITS))
)
"""The Horseman cards whose token is black, by black-token mask (ruling P5)."""


def _check_rounds(rounds: tuple[RoundResult, ...], totals: tuple[int, ...], players: int) -> None:
    sums = [0] * players
    for number, result in enumerate(rounds, start=1):
        raw = tuple(round_score(w, k) for w, k in zip(result.won, result.kept, strict=True))
        final = duel_swap(raw) if players == 2 else (raw, False)
        if result.round != number or raw != result.raw or final != (result.scores, result.swapped):
            raise AssertionError(
                f"round {number} scored {result.raw} -> {result.scores} "
                f"(swapped {result.swapped}); the cards say {raw} -> {final} (rulings P9, P12)"
            )
        sums = [s + r for s, r in zip(sums, result.scores, strict=True)]
    if tuple(sums) != totals:
        raise AssertionError(f"totals {totals} != the sum of the round scores {sums} (P11)")


def _check_flips(state: ApocalypseState) -> None:
    """Ruling P5: the black tokens are exactly the flips since the last Apocalypse, one per
    suit in play, each by a card of its suit or a Chaos card; this round's flips were
    played (they are in no hand and not in the deck)."""
    flipped = 0
    for flip in state.flips:
        _check_flip(state, flip, flipped)
        flipped |= 1 << flip.suit
    if flipped != state.tokens:
        raise AssertionError(f"black tokens {state.tokens:#x} != the flips {state.flips} (P5)")


def _check_flip(state: ApocalypseState, flip: Flip, before: int) -> None:
    """One flip (ruling P5): its token was coloured ``before`` it, is in play and black
    now; its card is of its suit or a Chaos card and, this round, was played."""
    bit = 1 << flip.suit
    if before & bit or not state.tokens & state.token_mask & bit:
        raise AssertionError(f"flip {flip}: a token flipped twice or not in play (P5)")
    card = flip.card
    if (card < NUM_HORSEMEN and SUIT_OF[card] != flip.suit) or card >= FIRST_TRANQUILITY:
        raise AssertionError(f"flip {flip}: only its suit's Horseman or a Chaos flips it (P5)")
    if flip.round == state.round and (state.hands[flip.seat] | state.deck) & BIT[card]:
        raise AssertionError(f"flip {flip}: its card was never played (ruling P5)")


def _check_trick(state: ApocalypseState) -> None:
    """The trick's cards are its mask; fewer plays and skips than seats (a full trick is
    resolved at once); a Horseman card played has its token black (ruling P5); between
    tricks the tokens are never all black (an Apocalypse is resolved with its trick)."""
    trick, skipped = state.trick, state.skipped
    mask = mask_of([card for _, card in trick])
    assert mask == state.in_trick, f"trick {trick} != its mask {state.in_trick:#x}"
    assert len(trick) + len(skipped) < state.players or not trick, (
        f"a complete trick {trick} (skipped {skipped}) was not resolved"
    )
    assert trick or not skipped, f"skips {skipped} without a trick"
    for _, card in trick:
        assert card >= NUM_HORSEMEN or state.tokens >> SUIT_OF[card] & 1, (
            f"{card_words(card)} was played but its token is coloured (ruling P5)"
        )
    assert trick or state.tokens != state.token_mask, (
        "every token is black between tricks: an Apocalypse was not resolved (ruling P5)"
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


CHECKER: Final = _Check()
"""The invariant checker (``check_invariants``); the simulator calls ``CHECKER.check``."""


# --- helpers: JSON ---------------------------------------------------------------------------


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _mask(values: Any) -> int:
    ids = [_int(v) for v in values]
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
    players = _int(data["players"])
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise ValueError(f"{players} players (ruling P1: 2 to 6)")
    suits = tuple(sorted(_suit_index(s) for s in data["suits"]))
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    trick = tuple((_int(seat), _int(card)) for seat, card in data["trick"])
    lead, last_winner, last_trick = data["lead"], data["last_winner"], data["last_trick"]
    return ApocalypseState(
        players=players,
        suits=suits,
        first=_int(data["first"]),
        cards=_game_cards(players, suits),
        token_mask=sum(1 << s for s in suits),
        phase=str(data["phase"]),
        round=_int(data["round"]),
        deck=_mask(data["deck"]),
        discard=_mask(data["discard"]),
        in_trick=_mask([card for _, card in trick]),
        hands=_masks(data["hands"], players, "hands"),
        won=_masks(data["won"], players, "won piles"),
        dealt=_int(data["dealt"]),
        leader=_int(data["leader"]),
        turn=_int(data["turn"]),
        trick=trick,
        skipped=tuple(_int(s) for s in data["skipped"]),
        lead=NO_SUIT if lead is None else _suit_index(lead),
        tokens=sum(1 << _suit_index(s) for s in data["tokens"]),
        flips=tuple(
            Flip(_suit_index(f["suit"]), _int(f["seat"]), _int(f["card"]), _int(f["round"]))
            for f in data["flips"]
        ),
        points=tuple(_int(p) for p in data["points"]),
        rounds=tuple(RoundResult.from_json(r) for r in data["rounds"]),
        totals=tuple(_int(t) for t in data["totals"]),
        last_winner=NOBODY if last_winner is None else _int(last_winner),
        last_trick=None if last_trick is None else TrickResult.from_json(last_trick),
    )


check_state: Final = CHECKER.check
"""``check_invariants`` without the method call: the simulator's door (same checks)."""
