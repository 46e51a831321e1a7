"""``scorekeeper export`` and ``import``: game records between a file and the database."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import click
from flask import current_app
from flask.cli import with_appcontext

from scorekeeper import records
from scorekeeper.cli.common import fail, lang_option, read_record
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import current_words, say
from scorekeeper.games.text import gettext as _
from scorekeeper.server.qr import reachable_url


def _token(value: str) -> str:
    """A game's token, also from its whole address (``http://…/g/<token>``)."""
    value = value.strip().rstrip("/")
    return value.rsplit("/g/", 1)[-1].split("/", 1)[0] if "/g/" in value else value


@click.command("export")
@with_appcontext
@click.argument("token")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Write the record to this file instead of stdout.",
)
@lang_option
def export_record(token: str, output: str) -> None:
    """Write the record (JSON) of the game at TOKEN (or its address) from this instance."""
    from scorekeeper.table import services

    try:
        game = services.load(_token(token))
    except services.GameNotFound:
        fail(
            [_("There is no game %(token)s in this Scorekeeper's database.", token=repr(token))], 1
        )
    except RuleError as error:
        fail(
            [
                _(
                    "The game %(token)s has an entry this version's rules refuse: %(problem)s",
                    token=repr(token),
                    problem=say(error.text),
                )
            ],
            1,
        )
    try:
        text = services.record_text(game)
    except ValueError as error:
        fail([say(getattr(error, "text", str(error)))], 1)
    if output == "-":
        click.echo(text, nl=False)
    else:
        try:
            Path(output).write_bytes(text.encode("utf-8"))
        except OSError as error:
            reason = error.strerror or str(error)
            fail([_("Cannot write %(path)s: %(reason)s.", path=output, reason=reason)], 1)
        click.echo(_("Saved the record to %(path)s.", path=output), err=True)


@click.command("import")
@with_appcontext
@click.argument("file", type=click.File("rb"))
@lang_option
def import_record(file: BinaryIO) -> None:
    """Check a game record (FILE may be -) and store it as a new game; prints its address
    (with PUBLIC_URL set) or its path /g/<token>.

    An invalid record exits with status 2, one line per problem on stderr, and stores nothing.
    """
    from scorekeeper.table import services

    record = read_record(file)
    if not services.is_known(record.kind):
        fail(
            [
                _(
                    "record: %(game)s games cannot be kept in this Scorekeeper yet "
                    "(scorekeeper score can still check and score the record)",
                    game=record.codec.title,
                )
            ],
            2,
        )
    try:
        game = services.import_record(record)
    except RuleError as error:
        fail([records.problem(records.RECORD, error.text).render(current_words())], 2)
    # Its whole address only when the setting for share links names one: this command cannot
    # know where (or whether) a server runs, so otherwise it prints the game's path alone.
    public = current_app.config.get("PUBLIC_URL")
    path = f"/g/{game.token}"
    players = ", ".join(game.setup.players)
    click.echo(
        _(
            "Imported a %(game)s game of %(players)s as a new game:",
            game=record.codec.title,
            players=players,
        ),
        err=True,
    )
    click.echo(reachable_url(path, public) if public else path)
    if not public:
        message = _(
            "Open %(path)s after the address scorekeeper serve prints (with PUBLIC_URL set, "
            "this command prints the whole address).",
            path=path,
        )
        click.echo(message, err=True)


COMMANDS = (export_record, import_record)
