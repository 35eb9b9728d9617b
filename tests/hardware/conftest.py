"""The hardware suite: run it on the Pi, with the build plugged in.

    sudo systemctl stop companion        # the service holds the pins and the screen
    COMPANION_PROFILE=gpio-dsi .venv/bin/pytest -m hardware tests/hardware -v

Off a Raspberry Pi every test here is skipped (with the reason), so ``make test`` runs
them nowhere else. ``COMPANION_PROFILE`` names your build's profile (default gpio-dsi).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.input.pinmap import Profile, load_profile

MODEL = Path("/proc/device-tree/model")


def pi_model() -> str | None:
    """The board's model ("Raspberry Pi 4 Model B Rev 1.4"), or None off a Pi."""
    try:
        model = MODEL.read_bytes().rstrip(b"\0").decode("ascii", "replace")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if pi_model() is not None:
        return
    skip = pytest.mark.skip(reason="not a Raspberry Pi: the hardware suite runs on the build")
    for item in items:
        if "hardware" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def profile() -> Profile:
    return load_profile(os.environ.get("COMPANION_PROFILE", "gpio-dsi"))
