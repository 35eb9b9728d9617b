"""Every file-reading entry point fed random and structured garbage: a settings file, a pin
map, the button box's serial line (and, in tests/test_session.py, a journal). Each must
answer with one clear error or warning and never a traceback, in bounded time (hypothesis'
deadline) and memory (every reader bounds what it reads).
"""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import ConfigError
from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.controls import ALL_CONTROLS
from companion.input.events import InputEvent, Press, Stuck, Unstuck
from companion.input.pinmap import load_profile
from companion.settings import Settings, load_settings

FUZZ = settings(
    max_examples=150,
    derandomize=True,  # the same examples on every run: CI never fails by chance
    deadline=2000,  # ms per example: a reader that hangs or loops fails here
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=20,
)
SETTINGS_KEYS = st.sampled_from(["sound", "quiet_time_s", "tie_window_us", "size", "profile"])
TOML_PIECES = st.sampled_from(
    [
        "schema = 1\n",
        'kind = "box"\n',
        'kind = "gpio"\n',
        'name = "x"\n',
        "[controls]\n",
        '"red.chief" = 5\n',
        '"red.chief" = 99\n',
        "[leds]\n",
        "chain_pin = 22\n",
        "[leds.chain]\n",
        '"nav.select" = -1\n',
        "[reserved]\n",
        "2 = 'x'\n",
        "a = [[[[1]]]]\n",
        "= = =\n",
        '"\\u0000" = 1\n',
    ]
)


def _one_clear_line(problem: str) -> None:
    assert problem and "\n" not in problem and "Traceback" not in problem, problem


@FUZZ
@given(content=st.binary(max_size=2000))
def test_a_settings_file_of_random_bytes(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings_read, problem = load_settings(path)
    if problem is None:
        assert isinstance(settings_read, Settings)
    else:
        assert settings_read == Settings()
        _one_clear_line(problem)


@FUZZ
@given(data=st.dictionaries(SETTINGS_KEYS | st.text(max_size=8), JSON_VALUES, max_size=6))
def test_a_settings_file_of_odd_json(tmp_path: Path, data: dict[str, object]) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _settings, problem = load_settings(path)
    if problem is not None:
        _one_clear_line(problem)


@FUZZ
@given(content=st.binary(max_size=2000))
def test_a_pin_map_of_random_bytes(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(content)
    _load_or_clear_error(path)


@FUZZ
@given(pieces=st.lists(TOML_PIECES, max_size=12), junk=st.text(string.printable, max_size=40))
def test_a_pin_map_of_shuffled_pieces(tmp_path: Path, pieces: list[str], junk: str) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text("".join(pieces) + junk, encoding="utf-8")
    _load_or_clear_error(path)


def _load_or_clear_error(path: Path) -> None:
    try:
        load_profile(path)
    except ConfigError as error:
        message = str(error)
        assert message.startswith(f"{path}: ") and "Traceback" not in message
        assert len(message) < 20_000, "errors quote excerpts, not whole lines"


def _link() -> tuple[BoxLink, list[InputEvent]]:
    out: list[InputEvent] = []
    link = BoxLink(out.append, serial="S1", clock_factory=lambda: ClockMap(lock_samples=1))
    hello = proto.Hello(1, "0.1.0", "3f9a2c1e", "E661", "2220C526", ALL_CONTROLS)
    link.feed(proto.hello(hello), 0)
    link.ping(1000)
    link.feed(proto.pong("3f9a2c1e", next(iter(link._pings)), 1000), 1000)
    return link, out


FRAMES = st.sampled_from(
    [
        proto.event(proto.Event("3f9a2c1e", 0, "P", 3, 5000)),
        proto.event(proto.Event("3f9a2c1e", 10**9, "P", 3, 5000)),
        proto.heartbeat(proto.Heartbeat("3f9a2c1e", 20, 70, 6, 5, 0, 0)),
        b"@EV 3f9a2c1e 1 P 99 1 00000000\n",
        b"@HELLO 1 0.1.0 x E661 2220C526 a,b 00000000\n",
        b"MicroPython v1.27.0\r\n>>> ",
        b"\x00" * 300,
        b"@" + b"9" * 5000 + b"\n",
    ]
)


@FUZZ
@given(chunks=st.lists(st.binary(max_size=200) | FRAMES, max_size=30))
def test_the_serial_line_of_random_bytes_and_frames(chunks: list[bytes]) -> None:
    link, out = _link()
    for k, chunk in enumerate(chunks):
        link.feed(chunk, 2000 + k)
    assert all(isinstance(item, Press | Stuck | Unstuck) for item in out)
    assert all("\n" not in warning for warning in link.warnings)


@pytest.mark.parametrize("depth", [100, 3000, 100_000])
def test_deep_nesting_is_one_clear_error_everywhere(tmp_path: Path, depth: int) -> None:
    settings_file = tmp_path / "settings.json"
    settings_file.write_text("[" * depth, encoding="utf-8")
    _settings, problem = load_settings(settings_file)
    assert problem is not None
    _one_clear_line(problem)
    pin_map = tmp_path / "deep.toml"
    pin_map.write_text("x = " + "[" * depth, encoding="utf-8")
    _load_or_clear_error(pin_map)
