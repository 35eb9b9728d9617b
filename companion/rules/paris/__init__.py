"""Les Apaches de Paris: the complete rules (the rulebook of Les Apaches de Paris) with
rulings D1-D10 (``companion/rules/RULINGS.md``), FULL mode (virtual stashes and board), known
as ``"paris"``.

Setup: ``{"players": 2-4, "colours": [...], "districts": "5.6.7.8.9", "board": "reference"}``;
defaults: 4 players, the gangs purple, yellow, green, red in seat order (seats clockwise),
the first configuration of the rulebook's list for the player count (ruling D2; 4 players:
all nine districts), the reference board (``boards/reference.toml``, ruling D4). The
configurations: :data:`~companion.rules.paris.board.CONFIGURATIONS`; a custom one is checked
by ruling D2.

The action model
================
Phases: ``first`` (chance: the first player), ``aside`` (chance: one stash per district in
play set aside, D3), ``draft`` (the player whose pick it is takes a stash from one
district's pile: ``take``), ``draw`` (chance: which stash of that pile), ``turn`` (the
player's turn: an optional ``place`` or ``move``, or straight to the ``stash``), ``stash``
(after an optional action: the obligatory ``stash``), ``bourgeois`` (chance at the round
end: district 8's counter) and ``over``. The settlement of a round (D7) and the round end
(D8, D9) happen inside the action that ends the round: the last ``stash`` or the
``bourgeois`` draw; ``ParisState.settlement`` keeps the steps with their words.

The modules: the actions and their JSON in :mod:`~companion.rules.paris.actions`; the
board file reader in :mod:`~companion.rules.paris.board`; the state, its constants and the
setup in :mod:`~companion.rules.paris.state`; the rules both modes share (placing D5, the
turn order and the next first player D6, the settlement and its order D7, bail D8, the round
end D9, the tally, the policeman's prisoner, the winners and the outcome's words D10) as
pure functions over plain numbers in :mod:`~companion.rules.paris.settlement`, each called
by both modes; the FULL engine
in :mod:`~companion.rules.paris.engine`, its conservation laws in
:mod:`~companion.rules.paris.invariants`; the TRACKER (``"paris_tracker"``, the bank beside
a real board) in :mod:`~companion.rules.paris.tracker`; the gangs', the slots' outcomes' and
lists' names inside the words in :mod:`~companion.rules.paris.wording`.

Decisions beyond the rulebook and the rulings (each rests on the ruling named)
=============================================================================
1. (D3) The stashes' printed "values" (0 to 8) play no part: a stash is its district and its
   slot, and the slot's outcome is printed on the board.
2. (D3) The draft is blind, as the rulebook's "roofs visible" piles are: a player chooses a
   district (``take``) and chance picks which of its remaining stashes it is (``draw``,
   uniform). Only the district of another player's stash (its roof) is public.
3. The first player of round 1 is a chance action (uniform), as the rulebook draws him.
   The set-aside stashes are drawn district by district in number order.
4. (D5) An optional action is one action: a 2-Apache move is judged after both Apaches
   moved (a leader and a novice may move together; a novice may join a leader arriving in
   the same move). Each Apache of a move names its kind (leader, novice, recruit); two of
   the same kind on the same way are two identical steps. A placement may bring its own
   leader for the novices it places.
5. (D8) Bail is part of the stash action (``"bail": true``): the end of the turn. One
   prisoner per turn; it needs 150 F (a voluntary payment is never partial, unlike D1's
   fines); it is refused on the round's last turn (the freed leader could not play before he
   returns anyway). The freed leader goes to the reserve at once.
6. (D6) The last turn's order is fixed when the 6th turn begins, on the reserves as they are
   then (a bail in turn 5 counts).
7. (D7) The bourgeois counter is drawn (chance) when the round ends, before the settlement,
   if district 8 has a holder; the settlement then runs in D7's order and step 8 hands the
   counter over. Nothing in districts 1-7 depends on it.
8. (D7) A wounded, killed or imprisoned leader leaves the board during the settlement; a tie
   this could leave behind does not matter (the board is cleared in the same action).
9. (D7, D9) The reinforcements won come from the supply as it is during the settlement;
   then unused reinforcements of the reserve expire back to the supply (they were never
   used), and used ones leave the game. The fence gives its reinforcement even with no
   theft. A steal pays the thief what the others actually paid (D1).
10. (D9, D10) After round 3 the round end (D9) happens as after every round, then the game
    end (D10): reinforcements won in round 3 count as operational; those of round 3's
    reserve that were never placed have expired. The policeman's prisoner is one of the
    holder's operational leaders (none left: nobody goes).
11. Money is public: every movement is in ``ParisState.ledger`` (the wallets only hide the
    notes; the settlement is done in front of everybody).
12. (D2) Setup ``districts`` accepts ``"1.2.3.4.8.9"`` or a list; 4 players play all nine.
    The rulebook prints 1.2.4.7.8.9 twice in the 2-player list: it is listed once (11
    configurations for 2 players, 4 for 3).
13. (D4) A game names its board by the name of a file shipped in ``boards/`` (setup
    ``board``, default ``"reference"``), so that every journal replays anywhere; any other
    file can be read and checked with :func:`~companion.rules.paris.board.load_board_file`.
14. (D7) A loss outcome takes one of the holder's leaders in the district; the holder
    always has one there (D5 keeps novices and reinforcements beside a leader), and a
    TRACKER entering a board without one sends nobody.
15. (D10) The policeman's prisoner is taken from the holder's operational leaders before
    the 50 F per operational Apache are counted; ``Paris.tally`` gives each player's
    breakdown (stash money, bourgeois, policeman, operational Apaches, total).

Words: the gangs are named by colour in every message and on every screen (the JSON keeps
the 0-based seats). A refused action names the rule and what the game awaits, from whom
("it is purple's turn 3 of round 1: their optional action is made, their stash is next").
The outcome reads the same in both modes (:func:`~companion.rules.paris.settlement.outcome_words`):
a tie on money broken by the operational Apaches says so, a shared victory says the tie
stands.
Every such text a screen shows (a refusal's rule, action and reason, a settlement step, an
entry, the outcome) is :class:`~companion.words.Words`: the English for the journals
and the command line, which a screen shows in its language with ``Words.shown(catalog)``.

The public face: :class:`Paris` (``PARIS`` is the engine), its state
:class:`ParisState`, the actions, the board (:mod:`~companion.rules.paris.board`) and the
settlement functions (:mod:`~companion.rules.paris.settlement`).
"""

from __future__ import annotations

from typing import Final

from companion.rules.paris.actions import (
    APACHE_KINDS,
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
    action_from_json,
    action_to_json,
    action_words,
)
from companion.rules.paris.board import (
    CONFIGURATIONS,
    DISTRICT_NAMES,
    Board,
    BoardError,
    get_board,
    load_board_file,
    parse_board,
)
from companion.rules.paris.engine import (
    Paris,
    bail_problem,
    move_problem,
    placement_problem,
    round_settlement,
)
from companion.rules.paris.settlement import (
    SettlementStep,
    TallyLine,
    bail_refusal,
    bank_step_words,
    clockwise,
    final_tally,
    last_turn_order,
    majority,
    next_first,
    outcome_words,
    placement_refusal,
    policeman_jailed,
    round_end,
    settle_bourgeois,
    settle_district,
    settle_fence,
    settle_round,
    settle_step,
    settlement_order,
    step_words,
    tally_movements,
    tally_winners,
    turn_order,
)
from companion.rules.paris.state import (
    ASIDE,
    BOURGEOIS,
    DRAFT,
    DRAW,
    FIRST,
    GANGS,
    OVER,
    PHASES,
    STASH,
    TURN,
    ParisState,
)

__all__ = [
    "APACHE_KINDS",
    "ASIDE",
    "BOURGEOIS",
    "CONFIGURATIONS",
    "DISTRICT_NAMES",
    "DRAFT",
    "DRAW",
    "FIRST",
    "GANGS",
    "OVER",
    "PARIS",
    "PHASES",
    "STASH",
    "TURN",
    "Action",
    "Board",
    "BoardError",
    "Bourgeois",
    "Draw",
    "First",
    "Move",
    "Paris",
    "ParisState",
    "Place",
    "SetAside",
    "SettlementStep",
    "Stash",
    "Step",
    "Take",
    "TallyLine",
    "action_from_json",
    "action_to_json",
    "action_words",
    "bail_problem",
    "bail_refusal",
    "bank_step_words",
    "clockwise",
    "final_tally",
    "get_board",
    "last_turn_order",
    "load_board_file",
    "majority",
    "move_problem",
    "next_first",
    "outcome_words",
    "parse_board",
    "placement_problem",
    "placement_refusal",
    "policeman_jailed",
    "round_end",
    "round_settlement",
    "settle_bourgeois",
    "settle_district",
    "settle_fence",
    "settle_round",
    "settle_step",
    "settlement_order",
    "step_words",
    "tally_movements",
    "tally_winners",
    "turn_order",
]

PARIS: Final = Paris()
