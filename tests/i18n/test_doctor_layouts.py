"""The doctor screen in every language at both sizes, for every kind of input source: its
header (what the timestamps are worth) and its footer (how to leave) are never cut; the
sample screens show only one source."""

from __future__ import annotations

import pygame
import pytest

from companion import i18n
from companion.input.pinmap import load_profile
from companion.ui import widgets
from companion.ui.doctor.command import doctor_model
from companion.ui.doctor.model import SourceReport
from companion.ui.doctor.scene import DoctorScene

SOURCES = {
    "box": ("usb-box", SourceReport("box", "-", "hardware")),
    "gpio": ("gpio-dsi", SourceReport("gpio", "lgpio", "hardware")),
    "gpio without edge times": ("gpio-dsi", SourceReport("gpio", "rpigpio", "callback")),
    "keyboard": ("gpio-dsi", SourceReport("keyboard", "-", "software")),
    "simulated pins": ("gpio-dsi", SourceReport("sim", "mock", "simulated")),
    "a script": ("gpio-dsi", SourceReport("gpio", "mock", "injected")),
}


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_the_doctor_cuts_nothing(source: str, language: str, size: tuple[int, int]) -> None:
    profile, report = SOURCES[source]
    scene = DoctorScene(doctor_model(load_profile(profile), report, 0), lambda: ({}, ()))
    scene.update(0)
    i18n.set_language(language)
    try:
        with widgets.recorded_text() as drawn:
            scene.draw(pygame.Surface(size), 0)
        leave = i18n.tr("Back ×3 or Esc leaves.")
    finally:
        i18n.set_language("en")
    assert [text.words for text in drawn if text.cut_short] == []
    assert all(text.drawn_px >= text.floor_px for text in drawn)
    assert drawn[-1].words.endswith(leave), "the footer says how to leave"
