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
from scorekeeper.games.names import UNPRINTABLE, invisible, key, mixed_scripts, same, shown
from scorekeeper.games.players import checked_names, name_problem, refusal

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


# --- look-alike alphabets --------------------------------------------------------------------

#: Latin letters and their Cyrillic and Greek twins, as a player who wants to pass for another
#: could type them.
TWINS = {
    "A": ("\u0410", "\u0391"),  # А, Α
    "a": ("\u0430", None),  # а
    "B": ("\u0412", "\u0392"),  # В, Β
    "E": ("\u0415", "\u0395"),  # Е, Ε
    "e": ("\u0435", None),  # е
    "O": ("\u041e", "\u039f"),  # О, Ο
    "o": ("\u043e", "\u03bf"),  # о, ο
    "p": ("\u0440", "\u03c1"),  # р, ρ
    "c": ("\u0441", None),  # с
    "x": ("\u0445", None),  # х
}


@pytest.mark.parametrize(
    ("name", "scripts"),
    [
        ("\u0410nna", ("CYRILLIC", "LATIN")),  # Cyrillic А, then Latin nna
        ("Ann\u0430", ("LATIN", "CYRILLIC")),
        ("B\u0435n", ("LATIN", "CYRILLIC")),
        ("Carl\u03bf", ("LATIN", "GREEK")),
        ("Anna Sm\u0456th", ("LATIN", "CYRILLIC")),  # one word of two mixes
        ("\uff21nn\u0430", ("LATIN", "CYRILLIC")),  # full-width Latin Ａ is Latin
    ],
)
def test_a_word_mixing_look_alike_alphabets_is_refused(name, scripts):
    assert mixed_scripts(name) == scripts
    assert name_problem(name, [], 3) == refusal(name)
    assert "in one word: it could look like another name" in str(refusal(name))


@pytest.mark.parametrize(
    "name",
    [
        "Anna",
        "Åsa Ölund",
        "\u0410\u043d\u043d\u0430",  # Анна, all Cyrillic
        "\u03a3\u03bf\u03c6\u03af\u03b1",  # Σοφία, all Greek
        "Anna \u0418\u0432\u0430\u043d\u043e\u0432\u0430",  # Anna Иванова: one alphabet a word
        "Anna2 👩\u200d💻",
        "李 Li",
        "D'Angelo-SSmith",
        "Çağla",
    ],
)
def test_a_name_in_one_alphabet_a_word_is_a_name(name):
    assert mixed_scripts(name) is None
    assert refusal(name) is None


def test_two_players_anna_and_anna_with_a_cyrillic_a_are_not_two_names():
    with pytest.raises(RuleError) as info:
        checked_names(["Anna", "\u0410nna", "Ben"], 3, "Bismarck")
    assert "mix Cyrillic and Latin letters" in info.value.message


@given(st.text(st.sampled_from("ABEOcepxao"), min_size=1, max_size=12), st.data())
def test_any_latin_word_with_one_letter_swapped_for_its_twin_is_refused(word, data):
    at = data.draw(st.integers(0, len(word) - 1))
    twin = data.draw(st.sampled_from([t for t in TWINS[word[at]] if t]))
    swapped = word[:at] + twin + word[at + 1 :]
    assert refusal(word) is None
    assert (mixed_scripts(swapped) is not None) == (len(word) > 1)


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


@given(TEXTS)
def test_the_refusal_of_a_name_is_the_refusal_of_its_every_form(name):
    """A phone that composes and one that does not are told the same."""
    said = [refusal(unicodedata.normalize(form, name)) is None for form in FORMS]
    assert len(set(said)) == 1
