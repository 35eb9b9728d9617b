"""A fake ``rp2`` module: a PIO assembler for ``@rp2.asm_pio`` programs, and recording
``StateMachine`` and ``DMA`` doubles.

``asm_pio`` works the way MicroPython's does: the decorated function runs twice with its
module's globals swapped for the assembler's names (``mov``, ``jmp``, ``x``, ...), once
to find the labels and once to encode. It returns a ``Program`` of 16-bit opcodes that
``rp2040-pio-emulator`` can run. Encodings: RP2040 datasheet, section 3.4.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar


class PIO:
    OUT_LOW = 0
    OUT_HIGH = 1
    IN_LOW = 0
    IN_HIGH = 1
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2


@dataclass
class Program:
    name: str
    opcodes: list[int]
    wrap_target: int
    wrap: int
    sideset_count: int
    options: dict[str, Any]
    labels: dict[str, int] = field(default_factory=dict)


_SOURCES = {  # IN and MOV sources
    "pins": 0,
    "x": 1,
    "y": 2,
    "null": 3,
    "status": 5,
    "isr": 6,
    "osr": 7,
}
_MOV_DESTS = {"pins": 0, "x": 1, "y": 2, "exec": 4, "pc": 5, "isr": 6, "osr": 7}
_OUT_DESTS = {"pins": 0, "x": 1, "y": 2, "null": 3, "pindirs": 4, "pc": 5, "isr": 6, "exec": 7}
_SET_DESTS = {"pins": 0, "x": 1, "y": 2, "pindirs": 4}
_CONDITIONS = {
    "not_x": 1,
    "x_dec": 2,
    "not_y": 3,
    "y_dec": 4,
    "x_not_y": 5,
    "pin": 6,
    "not_osre": 7,
}
NOBLOCK = 0x01
BLOCK = 0x20
IFFULL = 0x40


@dataclass(frozen=True)
class _Operand:
    name: str
    op: int = 0  # MOV operation: 1 invert, 2 bit-reverse


class _Instruction:
    """What a DSL call returns: ``.side(v)`` and ``[delay]`` refine the last word."""

    def __init__(self, asm: _Assembler, index: int) -> None:
        self._asm = asm
        self._index = index

    def side(self, value: int) -> _Instruction:
        self._asm.side[self._index] = value
        return self

    def delay(self, cycles: int) -> _Instruction:
        self._asm.delays[self._index] = cycles
        return self

    def __getitem__(self, cycles: int) -> _Instruction:
        return self.delay(cycles)


class _Assembler:
    def __init__(self, sideset_count: int) -> None:
        self.sideset_count = sideset_count
        self.labels: dict[str, int] = {}
        self.words: list[int] = []
        self.side: dict[int, int] = {}
        self.delays: dict[int, int] = {}
        self.wrap_target = 0
        self.wrap: int | None = None
        self.final = False

    def start(self, final: bool) -> None:
        self.final = final
        self.words, self.side, self.delays = [], {}, {}

    def emit(self, word: int) -> _Instruction:
        self.words.append(word)
        return _Instruction(self, len(self.words) - 1)

    def address(self, label: str) -> int:
        if not self.final:
            return 0
        if label not in self.labels:
            raise ValueError(f"unknown label {label!r}")
        return self.labels[label]

    def opcodes(self) -> list[int]:
        delay_bits = 5 - self.sideset_count
        out = []
        for i, word in enumerate(self.words):
            delay = self.delays.get(i, 0)
            if not 0 <= delay < (1 << delay_bits):
                raise ValueError(f"delay {delay} does not fit in {delay_bits} bits")
            field_ = (self.side.get(i, 0) << delay_bits) | delay
            out.append(word | (field_ << 8))
        return out

    def names(self) -> dict[str, Any]:
        names: dict[str, Any] = {n: _Operand(n) for n in (*_SOURCES, *_MOV_DESTS, *_OUT_DESTS)}
        names.update({n: n for n in _CONDITIONS})
        names.update(
            block=BLOCK,
            noblock=NOBLOCK,
            iffull=IFFULL,
            ifempty=IFFULL,
            invert=lambda o: _Operand(o.name, 1),
            reverse=lambda o: _Operand(o.name, 2),
            wrap_target=self._wrap_target,
            wrap=self._wrap,
            label=self._label,
            jmp=self._jmp,
            in_=lambda src, n: self.emit(0x4000 | _SOURCES[src.name] << 5 | (n & 31)),
            out=lambda dst, n: self.emit(0x6000 | _OUT_DESTS[dst.name] << 5 | (n & 31)),
            push=lambda a=0, b=0: self.emit(0x8000 | self._flags(a | b)),
            pull=lambda a=0, b=0: self.emit(0x8080 | self._flags(a | b)),
            mov=lambda dst, src: self.emit(
                0xA000 | _MOV_DESTS[dst.name] << 5 | src.op << 3 | _SOURCES[src.name]
            ),
            set=lambda dst, v: self.emit(0xE000 | _SET_DESTS[dst.name] << 5 | (v & 31)),
            nop=lambda: self.emit(0xA042),
        )
        return names

    @staticmethod
    def _flags(value: int) -> int:
        block = 0 if value & NOBLOCK else BLOCK
        return (value & IFFULL) | block

    def _wrap_target(self) -> None:
        self.wrap_target = len(self.words)

    def _wrap(self) -> None:
        self.wrap = len(self.words) - 1

    def _label(self, name: str) -> None:
        if not self.final:
            if name in self.labels:
                raise ValueError(f"label {name!r} defined twice")
            self.labels[name] = len(self.words)

    def _jmp(self, cond: str, target: str | None = None) -> _Instruction:
        if target is None:
            cond, target = "always", cond
        code = 0 if cond == "always" else _CONDITIONS[cond]
        return self.emit(code << 5 | self.address(target))


def asm_pio(**options: Any) -> Callable[[Callable[[], None]], Program]:
    sideset = options.get("sideset_init")
    count = 0 if sideset is None else len(sideset) if isinstance(sideset, tuple) else 1

    def assemble(function: Callable[[], None]) -> Program:
        asm = _Assembler(count)
        scope: dict[str, Any] = function.__globals__
        saved = dict(scope)
        try:
            for final in (False, True):
                scope.clear()
                scope.update(asm.names())
                asm.start(final)
                function()
        finally:
            scope.clear()
            scope.update(saved)
        wrap = len(asm.words) - 1 if asm.wrap is None else asm.wrap
        return Program(
            function.__name__, asm.opcodes(), asm.wrap_target, wrap, count, options, asm.labels
        )

    return assemble


class StateMachine:
    instances: ClassVar[list[StateMachine]] = []

    def __init__(self, sm_id: int, program: Program, **options: Any) -> None:
        self.id = sm_id
        self.program = program
        self.options = options
        self.running = False
        self.put_words: list[tuple[int, int]] = []
        StateMachine.instances.append(self)

    def active(self, value: int | None = None) -> bool:
        if value is not None:
            self.running = bool(value)
        return self.running

    def put(self, words: Any, shift: int = 0) -> None:
        values = [words] if isinstance(words, int) else list(words)
        self.put_words.extend((w, shift) for w in values)


class DMA:
    """Words in ``incoming`` reach the ring each time the firmware reads ``count``: what
    the sampler would have pushed by then."""

    incoming: ClassVar[list[int]] = []
    instances: ClassVar[list[DMA]] = []

    def __init__(self) -> None:
        self.ctrl_fields: dict[str, Any] = {}
        self.read: Any = None
        self.write: Any = None
        self._count = 0
        self._written = 0
        DMA.instances.append(self)

    def pack_ctrl(self, **fields: Any) -> int:
        self.ctrl_fields = fields
        return 0

    def config(
        self,
        read: Any = None,
        write: Any = None,
        count: int | None = None,
        ctrl: int | None = None,
        trigger: bool = False,
    ) -> None:
        self.read, self.write = read, write
        self._count = count or 0

    @property
    def count(self) -> int:
        ring = self.write
        while DMA.incoming:
            ring[self._written % len(ring)] = DMA.incoming.pop(0)
            self._written += 1
            self._count -= 1
        return self._count
