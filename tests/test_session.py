"""Sessions: journal, undo/redo, resume after torn writes and kill -9, reading a journal line
by line (``companion replay`` is tested in tests/tools/replay/)."""

import errno
import fcntl
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import session as session_module
from companion.cli import main
from companion.errors import IllegalAction, JournalError
from companion.rules.base import CHANCE, TABLE, SetupError, sample_chance
from companion.rules.registry import get_engine
from companion.session import (
    JournalRecord,
    JournalWarning,
    RefusedLine,
    Session,
    UnreadableJournal,
    chance_rng,
    default_games_dir,
    new_journal_path,
    unfinished_games,
)
from tests.rules.toygame import PASS, TOY, ToyAction, ToyState, scripted_action, scripted_ops

REPO = Path(__file__).resolve().parents[1]
SETUP = {"seats": 3, "hand_size": 4, "cards": 20}
KILL_SETUP = {"seats": 4, "hand_size": 5, "cards": 40}

ToySession = Session[ToyState, ToyAction]


@pytest.fixture
def clock() -> Callable[[], float]:
    ticks = itertools.count()
    return lambda: 1_700_000_000.0 + next(ticks) / 4


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    return tmp_path / "games" / "toy.jsonl"


FIXED_CHANCE = 3
"""The chance seed of the tests' games, whose deals must repeat (a live game's is secret)."""


def start(path: Path, clock: Callable[[], float], seed: int = 3, **kw: Any) -> ToySession:
    """A toy game; its chance actions drawn with ``chance_seed`` (:data:`FIXED_CHANCE`
    unless given; ``None``: a fresh secret, as in a live game)."""
    kw.setdefault("chance_seed", FIXED_CHANCE)
    return Session.start(TOY, SETUP, seed, path, clock=clock, **kw)


def resume_fixed(path: Path) -> ToySession:
    """Resume ``path`` drawing as :func:`start` does (what an uninterrupted game draws)."""
    return Session.resume(path, chance_seed=FIXED_CHANCE)


def play(session: ToySession, moves: int, first: int = 0) -> None:
    for k in range(first, first + moves):
        session.apply(scripted_action(TOY, session.state, k))


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def resume_quietly(path: Path) -> ToySession:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        return resume_fixed(path)


def move_with_a_draw(session: ToySession) -> ToyAction:
    """Play scripted moves until the next one wins a trick (so a card is drawn after it)."""
    for k in itertools.count():
        action = scripted_action(TOY, session.state, k)
        after = TOY.apply(session.state, action)
        if TOY.actor(after) == CHANCE:
            return action
        session.apply(action)
    raise AssertionError("unreachable")


class Failing:
    """Make ``os.<name>`` raise ``OSError(err)`` at its ``n``-th call from now on (counting
    from 1) and at the ``times - 1`` calls after it; every other call goes through."""

    def __init__(
        self,
        monkeypatch: pytest.MonkeyPatch,
        name: str,
        n: int,
        err: int = errno.ENOSPC,
        times: int = 1,
    ) -> None:
        real = getattr(os, name)
        self.calls = 0

        def fake(*args: Any) -> Any:
            self.calls += 1
            if n <= self.calls < n + times:
                raise OSError(err, os.strerror(err))
            return real(*args)

        monkeypatch.setattr(os, name, fake)


def leftovers(directory: Path) -> list[str]:
    """Temporary files a journal creator left behind."""
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


# --- starting and applying -------------------------------------------------------------------


def test_start_writes_a_header_then_the_automatic_deal(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock, seed=11) as session:
        header, *deals = records(journal)
        assert header == {
            "type": "header",
            "format": 1,
            "game": "toy",
            "rules_version": "1",
            "setup": {"seats": 3, "hand_size": 4, "cards": 20},
            "seed": 11,
            "created": "2023-11-14T22:13:20+00:00",
            "auto_chance": True,
        }
        assert len(deals) == 12
        assert all(r["type"] == "action" and r["chance"] and r["auto"] for r in deals)
        assert [r["n"] for r in deals] == list(range(12))
        assert session.actor == 0
        assert not session.can_undo
    assert journal.read_bytes().endswith(b"\n")
    assert not list(journal.parent.glob(".*.tmp"))


def test_the_automatic_deal_uses_the_documented_generator(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock, seed=5, chance_seed=11) as session:
        state = TOY.new(SETUP, 5)
        for n, step in enumerate(session.history):
            expected = sample_chance(TOY.chance_outcomes(state), chance_rng(11, n))
            assert step.action == expected
            state = TOY.apply(state, expected)


def test_start_refuses_an_existing_file_and_a_bad_setup(
    journal: Path, clock: Callable[[], float]
) -> None:
    start(journal, clock).close()
    with pytest.raises(FileExistsError, match="already exists"):
        start(journal, clock)
    with pytest.raises(SetupError, match="seats"):
        Session.start(TOY, {"seats": 9}, 0, journal.with_name("other.jsonl"))
    assert not journal.with_name("other.jsonl").exists()


def test_apply_journals_the_action_with_seat_and_time(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        action = session.legal_actions[0]
        state = session.apply(action)
        last = records(journal)[-1]
    assert state == session.state
    assert last["type"] == "action"
    assert last["n"] == 12
    assert last["seat"] == 0
    assert last["action"] == TOY.action_to_json(action)
    assert isinstance(last["t"], float)
    assert session.history[-1].action == action


def test_an_illegal_action_is_never_journaled(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as session:
        before, state = journal.read_bytes(), session.state
        with pytest.raises(IllegalAction, match="rule T1"):
            session.apply(ToyAction("play", 99))
        assert journal.read_bytes() == before
        assert session.state == state


def test_a_failed_write_counts_nothing_and_the_journal_stays_clean(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    with start(journal, clock) as session:
        before, state = journal.read_bytes(), session.state

        def broken_fsync(fd: int) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(os, "fsync", broken_fsync)
        with pytest.raises(OSError, match="Input/output"):
            play(session, 1)
        monkeypatch.undo()
        assert journal.read_bytes() == before
        assert session.state == state
        play(session, 1)
    assert Session.resume(journal).state == session.state


# --- failed writes: a full disk, an I/O error -----------------------------------------------


def test_a_start_whose_opening_deal_fails_releases_the_journal(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    with start(journal.with_name("twin.jsonl"), clock) as twin:
        pass
    Failing(monkeypatch, "write", 4)  # the header, two cards, then the third card fails
    with pytest.raises(OSError, match="No space left"):
        start(journal, clock)
    monkeypatch.undo()
    assert len(records(journal)) == 3
    with resume_fixed(journal) as resumed:  # not "already open": the lock was released
        assert resumed.state == twin.state
        assert [s.action for s in resumed.history] == [s.action for s in twin.history]


def test_a_resume_whose_deal_fails_releases_the_journal(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    with start(journal, clock) as live:
        live.apply(move_with_a_draw(live))
    data = journal.read_bytes()
    journal.write_bytes(data[: data.rindex(b"\n", 0, len(data) - 1) + 1])  # the draw is lost
    Failing(monkeypatch, "fsync", 1, errno.EIO)
    with pytest.raises(OSError, match="Input/output"):
        Session.resume(journal)
    monkeypatch.undo()
    with resume_fixed(journal) as resumed:
        assert resumed.state == live.state


def test_a_resume_interrupted_by_its_warning_releases_the_journal(
    journal: Path, clock: Callable[[], float]
) -> None:
    start(journal, clock).close()
    with journal.open("ab") as file:
        file.write(b'{"type":"act')
    with warnings.catch_warnings():
        warnings.simplefilter("error", JournalWarning)
        with pytest.raises(JournalWarning, match="torn last line"):
            Session.resume(journal)
    Session.resume(journal).close()


def chance_pending_after_a_move(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> tuple[ToySession, ToySession, ToyState]:
    """A session whose move was journaled but whose draw after it failed (ENOSPC); its twin
    played the same move without trouble; and the state before the move."""
    with start(journal.with_name("twin.jsonl"), clock) as twin:
        action = move_with_a_draw(twin)
        twin.apply(action)
    session = start(journal, clock)
    assert move_with_a_draw(session) == action
    before, length = session.state, len(session.history)
    Failing(monkeypatch, "write", 2)  # the action's line is written, the draw's is not
    with pytest.raises(session_module.ChancePending, match="saved") as info:
        session.apply(action)
    monkeypatch.undo()
    assert isinstance(info.value, OSError) and info.value.errno == errno.ENOSPC
    assert len(session.history) == length + 1
    assert session.history[-1].action == action and not session.history[-1].is_chance
    assert session.chance_pending and session.actor == CHANCE and session.can_undo
    assert records(journal)[-1]["seat"] == session.history[-1].actor
    assert Session.load(journal).history == session.history  # it holds what the journal holds
    return session, twin, before


def test_a_draw_that_fails_after_the_move_is_dealt_before_the_next_action(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, twin, _ = chance_pending_after_a_move(journal, clock, monkeypatch)
    action = scripted_action(TOY, twin.state, 99)
    assert session.apply(action) == TOY.apply(twin.state, action)
    assert [s.action for s in session.history][:-1] == [s.action for s in twin.history]
    session.close()
    assert Session.resume(journal).state == session.state


def test_a_draw_that_fails_after_the_move_is_undone_with_the_move(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, twin, before = chance_pending_after_a_move(journal, clock, monkeypatch)
    assert session.undo() == before
    assert session.redo() == twin.state
    assert session.history == Session.load(journal).history
    assert [s.action for s in session.history] == [s.action for s in twin.history]


@pytest.mark.parametrize("finish", ["complete_chance", "resume"])
def test_a_draw_that_fails_after_the_move_can_be_finished_alone(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch, finish: str
) -> None:
    session, twin, _ = chance_pending_after_a_move(journal, clock, monkeypatch)
    if finish == "resume":
        session.close()
        session = resume_fixed(journal)
    assert session.complete_chance() == twin.state
    assert not session.chance_pending
    session.close()
    assert [s.action for s in Session.load(journal).history] == [s.action for s in twin.history]


def test_when_the_owed_draw_fails_again_the_new_action_does_not_count(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, twin, _ = chance_pending_after_a_move(journal, clock, monkeypatch)
    history, action = session.history, scripted_action(TOY, twin.state, 99)
    Failing(monkeypatch, "fsync", 1, errno.EIO)
    with pytest.raises(OSError, match="Input/output") as info:
        session.apply(action)
    monkeypatch.undo()
    assert not isinstance(info.value, session_module.ChancePending)
    assert session.history == history == Session.load(journal).history
    assert session.chance_pending


def test_start_never_overwrites_a_journal_created_while_it_was_writing(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    with start(journal.with_name("theirs.jsonl"), clock) as theirs:
        play(theirs, 2)
    their_bytes, real_fsync = theirs.path.read_bytes(), os.fsync

    def another_creator_wins_the_race(fd: int) -> None:
        real_fsync(fd)
        if not journal.exists():
            journal.write_bytes(their_bytes)

    monkeypatch.setattr(os, "fsync", another_creator_wins_the_race)
    with pytest.raises(FileExistsError, match=rf"{re.escape(str(journal))} already exists") as info:
        start(journal, clock)
    monkeypatch.undo()
    assert isinstance(info.value, JournalError)
    assert journal.read_bytes() == their_bytes
    assert leftovers(journal.parent) == []


@pytest.mark.parametrize(
    ("name", "n"), [("write", 1), ("fsync", 1), ("fsync", 2)], ids=["write", "fsync", "dirsync"]
)
def test_a_journal_that_cannot_be_created_leaves_no_file(
    journal: Path,
    clock: Callable[[], float],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    n: int,
) -> None:
    journal.parent.mkdir()
    Failing(monkeypatch, name, n, errno.EIO)
    with pytest.raises(OSError, match="Input/output"):
        start(journal, clock)
    monkeypatch.undo()
    assert list(journal.parent.iterdir()) == []
    start(journal, clock).close()


@pytest.mark.parametrize("err", [errno.EPERM, errno.EOPNOTSUPP], ids=["EPERM", "EOPNOTSUPP"])
def test_a_file_system_without_hard_links_still_gets_whole_headers(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch, err: int
) -> None:
    def no_hard_links(*args: Any) -> None:
        raise OSError(err, os.strerror(err))

    monkeypatch.setattr(os, "link", no_hard_links)
    with start(journal, clock) as session:
        play(session, 2)
    with pytest.raises(FileExistsError, match="already exists"):
        start(journal, clock)
    monkeypatch.undo()
    assert leftovers(journal.parent) == []
    with Session.resume(journal) as resumed:
        assert resumed.state == session.state


# --- undo and redo ---------------------------------------------------------------------------


def test_undo_reverts_a_move_with_the_chance_actions_that_followed(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        action = move_with_a_draw(session)
        before, length = session.state, len(session.history)
        after = session.apply(action)
        assert len(session.history) == length + 2
        assert session.history[-1].is_chance and session.history[-1].auto
        assert session.undo() == before
        assert len(session.history) == length
        assert session.redo() == after
        assert len(session.history) == length + 2
    kinds = [r["type"] for r in records(journal)[-2:]]
    assert kinds == ["undo", "redo"]


def test_undo_cannot_re_roll_a_chance_outcome(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as session:
        action = move_with_a_draw(session)
        drawn = session.apply(action)
        session.undo()
        assert session.apply(action) == drawn


def test_a_new_action_after_undo_clears_redo(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as session:
        play(session, 3)
        session.undo()
        can_redo = [session.can_redo]
        play(session, 1, first=7)
        can_redo.append(session.can_redo)
        assert can_redo == [True, False]
        with pytest.raises(IllegalAction, match="nothing to redo"):
            session.redo()


def test_the_opening_deal_cannot_be_undone(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as session:
        play(session, 2)
        session.undo()
        session.undo()
        assert len(session.history) == 12
        with pytest.raises(IllegalAction, match="nothing to undo"):
            session.undo()


def test_tracker_mode_waits_for_chance_and_each_entry_is_a_move(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock, auto_chance=False) as session:
        assert session.actor == CHANCE
        session.apply(ToyAction("deal", 7))
        session.apply(ToyAction("deal", 3))
        assert session.undo().hands[1] == ()
        assert session.state.hands[0] == (7,)
    assert "auto" not in records(journal)[1]
    assert Session.resume(journal).state == session.state


# --- resume ----------------------------------------------------------------------------------


def test_resume_rebuilds_state_history_and_undo_stacks(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 10)
        after_ten = live.state
        live.undo()
        live.undo()
        live.redo()
    with Session.resume(journal, clock=clock) as resumed:
        assert resumed.state == live.state
        assert resumed.history == live.history
        assert resumed.can_redo and resumed.can_undo
        assert resumed.redo() == after_ten


def test_a_resumed_game_continues_like_an_uninterrupted_one(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    with start(tmp_path / "a.jsonl", clock) as straight:
        play(straight, 30)
    with start(tmp_path / "b.jsonl", clock) as first_half:
        play(first_half, 12)
    with resume_fixed(tmp_path / "b.jsonl") as second_half:
        play(second_half, 18, first=12)
    assert second_half.state == straight.state
    assert [s.action for s in second_half.history] == [s.action for s in straight.history]


def test_a_journal_has_one_writer_at_a_time(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as first:
        with pytest.raises(JournalError, match="already open"):
            Session.resume(journal)
        assert Session.load(journal).state == first.state
    Session.resume(journal).close()


def test_resume_reads_the_journal_only_once_it_holds_the_lock(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
        three = journal.read_bytes()
        play(live, 1, first=3)
    four = journal.read_bytes()
    journal.write_bytes(three)
    real_flock = fcntl.flock
    appended: list[bool] = []

    def the_other_writer_finishes_first(fd: int, operation: int) -> None:
        if not appended:  # its last move lands, then it closes, just before we lock
            appended.append(True)
            with journal.open("ab") as file:
                file.write(four[len(three) :])
        real_flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", the_other_writer_finishes_first)
    with Session.resume(journal) as resumed:
        assert resumed.state == live.state
        play(resumed, 1, first=4)
    monkeypatch.undo()
    assert Session.load(journal).state == resumed.state


def test_load_is_read_only(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as live:
        play(live, 4)
    before = journal.read_bytes()
    loaded = Session.load(journal)
    assert loaded.state == live.state
    with pytest.raises(JournalError, match="read-only"):
        loaded.apply(loaded.legal_actions[0])
    assert journal.read_bytes() == before


def test_close_is_safe_twice_and_a_closed_session_refuses_actions(
    journal: Path, clock: Callable[[], float]
) -> None:
    session = start(journal, clock)
    session.close()
    session.close()
    assert session.closed
    assert "closed" in repr(session)
    with pytest.raises(JournalError, match=r"Session.resume"):
        session.apply(PASS)


# --- torn writes and corruption --------------------------------------------------------------

TORN_TAILS = {
    "half a JSON object": b'{"type":"action","n":18,"act',
    "a complete record without its newline": b'{"type":"undo","n":14,"t":1.0}',
    "garbage bytes with a newline": b"\x00\x00\xff\xfe garbage \x00\n",
    "zeros from a lost block": b"\x00" * 40,
    "a lone newline": b"\n",
}


@pytest.mark.parametrize("tail", TORN_TAILS.values(), ids=TORN_TAILS.keys())
def test_a_torn_last_line_is_dropped_with_a_warning_and_the_file_repaired(
    journal: Path, clock: Callable[[], float], tail: bytes
) -> None:
    with start(journal, clock) as live:
        play(live, 6)
    good = journal.read_bytes()
    journal.write_bytes(good + tail)
    with pytest.warns(JournalWarning, match=rf"{re.escape(str(journal))}.*byte offset {len(good)}"):
        resumed = Session.resume(journal)
    assert resumed.state == live.state
    assert resumed.repair is not None
    assert journal.read_bytes() == good
    play(resumed, 1, first=6)
    resumed.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Session.resume(journal).state == resumed.state


def test_corruption_before_the_last_line_is_a_journal_error_naming_the_line(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 6)
    lines = journal.read_bytes().splitlines(keepends=True)
    lines[8] = b'{"type":"action","n":7,"act\n'
    journal.write_bytes(b"".join(lines))
    with pytest.raises(JournalError, match=rf"{re.escape(str(journal))}: line 9 is not a JSON"):
        Session.resume(journal)
    assert journal.read_bytes() == b"".join(lines)


def test_an_action_the_engine_refuses_on_replay_names_the_line(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
    data = records(journal)
    data[14]["action"] = {"kind": "play", "card": 99}
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    with pytest.raises(JournalError, match=r"line 15: .*rule T1 \(own cards\)"):
        Session.resume(journal)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(n=99), r"line 14: 'n' is 99"),
        (
            lambda r: r.update(seat=2),
            r"line 14: the line names P3, but the game awaits P\d: it is P\d's turn, and the "
            r"rules give the next action to P\d alone",
        ),
        (lambda r: r.update(type="shrug"), r"line 14: unknown record type 'shrug'"),
        (lambda r: r.update(type="redo"), r"line 14: a redo record with nothing to redo"),
    ],
)
def test_a_record_that_disagrees_with_the_game_is_a_journal_error(
    journal: Path,
    clock: Callable[[], float],
    change: Callable[[dict[str, Any]], None],
    message: str,
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
    data = records(journal)
    change(data[13])
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    with pytest.raises(JournalError, match=message):
        Session.load(journal)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ({"type": "action"}, "not a journal header"),
        ({"type": "header", "format": 2}, "format 2 is not supported"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"setup": {"seats": 9}}, r"line 1: setup 'seats'"),
        ({"seed": "x"}, r"header 'seed' is 'x'"),
    ],
)
def test_a_bad_header_is_a_journal_error(
    journal: Path, clock: Callable[[], float], header: dict[str, Any], message: str
) -> None:
    start(journal, clock).close()
    data = records(journal)
    data[0].update(header)
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    with pytest.raises(JournalError, match=message):
        Session.load(journal)


def test_a_journal_from_other_rules_warns(journal: Path, clock: Callable[[], float]) -> None:
    start(journal, clock).close()
    data = records(journal)
    data[0]["rules_version"] = "0.9"
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    with pytest.warns(JournalWarning, match="rules version '0.9'"):
        Session.load(journal)


# --- deterministic torn writes: every byte offset of the last line ---------------------------


def cut_at_every_offset_of_the_last_line(path: Path) -> Iterator[tuple[int, int]]:
    """Yield ``(cut, start)``: the journal is rewritten cut to ``cut`` bytes, for every cut
    inside its last line (``start`` is where that line begins, so ``cut == start`` is a
    clean cut between lines)."""
    data = path.read_bytes()
    start = data.rindex(b"\n", 0, len(data) - 1) + 1
    for cut in range(start, len(data)):
        path.write_bytes(data[:cut])
        yield cut, start


def test_every_torn_player_action_resumes_to_the_state_before_it(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 5)
        before = live.state
        while True:  # make the last line a player action that no draw follows
            action = scripted_action(TOY, before, 5)
            if TOY.actor(TOY.apply(before, action)) != CHANCE:
                break
            play(live, 1, first=5)
            before = live.state
        live.apply(action)
    for cut, start_of_line in cut_at_every_offset_of_the_last_line(journal):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            resumed = Session.resume(journal)
        assert resumed.state == before, f"cut at byte {cut}"
        assert len(caught) == (cut > start_of_line), f"cut at byte {cut}"
        assert journal.stat().st_size == start_of_line
        resumed.close()


def test_every_torn_chance_draw_is_redrawn_identically_on_resume(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        live.apply(move_with_a_draw(live))
    assert records(journal)[-1]["auto"] is True
    for cut, _ in cut_at_every_offset_of_the_last_line(journal):
        with resume_quietly(journal) as resumed:
            assert resumed.state == live.state, f"cut at byte {cut}"
            assert [s.action for s in resumed.history] == [s.action for s in live.history]


def test_every_torn_undo_resumes_to_the_state_before_the_undo(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 5)
        before = live.state
        live.undo()
    for cut, _ in cut_at_every_offset_of_the_last_line(journal):
        with resume_quietly(journal) as resumed:
            assert resumed.state == before, f"cut at byte {cut}"
            assert not resumed.can_redo


# --- kill -9 ---------------------------------------------------------------------------------

CHILD = """
import json, sys
from companion.session import Session
from tests.rules.toygame import TOY, scripted_ops
session = Session.start(
    TOY, json.loads(sys.argv[3]), int(sys.argv[2]), sys.argv[1], chance_seed=int(sys.argv[2])
)
print(0, flush=True)
for ops in scripted_ops(session):
    print(ops, flush=True)
print("done", flush=True)
"""

KILL_RUNS = 30
KILL_SEEDS = (5, 6, 7)


def expected_states(directory: Path, seed: int) -> list[ToyState]:
    """``[k]`` is the state after ``k`` completed operations of the child's script."""
    path = directory / f"expected-{seed}.jsonl"
    with Session.start(TOY, KILL_SETUP, seed, path, chance_seed=seed) as session:
        return [session.state] + [session.state for _ in scripted_ops(session)]


def operations_in(path: Path) -> int:
    """Operations completed according to the journal: non-automatic actions, undos, redos."""
    return sum(not r.get("auto", False) for r in records(path)[1:])


def wait_for_the_next_write(path: Path, child: subprocess.Popen[str]) -> None:
    """Return once the journal has grown (the child is writing its next operation) or the
    child has ended. Spins on ``stat``: the next line comes within a millisecond."""
    size = path.stat().st_size
    while path.stat().st_size == size and child.poll() is None:
        pass


def kill_child_at(path: Path, seed: int, rng: random.Random) -> tuple[int, bool]:
    """Run the child and SIGKILL it once it has printed a random count of operations:
    at once (the kill lands while it goes on), or once its next line has reached the
    journal (the kill lands between a write, its fsync and its print). Return the last
    operation count it printed and how it ended."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(seed), json.dumps(KILL_SETUP)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    target, printed = rng.randint(0, 40), []
    while (line := child.stdout.readline().strip()) not in ("", "done"):
        printed.append(int(line))
        if printed[-1] >= target:
            if rng.random() < 0.5:
                wait_for_the_next_write(path, child)
            child.send_signal(signal.SIGKILL)
            break
    rest = child.stdout.read().split()
    child.wait()
    printed += [int(x) for x in rest if x != "done"]
    return printed[-1], child.returncode == -signal.SIGKILL


def test_kill_9_loses_at_most_the_operation_in_flight(tmp_path: Path) -> None:
    """30 children are killed at random points (3 at a time). After each, resume must give
    exactly the state after the k operations the journal holds, where k is the last count
    the child printed, or one more when it died between its fsync and its print.

    A kill -9 seldom tears a line: each line is one small ``write``, which the kernel
    finishes once begun unless it spans a page boundary. So nothing here can promise a
    torn line (the every-offset tests above make them deterministically); what this test
    checks is that whatever resume repairs is a torn last line and nothing else, and that
    the repaired journal reopens without any warning."""
    expected = {seed: expected_states(tmp_path, seed) for seed in KILL_SEEDS}

    def run(number: int) -> tuple[int, Path, int, bool]:
        seed, path = KILL_SEEDS[number % len(KILL_SEEDS)], tmp_path / f"kill-{number}.jsonl"
        return (seed, path, *kill_child_at(path, seed, random.Random(number)))

    with ThreadPoolExecutor(max_workers=3) as pool:
        runs = list(pool.map(run, range(KILL_RUNS)))
    figures = {"killed": 0, "ahead_of_print": 0, "torn_lines_repaired": 0}
    for seed, path, last_printed, killed in runs:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            resumed = Session.resume(path, chance_seed=seed)
        figures["killed"] += killed
        for warning in caught:
            assert issubclass(warning.category, JournalWarning), warning
            assert "torn last line" in str(warning.message), warning
        figures["torn_lines_repaired"] += bool(caught)
        assert (resumed.repair is not None) == bool(caught)
        completed = operations_in(path)
        figures["ahead_of_print"] += completed > last_printed
        assert last_printed <= completed <= last_printed + 1, (path, last_printed, completed)
        assert resumed.state == expected[seed][completed], f"{path}: after {completed} ops"
        resumed.close()
        assert path.read_bytes().endswith(b"\n")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            again = Session.resume(path, chance_seed=seed)
        assert again.state == expected[seed][completed]
        again.close()
    print(f"\nkill -9 test: {KILL_RUNS} runs, {figures}")
    assert figures["killed"] >= KILL_RUNS * 0.9


# --- reading a journal line by line ---------------------------------------------------------


def test_open_journal_then_replay_record_is_load_line_by_line(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        for _ in scripted_ops(live):
            pass
    loaded = Session.load(journal)
    session, lines = Session.open_journal(journal)
    assert not session.history and session.states == (loaded.states[0],)
    assert [record.line for record in lines] == list(range(2, len(records(journal)) + 1))
    for record in lines:
        session.replay_record(record)
    assert session.state == loaded.state and session.history == loaded.history
    assert session.states == loaded.states and len(session.states) == len(session.history) + 1
    kinds = [r["type"] for r in records(journal)]
    assert all(kinds[(step.line or 0) - 1] == "action" for step in session.history)
    assert {"undo", "redo"} <= set(kinds)


def test_each_step_and_note_knows_its_journal_line(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 2)
        live.annotate("window", {"k": 1})
        play(live, 1, first=2)
        assert all(step.line is None for step in live.history)
    loaded = Session.load(journal)
    data = records(journal)
    for step in loaded.history:
        assert step.line is not None
        assert data[step.line - 1]["n"] == step.n and data[step.line - 1]["type"] == "action"
    (note,) = loaded.notes
    assert note.line is not None and data[note.line - 1]["kind"] == "window"
    assert loaded.history == live.history, "the line is not part of a step's value"


def test_a_refused_line_names_its_line_record_and_cause(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
    data = records(journal)
    data[14]["action"] = {"kind": "play", "card": 99}
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    session, lines = Session.open_journal(journal)
    for record in lines[:13]:
        session.replay_record(record)
    before = session.state
    with pytest.raises(RefusedLine) as refused:
        session.replay_record(lines[13])
    assert refused.value.line == 15 and refused.value.record == data[14]
    assert isinstance(refused.value.cause, IllegalAction)
    assert str(refused.value).startswith(f"{journal}: line 15: ")
    assert session.state == before, "the game is as it was before the line"


def test_a_file_that_is_not_a_journal_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    with pytest.raises(UnreadableJournal, match="is not a companion journal"):
        Session.open_journal(path)
    path.write_text(json.dumps({"type": "header", "format": 1, "game": "chess"}) + "\n")
    with pytest.raises(UnreadableJournal, match="line 1: header 'rules_version'"):
        Session.load(path)
    assert issubclass(UnreadableJournal, JournalError) and issubclass(RefusedLine, JournalError)
    assert JournalRecord(2, {"type": "undo"}).line == 2


# --- the engine's own state JSON of a journal ------------------------------------------------


@pytest.mark.parametrize("moves", [5, 500])
def test_a_loaded_journal_has_the_live_games_state_json(
    journal: Path, clock: Callable[[], float], moves: int
) -> None:
    with start(journal, clock) as live:
        for k in itertools.count():
            if live.is_over or k == moves:
                break
            play(live, 1, first=k)
    loaded = Session.load(journal)
    assert TOY.state_to_json(loaded.state) == TOY.state_to_json(live.state)
    assert live.is_over == (moves == 500)


def test_the_documented_example_journal_replays(tmp_path: Path) -> None:
    text = (REPO / "companion" / "JOURNAL.md").read_text()
    blocks = re.findall(r"```jsonl\n(.*?)```", text, flags=re.DOTALL)
    toy = next(block for block in blocks if '"game":"toy"' in block)
    path = tmp_path / "example.jsonl"
    path.write_text(toy)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        session = Session.load(path)
    assert session.is_over
    assert session.outcome is not None and session.outcome.scores == (3, 2)


# --- finding games ---------------------------------------------------------------------------


def test_unfinished_games_are_the_games_not_over_newest_first(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    for name, moves, age in [("old", 2, 300), ("done", 500, 200), ("new", 1, 100)]:
        with start(tmp_path / f"{name}.jsonl", clock) as session:
            for k in range(moves):
                if session.is_over:
                    break
                play(session, 1, first=k)
        os.utime(tmp_path / f"{name}.jsonl", (time.time() - age,) * 2)
    (tmp_path / "junk.jsonl").write_text("not a journal\n")
    (tmp_path / "notes.txt").write_text("ignored\n")
    with pytest.warns(JournalWarning, match="skipping .*junk.jsonl"):
        found = [game.path for game in unfinished_games(tmp_path)]
    assert found == [tmp_path / "new.jsonl", tmp_path / "old.jsonl"]
    assert unfinished_games(tmp_path / "missing") == []


def test_unfinished_games_describes_each_game_from_one_read(
    tmp_path: Path,
    clock: Callable[[], float],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, moves, age in [("old", 2, 300), ("new", 5, 100)]:
        with start(tmp_path / f"{name}.jsonl", clock, seed=moves) as session:
            play(session, moves)
        os.utime(tmp_path / f"{name}.jsonl", (time.time() - age,) * 2)
    games = session_module.unfinished_games(tmp_path)
    assert [(g.path.name, g.game, g.actions, g.seed) for g in games] == [
        ("new.jsonl", "toy", len(Session.load(tmp_path / "new.jsonl").history), 5),
        ("old.jsonl", "toy", len(Session.load(tmp_path / "old.jsonl").history), 2),
    ]
    assert games[0].mtime > games[1].mtime
    reads: list[str] = []
    real_read_all = session_module._read_all

    def counting_read_all(fd: int, path: Path) -> bytes:
        reads.append(path.name)
        return real_read_all(fd, path)

    monkeypatch.setattr(session_module, "_read_all", counting_read_all)
    assert main(["games", "--dir", str(tmp_path)]) == 0
    assert sorted(reads) == ["new.jsonl", "old.jsonl"]
    out = capsys.readouterr().out
    started = time.strftime("%H:%M", time.localtime(1_700_000_000))  # the table's clock
    players = ", ".join(games[0].players)
    assert players, "the players are named"
    assert f"  new.jsonl  toy started {started}, {players}, {games[0].actions} actions\n" in out
    assert out.index("new.jsonl") < out.index("old.jsonl")


@pytest.mark.parametrize("what", ["does not exist", "is not a directory"])
def test_games_with_a_dir_that_is_not_one_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str
) -> None:
    directory = tmp_path / "nope"
    if what == "is not a directory":
        directory.write_text("")
    assert main(["games", "--dir", str(directory)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"companion games: error: {directory} {what}\n"


def test_games_before_the_first_game_says_no_games_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "no games yet" in out
    assert f"{tmp_path / 'data' / 'games'} does not exist" in out


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"COMPANION_DATA_DIR": "/data", "XDG_STATE_HOME": "/x"}, "/data/games"),
        ({"XDG_STATE_HOME": "/x"}, "/x/companion/games"),
        ({}, str(Path.home() / ".local/state/companion/games")),
    ],
)
def test_default_games_dir(environ: dict[str, str], expected: str) -> None:
    assert default_games_dir(environ) == Path(expected)


def test_new_journal_path_never_reuses_a_name(tmp_path: Path) -> None:
    first = new_journal_path("toy", tmp_path, now=1_700_000_000)
    assert first == tmp_path / "toy-20231114-221320.jsonl"
    first.write_text("")
    second = new_journal_path("toy", tmp_path, now=1_700_000_000)
    assert second.name == "toy-20231114-221320-2.jsonl"


def test_two_games_given_the_same_name_in_the_same_second_never_share_it(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    first = new_journal_path("toy", tmp_path, now=1_700_000_000)
    second = new_journal_path("toy", tmp_path, now=1_700_000_000)
    assert first == second
    start(first, clock).close()
    with pytest.raises(session_module.JournalExists, match="already exists"):
        start(second, clock)
    again = new_journal_path("toy", tmp_path, now=1_700_000_000)
    assert again.name == "toy-20231114-221320-2.jsonl"
    start(again, clock).close()


# --- notes -----------------------------------------------------------------------------------


def test_a_note_is_journaled_with_the_number_of_actions_and_changes_nothing(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        play(session, 2)
        before = session.state
        note = session.annotate("window", {"order": ["red", "yellow"], "gap_ns": [0, 412_000]})
        assert session.state == before
        assert note.n == len(session.history) and note.kind == "window"
    last = records(journal)[-1]
    assert last == {
        "type": "note",
        "n": note.n,
        "kind": "window",
        "data": {"order": ["red", "yellow"], "gap_ns": [0, 412_000]},
        "t": note.t,
    }
    assert session.notes == (note,)


def test_notes_survive_resume_and_load_in_order_and_replay_ignores_them(
    journal: Path, tmp_path: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        session.annotate("first", 1)
        play(session, 3)
        session.annotate("second", [1, 2])
        play(session, 2, first=3)
    with start(tmp_path / "plain.jsonl", clock) as plain:
        play(plain, 5)
    with Session.resume(journal, clock=clock) as resumed:
        assert [(n.kind, n.data, n.n) for n in resumed.notes] == [
            ("first", 1, session.notes[0].n),
            ("second", [1, 2], session.notes[1].n),
        ]
        assert resumed.state == plain.state == session.state
        resumed.annotate("third", None)
    assert [n.kind for n in Session.load(journal).notes] == ["first", "second", "third"]


def test_undo_does_not_remove_a_note(journal: Path, clock: Callable[[], float]) -> None:
    with start(journal, clock) as session:
        play(session, 2)
        session.annotate("window", {"index": 0})
        session.undo()
        session.undo()
        session.annotate("late", {"seat": "red"})
        assert [n.kind for n in session.notes] == ["window", "late"]
        assert [n.n for n in session.notes][1] == len(session.history)
    assert [n.kind for n in Session.load(journal).notes] == ["window", "late"]


def test_a_torn_note_is_dropped_like_any_torn_line(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        play(session, 2)
        session.annotate("kept", 1)
        session.annotate("torn", {"a": "b" * 40})
    whole = journal.read_bytes()
    journal.write_bytes(whole[: len(whole) - 20])
    with pytest.warns(JournalWarning, match="torn last line"):
        resumed = Session.resume(journal, clock=clock)
    with resumed:
        assert [n.kind for n in resumed.notes] == ["kept"]
        assert resumed.state == session.state
        resumed.annotate("after", 2)
    assert [n.kind for n in Session.load(journal).notes] == ["kept", "after"]


def test_a_note_that_disagrees_with_the_game_is_a_journal_error(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        play(session, 1)
        session.annotate("window", 1)
        play(session, 1, first=1)
    lines = journal.read_text().splitlines()
    note_line = next(i for i, line in enumerate(lines) if '"note"' in line)
    lines[note_line] = lines[note_line].replace('"n":', '"n":9', 1)
    journal.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match=f"line {note_line + 1}: 'n' is 9"):
        Session.load(journal)


def test_a_bad_note_is_refused_before_anything_is_written(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as session:
        size = journal.stat().st_size
        with pytest.raises(ValueError, match="kind"):
            session.annotate("", 1)
        with pytest.raises(ValueError, match="not JSON"):
            session.annotate("window", {"t": float("nan")})
        with pytest.raises(ValueError, match="not JSON"):
            session.annotate("window", {"bad": object()})  # type: ignore[dict-item]
        assert journal.stat().st_size == size and session.notes == ()
    with pytest.raises(JournalError, match="closed"):
        session.annotate("window", 1)


def test_the_documented_tracker_journal_replays_with_its_notes(tmp_path: Path) -> None:
    text = (REPO / "companion" / "JOURNAL.md").read_text()
    blocks = re.findall(r"```jsonl\n(.*?)```", text, flags=re.DOTALL)
    tracker = next(block for block in blocks if '"game":"apache_tracker"' in block)
    path = tmp_path / "tracker.jsonl"
    path.write_text(tracker)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        session = Session.load(path)
    assert session.is_over
    assert session.outcome is not None and session.outcome.scores == (12.0, 5.0)
    assert [(note.kind, note.n) for note in session.notes] == [("window", 0), ("late", 5)]
    assert session.notes[0].data["slaps"][1]["gap_ns"] == 412_000
    stats = session.state.stats
    assert (stats[1].nothing, stats[1].penalties) == (1, 0), "the undone penalty is gone"


# --- Apache FULL: table actions --------------------------------------------------------------


def _apache_example() -> str:
    text = (REPO / "companion" / "JOURNAL.md").read_text()
    blocks = re.findall(r"```jsonl\n(.*?)```", text, flags=re.DOTALL)
    return str(next(block for block in blocks if '"game":"apache"' in block))


def test_the_documented_apache_full_journal_replays(tmp_path: Path) -> None:
    path = tmp_path / "full.jsonl"
    path.write_text(_apache_example())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        session = Session.load(path)
    state = session.state
    assert state.phase == "ready" and not session.is_over
    assert state.pile_sizes == (2, 0), "red's hunter took the buffalo"
    assert [note.kind for note in session.notes] == ["powwow-window"]
    assert session.notes[0].data["slaps"][0]["reaction_ns"] == 312_407_000
    assert [step.actor for step in session.history[:2]] == [TABLE, CHANCE]


def test_table_actions_are_journaled_with_the_table_flag(tmp_path: Path) -> None:
    from companion.rules.apache import APACHE, Turn

    path = tmp_path / "g.jsonl"
    with Session.start(APACHE, {"players": 2}, 3, path) as session:
        session.apply(Turn(0))
    records = [json.loads(line) for line in path.read_text().splitlines()]
    turn = records[1]
    assert turn["table"] is True and "seat" not in turn
    assert Session.load(path).history[0].actor == TABLE


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.pop("table"), "the line names no player, but the game awaits the table"),
        (lambda r: r.update(seat=0), 'names the table and red, .* no "seat"'),
        (
            lambda r: r.update(seat=-2, table=False),
            r"names the table and a seat that is no player of this game \(-2\)",
        ),
    ],
)
def test_a_table_action_without_the_flag_or_with_a_seat_is_refused(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], words: str
) -> None:
    from companion.rules.apache import APACHE, Turn

    path = tmp_path / "g.jsonl"
    with Session.start(APACHE, {"players": 2}, 3, path) as session:
        session.apply(Turn(0))
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    change(record)
    lines[1] = json.dumps(record, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match=rf"line 2: .*{words}"):
        Session.load(path)


def test_a_seat_action_with_the_table_flag_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    session = Session.start(TOY, {"seats": 2, "hand_size": 2, "cards": 5}, 42, path)
    session.apply(session.legal_actions[0])
    session.close()
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"seat":' in line)
    record = json.loads(lines[index])
    record["table"] = True
    lines[index] = json.dumps(record, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match=rf"line {index + 1}: "):
        Session.load(path)


def _documented(game: str, tmp_path: Path) -> Session[Any, Any]:
    """The JOURNAL.md example of ``game``, loaded with every warning an error."""
    text = (REPO / "companion" / "JOURNAL.md").read_text()
    blocks = re.findall(r"```jsonl\n(.*?)```", text, flags=re.DOTALL)
    path = tmp_path / f"{game}.jsonl"
    path.write_text(next(block for block in blocks if f'"game":"{game}"' in block))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return Session.load(path)


def test_the_documented_apocalypse_tracker_journal_replays(tmp_path: Path) -> None:
    session = _documented("apocalypse_tracker", tmp_path)
    state = session.state
    assert state.phase == "lead" and state.leader == 1 and state.black == ()
    assert [state.round_points(seat) for seat in range(3)] == [8, 9, 0]
    result = state.last_trick
    assert result is not None and result.apocalypse and result.points == 9


def test_the_documented_paris_journal_replays(tmp_path: Path) -> None:
    session = _documented("paris", tmp_path)
    state = session.state
    assert state.phase == "turn" and state.round == 1
    assert (state.apaches(0, 7), state.apaches(1, 7)) == (4, 2)
    assert tuple(state.money) == (500, 500)


def test_the_documented_apocalypse_full_journal_replays(tmp_path: Path) -> None:
    session = _documented("apocalypse", tmp_path)
    state = session.state
    assert state.phase == "play" and tuple(state.points) == (2, 10)
    assert len(session.history) == 32


def test_the_documented_paris_tracker_journal_replays(tmp_path: Path) -> None:
    session = _documented("paris_tracker", tmp_path)
    state = session.state
    assert state.round == 2 and state.first == 1
    assert tuple(state.money) == (450, 800) and tuple(state.hospital) == (1, 0)


# --- chance comes from a secret, not from the header's seed ---------------------------------


def play_on(session: ToySession, moves: int, first: int = 0) -> None:
    """Like :func:`play`, stopping early if the game ends."""
    for k in range(first, first + moves):
        if session.is_over:
            return
        play(session, 1, first=k)


def chance_actions(session: ToySession) -> list[ToyAction]:
    return [step.action for step in session.history if step.is_chance]


def predicted_by(seed: int, session: ToySession) -> list[ToyAction]:
    """The chance actions of ``session``'s line of play as ``chance_rng(seed, n)`` picks
    them from the state each was applied to."""
    return [
        sample_chance(TOY.chance_outcomes(session.states[step.n]), chance_rng(seed, step.n))
        for step in session.history
        if step.is_chance
    ]


def test_two_games_started_with_the_same_header_seed_deal_different_cards(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    with (
        start(tmp_path / "a.jsonl", clock, seed=11, chance_seed=None) as first,
        start(tmp_path / "b.jsonl", clock, seed=11, chance_seed=None) as second,
    ):
        assert records(tmp_path / "a.jsonl")[0]["seed"] == 11
        assert records(tmp_path / "b.jsonl")[0]["seed"] == 11
        assert len(chance_actions(first)) == len(chance_actions(second)) == 12
        assert chance_actions(first) != chance_actions(second)


def test_the_header_seed_does_not_predict_the_deal_or_the_draws(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock, seed=11, chance_seed=None) as session:
        play_on(session, 40)
        assert len(chance_actions(session)) > 12
        assert chance_actions(session) != predicted_by(11, session)


def test_each_resume_draws_from_a_fresh_secret(tmp_path: Path, clock: Callable[[], float]) -> None:
    """A journal cut after its header (the deal lost): two resumes deal it differently."""
    start(tmp_path / "live.jsonl", clock, seed=11, chance_seed=None).close()
    header = (tmp_path / "live.jsonl").read_bytes().splitlines(keepends=True)[0]
    deals = []
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_bytes(header)
        with Session.resume(tmp_path / name) as resumed:
            deals.append(chance_actions(resumed))
            assert chance_actions(resumed) != predicted_by(11, resumed)
    assert len(deals[0]) == 12 and deals[0] != deals[1]


def test_a_test_can_fix_the_chance_generator(tmp_path: Path, clock: Callable[[], float]) -> None:
    """``chance_seed`` (tests only): the same chance actions, whatever the header's seed."""
    with start(tmp_path / "a.jsonl", clock, seed=1, chance_seed=4) as first:
        play_on(first, 20)
    with start(tmp_path / "b.jsonl", clock, seed=2, chance_seed=4) as second:
        play_on(second, 20)
    assert chance_actions(first) == chance_actions(second) == predicted_by(4, first)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join((tmp_path / "a.jsonl").read_bytes().splitlines(keepends=True)[:5]))
    with Session.resume(cut, chance_seed=4) as resumed:
        assert chance_actions(resumed) == chance_actions(first)[:12]


def test_a_replay_reproduces_a_game_dealt_from_a_secret(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock, chance_seed=None) as live:
        play_on(live, 30)
        live.undo()
    loaded = Session.load(journal)
    assert loaded.states == live.states
    assert loaded.history == live.history
    game, lines = Session.open_journal(journal)
    for line in lines:
        game.replay_record(line)
    assert game.states == live.states


def test_the_games_listing_does_not_tell_future_cards(
    tmp_path: Path, clock: Callable[[], float], capsys: pytest.CaptureFixture[str]
) -> None:
    """No number ``companion games`` prints, taken as the chance generator's seed, predicts
    the draws that come after it was printed."""
    with start(tmp_path / "toy.jsonl", clock, seed=11, chance_seed=None) as session:
        play(session, 2)
        assert main(["games", "--dir", str(tmp_path)]) == 0
        listed = capsys.readouterr().out
        drawn_before = len(session.history)
        play_on(session, 40, first=2)
        later = [step for step in session.history[drawn_before:] if step.is_chance]
        assert len(later) >= 5
        for number in {int(text) for text in re.findall(r"\d+", listed)}:
            predicted = [
                sample_chance(TOY.chance_outcomes(session.states[s.n]), chance_rng(number, s.n))
                for s in later
            ]
            assert predicted != [s.action for s in later], f"{number} predicts the draws"


# --- odd files among the journals: bounded, regular files only -------------------------------

ODD_FILE_CHILD = """
import sys, warnings
from pathlib import Path
from companion.session import JournalError, Session, unfinished_games
import tests.rules.toygame  # registers the toy game
path = Path(sys.argv[1])
for how in ("load", "resume", "open_journal"):
    try:
        getattr(Session, how)(path)
    except (JournalError, OSError) as error:
        print(how, "refused:", error)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    games = unfinished_games(path.parent)
print("listed:", sorted(game.path.name for game in games))
for warning in caught:
    print("warning:", warning.message)
"""


def run_child(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh Python with 1 GiB of address space and 60 s to finish."""
    import resource

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limit_memory,
        check=False,
    )


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_journal_name_on_something_not_a_regular_file_is_refused_at_once(
    tmp_path: Path, clock: Callable[[], float], kind: str
) -> None:
    """A FIFO (opening it would wait for a writer forever), /dev/zero (endless), a folder:
    each refused by name before it is opened, and the good journal beside it still listed."""
    start(tmp_path / "good.jsonl", clock).close()
    odd = tmp_path / "x.jsonl"
    if kind == "fifo":
        os.mkfifo(odd)
    elif kind == "device":
        odd.symlink_to("/dev/zero")
    else:
        odd.mkdir()
    done = run_child(ODD_FILE_CHILD, str(odd))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    said = {
        "fifo": f"{odd}: not a regular file (a FIFO)",
        "device": f"{odd}: not a regular file (a device)",
        "folder": "is a directory, not a journal file",
    }[kind]
    for how in ("load", "resume", "open_journal"):
        assert any(line.startswith(f"{how} refused: ") and said in line for line in lines), lines
    assert "listed: ['good.jsonl']" in lines
    assert any(line.startswith(f"warning: skipping {odd}: ") for line in lines), done.stdout


def test_a_symlink_to_a_journal_is_followed(tmp_path: Path, clock: Callable[[], float]) -> None:
    with start(tmp_path / "real.jsonl.kept", clock) as live:
        play(live, 3)
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "real.jsonl.kept")
    assert Session.load(tmp_path / "link.jsonl").state == live.state
    assert [game.path.name for game in unfinished_games(tmp_path)] == ["link.jsonl"]


@pytest.mark.parametrize("where", ["last", "middle", "header"])
def test_a_line_nested_too_deeply_is_one_clear_error_naming_it(
    journal: Path, clock: Callable[[], float], where: str
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
    lines = journal.read_bytes().splitlines(keepends=True)
    deep = b"[" * 3000 + b"]" * 3000 + b"\n"
    number = {"last": len(lines) + 1, "middle": 5, "header": 1}[where]
    lines.insert(number - 1, deep) if where != "header" else lines.__setitem__(0, deep)
    journal.write_bytes(b"".join(lines))
    for how in (Session.load, Session.open_journal, Session.resume):
        with pytest.raises(UnreadableJournal, match=rf"line {number}: nested too deeply"):
            how(journal)
    with pytest.warns(JournalWarning, match=rf"skipping {re.escape(str(journal))}: .*nested"):
        assert unfinished_games(journal.parent) == []


def test_a_line_longer_than_the_bound_is_refused_naming_it(
    journal: Path, clock: Callable[[], float]
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
    lines = journal.read_bytes().splitlines(keepends=True)
    lines.insert(4, b'{"type":"note","data":"' + b"x" * (1 << 20) + b'"}\n')
    journal.write_bytes(b"".join(lines))
    with pytest.raises(UnreadableJournal, match=r"line 5 is longer than 1 MiB"):
        Session.load(journal)


def test_a_journal_larger_than_the_bound_is_refused(
    journal: Path, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    with start(journal, clock) as live:
        play(live, 40)
    monkeypatch.setattr(session_module, "MAX_JOURNAL_BYTES", journal.stat().st_size - 1)
    for how in (Session.load, Session.resume):
        with pytest.raises(UnreadableJournal, match=r"larger than .* not a game journal"):
            how(journal)


def test_an_endless_file_is_read_only_up_to_the_bound(tmp_path: Path) -> None:
    """A sparse file of 4 GiB after a header line: refused without reading it all."""
    path = tmp_path / "huge.jsonl"
    header = {"type": "header", "format": 1, "game": "toy", "rules_version": "1"}
    path.write_text(json.dumps({**header, "setup": {}, "seed": 1}) + "\n")
    os.truncate(path, 4 << 30)
    done = run_child(ODD_FILE_CHILD, str(path))
    assert done.returncode == 0, done.stderr
    assert "load refused: " in done.stdout and "larger than 64 MiB" in done.stdout


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": True}, r"line 1: header 'format' is True, expected the number 1"),
        ({"format": 1.0}, r"line 1: header 'format' is 1.0, expected the number 1"),
    ],
)
def test_a_header_format_that_only_equals_one_is_refused(
    journal: Path, clock: Callable[[], float], change: dict[str, Any], message: str
) -> None:
    start(journal, clock).close()
    data = records(journal)
    data[0].update(change)
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    with pytest.raises(UnreadableJournal, match=message):
        Session.load(journal)


@pytest.mark.parametrize(
    ("line", "change", "message"),
    [
        (14, {"n": 12.0}, r"line 14: 'n' is 12.0, expected a whole number \(the game has 12 "),
        (14, {"n": True}, r"line 14: 'n' is True, expected a whole number"),
        (14, {"t": True}, r"line 14: 't' is True, expected a number"),
        (14, {"t": "soon"}, r"line 14: 't' is 'soon', expected a number"),
        (14, {"seat": "as a float"}, r"line 14: 'seat' is \d\.0, expected a whole number"),
        (2, {"auto": 1}, r"line 2: 'auto' is 1, expected true \(or no 'auto'\)"),
    ],
)
def test_a_record_whose_numbers_only_equal_the_right_ones_is_refused(
    journal: Path,
    clock: Callable[[], float],
    line: int,
    change: dict[str, Any],
    message: str,
) -> None:
    with start(journal, clock) as live:
        play(live, 3)
    data = records(journal)
    if change.get("seat") == "as a float":
        change = {"seat": float(data[line - 1]["seat"])}
    data[line - 1].update(change)
    journal.write_text("".join(json.dumps(r) + "\n" for r in data))
    with pytest.raises(JournalError, match=message):
        Session.load(journal)


# --- fuzz: random and structured garbage journals --------------------------------------------

FUZZ = settings(
    max_examples=150,
    derandomize=True,  # the same examples on every run: CI never fails by chance
    deadline=2000,  # ms per example: a reader that hangs or loops fails here
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
RECORD_KEYS = st.sampled_from(
    ["type", "n", "action", "seat", "chance", "auto", "table", "t", "kind", "data"]
)
RECORD_TYPES = st.sampled_from(["action", "undo", "redo", "note", "header", "shrug"])
RECORDS = st.dictionaries(RECORD_KEYS, JSON_VALUES, max_size=8).map(
    lambda record: record if "type" in record else {**record, "type": "action"}
) | st.fixed_dictionaries(
    {
        "type": RECORD_TYPES,
        "n": st.integers(-2, 40) | st.floats(0, 40) | st.booleans(),
        "action": st.fixed_dictionaries(
            {"kind": st.sampled_from(["deal", "play", "pass", "x"]), "card": JSON_SCALARS}
        ),
        "seat": st.integers(-1, 4) | JSON_SCALARS,
        "t": st.floats() | st.integers() | JSON_SCALARS,
    }
)
HEADERS = st.fixed_dictionaries(
    {
        "type": st.just("header"),
        "format": st.sampled_from([1, 1.0, True, 2, "1"]),
        "game": st.sampled_from(["toy", "apache", "apocalypse", "paris", "chess"]),
        "rules_version": st.sampled_from(["1", 1]),
        "setup": st.just(SETUP) | st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=3),
        "seed": st.integers() | JSON_SCALARS,
    }
)
LINES = st.lists(
    RECORDS.map(json.dumps)
    | st.sampled_from(["", "[" * 3000 + "]" * 3000, '{"type":"act', "\u0000", "null"]),
    max_size=20,
)


def _a_clear_refusal_or_a_game(path: Path) -> None:
    """``Session.load`` and the listing of ``path``'s folder: a game, or one clear error
    naming the file (never another exception, never a traceback)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            Session.load(path)
        except JournalError as error:
            message = str(error)
            assert message.startswith(str(path)) and "\n" not in message, message
            assert len(message) < 2000, "errors quote excerpts, not whole lines"
        listed = unfinished_games(path.parent)
    assert {game.path for game in listed} <= {path}
    for warning in caught:
        assert issubclass(warning.category, JournalWarning), warning
        assert "\n" not in str(warning.message), warning.message


@FUZZ
@given(content=st.binary(max_size=2000))
def test_fuzz_a_journal_of_random_bytes(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(content)
    _a_clear_refusal_or_a_game(path)


@FUZZ
@given(header=HEADERS, lines=LINES, torn=st.binary(max_size=30))
def test_fuzz_a_journal_of_odd_records(
    tmp_path: Path, header: dict[str, Any], lines: list[str], torn: bytes
) -> None:
    path = tmp_path / "fuzz.jsonl"
    text = "".join(f"{line}\n" for line in [json.dumps(header), *lines])
    path.write_bytes(text.encode() + torn)
    _a_clear_refusal_or_a_game(path)


@FUZZ
@given(line=st.integers(1, 30), record=RECORDS, moves=st.integers(0, 8))
def test_fuzz_a_real_journal_with_one_line_replaced(
    tmp_path: Path, line: int, record: dict[str, Any], moves: int
) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.unlink(missing_ok=True)
    ticks = itertools.count()
    with start(path, lambda: 1.7e9 + next(ticks)) as live:
        play_on(live, moves)
    lines = path.read_text().splitlines()
    lines[min(line, len(lines)) - 1] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    _a_clear_refusal_or_a_game(path)


# --- telling games apart, discarding one, a journal with no action ---------------------------


def _playing(engine_name: str, setup: dict[str, Any], actions: int) -> object:
    """A state of ``engine_name``'s game after its first ``actions`` actions (each the
    first legal one, chance outcomes the first listed)."""
    engine = get_engine(engine_name)
    state = engine.new(setup, 1)
    for _ in range(actions):
        if engine.is_over(state):
            break
        if engine.is_chance(state):
            action = engine.chance_outcomes(state)[0][0]
        else:
            action = engine.legal_actions(state)[0]
        state = engine.apply(state, action)
    return state


def test_progress_is_said_in_each_games_words() -> None:
    apache = _playing("apache", {"colours": ["red", "blue"]}, 0)
    assert session_module.progress_words(apache) == f"card 0 of {len(apache.deck)}"  # type: ignore[attr-defined]
    turned = _playing("apache", {"colours": ["red", "blue"]}, 40)
    words = session_module.progress_words(turned)
    assert re.fullmatch(r"card [1-9]\d* of \d+", words), words
    assert words.endswith(f" of {len(apache.deck)}"), "the whole deck, whatever is turned"  # type: ignore[attr-defined]
    assert session_module.progress_words(_playing("apocalypse", {}, 0)) == "round 1"
    paris = _playing("paris", {}, 200)
    assert re.fullmatch(r"round [2-9], turn [1-6]", session_module.progress_words(paris))
    assert session_module.progress_words(_playing("apache_tracker", {}, 0)) == "", "no rounds"


def test_saved_games_tell_two_games_of_one_kind_apart(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    with start(tmp_path / "a.jsonl", clock) as session:
        play(session, 2)
    with Session.start(TOY, {**SETUP, "seats": 2}, 4, tmp_path / "b.jsonl", clock=clock):
        pass
    games = {game.path.name: game for game in session_module.saved_games(tmp_path)}
    assert games["a.jsonl"].players == ("P1", "P2", "P3")
    assert games["b.jsonl"].players == ("P1", "P2")
    assert games["a.jsonl"].started == 1_700_000_000.0, "the header's created, to the second"
    assert games["a.jsonl"].moves == 2 and not games["a.jsonl"].over


def test_a_discarded_journal_is_moved_aside_never_deleted(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    path = tmp_path / "toy.jsonl"
    with start(path, clock) as session:
        play(session, 2)
    kept = path.read_bytes()
    moved = session_module.discard_journal(path)
    assert moved == tmp_path / "discarded" / "toy.jsonl"
    assert moved.read_bytes() == kept and not path.exists()
    assert unfinished_games(tmp_path) == [], "no longer offered"
    with start(path, clock) as session:
        play(session, 1)
    again = session_module.discard_journal(path)
    assert again == tmp_path / "discarded" / "toy-2.jsonl", "the first one stays"
    assert moved.read_bytes() == kept


def test_a_journal_open_in_a_session_is_not_discarded(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    path = tmp_path / "toy.jsonl"
    with start(path, clock), pytest.raises(JournalError, match="already open"):
        session_module.discard_journal(path)
    assert path.exists() and not (tmp_path / "discarded").exists()


def test_a_journal_with_no_action_is_removed_and_one_with_an_action_kept(
    tmp_path: Path, clock: Callable[[], float]
) -> None:
    empty = tmp_path / "empty.jsonl"
    Session.start(TOY, SETUP, 3, empty, clock=clock, auto_chance=False).close()
    dealt = tmp_path / "dealt.jsonl"
    start(dealt, clock).close()
    assert len(Session.load(dealt).history) > 0, "the toy game deals at once"
    with Session.start(TOY, SETUP, 3, tmp_path / "open.jsonl", clock=clock, auto_chance=False):
        assert not session_module.remove_if_unplayed(tmp_path / "open.jsonl"), "in use"
    assert session_module.remove_if_unplayed(empty) and not empty.exists()
    assert not session_module.remove_if_unplayed(dealt) and dealt.exists()
