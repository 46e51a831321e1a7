"""The portable club record ``scorekeeper-club/1``: a club's setup, its register (members, their
former names, merges and retirements), its stored seasons and every evening of the club as an
evening record (``scorekeeper-evening/1``, whole, each table's game with its history), with
which member each of the evening's players is. Pure Python: no Flask, no database.

    text = dumps_club(build_club(name, games, members, evenings))
    read = loads_club(data)                      # RecordError: one line per problem, each naming
                                                 # the place (``evening 2 (Vecka 2): round 1, …``)

The record never holds the organiser PIN, its hash or the club's address: a record with any
of them is refused (so a file that went round the members cannot carry a key). Reading checks
everything an import needs before anything is stored; the evening and game records' own
readers check theirs, and their lines are prefixed with the evening they are about.

Written byte-stable: fields in a fixed order, members by their number, evenings oldest first,
so export → import → export gives the same bytes. ``docs/records.md`` documents the format,
``scorekeeper/schemas/club-1.json`` is its JSON Schema.

This module reads a record whole (:func:`loads_club`); what a record holds and the classes it is
read into are :mod:`~scorekeeper.clubs.record_format`, writing one
:mod:`~scorekeeper.clubs.record_writing`, the checks of its members, evenings and seasons
:mod:`~scorekeeper.clubs.record_checks`, and what ``scorekeeper club score`` prints of one
:mod:`~scorekeeper.clubs.record_text`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from scorekeeper.clubs import register
from scorekeeper.clubs.record_checks import read_evenings, read_list, read_members, read_seasons
from scorekeeper.clubs.record_format import (
    CLUB_FORMAT,
    FIELDS,
    MAX_EVENINGS,
    SECRETS,
    ClubRecord,
)
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text
from scorekeeper.records.guard import decode
from scorekeeper.records.problems import (
    RECORD,
    RecordError,
    kind_of,
    problem,
    show,
    unknown_fields,
)

#: The largest club record read: a season of 40 evenings of ten tables is some 15 MB.
MAX_CLUB_BYTES = 64 * 1024 * 1024

__all__ = ["MAX_CLUB_BYTES", "decode_club", "loads_club", "parse_club"]


def _refused(message: Text) -> RecordError:
    return RecordError([problem(RECORD, message)])


def decode_club(data: bytes | str, *, any_size: bool = False) -> Any:
    """A club record's JSON text parsed as hostile input, as a game record's is
    (:func:`scorekeeper.records.guard.decode`: invalid UTF-8, NaN, duplicate fields, very long
    numbers, deep nesting and control characters refused), with room for a whole club:
    :data:`MAX_CLUB_BYTES`, or any size (``any_size``: the command line's ``club import``,
    for a club larger than an upload may be)."""
    limit = sys.maxsize if any_size else MAX_CLUB_BYTES
    too_large = T_(
        "the file is larger than %(n)s MB, more than a club record holds",
        n=MAX_CLUB_BYTES // (1024 * 1024),
    )
    return decode(data, limit=limit, too_large=too_large)


def loads_club(
    data: bytes | str, known_games: Sequence[str] | None = None, *, any_size: bool = False
) -> ClubRecord:
    """Read and check a club record (see the module's docstring; ``any_size``:
    :func:`decode_club`)."""
    return parse_club(decode_club(data, any_size=any_size), known_games)


def _known() -> tuple[str, ...]:
    from scorekeeper.records.core import codecs

    return tuple(codecs())


def parse_club(raw: Any, known_games: Sequence[str] | None = None) -> ClubRecord:
    """Check a decoded club record: everything, every problem at once (up to the records'
    limit), each line naming its place. ``known_games``: the games a club may play here (by
    default every game with a record format)."""
    if not isinstance(raw, dict):
        raise _refused(T_("a club record is a JSON object ({…}), not %(kind)s", kind=kind_of(raw)))
    if raw.get("format") != CLUB_FORMAT:
        raise _refused(
            T_(
                "format must be %(format)s, not %(found)s",
                format=CLUB_FORMAT,
                found=show(raw.get("format"), 40),
            )
        )
    secret = [key for key in raw if key in SECRETS]
    if secret:
        raise _refused(
            T_(
                "a club record never holds %(field)s: not the organiser PIN, its hash or the "
                "club's address",
                field=show(secret[0], 30),
            )
        )
    unknown = [key for key in raw if key not in FIELDS]
    if unknown:
        raise _refused(unknown_fields(unknown))
    try:
        given = raw.get("name")
        name = register.checked_club_name(given if isinstance(given, str) else "")
        games_ = raw.get("games")
        if not isinstance(games_, list) or not all(isinstance(g, str) for g in games_):
            raise RuleError(T_("games must be a list of the games the club plays"), field="games")
        games = register.checked_games(games_, known_games or _known())
    except RuleError as error:
        raise _refused(error.text) from None
    lines: list[Text] = []
    members, numbered = read_members(raw.get("members"), lines)
    # A member refused for one of its fields is still a member to the evenings: one line each.
    listed = read_list(raw.get("evenings", []), "evenings", MAX_EVENINGS, lines)
    evenings = read_evenings(listed, numbered, games, lines)
    # A season names the record's evenings by number, a refused one too: one line each.
    seasons_ = read_seasons(raw.get("seasons", []), len(listed), lines)
    if lines:
        raise RecordError(lines)
    return ClubRecord(name, games, tuple(members), tuple(evenings), tuple(seasons_))
