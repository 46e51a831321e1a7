"""``scorekeeper backup FILE`` and ``scorekeeper restore FILE``: the whole server — its games,
clubs, members, evenings, seasons and the organisers' log — for any database (the format:
:mod:`scorekeeper.backup`). A FILE ending in ``.gz`` is gzip compressed; ``-`` is standard
output or input."""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click
from flask.cli import with_appcontext

from scorekeeper.cli.common import fail, lang_option
from scorekeeper.games.text import current_words, ngettext
from scorekeeper.games.text import gettext as _

if TYPE_CHECKING:  # the backup imports the database: not for the commands that need none
    from scorekeeper.backup import Restored


def _compressed(path: str) -> bool:
    return path.endswith(".gz")


@contextlib.contextmanager
def _writing(path: str) -> Iterator[TextIO]:
    """``path`` written whole or not at all (a temporary file beside it, synced, renamed into
    place, and the rename synced), readable by its owner only: it holds every address and
    the clubs' PIN hashes."""
    if path == "-":
        out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
        try:
            yield out
            out.flush()
        finally:
            out.detach()  # standard output stays open
        return
    target = Path(path)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        os.chmod(temporary, 0o600)
        with open(fd, "wb") as raw:
            stream = gzip.GzipFile(fileobj=raw, mode="wb") if _compressed(path) else raw
            text = io.TextIOWrapper(stream, encoding="utf-8", newline="\n")
            yield text
            text.flush()
            text.detach()
            if stream is not raw:
                stream.close()  # the gzip trailer
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temporary, target)
        _sync_folder(target.parent)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _sync_folder(folder: Path) -> None:
    """The rename on disk too (where a folder can be opened: not on Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def _reading(path: str) -> Iterator[TextIO]:
    if path == "-":
        lines = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
        try:
            yield lines
        finally:
            lines.detach()  # standard input stays open
        return
    with open(path, "rb") as raw:
        compressed = raw.read(2) == b"\x1f\x8b"
        raw.seek(0)
        stream = gzip.GzipFile(fileobj=raw, mode="rb") if compressed else raw
        with io.TextIOWrapper(stream, encoding="utf-8", errors="strict") as text:
            yield text


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _with_them(clubs: int, rows: int) -> str:
    """What a backup holds besides the games, in one sentence."""
    return ngettext(
        "With them %(num)s club (its members, evenings, seasons and organisers' log): "
        "%(rows)s rows in all.",
        "With them %(num)s clubs (their members, evenings, seasons and organisers' logs): "
        "%(rows)s rows in all.",
        clubs,
        rows=rows,
    )


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@lang_option
@with_appcontext
def backup_command(file: str) -> None:
    """Write the whole server — every game, club, member, evening, season and the organisers'
    log — to FILE (- for stdout; FILE.gz compressed).

    A consistent copy, taken while the server runs: every table of the database, with the
    addresses and ids it holds. ``scorekeeper restore FILE`` brings it back into an empty
    database (of any kind: SQLite or PostgreSQL).
    """
    from scorekeeper import backup  # with the database: not for the commands that need none
    from scorekeeper.data.db import db

    try:
        with _writing(file) as out:
            written = backup.back_up(db.engine, out)
    except OSError as error:
        fail([_("Cannot write %(path)s: %(reason)s.", path=file, reason=_reason(error))], 1)
    if file == "-":
        done = ngettext("Backed up %(num)s game.", "Backed up %(num)s games.", written.games)
    else:
        done = ngettext(
            "Backed up %(num)s game to %(path)s.",
            "Backed up %(num)s games to %(path)s.",
            written.games,
            path=file,
        )
    click.echo(done, err=True)
    click.echo(_with_them(written.clubs, written.total), err=True)
    if written.imports_left_out:
        click.echo(
            ngettext(
                "A club was being imported: the backup leaves it out (it holds the server as "
                "it was before that import began).",
                "%(num)s clubs were being imported: the backup leaves them out (it holds the "
                "server as it was before those imports began).",
                written.imports_left_out,
            ),
            err=True,
        )


@click.command("restore")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@lang_option
@with_appcontext
def restore_command(file: str) -> None:
    """Restore a backup (FILE, or - for stdin) into this instance's database, which must be
    empty. All or nothing: a problem names its line; nothing is stored.
    """
    from scorekeeper import backup
    from scorekeeper.data import schema
    from scorekeeper.data.db import alembic, db

    not_ready = schema.problem(alembic)
    if not_ready is not None:
        fail([not_ready], 1)
    try:
        with _reading(file) as lines:
            restored = backup.restore(db.engine, lines)
    except backup.NotEmpty as error:
        fail([error.text.render(current_words())], 1)
    except backup.BackupError as error:
        fail([f"{file}: {line}" for line in error.lines_in(current_words())], 2)
    except (UnicodeDecodeError, EOFError, gzip.BadGzipFile) as error:
        fail([_("%(path)s: not a readable backup (%(error)s).", path=file, error=str(error))], 2)
    except OSError as error:
        fail([_("Cannot read %(path)s: %(reason)s.", path=file, reason=_reason(error))], 1)
    click.echo(
        ngettext(
            "Restored %(num)s game from %(path)s.",
            "Restored %(num)s games from %(path)s.",
            restored.games,
            path=file,
        ),
        err=True,
    )
    click.echo(_with_them(restored.clubs, restored.total), err=True)
    _restore_notes(restored)


def _restore_notes(restored: Restored) -> None:
    """What a restore did besides storing the rows: an older schema upgraded, a half-imported
    club left out, games of kinds this version does not know."""
    if restored.upgraded_from is not None:
        click.echo(
            _(
                "The backup was made by an older version (schema %(rev)s): it was brought to "
                "this version's schema as it was restored.",
                rev=restored.upgraded_from,
            ),
            err=True,
        )
    if restored.imports_left_out:
        click.echo(
            ngettext(
                "The backup held a club whose import had not finished: it was left out (import "
                "it again).",
                "The backup held %(num)s clubs whose imports had not finished: they were left "
                "out (import them again).",
                restored.imports_left_out,
            ),
            err=True,
        )
    if restored.unknown:
        click.echo(
            _(
                "Games of a kind this version does not know (%(kinds)s) were restored as "
                "stored; they open again with a version that knows them.",
                kinds=", ".join(restored.unknown),
            ),
            err=True,
        )


COMMANDS = (backup_command, restore_command)
