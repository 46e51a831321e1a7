"""A club's register in the database: ``member`` rows (``name_key`` is the folded name,
unique per club; a merged entry points at the one kept, ``merged_into_id``) and ``member_name``
(the names a member went by): read with each entry's last evening, added, renamed, retired,
merged. The services commit."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.clubs.register import Entry, name_key
from scorekeeper.clubs.store_club import now
from scorekeeper.clubs.store_evenings import ClubEvening
from scorekeeper.data import models


class MemberNotFound(LookupError):
    pass


def register(
    session: orm.Session, club_id: int, evenings_: Sequence[ClubEvening] = ()
) -> list[Entry]:
    """Every entry of the club's register (retired and merged ones too), each with its former
    names and the last evening it played (from ``evenings_``; a merged entry's evenings count
    for the member kept). Two queries."""
    members = session.execute(
        sa.select(models.Member).where(models.Member.club_id == club_id).order_by(models.Member.id)
    ).scalars()
    former: dict[int, list[str]] = {}
    for member_id, name in session.execute(
        sa.select(models.MemberName.member_id, models.MemberName.name)
        .join(models.Member, models.Member.id == models.MemberName.member_id)
        .where(models.Member.club_id == club_id)
        .order_by(models.MemberName.until, models.MemberName.id)
    ):
        former.setdefault(member_id, []).append(name)
    rows = list(members)
    kept = {row.id: row.merged_into_id for row in rows}
    seen: dict[int, datetime] = {}
    for evening in evenings_:
        for member in evening.members:
            member = follow(kept, member)
            if member not in seen or seen[member] < evening.created_at:
                seen[member] = evening.created_at
    return [
        Entry(
            row.id,
            row.name,
            row.created_at,
            row.retired_at is not None,
            tuple(former.get(row.id, ())),
            row.merged_into_id,
            seen.get(row.id),
        )
        for row in rows
    ]


def follow(kept: dict[int, int | None], member: int) -> int:
    """The member an entry stands for now: itself, or the one it was merged into (in turn)."""
    for _ in range(len(kept) + 1):
        into = kept.get(member)
        if into is None:
            return member
        member = into
    return member  # pragma: no cover - merges never make a loop


def member_row(session: orm.Session, club_id: int, member_id: int) -> models.Member:
    row = session.get(models.Member, member_id)
    if row is None or row.club_id != club_id:
        raise MemberNotFound(member_id)
    return row


def add_member(session: orm.Session, club_id: int, name: str) -> models.Member:
    row = models.Member(club_id=club_id, name=name, name_key=name_key(name), created_at=now())
    session.add(row)
    session.flush()
    return row


def rename(session: orm.Session, row: models.Member, name: str) -> None:
    """The member's new display name; the old one goes into its history."""
    session.add(models.MemberName(member_id=row.id, name=row.name, until=now()))
    row.name = name
    row.name_key = name_key(name)


def retire(row: models.Member) -> None:
    row.retired_at = now()


def merge(session: orm.Session, kept: models.Member, merged: models.Member) -> None:
    """``merged`` is the same person as ``kept``: it points at ``kept`` from now on (its
    evenings count for ``kept``), and its name is free again, kept in ``kept``'s history."""
    session.add(models.MemberName(member_id=kept.id, name=merged.name, until=now()))
    merged.merged_into_id = kept.id
    merged.name_key = None
