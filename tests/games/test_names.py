"""One name looks like one name (issue 34): the rule of every name, with worked examples and
its properties — invisible characters make no other name, the forms of one text Unicode
calls equivalent are one name, and a name never gains or loses a character one can see."""

from __future__ import annotations

import unicodedata
from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper.games.events import RuleError
from scorekeeper.games.names import UNPRINTABLE, invisible, key, same, shown
from scorekeeper.games.players import checked_names, name_problem

#: Invisible characters a name drops: format characters (Cf) and other default-ignorables.
INVISIBLES = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u2060",  # word joiner
    "\u2063",  # invisible separator
    "\ufeff",  # byte order mark
    "\u00ad",  # soft hyphen
    "\u061c",  # Arabic letter mark
    "\u180e",  # Mongolian vowel separator
    "\u034f",  # combining grapheme joiner
    "\u3164",  # Hangul filler
    "\ufe0f",  # variation selector 16
    "\U000e0041",  # tag latin capital letter A
]


@pytest.mark.parametrize("mark", INVISIBLES, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("where", ["{}Anna", "An{}na", "Anna{}"])
def test_anna_with_an_invisible_character_is_anna(mark, where):
    name = where.format(mark)
    assert shown(name) == "Anna"
    assert same(name, "Anna") and key(name) == "anna"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Anna", "ANNA"),
        ("Åsa", "A\u030asa"),  # composed, and A with a combining ring
        ("Ｓｔｉｎａ", "Stina"),  # full-width
        ("Anna Berg", "Anna\u00a0Berg"),  # a no-break space
        ("Anna Berg", "Anna   Berg"),
        ("Straße", "STRASSE"),
        ("ﬁa", "fia"),  # a ligature
        ("Åsa 👩\u200d💻", "åsa 👩💻"),
    ],
)
def test_names_that_look_alike_are_one_name(one, other):
    assert same(one, other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Åsa", "Asa"), ("Anna", "Ana"), ("Zoë", "Zoe"), ("Li", "Lí"), ("Anna B", "AnnaB")],
)
def test_names_that_look_different_are_two(one, other):
    assert not same(one, other)


@pytest.mark.parametrize(
    "name",
    [
        "Åsa 👩\u200d💻",  # an emoji's joiner joins
        "❤\ufe0f",  # an emoji's presentation
        "👍\U0001f3fd",  # a skin tone
        "می\u200cخواهم",  # Persian's non-joiner between two letters
        "क्\u200dष",  # a Devanagari half form
        "Çağla",
        "李",
        "\u0600١٢",  # the Arabic number sign: a format character that shows
    ],
)
def test_what_shows_is_kept(name):
    assert shown(name) == unicodedata.normalize("NFC", name)


def test_a_name_is_shown_composed_and_trimmed():
    assert shown("  A\u030asa  ") == "Åsa"
    assert shown("\u200b Anna \u200b") == "Anna"


# --- the rule in the engines' check ----------------------------------------------------------


@pytest.mark.parametrize("mark", ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_two_players_anna_and_anna_with_an_invisible_character_are_refused(mark):
    with pytest.raises(RuleError) as info:
        checked_names(["Anna", f"Anna{mark}", "Ben"], 3, "Bismarck")
    assert info.value.message == "Two players are called Anna."


def test_a_name_of_invisible_characters_is_no_name():
    assert name_problem("\u200b\u200d\ufeff", [], 3) == "Every player needs a name."


def test_a_name_is_as_long_as_what_it_shows():
    assert name_problem("A" * 30 + "\u200b" * 10, [], 3) is None
    assert checked_names(["A" * 30 + "\u200b", "Ben"], 2, "Klaberjass")[0] == "A" * 30
    assert name_problem("A" * 31, [], 3) == "A name can be at most 30 characters."


def test_the_players_are_kept_as_shown():
    assert checked_names(["Anna\u200b", " A\u030asa", "Ben\u00ad"], 3, "Bismarck") == (
        "Anna",
        "Åsa",
        "Ben",
    )


# --- properties ------------------------------------------------------------------------------

#: Any text a name could be typed as: no refused character (those are refused, not dropped).
TEXTS = st.text(
    st.characters(codec="utf-8").filter(lambda c: not UNPRINTABLE.match(c)), max_size=40
)
INVISIBLE_CHARS = st.sampled_from(INVISIBLES)
FORMS = ("NFC", "NFD", "NFKC", "NFKD")


def visible(text: str) -> Counter[str]:
    """The characters one can see in ``text``, counted: each decomposed (so ``Å`` and ``A`` with
    a ring count alike), without invisible characters and spaces."""
    decomposed = unicodedata.normalize("NFD", text)
    return Counter(c for c in decomposed if not invisible(c) and not c.isspace())


@given(TEXTS, st.data())
@example("Anna", None)
def test_an_invisible_character_anywhere_makes_no_other_name(name, data):
    marks = [] if data is None else data.draw(st.lists(INVISIBLE_CHARS, min_size=1, max_size=4))
    marked = name
    for mark in marks:
        at = data.draw(st.integers(0, len(marked)))
        marked = marked[:at] + mark + marked[at:]
    assert key(marked) == key(name)
    assert same(marked + "\u200b", name)


@given(TEXTS)
@example("Åsa")
@example("ﬃ")
def test_every_normal_form_of_a_name_is_that_name(name):
    keys = {key(unicodedata.normalize(form, name)) for form in FORMS}
    assert keys == {key(name)}
    assert key(name.upper()) == key(name.lower()) or not name.isascii()


@given(TEXTS)
@example("A\u0301\u200b\u0327")  # an invisible character between two marks
@example("👩\u200d💻 \ufe0f")
def test_a_name_never_gains_or_loses_a_visible_character(name):
    assert visible(shown(name)) == visible(name)


@given(TEXTS)
def test_a_name_as_shown_is_shown_as_it_is(name):
    assert shown(shown(name)) == shown(name)
    assert key(shown(name)) == key(name)
    assert key(key(name)) == key(name)
    assert not any(invisible(c) for c in key(name))
