"""Random play through the shared harness: every player count, every variant combination.

Uniform random play at the table would barely move: in ``ready`` one card turn competes with
twenty slaps, in a window one ``close`` with up to twenty slaps, so a game would take tens of
thousands of actions. The rules are left alone; the harness gets a ``policy`` instead that
turns and closes more often (and ends the final phase) but can still pick every legal action,
so games end in a few hundred actions and still see slaps, penalties and choices.
"""

import itertools
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.rules.apache import (
    APACHE,
    CHOOSE,
    CLOSE,
    END,
    FINAL,
    READY,
    REVEAL,
    WINDOW,
    Action,
    ApacheState,
    Choose,
    Close,
    End,
    Reveal,
    Slap,
    Turn,
)
from companion.rules.apache.cards import TYPE_NAMES, type_counts
from companion.rules.apache.tracker import TRACKER
from companion.rules.harness import check_random_games, play_random, play_random_game
from tests.rules.apache.test_tracker import illegal_candidates as tracker_candidates

VARIANT_SETS = [
    dict(zip(("war_path", "wedding", "joint_raid"), flags, strict=True))
    for flags in itertools.product((False, True), repeat=3)
]
PLAYER_COUNTS = (5, 2, 4, 3, 5, 4, 2, 3)
"""The player count of each variant combination: Joint Raid (every odd one) with fewer
than 5 players (ruling A13)."""
SETUPS: list[dict[str, Any]] = [
    {"players": players, "variants": variants}
    for players, variants in zip(PLAYER_COUNTS, VARIANT_SETS, strict=True)
]
"""8 setups: every variant combination once, every player count 2-5 twice."""


def table_policy(state: ApacheState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Turn 60 % of the time when one may, close 50 %, end 30 %; else uniform."""
    first, last = legal[0], legal[-1]
    if isinstance(first, Turn) and rng.random() < 0.6:
        return first
    if isinstance(last, Close | End) and rng.random() < (0.5 if last == CLOSE else 0.3):
        return last
    return rng.choice(list(legal))


def illegal_candidates(state: ApacheState) -> list[Action]:
    """One action per rule that forbids something in ``state`` (the harness expects each to
    be refused with IllegalAction and the state left unchanged)."""
    players = len(state.colours)
    found: list[Action] = [Slap(players, "hunter"), Choose(0, "wedding", 999)]
    if state.phase != READY:
        found.append(Turn(state.turner))
    else:
        found.append(Turn((state.turner + 1) % players))
    if state.phase != WINDOW:
        found.append(CLOSE)
    if state.phase != FINAL:
        found.append(END)
    if state.phase == REVEAL:
        found += [
            Reveal(name)
            for name, left in zip(TYPE_NAMES, type_counts(state.deck), strict=True)
            if not left
        ]
    else:
        found.append(Reveal("tipi"))
    if state.slapped_on_card and state.phase in (READY, WINDOW, FINAL):
        found.append(Slap(state.slapped_on_card[0], "chief"))  # ruling A8: once per card
    if state.phase == CHOOSE:
        seat = state.slaps[state.resolved].seat
        found += [Choose((seat + 1) % players, "tipis"), Slap(seat, "woman")]
    return found


def check_view(state: ApacheState, seat: int, view: Any) -> None:
    """A seat sees how many cards are face down, never which."""
    assert "deck" not in view, f"view of seat {seat} shows the deck composition"
    assert view["deck_count"] == state.deck_count and view["seat"] == seat


def test_random_games_every_player_count_and_variant_combination() -> None:
    report = check_random_games(
        APACHE,
        SETUPS,
        games=len(SETUPS),
        seed=1,
        policy=table_policy,
        illegal_actions=illegal_candidates,
        view_check=check_view,
        score_bounds=(0, 114),
    )
    assert report.games == 8
    assert report.chance_actions == 8 * 114, "every card of every game is turned"
    assert report.illegal_refused > report.actions
    assert report.longest < 1500


def test_play_random_is_the_checked_game_without_the_checks() -> None:
    state, actions = play_random(APACHE, SETUPS[5], seed=3, policy=table_policy)
    record = play_random_game(APACHE, SETUPS[5], seed=3, policy=table_policy)
    assert actions == record.actions and state == record.states[-1]
    assert APACHE.is_over(state)


def test_random_play_reaches_every_phase_and_every_kind_of_outcome() -> None:
    """The policy still explores: choices, weddings, prisoners, raids, joins, penalties,
    snatched loot and the final window all happen in a handful of games."""
    setup = {"players": 3, "variants": dict.fromkeys(("war_path", "wedding", "joint_raid"), True)}
    phases: set[str] = set()
    seen: set[str] = set()
    for seed in range(6):
        state = APACHE.new(setup, seed)
        rng = random.Random(seed)
        while not APACHE.is_over(state):
            if APACHE.is_chance(state):
                action: Action = APACHE.random_reveal(state, rng)
            else:
                action = table_policy(state, APACHE.legal_actions(state), rng)
            before = state.resolution
            state = APACHE.apply(state, action)
            phases.add(state.phase)
            if state.resolution is not before:
                for r in state.resolution:
                    seen |= {r.option or ("legal" if r.legal else "illegal")}
                    seen |= {"raid"} if r.raid else set()
                    seen |= {"joined"} if r.joined else set()
                    seen |= {"snatched"} if r.reason.startswith("snatched") else set()
                    seen |= {"penalty"} if r.penalty else set()
    assert phases == {READY, REVEAL, WINDOW, CHOOSE, FINAL, "over"}
    assert seen >= {"item", "tipis", "prisoner", "wedding", "illegal", "snatched", "raid"}
    assert seen >= {"joined", "penalty"}


SEAT_NUMBER = re.compile(r"\bseat \d")


def check_refusals(
    engine: Any, states: Sequence[Any], candidates: Callable[[Any], list[Any]]
) -> int:
    """Every refusal of ``candidates`` in every fifth state: the seat by its colour, never
    the 0-based number nor the action's text form; how many were checked."""
    checked = 0
    for state in states[::5]:
        for action in candidates(state):
            with pytest.raises(IllegalAction) as refused:
                engine.apply(state, action)
            words = str(refused.value)
            checked += 1
            if hasattr(action, "seat"):  # a seat's action: not its text form
                assert str(action) not in words, words
            assert not SEAT_NUMBER.search(words) or "no such seat" in words, words
            assert " refused by " in words and ("ruling A" in words or "hand card" in words)
    return checked


def test_refusals_name_seats_by_colour_never_by_number() -> None:
    """Every refusal of random play, in both modes: the seat by its colour, never the
    0-based number nor the action's text form (``slap 1 hunter``); only a number that is no
    seat of the game is named as given."""
    full = play_random_game(APACHE, SETUPS[3], seed=5, policy=table_policy)
    tracked = play_random_game(TRACKER, {"colours": ["red", "yellow", "purple"]}, seed=5)
    checked = check_refusals(APACHE, full.states, illegal_candidates)
    checked += check_refusals(TRACKER, tracked.states, tracker_candidates)
    assert checked > 300
