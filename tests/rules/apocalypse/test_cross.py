"""The two Apocalypse engines agree: every FULL game, entered card by card into the TRACKER
as a table would, gives the same round numbers, round scores, Duel swaps, next-round
choosers, totals, winners and outcome words. (The tracker's own random games follow only its
own legal actions; this catches drift between the two readings of rulings P4-P12.)"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.bots.apocalypse import RandomApocalypseBot
from companion.rules.apocalypse import (
    APOCALYPSE,
    CHOOSE,
    DEAL,
    NOBODY,
    ApocalypseState,
    NameFirst,
    Play,
    RoundResult,
)
from companion.rules.apocalypse.cards import card_ids
from companion.rules.apocalypse.tracker import TRACKER, Entry, TrackerState
from companion.rules.base import CHANCE, sample_chance


def entry_of(play: Play) -> Entry:
    if play.card == "chaos":
        return Entry.chaos(play.token)
    if play.card == "tranquility":
        return Entry.tranquility()
    suit, value = play.card.split("-")
    return Entry.horseman(suit, int(value))


def play_both(players: int, seed: int) -> tuple[ApocalypseState, TrackerState]:
    rng = random.Random(seed)
    setup = {"players": players, "first": seed % players}
    full, tracked = APOCALYPSE.new(setup, seed), TRACKER.new(setup, seed)
    bots = [RandomApocalypseBot(s, random.Random(seed * 10 + s)) for s in range(players)]
    while not APOCALYPSE.is_over(full):
        actor = APOCALYPSE.actor(full)
        if actor == CHANCE:
            full = APOCALYPSE.apply(full, sample_chance(APOCALYPSE.chance_outcomes(full), rng))
            continue
        assert actor is not None
        assert tracked.round == full.round, "the same round at the same moment"
        action = bots[actor].choose(full)
        if isinstance(action, NameFirst):
            assert tracked.leader == actor, f"chooser {tracked.leader} != {actor} (P8, P10)"
            tracked = TRACKER.apply(tracked, Entry(tracked.phase, seat=action.seat))  # type: ignore[arg-type]
            full = APOCALYPSE.apply(full, action)
            continue
        assert isinstance(action, Play)
        while tracked.to_play != actor:  # the full engine skipped these seats (P4)
            tracked = TRACKER.apply(tracked, Entry.skip())
        tracked = TRACKER.apply(tracked, entry_of(action))
        rounds = len(full.rounds)
        full = APOCALYPSE.apply(full, action)
        while tracked.phase == "play" and tracked.trick and not full.trick:
            tracked = TRACKER.apply(tracked, Entry.skip())  # skips that ended the trick
        if len(full.rounds) > rounds:
            result = full.rounds[-1]
            assert tracked.phase == "score"
            kept = tuple(len(card_ids(k)) for k in result.kept) if players == 2 else None
            tracked = TRACKER.apply(tracked, Entry.score(specials=kept))
            record = tracked.rounds[-1]
            assert record.computed == tuple(result.raw), "round scores (P9)"
            assert record.scores == tuple(result.scores) and record.swapped == result.swapped
        TRACKER.check_invariants(tracked)
    return full, tracked


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_full_games_entered_into_the_tracker_score_the_same(players: int) -> None:
    for seed in range(25):
        full, tracked = play_both(players, seed)
        assert tracked.phase == "over"
        assert tracked.totals == tuple(full.totals)
        tracked_outcome, full_outcome = TRACKER.outcome(tracked), APOCALYPSE.outcome(full)
        assert tracked_outcome is not None and full_outcome is not None
        assert tracked_outcome.winners == full_outcome.winners
        assert tracked_outcome.reason == full_outcome.reason, "one outcome text (ruling P11)"
        assert f"P{full_outcome.winners[0] + 1} " in full_outcome.reason, "P1..Pn, not seats"
        assert tracked.round == full.round == 3


def round_one_played(players: int, seed: int) -> tuple[ApocalypseState, TrackerState]:
    """A FULL game's round 1 (random bots) entered into the TRACKER as a table would: the
    FULL engine about to deal round 2, the TRACKER about to score round 1."""
    rng = random.Random(seed)
    full = APOCALYPSE.new({"players": players}, seed)
    tracked = TRACKER.new({"players": players}, seed)
    bots = [RandomApocalypseBot(s, random.Random(seed * 10 + s)) for s in range(players)]
    while not full.rounds:
        actor = APOCALYPSE.actor(full)
        if actor == CHANCE:
            full = APOCALYPSE.apply(full, sample_chance(APOCALYPSE.chance_outcomes(full), rng))
            continue
        assert actor is not None
        action = bots[actor].choose(full)
        if isinstance(action, NameFirst):
            tracked = TRACKER.apply(tracked, Entry.lead(action.seat))
        else:
            assert isinstance(action, Play)
            while tracked.to_play != actor:
                tracked = TRACKER.apply(tracked, Entry.skip())
            tracked = TRACKER.apply(tracked, entry_of(action))
        full = APOCALYPSE.apply(full, action)
        while tracked.phase == "play" and tracked.trick and not full.trick:
            tracked = TRACKER.apply(tracked, Entry.skip())
    assert full.phase == DEAL and tracked.phase == "score"
    return full, tracked


def choosers(
    full: ApocalypseState, tracked: TrackerState, totals: tuple[int, ...], last_winner: int
) -> tuple[int, int]:
    """Who names round 2's first player in each mode after round 1 scored ``totals``, the
    last trick that had a winner won by ``last_winner`` (``NOBODY``: none)."""
    result = full.rounds[0]
    full = full._replace(
        rounds=(RoundResult(1, result.won, result.kept, totals),), last_winner=last_winner
    )
    while full.phase == DEAL:
        full = APOCALYPSE.apply(full, APOCALYPSE.legal_actions(full)[0])
    winner = None if last_winner == NOBODY else last_winner
    tracked = TRACKER.apply(replace(tracked, last_winner=winner), Entry.score(totals=totals))
    assert full.phase == CHOOSE and tracked.phase == "first"
    assert full.round == tracked.round == 2, "both name the first player of round 2"
    assert tracked.leader is not None
    return full.turn, tracked.leader


@pytest.mark.parametrize(
    ("totals", "last_winner", "expected"),
    [
        ((10, 30, 20, 5), 0, 1),  # the most points choose (ruling P10)
        ((30, 10, 30, 5), 2, 2),  # a tie: the last trick's winner, among the tied
        ((30, 10, 30, 5), 1, 1),  # ... or not among them: the rulebook says the winner
    ],
)
def test_both_modes_name_the_same_chooser_ruling_p10(
    totals: tuple[int, ...], last_winner: int, expected: int
) -> None:
    full, tracked = round_one_played(4, seed=3)
    assert choosers(full, tracked, totals, last_winner) == (expected, expected)


@pytest.mark.parametrize("seed", range(6))
def test_without_a_trick_won_both_modes_count_clockwise_from_the_last_first_player(
    seed: int,
) -> None:
    """No trick of the game had a winner (no game gets there: ruling P10's last resort):
    the tied player first clockwise from the last trick's first player, in both modes."""
    full, tracked = round_one_played(4, seed)
    assert full.last_trick is not None and tracked.last_trick is not None
    first = full.last_trick.first_player
    assert tracked.last_trick.plays[0].seat == first
    totals = (30, 30, 30, 30)  # everybody tied: the last trick's first player chooses
    assert choosers(full, tracked, totals, NOBODY) == (first, first)
    tied = tuple(30 if seat != first else 0 for seat in range(4))  # not among the tied
    after = (first + 1) % 4
    assert choosers(full, tracked, tied, NOBODY) == (after, after)
