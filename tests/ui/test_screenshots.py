"""Every screen against its reference picture, at both panel sizes.

Re-make the references after an intended change with
``companion screenshot --all --dir companion/ui/screenshots`` and look at them.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.cli import main
from companion.ui.screenshot import SCENES, SIZES, difference, file_name, render

SCREENSHOTS = Path(__file__).parents[2] / "companion" / "ui" / "screenshots"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES)
def test_screen_matches_its_reference(scene: str, size: tuple[int, int], tmp_path: Path) -> None:
    reference = SCREENSHOTS / file_name(scene, size)
    actual = render(scene, size)
    found = difference(actual, pygame.image.load(str(reference)))
    if not found.matches:
        diff = tmp_path / f"diff-{file_name(scene, size)}"
        pygame.image.save(found.image, str(diff))
        pygame.image.save(actual, str(tmp_path / file_name(scene, size)))
        pytest.fail(
            f"{found.wrong} of {found.total} pixels differ from {reference.name}; the "
            f"difference is in {diff}. If the change is meant, re-make the references: "
            "companion screenshot --all --dir companion/ui/screenshots"
        )


def test_difference_finds_a_change_and_paints_it() -> None:
    pygame.display.init()
    a = pygame.Surface((100, 50))
    a.fill((20, 20, 20))
    b = a.copy()
    b.fill((20, 44, 20), pygame.Rect(0, 0, 10, 10))  # within the tolerance
    b.fill((200, 20, 20), pygame.Rect(50, 0, 10, 10))  # not
    found = difference(b, a)
    assert found.wrong == 100 and found.total == 5000 and not found.matches
    assert found.image.get_at((55, 5))[:3] == (255, 0, 255)
    assert found.image.get_at((5, 5))[:3] != (255, 0, 255)
    assert difference(a, a.copy()).matches
    with pytest.raises(ValueError, match="differ in size"):
        difference(a, pygame.Surface((10, 10)))


def test_screenshot_command_writes_one_scene(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    assert main(["screenshot", "menu", "--size", "480x320", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (480, 320)


def test_screenshot_command_writes_them_all(tmp_path: Path) -> None:
    assert main(["screenshot", "--all", "--dir", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        file_name(scene, size) for scene in SCENES for size in SIZES
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["screenshot"],
        ["screenshot", "menu"],
        ["screenshot", "--all"],
        ["screenshot", "--all", "--dir", "x", "menu"],
    ],
)
def test_screenshot_command_says_what_is_missing(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("companion screenshot: error:")


def test_an_unknown_scene_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["screenshot", "lobby", "--out", "x.png"])
    assert "invalid choice: 'lobby'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["menu", "--out", "{tmp}/"], "--out {tmp}: a folder; give a file name ending in .png"),
        (["menu", "--out", "{tmp}"], "a folder; give a file name ending in .png"),
        (["menu", "--out", "{tmp}/x.txt"], "give a file name ending in .png"),
        (["menu", "--out", "{tmp}/no/such/x.png"], "the folder {tmp}/no/such does not exist"),
        (["menu", "--out", "/proc/x.png"], "--out /proc/x.png: cannot be written"),
        (["menu", "--size", "30000x30000", "--out", "{tmp}/x.png"], "from 480x320"),
        (["--all", "--dir", "/etc/passwd"], "--dir /etc/passwd: not a folder"),
        (["--all", "--dir", "{tmp}/none"], "--dir {tmp}/none: no such folder; create it first"),
    ],
    ids=["dir-slash", "dir", "not-png", "no-folder", "proc", "huge", "dir-is-file", "no-dir"],
)
def test_a_bad_output_is_one_line_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code = main(["screenshot", *(a.replace("{tmp}", str(tmp_path)) for a in args)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert words.replace("{tmp}", str(tmp_path)) in err
    assert list(tmp_path.iterdir()) == [], "nothing created"
