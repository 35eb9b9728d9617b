"""Every screen model loads without pygame (models never draw): each ``*model*`` module under
``companion.ui`` (a game's ``tracker_model`` and ``full_model``, the setup's, the shared
``game_model``; a new game's are found the same way) is imported in a fresh interpreter
that must not have pygame loaded afterwards. So are the pygame-free pieces the models use."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import companion.ui

PYGAME_FREE = ("companion.ui.cues", "companion.ui.nav", "companion.ui.theme", "companion.powwow")
"""What the models use that is not a model itself."""


def model_modules() -> list[str]:
    found = pkgutil.walk_packages(companion.ui.__path__, prefix="companion.ui.")
    return sorted(info.name for info in found if "model" in info.name.rpartition(".")[2])


def test_the_models_are_found() -> None:
    modules = model_modules()
    for game in ("apache", "apocalypse", "paris"):
        for mode in ("tracker", "full"):
            assert f"companion.ui.{game}.{mode}_model" in modules
    assert {"companion.ui.game_model", "companion.ui.setup_model"} <= set(modules)


@pytest.mark.parametrize("module", [*model_modules(), *PYGAME_FREE])
def test_a_model_imports_without_pygame(module: str) -> None:
    check = f"import sys, {module}; sys.exit('pygame' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", check], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{module} loads pygame{done.stderr and ': ' + done.stderr}"
