"""``companion doctor`` (companion/ui/doctor/command.py) and the sources it opens
(companion/ui/sources.py): the text mode, the box source, bad arguments."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import ConfigError
from companion.input.pinmap import load_profile
from companion.ui.app import Inbox, parse_size
from companion.ui.doctor.command import describe_setup, doctor_model, run_text
from companion.ui.sources import open_input


def test_text_mode_taps_typed_controls_through_simulated_pins() -> None:
    profile = load_profile("gpio-dsi")
    inbox = Inbox()
    out = io.StringIO()
    with open_input("sim", profile, inbox.put) as opened:
        run_text(
            profile,
            opened,
            inbox,
            until_ns=time.monotonic_ns() + 10_000_000_000,
            out=out,
            lines=io.StringIO("red.hunter\nnot.a.control\nnav.select\n"),
            stop_after=2,
        )
    text = out.getvalue()
    assert "pin factory mock" in text
    assert "'not.a.control'" in text
    press_lines = [line for line in text.splitlines() if " t=" in line]
    assert [line.split()[0] for line in press_lines] == ["red.hunter", "nav.select"]


def test_parse_size_names_the_bad_value() -> None:
    assert parse_size("480x320") == (480, 320)
    with pytest.raises(ValueError, match="'big'"):
        parse_size("big")


def test_doctor_command_rejects_a_bad_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--size", "huge", "--snapshot", os.devnull]) == 2
    assert "--size 'huge'" in capsys.readouterr().err


def test_the_box_source_without_a_box_says_it_is_looking() -> None:
    profile = load_profile("usb-box")
    inbox = Inbox()
    with open_input("box", profile, inbox.put) as opened:
        assert opened.report.source == "box"
        assert any("button box" in warning for warning in opened.warnings)
        model = doctor_model(profile, opened.report, 0)
    assert "box's own clock" in model.report.describe()
    assert len(model.controls) == 24


def test_a_box_profile_on_simulated_pins_points_to_the_box_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["doctor", "--text", "--source", "sim", "--profile", "usb-box", "--seconds", "0"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "is a 'box' profile" in err and "--source box" in err
    assert "not built yet" not in err


def test_the_box_has_no_pin_factory_to_name() -> None:
    profile = load_profile("usb-box")
    with open_input("box", profile, Inbox().put) as opened:
        assert opened.report.factory == "-"
        text = describe_setup(doctor_model(profile, opened.report, 0))
    assert text.splitlines()[0] == "profile usb-box; source box"


def test_a_snapshot_never_creates_a_folder(tmp_path: Path) -> None:
    from companion.ui.doctor.command import save_snapshot

    with pytest.raises(ConfigError, match=r"--snapshot .*: the folder .*/missing does not exist"):
        save_snapshot(load_profile("gpio-dsi"), (480, 320), tmp_path / "missing" / "x.png")
    with pytest.raises(ConfigError, match=r"a folder; give a file name ending in \.png"):
        save_snapshot(load_profile("gpio-dsi"), (480, 320), tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_parse_size_bounds_the_size_with_the_range() -> None:
    with pytest.raises(ConfigError, match=r"out of range; from 480x320 .* to 3840x2160"):
        parse_size("30000x30000")
    assert parse_size("3840x2160") == (3840, 2160)
