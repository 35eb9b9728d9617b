# The resend ring: every event the box emits, kept until the host acknowledges it.
# Preallocated; pure. Sequence numbers start at 0 at boot and only grow.
#
#   acked <= sent <= head;  events acked .. head-1 are held (at most ``size`` of them)
#   head:  the next sequence number to assign
#   acked: the first sequence number the host has not acknowledged
#   sent:  the next one to transmit (rewound to ``acked`` to re-send)
# A full ring drops its oldest unacknowledged event (counted in ``dropped``).


class Ring:
    def __init__(self, size):
        self.size = size
        self.kinds = bytearray(size)
        self.inputs = bytearray(size)
        self.times = [0] * size
        self.head = 0
        self.acked = 0
        self.sent = 0
        self.dropped = 0

    def push(self, kind, index, t_ns):
        # kind: a one-character str ("P", "S", "U"). Returns the sequence number.
        if self.head - self.acked >= self.size:
            self.acked += 1
            self.dropped += 1
            if self.sent < self.acked:
                self.sent = self.acked
        seq = self.head
        i = seq % self.size
        self.kinds[i] = ord(kind)
        self.inputs[i] = index
        self.times[i] = t_ns
        self.head = seq + 1
        return seq

    def get(self, seq):
        i = seq % self.size
        return chr(self.kinds[i]), self.inputs[i], self.times[i]

    def ack(self, seq):
        # The host has every event up to and including ``seq``. True if that is news.
        if seq >= self.head or seq < self.acked:
            return False
        self.acked = seq + 1
        if self.sent < self.acked:
            self.sent = self.acked
        return True

    def rewind(self):
        self.sent = self.acked

    def pending(self):
        return self.sent < self.head

    def unacked(self):
        return self.head - self.acked
