"""Loading the firmware's modules under CPython, with the fakes in ``fakes/`` standing in
for ``machine``, ``micropython``, ``rp2`` and ``uctypes``.

The firmware is MicroPython, outside mypy's files: modules come back as ``Any``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
FAKES = Path(__file__).resolve().parent / "fakes"


def install_paths() -> None:
    for path in (str(FIRMWARE), str(FAKES)):
        if path not in sys.path:
            sys.path.insert(0, path)


def load(name: str) -> Any:
    """The firmware module ``name`` (``"box_core"``), imported with the fakes."""
    install_paths()
    return importlib.import_module(name)
