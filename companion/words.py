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

from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

__all__ = ["Catalog", "Words", "joined", "plural_words", "say", "shown"]


class Catalog(Protocol):
    """What :meth:`Words.shown` needs of a language (``gettext.NullTranslations`` has it)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int, /) -> str: ...


Numbers = Callable[[int], str]
"""How a language writes a whole number."""


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
    """``value`` in ``catalog``'s language when it is :class:`Words` (a whole number by
    ``number`` when given); as it is otherwise."""
    if isinstance(value, Words):
        return value.shown(catalog, number)
    if number is not None and type(value) is int:
        return number(value)
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
