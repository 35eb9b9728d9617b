"""Random play through the shared harness (companion.rules.harness): every player count,
with the checked door refusing one action per rule at every step."""

import random
from typing import Any

from companion.rules.apocalypse import (
    APOCALYPSE,
    DEAL,
    OVER,
    PLAY,
    Action,
    ApocalypseState,
    Deal,
    NameFirst,
    Play,
)
from companion.rules.apocalypse.cards import TYPE_NAMES
from companion.rules.harness import check_random_games, play_random, play_random_game

SETUPS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "drop": "red"},
    {"players": 4},
    {"players": 5, "first": 4},
    {"players": 6},
]


def illegal_candidates(state: ApocalypseState) -> list[Action]:
    """One action per rule that forbids something in ``state`` (the harness expects each to
    be refused with IllegalAction and the state left unchanged)."""
    found: list[Action] = [NameFirst(state.players)]
    if state.phase != DEAL:
        found.append(Deal("red-1"))
    if state.phase == PLAY:
        hand = state.hands[state.turn]
        missing = next(t for t in range(45) if not hand >> t & 1)
        found.append(Play(TYPE_NAMES[missing]))  # ruling P4: not in the hand
        if state.coloured_tokens and hand >> 45 & 0x3F:
            found.append(Play("chaos"))  # ruling P5: Chaos must name a token
    elif state.phase != OVER:
        found.append(Play("tranquility"))
    return found


def check_view(state: ApocalypseState, seat: int, view: Any) -> None:
    """A seat sees its own hand and every hand's size, never another hand or the deck."""
    assert view["seat"] == seat and len(view["hand"]) == state.hand_sizes[seat]
    assert view["hand_sizes"] == list(state.hand_sizes)
    assert "hands" not in view and "deck" not in view


def test_random_games_every_player_count() -> None:
    report = check_random_games(
        APOCALYPSE,
        SETUPS,
        games=len(SETUPS) * 2,
        seed=1,
        illegal_actions=illegal_candidates,
        view_check=check_view,
        score_bounds=(0, 1000),
    )
    assert report.games == 10
    assert report.illegal_refused > report.actions
    assert report.chance_actions == 2 * 3 * (26 + 30 + 32 + 40 + 42), "every card dealt"


def test_play_random_is_the_checked_game_without_the_checks() -> None:
    state, actions = play_random(APOCALYPSE, SETUPS[2], seed=3)
    record = play_random_game(APOCALYPSE, SETUPS[2], seed=3)
    assert actions == record.actions and state == record.states[-1]
    assert APOCALYPSE.is_over(state) and len(state.rounds) == 3


def test_random_play_reaches_every_kind_of_trick() -> None:
    """Apocalypses, skips, tricks without a winner, Duel swaps and every phase happen."""
    seen: set[str] = set()
    for seed in range(40):
        setup = SETUPS[seed % len(SETUPS)]
        state = APOCALYPSE.new(setup, seed)
        rng = random.Random(seed)
        while not APOCALYPSE.is_over(state):
            seen.add(state.phase)
            if state.phase == DEAL:
                action: Action = APOCALYPSE.deal_round(state, rng)
            else:
                action = rng.choice(list(APOCALYPSE.legal_actions(state)))
            last = state.last_trick
            state = APOCALYPSE.apply_unchecked(state, action)
            trick = state.last_trick
            if trick is not last and trick is not None:
                seen |= {"apocalypse"} if trick.apocalypse else {"regular"}
                seen |= {"skip"} if trick.skipped else set()
                seen |= {"no winner"} if trick.winner < 0 else set()
                seen |= {"chaos alone"} if trick.lead < 0 and trick.winner >= 0 else set()
        seen |= {"swap"} if any(r.swapped for r in state.rounds) else set()
    assert seen >= {"deal", "choose", "play", "name", "apocalypse", "regular", "skip", "swap"}
    assert seen >= {"chaos alone"}
