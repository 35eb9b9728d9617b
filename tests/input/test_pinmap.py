"""The pin map: shipped profiles, and one test per kind of mistake a builder can make."""

import os
import tomllib
from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.input.controls import ALL_CONTROLS, NAV_CONTROLS, SEAT_CONTROLS, SEATS
from companion.input.pinmap import (
    DEFAULT_PROFILE,
    Profile,
    available_profiles,
    load_profile,
    wiring_dir,
)

SHIPPED = ("gpio-dsi", "gpio-spi35", "usb-box")
REPO_WIRING = Path(__file__).resolve().parents[2] / "wiring"

# A small valid gpio profile (two seats + nav); each test spoils one thing in it.
GOOD_GPIO = """\
schema = 1
name = "{name}"
description = "Two seats for tests."
kind = "gpio"
display = "dsi"
pull = "up"

[reserved]
0 = "HAT ID EEPROM"
1 = "HAT ID EEPROM"

[controls]
"red.chief" = 2
"red.warrior" = 3
"red.woman" = 4
"red.hunter" = 14
"yellow.chief" = 15
"yellow.warrior" = 18
"yellow.woman" = 27
"yellow.hunter" = 22
"nav.previous" = 12
"nav.next" = 16
"nav.select" = 20
"nav.back" = 21

[leds]
status = 23
"""

GOOD_BOX = """\
schema = 1
name = "{name}"
description = "Two seats on a Pico, for tests."
kind = "box"
display = "any"
pull = "up"
safe_mode = "nav.back"

[reserved]
25 = "onboard LED"

[controls]
"red.chief" = 0
"red.warrior" = 1
"red.woman" = 2
"red.hunter" = 3
"yellow.chief" = 4
"yellow.warrior" = 5
"yellow.woman" = 6
"yellow.hunter" = 7
"nav.previous" = 8
"nav.next" = 9
"nav.select" = 10
"nav.back" = 11

[leds]
chain_pin = 22

[leds.chain]
"red.chief" = 0
"red.warrior" = 1
"nav.select" = 2
"""


def write(tmp_path: Path, text: str, name: str = "bench") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace("{name}", name), encoding="utf-8")
    return path


def spoil(template: str, old: str, new: str) -> str:
    assert old in template, f"test bug: {old!r} not in the template"
    return template.replace(old, new, 1)


def problems_of(path: Path) -> str:
    with pytest.raises(ConfigError) as caught:
        load_profile(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message


def problem_line(message: str, key: str) -> str:
    """The one problem line about ``key``; fails if there is none."""
    lines = [line for line in message.splitlines()[1:] if line.strip().startswith(key)]
    assert lines, f"no problem line for {key} in:\n{message}"
    return lines[0]


# ---- shipped profiles -----------------------------------------------------------------


def test_shipped_profiles_are_available() -> None:
    assert set(SHIPPED) <= set(available_profiles())
    assert DEFAULT_PROFILE in available_profiles()


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_profile_loads(name: str) -> None:
    profile = load_profile(name)
    assert profile.name == name
    assert profile.path == REPO_WIRING / "profiles" / f"{name}.toml"
    assert profile.pull == "up"
    assert set(NAV_CONTROLS) <= set(profile.controls)
    assert list(profile.controls) == [c for c in ALL_CONTROLS if c in profile.controls]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_profile_pins_are_distinct_and_unreserved(name: str) -> None:
    profile = load_profile(name)
    pins = list(profile.controls.values())
    if profile.kind == "gpio":
        pins += profile.leds.values()
    else:
        assert profile.led_chain_pin is not None
        pins.append(profile.led_chain_pin)
    assert len(pins) == len(set(pins))
    assert not set(pins) & set(profile.reserved)


def test_gpio_dsi_wires_everything_and_keeps_the_eeprom_bus() -> None:
    profile = load_profile("gpio-dsi")
    assert profile.kind == "gpio"
    assert profile.display == "dsi"
    assert tuple(profile.controls) == ALL_CONTROLS
    assert set(profile.reserved) == {0, 1}
    used = set(profile.controls.values()) | set(profile.leds.values())
    assert used == set(range(2, 28))  # every header GPIO but the EEPROM bus


def test_gpio_spi35_reserves_the_panel_and_wires_three_seats() -> None:
    profile = load_profile("gpio-spi35")
    assert profile.display == "spi35"
    assert {7, 8, 9, 10, 11, 17, 24, 25} <= set(profile.reserved)
    assert profile.seats() == ("red", "yellow", "purple")
    assert "usb-box" in profile.description


def test_gpio_profiles_share_pins_for_shared_controls_and_leds() -> None:
    dsi, spi = load_profile("gpio-dsi"), load_profile("gpio-spi35")
    assert {c: dsi.controls[c] for c in spi.controls} == dict(spi.controls)
    assert dict(dsi.leds) == dict(spi.leds)


def test_usb_box_has_every_control_on_a_pico_pin_and_one_pixel_each() -> None:
    profile = load_profile("usb-box")
    assert profile.kind == "box"
    assert tuple(profile.controls) == ALL_CONTROLS
    assert set(profile.controls.values()) <= set(range(23)) | {26, 27, 28}
    assert set(profile.leds) == set(ALL_CONTROLS)
    assert sorted(profile.leds.values()) == list(range(len(ALL_CONTROLS)))
    assert profile.led_chain_pin == 22
    assert profile.safe_mode == "nav.back"


def test_profile_seats() -> None:
    profile = load_profile("gpio-spi35")
    assert profile.controls["red.chief"] == 2
    assert profile.seats() == ("red", "yellow", "purple")
    assert load_profile("usb-box").seats() == SEATS


def test_profile_is_read_only() -> None:
    profile = load_profile("gpio-dsi")
    with pytest.raises(TypeError):
        profile.controls["red.chief"] = 5  # type: ignore[index]


def test_loads_by_path_as_well_as_by_name(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD_GPIO)
    profile = load_profile(path)
    assert isinstance(profile, Profile)
    assert profile.seats() == ("red", "yellow")
    assert load_profile(str(path)).controls == profile.controls
    assert dict(profile.leds) == {"status": 23}


def test_good_box_template_loads(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, GOOD_BOX))
    assert dict(profile.leds) == {"red.chief": 0, "red.warrior": 1, "nav.select": 2}
    assert profile.led_chain_pin == 22


# ---- where profiles are found ---------------------------------------------------------


def test_wiring_dir_defaults_to_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_WIRING", raising=False)
    assert wiring_dir() == REPO_WIRING


def test_companion_wiring_overrides_the_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "profiles").mkdir()
    write(tmp_path / "profiles", GOOD_GPIO, name="kitchen-table")
    monkeypatch.setenv("COMPANION_WIRING", str(tmp_path))
    assert wiring_dir() == tmp_path
    assert available_profiles() == ["kitchen-table"]
    assert load_profile("kitchen-table").path == tmp_path / "profiles" / "kitchen-table.toml"


def test_unknown_profile_name_lists_the_available_ones() -> None:
    with pytest.raises(ConfigError) as caught:
        load_profile("gpio-dis")
    message = str(caught.value)
    assert "gpio-dis.toml" in message
    assert 'Did you mean "gpio-dsi"?' in message
    for name in SHIPPED:
        assert name in message


def test_missing_path_says_so(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ConfigError, match=r"nowhere\.toml: no such file\. Fix: check the path"):
        load_profile(path)


# ---- one test per mistake -------------------------------------------------------------


def test_toml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.woman" = 4', '"red.woman" = = 4'))
    message = problems_of(path)
    assert "line 15, column" in message
    assert '`"red.woman" = = 4`' in message
    assert "Fix: Correct that line" in message


def test_duplicate_key_is_a_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.woman" = 4', '"red.woman" = 4\n"red.woman" = 5'))
    assert "a key may appear only once" in problems_of(path)


def test_missing_required_key(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, 'display = "dsi"\n', ""))
    line = problem_line(problems_of(path), "display:")
    assert "missing" in line
    assert 'Fix: Add display = one of "dsi"' in line


def test_missing_controls_section(tmp_path: Path) -> None:
    text = GOOD_GPIO.split("[controls]", maxsplit=1)[0]
    line = problem_line(problems_of(write(tmp_path, text)), "controls:")
    assert "Fix: Add a [controls] section" in line


def test_wrong_typed_key(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "schema = 1", 'schema = "1"'))
    line = problem_line(problems_of(path), "schema =")
    assert 'schema = "1": must be an integer. Fix: Write schema = 1.' in line


def test_wrong_schema_version(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "schema = 1", "schema = 2"))
    line = problem_line(problems_of(path), "schema =")
    assert "schema = 2: this companion reads schema 1 only. Fix: Convert" in line


def test_pin_given_as_a_string(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.chief" = 2', '"red.chief" = "2"'))
    line = problem_line(problems_of(path), 'controls."red.chief"')
    assert 'controls."red.chief" = "2": must be a pin number' in line
    assert "Fix: Write the number without quotes" in line


def test_unknown_top_level_key_suggests_the_closest(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, 'pull = "up"', 'pull = "up"\ndisplya = "dsi"'))
    line = problem_line(problems_of(path), "displya =")
    assert 'displya = "dsi": unknown key or section' in line
    assert 'Fix: Did you mean "display"?' in line


def test_unknown_section_suggests_the_closest(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "[leds]", "[ledz]"))
    line = problem_line(problems_of(path), "ledz =")
    assert 'Did you mean "leds"?' in line


def test_unknown_control_suggests_the_closest(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.hunter" = 14', '"red.huntr" = 14'))
    message = problems_of(path)
    line = problem_line(message, 'controls."red.huntr"')
    assert 'controls."red.huntr" = 14: unknown control "red.huntr"' in line
    assert 'Fix: Did you mean "red.hunter"?' in line


def test_unquoted_dotted_control_name(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.hunter" = 14', "red.hunter = 14"))
    line = problem_line(problems_of(path), "controls.red =")
    assert "an unquoted dot made a nested table" in line
    assert 'Fix: Quote the control name: "red.chief"' not in line  # names the one written
    assert '"red.hunter" = ...' in line


def test_pin_used_twice_names_both_users(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.woman" = 4', '"red.woman" = 3'))
    line = problem_line(problems_of(path), 'controls."red.woman"')
    assert 'controls."red.woman" = 3: BCM 3 is also used by controls."red.warrior"' in line
    assert "Fix: Use a free pin: BCM 4," in line


def test_led_on_a_control_pin_is_a_clash(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "status = 23", "status = 12"))
    line = problem_line(problems_of(path), "leds.status")
    assert 'is also used by controls."nav.previous"' in line


def test_reserved_pin_used(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.chief" = 2', '"red.chief" = 1'))
    line = problem_line(problems_of(path), 'controls."red.chief"')
    assert "BCM 1 is reserved (HAT ID EEPROM)" in line
    assert "Fix: Use a free pin: BCM 2," in line


def test_pin_outside_the_header(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"red.chief" = 2', '"red.chief" = 28'))
    line = problem_line(problems_of(path), 'controls."red.chief"')
    assert "BCM 28 is not a usable pin (usable: BCM 0-27)" in line
    assert "Fix: Use a free pin" in line


@pytest.mark.parametrize("pin", [23, 24, 29, -1])
def test_pin_outside_the_pico_edge(tmp_path: Path, pin: int) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, '"red.chief" = 0', f'"red.chief" = {pin}'))
    line = problem_line(problems_of(path), 'controls."red.chief"')
    assert f"GP{pin} is not a usable pin (usable: GP0-22 and GP26-28 on a Pico)" in line
    assert "Fix: Use a free pin: GP0," in line


def test_pico_pins_26_to_28_are_usable(tmp_path: Path) -> None:
    text = spoil(GOOD_BOX, '"nav.back" = 11', '"nav.back" = 28')
    assert load_profile(write(tmp_path, text)).controls["nav.back"] == 28


def test_incomplete_seat(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"yellow.woman" = 27\n', ""))
    line = problem_line(problems_of(path), "controls: seat yellow")
    assert 'controls."yellow.woman" missing' in line
    assert "Fix: Wire all four Indians of a seat or none" in line


def test_fewer_than_two_seats(tmp_path: Path) -> None:
    text = "\n".join(line for line in GOOD_GPIO.splitlines() if "yellow" not in line)
    line = problem_line(problems_of(write(tmp_path, text)), "controls: only 1 seat")
    assert "Fix: Wire at least 2 seats" in line


def test_nav_control_missing(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '"nav.back" = 21\n', ""))
    line = problem_line(problems_of(path), 'controls."nav.back"')
    assert 'controls."nav.back": missing. Fix: Add "nav.back" = <pin> under [controls]' in line


@pytest.mark.parametrize(
    ("old", "new", "key", "suggestion"),
    [
        ('kind = "gpio"', 'kind = "gpoi"', "kind =", '"gpio"'),
        ('pull = "up"', 'pull = "Up"', "pull =", '"up"'),
        ('display = "dsi"', 'display = "spi"', "display =", '"spi35"'),
    ],
)
def test_wrong_choice_suggests_the_right_one(
    tmp_path: Path, old: str, new: str, key: str, suggestion: str
) -> None:
    line = problem_line(problems_of(write(tmp_path, spoil(GOOD_GPIO, old, new))), key)
    assert f"{new}: must be one of" in line
    assert f"Fix: Did you mean {suggestion}?" in line


def test_name_must_match_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, 'name = "{name}"', 'name = "other"'))
    line = problem_line(problems_of(path), "name =")
    assert 'name = "other": does not match the file name bench.toml' in line
    assert 'Fix: Set name = "bench" or rename the file to other.toml.' in line


def test_reserved_key_must_be_a_pin(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, '1 = "HAT ID EEPROM"', 'ID_SC = "HAT ID EEPROM"'))
    line = problem_line(problems_of(path), "reserved.ID_SC")
    assert "the key must be a pin number. Fix: Write the pin number as the key" in line


def test_spi_display_needs_its_pins_reserved(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, 'display = "dsi"', 'display = "spi35"'))
    message = problems_of(path)
    line = problem_line(message, "reserved.24")
    assert 'missing: display = "spi35" uses BCM 24' in line
    assert "Fix: Add 24 =" in line
    assert len(message.splitlines()) == 1 + 8  # SPI0 (5 pins), touch IRQ, DC, reset


def test_led_for_an_unwired_control(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "status = 23", '"blue.chief" = 23'))
    line = problem_line(problems_of(path), 'leds."blue.chief"')
    assert '"blue.chief" is not wired in [controls]. Fix: Wire it under [controls] first' in line


def test_unquoted_control_led_gets_the_quoting_hint(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "status = 23", "red.chief = 23"))
    line = problem_line(problems_of(path), "leds.red =")
    assert 'an unquoted dot made a nested table. Fix: Quote the control name: "red.chief"' in line


def test_gpio_profile_cannot_have_a_chain(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, "status = 23", "chain_pin = 23"))
    line = problem_line(problems_of(path), "leds.chain_pin")
    assert 'only a kind = "box" profile has an LED chain' in line


def test_chain_index_used_twice(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, '"nav.select" = 2', '"nav.select" = 1'))
    line = problem_line(problems_of(path), 'leds.chain."nav.select"')
    assert 'leds.chain."nav.select" = 1: position 1 is also leds.chain."red.warrior"' in line
    assert "Fix: Give each control its own position in the chain." in line


def test_negative_chain_index(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, '"nav.select" = 2', '"nav.select" = -2'))
    line = problem_line(problems_of(path), 'leds.chain."nav.select"')
    assert "must be a chain position (an integer from 0 to 63)" in line


def test_chain_pin_clashing_with_a_control(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, "chain_pin = 22", "chain_pin = 3"))
    line = problem_line(problems_of(path), "leds.chain_pin")
    assert 'leds.chain_pin = 3: GP3 is also used by controls."red.hunter"' in line
    assert "Fix: Use a free pin: GP12," in line


def test_chain_pin_on_a_reserved_pin(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, "chain_pin = 22", "chain_pin = 25"))
    line = problem_line(problems_of(path), "leds.chain_pin")
    assert "GP25 is reserved (onboard LED)" in line


def test_chain_without_a_chain_pin(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, "chain_pin = 22\n", ""))
    line = problem_line(problems_of(path), "leds.chain_pin")
    assert "leds.chain_pin: missing. Fix: Add chain_pin = <pin> under [leds]." in line


def test_box_led_key_typo(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, "chain_pin = 22", "chainpin = 22"))
    message = problems_of(path)
    assert 'Did you mean "chain_pin"?' in problem_line(message, "leds.chainpin")
    assert "leds.chain_pin: missing" in message


def test_box_needs_a_safe_mode(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, 'safe_mode = "nav.back"\n', ""))
    line = problem_line(problems_of(path), "safe_mode")
    assert 'safe_mode: missing. Fix: Add safe_mode = "nav.back"' in line


def test_safe_mode_names_a_known_control(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, 'safe_mode = "nav.back"', 'safe_mode = "nav.bak"'))
    line = problem_line(problems_of(path), "safe_mode")
    assert 'safe_mode = "nav.bak": unknown control "nav.bak". Fix: Did you mean "nav.back"?' in line


def test_gpio_profile_has_no_safe_mode(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_GPIO, 'pull = "up"', 'pull = "up"\nsafe_mode = "nav.back"'))
    line = problem_line(problems_of(path), "safe_mode")
    assert 'only a kind = "box" profile has a safe mode. Fix: Remove it.' in line


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    text = spoil(GOOD_GPIO, 'pull = "up"', 'pull = "sideways"')
    text = spoil(text, '"red.hunter" = 14', '"red.huntr" = 14')
    text = spoil(text, '"yellow.chief" = 15', '"yellow.chief" = 1')
    message = problems_of(write(tmp_path, text))
    assert message.splitlines()[0].endswith("4 problems in the pin map:")
    for key in ("pull =", 'controls."red.huntr"', "controls: seat red", 'controls."yellow.chief"'):
        problem_line(message, key)


def test_shipped_files_are_plain_toml_with_the_documented_keys() -> None:
    documented = {"schema", "name", "description", "kind", "display", "pull"}
    for name in SHIPPED:
        data = tomllib.loads((REPO_WIRING / "profiles" / f"{name}.toml").read_text())
        assert documented <= set(data), name
        assert {"reserved", "controls", "leds"} <= set(data), name
        assert set(data["controls"]) <= set(SEAT_CONTROLS + NAV_CONTROLS), name


# ---- files that are not pin maps (each gives one clear error, never a hang) ------------


def test_deeply_nested_toml_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested too deeply" in problems_of(path)


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * (512 * 1024))
    assert "larger than 256 KiB, not a pin map" in problems_of(path)


def test_a_device_or_fifo_is_never_opened(tmp_path: Path) -> None:
    assert "not a regular file" in problems_of(Path("/dev/zero"))
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    assert "not a regular file" in problems_of(fifo)  # opening it would wait for a writer


def test_an_error_quotes_a_short_excerpt_of_a_long_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD_GPIO + 'bad = "' + "x" * 100_000 + "\n")
    message = problems_of(path)
    assert "invalid TOML" in message and len(message) < 1000, len(message)
    value = write(tmp_path, spoil(GOOD_GPIO, "status = 23", 'status = "' + "y" * 100_000 + '"'))
    assert len(problems_of(value)) < 1000


def test_an_led_chain_position_is_bounded_by_the_chain_a_box_can_have(tmp_path: Path) -> None:
    path = write(tmp_path, spoil(GOOD_BOX, '"nav.select" = 2', '"nav.select" = 100000000'))
    line = problem_line(problems_of(path), 'leds.chain."nav.select"')
    assert "must be a chain position (an integer from 0 to 63)" in line
    assert load_profile(write(tmp_path, spoil(GOOD_BOX, '"nav.select" = 2', '"nav.select" = 63')))
