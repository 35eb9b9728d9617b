"""Words an engine says, shown in the screens' languages (companion.words): the English
stays the ``str`` (journals, the command line), a catalog shows the template and values
again, Words inside Words too, plurals by the language's rule, and a copy keeps it all."""

from __future__ import annotations

import copy
import gettext
import pickle
import re
from collections.abc import Callable, Sequence

from companion.errors import IllegalAction
from companion.rules.base import illegal
from companion.words import Words, joined, plural_words, say, shown


def _upper(template: str) -> str:
    """Upper case outside the placeholders."""
    return re.sub(r"[^{}]+(?=\{|$)|(?<=\})[^{}]+", lambda found: found[0].upper(), template)


class Shouting(gettext.NullTranslations):
    """A stand-in language: every template upper-cased, plural by the English rule."""

    def gettext(self, message: str) -> str:
        return _upper(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _upper(msgid1 if n == 1 else msgid2)


def assert_shown_in_the_language(
    said: Sequence[object], leftovers: Callable[[Words], list[str]]
) -> None:
    """Each of ``said`` (an engine's words) is Words: the identity catalog shows its
    English, and shown through ``Shouting`` it has no ``leftovers`` (lower-case English
    that was a plain str, as the engine's test counts them)."""
    identity = gettext.NullTranslations()
    for each in said:
        assert isinstance(each, Words), f"plain str: {each!r}"
        assert each.shown(identity) == each, f"the templates do not say {each!r}"
        assert not leftovers(each), (leftovers(each), each.shown(Shouting()))


def test_the_english_is_the_string_and_a_catalog_shows_the_template() -> None:
    said = say("{player} holds no {suit}", player="P2", suit=say("red"))
    assert said == "P2 holds no red"
    assert said.shown(Shouting()) == "P2 HOLDS NO RED", "the value that is Words shown too"


def test_plurals_follow_the_count() -> None:
    one = plural_words("{count} card", "{count} cards", 1, count=1)
    three = plural_words("{count} card", "{count} cards", 3, count=3)
    assert (one, three) == ("1 card", "3 cards")
    assert three.shown(Shouting()) == "3 CARDS"


def test_joined_parts_are_shown_one_by_one() -> None:
    said = joined(", ", [say("red"), "P1", say("blue")])
    assert said == "red, P1, blue"
    assert said.shown(Shouting()) == "RED, P1, BLUE"
    assert shown("plain", Shouting()) == "plain", "a plain string as it is"


def test_a_refusal_keeps_its_words_for_the_screen() -> None:
    refusal = illegal(say("ruling P4 (following)"), "P2 plays red 8", say("follow the lead"))
    assert isinstance(refusal, IllegalAction)
    assert str(refusal) == "P2 plays red 8 refused by ruling P4 (following): follow the lead"
    assert shown(refusal.args[0], Shouting()) == (
        "P2 plays red 8 REFUSED BY RULING P4 (FOLLOWING): FOLLOW THE LEAD"
    )


def test_a_copy_or_a_pickle_keeps_the_words() -> None:
    said = plural_words("{count} card", "{count} cards", 2, count=2)
    for kept in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert kept == said and kept.shown(Shouting()) == "2 CARDS"
