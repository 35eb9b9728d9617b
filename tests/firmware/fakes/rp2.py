"""A fake ``rp2`` module for the firmware under CPython (the tests here, and the CPython
run of ``mpy/scenario.py``) and under MicroPython (the WebAssembly build has no ``rp2``):
a PIO assembler for ``@rp2.asm_pio`` programs, and recording ``StateMachine`` and ``DMA``
doubles.

``asm_pio`` works as MicroPython's does: the decorated function runs twice with its
globals swapped for the assembler's names (``mov``, ``jmp``, ``x``, ...), once to find
the labels and once to encode; under MicroPython that exercises the real
``function.__globals__``. It returns a ``Program`` of 16-bit opcodes that
``rp2040-pio-emulator`` can run (tests/firmware/test_pio.py). Encodings: RP2040
datasheet, section 3.4. Written in what both Pythons run (no dataclasses, no typing at
run time; annotations name only built-ins).
"""

try:
    import typing

    TYPE_CHECKING = typing.TYPE_CHECKING
except ImportError:  # MicroPython has no typing
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FunctionType


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


SOURCES = {"pins": 0, "x": 1, "y": 2, "null": 3, "status": 5, "isr": 6, "osr": 7}
MOV_DESTS = {"pins": 0, "x": 1, "y": 2, "exec": 4, "pc": 5, "isr": 6, "osr": 7}
OUT_DESTS = {"pins": 0, "x": 1, "y": 2, "null": 3, "pindirs": 4, "pc": 5, "isr": 6, "exec": 7}
SET_DESTS = {"pins": 0, "x": 1, "y": 2, "pindirs": 4}
CONDITIONS = {
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

state_machines: list["StateMachine"] = []
dmas: list["DMA"] = []
incoming: list[int] = []
"""Words the sampler has pushed that the DMA has not copied yet (a test or a scenario adds
them)."""


class Program:
    def __init__(self, name: str, opcodes: list[int], wrap_target: int, wrap: int) -> None:
        self.name = name
        self.opcodes = opcodes
        self.wrap_target = wrap_target
        self.wrap = wrap


class Operand:
    def __init__(self, name: str, op: int = 0) -> None:
        self.name = name
        self.op = op  # MOV operation: 1 invert, 2 bit-reverse


class Instruction:
    """What a PIO call returns: ``.side(v)`` and ``[delay]`` refine its word."""

    def __init__(self, asm: "Assembler", index: int) -> None:
        self.asm = asm
        self.index = index

    def side(self, value: int) -> "Instruction":
        self.asm.side[self.index] = value
        return self

    def delay(self, cycles: int) -> "Instruction":
        self.asm.delays[self.index] = cycles
        return self

    def __getitem__(self, cycles: int) -> "Instruction":
        return self.delay(cycles)


class Assembler:
    def __init__(self, sideset_count: int) -> None:
        self.sideset_count = sideset_count
        self.labels: dict[str, int] = {}
        self.words: list[int] = []
        self.side: dict[int, int] = {}
        self.delays: dict[int, int] = {}
        self.wrap_target_at = 0
        self.wrap_at = -1
        self.final = False

    def start(self, final: bool) -> None:
        self.final = final
        self.words = []
        self.side = {}
        self.delays = {}

    def emit(self, word: int) -> Instruction:
        self.words.append(word)
        return Instruction(self, len(self.words) - 1)

    def address(self, label: str) -> int:
        if not self.final:
            return 0
        if label not in self.labels:
            raise ValueError(f"unknown label {label}")
        return self.labels[label]

    def opcodes(self) -> list[int]:
        delay_bits = 5 - self.sideset_count
        out = []
        for i in range(len(self.words)):
            delay = self.delays.get(i, 0)
            if not 0 <= delay < (1 << delay_bits):
                raise ValueError(f"delay {delay} does not fit in {delay_bits} bits")
            field = (self.side.get(i, 0) << delay_bits) | delay
            out.append(self.words[i] | (field << 8))
        return out

    # -- the PIO instructions and directives ----------------------------------------

    def wrap_target(self) -> None:
        self.wrap_target_at = len(self.words)

    def wrap(self) -> None:
        self.wrap_at = len(self.words) - 1

    def label(self, name: str) -> None:
        if not self.final:
            if name in self.labels:
                raise ValueError(f"label {name} defined twice")
            self.labels[name] = len(self.words)

    def jmp(self, cond: str, target: str = "") -> Instruction:
        if not target:
            cond, target = "always", cond
        code = 0 if cond == "always" else CONDITIONS[cond]
        return self.emit(code << 5 | self.address(target))

    def in_(self, src: Operand, n: int) -> Instruction:
        return self.emit(0x4000 | SOURCES[src.name] << 5 | (n & 31))

    def out(self, dst: Operand, n: int) -> Instruction:
        return self.emit(0x6000 | OUT_DESTS[dst.name] << 5 | (n & 31))

    def push(self, a: int = 0, b: int = 0) -> Instruction:
        return self.emit(0x8000 | self.flags(a | b))

    def pull(self, a: int = 0, b: int = 0) -> Instruction:
        return self.emit(0x8080 | self.flags(a | b))

    def mov(self, dst: Operand, src: Operand) -> Instruction:
        return self.emit(0xA000 | MOV_DESTS[dst.name] << 5 | src.op << 3 | SOURCES[src.name])

    def set(self, dst: Operand, value: int) -> Instruction:
        return self.emit(0xE000 | SET_DESTS[dst.name] << 5 | (value & 31))

    def nop(self) -> Instruction:
        return self.emit(0xA042)

    @staticmethod
    def flags(value: int) -> int:
        block = 0 if value & NOBLOCK else BLOCK
        return (value & IFFULL) | block

    def names(self) -> dict[str, object]:
        names: dict[str, object] = {}
        for table in (SOURCES, MOV_DESTS, OUT_DESTS):
            for name in table:
                names[name] = Operand(name)
        for name in CONDITIONS:
            names[name] = name
        names["block"] = BLOCK
        names["noblock"] = NOBLOCK
        names["iffull"] = IFFULL
        names["ifempty"] = IFFULL
        names["invert"] = invert
        names["reverse"] = reverse
        names["wrap_target"] = self.wrap_target
        names["wrap"] = self.wrap
        names["label"] = self.label
        names["jmp"] = self.jmp
        names["in_"] = self.in_
        names["out"] = self.out
        names["push"] = self.push
        names["pull"] = self.pull
        names["mov"] = self.mov
        names["set"] = self.set
        names["nop"] = self.nop
        return names


def invert(operand: Operand) -> Operand:
    return Operand(operand.name, 1)


def reverse(operand: Operand) -> Operand:
    return Operand(operand.name, 2)


def asm_pio(**options: object) -> "Callable[[FunctionType], Program]":
    sideset = options.get("sideset_init")
    count = 0 if sideset is None else len(sideset) if isinstance(sideset, tuple) else 1

    def assemble(function: "FunctionType") -> Program:
        asm = Assembler(count)
        scope = function.__globals__
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
        wrap = len(asm.words) - 1 if asm.wrap_at < 0 else asm.wrap_at
        return Program(function.__name__, asm.opcodes(), asm.wrap_target_at, wrap)

    return assemble


class StateMachine:
    def __init__(self, sm_id: int, program: Program, **options: object) -> None:
        self.id = sm_id
        self.program = program
        self.options = options
        self.running = False
        self.put_words: list[tuple[int, int]] = []
        """Each word put, with the shift it was put with."""
        state_machines.append(self)

    def active(self, value: int = -1) -> bool:
        if value >= 0:
            self.running = bool(value)
        return self.running

    def put(self, words: "int | list[int]", shift: int = 0) -> None:
        for word in [words] if isinstance(words, int) else words:
            self.put_words.append((word, shift))


class DMA:
    """Copies ``incoming`` into the ring it writes (wrapping, as the ring_size setting
    makes the real one wrap) each time the firmware reads ``count``."""

    def __init__(self) -> None:
        self.fields: dict[str, object] = {}
        self.read: object = None
        self.write: list[int] = []
        self.left = 0
        self.copied = 0
        dmas.append(self)

    def pack_ctrl(self, **fields: object) -> int:
        self.fields = fields
        return 0

    def config(
        self,
        read: object = None,
        write: "list[int] | None" = None,
        count: int = 0,
        ctrl: int = 0,
        trigger: bool = False,
    ) -> None:
        self.read = read
        self.write = write if write is not None else []
        self.left = count

    @property
    def count(self) -> int:
        ring = self.write
        size = len(ring)
        for word in incoming:
            ring[self.copied % size] = word
            self.copied += 1
            self.left -= 1
        incoming.clear()
        return self.left
