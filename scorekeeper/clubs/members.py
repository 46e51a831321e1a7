"""A club's register kept by its organisers: a member added, renamed (the old name stays in
their history), retired from the tick boxes, or merged into another entry that is the same
person. Each in one organiser's write (:func:`scorekeeper.clubs.writes.club_write`) with its
line of the log; what another phone did a moment ago is read and answered, never undone.
"""

from __future__ import annotations

from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper.clubs import register as rules
from scorekeeper.clubs import store_club, store_members
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.clubs.writes import club_write
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def _taken(session: orm.Session, club: LoadedClub, but: int | None = None) -> list[str]:
    return [
        e.name
        for e in store_members.register(session, club.id)
        if e.merged_into is None and e.id != but
    ]


def _commit_or_taken(session: orm.Session, name: str) -> None:
    """Commit; a name another phone gave a member at the same moment is refused as taken."""
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise RuleError(
            T_("The club already has a member called %(name)s.", name=name), field="name"
        ) from None


def add_member(club: LoadedClub, name: str, by: str, *, session: orm.Session | None = None) -> int:
    """A new member of the club (its id); RuleError (field ``name``) for a name that will not
    do or that another member has (ignoring case), another phone's of a moment ago too."""
    session = _session(session)
    with club_write(session, club):
        name = rules.checked_member_name(name, _taken(session, club))
        row = store_members.add_member(session, club.id, name)
        store_club.log(session, club.id, "add", name, by)
        member_id = row.id
        _commit_or_taken(session, name)
    return member_id


def _current(session: orm.Session, club: LoadedClub, member_id: int) -> models.Member:
    """The member's row as it is now; RuleError (field ``merged``) naming the member it was
    merged into, if it was (by another phone, say)."""
    row = store_members.member_row(session, club.id, member_id)
    if row.merged_into_id is not None:
        kept = store_members.member_row(session, club.id, row.merged_into_id)
        raise RuleError(
            T_("%(merged)s was merged into %(kept)s already.", merged=row.name, kept=kept.name),
            field="merged",
        )
    return row


def rename_member(
    club: LoadedClub, member_id: int, name: str, by: str, *, session: orm.Session | None = None
) -> bool:
    """The member's new display name (the old one stays in the history). False when the
    member has that name already (another phone renamed them a moment ago): nothing logged."""
    session = _session(session)
    with club_write(session, club) as write:
        row = _current(session, club, member_id)
        name = rules.checked_member_name(name, _taken(session, club, but=member_id))
        if name == row.name:
            return write.unchanged()
        was = row.name
        store_members.rename(session, row, name)
        store_club.log(session, club.id, "rename", f"{was} → {name}", by)
        _commit_or_taken(session, name)
    return True


def retire_member(
    club: LoadedClub, member_id: int, by: str, *, session: orm.Session | None = None
) -> bool:
    """The member leaves the register's tick boxes; their evenings stay theirs. False when the
    member is retired already: nothing logged."""
    session = _session(session)
    with club_write(session, club) as write:
        row = _current(session, club, member_id)
        if row.retired_at is not None:
            return write.unchanged()
        store_members.retire(row)
        store_club.log(session, club.id, "retire", row.name, by)
    return True


def merge_members(
    club: LoadedClub, keep: int, merged: int, by: str, *, session: orm.Session | None = None
) -> bool:
    """Two entries that are one person: ``merged`` points at ``keep`` from now on, and its
    evenings count for ``keep``. False when it does already (another phone merged the same
    two a moment ago): nothing logged. RuleError (field ``merged``) for the same entry twice,
    or an entry merged into another already, which says into which: so two phones merging A
    into B and B into A at once never make a circle, whatever the timing (the second reads
    what the first wrote)."""
    session = _session(session)
    with club_write(session, club) as write:
        kept = store_members.member_row(session, club.id, keep)
        gone = store_members.member_row(session, club.id, merged)
        if kept.id == gone.id:
            raise RuleError(T_("Choose two different members."), field="merged")
        if gone.merged_into_id == kept.id:
            return write.unchanged()
        _current(session, club, gone.id)
        _current(session, club, kept.id)
        store_members.merge(session, kept, gone)
        store_club.log(session, club.id, "merge", f"{gone.name} → {kept.name}", by)
    return True
