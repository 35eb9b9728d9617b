"""An error inside an input source's message, readable on a screen in any language.

The sources put what went wrong into their warnings and statuses ("button box not found:
{error}; retrying"). The command line and the logs print those messages as they always
have, so the error's part of the English must stay ``str(error)`` exactly; a screen shows
the error in its language where there are words for it: a library's error the source
knows by its text (the serial port's "device reports readiness to read but returned no
data"), else what ``companion.words.error_words`` finds (the error's own ``Words``, an
operating system's error by its code).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.words import Words, error_reason, worded

__all__ = ["reason_of"]


def reason_of(error: BaseException, known: Mapping[str, Words] | None = None) -> object:
    """``error`` as the value of a message's placeholder: ``str(error)`` in English, shown
    in the screens' language when it has words for it (its English as it is otherwise).
    ``known``: words for a library's errors, by how their text begins."""
    words = _known_words(error, known or {})
    return error_reason(error) if words is None else worded(str(error), words)


def _known_words(error: BaseException, known: Mapping[str, Words]) -> Words | None:
    """The words of ``known`` whose key begins the error's text (an operating system
    error's text without its "[Errno n]")."""
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    for beginning, words in known.items():
        if text.startswith(beginning):
            return words
    return None
