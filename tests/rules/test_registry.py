"""The registry: journal game names -> engines, imported on first use."""

import subprocess
import sys

import pytest

from companion.rules.base import SetupError
from companion.rules.registry import GAMES, engine_names, get_engine, register
from tests.rules.toygame import TOY, ToyGame


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_journal_game_name_finds_its_engine(name: str) -> None:
    engine = get_engine(name)
    assert engine.name == name
    assert get_engine(name) is engine


def test_the_journal_names_of_every_game_and_mode_stay_as_they_were() -> None:
    """Journals written by every earlier version name these games (JOURNAL.md)."""
    assert set(GAMES) == {
        "apache",
        "apache_tracker",
        "apocalypse",
        "apocalypse_tracker",
        "paris",
        "paris_tracker",
    }


def test_loading_one_game_does_not_import_the_others() -> None:
    code = (
        "import sys; from companion.rules.registry import get_engine; "
        "get_engine('apocalypse_tracker'); "
        "print(sorted(m for m in sys.modules if m.startswith('companion.rules.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "companion.rules.apocalypse.tracker" in done.stdout
    assert "apache" not in done.stdout and "paris" not in done.stdout


def test_a_registered_engine_is_found_by_its_name() -> None:
    assert get_engine("toy") is TOY
    assert "toy" in engine_names()
    assert set(GAMES) <= set(engine_names())


@pytest.mark.parametrize("name", ["harness", "base", "registry", "no such game", "chess"])
def test_an_unknown_game_is_a_setup_error_listing_the_known_ones(name: str) -> None:
    with pytest.raises(SetupError, match=rf"unknown game '{name}'.*apache_tracker.*toy"):
        get_engine(name)


def test_registering_the_same_class_again_keeps_the_first_engine() -> None:
    assert register(ToyGame()) is TOY
    assert get_engine("toy") is TOY


def test_a_second_engine_cannot_take_a_registered_name() -> None:
    class Impostor(ToyGame):
        pass

    with pytest.raises(SetupError, match="already taken"):
        register(Impostor())
    assert get_engine("toy") is TOY


def test_a_game_name_of_the_map_cannot_be_registered() -> None:
    class Thief(ToyGame):
        name = "apache"

    with pytest.raises(SetupError, match="'apache' is already taken"):
        register(Thief())


def test_an_engine_without_a_name_cannot_register() -> None:
    class Nameless(ToyGame):
        name = ""

    with pytest.raises(SetupError, match="no 'name'"):
        register(Nameless())
