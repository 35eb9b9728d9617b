"""Sound effects: synthesised, played through the real mixer (SDL's dummy audio driver)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.ui.cues import CUES
from companion.ui.sound import RATE, SYNTHS, Sounds


@pytest.fixture
def mixer() -> Iterator[None]:
    yield
    pygame.mixer.quit()


def test_every_cue_is_a_short_sound_within_the_peak() -> None:
    for cue in CUES:
        samples = SYNTHS[cue]()
        assert 0.03 * RATE < len(samples) < 1.0 * RATE, cue
        assert max(map(abs, samples)) > 1000, f"{cue} is audible"
        assert max(map(abs, samples)) <= 12_000, f"{cue} stays below the peak"


def test_cues_play_through_the_mixer(mixer: None) -> None:
    sounds = Sounds.open()
    assert sounds.silent_reason is None and sounds.audible
    sounds.play_all(["slap", "slap", "penalty"])
    assert sounds.played == ["slap", "penalty"], "a burst of one cue is one sound"
    assert pygame.mixer.get_busy()


def test_muted_plays_nothing(mixer: None) -> None:
    sounds = Sounds.open(muted=True)
    sounds.play("apocalypse")
    assert sounds.played == []
    assert sounds.toggle_mute() is False
    sounds.play("apocalypse")
    assert sounds.played == ["apocalypse"]


def test_without_an_audio_device_it_is_silent_and_says_why(
    mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    sounds = Sounds.open()
    assert sounds.silent_reason is not None and sounds.silent_reason.startswith("no sound: ")
    sounds.play("slap")
    assert sounds.played == [] and not sounds.audible


def test_a_scene_context_is_silent_until_opened() -> None:
    sounds = Sounds()
    sounds.play("slap")
    assert sounds.played == [] and "not started" in (sounds.silent_reason or "")
