# Decoding the sampler's (counter, snapshot) pairs into edges. Pure.
#
# A snapshot has one bit per pin of the sampling window (bit = (pin - IN_BASE) % 32,
# box_table.BITS). Only the inputs' bits count; the rest (a spare pin, an on-board
# sense line) are masked off. Inputs are active low with the pull-ups of usb-box.


class Sampler:
    def __init__(self, bits, active_low, clock):
        self.bits = bits
        self.active_low = active_low
        self.clock = clock  # box_clock.CounterClock
        mask = 0
        for b in bits:
            mask |= 1 << b
        self.mask = mask
        self.prev = None

    def is_active(self, snapshot, i):
        bit = (snapshot >> self.bits[i]) & 1
        return bit == 0 if self.active_low else bit == 1

    def start(self, snapshot):
        # The first pair: the levels at start (True = active) of every input.
        self.prev = snapshot
        return [self.is_active(snapshot, i) for i in range(len(self.bits))]

    def pair(self, raw, snapshot, now_ns, edge):
        # One pair: calls edge(t_ns, i, active) for each input that changed (all with
        # the same time: they were sampled together). Returns how many changed.
        changed = (snapshot ^ self.prev) & self.mask
        self.prev = snapshot
        if not changed:
            return 0
        t = self.clock.ns(raw, now_ns)
        n = 0
        bits = self.bits
        for i in range(len(bits)):
            if (changed >> bits[i]) & 1:
                edge(t, i, self.is_active(snapshot, i))
                n += 1
        return n
