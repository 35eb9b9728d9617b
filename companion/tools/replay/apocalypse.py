"""Apocalypse for ``companion replay``: the deals, tricks, tokens and rounds of FULL and
TRACKER games, the players named P1..Pn.

Each trick comes from the engine's trick result (``last_trick``, with the engine's reason
in words) and the tokens each play turned (the rules' own ``turned_token`` on the state
before it). The two modes keep different records (the FULL engine every card, the TRACKER
what the table entered); ``--json`` gives both the same field names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from companion.rules.apocalypse import (
    CHOOSE,
    DEAL,
    NAMING,
    NO_SUIT,
    NOBODY,
    OVER,
    PLAY,
    Action,
    ApocalypseState,
    Deal,
    DealCards,
    Play,
    RoundResult,
    TrickResult,
    card_words,
)
from companion.rules.apocalypse.cards import (
    SUIT_INDEX,
    SUIT_OF,
    SUITS,
    TYPE_INDEX,
    TYPE_MASK,
    card_ids,
    lowest_card,
    points_of,
    specials_in,
)
from companion.rules.apocalypse.tricks import player_name, turned_token
from companion.session import Note
from companion.tools.replay.base import Event, Moment, Referee, joined, plural

if TYPE_CHECKING:  # a FULL journal never loads the TRACKER engine
    from companion.rules.apocalypse.tracker import Entry, RoundRecord, TrackerState
    from companion.rules.apocalypse.tracker import Play as TablePlay
    from companion.rules.apocalypse.tracker import TrickResult as TableTrick

FULL_PHASES: Final = {
    DEAL: "dealing",
    CHOOSE: "choosing",
    PLAY: "play",
    NAMING: "naming",
    OVER: "over",
}
TRACKER_PHASES: Final = {
    "play": "play",
    "values": "values",
    "lead": "naming",
    "score": "scoring",
    "first": "choosing",
    "over": "over",
}
"""The engines' phases in the words both modes share (``state.phase`` of ``--json``):
``naming`` is the trick's winner naming the next first player (ruling P8), ``choosing``
the round's chooser naming its first player (ruling P10)."""


@dataclass(frozen=True, slots=True)
class _Played:
    """One card of a trick as it was played: who, the card in words, the token it turned."""

    line: int
    player: str
    card: str
    token: str | None
    apocalypse: bool
    """Its token was the last coloured one: the Apocalypse begins (ruling P5)."""


class _Chronicle:
    """The history of an Apocalypse game, told play by play (both modes)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.trick: list[_Played] = []
        self.tricks = 0
        self.round = 1

    def play(self, played: _Played) -> None:
        self.trick.append(played)

    def trick_done(self, line: int, round_number: int, trick: dict[str, Any], reason: str) -> None:
        """A trick resolved at ``line``: ``trick`` is its JSON (``_full_trick_json`` or
        ``_table_trick_json``), ``reason`` the engine's words for it."""
        if round_number != self.round:
            self.round, self.tricks = round_number, 0
        self.tricks += 1
        plays = ", ".join(f"{p['player']} {p['card']}" for p in trick["plays"])
        if trick["winner"] is None:
            outcome = "no winner (ruling P7)"
        else:
            outcome = f"{trick['winner']} wins {plural(trick['points'], 'point')}"
        kind = " (an Apocalypse)" if trick["apocalypse"] else ""
        title = f"round {round_number}, trick {self.tricks}{kind}: {plays} -> {outcome}"
        turned = [p for p in self.trick if p.token is not None]
        details = []
        if turned:
            details.append(
                "tokens turned black: "
                + ", ".join(f"{p.token} by {p.player} ({p.card})" for p in turned)
            )
        started = next((p for p in self.trick if p.apocalypse), None)
        if started is not None:
            details.append(
                f"the Apocalypse began with {started.player}'s {started.card} (ruling P5)"
            )
        if trick["skipped"]:
            details.append(f"skipped (no playable card, ruling P4): {joined(trick['skipped'])}")
        if trick["cards_won"]:
            details.append(f"cards won: {joined(trick['cards_won'])}")
        details.append(f"why: {reason}")
        details += trick.get("revokes", [])
        first = self.trick[0].line if self.trick else line
        tokens = [{"player": p.player, "card": p.card, "token": p.token} for p in turned]
        data = {
            "round": round_number,
            "number": self.tricks,
            **trick,
            "reason": reason,
            "tokens_turned": tokens,
        }
        self.events.append(Event(first, line, "trick", title, tuple(details), data))
        self.trick = []

    def add(self, event: Event) -> None:
        self.events.append(event)


class _Scored(NamedTuple):
    """A scored round as both modes keep it: the companion's count, the count that was
    entered (the TRACKER's table may give its own), the scores after the Duel swap."""

    round: int
    computed: tuple[int, ...]
    counted: tuple[int, ...]
    scores: tuple[int, ...]
    swapped: bool

    @classmethod
    def of_full(cls, result: RoundResult) -> _Scored:
        return cls(result.round, result.raw, result.raw, result.scores, result.swapped)

    @classmethod
    def of_tracker(cls, number: int, record: RoundRecord) -> _Scored:
        return cls(number, record.computed, record.counted, record.scores, record.swapped)

    def words(self, names: Sequence[str]) -> tuple[str, list[str]]:
        """A title and detail lines."""
        title = _round_scored_words(names, self.round, self.scores)
        details = []
        if self.counted != self.computed:
            details.append(
                f"the table's count: {_by_player(names, self.counted)} "
                f"(the companion's: {_by_player(names, self.computed)})"
            )
        if self.swapped:
            details.append("the Duel swap: one score was more than twice the other (ruling P12)")
        return title, details

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "round": self.round,
            "computed": dict(zip(names, self.computed, strict=True)),
            "counted": dict(zip(names, self.counted, strict=True)),
            "scores": dict(zip(names, self.scores, strict=True)),
            "swapped": self.swapped,
        }


def _by_player(names: Sequence[str], values: Sequence[int]) -> str:
    """``"P1 12, P2 30"``."""
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def _trick_won_words(winner: str | None, points: int) -> str:
    """A trick's end in a line: who won it and its points."""
    if winner is None:
        return "no winner (ruling P7)"
    return f"{winner} wins the trick: {plural(points, 'point')}"


def _round_scored_words(names: Sequence[str], round_number: int, scores: Sequence[int]) -> str:
    """``"round 2 scored: P1 12, P2 30"``."""
    return f"round {round_number} scored: {_by_player(names, scores)}"


def _type_words(name: str) -> str:
    """A card type name (``"red-8"``, ``"chaos"``) as printed: ``"red 8"``, ``"Chaos"``."""
    if name not in TYPE_INDEX:
        return name
    return card_words(lowest_card(TYPE_MASK[TYPE_INDEX[name]]))


def _turned(suit: str | None, token: str | None, black: Sequence[str]) -> str | None:
    """The token a play turns black (ruling P5), by the rules' own function."""
    mask = sum(1 << SUIT_INDEX[s] for s in black)
    suit_index = NO_SUIT if suit is None else SUIT_INDEX[suit]
    token_index = NO_SUIT if token is None else SUIT_INDEX[token]
    turned = turned_token(suit_index, token_index, mask)
    return None if turned == NO_SUIT else SUITS[turned]


def _begins_apocalypse(token: str | None, coloured: Sequence[str]) -> bool:
    """``token`` turned black was the last coloured one: the Apocalypse begins (ruling P5)."""
    return token is not None and list(coloured) == [token]


def _token_words(token: str | None, coloured: Sequence[str]) -> list[str]:
    """What a play did to the tokens (``coloured``: before it), in words."""
    if token is None:
        return []
    words = [f"the {token} token turns black"]
    if _begins_apocalypse(token, coloured):
        words.append("the Apocalypse begins (ruling P5)")
    return words


def _player_names(count: int) -> tuple[str, ...]:
    """The players P1..Pn, as the engines name them."""
    return tuple(player_name(seat) for seat in range(count))


# --- FULL ------------------------------------------------------------------------------------


class ApocalypseFull(Referee[ApocalypseState, Action]):
    """Apocalypse with virtual hands (``apocalypse``)."""

    game = "Apocalypse"

    def players(self, start: ApocalypseState) -> tuple[str, ...]:
        return _player_names(start.players)

    def action_words(self, state: ApocalypseState, action: Action) -> str:
        if isinstance(action, Deal):
            return f"chance deals {_type_words(action.card)} to {self.name(state.turn)}"
        if isinstance(action, DealCards):
            return f"chance deals {plural(len(action.cards), 'card')} (round {state.round})"
        if isinstance(action, Play):
            token = "" if action.token is None else f", naming the {action.token} token"
            return f"{self.name(state.turn)} plays {_type_words(action.card)}{token}"
        opens = f"round {state.round}" if state.phase == CHOOSE else "the next trick"
        return f"{self.name(state.turn)} names {self.name(action.seat)} to open {opens}"

    def effect_words(self, moment: Moment[ApocalypseState, Action]) -> str:
        before, after, action = moment.before, moment.after, moment.action
        if isinstance(action, Deal | DealCards):
            if after.phase == DEAL:
                return ""
            return f"round {after.round} dealt; {self.phase_words(after)}"
        if not isinstance(action, Play):
            return ""
        token = _turned(_suit(action.card), action.token, before.black_tokens)
        words = _token_words(token, before.coloured_tokens)
        result = after.last_trick
        if result is not None and result is not before.last_trick:
            winner = None if result.winner == NOBODY else self.name(result.winner)
            words.append(_trick_won_words(winner, result.points))
        if len(after.rounds) > len(before.rounds):
            scored = after.rounds[-1]
            words.append(_round_scored_words(self.names, scored.round, scored.scores))
        if after.phase == OVER:
            words.append("the game is over")
        return "; ".join(words)

    def phase_words(self, state: ApocalypseState) -> str:
        match state.phase:
            case "deal":
                return f"round {state.round}: the cards are being dealt (ruling P3)"
            case "choose":
                who = self.name(state.turn)
                return f"round {state.round}: {who} names its first player (ruling P10)"
            case "play":
                apocalypse = ", an Apocalypse" if state.trick and state.is_apocalypse else ""
                return f"round {state.round}: {self.name(state.turn)} is to play{apocalypse}"
            case "name":
                return (
                    f"round {state.round}: {self.name(state.turn)} won the trick and names "
                    "the next first player (ruling P8)"
                )
        return "over"

    def score_words(
        self, state: ApocalypseState, moments: Sequence[Moment[ApocalypseState, Action]]
    ) -> list[str]:
        return _score_lines(
            self.names, state.totals, state.points, state.round, state.phase == OVER
        )

    def events(
        self, moments: Sequence[Moment[ApocalypseState, Action]], notes: Sequence[Note]
    ) -> list[Event]:
        chronicle = _Chronicle()
        dealt: list[Moment[ApocalypseState, Action]] = []
        for moment in moments:
            before, after, action = moment.before, moment.after, moment.action
            if isinstance(action, Deal | DealCards):
                dealt.append(moment)
                if after.phase != DEAL:
                    chronicle.add(self._deal_event(dealt, after))
                    dealt = []
            elif isinstance(action, Play):
                self._play(chronicle, moment)
            elif before.phase == CHOOSE:
                title = (
                    f"{self.name(before.turn)} (most points, ruling P10) names "
                    f"{self.name(action.seat)} to open round {before.round}"
                )
                chronicle.add(Event(moment.line, moment.line, "first player", title))
        if dealt:
            chronicle.add(self._deal_event(dealt, dealt[-1].after))
        return chronicle.events + [self.note_event(note) for note in notes]

    def _deal_event(
        self, dealt: Sequence[Moment[ApocalypseState, Action]], after: ApocalypseState
    ) -> Event:
        number = dealt[0].before.round
        done = "" if after.phase != DEAL else " (not finished)"
        hands = {
            name: [card_words(card) for card in card_ids(hand)]
            for name, hand in zip(self.names, after.hands, strict=True)
        }
        details = tuple(f"{name}: {joined(cards)}" for name, cards in hands.items())
        title = f"round {number} dealt{done} (ruling P3)"
        return Event(
            dealt[0].line, dealt[-1].line, "deal", title, details, {"round": number, "hands": hands}
        )

    def _play(self, chronicle: _Chronicle, moment: Moment[ApocalypseState, Action]) -> None:
        before, after, action = moment.before, moment.after, moment.action
        assert isinstance(action, Play)
        token = _turned(_suit(action.card), action.token, before.black_tokens)
        chronicle.play(
            _Played(
                moment.line,
                self.name(before.turn),
                _type_words(action.card),
                token,
                _begins_apocalypse(token, before.coloured_tokens),
            )
        )
        result = after.last_trick
        if result is not None and result is not before.last_trick:
            trick = _full_trick_json(result, self.names)
            chronicle.trick_done(moment.line, before.round, trick, result.words)
        if len(after.rounds) > len(before.rounds):
            scored = _Scored.of_full(after.rounds[-1])
            title, details = scored.words(self.names)
            details = [*_kept_words(after.rounds[-1], self.names), *details]
            data = scored.to_json(self.names)
            chronicle.add(Event(moment.line, moment.line, "round", title, tuple(details), data))

    def state_json(
        self, state: ApocalypseState, moments: Sequence[Moment[ApocalypseState, Action]]
    ) -> dict[str, Any]:
        return {
            "phase": FULL_PHASES[state.phase],
            "engine_phase": state.phase,
            "round": state.round,
            "suits": list(state.suit_names),
            "tokens": {"black": state.black_tokens, "coloured": state.coloured_tokens},
            "apocalypse": bool(state.trick) and state.is_apocalypse,
            "leader": None if state.leader < 0 else self.name(state.leader),
            "trick": [{"player": self.name(s), "card": card_words(c)} for s, c in state.trick],
            "skipped": [self.name(s) for s in state.skipped],
            "leading_suit": state.lead_suit,
            "to_deal": state.deck.bit_count() if state.phase == DEAL else 0,
            "players": [
                {
                    "name": name,
                    "seat": seat,
                    "hand": [card_words(c) for c in card_ids(state.hands[seat])],
                    "hand_size": state.hand_sizes[seat],
                    "won": [card_words(c) for c in card_ids(state.won[seat])],
                    "points": state.points[seat],
                    "total": state.totals[seat],
                }
                for seat, name in enumerate(self.names)
            ],
            "rounds": [_Scored.of_full(r).to_json(self.names) for r in state.rounds],
            "last_trick": None
            if state.last_trick is None
            else {
                **_full_trick_json(state.last_trick, self.names),
                "reason": state.last_trick.words,
            },
            "last_winner": None if state.last_winner == NOBODY else self.name(state.last_winner),
        }


def _suit(card: str) -> str | None:
    """The suit of a card type name, ``None`` for a Special card."""
    t = TYPE_INDEX.get(card)
    if t is None or SUIT_OF[lowest_card(TYPE_MASK[t])] == NO_SUIT:
        return None
    return SUITS[SUIT_OF[lowest_card(TYPE_MASK[t])]]


def _full_trick_json(result: TrickResult, names: Sequence[str]) -> dict[str, Any]:
    return {
        "plays": [{"player": names[s], "card": card_words(c)} for s, c in result.plays],
        "skipped": [names[s] for s in result.skipped],
        "leading_suit": None if result.lead == NO_SUIT else SUITS[result.lead],
        "apocalypse": result.apocalypse,
        "winner": None if result.winner == NOBODY else names[result.winner],
        "cards_won": [card_words(c) for c in card_ids(result.taken)],
        "points": result.points,
        "revokes": [],
    }


def _kept_words(scored: RoundResult, names: Sequence[str]) -> list[str]:
    return [
        f"{name}: {points_of(won)} in cards won"
        + (f" + 20 x {specials_in(kept)} Special cards kept" if specials_in(kept) else "")
        + f" = {raw} (ruling P9)"
        for name, won, kept, raw in zip(names, scored.won, scored.kept, scored.raw, strict=True)
    ]


def _score_lines(
    names: Sequence[str],
    totals: Sequence[int],
    points: Sequence[int],
    round_number: int,
    over: bool,
) -> list[str]:
    total = _by_player(names, totals)
    if over:
        return [f"{total} (the fewest points win, ruling P11)"]
    now = _by_player(names, points)
    return [f"{total} after the rounds scored; round {round_number} so far: {now}"]


# --- TRACKER ---------------------------------------------------------------------------------


class ApocalypseTracker(Referee["TrackerState", "Entry"]):
    """Apocalypse with real cards (``apocalypse_tracker``): what the table entered."""

    game = "Apocalypse"

    def players(self, start: TrackerState) -> tuple[str, ...]:
        return _player_names(start.players)

    def action_words(self, state: TrackerState, action: Entry) -> str:
        kind = action.kind
        if kind in ("horseman", "chaos", "tranquility", "skip"):
            who = self.name(state.to_play)
            if kind == "skip":
                return f"{who} skips"
            token = "" if action.token is None else f", naming the {action.token} token"
            return f"{who} plays {_entry_words(action)}{token}"
        if kind == "value":
            k = state.missing_value
            play = state.trick[k] if k is not None else None
            who = "?" if play is None else f"{self.name(play.seat)}'s {play.suit}"
            return f"the value of {who} card is {action.value}"
        if kind == "lead":
            return (
                f"{self.name(state.leader)} names {self.name(action.seat)} to open the next trick"
            )
        if kind == "first":
            return f"{self.name(state.leader)} names {self.name(action.seat)} to open the new round"
        return f"round {state.round} is scored{_score_entry_words(action, self.names)}"

    def effect_words(self, moment: Moment[TrackerState, Entry]) -> str:
        before, after, action = moment.before, moment.after, moment.action
        words = []
        if action.kind in ("horseman", "chaos"):
            words += _token_words(_turned(action.suit, action.token, before.black), before.coloured)
        if after.phase == "values" and before.phase != "values":
            words.append("an Apocalypse: every value is needed (ruling P6)")
        trick = after.last_trick
        if trick is not None and trick is not before.last_trick:
            winner = None if trick.winner is None else self.name(trick.winner)
            words.append(_trick_won_words(winner, trick.points))
        if len(after.rounds) > len(before.rounds):
            scores = after.rounds[-1].scores
            words.append(_round_scored_words(self.names, before.round, scores))
        if after.phase in ("score", "first", "over") and after.phase != before.phase:
            words.append(self.phase_words(after))
        return "; ".join(words)

    def phase_words(self, state: TrackerState) -> str:
        round_number = f"round {state.round}"
        match state.phase:
            case "play":
                apocalypse = ", an Apocalypse" if state.apocalypse else ""
                return f"{round_number}: {self.name(state.to_play)} is to play{apocalypse}"
            case "values":
                k = state.missing_value or 0
                play = state.trick[k]
                return (
                    f"{round_number}: an Apocalypse: the value of {self.name(play.seat)}'s "
                    f"{play.suit} card is needed (ruling P6)"
                )
            case "lead":
                return (
                    f"{round_number}: {self.name(state.leader)} won the trick and names the "
                    "next first player (ruling P8)"
                )
            case "score":
                return f"{round_number} ended: it is being scored (ruling P9)"
            case "first":
                who = self.name(state.leader)
                return f"{who} names the first player of the new round (ruling P10)"
        return "over"

    def score_words(
        self, state: TrackerState, moments: Sequence[Moment[TrackerState, Entry]]
    ) -> list[str]:
        points = [state.round_points(seat) for seat in range(state.players)]
        return _score_lines(self.names, state.totals, points, state.round, state.phase == "over")

    def events(
        self, moments: Sequence[Moment[TrackerState, Entry]], notes: Sequence[Note]
    ) -> list[Event]:
        chronicle = _Chronicle()
        for moment in moments:
            before, after, action = moment.before, moment.after, moment.action
            if action.kind in ("horseman", "chaos", "tranquility", "skip"):
                token = _turned(action.suit, action.token, before.black)
                words = "skips" if action.kind == "skip" else _entry_words(action)
                apocalypse = _begins_apocalypse(token, before.coloured)
                played = _Played(moment.line, self.name(before.to_play), words, token, apocalypse)
                chronicle.play(played)
            trick = after.last_trick
            if trick is not None and trick is not before.last_trick:
                chronicle.trick_done(
                    moment.line, before.round, _table_trick_json(trick, self.names), trick.reason
                )
            if len(after.rounds) > len(before.rounds):
                scored = _Scored.of_tracker(before.round, after.rounds[-1])
                title, details = scored.words(self.names)
                data = scored.to_json(self.names)
                chronicle.add(Event(moment.line, moment.line, "round", title, tuple(details), data))
            if action.kind == "first":
                title = (
                    f"{self.name(before.leader)} (most points, ruling P10) names "
                    f"{self.name(action.seat)} to open round {after.round}"
                )
                chronicle.add(Event(moment.line, moment.line, "first player", title))
        return chronicle.events + [self.note_event(note) for note in notes]

    def state_json(
        self, state: TrackerState, moments: Sequence[Moment[TrackerState, Entry]]
    ) -> dict[str, Any]:
        return {
            "phase": TRACKER_PHASES[state.phase],
            "engine_phase": state.phase,
            "round": state.round,
            "suits": list(state.suits),
            "tokens": {"black": list(state.black), "coloured": list(state.coloured)},
            "apocalypse": state.apocalypse,
            "leader": self.name(state.first),
            "trick": [
                {"player": self.name(p.seat), "card": _play_words(p)}
                for p in state.trick
                if p.kind != "skip"
            ],
            "skipped": [self.name(p.seat) for p in state.trick if p.kind == "skip"],
            "leading_suit": state.leading,
            "to_deal": None,
            "players": [
                {
                    "name": name,
                    "seat": seat,
                    "hand": None,
                    "hand_size": state.hand_size(seat),
                    "won": [_play_words(p) for p in state.won[seat]],
                    "points": state.round_points(seat),
                    "total": state.totals[seat],
                }
                for seat, name in enumerate(self.names)
            ],
            "rounds": [
                _Scored.of_tracker(k, r).to_json(self.names)
                for k, r in enumerate(state.rounds, start=1)
            ],
            "last_trick": None
            if state.last_trick is None
            else {
                **_table_trick_json(state.last_trick, self.names),
                "reason": state.last_trick.reason,
            },
            "last_winner": None if state.last_winner is None else self.name(state.last_winner),
        }


def _entry_words(entry: Entry) -> str:
    if entry.kind == "horseman":
        value = "(value not given: it cannot win)" if entry.value is None else entry.value
        return f"{entry.suit} {value}"
    return "Chaos" if entry.kind == "chaos" else "Tranquility"


def _play_words(play: TablePlay) -> str:
    """A card the table entered, as printed (``"green ?"``: its value was not needed)."""
    if play.kind == "horseman":
        return f"{play.suit} {'?' if play.value is None else play.value}"
    return {"chaos": "Chaos", "tranquility": "Tranquility"}.get(play.kind, "skip")


def _table_trick_json(trick: TableTrick, names: Sequence[str]) -> dict[str, Any]:
    return {
        "plays": [
            {"player": names[p.seat], "card": _play_words(p)}
            for p in trick.plays
            if p.kind != "skip"
        ],
        "skipped": [names[p.seat] for p in trick.plays if p.kind == "skip"],
        "leading_suit": trick.leading,
        "apocalypse": trick.apocalypse,
        "winner": None if trick.winner is None else names[trick.winner],
        "cards_won": [_play_words(p) for p in trick.won],
        "points": trick.points,
        "revokes": list(trick.revokes),
    }


def _score_entry_words(entry: Entry, names: Sequence[str]) -> str:
    parts = []
    if entry.totals is not None:
        parts.append(
            "the table's totals "
            + ", ".join(f"{n} {t}" for n, t in zip(names, entry.totals, strict=False))
        )
    if entry.specials is not None:
        parts.append(
            "Special cards kept "
            + ", ".join(f"{n} {s}" for n, s in zip(names, entry.specials, strict=False))
        )
    return f" ({'; '.join(parts)})" if parts else ""


__all__ = ["ApocalypseFull", "ApocalypseTracker"]
