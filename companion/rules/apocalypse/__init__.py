"""Apocalypse: the complete rules (the Apocalypse rulebook) with rulings P1-P12
(``companion/rules/RULINGS.md``), FULL mode (virtual hands), known as ``"apocalypse"``.

Setup: ``{"players": 2-6, "suits": [...], "first": seat}``; defaults: 4 players, the suits of
ruling P2 (3-4 players leave out yellow; ``"drop": "blue"`` is a shorthand for another
dropped suit; 5-6 players use all five; the Duel red, green, purple, ruling P12), seat 0 is
round 1's first player (the rulebook's "most recently rode a horse"). Seats are numbered
clockwise.

The action model
================
Phases: ``DEAL`` (chance deals the round's cards one by one, ruling P3), ``CHOOSE`` (rounds
2 and 3: the chooser names the round's first player, P10), ``PLAY`` (the seat whose turn it
is plays a card, P4), ``NAMING`` (``"name"``: the trick's winner names the next first player,
P8) and ``OVER``. Actions: ``Deal(card)`` and ``DealCards(cards)`` (chance),
``Play(card, token)``, ``NameFirst(seat)``; their JSON and text forms:
:mod:`companion.rules.apocalypse.actions`.

The deal and huge chance spaces
===============================
The base interface lists every chance outcome with its probability, and a whole deal has
astronomically many outcomes; so chance deals ONE card per action. Each ``Deal`` names a
card TYPE, with probability (its cards left) / (cards left): the 36-ish Horseman types, and
in the Duel ``chaos`` and ``tranquility`` too (the engine takes the lowest id of the type).
Cards go seat by seat: seat 0's whole hand first, then seat 1's, ... (any fixed order gives
the same distribution). So a test deals exact hands with a list of ``Deal`` actions, a
journal replays the shuffle line by line, and a TRACKER session could skip the deal
altogether. A ``DealCards`` is several ``Deal`` in one action (the same checks, card by
card): the simulator deals each round with one, drawn by :meth:`Apocalypse.deal_round` (one
``rng.shuffle`` of the deck: the same distribution, a uniform draw without replacement), so a
round's deal is one action and one invariant check rather than 32. It is a chance action the
outcomes do not list (they are one card each), like a hand of ``Deal`` lines written as one.
In a 3-6 player game the Special cards are not dealt by chance: seat ``i`` holds Chaos
``45 + i`` and Tranquility ``51 + i`` from the start of each round.

Decisions beyond the rulebook and the rulings (each rests on the ruling named)
=============================================================================
1. (P4) A skip is automatic, not an action: when a seat's turn comes and it has no playable
   card (only Special cards that are already in the trick), the engine records it in
   ``skipped`` and moves on; the trick's result lists the skips with the reason. A skip is
   decided when the seat's turn comes, on the trick as it is then.
2. (P5) A Chaos card's token is part of the play: ``Play("chaos", "green")``. The token is
   required while a token is coloured and refused when all are black. ``legal_actions``
   lists one Chaos play per coloured token.
3. (P5) Tokens are a mask of black suits plus ``flips``: which seat's card flipped each
   token since the last Apocalypse (kept across rounds with the tokens). The Apocalypse
   starts the moment the mask is full; it is not stored, so a screen reads
   ``state.is_apocalypse``.
4. (P6, P7) A trick is resolved automatically when every seat has played or skipped: no
   "collect" action. Its :class:`TrickResult` (plays, skips, lead, winner, cards taken,
   points, ``reason`` in words) stays in ``last_trick`` until the next trick resolves.
5. (P8, P9) The trick that ends a round is not followed by a naming: the round is scored
   at once, and the next round's first player is named by ruling P10's chooser.
6. (P10) The next round is dealt first, then the chooser names its first player (the
   rulebook's order of the round preparation), so the chooser sees their new hand. On a
   tie for most points the winner of the last trick that had a winner chooses, even when
   not among the tied, as the rulebook says ("the player who won the last trick chooses").
   If no trick of the game had a winner (no game gets there: the first trick of a round
   always has one) the tied player first clockwise from the last trick's first player: the
   rulebook orders the table clockwise and knows no seat numbers, and a trick without a
   winner leaves the lead with its first player (P7). The TRACKER decides it with the same
   function, :func:`~companion.rules.apocalypse.tricks.next_chooser`.
7. (P3, P12) The Duel deals 13 cards to each seat from its 33-card deck (the Special cards
   shuffled in); a Duel hand may hold several Chaos or Tranquility cards, and a Play of
   ``chaos`` plays the lowest-id one (they are identical).
8. (P9, P11) ``scores(state)`` are the totals of the rounds scored so far (the points won
   in the current round are ``state.points``). Both are worked out when read, from the won
   cards and the scored rounds, so they cannot disagree with them. At the end the last
   round's hands, won piles and last trick stay in the state for the screens.
9. (P2) The view shows each seat its own hand, every hand's size, the trick, the tokens,
   the won cards and points (every card was played face up) and the scores; never another
   hand, nor the cards still to deal or set aside (only how many).

What a screen reads
===================
Whose turn: ``APOCALYPSE.actor(state)`` (CHANCE while dealing, None once over) and
``state.phase``; what they may do: ``legal_actions(state)`` (``playable_cards`` gives the
card ids; ``random_play`` draws one of the plays without listing them). The trick so far:
``state.trick`` (``(seat, card)`` pairs), ``state.skipped``, ``state.leader``,
``state.lead_suit``; the tokens: ``state.black_tokens``,
``state.coloured_tokens``, ``state.is_apocalypse``, ``state.flips`` (who flipped what);
the hands: ``state.hands`` (masks; ``names_of`` for names), ``state.hand_sizes``; points:
``state.points`` (won this round), ``state.won``, ``state.rounds`` (each
:class:`RoundResult`: raw scores, scores after the Duel swap, ``swapped``),
``state.totals``; the last trick: ``state.last_trick`` (a :class:`TrickResult` with
``winner``, ``taken``, ``points`` and ``reason`` in words); the end: ``outcome(state)``.
``view(state, seat)`` is all of that as JSON for one seat, with card names. The pure
rules (:mod:`~companion.rules.apocalypse.tricks`: ``playable``, ``resolve_trick``,
``round_over``, ``round_score``, ``counted_scores``, ``next_chooser``, ``game_winners``,
``winners_words``...) serve the TRACKER (:mod:`~companion.rules.apocalypse.tracker`,
``"apocalypse_tracker"``) too: each rule both modes decide is one function there.

Words: players are ``P1``, ``P2``, ... (``player_name``: the colours are suits), in
messages, outcomes and screens; the JSON keeps the 0-based seats, and so does the trick
``reason`` in the state's JSON (``seat 0``, the form journals' states keep), while
``TrickResult.words`` tells the same trick with ``P1``... A refused action names the rule
and what the game awaits, from whom (``awaited``: "P2 must first name the first player
of round 2"). The words a screen shows are :class:`~companion.words.Words` (English,
which a screen shows in its language with ``Words.shown``): a refusal
(``IllegalAction.args[0]``), ``TrickResult.words``, ``card_words``, ``action_words``; the
TRACKER's trick ``reason``, ``revokes``, ``entry_words`` and ``Play.words``. The players'
names stay as they are; chance's deals are refused naming them in their text form.

The public face: :class:`Apocalypse` (``APOCALYPSE`` is the engine), its state
:class:`ApocalypseState` with :class:`Flip`, :class:`TrickResult` and :class:`RoundResult`,
the actions, the card tables in :mod:`companion.rules.apocalypse.cards` and the pure rules
functions in :mod:`companion.rules.apocalypse.tricks`.
"""

from __future__ import annotations

from typing import Final

from companion.rules.apocalypse.actions import (
    Action,
    Deal,
    DealCards,
    NameFirst,
    Play,
    action_from_json,
    action_to_json,
    parse_action,
)
from companion.rules.apocalypse.cards import (
    CHAOS,
    HAND_SIZES,
    NO_SUIT,
    NUM_CARDS,
    PLAYERS,
    SUITS,
    TRANQUILITY,
    TYPE_NAMES,
    VALUES,
    card_ids,
    card_name,
    card_words,
    horseman,
    names_of,
)
from companion.rules.apocalypse.engine import (
    CHOOSE,
    DEAL,
    NAMING,
    OVER,
    PHASES,
    PLAY,
    Apocalypse,
    ApocalypseState,
    Flip,
    play_actions,
    random_play,
)
from companion.rules.apocalypse.tricks import (
    NOBODY,
    ROUNDS,
    RoundResult,
    TrickResult,
    counted_scores,
    duel_swap,
    duel_swaps,
    game_winners,
    next_chooser,
    playable,
    player_name,
    resolve_trick,
    round_over,
    round_score,
    score_round,
    winners_words,
)

__all__ = [
    "APOCALYPSE",
    "CHAOS",
    "CHOOSE",
    "DEAL",
    "HAND_SIZES",
    "NAMING",
    "NOBODY",
    "NO_SUIT",
    "NUM_CARDS",
    "OVER",
    "PHASES",
    "PLAY",
    "PLAYERS",
    "ROUNDS",
    "SUITS",
    "TRANQUILITY",
    "TYPE_NAMES",
    "VALUES",
    "Action",
    "Apocalypse",
    "ApocalypseState",
    "Deal",
    "DealCards",
    "Flip",
    "NameFirst",
    "Play",
    "RoundResult",
    "TrickResult",
    "action_from_json",
    "action_to_json",
    "card_ids",
    "card_name",
    "card_words",
    "counted_scores",
    "duel_swap",
    "duel_swaps",
    "game_winners",
    "horseman",
    "names_of",
    "next_chooser",
    "parse_action",
    "play_actions",
    "playable",
    "player_name",
    "random_play",
    "resolve_trick",
    "round_over",
    "round_score",
    "score_round",
    "winners_words",
]

APOCALYPSE: Final = Apocalypse()
