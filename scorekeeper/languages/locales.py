"""The languages Scorekeeper speaks and their words: catalogues, numbers, dates, possessives.

English is the source language; Swedish, the games' home language, is a full translation. The
catalogue a translator edits, ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``, is
what the app reads: it is compiled in memory the first time a language is asked for (a few
milliseconds, once per process), so no compiled ``.mo`` file is built, shipped or kept in step.

:func:`words_for` gives a language's :class:`BabelWords` (the :class:`~scorekeeper.games.text.
Words` every layer renders engine messages, pages, printouts and terminal output with); the web
layer picks the language per request (:mod:`scorekeeper.languages.i18n`), the command line from its
``--lang`` option or the environment (:func:`from_environment`). No Flask here.
"""

from __future__ import annotations

import datetime
import decimal
import functools
import io
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

#: The languages there are words for, the source language first.
LANGUAGES: tuple[str, ...] = ("en", "sv")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself, for the switch on every page.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "sv": "Svenska"}

#: Where the catalogues are: ``<lang>/LC_MESSAGES/messages.po`` and ``messages.pot``.
TRANSLATIONS = Path(__file__).parent.parent / "translations"
DOMAIN = "messages"

MINUS = "−"  # U+2212: a score's sign, in every language
#: Babel writes numbers below this in the default decimal context (28 digits); longer ones
#: need more.
_PRECISE_BELOW = 10**20
#: How each language writes a day (Babel patterns; ``medium`` is the locale's own).
DATE_FORMATS: Mapping[str, str] = {"en": "yyyy-MM-dd", "sv": "medium"}


def catalogue_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(language: str) -> NullTranslations:
    """The compiled catalogue of ``language`` (English: the message ids as they are).

    Read from the ``.po`` file and compiled in memory, once per process; fuzzy entries are
    left out, as ``msgfmt`` would."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return NullTranslations()
    # Babel's catalogue reader and compiler, only for a language that has a catalogue.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = catalogue_path(language)
    with path.open("rb") as file:
        catalog = read_po(file, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def best_language(wanted: Iterable[str]) -> str | None:
    """The first of ``wanted`` (``sv-SE``, ``sv_SE.UTF-8``, ``en``) there are words for."""
    for tag in wanted:
        language = language_of(tag)
        if language in LANGUAGES:
            return language
    return None


def language_of(tag: str) -> str:
    """``sv`` from ``sv-SE``, ``sv_SE.UTF-8`` or ``sv_SE@euro``."""
    return tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the terminal speaks, as gettext finds it: the first ``LANGUAGE`` entry
    there are words for, else the language of the first of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set (English for ``C``, ``POSIX`` and any language without words)."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    if env.get("LANGUAGE") and language_of(locale) not in ("c", "posix"):
        found = best_language(env["LANGUAGE"].split(":"))
        if found is not None:
            return found
    return best_language([locale]) or DEFAULT_LANGUAGE


class BabelWords:
    """A language's words for pages, printouts and the terminal: its catalogue, and numbers and
    dates as Babel writes them for the locale (scores with a real minus sign, −2, in every
    language)."""

    def __init__(self, language: str):
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE
        self.locale = Locale.parse(self.language)
        self._catalogue = translations(self.language)

    def __repr__(self) -> str:
        return f"<BabelWords {self.language}>"

    def gettext(self, message: str) -> str:
        return self._catalogue.ugettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalogue.ungettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalogue.upgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._catalogue.unpgettext(context, singular, plural, n)

    def number(self, n: int) -> str:
        """A whole number the locale's way (Babel): digits grouped from five digits on
        (``100 000``, ``100,000``; four-digit scores stay ``1000``). Any number, however long:
        a refusal may quote the 30 digits someone typed."""
        grouped = abs(n) >= 10_000
        if abs(n) < _PRECISE_BELOW:
            return format_decimal(n, locale=self.locale, group_separator=grouped)
        # Babel rounds in the decimal context, whose 28 digits a longer number exceeds.
        with decimal.localcontext() as context:
            context.prec = n.bit_length() // 3 + 10  # more than its digits
            return format_decimal(n, locale=self.locale, group_separator=grouped)

    def signed(self, n: int) -> str:
        """A score with its sign, a real minus sign in every language: ``+2``, ``−2``, ``0``."""
        digits = self.number(abs(n))
        return f"+{digits}" if n > 0 else f"{MINUS}{digits}" if n < 0 else digits

    def decimal(self, value: float) -> str:
        """A number with decimals the locale's way: one or two of them (``1.5``, ``2.33``; in
        Swedish ``1,5``, ``2,33``), grouped as the locale groups."""
        return format_decimal(value, format="#,##0.0#", locale=self.locale)

    def possessive(self, name: str) -> str:
        """``Anna's``; in Swedish ``Annas``, ``Lars`` (a name ending in s, x or z takes no
        extra s) and ``N–S:s`` (an abbreviation takes a colon)."""
        if self.language != "sv":
            return f"{name}'s"
        if not name:
            return name
        last = name[-1]
        if last.isupper() or last.isdigit():
            return f"{name}:s"
        if last.lower() in "sxz":
            return name
        return f"{name}s"

    def date(self, day: datetime.date) -> str:
        """A day as the language writes it on a sheet: ``30 nov. 2026`` in Swedish; English
        keeps the ISO date it has always printed (``2026-11-30``)."""
        from babel.dates import format_date  # with its time zones: only when a date is shown

        return format_date(
            day, format=DATE_FORMATS.get(self.language, "medium"), locale=self.locale
        )

    def time(self, moment: datetime.datetime | datetime.time) -> str:
        """``17:05`` in every language (a 24-hour clock at the table)."""
        from babel.dates import format_time

        return format_time(moment, format="HH:mm", locale=self.locale)


@functools.cache
def words_for(language: str | None) -> BabelWords:
    """The words of ``language`` (``sv``, ``en``; anything else: English), made once."""
    return BabelWords(language_of(language or DEFAULT_LANGUAGE))
