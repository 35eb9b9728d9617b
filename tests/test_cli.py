"""The ``companion`` command as a user meets it."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
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
