"""Apache FULL mode's model: turns, bots through the arbiter, choices (ruling A6), undo,
and the results."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.input.events import Press
from companion.powwow import SPENT, PowwowSettings
from companion.rules.apache import APACHE, Choose, Close
from companion.session import Session
from companion.ui.apache.full_model import (
    LATE_NOTE,
    WINDOW_NOTE,
    ApacheFullModel,
    ApacheFullOptions,
    ApacheFullTuning,
)

FAST = PowwowSettings(quiet_ns=20_000_000, settle_ns=5_000_000)
QUICK = ApacheFullTuning(
    bot_median_ms=3, bot_pause_ns=0, choice_timeout_ns=40_000_000, auto_turn_ns=0
)
"""Test-only pauses: bots react in ~3 ms, turn at once, auto turn at once."""
MS = 1_000_000
SECOND_NS = 1_000 * MS


def model_for(tmp_path: Path, humans: int, seed: int = 7, **variants: bool) -> ApacheFullModel:
    options = ApacheFullOptions(("red", "yellow", "purple"), humans, **variants)
    session = Session.start(APACHE, options.setup(), seed, tmp_path / "g.jsonl", chance_seed=seed)
    return ApacheFullModel(session, FAST, humans=humans, tuning=QUICK, now_ns=0)


def run_to_end(model: ApacheFullModel, now: int = 0, step: int = 16 * MS) -> int:
    while model.stage != "over" and now < 10**12:
        now += step
        model.poll(now)
    return now


def test_a_game_of_bots_ends_and_replays(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=0, war_path=True, wedding=True, joint_raid=True)
    run_to_end(model)
    assert model.cues.count("turn") == 114, "a tick for every card turned"
    assert model.cues.count("slap") == len(model.windows) > 0
    assert "penalty" in model.cues, "bots sometimes slap wrongly"
    model.close()
    replayed = Session.load(tmp_path / "g.jsonl")
    assert replayed.is_over
    assert replayed.state.pile_sizes == model.state.pile_sizes
    notes = [note for note in replayed.notes if note.kind == WINDOW_NOTE]
    assert len(notes) == len(model.windows) > 0
    results = model.results()
    assert sum(p.cards for p in results.players) == sum(model.state.pile_sizes)
    assert {p.colour for p in results.players if p.winner} == set(results.winners)


def test_turning_by_hand_turns_and_a_legal_indian_slaps(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    model.turn_by_hand(10 * MS)
    assert model.state.display and model.state.phase == "ready", "red turned a card"
    assert model.arbiter.pending == 0
    # find a legal slap for some seat, then that seat's press is a slap, not a turn
    now = 20 * MS
    while not any(
        model.engine.slap_is_legal(model.state, seat, i)
        for seat in range(3)
        for i in ("chief", "warrior", "woman", "hunter")
    ):
        now += 10 * MS
        model.turn(now)
    turner = model.state.turner
    seat, indian = next(
        (s, i)
        for s in (turner, *range(3))
        for i in ("chief", "warrior", "woman", "hunter")
        if model.engine.slap_is_legal(model.state, s, i)
    )
    shown = len(model.state.display)
    model.press(Press(f"{model.colours[seat]}.{indian}", now + MS, "t", 2), now + MS)
    assert len(model.state.display) == shown and model.arbiter.pending == 1
    model.poll(now + 200 * MS)
    assert model.windows and model.windows[-1].slaps[0].seat == model.colours[seat]


def test_a_person_chooses_by_button_or_gets_the_default(tmp_path: Path) -> None:
    for by_button in (True, False):
        (tmp_path / str(by_button)).mkdir()
        model = model_for(tmp_path / str(by_button), humans=3, seed=7, wedding=True)
        now, found = 0, False
        while model.stage != "over" and not found:
            now += 100 * MS
            state = model.state
            legal = [
                (s, i)
                for s in range(3)
                for i in ("chief", "warrior", "woman", "hunter")
                if model.engine.may_slap(state, s) and model.engine.slap_is_legal(state, s, i)
            ]
            if legal and state.phase == "ready":
                s, i = legal[0]
                model.file_press(Press(f"{model.colours[s]}.{i}", now, "t", now))
                model.poll(now + 100 * MS)
                now += 100 * MS
                if model.state.phase == "choose":
                    found = len(model.options) >= 2
                    if not found:
                        model.choose_index(0, now)
            elif state.phase == "ready":
                model.turn(now)
        assert found
        options = model.options
        seat = model.state.pending_seat
        assert seat is not None
        if by_button:
            model.press(Press(f"{model.colours[seat]}.warrior", now, "t", 1), now)  # option 2
            chosen = options[1]
        else:
            chosen = model.engine.default_choice(model.state)
            model.poll(now + QUICK.choice_timeout_ns - 1)
            assert model.state.phase == "choose", "still time to choose"
            model.poll(now + QUICK.choice_timeout_ns)  # ruling A6: the default
        assert model.state.phase != "choose"
        last = model.session.history[-1].action
        assert isinstance(last, Choose)
        assert last == chosen
        model.close()


def test_undo_never_takes_back_a_turned_card(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        model.undo(0)
    model.turn(MS)
    model.turn(2 * MS)
    shown, steps = model.state.display, len(model.session.history)
    with pytest.raises(IllegalAction, match="the card is turned: it cannot be taken back"):
        model.undo(3 * MS)
    assert model.state.display == shown and len(model.session.history) == steps
    model.close()


def test_undo_never_takes_back_a_decided_pow_wow(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    seat, now = first_slap(model, 0)
    assert isinstance(model.session.history[-1].action, Close), "no choice: the seed"
    piles = model.state.piles
    with pytest.raises(IllegalAction, match="the Pow-Wow is decided"):
        model.undo(now)
    assert model.state.piles == piles and model.state.slapped_on_card == (seat,)
    model.close()


def red_to_choose(tmp_path: Path) -> tuple[ApacheFullModel, int]:
    """Red (the one person; two bots) slaps whenever it can and turns when it is to, until
    it has a choice of two options or more (ruling A6); the model and the time."""
    model = model_for(tmp_path, humans=1, seed=7, wedding=True)
    now = 0
    while model.stage != "over" and now < 10**12:
        now += 10 * MS
        model.poll(now)
        state = model.state
        if state.phase == "choose" and state.pending_seat == 0:
            if len(model.options) >= 2:
                return model, now
            model.choose_index(0, now)
        elif model.stage == "play" and state.phase == "ready":
            legal = [i for i in KINDS if model.engine.slap_is_legal(state, 0, i)]
            if legal and model.engine.may_slap(state, 0):
                model.press(Press(f"red.{legal[0]}", now, "t", now), now)
            elif not model.turn_refusal():
                model.turn_by_hand(now)
    raise AssertionError("red never had a choice to make")


def test_undo_takes_back_a_persons_choice_and_stops_there(tmp_path: Path) -> None:
    """Red chooses its second option; Back takes it back (the bots' choices after it in the
    same Pow-Wow too): red is choosing again with the full time, and no bot replays it."""
    model, now = red_to_choose(tmp_path)
    options, steps = model.options, len(model.session.history)
    model.press(Press("red.warrior", now, "t", 1), now)  # option 2
    assert model.state.phase != "choose" or model.state.pending_seat != 0
    words = model.undo(now + 100 * MS)
    assert words == "undone: red's choice, choose again"
    assert len(model.session.history) == steps
    assert model.state.phase == "choose" and model.state.pending_seat == 0
    assert model.options == options
    model.poll(now + 100 * MS + QUICK.choice_timeout_ns - 1)
    assert model.state.phase == "choose", "nobody replays the choice: red has its full time"
    model.press(Press("red.chief", now, "t", 2), now + 200 * MS)
    last = next(s for s in reversed(model.session.history) if isinstance(s.action, Choose))
    assert last.actor == 0 or model.session.history[steps].action == options[0]
    model.close()


def test_undo_is_refused_once_the_next_card_is_turned(tmp_path: Path) -> None:
    """The case where a bot turned the card right after the choice: Back is refused with
    its reason, and nothing changes (the card is not re-turned)."""
    model, now = red_to_choose(tmp_path)
    model.choose_index(1, now)
    if model.state.phase == "ready":
        model.turn(now + MS)  # the next card, by whoever turns
    shown, steps = model.state.display, len(model.session.history)
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        model.undo(now + 2 * MS)
    assert model.state.display == shown and len(model.session.history) == steps
    model.close()


def test_a_pause_moves_the_clocks_on(tmp_path: Path) -> None:
    """After the game menu's pause, a person has the rest of their time to choose, not
    none (the pause does not count)."""
    model, now = red_to_choose(tmp_path)
    model.resume(60 * SECOND_NS)
    model.poll(now + 60 * SECOND_NS + QUICK.choice_timeout_ns - 1)
    assert model.state.phase == "choose" and model.state.pending_seat == 0
    model.poll(now + 60 * SECOND_NS + QUICK.choice_timeout_ns)
    assert model.state.phase != "choose" or model.state.pending_seat != 0, "A6's default"
    model.close()


def test_turning_by_hand_is_refused_with_its_reason(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=1)
    model.turn_by_hand(0)
    while model.state.turner == 0:
        model.turn(0)
    assert (
        model.turn_refusal() == f"{model.colours[model.state.turner]} is a bot: it turns by itself"
    )
    with pytest.raises(IllegalAction, match="is a bot"):
        model.turn_by_hand(MS)
    model.close()


def test_the_auto_turn_counts_down_for_a_person(tmp_path: Path) -> None:
    options = ApacheFullOptions(("red", "yellow"), 2)
    session = Session.start(APACHE, options.setup(), 3, tmp_path / "a.jsonl", chance_seed=3)
    model = ApacheFullModel(session, FAST, humans=2, auto_turn_ns=2 * SECOND_NS, now_ns=0)
    assert model.auto_turn_left_ns(500 * MS) == 1500 * MS
    model.poll(2 * SECOND_NS - 1)
    assert model.state.deck_count == 114
    model.poll(2 * SECOND_NS)
    assert model.state.deck_count == 113, "turned for red"
    model.close()


# --- ruling A8: one slap per player per turned card ------------------------------------------

KINDS = ("chief", "warrior", "woman", "hunter")


def first_slap(model: ApacheFullModel, now: int) -> tuple[int, int]:
    """Turn cards until a seat can take loot, let it slap and its window resolve; the seat
    and the time."""
    while not any(model.engine.slap_is_legal(model.state, s, i) for s in range(3) for i in KINDS):
        now += 10 * MS
        model.turn(now)
    seat, indian = next(
        (s, i) for s in range(3) for i in KINDS if model.engine.slap_is_legal(model.state, s, i)
    )
    model.file_press(Press(f"{model.colours[seat]}.{indian}", now + MS, "t", 1))
    model.poll(now + 200 * MS)
    assert model.state.slapped_on_card == (seat,) and model.windows
    return seat, now + 200 * MS


def press_again(model: ApacheFullModel, seat: int, now: int, seq: int = 2) -> None:
    """``seat`` presses every Indian once more, then the arbiter decides."""
    for k, indian in enumerate(KINDS):
        model.file_press(Press(f"{model.colours[seat]}.{indian}", now + k * MS, "t", seq + k))
    model.poll(now + 200 * MS)


def test_a_second_slap_on_the_same_card_is_logged_and_ignored_ruling_a8(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    seat, now = first_slap(model, 0)
    colour, before, windows = model.colours[seat], model.state, len(model.windows)
    press_again(model, seat, now)
    assert model.state.piles == before.piles and model.state.removed == before.removed
    assert len(model.windows) == windows, "presses that all count for nothing: no Pow-Wow"
    assert model.notices[-4:] == [
        f"{colour} {indian}: already slapped on this card, ignored (ruling A8), no penalty"
        for indian in KINDS
    ]
    notes = [n.data for n in model.session.notes if n.kind == LATE_NOTE]
    assert [(n["seat"], n["reason"]) for n in notes] == [(colour, SPENT)] * 4
    # with another player's slap, the press is ignored in that player's window
    other = (seat + 1) % 3
    model.file_press(Press(f"{model.colours[other]}.chief", now + 300 * MS, "t", 10))
    model.file_press(Press(f"{colour}.chief", now + 301 * MS, "t", 11))
    model.poll(now + 600 * MS)
    window = model.windows[-1]
    assert window.order == (model.colours[other],)
    assert [(i.seat, i.reason) for i in window.ignored] == [(colour, SPENT)]
    assert model.state.slapped_on_card == (seat, other)
    model.close()


def test_the_turner_who_has_slapped_on_the_card_turns_by_hand_not_by_a_button(
    tmp_path: Path,
) -> None:
    model = model_for(tmp_path, humans=3)
    seat, now = first_slap(model, 0)
    assert model.state.turner == seat, "the last slapper turns (ruling A9)"
    shown = len(model.state.display) + len(model.state.piles[seat])
    model.press(Press(f"{model.colours[seat]}.woman", now + MS, "t", 5), now + MS)
    model.poll(now + 300 * MS)
    assert len(model.state.display) + len(model.state.piles[seat]) == shown, "no card turned"
    assert model.notices[-1].endswith(
        "already slapped on this card, ignored (ruling A8), no penalty"
    )
    model.turn_by_hand(now + 400 * MS)
    assert model.cues[-1] == "turn" and model.arbiter.pending == 0
    assert model.state.slapped_on_card == () and len(model.state.display) > 0
    assert len(model.state.display) + len(model.state.piles[seat]) == shown + 1
    model.close()


def test_a_resumed_game_and_a_refused_undo_keep_the_slaps_made_on_the_card(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    seat, now = first_slap(model, 0)
    model.close()
    resumed = ApacheFullModel(
        Session.resume(tmp_path / "g.jsonl"), FAST, humans=3, tuning=QUICK, now_ns=now
    )
    press_again(resumed, seat, now)
    assert resumed.state.slapped_on_card == (seat,) and resumed.notices, "ignored, shown"
    # an undo refused does not forget the slaps made on the card
    with pytest.raises(IllegalAction):
        resumed.undo(now + 300 * MS)
    press_again(resumed, seat, now + 400 * MS, seq=20)
    assert resumed.state.slapped_on_card == (seat,)
    assert resumed.notices[-1].endswith(
        "already slapped on this card, ignored (ruling A8), no penalty"
    )
    resumed.close()


def test_bots_never_slap_twice_on_a_card(tmp_path: Path) -> None:
    """Bots slower than the quiet time: windows resolve while other bots' hands are still
    in the air, and the bots look again after each; none slaps twice on a card (seed 10
    would without the check of the hands on their way)."""
    slow = ApacheFullTuning(bot_median_ms=60, bot_pause_ns=0, auto_turn_ns=0)
    held_back = 0
    for seed in (10, 11):
        options = ApacheFullOptions(("red", "yellow", "purple"), 0, war_path=True, wedding=True)
        session = Session.start(
            APACHE, options.setup(), seed, tmp_path / f"{seed}.jsonl", chance_seed=seed
        )
        model = ApacheFullModel(session, FAST, humans=0, tuning=slow, now_ns=0)
        run_to_end(model, step=5 * MS)
        assert model.stage == "over"
        notes = [n.data for n in model.session.notes if n.kind in (LATE_NOTE, WINDOW_NOTE)]
        ignored = [i for n in notes for i in n.get("ignored", [n] if "reason" in n else [])]
        assert all(i["reason"] != SPENT for i in ignored), "a bot slapped again on its card"
        held_back += model.team.held_back
        model.close()
    assert held_back > 0, "bots had loot in reach after their slap and held back"
