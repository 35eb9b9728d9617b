"""The thin hardware edge (box_hw.py, main.py) on the fakes: every line of it runs once
on the host, so a typo cannot wait for a real Pico to show up."""

from __future__ import annotations

import re
import runpy
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from companion.input.box import protocol as proto
from tests.firmware.firmware import FIRMWARE, load

MS = 1_000_000
TOP = 0xFFFF_FFFF


class FakeTime:
    """MicroPython's ``time``: every reading advances the clock 50 us."""

    def __init__(self) -> None:
        self.us = 0
        self.slept: list[float] = []

    def ticks_us(self) -> int:
        self.us += 50
        return self.us % (1 << 30)

    def ticks_ms(self) -> int:
        return self.ticks_us() // 1000

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)

    def sleep_ms(self, ms: int) -> None:
        self.slept.append(ms / 1000)


class FakePort:
    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def read(self) -> bytes:
        return b""

    def write(self, frame: bytes) -> None:
        self.sent.append(frame)


@pytest.fixture
def fakes() -> Iterator[tuple[Any, Any, Any]]:
    rp2, machine, micropython = load("rp2"), load("machine"), load("micropython")
    rp2.incoming.clear()
    rp2.dmas.clear()
    rp2.state_machines.clear()
    machine.mem32.words.clear()
    machine.levels.clear()
    micropython.kbd_intr_calls.clear()
    machine.soft_resets.clear()
    yield rp2, machine, micropython
    rp2.incoming.clear()


def idle_snapshot(table: Any) -> int:
    return sum(1 << b for b in table.BITS)  # pulled up: every input reads 1


def test_play_captures_a_press_through_pio_dma_and_usb(
    fakes: tuple[Any, Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    rp2, machine, _ = fakes
    hw, table = load("box_hw"), load("box_table")
    monkeypatch.setattr(hw, "time", FakeTime())
    idle = idle_snapshot(table)
    pressed = idle & ~(1 << table.BITS[3])  # red.hunter down
    one_ms = 15_625  # counts of 64 ns
    rp2.incoming += [TOP, idle, TOP - one_ms, pressed, TOP - 30 * one_ms, idle]
    port = FakePort()
    box = hw.play(port=port, loops=400)

    sampler_sm, led_sm = (next(sm for sm in rp2.state_machines if sm.id == n) for n in (0, 4))
    assert sampler_sm.program.name == "sampler" and sampler_sm.running
    assert sampler_sm.options["in_base"].number == table.IN_BASE
    assert led_sm.program.name == "ws2812" and led_sm.put_words[0] == (0, 8)
    (dma,) = rp2.dmas
    assert dma.read is sampler_sm
    assert dma.fields["ring_size"] == 12 and dma.fields["ring_sel"]
    assert dma.fields["treq_sel"] == 4 and not dma.fields["inc_read"]
    assert len(dma.write) == 1024
    assert machine.mem32[0x4001C000 + 4 + 4 * 29] & (1 << 6) == 0  # GP29 input off

    bodies = [proto.decode(frame.rstrip(b"\n")) for frame in port.sent]
    messages = [proto.parse_body(b) for b in bodies if b is not None]
    events = [m for m in messages if isinstance(m, proto.Event)]
    assert isinstance(messages[0], proto.Hello)
    version = sys.implementation.version
    assert messages[0].firmware == f"0.1.0+mpy{version[0]}.{version[1]}.{version[2]}"
    assert len(events) == 1
    assert (events[0].kind, events[0].input) == ("P", 3)
    assert events[0].t_ns - box.bank.start[3] == 0
    assert box.bank.start[3] == box.bank.last_edge[3] - 29 * MS  # 30 ms apart in counts


def test_the_dma_ring_is_aligned_to_its_size(fakes: tuple[Any, Any, Any]) -> None:
    hw, table, uctypes = load("box_hw"), load("box_table"), load("uctypes")
    capture = hw.Capture(table)
    start = len(capture._raw) - len(capture.ring)
    skip = next(k for k in range(start + 1) if (uctypes.FAKE_ADDRESS + 4 * k) % 4096 == 0)
    assert memoryview(capture._raw)[skip : skip + 1024].tolist() == capture.ring.tolist()


def test_a_crash_reports_gives_ctrl_c_back_and_restarts(
    fakes: tuple[Any, Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, machine, micropython = fakes
    hw = load("box_hw")

    def broken() -> None:
        raise RuntimeError("boom")

    fake_time = FakeTime()
    written: list[bytes] = []
    monkeypatch.setattr(hw, "play", broken)
    monkeypatch.setattr(hw, "time", fake_time)
    monkeypatch.setattr(
        hw,
        "sys",
        types.SimpleNamespace(
            stdout=types.SimpleNamespace(buffer=_Sink(written)), implementation=sys.implementation
        ),
    )
    hw.run()
    assert micropython.kbd_intr_calls == [-1, 3]  # off while playing, back on the crash
    assert fake_time.slept == [2] and machine.soft_resets == [1]
    assert written[0].startswith(b"@ERR crash RuntimeError_boom ")


class _Sink:
    def __init__(self, out: list[bytes]) -> None:
        self.out = out

    def write(self, data: bytes) -> None:
        self.out.append(data)


@pytest.mark.parametrize("held", [True, False])
def test_main_leaves_the_repl_free_when_safe_mode_is_held(
    fakes: tuple[Any, Any, Any], monkeypatch: pytest.MonkeyPatch, held: bool, capsys: Any
) -> None:
    _, machine, _ = fakes
    table = load("box_table")
    ran: list[bool] = []
    monkeypatch.setitem(sys.modules, "box_hw", types.SimpleNamespace(run=lambda: ran.append(True)))
    monkeypatch.setitem(sys.modules, "time", FakeTime())
    if held:
        machine.levels[table.SAFE_MODE_PIN] = 0  # nav.back held down
    runpy.run_path(str(FIRMWARE / "main.py"))
    assert ran == ([] if held else [True])
    assert ("safe mode (nav.back held)" in capsys.readouterr().out) == held


def test_the_firmware_never_writes_to_flash() -> None:
    """No file is opened, created, renamed or removed: flash writes stall the chip."""
    forbidden = re.compile(r"\bopen\(|os\.(remove|rename|mkdir|rmdir|unlink)|\bvfs\b|\.mount\(")
    for path in FIRMWARE.glob("*.py"):
        code = "\n".join(
            line.split("#", 1)[0] for line in path.read_text(encoding="utf-8").splitlines()
        )
        assert not forbidden.search(code), path


def test_a_lap_of_the_dma_ring_counts_the_lost_pairs_and_reads_behind_the_writer(
    fakes: tuple[Any, Any, Any],
) -> None:
    rp2, _, _ = fakes
    hw, table = load("box_hw"), load("box_table")
    capture = hw.Capture(table)
    idle = idle_snapshot(table)
    rp2.incoming += [TOP, idle] * 700  # 1400 words: 376 past the ring's 1024
    fed: list[int] = []
    capture.drain(0, types.SimpleNamespace(pair=lambda raw, snap, now, edge: fed.append(raw)), None)
    resume = 1400 - 1024 + hw.MARGIN_WORDS  # clear of the pair the DMA may be writing
    assert capture.overruns == resume // 2, "overruns counts the pairs lost"
    assert len(fed) == (1400 - resume) // 2 and capture.read == 1400


@pytest.mark.parametrize(("version", "refused"), [((1, 22, 0), True), ((1, 23, 0), False)])
def test_a_micropython_older_than_1_23_is_refused_with_a_clear_err(
    fakes: tuple[Any, Any, Any],
    monkeypatch: pytest.MonkeyPatch,
    version: tuple[int, int, int],
    refused: bool,
) -> None:
    hw = load("box_hw")
    implementation = types.SimpleNamespace(name="micropython", version=version)
    monkeypatch.setattr(hw, "sys", types.SimpleNamespace(implementation=implementation))
    monkeypatch.setattr(hw, "time", FakeTime())
    assert hw.too_old() is refused
    port = FakePort()
    hw.refuse_old_micropython(port, loops=2)
    bodies = [proto.decode(frame.rstrip(b"\n")) for frame in port.sent]
    assert bodies == [b"ERR micropython v%d.%d.%d_needs_v1.23_or_later" % version] * 2
