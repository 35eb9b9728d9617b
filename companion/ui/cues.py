"""The sound cues a model asks for: a slap, a penalty, the Apocalypse alarm, a card turned.

No pygame here: a model appends cues to its ``cues`` list and its scene hands them to
``companion.ui.sound.Sounds`` in ``update`` (drawing never has side effects).
"""

from __future__ import annotations

from typing import Final, Literal

Cue = Literal["slap", "penalty", "apocalypse", "turn"]
CUES: Final[tuple[Cue, ...]] = ("slap", "penalty", "apocalypse", "turn")
