"""``scorekeeper club score``: a club record (``scorekeeper-club/1``) read and its season tables
and ratings printed, without a server or a database.

Like every command, the module is imported only when the command runs; the record's reader (and
the rating library) only once ``club score`` reads a file, so ``club --help`` is as light as
any (``benchmarks/cli.py``). Never Flask or the database."""

from __future__ import annotations

from typing import BinaryIO

import click

from scorekeeper.cli.common import fail, lang_option


@click.group()
def club() -> None:
    """Clubs: a club's record, its season tables and ratings."""


@club.command("score")
@click.argument("file", type=click.File("rb"))
@lang_option
def score(file: BinaryIO) -> None:
    """Check a club record and print its season table (every evening, the total of evening
    results), each stored season's table by its rule, and the members' ratings (FILE may be -
    for stdin).

    Needs no database. An invalid record exits with status 2 and one line per problem on
    stderr, nothing on stdout.
    """
    from scorekeeper.clubs import record
    from scorekeeper.games.text import current_words
    from scorekeeper.records.problems import RecordError

    data = file.read(record.MAX_CLUB_BYTES + 1)
    try:
        read = record.loads_club(data)
    except RecordError as error:
        fail(error.lines_in(current_words()), 2)
    click.echo(record.club_text(read), nl=False)


COMMANDS = (club,)
