"""A FULL game in a journal: the session deals card by card (chance), the journal replays
the shuffle exactly, and an undo takes back a play without re-dealing."""

import json
from pathlib import Path

from companion.bots.apocalypse import HeuristicBot
from companion.rules.apocalypse import APOCALYPSE, DEAL, PLAY
from companion.session import Session


def test_a_journaled_game_replays_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "apocalypse.jsonl"
    session = Session.start(APOCALYPSE, {"players": 3}, 11, path)
    assert session.state.phase == PLAY, "the session dealt the opening hands itself"
    bots = [HeuristicBot(seat) for seat in range(3)]
    while len(session.state.rounds) < 1 or session.state.phase == DEAL:
        session.apply(bots[session.state.turn].choose(session.state))
    session.apply(bots[session.state.turn].choose(session.state))
    live = session.state
    session.close()
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["game"] == "apocalypse" and lines[0]["rules_version"] == "1"
    deals = [r for r in lines[1:] if r.get("chance")]
    assert len(deals) == 2 * 30 and deals[0]["action"]["kind"] == "deal"
    replayed = Session.load(path)
    assert replayed.state == live and replayed.state.round == 2
    replayed.close()


def test_undo_takes_back_a_play_and_keeps_the_deal(tmp_path: Path) -> None:
    session = Session.start(APOCALYPSE, {"players": 2}, 5, tmp_path / "duel.jsonl")
    dealt = session.state
    action = HeuristicBot(dealt.turn).choose(dealt)
    after = session.apply(action)
    assert after != dealt and session.undo() == dealt
    assert session.apply(action) == after
    session.close()
