"""Which language a terminal speaks, and how each language writes days."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.languages import locales


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "sv_FI.UTF-8", "LANG": "en_GB.UTF-8"}, "sv"),
        ({"LC_MESSAGES": "sv_SE", "LANG": "en_GB"}, "sv"),
        ({"LANGUAGE": "sv:en", "LANG": "en_US.UTF-8"}, "sv"),
        ({"LANGUAGE": "de:sv", "LANG": "en_US.UTF-8"}, "sv"),
        ({"LANGUAGE": "de:fr", "LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANGUAGE": "sv", "LC_ALL": "C"}, "en"),  # gettext ignores LANGUAGE under C
    ],
)
def test_the_terminal_language_comes_from_the_environment(environ, language):
    assert locales.from_environment(environ) == language


def test_days_are_written_the_language_way():
    day = datetime.date(2026, 11, 30)
    assert locales.words_for("sv").date(day) == "30 nov. 2026"
    assert locales.words_for("en").date(day) == "2026-11-30"  # as English sheets always had


def test_an_unknown_language_gets_english():
    assert locales.words_for("fi").language == "en"
    assert locales.best_language(["fi-FI", "sv-SE", "en"]) == "sv"


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "999,999,999,999,999,999,999,999,999,999"),
        ("sv", "999 999 999 999 999 999 999 999 999 999"),
    ],
)
def test_a_number_of_any_length_is_written(language, written):
    """Babel rounds in a 28-digit decimal context; a refusal may quote 30 digits and more."""
    words = locales.words_for(language)
    assert words.number(10**30 - 1).replace("\xa0", " ") == written
    assert words.signed(-(10**30 - 1)).replace("\xa0", " ") == "−" + written
    assert len(words.number(10**400).replace(",", "").replace("\xa0", "")) == 401
    assert words.number(1000) == "1000" and words.number(-12) == "-12"
