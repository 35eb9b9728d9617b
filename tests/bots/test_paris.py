"""Paris bots: only legal actions, reproducible, and the heuristic beats random."""

import random

import pytest

from companion.bots.paris import HeuristicParisBot, RandomParisBot, district_values
from companion.rules.base import CHANCE
from companion.rules.paris import DRAFT, PARIS, Action, Place, Stash, Take
from companion.tools.simulate.paris import play_paris_game
from tests.rules.paris.script import PURPLE, YELLOW, deal, new, turn


def checked_game(players: int, seed: int, heuristic_seat: int) -> tuple[int, ...]:
    """A game where every bot action goes through the CHECKED door."""
    state = PARIS.new({"players": players}, seed)
    rng = random.Random(seed)
    bots = [
        (HeuristicParisBot if s == heuristic_seat else RandomParisBot)(s, random.Random(s))
        for s in range(players)
    ]
    while (seat := PARIS.actor(state)) is not None:
        if seat == CHANCE:
            action = PARIS.random_chance(state, rng)
            assert action in dict(PARIS.chance_outcomes(state))
        else:
            action = bots[seat].choose(state)
            assert action in PARIS.legal_actions(state), action
        state = PARIS.apply(state, action)
    outcome = PARIS.outcome(state)
    assert outcome is not None
    return outcome.winners


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_bots_play_only_legal_actions(players: int) -> None:
    for seed in range(2):
        assert checked_game(players, seed, heuristic_seat=seed % players)


def test_bots_are_reproducible_from_their_seeds() -> None:
    setup = PARIS.validate_setup({"players": 3})
    first: list[Action] = []
    second: list[Action] = []
    play_paris_game(setup, 5, heuristic_seat=1, record=first)
    play_paris_game(setup, 5, heuristic_seat=1, record=second)
    assert first == second and len(first) > 150


def test_the_heuristic_bot_beats_random_bots_clearly() -> None:
    setup = PARIS.validate_setup({"players": 4})
    games = 40
    wins = sum(
        i % 4 in play_paris_game(setup, 100 + i, heuristic_seat=i % 4).winners for i in range(games)
    )
    assert wins / games >= 0.75, f"heuristic won {wins} of {games} (random would win ~25 %)"


def test_the_heuristic_takes_the_most_profitable_majority() -> None:
    # purple holds 5.2-5.5, 6.1 and 6.2: of district 5 only money 400 (set aside) and
    # money 250 (yellow's) may end uncovered; of 6: valuables 200, prison (set aside), money 200
    hand = [(5, 2), (5, 3), (5, 4), (5, 5), (6, 1), (6, 2)]
    state = deal(new(2), aside={5: 1, 6: 4, 7: 4}, hands={PURPLE: hand})
    values = district_values(state, PURPLE)
    assert values[5] == pytest.approx((400 + 250) / 2)
    assert values[6] == pytest.approx((200 + 60 - 50 + 200) / 3)
    action = HeuristicParisBot(PURPLE, random.Random(0)).choose(state)
    assert action == Place(5, 2, 0, 0), "a majority with one to spare, no novice spent"


def test_the_heuristic_drafts_and_bails_early() -> None:
    state = PARIS.apply(new(2), PARIS.legal_actions(new(2))[0])
    while state.phase != DRAFT:
        state = PARIS.apply(state, PARIS.legal_actions(state)[0])
    assert isinstance(HeuristicParisBot(PURPLE, random.Random(0)).choose(state), Take)
    state = turn(deal(new(2)))
    state = state._replace(prison=(0, 1), reserve=(7, 3, 0, 6, 3, 0))
    bot = HeuristicParisBot(YELLOW, random.Random(0))
    action = bot.choose(state)
    if not isinstance(action, Stash):
        state = PARIS.apply(state, action)
        action = bot.choose(state)
    assert isinstance(action, Stash) and action.bail
    assert PARIS.apply(state, action).money == (500, 350)
