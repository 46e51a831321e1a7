"""One organiser's write to a club (``docs/architecture.md``, "Club writes and imports"): every
organiser action — the register's, a club evening's, a season's — runs in :func:`club_write`,
one transaction that moves the club's version first, so a second writer waits until the first
has committed and then checks what the first wrote, and that is committed whole or rolled back
whole, its line of the organisers' log with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import orm

from scorekeeper.clubs import kept as keeping
from scorekeeper.clubs import store_club, store_evenings, store_members
from scorekeeper.clubs.register import Entry
from scorekeeper.clubs.store_club import ClubNotFound, LoadedClub


def register_now(session: orm.Session, club: LoadedClub) -> list[Entry]:
    """The club's register as it is now, read in a write's own transaction (never what this
    process keeps of the club: the write may yet be rolled back)."""
    return store_members.register(session, club.id, store_evenings.evenings(session, club.id))


class Write:
    """One write to a club in progress (:func:`club_write`)."""

    def __init__(self) -> None:
        self.changed = True

    def unchanged(self) -> bool:
        """Nothing to do: it is so already (another phone did it first). The transaction is
        rolled back, so the club's version stays and nothing is logged. False, for the
        service to return."""
        self.changed = False
        return False


@contextmanager
def club_write(session: orm.Session, club: LoadedClub) -> Iterator[Write]:
    """One organiser's write to the club, checked and written in one transaction that no
    second writer slips through: whatever the request read before is left behind, the club's
    version moves first (:func:`~scorekeeper.clubs.store_club.begin_write`: a second writer waits
    here until this one has committed), then the block reads and checks what is there now,
    writes, and is committed — or, on any error or when :meth:`Write.unchanged`, rolled back
    whole. Meanwhile nothing this process keeps of the club is read at the version this
    transaction moved it to (:data:`scorekeeper.clubs.kept.WRITING`): a write rolled back
    leaves no kept state believing it happened."""
    session.commit()  # the reads before this write are not what it checks
    write = Write()
    session.info[keeping.WRITING] = True
    try:
        if not store_club.begin_write(session, club.id):
            raise ClubNotFound(club.token)
        yield write
        if write.changed:
            session.commit()
        else:
            session.rollback()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.info.pop(keeping.WRITING, None)
