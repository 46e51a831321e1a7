"""A table's rows as JSON and back: each column's value by its type, the same for every table
(so a table or a column added to the schema needs nothing here, unless its type is new).

A row is a JSON array of its values in the order of its table's columns. Integers, strings,
booleans and JSON columns are themselves; a time is ``"2026-05-01T19:30:00.123456"`` (as
stored: the app keeps UTC without an offset), a day ``"2026-05-01"``, a decimal a string, bytes
base64; ``null`` is NULL. Reading checks each value against its column (its kind, NULL only
where the column allows it) and names the column at fault.
"""

from __future__ import annotations

import base64
import binascii
import decimal
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

import sqlalchemy as sa

from scorekeeper.games.text import T_, Text

#: What a value is turned into for the file, and back.
Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]


class ValueRefused(ValueError):
    """A value of a backup that its column cannot hold: ``text`` says why."""

    def __init__(self, text: Text):
        super().__init__(str(text))
        self.text = text


def _same(value: Any) -> Any:
    return value


def _iso(value: Any) -> Any:
    return value.isoformat()


def _b64(value: Any) -> Any:
    return base64.b64encode(value).decode("ascii")


def _parsed(parse: Callable[[str], Any], what: Text) -> Decode:
    def decode(value: Any) -> Any:
        if isinstance(value, str):
            try:
                return parse(value)
            except (ValueError, binascii.Error, decimal.InvalidOperation):
                pass
        raise ValueRefused(T_("%(value)s is not %(what)s", value=_shown(value), what=what))

    return decode


def _typed(kinds: tuple[type, ...], what: Text) -> Decode:
    def decode(value: Any) -> Any:
        if isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds):
            return value
        raise ValueRefused(T_("%(value)s is not %(what)s", value=_shown(value), what=what))

    return decode


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


@dataclass(frozen=True)
class Codec:
    """How one column's values are written and read back."""

    encode: Encode
    decode: Decode


#: By column type, most specific first (``DateTime`` before ``Date``: neither is the other).
_CODECS: tuple[tuple[type[sa.types.TypeEngine[Any]], Codec], ...] = (
    (sa.JSON, Codec(_same, _same)),
    (sa.DateTime, Codec(_iso, _parsed(datetime.fromisoformat, T_("a time")))),
    (sa.Date, Codec(_iso, _parsed(date.fromisoformat, T_("a day")))),
    (sa.Time, Codec(_iso, _parsed(time.fromisoformat, T_("a time of day")))),
    (sa.Boolean, Codec(_same, _typed((bool,), T_("true or false")))),
    (sa.Integer, Codec(_same, _typed((int,), T_("a whole number")))),
    (sa.Float, Codec(_same, _typed((int, float), T_("a number")))),
    (sa.Numeric, Codec(str, _parsed(decimal.Decimal, T_("a number")))),
    (sa.String, Codec(_same, _typed((str,), T_("text")))),
    (
        sa.LargeBinary,
        Codec(_b64, _parsed(lambda v: base64.b64decode(v, validate=True), T_("bytes"))),
    ),
)


def codec(column: sa.Column[Any]) -> Codec:
    """How ``column``'s values are written; :class:`TypeError` for a type this module does not
    know yet (a test walks every column of the models, so a new type is met there first)."""
    for kind, found in _CODECS:
        if isinstance(column.type, kind):
            return found
    raise TypeError(f"{column.table.name}.{column.name}: no backup codec for {column.type!r}")


def encoder(columns: list[sa.Column[Any]]) -> Callable[[sa.Row[Any]], list[Any]]:
    """A function from a row (its values in ``columns``' order) to its JSON array."""
    special = [(i, c.encode) for i, c in enumerate(codec(col) for col in columns)]
    special = [(i, fn) for i, fn in special if fn is not _same]

    def encode(row: sa.Row[Any]) -> list[Any]:
        values = list(row)
        for index, fn in special:
            if values[index] is not None:
                values[index] = fn(values[index])
        return values

    return encode


def decoder(columns: list[sa.Column[Any]]) -> Callable[[list[Any]], dict[str, Any]]:
    """A function from a JSON array (values in ``columns``' order) to the row's values by
    column name; :class:`ValueRefused` naming the column of a value it cannot hold."""
    plan = [(col.name, bool(col.nullable), codec(col).decode) for col in columns]

    def decode(values: list[Any]) -> dict[str, Any]:
        if len(values) != len(plan):
            raise ValueRefused(
                T_("a row has %(n)s values, its table %(m)s columns", n=len(values), m=len(plan))
            )
        row: dict[str, Any] = {}
        for (name, nullable, fn), value in zip(plan, values, strict=True):
            if value is None:
                if not nullable:
                    raise ValueRefused(T_("%(column)s cannot be empty (null)", column=name))
                row[name] = None
                continue
            try:
                row[name] = fn(value)
            except ValueRefused as refused:
                raise ValueRefused(
                    T_("%(column)s: %(problem)s", column=name, problem=refused.text)
                ) from None
        return row

    return decode
