"""What the record and printing commands share: the language they speak (``--lang``, else the
terminal's), failing with one line per problem, reading a record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, BinaryIO, NoReturn, TypeVar

import click

from scorekeeper import records
from scorekeeper.games.text import current_words, speaking, whole_number
from scorekeeper.games.text import gettext as _
from scorekeeper.languages import locales

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


class WholeNumber(click.ParamType[int]):
    """A whole number option (``--port 8000``), read as the forms read one: ASCII digits only
    (:func:`~scorekeeper.games.text.whole_number`), from ``least`` to ``most`` when given.
    Click's ``int`` takes ``1_0`` as 10 and ``+5``, `` 5``, full-width ``５`` as numbers."""

    name = "integer"

    def __init__(self, least: int | None = None, most: int | None = None) -> None:
        self.least, self.most = least, most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):  # a default
            number: int | None = value
        else:
            number = whole_number(str(value))
        if number is None:
            self.fail(_("%(value)s is not a whole number (digits 0 to 9).", value=repr(value)))
        if (self.least is not None and number < self.least) or (
            self.most is not None and number > self.most
        ):
            least, most = self.least if self.least is not None else 0, self.most
            said = (
                _(
                    "%(value)s is not from %(least)s to %(most)s.",
                    value=number,
                    least=least,
                    most=most,
                )
                if most is not None
                else _("%(value)s is less than %(least)s.", value=number, least=least)
            )
            self.fail(said)
        return number


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
