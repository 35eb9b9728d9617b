"""The slap arbiter (rulings A5, A8, A9, A10). No sleeps: time is passed in."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import ConfigError, JournalError
from companion.input.controls import INDIANS, SEATS
from companion.input.events import Press
from companion.powwow import (
    DEFAULT_QUIET_NS,
    DEFAULT_SETTLE_NS,
    DEFAULT_TIE_WINDOW_NS,
    DUPLICATE,
    IGNORED_WORDS,
    LATE,
    REMEMBERED_PRESSES,
    REPEAT,
    SPENT,
    Arbiter,
    Ignored,
    PowwowSettings,
    SlapError,
    Window,
    draw_order,
    resolve_window,
)

US = 1_000
MS = 1_000_000
S = 1_000_000_000
QUIET = DEFAULT_QUIET_NS
SETTLE = DEFAULT_SETTLE_NS
FAR = 10**15
T0 = 100 * S  # a plausible monotonic_ns reading


def press(control: str, t_ns: int, seq: int = 0, source: str = "test") -> Press:
    return Press(control=control, t_ns=t_ns, source=source, seq=seq)


def drain(arbiter: Arbiter, now_ns: int = FAR) -> list[Window]:
    windows = []
    while (window := arbiter.poll(now_ns)) is not None:
        windows.append(window)
    return windows


def one_window(presses: Iterable[Press], seed: int = 0) -> Window:
    arbiter = Arbiter(seed=seed)
    for p in presses:
        arbiter.press(p)
    windows = drain(arbiter)
    assert len(windows) == 1
    return windows[0]


def without_resolution_time(windows: Sequence[Window]) -> list[Window]:
    return [dataclasses.replace(w, resolved_ns=0) for w in windows]


# --------------------------------------------------------------------------- ordering (A5)


def test_presses_delivered_in_reverse_come_out_in_stamp_order_ruling_a5() -> None:
    stamps = {"red": T0, "yellow": T0 + 12 * US, "purple": T0 + 300 * US, "blue": T0 + 40 * MS}
    presses = [press(f"{seat}.hunter", t, seq=i) for i, (seat, t) in enumerate(stamps.items())]
    window = one_window(reversed(presses))
    assert window.order == ("red", "yellow", "purple", "blue")
    assert [s.rank for s in window.slaps] == [1, 2, 3, 4]
    assert window.ties == ()


def test_presses_10us_apart_are_never_a_tie_and_keep_stamp_order() -> None:
    for seed in range(200):
        window = one_window([press("green.chief", T0 + 10 * US), press("red.chief", T0)], seed=seed)
        assert window.order == ("red", "green")
        assert window.ties == ()


_controls = st.sampled_from([f"{seat}.{indian}" for seat in SEATS for indian in INDIANS])
# Stamps clustered so that dead heats, repeats, several windows and presses just inside or
# outside the quiet time (where a late delivery matters) all happen.
_stamps = st.one_of(
    st.integers(T0, T0 + 20 * US),
    st.integers(T0, T0 + 50 * MS),
    st.integers(T0 + QUIET - SETTLE, T0 + QUIET + 50 * MS),
    st.integers(T0 + 1 * S, T0 + 4 * S),
)
_presses = st.lists(st.tuples(_controls, _stamps), min_size=1, max_size=12).map(
    lambda items: [press(c, t, seq=i) for i, (c, t) in enumerate(items)]
)
_turns = st.lists(_stamps, max_size=4)


def feed(arbiter: Arbiter, event: Press | int) -> None:
    """Deliver a press, or a card turn given by its stamp."""
    if isinstance(event, Press):
        arbiter.press(event)
    else:
        arbiter.card_turned(event)


@settings(max_examples=300, deadline=None)
@given(
    presses=_presses,
    turns=_turns,
    permutation=st.randoms(use_true_random=False),
    seed=st.integers(0, 99),
)
def test_any_delivery_permutation_with_card_turns_gives_the_same_windows(
    presses: list[Press], turns: list[int], permutation: random.Random, seed: int
) -> None:
    events: list[Press | int] = [*presses, *turns]
    shuffled = list(events)
    permutation.shuffle(shuffled)
    results = []
    for delivery in (events, shuffled, list(reversed(events))):
        arbiter = Arbiter(seed=seed)
        for event in delivery:
            feed(arbiter, event)
        results.append(drain(arbiter))
        assert arbiter.take_late() == ()
    assert results[0] == results[1] == results[2]


@settings(max_examples=200, deadline=None)
@given(presses=_presses, data=st.data())
def test_delivery_up_to_settle_late_with_polling_changes_nothing(
    presses: list[Press], data: st.DataObject
) -> None:
    delays = data.draw(st.lists(st.integers(0, SETTLE), min_size=len(presses)))
    arrivals = sorted(
        zip(presses, delays, strict=False), key=lambda pd: (pd[0].t_ns + pd[1], pd[0].seq)
    )
    live = Arbiter(seed=7)
    windows: list[Window] = []
    for p, delay in arrivals:
        live.press(p)
        windows += drain(live, p.t_ns + delay)  # the main loop polls every frame
    windows += drain(live)
    reference = Arbiter(seed=7)
    for p in presses:
        reference.press(p)
    assert without_resolution_time(windows) == without_resolution_time(drain(reference))
    assert live.take_late() == ()


@settings(max_examples=300, deadline=None)
@given(presses=_presses, turns=_turns, data=st.data())
def test_late_presses_are_only_reported_and_the_rest_resolve_as_if_never_sent_ruling_a9(
    presses: list[Press], turns: list[int], data: st.DataObject
) -> None:
    # Deliveries up to 3 s late, polled at every arrival as the main loop would; card
    # turns are the host's own events, delivered when they happen.
    delays = data.draw(st.lists(st.integers(0, 3 * S), min_size=len(presses)))
    arrivals: list[tuple[int, int, Press | int]] = [
        (p.t_ns + delay, 1 + p.seq, p) for p, delay in zip(presses, delays, strict=False)
    ]
    arrivals += [(t, 0, t) for t in turns]
    live = Arbiter(seed=7)
    windows: list[Window] = []
    for arrival, _, event in sorted(arrivals, key=lambda a: a[:2]):
        feed(live, event)
        windows += drain(live, arrival)
    windows += drain(live)
    late = live.take_late()
    assert {i.reason for i in late} <= {LATE}
    # every press is in exactly one place: ranked, ignored in its window, or reported late
    placed = [(s.source, s.seq) for w in windows for s in w.slaps]
    placed += [(i.source, i.seq) for i in (*(i for w in windows for i in w.ignored), *late)]
    assert sorted(placed) == sorted((p.source, p.seq) for p in presses)
    # nothing joins a window after the one it was stamped in
    for before, after in pairwise(windows):
        assert all(s.t_ns >= before.closed_ns for s in after.slaps)
        assert all(i.t_ns >= before.closed_ns for i in after.ignored)
    # and the windows are exactly those of the presses that were on time
    reference = Arbiter(seed=7)
    late_ids = {(i.source, i.seq) for i in late}
    on_time: list[Press | int] = [p for p in presses if (p.source, p.seq) not in late_ids]
    for event in [*turns, *on_time]:
        feed(reference, event)
    assert without_resolution_time(windows) == without_resolution_time(drain(reference))


def test_press_stamped_at_the_end_of_quiet_and_delivered_late_still_joins_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0, 0))
    arbiter.press(press("green.chief", T0 + QUIET + 10 * MS, 1))  # on time
    # blue, stamped 1 ns before red's quiet time runs out, is still on its way:
    assert arbiter.poll(T0 + QUIET + SETTLE - 1) is None
    arbiter.press(press("blue.chief", T0 + QUIET - 1, 2))
    windows = drain(arbiter)
    assert [w.order for w in windows] == [("red", "blue", "green")]
    assert arbiter.take_late() == ()


# --------------------------------------------------------------------------- one slap (A8)


def test_resolve_window_does_not_depend_on_the_order_it_is_given() -> None:
    presses = [
        press("red.hunter", T0 + 7 * MS, 0),
        press("blue.chief", T0 + 2 * MS, 1),
        press("red.chief", T0 + 1 * MS, 2),
        press("green.woman", T0 + 2 * MS + 1 * US, 3),
    ]
    forward, backward = (
        resolve_window(
            delivery,
            index=3,
            closed_ns=T0 + QUIET,
            resolved_ns=FAR,
            card_ns=T0,
            tie_window_ns=5 * US,
            seed=1,
        )
        for delivery in (presses, presses[::-1])
    )
    assert forward == backward
    assert forward.order[0] == "red"
    assert forward.slaps[0].control == "red.chief"


def test_second_press_by_same_player_is_ignored_with_reason_ruling_a8() -> None:
    window = one_window(
        [
            press("red.hunter", T0, seq=0),
            press("blue.woman", T0 + 2 * MS, seq=1),
            press("red.chief", T0 + 30 * MS, seq=2),
        ]
    )
    assert window.order == ("red", "blue")
    assert window.slaps[0].control == "red.hunter"
    assert len(window.ignored) == 1
    ignored = window.ignored[0]
    assert (ignored.seat, ignored.control, ignored.reason) == ("red", "red.chief", REPEAT)
    assert "ruling A8" in ignored.detail


def test_ruling_a8_later_stamped_press_arriving_first_is_the_one_ignored() -> None:
    earlier = press("red.warrior", T0 + 1 * MS, seq=1)
    later = press("red.hunter", T0 + 9 * MS, seq=0)
    window = one_window([later, press("green.chief", T0 + 5 * MS, seq=2), earlier])
    assert window.order == ("red", "green")
    assert window.slaps[0].control == "red.warrior"
    assert [i.control for i in window.ignored] == ["red.hunter"]


def test_ruling_a8_repeat_still_counts_as_a_slap_for_the_quiet_time() -> None:
    # red's repeat at 1.0 s keeps the window open, so blue at 2.1 s still joins it.
    window = one_window(
        [
            press("red.hunter", T0),
            press("red.hunter", T0 + 1 * S, 1),
            press("blue.chief", T0 + 2100 * MS, 2),
        ]
    )
    assert window.order == ("red", "blue")


def test_same_press_delivered_twice_is_ignored_as_duplicate() -> None:
    p = press("yellow.woman", T0, seq=4)
    window = one_window([p, press("red.chief", T0 + 1 * MS, seq=5), p])
    assert window.order == ("yellow", "red")
    assert [(i.control, i.reason) for i in window.ignored] == [("yellow.woman", DUPLICATE)]


def test_resent_press_with_a_remapped_stamp_counts_once_by_its_earliest_copy() -> None:
    # The box re-sends seq 4 after a reconnect; the re-estimated clock mapping moved its
    # stamp by 3 us. Same source, seq and control: the same press, whichever copy is first.
    original = press("yellow.woman", T0 + 10 * US, seq=4, source="box:boot-1")
    copy = dataclasses.replace(original, t_ns=T0 + 13 * US)
    for delivery in ([original, copy], [copy, original]):
        window = one_window([*delivery, press("red.chief", T0 + 12 * US, seq=0)])
        assert window.order == ("yellow", "red")
        assert window.slaps[0].t_ns == T0 + 10 * US
        assert [(i.t_ns, i.reason) for i in window.ignored] == [(T0 + 13 * US, DUPLICATE)]


# --------------------------------------------------------------------------- one slap per card (A8)


def per_card(*seats: str) -> Arbiter:
    """An arbiter for the FULL game: one slap per player per turned card (ruling A8)."""
    return Arbiter(seats=seats or SEATS, one_slap_per_card=True)


def test_one_slap_per_card_a_seat_that_slapped_on_the_card_is_ignored_in_a_new_window() -> None:
    arbiter = per_card()
    arbiter.card_turned(T0)
    arbiter.press(press("red.hunter", T0 + 300 * MS, 0))
    (first,) = drain(arbiter)
    arbiter.press(press("red.woman", T0 + 3 * S, 1))  # a new window, the same card
    arbiter.press(press("yellow.chief", T0 + 3 * S + 5 * MS, 2))
    (second,) = drain(arbiter)
    assert first.order == ("red",) and second.order == ("yellow",)
    assert second.opened_ns == T0 + 3 * S + 5 * MS, "the window opens with the counted slap"
    (spent,) = second.ignored
    assert (spent.seat, spent.control, spent.reason) == ("red", "red.woman", SPENT)
    assert "ruling A8" in spent.detail and "already slapped since this card" in spent.detail
    assert IGNORED_WORDS[SPENT] == "already slapped on this card, ignored (ruling A8)"
    assert arbiter.take_late() == ()


def test_one_slap_per_card_presses_that_are_all_spent_form_no_window() -> None:
    arbiter = per_card()
    arbiter.card_turned(T0)
    arbiter.press(press("red.hunter", T0 + 300 * MS, 0))
    assert [w.order for w in drain(arbiter)] == [("red",)]
    arbiter.press(press("red.woman", T0 + 3 * S, 1))
    arbiter.press(press("red.chief", T0 + 3 * S + 40 * MS, 2))
    arbiter.press(press("blue.chief", T0 + 6 * S, 3))  # a window of its own, after
    assert arbiter.poll(T0 + 3 * S + QUIET) is None, "not yet due"
    (blue,) = drain(arbiter)  # the spent presses resolve to nothing, blue's window comes
    assert (blue.index, blue.order) == (1, ("blue",))
    assert [(i.control, i.reason) for i in arbiter.take_late()] == [
        ("red.woman", SPENT),
        ("red.chief", SPENT),
    ]
    assert arbiter.pending == 0 and arbiter.last_window == blue


def test_one_slap_per_card_a_card_turn_gives_every_seat_its_slap_again() -> None:
    arbiter = per_card()
    arbiter.press(press("red.hunter", T0, 0))  # before the first card: once too
    arbiter.press(press("red.chief", T0 + 3 * S, 1))
    assert [w.order for w in drain(arbiter)] == [("red",)]
    assert [i.reason for i in arbiter.take_late()] == [SPENT]
    arbiter.card_turned(T0 + 5 * S)
    arbiter.press(press("red.woman", T0 + 6 * S, 2))
    assert [w.order for w in drain(arbiter)] == [("red",)]
    assert arbiter.take_late() == ()


def test_by_default_each_window_stands_alone_as_in_tracker_mode() -> None:
    arbiter = Arbiter()  # the TRACKER's: it is never told of card turns
    arbiter.press(press("red.hunter", T0, 0))
    arbiter.press(press("red.woman", T0 + 3 * S, 1))
    assert [w.order for w in drain(arbiter)] == [("red",), ("red",)]
    assert arbiter.take_late() == ()


def test_already_slapped_names_who_slapped_before_the_arbiter_saw_the_card() -> None:
    arbiter = per_card("red", "yellow")
    arbiter.card_turned(T0)
    arbiter.press(press("red.hunter", T0 + 1 * S, 0))
    drain(arbiter)
    arbiter.already_slapped(["yellow"])  # a resumed game, or an undo: yellow, not red
    arbiter.press(press("red.woman", T0 + 3 * S, 1))
    arbiter.press(press("yellow.woman", T0 + 3 * S + 1 * MS, 2))
    (window,) = drain(arbiter)
    assert window.order == ("red",)
    assert [(i.seat, i.reason) for i in window.ignored] == [("yellow", SPENT)]
    with pytest.raises(SlapError, match=r"\['blue'\] not in play"):
        arbiter.already_slapped(["blue"])


def test_one_slap_per_card_counts_on_the_card_face_up_when_the_window_resolves() -> None:
    """A press stamped just before a turn but resolved after it is played on the new card
    (the game enters it after the turn): it is that seat's slap on the new card."""
    arbiter = per_card()
    arbiter.press(press("red.hunter", T0, 0))
    arbiter.card_turned(T0 + 10 * MS)
    (window,) = drain(arbiter)
    assert window.card_ns is None, "its reference is the display it was made on"
    arbiter.press(press("red.woman", T0 + 3 * S, 1))
    assert drain(arbiter) == [] and [i.reason for i in arbiter.take_late()] == [SPENT]


@settings(max_examples=200, deadline=None)
@given(presses=_presses, turns=_turns)
def test_one_slap_per_card_every_seat_counts_once_between_turns_and_no_press_is_lost(
    presses: list[Press], turns: list[int]
) -> None:
    """Fed as the FULL game feeds it (each event when it happens, polled every time), the
    arbiter counts each seat at most once between two card turns (ruling A8), and every
    press is counted, ignored in its window, or reported."""
    events = sorted(
        [(p.t_ns, 1, p) for p in presses] + [(t, 0, t) for t in turns], key=lambda e: e[:2]
    )
    arbiter = per_card()
    cards: list[list[Window]] = [[]]
    for at, _, event in events:
        cards[-1] += drain(arbiter, at)
        if isinstance(event, Press):
            arbiter.press(event)
        else:
            arbiter.card_turned(event)
            cards.append([])
    cards[-1] += drain(arbiter)
    for windows in cards:
        counted = [s.seat for w in windows for s in w.slaps]
        assert len(counted) == len(set(counted)), f"a seat slapped twice on a card: {counted}"
    windows = [w for on_card in cards for w in on_card]
    late = arbiter.take_late()
    assert {i.reason for i in late} <= {LATE, SPENT, DUPLICATE}
    placed = [(s.source, s.seq) for w in windows for s in w.slaps]
    placed += [(i.source, i.seq) for i in (*(i for w in windows for i in w.ignored), *late)]
    assert sorted(placed) == sorted((p.source, p.seq) for p in presses)


def test_resolve_window_ignores_the_spent_seats_and_needs_a_slap_that_counts() -> None:
    presses = [press("red.hunter", T0, 0), press("blue.woman", T0 + 2 * MS, 1)]

    def resolve(spent: set[str]) -> Window:
        return resolve_window(
            presses,
            index=0,
            closed_ns=T0 + QUIET,
            resolved_ns=T0 + 2 * S,
            card_ns=None,
            tie_window_ns=5 * US,
            seed=0,
            spent=spent,
        )

    window = resolve({"red"})
    assert window.order == ("blue",) and [i.reason for i in window.ignored] == [SPENT]
    with pytest.raises(ValueError, match="no slap that counts"):
        resolve({"red", "blue"})


# --------------------------------------------------------------------------- dead heats


def test_presses_inside_the_tie_window_are_a_recorded_dead_heat() -> None:
    window = one_window(
        [press("blue.hunter", T0 + 3 * US), press("red.hunter", T0), press("green.chief", T0 + MS)],
        seed=11,
    )
    assert len(window.ties) == 1
    tie = window.ties[0]
    assert tie.seats == ("blue", "red")
    assert tie.t_ns == (T0 + 3 * US, T0)
    assert set(tie.order) == {"blue", "red"}
    assert window.order[:2] == tie.order
    assert window.order[2] == "green"
    assert tie.material == "11:0:0"
    replay = draw_order(tie.seats, tie.t_ns, tie_window_ns=tie.tie_window_ns, material=tie.material)
    assert replay == tie.order
    by_seat = {s.seat: s for s in window.slaps}
    assert by_seat["red"].tied_with == ("blue",)
    assert by_seat["blue"].tied_with == ("red",)
    assert by_seat["green"].tied_with == ()


def test_tie_window_edge_is_inclusive() -> None:
    tied = one_window([press("red.chief", T0), press("blue.chief", T0 + DEFAULT_TIE_WINDOW_NS)])
    apart = one_window(
        [press("red.chief", T0), press("blue.chief", T0 + DEFAULT_TIE_WINDOW_NS + 1)]
    )
    assert len(tied.ties) == 1
    assert apart.ties == ()
    assert apart.order == ("red", "blue")


def _first_counts(presses: list[Press], seeds: int = 2000) -> Counter[str]:
    return Counter(one_window(presses, seed=seed).order[0] for seed in range(seeds))


def _within_sigmas(count: int, n: int, p: float, sigmas: float = 4.0) -> bool:
    return abs(count - n * p) <= sigmas * math.sqrt(n * p * (1 - p))


@pytest.mark.parametrize(
    ("early", "late"),
    [("red", "blue"), ("blue", "red"), ("green", "yellow"), ("yellow", "green")],
)
def test_two_way_dead_heat_is_fair_over_2000_seeds(early: str, late: str) -> None:
    # ``early`` has the earlier stamp AND is delivered first; seat order (red before
    # yellow before ... green) stands in for pin order, which never enters the arbiter.
    presses = [press(f"{early}.chief", T0), press(f"{late}.chief", T0 + 4 * US, seq=1)]
    counts = _first_counts(presses)
    assert _within_sigmas(counts[early], 2000, 0.5), counts
    assert counts[early] + counts[late] == 2000


def test_three_way_dead_heat_is_fair_over_2000_seeds() -> None:
    presses = [
        press("green.woman", T0),
        press("red.woman", T0 + 2 * US, seq=1),
        press("yellow.woman", T0 + 4 * US, seq=2),
    ]
    counts = _first_counts(presses)
    for seat in ("green", "red", "yellow"):
        assert _within_sigmas(counts[seat], 2000, 1 / 3), counts


def test_dead_heat_draw_ignores_stamp_order_arrival_and_seating_inside_the_window() -> None:
    for seed in range(300):
        one = one_window([press("red.chief", T0), press("blue.chief", T0 + 3 * US, 1)], seed=seed)
        swapped = one_window(
            [press("blue.chief", T0), press("red.chief", T0 + 3 * US, 1)], seed=seed
        )
        assert one.order == swapped.order


def test_chain_of_near_ties_never_reverses_presses_more_than_tie_window_apart() -> None:
    presses = [
        press("red.chief", T0),
        press("blue.chief", T0 + 4 * US, 1),
        press("green.chief", T0 + 8 * US, 2),
    ]
    orders = Counter(one_window(presses, seed=seed).order for seed in range(600))
    assert len(next(iter(one_window(presses).ties)).seats) == 3
    for order in orders:
        assert order.index("red") < order.index("green")
    assert set(orders) == {
        ("red", "blue", "green"),
        ("blue", "red", "green"),
        ("red", "green", "blue"),
    }


# --------------------------------------------------------------------------- windows (A9)


def test_window_closes_only_after_quiet_plus_settle_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0))
    arbiter.press(press("blue.chief", T0 + 400 * MS, 1))
    due = T0 + 400 * MS + QUIET + SETTLE
    assert arbiter.due_ns == due
    assert arbiter.poll(T0 + 400 * MS + QUIET) is None
    assert arbiter.poll(due - 1) is None
    window = arbiter.poll(due)
    assert window is not None
    assert window.order == ("red", "blue")
    assert window.closed_ns == T0 + 400 * MS + QUIET
    assert window.resolved_ns == due
    assert arbiter.poll(FAR) is None
    assert arbiter.due_ns is None


def test_press_just_inside_quiet_joins_and_at_quiet_opens_a_new_window_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0))
    arbiter.press(press("blue.chief", T0 + QUIET - 1, 1))
    arbiter.press(press("green.chief", T0 + QUIET - 1 + QUIET, 2))
    windows = drain(arbiter)
    assert [w.order for w in windows] == [("red", "blue"), ("green",)]
    assert [w.index for w in windows] == [0, 1]


def test_slap_after_resolution_opens_a_new_window_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0))
    first = arbiter.poll(T0 + QUIET + SETTLE)
    assert first is not None
    arbiter.press(press("red.hunter", T0 + QUIET + SETTLE + 10 * MS, 1))
    second = drain(arbiter)
    assert [w.order for w in second] == [("red",)]
    assert second[0].index == 1
    assert second[0].ignored == ()
    assert arbiter.take_late() == ()


def test_last_slapper_turns_the_next_card_ruling_a9() -> None:
    assert Arbiter().last_slapper is None
    arbiter = Arbiter()
    arbiter.card_turned(T0)
    for i, (seat, dt) in enumerate([("blue", 30 * MS), ("red", 10 * MS), ("green", 20 * MS)]):
        arbiter.press(press(f"{seat}.woman", T0 + dt, i))
    (window,) = drain(arbiter)
    assert window.order == ("red", "green", "blue")
    assert window.last_slapper == "blue"
    assert window.first_slapper == "red"
    before_turn = arbiter.last_slapper
    arbiter.card_turned(T0 + 5 * S)
    after_turn = arbiter.last_slapper
    assert before_turn == "blue"
    assert after_turn is None  # no slap since the turn: turning passes clockwise


def test_reaction_and_gap_are_exact() -> None:
    arbiter = Arbiter(seed=3)
    card = T0 + 123
    arbiter.card_turned(card)
    arbiter.press(press("yellow.hunter", card + 412_345_678, 0))
    arbiter.press(press("purple.chief", card + 250_000_001, 1))
    arbiter.press(press("red.woman", card + 250_002_001, 2))  # 2 us later: dead heat
    (window,) = drain(arbiter)
    assert window.card_ns == card
    assert window.opened_ns == card + 250_000_001
    by_seat = {s.seat: s for s in window.slaps}
    assert by_seat["purple"].reaction_ns == 250_000_001
    assert by_seat["red"].reaction_ns == 250_002_001
    assert by_seat["yellow"].reaction_ns == 412_345_678
    assert by_seat["purple"].gap_ns == 0
    assert by_seat["red"].gap_ns == 2_000
    assert by_seat["yellow"].gap_ns == 162_345_677
    assert window.slaps[2].seat == "yellow"


def test_no_card_turned_means_no_reaction_time() -> None:
    window = one_window([press("red.chief", T0)])
    assert window.card_ns is None
    assert window.slaps[0].reaction_ns is None


def test_card_turned_in_an_open_window_keeps_its_reference_and_splits_it_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.card_turned(T0)
    arbiter.press(press("red.chief", T0 + 100 * MS, 0))
    arbiter.card_turned(T0 + 300 * MS)
    arbiter.press(press("blue.chief", T0 + 299 * MS, 1))  # before the turn: old display
    arbiter.press(press("green.chief", T0 + 300 * MS, 2))  # at the turn: the new display
    first = arbiter.poll(T0 + 300 * MS + SETTLE)
    assert first is not None
    assert first.order == ("red", "blue")
    assert first.card_ns == T0
    assert first.closed_ns == T0 + 300 * MS
    (second,) = drain(arbiter)
    assert second.order == ("green",)
    assert second.card_ns == T0 + 300 * MS
    assert second.slaps[0].reaction_ns == 0


def test_late_press_does_not_outrank_the_on_time_presses_of_the_next_round_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0, 0))
    (first,) = drain(arbiter, T0 + QUIET + SETTLE)
    assert first.order == ("red",)
    # yellow slapped inside window 0, but the press reaches the arbiter 150 ms late, after
    # window 0 was resolved; then the next round (no card turned in between, ruling A9):
    late = press("yellow.chief", T0 + QUIET - 100 * MS, 1)
    arbiter.press(late)
    arbiter.press(press("green.chief", T0 + QUIET + 200 * MS, 2))
    arbiter.press(press("blue.chief", T0 + QUIET + 300 * MS, 3))
    windows = drain(arbiter)
    assert [w.order for w in windows] == [("green", "blue")]
    assert windows[0].index == 1
    assert windows[0].ignored == ()
    (report,) = arbiter.take_late()
    assert (report.seat, report.control, report.t_ns) == ("yellow", late.control, late.t_ns)
    assert report.reason == LATE
    assert "ruling A9" in report.detail
    assert arbiter.take_late() == ()  # reported once
    assert first.order == ("red",)  # a resolved window never changes


def test_late_press_alone_opens_no_window_and_does_not_turn_the_card_ruling_a9() -> None:
    arbiter = Arbiter()
    arbiter.card_turned(T0)
    arbiter.press(press("red.chief", T0 + 100 * MS, 0))
    assert [w.order for w in drain(arbiter, T0 + 100 * MS + QUIET + SETTLE)] == [("red",)]
    arbiter.press(press("blue.chief", T0 + 150 * MS, 1))  # stamped inside the closed window
    assert arbiter.pending == 0
    assert arbiter.due_ns is None
    assert drain(arbiter) == []
    assert arbiter.last_slapper == "red"
    assert [i.reason for i in arbiter.take_late()] == [LATE]


def test_press_resent_after_its_window_resolved_is_ignored_as_duplicate() -> None:
    arbiter = Arbiter()
    sent = press("red.chief", T0, seq=7, source="box:boot-1")
    arbiter.press(sent)
    assert [w.order for w in drain(arbiter, T0 + QUIET + SETTLE)] == [("red",)]
    arbiter.press(sent)  # the box re-sends seq 7 after a reconnect
    arbiter.press(dataclasses.replace(sent, t_ns=T0 + 3 * US))  # ... with a remapped stamp
    assert drain(arbiter) == []
    assert arbiter.pending == 0
    reports = arbiter.take_late()
    assert [(i.seq, i.reason) for i in reports] == [(7, DUPLICATE), (7, DUPLICATE)]
    assert "delivered again" in reports[0].detail


def test_source_that_restarts_its_numbering_is_not_mistaken_for_a_resend() -> None:
    # A GPIO source reopened under the same name counts from seq 0 again.
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0, seq=0, source="gpio:pi"))
    drain(arbiter)
    arbiter.press(press("red.chief", T0 + 5 * S, seq=0, source="gpio:pi"))
    (window,) = drain(arbiter)
    assert window.order == ("red",)
    assert window.index == 1
    assert arbiter.take_late() == ()


def test_memory_of_resolved_presses_is_bounded_and_forgetting_only_changes_the_label() -> None:
    arbiter = Arbiter()
    sent = [press("red.chief", T0 + k * 2 * S, seq=k) for k in range(REMEMBERED_PRESSES + 1)]
    for p in sent:
        arbiter.press(p)
        drain(arbiter, p.t_ns + QUIET + SETTLE)
    arbiter.press(sent[0])  # forgotten: still ignored, as late
    arbiter.press(sent[-1])  # remembered: a duplicate
    assert drain(arbiter) == []
    assert [i.reason for i in arbiter.take_late()] == [LATE, DUPLICATE]


def test_unread_late_reports_are_bounded() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0))
    drain(arbiter)
    for k in range(REMEMBERED_PRESSES + 10):
        arbiter.press(press("blue.chief", T0 + 1 + k, seq=1 + k))
    reports = arbiter.take_late()
    assert len(reports) == REMEMBERED_PRESSES
    assert reports[-1].seq == REMEMBERED_PRESSES + 10  # the newest are kept


def test_flush_resolves_the_last_window_at_end_of_game_ruling_a10() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0))
    arbiter.press(press("blue.chief", T0 + 5 * S, 1))
    windows = arbiter.flush(T0 + 5 * S)
    assert [w.order for w in windows] == [("red",), ("blue",)]
    assert all(w.resolved_ns == T0 + 5 * S for w in windows)
    assert arbiter.pending == 0
    assert arbiter.flush(FAR) == ()


def test_windows_are_numbered_from_first_index_and_seed_the_draw() -> None:
    arbiter = Arbiter(first_index=41, seed=5)
    arbiter.press(press("red.chief", T0))
    arbiter.press(press("blue.chief", T0 + 1 * US, 1))
    (window,) = drain(arbiter)
    assert window.index == 41
    assert window.ties[0].material == "5:41:0"


# --------------------------------------------------------------------------- JSON


def test_window_json_round_trip() -> None:
    arbiter = Arbiter(seats=("red", "blue", "green"), seed=9)
    arbiter.card_turned(T0)
    arbiter.press(press("red.chief", T0 + 10 * MS, 0))
    arbiter.press(press("blue.hunter", T0 + 10 * MS + 2 * US, 1))
    arbiter.press(press("red.woman", T0 + 20 * MS, 2))
    arbiter.press(press("green.warrior", T0 + 900 * MS, 3))
    (window,) = drain(arbiter)
    assert window.ties and window.ignored
    data = json.loads(json.dumps(window.to_json()))
    assert data["last_slapper"] == "green"
    assert Window.from_json(data) == window


def test_window_json_round_trip_without_card() -> None:
    window = one_window([press("red.chief", T0)])
    assert window.card_ns is None and window.slaps[0].reaction_ns is None
    data = json.loads(json.dumps(window.to_json()))
    assert data["card_ns"] is None
    assert data["slaps"][0]["tied_with"] == []
    assert Window.from_json(data) == window


def test_late_report_json_round_trip() -> None:
    arbiter = Arbiter()
    arbiter.press(press("red.chief", T0))
    drain(arbiter)
    arbiter.press(press("blue.chief", T0 + 1, 1))
    (report,) = arbiter.take_late()
    assert Ignored.from_json(json.loads(json.dumps(report.to_json()))) == report


@pytest.mark.parametrize(
    "change",
    [
        {"index": "0"},
        {"card_ns": 1.5},
        {"ties": "none"},
        {"slaps": [{"seat": "red"}]},
        {"slaps": ["red"]},
    ],
)
def test_malformed_window_json_is_a_journal_error(change: dict[str, object]) -> None:
    good = one_window([press("red.chief", T0)]).to_json()
    with pytest.raises(JournalError, match="malformed"):
        Window.from_json({**good, **change})


def test_window_json_without_fields_or_slaps_is_a_journal_error() -> None:
    with pytest.raises(JournalError, match="malformed"):
        Window.from_json({"index": 0})
    good = one_window([press("red.chief", T0)]).to_json()
    with pytest.raises(JournalError, match="no slaps"):
        Window.from_json({**good, "slaps": []})
    with pytest.raises(JournalError, match="malformed"):
        Window.from_json({**good, "slaps": [{**good["slaps"][0], "rank": True}]})


# --------------------------------------------------------------------------- rejections


def test_navigation_control_is_not_a_slap() -> None:
    arbiter = Arbiter()
    assert not arbiter.accepts("nav.select")
    with pytest.raises(SlapError, match="navigation control"):
        arbiter.press(press("nav.select", T0))
    assert arbiter.pending == 0


def test_seat_not_in_play_is_rejected() -> None:
    arbiter = Arbiter(seats=("red", "blue"))
    assert arbiter.accepts("red.hunter")
    assert not arbiter.accepts("green.hunter")
    with pytest.raises(SlapError, match="'green' is not in play"):
        arbiter.press(press("green.hunter", T0))
    with pytest.raises(ValueError, match="not a control"):
        arbiter.press(press("orange.hunter", T0))


def test_resolve_window_rejects_a_navigation_control() -> None:
    with pytest.raises(SlapError, match="navigation control"):
        resolve_window(
            [press("red.chief", T0), press("nav.back", T0 + 1, 1)],
            index=0,
            closed_ns=T0 + QUIET,
            resolved_ns=FAR,
            card_ns=None,
            tie_window_ns=DEFAULT_TIE_WINDOW_NS,
            seed=0,
        )


@pytest.mark.parametrize(
    "options",
    [
        {"seats": ()},
        {"seats": ("red", "red")},
        {"seats": ("red", "orange")},
        {"tie_window_ns": -1},
        {"tie_window_ns": QUIET},
        {"settle_ns": -1},
    ],
)
def test_bad_options_are_config_errors(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        Arbiter(**options)  # type: ignore[arg-type]


def test_defaults_follow_ruling_a9_and_the_ordering_bar() -> None:
    assert DEFAULT_QUIET_NS == 1_200_000_000  # ruling A9
    # above the Pi 3/4 servicing skew (a few us), below the 10 us ordering bar
    assert 2 * US <= DEFAULT_TIE_WINDOW_NS < 10 * US
    # above the worst delivery delay (about 20 ms) plus a frame
    assert DEFAULT_SETTLE_NS > 20 * MS + 17 * MS


def test_the_tables_settings_make_an_arbiter_with_their_times() -> None:
    settings = PowwowSettings(quiet_ns=300 * MS, tie_window_ns=2 * US)
    assert settings.settle_ns == DEFAULT_SETTLE_NS, "the settings leave the settle time alone"
    arbiter = settings.arbiter(("red", "blue"), seed=9, first_index=4)
    assert (arbiter.quiet_ns, arbiter.settle_ns, arbiter.tie_window_ns) == (
        300 * MS,
        SETTLE,
        2 * US,
    )
    arbiter.press(press("red.hunter", T0))
    arbiter.press(press("blue.chief", T0 + 1 * US, seq=1))
    (window,) = drain(arbiter)
    assert window.index == 4 and window.ties, "numbered on, and 1 us apart is a dead heat"
    assert PowwowSettings().arbiter(SEATS, seed=0).quiet_ns == DEFAULT_QUIET_NS
