"""Reading a record's JSON text as hostile input: the limits, and refusing what no record holds.

A record may come from anyone (an upload, a pasted file), so :func:`decode` refuses, before
anything looks inside: more than :data:`MAX_RECORD_BYTES`, invalid UTF-8, NaN, duplicate fields,
very long numbers, deep nesting, control characters. It never recurses over the input, so no
record can exhaust the stack.
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.games.text import MAX_DIGITS, T_, Text
from scorekeeper.records.problems import BAD_TEXT, RECORD, RecordError, problem, show

#: The largest record read, in bytes (as the web's MAX_CONTENT_LENGTH). A real one is a few kB.
MAX_RECORD_BYTES = 1024 * 1024
#: Nesting deeper than this is refused before anything looks inside (a record needs 7 levels).
MAX_DEPTH = 16
#: The most events a ``history`` may hold.
MAX_HISTORY = 2_000


class _BadJSON(Exception):
    pass


def _no_constant(name: str) -> Any:
    raise _BadJSON(T_("%(name)s is not a number a record may hold", name=name))


def _parse_int(text: str) -> int:
    """A JSON integer (ASCII digits, the parser's grammar), at most ``MAX_DIGITS`` long: as many
    as a form takes (:func:`scorekeeper.games.text.whole_number`)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadJSON(T_("a number has more than %(n)s digits", n=MAX_DIGITS))
    return int(text)


class _Twice(dict[str, Any]):
    """An object that holds a field twice: refused by :func:`_check_tree`, which knows where
    it is (the parser's hook does not)."""

    twice: str


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            found = _Twice(result)
            found.twice = key
            return found
        result[key] = value
    return result


def _refused(message: Text) -> RecordError:
    return RecordError([problem(RECORD, message)])


#: What :func:`decode` says of a game record's file over :data:`MAX_RECORD_BYTES`.
TOO_LARGE = T_(
    "the file is larger than %(n)s MB; a game record is a few kB",
    n=MAX_RECORD_BYTES // (1024 * 1024),
)


def decode(data: bytes | str, *, limit: int = MAX_RECORD_BYTES, too_large: Text = TOO_LARGE) -> Any:
    """Parse a record's JSON text (UTF-8, a byte-order mark allowed), refusing what no record
    holds: more than ``limit`` bytes (saying ``too_large``; a game record's
    :data:`MAX_RECORD_BYTES` unless given), invalid UTF-8, NaN, duplicate fields, very long
    numbers, deep nesting, control characters."""
    size = (
        len(data) if isinstance(data, bytes | bytearray) else len(data.encode("utf-8", "replace"))
    )
    if size > limit:
        raise _refused(too_large)
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise _refused(
                T_("the file is not UTF-8 text (invalid byte at position %(n)s)", n=error.start)
            ) from None
    else:
        text = data.removeprefix("\ufeff")
    if not text.strip():
        raise _refused(T_("the file is empty"))
    try:
        raw = json.loads(
            text, parse_constant=_no_constant, parse_int=_parse_int, object_pairs_hook=_object
        )
    except RecursionError:
        raise _refused(T_("the JSON is nested too deeply")) from None
    except _BadJSON as error:
        raise _refused(error.args[0]) from None
    except json.JSONDecodeError as error:
        # The parser's own words (``Expecting value``) are Python's, in English.
        raise _refused(
            T_(
                "not valid JSON: %(error)s (line %(line)s, column %(column)s)",
                error=error.msg,
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    _check_tree(raw)
    return raw


#: Where a value is in the record: its container's place and its key or index (None: the top).
_Place = tuple[Any, str | int] | None


def _check_tree(raw: Any) -> None:
    """Refuse deep nesting, an object with a field twice (saying where) and text with control
    characters or lone surrogates (without recursion, so that no input can exhaust the
    stack)."""
    if isinstance(raw, str):
        _check_text(raw)
    # Containers only: text is checked as its container is read, other values hold nothing.
    stack: list[tuple[Any, int, _Place]] = [(raw, 1, None)] if _nested(raw) else []
    while stack:
        value, depth, place = stack.pop()
        if isinstance(value, _Twice):
            raise _refused(_twice(value.twice, place))
        if value and depth >= MAX_DEPTH:  # its items are a level deeper
            raise _refused(
                T_("the JSON is nested too deeply (more than %(n)s levels)", n=MAX_DEPTH)
            )
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                _check_text(key)
            if isinstance(item, str):
                _check_text(item)
            elif _nested(item):
                stack.append((item, depth + 1, (place, key)))


def _nested(value: Any) -> bool:
    return isinstance(value, dict | list)


def _twice(key: str, place: _Place) -> Text:
    """A field twice in one object, and where that object is: a JSON Pointer (RFC 6901, a
    list's items counted from 0, as a program would find it: ``/evenings/1/record``)."""
    if place is None:
        return T_("the field %(name)s appears twice at the top of the record", name=show(key, 30))
    steps: list[str] = []
    while place is not None:
        place, step = place
        steps.append(str(step).replace("~", "~0").replace("/", "~1"))
    pointer = "/" + "/".join(reversed(steps))
    return T_(
        "the field %(name)s appears twice in the object at %(place)s",
        name=show(key, 30),
        place=show(pointer, 80),
    )


def _check_text(text: str) -> None:
    bad = BAD_TEXT.search(text)
    if bad:
        code = f"{ord(bad.group()):04X}"
        raise _refused(
            T_(
                "the text %(text)s contains a control or invalid character (U+%(code)s)",
                text=show(text, 40),
                code=code,
            )
        )
