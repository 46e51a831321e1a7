"""Templates without their indentation: a Jinja extension that drops the spaces that begin a
line of a template's own text, and its empty lines.

The templates are indented for the people who read them; a phone gains nothing from it, and
the game pages have a budget (30 KB with their style and script). Only the templates' literal
text changes — never a value put into it (a name typed with spaces stays as typed) nor the
words in ``_('…')``, which are the catalogue's keys — and only whitespace that begins a line,
which HTML does not show (no template has ``<pre>`` or a ``<textarea>`` with text of its own).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from jinja2.ext import Extension
from jinja2.lexer import TOKEN_DATA, Token, TokenStream

_INDENT = re.compile(r"\n[ \t]+")
_EMPTY_LINES = re.compile(r"\n{2,}")


def unindented(text: str) -> str:
    """``text`` without the spaces and tabs after each newline, nor empty lines."""
    return _EMPTY_LINES.sub("\n", _INDENT.sub("\n", text))


class Unindent(Extension):
    """Applies :func:`unindented` to every piece of a template's own text as it is read."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for token in stream:
            if token.type == TOKEN_DATA:
                yield Token(token.lineno, TOKEN_DATA, unindented(token.value))
            else:
                yield token
