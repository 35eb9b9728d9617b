"""One test per ruling P1-P12 (companion/rules/RULINGS.md): each fails if its ruling is
broken."""

import pytest

from companion.errors import IllegalAction
from companion.rules.apocalypse import (
    APOCALYPSE,
    CHOOSE,
    DEAL,
    NAMING,
    NOBODY,
    OVER,
    PLAY,
    ApocalypseState,
    Deal,
    NameFirst,
    Play,
    card_ids,
    duel_swap,
    duel_swaps,
    game_winners,
    next_chooser,
)
from companion.rules.apocalypse.cards import HORSEMAN_MASK, SUIT_INDEX, SUIT_MASK, SUITS, TYPE_NAMES
from companion.rules.base import SetupError
from tests.rules.apocalypse.script import (
    arranged,
    calm,
    card,
    chaos,
    first,
    ids,
    new,
    play,
)


def deal_all(state: ApocalypseState) -> ApocalypseState:
    """Deal the round with the lowest card left each time (any legal deal will do)."""
    while state.phase == DEAL:
        state = APOCALYPSE.apply(state, APOCALYPSE.legal_actions(state)[0])
    return state


def test_ruling_p1_two_to_six_players_and_two_play_the_duel() -> None:
    for players in (1, 7, "4", True):
        with pytest.raises(SetupError, match=r"'players' must be 2 to 6 \(ruling P1\)"):
            APOCALYPSE.new({"players": players}, seed=0)
    duel = new(2)
    assert duel.players == 2 and duel.suit_names == ("red", "green", "purple")
    assert APOCALYPSE.num_seats(new(6)) == 6
    dealt = deal_all(duel)
    assert dealt.hand_sizes == (13, 13), "the Duel deals 13 cards each (ruling P12)"


def test_ruling_p2_suits_values_and_the_dropped_suit() -> None:
    outcomes = dict(APOCALYPSE.chance_outcomes(new(4)))
    names = {str(action).removeprefix("deal ") for action in outcomes}
    assert len(names) == 36 and not any(n.startswith("yellow") for n in names)
    assert not any(n.endswith("-5") for n in names), "no 5 in any suit"
    assert {n.split("-")[1] for n in names} == {"1", "2", "3", "4", "6", "7", "8", "9", "10"}
    assert new(4).suit_names == ("red", "green", "purple", "blue")
    assert new(3, drop="red").suit_names == ("green", "purple", "blue", "yellow")
    assert new(4, suits=["yellow", "red", "green", "blue"]).token_mask == 0b11011
    assert new(5).suit_names == SUITS and new(6).token_mask == 0b11111
    for players, suits in ((4, ["red", "green", "purple"]), (5, ["red"] * 5), (3, ["pink"] * 4)):
        with pytest.raises(SetupError, match="ruling P2"):
            new(players, suits=suits)
    with pytest.raises(SetupError, match="ruling P2"):
        new(5, drop="yellow")
    # only the tokens of suits in play: the yellow token is never flipped with 4 players
    state = deal_all(new(4))
    assert state.token_mask == 0b01111 and not state.cards & SUIT_MASK[SUIT_INDEX["yellow"]]


@pytest.mark.parametrize(("players", "dealt"), [(3, 10), (4, 8), (5, 8), (6, 7)])
def test_ruling_p3_the_deal_and_the_special_cards(players: int, dealt: int) -> None:
    state = new(players)
    assert all(
        str(action) not in ("deal chaos", "deal tranquility")
        for action in APOCALYPSE.legal_actions(state)
    )
    assert sum(p for _, p in APOCALYPSE.chance_outcomes(state)) == pytest.approx(1)
    state = deal_all(state)
    for seat, hand in enumerate(state.hands):
        assert (hand & HORSEMAN_MASK).bit_count() == dealt
        assert hand & ~HORSEMAN_MASK == chaos(seat) | calm(seat), "1 Chaos, 1 Tranquility"
    assert state.deck.bit_count() == 9 * (4 if players < 5 else 5) - dealt * players
    with pytest.raises(
        IllegalAction,
        match=r"dealing red 1 refused by ruling P4 \(playing a card\): P1 must first play a card$",
    ):
        APOCALYPSE.apply(state, Deal("red-1"))


def test_ruling_p4_following_specials_one_copy_and_skips() -> None:
    hands = [
        ids("red-1", "red-6") | chaos(0),
        ids("red-2", "green-3") | chaos(1) | calm(1),
        ids("green-4") | calm(2),
    ]
    state = arranged(new(3), hands)
    state = play(state, "red-6")
    assert set(APOCALYPSE.legal_actions(state)) == {
        Play("red-2"),
        *(Play("chaos", s) for s in ("green", "purple", "blue")),
        Play("tranquility"),
    }, "must follow red or play a Special"
    with pytest.raises(IllegalAction, match=r"ruling P4 \(following\): P2 holds a red card"):
        APOCALYPSE.apply(state, Play("green-3"))
    state = play(state, "chaos:green")
    # seat 2: no red, any card; its Tranquility is not in the trick yet
    assert set(APOCALYPSE.legal_actions(state)) == {Play("green-4"), Play("tranquility")}
    state = play(state, "tranquility")
    result = state.last_trick
    assert result is not None and result.skipped == () and result.winner == 0, "red 6 > 5"
    # a seat holding only Specials already in the trick skips, automatically
    hands = [ids("red-1", "red-2") | chaos(0), calm(1), ids("green-4") | calm(2)]
    state = arranged(new(3), hands, turn=2)
    state = play(state, "tranquility")  # seat 2 leads Tranquility
    assert APOCALYPSE.actor(state) == 0
    with pytest.raises(IllegalAction, match=r"P1 holds no Tranquility"):
        APOCALYPSE.apply(state, Play("tranquility"))
    state = play(state, "red-1")  # seat 1 holds only Tranquility, already in the trick
    result = state.last_trick
    assert result is not None and result.skipped == (1,)
    assert "P2 could not play and skipped (ruling P4)" in result.words
    assert "seat 1 could not play" in result.reason, "the JSON's words keep its 0-based seats"
    assert result.winner == 0 and state.hand_sizes == (2, 1, 1)


def test_ruling_p4_a_second_copy_of_a_special_is_refused() -> None:
    hands = [ids("red-1") | chaos(0), ids("red-2") | chaos(1), ids("red-3") | calm(2)]
    state = play(arranged(new(3), hands), "chaos:red")
    assert not any(str(a).startswith("play chaos") for a in APOCALYPSE.legal_actions(state))
    with pytest.raises(IllegalAction, match=r"ruling P4 \(one copy per trick\): a Chaos card"):
        APOCALYPSE.apply(state, Play("chaos", "green"))


def test_ruling_p5_tokens_flip_the_apocalypse_and_tokens_across_rounds() -> None:
    hands = [
        ids("red-1", "red-2") | chaos(0),
        ids("red-3", "green-1") | chaos(1),
        ids("green-2", "purple-1") | chaos(2),
    ]
    state = arranged(new(3), hands, black=["purple"])
    state = play(state, "red-2")  # flips red
    assert state.black_tokens == ["red", "purple"]
    with pytest.raises(IllegalAction, match=r"ruling P5 \(Chaos\): a Chaos card MUST flip"):
        APOCALYPSE.apply(state, Play("chaos"))
    with pytest.raises(IllegalAction, match="the purple token is not a coloured token"):
        APOCALYPSE.apply(state, Play("chaos", "purple"))
    state = play(state, "chaos:blue")
    assert state.coloured_tokens == ["green"] and not state.is_apocalypse
    # seat 2 (no red) flips the last token with its green 2: an Apocalypse at once
    state = play(state, "green-2")
    result = state.last_trick
    assert result is not None and result.apocalypse
    assert result.winner == 0 and card_ids(result.taken) == (card("red-2"), card("green-2"), 46)
    assert result.points == 2 + 5 + 2, "the red 2 is lower than Chaos (5): it takes all"
    assert state.tokens == 0, "after an Apocalypse every token turns coloured"
    # Chaos with every token black flips none
    hands = [ids("red-1") | chaos(0), ids("green-1") | chaos(1), ids("blue-1") | chaos(2)]
    state = arranged(new(3), hands, black=["green", "purple", "blue"])
    state = play(state, "red-1")
    assert state.is_apocalypse and Play("chaos") in APOCALYPSE.legal_actions(state)
    with pytest.raises(IllegalAction, match="every token is already black"):
        APOCALYPSE.apply(state, Play("chaos", "red"))
    # tokens are NOT reset between rounds
    hands = [ids("red-1", "blue-6") | chaos(0), ids("red-2"), ids("red-3") | calm(2)]
    state = arranged(new(3), hands, black=["green"])
    state = play(state, "red-1", "red-2", "red-3")
    assert state.phase == DEAL and state.round == 2
    assert state.black_tokens == ["red", "green"]


def test_ruling_p6_regular_and_apocalypse_resolution() -> None:
    hands = [ids("red-8", "red-1"), ids("red-9", "blue-10"), ids("green-10", "red-2") | chaos(2)]
    hands[0] |= chaos(0)
    hands[1] |= calm(1)
    state = play(arranged(new(3), hands), "red-8", "red-9", "chaos:purple")
    result = state.last_trick
    assert result is not None and not result.apocalypse
    assert result.winner == 1 and card_ids(result.taken) == (card("red-9"),), "own card only"
    assert state.points == (0, 9, 0) and state.discard == ids("red-8") | chaos(2)
    # Apocalypse: the lowest of the leading suit takes every card; Tranquility never wins
    state = first(state, 0)
    state = arranged(
        new(3),
        [ids("red-8", "red-6") | calm(0), ids("red-3", "red-1"), ids("red-2", "red-7")],
        black=["green", "purple", "blue"],
    )
    state = play(state, "tranquility", "red-3", "red-7")
    result = state.last_trick
    assert result is not None and result.apocalypse and result.lead == SUIT_INDEX["red"]
    assert result.winner == 1 and result.points == 3 + 7 + 0
    assert "Tranquility never wins: seat 0" in result.reason


def test_ruling_p7_a_trick_without_a_winner_and_chaos_alone() -> None:
    # Tranquility leads, the others hold only their Tranquility: they skip; no winner
    state = arranged(new(3), [calm(0) | ids("red-1"), calm(1) | ids("red-2"), calm(2)])
    state = play(state, "tranquility")
    assert APOCALYPSE.actor(state) == 1, "seat 1 still holds a red 2: it plays"
    state = play(state, "red-2")
    result = state.last_trick
    assert result is not None and result.winner == 1 and result.skipped == (2,)
    state = arranged(new(3), [calm(0) | ids("red-1"), calm(1), calm(2)])
    state = play(state, "tranquility")
    result = state.last_trick
    assert result is not None and result.winner == -1 and result.skipped == (1, 2)
    assert state.discard == calm(0) and state.points == (0, 0, 0)
    assert state.phase == PLAY and APOCALYPSE.actor(state) == 0, "its first player opens"
    assert "no winner (ruling P7)" in result.reason
    # a trick whose only possible winner is Chaos is won by Chaos
    state = arranged(new(3), [chaos(0) | ids("red-1"), calm(1) | ids("red-2"), calm(2)])
    state = play(state, "chaos:red", "tranquility")
    result = state.last_trick
    assert result is not None and result.winner == 0 and result.lead == -1
    assert result.skipped == (2,) and result.points == 5 and state.phase == NAMING


def test_ruling_p8_the_winner_names_the_next_first_player() -> None:
    hands = [ids("red-1", "red-2"), ids("red-9", "green-1"), ids("red-3", "green-2")]
    state = play(arranged(new(3), hands), "red-1", "red-9", "red-3")
    assert state.phase == NAMING and APOCALYPSE.actor(state) == 1
    assert APOCALYPSE.legal_actions(state) == (NameFirst(0), NameFirst(1), NameFirst(2))
    with pytest.raises(
        IllegalAction,
        match=r"naming P4 the first player refused by ruling P8 \(the next first player\): "
        r"P2 names one of the players, P1 to P3$",
    ):
        APOCALYPSE.apply(state, NameFirst(3))
    with pytest.raises(
        IllegalAction,
        match=r"playing red 2 refused by ruling P8 \(the next first player\): P2 won the trick "
        r"and must first name the next first player$",
    ):
        APOCALYPSE.apply(state, Play("red-2"))
    state = first(state, 1)  # themselves
    assert state.phase == PLAY and state.leader == 1 == APOCALYPSE.actor(state)
    with pytest.raises(
        IllegalAction,
        match=r"naming P3 the first player refused by ruling P4 \(playing a card\): "
        r"P2 must first play a card$",
    ):
        APOCALYPSE.apply(state, NameFirst(2))


def test_ruling_p9_the_round_ends_and_is_scored() -> None:
    hands = [
        ids("red-10"),  # its last card: the round ends after this trick
        ids("red-9", "blue-9") | chaos(1),  # keeps Chaos (20) and a Horseman card (0)
        ids("red-1") | chaos(2) | calm(2),  # keeps two Specials: 40
    ]
    won = [0, ids("green-3") | calm(0), chaos(0)]  # 3 + Tranquility 0; a Chaos won: 5
    state = arranged(new(3), hands, won=won)
    state = play(state, "red-10", "red-9")
    assert state.phase == PLAY, "the round goes on until the trick is over"
    state = play(state, "red-1")
    assert state.phase == DEAL and state.round == 2
    result = state.rounds[0]
    assert result.raw == (10, 3 + 20, 5 + 40) == result.scores and not result.swapped
    assert result.kept == (0, chaos(1), chaos(2) | calm(2))
    assert state.totals == (10, 23, 45) and state.points == (0, 0, 0)


def test_ruling_p10_the_next_rounds_chooser() -> None:
    assert next_chooser([10, 30, 20], last_winner=0, last_first=0) == 1, "the most points"
    assert next_chooser([30, 30, 20], 1, last_first=0) == 1, "tie: the last trick's winner"
    assert next_chooser([30, 30, 20], 2, last_first=0) == 2, "even when not among the tied"
    # no trick of the game had a winner (no game gets there): the tied player first
    # clockwise from the last trick's first player, who may be one of the tied
    assert next_chooser([30, 20, 30], NOBODY, last_first=1) == 2, "clockwise from P2: P3"
    assert next_chooser([30, 20, 30], NOBODY, last_first=2) == 2, "P3 opened it: P3"
    assert next_chooser([30, 20, 30], NOBODY, last_first=0) == 0, "P1 opened it: P1"
    hands = [ids("red-10"), ids("red-9", "blue-9") | chaos(1), ids("red-1", "red-2") | calm(2)]
    state = play(arranged(new(3), hands), "red-10", "red-9", "red-1")
    assert state.totals == (10, 20, 20) and state.last_winner == 0
    state = deal_all(state)
    assert state.phase == CHOOSE and APOCALYPSE.actor(state) == 0
    with pytest.raises(
        IllegalAction,
        match=r"playing red 2 refused by ruling P10 \(the next round's first player\): "
        r"P1 must first name the first player of round 2$",
    ):
        APOCALYPSE.apply(state, Play("red-2"))
    state = first(state, 2)
    assert state.phase == PLAY and state.leader == 2


def test_ruling_p11_three_rounds_fewest_points_win_ties_share() -> None:
    assert game_winners([30, 12, 12, 40]) == (1, 2)
    state = new(3)
    while state.phase != OVER:
        state = APOCALYPSE.apply(state, APOCALYPSE.legal_actions(state)[-1])
    assert len(state.rounds) == 3 and state.round == 3
    totals = state.totals
    assert totals == tuple(sum(r.scores[s] for r in state.rounds) for s in range(3))
    outcome = APOCALYPSE.outcome(state)
    assert outcome is not None and outcome.winners == game_winners(totals)
    assert min(totals) == totals[outcome.winners[0]] and "ruling P11" in outcome.reason
    assert APOCALYPSE.legal_actions(state) == ()
    with pytest.raises(
        IllegalAction,
        match=r"naming P1 the first player refused by ruling P11 .*: the game is over",
    ):
        APOCALYPSE.apply(state, NameFirst(0))


def test_ruling_p12_the_duel_deck_and_the_swap() -> None:
    state = new(2)
    outcomes = dict(APOCALYPSE.chance_outcomes(state))
    assert outcomes[Deal("chaos")] == pytest.approx(3 / 33)
    assert outcomes[Deal("tranquility")] == pytest.approx(3 / 33)
    assert sum(outcomes.values()) == pytest.approx(1) and len(outcomes) == 29
    assert state.cards.bit_count() == 33
    state = deal_all(state)
    assert state.deck.bit_count() == 7 and state.hand_sizes == (13, 13)
    # the swap: MORE than twice; 0 counts; exactly twice does not swap
    assert duel_swap((21, 10)) == ((10, 21), True)
    assert duel_swap((20, 10)) == ((20, 10), False)
    assert duel_swap((1, 0)) == ((0, 1), True) and duel_swaps(0, 1)
    assert duel_swap((0, 0)) == ((0, 0), False)
    # in the engine: a round scored 1 to 0 is swapped
    duel = new(2)
    hands = [ids("red-1", "red-2"), ids("red-3", "green-1")]
    state = arranged(duel, hands, won=[0, 0])
    state = play(state, "red-1", "red-3")
    state = first(state, 1)
    state = play(state, "green-1", "red-2")
    result = state.rounds[0]
    assert result.raw == (0, 4) and result.scores == (4, 0) and result.swapped
    assert state.totals == (4, 0)
    assert TYPE_NAMES[-2:] == ("chaos", "tranquility")
