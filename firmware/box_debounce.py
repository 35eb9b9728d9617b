# First-edge debounce and stuck detection: the SAME rules as the Pi's
# companion/input/debounce.py (a test runs both on the same edge trains and compares).
# Pure: times are integers of nanoseconds passed in; events go to ``emit(kind, i, t)``
# with kind "P" (press, t = its first edge), "S" (stuck, t = the burst's first edge) or
# "U" (unstuck, t = the release edge).
#
# Per control: a burst starts at an active edge on a quiet input and is stamped with that
# first edge. It is a press once the input has been active for MIN_PRESS in total; a
# burst that then stays inactive for GLITCH_QUIET was a glitch. A press ends after
# RELEASE_QUIET of unbroken inactivity; edges in between are bounces. A burst active for
# STUCK is stuck until RELEASE_QUIET of inactivity. An input active at start is held:
# never a press. Deadlines fire when now >= deadline; simultaneous deadlines fire in the
# order confirm, stuck, glitch, release, unstuck, then by input index.
#
# On the box every edge arrives in time order (the PIO sampler's stream), so the Pi's
# late-edge machinery (reopening a closed burst) is not needed. An edge earlier than the
# time already reached is counted in ``late``; one earlier than the input's previous
# edge is moved up to it, as on the Pi.
from micropython import const

MS = const(1000000)
MIN_PRESS = const(1 * MS)
GLITCH_QUIET = const(2 * MS)
RELEASE_QUIET = const(10 * MS)
STUCK = 5000 * MS

IDLE = const(0)
PENDING = const(1)
PRESSED = const(2)
STUCKED = const(3)

CONFIRM = const(0)
STUCK_NOW = const(1)
GLITCH = const(2)
RELEASE = const(3)
UNSTUCK = const(4)

NONE = const(-1)


class Bank:
    def __init__(self, levels, start_ns, emit):
        n = len(levels)
        self.n = n
        self.emit = emit
        self.now = start_ns
        self.phase = bytearray(n)
        self.level = bytearray(n)
        self.start = [0] * n
        self.first_seen = bytearray(n)
        self.edges = [0] * n
        self.accum = [0] * n
        self.active_since = [NONE] * n
        self.quiet_since = [NONE] * n
        self.last_edge = [start_ns] * n
        self.presses = [0] * n
        self.bounces = [0] * n
        self.glitches = [0] * n
        self.stuck = [0] * n
        self.late = [0] * n
        self.ignored = [0] * n
        for i in range(n):
            if levels[i]:
                self.level[i] = 1
                self.phase[i] = PRESSED
                self.start[i] = start_ns
                self.active_since[i] = start_ns

    def due(self, i):
        # (deadline, action) of input i, or None.
        phase = self.phase[i]
        if phase == IDLE:
            return None
        if not self.level[i]:
            if phase == PENDING:
                return self.quiet_since[i] + GLITCH_QUIET, GLITCH
            if phase == PRESSED:
                return self.quiet_since[i] + RELEASE_QUIET, RELEASE
            return self.quiet_since[i] + RELEASE_QUIET, UNSTUCK
        if phase == STUCKED:
            return None
        stuck_at = self.start[i] + STUCK
        if stuck_at < self.active_since[i]:
            stuck_at = self.active_since[i]
        if phase == PENDING:
            confirm = self.active_since[i] + MIN_PRESS - self.accum[i]
            if confirm <= stuck_at:
                return confirm, CONFIRM
        return stuck_at, STUCK_NOW

    def advance(self, now):
        # Fire every deadline at or before ``now``, in time order.
        while True:
            best = None
            best_i = 0
            for i in range(self.n):
                if self.phase[i] == IDLE:
                    continue
                d = self.due(i)
                if d is not None and d[0] <= now and (best is None or d < best):
                    best = d
                    best_i = i
            if best is None:
                break
            self.fire(best_i, best[0], best[1])
        if now > self.now:
            self.now = now

    def fire(self, i, at, action):
        if at > self.now:
            self.now = at
        if action == CONFIRM:
            self.phase[i] = PRESSED
            self.presses[i] += 1
            self.emit("P", i, self.start[i])
        elif action == STUCK_NOW:
            self.phase[i] = STUCKED
            self.stuck[i] += 1
            self.bounces[i] += self.edges[i] - self.first_seen[i]
            self.emit("S", i, self.start[i])
        elif action == UNSTUCK:
            self.phase[i] = IDLE
            self.emit("U", i, self.quiet_since[i])
        elif action == GLITCH:
            self.glitches[i] += 1
            self.phase[i] = IDLE
        else:
            self.bounces[i] += self.edges[i] - self.first_seen[i] - (1 - self.level[i])
            self.phase[i] = IDLE

    def edge(self, i, t, active):
        # One raw edge of input i at ``t``; ``active`` is the level after it.
        self.advance(t)
        if t < self.now or t < self.last_edge[i]:
            self.late[i] += 1
        if t < self.last_edge[i]:
            t = self.last_edge[i]
        self.last_edge[i] = t
        active = 1 if active else 0
        if active == self.level[i]:
            self.ignored[i] += 1
            return
        self.level[i] = active
        phase = self.phase[i]
        if phase == IDLE:
            if active:
                self.phase[i] = PENDING
                self.start[i] = t
                self.first_seen[i] = 1
                self.edges[i] = 1
                self.accum[i] = 0
                self.active_since[i] = t
                self.quiet_since[i] = NONE
            return
        if phase == STUCKED:
            self.ignored[i] += 1
        else:
            self.edges[i] += 1
        if active:
            self.active_since[i] = t
            self.quiet_since[i] = NONE
        else:
            self.accum[i] += t - self.active_since[i]
            self.active_since[i] = NONE
            self.quiet_since[i] = t

    def state(self, i):
        return ("idle", "pending", "pressed", "stuck")[self.phase[i]]
