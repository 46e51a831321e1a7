"""The catalogues: every word the code and templates say is in messages.pot and translated in
every language, nothing fuzzy, nothing stale; the app reads the .po itself (no .mo files)."""

from __future__ import annotations

import copy
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from scorekeeper.languages import catalogue, locales

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def found() -> Catalog:
    return catalogue.extract()


@pytest.fixture(scope="module")
def swedish() -> Catalog:
    return catalogue.read(locales.catalogue_path("sv"), "sv")


def test_every_message_is_in_the_template_and_translated(found, swedish):
    problems = catalogue.check(found, catalogue.read(catalogue.TEMPLATE), {"sv": swedish})
    assert problems == [], "\n".join(
        ["python -m scorekeeper.languages.catalogue update, then translate:", *problems]
    )


def test_a_new_string_in_the_code_is_caught(found, swedish):
    more = copy.deepcopy(found)
    more.add("A sentence nobody has translated yet.", locations=[("templates/x.html", 1)])
    problems = catalogue.check(more, catalogue.read(catalogue.TEMPLATE), {"sv": swedish})
    assert problems == [
        "messages.pot: missing 'A sentence nobody has translated yet.'",
        "sv/messages.po: missing 'A sentence nobody has translated yet.'",
    ]


def test_fuzzy_untranslated_and_wrong_placeholders_are_caught(found, swedish):
    template = catalogue.read(catalogue.TEMPLATE)
    broken = copy.deepcopy(swedish)
    broken["Undo it"].flags.add("fuzzy")
    broken["Nothing entered yet."].string = ""
    broken["Deal %(n)d"].string = "Giv %(nummer)d"
    problems = catalogue.check(found, template, {"sv": broken})
    assert "sv/messages.po: fuzzy 'Undo it'" in problems
    assert "sv/messages.po: untranslated 'Nothing entered yet.'" in problems
    assert any(line.startswith("sv/messages.po: 'Deal %(n)d': ") for line in problems)


def test_the_engines_words_are_in_the_catalogue(found):
    """Refusals, summaries and record problems are extracted from their T_/Tn_/Tc_/N_
    markers like any other message."""
    ids = {message.id if isinstance(message.id, str) else message.id[0] for message in found}
    assert "%(name)s has already played %(contract)s (deal %(n)s)." in ids
    assert "undid: %(change)s" in ids
    assert "%(where)s: %(problem)s" in ids
    assert ("N–S", "pair") in {(m.id, m.context) for m in found}


def test_no_compiled_catalogue_is_kept_or_needed():
    """The app compiles the .po in memory: no .mo file is committed, none is read."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.mo"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    assert tracked.strip() == ""
    assert not list(locales.TRANSLATIONS.rglob("*.mo"))
    assert locales.translations("sv").ugettext("Undo it") == "Ångra det"


def test_the_package_ships_the_catalogues():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert "translations/*/LC_MESSAGES/*.po" in pyproject


def test_every_placeholder_of_a_message_is_in_its_translation(swedish):
    """A translation may not drop a name or a number (``num`` of a plural aside)."""
    named = re.compile(r"%\((\w+)\)[sd]")
    for message in swedish:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        wanted = set().union(*(named.findall(i) for i in ids)) - {"num"}
        said = set().union(*(named.findall(s) for s in strings))
        assert wanted <= said, (message.id, wanted - said)
