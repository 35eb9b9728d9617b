"""The words the Apocalypse engines make for a screen are Words all the way down: every refusal
of random play in both modes, every trick's words (FULL), every trick's reason and revoke, the
entries' and the played cards' words (TRACKER), shown through a catalog that upper-cases
every template (``Shouting``), keep no lower-case English word. A word left lower-case was a
plain ``str`` inside the words, which a screen could not translate. The players' names
(``P2``) and the numbers are values, the same in every language; so are the names an entry
gives that the rules do not know (a suit ``orange``), shown as given.

The identity catalog shows the English exactly, so the templates and values say what the
journals and the command line say. Chance's deals, which no person enters, keep their text
form (``deal red-8``) in a refusal: a notation, shown as it is.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from companion.errors import IllegalAction
from companion.rules.apocalypse import (
    APOCALYPSE,
    DEAL,
    NO_SUIT,
    SUITS,
    Action,
    ApocalypseState,
    Deal,
    Play,
    resolve_trick,
)
from companion.rules.apocalypse.cards import FIRST_TRANQUILITY
from companion.rules.apocalypse.tracker import TRACKER, VALUES, Entry, TrackerState, entry_words
from companion.rules.base import Engine
from companion.words import Words, say
from tests.rules.apocalypse.test_random import illegal_candidates
from tests.rules.apocalypse.test_tracker import illegal_candidates as tracker_candidates
from tests.test_words import Shouting, assert_shown_in_the_language

FULL_SETUPS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3, "drop": "red"},
    {"players": 4},
    {"players": 5},
    {"players": 6},
)
TRACKER_PLAYERS = (2, 3, 4, 5, 6)
FULL_SEED, TRACKER_SEED = 9, 2
"""Seeds whose games meet every kind of trick but one (no winner: too rare, built below)."""
EVERY_NTH_STATE = 5
"""Refusals are tried in every fifth state (enough to meet nearly every rule, and fast)..."""
RARE_PHASES = frozenset({"values", "score", "first", "over"})
"""... and in every state of a phase that comes seldom."""

FULL_RULES = frozenset(
    {
        "the apocalypse actions",
        "ruling P3 (the deal)",
        "ruling P4 (following)",
        "ruling P4 (one copy per trick)",
        "ruling P4 (playing a card)",
        "ruling P5 (Chaos)",
        "ruling P5 (tokens)",
        "ruling P8 (the next first player)",
        "ruling P10 (the next round's first player)",
        "ruling P11 (three rounds)",
    }
)
TRACKER_RULES = frozenset(
    {
        "the apocalypse tracker's entries",
        "ruling P2 (one card each)",
        "ruling P2 (suits)",
        "ruling P2 (values)",
        "ruling P3 (one of each Special)",
        "ruling P3 (the deal)",
        "ruling P4 (one copy a trick)",
        "ruling P4 (playing a card)",
        "ruling P4 (skipping)",
        "ruling P5 (Chaos)",
        "ruling P5 (tokens)",
        "ruling P6 (Chaos)",
        "ruling P6 (Tranquility)",
        "ruling P6 (an Apocalypse scores every card)",
        "ruling P6 (the winner)",
        "ruling P8 (the next first player)",
        "ruling P9 (scoring)",
        "ruling P9 (scoring the round)",
        "ruling P10 (the next round's first player)",
        "ruling P11 (three rounds)",
        "ruling P12 (the Duel)",
        "ruling P12 (the Duel deck)",
    }
)

LOWER_CASE_WORD = re.compile(r"\b[a-z][a-z]+\b")
GIVEN = re.compile(r"\b(not-a-token|orange|pink)\b")
"""Suits and tokens the candidates give that no game has: a refusal names them as given."""


def leftover_english(said: Words) -> list[str]:
    """The lower-case words left in ``said`` shown upper-cased, names given aside."""
    return LOWER_CASE_WORD.findall(GIVEN.sub("", said.shown(Shouting())))


def _played(engine: Engine[Any, Any], setup: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of a random game, chance dealing a round at a time (FULL)."""
    state, rng = engine.new(setup, seed), random.Random(seed)
    yield state
    while not engine.is_over(state):
        if engine.is_chance(state):
            action = APOCALYPSE.deal_round(state, rng)
        else:
            action = rng.choice(list(engine.legal_actions(state)))
        state = engine.apply(state, action)
        yield state


@cache
def full_states() -> tuple[ApocalypseState, ...]:
    return tuple(state for setup in FULL_SETUPS for state in _played(APOCALYPSE, setup, FULL_SEED))


@cache
def tracker_states() -> tuple[TrackerState, ...]:
    return tuple(
        state for n in TRACKER_PLAYERS for state in _played(TRACKER, {"players": n}, TRACKER_SEED)
    )


def full_refused(state: ApocalypseState) -> list[Action | int]:
    """The harness's refused actions (no deal while dealing: a deal's refusal names it in
    its text form), a token the card cannot flip, and no action at all (a number: what is
    not an action is named as it is)."""
    found: list[Action | int] = [a for a in illegal_candidates(state) if not isinstance(a, Deal)]
    if state.phase != DEAL:
        found += [Deal("red-1"), Play("chaos", "pink"), Play("red-1", "red")]
        found += [Play("chaos", SUITS[s]) for s in state.suits if state.tokens >> s & 1]
    legal = APOCALYPSE.legal_actions(state)
    return [*(a for a in found if a not in legal), 42]


def tracker_refused(state: TrackerState) -> list[Entry | int]:
    """The harness's refused entries, an entry of every kind the companion refuses, and no
    entry at all."""
    n = state.players
    found: list[Entry | int] = [*tracker_candidates(state), 42]
    found += [Entry.skip(), Entry.chaos(), Entry("chaos", suit="red"), Entry.give_value(5)]
    found += [Entry("tranquility", token="red"), Entry.first(n), Entry.tranquility()]
    found += [Entry.score(totals=[-1] * n), Entry.score(specials=[9] * n), Entry.score()]
    legal = TRACKER.legal_actions(state)
    known = [e for e in legal if e.kind == "horseman" and e.value is not None]
    found += [replace(e, token=state.suits[0]) for e in known[:1]]  # ruling P5: no token
    unplayed = [(s, v) for s in state.suits for v in VALUES if (s, v) not in state.played]
    found += [Entry.horseman(*card) for card in unplayed[:1]]  # ruling P3: none left in hand
    return [e for e in found if e not in legal]


def refusals(engine: Engine[Any, Any], states: Sequence[Any], candidates: Any) -> list[object]:
    """What ``engine`` says refusing each candidate in every ``EVERY_NTH_STATE``-th state
    and in every state of a rare phase (a TRACKER's values, scores and first player)."""
    said: list[object] = []
    for k, state in enumerate(states):
        if k % EVERY_NTH_STATE and state.phase not in RARE_PHASES:
            continue
        for action in candidates(state):
            try:
                engine.apply(state, action)
            except IllegalAction as refused:
                said.append(refused.args[0])
    return said


def rules_of(refused: Sequence[object]) -> set[str]:
    """The rules that refused: what each refusal names between "refused by" and its ":"."""
    return {str(r).partition(" refused by ")[2].partition(": ")[0] for r in refused}


def test_every_refusal_of_random_play_is_shown_in_the_language() -> None:
    full = refusals(APOCALYPSE, full_states(), full_refused)
    tracked = refusals(TRACKER, tracker_states(), tracker_refused)
    assert_shown_in_the_language(full, leftover_english)
    assert_shown_in_the_language(tracked, leftover_english)
    assert rules_of(full) >= FULL_RULES, sorted(FULL_RULES - rules_of(full))
    assert rules_of(tracked) >= TRACKER_RULES, sorted(TRACKER_RULES - rules_of(tracked))


def test_every_trick_of_random_play_is_told_in_the_language() -> None:
    full = list(dict.fromkeys(s.last_trick.words for s in full_states() if s.last_trick))
    tracked = tracker_states()
    reasons = list(dict.fromkeys(s.last_trick.reason for s in tracked if s.last_trick))
    revokes = list(dict.fromkeys(r for s in tracked if s.last_trick for r in s.last_trick.revokes))
    played = list(dict.fromkeys(play.words for s in tracked for play in s.trick))
    assert_shown_in_the_language([*full, *reasons, *revokes, *played], leftover_english)
    told = " | ".join(full)
    for story in (
        "Apocalypse, leading suit",
        "regular trick, leading suit",
        "could not play and skipped",
        "not of the leading suit",
        "Tranquility never wins",
        "the only card that could win",
        "the other card is discarded",
        "other cards are discarded",
    ):
        assert story in told, f"no trick with {story!r} in {len(full)} tricks"
    told = " | ".join(reasons)
    for story in ("the lowest", "the highest", "only card that can win", "nobody wins"):
        assert story in told, f"no trick with {story!r} in {len(reasons)} tricks"
    assert revokes and any("?" in play for play in played), "a revoke and a value left out"


def test_a_trick_without_a_winner_is_told_in_the_language() -> None:
    """Ruling P7: Tranquility alone, the other seats skipping (ruling P4)."""
    result = resolve_trick(((0, FIRST_TRANQUILITY),), (1, 2), NO_SUIT, False)
    assert result.words.shown(Shouting()) == (
        "REGULAR TRICK, NO LEADING SUIT: NEITHER A HORSEMAN NOR A CHAOS CARD, SO NO WINNER "
        "(RULING P7); THE CARDS ARE DISCARDED AND THE FIRST PLAYER OPENS THE NEXT TRICK; P2 "
        "COULD NOT PLAY AND SKIPPED (RULING P4); P3 COULD NOT PLAY AND SKIPPED (RULING P4)"
    )
    assert_shown_in_the_language([result.words], leftover_english)


def test_every_entry_is_said_in_the_language_with_its_actor() -> None:
    said = [
        entry_words(entry, actor)
        for state in tracker_states()[::EVERY_NTH_STATE]
        for entry in TRACKER.legal_actions(state)
        for actor in (None, TRACKER.actor(state))
    ]
    assert_shown_in_the_language(said, leftover_english)
    assert "P2 red 8" in said and "naming P1 to open" in said
    assert "the value 6" in said and "P1 Chaos turning red" in said


def test_a_deal_refused_keeps_its_text_form() -> None:
    """Chance's action and card are named as the journal writes them; the rest is words."""
    state = APOCALYPSE.new({"players": 4}, 0)
    try:
        APOCALYPSE.apply(state, Deal("yellow-1"))
    except IllegalAction as refused:
        said = refused.args[0]
    else:
        raise AssertionError("yellow is out with 4 players (ruling P2)")
    assert isinstance(said, Words) and said.shown(Shouting()) == (
        "deal yellow-1 REFUSED BY RULING P3 (THE DEAL): NO yellow-1 IS LEFT TO DEAL "
        "(SUITS IN PLAY: RED, GREEN, PURPLE, BLUE)"
    )


def test_a_leftover_plain_word_is_found() -> None:
    """The check itself: a plain ``str`` value shows lower-case; a player's name does not."""
    assert leftover_english(say("{player} holds no {suit}", player="P2", suit="red")) == ["red"]
    assert leftover_english(say("{player} holds no {suit}", player="P2", suit=say("red"))) == []
