"""A pseudo-language for finding words on screen that do not go through the catalogs: every
message ``tr``, ``trn``, ``trc`` or an engine's ``Words`` give comes back with its letters
swapped for look-alikes with accents ("Back" -> "Ƀȧçķ"), its placeholders kept, so a drawn
text with a plain ASCII word in it has a word that was never marked (``untranslated``),
however the screen wrapped, cut or nested the messages."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from companion import i18n

PLAIN: str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOOK_ALIKE: str = "ȧƀçđéƒğħíĵķłɱńőƥʠŕšŧũʋŵẋýžȦɃÇĐÉƑĞĦÍĴĶŁṀŃŐƤɊŔŠŦŨṼŴẊÝŽ"
_SWAP = str.maketrans(PLAIN, LOOK_ALIKE)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_ALLOWED = re.compile(r"^(?:ms|F|P\d+|[A-Za-z]|[A-Z]\d+|x\d+)$")
"""Plain tokens that are not words: units, seats ("P1"), letters (a seat's, the on-screen
keyboard's), cards ("R8")."""


def pseudo(message: str) -> str:
    """``message`` with its letters swapped outside its ``{placeholders}``."""
    parts = _PLACEHOLDER.split(message)
    return "".join(
        part if _PLACEHOLDER.fullmatch(part) else part.translate(_SWAP) for part in parts
    )


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@contextmanager
def pseudo_language() -> Iterator[None]:
    """Every message in the pseudo-language while inside (English numbers)."""
    previous = i18n._current[0]
    original = i18n._catalog
    i18n._current[0] = "en"
    setattr(i18n, "_catalog", lambda code: PseudoTranslations())  # noqa: B010
    try:
        yield
    finally:
        setattr(i18n, "_catalog", original)  # noqa: B010
        i18n._current[0] = previous


def untranslated(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The ``texts`` with a plain ASCII word in them (a player's ``names`` allowed)."""
    found = []
    for text in texts:
        rest = text
        for name in names:
            rest = rest.replace(name, " ")
        words = re.findall(r"[A-Za-z][A-Za-z0-9]*", rest)
        if [word for word in words if not _ALLOWED.match(word)]:
            found.append(text)
    return found
