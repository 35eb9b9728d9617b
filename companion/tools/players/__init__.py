"""``companion players``: the group's roster on the command line.

``companion players`` lists the players (active or retired; ``--json`` for a program);
``add NAME``, ``rename OLD NEW``, ``retire NAME``, ``unretire NAME`` and ``delete NAME``
change the roster the setup screens seat players from. A retired player is kept but not
offered for seats; a deleted one leaves the roster, and their recorded games keep the name
(a "former player"). ``--roster FILE`` uses another roster file.

Exit status: 0 done; 1 a delete not confirmed; 2 bad arguments, a name refused, no such
player, or a roster file that cannot be used (left as it is).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Final, TextIO

from companion.roster import GAMES, NAME_MAX, Roster, RosterError, default_roster_path
from companion.tools.arguments import confirmed

__all__ = ["EXIT_BAD", "EXIT_NOT_CONFIRMED", "EXIT_OK", "add_arguments", "run"]

EXIT_OK: Final = 0
EXIT_NOT_CONFIRMED: Final = 1
EXIT_BAD: Final = 2

DESCRIPTION: Final = f"""\
The group's players: the roster the setup screens seat players from (each seat
gets a player or a guest). Names are 1 to {NAME_MAX} characters, unique whatever
their case, and not a seat colour (red, yellow, purple, blue, green), a seat
number (P1 to P6) or "guest". A retired player is kept, and not offered for
seats; deleting a player removes them from the roster, and their recorded games
keep their name (shown as a former player)."""
EPILOG: Final = """exit status:
  0  listed or changed
  1  delete not confirmed (add --yes to delete without being asked)
  2  bad arguments, a name refused, no such player, or a roster file that
     cannot be used (it is left as it is: the message says what to do)"""
ROSTER_HELP: Final = (
    "the roster file (default: roster.json in $COMPANION_DATA_DIR, else "
    "$XDG_STATE_HOME/companion, else ~/.local/state/companion)"
)


# --- arguments -------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``companion players`` and its actions."""
    parser.description = DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--json", action="store_true", help="print the players as JSON")
    _add_roster(parser, default=None)
    actions = parser.add_subparsers(
        dest="players_action", metavar="[ACTION]", help="none: list the players"
    )
    chosen: list[argparse.ArgumentParser] = []
    add = actions.add_parser("add", help="add a player to the roster")
    add.add_argument("name", metavar="NAME", help=f"the name, 1 to {NAME_MAX} characters")
    chosen.append(add)
    rename = actions.add_parser(
        "rename", help="rename a player (their recorded games keep the old name)"
    )
    rename.add_argument("old", metavar="OLD", help="the player's name")
    rename.add_argument("new", metavar="NEW", help=f"the new name, 1 to {NAME_MAX} characters")
    chosen.append(rename)
    for action, words in (
        ("retire", "keep a player in the roster but no longer offer them for seats"),
        ("unretire", "offer a retired player for seats again"),
        ("delete", "remove a player from the roster (their recorded games keep the name)"),
    ):
        sub = actions.add_parser(action, help=words)
        sub.add_argument("name", metavar="NAME", help="the player's name")
        chosen.append(sub)
    chosen[-1].add_argument(
        "--yes",
        action="store_true",
        help="do not ask (without it, the command asks when run at a terminal and refuses "
        "otherwise)",
    )
    parser.set_defaults(players_prog=parser.prog)
    for sub in chosen:
        _add_roster(sub, default=argparse.SUPPRESS)
        sub.set_defaults(players_prog=sub.prog)


def _add_roster(parser: argparse.ArgumentParser, *, default: object) -> None:
    """``--roster``; an action's own default is ``SUPPRESS``, so that ``companion players
    --roster F add NAME`` keeps the ``--roster`` given before the action."""
    parser.add_argument(
        "--roster", type=_roster_file, default=default, metavar="FILE", help=ROSTER_HELP
    )


def _roster_file(text: str) -> Path:
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder; give the roster file")
    return Path(text)


# --- the command -----------------------------------------------------------------------------


def run(args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``companion players`` (and its actions); the exit codes are :data:`EPILOG`'s."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    prog = str(getattr(args, "players_prog", "companion players"))
    given = getattr(args, "roster", None)
    path = default_roster_path() if given is None else Path(given)
    action = getattr(args, "players_action", None)
    if action is None and given is not None and not path.exists():
        print(f"{prog}: error: {path} does not exist; give the roster file (--roster)", file=err)
        return EXIT_BAD
    try:
        roster = Roster.open(path)
        if action is None:
            out.write(_listing_json(roster) if args.json else _listing(roster))
            return EXIT_OK
        if action == "delete":
            return _delete(roster, args.name, prog, yes=args.yes, out=out, err=err)
        print(_change(roster, action, args), file=out)
    except RosterError as error:
        print(f"{prog}: error: {error}", file=err)
        return EXIT_BAD
    return EXIT_OK


def _change(roster: Roster, action: str, args: argparse.Namespace) -> str:
    """Make the change ``action`` asks for; what was done, in words."""
    changes: dict[str, Callable[[], str]] = {
        "add": lambda: f"added {roster.add(args.name)!r} to {roster.path}",
        "rename": lambda: _renamed(roster, args.old, args.new),
        "retire": lambda: (
            f"retired {roster.retire(args.name)!r}: kept in the roster, no longer offered "
            "for seats (unretire offers them again)"
        ),
        "unretire": lambda: f"{roster.unretire(args.name)!r} is offered for seats again",
    }
    return changes[action]()


def _renamed(roster: Roster, old: str, new: str) -> str:
    was = roster.player(old).name
    after = roster.rename(old, new)
    return f"renamed {was!r} to {after!r} (the games recorded before keep the name {was!r})"


def _delete(roster: Roster, name: str, prog: str, *, yes: bool, out: TextIO, err: TextIO) -> int:
    player = roster.player(name)
    retired = " (retired)" if player.retired else ""
    question = (
        f"delete player {player.name!r}{retired} from {roster.path} (their recorded games "
        "keep the name)?"
    )
    if not yes and not confirmed(question):
        print(
            f"{prog}: {question} not deleted: add --yes to delete without being asked",
            file=err,
        )
        return EXIT_NOT_CONFIRMED
    gone = roster.delete(player.name)
    print(
        f"deleted {gone!r} from {roster.path}; their recorded games keep the name, shown as "
        "a former player",
        file=out,
    )
    return EXIT_OK


# --- the list --------------------------------------------------------------------------------


def _listing(roster: Roster) -> str:
    players = roster.players
    if not players:
        return f"no players yet in {roster.path}: `companion players add NAME` adds one\n"
    retired = sum(player.retired for player in players)
    counts = f"{len(players)} player(s)" + (f", {retired} retired" if retired else "")
    width = max(len(player.name) for player in players)
    lines = [f"players in {roster.path} ({counts}), in the order added:"]
    lines += [
        f"  {player.name:<{width}}  {'retired' if player.retired else 'active'}"
        for player in players
    ]
    return "\n".join(lines) + "\n"


def _listing_json(roster: Roster) -> str:
    data = {
        "roster": str(roster.path),
        "players": [asdict(player) for player in roster.players],
        "last_seating": {game: roster.last_seating(game) for game in GAMES},
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
