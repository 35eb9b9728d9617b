"""``companion history plot --out FILE.png``: the fastest-hands board as a picture.

The History screen's board of one kind of slap time (``--kind reaction``: from the card turn
in the full game, the default; ``--kind gap``: to the Pow-Wow's first slap in the tracker),
drawn headless with SDL's dummy video driver, as the screen draws it, at ``--size``.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def save_plot(db: Path, out: Path, *, kind: str, size: str) -> None:
    """Draw the board of ``kind`` from the history ``db`` into the PNG ``out`` at ``size``
    (``ConfigError`` naming ``--out`` or ``--size`` for a file or size it cannot use,
    ``HistoryError`` for a database it cannot read)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from companion.ui.app import parse_size, save_png
    from companion.ui.history import plot

    width_height = parse_size(size)
    pygame.display.init()
    pygame.font.init()
    save_png(plot(db, width_height, kind), out, option="--out")


def add_plot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, required=True, metavar="FILE.png", help="the picture")
    parser.add_argument(
        "--kind",
        choices=("reaction", "gap"),
        default="reaction",
        help="reaction: from the card turn (full game, the default); gap: to the first slap "
        "(tracker)",
    )
    parser.add_argument("--size", default="800x480", metavar="WxH", help="default 800x480")
