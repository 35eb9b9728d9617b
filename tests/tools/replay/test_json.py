"""``companion replay --json`` (requirement 10): the whole state with the outcome, cards by
name, the same field names for the same thing in FULL and TRACKER."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.rules.registry import get_engine
from companion.session import Session
from tests.tools.replay.helpers import GAMES, example, random_game, replay_json

TOP = {
    "journal",
    "game",
    "journal_game",
    "mode",
    "seed",
    "setup",
    "lines",
    "actions",
    "players",
    "status",
    "to_act",
    "outcome",
    "state",
    "history",
}
NESTED = {
    "apache": ("players", "window", "window.slaps", "window.results"),
    "apocalypse": ("players", "trick", "rounds", "last_trick", "last_trick.plays", "tokens"),
    "paris": ("players", "players.reserve", "players.on_board", "settlement", "tally", "ledger"),
}
"""The parts of each game's ``state`` whose fields both modes must name alike (a list:
every item's fields)."""
EVENTS = {"apache": ("window",), "apocalypse": ("trick", "round"), "paris": ("turn", "settlement")}
"""The history entries both modes have, whose fields must be named alike."""
CARD_FIELDS = frozenset(
    {"display", "removed", "pile", "taken", "joined", "penalty", "raid", "cards", "hand", "won"}
    | {"cards_won", "stashes", "covered", "aside", "card", "trick"}
)


def _fields(value: Any, path: str) -> set[str]:
    """The field names at ``path`` (dots) in ``value``: every dict's keys along the way,
    through lists (empty when there is nothing there in this game)."""
    found: set[str] = set()
    for item in _at(value, path.split(".")):
        if isinstance(item, dict):
            found |= set(item)
    return found


def _at(value: Any, keys: list[str]) -> Iterator[Any]:
    if isinstance(value, list):
        for item in value:
            yield from _at(item, keys)
    elif not keys:
        yield value
    elif isinstance(value, dict) and value.get(keys[0]) is not None:
        yield from _at(value[keys[0]], keys[1:])


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished random game of each game and mode, with undos."""
    directory = tmp_path_factory.mktemp("games")
    names = [*GAMES, *(f"{game}_tracker" for game in GAMES)]
    return {name: random_game(name, directory, seed=8, undo_every=11) for name in names}


@pytest.mark.parametrize("game", GAMES)
def test_full_and_tracker_name_the_same_things_alike(
    game: str, games: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    full = replay_json(games[game], capsys)
    tracker = replay_json(games[f"{game}_tracker"], capsys)
    assert set(full) == set(tracker) == TOP
    assert (full["mode"], tracker["mode"]) == ("FULL", "TRACKER")
    assert full["game"] == tracker["game"]
    assert set(full["state"]) == set(tracker["state"])
    for path in NESTED[game]:
        both = _fields(full["state"], path), _fields(tracker["state"], path)
        assert both[0] == both[1] or not all(both), f"{path}: {both}"
    for kind in EVENTS[game]:
        fields = [
            {key for event in data["history"] if event["kind"] == kind for key in event}
            for data in (full, tracker)
        ]
        assert fields[0] == fields[1] and fields[0], f"{kind}: {fields}"


def test_the_apocalypse_phases_and_tokens_are_the_same_words_in_both_modes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engines' own JSON says ``name``/``lead``, ``choose``/``first`` and
    ``tokens``/``black``; the referee's JSON says one thing for each."""
    full = replay_json(example("apocalypse", tmp_path), capsys)["state"]
    tracker = replay_json(example("apocalypse_tracker", tmp_path), capsys)["state"]
    assert (full["phase"], tracker["phase"]) == ("play", "naming")
    assert (full["engine_phase"], tracker["engine_phase"]) == ("play", "lead")
    assert full["tokens"] == {"black": ["red"], "coloured": ["green", "purple"]}
    assert tracker["tokens"] == {"black": [], "coloured": ["red", "green", "purple", "blue"]}
    assert tracker["last_trick"]["winner"] == "P2"
    assert tracker["last_trick"]["cards_won"] == ["purple 3", "blue 6", "Tranquility"]
    assert full["last_trick"]["cards_won"] == ["red 10"]


@pytest.mark.parametrize("game", [*GAMES, *(f"{g}_tracker" for g in GAMES)])
def test_cards_and_players_are_named_never_numbered(
    game: str, games: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = replay_json(games[game], capsys)
    named = list(_card_values(data["state"])) + list(_card_values(data["history"]))
    assert named or game == "paris_tracker", "the game has cards to name (the bank sees none)"
    assert all(isinstance(value, str) and not value.isdigit() for value in named)
    players = set(data["players"])
    for key in ("winner", "player", "holder", "turner", "leader", "first_player"):
        for value in _values(data, key):
            assert value is None or value in players, (key, value)


def _card_values(value: Any) -> Iterator[Any]:
    """Every card (or stash) in ``value``, at any depth: the leaves under card fields."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in CARD_FIELDS:
                yield from _leaves(item)
            else:
                yield from _card_values(item)
    elif isinstance(value, list):
        for item in value:
            yield from _card_values(item)


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("player", "card"):
                yield from _leaves(item) if key == "card" else iter(())
    elif value is not None:
        yield value


def _values(value: Any, key: str) -> Iterator[Any]:
    if isinstance(value, dict):
        for k, item in value.items():
            if k == key and not isinstance(item, dict | list):
                yield item
            yield from _values(item, key)
    elif isinstance(value, list):
        for item in value:
            yield from _values(item, key)


def test_the_json_has_the_outcome_of_a_finished_game(
    games: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = games["paris"]
    session = Session.load(path)
    outcome = session.outcome
    assert outcome is not None
    data = replay_json(path, capsys)
    colours = data["players"]
    assert data["outcome"]["winners"] == [colours[w] for w in outcome.winners]
    assert data["outcome"]["shared"] is (len(outcome.winners) > 1)
    assert data["outcome"]["reason"] == outcome.reason
    assert data["outcome"]["scores"] == dict(zip(colours, outcome.scores, strict=True))
    assert [line["total"] for line in data["state"]["tally"]] == list(session.state.money)
    assert data["to_act"] is None and data["lines"]["replayed"] == data["lines"]["total"]


def test_a_game_without_its_own_referee_gets_its_engines_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.rules.toygame import TOY, scripted_action

    path = tmp_path / "toy.jsonl"
    with Session.start(TOY, {"seats": 2, "hand_size": 2, "cards": 5}, 42, path) as session:
        for k in range(3):
            session.apply(scripted_action(TOY, session.state, k))
    data = replay_json(path, capsys)
    assert data["players"] == ["P1", "P2"]
    engine = get_engine("toy")
    state = json.loads(json.dumps(engine.state_to_json(Session.load(path).state)))
    assert data["state"] == {"engine": state}


def test_a_pending_choice_lists_its_options_by_name(
    games: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = games["apache"]
    lines = path.read_text().splitlines()
    choose = next(k for k, line in enumerate(lines, start=1) if '"kind":"choose"' in line)
    data = replay_json(path, capsys, "--at", str(choose - 1))
    pending = data["state"]["pending_choice"]
    assert data["state"]["phase"] == "resolving" and data["to_act"] == pending["player"]
    assert len(pending["options"]) > 1
    assert sum(option["default"] for option in pending["options"]) == 1
    for option in pending["options"]:
        assert option["option"].startswith(("the ", "a wedding with the "))
        assert option["cards"] and all(isinstance(card, str) for card in option["cards"])
