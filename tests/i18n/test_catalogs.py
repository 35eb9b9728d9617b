"""The catalogs (issue 19, items 1 and 5): the template holds every marked string of the code
as it is (``make locale`` made it), every language translates every message (none fuzzy,
every placeholder kept), each compiled ``.mo`` is its ``.po`` compiled, and the wheel ships
them."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.i18n import LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).parents[2]
KEYWORDS = ("tr", "trn:1,2", "trc:1c,2", "marked", "say", "plural_words:1,2")
"""As the Makefile's ``locale`` target extracts them."""


def catalog(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "companion.po"


def test_the_template_holds_every_marked_string_as_the_code_has_it(tmp_path: Path) -> None:
    fresh = tmp_path / "companion.pot"
    keywords = [argument for keyword in KEYWORDS for argument in ("-k", keyword)]
    done = subprocess.run(
        [
            sys.executable, "-m", "babel.messages.frontend", "extract", "--no-location",
            "--sort-output", "--omit-header", "--no-wrap", "--no-default-keywords", *keywords,
            "-F", str(LOCALE_DIR / "babel.cfg"), "-o", str(fresh), "companion",
        ],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    committed = (LOCALE_DIR / "companion.pot").read_text(encoding="utf-8")
    assert fresh.read_text(encoding="utf-8") == committed, "run `make locale` and commit"


def test_each_compiled_catalog_is_its_catalog_compiled() -> None:
    for language in LANGUAGES:
        if language == "en":
            continue
        with catalog(language).open("rb") as file:
            messages = read_po(file, locale=language)
        compiled = io.BytesIO()
        write_mo(compiled, messages)
        shipped = catalog(language).with_suffix(".mo").read_bytes()
        assert compiled.getvalue() == shipped, f"{language}: run `make locale` and commit"


def test_the_wheel_ships_the_compiled_catalogs() -> None:
    """Each compiled catalog matches one of the package data patterns setuptools copies."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = settings["tool"]["setuptools"]["package-data"]["companion"]
    package = ROOT / "companion"
    compiled = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.mo"))
    assert len(compiled) == len(LANGUAGES) - 1, "a .mo per language but English"
    for path in compiled:
        inside = path.relative_to(package)
        assert any(inside.match(pattern) for pattern in patterns), f"{inside} not shipped"


PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def entries(language: str) -> list[Message]:
    with catalog(language).open("rb") as file:
        return [message for message in read_po(file, locale=language) if message.id]


def test_every_message_is_translated_in_every_language_and_none_is_fuzzy() -> None:
    with (LOCALE_DIR / "companion.pot").open("rb") as file:
        wanted = {message.id if isinstance(message.id, str) else message.id[0]
                  for message in read_po(file) if message.id}  # fmt: skip
    for language in LANGUAGES:
        if language == "en":
            continue
        found = entries(language)
        ids = {message.id if isinstance(message.id, str) else message.id[0] for message in found}
        assert ids == wanted, f"{language}: run `make locale`"
        fuzzy = [message.id for message in found if message.fuzzy]
        empty = [message.id for message in found if not all(_forms(message))]
        assert fuzzy == [] and empty == [], f"{language}: {len(fuzzy)} fuzzy, {len(empty)} empty"


def test_every_translation_keeps_its_placeholders() -> None:
    for language in LANGUAGES:
        if language == "en":
            continue
        for message in entries(language):
            asked = set(PLACEHOLDER.findall(message.id if isinstance(message.id, str)
                                            else message.id[-1]))  # fmt: skip
            for form in _forms(message):
                assert set(PLACEHOLDER.findall(form)) <= asked | {"count"}, (language, form)


def _forms(message: Message) -> tuple[str, ...]:
    string = message.string or ""
    return (string,) if isinstance(string, str) else tuple(string)


FRENCH_SPACING = re.compile(r"[^\u00a0\s{(\"][:;?!](?=\s|$|\))|[ ][:;?!](?=\s|$|\))")
"""A French ':', ';', '?' or '!' without the no-break space before it (French typography;
the no-break space also keeps the sign on its word's line when a text wraps). A JSON key's
colon is the journal's own text (``"chance": true``) and keeps none."""


def test_french_puts_a_no_break_space_before_two_part_signs() -> None:
    wrong = [
        form
        for message in entries("fr")
        for form in _forms(message)
        if FRENCH_SPACING.search(form.removeprefix("nav.back: "))
    ]
    assert wrong == [], wrong[:5]
