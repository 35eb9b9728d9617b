"""The rulebook's example of a trick ("Example of a Trick"), played card by card."""

from companion.rules.apocalypse import (
    APOCALYPSE,
    NAMING,
    PLAY,
    ApocalypseState,
    NameFirst,
    Play,
    card_ids,
)
from tests.rules.apocalypse.script import card, deal, first, ids, new, play

ANNA, BARRY, CAMILLA, DAVID = 0, 1, 2, 3
HANDS = (
    ("blue-1", "red-8", "red-1", "red-2", "purple-1", "purple-2", "green-1", "green-2"),
    ("blue-2", "red-4", "red-6", "red-7", "purple-3", "purple-4", "green-3", "green-6"),
    ("blue-3", "red-3", "red-9", "red-10", "purple-6", "purple-7", "green-7", "green-8"),
    ("blue-4", "green-4", "blue-6", "blue-7", "purple-8", "purple-9", "green-9", "green-10"),
)
"""4 players, yellow left out (ruling P2); David holds no red card."""


def before_the_example() -> ApocalypseState:
    """A first trick flips the blue token only ("the tokens are in a certain state"):
    David's blue 4 wins it, and he names Anna the next first player."""
    state = deal(new(4), *HANDS)
    state = play(state, "blue-1", "blue-2", "blue-3", "blue-4")
    assert state.last_trick is not None and state.last_trick.winner == DAVID
    assert state.black_tokens == ["blue"] and state.phase == NAMING
    return first(state, ANNA)


def test_the_rulebook_example_trick() -> None:
    state = before_the_example()
    # 1. Anna opens with the red 8 and flips the red token
    state = play(state, "red-8")
    assert state.lead_suit == "red" and state.black_tokens == ["red", "blue"]
    # 2. Barry may flip green or purple with his Chaos card; he flips purple
    chaos_plays = [a for a in APOCALYPSE.legal_actions(state) if str(a).startswith("play chaos")]
    assert chaos_plays == [Play("chaos", "green"), Play("chaos", "purple")]
    state = play(state, "chaos:purple")
    assert state.black_tokens == ["red", "purple", "blue"] and not state.is_apocalypse
    # 3. Camilla holds red cards but may play her Tranquility card (ruling P4)
    legal = set(APOCALYPSE.legal_actions(state))
    assert Play("tranquility") in legal and Play("red-3") in legal
    assert Play("green-7") not in legal, "she holds red: no other suit"
    state = play(state, "tranquility")
    # 4. David holds no red: any card; his green 4 flips the last token: an Apocalypse
    assert Play("purple-8") in APOCALYPSE.legal_actions(state)
    before = state
    state = play(state, "green-4")
    assert before.coloured_tokens == ["green"]
    result = state.last_trick
    assert result is not None and result.apocalypse
    assert result.lead == 0 and result.winner == BARRY, "Chaos (5) is the lowest red card"
    assert set(card_ids(result.taken)) == {card("red-8"), card("green-4"), 45 + 1, 51 + 2}
    assert result.points == 8 + 5 + 0 + 4 == 17
    assert state.points == (0, 17, 0, 4), "David keeps his blue 4 from the first trick"
    assert state.won[BARRY] == result.taken and state.discard == ids("blue-1", "blue-2", "blue-3")
    assert "Apocalypse, leading suit red: seat 1's Chaos (5) is the lowest" in result.reason
    assert "seat 1 takes all 4 cards (17 points)" in result.reason
    assert "not of the leading suit: seat 3's green 4" in result.reason
    assert "Tranquility never wins: seat 2" in result.reason
    # the tokens turn coloured again; Barry names Camilla, who opens the next trick
    assert state.tokens == 0 and state.flips == ()
    assert state.phase == NAMING and APOCALYPSE.actor(state) == BARRY
    state = APOCALYPSE.apply(state, NameFirst(CAMILLA))
    assert state.phase == PLAY and state.leader == CAMILLA == APOCALYPSE.actor(state)
    APOCALYPSE.check_invariants(state)
