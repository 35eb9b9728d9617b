"""The firmware checked by MicroPython's own tools, not only by CPython with fakes:

- ``mpy-cross`` (v1.27, for the Pico's armv6m) compiles every firmware file: a syntax
  MicroPython does not accept fails here.
- mypy checks firmware/ against the Pico's stubs (micropython-rp2-rpi-pico-stubs), in a
  run of its own (tests/firmware/mpy/mypy.ini), apart from the project's mypy run.
- The official MicroPython WebAssembly build (npm, pinned in
  tests/firmware/mpy/package-lock.json, installed into .cache/micropython-wasm/) runs
  ``box_hw.play()`` under node on a simulated sampler, DMA and host
  (tests/firmware/mpy/scenario.py), and CPython runs the same scenario: both must send
  the same frames, and the host's BoxLink must take the right events from them.

Needs node and npm (``make test`` installs the WebAssembly build; so does this module when
the cache is missing). Without node the tests fail saying what to install: never skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

import pytest

from companion.input.box import protocol as proto
from companion.input.box.clock import ClockMap
from companion.input.box.link import BoxLink
from companion.input.events import InputEvent, Press, Stuck, Unstuck
from tests.firmware.firmware import FAKES, FIRMWARE, ROOT, load

MPY = Path(__file__).resolve().parent / "mpy"
WASM_CACHE = ROOT / ".cache" / "micropython-wasm"
WASM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
WASM_STAMP = WASM_CACHE / ".installed"
MICROPYTHON_VERSION = "1.27"
STUBS = "micropython-rp2-rpi-pico-stubs"
STDLIB_STUBS = "micropython-stdlib-stubs"
BOOT = "0badf00d"
MS = 1_000_000
COUNTER_WRAP_US = 274_877_906
NODE_MISSING = (
    "node and npm are needed to run the firmware under MicroPython (WebAssembly): "
    "install them (Debian/Ubuntu: apt-get install nodejs npm), then run make test"
)


# -- tools ---------------------------------------------------------------------------------


def node_and_npm() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.fail(NODE_MISSING)
    return node, npm


def pinned_wasm_version() -> str:
    lock = json.loads((MPY / "package-lock.json").read_text(encoding="utf-8"))
    version: str = lock["packages"][f"node_modules/{WASM_PACKAGE}"]["version"]
    return version


def installed_wasm_version(cache: Path) -> str | None:
    package = cache / "node_modules" / WASM_PACKAGE / "package.json"
    if not package.exists():
        return None
    version: str = json.loads(package.read_text(encoding="utf-8"))["version"]
    return version


def install_wasm(npm: str, cache: Path = WASM_CACHE) -> Path:
    """The pinned MicroPython WebAssembly build in ``cache``, installed by ``npm ci`` from
    tests/firmware/mpy/package-lock.json (which checks its integrity) if it is not there:
    the same steps as the Makefile's ``.cache/micropython-wasm/.installed`` target."""
    module = cache / "node_modules" / WASM_PACKAGE / "micropython.mjs"
    stamp = cache / ".installed"
    if stamp.exists() and installed_wasm_version(cache) == pinned_wasm_version():
        return module
    staging = cache.with_name(f"{cache.name}.{os.getpid()}")  # pytest -n: one each
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(MPY / name, staging / name)
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"],
        cwd=staging,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        pytest.fail(f"npm ci of {WASM_PACKAGE} failed in {staging}:\n{done.stderr}")
    (staging / ".installed").touch()
    if not (stamp.exists() and installed_wasm_version(cache) == pinned_wasm_version()):
        shutil.rmtree(cache, ignore_errors=True)
        with contextlib.suppress(OSError):  # another pytest worker got there first
            staging.rename(cache)
    shutil.rmtree(staging, ignore_errors=True)
    return module


def scenario_result(stdout: str) -> dict[str, Any]:
    lines = [line for line in stdout.splitlines() if line.startswith("RESULT ")]
    assert len(lines) == 1, stdout[-2000:]
    result: dict[str, Any] = json.loads(lines[0].removeprefix("RESULT "))
    return result


def run_scenario(python: str, command: list[str]) -> dict[str, Any]:
    """The scenario's result, run by ``command`` (``python`` names it in a failure)."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, f"{python} failed:\n{done.stderr}"
    return scenario_result(done.stdout)


@pytest.fixture(scope="module")
def micropython_run() -> dict[str, Any]:
    node, npm = node_and_npm()
    module = install_wasm(npm)
    runner = MPY / "run_micropython.mjs"
    return run_scenario(
        "MicroPython",
        [node, str(runner), str(module), "scenario", str(FIRMWARE), str(FAKES), str(MPY)],
    )


@pytest.fixture(scope="module")
def cpython_run() -> dict[str, Any]:
    paths = [str(FIRMWARE), str(FAKES), str(MPY)]
    code = f"import sys; sys.path[:0] = {paths!r}; import scenario; scenario.main()"
    return run_scenario("CPython", [sys.executable, "-I", "-c", code])


def frame_bodies(result: dict[str, Any]) -> list[tuple[int, proto.Message]]:
    out = []
    for t, text in result["frames"]:
        body = proto.decode(text.encode().rstrip(b"\n"))
        assert body is not None, text
        message = proto.parse_body(body)
        assert message is not None, text
        out.append((t, message))
    return out


def events_by_seq(result: dict[str, Any]) -> dict[int, tuple[str, int, int]]:
    """Every event the box sent, once per sequence number, in box time since boot."""
    found: dict[int, tuple[str, int, int]] = {}
    for _, message in frame_bodies(result):
        if isinstance(message, proto.Event):
            event = (message.kind, message.input, message.t_ns)
            assert found.setdefault(message.seq, event) == event, "a re-send differs"
    return found


def comparable(frame: str) -> str:
    """The frame, but a HELLO without its firmware field (which names the Python that
    runs it, ``0.1.0+mpy1.27.0``) and so without its CRC (checked by frame_bodies)."""
    if not frame.startswith("@HELLO "):
        return frame
    fields = frame.split(" ")[:-1]
    fields[2] = "0.1.0+mpy*"
    return " ".join(fields)


# -- mpy-cross -----------------------------------------------------------------------------


def test_mpy_cross_is_the_pinned_micropython_release() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"MicroPython v{MICROPYTHON_VERSION}." in done.stdout, done.stdout


@pytest.mark.parametrize("name", sorted(p.name for p in FIRMWARE.glob("*.py")))
def test_every_firmware_file_compiles_with_mpy_cross_for_the_pico(
    name: str, tmp_path: Path
) -> None:
    out = tmp_path / name.replace(".py", ".mpy")
    done = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), name],
        cwd=FIRMWARE,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"mpy-cross refuses firmware/{name}:\n{done.stderr}"
    assert out.read_bytes()[:2] == b"M\x06", "not a .mpy of version 6 (MicroPython 1.2x)"


def test_a_syntax_micropython_lacks_is_refused_by_mpy_cross(tmp_path: Path) -> None:
    """The check can fail: ``except*`` is Python 3.11, not MicroPython."""
    source = tmp_path / "bad.py"
    source.write_text("try:\n    pass\nexcept* ValueError:\n    pass\n", encoding="utf-8")
    compile(source.read_text(encoding="utf-8"), str(source), "exec")  # CPython takes it
    done = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-march=armv6m", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0 and "SyntaxError" in done.stderr


# -- mypy against the Pico's stubs ---------------------------------------------------------


def _distribution_files(name: str) -> list[tuple[str, Path]]:
    try:
        files = distribution(name).files or []
    except PackageNotFoundError:
        pytest.fail(f"{name} is not installed: run make test (pyproject.toml, dev extras)")
    return [(str(f), Path(str(f.locate()))) for f in files if str(f).endswith(".pyi")]


def stub_tree(target: Path) -> tuple[Path, list[str]]:
    """Links the Pico's stubs (and the stdlib stubs' ``_mpy_shed`` they import) into
    ``target``; returns the stdlib stubs' root (mypy's typeshed for this run) and the
    stub modules, whose own errors are not the firmware's."""
    modules: set[str] = set()
    typeshed: Path | None = None
    links = _distribution_files(STUBS)
    for relative, path in _distribution_files(STDLIB_STUBS):
        if relative == "stdlib/builtins.pyi":
            typeshed = path.parents[1]
        if relative.startswith("_mpy_shed/"):
            links.append((relative, path))
    assert typeshed is not None, f"{STDLIB_STUBS} has no stdlib/builtins.pyi"
    for relative, path in links:
        link = target / relative
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(path)
        top = relative.split("/")[0]
        modules.add(f"{top}.*" if "/" in relative else top.removesuffix(".pyi"))
    return typeshed, sorted(modules)


def test_the_firmware_type_checks_against_the_pico_stubs(tmp_path: Path) -> None:
    assert distribution(STUBS).version.startswith("1.29"), "the stubs the firmware was checked with"
    stubs = tmp_path / "stubs"
    typeshed, modules = stub_tree(stubs)
    config = tmp_path / "mypy.ini"
    config.write_text(
        (MPY / "mypy.ini").read_text(encoding="utf-8")
        + f"\n[mypy-{','.join(modules)}]\nignore_errors = True\n",
        encoding="utf-8",
    )
    files = sorted(str(p) for p in FIRMWARE.glob("*.py"))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(config),
            "--custom-typeshed-dir",
            str(typeshed),
            "--cache-dir",
            str(tmp_path / "cache"),
            *files,
        ],
        env={**os.environ, "MYPYPATH": f"{stubs}{os.pathsep}{FIRMWARE}"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"no issues found in {len(files)} source files" in done.stdout


# -- MicroPython (WebAssembly) against CPython ---------------------------------------------


def test_node_missing_fails_and_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="apt-get install nodejs npm"):
        node_and_npm()


def test_the_webassembly_build_is_the_pinned_one(micropython_run: dict[str, Any]) -> None:
    assert installed_wasm_version(WASM_CACHE) == pinned_wasm_version() == "1.27.0"
    assert micropython_run["python"] == "micropython"
    hello = frame_bodies(micropython_run)[0][1]
    assert isinstance(hello, proto.Hello)
    assert hello.firmware == "0.1.0+mpy1.27.0"  # box_hw reads MicroPython's own version


def test_micropython_and_cpython_send_the_same_frames(
    micropython_run: dict[str, Any], cpython_run: dict[str, Any]
) -> None:
    assert cpython_run["python"] == "cpython"
    mpy, cpy = dict(micropython_run), dict(cpython_run)
    for result in (mpy, cpy):
        del result["python"]
        del result["ring_aligned"]  # real uctypes under MicroPython, a fake under CPython
        result["frames"] = [[t, comparable(text)] for t, text in result["frames"]]
    assert len(mpy["frames"]) > 300
    for k, (a, b) in enumerate(zip(mpy["frames"], cpy["frames"], strict=False)):
        assert a == b, f"frame {k} differs: MicroPython {a} CPython {b}"
    assert mpy == cpy


def test_the_pio_programs_assemble_under_micropython_as_under_cpython(
    micropython_run: dict[str, Any],
) -> None:
    """MicroPython ran box_pio's programs through the fake rp2.asm_pio, which swaps the
    function's globals as the real one does: the words equal those CPython assembles
    with the same fake, which rp2040-pio-emulator runs (tests/firmware/test_pio.py)."""
    pio, table = load("box_pio"), load("box_table")
    for program in (pio.sampler_program(table.IN_COUNT), pio.ws2812):
        expected = [program.opcodes, program.wrap_target, program.wrap]
        assert micropython_run["programs"][program.name] == expected
    assert micropython_run["in_base"] == table.IN_BASE


def test_the_dma_ring_is_aligned_to_its_size_in_micropython_memory(
    micropython_run: dict[str, Any],
) -> None:
    assert micropython_run["ring_aligned"], "uctypes.addressof(ring) is not 4 KB aligned"
    assert micropython_run["dma"] == {"ring_words": 1024, "ring_size": 12}


def test_presses_across_both_wraps_ties_bounce_a_stall_and_a_stuck_button(
    micropython_run: dict[str, Any],
) -> None:
    """The box time of each event, exactly: sampler start (the anchor) plus the time the
    scenario put the edge at, through the counter's 64 ns counts."""
    anchor: int = micropython_run["anchor_ns"]

    def at(us: int) -> int:
        return anchor + us * 1000

    events = events_by_seq(micropython_run)
    assert events == {
        0: ("P", 3, at(1_000_000)),  # bounced
        1: ("P", 0, at(1_500_000)),  # a tie: one snapshot, one time, by input index
        2: ("P", 7, at(1_500_000)),
        3: ("P", 12, at(1_999_000)),  # ticks_us wraps 0.5 ms later, mid-press
        4: ("P", 21, events[4][2]),  # chatter in the stall: some pairs lost, one press
        5: ("P", 20, at(4_090_000)),  # pressed late in the stall: on time after it
        6: ("P", 16, at(6_000_000)),
        7: ("S", 16, at(6_000_000)),  # held 5 s: stuck, stamped with its first edge
        8: ("U", 16, at(11_500_000)),
        9: ("P", 10, at(COUNTER_WRAP_US - 2)),  # last counts before the wrap
        10: ("P", 11, at(COUNTER_WRAP_US + 6)),  # first after it
        11: ("P", 9, at(COUNTER_WRAP_US - 106)),  # bounced across the wrap: confirmed last
        12: ("P", 13, at(274_950_000)),
    }
    assert at(4_004_000) <= events[4][2] < at(4_045_000)
    stats = micropython_run["stats"]
    assert stats["glitches"][5] == 1 and stats["presses"][5] == 0  # 0.4 ms: no press
    assert stats["bounces"][3] == stats["bounces"][12] == 4
    assert stats["overruns"] > 0, "the stall lapped the DMA ring"
    assert (stats["head"], stats["acked"], stats["dropped"]) == (13, 4, 0)
    assert stats["resends"] > 0 and stats["late"] == [0] * 24


def test_bad_frames_from_the_host_are_counted_and_refused(
    micropython_run: dict[str, Any],
) -> None:
    messages = [m for _, m in frame_bodies(micropython_run)]
    errors = [(m.what, m.detail) for m in messages if isinstance(m, proto.BoxError)]
    assert errors == [("unknown", "BOGUS"), ("led", "99"), ("token", "a-b")]
    # + a bad CRC, an overlong line and a line of Ctrl-C bytes
    assert micropython_run["stats"]["bad_rx"] == 6
    assert [m.token for m in messages if isinstance(m, proto.Pong)] == ["1", "2", "3"]
    assert sum(isinstance(m, proto.Hello) for m in messages) == 2  # boot, and HI
    table = load("box_table")
    pixels = micropython_run["pixels"]
    wanted = {i: 0x010203 * i for i in range(24)} | {3: 0xFF0000, 4: 0x00FF00}
    assert {i: pixels[table.LEDS[i]] for i in range(24)} == wanted
    assert micropython_run["led_words"][-24:] != micropython_run["led_words"][:24]


def test_the_host_link_takes_the_events_micropython_sent(
    micropython_run: dict[str, Any],
) -> None:
    """BoxLink (CPython, the companion's code) reads MicroPython's frames in the order and
    at the times the box wrote them (host time = box time here); its PINGs are the ones
    the scenario sent, at the times it sent them."""
    delivered: list[InputEvent] = []
    link = BoxLink(
        delivered.append,
        serial="E6614C311B3A8D2F",
        table_id=load("box_table").TABLE_ID,
        clock_factory=lambda: ClockMap(lock_samples=1),
    )
    anchor = micropython_run["anchor_ns"]
    pings = [(anchor + us * 1000, token) for us, token in ((200_000, "1"), (20_000_000, "2"))]
    pings.append((anchor + 274_000_000_000, "3"))
    for t, text in micropython_run["frames"]:
        while pings and pings[0][0] <= t:
            sent, token = pings.pop(0)
            assert link.ping(sent) == proto.encode(f"PING {token}")
        link.feed(text.encode(), t)
    presses = [(e.control, e.seq, e.t_ns) for e in delivered if isinstance(e, Press)]
    expected = events_by_seq(micropython_run)
    table = load("box_table")
    assert [(c, s) for c, s, _ in presses] == [
        (table.CONTROLS[i], seq) for seq, (kind, i, _) in expected.items() if kind == "P"
    ]
    for _, seq, t_ns in presses:  # mapped through the PONGs: within their round trips
        assert abs(t_ns - expected[seq][2]) <= MS
    assert [type(e) for e in delivered if not isinstance(e, Press)] == [Stuck, Unstuck]
    counters = link.counters
    assert counters.events == 13 and counters.corrupt == 0 and counters.rejected == 0
    assert counters.duplicates > 0  # the re-sends
    assert (
        link.hello is not None
        and link.hello.boot == BOOT
        and link.warnings[0].startswith("the box's sampler ring overran")
    )
