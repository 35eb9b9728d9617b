"""The group's players: a small roster of names kept on the device, and who sat where.

The setup screens seat a player from the roster (or a guest) at each seat, and start from
the seating of the last game of the same family. :class:`Roster` is the roster, read from
one JSON file, ``roster.json`` beside the history database (:func:`default_roster_path`)::

    {"format": 1,
     "players": [{"name": "Ann", "retired": false, "added": 1760000000.0}, ...],
     "seating": {"apache": {"red": "Ann", "blue": "Bob"}, ...}}

A player is never forgotten by the history: retiring keeps them in the roster but no longer
offers them for seats; deleting removes them from the roster, and their recorded games keep
the name, shown as a "former player" (:meth:`Roster.is_former`).

The file is written whole at every change (a temporary file in the same folder, synced, then
renamed over the old one), so a power cut leaves the old roster or the new one. Each change
first reads the file again, so a change made meanwhile by another program (``companion
players`` while the companion runs) is kept, not overwritten. A file that is not a roster
(not UTF-8, not JSON, the wrong shape, larger than :data:`MAX_BYTES`) is reported, naming
the file and what to do, and never overwritten: it is set aside (renamed
``roster.json.bad-YYYYmmdd-HHMMSS``, never deleted) only when asked,
``Roster.open(path, set_aside_bad=True)``. Anything other than a regular file at the path
(a folder, a FIFO) is reported and left alone, and only a file named ``*.json`` is ever
set aside. The errors' messages are :class:`~companion.words.Words`: English where they are
printed, in the screens' language where a screen shows them (``said``).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from companion.errors import CompanionError
from companion.words import Words, error_words, json_reason, os_reason, say

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_BYTES",
    "MAX_PLAYERS",
    "MAX_SEATS",
    "NAME_MAX",
    "RESERVED_NAMES",
    "ROSTER_FILE",
    "NameRefused",
    "Player",
    "Roster",
    "RosterCorrupt",
    "RosterError",
    "RosterUnavailable",
    "UnknownPlayer",
    "clean_name",
    "default_roster_path",
]

ROSTER_FILE: Final = "roster.json"
FORMAT: Final = 1
"""The roster file's format version, written as its ``format`` field."""
MAX_BYTES: Final = 256 * 1024
"""The largest roster file read (:data:`MAX_PLAYERS` players with the longest names and
their seatings take under 100 KiB)."""
NAME_MAX: Final = 16
"""The longest name, in characters: what the seat labels have room for."""
MAX_PLAYERS: Final = 500
"""The most players the roster holds, retired ones included."""
MAX_SEATS: Final = 8
"""The most seats a remembered seating holds (the games seat at most 6)."""
SEAT_MAX: Final = 16
"""The longest seat key a remembered seating holds ("red", "P1", ...)."""
GAMES: Final = ("apache", "apocalypse", "paris")
"""The game families whose seating is remembered (the history's families)."""
SEAT_COLOURS: Final = ("red", "yellow", "purple", "blue", "green")
RESERVED_NAMES: Final = frozenset({*SEAT_COLOURS, *(f"p{n}" for n in range(1, 7)), "guest"})
"""What the screens show for a seat without a name (a colour, a P-number) and for a guest,
casefolded: no player may be called so."""


# --- errors ----------------------------------------------------------------------------------


class RosterError(CompanionError):
    """Base of the roster's errors; each message names the file or the name and the fix."""


class RosterUnavailable(RosterError, OSError):
    """The roster file cannot be read or written (a permission, a full disk, a folder or a
    FIFO where the file should be, a file written by a newer companion). Left as it is."""


class RosterCorrupt(RosterError, ValueError):
    """The file at the roster's path is not a roster (not UTF-8, not JSON, the wrong shape,
    too large). Left as it is; ``Roster.open(path, set_aside_bad=True)`` sets it aside."""

    def __init__(self, message: Words, path: Path) -> None:
        super().__init__(message)
        self.path = path


class NameRefused(RosterError, ValueError):
    """A name that cannot be a player's: empty, too long, a control character, taken, or a
    word the screens use for a seat without a name."""


class UnknownPlayer(RosterError, LookupError):
    """No player of that name in the roster."""


# --- the data --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """One player of the roster: ``added`` is when (seconds since the epoch)."""

    name: str
    retired: bool
    added: float


@dataclass(frozen=True, slots=True)
class _State:
    """What the file holds: the players in the order added, and each game's last seating
    (seat key -> player name, in seat order)."""

    players: tuple[Player, ...] = ()
    seating: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


def default_roster_path() -> Path:
    """``roster.json`` beside the history database: in ``$COMPANION_DATA_DIR``, else
    ``$XDG_STATE_HOME/companion``, else ``~/.local/state/companion``."""
    from companion.history.store import default_history_path  # the history only when asked

    return default_history_path().parent / ROSTER_FILE


def clean_name(text: str) -> str:
    """``text`` as a name is kept: surrounding spaces stripped, inner runs of spaces made
    one, in Unicode's composed form. Raises :class:`NameRefused` for an empty name, a
    control character (or a line break), or more than :data:`NAME_MAX` characters."""
    bad = next((char for char in text if _is_control(char)), None)
    if bad is not None:
        raise NameRefused(
            say(
                "name {name} holds a control character ({character}); type the name with "
                "letters, digits, spaces and punctuation only",
                name=_shown(text),
                character=repr(bad),
            )
        )
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise NameRefused(
            say(
                "name {name} is empty; give a name of 1 to {most} characters",
                name=_shown(text),
                most=NAME_MAX,
            )
        )
    if len(name) > NAME_MAX:
        raise NameRefused(
            say(
                "name {name} is {length} characters long; give at most {most} "
                "(a nickname, or a first name and an initial)",
                name=_shown(name),
                length=len(name),
                most=NAME_MAX,
            )
        )
    return name


def _is_control(char: str) -> bool:
    """A control, format, unassigned or private character, or a line break: nothing a seat
    label can show."""
    category = unicodedata.category(char)
    return category.startswith("C") or category in ("Zl", "Zp")


def _key(name: str) -> str:
    """The name compared: two names that differ only in case or spacing are the same."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def _shown(text: str) -> str:
    """``text`` quoted for a message, shortened when long (the length said)."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:24]!r}... ({len(text)} characters)"


# --- the roster ------------------------------------------------------------------------------


class Roster:
    """The roster file at :attr:`path`, read. Use :meth:`open`. Every change is saved at once
    (the whole file, atomically) and is made to the file as it is then, read again."""

    def __init__(self, path: Path, state: _State, set_aside: Path | None = None) -> None:
        """Internal: use :meth:`open`."""
        self._path = path
        self._state = state
        self._set_aside = set_aside

    @classmethod
    def open(cls, path: Path, *, set_aside_bad: bool = False) -> Roster:
        """The roster in ``path``; no file is an empty roster (nothing is written until a
        change). Raises :class:`RosterCorrupt` for a file that is not a roster (left as it
        is) unless ``set_aside_bad``: then such a file is renamed
        ``roster.json.bad-YYYYmmdd-HHMMSS`` (:attr:`set_aside`) and the roster is empty.
        Raises :class:`RosterUnavailable` for a file that cannot be read, is not a regular
        file, or comes from a newer companion (never set aside)."""
        path = Path(path)
        try:
            return cls(path, _load(path))
        except RosterCorrupt as corrupt:
            if not set_aside_bad:
                raise
            return cls(path, _State(), set_aside=_set_aside(path, corrupt))

    @property
    def path(self) -> Path:
        return self._path

    @property
    def set_aside(self) -> Path | None:
        """Where :meth:`open` moved a file that was not a roster (None: nothing moved)."""
        return self._set_aside

    @property
    def players(self) -> tuple[Player, ...]:
        """Every player in the roster, retired ones too, in the order they were added."""
        return self._state.players

    def active(self) -> tuple[str, ...]:
        """The names offered for seats (not retired), in the order they were added."""
        return tuple(player.name for player in self._state.players if not player.retired)

    def player(self, name: str) -> Player:
        """The player ``name`` names (compared without case or extra spaces), retired or
        not; :class:`UnknownPlayer` naming the roster's players."""
        return self._state.players[_index(name, self._state.players, self._path)]

    def is_former(self, name: str) -> bool:
        """Whether ``name`` (from a recorded game) is a former player: not in the roster at
        all, retired or not. What the screens show for a seat without a name (a colour, a
        P-number) or a guest is not a former player."""
        key = _key(name)
        if not key or key in RESERVED_NAMES:
            return False
        return all(_key(player.name) != key for player in self._state.players)

    # -- changes --

    def add(self, name: str) -> str:
        """Add a player; the name as kept (see :func:`clean_name`). :class:`NameRefused`
        naming the input when it is not a name, or taken (a retired player's too)."""
        cleaned = clean_name(name)
        _refuse_reserved(cleaned)
        state = self._current()
        _refuse_taken(cleaned, state.players)
        if len(state.players) >= MAX_PLAYERS:
            raise NameRefused(
                say(
                    "cannot add {name}: the roster holds at most {most} players; delete some first",
                    name=_shown(cleaned),
                    most=MAX_PLAYERS,
                )
            )
        added = Player(name=cleaned, retired=False, added=time.time())
        self._save(replace(state, players=(*state.players, added)))
        return cleaned

    def rename(self, old: str, new: str) -> str:
        """Rename player ``old`` (retired or not); the new name as kept. Their recorded games
        keep the old name. :class:`UnknownPlayer` when there is no ``old``,
        :class:`NameRefused` as :meth:`add` for ``new`` (``old`` itself may be re-cased)."""
        cleaned = clean_name(new)
        _refuse_reserved(cleaned)
        state = self._current()
        index = _index(old, state.players, self._path)
        others = state.players[:index] + state.players[index + 1 :]
        _refuse_taken(cleaned, others)
        before = state.players[index]
        players = list(state.players)
        players[index] = replace(before, name=cleaned)
        seating = {
            game: {seat: cleaned if who == before.name else who for seat, who in seats.items()}
            for game, seats in state.seating.items()
        }
        self._save(_State(tuple(players), seating))
        return cleaned

    def retire(self, name: str) -> str:
        """Stop offering player ``name`` for seats; kept in the roster. Their name as kept.
        :class:`UnknownPlayer`, or :class:`NameRefused` when already retired."""
        return self._set_retired(name, retired=True)

    def unretire(self, name: str) -> str:
        """Offer retired player ``name`` for seats again; their name as kept.
        :class:`UnknownPlayer`, or :class:`NameRefused` when not retired."""
        return self._set_retired(name, retired=False)

    def delete(self, name: str) -> str:
        """Remove player ``name`` from the roster (and the remembered seatings); their
        recorded games keep the name, a former player's. Their name as it was kept."""
        state = self._current()
        index = _index(name, state.players, self._path)
        gone = state.players[index].name
        players = state.players[:index] + state.players[index + 1 :]
        seating = {
            game: {seat: who for seat, who in seats.items() if who != gone}
            for game, seats in state.seating.items()
        }
        self._save(_State(players, seating))
        return gone

    # -- seating memory --

    def last_seating(self, game: str) -> dict[str, str]:
        """The last seating remembered for ``game`` ("apache", "apocalypse" or "paris"):
        seat key ("red", "P1", ...) -> player name, in seat order. Players no longer active
        (retired, renamed away or deleted) are left out; a game never seated is ``{}``."""
        _check_game(game)
        active = set(self.active())
        seats = self._state.seating.get(game, {})
        return {seat: name for seat, name in seats.items() if name in active}

    def remember_seating(self, game: str, seating: Mapping[str, str]) -> None:
        """Remember ``seating`` (seat key -> name) as ``game``'s last, replacing the one
        before, and save. Seats whose name is not an active player of the roster (a guest,
        a seat left unnamed) are not remembered. :class:`RosterError` for an unknown game,
        a seat key that is not 1 to 16 printable characters, or one player in two seats."""
        _check_game(game)
        state = self._current()
        active = {_key(player.name): player.name for player in state.players if not player.retired}
        if len(seating) > MAX_SEATS:
            raise RosterError(
                say(
                    "a {game} seating of {count} seats cannot be remembered; the games seat at "
                    "most {most}",
                    game=game,
                    count=len(seating),
                    most=MAX_SEATS,
                )
            )
        kept: dict[str, str] = {}
        for seat, name in seating.items():
            _check_seat(seat)
            player = active.get(_key(name)) if isinstance(name, str) else None
            if player is None:
                continue
            if player in kept.values():
                raise NameRefused(
                    say(
                        "{player} is seated twice in the {game} seating given; a player takes "
                        "one seat",
                        player=repr(player),
                        game=game,
                    )
                )
            kept[seat] = player
        seatings = {g: seats for g, seats in {**state.seating, game: kept}.items() if seats}
        if seatings != state.seating:
            self._save(replace(state, seating=seatings))

    # -- inside --

    def _set_retired(self, name: str, *, retired: bool) -> str:
        state = self._current()
        index = _index(name, state.players, self._path)
        player = state.players[index]
        if player.retired == retired:
            already = (
                say(
                    "player {name} is already retired; unretire them to offer them for seats again",
                    name=repr(player.name),
                )
                if retired
                else say(
                    "player {name} is not retired (already offered for seats)",
                    name=repr(player.name),
                )
            )
            raise NameRefused(already)
        players = list(state.players)
        players[index] = replace(player, retired=retired)
        self._save(replace(state, players=tuple(players)))
        return player.name

    def _current(self) -> _State:
        """The file as it is now (a change made by another program meanwhile kept)."""
        self._state = _load(self._path)
        return self._state

    def _save(self, state: _State) -> None:
        """Write ``state`` to the file atomically; only then is it the roster's."""
        data = _to_json(state)
        if len(data) > MAX_BYTES:  # cannot happen within MAX_PLAYERS and MAX_SEATS
            raise RosterError(
                say("{path}: the roster would be too large to save", path=str(self._path))
            )
        _write(self._path, data)
        self._state = state


def _refuse_reserved(name: str) -> None:
    key = name.casefold()
    if key not in RESERVED_NAMES:
        return
    if key == "guest":
        what = say("the word the screens show for a guest")
    elif key in SEAT_COLOURS:
        what = say("a seat colour, what the screens show for a seat without a name")
    else:
        what = say("a seat number, what the screens show for a seat without a name")
    raise NameRefused(say("name {name} is {what}; give another name", name=repr(name), what=what))


def _refuse_taken(name: str, players: Iterable[Player]) -> None:
    key = _key(name)
    for player in players:
        if _key(player.name) != key:
            continue
        if player.retired:
            raise NameRefused(
                say(
                    "name {name} is retired player {player}: un-retire them instead, or give "
                    "another name",
                    name=repr(name),
                    player=repr(player.name),
                )
            )
        raise NameRefused(
            say(
                "name {name} is taken by player {player}; give another name (add an "
                "initial, such as 'Ann B')",
                name=repr(name),
                player=repr(player.name),
            )
        )


def _index(name: str, players: tuple[Player, ...], path: Path) -> int:
    """The place of player ``name`` (compared without case); :class:`UnknownPlayer`."""
    key = _key(name) if isinstance(name, str) else None
    for index, player in enumerate(players):
        if _key(player.name) == key:
            return index
    raise UnknownPlayer(
        say(
            "no player named {name} in the roster {path} (players: {known}); give a name as "
            "the roster lists it",
            name=_shown(str(name)),
            path=str(path),
            known=_first_names(players),
        )
    )


def _first_names(players: tuple[Player, ...]) -> object:
    """The first ten players' names, quoted, and how many more there are."""
    names = ", ".join(repr(player.name) for player in players[:10])
    if not names:
        return say("none yet")
    if len(players) > 10:
        return say("{names} and {count} more", names=names, count=len(players) - 10)
    return names


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise RosterError(
            say(
                "game {game} has no seating to remember; give one of {games}",
                game=_shown(str(game)),
                games=", ".join(GAMES),
            )
        )


def _check_seat(seat: object) -> None:
    if (
        not isinstance(seat, str)
        or not 1 <= len(seat) <= SEAT_MAX
        or seat != seat.strip()
        or any(_is_control(char) for char in seat)
    ):
        raise RosterError(
            say(
                "seat {seat} is not a seat key; give a colour or P-number such as 'red' or "
                "'P1' (1 to {most} printable characters)",
                seat=repr(seat),
                most=SEAT_MAX,
            )
        )


# --- the file --------------------------------------------------------------------------------


def _load(path: Path) -> _State:
    """The roster in ``path``; an empty one when there is no file."""
    data = _read(path)
    return _State() if data is None else _parse(data, path)


def _read(path: Path) -> bytes | None:
    """The bytes of the roster file (None: no file), never opening a folder, a FIFO or a
    device, and never more than :data:`MAX_BYTES`."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _unavailable(path, say("cannot be read"), error) from None
    try:
        mode = os.fstat(fd).st_mode
        data = _read_up_to(fd, MAX_BYTES + 1) if stat.S_ISREG(mode) else None
    except OSError as error:
        raise _unavailable(path, say("cannot be read"), error) from None
    finally:
        os.close(fd)
    if data is None:
        kind = say("a folder") if stat.S_ISDIR(mode) else say("not a regular file")
        raise RosterUnavailable(
            say(
                "{path}: {kind}, not a roster file; left as it is: move it away, or keep the "
                "roster elsewhere",
                path=str(path),
                kind=kind,
            )
        )
    if len(data) > MAX_BYTES:
        raise _corrupt(path, say("larger than {size} KiB", size=MAX_BYTES // 1024))
    return data


def _read_up_to(fd: int, size: int) -> bytes:
    """At most ``size`` bytes from the start of the open file ``fd``."""
    chunks: list[bytes] = []
    while size > 0:
        chunk = os.read(fd, size)
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _parse(data: bytes, path: Path) -> _State:
    """The roster the file's bytes hold; :class:`RosterCorrupt` naming what is wrong."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _corrupt(path, say("not UTF-8 text (byte {byte})", byte=str(error.start))) from None
    try:
        content = json.loads(text)
    except json.JSONDecodeError as error:
        why = say("not JSON (line {line}: {why})", line=error.lineno, why=json_reason(error.msg))
        raise _corrupt(path, why) from None
    except RecursionError:
        raise _corrupt(path, say("JSON nested too deeply")) from None
    if not isinstance(content, dict):
        raise _corrupt(path, say("not a JSON object"))
    version = content.get("format")
    if type(version) is int and version > FORMAT:
        raise RosterUnavailable(
            say(
                "{path}: a roster of format {version}, written by a newer companion (this one "
                "reads format {format}); left as it is: update the companion",
                path=str(path),
                version=version,
                format=FORMAT,
            )
        )
    if version != FORMAT or type(version) is not int:
        raise _corrupt(
            path, say("its format is {version}, not {format}", version=repr(version), format=FORMAT)
        )
    unknown = sorted(set(content) - {"format", "players", "seating"})
    if unknown:
        names = ", ".join(map(repr, unknown[:5]))
        raise _corrupt(path, say("unknown field(s) {names}", names=names))
    players = _parse_players(content.get("players", []), path)
    return _State(players, _parse_seating(content.get("seating", {}), path))


def _parse_players(items: Any, path: Path) -> tuple[Player, ...]:
    if not isinstance(items, list):
        raise _corrupt(path, say("{field} is not a list", field="'players'"))
    if len(items) > MAX_PLAYERS:
        raise _corrupt(path, say("more than {most} players", most=MAX_PLAYERS))
    players: list[Player] = []
    seen: set[str] = set()
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or set(item) != {"name", "retired", "added"}:
            what = say("player {number} is not an object of name, retired and added", number=number)
            raise _corrupt(path, what)
        name, retired, added = item["name"], item["retired"], item["added"]
        if not isinstance(name, str):
            raise _corrupt(path, say("player {number}'s name is not text", number=number))
        try:
            cleaned = clean_name(name)
        except NameRefused as refused:
            what = say("player {number}: {refused}", number=number, refused=error_words(refused))
            raise _corrupt(path, what) from None
        if cleaned != name:
            what = say(
                "player {number}'s name {name} has extra spaces", number=number, name=repr(name)
            )
            raise _corrupt(path, what)
        if _key(name) in seen:
            what = say(
                "player {number}'s name {name} is there twice", number=number, name=repr(name)
            )
            raise _corrupt(path, what)
        seen.add(_key(name))
        if type(retired) is not bool:
            raise _corrupt(
                path, say("player {number}'s retired is not true or false", number=number)
            )
        if type(added) not in (int, float) or not math.isfinite(added):
            what = say("player {number}'s added is not a time in seconds", number=number)
            raise _corrupt(path, what)
        players.append(Player(name=name, retired=retired, added=float(added)))
    return tuple(players)


def _parse_seating(items: Any, path: Path) -> dict[str, dict[str, str]]:
    if not isinstance(items, dict):
        raise _corrupt(path, say("{field} is not an object", field="'seating'"))
    seating: dict[str, dict[str, str]] = {}
    for game, seats in items.items():
        if game not in GAMES:
            unknown = say(
                "{field} has an unknown game {game}", field="'seating'", game=_shown(game)
            )
            raise _corrupt(path, unknown)
        if not isinstance(seats, dict) or not all(
            isinstance(seat, str) and isinstance(name, str) for seat, name in seats.items()
        ):
            raise _corrupt(
                path, say("the {game} seating is not an object of seat -> name", game=game)
            )
        seating[game] = dict(seats)
    return seating


def _to_json(state: _State) -> bytes:
    content = {
        "format": FORMAT,
        "players": [asdict(player) for player in state.players],
        "seating": {game: dict(seats) for game, seats in state.seating.items()},
    }
    return (json.dumps(content, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` as the file ``path``, whole or not at all: a temporary file in the same
    folder, synced, renamed over the old one. :class:`RosterUnavailable` naming the file
    (the old file left as it was)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise _unavailable(path, say("cannot be saved"), error) from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise _unavailable(path, say("cannot be saved (the roster is as it was)"), error) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; a system that cannot sync a folder is let be."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _set_aside(path: Path, corrupt: RosterCorrupt) -> Path:
    """Rename the file that is not a roster to ``NAME.bad-YYYYmmdd-HHMMSS`` (``-2``, ... when
    taken): never deleted. Only a file named ``*.json`` is moved; :class:`RosterUnavailable`
    (the file left as it is) otherwise, or when it cannot be renamed."""
    if path.suffix != ".json":
        raise RosterUnavailable(
            say(
                "{problem}; not set aside, as only a file named *.json is: move it away, or "
                "keep the roster elsewhere",
                problem=error_words(corrupt),
            )
        )
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target, count = path.with_name(f"{path.name}.bad-{stamp}"), 1
    while target.exists():
        count += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{count}")
    try:
        os.rename(path, target)
    except OSError as error:
        what = say("is not a roster and cannot be set aside as {file}", file=str(target))
        raise _unavailable(path, what, error) from None
    return target


def _corrupt(path: Path, what: Words) -> RosterCorrupt:
    return RosterCorrupt(
        say(
            "{path}: not a roster file ({what}); left as it is: fix it, or move it away to "
            "start an empty roster (the setup screen offers to set it aside: renamed, never "
            "deleted)",
            path=str(path),
            what=what,
        ),
        path,
    )


def _unavailable(path: Path, what: Words, error: OSError) -> RosterUnavailable:
    return RosterUnavailable(
        say(
            "{path}: the roster file {what}: {reason}; check that it and its folder can be "
            "read and written",
            path=str(path),
            what=what,
            reason=os_reason(error),
        )
    )
