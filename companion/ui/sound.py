"""Sound effects through pygame's mixer: a slap, a penalty, the Apocalypse alarm.

The effects are synthesised at start (16-bit mono PCM, a few kilobytes each), so there are
no sound files to ship or lose. ``Sounds.open()`` starts the mixer; with no audio device
(a Pi without a speaker, a CI machine) it stays silent and says why in ``silent_reason``.
Muting is a setting (``muted``); a muted or silent ``play`` does nothing.

Scenes do not play sounds themselves: models append cues (``companion.ui.cues``) to a
list and the scene hands them to ``Sounds.play_all`` in ``update`` (drawing never has side
effects).
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable, Iterable
from typing import Final

import pygame

from companion.ui.cues import Cue

RATE: Final = 22_050
PEAK: Final = 12_000
"""Loudest sample (of 32767): effects stay well clear of clipping when they overlap."""


def _samples(seconds: float, wave: Callable[[float], float]) -> array[int]:
    count = round(seconds * RATE)
    return array("h", (round(PEAK * max(-1.0, min(1.0, wave(i / RATE)))) for i in range(count)))


def _slap() -> array[int]:
    """A short noise burst with a hard attack: a hand on the table."""
    noise = random.Random(7)
    return _samples(0.09, lambda t: noise.uniform(-1, 1) * math.exp(-t * 55))


def _tone(freq: float, seconds: float, *, decay: float = 6.0) -> array[int]:
    return _samples(seconds, lambda t: math.sin(2 * math.pi * freq * t) * math.exp(-t * decay))


def _penalty() -> array[int]:
    """Two falling notes: the "wrong" sound."""
    return _tone(392.0, 0.14) + _tone(262.0, 0.22)


def _apocalypse() -> array[int]:
    """A low rumble under a rising siren, 0.8 s."""

    def wave(t: float) -> float:
        siren = math.sin(2 * math.pi * (300 + 400 * t) * t) * 0.5
        rumble = math.sin(2 * math.pi * 70 * t) * 0.6
        return (siren + rumble) * min(1.0, t * 20) * math.exp(-t * 1.5)

    return _samples(0.8, wave)


def _turn() -> array[int]:
    """A soft tick: a card turned."""
    return _tone(880.0, 0.04, decay=60.0)


SYNTHS: Final[dict[Cue, Callable[[], array[int]]]] = {
    "slap": _slap,
    "penalty": _penalty,
    "apocalypse": _apocalypse,
    "turn": _turn,
}


class Sounds:
    """The effects, playable by name; silent when there is no mixer (see the module)."""

    def __init__(self, *, muted: bool = False) -> None:
        self.muted = muted
        self.silent_reason: str | None = "the mixer was not started (Sounds.open starts it)"
        self._sounds: dict[Cue, pygame.mixer.Sound] = {}
        self.played: list[Cue] = []
        """Every cue played (not muted, not silent), oldest first; at most 64 kept."""

    @classmethod
    def open(cls, *, muted: bool = False) -> Sounds:
        """Start the mixer and make the effects; silent (with the reason) if that fails."""
        sounds = cls(muted=muted)
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            started = pygame.mixer.get_init()
            if started is None:
                raise pygame.error("the mixer did not start")
            frequency, bits, channels = started
            if bits != -16:
                raise pygame.error(f"the mixer runs {bits}-bit samples, not signed 16-bit")
            sounds._sounds = {
                cue: pygame.mixer.Sound(buffer=_fit(make(), RATE, frequency, channels).tobytes())
                for cue, make in SYNTHS.items()
            }
        except pygame.error as error:
            sounds.silent_reason = f"no sound: {error}"
            return sounds
        sounds.silent_reason = None
        return sounds

    @property
    def audible(self) -> bool:
        return self.silent_reason is None and not self.muted

    def play(self, cue: Cue) -> None:
        if not self.audible:
            return
        self._sounds[cue].play()
        self.played = [*self.played[-63:], cue]

    def play_all(self, cues: Iterable[Cue]) -> None:
        """Play each cue once (a burst of the same cue in one frame is one sound)."""
        for cue in dict.fromkeys(cues):
            self.play(cue)

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted


def _fit(samples: array[int], rate: int, frequency: int, channels: int) -> array[int]:
    """Resample (nearest) to the mixer's rate and repeat for each of its channels: the
    mixer may not give the format asked for."""
    if frequency != rate:
        step = rate / frequency
        count = int(len(samples) / step)
        samples = array("h", (samples[int(i * step)] for i in range(count)))
    if channels > 1:
        samples = array("h", (s for s in samples for _ in range(channels)))
    return samples
