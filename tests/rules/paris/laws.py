"""What the rules say about a state beyond conservation, for the random-play tests.

``Paris.check_invariants`` checks the conservation laws after every action (the simulation
runs it); the checked door refuses the actions that would break the rules below. The
random-play tests also check the states themselves with :func:`check_board_and_turn`, so
that a step that broke them would be caught where it happened.
"""

from __future__ import annotations

from companion.rules.paris import ParisState
from companion.rules.paris.state import PHASES, PLAYER_TURN, ROUNDS, STRIDE, TURNS, stash_districts


def check_board_and_turn(state: ParisState) -> None:
    """Ruling D5 on the board: nobody in a district out of play, no novice or
    reinforcement without a leader of its gang, no two gangs with the same count in a
    district. The turn: the round and the phase exist; in a player's turn one stash is set
    aside per district with stashes (D3), the order is the seats', and each hand holds one
    stash per turn its player has still to play, one more before their turn (D5, D6)."""
    seen = set()  # (district, count) of each gang there
    for i, count in enumerate(state.counts):
        if count:
            district = i % STRIDE
            assert district in state.districts, f"Apaches in prohibited district {district}"
            assert state.leaders[i], f"followers without a leader in district {district}"
            assert (district, count) not in seen, f"a tie in district {district}: {state.counts}"
            seen.add((district, count))
    assert 1 <= state.round <= ROUNDS and state.phase in PHASES, (state.round, state.phase)
    if state.phase not in PLAYER_TURN:
        return
    assert state.aside.bit_count() == len(stash_districts(state.districts)), state.aside
    turn, step, order, players = state.turn, state.step, state.order, state.players
    assert 1 <= turn <= TURNS and sorted(order) == list(range(players)), (turn, order)
    assert 0 <= step < players, step
    held = [state.hands[seat].bit_count() for seat in order]
    left = TURNS - turn
    assert held == [left] * step + [left + 1] * (players - step), (turn, step, order, held)
