"""A pseudo-language for finding words on screen that do not go through the catalogs: every
message ``tr``, ``trn`` or ``trc`` returns comes back in single angle quotes (U+2039 and
U+203A), so a drawn text with words outside them was never marked (``untranslated``)."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from companion import i18n

OPEN, CLOSE = "\u2039", "\u203a"
_QUOTED = re.compile(f"{OPEN}[^{CLOSE}]*{CLOSE}")
_ALLOWED = re.compile(r"^(?:ms|F|P\d+|[A-Z]|[A-Z]\d+|x\d+|×\d+)$")
"""Tokens that are not words: units, seats, cards ("R8")."""


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"


@contextmanager
def pseudo_language() -> Iterator[None]:
    """Every message in single angle quotes while inside (English numbers)."""
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
    """The ``texts`` with a word outside the angle quotes (a player's ``names`` allowed)."""
    found = []
    for text in texts:
        rest = _QUOTED.sub(" ", text)
        for name in names:
            rest = rest.replace(name, " ")
        words = re.findall(r"[^\W\d_]{2,}\w*|[^\W\d_]\w+", rest)
        if [word for word in words if not _ALLOWED.match(word)]:
            found.append(text)
    return found
