"""Bots: random and reflex players, and their slaps through the real arbiter."""

import math
import random
import statistics

import pytest

from companion.bots import RandomBot, Reaction, ReflexBot, ReflexTeam, simulate_window, window_slaps
from companion.powwow import DEFAULT_QUIET_NS, Arbiter
from companion.rules.apache import APACHE, CHOOSE, Choose, Slap, Turn
from tests.rules.apache.script import card, lay, new, window

RED, YELLOW, PURPLE = 0, 1, 2
MS = 1_000_000


def bot(seat: int, seed: int = 0, **options: float) -> ReflexBot:
    return ReflexBot(seat, random.Random(seed), **options)


# --- RandomBot -------------------------------------------------------------------------------


def test_random_bot_plays_only_its_own_seat() -> None:
    state = lay(new(3), "red-hunter", "buffalo", "tipi")
    me = RandomBot(YELLOW, random.Random(1))
    picks = {me.act(APACHE, state) for _ in range(200)}
    assert picks == {Slap(YELLOW, k) for k in ("chief", "warrior", "woman", "hunter")}
    assert RandomBot(state.turner, random.Random(1)).act(APACHE, state) is not None
    choosing = window(state, (RED, "hunter"))
    assert choosing.phase == CHOOSE
    assert RandomBot(RED, random.Random(2)).act(APACHE, choosing) in APACHE.options(choosing)
    assert me.act(APACHE, choosing) is None, "another seat's choice"
    assert me.act(APACHE, APACHE.apply(state, Turn(state.turner))) is None, "chance"


def test_random_bot_is_seeded() -> None:
    state = lay(new(2), "red-hunter")
    first = [RandomBot(0, random.Random(7)).act(APACHE, state) for _ in range(3)]
    assert len(set(first)) == 1


# --- ReflexBot -------------------------------------------------------------------------------


def test_reflex_bot_slaps_its_richest_legal_indian_after_its_reaction_time() -> None:
    state = lay(new(2), "red-woman", "necklace", "red-hunter", "buffalo", "buffalo")
    reaction = bot(RED, error_rate=0).react(state, fresh=True)
    assert reaction is not None and reaction.indian == "hunter", "2 buffalo beat 1 necklace"
    assert 50 * MS < reaction.delay_ns < 5000 * MS
    assert bot(YELLOW, error_rate=0).react(state, fresh=True) is None


def test_reflex_bot_slaps_once_per_turned_card_ruling_a8() -> None:
    """Red's hunter took the buffalo; the red woman could still take the necklace, but red
    has played its hand card on this card: no second slap before the next card."""
    state = window(lay(new(3), "red-woman", "necklace", "red-hunter", "buffalo"), (RED, "hunter"))
    assert APACHE.slap_is_legal(state, RED, "woman")
    me = bot(RED, error_rate=0)
    assert me.react(state, fresh=False) is None
    team = ReflexTeam([me, bot(YELLOW, error_rate=0)])
    assert team.react(state, fresh=False) == [] and team.held_back == 1
    state = lay(state, "tomahawk")  # the next card: red may slap again
    reaction = me.react(state, fresh=True)
    assert reaction is not None and reaction.indian == "woman"


def test_reflex_team_holds_back_the_seats_whose_slap_is_on_its_way() -> None:
    state = lay(new(3), "red-hunter", "buffalo", "yellow-woman", "necklace")
    team = ReflexTeam([bot(RED, error_rate=0), bot(YELLOW, error_rate=0)])
    assert [r.seat for r in team.react(state, fresh=True)] == [RED, YELLOW]
    assert [r.seat for r in team.react(state, fresh=False, busy={RED})] == [YELLOW]
    assert team.held_back == 1


def test_reflex_bot_reaction_times_are_lognormal_around_the_median() -> None:
    state = lay(new(2), "red-hunter", "buffalo")
    me = bot(RED, 3, median_ms=400, sigma=0.3, error_rate=0)
    delays = []
    for _ in range(2000):
        reaction = me.react(state, fresh=False)
        assert reaction is not None
        delays.append(reaction.delay_ns / MS)
    assert statistics.median(delays) == pytest.approx(400, rel=0.05)
    assert 0.25 < statistics.stdev(map(math.log, delays)) < 0.35


def test_reflex_bot_errs_at_its_error_rate_and_only_on_fresh_cards() -> None:
    state = lay(new(2), "buffalo")
    assert bot(RED, error_rate=0).react(state, fresh=True) is None
    always = bot(RED, error_rate=1)
    wrong = always.react(state, fresh=True)
    assert wrong is not None and not APACHE.slap_is_legal(state, RED, wrong.indian)
    assert always.react(state, fresh=False) is None, "no error on a re-check"
    with_tipi = lay(new(2), "red-chief", "red-warrior", "red-woman", "red-hunter", "tipi")
    slap = always.react(with_tipi, fresh=True)
    assert slap is not None and APACHE.slap_is_legal(with_tipi, RED, slap.indian)
    # nothing but loot face up: every slap is an error; one chance per turned card
    loot = ["buffalo", "totem", "tomahawk", "necklace", "tipi"] * 9 + ["buffalo"] * 15
    states, state = [], new(2)
    for name in loot:
        state = lay(state, name)
        states.append(state)
    errors = 0
    for seed in range(50):
        me = bot(RED, seed, error_rate=0.1)
        errors += sum(me.react(s, fresh=True) is not None for s in states)
    assert errors / (50 * len(states)) == pytest.approx(0.1, abs=0.02)


def test_reflex_bot_chooses_the_option_worth_the_most_cards() -> None:
    state = lay(new(2, wedding=True), "red-woman", "yellow-hunter", "tipi", "necklace")
    state = window(state, (RED, "woman"))
    assert APACHE.default_choice(state) == Choose(RED, "item")  # 2 cards, first listed
    assert bot(RED).choose(state) == Choose(RED, "wedding", card("yellow-hunter"))  # 3 cards
    # War Path: the tomahawk that raids a buffalo is worth more than an equal tipi take
    state = window(lay(new(2, war_path=True), "yellow-hunter", "buffalo"), (YELLOW, "hunter"))
    state = window(lay(state, "red-warrior", "tomahawk", "tipi"), (RED, "warrior"))
    assert bot(RED).choose(state) == Choose(RED, "item")
    with pytest.raises(ValueError, match="no choice to make"):
        bot(RED).choose(new(2))


def test_reflex_bot_acts_when_it_turns_or_chooses() -> None:
    state = new(2)
    assert bot(RED).act(APACHE, state) == Turn(RED)
    assert bot(YELLOW).act(APACHE, state) is None
    choosing = window(lay(state, "red-hunter", "buffalo", "tipi"), (RED, "hunter"))
    assert bot(RED).act(APACHE, choosing) in APACHE.options(choosing)


def test_reflex_bot_rejects_impossible_parameters() -> None:
    for options in ({"median_ms": 0}, {"sigma": -1}, {"error_rate": 1.5}):
        with pytest.raises(ValueError, match="ReflexBot needs"):
            bot(RED, **options)


def test_a_team_reacts_as_each_bot_would_alone() -> None:
    state = lay(new(3), "red-hunter", "yellow-woman", "necklace", "buffalo")
    team = ReflexTeam([bot(s, s, error_rate=0.2) for s in range(3)])
    together = team.react(state, fresh=True)
    alone = [bot(s, s, error_rate=0.2).react(state, fresh=True) for s in range(3)]
    assert together == [r for r in alone if r is not None]
    assert {r.seat for r in together} >= {RED, YELLOW}


# --- the arbiter -----------------------------------------------------------------------------


def test_simulate_window_orders_reactions_by_time_through_the_arbiter() -> None:
    arbiter = Arbiter(seats=("red", "yellow", "purple"))
    arbiter.card_turned(1_000 * MS)
    found = [Reaction(RED, "hunter", 450 * MS), Reaction(YELLOW, "hunter", 300 * MS)]
    found.append(Reaction(PURPLE, "woman", 520 * MS))
    (only,) = simulate_window(arbiter, ("red", "yellow", "purple"), found, start_ns=1_000 * MS)
    assert window_slaps(only, ("red", "yellow", "purple")) == (
        Slap(YELLOW, "hunter"),
        Slap(RED, "hunter"),
        Slap(PURPLE, "woman"),
    )
    assert only.slaps[0].reaction_ns == 300 * MS


def test_simulate_window_splits_on_the_quiet_time_and_draws_dead_heats() -> None:
    colours = ("red", "yellow")
    arbiter = Arbiter(seats=colours, seed=4)
    slow = Reaction(YELLOW, "chief", 100 * MS + DEFAULT_QUIET_NS + 1)
    windows = simulate_window(
        arbiter, colours, [Reaction(RED, "hunter", 100 * MS), slow], start_ns=0
    )
    assert [window_slaps(w, colours) for w in windows] == [
        (Slap(RED, "hunter"),),
        (Slap(YELLOW, "chief"),),
    ]
    tie = [Reaction(RED, "hunter", 500 * MS), Reaction(YELLOW, "hunter", 500 * MS)]
    (heat,) = simulate_window(arbiter, colours, tie, start_ns=10_000 * MS, seq=2)
    assert len(heat.ties) == 1 and set(heat.order) == {"red", "yellow"}
