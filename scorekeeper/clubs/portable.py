"""The club as a portable record (``scorekeeper-club/1``, :mod:`scorekeeper.clubs.record`):
:func:`record_of` writes one from the database (each evening's record as kept, derived again
only where it changed), :func:`import_club` reads one into a new club with a new PIN, stored
through :mod:`scorekeeper.clubs.imports`. The record's own modules are imported only when a
record is written or read.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import orm

from scorekeeper.clubs import kept as keeping
from scorekeeper.clubs import store_evenings, store_members, store_seasons
from scorekeeper.clubs.club import hash_pin
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.data.db import db


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def record_of(club: LoadedClub, *, session: orm.Session | None = None) -> str:
    """The club as a portable record: its name and games, its register (members numbered from
    1 in the order they were added), and every evening of the club, oldest first, with its
    games' whole histories and which member each player is. Never the PIN, its hash or the
    club's address. Byte-stable: the same club gives the same bytes."""
    from scorekeeper.clubs import record_format, record_writing

    session = _session(session)
    listed = store_evenings.evenings(session, club.id)
    entries = store_members.register(session, club.id)
    number = {e.id: n for n, e in enumerate(sorted(entries, key=lambda e: e.id), start=1)}
    members = [
        record_format.Member(
            number[e.id],
            e.name,
            e.former_names,
            e.created_at,
            e.retired,
            None if e.merged_into is None else number[e.merged_into],
        )
        for e in entries
    ]
    # Each evening's record as kept (derived again only where it changed since).
    texts = keeping.records(session, club, listed)
    held = [
        (
            evening.created_at,
            [number[m] for m in evening.members],
            record_writing.RecordText(texts[evening.id]),
        )
        for evening in reversed(listed)  # oldest first, equal times in the order stored
    ]
    # A season's chosen evenings by their number in the record (oldest first, from 1).
    numbered = {evening.id: n for n, evening in enumerate(reversed(listed), start=1)}
    stored = [
        record_format.Season(
            s.name,
            s.rule,
            s.span.date_from,
            s.span.date_to,
            None
            if s.span.chosen is None
            else tuple(sorted(numbered[e] for e in s.span.chosen if e in numbered)),
        )
        for s in reversed(store_seasons.seasons(session, club.id))  # oldest first
    ]
    built_club = record_writing.build_club(club.name, club.games, members, held, stored)
    return record_writing.dumps_club(built_club)


def import_club(
    data: bytes | str,
    pin: str,
    known_games: Sequence[str],
    by: str,
    *,
    session: orm.Session | None = None,
    any_size: bool = False,
) -> LoadedClub:
    """A new club from a club record as uploaded, with a new organiser ``pin``: its register,
    its evenings (new ones, with new games, each at the time the record gives) and which member
    each player is. The record is read, checked and every game replayed once before anything is
    written; then it is written in short transactions that never hold up a club night, and
    nothing of it can be seen until all of it is there (:mod:`scorekeeper.clubs.imports`).
    :class:`~scorekeeper.records.RecordError` for a record that is not a valid one (a line a
    problem, naming the evening, table and field; one larger than
    :data:`~scorekeeper.clubs.record.MAX_CLUB_BYTES` too, unless ``any_size``: the command
    line's import); RuleError (field ``pin``) for a PIN that will not do. Either way, nothing
    stored."""
    from scorekeeper.clubs import imports
    from scorekeeper.clubs import record as club_record

    read = club_record.loads_club(data, known_games, any_size=any_size)
    pin_hash = hash_pin(pin)
    return imports.store_club(_session(session), read, pin_hash, by)
