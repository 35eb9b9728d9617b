"""The ``companion`` command: argparse subcommands that return exit codes.

Each subcommand's module is imported only when it runs, so ``companion --help`` stays quick
and a missing optional library only affects the command that needs it.
"""

from __future__ import annotations

import argparse
import math
import os
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
        help="pin map profile from wiring/profiles, or a path to a .toml (default: usb-box "
        "with --source box, else gpio-dsi)",
    )
    parser.add_argument(
        "--source",
        choices=("sim", "gpio", "box", "keyboard"),
        default="sim",
        help="sim: simulated GPIO pins pressed by the keyboard (default); gpio: the real pins "
        "through gpiozero; box: the USB button box (profile usb-box); keyboard: keys "
        "straight to controls, no pins",
    )


def _positive_seconds(text: str) -> float:
    """A duration for ``--quiet-time``: a finite number above zero."""
    value = _seconds(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return value


def _run(args: argparse.Namespace) -> int:
    from companion.ui.run import run_command

    return run_command(args)


def _screenshot(args: argparse.Namespace) -> int:
    from companion.ui.screenshot import screenshot_command

    return screenshot_command(args)


def _doctor(args: argparse.Namespace) -> int:
    from companion.ui.doctor.command import doctor_command

    return doctor_command(args)


def _replay(args: argparse.Namespace) -> int:
    from companion.session import replay_command

    return replay_command(args)


def _games(args: argparse.Namespace) -> int:
    from companion.session import games_command

    return games_command(args)


def _simulate(args: argparse.Namespace) -> int:
    from companion.tools.simulate import run as simulate

    return simulate(args)


def _wiring(args: argparse.Namespace) -> int:
    from companion.tools.wiring import run

    return run(check=args.check, root=args.root)


def _bench_serial(args: argparse.Namespace) -> int:
    from companion.tools.bench.serial import run

    return run(args)


def _bench_display(args: argparse.Namespace) -> int:
    from companion.tools.bench.display import run

    return run(args)


def _bench_arbiter(args: argparse.Namespace) -> int:
    from companion.tools.bench.arbiter import run

    return run(args)


def _add_wiring_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from companion.tools.wiring import add_arguments

    wiring = commands.add_parser(
        "wiring",
        help="write the wiring tables, diagrams and bill of materials from the pin map "
        "(--check: only say whether they are up to date)",
    )
    add_arguments(wiring)
    wiring.set_defaults(handler=_wiring)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="The table companion for Apache, Apocalypse and Les Apaches de Paris.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = commands.add_parser(
        "run", help="start the companion: the start menu (games, resume, doctor)"
    )
    _add_screen_arguments(run)
    _add_input_arguments(run)
    run.add_argument("--seconds", type=_seconds, default=None, help="stop after this many seconds")
    run.add_argument(
        "--quiet-time",
        type=_positive_seconds,
        default=None,
        metavar="S",
        help="Pow-Wow quiet time: a window closes this long after its last slap "
        "(ruling A9; default 1.2)",
    )
    run.add_argument(
        "--games-dir",
        default=None,
        metavar="DIR",
        help="where games are journaled (default: $COMPANION_DATA_DIR/games, else "
        "$XDG_STATE_HOME/companion/games, else ~/.local/state/companion/games)",
    )
    run.add_argument("--mute", action="store_true", help="start with the sound effects off")
    run.set_defaults(handler=_run)

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

    screenshot = commands.add_parser(
        "screenshot", help="render a screen headless from a sample state to a PNG"
    )
    from companion.ui.screenshot_args import add_arguments as add_screenshot_arguments

    add_screenshot_arguments(screenshot)
    screenshot.set_defaults(handler=_screenshot)

    from companion.session import add_games_arguments, add_replay_arguments

    replay = commands.add_parser("replay", help="rebuild a game from its log; print its state")
    add_replay_arguments(replay)
    replay.set_defaults(handler=_replay)

    games = commands.add_parser("games", help="list the unfinished games that can be resumed")
    add_games_arguments(games)
    games.set_defaults(handler=_games)

    from companion.tools.simulate import add_arguments as add_simulate_arguments

    simulate = commands.add_parser(
        "simulate", help="play many full games with bots, checking the rules after every action"
    )
    add_simulate_arguments(simulate)
    simulate.set_defaults(handler=_simulate)

    _add_wiring_command(commands)

    bench = commands.add_parser("bench", help="measure performance")
    benches = bench.add_subparsers(dest="bench", metavar="BENCH", required=True)
    from companion.tools.bench.arbiter import add_arguments as add_arbiter_arguments

    arbiter = benches.add_parser(
        "arbiter", help="slap ordering: arbiter against a callback-arrival baseline"
    )
    add_arbiter_arguments(arbiter)
    arbiter.set_defaults(handler=_bench_arbiter)

    from companion.tools.bench.serial import add_arguments as add_serial_arguments

    serial = benches.add_parser(
        "serial", help="button box link: frames parsed per second, write-to-Press latency"
    )
    add_serial_arguments(serial)
    serial.set_defaults(handler=_bench_serial)

    from companion.tools.bench.display import add_arguments as add_display_arguments

    display = benches.add_parser(
        "display",
        help="the screen: press-to-frame latency, idle CPU, first frame, peak memory",
    )
    add_display_arguments(display)
    display.set_defaults(handler=_bench_display)
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
    except BrokenPipeError:  # `companion replay LOG | head`: the reader has had enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
