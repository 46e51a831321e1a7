"""One name looks like one name: the rule every name follows — a game's players, a club's
members, the club, its evenings and its seasons — in every form, record and command.

A name is what a person reads, so two names are one when they look the same:

- **Refused**: characters that would show a name wrongly or not at all, or reorder the text
  around it: control characters (C0 such as TAB, NUL and ESC, DEL, C1 such as U+0085), the line
  and paragraph separators, the bidirectional embeddings, overrides and isolates, lone
  surrogates (:data:`UNPRINTABLE`; a record refuses them in any text).
- **Dropped**: the invisible ones: every other format character (Unicode's category Cf: the
  zero-width space, the left-to-right and right-to-left marks, the word joiner, the byte order
  mark, the soft hyphen …) and the other characters Unicode says are ignored when shown
  (:data:`INVISIBLE`: the Hangul fillers, the variation selectors …). ``Anna`` with a
  zero-width space is ``Anna``. Where a joiner or a variation selector does show — inside an
  emoji (``👩‍💻``, ``❤️``) or between two letters of a script whose letters join (Arabic,
  Persian's zero-width non-joiner, the Indic scripts' conjuncts) — it is kept.
- **Refused in a person's name where it mixes look-alike alphabets** (a player's, a
  member's: :func:`scorekeeper.games.players.refusal`): a word holding letters of two of the
  Latin, Cyrillic and Greek alphabets (:func:`mixed_scripts`), whose letters can be one
  another's twins: ``Аnna`` with a Cyrillic ``А`` looks like ``Anna`` but would be another
  name, another player beside her at the table or another member of the club. A name in one
  alphabet, or words in different ones (``Anna Иванова``), is a name as any other; the names
  of things (a club, an evening, a season, a game) pass for no one and may mix.
- **Shown** (:func:`shown`) in Unicode's composed form (NFC), trimmed: ``A`` with a combining
  ring is ``Å``, as typed on another phone.
- **Compared** (:func:`key`) by its compatibility form, case folded (NFKC, casefold, NFKC
  again, as Unicode's NFKC_Casefold), without any invisible character and with its runs of
  spaces as one: ``ANNA``, ``anna``, full-width ``Ａｎｎａ``, ``Anna`` with a no-break space or
  a zero-width joiner are one name.

Pure Python (the standard library's ``unicodedata``): every layer uses it, the engines too.
"""

from __future__ import annotations

import re
import unicodedata

#: Characters no name may hold, nor any text in a game record: control characters (C0 such as
#: TAB, NUL and ESC, DEL, C1 such as U+0085), the line and paragraph separators, the
#: bidirectional controls that reorder the text around them, and lone surrogates. A terminal,
#: a page, a CSV cell or a PDF would show them wrongly or not at all.
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

#: The invisible characters a name drops, beside every format character (Cf) not refused:
#: Unicode's default-ignorable code points that are not format characters — the combining
#: grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the Mongolian free variation
#: selectors, the variation selectors and the tag range's unassigned code points.
INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u3164\ufe00-\ufe0f\uffa0"
    "\ufff0-\ufff8\U000e0000-\U000e0fff]"
)


def unprintable(text: str) -> str | None:
    """The first character of ``text`` that no name may hold (:data:`UNPRINTABLE`), or None."""
    bad = UNPRINTABLE.search(text)
    return bad.group() if bad else None


#: The format characters that show (Unicode's prepended concatenation marks: the Arabic
#: number sign …): kept as any visible character.
SHOWN_FORMAT = re.compile("[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd]")


def invisible(char: str) -> bool:
    """Whether the character ``char`` is one a name drops: a format character (Cf) that shows
    nothing, or another default-ignorable one (:data:`INVISIBLE`)."""
    if unicodedata.category(char) == "Cf":
        return SHOWN_FORMAT.fullmatch(char) is None
    return INVISIBLE.fullmatch(char) is not None


#: The joiners, kept where they join (:func:`_joins`).
JOINERS = frozenset("\u200c\u200d")
#: The variation selectors of text and emoji presentation, kept after an emoji.
PRESENTATION = frozenset("\ufe0e\ufe0f")
#: The scripts whose letters a joiner or non-joiner changes as shown: cursive scripts (Arabic,
#: Syriac …) and the Brahmic scripts' conjuncts (the first word of a letter's Unicode name).
JOINING_SCRIPTS = frozenset(
    "ARABIC SYRIAC NKO MANDAIC MONGOLIAN PHAGS-PA DEVANAGARI BENGALI GURMUKHI GUJARATI ORIYA "  # noqa: SIM905
    "TAMIL TELUGU KANNADA MALAYALAM SINHALA KHMER MYANMAR TIBETAN".split()
)


def _emoji(char: str) -> bool:
    """A pictograph (So: ``👩``, ``❤``) or a skin tone (U+1F3FB–1F3FF)."""
    return unicodedata.category(char) == "So" or "\U0001f3fb" <= char <= "\U0001f3ff"


def _joining_letter(char: str) -> bool:
    return unicodedata.category(char)[0] in "LM" and (
        unicodedata.name(char, "").split(" ", 1)[0] in JOINING_SCRIPTS
    )


def _joins(name: str, at: int) -> bool:
    """Whether the joiner or variation selector at ``name[at]`` shows: a variation selector
    after an emoji; a joiner between two emoji (one before may carry its presentation or skin
    tone) or between two letters of a joining script."""
    char = name[at]
    before = name[at - 1] if at > 0 else ""
    if char in PRESENTATION:
        return bool(before) and _emoji(before)
    if char not in JOINERS or at + 1 >= len(name):
        return False
    back = at - 1
    while back >= 0 and name[back] in PRESENTATION:
        back -= 1
    before, after = (name[back] if back >= 0 else ""), name[at + 1]
    if not before:
        return False
    return (_emoji(before) and _emoji(after)) or (
        _joining_letter(before) and _joining_letter(after)
    )


def shown(name: str) -> str:
    """``name`` as it is kept and shown: its invisible characters dropped (but where they join,
    :func:`_joins`), composed (NFC), trimmed. (A name with a refused character is refused
    before: :func:`unprintable`.)"""
    visible = "".join(
        char for at, char in enumerate(name) if not invisible(char) or _joins(name, at)
    )
    return unicodedata.normalize("NFC", visible).strip()


#: The alphabets with letters that are twins of one another's (Latin ``A``, Cyrillic ``А``,
#: Greek ``Α``; ``o``, ``о``, ``ο`` …): the first word of a letter's Unicode name.
LOOKALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def mixed_scripts(name: str) -> tuple[str, str] | None:
    """The first two of the look-alike alphabets (:data:`LOOKALIKE_SCRIPTS`) that one word of
    ``name`` mixes, in the order they come (``("LATIN", "CYRILLIC")`` for ``Anna`` spelt with
    a Cyrillic ``а``), or None. Read in the compatibility form names are compared in
    (:func:`key`), so a full-width ``Ａ`` is Latin too; letters of other alphabets, digits,
    marks and emoji mix with any."""
    for word in unicodedata.normalize("NFKC", name).split():
        first = None
        for char in word:
            if unicodedata.category(char)[0] != "L":
                continue
            script = unicodedata.name(char, "").split(" ", 1)[0]
            if script not in LOOKALIKE_SCRIPTS:
                continue
            if first is None:
                first = script
            elif script != first:
                return first, script
    return None


def key(name: str) -> str:
    """``name`` as names are compared: its compatibility form case folded (NFKC_Casefold, as
    Unicode defines caseless matching of identifiers), without any invisible character, its
    runs of spaces one space, trimmed. Two names are one when their keys are equal."""
    visible = "".join(char for char in name if not invisible(char))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    return " ".join("".join(char for char in folded if not invisible(char)).split())


def same(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one name (:func:`key`)."""
    return key(a) == key(b)
