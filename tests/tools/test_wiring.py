"""The wiring tables, diagrams and bill of materials are generated from the pin map and
must never disagree with it."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from companion.cli import main as companion
from companion.input.controls import seat_of
from companion.input.pinmap import load_profile
from companion.tools import wiring as wiring_docs

ROOT = wiring_docs.ROOT
SHIPPED = ("gpio-dsi", "gpio-spi35", "usb-box")


def test_the_checked_in_wiring_documents_are_up_to_date() -> None:
    stale = [str(path.relative_to(ROOT)) for path in wiring_docs.stale(ROOT)]
    assert not stale, (
        f"out of date with the pin map: {', '.join(stale)}. "
        f"Fix: run {wiring_docs.REGENERATE} and commit the result"
    )


def test_every_shipped_profile_has_a_table_and_a_diagram() -> None:
    files = wiring_docs.outputs(ROOT)
    for name in SHIPPED:
        assert ROOT / "wiring" / "generated" / f"{name}.md" in files
        assert ROOT / "wiring" / "generated" / f"{name}.svg" in files
    assert ROOT / "hardware" / "bom.md" in files


def test_the_output_is_reproducible_and_holds_no_local_path() -> None:
    first = wiring_docs.outputs(ROOT)
    assert first == wiring_docs.outputs(ROOT)
    for text in first.values():
        assert str(ROOT) not in text


# ---- the physical pins ----------------------------------------------------------------


def test_the_pi_header_has_every_gpio_once_and_the_classic_pins() -> None:
    header = wiring_docs.PI_HEADER
    assert sorted(header.gpio_at.values()) == list(range(28))
    assert header.physical(2) == 3 and header.physical(14) == 8 and header.physical(21) == 40
    assert set(header.gpio_at) | set(header.fixed) == set(range(1, 41))
    assert [pin for pin, use in header.fixed.items() if use == "GND"] == [
        6,
        9,
        14,
        20,
        25,
        30,
        34,
        39,
    ]


def test_the_pico_has_gp0_to_gp28_on_its_edge() -> None:
    pico = wiring_docs.PICO
    assert sorted(pico.gpio_at.values()) == [*range(23), 26, 27, 28]
    assert pico.physical(0) == 1 and pico.physical(22) == 29 and pico.physical(28) == 34
    assert set(pico.gpio_at) | set(pico.fixed) == set(range(1, 41))
    assert pico.fixed[40] == "VBUS"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_physical_pins_agree_with_the_profile_comments(name: str) -> None:
    """Each seat's comment in the profile names its header or board pins ("# red: hdr 3,
    5, 7, 8"): the generated tables must say the same."""
    profile = load_profile(name)
    board = wiring_docs.board_for(profile)
    text = profile.path.read_text(encoding="utf-8")
    for group, pins in re.findall(r"^# (\w+): (?:hdr|pins) ([\d, ]+)", text, re.MULTILINE):
        wired = [c for c, _ in profile.controls.items() if (seat_of(c) or "nav") == group]
        assert [board.physical(profile.controls[c]) for c in wired] == [
            int(pin) for pin in pins.split(", ")
        ]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_control_and_led_is_in_the_table_and_on_the_drawing(name: str) -> None:
    profile = load_profile(name)
    plan = wiring_docs.make_plan(profile)
    table = wiring_docs.render_markdown(plan)
    drawing = wiring_docs.render_svg(plan)
    board = plan.board
    for control, gpio in profile.controls.items():
        row = f"| `{control}` |"
        line = next(line for line in table.splitlines() if line.startswith(row))
        assert f"| {board.gpio_word}{gpio} | {board.pin_word} {board.physical(gpio)} |" in line
        assert f">{wiring_docs.title_of(control)}</text>" in drawing
    if profile.kind == "gpio":
        for led in profile.leds:
            assert f"LED {led} via 330 Ω" in drawing
    else:
        assert "LED chain data" in drawing and "74AHCT125" in table


@pytest.mark.parametrize("name", SHIPPED)
def test_every_group_has_a_ground_return_on_a_gnd_pin(name: str) -> None:
    profile = load_profile(name)
    plan = wiring_docs.make_plan(profile)
    groups = {seat_of(c) or "nav" for c in profile.controls} | {"leds"}
    assert set(plan.ground_of) == groups
    for pin in plan.ground_of.values():
        assert plan.board.fixed[pin] == "GND"
    assert len(set(plan.ground_of.values())) == len(groups)  # one wire each: enough GND pins


@pytest.mark.parametrize("name", SHIPPED)
def test_reserved_pins_stay_empty(name: str) -> None:
    profile = load_profile(name)
    plan = wiring_docs.make_plan(profile)
    for gpio in profile.reserved:
        if gpio in plan.board.gpio_at.values():
            wire = plan.wires[plan.board.physical(gpio)]
            assert wire.kind == "reserved" and wire.colour is None


@pytest.mark.parametrize("name", SHIPPED)
def test_the_diagram_is_well_formed_svg(name: str) -> None:
    drawing = wiring_docs.render_svg(wiring_docs.make_plan(load_profile(name)))
    root = ET.fromstring(drawing.encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 40


def test_the_bill_of_materials_counts_buttons_from_the_pin_map() -> None:
    parts = wiring_docs.bill_of_materials(load_profile("gpio-spi35"))
    buttons = [p for p in parts if p.what.startswith("Arcade button 30 mm")]
    assert sum(p.quantity for p in buttons) == 12  # three seats
    box = wiring_docs.bill_of_materials(load_profile("usb-box"))
    pixels = next(p for p in box if p.what.startswith("WS2812B"))
    assert pixels.quantity == 24


# ---- the commands ---------------------------------------------------------------------


def _copy_checkout(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "wiring" / "profiles", tmp_path / "wiring" / "profiles")
    return tmp_path


def test_check_names_a_stale_file_and_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy_checkout(tmp_path)
    assert wiring_docs.main(["--check", "--root", str(root)]) == 1
    err = capsys.readouterr().err
    assert "gpio-dsi.svg is stale" in err and "companion wiring" in err
    assert wiring_docs.main(["--root", str(root)]) == 0
    assert wiring_docs.main(["--check", "--root", str(root)]) == 0
    assert "up to date" in capsys.readouterr().out


def test_a_changed_pin_makes_the_documents_stale(tmp_path: Path) -> None:
    root = _copy_checkout(tmp_path)
    wiring_docs.write(root)
    profile = root / "wiring" / "profiles" / "gpio-dsi.toml"
    text = profile.read_text(encoding="utf-8")
    text = text.replace('"red.chief" = 2', '"red.chief" = 99').replace(
        '"nav.back" = 21', '"nav.back" = 2'
    )
    text = text.replace('"red.chief" = 99', '"red.chief" = 21')
    profile.write_text(text, encoding="utf-8")
    stale = {path.name for path in wiring_docs.stale(root)}
    assert stale == {"gpio-dsi.md", "gpio-dsi.svg"}


def test_companion_wiring_checks_and_reports_bad_profiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert companion(["wiring", "--check"]) == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    assert companion(["wiring", "--check", "--root", str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: error:") and "no profiles found" in err


@pytest.mark.parametrize("name", SHIPPED)
def test_the_panel_holes_fit_and_do_not_overlap(name: str) -> None:
    profile = load_profile(name)
    panel = wiring_docs.panel_for(profile)
    holes = wiring_docs.panel_holes(profile)
    assert len([h for h in holes if h.diameter == wiring_docs.SEAT_HOLE]) == 4 * len(
        profile.seats()
    )
    for hole in holes:
        r = hole.diameter / 2
        assert hole.x - r >= 10 and hole.x + r <= panel.width - 10, hole
        assert hole.y - r >= 10 and hole.y + r <= panel.depth - 10, hole
        sx, sy, sw, sh = panel.screen
        assert abs(hole.x - sx) >= sw / 2 + r + 5 or abs(hole.y - sy) >= sh / 2 + r + 5, hole
    for k, a in enumerate(holes):
        for b in holes[k + 1 :]:
            gap = ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 - (a.diameter + b.diameter) / 2
            assert gap >= 5, (a, b)  # room for the buttons' bezels


def test_each_player_reads_chief_to_hunter_from_their_left() -> None:
    """Seen from above with the front at the bottom, a player at the front has the chief
    on the left (smallest x), at the back on the right, at the left edge at the back, at
    the right edge at the front."""
    panel = wiring_docs.LARGE_PANEL
    for side, slot in zip(panel.sides, panel.slots, strict=True):
        (x0, y0), (x3, y3) = slot[0], slot[3]
        expected = {
            "front left": x0 < x3,
            "front right": x0 < x3,
            "back left": x0 > x3,
            "back right": x0 > x3,
            "left": y0 < y3,
        }[side]
        assert expected, side
