"""What a page or a command does with a club: make one (its PIN hashed), check an organiser
PIN, keep the register (add, rename, retire, merge), make an evening of the club's members
through the evenings' own services, and keep its seasons (a name, a rule, its evenings). Every
organiser action writes its line of the log in the same transaction as the change.

The PIN is hashed with Argon2id (``argon2-cffi``'s :class:`~argon2.PasswordHasher`, RFC 9106's
low-memory profile: 64 MiB, three passes): a PIN has few digits, so what protects it in a
stolen database is the cost of each guess, which a memory-hard hash keeps high on GPUs too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper import models, seasons
from scorekeeper.clubs import evening_facts, season, store
from scorekeeper.clubs import kept as keeping
from scorekeeper.clubs import register as rules
from scorekeeper.clubs.kept_views import GamePlace, View
from scorekeeper.clubs.register import Entry
from scorekeeper.clubs.season import SeasonSpan
from scorekeeper.clubs.store import (
    Action,
    ClubEvening,
    ClubNotFound,
    LoadedClub,
    LoadedSeason,
    MemberNotFound,
    SeasonNotFound,
)
from scorekeeper.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games import registry
from scorekeeper.games.events import RuleError
from scorekeeper.games.stats import StatsTable
from scorekeeper.games.text import T_

__all__ = [
    "Action",
    "ClubEvening",
    "ClubNotFound",
    "ClubPage",
    "Entry",
    "EveningOfClub",
    "GamePlace",
    "LoadedClub",
    "LoadedSeason",
    "MemberNotFound",
    "SeasonNotFound",
    "SeasonSpan",
    "add_member",
    "all_tokens",
    "check_pin",
    "close_evening",
    "club_of_evening",
    "create",
    "evenings_of_games",
    "games_of",
    "hidden",
    "in_season",
    "keep_derived",
    "left_out_of",
    "load",
    "load_season",
    "log",
    "members_of_evening",
    "merge_members",
    "new_evening",
    "page_of",
    "places_of_games",
    "ratings_of",
    "rebuild",
    "rename_member",
    "retire_member",
    "reveal_standings",
    "save_season",
    "season_of",
    "seasons_of",
    "stats_of",
    "story_of",
    "version_of",
]

HASHER = PasswordHasher()


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def hash_pin(pin: str) -> str:
    return HASHER.hash(rules.checked_pin(pin))


def create(
    name: str,
    games: Sequence[str],
    pin: str,
    known_games: Sequence[str],
    by: str,
    *,
    session: orm.Session | None = None,
) -> LoadedClub:
    """A new club; RuleError (naming its field) when its name, games or PIN will not do."""
    name = rules.checked_club_name(name)
    chosen = rules.checked_games(games, known_games)
    pin_hash = hash_pin(pin)
    session = _session(session)
    row = store.create_club(session, name, chosen, pin_hash)
    store.log(session, row.id, "create", name, by)
    session.commit()
    return store.loaded(row)


def load(token: str, *, session: orm.Session | None = None) -> LoadedClub:
    return store.load_club(_session(session), token)


def all_tokens(*, session: orm.Session | None = None) -> list[str]:
    """Every club's token, oldest club first (the command line's work on every club)."""
    return store.tokens(_session(session))


def club_of_evening(evening_token: str, *, session: orm.Session | None = None) -> LoadedClub | None:
    """The club the evening at ``evening_token`` belongs to, or None."""
    return store.club_of_evening(_session(session), evening_token)


def check_pin(club: LoadedClub, pin: str) -> bool:
    """Whether ``pin`` is the club's organiser PIN (the hash is checked, never compared)."""
    try:
        return HASHER.verify(club.pin_hash, pin)
    except (VerificationError, InvalidHashError):
        return False


def log(
    club: LoadedClub, action: str, detail: str, by: str, *, session: orm.Session | None = None
) -> None:
    """A line of the organisers' log on its own (a sign-in, a wrong PIN)."""
    session = _session(session)
    store.log(session, club.id, action, detail, by)
    session.commit()


@dataclass(frozen=True)
class ClubPage:
    """What the club's page shows: the club, its register and its evenings (newest first)."""

    club: LoadedClub
    entries: list[Entry]
    evenings: list[ClubEvening]
    #: The club at the version the page was read at, and what is derived of it
    #: (:mod:`scorekeeper.clubs.kept`): every page of one request reads the club once.
    kept: keeping.Kept | None = field(default=None, compare=False, repr=False)

    @property
    def joined(self) -> Mapping[int, season.Order]:
        """Each member's first evening of the club, from which a season charges their absences
        (:func:`scorekeeper.clubs.season.first_evenings`): of all the club's evenings, also
        when ``evenings`` are only a season's (worked out once a version of the club)."""
        return {} if self.kept is None else self.kept.joined

    @property
    def members(self) -> list[Entry]:
        """The active members, by name."""
        return sorted((e for e in self.entries if e.active), key=lambda e: rules.name_key(e.name))

    @property
    def retired(self) -> list[Entry]:
        return sorted(
            (e for e in self.entries if e.retired and e.merged_into is None),
            key=lambda e: rules.name_key(e.name),
        )

    def names(self) -> dict[int, str]:
        """Every entry's display name now, merged ones by the member kept."""
        kept = {e.id: e.merged_into for e in self.entries}
        by_id = {e.id: e.name for e in self.entries}
        return {e.id: by_id[store.follow(kept, e.id)] for e in self.entries}

    def entry(self, member_id: int) -> Entry:
        for e in self.entries:
            if e.id == member_id:
                return e
        raise MemberNotFound(member_id)


def page_of(club: LoadedClub, *, session: orm.Session | None = None) -> ClubPage:
    """The club with its register and evenings, as this process keeps it at the club's version
    (one read of the version when it is known: :func:`scorekeeper.clubs.kept.current`)."""
    kept = keeping.current(_session(session), club)
    return ClubPage(club, list(kept.entries), list(kept.evenings), kept)


def _register_now(session: orm.Session, club: LoadedClub) -> list[Entry]:
    """The club's register as it is now, read in a write's own transaction (never what this
    process keeps of the club: the write may yet be rolled back)."""
    return store.register(session, club.id, store.evenings(session, club.id))


class _Write:
    """One write to a club in progress (:func:`_club_write`)."""

    def __init__(self) -> None:
        self.changed = True

    def unchanged(self) -> bool:
        """Nothing to do: it is so already (another phone did it first). The transaction is
        rolled back, so the club's version stays and nothing is logged. False, for the
        service to return."""
        self.changed = False
        return False


@contextmanager
def _club_write(session: orm.Session, club: LoadedClub) -> Iterator[_Write]:
    """One organiser's write to the club, checked and written in one transaction that no
    second writer slips through: whatever the request read before is left behind, the club's
    version moves first (:func:`~scorekeeper.clubs.store.begin_write`: a second writer waits
    here until this one has committed), then the block reads and checks what is there now,
    writes, and is committed — or, on any error or when :meth:`_Write.unchanged`, rolled back
    whole. Meanwhile nothing this process keeps of the club is read at the version this
    transaction moved it to (:data:`scorekeeper.clubs.kept.WRITING`): a write rolled back
    leaves no kept state believing it happened."""
    session.commit()  # the reads before this write are not what it checks
    write = _Write()
    session.info[keeping.WRITING] = True
    try:
        if not store.begin_write(session, club.id):
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


def _taken(session: orm.Session, club: LoadedClub, but: int | None = None) -> list[str]:
    return [
        e.name for e in store.register(session, club.id) if e.merged_into is None and e.id != but
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
    with _club_write(session, club):
        name = rules.checked_member_name(name, _taken(session, club))
        row = store.add_member(session, club.id, name)
        store.log(session, club.id, "add", name, by)
        member_id = row.id
        _commit_or_taken(session, name)
    return member_id


def _current(session: orm.Session, club: LoadedClub, member_id: int) -> models.Member:
    """The member's row as it is now; RuleError (field ``merged``) naming the member it was
    merged into, if it was (by another phone, say)."""
    row = store.member_row(session, club.id, member_id)
    if row.merged_into_id is not None:
        kept = store.member_row(session, club.id, row.merged_into_id)
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
    with _club_write(session, club) as write:
        row = _current(session, club, member_id)
        name = rules.checked_member_name(name, _taken(session, club, but=member_id))
        if name == row.name:
            return write.unchanged()
        was = row.name
        store.rename(session, row, name)
        store.log(session, club.id, "rename", f"{was} → {name}", by)
        _commit_or_taken(session, name)
    return True


def retire_member(
    club: LoadedClub, member_id: int, by: str, *, session: orm.Session | None = None
) -> bool:
    """The member leaves the register's tick boxes; their evenings stay theirs. False when the
    member is retired already: nothing logged."""
    session = _session(session)
    with _club_write(session, club) as write:
        row = _current(session, club, member_id)
        if row.retired_at is not None:
            return write.unchanged()
        store.retire(row)
        store.log(session, club.id, "retire", row.name, by)
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
    with _club_write(session, club) as write:
        kept = store.member_row(session, club.id, keep)
        gone = store.member_row(session, club.id, merged)
        if kept.id == gone.id:
            raise RuleError(T_("Choose two different members."), field="merged")
        if gone.merged_into_id == kept.id:
            return write.unchanged()
        _current(session, club, gone.id)
        _current(session, club, kept.id)
        store.merge(session, kept, gone)
        store.log(session, club.id, "merge", f"{gone.name} → {kept.name}", by)
    return True


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
    with _club_write(session, club):
        entries = _register_now(session, club)
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
        added = [store.add_member(session, club.id, name) for name in names]
        members = [*dict.fromkeys(chosen), *(row.id for row in added)]
        for name in names:
            store.log(session, club.id, "add", name, by)
        store.log(session, club.id, "evening", setup.name, by)
        with store.linked_on_commit(session, club.id, members):
            # One transaction: the evening's service commits the new members, the evening,
            # its link to the club and the log together, or (on any error) none of them.
            return evenings.create(setup, session=session)


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
    evening = new_evening(club, chosen, new_names, {**game, "rounds": 1}, by, session=session)
    return evenings.start_round(evening, 1, session=session)


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
    with _club_write(session, club) as write:
        _positions, closed_now, _revealed = evening_store.evening_state(session, evening.token)
        if closed_now == closed:
            return write.unchanged()
        evening_store.set_closed(session, evening, closed)
        action = "close-evening" if closed else "reopen-evening"
        store.log(session, club.id, action, evening.setup.name, by)
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
    with _club_write(session, club) as write:
        _positions, _closed, revealed = evening_store.evening_state(session, evening.token)
        if revealed != evening.revealed:
            return write.unchanged()
        evening_store.set_revealed(session, evening, places)
        if evening.revealed is None:
            store.log(session, club.id, "reveal-standings", evening.setup.name, by)
    return True


def seasons_of(club: LoadedClub, *, session: orm.Session | None = None) -> list[LoadedSeason]:
    """The club's seasons, the newest first."""
    return store.seasons(_session(session), club.id)


def load_season(
    club: LoadedClub, season_id: int, *, session: orm.Session | None = None
) -> LoadedSeason:
    """The club's season ``season_id``; SeasonNotFound when the club has no such season."""
    return store.load_season(_session(session), club.id, season_id)


def save_season(
    club: LoadedClub,
    season_id: int | None,
    name: str,
    rule: seasons.SeasonRule,
    span: SeasonSpan,
    by: str,
    *,
    session: orm.Session | None = None,
) -> int:
    """A new season of the club (``season_id`` None) or the season ``season_id`` changed: its
    name, the rule of its table and its evenings; logged in the same transaction (so the
    club's pages are drawn anew). Its id; RuleError naming the field at fault (``name`` for a
    name another season has, ignoring case; ``evenings`` for an evening not the club's) and
    nothing stored; SeasonNotFound for a season not the club's."""
    session = _session(session)
    with _club_write(session, club) as write:
        row = None if season_id is None else store.season_row(session, club.id, season_id)
        others = [s.name for s in store.seasons(session, club.id) if s.id != season_id]
        name = season.checked_season_name(name, others)
        if span.chosen is not None:
            held = {e.id for e in store.evenings(session, club.id)}
            if any(evening not in held for evening in span.chosen):
                raise RuleError(T_("Tick evenings of the club."), field="evenings")
            span = SeasonSpan(chosen=tuple(sorted(set(span.chosen))))
        if row is not None and _as_saved(
            store.load_season(session, club.id, row.id), name, rule, span
        ):
            write.unchanged()  # as another phone (or this one) saved it already: not logged
            return row.id
        try:
            row = store.keep_season(session, club.id, row, name, rule, span)
            store.log(session, club.id, "season" if season_id is None else "season-edit", name, by)
            made = row.id
            session.commit()
        except IntegrityError:  # a unique key's backstop: refused as the check above says
            raise RuleError(
                T_("The club already has a season called %(name)s.", name=name), field="name"
            ) from None
    return made


def _as_saved(kept: LoadedSeason, name: str, rule: seasons.SeasonRule, span: SeasonSpan) -> bool:
    """Whether the season is kept with this name, rule and span already."""
    return (kept.name, kept.rule, kept.span) == (name, rule, span)


def in_season(page: ClubPage, chosen: LoadedSeason) -> ClubPage:
    """The club's page with only the evenings of the season ``chosen``: its season table and
    ratings (:func:`season_of`, :func:`ratings_of`) are the season's."""
    held = [e for e in page.evenings if chosen.span.holds(e.id, e.created_at.date())]
    return ClubPage(page.club, page.entries, held, page.kept)


def actions(club: LoadedClub, *, session: orm.Session | None = None) -> list[Action]:
    return store.actions(_session(session), club.id)


def _view(page: ClubPage, session: orm.Session | None) -> View:
    """What is derived of the page's evenings at the version the page was read at."""
    kept = page.kept if page.kept is not None else keeping.current(_session(session), page.club)
    return kept.view(page.evenings)


def hidden(loaded: evenings.LoadedEvening) -> bool:
    """Whether the evening's standings are hidden (:func:`scorekeeper.clubs.evening_facts.hidden`):
    until every place is revealed, the club's pages leave its games out."""
    return evening_facts.hidden(loaded)


def season_of(
    page: ClubPage,
    rule: seasons.SeasonRule = season.DEFAULT_RULE,
    *,
    session: orm.Session | None = None,
) -> tuple[list[season.EveningResult], list[season.SeasonRow]]:
    """The club's evenings in order with each member's result, and the season table: derived
    from the evenings' games, and kept (:mod:`scorekeeper.clubs.kept`) by the club's version
    and what each evening was derived from, so a deal works out tonight's evening again and
    a reload nothing. An evening whose standings are hidden (:func:`hidden`) is left out until
    they are revealed (:func:`left_out_of`)."""
    view = _view(page, session)
    return list(view.prepared.evenings), view.table(rule)


def left_out_of(page: ClubPage, *, session: orm.Session | None = None) -> list[ClubEvening]:
    """The club's evenings whose standings are hidden, oldest first: the season table, the
    ratings and the players' pages leave them out until the organiser reveals them."""
    return list(_view(page, session).left_out)


def games_of(
    page: ClubPage, *, session: orm.Session | None = None
) -> tuple[list[seasons.TableGame], seasons.Ratings]:
    """Every game of the club's evenings that has scored, and every member's rating from the
    finished ones in the order they ended (:mod:`scorekeeper.seasons.ratings`): kept like the
    season table, the ratings run on from the last game rated (a correction of an earlier
    game rates from that game on). An evening whose standings are hidden is left out."""
    view = _view(page, session)
    return view.games, view.ratings


def ratings_of(page: ClubPage, *, session: orm.Session | None = None) -> seasons.Ratings:
    """Every member's rating (see :func:`games_of`)."""
    return _view(page, session).ratings


def story_of(page: ClubPage, member: int, *, session: orm.Session | None = None) -> seasons.Story:
    """A member's games, places, scores and meetings with the others (see :func:`games_of`)."""
    return _view(page, session).story(member)


def places_of_games(page: ClubPage, *, session: orm.Session | None = None) -> dict[str, GamePlace]:
    """Where each game of the club's evenings that has scored was played (its evening, round
    and table), by the game's token: a rating's history names them."""
    return _view(page, session).places_of_games()


def evenings_of_games(
    page: ClubPage, *, session: orm.Session | None = None
) -> dict[str, ClubEvening]:
    """The evening of each game of the club's evenings that has scored, by the game's token."""
    return _view(page, session).evening_of_games()


def stats_of(
    page: ClubPage, member: int, *, session: orm.Session | None = None
) -> list[StatsTable]:
    """The member's statistics of each game they played at the club's evenings, in the order
    of the club's games (then any other): each game's own (``registry.stats_for``), over their
    finished games of it (each game's state read once and kept). A game that keeps none has
    no table."""
    return _view(page, session).stats(member, _session(session))


@dataclass(frozen=True)
class EveningOfClub:
    """An evening that belongs to a club: the club's address and which member each of the
    evening's players is (by id as entered; a merged entry's page leads to the one kept)."""

    club_token: str
    members: tuple[int, ...]


def members_of_evening(
    evening_token: str, *, session: orm.Session | None = None
) -> EveningOfClub | None:
    """The club of the evening at ``evening_token``, or None for an evening of no club (one
    query; an evening's club never changes)."""
    row = (
        _session(session)
        .execute(
            sa.select(models.Club.token, models.ClubEvening.members)
            .join(models.ClubEvening, models.ClubEvening.club_id == models.Club.id)
            .join(models.Evening, models.Evening.id == models.ClubEvening.evening_id)
            .where(models.Evening.token == evening_token)
        )
        .first()
    )
    if row is None:
        return None
    return EveningOfClub(row.token, tuple(m if isinstance(m, int) else -1 for m in row.members))


def version_of(club: LoadedClub, *, session: orm.Session | None = None) -> int:
    """What the club's pages show besides the reader, in one read: the club's version, moved by
    every write that changes what they show (a deal in one of its evenings' games, a round
    started, a reveal, every organiser action). The key of its kept pages."""
    return store.version(_session(session), club.id)


def keep_derived() -> int:
    """Keep in the database what the requests derived of the clubs' evenings (once a request
    is over: :func:`scorekeeper.clubs.kept.keep_pending`)."""
    return keeping.keep_pending()


def rebuild(club: LoadedClub, *, session: orm.Session | None = None) -> int:
    """Throw away whatever is kept of the club and derive it again from the log: how many
    evenings were derived (:func:`scorekeeper.clubs.kept.rebuild`)."""
    return len(keeping.rebuild(_session(session), club).facts)


# --- the club record (``scorekeeper-club/1``, :mod:`scorekeeper.clubs.record`) ----------------


def record_of(club: LoadedClub, *, session: orm.Session | None = None) -> str:
    """The club as a portable record: its name and games, its register (members numbered from
    1 in the order they were added), and every evening of the club, oldest first, with its
    games' whole histories and which member each player is. Never the PIN, its hash or the
    club's address. Byte-stable: the same club gives the same bytes."""
    from scorekeeper.clubs import record as club_record

    session = _session(session)
    listed = store.evenings(session, club.id)
    entries = store.register(session, club.id)
    number = {e.id: n for n, e in enumerate(sorted(entries, key=lambda e: e.id), start=1)}
    members = [
        club_record.Member(
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
            club_record.RecordText(texts[evening.id]),
        )
        for evening in reversed(listed)  # oldest first, equal times in the order stored
    ]
    # A season's chosen evenings by their number in the record (oldest first, from 1).
    numbered = {evening.id: n for n, evening in enumerate(reversed(listed), start=1)}
    stored = [
        club_record.Season(
            s.name,
            s.rule,
            s.span.date_from,
            s.span.date_to,
            None
            if s.span.chosen is None
            else tuple(sorted(numbered[e] for e in s.span.chosen if e in numbered)),
        )
        for s in reversed(store.seasons(session, club.id))  # oldest first
    ]
    built_club = club_record.build_club(club.name, club.games, members, held, stored)
    return club_record.dumps_club(built_club)


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
