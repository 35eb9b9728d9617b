"""Les Apaches de Paris' simulation: one heuristic bot against random bots, full games.

``companion simulate paris --players 4 --games 500 --seed 1`` plays 500 games of Paris
(FULL mode: the virtual stashes, the default configuration of the player count, the
reference board). In the game of seed ``s`` seat ``s % players`` is a
:class:`~companion.bots.paris.HeuristicParisBot` and the other seats are
:class:`~companion.bots.paris.RandomParisBot`: the scores per seat mix both, and the extra
figures give the heuristic bot's win rate (against the 1/players a random seat would get).

Chance (the first player, the stashes set aside and drawn, the bourgeois counters) comes
from :meth:`~companion.rules.paris.Paris.random_chance`, the distribution of the engine's
chance outcomes. The engine's invariants (40 Apaches, 31 stashes, 5 reinforcements and 4
bourgeois each in one place, money = the ledger, no tie on the board) are checked after
EVERY action. Shared with the other games: :mod:`companion.tools.simulate` and its
``play`` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.bots.paris import HeuristicParisBot, RandomParisBot
from companion.rules.base import CHANCE
from companion.rules.paris import OVER, PARIS, Action, ParisState, SettlementStep, Stash
from companion.rules.paris.state import DEFAULT_PLAYERS, PLAYERS
from companion.tools.simulate import Batch, Progress, Simulator, Summary, counter
from companion.tools.simulate.play import HeuristicGame, HeuristicReport, HeuristicTally, play_games

SCORE_WORDS: Final = "francs"


@dataclass(slots=True)
class ParisReport(HeuristicReport):
    """One simulated Paris game (scores in francs), with its turns and settlements."""

    turns: int = counter()
    thefts: int = counter()
    prisoners: int = counter()
    wounded: int = counter()
    killed: int = counter()
    bails: int = counter()


class _ParisGame(HeuristicGame[ParisState, Action, ParisReport]):
    """Plays one Paris game: a heuristic bot at its seat, random bots elsewhere."""

    engine = PARIS

    def play_out(self) -> None:
        """The game loop: the actor's bot or chance picks each action."""
        chance = self.generator("chance")
        bots = self.seat_bots(self.state.players, HeuristicParisBot, RandomParisBot)
        while (actor := PARIS.actor(self.state)) is not None:
            if actor == CHANCE:
                self.apply(PARIS.random_chance(self.state, chance))
            else:
                self.apply(bots[actor].choose(self.state))

    def count(self, action: Action, before: ParisState, after: ParisState) -> None:
        """A turn ends with its stash (ruling D5), maybe with bail (D8); a round ends with
        its settlement (D7)."""
        if isinstance(action, Stash):
            self.report.turns += 1
            self.report.bails += action.bail
        if after.round > before.round or after.phase == OVER:
            self._count_settlement(after.settlement)

    def _count_settlement(self, steps: Sequence[SettlementStep]) -> None:
        """Count a round's settlement (ruling D7)."""
        self.report.thefts += sum(step.theft for step in steps)
        fates = [step.leader for step in steps]
        self.report.prisoners += fates.count("prison")
        self.report.wounded += fates.count("hospital")
        self.report.killed += fates.count("cemetery")


def play_paris_game(
    setup: dict[str, Any],
    seed: int,
    *,
    heuristic_seat: int = 0,
    check: bool = True,
    record: list[Action] | None = None,
) -> ParisReport:
    """One full Paris game: a heuristic bot at ``heuristic_seat`` (-1: none), random bots
    elsewhere; invariants checked after every action unless ``check`` is false; the
    actions are appended to ``record`` if given."""
    report = ParisReport(seed, heuristic_seat=heuristic_seat)
    return _ParisGame(PARIS.new(setup, seed), report, check=check, record=record).play()


def simulate_paris(batch: Batch, progress: Progress | None = None) -> Summary:
    """Play the batch's checked Paris games (see the module docstring), in the batch's
    districts (ruling D2; default: the rulebook's first configuration for the player
    count)."""
    options: dict[str, Any] = {"players": batch.players}
    if batch.districts is not None:
        options["districts"] = batch.districts
    setup = PARIS.validate_setup(options)
    colours, in_play = setup["colours"], setup["districts"]
    assert isinstance(colours, list) and isinstance(in_play, list)
    summary = Summary(
        "paris", batch.players, tuple(map(str, colours)), batch.variants, batch.seed,
        score_words=SCORE_WORDS,
    )  # fmt: skip
    heuristic = HeuristicTally()

    def play(i: int) -> ParisReport:
        seed = batch.seed + i
        state = PARIS.initial_state(setup, seed)  # the setup is validated
        report = ParisReport(seed, heuristic_seat=i % batch.players)
        heuristic.add(_ParisGame(state, report, check=True, record=None).play())
        return report

    play_games(summary, batch.games, play, progress)
    games = max(batch.games, 1)
    summary.extra = {
        "configuration": ".".join(map(str, in_play)),
        "bots": "game i: seat i % players HeuristicParisBot, the others RandomParisBot",
        "heuristic_win_rate": round(heuristic.wins / games, 4),
        "heuristic_sole_win_rate": round(heuristic.sole_wins / games, 4),
        "random_seat_expected_win_rate": round(1 / batch.players, 4),
    }
    return summary


SIMULATOR: Final = Simulator(
    game="paris",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    players_rule="ruling D1",
    variants=(),
    play=simulate_paris,
    districts=True,
)
