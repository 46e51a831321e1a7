"""Derived, then kept by what it derives from (issue 33; ``docs/architecture.md``, "Clubs").

A club's pages are worked out from its evenings' games, and the log stays the truth. What an
evening gives them (:class:`~scorekeeper.clubs.evening_facts.EveningFacts`: each player's line
of its standings, whether they are hidden, each game's outcome) changes only when that evening
changes (a game of it written, a round started, a reveal), so it is kept, keyed by exactly what
it was derived from (:func:`~scorekeeper.clubs.evening_facts.key_of`: every game's log
position, the reveal, the closing):

- in this process, one :class:`Kept` a club at the club's version (``club.version``, one cheap
  read: every write that changes what the club's pages show moves it, a deal in one of its
  games too, and marks the evening it changed, ``club_evening.version``). A page that finds the
  version moved on derives again only the evenings changed since the version it knew: a deal in
  tonight's game replays tonight's games, never the club's decade;
- in the database (``kept_evening``), once no game of the evening is in play, with the
  evening's record: a new process reads them instead of replaying the club's years, and the
  export writes them as they are. A row whose key is not the evening's now is derived again.

The season tables, ratings and players' pages are derived from the kept evenings per club
version (:class:`~scorekeeper.clubs.kept_views.View`, kept with the club here), each going on
from what the version before had derived. :func:`rebuild` throws away whatever is kept and
derives it again from the log (``scorekeeper club rebuild``).
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import orm
from sqlalchemy.exc import OperationalError

from scorekeeper.clubs import (
    kept_views,
    season,
    store_club,
    store_evenings,
    store_kept,
    store_members,
    store_seasons,
)
from scorekeeper.clubs.evening_facts import (
    EveningFacts,
    facts_dict,
    facts_from,
    facts_of,
    key_of,
    key_of_state,
    record_text,
)
from scorekeeper.clubs.kept_views import View
from scorekeeper.clubs.register import Entry
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.clubs.store_evenings import ClubEvening
from scorekeeper.clubs.store_seasons import LoadedSeason
from scorekeeper.data.cache import LRUCache
from scorekeeper.data.db import busy
from scorekeeper.evenings import services as evenings

log = logging.getLogger(__name__)

# --- a club at one version ---------------------------------------------------------------------


@dataclass(eq=False)
class Kept:
    """A club as this process knows it at one ``version``: its register, evenings (newest
    first) and seasons, and what each evening gives its pages (by the evening's token). What
    is derived of them is worked out when first asked for (:meth:`view`), going on from what
    the version before had derived."""

    club: LoadedClub
    version: int
    last_action: int
    entries: tuple[Entry, ...]
    evenings: tuple[ClubEvening, ...]
    seasons: tuple[LoadedSeason, ...]
    facts: Mapping[str, EveningFacts]
    #: What the version before derived (to go on from), dropped once this one has its own.
    before: dict[Any, Any] | None = None
    derived: dict[Any, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: :attr:`joined`, once worked out.
    first_evenings: dict[int, season.Order] | None = None

    @property
    def merges(self) -> dict[int, int | None]:
        return {e.id: e.merged_into for e in self.entries}

    @property
    def joined(self) -> dict[int, season.Order]:
        """Each member's first evening of the club (:func:`scorekeeper.clubs.season.first_evenings`
        of every evening, each entry the member it stands for now): from it on, a season
        charges their absences. Worked out once a version, or taken from the version before
        when its register and evenings are this one's."""
        if self.first_evenings is None:
            merges = self.merges
            self.first_evenings = season.first_evenings(
                ((e.created_at, e.token), (store_members.follow(merges, m) for m in e.members))
                for e in self.evenings
            )
        return self.first_evenings

    def names(self) -> dict[int, str]:
        """Every entry's display name now, merged ones by the member kept."""
        kept = self.merges
        by_id = {e.id: e.name for e in self.entries}
        return {e.id: by_id[store_members.follow(kept, e.id)] for e in self.entries}

    def view(self, evenings_: Sequence[ClubEvening]) -> View:
        """What the club's pages derive of these of its evenings (all of them, or a season's)."""
        scope = tuple(e.id for e in evenings_)
        with self.lock:
            found = self.derived.get(scope)
            if found is None:
                before = None if self.before is None else self.before.get(scope)
                found = self.derived[scope] = View(self, evenings_, before)
            return found


#: Each club this process has read lately, by its token.
_KEPT: LRUCache[Kept] = LRUCache(16)
#: One lock a club: one request derives a new version, the others wait for it.
_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def _lock(token: str) -> threading.Lock:
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(token, threading.Lock())


#: Set in a session's ``info`` while it is in the middle of a write to a club
#: (:func:`scorekeeper.clubs.writes.club_write`): the club's version it reads is the one its
#: own transaction moved to, which a rollback takes back, so nothing read then is kept.
WRITING = "scorekeeper.clubs.writing"


def current(session: orm.Session, club: LoadedClub) -> Kept:
    """The club as it is now: one read of its version when this process knows it at that
    version; else the evenings changed since the version it knew derived again (the club read
    whole, and what the database keeps, the first time). In the middle of a club's write, the
    club as the write's transaction sees it, kept nowhere."""
    version = store_club.version(session, club.id)
    found = _KEPT.get(club.token)
    if found is not None and found.version > version:
        found = None  # a version taken back is no later one: the database was restored
    if session.info.get(WRITING):
        return _read(session, club, version, found)
    if found is not None and found.version == version:
        return found
    with _lock(club.token):
        found = _KEPT.get(club.token)
        if found is not None and found.version > version:
            found = None
        if found is None or found.version != version:
            found = _read(session, club, version, found)
            _KEPT.put(club.token, found)
    return found


def _read(session: orm.Session, club: LoadedClub, version: int, known: Kept | None) -> Kept:
    """The club at ``version``: its register and seasons read again when an organiser acted
    since ``known``, its evenings changed since derived again (all of them without ``known``)."""
    last = store_club.last_action(session, club.id)
    if known is None or known.last_action != last:
        listed = store_evenings.evenings(session, club.id)
        entries = tuple(store_members.register(session, club.id, listed))
        seasons_ = tuple(store_seasons.seasons(session, club.id))
    else:
        entries, seasons_ = known.entries, known.seasons
        listed = list(known.evenings)
    if known is None:
        facts = _all_facts(session, club, listed)
    else:
        changed = set(store_kept.changed_since(session, club.id, known.version))
        held = {e.id for e in listed}
        new = [i for i in changed if i not in held]
        if new:
            listed = sorted(
                [*listed, *store_evenings.evenings(session, club.id, new)],
                key=lambda e: (e.created_at, e.id),
                reverse=True,
            )
        facts = dict(known.facts)
        again = [e for e in listed if e.id in changed]
        facts.update(_derived(session, again, facts))
    before = None
    if known is not None:
        # What the versions before derived, the latest of each (a version nobody looked at
        # derived nothing): this version goes on from there.
        before = {**(known.before or {}), **known.derived}
        for view in before.values():  # what those went on from is not needed any more
            view.before = None
    found = Kept(club, version, last, entries, tuple(listed), seasons_, facts, before)
    if known is not None and entries is known.entries and found.evenings == known.evenings:
        found.first_evenings = known.first_evenings  # the same register and evenings
    return found


def _derived(
    session: orm.Session,
    listed: Iterable[ClubEvening],
    known: Mapping[str, EveningFacts],
    keep: bool = True,
) -> dict[str, EveningFacts]:
    """The facts of these evenings, each loaded and derived again unless what is ``known`` of
    it was derived from what it is now; the settled ones kept in the database."""
    found: dict[str, EveningFacts] = {}
    rows = []
    for evening in listed:
        loaded = evenings.load(evening.token, session=session, keep=keep)
        facts = known.get(evening.token)
        if facts is None or facts.key != key_of(loaded):
            facts = facts_of(loaded)
            if facts.settled:
                rows.append((evening.id, facts.key, facts_dict(facts), record_text(loaded)))
        found[evening.token] = facts
    _keep(session, rows)
    return found


def _all_facts(
    session: orm.Session, club: LoadedClub, listed: Sequence[ClubEvening]
) -> dict[str, EveningFacts]:
    """Every evening's facts: as the database keeps them where they were derived from what
    the evening is now, else derived (and kept) again."""
    states = store_kept.states(session, club.id)
    kept = store_kept.kept_facts(session, club.id)
    found: dict[str, EveningFacts] = {}
    again = []
    for evening in listed:
        row = kept.get(evening.id)
        state = states.get(evening.id)
        if row is not None and state is not None and row.key == key_of_state(state):
            found[evening.token] = facts_from(row.key, row.facts)
        else:
            again.append(evening)
    # Evenings of years ago: their games are read once here, not kept for the next request.
    found.update(_derived(session, again, {}, keep=False))
    return found


#: Rows to keep in the database once the request is over (:func:`keep_pending`), by the
#: database they belong to.
_PENDING: weakref.WeakKeyDictionary[Any, dict[int, tuple[int, str, dict[str, Any], str]]] = (
    weakref.WeakKeyDictionary()
)
_PENDING_LOCK = threading.Lock()


def _keep(session: orm.Session, rows: list[tuple[int, str, dict[str, Any], str]]) -> None:
    """Keep these rows in the database once the request is over: a request that reads
    commits nothing, and one that writes may be in the middle of its transaction."""
    if rows and not session.info.get(WRITING):
        with _PENDING_LOCK:
            pending = _PENDING.setdefault(session.get_bind(), {})
            pending.update((row[0], row) for row in rows)


def keep_pending() -> int:
    """Keep the rows derived since (each database's in a transaction of its own): how many.
    Another process keeping the same rows at the same moment is no error (what it keeps is
    what these are); a row not kept is derived again when next needed. Nothing is raised: it
    runs once a request is over, a page read too, and a kept row is a cache, so a database
    too busy to write it (or any other fault) drops it, only a fault other than a busy
    database logged."""
    with _PENDING_LOCK:  # (a database no longer open is forgotten with its rows)
        pending = list(_PENDING.items())
        _PENDING.clear()
    kept = 0
    for bind, rows in pending:
        try:
            with orm.Session(bind) as own, own.begin():
                store_kept.keep(own, list(rows.values()))
            kept += len(rows)
        except OperationalError as error:
            if not busy(error):
                log.warning("Derived rows of %d evenings not kept: %s", len(rows), error)
        except Exception:
            log.warning("Derived rows of %d evenings not kept.", len(rows), exc_info=True)
    return kept


def from_log(session: orm.Session, club: LoadedClub) -> Kept:
    """The club derived from its games' logs alone, as a process that keeps nothing would
    derive it: nothing read from what is kept, nothing kept (what a test compares the kept
    club with)."""
    version = store_club.version(session, club.id)
    listed = store_evenings.evenings(session, club.id)
    entries = tuple(store_members.register(session, club.id, listed))
    seasons_ = tuple(store_seasons.seasons(session, club.id))
    facts = {
        evening.token: facts_of(evenings.load(evening.token, session=session, keep=False))
        for evening in listed
    }
    last = store_club.last_action(session, club.id)
    return Kept(club, version, last, entries, tuple(listed), seasons_, facts)


def records(
    session: orm.Session, club: LoadedClub, listed: Sequence[ClubEvening]
) -> dict[int, str]:
    """Each of these evenings' record text (:func:`record_text`), by the evening's id: as
    kept, where it was derived from what the evening is now, else read and derived again (its
    games replayed once, not kept for the next request)."""
    states = store_kept.states(session, club.id)
    kept = store_kept.kept_records(session, club.id)
    found: dict[int, str] = {}
    rows = []
    for evening in listed:
        row, state = kept.get(evening.id), states.get(evening.id)
        if row is not None and state is not None and row[0] == key_of_state(state):
            found[evening.id] = row[1]
            continue
        loaded = evenings.load(evening.token, session=session, keep=False)
        found[evening.id] = text = record_text(loaded)
        facts = facts_of(loaded)
        if facts.settled:
            rows.append((evening.id, facts.key, facts_dict(facts), text))
    _keep(session, rows)
    return found


def forget(token: str | None = None) -> None:
    """Forget what this process keeps of the club at ``token`` (of every club, without)."""
    if token is None:
        _KEPT.clear()
        kept_views.forget()
    else:
        _KEPT.pop(token)


def rebuild(session: orm.Session, club: LoadedClub) -> Kept:
    """Throw away whatever is kept of the club, in the database and in this process, and
    derive it again from the log (every evening's games replayed once): the club as it is."""
    store_kept.forget_kept(session, club.id)
    session.commit()
    forget(club.token)
    found = current(session, club)
    keep_pending()
    return found
