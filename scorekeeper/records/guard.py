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


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _BadJSON(T_("the field %(name)s appears twice in one object", name=show(key, 30)))
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


def _check_tree(raw: Any) -> None:
    """Refuse deep nesting and text with control characters or lone surrogates (without
    recursion, so that no input can exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _refused(
                T_("the JSON is nested too deeply (more than %(n)s levels)", n=MAX_DEPTH)
            )
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value)


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
