"""The ``companion`` command as a user meets it."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import _build_parser, main
from companion.session import Session
from tests.rules.toygame import TOY, scripted_action


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    listed = {line.split()[0] for line in out.splitlines() if re.match(r"    \w", line)}
    assert listed == {
        "run",
        "doctor",
        "screenshot",
        "replay",
        "games",
        "simulate",
        "wiring",
        "bench",
        "history",
        "stats",
        "players",
    }


def test_python_dash_m_runs_the_same_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--version"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("companion ")


def test_an_unknown_profile_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--text", "--profile", "gpio-hdmi", "--seconds", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: error:")
    assert "gpio-hdmi" in err and "gpio-dsi" in err


def _toy_game(directory: Path, moves: int) -> Path:
    ticks = itertools.count()
    path = directory / f"toy-{moves}.jsonl"
    setup = TOY.validate_setup({})
    with Session.start(TOY, setup, 5, path, clock=lambda: 1.7e9 + next(ticks)) as session:
        for k in range(moves):
            if session.is_over:
                break
            session.apply(scripted_action(TOY, session.state, k))
    return path


def test_games_lists_only_unfinished_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = _toy_game(tmp_path, 2)
    finished = _toy_game(tmp_path, 10_000)
    assert Session.load(finished).is_over
    assert main(["games", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert unfinished.name in out
    assert finished.name not in out


def test_games_in_an_empty_directory_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games", "--dir", str(tmp_path)]) == 0
    assert "no unfinished games" in capsys.readouterr().out


def test_a_reader_that_stops_early_is_no_error(tmp_path: Path) -> None:
    """``companion replay LOG | head -1``: exit 141 quietly, no traceback. The reader here
    has gone before the first write (its end of the pipe is closed)."""
    text = (Path(__file__).parents[1] / "companion" / "JOURNAL.md").read_text()
    header = '{"type":"header","format":1,"game":"apocalypse_tracker"'
    journal = tmp_path / "a.jsonl"
    journal.write_text(header + text.split("```jsonl\n" + header)[1].split("```")[0])
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "companion", "replay", str(journal)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 141
    assert b"Traceback" not in done.stderr


# --- each command's arguments and modules load only when it is chosen ------------------------

COMMAND_PATHS = [
    [],
    ["run"],
    ["doctor"],
    ["screenshot"],
    ["replay"],
    ["games"],
    ["simulate"],
    ["wiring"],
    ["bench"],
    ["bench", "arbiter"],
    ["bench", "serial"],
    ["bench", "display"],
    ["bench", "history"],
    ["history"],
    ["history", "rebuild"],
    ["history", "export"],
    ["history", "plot"],
    ["stats"],
    ["players"],
    ["players", "delete"],
]
OTHER_COMMANDS = (
    "companion.tools.bench",
    "companion.tools.wiring",
    "companion.tools.simulate",
    "companion.ui",
    "companion.input",
    "companion.powwow",
    "companion.bots",
    "pygame",
)


@pytest.mark.parametrize("path", COMMAND_PATHS, ids=lambda path: " ".join(path) or "companion")
def test_each_help_is_the_same_whether_its_arguments_load_late_or_at_once(
    path: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    helps = []
    for eager in (False, True):
        with pytest.raises(SystemExit) as exit_info:
            _build_parser(eager=eager).parse_args([*path, "--help"])
        assert exit_info.value.code == 0
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1]
    assert helps[0].startswith(f"usage: {' '.join(['companion', *path])} ")
    if path in (["run"], ["replay"], ["bench", "serial"]):
        assert "--" in helps[0].split("options:")[1].replace("--help", ""), "its own options"


def _modules_after(args: list[str]) -> tuple[str, set[str]]:
    """Run ``companion ARGS`` in a fresh interpreter: its exit code and the modules it
    imported."""
    script = (
        "import contextlib, io, sys\n"
        "from companion.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        code = main(sys.argv[1:])\n"
        "    except SystemExit as done:\n"
        "        code = done.code\n"
        "print(code, *sorted(sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, check=True
    )
    code, *modules = done.stdout.split()
    return code, set(modules)


def test_replay_imports_only_the_journals_game_and_the_replay_tool(tmp_path: Path) -> None:
    from tests.tools.replay.helpers import example

    code, modules = _modules_after(["replay", str(example("apache_tracker", tmp_path))])
    assert code == "0"
    assert {m for m in modules if m.startswith(OTHER_COMMANDS)} == set()
    assert {"companion.tools.replay.apache", "companion.rules.apache.tracker"} <= modules
    others = (
        "companion.rules.apocalypse",
        "companion.rules.paris",
        "companion.tools.replay.apocalypse",
        "companion.tools.replay.paris",
    )
    assert {m for m in modules if m.startswith(others)} == set()


def test_the_commands_list_imports_no_command(tmp_path: Path) -> None:
    code, modules = _modules_after(["--help"])
    assert code == "0"
    commands = ("companion.session", "companion.tools.", "companion.rules.", *OTHER_COMMANDS)
    assert {m for m in modules if m.startswith(commands)} == set()


# --- options checked against the settings' ranges, one line for a bad one --------------------

LONG_NAME = "g" * 5000


def _parse_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``companion ARGV`` says when argparse refuses an option: its exit code is 2,
    and the error is one line (after the usage)."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    (error,) = [line for line in err.splitlines() if "error:" in line]
    return error


@pytest.mark.parametrize("value", ["1e308", "1e-300", "0.29", "5.01", "inf", "nan"])
def test_run_refuses_a_quiet_time_outside_the_settings_range(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["run", "--quiet-time", value, "--seconds", "0", "--games-dir", str(tmp_path)]
    error = _parse_error(argv, capsys)
    assert f"argument --quiet-time: {value!r}" in error
    assert "from 0.3 to 5.0 seconds (ruling A9)" in error


@pytest.mark.parametrize("value", ["0.3", "1.2", "5"])
def test_run_takes_a_quiet_time_inside_the_settings_range(value: str) -> None:
    args = _build_parser().parse_args(["run", "--quiet-time", value])
    assert args.quiet_time == float(value)


@pytest.mark.parametrize("value", ["1e308", "-1", "soon"])
def test_run_and_doctor_refuse_seconds_out_of_range(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("run", "doctor"):
        error = _parse_error([command, "--seconds", value], capsys)
        assert f"argument --seconds: {value!r}" in error and "from 0 to 604800" in error


def test_run_refuses_a_games_folder_name_too_long(capsys: pytest.CaptureFixture[str]) -> None:
    error = _parse_error(["run", "--games-dir", LONG_NAME, "--seconds", "0"], capsys)
    assert "argument --games-dir: " in error and "File name too long" in error
    assert len(error) < 300, "the name is shortened"


def test_run_refuses_a_games_folder_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("")
    argv = ["run", "--games-dir", str(tmp_path / "file"), "--seconds", "0"]
    error = _parse_error(argv, capsys)
    assert f"argument --games-dir: {tmp_path / 'file'} is not a folder" in error


@pytest.mark.parametrize("command", [["games", "--dir"], ["replay"]])
def test_a_file_name_too_long_is_one_line(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, LONG_NAME]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    (line,) = err.splitlines()
    assert "File name too long" in line


# --- companion games --discard ----------------------------------------------------------------


def test_games_discard_refuses_without_yes_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _toy_game(tmp_path, 2)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    assert main(["games", "--dir", str(tmp_path), "--discard", game.name]) == 1
    err = capsys.readouterr().err
    assert f"discard {game.name}" in err and "--yes" in err
    assert game.exists(), "nothing moved"


def test_games_discard_with_yes_moves_the_journal_aside_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _toy_game(tmp_path, 2)
    kept = game.read_bytes()
    assert main(["games", "--dir", str(tmp_path), "--discard", str(game), "--yes"]) == 0
    out = capsys.readouterr().out
    aside = tmp_path / "discarded" / game.name
    assert f"moved to {aside}" in out
    assert aside.read_bytes() == kept and not game.exists()
    assert main(["games", "--dir", str(tmp_path)]) == 0
    assert "no unfinished games" in capsys.readouterr().out


def test_games_discard_asks_at_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _toy_game(tmp_path, 2)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    answers = iter(["n", "yes"])
    questions: list[str] = []

    def answer(question: str) -> str:
        questions.append(question)
        return next(answers)

    monkeypatch.setattr("builtins.input", answer)
    assert main(["games", "--dir", str(tmp_path), "--discard", game.name]) == 1
    assert game.exists() and "P1" in questions[0] and questions[0].endswith("[y/N] ")
    assert main(["games", "--dir", str(tmp_path), "--discard", game.name]) == 0
    assert (tmp_path / "discarded" / game.name).exists()
    capsys.readouterr()


def test_games_discard_of_no_such_game_names_the_ones_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _toy_game(tmp_path, 2)
    finished = _toy_game(tmp_path, 10_000)
    assert main(["games", "--dir", str(tmp_path), "--discard", "nope.jsonl", "--yes"]) == 2
    err = capsys.readouterr().err
    assert "--discard nope.jsonl" in err and game.name in err
    assert main(["games", "--dir", str(tmp_path), "--discard", finished.name, "--yes"]) == 2
    assert finished.exists(), "a finished game is no unfinished game to discard"
    capsys.readouterr()
