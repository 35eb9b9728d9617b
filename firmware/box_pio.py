# PIO programs (assembled by rp2.asm_pio on the box; by tests/firmware/fakes/rp2.py
# on the host, which the tests then run in rp2040-pio-emulator).
#
# sampler: samples every input in ONE `in pins` and pushes (counter, snapshot) whenever
# the snapshot differs from the previous one. X counts down once per 8 system clock
# cycles whichever path the loop takes (64 ns at 125 MHz), so the counter pushed with
# a snapshot dates the sample exactly: sample cycle = 3 + 8 * (2**32 - 1 - counter).
# Edges closer together than one loop land in the same snapshot: an honest tie. The
# first iteration always pushes (OSR starts all ones, a sample has only IN_COUNT bits):
# that pair is the initial state. The pushes block, but a DMA channel drains the RX FIFO
# into a RAM ring within a few cycles (box_hw.py), so the state machine never stalls.
#
#   registers: X = counter, OSR = previous snapshot, Y = this snapshot, ISR = scratch
#   unchanged path: 8 cycles, one decrement; changed path: 16 cycles, two decrements
#
# ws2812: the standard WS2812 bit-banger, one bit per 10 cycles at 8 MHz (1.25 us):
# high for 7 cycles for a 1, 2 cycles for a 0. 24-bit GRB words, autopull.
import rp2
from rp2 import PIO

try:
    from typing import TYPE_CHECKING  # CPython; MicroPython has no typing module
except ImportError:
    TYPE_CHECKING = False
if TYPE_CHECKING:  # the PIO assembler's names (mov, jmp, x, ...), for the type checker only:
    # on the box rp2.asm_pio supplies them while it runs each program
    from rp2.asm_pio import *  # noqa: F403

SAMPLER_CYCLES = 8  # system clock cycles per count (box_clock.LOOP_CYCLES)


def sampler_program(count):
    # ``count``: how many pins `in pins` reads from in_base (box_table.IN_COUNT).
    @rp2.asm_pio(in_shiftdir=PIO.SHIFT_LEFT, fifo_join=PIO.JOIN_RX)
    def sampler():
        mov(x, invert(null))  # counter = 2**32 - 1
        mov(osr, invert(null))  # "previous" = impossible: the first sample is pushed
        wrap_target()
        label("sample")
        mov(isr, null)  # 1
        in_(pins, count)  # 2: the sample
        mov(y, isr)  # 3
        mov(isr, x)  # 4: park the counter
        mov(x, osr)  # 5: previous snapshot
        jmp(x_not_y, "changed")  # 6
        mov(x, isr)  # 7: counter back
        label("tick")
        jmp(x_dec, "sample")  # 8 (at 0 it falls through to the wrap: same cycle count)
        wrap()
        label("changed")
        mov(osr, y)  # 7: remember this snapshot
        mov(x, isr)  # 8: counter back
        push()  # 9: counter (ISR) to the FIFO
        mov(isr, y)  # 10
        push()  # 11: snapshot to the FIFO
        jmp(x_dec, "pad")[2]  # 12-14: the changed path's extra count
        label("pad")
        jmp("tick")  # 15, then tick is 16

    return sampler


@rp2.asm_pio(sideset_init=PIO.OUT_LOW, out_shiftdir=PIO.SHIFT_LEFT, autopull=True, pull_thresh=24)
def ws2812():
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[2]
    jmp(not_x, "do_zero").side(1)[1]
    jmp("bitloop").side(1)[4]
    label("do_zero")
    nop().side(0)[4]
    wrap()
