"""Toy Climb: a tiny card game that exercises every part of the engine interface.

Rules (version 1). Cards are numbered 1..N. Chance deals ``hand_size`` cards to each seat,
one card per chance action, round the table from seat 0. Seat 0 leads. On your turn you
play one card from your hand that is higher than the top card of the pile (rule T2); if you
hold none, you must pass (rule T3: passing is allowed only then). Seats with an empty hand
are skipped. When every other seat still holding cards has passed in a row, the seat that
played the top card wins the trick: it scores one point per card in the pile, the pile is
cleared, it draws one card from the deck if any is left (a chance action), and it leads
the next trick (or the next seat with cards does). The game ends when no seat holds a card.

Hidden information: each hand is private; the deck's contents are secret to everyone.
Module order follows OpenSpiel: constants, metadata, the action and state, the game, helpers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, get_args

from companion.rules.base import CHANCE, JSON, Engine, SetupError, illegal
from companion.rules.registry import register
from companion.session import Session

# --- constants -------------------------------------------------------------------------------

ActionKind = Literal["deal", "play", "pass"]
Phase = Literal["deal", "play", "draw", "over"]
KINDS: Final = frozenset(get_args(ActionKind))
PHASES: Final = frozenset(get_args(Phase))

SEATS: Final = (2, 4)
HAND_SIZE: Final = (1, 5)
MAX_CARDS: Final = 40
DEFAULT_SETUP: Final[dict[str, int]] = {"seats": 2, "hand_size": 3, "cards": 12}

# --- game metadata ---------------------------------------------------------------------------

NAME: Final = "toy"
RULES_VERSION: Final = "1"


# --- the action and the state ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToyAction:
    """Deal a card (chance), play a card, or pass (``card`` is 0 for a pass)."""

    kind: ActionKind
    card: int = 0


PASS: Final = ToyAction("pass")


@dataclass(frozen=True, slots=True)
class ToyState:
    seats: int
    hand_size: int
    cards: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    pile: tuple[int, ...]
    won: tuple[int, ...]
    phase: Phase
    turn: int
    """The seat to play, or the seat receiving the card at a chance node."""
    last_player: int | None
    passes: int

    @property
    def top(self) -> int:
        return self.pile[-1] if self.pile else 0


# --- the game --------------------------------------------------------------------------------


class ToyGame(Engine[ToyState, ToyAction]):
    name = NAME
    rules_version = RULES_VERSION

    def validate_setup(self, setup: Mapping[str, Any]) -> dict[str, JSON]:
        unknown = sorted(set(setup) - set(DEFAULT_SETUP))
        if unknown:
            raise SetupError(f"unknown setup option(s) {unknown}; known: {sorted(DEFAULT_SETUP)}")
        full = {**DEFAULT_SETUP, **setup}
        _check_int(full, "seats", *SEATS)
        _check_int(full, "hand_size", *HAND_SIZE)
        _check_int(full, "cards", full["seats"] * full["hand_size"], MAX_CARDS)
        return dict(full)

    def initial_state(self, setup: dict[str, JSON], seed: int) -> ToyState:
        seats, hand_size, cards = (_as_int(setup[key]) for key in ("seats", "hand_size", "cards"))
        return ToyState(
            seats=seats,
            hand_size=hand_size,
            cards=cards,
            hands=((),) * seats,
            deck=tuple(range(1, cards + 1)),
            pile=(),
            won=(0,) * seats,
            phase="deal",
            turn=0,
            last_player=None,
            passes=0,
        )

    def num_seats(self, state: ToyState) -> int:
        return state.seats

    def actor(self, state: ToyState) -> int | None:
        if state.phase == "over":
            return None
        return CHANCE if state.phase in ("deal", "draw") else state.turn

    def chance_outcomes(self, state: ToyState) -> Sequence[tuple[ToyAction, float]]:
        if self.actor(state) != CHANCE:
            return ()
        probability = 1.0 / len(state.deck)
        return tuple((ToyAction("deal", card), probability) for card in state.deck)

    def legal_actions(self, state: ToyState) -> Sequence[ToyAction]:
        actor = self.actor(state)
        if actor is None:
            return ()
        if actor == CHANCE:
            return tuple(action for action, _ in self.chance_outcomes(state))
        plays = tuple(ToyAction("play", c) for c in state.hands[actor] if c > state.top)
        return plays or (PASS,)

    def apply(self, state: ToyState, action: ToyAction) -> ToyState:
        actor = self.actor(state)
        if actor is None:
            raise illegal("rule T0 (game over)", action, "the game is over")
        if actor == CHANCE:
            return self._deal(state, action)
        if action.kind == "play":
            return self._play(state, action)
        if action.kind == "pass":
            return self._pass(state, action)
        raise illegal("rule T0 (turn order)", action, f"seat {actor} must play or pass now")

    def view(self, state: ToyState, seat: int) -> JSON:
        return {
            "seat": seat,
            "hand": state.hands[seat],
            "hand_sizes": [len(hand) for hand in state.hands],
            "deck_size": len(state.deck),
            "pile": state.pile,
            "won": state.won,
            "phase": state.phase,
            "turn": state.turn,
        }

    def scores(self, state: ToyState) -> tuple[float, ...]:
        return state.won

    def check_invariants(self, state: ToyState, *, since: ToyState | None = None) -> None:
        held = [c for hand in state.hands for c in hand] + [*state.deck, *state.pile]
        assert len(held) == len(set(held)), f"a card is in two places: {sorted(held)}"
        assert all(1 <= c <= state.cards for c in held), f"a card out of range: {held}"
        assert len(held) + sum(state.won) == state.cards, (
            f"cards not conserved: {len(held)} held + {sum(state.won)} won != {state.cards}"
        )
        assert all(list(h) == sorted(h) for h in state.hands), f"unsorted hand: {state.hands}"
        assert all(len(h) <= state.hand_size for h in state.hands), f"hand too big: {state.hands}"

    def action_to_json(self, action: ToyAction) -> JSON:
        return (
            {"kind": action.kind}
            if action.kind == "pass"
            else {"kind": action.kind, "card": action.card}
        )

    def action_from_json(self, data: Any) -> ToyAction:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError(f"not a toy action: {data!r}; expected {{'kind': 'play', 'card': 3}}")
        card = data.get("card", 0)
        if type(card) is not int:
            raise ValueError(f"a toy action's card must be an integer, got {card!r}")
        return ToyAction(data["kind"], card)

    def state_to_json(self, state: ToyState) -> JSON:
        return {
            "seats": state.seats,
            "hand_size": state.hand_size,
            "cards": state.cards,
            "hands": state.hands,
            "deck": state.deck,
            "pile": state.pile,
            "won": state.won,
            "phase": state.phase,
            "turn": state.turn,
            "last_player": state.last_player,
            "passes": state.passes,
        }

    def state_from_json(self, data: Any) -> ToyState:
        try:
            if data["phase"] not in PHASES:
                raise ValueError(f"unknown phase {data['phase']!r}")
            return ToyState(
                seats=int(data["seats"]),
                hand_size=int(data["hand_size"]),
                cards=int(data["cards"]),
                hands=tuple(tuple(int(c) for c in hand) for hand in data["hands"]),
                deck=tuple(int(c) for c in data["deck"]),
                pile=tuple(int(c) for c in data["pile"]),
                won=tuple(int(w) for w in data["won"]),
                phase=data["phase"],
                turn=int(data["turn"]),
                last_player=None if data["last_player"] is None else int(data["last_player"]),
                passes=int(data["passes"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a toy state: {exc!r} in {data!r}") from exc

    # -- the rules, one step each --

    def _deal(self, state: ToyState, action: ToyAction) -> ToyState:
        if action.kind != "deal":
            raise illegal("rule T0 (turn order)", action, "a card must be dealt now (chance)")
        if action.card not in state.deck:
            raise illegal("rule T4 (deck)", action, f"card {action.card} is not in the deck")
        hands = _with_hand(state.hands, state.turn, (*state.hands[state.turn], action.card))
        state = replace(state, hands=hands, deck=tuple(c for c in state.deck if c != action.card))
        if state.phase == "draw":
            return _lead(state, state.turn)
        if all(len(hand) == state.hand_size for hand in hands):
            return replace(state, phase="play", turn=0)
        return replace(state, turn=(state.turn + 1) % state.seats)

    def _play(self, state: ToyState, action: ToyAction) -> ToyState:
        hand = state.hands[state.turn]
        if action.card not in hand:
            raise illegal(
                "rule T1 (own cards)", action, f"seat {state.turn} does not hold {action.card}"
            )
        if action.card <= state.top:
            raise illegal(
                "rule T2 (climb)", action, f"{action.card} is not above the top card {state.top}"
            )
        hands = _with_hand(state.hands, state.turn, tuple(c for c in hand if c != action.card))
        played = replace(
            state, hands=hands, pile=(*state.pile, action.card), last_player=state.turn, passes=0
        )
        return _after_turn(played)

    def _pass(self, state: ToyState, action: ToyAction) -> ToyState:
        higher = [c for c in state.hands[state.turn] if c > state.top]
        if higher:
            raise illegal(
                "rule T3 (pass only when stuck)", action, f"seat {state.turn} can play {higher}"
            )
        return _after_turn(replace(state, passes=state.passes + 1))


# --- helpers ---------------------------------------------------------------------------------


def _check_int(setup: dict[str, Any], key: str, low: int, high: int) -> None:
    value = setup[key]
    if type(value) is not int or not low <= value <= high:
        raise SetupError(f"setup {key!r} must be an integer from {low} to {high}, got {value!r}")


def _as_int(value: JSON) -> int:
    if type(value) is not int:
        raise SetupError(f"expected an integer setup value, got {value!r}")
    return value


def _with_hand(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], tuple(sorted(hand)), *hands[seat + 1 :])


def _next_holder(state: ToyState, start: int) -> int | None:
    """The first seat from ``start`` on (inclusive, round the table) that holds a card."""
    for step in range(state.seats):
        seat = (start + step) % state.seats
        if state.hands[seat]:
            return seat
    return None


def _lead(state: ToyState, winner: int) -> ToyState:
    seat = _next_holder(state, winner)
    if seat is None:
        return replace(state, phase="over", last_player=None)
    return replace(state, phase="play", turn=seat, last_player=None)


def _after_turn(state: ToyState) -> ToyState:
    winner = state.last_player
    assert winner is not None, "a pass before any play: rule T3 should have refused it"
    others = [s for s in range(state.seats) if state.hands[s] and s != winner]
    if state.passes < len(others):
        turn = _next_holder(state, state.turn + 1)
        assert turn is not None
        return replace(state, turn=turn)
    won = tuple(w + len(state.pile) * (s == winner) for s, w in enumerate(state.won))
    state = replace(state, won=won, pile=(), passes=0)
    if state.deck:
        return replace(state, phase="draw", turn=winner)
    return _lead(state, winner)


VIEW_KEYS: Final = frozenset(
    {"seat", "hand", "hand_sizes", "deck_size", "pile", "won", "phase", "turn"}
)


def check_view(state: ToyState, seat: int, view: Any) -> None:
    """The harness's ``view_check``: a seat sees its own hand and nothing else secret."""
    assert set(view) == VIEW_KEYS, f"view of seat {seat} has keys {sorted(view)}"
    assert list(view["hand"]) == list(state.hands[seat]), f"view of seat {seat}: wrong hand"


def illegal_candidates(state: ToyState) -> list[ToyAction]:
    """The harness's ``illegal_actions``: one action per rule that forbids something here."""
    if state.phase == "over":
        return [PASS]
    if state.phase in ("deal", "draw"):
        return [ToyAction("deal", state.cards + 1), PASS]
    hand = state.hands[state.turn]
    missing = next(c for c in range(1, state.cards + 2) if c not in hand)
    candidates = [ToyAction("play", missing), ToyAction("deal", missing)]
    candidates += [ToyAction("play", c) for c in hand if c <= state.top][:1]
    if any(c > state.top for c in hand):
        candidates.append(PASS)
    return candidates


def scripted_action(engine: ToyGame, state: ToyState, k: int) -> ToyAction:
    """A deterministic player choice for the k-th player action (tests replay it)."""
    legal = engine.legal_actions(state)
    return legal[(k * 7 + 3) % len(legal)]


def scripted_ops(session: Session[ToyState, ToyAction]) -> Iterator[int]:
    """Drive ``session`` to the end with a fixed script, yielding the number of operations
    completed so far after each one. An operation is one ``apply``, ``undo`` or ``redo``:
    scripted moves, with an undo + redo after every 4th move and an undo + the same move
    again after every 6th."""
    ops = moves = 0
    while not session.is_over:
        action = scripted_action(TOY, session.state, moves)
        session.apply(action)
        moves, ops = moves + 1, ops + 1
        yield ops
        if moves % 4 == 0:
            for step in (session.undo, session.redo):
                step()
                ops += 1
                yield ops
        if moves % 6 == 0:
            session.undo()
            ops += 1
            yield ops
            session.apply(action)
            ops += 1
            yield ops


TOY: Final = ToyGame()
register(TOY)
