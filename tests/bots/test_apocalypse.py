"""Apocalypse bots: the random bot plays legal actions of its own seat; the heuristic bot
plays legal actions, follows its rules of thumb, and beats random bots."""

import random

import pytest

from companion.bots.apocalypse import HeuristicBot, RandomApocalypseBot, best_first, best_play
from companion.rules.apocalypse import APOCALYPSE, DEAL, OVER, Action, NameFirst, Play
from companion.tools.simulate.apocalypse import play_apocalypse_game
from tests.rules.apocalypse.script import arranged, calm, chaos, first, ids, new, play


def test_random_bot_plays_only_legal_actions_of_its_seat() -> None:
    state = arranged(
        new(3), [ids("red-1", "red-2") | chaos(0), ids("red-3", "blue-1"), ids("green-1")]
    )
    state = play(state, "red-2")
    me = RandomApocalypseBot(1, random.Random(3))
    picks = {me.act(APOCALYPSE, state) for _ in range(100)}
    assert picks == {Play("red-3")}, "must follow red"
    assert RandomApocalypseBot(0, random.Random(3)).act(APOCALYPSE, state) is None
    assert me.act(APOCALYPSE, new(3)) is None, "chance deals"


def test_random_bot_is_seeded() -> None:
    state = arranged(
        new(4),
        [
            ids("red-1", "red-2", "red-3", "blue-6") | chaos(0),
            ids("red-4"),
            ids("red-6"),
            ids("red-7"),
        ],
    )
    first_picks = [RandomApocalypseBot(0, random.Random(7)).choose(state) for _ in range(3)]
    assert len(set(first_picks)) == 1
    picks = {RandomApocalypseBot(0, random.Random(s)).choose(state) for s in range(60)}
    assert picks == set(APOCALYPSE.legal_actions(state))


def test_heuristic_bot_plays_legal_actions_in_whole_games() -> None:
    for seed in range(12):
        state = APOCALYPSE.new({"players": 2 + seed % 5}, seed)
        bots = [HeuristicBot(seat) for seat in range(state.players)]
        rng = random.Random(seed)
        while state.phase != OVER:
            action: Action | None = APOCALYPSE.deal_round(state, rng)
            if state.phase != DEAL:
                action = bots[state.turn].act(APOCALYPSE, state)
                assert action in APOCALYPSE.legal_actions(state)
            assert action is not None
            state = APOCALYPSE.apply(state, action)


def test_heuristic_dumps_its_highest_card_off_suit() -> None:
    hands = [ids("red-2"), ids("green-9", "blue-3", "purple-7"), ids("red-3")]
    state = play(arranged(new(3), hands), "red-2")
    assert best_play(state) == Play("green-9")


def test_heuristic_plays_chaos_when_it_cannot_win() -> None:
    hands = [ids("red-8", "red-1"), ids("red-9", "red-2") | chaos(1), ids("red-3", "red-4")]
    state = play(arranged(new(3), hands), "red-8")
    assert best_play(state) == Play("chaos", "green"), "5 is below the red 8: a free dump"


def test_heuristic_ducks_under_the_highest_card_of_a_regular_trick() -> None:
    hands = [ids("red-8", "red-1"), ids("red-9", "red-6", "red-2", "blue-1"), ids("red-3")]
    state = play(arranged(new(3), hands), "red-8")
    assert best_play(state) == Play("red-6"), "the highest card that loses"


def test_heuristic_plays_high_in_an_apocalypse() -> None:
    hands = [ids("red-3", "red-1"), ids("red-9", "red-6", "red-2"), ids("red-4")]
    black = ["green", "purple", "blue"]
    state = play(arranged(new(3), hands, black=black), "red-3")
    assert state.is_apocalypse
    assert best_play(state) == Play("red-9"), "the lowest takes all: stay high"
    hands = [ids("red-8", "red-1"), ids("red-2", "red-3") | calm(1), ids("red-4")]
    state = play(arranged(new(3), hands, black=black), "red-8")
    assert best_play(state) == Play("tranquility"), "even its highest would be the lowest"


def test_heuristic_gets_rid_of_its_specials_before_the_round_ends() -> None:
    hands = [ids("red-8"), ids("red-9", "red-2") | calm(1), ids("red-3", "red-4")]
    state = play(arranged(new(3), hands), "red-8")
    assert best_play(state) == Play("tranquility"), "seat 0's hand is empty after this trick"


def test_heuristic_names_itself_with_a_low_card_else_the_next_seat() -> None:
    hands = [ids("red-9", "red-1"), ids("red-10", "green-2"), ids("red-3", "blue-9")]
    state = play(arranged(new(3), hands), "red-9", "red-10", "red-3")
    assert state.phase == "name" and best_first(state) == NameFirst(1)
    hands = [ids("red-9", "red-1"), ids("red-10", "green-8"), ids("red-3", "blue-9")]
    state = play(arranged(new(3), hands), "red-9", "red-10", "red-3")
    assert best_first(state) == NameFirst(2)
    assert first(state, 2).leader == 2


def heuristic_rates(players: int, games: int) -> tuple[float, float]:
    """The heuristic seat's win rate and a random seat's, over ``games`` simulated games."""
    setup = APOCALYPSE.validate_setup({"players": players})
    wins = random_wins = 0
    for seed in range(games):
        report = play_apocalypse_game(setup, seed, check=False)
        heuristic = report.heuristic_seat
        wins += heuristic in report.winners
        random_wins += sum(1 for w in report.winners if w != heuristic)
    return wins / games, random_wins / (games * (players - 1))


@pytest.mark.parametrize("players", [3, 4, 6])
def test_heuristic_beats_random_bots(players: int) -> None:
    """Over 150 games the heuristic seat wins at least twice as often as a random seat."""
    rate, random_rate = heuristic_rates(players, 150)
    assert rate > 2 * random_rate and rate > 1.5 / players, (rate, random_rate)


def test_heuristic_holds_its_own_in_the_duel() -> None:
    """The Duel swap (ruling P12) punishes plain point-dodging; rule 9 evens it out."""
    rate, random_rate = heuristic_rates(2, 150)
    assert rate > 0.4 and rate + random_rate >= 1.0, (rate, random_rate)
