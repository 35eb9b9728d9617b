"""What a game's scene asks of its model, and what the models share; no pygame.

Each game's TRACKER and FULL model (``companion.ui.<game>.tracker_model`` and
``full_model``) is a ``GameModel``: ``companion.ui.game_scene.GameScene`` hands it the
buttons and the mouse's picks, shows its notices, plays its cues and lets it act on time.
A model never draws; its scene never changes the game but through it.

    the scene calls             when                         the model
    move(delta)                 previous / next              moves the focus (or a count)
    select(now_ns)              select                       chooses the focused option
    pick(index, now_ns)         a click on option ``index``  chooses that option
    back()                      back                         steps back, or undoes
    colour(colour, button, t)   a seat button                a suit, a gang, a count step
    poll(now_ns)                every frame                  lets a bot act (FULL)

``select``, ``pick`` and ``back`` return ``MENU`` when the game menu is asked for (a "Menu"
option, select while the bots play, back with nothing of the person's to undo). A FULL
game's undo (``FullGameModel.undo_to_person``) takes back only the person's own last
choice, and is refused once a bot has acted or chance has dealt or drawn since. Every model
is a ``SessionModel`` (its session's state, notices, cues; the journal released on close);
a model whose options are ``Choice`` s builds on ``ChoiceModel`` too; a FULL game with
people and bots on ``FullGameModel``.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Literal, Protocol, TypeVar

from companion.errors import IllegalAction
from companion.history.records import names_in
from companion.i18n import marked, said, tr
from companion.session import Session, Step
from companion.ui.cues import Cue
from companion.ui.theme import SEAT_LETTERS, colour_word

S = TypeVar("S")
A = TypeVar("A")

MENU: Final = "menu"
"""What a model's ``select``, ``pick`` or ``back`` returns to ask for the game menu."""

Reply = Literal["menu"] | None
"""``MENU``: show the game menu; None: the model did what was asked."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One option on screen: ``key`` is what choosing it does, ``colour`` a seat colour's
    chip (an Apocalypse suit, a Paris gang), ``short`` the words shown when ``label`` (a
    gang with its player's name) does not fit."""

    key: str
    label: str
    colour: str | None = None
    short: str | None = None


def applied(session: Session[Any, A], action: A, notices: MutableSequence[str]) -> bool:
    """Apply ``action``; a refusal (it names its rule) becomes a notice. True if it went
    through."""
    try:
        session.apply(action)
    except IllegalAction as exc:
        notices.append(said(exc))
        return False
    return True


class GameModel(Protocol):
    """A game in progress as its scene drives it (see the module docstring)."""

    @property
    def session(self) -> Session[Any, Any]: ...

    @property
    def step(self) -> str:
        """What is asked now; ``"over"`` when the game is over (the results show)."""
        ...

    @property
    def notices(self) -> MutableSequence[str]:
        """Brief messages for the screen (a refusal, an undo); the scene empties it."""
        ...

    @property
    def cues(self) -> list[Cue]:
        """Sounds to play; the scene empties it."""
        ...

    def move(self, delta: int) -> None: ...

    def select(self, now_ns: int) -> Reply: ...

    def pick(self, index: int, now_ns: int) -> Reply: ...

    def back(self) -> Reply: ...

    def colour(self, colour: str, button: str, now_ns: int) -> None: ...

    def poll(self, now_ns: int) -> bool:
        """Let time act (a bot whose pause is over); True if anything changed."""
        ...

    def close(self) -> None:
        """Release the journal (safe twice)."""
        ...


def named_seat(seat: str, names: Mapping[str, str]) -> str:
    """A seat as the screens name it: ``"P3"`` or ``"purple"`` (a colour in the screens'
    language); with the roster's player there ``"P3 Anna"`` or ``"P Anna"`` (the seat's
    number or letter stays first, for colour-blind players)."""
    if seat not in names:
        return colour_word(seat)
    return f"{SEAT_LETTERS.get(seat, seat)} {names[seat]}"


def names_key(seats: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """Who sits where, for a table whose rows show only the seats: ``["R Anna", "P Ben"]``
    for the ``seats`` with a roster's player (none when everyone is a guest)."""
    return [named_seat(seat, names) for seat in seats if seat in names]


class SessionModel(Generic[S, A]):
    """A game model over its journaled session: the state it shows, the notices and sound
    cues its scene takes, and the journal released on close."""

    def __init__(self, session: Session[S, A]) -> None:
        self.session = session
        self.names = names_in(session.notes)
        """The roster's players at the seats (``P1`` or ``red`` -> ``Anna``; none: guests)."""
        self.notices: list[str] = []
        """Brief messages for the screen (a refusal, an undo); the scene empties it."""
        self.cues: list[Cue] = []
        """Sound cues since the scene last took them (``companion.ui.cues``)."""

    @property
    def state(self) -> S:
        return self.session.state

    def close(self) -> None:
        """Release the journal (safe twice; every entry is on disk already)."""
        self.session.close()


class ChoiceModel:
    """A model whose options are ``Choice`` s: previous / next move the focus round them,
    select or a click picks one; "Menu" asks for the game menu, any other option is the
    game's ``choose(key, now_ns)``. A game gives ``choices()`` and ``choose``."""

    focus: int

    def choices(self) -> list[Choice]:
        raise NotImplementedError

    def choose(self, key: str, now_ns: int) -> None:
        """Do what the option ``key`` says (a refusal becomes a notice)."""
        raise NotImplementedError

    def move(self, delta: int) -> None:
        count = len(self.choices())
        if count:
            self.focus = (self.focus + delta) % count

    def select(self, now_ns: int) -> Reply:
        """Pick the focused option; ``MENU`` when it is the game menu."""
        choices = self.choices()
        return self.pick(min(self.focus, len(choices) - 1), now_ns) if choices else None

    def pick(self, index: int, now_ns: int) -> Reply:
        """Pick option ``index`` (focused from now on); ``MENU`` when it is the game menu."""
        choices = self.choices()
        if not 0 <= index < len(choices):
            return None
        self.focus = index
        if choices[index].key == MENU:
            return MENU
        self.choose(choices[index].key, now_ns)
        return None


# --- FULL games: people and bots at one table ----------------------------------------------

S_contra = TypeVar("S_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)


class Bot(Protocol[S_contra, A_co]):
    def choose(self, state: S_contra, /) -> A_co: ...


class Table(Protocol):
    """A FULL game's state: how many seats the table has."""

    @property
    def players(self) -> int: ...


T = TypeVar("T", bound=Table)


@dataclass(frozen=True, slots=True)
class FullTuning:
    """A FULL game's pause. The default is for people; tests shorten it."""

    bot_pause_ns: int = 700_000_000
    """How long a bot waits after the last action before it plays."""


class FullGameModel(SessionModel[T, A]):
    """A FULL game at one table: the companion deals (the session's chance actions); seats
    ``0 .. humans-1`` are people who play on the screen, the others bots (``_bot``) that
    each play ``pause_ns`` (``tuning.bot_pause_ns``) after the table last changed
    (``calm_since_ns``), so the table can follow.

    A game gives ``_bot`` (its bot for a seat) and ``_after`` (what follows an action: cues,
    a report, the focus); where the focus does not start on the first option,
    ``_reset_focus``; where a person makes more than choices, ``_is_mine``; the words for
    what its chance reveals, ``_revealed_words``.
    """

    _revealed_words = marked("something was drawn")
    """What chance revealed, in the refusal's words (a game names its deal or draw; marked
    for the catalog, translated in the refusal)."""

    def __init__(
        self,
        session: Session[T, A],
        *,
        humans: int,
        now_ns: int,
        tuning: FullTuning | None = None,
    ) -> None:
        super().__init__(session)
        self.tuning = tuning or FullTuning()
        self.humans = humans
        self.pause_ns = self.tuning.bot_pause_ns
        self.bots = {seat: self._bot(seat) for seat in range(humans, session.state.players)}
        self.calm_since_ns = now_ns
        """When the table last changed: a bot's pause counts from it."""
        self.focus = 0
        self._reset_focus()

    @property
    def person(self) -> int | None:
        """The person whose move it is (None: a bot's, chance, or the game is over)."""
        actor = self.session.actor
        return actor if self.is_person(actor) else None

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < self.humans

    def poll(self, now_ns: int) -> bool:
        """Let a bot play once its pause is over. True if anything changed."""
        actor = self.session.actor
        if actor is None or actor not in self.bots or now_ns - self.calm_since_ns < self.pause_ns:
            return False
        return self._apply(self.bots[actor].choose(self.state), now_ns)

    def undo_to_person(self) -> bool:
        """Take back the person's own last choice and stop there (the person chooses again;
        no bot replays at once, it is the person's move). Undo never crosses what the
        table has seen: when a bot has acted or chance has dealt or drawn since that
        choice, it is refused and the reason becomes a notice, so nobody can probe the
        bots' hands by playing, watching and undoing. False when no person has made a
        choice yet (nothing of theirs to undo)."""
        history = self.session.history
        if not any(self._is_mine(step) for step in history):
            return False
        last = history[-1]
        if self._is_mine(last):
            self.session.undo()
            self.notices.append(tr("undone: your last choice, choose again"))
        else:
            self.notices.append(self._undo_refusal(last))
        return True

    def _undo_refusal(self, since: Step[A]) -> str:
        """Why the person's last choice cannot be taken back (``since``: the last step)."""
        if since.is_chance:
            refusal = tr("{what_was_revealed} since: it cannot be taken back")
            return refusal.format(what_was_revealed=tr(self._revealed_words))
        if since.actor in self.bots:
            return tr("the bots have played since: it cannot be taken back")
        return tr("another player has played since: it cannot be taken back")

    def _apply(self, action: A, now_ns: int) -> bool:
        """Apply ``action``: True if it went through (a refusal becomes a notice)."""
        before = self.state
        if not applied(self.session, action, self.notices):
            return False
        self.calm_since_ns = now_ns
        self._after(before)
        return True

    def _bot(self, seat: int) -> Bot[T, A]:
        """The bot that plays ``seat``."""
        raise NotImplementedError

    def _after(self, before: T) -> None:
        """What follows an action that went through (``before``: the state before it)."""
        raise NotImplementedError

    def _reset_focus(self) -> None:
        """The focus on the current step's first option."""
        self.focus = 0

    def _is_mine(self, step: Step[A]) -> bool:
        """A person's own choice: what undo goes back to."""
        return self.is_person(step.actor)
