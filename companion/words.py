"""Words an engine says that a person may read on a screen, in any of the screens' languages.

The engines speak English: a refusal (``illegal``), a trick's or a slap's reason, an
outcome, a settlement step. The command line, the logs and the journals keep that English;
the screens show it in their language. So where an engine makes words a person reads, it
makes a :class:`Words` with :func:`say`, :func:`plural_words` or :func:`joined`: a ``str``
(the English, as before, for everything that reads strings) that also keeps its template
and values, so a screen can say it again through a catalog with :meth:`Words.shown`. The
templates are extracted for the catalogs like the screens' own strings (``make locale``
extracts the keywords ``say`` and ``plural_words``: names no other code uses, so the
extractor never mistakes a variable for them).

Values are named (``say("{player} holds no {suit}", player="P2", suit=...)``); a value
that is itself ``Words`` is shown in the language too; a number stays a number. The
engines stay pure: nothing here reads a catalog, the screen passes one in.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

__all__ = [
    "COLOUR_WORDS",
    "Catalog",
    "Figure",
    "Words",
    "error_reason",
    "error_words",
    "joined",
    "json_reason",
    "on_file",
    "os_reason",
    "plural_words",
    "say",
    "shown",
    "worded",
]


class Catalog(Protocol):
    """What :meth:`Words.shown` needs of a language (``gettext.NullTranslations`` has it)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int, /) -> str: ...


Numbers = Callable[[float, int], str]
"""How a language writes a number with so many decimals ("2,750", "0,3")."""


class Figure(float):
    """A number with a fixed count of decimals in words: ``"0.3"`` in English, written the
    language's way on a screen (``"0,3"``): ``say("from {low} s", low=Figure(0.3, 1))``."""

    places: int

    def __new__(cls, value: float, places: int) -> Figure:
        made = super().__new__(cls, value)
        made.places = places
        return made

    def __str__(self) -> str:
        return f"{float(self):.{self.places}f}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[object, ...]:
        return (Figure, (float(self), self.places))


class Words(str):
    """English words (the ``str``) that a screen can show in another language."""

    template: str
    plural: str | None
    quantity: int | None
    values: Mapping[str, object]
    separator: str | None
    parts: tuple[object, ...]

    def __new__(
        cls,
        english: str,
        template: str | None = None,
        values: Mapping[str, object] | None = None,
        *,
        plural: str | None = None,
        quantity: int | None = None,
        separator: str | None = None,
        parts: tuple[object, ...] = (),
    ) -> Words:
        made = super().__new__(cls, english)
        made.template = english if template is None else template
        made.values = dict(values or {})
        made.plural, made.quantity = plural, quantity
        made.separator, made.parts = separator, parts
        return made

    def __reduce__(self) -> tuple[object, ...]:
        """Copied and pickled whole (a state keeps its words)."""
        plural = (self.plural, self.quantity)
        joined = (self.separator, self.parts)
        return (_rebuilt, (str(self), self.template, self.values, plural, joined))

    def shown(self, catalog: Catalog, number: Numbers | None = None) -> str:
        """These words in ``catalog``'s language (its values too, where they are Words;
        whole numbers written by ``number``, the language's way: "2,750", "2.750")."""
        if self.separator is not None:
            parts = (shown(part, catalog, number) for part in self.parts)
            return self.separator.join(str(part) for part in parts)
        values = {name: shown(value, catalog, number) for name, value in self.values.items()}
        if self.plural is not None and self.quantity is not None:
            template = catalog.ngettext(self.template, self.plural, self.quantity)
        else:
            template = catalog.gettext(self.template)
        return template.format(**values)


def _rebuilt(
    english: str,
    template: str,
    values: Mapping[str, object],
    plural: tuple[str | None, int | None],
    joined: tuple[str | None, tuple[object, ...]],
) -> Words:
    return Words(
        english,
        template,
        values,
        plural=plural[0],
        quantity=plural[1],
        separator=joined[0],
        parts=joined[1],
    )


def shown(value: object, catalog: Catalog, number: Numbers | None = None) -> object:
    """``value`` in ``catalog``'s language when it is :class:`Words` (a whole number or a
    :class:`Figure` by ``number`` when given); as it is otherwise."""
    if isinstance(value, Words):
        return value.shown(catalog, number)
    if number is not None and isinstance(value, Figure):
        return number(value, value.places)
    if number is not None and type(value) is int:
        return number(value, 0)
    return value


def say(template: str, /, **values: object) -> Words:
    """Words made from ``template`` (marked for the catalogs) and its named ``values``:
    ``say("{player} holds no {suit}", player="P2", suit="red")``."""
    english = template.format(**values) if values else template
    return Words(english, template, values)


def plural_words(singular: str, plural: str, count: int, /, **values: object) -> Words:
    """Words with a number in them, in the form ``count`` needs in each language:
    ``plural_words("{count} card", "{count} cards", 3, count=3)``."""
    english = (singular if count == 1 else plural).format(**values)
    return Words(english, singular, values, plural=plural, quantity=count)


def joined(separator: str, parts: Iterable[object]) -> Words:
    """``parts`` joined by ``separator`` (which every language keeps), each part shown in
    the language where it is :class:`Words`: ``joined(", ", colour_words)``."""
    kept = tuple(parts)
    english = separator.join(str(part) for part in kept)
    return Words(english, "", {}, separator=separator, parts=kept)


def error_words(error: BaseException) -> object:
    """What went wrong, in words a screen can say in its language: the error's own
    :class:`Words` when it was raised with them; an operating system's or SQLite's error by
    its code ("/home/pi/games: no space left on the device"); its English text otherwise."""
    said_first = error.args[0] if error.args else None
    if isinstance(said_first, Words):
        return said_first
    if isinstance(error, OSError) and error.errno in _OS_REASONS:
        return on_file(error.filename, _OS_REASONS[error.errno])
    sqlite = sys.modules.get("sqlite3")  # not imported: the error is none of its
    if sqlite is not None and isinstance(error, sqlite.Error):
        code = getattr(error, "sqlite_errorcode", None)
        for name, reason in _SQLITE_REASONS.items():
            if code is not None and code & 0xFF == getattr(sqlite, name):
                return reason
    return str(error)


def error_reason(error: BaseException, known: Mapping[str, Words] | None = None) -> object:
    """What went wrong in ``error``, as the value of a message's placeholder: printed as
    ``str(error)`` (as the command line always said it), shown on a screen in its language:
    by ``known``, words for a library's errors by how their text begins (an operating system
    error's text without its "[Errno n]": the serial port's "read failed"), else by
    :func:`error_words`."""
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    words = _begun(text, known or {})
    return worded(str(error), error_words(error) if words is None else words)


def os_reason(error: OSError) -> object:
    """An operating system's reason without its file, as the value of a message's
    placeholder: printed as ``error.strerror`` ("Permission denied"; ``str(error)``
    without one), shown on a screen by its code in its language."""
    english = error.strerror or str(error)
    return worded(english, error_words(OSError(error.errno, english)))


def json_reason(message: str) -> object:
    """The JSON reader's reason (``json.JSONDecodeError.msg``: "Expecting value"), as the
    value of a message's placeholder: printed as it is, shown in the screens' language."""
    return worded(message, _begun(message, _JSON_REASONS))


def worded(english: str, words: object) -> object:
    """``english`` where printed, ``words`` where a screen shows it (``english`` alone
    when ``words`` are not :class:`Words`)."""
    if not isinstance(words, Words):
        return english
    if str(words) == english:
        return words
    return Words(
        english,
        words.template,
        words.values,
        plural=words.plural,
        quantity=words.quantity,
        separator=words.separator,
        parts=words.parts,
    )


def _begun(text: str, known: Mapping[str, Words]) -> Words | None:
    """The words of ``known`` whose key begins ``text`` (None when none does)."""
    return next((words for beginning, words in known.items() if text.startswith(beginning)), None)


def on_file(file: object, reason: object) -> Words:
    """``"games/x.jsonl: permission denied"``: what is wrong, after the file it is wrong
    with (``reason`` alone, as Words, when there is no file)."""
    if file is None:
        return reason if isinstance(reason, Words) else Words(str(reason))
    return say("{file}: {reason}", file=str(file), reason=reason)


_OS_REASONS: dict[int, Words] = {
    errno.ENOSPC: say("no space left on the device"),
    errno.EDQUOT: say("the disk quota is used up"),
    errno.EACCES: say("permission denied"),
    errno.EPERM: say("operation not permitted"),
    errno.EROFS: say("the file system is read-only"),
    errno.ENOENT: say("no such file or folder"),
    errno.EISDIR: say("a folder, not a file"),
    errno.ENOTDIR: say("not a folder"),
    errno.EIO: say("input/output error (a failing card or disk?)"),
    errno.EEXIST: say("already exists"),
    errno.EBUSY: say("busy: another program is using it"),
    errno.ENAMETOOLONG: say("the file name is too long"),
    errno.EMFILE: say("too many open files"),
    errno.ELOOP: say("too many symbolic links"),
    errno.ENODEV: say("no such device"),
    errno.ENXIO: say("no such device"),
}
"""The operating system's errors a person may meet, by ``errno``."""

_SQLITE_REASONS: dict[str, Words] = {
    "SQLITE_BUSY": say("the database is locked by another program"),
    "SQLITE_LOCKED": say("the database is locked by another program"),
    "SQLITE_CORRUPT": say("the database is damaged"),
    "SQLITE_NOTADB": say("not a database"),
    "SQLITE_FULL": say("no space left on the device"),
    "SQLITE_READONLY": say("the database is read-only"),
    "SQLITE_CANTOPEN": say("the database cannot be opened"),
    "SQLITE_IOERR": say("input/output error (a failing card or disk?)"),
    "SQLITE_PERM": say("permission denied"),
}
"""SQLite's errors a person may meet, by the name of their primary result code (sqlite3
is imported only by the modules that use a database, not by this one)."""

_JSON_REASONS: dict[str, Words] = {
    "Expecting value": say("a value is missing"),
    "Expecting property name": say("a key in double quotes is missing"),
    "Expecting ':'": say("a ':' is missing"),
    "Expecting ','": say("a ',' is missing"),
    "Extra data": say("more after the end"),
    "Unterminated string": say("a text is not closed"),
    "Invalid control character": say("a control character inside a text"),
    "Invalid \\": say("a bad escape after a backslash"),
    "Illegal trailing comma": say("a comma before the end"),
}
"""The JSON reader's reasons, by how they begin (Python's ``json`` module)."""


COLOUR_WORDS: dict[str, Words] = {
    "red": say("red"),
    "yellow": say("yellow"),
    "purple": say("purple"),
    "blue": say("blue"),
    "green": say("green"),
}
"""The five colours as a person reads them: a seat, an Apache tribe, an Apocalypse suit, a
Paris gang (every game and the session name them alike)."""
