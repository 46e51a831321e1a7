"""What the record and printing commands share: the language they speak (``--lang``, else the
terminal's), failing with one line per problem, reading a record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, BinaryIO, NoReturn, TypeVar

import click

from scorekeeper import locales, records
from scorekeeper.games.text import current_words, speaking

F = TypeVar("F", bound=Callable[..., Any])


def _speak(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """Say everything from here on (messages, refusals, the PDF, the sheet) in ``--lang``, or
    in the terminal's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    language = value or locales.from_environment()
    ctx.with_resource(speaking(locales.words_for(language)))
    return value


def lang_option(command: F) -> F:
    """``--lang sv|en``: the language of the command's output (default: the terminal's)."""
    return click.option(
        "--lang",
        type=click.Choice(locales.LANGUAGES),
        is_eager=True,
        expose_value=False,
        callback=_speak,
        help="Language of the output: sv or en (default: from LANGUAGE, LC_ALL or LANG).",
    )(command)


def fail(lines: list[str], code: int) -> NoReturn:
    for line in lines:
        click.echo(line, err=True)
    raise SystemExit(code)


def read_record(file: BinaryIO) -> records.GameRecord:
    """Read and check a record; an invalid one exits 2 with one line per problem on stderr."""
    try:
        return records.loads(file.read(records.MAX_RECORD_BYTES + 1))
    except records.RecordError as error:
        fail(error.lines_in(current_words()), 2)
