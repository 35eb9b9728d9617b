"""A Paris district, a slot's outcome and an Apache in a screen's words, without pygame (the
models use them too; the drawing is in ``companion.ui.paris.view``).

A screen names a district by its number first, the word "district" right beside its
colour: ``"5 (yellow district)"``, never a bare colour a gang could be taken for (district 1
is the rulebook's "green" district, and a green gang may sit at the table). The screen's
words are in its language (``companion.i18n``): each district's whole name is one message
(``"yellow district"``), so a language can agree the colour with its word for district.

The rules' words (``"district 5 (yellow)"``, ``district_words``: journals and tests pin
them) are turned into that form by :func:`screen_words`; the rules' sentences around them
(refusals, settlement steps) are not translated yet, so the districts in them stay English
too and a sentence never mixes two languages."""

from __future__ import annotations

import re
from typing import Final

from companion.i18n import marked, number, tr, trc, trn
from companion.rules.paris.actions import LEADER, NOVICE, RECRUIT
from companion.rules.paris.board import (
    BOURGEOIS_DISTRICT,
    DISTRICT_NAMES,
    FENCE_DISTRICT,
    KILLED,
    MONEY,
    PRISON,
    REINFORCEMENTS,
    STEAL,
    VALUABLES,
    WOUNDED,
)

RULES_DISTRICT: Final = re.compile(r"\b[Dd]istrict ([1-9]) \(([^()]*)\)")
"""A district in the rules' words: ``"district 5 (yellow)"`` (``district_words``)."""

DISTRICT_KINDS: Final = (
    "",
    marked("green district"),
    marked("orange district"),
    marked("red district"),
    marked("blue district"),
    marked("yellow district"),
    marked("pink district"),
    marked("light blue district"),
    marked("bourgeois district"),
    marked("fence district"),
)
"""District ``d``'s rulebook name (``DISTRICT_NAMES[d]``) with "district" beside it."""

OUTCOME_WORDS: Final = {
    MONEY: marked("money {amount}"),
    VALUABLES: marked("valuables {amount}"),
    STEAL: marked("steal"),
    REINFORCEMENTS: marked("reinforcements"),
    WOUNDED: marked("wounded"),
    KILLED: marked("killed"),
    PRISON: marked("prison"),
}
"""A slot's outcome (ruling D7) by its kind; money and valuables with their francs."""

LEADER_PLACES: Final = {
    "hospital": marked("hospital"),
    "cemetery": marked("cemetery"),
    "prison": marked("prison"),
}
"""Where a settled slot sends the holder's leader (``SettlementStep.leader``)."""

STEP_WORDS: Final = {
    LEADER: marked("leader {source} to {target}"),
    NOVICE: marked("novice {source} to {target}"),
    RECRUIT: marked("recruit {source} to {target}"),
}
"""One Apache of a move, by its kind: ``"leader 4 to 8"``."""


def district_kind(district: int) -> str:
    """``"yellow district"``: the district's rulebook name with "district" beside it."""
    return tr(DISTRICT_KINDS[district]) if 1 <= district < len(DISTRICT_KINDS) else ""


def district_name(district: int) -> str:
    """``"5 (yellow district)"``: a district on a screen, its number first."""
    return f"{district} ({district_kind(district)})"


def district_title(district: int) -> str:
    """District 8's or 9's own name, shown under its badge: ``"bourgeois"``, ``"fence"``
    (a name, not a colour: no gang to confuse it with); another's kind."""
    if district == BOURGEOIS_DISTRICT:
        return trc("Paris district 8", "bourgeois")
    if district == FENCE_DISTRICT:
        return trc("Paris district 9", "fence")
    return district_kind(district)


def outcome_words(outcome: object) -> str:
    """A slot's outcome (an ``Outcome`` or its words, ``"money 400"``) on screen."""
    kind, _, amount = str(outcome).partition(" ")
    if kind not in OUTCOME_WORDS:
        return str(outcome)
    return tr(OUTCOME_WORDS[kind]).format(amount=number(int(amount or 0)))


def leader_place(place: str) -> str:
    """Where a leader goes (``"hospital"``, ``"cemetery"``, ``"prison"``) on screen."""
    return tr(LEADER_PLACES[place]) if place in LEADER_PLACES else place


def step_words(apache: str, source: int, target: int) -> str:
    """One Apache's step of a move: ``"leader 4 to 8"``."""
    template = STEP_WORDS.get(apache)
    if template is None:
        return f"{apache} {source} to {target}"
    return tr(template).format(source=source, target=target)


def apaches_words(leaders: int, novices: int, recruits: int) -> str:
    """``"2 leaders, 1 novice"``: some Apaches by kind (recruits are reinforcements), or
    ``"no Apache"``."""
    parts = []
    if leaders:
        parts.append(trn("{count} leader", "{count} leaders", leaders).format(count=leaders))
    if novices:
        parts.append(trn("{count} novice", "{count} novices", novices).format(count=novices))
    if recruits:
        parts.append(
            trn("{count} reinforcement", "{count} reinforcements", recruits).format(count=recruits)
        )
    return ", ".join(parts) or tr("no Apache")


def screen_words(words: str) -> str:
    """``words`` (the rules', in English) with every district in the rules' words
    (``"district 5 (yellow)"``) in the screen's form (``"5 (yellow district)"``, English
    like the sentence around it), e.g. ``"District 5 (yellow): who holds it?"`` becomes
    ``"5 (yellow district): who holds it?"``."""
    return RULES_DISTRICT.sub(lambda found: _rules_district_name(int(found.group(1))), words)


def _rules_district_name(district: int) -> str:
    """``"5 (yellow district)"`` in English, for a sentence of the rules'."""
    return f"{district} ({DISTRICT_NAMES[district]} district)"
