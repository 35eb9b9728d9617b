"""Apache FULL mode's model: turns, bots through the arbiter, choices (ruling A6), undo,
and the results."""

from __future__ import annotations

from pathlib import Path

from companion.input.events import Press
from companion.powwow import SPENT, PowwowSettings
from companion.rules.apache import APACHE, Choose
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


def test_the_turners_button_turns_and_a_legal_indian_slaps(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    model.press(Press("red.hunter", 10 * MS, "t", 1), 10 * MS)
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


def test_undo_takes_back_the_last_card(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    model.turn(MS)
    model.turn(2 * MS)
    first_two = model.state.display
    assert model.undo().startswith("undone")
    assert model.state.display == first_two[:1]
    model.turn(3 * MS)
    assert model.state.display == first_two, "the same card is dealt again"
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


def test_the_turner_who_has_slapped_on_the_card_turns_with_any_button(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    seat, now = first_slap(model, 0)
    assert model.state.turner == seat, "the last slapper turns (ruling A9)"
    shown = len(model.state.display) + len(model.state.piles[seat])
    model.press(Press(f"{model.colours[seat]}.woman", now + MS, "t", 5), now + MS)
    assert model.cues[-1] == "turn" and model.arbiter.pending == 0
    assert model.state.slapped_on_card == () and len(model.state.display) > 0
    assert len(model.state.display) + len(model.state.piles[seat]) == shown + 1
    model.close()


def test_a_resumed_game_and_an_undo_keep_the_slaps_made_on_the_card(tmp_path: Path) -> None:
    model = model_for(tmp_path, humans=3)
    seat, now = first_slap(model, 0)
    model.close()
    resumed = ApacheFullModel(
        Session.resume(tmp_path / "g.jsonl"), FAST, humans=3, tuning=QUICK, now_ns=now
    )
    press_again(resumed, seat, now)
    assert resumed.state.slapped_on_card == (seat,) and resumed.notices, "ignored, shown"
    # a card turned, then undone: back on the card the seat slapped on
    resumed.turn(now + 300 * MS)
    assert resumed.undo().startswith("undone") and resumed.state.slapped_on_card == (seat,)
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
