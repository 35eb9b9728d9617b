"""The pure rules both modes share (FULL and TRACKER): following, tokens, the trick's winner
and what it takes, round scores, the next round's chooser, the winners. One test per rule;
the rulings' tests (``test_rulings.py``) play them through the engine."""

import pytest

from companion.rules.apocalypse.cards import (
    FIRST_CHAOS,
    FIRST_TRANQUILITY,
    NO_SUIT,
    SUIT_INDEX,
    horseman,
    mask_of,
)
from companion.rules.apocalypse.tricks import (
    NOBODY,
    RoundResult,
    blocked_specials,
    can_win,
    duel_swap,
    game_winners,
    leading_suit,
    next_chooser,
    playable,
    resolve_trick,
    round_score,
    score_round,
    taken,
    turned_token,
    winning_play,
)

RED, GREEN = SUIT_INDEX["red"], SUIT_INDEX["green"]
CHAOS, CALM = FIRST_CHAOS, FIRST_TRANQUILITY


def card(name: str) -> int:
    suit, value = name.split("-")
    return horseman(suit, int(value))


def test_following_ruling_p4() -> None:
    hand = mask_of([card("red-3"), card("green-7"), CHAOS, CALM])
    assert playable(hand, NO_SUIT, 0) == hand, "no leading suit: anything"
    assert playable(hand, RED, mask_of([card("red-8")])) == mask_of([card("red-3"), CHAOS, CALM])
    assert playable(hand, SUIT_INDEX["blue"], 0) == hand, "no blue: anything"
    in_trick = mask_of([card("red-8"), FIRST_CHAOS + 1])  # another seat's Chaos card
    assert playable(hand, RED, in_trick) == mask_of([card("red-3"), CALM])
    assert blocked_specials(in_trick) == blocked_specials(mask_of([CHAOS + 2]))
    assert playable(mask_of([CHAOS]), RED, in_trick) == 0, "it skips"
    assert leading_suit([CALM, CHAOS, card("green-2"), card("red-9")]) == GREEN
    assert leading_suit([CALM, CHAOS]) == NO_SUIT


def test_tokens_ruling_p5() -> None:
    black_red = 1 << RED
    assert turned_token(GREEN, NO_SUIT, black_red) == GREEN, "a Horseman card: its own suit"
    assert turned_token(RED, NO_SUIT, black_red) == NO_SUIT, "already black"
    assert turned_token(NO_SUIT, GREEN, black_red) == GREEN, "Chaos: the token named"
    assert turned_token(NO_SUIT, NO_SUIT, black_red) == NO_SUIT, "Tranquility, or all black"


@pytest.mark.parametrize(
    ("cards", "apocalypse", "best"),
    [
        (["red-8", "chaos", "calm", "green-4"], False, 0),  # the highest of the leading suit
        (["red-8", "chaos", "calm", "green-4"], True, 1),  # Chaos (5) is the lowest red
        (["green-9", "red-10", "green-2"], False, 0),  # off suit never wins
        (["calm", "chaos"], False, 1),  # Chaos alone can win (ruling P7)
        (["calm"], True, NOBODY),  # nothing can win (ruling P7)
    ],
)
def test_the_winner_ruling_p6_p7(cards: list[str], apocalypse: bool, best: int) -> None:
    ids = [CHAOS if c == "chaos" else CALM if c == "calm" else card(c) for c in cards]
    assert winning_play(ids, leading_suit(ids), apocalypse) == best
    assert not can_win(CALM, RED) and can_win(CHAOS, NO_SUIT)


def test_what_the_winner_takes_ruling_p6() -> None:
    plays = ((0, card("red-8")), (1, CHAOS), (2, CALM), (3, card("green-4")))
    assert taken(plays, 1, apocalypse=True) == plays
    assert taken(plays, 0, apocalypse=False) == ((0, card("red-8")),)
    assert taken(plays, NOBODY, apocalypse=False) == ()
    result = resolve_trick(plays, (), RED, apocalypse=True)
    assert (result.winner, result.card, result.points) == (1, CHAOS, 8 + 5 + 0 + 4)
    assert result.taken == mask_of(c for _, c in plays)
    assert "the lowest of the leading suit" in result.reason


def test_round_scores_ruling_p9_and_the_duel_swap_p12() -> None:
    assert round_score(points_won=17, specials_kept=2) == 57
    won, hands = (mask_of([card("red-9")]), 0), (mask_of([CHAOS, card("red-1")]), 0)
    result = score_round(1, won, hands)
    assert result.kept == (mask_of([CHAOS]), 0) and result.raw == (9 + 20, 0)
    assert result.scores == (0, 29) and result.swapped, "more than twice: swapped"
    assert RoundResult.from_json(result.to_json()) == result
    assert duel_swap((20, 10)) == ((20, 10), False)
    three = score_round(1, (0, 0, 0), (0, 0, 0))
    assert three.scores == (0, 0, 0) and not three.swapped, "no swap outside the Duel"


def test_the_chooser_ruling_p10_and_the_winners_p11() -> None:
    assert next_chooser([10, 30, 20], 0, last_first=0) == 1
    assert next_chooser([30, 30, 20], 2, last_first=0) == 2
    assert next_chooser([30, 10, 30], NOBODY, last_first=0) == 0
    assert next_chooser([30, 10, 30], NOBODY, last_first=1) == 2
    assert game_winners([30, 12, 12, 40]) == (1, 2)
