"""Random play through the shared harness: every player count, every configuration.

Uniform random play over ``legal_actions`` would almost never skip the optional action (a
turn offers hundreds of placements and moves and six stashes), so the harness gets a policy
that goes straight to the stash a third of the time; it can still pick every legal action.
"""

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from companion.rules.harness import check_random_games, play_random, play_random_game
from companion.rules.paris import (
    CONFIGURATIONS,
    OVER,
    PARIS,
    STASH,
    TURN,
    Action,
    Bourgeois,
    First,
    Move,
    ParisState,
    Place,
    Stash,
    Step,
    Take,
)
from companion.rules.paris.board import SLOT_COUNTS
from companion.rules.paris.state import with_change
from tests.rules.paris.laws import check_board_and_turn
from tests.rules.paris.script import PURPLE, YELLOW, deal, new, turn

SETUPS: list[dict[str, Any]] = [
    {"players": players, "districts": ".".join(map(str, districts))}
    for players, configurations in CONFIGURATIONS.items()
    for districts in configurations
]
"""16 setups: the 11 two-player and 4 three-player configurations, and the 4 players'."""


def policy(state: ParisState, legal: Sequence[Action], rng: random.Random) -> Action:
    """In a turn: the stash straight away a third of the time, else uniform."""
    if state.phase == TURN and rng.random() < 1 / 3:
        stashes = [a for a in legal if isinstance(a, Stash)]
        return rng.choice(stashes)
    return rng.choice(list(legal))


def illegal_candidates(state: ParisState) -> list[Action]:
    """One action per rule that forbids something in ``state``."""
    found: list[Action] = [
        First(9),
        Bourgeois("bourgeois") if state.phase != "bourgeois" else Take(5),
    ]
    prohibited = [d for d in range(1, 10) if d not in state.districts]
    if state.phase in (TURN, STASH):
        seat = state.order[state.step]
        others = [(d, k) for s in range(state.players) if s != seat for d, k in state.hand(s)]
        found.append(Stash(*others[0]) if others else Stash(1, 9))
        found.append(Place(state.districts[0], 99))
        if prohibited:
            found.append(Place(prohibited[0], 1))
        if state.phase == STASH:
            found.append(Place(state.districts[0], 1))  # one optional action per turn
        found.append(Move((Step(8, 1 if 1 not in state.districts else 6, "leader"),)))
    else:
        found.append(Place(8, 1))
    if state.phase != "draft":
        found.append(Take(state.districts[0]))
    return [a for a in found if a not in PARIS.legal_actions(state)]


def check_view(state: ParisState, seat: int, view: Any) -> None:
    """A seat sees its own stashes, only the districts of the others', and only how many
    stashes are set aside or in the piles."""
    for other, hand in enumerate(view["hands"]):
        expected = state.hand(other)
        assert hand == ([list(p) for p in expected] if other == seat else [d for d, _ in expected])
    assert view["aside"] == sorted(view["aside"]) and all(isinstance(d, int) for d in view["aside"])
    assert set(view["piles"]) <= {str(d) for d in state.districts if SLOT_COUNTS[d]}
    if state.phase != OVER and state.policeman not in (-1, seat):
        assert view["policeman"] is None


def test_random_games_every_player_count_and_configuration() -> None:
    report = check_random_games(
        PARIS,
        SETUPS,
        games=len(SETUPS),
        seed=1,
        policy=policy,
        illegal_actions=illegal_candidates,
        invariants=check_board_and_turn,
        view_check=check_view,
        score_bounds=(0, 10_000),
    )
    assert report.games == 16
    assert report.illegal_refused > report.actions
    assert report.longest < 400


def test_random_four_player_games() -> None:
    report = check_random_games(
        PARIS,
        [{"players": 4}],
        games=3,
        seed=40,
        policy=policy,
        illegal_actions=illegal_candidates,
        invariants=check_board_and_turn,
    )
    assert report.games == 3 and report.chance_actions >= 3 * (1 + 3 * (7 + 24))


def test_play_random_is_the_checked_game_without_the_checks() -> None:
    state, actions = play_random(PARIS, SETUPS[12], seed=3, policy=policy)
    record = play_random_game(PARIS, SETUPS[12], seed=3, policy=policy)
    assert actions == record.actions and state == record.states[-1]
    assert PARIS.is_over(state)


def test_random_play_reaches_every_kind_of_settlement() -> None:
    """Bails, bourgeois and policeman draws, every outcome and leader fate happen."""
    seen: set[str] = set()
    for seed in range(12):
        _, actions = play_random(PARIS, {"players": 4}, seed, policy=policy)
        seen |= {"bail" for a in actions if isinstance(a, Stash) and a.bail}
        seen |= {a.identity for a in actions if isinstance(a, Bourgeois)}
        seen |= {"moved" for a in actions if isinstance(a, Move)}
        replayed = PARIS.new({"players": 4}, seed)
        for action in actions:
            before = replayed.settlement
            replayed = PARIS.apply_unchecked(replayed, action)
            if replayed.settlement is not before:
                for step in replayed.settlement:
                    seen.add(step.outcome.split(" ")[0] if step.holder >= 0 else "nobody")
                    seen |= {step.leader} - {""}
    assert seen >= {"bail", "bourgeois", "policeman", "moved", "nobody", "fence"}
    assert seen >= {"money", "valuables", "steal", "reinforcements", "wounded", "killed"}
    assert seen >= {"prison", "hospital", "cemetery"}


def test_the_board_and_turn_laws_catch_ties_followers_alone_and_hands_out_of_turn() -> None:
    state = deal(new(2))
    state = turn(state, Place(5, 2, 1))  # purple: 2 leaders and a novice in 5
    state = turn(state, Place(7, 2))  # yellow: 2 in 7
    check_board_and_turn(state)
    y5, p5, p1 = YELLOW * 10 + 5, PURPLE * 10 + 5, PURPLE * 10 + 1
    cases = {
        "a tie": state._replace(
            leaders=with_change(state.leaders, y5, 3), counts=with_change(state.counts, y5, 3)
        ),
        "without a leader": state._replace(leaders=with_change(state.leaders, p5, -2)),
        "prohibited": state._replace(
            leaders=with_change(state.leaders, p1, 1), counts=with_change(state.counts, p1, 1)
        ),
        "(3, 0": state._replace(turn=3),
        "(0, 0)": state._replace(order=(0, 0)),
    }
    for words, bad in cases.items():
        with pytest.raises(AssertionError, match=re.escape(words)):
            check_board_and_turn(bad)
