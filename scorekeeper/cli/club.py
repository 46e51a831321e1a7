"""``scorekeeper club score``: a club record (``scorekeeper-club/1``) read and its season tables
and ratings printed, without a server or a database; ``scorekeeper club import``: a club record
stored as a new club in this Scorekeeper's database, however large, while it serves;
``scorekeeper club rebuild``: what the database keeps derived of a club's evenings thrown away
and derived again from the log.

Like every command, the module is imported only when the command runs; the record's reader (and
the rating library) only once ``club score`` reads a file, so ``club --help`` is as light as
any (``benchmarks/cli.py``). Flask and the database only once ``club import`` runs."""

from __future__ import annotations

import gc
import re
from typing import BinaryIO

import click

from scorekeeper.cli.common import fail, lang_option
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import ngettext


@click.group()
def club() -> None:
    """Clubs: a club's record, its season tables and ratings, and its import."""


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
    from scorekeeper.clubs.record_text import club_text
    from scorekeeper.games.text import current_words
    from scorekeeper.records.problems import RecordError

    data = file.read(record.MAX_CLUB_BYTES + 1)
    # The record's games are read into objects that live until the tables are written and
    # hold no cycles to free: the cycle collector only walked them again as they grew (a third
    # of the command's time at 1,000 games, more for a larger club; the same peak memory).
    gc.disable()
    try:
        read = record.loads_club(data)
        text = club_text(read)
    except RecordError as error:
        fail(error.lines_in(current_words()), 2)
    finally:
        gc.enable()
    click.echo(text, nl=False)


@club.command("import")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--pin",
    envvar="SCOREKEEPER_CLUB_PIN",
    help="The new club's organiser PIN, 4 to 12 digits (default: asked for, typed twice).",
)
@lang_option
@click.pass_context
def import_club(ctx: click.Context, file: BinaryIO, pin: str | None) -> None:
    """Store a club record (FILE may be -) as a new club of this Scorekeeper, with a new
    organiser PIN; prints its address (with PUBLIC_URL set) or its path /c/<token>.

    A record of any size (the web page takes up to 64 MB). It is read and checked whole
    before anything is stored, then written in short steps while the server goes on serving
    (a table's entry waits milliseconds, not the whole import); nothing of the club can be seen
    until all of it is there. An invalid record exits with status 2, one line per problem on
    stderr, and stores nothing.
    """
    from flask.cli import ScriptInfo

    from scorekeeper import create_app

    info = ctx.find_object(ScriptInfo) or ScriptInfo(create_app=create_app, set_debug_flag=False)
    app = info.load_app()
    data = file.read()
    if pin is None:
        pin = click.prompt(
            _("Organiser PIN of the new club"),
            hide_input=True,
            confirmation_prompt=_("The PIN again"),
            err=True,
        )
    with app.app_context():
        _store(app.config.get("PUBLIC_URL"), data, pin or "")


def _store(public: str | None, data: bytes, pin: str) -> None:
    """Import the record (inside the app); say what was made, or fail with why not."""
    from sqlalchemy.exc import OperationalError

    from scorekeeper.clubs import services
    from scorekeeper.data.db import busy
    from scorekeeper.games.events import RuleError
    from scorekeeper.games.text import current_words, say
    from scorekeeper.records.problems import RecordError
    from scorekeeper.server.qr import reachable_url

    known = _known_games()
    try:
        made = services.import_club(data, pin, known, "command line", any_size=True)
    except RecordError as error:
        fail(error.lines_in(current_words()), 2)
    except RuleError as error:
        fail([say(error.text)], 2)
    except OperationalError as error:
        if not busy(error):
            raise
        fail([_("The database stayed busy, so nothing was stored: run the command again.")], 1)
    path = f"/c/{made.token}"
    click.echo(_("Imported as a new club: %(name)s.", name=made.name), err=True)
    click.echo(reachable_url(path, public) if public else path)
    if not public:
        message = _(
            "Open %(path)s after the address scorekeeper serve prints (with PUBLIC_URL set, "
            "this command prints the whole address).",
            path=path,
        )
        click.echo(message, err=True)


def _known_games() -> list[str]:
    """The games a club may play here: every game with a record format (as ``club score``
    reads a record)."""
    from scorekeeper.records import codecs

    return list(codecs())


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
            _rebuild(found)


def _rebuild(token: str) -> None:
    """Derive again what is kept of the club at ``token`` (inside the app); say how much, or
    fail with why not."""
    from sqlalchemy.exc import OperationalError

    from scorekeeper.clubs import services
    from scorekeeper.data.db import busy

    try:
        if not TOKEN.fullmatch(token):  # no club's token: nothing asked of the database
            raise services.ClubNotFound(token)
        loaded = services.load(token)
        count = services.rebuild(loaded)
    except services.ClubNotFound:
        no_club = _("There is no club %(token)s in this Scorekeeper's database.", token=repr(token))
        fail([no_club], 1)
    except OperationalError as error:
        if not busy(error):
            raise
        fail([_("The database stayed busy: run the command again.")], 1)
    click.echo(
        ngettext(
            "%(club)s: %(num)d evening derived again from its games.",
            "%(club)s: %(num)d evenings derived again from their games.",
            count,
            club=loaded.name,
        )
    )


#: A club's token as its address carries it (what ``web/bounds.TOKEN`` lets through to a
#: query; the command line reads the same, so a NUL or a line break never reaches one).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _club_token(value: str) -> str:
    """A club's token, also from its whole address (``http://…/c/<token>``)."""
    value = value.strip().rstrip("/")
    return value.rsplit("/c/", 1)[-1].split("/", 1)[0] if "/c/" in value else value


COMMANDS = (club,)
