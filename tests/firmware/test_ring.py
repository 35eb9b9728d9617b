"""The resend ring (box_ring.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.firmware.firmware import load


@pytest.fixture
def ring() -> Any:
    return load("box_ring").Ring(4)


def test_events_are_held_until_acknowledged(ring: Any) -> None:
    assert [ring.push("P", i, 100 + i) for i in range(3)] == [0, 1, 2]
    assert ring.get(1) == ("P", 1, 101)
    ring.sent = 3
    assert ring.ack(1) and ring.acked == 2 and ring.unacked() == 1
    assert not ring.ack(1)  # old news
    assert not ring.ack(7)  # never sent: ignored
    ring.rewind()
    assert ring.sent == 2 and ring.pending()


def test_a_full_ring_drops_its_oldest_unacknowledged_event(ring: Any) -> None:
    for i in range(6):
        ring.push("S", i, i)
    assert ring.dropped == 2
    assert (ring.acked, ring.head, ring.sent) == (2, 6, 2)
    assert [ring.get(s)[1] for s in range(ring.acked, ring.head)] == [2, 3, 4, 5]
