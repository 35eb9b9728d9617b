"""The type floors: every text on every screen is big enough to be read where it must be.

``widgets.text`` is the one place where words are drawn; it knows each text's role
(``"table"``: read from the far seat, 1-2 m away; ``"body"``: the rest) and never draws
below the role's floor on that screen (32 and 16 px at 480x320; 48 and 24 px at 800x480,
the floors growing with the screen's height as the layouts do). Here every scene the
screenshot tool knows is rendered at both panel sizes with every text draw recorded: a
scene fails when a text was laid out in a box too small for its floor (the scene asked for
less than the floor) or had to be cut short ("...") because it did not fit at the floor.
A scene with more than fits pages it instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pygame
import pytest

from companion.rules.apache.tracker import TRACKER as APACHE_TRACKER
from companion.rules.apocalypse.tracker import TRACKER as APOCALYPSE_TRACKER
from companion.rules.apocalypse.tracker import Entry as ApocalypseEntry
from companion.ui import theme, widgets
from companion.ui.apache.tracker import ApacheTrackerResultsScene, ApacheTrackerScene
from companion.ui.apache.tracker_model import ApacheTrackerModel
from companion.ui.apocalypse.tracker import ApocalypseTrackerScene
from companion.ui.apocalypse.tracker_model import ApocalypseTrackerModel
from companion.ui.samples import SECOND, sample_app, sample_game, sample_press, sample_session
from companion.ui.scenes import AppContext, BaseScene, Closable
from companion.ui.screenshot import SCENES, SIZES, render

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"
DRAWING_PLACE = {UI / "widgets.py", UI / "theme.py"}
GAMES = ("apache-", "apocalypse-", "paris-")


def _problems(drawn: list[widgets.TextDraw]) -> list[str]:
    problems = []
    for draw in drawn:
        if draw.drawn_px < draw.floor_px:
            problems.append(f"drawn at {draw.drawn_px} px < {draw.floor_px}: {draw.words!r}")
        elif draw.asked_px < draw.floor_px:
            problems.append(
                f"{draw.role} laid out at {draw.asked_px} px < {draw.floor_px}: {draw.words!r}"
            )
        elif draw.cut_short:
            problems.append(f"{draw.role} cut short at {draw.drawn_px} px: {draw.words!r}")
    return problems


CASES: Final = [
    pytest.param(scene, size, id=f"{scene}-{size[0]}x{size[1]}")
    for scene in SCENES
    for size in SIZES
]


@pytest.mark.parametrize(("scene", "size"), CASES)
def test_every_text_of_a_scene_fits_at_its_floor(scene: str, size: tuple[int, int]) -> None:
    with widgets.recorded_text() as drawn:
        render(scene, size)
    assert drawn, f"{scene} drew no text through widgets.text"
    problems = _problems(drawn)
    if scene.startswith(GAMES) and not any(draw.role == "table" for draw in drawn):
        problems.append("nothing for the far seat: a game screen has text of the table role")
    assert not problems, f"{scene} at {size[0]}x{size[1]}:\n" + "\n".join(problems)


def test_the_floors_of_both_panels() -> None:
    assert theme.floor_px("table", (480, 320)) == 32
    assert theme.floor_px("body", (480, 320)) == 16
    assert theme.floor_px("table", (800, 480)) == 48
    assert theme.floor_px("body", (800, 480)) == 24
    assert theme.floor_px("body", (320, 240)) == 16, "a smaller screen keeps the floors"


def test_a_line_too_long_is_cut_short_at_its_floor_never_smaller() -> None:
    pygame.font.init()
    surface = pygame.Surface((480, 320))
    words = "a line far too long for the narrow box it is given to be drawn in"
    with widgets.recorded_text() as drawn:
        widgets.text(surface, words, 40, theme.TEXT, pygame.Rect(0, 0, 120, 40), role="table")
    (draw,) = drawn
    assert (draw.asked_px, draw.drawn_px, draw.floor_px) == (40, 32, 32)
    assert draw.cut_short


def test_a_short_line_shrinks_to_fit_but_a_size_below_the_floor_is_raised() -> None:
    pygame.font.init()
    surface = pygame.Surface((800, 480))
    with widgets.recorded_text() as drawn:
        widgets.text(surface, "Next", 90, theme.TEXT, pygame.Rect(0, 0, 80, 60), role="body")
        widgets.text(surface, "R", 10, theme.TEXT, pygame.Rect(0, 0, 80, 60), role="table")
    shrunk, raised = drawn
    assert 24 < shrunk.drawn_px < 90 and not shrunk.cut_short
    assert widgets.text_width("Next", shrunk.drawn_px) <= 80
    assert (raised.asked_px, raised.drawn_px) == (10, 48)


def test_a_paragraph_leaves_off_the_lines_that_do_not_fit_at_its_floor() -> None:
    pygame.font.init()
    surface = pygame.Surface((480, 320))
    words = " ".join(["word"] * 60)
    with widgets.recorded_text() as drawn:
        widgets.paragraph(surface, words, 30, theme.TEXT, pygame.Rect(0, 0, 200, 50), role="body")
    assert all(draw.drawn_px == 16 for draw in drawn)
    assert len(drawn) == 50 // widgets.line_height(16)
    assert drawn[-1].cut_short and not drawn[0].cut_short


def test_text_is_only_rendered_in_the_drawing_place() -> None:
    """A scene that renders words itself would escape the floors (and this test)."""
    rendering = re.compile(r"\.render\(\s*[^s)]|theme\.font\(|pygame\.font\.(Font|SysFont)\(")
    offenders = [
        f"{source.relative_to(UI)}:{number}: {line.strip()}"
        for source in sorted(UI.rglob("*.py"))
        if source not in DRAWING_PLACE
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1)
        if rendering.search(line)
    ]
    assert not offenders, "draw text with widgets.text:\n" + "\n".join(offenders)


# --- the most seats: the samples have three or four; a table may have five or six --------------

FIVE: Final = ("red", "yellow", "purple", "blue", "green")


def _apache_five(app: AppContext) -> ApacheTrackerModel:
    """A five-player Apache TRACKER game: one Pow-Wow where everyone slapped, confirmed."""
    session = sample_session(app, APACHE_TRACKER, {"colours": list(FIVE)}, auto_chance=False)
    model = ApacheTrackerModel(session, app.powwow)
    for seq, colour in enumerate(FIVE):
        model.press(sample_press(f"{colour}.hunter", SECOND + seq * 1_250_000, seq))
    model.poll(3 * SECOND)
    for _ in FIVE:
        model.choose(0)
        model.confirm()
    return model


def _apache_five_play(app: AppContext) -> BaseScene:
    return ApacheTrackerScene(app, _apache_five(app))


def _apache_five_results(app: AppContext) -> BaseScene:
    model = _apache_five(app)
    model.finish()
    model.count_piles((30, 25, 20, 20, 19))
    return ApacheTrackerResultsScene(app, model)


def _apocalypse_six(app: AppContext) -> BaseScene:
    """A six-player Apocalypse TRACKER trick: a Horseman, a Tranquility and a Chaos down."""
    entries = (
        ApocalypseEntry.horseman("red", 8),
        ApocalypseEntry.tranquility(),
        ApocalypseEntry.chaos("green"),
    )
    game = sample_game(app, APOCALYPSE_TRACKER, {"players": 6}, entries)
    return ApocalypseTrackerScene(app, ApocalypseTrackerModel(game))


MOST_SEATS: Final[dict[str, Callable[[AppContext], BaseScene]]] = {
    "apache-tracker-play, 5 players": _apache_five_play,
    "apache-tracker-results, 5 players": _apache_five_results,
    "apocalypse-tracker-play, 6 players": _apocalypse_six,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", MOST_SEATS)
def test_the_most_seats_fit_at_the_floors(name: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    with sample_app(size) as app:
        scene = MOST_SEATS[name](app)
        with widgets.recorded_text() as drawn:
            scene.draw(surface, 0)
        if isinstance(scene, Closable):
            scene.close()
    problems = _problems(drawn)
    assert not problems, f"{name} at {size[0]}x{size[1]}:\n" + "\n".join(problems)
