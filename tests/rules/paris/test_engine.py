"""The engine's public face: registry, setup, phases, errors, views, JSON, journals."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.rules.base import CHANCE, SetupError
from companion.rules.paris import (
    ASIDE,
    CONFIGURATIONS,
    DRAFT,
    DRAW,
    FIRST,
    PARIS,
    STASH,
    TURN,
    Action,
    Bourgeois,
    Draw,
    First,
    Move,
    Place,
    SetAside,
    Stash,
    Step,
    Take,
)
from companion.rules.registry import get_engine
from companion.session import Session
from tests.rules.paris.script import PURPLE, YELLOW, deal, new, turn


def test_the_engine_is_registered_as_paris() -> None:
    assert get_engine("paris") is PARIS
    assert PARIS.name == "paris" and PARIS.rules_version == "1"


def test_setup_is_completed_and_validated_with_clear_errors() -> None:
    assert PARIS.validate_setup({}) == {
        "players": 4,
        "colours": ["purple", "yellow", "green", "red"],
        "districts": [1, 2, 3, 4, 5, 6, 7, 8, 9],
        "board": "reference",
    }
    full = PARIS.validate_setup({"players": 3, "colours": ["red", "green", "purple"]})
    assert PARIS.validate_setup(full) == full
    with pytest.raises(SetupError, match=r"unknown paris setup option\(s\) \['seats'\]"):
        PARIS.new({"seats": 2}, seed=0)
    with pytest.raises(SetupError, match="must name 2 different gangs"):
        PARIS.new({"players": 2, "colours": ["red", "red"]}, seed=0)
    with pytest.raises(SetupError, match="gangs from purple, yellow, green, red"):
        PARIS.new({"players": 2, "colours": ["red", "blue"]}, seed=0)
    with pytest.raises(SetupError, match="districts are numbers 1 to 9"):
        PARIS.new({"players": 2, "districts": [5, 6, 7, 8, 10]}, seed=0)


@pytest.mark.parametrize(
    ("players", "districts"),
    [(p, c) for p, configurations in CONFIGURATIONS.items() for c in configurations],
)
def test_every_configuration_of_the_rulebook_is_accepted(
    players: int, districts: tuple[int, ...]
) -> None:
    name = ".".join(map(str, districts))
    state = PARIS.new({"players": players, "districts": name}, seed=0)
    assert state.districts == districts
    state = deal(state)
    assert all(h.bit_count() == 6 for h in state.hands), "6 stashes each (ruling D2)"
    assert state.piles == 0


def test_phases_actors_and_legal_actions() -> None:
    state = new(2)
    assert state.phase == FIRST and PARIS.actor(state) == CHANCE
    assert PARIS.legal_actions(state) == (First(0), First(1))
    state = PARIS.apply(state, First(YELLOW))
    assert state.phase == ASIDE and PARIS.actor(state) == CHANCE
    for d in (5, 6, 7):
        state = PARIS.apply(state, SetAside(d, 1))
    assert state.phase == DRAFT and PARIS.actor(state) == YELLOW, "the first player drafts"
    assert PARIS.legal_actions(state) == (Take(5), Take(6), Take(7))
    state = PARIS.apply(state, Take(6))
    assert state.phase == DRAW and PARIS.actor(state) == CHANCE
    assert [a for a, _ in PARIS.chance_outcomes(state)] == [Draw(6, k) for k in (2, 3, 4, 5)]
    state = PARIS.apply(state, Draw(6, 4))
    assert state.hand(YELLOW) == ((6, 4),) and PARIS.actor(state) == PURPLE
    state = deal(new(2))
    legal = PARIS.legal_actions(state)
    assert Place(5, 7, 3, 0) in legal and Stash(*state.hand(PURPLE)[0]) in legal
    assert not any(isinstance(a, Move) for a in legal), "nobody on the board yet"
    state = PARIS.apply(state, Place(5, 1))
    assert state.phase == STASH
    assert PARIS.legal_actions(state) == tuple(Stash(d, k) for d, k in state.hand(PURPLE))


def test_illegal_actions_name_the_rule_and_leave_the_state_alone() -> None:
    state = deal(new(2))
    other = state.hand(YELLOW)[0]
    cases: list[tuple[Action, str]] = [
        # another moment's action: the rule of this moment, what it awaits and from whom
        (
            Take(5),
            r"^taking a stash from district 5 \(yellow\) refused by ruling D5 \(a turn\): "
            r"it is purple's turn 1 of round 1$",
        ),
        (Draw(5, 1), r"^drawing stash 5.1 refused by ruling D5 \(a turn\): it is purple's turn"),
        (Bourgeois("policeman"), r"^drawing the policeman counter refused by ruling D5"),
        # this moment's action, against its own rule
        (
            Stash(*other),
            rf"^placing stash {other[0]}.{other[1]} refused by ruling D5 \(the obligatory "
            rf"action\): purple holds no stash {other[0]}",
        ),
        (
            Place(5, 8),
            r"^placing 8 leaders in district 5 \(yellow\) refused by ruling D5 \(placing "
            r"from the reserve\): purple has 7 leader\(s\)",
        ),
        (Place(5, 0), r"ruling D5 \(placing\): place one or more Apaches"),
        (
            Move((Step(5, 7, "leader"),)),
            r"^moving a leader from district 5 to district 7 refused by ruling D5 \(moving "
            r"your own Apaches\)",
        ),
    ]
    for action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            PARIS.apply(state, action)
    with pytest.raises(IllegalAction, match="not a paris action"):
        PARIS.apply(state, "place 5")  # type: ignore[arg-type]


def test_the_view_hides_stashes_the_set_aside_piles_and_the_policeman() -> None:
    state = deal(new(2), aside={5: 2, 6: 3, 7: 1})
    mine = PARIS.view(state, PURPLE)
    theirs = PARIS.view(state, YELLOW)
    assert isinstance(mine, dict) and isinstance(theirs, dict)
    assert mine["hands"][PURPLE] == [list(p) for p in state.hand(PURPLE)]
    assert theirs["hands"][PURPLE] == [d for d, _ in state.hand(PURPLE)], "roofs only"
    assert mine["aside"] == [5, 6, 7], "set aside: districts only"
    text = json.dumps(theirs)
    assert '"policeman": null' in text
    state = turn(state, Place(8, 1))
    while state.phase == TURN:
        state = turn(state)
    state = PARIS.apply(state, Bourgeois("policeman"))
    holder = PARIS.view(state, PURPLE)
    view = PARIS.view(state, YELLOW)
    assert isinstance(holder, dict) and isinstance(view, dict)
    assert holder["policeman"] == PURPLE
    assert view["policeman"] is None and view["bourgeois"] == [1, 0]
    assert "policeman" not in json.dumps(view["settlement"])


def test_states_round_trip_through_json() -> None:
    state = deal(new(3))
    data = json.loads(json.dumps(PARIS.state_to_json(state)))
    assert PARIS.state_from_json(data) == state
    with pytest.raises(ValueError, match="not a paris state"):
        PARIS.state_from_json({**data, "money": None})
    action = Stash(*state.hand(PURPLE)[0])
    assert PARIS.action_from_json(PARIS.action_to_json(action)) == action


def test_a_journal_replays_with_companion_replay(tmp_path: Path) -> None:
    path = tmp_path / "paris.jsonl"
    session = Session.start(PARIS, {"players": 2}, 7, path)
    while session.state.phase != TURN:
        seat = session.actor
        assert isinstance(seat, int)
        session.apply(PARIS.legal_actions(session.state)[0])
    mover = session.state.colours[session.actor]  # type: ignore[index]
    session.apply(Place(5, 3))
    session.apply(Stash(*session.state.hand(session.actor)[0]))  # type: ignore[arg-type]
    final = session.state
    session.close()
    header = json.loads(path.read_text().splitlines()[0])
    assert (header["game"], header["rules_version"], header["seed"]) == ("paris", "1", 7)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    replayed = json.loads(done.stdout)["state"]["board_apaches"]["district 5 (yellow)"]
    assert replayed[mover]["leaders"] == 3
    assert PARIS.state_to_json(Session.load(path).state) == PARIS.state_to_json(final)
