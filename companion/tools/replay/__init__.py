"""``companion replay LOG``: a referee's account of a journaled game.

The journal is replayed line by line (:meth:`companion.session.Session.open_journal`), and
the game's referee (one module per game: :mod:`.apache`, :mod:`.apocalypse`, :mod:`.paris`,
each for both modes) tells from the states before and after each action what happened.
Printed for a person: the game, the mode, the players, the phase, the score and the
OUTCOME, then the history (every Pow-Wow window, trick, turn, settlement step, undo and
note, with its journal lines). ``--json`` gives the whole state with the outcome and the
history, cards by name, the same field names in FULL and TRACKER (``companion/JOURNAL.md``,
"companion replay"). ``--at N`` stops after line N, ``--trace`` says what each line did.

Only the game of the journal is imported, so a short journal replays in well under 0.15 s.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from companion.errors import IllegalAction
from companion.session import JournalRecord, RefusedLine, Session, UnreadableJournal
from companion.tools.arguments import positive
from companion.tools.replay.base import Event, Moment, PlainReferee, Referee, plural

__all__ = [
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_UNREADABLE",
    "Replayed",
    "add_arguments",
    "replay",
    "run",
]

EXIT_OK: Final = 0
EXIT_REFUSED: Final = 1
EXIT_UNREADABLE: Final = 2

DESCRIPTION: Final = """\
Replay a game journal action by action, as a referee: the game, the mode (FULL
or TRACKER), the players, the phase, the score and the OUTCOME (winners, shared
victory, why), then the history: every Pow-Wow window (order, gaps in ms, each
slapper's result and reason), every trick, every turn and settlement step, every
undo and every note, with its journal lines. Cards are named as printed (red
hunter, green 7, district 4 slot 2)."""
EPILOG: Final = """exit status:
  0  the journal replayed (to its end, or to line N with --at)
  1  the rules refuse an action, or a line disagrees with the game: the line
     number, the action, the ruling and the reason are printed
  2  the file is not a readable journal: missing, not a journal, or a damaged
     header or line

The JSON fields (--json) are described in companion/JOURNAL.md, "companion replay"."""

REFEREES: Final = {
    "apache": "companion.tools.replay.apache:ApacheFull",
    "apache_tracker": "companion.tools.replay.apache:ApacheTracker",
    "apocalypse": "companion.tools.replay.apocalypse:ApocalypseFull",
    "apocalypse_tracker": "companion.tools.replay.apocalypse:ApocalypseTracker",
    "paris": "companion.tools.replay.paris:ParisFull",
    "paris_tracker": "companion.tools.replay.paris:ParisTracker",
}
"""Each journal game's referee: one module per game, for both its modes."""

_REFUSAL: Final = re.compile(r"(?P<action>.*?) refused by (?P<rule>[^:]+): (?P<reason>.*)", re.S)
"""An ``IllegalAction`` message as :func:`companion.rules.base.illegal` writes it."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``companion replay``."""
    parser.description = DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("log", type=Path, metavar="LOG", help="a game journal (.jsonl)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the whole state, the outcome and the history as JSON (cards by name)",
    )
    parser.add_argument(
        "--at",
        type=positive(int, "a line number (1 or more)"),
        default=None,
        metavar="N",
        help="stop after journal line N (the header is line 1)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help='first print one line per journal line with its effect (with --json: a "trace" list)',
    )
    parser.set_defaults(replay_prog=parser.prog)


# --- replaying -------------------------------------------------------------------------------


@dataclass
class Replayed:
    """A journal replayed up to a line: the game there and what the replay saw."""

    session: Session[Any, Any]
    referee: Referee[Any, Any]
    lines: int
    """The journal's lines, header included (a torn last line left out)."""
    last_line: int = 1
    """The last line replayed (1: only the header)."""
    changes: list[Event] = field(default_factory=list)
    """The undo and redo lines."""
    trace: list[Event] = field(default_factory=list)
    """One event per line replayed, with its effect."""
    refused: RefusedLine | None = None

    @property
    def moments(self) -> list[Moment[Any, Any]]:
        """The line of play, each action with the states around it."""
        states = self.session.states
        return [
            Moment(step, states[k], states[k + 1]) for k, step in enumerate(self.session.history)
        ]

    def history(self) -> list[Event]:
        """The game's events, the notes, the undos and redos, in journal order."""
        found = self.referee.events(self.moments, self.session.notes) + self.changes
        return sorted(found, key=lambda event: (event.first, event.last))


def replay(
    path: Path,
    *,
    at: int | None = None,
    on_line: Callable[[Event], None] | None = None,
) -> Replayed:
    """Replay the journal ``path`` up to line ``at`` (all of it: ``None``), calling
    ``on_line`` with each line's effect as it is replayed. Stops at a refused line
    (``refused``). Raises :class:`UnreadableJournal` or ``OSError`` when ``path`` is not a
    readable journal; warnings (a torn last line) are :class:`JournalWarning`."""
    session, records = Session.open_journal(path)
    referee = referee_for(session)
    lines = records[-1].line if records else 1
    done = Replayed(session, referee, lines)
    for record in records:
        if at is not None and record.line > at:
            break
        try:
            event = _replay_line(done, record)
        except RefusedLine as refused:
            done.refused = refused
            break
        done.last_line = record.line
        done.trace.append(event)
        if on_line is not None:
            on_line(event)
    return done


def referee_for(session: Session[Any, Any]) -> Referee[Any, Any]:
    """The referee of the session's game (a plain one for a game without its own)."""
    found = REFEREES.get(session.engine.name)
    if found is None:
        return PlainReferee(session.engine, session.states[0])
    module, name = found.split(":")
    referee: Referee[Any, Any] = getattr(importlib.import_module(module), name)(
        session.engine, session.states[0]
    )
    return referee


def _replay_line(done: Replayed, record: JournalRecord) -> Event:
    """Replay one line; its effect as an event (an undo or a redo is also kept)."""
    session, referee = done.session, done.referee
    states, history = session.states, session.history
    session.replay_record(record)
    line, kind = record.line, record.data["type"]
    if kind == "note":
        return referee.note_event(session.notes[-1])
    if kind == "action":
        moment = Moment(session.history[-1], states[-1], session.state)
        words = referee.action_words(moment.before, moment.action)
        effect = referee.effect_words(moment)
        return Event(line, line, "action", f"{words} -> {effect}" if effect else words)
    if kind == "undo":
        taken = [
            _step_words(referee, states, history, k)
            for k in range(len(session.history), len(history))
        ]
        event = Event(line, line, "undo", f"undo: takes back {'; '.join(taken)}")
    else:
        now = session.history
        again = [
            _step_words(referee, session.states, now, k) for k in range(len(history), len(now))
        ]
        event = Event(line, line, "redo", f"redo: plays again {'; '.join(again)}")
    done.changes.append(event)
    return event


def _step_words(
    referee: Referee[Any, Any], states: Sequence[Any], history: Sequence[Any], k: int
) -> str:
    step = history[k]
    return f"line {step.line}: {referee.action_words(states[k], step.action)}"


# --- the command -----------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """``companion replay``: print the replayed game; the exit codes are :data:`EPILOG`'s."""
    prog = getattr(args, "replay_prog", "companion replay")
    path = Path(args.log)
    show_trace = bool(args.trace) and not args.json
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            done = replay(path, at=args.at, on_line=_print_trace if show_trace else None)
        except (UnreadableJournal, OSError) as error:
            print(f"{prog}: error: {_unreadable_words(path, error)}", file=sys.stderr)
            return EXIT_UNREADABLE
    for warning in caught:
        print(f"{prog}: warning: {warning.message}", file=sys.stderr)
    if done.refused is not None:
        print(_refusal_words(prog, path, done), file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        print(json.dumps(referee_json(done, path, at=args.at, trace=bool(args.trace)), indent=2))
    else:
        print("\n".join(text_report(done, path, at=args.at)))
    return EXIT_OK


def _print_trace(event: Event) -> None:
    print(f"line {event.first:>4}: {event.title}")


def _unreadable_words(path: Path, error: Exception) -> str:
    if isinstance(error, FileNotFoundError):
        return f"{path}: no such journal file; give a game journal (.jsonl)"
    if isinstance(error, IsADirectoryError):
        return f"{path} is a directory, not a journal file; give a game journal (.jsonl)"
    if isinstance(error, OSError):
        return f"{path} cannot be read: {error.strerror or error}"
    return str(error)


def _refusal_words(prog: str, path: Path, done: Replayed) -> str:
    """The refused line: its number, the action, the ruling and the reason."""
    refused = done.refused
    assert refused is not None
    record = json.dumps(refused.record.get("action", refused.record), separators=(",", ":"))
    cause = refused.cause
    found = _REFUSAL.fullmatch(str(cause)) if isinstance(cause, IllegalAction) else None
    if found is not None:
        what, ruling, reason = "the rules refuse its action", found["rule"], found["reason"]
    else:
        what = "it disagrees with the game"
        ruling = "the journal's own checks (companion/JOURNAL.md)"
        reason = (
            str(refused)
            .split(": ", 2)[-1]
            .removesuffix("; the journal cannot be replayed past this line")
        )
    action = _action_words(done, refused.record)
    before = done.last_line
    return "\n".join(
        [
            f"{prog}: {path}: line {refused.line}: {what}",
            f"  action: {action}{record}" if action else f"  line: {record}",
            f"  ruling: {ruling}",
            f"  reason: {reason}",
            f"  the game replays to line {before}: `{prog} --at {before} {path}` shows it there",
        ]
    )


def _action_words(done: Replayed, record: dict[str, Any]) -> str:
    """The refused line's action in words then a space (``""`` when it cannot be read)."""
    if record.get("type") != "action":
        return ""
    try:
        action = done.session.engine.action_from_json(record.get("action"))
        return done.referee.action_words(done.session.state, action) + "  "
    except (ValueError, KeyError, IndexError, TypeError):
        return ""


# --- the reports -----------------------------------------------------------------------------


def text_report(done: Replayed, path: Path, *, at: int | None) -> list[str]:
    """The replayed game for a person: the header lines, the OUTCOME, the history."""
    referee, session = done.referee, done.session
    state = session.state
    engine = session.engine.name
    lines = [
        f"{referee.game}, {referee.mode} mode (journal game {engine!r}): {path}",
        _lines_words(done, at),
        f"Players: {', '.join(referee.names)}",
        f"Phase: {referee.phase_words(state)}",
    ]
    lines += [f"Score: {line}" for line in referee.score_words(state, done.moments)]
    lines.append(_outcome_words(referee.outcome(state)))
    lines += ["", "History (journal lines):"]
    for event in done.history():
        span = f"{event.first}" if event.first == event.last else f"{event.first}-{event.last}"
        lines.append(f"  {span:>9}  {event.title}")
        lines += [f"  {'':>9}    {detail}" for detail in event.details]
    if len(lines) and lines[-1] == "History (journal lines):":
        lines.append("  (nothing yet)")
    return lines


def _lines_words(done: Replayed, at: int | None) -> str:
    played = len(done.session.history)
    where = (
        f"stopped after line {done.last_line} of {done.lines} (--at {at})"
        if at is not None and done.last_line < done.lines
        else f"all {plural(done.lines, 'line')}"
    )
    return f"Replayed: {where}; {played} actions in the line of play"


def _outcome_words(outcome: dict[str, Any] | None) -> str:
    if outcome is None:
        return "OUTCOME: none yet (the game is not over)"
    winners = " and ".join(outcome["winners"])
    who = f"shared victory: {winners}" if outcome["shared"] else f"{winners} wins"
    return f"OUTCOME: {who}. Why: {outcome['reason']}"


def referee_json(done: Replayed, path: Path, *, at: int | None, trace: bool) -> dict[str, Any]:
    """The replayed game as JSON (``companion/JOURNAL.md``, "companion replay")."""
    referee, session = done.referee, done.session
    state = session.state
    data: dict[str, Any] = {
        "journal": str(path),
        "game": referee.game,
        "journal_game": session.engine.name,
        "mode": referee.mode,
        "seed": session.seed,
        "setup": session.setup,
        "lines": {"replayed": done.last_line, "total": done.lines, "at": at},
        "actions": len(session.history),
        "players": list(referee.names),
        "status": referee.phase_words(state),
        "to_act": referee.to_act(state),
        "outcome": referee.outcome(state),
        "state": referee.state_json(state, done.moments),
        "history": [event.to_json() for event in done.history()],
    }
    if trace:
        data["trace"] = [{"line": e.first, "kind": e.kind, "text": e.title} for e in done.trace]
    return data
