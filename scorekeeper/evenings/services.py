"""What a request or a command does with an evening: make one, load one, start a round, import
one, and its standings — whatever asked (a page, the command line).

Starting a round returns what it came to (:data:`Started`), for the view to render, as a
game's write does (:mod:`scorekeeper.table.services`) rather than raising it: the evening with
the round's games (a :class:`LoadedEvening`); :class:`Refused` (a registered check refuses this
request, or an earlier round is not started yet: nothing made); :class:`InPlay` (the round
before is still being played and the start was not confirmed: nothing made);
:class:`AlreadyStarted` (another phone started it first). An unknown evening is
:class:`EveningNotFound`, raised by :func:`load`; an import's record that is not one raises
:class:`~scorekeeper.records.RecordError`, as a game's import does.

The standings are derived from the tables' games and kept per process by the evening and the
log position of each of its games, so a standings page that many screens reload reads the
database (a bounded number of queries, :mod:`scorekeeper.evenings.store`) but replays and
scores nothing again until some table records something.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import orm

from scorekeeper.data.cache import LRUCache
from scorekeeper.data.db import db
from scorekeeper.evenings import light_reads, record, store, table_seats, watch
from scorekeeper.evenings.loaded import EveningNotFound, LoadedEvening, RoundStarted, Table
from scorekeeper.evenings.seating import Plan
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.evenings.standings import (
    Standings,
    TableResult,
    TableState,
    standings,
    table_state,
)
from scorekeeper.evenings.store import EveningSummary, TableGame, table_game
from scorekeeper.evenings.table_seats import Seat
from scorekeeper.games.events import Played, RuleError
from scorekeeper.games.text import T_, Text
from scorekeeper.table import store as game_store
from scorekeeper.table.store import LoadedGame

__all__ = [
    "AlreadyStarted",
    "EveningNotFound",
    "InPlay",
    "LoadedEvening",
    "Refused",
    "Seat",
    "Started",
    "Table",
    "create",
    "guard_rounds",
    "import_evening",
    "import_record",
    "in_play_before",
    "load",
    "load_games",
    "locks",
    "my_evenings",
    "page_state",
    "positions",
    "record_of",
    "results",
    "reveal",
    "seat_of",
    "standings_of",
    "start_round",
    "table_elsewhere",
    "table_game",
]

#: The most seeds there are: any of them seats the players as fairly.
SEEDS = 2**31


def _session(session: orm.Session | None) -> orm.Session:
    """The session given (a test's, a script's), else the app's for this request or command."""
    return db.session if session is None else session


def create(
    setup: EveningSetup,
    seed: int | None = None,
    *,
    started: bool = False,
    session: orm.Session | None = None,
) -> LoadedEvening:
    """A new evening; its plan numbers the players by a seed drawn at random unless given (every
    seed is as fair: the draw decides who meets whom first, not the order they were typed).
    When ``started``, with its first round's games too (each table's first dealer drawn, as
    :func:`start_round` draws them), made in the same transaction as the evening: a club's
    game, which is such an evening, is never stored without its one table."""
    if seed is None:
        seed = 1 + secrets.randbelow(SEEDS - 1)
    seats = setup.game.seats

    def dealers(tables: int) -> list[int]:
        return [secrets.randbelow(seats) for _ in range(tables)]

    return store.create_evening(_session(session), setup, seed, dealers if started else None)


def load(token: str, *, session: orm.Session | None = None, keep: bool = True) -> LoadedEvening:
    """The evening at ``token`` with its games; :class:`EveningNotFound` if there is none.
    Without ``keep``, the games replayed are not kept for the next request (an evening of
    years ago, read once to derive what is kept of it)."""
    return store.load_evening(_session(session), token, keep=keep)


def load_games(
    tokens: Sequence[str], *, session: orm.Session | None = None, keep: bool = True
) -> dict[str, LoadedGame]:
    """The games of evenings with these tokens, by token, in two queries (see
    :func:`load`)."""
    return game_store.load_games(_session(session), tokens, keep=keep)


def locks(token: str, *, session: orm.Session | None = None) -> tuple[bool, int]:
    """Whether the evening at ``token`` is closed and how many rounds it has started, in one
    query that reads no game's log: what locks its games (:mod:`scorekeeper.evenings.locks`)."""
    return light_reads.evening_locks(_session(session), token)


def page_state(
    token: str, *, session: orm.Session | None = None
) -> tuple[tuple[tuple[int, int, int], ...], bool, int | None]:
    """:func:`positions`, whether the evening is closed and how many places of the hidden
    standings are revealed, in one light query: the key of the evening's kept pages."""
    return light_reads.evening_state(_session(session), token)


def reveal(evening: LoadedEvening, places: int, *, session: orm.Session | None = None) -> None:
    """Show ``places`` places of the evening's hidden standings, from the last up."""
    session = _session(session)
    store.set_revealed(session, evening, places)
    session.commit()


def close(evening: LoadedEvening, *, session: orm.Session | None = None) -> None:
    """Close the evening: its games are read-only for everyone but its organiser."""
    session = _session(session)
    store.set_closed(session, evening, True)
    session.commit()


def reopen(evening: LoadedEvening, *, session: orm.Session | None = None) -> None:
    session = _session(session)
    store.set_closed(session, evening, False)
    session.commit()


def positions(
    token: str, *, session: orm.Session | None = None
) -> tuple[tuple[int, int, int], ...]:
    """Where each table's game of the evening at ``token`` is in its log (the key of its kept
    pages), without loading the evening; :class:`EveningNotFound` if there is none."""
    return light_reads.evening_positions(_session(session), token)


@dataclass(frozen=True)
class InPlay:
    """Round ``round`` is still being played: ``playing`` of its ``tables`` tables' games are
    not over yet (what the evening's page says beside *Start anyway*, and what starting the
    next round without it comes to: nothing made)."""

    round: int
    playing: int
    tables: int

    @property
    def text(self) -> Text:
        if self.tables == 1:
            return T_("Round %(n)s is still being played.", n=self.round)
        return T_(
            "Round %(n)s is still being played at %(playing)s of %(tables)s tables.",
            n=self.round,
            playing=self.playing,
            tables=self.tables,
        )


@dataclass(frozen=True)
class Refused:
    """Starting the round was refused: ``error`` says why (a check's, usually
    :class:`~scorekeeper.table.services.Locked`; or an earlier round not started yet, beside
    the field ``round``); nothing was made. ``evening`` is the evening it was checked
    against."""

    evening: LoadedEvening
    error: RuleError


@dataclass(frozen=True)
class AlreadyStarted:
    """Another phone started round ``round`` first: there is nothing more to do. ``evening``
    is the evening as it is now, with the round's games."""

    evening: LoadedEvening
    round: int


#: What starting a round comes to: the evening with the round's games, or why not (an
#: :class:`InPlay` when the round before is still being played and the start not confirmed).
Started = LoadedEvening | Refused | InPlay | AlreadyStarted


def in_play_before(evening: LoadedEvening, round_: int) -> InPlay | None:
    """When ``round_`` is the round to start next: how many tables of the round before it are
    still playing (a game not over yet), or None when every one of them is over (or ``round_``
    is not the next round, or the first)."""
    if evening.next_round != round_ or round_ == 1:
        return None
    rules = evening.setup.game
    tables = evening.tables(round_ - 1)
    playing = sum(
        table.game is None or not rules.scoreboard(table.game.state).finished for table in tables
    )
    return InPlay(round_ - 1, playing, len(tables)) if playing else None


#: A check every start of a round goes through first: why this request may not start one (a
#: RuleError, usually :class:`~scorekeeper.table.services.Locked`), or None. The layers above
#: register their own (:func:`guard_rounds`): a club's evening's rounds are its organiser's to
#: start (a start locks the finished games of the rounds before), and a closed evening of no
#: club is nobody's.
RoundCheck = Callable[[LoadedEvening], RuleError | None]

_ROUND_CHECKS: list[RoundCheck] = []


def guard_rounds(check: RoundCheck) -> RoundCheck:
    """Make every start of a round pass ``check`` first (once)."""
    if check not in _ROUND_CHECKS:
        _ROUND_CHECKS.append(check)
    return check


def start_round(
    evening: LoadedEvening,
    round_: int,
    *,
    anyway: bool = False,
    session: orm.Session | None = None,
) -> Started:
    """Make round ``round_``'s games, each table's first dealer drawn at random (as the new-game
    form's draw does), and return the evening with them. :class:`Refused` with a check's
    refusal (:func:`guard_rounds`) when this request may not start it, or when an earlier
    round has not been started; :class:`InPlay` while the round before is still being played,
    unless ``anyway`` (the organiser confirmed it); :class:`AlreadyStarted` when another phone
    did it first, with the evening as it is now."""
    for check in _ROUND_CHECKS:
        refused = check(evening)
        if refused is not None:
            return Refused(evening, refused)
    if not anyway:
        in_play = in_play_before(evening, round_)
        if in_play is not None:
            return in_play
    seats = evening.setup.game.seats
    dealers = [secrets.randbelow(seats) for _ in evening.tables(round_)]
    try:
        return store.start_round(_session(session), evening, round_, dealers)
    except RoundStarted as started:
        return AlreadyStarted(started.current, started.round)
    except RuleError as error:
        return Refused(evening, error)


def import_evening(
    setup: EveningSetup,
    plan: Plan,
    seed: int,
    tables: Sequence[TableGame],
    *,
    closed_at: datetime | None = None,
    replayed: Sequence[Played[Any]] | None = None,
    session: orm.Session | None = None,
) -> LoadedEvening:
    """A new evening from a whole record (closed when it was): all of it stored, or nothing.
    ``replayed``: each table's log as the record's check replayed it (not replayed again)."""
    return store.import_evening(_session(session), setup, plan, seed, tables, closed_at, replayed)


def record_of(evening: LoadedEvening) -> str:
    """The evening as a portable record (``scorekeeper-evening/1``): its setup, its plan and
    every started table's game with its whole history."""
    tables = [record.RecordTable.of(r, n, game) for (r, n), game in sorted(evening.games.items())]
    return record.dumps_evening(
        evening.setup, evening.plan, evening.seed, tables, evening.closed_at
    )


def import_record(data: bytes | str, *, session: orm.Session | None = None) -> LoadedEvening:
    """A new evening from an evening record as uploaded: all of it stored, or nothing. A record
    that is not one raises :class:`~scorekeeper.records.RecordError` (a line a problem, naming
    the table and field); one whose games break a rule, :class:`RuleError`."""
    read = record.loads_evening(data)
    tables = [table_game(r, n, game) for r, n, game in read.tables]
    return import_evening(
        read.setup, read.plan, read.seed, tables, closed_at=read.closed_at, session=session
    )


def results(evening: LoadedEvening) -> list[TableResult]:
    """Every table of the plan with its game's scoreboard (None where not started)."""
    rules = evening.setup.game
    return [
        TableResult(
            t.round, t.number, t.seats, None if t.game is None else rules.scoreboard(t.game.state)
        )
        for t in evening.all_tables()
    ]


_STANDINGS: LRUCache[Standings] = LRUCache(256)


def standings_of(evening: LoadedEvening) -> Standings:
    """The evening's standings, worked out once per evening and log position of its games."""
    key = (evening.token, evening.setup.scoring, evening.positions)
    found = _STANDINGS.get(key)
    if found is None:
        found = standings(evening.setup.players, evening.setup.scoring, results(evening))
        _STANDINGS.put(key, found)
    return found


def table_states(evening: LoadedEvening) -> dict[tuple[int, int], TableState]:
    """Where every table of the plan stands, by (round, table number)."""
    return {(r.round, r.table): table_state(r) for r in results(evening)}


def my_evenings(tokens: Sequence[str]) -> list[EveningSummary]:
    """The evenings with these tokens (a browser's list), in that order."""
    return store.summaries(db.session, tokens)


#: What :func:`seat_of` found, by game token (a game of its own: :data:`_ALONE`).
_SEATS: LRUCache[Seat | str] = LRUCache(1024)
_ALONE = "alone"


def seat_of(game: LoadedGame) -> Seat | None:
    """The evening, round and table ``game`` was made for, or None: asked of the database once
    per game and process (it never changes, see
    :func:`~scorekeeper.evenings.table_seats.seat_of_game`). Kept by the game's token, as replayed
    games are: unique across databases, unlike its id."""
    found = _SEATS.get(game.token)
    if found is None:
        found = table_seats.seat_of_game(db.session, game.id) or _ALONE
        _SEATS.put(game.token, found)
    return None if isinstance(found, str) else found


def table_elsewhere(game: LoadedGame, phone: str | None) -> int | None:
    """In an evening whose tables confirm, another table of ``game``'s round where ``phone``
    entered or confirmed anything at a seat (its number): a phone is at one table a round
    (issue 35). None for a game of no evening, one that does not confirm, or no phone."""
    if phone is None or not game.confirms:
        return None
    seat = seat_of(game)
    return None if seat is None else table_seats.table_of_phone(db.session, seat, phone)


def watch_round(evening: LoadedEvening, round_: int, now: datetime) -> list[watch.Watched]:
    """Each table of round ``round_`` (started) as the organiser watches it at ``now`` (naive
    UTC, as the log's times): how long since its last entry, and whether it has gone quiet
    (:mod:`scorekeeper.evenings.watch`)."""
    states = table_states(evening)
    clocks = [
        watch.TableClock(
            table.number,
            states[(round_, table.number)].finished,
            table.game.created_at,
            table.game.times[-1] if table.game.times else None,
        )
        for table in evening.tables(round_)
        if table.game is not None
    ]
    return watch.watch(clocks, now)
