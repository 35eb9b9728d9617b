"""The GPIO build's LEDs: status lit while the companion runs, window lit during a Pow-Wow."""

from __future__ import annotations

from pathlib import Path

from companion.input.events import Press
from companion.input.pinmap import load_profile
from companion.rules.apache.tracker import TRACKER
from companion.session import Session
from companion.ui.apache.tracker import TrackerScene
from companion.ui.apache.tracker_model import TrackerModel
from companion.ui.run import build_app
from companion.ui.scenes import PowwowSettings
from companion.ui.sources import open_input

QUIET = PowwowSettings(quiet_ns=20_000_000, settle_ns=5_000_000)


def lit(opened: object, name: str) -> bool:
    return bool(opened.device.leds[name].is_lit)  # type: ignore[attr-defined]


def test_status_while_running_and_window_while_a_pow_wow_is_open(tmp_path: Path) -> None:
    profile = load_profile("gpio-dsi")
    with open_input("sim", profile, lambda event: None) as opened:
        app = build_app(
            (480, 320), games_dir=tmp_path, opened=opened, profile=profile, powwow=QUIET
        )
        assert lit(opened, "status") and not lit(opened, "window")
        session = Session.start(
            TRACKER, {"colours": ["red", "yellow"]}, 1, tmp_path / "t.jsonl", auto_chance=False
        )
        model = TrackerModel(session, QUIET)
        scene = TrackerScene(app, model)
        model.press(Press("red.hunter", 1_000, "test", 0))
        scene.update(2_000)
        assert lit(opened, "window"), "a slap window is open"
        scene.update(1_000 + QUIET.quiet_ns + QUIET.settle_ns + 1)
        assert not lit(opened, "window"), "resolved: the window is closed"
        model.close()
        app.on_close()
        assert not lit(opened, "status")
