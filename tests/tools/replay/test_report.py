"""``companion replay LOG``: what a person reads (requirement 9): the game, the mode, the
players, the phase, the score, the OUTCOME and the history, cards and players by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.session import Session
from tests.tools.replay.helpers import SETUPS, example, journal_lines, random_game, replay

EXPECTED = {
    "apache_tracker": [
        "Apache, TRACKER mode",
        "Players: red, yellow",
        "Phase: over",
        "Score: red 12 cards (1 slap: 1 loot), yellow 5 cards (1 slap: 1 nothing)",
        "OUTCOME: red wins. Why: ",
        "Pow-Wow window 1: red hunter, yellow chief",
        "1. red hunter (first): loot",
        "2. yellow chief (+0.412 ms): nothing: legal, but the others took it all first",
        "undo: takes back line 7: yellow chief: penalty",
        "note late: press ignored (late), no penalty",
        "piles counted: red 12 cards, yellow 5 cards",
    ],
    "apache": [
        "Apache, FULL mode",
        "Players: red, yellow",
        "Phase: yellow turns the next card (109 face down)",
        "Score: red 2 cards (1 slap: 1 loot), yellow 0 cards (0 slaps)",
        "OUTCOME: none yet (the game is not over)",
        "Pow-Wow window 1: red hunter",
        "on the display: totem pole, red hunter, blue woman, buffalo",
        "1. red hunter (312.407 ms after the card): loot: red hunter takes 1 buffalo",
    ],
    "apocalypse_tracker": [
        "Apocalypse, TRACKER mode",
        "Players: P1, P2, P3",
        "P2 won the trick and names the next first player (ruling P8)",
        "round 1 so far: P1 8, P2 9, P3 0",
        "undo: takes back line 2: P1 plays red 9",
        "round 1, trick 1: P1 red 8, P2 Chaos, P3 green ? -> P1 wins 8 points",
        "tokens turned black: red by P1 (red 8), green by P2 (Chaos)",
        "round 1, trick 2 (an Apocalypse): P2 purple 3, P3 blue 6, P1 Tranquility -> P2 wins "
        "9 points",
        "the Apocalypse began with P3's blue 6 (ruling P5)",
        "cards won: purple 3, blue 6, Tranquility",
    ],
    "apocalypse": [
        "Apocalypse, FULL mode",
        "Players: P1, P2",
        "Phase: round 1: P1 is to play",
        "round 1 dealt (ruling P3)",
        "P2: red 1, red 4, red 10,",
        "round 1, trick 1: P1 red 2, P2 red 1 -> P1 wins 2 points",
        "round 1, trick 2: P1 red 3, P2 red 10 -> P2 wins 10 points",
        "round 1 so far: P1 2, P2 10",
    ],
    "paris": [
        "Les Apaches de Paris, FULL mode",
        "Players: purple, yellow",
        "Score: purple 500 F, yellow 500 F",
        "round 1: yellow is the first player; set aside unseen (ruling D3): district 5 slot 5 "
        "(killed), district 6 slot 4 (prison), district 7 slot 1 (steal)",
        "round 1: the draft (ruling D3)",
        "yellow: district 5 slot 2 (prison),",
        "round 1, turn 1, yellow: places 2 leaders in district 7 (light blue); places its "
        "stash district 5 slot 2 (prison)",
        "round 1, turn 1, purple: places 4 leaders in district 7 (light blue)",
    ],
    "paris_tracker": [
        "Les Apaches de Paris, TRACKER mode",
        "Phase: round 2, turn 1: yellow's turn",
        "Score: purple 450 F, yellow 800 F",
        "undo: takes back line 6: purple moves Apaches on the board",
        "round 1 settlement: district 5 (yellow): yellow holds it; uncovered: steal: yellow "
        "steals 300 F from each other gang (purple 300 F paid)",
        "round 1 settlement: district 6 (pink): purple holds it; uncovered: wounded",
        "round 1 settlement: district 9 (fence): purple holds it",
        "round 2: yellow is the first player",
    ],
}

TYPE_NAMES = re.compile(r"\b(?:red|yellow|purple|blue|green)-\w+|\b(?:chaos|tranquility)\b")
"""Card types as the journals write them (``red-hunter``, ``purple-8``, ``chaos``)."""


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_each_documented_journal_tells_its_outcome_and_history(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = replay([example(game, tmp_path)], capsys)
    assert (code, err) == (0, "")
    for expected in EXPECTED[game]:
        assert expected in out, f"{expected!r} not in:\n{out}"
    headings = [line.split(":")[0] for line in out.splitlines()[2:6]]
    assert headings == ["Players", "Phase", "Score", "OUTCOME"]
    assert "History (journal lines):" in out
    assert "seat " not in out, "players are named, never numbered"
    assert not TYPE_NAMES.findall(out), "cards are named as printed, not as journaled"


def test_the_history_is_in_journal_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = replay([example("paris_tracker", tmp_path)], capsys)
    history = out.split("History (journal lines):\n")[1].splitlines()
    firsts = [int(line.split()[0].split("-")[0]) for line in history if line[:11].strip()]
    assert firsts == sorted(firsts) and firsts[0] == 2 and firsts[-1] == 22


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_a_whole_game_ends_with_the_engines_outcome(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = random_game(game, tmp_path, seed=5, undo_every=9)
    session = Session.load(path)
    outcome = session.outcome
    assert outcome is not None
    code, out, err = replay([path], capsys)
    assert (code, err) == (0, "")
    names = [str(name) for name in _players(out)]
    winners = " and ".join(names[seat] for seat in outcome.winners)
    who = f"shared victory: {winners}" if len(outcome.winners) > 1 else f"{winners} wins"
    assert f"OUTCOME: {who}. Why: {outcome.reason}" in out
    assert "Phase: over" in out
    undos = sum(1 for record in journal_lines(path) if record["type"] == "undo")
    assert out.count(" undo: takes back line ") == undos > 0
    assert not TYPE_NAMES.findall(out)


def _players(out: str) -> list[str]:
    line = next(line for line in out.splitlines() if line.startswith("Players: "))
    return line.removeprefix("Players: ").split(", ")


def test_every_window_of_a_full_apache_game_has_each_slappers_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = random_game("apache", tmp_path, seed=3)
    session = Session.load(path)
    closes = sum(1 for step in session.history if type(step.action).__name__ == "Close")
    _, out, _ = replay([path], capsys)
    titles = re.findall(r"Pow-Wow window (\d+): ", out)
    assert [int(n) for n in titles] == list(range(1, closes + 1))
    results = re.findall(r"^\s+\d+\. \w+ \w+: (loot|nothing|penalty): \S", out, flags=re.M)
    slaps = sum(1 for step in session.history if type(step.action).__name__ == "Slap")
    assert len(results) == slaps


def test_every_trick_and_round_of_an_apocalypse_game_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = random_game("apocalypse", tmp_path, seed=4)
    _, out, _ = replay([path], capsys)
    for number in (1, 2, 3):
        assert f"round {number} dealt (ruling P3)" in out
        assert f"round {number} scored: P1 " in out
        assert f"round {number}, trick 1: P" in out
    assert re.search(r"P\d \(most points, ruling P10\) names P\d to open round 2", out)


def test_the_readme_shows_the_replay_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's printout is `companion replay` of the Apache tracker example, as it is."""
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("(`companion replay apache_tracker.jsonl`):\n\n```text\n", 1)[1]
    shown = shown.split("```", 1)[0]
    path = example("apache_tracker", tmp_path)
    code, out, _ = replay([path], capsys)
    assert code == 0
    assert out.replace(str(path), "apache_tracker.jsonl") == shown
