"""How a record's problems are reported: one line each, naming where and what.

``deal 4: Carla has already played Pass (deal 1)``. Every module of the package reports through
:class:`Problems` and raises :class:`RecordError`; the helpers quote what a record says safely.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeGuard

from scorekeeper.games.names import UNPRINTABLE
from scorekeeper.games.text import T_, Clause, Text, Tn_, Words, as_text

#: The most problem lines reported for one record.
MAX_PROBLEMS = 30

#: Characters never echoed and never accepted in a record's text: controls, lone surrogates.
BAD_TEXT = UNPRINTABLE  # one rule for names and every other text in a record


#: Where a problem is when it is about the record as a whole.
RECORD = T_("record")


def problem(where: str | Text, message: str | Text) -> Text:
    """One problem line: where, then what (its final full stop left out)."""
    return T_("%(where)s: %(problem)s", where=as_text(where), problem=Clause(as_text(message)))


class RecordError(ValueError):
    """A record that cannot be read or breaks the rules: one line per problem.

    Each line says where (``record``, ``deal 4``, ``hand 2``, ``history entry 7``) and what:
    ``deal 4: Carla has already played Pass (deal 1)``. ``problems`` are the lines (each a
    :class:`~scorekeeper.games.text.Text`: English as a string); :meth:`lines_in` says them in
    a reader's words.
    """

    def __init__(self, problems: Sequence[str | Text]):
        lines = [as_text(line) for line in problems]
        if len(lines) > MAX_PROBLEMS:
            more = len(lines) - MAX_PROBLEMS
            lines = [*lines[:MAX_PROBLEMS], T_("… and %(n)s more problems", n=more)]
        super().__init__("\n".join(lines))
        self.problems = lines

    def lines_in(self, words: Words) -> list[str]:
        """The problems in ``words``, one line each."""
        return [line.render(words) for line in self.problems]


class Problems:
    """The problems found so far in one record, raised together by :meth:`raise_any`."""

    def __init__(self) -> None:
        self.lines: list[Text] = []

    def add(self, where: str | Text, message: str | Text) -> None:
        self.lines.append(problem(where, message))

    def raise_any(self) -> None:
        if self.lines:
            raise RecordError(self.lines)


def show(value: Any, limit: int = 60) -> str:
    """A value as JSON, cut short: for messages that quote what the record says."""
    text = json.dumps(value, ensure_ascii=False)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    # Never echo a control character or a lone surrogate: a terminal or a page would choke.
    return BAD_TEXT.sub(lambda bad: f"\\u{ord(bad.group()):04x}", text)


def kind_of(value: Any) -> str:
    """What kind of JSON value this is, for messages: ``a list``, ``a number`` ..."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return T_("a string")
    if isinstance(value, int | float):
        return T_("a number")
    return T_("a list") if isinstance(value, list) else T_("an object")


def unknown_fields(names: Sequence[str]) -> Text:
    shown = ", ".join(show(name, 30) for name in names)
    return Tn_("unknown field %(names)s", "unknown fields %(names)s", len(names), names=shown)


#: The JSON values whose equality as JSON is Python's own (given the same type).
_PLAIN = (int, str, bool, type(None))


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: ``true`` is not ``1`` and ``1.0`` is not ``1``. (Whole numbers, text and
    lists of them are compared directly: a club record checks hundreds of thousands.)"""
    if type(a) is type(b) and type(a) in _PLAIN:
        return bool(a == b)
    if (
        type(a) in (list, tuple)
        and type(b) in (list, tuple)
        and len(a) == len(b)
        and all(type(x) is type(y) and type(x) in _PLAIN for x, y in zip(a, b, strict=True))
    ):
        return bool(a == b) if type(a) is type(b) else list(a) == list(b)
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def is_int(value: object) -> TypeGuard[int]:
    """A whole number, strictly: ``true`` is not ``1``."""
    return isinstance(value, int) and not isinstance(value, bool)
