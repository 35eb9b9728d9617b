"""The ``companion`` command: argparse subcommands that return exit codes.

Each subcommand's module is imported only when it runs, so ``companion --help`` stays quick
and a missing optional library only affects the command that needs it.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence

from companion import __version__
from companion.errors import CompanionError

Handler = Callable[[argparse.Namespace], int]


def _add_screen_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size",
        default="800x480",
        metavar="WxH",
        help="window size in pixels (480x320 and 800x480 are the panels; default 800x480)",
    )
    parser.add_argument("--fullscreen", action="store_true", help="fill the whole screen")


def _seconds(text: str) -> float:
    """A duration for ``--seconds``: a finite number, zero or more."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value


def _add_input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile",
        default=None,
        help="pin map profile from wiring/profiles (default: gpio-dsi) or a path to a .toml",
    )
    parser.add_argument(
        "--source",
        choices=("sim", "gpio", "keyboard"),
        default="sim",
        help="sim: simulated GPIO pins pressed by the keyboard (default); gpio: the real pins "
        "through gpiozero; keyboard: keys straight to controls, no pins",
    )


def _doctor(args: argparse.Namespace) -> int:
    from companion.ui.doctor import doctor_command

    return doctor_command(args)


def _replay(args: argparse.Namespace) -> int:
    from companion.session import replay_command

    return replay_command(args)


def _games(args: argparse.Namespace) -> int:
    from companion.session import games_command

    return games_command(args)


def _bench_arbiter(args: argparse.Namespace) -> int:
    from companion.bench.arbiter import run

    return run(args)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="The table companion for Apache, Apocalypse and Les Apaches de Paris.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = commands.add_parser(
        "run", help="start the companion (the doctor screen until the game screens land)"
    )
    _add_screen_arguments(run)
    _add_input_arguments(run)
    run.add_argument("--seconds", type=_seconds, default=None, help="stop after this many seconds")
    run.set_defaults(handler=_doctor, text=False, snapshot=None)

    doctor = commands.add_parser(
        "doctor", help="check every control: factory, timestamps, presses, bounces, stuck"
    )
    _add_screen_arguments(doctor)
    _add_input_arguments(doctor)
    doctor.add_argument("--text", action="store_true", help="print to the terminal, no screen")
    doctor.add_argument(
        "--seconds", type=_seconds, default=None, help="stop after this many seconds"
    )
    doctor.add_argument(
        "--snapshot",
        metavar="FILE.png",
        default=None,
        help="render one frame with a sample of presses to FILE.png and exit",
    )
    doctor.set_defaults(handler=_doctor)

    from companion.session import add_games_arguments, add_replay_arguments

    replay = commands.add_parser("replay", help="rebuild a game from its log; print its state")
    add_replay_arguments(replay)
    replay.set_defaults(handler=_replay)

    games = commands.add_parser("games", help="list the unfinished games that can be resumed")
    add_games_arguments(games)
    games.set_defaults(handler=_games)

    bench = commands.add_parser("bench", help="measure performance")
    benches = bench.add_subparsers(dest="bench", metavar="BENCH", required=True)
    from companion.bench.arbiter import add_arguments as add_arbiter_arguments

    arbiter = benches.add_parser(
        "arbiter", help="slap ordering: arbiter against a callback-arrival baseline"
    )
    add_arbiter_arguments(arbiter)
    arbiter.set_defaults(handler=_bench_arbiter)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return handler(args)
    except CompanionError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
