"""Apocalypse bots: the random bot plays legal actions of its own seat; the heuristic bot
plays legal actions, follows its rules of thumb, and beats random bots; in the Duel (ruling
P12) it weighs each card by the round's scores after the swap."""

import random
from collections.abc import Sequence

import pytest

from companion.bots.apocalypse import (
    HeuristicBot,
    RandomApocalypseBot,
    best_first,
    best_play,
    duel_view,
)
from companion.rules.apocalypse import (
    APOCALYPSE,
    DEAL,
    OVER,
    Action,
    ApocalypseState,
    NameFirst,
    Play,
)
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


# --- the Duel (ruling P12) -------------------------------------------------------------------


def pile(points: int, suit: str) -> int:
    """Cards of ``suit`` worth exactly ``points`` (highest first), for a won pile."""
    names = []
    for value in (10, 9, 8, 7, 6, 4, 3, 2, 1):
        if value <= points:
            names.append(f"{suit}-{value}")
            points -= value
    assert points == 0
    return ids(*names)


def last_trick(bot: int, mine: int, theirs: int, black: Sequence[str] = ()) -> ApocalypseState:
    """A Duel trick in which seat 0 has led its last card, red 6 (so the round ends with this
    trick), and seat 1, the bot, holding ``bot``, is to play, having won ``mine`` points this
    round (green cards) against seat 0's ``theirs`` (purple cards)."""
    won = [pile(theirs, "purple"), pile(mine, "green")]
    state = arranged(new(2), [ids("red-6"), bot], won=won, black=black)
    return play(state, "red-6")


@pytest.mark.parametrize(
    ("mine", "theirs", "card", "why"),
    [
        (20, 20, "red-2", "even scores: the fewest points, duck under the 6"),
        (16, 10, "red-9", "25 is more than twice 10: the swap gives it the 10"),
        (11, 10, "red-2", "20 is exactly twice 10: no swap, so duck (ruling P12)"),
        (12, 10, "red-9", "21 is more than twice 10: the swap pays"),
        (5, 10, "red-9", "ducking, 16 would be more than twice 5: swapped against it"),
    ],
)
def test_duel_bot_heads_for_the_swap_only_when_it_pays(
    mine: int, theirs: int, card: str, why: str
) -> None:
    """Ruling P12: a round's scores swap when one is MORE than twice the other."""
    state = last_trick(ids("red-9", "red-2"), mine, theirs)
    assert best_play(state) == Play(card), why


def test_duel_bot_plays_chaos_as_the_lowest_card_of_an_apocalypse() -> None:
    """Ruling P6: Chaos (5) is of the leading suit: under the red 6 it is the lowest card of
    the Apocalypse and takes the whole trick, which makes the bot's 31 points more than twice
    the opponent's 14 (ruling P12). Level, it lets the 6 take the most: its 10 and the 6."""
    hand = ids("red-9", "red-10") | chaos(1)
    state = last_trick(hand, 20, 14, black=["green", "purple"])
    assert state.is_apocalypse
    assert best_play(state) == Play("chaos")
    assert best_play(last_trick(hand, 20, 20, black=["green", "purple"])) == Play("red-10")


def test_duel_bot_keeps_a_special_card_when_its_20_points_make_the_swap() -> None:
    """Ruling P9: a Special card still in hand when the round ends scores 20. With 20 points
    against 4 it keeps Tranquility (40 is more than twice 10: swapped, ruling P12); level,
    it plays Tranquility rather than be left with it."""
    state = last_trick(ids("red-2") | calm(1), 20, 4)
    assert best_play(state) == Play("red-2")
    state = last_trick(ids("red-2") | calm(1), 10, 12)
    assert best_play(state) == Play("tranquility")


def duel_lead(bot: int, theirs: int, won: Sequence[int]) -> ApocalypseState:
    """Seat 0, the bot, holding ``bot``, leads a Duel trick; seat 1 holds ``theirs``."""
    return arranged(new(2), [bot, theirs], won=list(won))


@pytest.mark.parametrize(("gone", "lead"), [("red-10", "red-9"), ("green-10", "green-9")])
def test_duel_bot_leads_the_card_whose_higher_cards_are_gone(gone: str, lead: str) -> None:
    """Ahead and after more points (ruling P12), it leads the 9 the opponent cannot beat: the
    10 of that suit was played (it is in the opponent's won pile); the other 10 is unseen."""
    won = [pile(34, "purple"), ids(gone)]
    state = duel_lead(ids("red-9", "green-9"), ids("red-1", "purple-3"), won)
    assert best_play(state) == Play(lead)


def test_duel_bot_leads_chaos_when_the_opponent_can_only_skip() -> None:
    """Ruling P4: the opponent's only card can be the third Chaos (every other card was
    played), so it must skip a trick led by Chaos, which then takes the trick (ruling P7).
    Leading the red 2 instead would let the opponent's Chaos take it and end the round
    with the bot's Chaos in hand: 20 points (ruling P9)."""
    bot, theirs = chaos(0) | ids("red-2"), chaos(1)
    mine = pile(50, "green") | ids("red-10") | calm(0) | calm(1) | calm(2)
    others = new(2).cards & ~bot & ~theirs & ~mine & ~chaos(2)
    state = duel_lead(bot, theirs, [mine, others])
    assert state.deck == chaos(2) and state.points == (60, 88)
    assert best_play(state).card == "chaos"


def test_duel_bot_decides_on_what_its_seat_sees() -> None:
    """It never looks at the opponent's hand: whichever of the unseen cards the opponent
    holds, the bot sees the same and plays the same."""
    won = [pile(34, "purple"), ids("red-10")]
    states = [
        duel_lead(ids("red-9", "green-9"), theirs, won)
        for theirs in (ids("red-4", "red-6"), ids("green-10", "red-1"), ids("green-1", "red-7"))
    ]
    assert len({duel_view(state) for state in states}) == 1
    assert len({best_play(state) for state in states}) == 1


def test_duel_bot_names_itself_to_lead() -> None:
    """Rulings P8, P10: leading, it picks the card; so it names itself, even without the low
    card the 3-6 player rule wants."""
    state = play(duel_lead(ids("red-9", "red-8"), ids("red-6", "red-7"), [0, 0]), "red-9", "red-6")
    assert state.phase == "name" and state.turn == 0
    assert best_first(state) == NameFirst(0)


def test_duel_bot_plays_the_same_game_for_the_same_seed() -> None:
    setup = APOCALYPSE.validate_setup({"players": 2})
    first: list[Action] = []
    second: list[Action] = []
    play_apocalypse_game(setup, 3, record=first)
    play_apocalypse_game(setup, 3, record=second)
    assert first == second and len(first) > 3 * 26


def test_duel_bot_wins_most_duels_against_the_random_bot() -> None:
    """Over 200 Duels the heuristic wins far more than its fair half (about nine in ten)."""
    rate, random_rate = heuristic_rates(2, 200)
    assert rate > 0.75 and random_rate < 0.25, (rate, random_rate)
