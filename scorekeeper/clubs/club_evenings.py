"""A club's evenings as its organisers make and run them: a new evening of the club's members
(and new ones, made members first), made **through the evenings' own service**
(:func:`scorekeeper.evenings.services.create`), so it is an ordinary evening with the members'
names; a game of the club (an evening of one round at one table, started at once); an evening
closed or opened again; its hidden standings revealed. Each in one organiser's write
(:func:`scorekeeper.clubs.writes.club_write`) with its line of the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import orm

from scorekeeper.clubs import register as rules
from scorekeeper.clubs import store_club, store_evenings, store_members
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.clubs.writes import club_write, register_now
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games import registry
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def new_evening(
    club: LoadedClub,
    chosen: Sequence[int],
    new_names: Sequence[str],
    evening: Mapping[str, Any],
    by: str,
    *,
    session: orm.Session | None = None,
) -> evenings.LoadedEvening:
    """A new evening of the club's ``chosen`` members and the ``new_names`` (each made a member
    first), made by the evenings' own service from ``evening`` (its ``name``, ``kind``,
    ``rounds``, ``scoring`` and ``settings``). RuleError naming the field at fault (``members``
    and ``new_members`` for the players) and nothing stored."""
    session = _session(session)
    if evening.get("kind") not in club.games:
        raise RuleError(T_("Choose one of the club's games."), field="kind")
    with club_write(session, club):
        setup, members = _evening_of_members(session, club, chosen, new_names, evening, by)
        with store_evenings.linked_on_commit(session, club.id, members):
            # One transaction: the evening's service commits the new members, the evening,
            # its link to the club and the log together, or (on any error) none of them.
            return evenings.create(setup, session=session)


def _evening_of_members(
    session: orm.Session,
    club: LoadedClub,
    chosen: Sequence[int],
    new_names: Sequence[str],
    evening: Mapping[str, Any],
    by: str,
) -> tuple[EveningSetup, list[int]]:
    """Inside an organiser's write: the setup of :func:`new_evening`'s evening (RuleError
    beside its field) and its players' members, the new ones added, both logged (not
    committed)."""
    entries = register_now(session, club)
    active = {e.id: e for e in entries if e.active}
    if any(member not in active for member in chosen):
        raise RuleError(T_("Tick members of the club's register."), field="members")
    taken = [e.name for e in entries if e.merged_into is None]
    names: list[str] = []
    for name in new_names:
        try:
            names.append(rules.checked_member_name(name, [*taken, *names]))
        except RuleError as error:
            raise RuleError(error.text, field="new_members") from None
    players = [active[m].name for m in dict.fromkeys(chosen)] + names
    setup = EveningSetup(players=tuple(players), **evening)  # RuleError: nothing stored
    added = [store_members.add_member(session, club.id, name) for name in names]
    members = [*dict.fromkeys(chosen), *(row.id for row in added)]
    for name in names:
        store_club.log(session, club.id, "add", name, by)
    store_club.log(session, club.id, "evening", setup.name, by)
    return setup, members


def new_game(
    club: LoadedClub,
    chosen: Sequence[int],
    new_names: Sequence[str],
    game: Mapping[str, Any],
    by: str,
    *,
    session: orm.Session | None = None,
) -> evenings.LoadedEvening:
    """A game of the club: an evening of one round at one table (its ``name``, ``kind``,
    ``scoring`` and ``settings`` in ``game``), of exactly a table's players from the register
    and ``new_names``, started at once, so it counts in the season and the ratings as an
    evening's table does. RuleError beside ``members`` for too many or too few, and nothing
    stored."""
    kind = str(game.get("kind"))
    seats = registry.game_for(kind).seats if kind in club.games else 0
    count = len(dict.fromkeys(chosen)) + len(new_names)
    if seats and count != seats:
        raise RuleError(
            T_("A game is for %(n)s players: tick %(n)s (or type the new ones).", n=seats),
            field="members",
        )
    session = _session(session)
    if kind not in club.games:
        raise RuleError(T_("Choose one of the club's games."), field="kind")
    with club_write(session, club):
        setup, members = _evening_of_members(
            session, club, chosen, new_names, {**game, "rounds": 1}, by
        )
        with store_evenings.linked_on_commit(session, club.id, members):
            # One transaction: the members, the evening with its one table's game, its link
            # and the log, or (on any error, or a kill before the commit) none of them.
            return evenings.create(setup, started=True, session=session)


def close_evening(
    club: LoadedClub,
    evening: evenings.LoadedEvening,
    closed: bool,
    by: str,
    *,
    session: orm.Session | None = None,
) -> bool:
    """Close the club's evening (its games read-only for everyone but the organiser), or open
    it again, logged in the same transaction. False when it is so already (another phone did
    it a moment ago): nothing changed, nothing logged."""
    session = _session(session)
    with club_write(session, club) as write:
        _positions, closed_now, _revealed = evening_store.evening_state(session, evening.token)
        if closed_now == closed:
            return write.unchanged()
        evening_store.set_closed(session, evening, closed)
        action = "close-evening" if closed else "reopen-evening"
        store_club.log(session, club.id, action, evening.setup.name, by)
    return True


def reveal_standings(
    club: LoadedClub,
    evening: evenings.LoadedEvening,
    places: int,
    by: str,
    *,
    session: orm.Session | None = None,
) -> bool:
    """Show ``places`` places of the club's evening's hidden standings, from the last up, when
    the reveal is where this phone saw it (``evening.revealed``: None before it began; its
    beginning is logged). False when another phone moved it first: nothing changed."""
    session = _session(session)
    with club_write(session, club) as write:
        _positions, _closed, revealed = evening_store.evening_state(session, evening.token)
        if revealed != evening.revealed:
            return write.unchanged()
        evening_store.set_revealed(session, evening, places)
        if evening.revealed is None:
            store_club.log(session, club.id, "reveal-standings", evening.setup.name, by)
    return True
