"""The scenes ``companion screenshot`` knows and its arguments: kept free of pygame so that
building the command line (``companion --help``) stays quick. The rendering is in
``screenshot.py``."""

from __future__ import annotations

import argparse
from typing import Final

SCENES: Final = (
    "menu",
    "menu-end",
    "settings",
    "setup-apache",
    "doctor",
    "apache-tracker-play",
    "apache-tracker-window",
    "apache-tracker-pad",
    "apache-tracker-confirm",
    "apache-tracker-count",
    "apache-tracker-results",
    "apache-full-play",
    "apache-full-menu",
    "apache-full-window",
    "apache-full-choose",
    "apache-full-results",
    "setup-apocalypse",
    "apocalypse-tracker-play",
    "apocalypse-tracker-value",
    "apocalypse-tracker-alarm",
    "apocalypse-tracker-trick",
    "apocalypse-tracker-score",
    "apocalypse-tracker-results",
    "apocalypse-full-play",
    "apocalypse-full-name",
    "apocalypse-full-results",
    "setup-paris",
    "paris-tracker-turn",
    "paris-tracker-place",
    "paris-tracker-holder",
    "paris-tracker-slot",
    "paris-tracker-round",
    "paris-tracker-policeman",
    "paris-tracker-results",
    "paris-full-play",
    "paris-full-report",
    "paris-full-results",
    "rules-apache",
    "rules-apocalypse",
    "rules-paris",
    "setup-names",
    "players",
    "players-entry",
    "history-games",
    "history-players",
    "history-fastest",
)
IN_LANGUAGE: Final[dict[str, tuple[str, str]]] = {
    "apache-tracker-window-de": ("apache-tracker-window", "de"),
    "settings-de": ("settings", "de"),
    "paris-tracker-holder-fr": ("paris-tracker-holder", "fr"),
    "apocalypse-tracker-play-fr": ("apocalypse-tracker-play", "fr"),
}
"""Screens also pictured in German and French (the README shows them): name -> (the
scene, the language)."""
SCENES_SHOWN: Final = (*SCENES, *IN_LANGUAGE)
"""Every picture ``companion screenshot`` makes."""
SIZES: Final = ((480, 320), (800, 480))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``companion screenshot``."""
    parser.add_argument(
        "scene",
        nargs="?",
        choices=SCENES_SHOWN,
        metavar="SCENE",
        help=f"one of: {', '.join(SCENES_SHOWN)}",
    )
    parser.add_argument(
        "--size", default="800x480", metavar="WxH", help="picture size (default 800x480)"
    )
    parser.add_argument("--out", metavar="FILE.png", default=None, help="where to write it")
    parser.add_argument(
        "--all", action="store_true", help="every scene at 480x320 and 800x480, into --dir"
    )
    parser.add_argument(
        "--dir",
        default=None,
        metavar="DIR",
        help="with --all: the directory (e.g. companion/ui/screenshots)",
    )
    parser.set_defaults(screenshot_prog=parser.prog)
