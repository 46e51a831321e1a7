"""``scorekeeper club score``: a club record (``scorekeeper-club/1``) read and its season tables
and ratings printed, without a server or a database. ``scorekeeper club rebuild``: what the
database keeps derived of a club's evenings thrown away and derived again from the log.

Like every command, the module is imported only when the command runs; the record's reader (and
the rating library) only once ``club score`` reads a file, so ``club --help`` is as light as
any (``benchmarks/cli.py``). Never Flask or the database."""

from __future__ import annotations

from typing import BinaryIO

import click

from scorekeeper.cli.common import fail, lang_option
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import ngettext


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


@club.command("rebuild")
@click.argument("token", required=False)
@click.option("--all", "every", is_flag=True, help="Every club of this Scorekeeper.")
@click.pass_context
def rebuild(ctx: click.Context, token: str | None, every: bool) -> None:
    """Throw away what is kept derived of the club at TOKEN (or its address), or of every club
    with --all (each evening's results, its games' outcomes, its record), and derive it again
    from the games' logs, which stay the truth. Servers running go on with what they derived
    themselves (the same, from the same logs) until they restart."""
    from flask.cli import ScriptInfo

    from scorekeeper import create_app

    if every == (token is not None):
        fail([_("Give a club's address, or --all.")], 2)
    info = ctx.find_object(ScriptInfo) or ScriptInfo(create_app=create_app, set_debug_flag=False)
    with info.load_app().app_context():
        from scorekeeper.clubs import services

        tokens = services.all_tokens() if every else [_club_token(token or "")]
        for found in tokens:
            try:
                loaded = services.load(found)
            except services.ClubNotFound:
                fail(
                    [
                        _(
                            "There is no club %(token)s in this Scorekeeper's database.",
                            token=repr(found),
                        )
                    ],
                    1,
                )
            count = services.rebuild(loaded)
            click.echo(
                ngettext(
                    "%(club)s: %(num)d evening derived again from its games.",
                    "%(club)s: %(num)d evenings derived again from their games.",
                    count,
                    club=loaded.name,
                )
            )


def _club_token(value: str) -> str:
    """A club's token, also from its whole address (``http://…/c/<token>``)."""
    value = value.strip().rstrip("/")
    return value.rsplit("/c/", 1)[-1].split("/", 1)[0] if "/c/" in value else value


COMMANDS = (club,)
