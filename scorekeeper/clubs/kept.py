"""Derived, then kept by what it derives from (issue 33; ``docs/architecture.md``, "Clubs").

A club's pages are worked out from its evenings' games, and the log stays the truth. What an
evening gives them — each player's line of its standings, whether they are hidden, each game's
outcome — changes only when that evening changes (a game of it written, a round started, a
reveal), so it is kept, keyed by exactly what it was derived from (:func:`key_of`: every game's
log position, the reveal, the closing):

- in this process, one :class:`Kept` a club at the club's version (``club.version``, one cheap
  read: every write that changes what the club's pages show moves it, a deal in one of its
  games too, and marks the evening it changed, ``club_evening.version``). A page that finds the
  version moved on derives again only the evenings changed since the version it knew: a deal in
  tonight's game replays tonight's games, never the club's decade;
- in the database (``kept_evening``), once no game of the evening is in play, with the
  evening's record: a new process reads them instead of replaying the club's years, and the
  export writes them as they are. A row whose key is not the evening's now is derived again.

The season tables, ratings and players' pages are derived from the kept evenings per club
version (:class:`View`), each going on from what the version before had derived: the season
table prepared again only for the evenings that changed, the ratings run on from the first game
that changed (a game that ends tonight is rated alone; a correction of a game of the first year
rates from that game on, once). :func:`rebuild` throws away whatever is kept and derives it
again from the log (``scorekeeper club rebuild``).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import orm
from sqlalchemy.exc import OperationalError

from scorekeeper import seasons
from scorekeeper.cache import LRUCache
from scorekeeper.clubs import season
from scorekeeper.clubs import store as club_store
from scorekeeper.clubs.register import Entry
from scorekeeper.clubs.store import ClubEvening, LoadedClub, LoadedSeason
from scorekeeper.db import busy
from scorekeeper.evenings import record as evening_record
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import suspense
from scorekeeper.evenings.standings import PlayerStanding, Standings
from scorekeeper.evenings.standings import standings as standings_of_evening
from scorekeeper.games import registry
from scorekeeper.games.stats import StatsTable

log = logging.getLogger(__name__)

#: The form of what is kept: a new one (what is kept is derived another way) derives again
#: every evening a process reads from the database.
FORM = 1


# --- what an evening gives the club's pages -------------------------------------------------


@dataclass(frozen=True)
class GameFacts:
    """A game of the evening that has scored: its token and start (the order of the ratings),
    round and table, its log's length when derived, the evening's player in each seat, each
    side's seats, totals and places (1 first), and whether it is over."""

    token: str
    created_at: datetime
    round: int
    table: int
    seq: int
    seats: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    finished: bool


@dataclass(frozen=True)
class GamePlace:
    """Where a game of a club's evening was played: the evening, its round and table."""

    evening: ClubEvening
    round: int
    table: int


@dataclass(frozen=True)
class EveningFacts:
    """What an evening gives the club's pages, and what it was derived from (``key``): its
    standings' lines (by player), whether some game is still being played and whether its
    standings are hidden, and its games that have scored."""

    key: str
    kind: str
    hidden: bool
    provisional: bool
    rows: tuple[PlayerStanding, ...]
    games: tuple[GameFacts, ...]
    #: The players seated at a game of the evening (a round of theirs started): a member's
    #: page has a table of statistics of each game they sat down to.
    seated: frozenset[int] = frozenset()

    @property
    def settled(self) -> bool:
        """No game of it is being played: what it gives changes only by a correction."""
        return not self.provisional and all(game.finished for game in self.games)


def key_of(evening: evenings.LoadedEvening) -> str:
    """What the evening's kept results are derived from: the form they are kept in, each
    table's game (round, table, log length, confirmations), how much of its hidden standings
    is revealed, and when it was closed (its record says so)."""
    games = [
        [round_, table, game.seq, game.position - game.seq]
        for (round_, table), game in sorted(evening.games.items())
    ]
    closed = None if evening.closed_at is None else evening.closed_at.isoformat()
    return _key(games, evening.revealed, closed)


def key_of_state(state: club_store.EveningState) -> str:
    """:func:`key_of` an evening as :func:`scorekeeper.clubs.store.states` reads it."""
    closed = None if state.closed_at is None else state.closed_at.isoformat()
    return _key([list(game) for game in state.games], state.revealed, closed)


def _key(games: list[list[int]], revealed: int | None, closed: str | None) -> str:
    return json.dumps([FORM, games, revealed, closed], separators=(",", ":"))


def hidden(loaded: evenings.LoadedEvening, found: Standings | None = None) -> bool:
    """Whether the evening's standings are hidden (its organiser hides the last rounds and has
    not revealed every place yet, :mod:`scorekeeper.evenings.suspense`): until then the club's
    pages leave its games out, as the evening's own pages hide its standings. (``found``: its
    standings, when worked out already.)"""
    if not loaded.setup.hide_last:
        return False
    found = found or evenings.standings_of(loaded)
    places = [row.place for row in found.rows]
    shown = suspense.curtain(
        loaded.setup.rounds, loaded.setup.hide_last, loaded.started, loaded.revealed, places
    )
    return shown.hidden


def facts_of(loaded: evenings.LoadedEvening) -> EveningFacts:
    """What the evening gives the club's pages, derived from its games. (Its standings are
    worked out here, not kept for the evening's pages: a club's years are read at once when
    a process starts, and would push tonight's out.)"""
    standings = standings_of_evening(
        loaded.setup.players, loaded.setup.scoring, evenings.results(loaded)
    )
    rules = loaded.setup.game
    games = []
    for table in loaded.all_tables():
        game = table.game
        board = None if game is None else rules.scoreboard(game.state)
        if game is None or board is None or not board.started:
            continue
        games.append(
            GameFacts(
                game.token,
                game.created_at,
                table.round,
                table.number,
                game.seq,
                table.seats,
                board.sides,
                board.totals,
                board.places(),
                board.finished,
            )
        )
    seated = frozenset(p for t in loaded.all_tables() if t.game is not None for p in t.seats)
    return EveningFacts(
        key_of(loaded),
        loaded.setup.kind,
        hidden(loaded, standings),
        standings.provisional,
        standings.rows,
        tuple(games),
        seated,
    )


def record_text(loaded: evenings.LoadedEvening) -> str:
    """The evening's record (``scorekeeper-evening/1``) as the club record holds it: on one
    line, from the games' states as loaded (nothing replayed again)."""
    tables = [
        evening_record.RecordTable.of(r, n, game) for (r, n), game in sorted(loaded.games.items())
    ]
    built = evening_record.build_evening(
        loaded.setup, loaded.plan, loaded.seed, tables, loaded.closed_at
    )
    return json.dumps(built, ensure_ascii=False, separators=(",", ":"))


def _fraction(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def _read_fraction(value: Any) -> Fraction | None:
    return None if value is None else Fraction(value)


def facts_dict(facts: EveningFacts) -> dict[str, Any]:
    """The facts as kept in the database (JSON)."""
    return {
        "kind": facts.kind,
        "hidden": facts.hidden,
        "provisional": facts.provisional,
        "rows": [
            [
                r.player,
                r.name,
                r.place,
                r.shared,
                str(r.points),
                r.games,
                r.finished,
                r.wins,
                r.sat_out,
                str(r.sit_out_points),
                _fraction(r.average),
                [_fraction(d) for d in r.details],
            ]
            for r in facts.rows
        ],
        "games": [
            [
                g.token,
                g.created_at.isoformat(),
                g.round,
                g.table,
                g.seq,
                list(g.seats),
                [list(side) for side in g.sides],
                list(g.totals),
                list(g.places),
                g.finished,
            ]
            for g in facts.games
        ],
        "seated": sorted(facts.seated),
    }


def facts_from(key: str, data: Mapping[str, Any]) -> EveningFacts:
    """The facts kept as :func:`facts_dict` wrote them."""
    rows = tuple(
        PlayerStanding(
            player,
            name,
            place,
            shared,
            Fraction(points),
            games,
            finished,
            wins,
            sat_out,
            Fraction(sit_out_points),
            _read_fraction(average),
            tuple(_read_fraction(d) for d in details),
        )
        for (
            player,
            name,
            place,
            shared,
            points,
            games,
            finished,
            wins,
            sat_out,
            sit_out_points,
            average,
            details,
        ) in data["rows"]
    )
    games = tuple(
        GameFacts(
            token,
            datetime.fromisoformat(created_at),
            round_,
            table,
            seq,
            tuple(seats),
            tuple(tuple(side) for side in sides),
            tuple(totals),
            tuple(places),
            finished,
        )
        for token, created_at, round_, table, seq, seats, sides, totals, places, finished in data[
            "games"
        ]
    )
    seated = frozenset(data["seated"])
    return EveningFacts(key, data["kind"], data["hidden"], data["provisional"], rows, games, seated)


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
                ((e.created_at, e.token), (club_store.follow(merges, m) for m in e.members))
                for e in self.evenings
            )
        return self.first_evenings

    def names(self) -> dict[int, str]:
        """Every entry's display name now, merged ones by the member kept."""
        kept = self.merges
        by_id = {e.id: e.name for e in self.entries}
        return {e.id: by_id[club_store.follow(kept, e.id)] for e in self.entries}

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
#: (:func:`scorekeeper.clubs.services._club_write`): the club's version it reads is the one its
#: own transaction moved to, which a rollback takes back, so nothing read then is kept.
WRITING = "scorekeeper.clubs.writing"


def current(session: orm.Session, club: LoadedClub) -> Kept:
    """The club as it is now: one read of its version when this process knows it at that
    version; else the evenings changed since the version it knew derived again (the club read
    whole, and what the database keeps, the first time). In the middle of a club's write, the
    club as the write's transaction sees it, kept nowhere."""
    version = club_store.version(session, club.id)
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
    last = club_store.last_action(session, club.id)
    if known is None or known.last_action != last:
        listed = club_store.evenings(session, club.id)
        entries = tuple(club_store.register(session, club.id, listed))
        seasons_ = tuple(club_store.seasons(session, club.id))
    else:
        entries, seasons_ = known.entries, known.seasons
        listed = list(known.evenings)
    if known is None:
        facts = _all_facts(session, club, listed)
    else:
        changed = set(club_store.changed_since(session, club.id, known.version))
        held = {e.id for e in listed}
        new = [i for i in changed if i not in held]
        if new:
            listed = sorted(
                [*listed, *club_store.evenings(session, club.id, new)],
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
    states = club_store.states(session, club.id)
    kept = club_store.kept_facts(session, club.id)
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
                club_store.keep(own, list(rows.values()))
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
    version = club_store.version(session, club.id)
    listed = club_store.evenings(session, club.id)
    entries = tuple(club_store.register(session, club.id, listed))
    seasons_ = tuple(club_store.seasons(session, club.id))
    facts = {
        evening.token: facts_of(evenings.load(evening.token, session=session, keep=False))
        for evening in listed
    }
    last = club_store.last_action(session, club.id)
    return Kept(club, version, last, entries, tuple(listed), seasons_, facts)


def records(
    session: orm.Session, club: LoadedClub, listed: Sequence[ClubEvening]
) -> dict[int, str]:
    """Each of these evenings' record text (:func:`record_text`), by the evening's id: as
    kept, where it was derived from what the evening is now, else read and derived again (its
    games replayed once, not kept for the next request)."""
    states = club_store.states(session, club.id)
    kept = club_store.kept_records(session, club.id)
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
        _STATES.clear()
        _STATS.clear()
    else:
        _KEPT.pop(token)


def rebuild(session: orm.Session, club: LoadedClub) -> Kept:
    """Throw away whatever is kept of the club, in the database and in this process, and
    derive it again from the log (every evening's games replayed once): the club as it is."""
    club_store.forget_kept(session, club.id)
    session.commit()
    forget(club.token)
    found = current(session, club)
    keep_pending()
    return found


# --- what the pages derive of a club's evenings ------------------------------------------------


@dataclass(frozen=True)
class Mapped:
    """An evening as the club's pages read it, its players made members (an entry merged into
    another counts as that one): its result, its games that scored, its finished games as the
    ratings read them, and each game's member in each seat."""

    facts: EveningFacts
    result: season.EveningResult
    games: tuple[seasons.TableGame, ...]
    rated: tuple[seasons.GameResult, ...]
    seats: tuple[tuple[GameFacts, Mapping[int, int]], ...]
    #: The members who sat down to a game of the evening.
    seated: frozenset[int]


def _mapped(evening: ClubEvening, facts: EveningFacts, merges: dict[int, int | None]) -> Mapped:
    def merges_to(entry: int) -> int:
        return club_store.follow(merges, entry)

    def member(player: int) -> int:
        return merges_to(evening.members[player])

    results = season.member_results(facts.rows, evening.members, merges_to)
    result = season.EveningResult(
        evening.token, evening.name, evening.created_at, results, facts.provisional
    )
    games, seats = [], []
    for game in facts.games:
        sides = tuple(tuple(member(game.seats[seat]) for seat in side) for side in game.sides)
        # In the order the games were played: a correction typed in next week does not move a
        # game after the games played since.
        games.append(
            seasons.TableGame(
                game.token, game.created_at, sides, game.totals, game.places, game.finished
            )
        )
        sat: dict[int, int] = {}
        for seat, player in enumerate(game.seats):
            if player < len(evening.members):
                sat.setdefault(member(player), seat)
        seats.append((game, sat))
    rated = tuple(
        seasons.GameResult(g.key, g.ended, g.sides, g.places) for g in games if g.finished
    )
    seated = frozenset(member(p) for p in facts.seated if p < len(evening.members))
    return Mapped(facts, result, tuple(games), rated, tuple(seats), seated)


#: Finished games' states (a player's statistics read them), by token and log length.
_STATES: LRUCache[Any] = LRUCache(2048)


class View:
    """What the club's pages derive of some of its evenings at one version of the club (all
    of them, or a season's): worked out when first asked for, going on from what the version
    before had derived of the same evenings (``before``)."""

    def __init__(self, kept: Kept, listed: Sequence[ClubEvening], before: View | None):
        self.kept = kept
        merges = kept.merges
        same_register = before is not None and before.kept.merges == merges
        self.names = kept.names()
        known = before.mapped if before is not None and same_register else {}
        self.mapped: dict[str, Mapped] = {}
        shown: list[tuple[ClubEvening, Mapped]] = []
        left_out: list[tuple[ClubEvening, Mapped]] = []
        for evening in listed:
            facts = kept.facts[evening.token]
            was = known.get(evening.token)
            mapped = was if was is not None and was.facts is facts else None
            mapped = mapped or _mapped(evening, facts, merges)
            self.mapped[evening.token] = mapped
            (left_out if facts.hidden else shown).append((evening, mapped))
        self.shown = shown
        #: Oldest first.
        self.left_out = [evening for evening, _mapped in reversed(left_out)]
        self.before: View | None = before if same_register else None
        # Nothing these evenings give changed (another season's evening did, or nothing): what
        # the version before derived is this version's.
        self._cache: dict[Any, Any] = {}
        previous = self.before
        if (
            previous is not None
            and self.names == previous.names
            and len(shown) == len(previous.shown)
            and all(m is n for (_e, m), (_f, n) in zip(shown, previous.shown, strict=True))
        ):
            self._cache = dict(previous._cache)
            earlier = previous.kept
            if earlier.first_evenings is not kept.first_evenings and earlier.joined != kept.joined:
                # A member's first evening of the club moved: the tables charge absences anew.
                self._cache = {
                    k: v
                    for k, v in self._cache.items()
                    if not (type(k) is tuple and k[0] == "table")
                }
        self._lock = threading.RLock()

    def _once(self, key: Any, make: Any) -> Any:
        found = self._cache.get(key)
        if found is None:
            with self._lock:
                found = self._cache.get(key)
                if found is None:
                    found = self._cache[key] = make()
        return found

    @property
    def prepared(self) -> season.Prepared:
        """The season's evenings prepared for its table (again only for those that changed)."""

        def make() -> season.Prepared:
            since = None if self.before is None else self.before.prepared
            return season.prepared([m.result for _e, m in self.shown], since)

        result: season.Prepared = self._once("prepared", make)
        return result

    def table(self, rule: seasons.SeasonRule) -> list[season.SeasonRow]:
        rows: list[season.SeasonRow] = self._once(
            ("table", rule),
            lambda: season.season_table(self.prepared, self.names, rule, self.kept.joined),
        )
        return rows

    @property
    def games(self) -> list[seasons.TableGame]:
        found: list[seasons.TableGame] = self._once(
            "games", lambda: [g for _e, m in self.shown for g in m.games]
        )
        return found

    @property
    def ratings(self) -> seasons.Ratings:
        """Every member's rating, run on from the ratings the version before had."""

        def make() -> seasons.RatingsRun:
            before: seasons.RatingsRun | None = (
                None if self.before is None else self.before._cache.get("ratings")
            )
            if before is None:  # other evenings (one more of the club's): any run goes on
                before = self._any_run()
            rated = [m.rated for _e, m in self.shown]
            if before is not None and self.before is not None:
                was = [m.rated for _e, m in self.before.shown]
                if len(was) == len(rated) and all(
                    a is b or a == b for a, b in zip(was, rated, strict=True)
                ):
                    return before  # no game ended or changed its places
            return seasons.run([g for games in rated for g in games], since=before)

        found: seasons.RatingsRun = self._once("ratings", make)
        return found.ratings

    def _any_run(self) -> seasons.RatingsRun | None:
        """The ratings of the most evenings a version before ran, with the same register: a
        run goes on from the first game that differs, whichever games it rated."""
        if self.kept.before is None:
            return None
        views = [
            v
            for v in self.kept.before.values()
            if "ratings" in v._cache and v.kept.merges == self.kept.merges
        ]
        best = max(views, key=lambda v: len(v.shown), default=None)
        found: seasons.RatingsRun | None = None if best is None else best._cache["ratings"]
        return found

    def story(self, member: int) -> seasons.Story:
        """The member's games (those of the evenings they sat down to), places and meetings."""
        games = [g for _e, m in self.shown if member in m.seated for g in m.games]
        return seasons.story(member, games)

    def evening_of_games(self) -> dict[str, ClubEvening]:
        """The evening of each game that scored, by the game's token (the version before's,
        with the games of the evenings changed since)."""

        def make() -> dict[str, ClubEvening]:
            before = None if self.before is None else self.before._cache.get("evening of")
            if before is None:
                return {g.token: e for e, m in self.shown for g, _sat in m.seats}
            found = dict(before)
            known = self.before.mapped if self.before is not None else {}
            for evening, mapped in self.shown:
                if known.get(evening.token) is not mapped:
                    found.update((g.token, evening) for g, _sat in mapped.seats)
            return found

        found: dict[str, ClubEvening] = self._once("evening of", make)
        return found

    def places_of_games(self) -> dict[str, GamePlace]:
        """Where each game that scored was played, by the game's token."""

        def make() -> dict[str, GamePlace]:
            return {
                g.token: GamePlace(e, g.round, g.table)
                for e, m in self.shown
                for g, _sat in m.seats
            }

        found: dict[str, GamePlace] = self._once("places of games", make)
        return found

    def stats(self, member: int, session: orm.Session) -> list[StatsTable]:
        """The member's statistics of each game they played (see
        :func:`scorekeeper.clubs.services.stats_of`)."""
        kinds = {m.facts.kind for _e, m in self.shown if member in m.seated}
        played = [
            (m.facts.kind, game, sat[member])
            for _evening, m in self.shown
            for game, sat in m.seats
            if game.finished and member in sat
        ]
        key = (
            member,
            tuple(sorted(kinds)),
            tuple((game.token, game.seq, seat) for _k, game, seat in played),
        )
        kept = _STATS.get((self.kept.club.token, key))
        if kept is not None:
            return kept
        states = _states(session, [game for _kind, game, _seat in played])
        by_kind: dict[str, list[tuple[Any, int]]] = {kind: [] for kind in kinds}
        for kind, game, seat in played:
            by_kind.setdefault(kind, []).append((states[game.token], seat))
        order = {kind: i for i, kind in enumerate(self.kept.club.games)}
        tables = []
        for kind in sorted(by_kind, key=lambda kind: (order.get(kind, len(order)), kind)):
            stats = registry.stats_for(kind)
            if stats is not None:
                tables.append(stats(by_kind[kind]))
        _STATS.put((self.kept.club.token, key), tables)
        return tables


#: Players' statistics, by club and what they were derived from (each finished game's
#: position and the member's seat).
_STATS: LRUCache[list[StatsTable]] = LRUCache(256)


def _states(session: orm.Session, games: Sequence[GameFacts]) -> dict[str, Any]:
    """Each finished game's state at the log position it was derived at, from memory or read
    (in two queries) and replayed once."""
    found: dict[str, Any] = {}
    missing = []
    for game in games:
        state = _STATES.get((game.token, game.seq))
        if state is None:
            missing.append(game)
        else:
            found[game.token] = state
    if missing:
        loaded = evenings.load_games([g.token for g in missing], session=session, keep=False)
        for game in missing:
            state = _slim(loaded[game.token].state)
            _STATES.put((game.token, game.seq), state)
            found[game.token] = state
    return found


def _slim(state: Any) -> Any:
    """A finished game's state as its statistics read it: without its history (the changes
    list, a few hundred objects a game), which no statistics read."""
    fields = getattr(state, "__dataclass_fields__", {})
    return dataclasses.replace(state, history=()) if "history" in fields else state
