"""What a restore refuses, said in a reader's words: a backup that cannot be restored (which
line, and why) and a database that is not empty."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scorekeeper.games.text import T_, Text, Tn_, Words
from scorekeeper.records.problems import problem


class BackupError(ValueError):
    """A backup that cannot be restored: ``problems`` says where and why, one line each (each
    a :class:`~scorekeeper.games.text.Text`: English as a string); :meth:`lines_in` says them
    in a reader's words."""

    def __init__(self, problems: list[Text]):
        super().__init__("\n".join(problems))
        self.problems = problems

    def lines_in(self, words: Words) -> list[str]:
        return [line.render(words) for line in self.problems]


def line_at(number: int, token: str | None = None, table: str | None = None) -> Text:
    """Where a problem is: ``line 4``, ``line 4 (game TOKEN)`` or ``line 4 (table member)``."""
    if token is not None:
        return T_("line %(n)s (game %(token)s)", n=number, token=token)
    if table is not None:
        return T_("line %(n)s (table %(table)s)", n=number, table=table)
    return T_("line %(n)s", n=number)


def refused(where: Text, message: Text) -> BackupError:
    return BackupError([problem(where, message)])


class NotEmpty(RuntimeError):
    """The database already holds something: a restore would mix two servers' data (and their
    addresses and ids)."""

    def __init__(self, rows: Mapping[str, int]):
        games = rows.get("game", 0)
        if games:
            self.text = Tn_(
                "The database already holds %(num)s game: restore into an empty one (a new "
                "instance folder or SCOREKEEPER_DATABASE_URL).",
                "The database already holds %(num)s games: restore into an empty one (a new "
                "instance folder or SCOREKEEPER_DATABASE_URL).",
                games,
            )
        else:
            self.text = T_(
                "The database is not empty (its table %(table)s holds rows): restore into an "
                "empty one (a new instance folder or SCOREKEEPER_DATABASE_URL).",
                table=next(name for name, count in rows.items() if count),
            )
        super().__init__(str(self.text))
        self.rows = dict(rows)


#: The longest line read back (a record is at most 1 MB; a game kept as stored, or a row of a
#: table, may be longer).
MAX_LINE_BYTES = 64 * 1024 * 1024


def load_line(text: str, number: int) -> Any:
    """A line of a backup, read as JSON (refused, naming the line, when it is not)."""
    if len(text) > MAX_LINE_BYTES // 4 and len(text.encode("utf-8", "replace")) > MAX_LINE_BYTES:
        raise refused(line_at(number), T_("longer than %(mb)s MB", mb=MAX_LINE_BYTES // 2**20))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise refused(
            line_at(number), T_("not a line of a backup (%(error)s)", error=str(error))
        ) from None
