"""``companion history`` and ``companion stats``: the group's history on the command line.

``companion history`` prints the last games (who won, the scores) and each player's games
and wins; ``--json`` and ``--csv`` print the same for a program. ``companion history
rebuild`` makes the database again from the journals (the source of truth); ``companion
history export FILE.csv`` writes every recorded game, one row per player. ``companion
stats`` prints what the History screen shows: the players' table and the "fastest hands"
board, one board per kind of slap time (never mixed).

Exit status: 0 done; 2 bad arguments, or a database that cannot be used (a damaged one is
set aside, never deleted, and ``companion history rebuild`` restores it).
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Final, TextIO

from companion.errors import ConfigError
from companion.history import (
    FEW_SLAPS,
    History,
    HistoryCorrupt,
    HistoryError,
    default_history_path,
)
from companion.history.stats import games_of
from companion.session import SUFFIX, default_games_dir
from companion.tools.arguments import positive
from companion.tools.history.plot import add_plot_arguments, save_plot
from companion.tools.history.report import (
    export_csv,
    games_csv,
    history_json,
    history_text,
    stats_json,
    stats_text,
)

__all__ = [
    "EXIT_BAD",
    "EXIT_OK",
    "add_arguments",
    "add_stats_arguments",
    "run",
    "run_stats",
]

MEMORY: Final = ":memory:"
"""SQLite's database in memory: the empty history shown before the file is made."""
EXIT_OK: Final = 0
EXIT_BAD: Final = 2
DEFAULT_LIMIT: Final = 20

HISTORY_DESCRIPTION: Final = """\
The group's history: the last games (who won, the scores) and each player's
games and wins, from the history database (one SQLite file beside the games'
folder). The journals stay the record: `rebuild` makes the database again from
them; `export FILE.csv` writes every recorded game, one row per player."""
STATS_DESCRIPTION: Final = f"""\
The figures of the History screen: each player's games and wins, and the
fastest hands of the group, one board per kind of slap time, never mixed: from
the card turn (full game), and the gap to the first slap (tracker). Dead heats
and ignored presses are left out of the times and counted; a player with fewer
than {FEW_SLAPS} timed slaps is marked "few", not ranked; bots are left out."""
EPILOG: Final = """exit status:
  0  printed (an empty history too), rebuilt, or exported
  2  bad arguments, or a history database that cannot be used: a damaged one
     is set aside (renamed, never deleted) and `companion history rebuild`
     makes it again from the journals"""

DB_HELP: Final = (
    "the history database (default: history.sqlite in $COMPANION_DATA_DIR, else "
    "$XDG_STATE_HOME/companion, else ~/.local/state/companion)"
)
GAMES_DIR_HELP: Final = (
    "where the games are journaled (default: $COMPANION_DATA_DIR/games, else "
    "$XDG_STATE_HOME/companion/games, else ~/.local/state/companion/games)"
)


# --- arguments -------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``companion history`` and its actions ``rebuild`` and ``export``."""
    parser.description = HISTORY_DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    _add_filters(parser)
    parser.add_argument(
        "--limit",
        type=positive(int, "a number of games (1 or more)"),
        default=DEFAULT_LIMIT,
        metavar="N",
        help=f"how many of the last games (default {DEFAULT_LIMIT})",
    )
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print the figures as JSON")
    shown.add_argument(
        "--csv", action="store_true", help="print the last games as CSV, one row per player"
    )
    _add_places(parser, default=None)
    actions = parser.add_subparsers(
        dest="history_action", metavar="[ACTION]", help="none: print the history"
    )
    rebuild = actions.add_parser(
        "rebuild",
        help="empty the database and record every finished game journaled in the games' "
        "folder (not the discarded ones)",
    )
    _add_places(rebuild, default=argparse.SUPPRESS)
    export = actions.add_parser(
        "export", help="write every recorded game to FILE.csv, one row per player"
    )
    export.add_argument("file", type=_csv_file, metavar="FILE.csv", help="the CSV file to write")
    _add_filters(export, default=argparse.SUPPRESS)
    _add_places(export, default=argparse.SUPPRESS, games_dir=False)
    plot = actions.add_parser(
        "plot", help="draw the fastest-hands board, as the History screen does, into FILE.png"
    )
    add_plot_arguments(plot)
    _add_places(plot, default=argparse.SUPPRESS, games_dir=False)
    parser.set_defaults(history_prog=parser.prog)
    rebuild.set_defaults(history_prog=rebuild.prog)
    export.set_defaults(history_prog=export.prog)
    plot.set_defaults(history_prog=plot.prog)


def add_stats_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``companion stats``."""
    parser.description = STATS_DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--game", type=_game, default=None, metavar="G", help=_GAME_HELP)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    _add_places(parser, default=None, games_dir=False)
    parser.set_defaults(history_prog=parser.prog)


_GAME_HELP: Final = (
    "only the games of G: apache, apocalypse or paris (both modes), or one mode such as "
    "apache_tracker"
)


def _add_filters(parser: argparse.ArgumentParser, default: object = None) -> None:
    parser.add_argument(
        "--player", default=default, metavar="NAME", help="only the games with player NAME"
    )
    parser.add_argument("--game", type=_game, default=default, metavar="G", help=_GAME_HELP)


def _add_places(
    parser: argparse.ArgumentParser, *, default: object, games_dir: bool = True
) -> None:
    """``--db`` and ``--games-dir``; an action's own default is ``SUPPRESS``, so that
    ``companion history --db F rebuild`` keeps the ``--db`` given before the action."""
    parser.add_argument("--db", type=_db_file, default=default, metavar="FILE", help=DB_HELP)
    if games_dir:
        parser.add_argument(
            "--games-dir", type=Path, default=default, metavar="DIR", help=GAMES_DIR_HELP
        )


def _game(text: str) -> str:
    try:
        games_of(text)
    except HistoryError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _db_file(text: str) -> Path:
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder; give the database file")
    return Path(text)


def _csv_file(text: str) -> Path:
    """``FILE.csv``: a name ending in ``.csv`` in a folder that exists, not a folder."""
    path = Path(text)
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name such as games.csv")
    if path.suffix.lower() != ".csv":
        raise argparse.ArgumentTypeError(
            f"{text!r} does not end in .csv; give a name such as games.csv"
        )
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text}: the folder {folder} does not exist; make it first, or write elsewhere"
        )
    return path


# --- the commands ----------------------------------------------------------------------------


def run(args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``companion history`` (and its actions); the exit codes are :data:`EPILOG`'s."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    action = getattr(args, "history_action", None)
    if action == "rebuild":
        return _rebuild(args, out, err)
    if action == "export":
        return _reading(args, err, lambda history, _: _export(history, args, out, err))
    if action == "plot":
        return _plot(args, out, err)
    return _reading(args, err, lambda history, path: _show(history, path, args, out, err))


def run_stats(
    args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """``companion stats``: the players' table and the fastest hands boards."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err

    def show(history: History, path: Path) -> int:
        if args.json:
            out.write(stats_json(history, path=path, game=args.game))
        else:
            out.write(stats_text(history, path=path, game=args.game))
        return EXIT_OK

    return _reading(args, err, show)


def _prog(args: argparse.Namespace) -> str:
    return str(getattr(args, "history_prog", "companion history"))


def _db(args: argparse.Namespace) -> Path:
    given = getattr(args, "db", None)
    return default_history_path() if given is None else Path(given)


def _games_dir(args: argparse.Namespace) -> Path:
    given = getattr(args, "games_dir", None)
    return default_games_dir() if given is None else Path(given)


def _reading(args: argparse.Namespace, err: TextIO, show: Callable[[History, Path], int]) -> int:
    """Open the database to read it and ``show`` it; a database not made yet is an empty
    history (reading makes no file), one that cannot be used an error (exit 2)."""
    prog, path = _prog(args), _db(args)
    if not path.exists() and getattr(args, "db", None) is not None:
        print(f"{prog}: error: {path} does not exist; give the history database (--db)", file=err)
        return EXIT_BAD
    opened = path if path.exists() else Path(MEMORY)
    try:
        with History.open(opened) as history:
            return show(history, path)
    except HistoryError as error:
        print(f"{prog}: error: {error}", file=err)
        return EXIT_BAD


def _show(history: History, path: Path, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    player, game = args.player, args.game
    if player is not None and player not in history.names():
        known = ", ".join(history.names()) or "none yet"
        print(
            f"{_prog(args)}: error: argument --player: no games with a player named "
            f"{player!r} (players: {known})",
            file=err,
        )
        return EXIT_BAD
    if args.json:
        out.write(history_json(history, path=path, limit=args.limit, game=game, player=player))
    elif args.csv:
        out.write(games_csv(history.last_games(args.limit, game=game, player=player)))
    else:
        out.write(history_text(history, path=path, limit=args.limit, game=game, player=player))
        if history.count() == 0:
            out.write(_empty_words(args))
    return EXIT_OK


def _empty_words(args: argparse.Namespace) -> str:
    journals = _games_dir(args)
    try:
        count = sum(1 for _ in journals.glob(f"*{SUFFIX}"))
    except OSError:
        count = 0
    if not count:
        return "No games recorded yet: each finished game is recorded when it ends.\n"
    return (
        f"No games recorded yet; {journals} holds {count} journal(s): "
        f"`companion history rebuild` records the finished ones.\n"
    )


def _export(history: History, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game, player = getattr(args, "game", None), getattr(args, "player", None)
    rows = history.last_games(history.count(), game=game, player=player)
    try:
        written = export_csv(rows, Path(args.file))
    except OSError as error:
        print(
            f"{_prog(args)}: error: argument FILE.csv: {args.file} cannot be written: "
            f"{error.strerror or error}; write it elsewhere",
            file=err,
        )
        return EXIT_BAD
    print(f"exported {written} game(s) to {args.file}", file=out)
    return EXIT_OK


def _plot(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The fastest-hands board of ``--kind`` into ``--out``."""
    prog, path = _prog(args), _db(args)
    if not path.exists():
        print(f"{prog}: error: {path} does not exist; give the history database (--db)", file=err)
        return EXIT_BAD
    try:
        save_plot(path, args.out, kind=args.kind, size=args.size)
    except (ConfigError, HistoryError) as error:
        print(f"{prog}: error: {error}", file=err)
        return EXIT_BAD
    print(f"wrote {args.out}", file=out)
    return EXIT_OK


def _rebuild(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Make the database again from the journals; a damaged one is set aside first."""
    prog, path, journals = _prog(args), _db(args), _games_dir(args)
    if getattr(args, "games_dir", None) is None and not journals.exists():
        print(f"no games yet: {journals} does not exist (the first game creates it)", file=out)
        return EXIT_OK
    try:
        history = History.open(path)
    except HistoryCorrupt as corrupt:
        print(f"{prog}: warning: {corrupt}", file=err)
        try:
            history = History.open(path)
        except HistoryError as error:
            print(f"{prog}: error: {error}", file=err)
            return EXIT_BAD
    except HistoryError as error:
        print(f"{prog}: error: {error}", file=err)
        return EXIT_BAD
    with history, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            recorded = history.rebuild(journals)
        except HistoryError as error:
            print(f"{prog}: error: {error}", file=err)
            return EXIT_BAD
    for warning in caught:
        print(f"{prog}: warning: {warning.message}", file=err)
    print(f"rebuilt {path}: {recorded} finished game(s) recorded from {journals}", file=out)
    return EXIT_OK
