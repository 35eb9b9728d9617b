"""The two Apocalypse engines agree: every FULL game, entered card by card into the TRACKER
as a table would, gives the same round scores, Duel swaps, next-round choosers and totals.
(The tracker's own random games follow only its own legal actions; this catches drift
between the two readings of rulings P4-P12.)"""

from __future__ import annotations

import random

import pytest

from companion.bots.apocalypse import RandomApocalypseBot
from companion.rules.apocalypse import APOCALYPSE, ApocalypseState, NameFirst, Play
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
        assert TRACKER.outcome(tracked).winners == APOCALYPSE.outcome(full).winners  # type: ignore[union-attr]
