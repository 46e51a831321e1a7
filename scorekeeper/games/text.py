"""Words for people as message ids and parameters, said in the reader's language by the layer
that shows them.

An engine never chooses a language: what it says to a player (a refusal, a line of the changes
list, a settlement) is a :class:`Text`, an English message with ``%(name)s`` placeholders (the
id a translator's catalogue is keyed by) and its parameters. The web page, the printed sheet and
the terminal each render it with their reader's :class:`Words`; ``str(text)`` is the English.

    error = RuleError(T_("Deal %(n)s is already recorded.", n=4), field="deal", deal=4)
    str(error)                 # 'Deal 4 is already recorded.'
    error.text.render(swedish) # 'Giv 4 är redan registrerad.'

Parameters that are words themselves are :class:`Text` too (a pair's name, "deal" or "hand")
and are rendered in the same language; numbers are written the reader's way (:meth:`Words.
number`), names as they were typed, a name's possessive by the language's rule
(:class:`Possessive`).

The markers below are what the catalogue tools look for (``babel.cfg``; see
:mod:`scorekeeper.languages.catalogue`): ``N_`` marks a message id kept for later, ``T_``, ``Tn_``
and ``Tc_`` build a :class:`Text` (``Tn_`` with a singular and a plural, ``Tc_`` with a context that
tells two equal English words apart). Nothing here imports Flask or Babel.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from contextvars import ContextVar, Token
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue and give it back unchanged (translated where shown)."""
    return message


@runtime_checkable
class Words(Protocol):
    """A reader's language: its catalogue and how it writes numbers and possessives."""

    @property
    def language(self) -> str: ...

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...

    def number(self, n: int) -> str: ...

    def signed(self, n: int) -> str: ...

    def decimal(self, value: float) -> str: ...

    def possessive(self, name: str) -> str: ...

    def date(self, day: datetime.date) -> str: ...


class English:
    """The source language as the engines wrote it: message ids as they are, numbers as Python
    writes them. ``str()`` of a :class:`Text` and ``RuleError.message`` use these words."""

    language = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def number(self, n: int) -> str:
        return str(n)

    def signed(self, n: int) -> str:
        return f"{n:+d}"

    def decimal(self, value: float) -> str:
        """``1,234.5``, ``2.33``: grouped, one or two decimals (as Babel's ``#,##0.0#``)."""
        said = f"{value:,.2f}"
        return said[:-1] if said.endswith("0") else said

    def possessive(self, name: str) -> str:
        return f"{name}'s"

    def date(self, day: datetime.date) -> str:
        return day.isoformat()


ENGLISH = English()


class Possessive:
    """A name's possessive as a parameter: ``Anna's`` in English, ``Annas`` in Swedish."""

    __slots__ = ("name",)

    def __init__(self, name: str | Text):
        self.name = name

    def render(self, words: Words) -> str:
        name = self.name.render(words) if isinstance(self.name, Text) else str(self.name)
        return words.possessive(name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Possessive) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("possessive", self.name))

    def __repr__(self) -> str:
        return f"Possessive({self.name!r})"


class Signed:
    """A score with its sign as a parameter: ``+5``, ``−10`` (``-10`` in :data:`ENGLISH`)."""

    __slots__ = ("value",)

    def __init__(self, value: int):
        self.value = value

    def render(self, words: Words) -> str:
        return words.signed(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Signed) and other.value == self.value

    def __hash__(self) -> int:
        return hash(("signed", self.value))

    def __repr__(self) -> str:
        return f"Signed({self.value!r})"


#: The minus sign scores are written with on pages and sheets (not the hyphen).
MINUS = "\u2212"


def signed(value: int | None, minus: str = MINUS) -> str:
    """A score as the sheets and pages write it, the same in every language: ``+2``, ``−1``,
    ``0`` (``minus="-"`` for plain text: ``-1``); nothing for None."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{minus}{-value}"
    return "0"


def points(value: Fraction, signed: bool = False, words: Words | None = None) -> str:
    """Points (an evening's, a season's, an average of either) as everything shows them:
    ``12``, ``−3``, and anything between two whole numbers in decimals, a half too (``1.5``,
    ``2.33``; in Swedish ``1,5``, ``2,33``): one way everywhere (``−1½`` beside ``−0,17`` read
    as two kinds of number). ``signed`` adds a plus to a positive number; ``words``: the
    reader's (the current words unless given)."""
    sign = MINUS if value < 0 else "+" if signed and value > 0 else ""
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        return f"{sign}{whole}"
    words = words if words is not None else current_words()
    return sign + words.decimal(float(abs(value)))


def join_names(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla``, in the current words."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])


class Clause:
    """A sentence used as a clause of a longer message (a parameter): said without its final
    full stop (``deal 4: Carla has already played Pass (deal 1)``)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def render(self, words: Words) -> str:
        said = self.text.render(words) if isinstance(self.text, Text) else str(self.text)
        return said.strip().removesuffix(".")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Clause) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("clause", self.text))

    def __repr__(self) -> str:
        return f"Clause({self.text!r})"


class Text(str):
    """A message for people: its id (the English, with ``%(name)s`` placeholders), its
    parameters, and for a counted message its plural and count (``num``), for a word that
    means two things in English a context.

    A Text *is* its English (a ``str``: compare it, slice it, print it as before) and can be
    said in any language with :meth:`render`. Treat it as immutable."""

    id: str
    params: tuple[tuple[str, Any], ...]
    plural: str | None
    #: The count a counted message is said for (``count`` when it is made; not ``count``, which
    #: would hide ``str.count``).
    n: int | None
    context: str | None

    def __new__(
        cls,
        id: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> Text:
        items = dict(params or {})
        if plural is not None:
            items.setdefault("num", count)
        self = str.__new__(cls, _render(ENGLISH, str(id), items, plural, count, context))
        self.id = str(id)
        self.params = tuple(items.items())
        self.plural = plural
        self.n = count
        self.context = context
        return self

    def render(self, words: Words | None = None) -> str:
        """The message in ``words`` (the current words, English unless set: :func:`speaking`)."""
        words = words if words is not None else current_words()
        if words is ENGLISH:
            return str.__str__(self)
        params = dict(self.params)
        return _render(words, self.id, params, self.plural, self.n, self.context)

    def __str__(self) -> str:
        return str.__str__(self)

    def __html__(self) -> str:
        """In a page (Jinja calls this): said in the current words, escaped as Jinja would."""
        return _escaped(self.render())

    def __repr__(self) -> str:
        return f"Text({self.id!r}, {dict(self.params)!r})"

    def __reduce__(self) -> Any:
        return (_remade, (self.id, dict(self.params), self.plural, self.n, self.context))


def _remade(
    id: str, params: dict[str, Any], plural: str | None, count: int | None, context: str | None
) -> Text:
    return Text(id, params, plural=plural, count=count, context=context)


def _render(
    words: Words,
    id: str,
    params: Mapping[str, Any],
    plural: str | None,
    count: int | None,
    context: str | None,
) -> str:
    if plural is not None:
        if context is not None:
            message = words.npgettext(context, id, plural, count or 0)
        else:
            message = words.ngettext(id, plural, count or 0)
    elif context is not None:
        message = words.pgettext(context, id)
    else:
        message = words.gettext(id)
    if not params:
        return message
    return message % {name: _rendered(value, words) for name, value in params.items()}


_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})


def _escaped(text: str) -> str:
    return text.translate(_HTML)


def _rendered(value: Any, words: Words) -> Any:
    """A parameter of a :class:`Text` as the reader writes it (ids use ``%(name)s`` only)."""
    if isinstance(value, Text | Possessive | Signed | Clause):
        return value.render(words)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return _Number(value, words.number(value))
    return value


class _Number(int):
    """A number parameter: written the reader's way by ``%(n)s``, as digits by ``%(n)d``."""

    written: str

    def __new__(cls, value: int, written: str) -> _Number:
        number = super().__new__(cls, value)
        number.written = written
        return number

    def __str__(self) -> str:
        return self.written


def _values(params: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The parameters of a message written with ``%(n)d`` (pages, printouts): words rendered,
    numbers left as numbers."""
    return {
        name: value.render(words)
        if isinstance(value, Text | Possessive | Signed | Clause)
        else value
        for name, value in params.items()
    }


def T_(message: str, /, **params: Any) -> Text:
    """A message with its parameters (``T_("Deal %(n)s", n=4)``)."""
    return Text(message, params)


def Tn_(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A counted message: ``Tn_("%(num)s card", "%(num)s cards", 3)``; ``num`` is the count."""
    return Text(singular, params, plural=plural, count=n)


def Tc_(context: str, message: str, /, **params: Any) -> Text:
    """A message with a context, where one English word means two things (``Tc_("seat",
    "N")``)."""
    return Text(message, params, context=context)


def as_text(message: str | Text) -> Text:
    """A message id (or a text already made) as a :class:`Text` without parameters."""
    return message if isinstance(message, Text) else Text(message)


def joined(texts: Any, separator: str = "; ") -> Text:
    """Texts said one after another, with a separator that is the same in every language."""
    parts = tuple(as_text(t) if isinstance(t, str | Text) else t for t in texts)
    names = {f"p{i}": part for i, part in enumerate(parts)}
    return Text(separator.join(f"%({name})s" for name in names), names)


# --- whole numbers as people type them ------------------------------------------------------

#: The most digits a whole number may have, typed into a form or written in a record. No score,
#: deal or count comes near it; a refusal can still quote such a number (:meth:`Words.number`
#: writes any length).
MAX_DIGITS = 30

_WHOLE = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(f"-?[0-9]{{1,{MAX_DIGITS}}}")


def whole_number(typed: str, *, negative: bool = False) -> int | None:
    """The whole number ``typed`` writes, or None: ASCII digits only, at most
    :data:`MAX_DIGITS` of them, a leading ``-`` only when ``negative``. Not what Python's
    ``int()`` also takes: ``1_0``, ``+5``, `` 5``, full-width ``５`` or Arabic-Indic ``١٢``."""
    pattern = _SIGNED if negative else _WHOLE
    return int(typed) if pattern.fullmatch(typed) else None


# --- the current words -----------------------------------------------------------------------

_CURRENT: ContextVar[Words] = ContextVar("scorekeeper_words", default=ENGLISH)


def current_words() -> Words:
    """The words of whatever is being written now: a printed page, a terminal's output (set by
    :func:`speaking`); English unless set."""
    return _CURRENT.get()


class speaking:
    """Write in ``words`` (None: keep the current words) while the block runs.

    A class rather than a generator: a block that is never closed (a command line whose
    arguments failed to parse, say) leaves nothing for the garbage collector to run later in
    another context."""

    def __init__(self, words: Words | None) -> None:
        self._words = words
        self._token: Token[Words] | None = None

    def __enter__(self) -> Words:
        if self._words is None:
            return current_words()
        self._token = _CURRENT.set(self._words)
        return self._words

    def __exit__(self, *_exc: object) -> None:
        if self._token is not None:
            _CURRENT.reset(self._token)
            self._token = None


def gettext(message: str, /, **params: Any) -> str:
    """``message`` in the current words, with its parameters (as Flask-Babel's ``gettext``)."""
    words = current_words()
    translated = words.gettext(message)
    return translated % _values(params, words) if params else translated


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """A counted message in the current words; ``num`` is the count."""
    words = current_words()
    translated = words.ngettext(singular, plural, n)
    return translated % _values({"num": n, **params}, words)


def pgettext(context: str, message: str, /, **params: Any) -> str:
    """A message with a context in the current words."""
    words = current_words()
    translated = words.pgettext(context, message)
    return translated % _values(params, words) if params else translated


class LazyText:
    """A message id for a constant (a column's heading), said in the current words whenever
    it is shown (``str()``): what Flask-Babel's ``lazy_gettext`` is for pages."""

    __slots__ = ("context", "message", "params")

    def __init__(self, message: str, params: Mapping[str, Any], context: str | None = None):
        self.message = message
        self.params = dict(params)
        self.context = context

    def __str__(self) -> str:
        if self.context is not None:
            return pgettext(self.context, self.message, **self.params)
        return gettext(self.message, **self.params)

    def __html__(self) -> str:
        return _escaped(str(self))

    def __repr__(self) -> str:
        return f"LazyText({self.message!r})"


def lazy_gettext(message: str, /, **params: Any) -> LazyText:
    """``message`` said in the current words each time it is shown."""
    return LazyText(message, params)


def lazy_pgettext(context: str, message: str, /, **params: Any) -> LazyText:
    """``message`` with a context (a narrow column's heading may need a shorter word in some
    language), said in the current words each time it is shown."""
    return LazyText(message, params, context)


def say(message: Any, words: Words | None = None) -> str:
    """Anything a player reads, in ``words`` (the current words unless given): a :class:`Text`
    rendered, a message id translated, anything else as ``str()`` says it."""
    words = words if words is not None else current_words()
    if isinstance(message, Text | Possessive | Signed | Clause):
        return message.render(words)
    if isinstance(message, str):
        return words.gettext(message) if message else message
    return str(message)
