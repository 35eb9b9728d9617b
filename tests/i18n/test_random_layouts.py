"""Layouts hold in play, not only in the samples (issue 19, item 4): random presses, clicks
and waits through each game in German and French at both sizes draw no text cut short or
below its floor (refusals as brief messages grow over the screen's foot; chips keep their
letter; gaps lose decimals; a trick's headline comes whole; the Paris bank's settlement
line leaves off its first clauses before it is cut)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from tests.i18n.walk import GAMES, random_frames


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
@pytest.mark.parametrize("name", list(GAMES))
def test_random_play_keeps_every_text_whole(
    name: str, size: tuple[int, int], language: str, tmp_path: Path
) -> None:
    cut: set[str] = set()

    def in_language() -> None:  # a walk through Settings may change it
        i18n.set_language(language)

    frames = random_frames(tmp_path, name, size=size, steps=300, seed=2, before_step=in_language)
    for drawn in frames:
        cut |= {d.words for d in drawn if d.cut_short or d.drawn_px < d.floor_px}
    assert sorted(cut) == []
