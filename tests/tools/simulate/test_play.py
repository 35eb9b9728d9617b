"""The parts every game's simulation shares: reports, counters and the heuristic tally."""

from dataclasses import dataclass

from companion.tools.simulate import GameReport, Summary, counter
from companion.tools.simulate.play import HeuristicReport, HeuristicTally, play_games


@dataclass(slots=True)
class _Report(HeuristicReport):
    tricks: int = counter()
    skips: int = counter()


def test_a_report_counts_its_counter_fields_in_order() -> None:
    report = _Report(1, heuristic_seat=0, tricks=8, skips=2, actions=50)
    assert report.counts() == {"tricks": 8, "skips": 2}
    assert GameReport(1).counts() == {}


def test_play_games_sums_the_reports_and_reports_progress() -> None:
    summary = Summary("test", 2, ("P1", "P2"), (), seed=5)
    seen: list[tuple[int, int]] = []

    def play(i: int) -> _Report:
        return _Report(5 + i, scores=(i, 1), winners=(0,), actions=10, tricks=3, heuristic_seat=0)

    play_games(summary, 3, play, lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)] and summary.seconds >= 0
    data = summary.to_json()
    assert data["games"] == 3 and data["actions_per_game"] == 10
    assert data["tricks_per_game"] == 3 and data["skips_per_game"] == 0
    assert data["wins"] == [3, 0] and data["sole_wins"] == [3, 0]


def test_the_heuristic_tally_leaves_out_failed_games() -> None:
    tally = HeuristicTally()
    tally.add(_Report(1, scores=(3, 5, 7), winners=(1,), heuristic_seat=1))
    tally.add(_Report(2, scores=(4, 4, 9), winners=(0, 1), heuristic_seat=0))
    tally.add(_Report(3, failure="game seed 3, action 9: broken", heuristic_seat=2))
    assert (tally.finished, tally.wins, tally.sole_wins, tally.random_wins) == (2, 2, 1, 1)
    assert (tally.points, tally.random_points) == (5 + 4, 3 + 7 + 4 + 9)
