"""What a request's address and forms carry that the app reads as a key — a token, a game's
kind, an id, a position — read by one rule each, bounded where it is read, so that nothing a
request sends reaches a query the database would fail on (issue 34).

Every number that is not typed as a score — an id or a position in an address, a member or an
evening ticked in a form, a seat, a round in a query string — is ASCII digits (never ``+5``,
``1_0``, ``²`` or another script's digits) of a number a database column holds (PostgreSQL's
``integer``, 32 bits; SQLite's are 64). A number past that is no row of any table: an address
holding one is not found (404), a form sending one is refused beside its field, before any
query is made with it. Every other variable of an address is a token's letters.

:class:`WholeConverter` is the app's ``int`` converter and :class:`TokenConverter` its default
one, so every variable of the URL map, a route's added later too, is read this way;
:func:`whole` is the ``coerce`` of the forms' choices
(:class:`~scorekeeper.web.forms.NumberChoiceField`) and the ``type`` of a query argument.
Numbers typed at the table are the forms' :class:`~scorekeeper.web.forms.WholeNumberField`,
which says its range in words."""

from __future__ import annotations

import re
from typing import Any

from werkzeug.routing import BaseConverter, IntegerConverter, Map, ValidationError

#: The largest number the app reads from a request as an id or a position: what an
#: ``integer`` column holds on PostgreSQL (SQLite's columns hold 64 bits).
MOST = 2**31 - 1
#: The digits of :data:`MOST`: a longer number is never read at all.
DIGITS = len(str(MOST))

#: Every other variable of an address (``<token>``, ``<kind>``, ``<lang>`` …): what
#: ``secrets.token_urlsafe`` writes and a game's kind or a language is named with.
TOKEN = "[A-Za-z0-9_-]{1,64}"

_DIGITS = re.compile(f"[0-9]{{1,{DIGITS}}}")


def whole(value: Any, most: int = MOST) -> int:
    """The whole number ``value`` writes (a ``str`` of ASCII digits, or already an ``int``),
    from 0 to ``most``; ValueError otherwise (which WTForms' ``coerce`` and werkzeug's
    ``type=`` take as "not one")."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and _DIGITS.fullmatch(value):
        number = int(value)
    else:
        raise ValueError("not a whole number")
    if not 0 <= number <= most:
        raise ValueError("not a number a column holds")
    return number


def whole_or_none(value: Any, most: int = MOST) -> int | None:
    """:func:`whole`, or None for what is not one."""
    try:
        return whole(value, most)
    except ValueError:
        return None


class WholeConverter(IntegerConverter):
    """``<int:...>`` of every route: ASCII digits, from 0 to :data:`MOST` (or to the rule's
    own ``max``, when less: ``<int(max=12):month>``); a longer or larger number, a sign or
    another script's digits match no route (404)."""

    regex = f"[0-9]{{1,{DIGITS}}}"

    def __init__(self, map: Map, fixed_digits: int = 0, max: int | None = None) -> None:
        most = MOST if max is None or max > MOST else max
        super().__init__(map, fixed_digits, min=0, max=most)

    def to_python(self, value: str) -> int:
        if self.fixed_digits and len(value) != self.fixed_digits:
            raise ValidationError()
        try:
            return whole(value, self.max if self.max is not None else MOST)
        except ValueError as error:
            raise ValidationError() from error


class TokenConverter(BaseConverter):
    """The app's default converter (``<token>``, ``<kind>``, ``<evening_token>`` …): ASCII
    letters, digits, ``_`` and ``-``, at most 64 (:data:`TOKEN`). Anything else — a NUL, which
    PostgreSQL refuses in a query, a line break, an invisible character, thousands of
    characters — matches no route (404) and reaches no query."""

    regex = TOKEN
