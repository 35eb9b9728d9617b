"""The screens in the languages of the games: English, German and French.

Every word a person reads on screen goes through this module (the command line and the
logs stay English). The catalogs are ``companion/locale/<lang>/LC_MESSAGES/companion.po``,
kept with Babel (``make locale``: ``pybabel extract`` the marked strings into
``companion/locale/companion.pot``, ``update`` the two catalogs, ``compile`` them into the
``.mo`` files Python's ``gettext`` reads; the ``.mo`` files are committed and a test checks
they are fresh). Marking:

- ``tr("Back")``: the message in the screen's language, looked up when called: call it
  where the words are drawn or built, never at import (the language changes at once).
- ``trn("{n} Pow-Wow", "{n} Pow-Wows", n)``: a message with plural forms (each language's
  own rule: German and English have two, French counts 0 and 1 as singular).
- ``trc("button", "Back")``: the same words in another sense (``pgettext``).
- ``marked("Back")``: marks a constant for the catalog without translating it (a table of
  hints built at import); translate it with ``tr`` where it is drawn.
- ``said(words)``: what an engine said (``companion.words.Words``: a refusal, a reason)
  in the screens' language; ``said(exc)``: what went wrong, for any error (the words it
  was raised with, or an operating system's, SQLite's or the JSON reader's by its code).

Placeholders are named (``tr("{who}: which card?").format(who=...)``) so a translation can
put them in its own order. Numbers, money and times are written the language's way by
``number``, ``money`` and ``milliseconds`` (Babel's locale data: "1,250 F", "1.250 F",
"1 250 F"; "0.412 ms", "0,412 ms").
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

from babel.numbers import format_decimal

from companion.words import error_words, shown

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "UnknownLanguage",
    "language",
    "marked",
    "milliseconds",
    "money",
    "number",
    "said",
    "set_language",
    "system_language",
    "tr",
    "trc",
    "trn",
]

DOMAIN: Final = "companion"
LOCALE_DIR: Final = Path(__file__).parent / "locale"
LANGUAGES: Final[dict[str, str]] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""Each language's code and its own name (as the Language setting shows it)."""
DEFAULT_LANGUAGE: Final = "en"


class UnknownLanguage(ValueError):
    """A language code the companion has no catalog for."""


_current: list[str] = [DEFAULT_LANGUAGE]


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])


def set_language(code: str) -> None:
    """Show the screens in ``code`` (``"en"``, ``"de"``, ``"fr"``) from the next word on."""
    if code not in LANGUAGES:
        known = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())
        raise UnknownLanguage(f"unknown language {code!r}; the languages are: {known}")
    _catalog(code)  # a missing catalog fails here, not in the middle of a frame
    _current[0] = code


def language() -> str:
    """The screens' language code."""
    return _current[0]


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system's locale asks for (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: the first set), if the companion has it; English otherwise."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            for wanted in value.split(":"):
                code = wanted.split("_")[0].split(".")[0].lower()
                if code in LANGUAGES:
                    return code
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def tr(message: str) -> str:
    """``message`` in the screens' language."""
    return _catalog(_current[0]).gettext(message)


def trn(singular: str, plural: str, count: int) -> str:
    """The form of ``singular`` / ``plural`` for ``count`` in the screens' language."""
    return _catalog(_current[0]).ngettext(singular, plural, count)


def trc(context: str, message: str) -> str:
    """``message`` in the sense ``context`` says, in the screens' language."""
    return _catalog(_current[0]).pgettext(context, message)


def said(value: object) -> str:
    """What an engine said (a refusal, a reason: ``companion.words.Words``) in the
    screens' language; an error by what went wrong (``companion.words.error_words``: its
    own words, or an operating system's error by its code); anything else as ``str``
    gives it."""
    if isinstance(value, BaseException):
        value = error_words(value)
    return str(shown(value, _catalog(_current[0]), number))


def marked(message: str) -> str:
    """``message`` unchanged: marks it for the catalog (translate it with ``tr`` later)."""
    return message


def number(value: float, decimals: int = 0) -> str:
    """``value`` with the language's digit grouping and decimal sign."""
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_current[0])


def money(francs: int) -> str:
    """A sum of Paris money: ``"1,250 F"``, ``"1.250 F"``, ``"1 250 F"``."""
    return f"{number(francs)}\u00a0F"


def milliseconds(value: float, decimals: int = 3) -> str:
    """A time in milliseconds: ``"0.412 ms"``, ``"0,412 ms"``."""
    return f"{number(value, decimals)}\u00a0ms"
