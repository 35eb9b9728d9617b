"""The ``companion`` command: argparse subcommands that return exit codes.

Each subcommand's arguments are added, and its modules imported, only when that command is
chosen (to run it or to print its ``--help``): ``companion --help`` and ``companion replay``
stay quick, and a missing optional library only affects the command that needs it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion import __version__
from companion.errors import CompanionError

Handler = Callable[[argparse.Namespace], int]


def _add_screen_arguments(parser: argparse.ArgumentParser, *, from_settings: bool = False) -> None:
    """``--size`` and ``--fullscreen``; ``from_settings``: with no ``--size`` the settings'
    size is used (``companion run``)."""
    default = "the settings' size, else 800x480" if from_settings else "800x480"
    parser.add_argument(
        "--size",
        default=None if from_settings else "800x480",
        metavar="WxH",
        help=f"window size in pixels (480x320 and 800x480 are the panels; default {default})",
    )
    parser.add_argument("--fullscreen", action="store_true", help="fill the whole screen")


MOST_SECONDS = 604_800
"""The longest ``--seconds``: a week (a run that should not stop takes no ``--seconds``)."""


def _number_in(text: str, low: float, high: float) -> float | None:
    """``text`` as a number from ``low`` to ``high``, else None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and low <= value <= high else None


def _seconds(text: str) -> float:
    """A duration for ``--seconds``: from 0 to :data:`MOST_SECONDS`."""
    value = _number_in(text, 0, MOST_SECONDS)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a number of seconds from 0 to {MOST_SECONDS} (a week); "
            "leave --seconds out to run until quit"
        )
    return value


def _shown(text: str) -> str:
    """``text`` quoted for a message, shortened when long (the length said)."""
    if len(text) <= 80:
        return repr(text)
    return f"{text[:40]!r}... ({len(text)} characters)"


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


def _quiet_time(text: str) -> float:
    """``--quiet-time``: within the settings' range (ruling A9)."""
    from companion.settings import QUIET_RANGE_S

    low, high = QUIET_RANGE_S
    value = _number_in(text, low, high)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a quiet time the settings allow: a number from {low} to "
            f"{high} seconds (ruling A9)"
        )
    return value


def _games_dir(text: str) -> str:
    """``--games-dir``: a folder, or a name where one can be made (checked now, so a name
    the system refuses is one line here, not an error at the first game)."""
    try:
        os.stat(text)
    except FileNotFoundError:
        return text
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{_shown(text)}: {exc.strerror}") from None
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is not a folder; give the games' folder")
    return text


def _add_run_arguments(run: argparse.ArgumentParser) -> None:
    _add_screen_arguments(run, from_settings=True)
    _add_input_arguments(run)
    run.add_argument("--seconds", type=_seconds, default=None, help="stop after this many seconds")
    run.add_argument(
        "--quiet-time",
        type=_quiet_time,
        default=None,
        metavar="S",
        help="Pow-Wow quiet time: a window closes this long after its last slap, 0.3 to 5 "
        "(ruling A9; default: the settings', 1.2)",
    )
    run.add_argument(
        "--games-dir",
        type=_games_dir,
        default=None,
        metavar="DIR",
        help="where games are journaled (default: $COMPANION_DATA_DIR/games, else "
        "$XDG_STATE_HOME/companion/games, else ~/.local/state/companion/games)",
    )
    run.add_argument("--mute", action="store_true", help="start with the sound effects off")
    from companion.i18n import LANGUAGES

    run.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        default=None,
        help="the screens' language: "
        + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        + " (default: the settings', else the system locale's, else English)",
    )


def _add_doctor_arguments(doctor: argparse.ArgumentParser) -> None:
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


# --- each command's arguments and its run, imported when the command is chosen --------------


def _screenshot_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.ui.screenshot_args import add_arguments

    add_arguments(parser)


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.replay import add_arguments

    add_arguments(parser)


def _games_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.session import add_games_arguments

    add_games_arguments(parser)


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.simulate import add_arguments

    add_arguments(parser)


def _history_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.history import add_arguments

    add_arguments(parser)


def _stats_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.history import add_stats_arguments

    add_stats_arguments(parser)


def _players_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.players import add_arguments

    add_arguments(parser)


def _wiring_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.wiring import add_arguments

    add_arguments(parser)


def _arbiter_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.bench.arbiter import add_arguments

    add_arguments(parser)


def _serial_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.bench.serial import add_arguments

    add_arguments(parser)


def _display_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.bench.display import add_arguments

    add_arguments(parser)


def _bench_history_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.tools.bench.history import add_arguments

    add_arguments(parser)


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
    from companion.tools.replay import run

    return run(args)


def _games(args: argparse.Namespace) -> int:
    from companion.session import games_command

    return games_command(args)


def _simulate(args: argparse.Namespace) -> int:
    from companion.tools.simulate import run as simulate

    return simulate(args)


def _history(args: argparse.Namespace) -> int:
    from companion.tools.history import run

    return run(args)


def _stats(args: argparse.Namespace) -> int:
    from companion.tools.history import run_stats

    return run_stats(args)


def _players(args: argparse.Namespace) -> int:
    from companion.tools.players import run

    return run(args)


def _wiring(args: argparse.Namespace) -> int:
    from companion.tools.wiring import run

    return run(check=args.check, root=args.root)


def _bench_serial(args: argparse.Namespace) -> int:
    from companion.tools.bench.serial import run

    return run(args)


def _bench_display(args: argparse.Namespace) -> int:
    from companion.tools.bench.display import run

    return run(args)


def _bench_history(args: argparse.Namespace) -> int:
    from companion.tools.bench.history import run

    return run(args)


def _bench_arbiter(args: argparse.Namespace) -> int:
    from companion.tools.bench.arbiter import run

    return run(args)


# --- commands whose arguments load only when needed ------------------------------------------

AddArguments = Callable[[argparse.ArgumentParser], None]


class _CommandParser(argparse.ArgumentParser):
    """A command's parser whose arguments are added the first time the command is chosen
    (to run it or to print its ``--help``): adding them imports the command's modules, so
    ``companion replay`` never imports the bench, the wiring or the screens."""

    add_arguments: AddArguments | None = None

    def complete(self) -> None:
        """Add the command's arguments, once."""
        add, self.add_arguments = self.add_arguments, None
        if add is not None:
            add(self)


if TYPE_CHECKING:
    _SubParsers = argparse._SubParsersAction[_CommandParser]
else:  # argparse's class is generic only in its type stubs
    _SubParsers = argparse._SubParsersAction


class _Commands(_SubParsers):
    """The subcommands: the chosen one gets its arguments before it parses the rest."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if isinstance(values, list | tuple) and values:
            chosen = self._name_parser_map.get(values[0])
            if chosen is not None:
                chosen.complete()
        super().__call__(parser, namespace, values, option_string)


def _commands(
    parser: argparse.ArgumentParser, *, dest: str, metavar: str, required: bool = False
) -> _Commands:
    commands = parser.add_subparsers(
        dest=dest, metavar=metavar, required=required, parser_class=_CommandParser, action=_Commands
    )
    assert isinstance(commands, _Commands)
    return commands


def _command(
    commands: _Commands,
    name: str,
    help: str,
    add_arguments: AddArguments | None,
    handler: Handler | None,
    *,
    eager: bool,
) -> _CommandParser:
    """Add command ``name``; its arguments come with ``add_arguments`` when it is chosen
    (``eager``: at once, for a test comparing the two)."""
    parser = commands.add_parser(name, help=help)
    parser.add_arguments = add_arguments
    if handler is not None:
        parser.set_defaults(handler=handler)
    if eager:
        parser.complete()
    return parser


def _build_parser(*, eager: bool = False) -> argparse.ArgumentParser:
    """The ``companion`` parser. A command's arguments are added only when it is chosen,
    unless ``eager`` (every command complete: the same help, for the tests)."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="The table companion for Apache, Apocalypse and Les Apaches de Paris.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    commands = _commands(parser, dest="command", metavar="COMMAND")
    _command(
        commands,
        "run",
        "start the companion: the start menu (games, resume, doctor)",
        _add_run_arguments,
        _run,
        eager=eager,
    )
    _command(
        commands,
        "doctor",
        "check every control: factory, timestamps, presses, bounces, stuck",
        _add_doctor_arguments,
        _doctor,
        eager=eager,
    )
    _command(
        commands,
        "screenshot",
        "render a screen headless from a sample state to a PNG",
        _screenshot_arguments,
        _screenshot,
        eager=eager,
    )
    _command(
        commands,
        "replay",
        "replay a game's journal as a referee: players, score, outcome, history",
        _replay_arguments,
        _replay,
        eager=eager,
    )
    _command(
        commands,
        "games",
        "list the unfinished games that can be resumed",
        _games_arguments,
        _games,
        eager=eager,
    )
    _command(
        commands,
        "simulate",
        "play many full games with bots, checking the rules after every action",
        _simulate_arguments,
        _simulate,
        eager=eager,
    )
    _command(
        commands,
        "history",
        "the group's history: the last games and each player's games and wins "
        "(rebuild: from the journals; export: to CSV)",
        _history_arguments,
        _history,
        eager=eager,
    )
    _command(
        commands,
        "stats",
        "the players' figures and the fastest hands of the group, as the History screen",
        _stats_arguments,
        _stats,
        eager=eager,
    )
    _command(
        commands,
        "players",
        "the group's players, whom the setup screens seat: list, add, rename, retire, "
        "unretire, delete",
        _players_arguments,
        _players,
        eager=eager,
    )
    _command(
        commands,
        "wiring",
        "write the wiring tables, diagrams and bill of materials from the pin map "
        "(--check: only say whether they are up to date)",
        _wiring_arguments,
        _wiring,
        eager=eager,
    )
    _command(
        commands,
        "bench",
        "measure performance",
        lambda bench: _add_benches(bench, eager=eager),
        None,
        eager=eager,
    )
    return parser


def _add_benches(bench: argparse.ArgumentParser, *, eager: bool) -> None:
    benches = _commands(bench, dest="bench", metavar="BENCH", required=True)
    _command(
        benches,
        "arbiter",
        "slap ordering: arbiter against a callback-arrival baseline",
        _arbiter_arguments,
        _bench_arbiter,
        eager=eager,
    )
    _command(
        benches,
        "serial",
        "button box link: frames parsed per second, write-to-Press latency",
        _serial_arguments,
        _bench_serial,
        eager=eager,
    )
    _command(
        benches,
        "display",
        "the screen: press-to-frame latency, idle CPU, first frame, peak memory",
        _display_arguments,
        _bench_display,
        eager=eager,
    )
    _command(
        benches,
        "history",
        "the history: the History screen's opening, recording a game, the database's size",
        _bench_history_arguments,
        _bench_history,
        eager=eager,
    )


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
