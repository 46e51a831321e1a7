"""Evenings in the database: make one, load one with every table's game, start a round, import
a whole evening.

An evening's row holds its setup and its seating plan (JSON); each table of a started round is
a row naming an ordinary game (:mod:`scorekeeper.store` keeps its log). Loading an evening with
all its games takes at most three queries, however many tables it has: the evening, its tables
with each game's row and log length, and — only for games this process has not replayed at
that length — their logs, all in one (:func:`scorekeeper.store.load_rows`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper import models, store
from scorekeeper.cache import LRUCache
from scorekeeper.evenings.seating import Plan
from scorekeeper.evenings.setup import EveningSetup, read_plan
from scorekeeper.games.confirming import ORGANISER
from scorekeeper.games.events import Event, Played, RuleError
from scorekeeper.games.text import T_
from scorekeeper.store import LoadedGame


class EveningNotFound(LookupError):
    pass


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Table:
    """One table of one round: its number (from 1), the players by seat (their numbers in the
    evening), and its game once the round is started."""

    round: int
    number: int
    seats: tuple[int, ...]
    game: LoadedGame | None = None


@dataclass(frozen=True, eq=False)
class LoadedEvening:
    id: int
    token: str
    created_at: datetime
    setup: EveningSetup
    plan: Plan
    #: The games of the started rounds' tables, by (round, table number), rounds from 1.
    games: dict[tuple[int, int], LoadedGame]
    #: The seed the plan was made with (kept for the evening's record).
    seed: int = 0
    #: When its organiser closed it; None while it is open.
    closed_at: datetime | None = None
    #: How many places of its hidden standings are revealed (None: no reveal has begun).
    revealed: int | None = None

    def tables(self, round_: int) -> list[Table]:
        """The tables of round ``round_`` (from 1), with their games where started."""
        planned = self.plan.rounds[round_ - 1].tables
        return [
            Table(round_, number, seats, self.games.get((round_, number)))
            for number, seats in enumerate(planned, start=1)
        ]

    def all_tables(self) -> list[Table]:
        return [t for r in range(1, len(self.plan.rounds) + 1) for t in self.tables(r)]

    def sitting_out(self, round_: int) -> tuple[int, ...]:
        return self.plan.rounds[round_ - 1].sitting_out

    def names(self, players: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.setup.players[p] for p in players)

    @property
    def started(self) -> int:
        """How many rounds have been started (they start in order)."""
        return max((r for r, _ in self.games), default=0)

    @property
    def next_round(self) -> int | None:
        """The round to start next; None when every round has started."""
        return self.started + 1 if self.started < self.setup.rounds else None

    @property
    def positions(self) -> tuple[tuple[int, int, int], ...]:
        """(round, table, polled position) of every table's game: what the evening's derived
        pages depend on (a confirmation too: the standings count what waits), and so the key
        of what is drawn of them."""
        return tuple((r, n, game.position) for (r, n), game in sorted(self.games.items()))


class RoundStarted(Exception):
    """Another phone started this round first; ``current`` is the evening as it is now."""

    def __init__(self, current: LoadedEvening, round_: int):
        super().__init__(f"Round {round_} was already started.")
        self.current = current
        self.round = round_


def _stored_setup(setup: EveningSetup, plan: Plan, seed: int) -> dict[str, Any]:
    return {**setup.to_dict(), "seed": seed, "plan": plan.to_dict()}


def create_evening(session: orm.Session, setup: EveningSetup, seed: int = 0) -> LoadedEvening:
    """A new evening with its plan (made now, and kept: a later planner never reseats it)."""
    plan = setup.plan(seed)
    row = models.Evening(
        token=store.new_token(),
        kind=setup.kind,
        setup=_stored_setup(setup, plan, seed),
        created_at=_now(),
    )
    session.add(row)
    session.commit()
    return LoadedEvening(row.id, row.token, row.created_at, setup, plan, {}, seed)


_EVENING = sa.select(
    models.Evening.id,
    models.Evening.token,
    models.Evening.setup,
    models.Evening.created_at,
    models.Evening.closed_at,
    models.Evening.revealed,
).where(models.Evening.token == sa.bindparam("token"))

#: An evening's tables with each game's row and log length: one query.
_TABLES = (
    sa.select(models.EveningTable.round, models.EveningTable.number, *store.game_columns())
    .join(models.Game, models.Game.id == models.EveningTable.game_id)
    .where(models.EveningTable.evening_id == sa.bindparam("evening_id"))
    .order_by(models.EveningTable.round, models.EveningTable.number)
)


#: Where every table's game of an evening is (its polled position: its log's length and its
#: confirmations, :attr:`~scorekeeper.store.LoadedGame.position`), by the evening's token: one
#: query that reads no setup and no log (an evening without a started round gives one row of
#: Nones).
_POSITIONS = (
    sa.select(
        models.EveningTable.round,
        models.EveningTable.number,
        sa.select(sa.func.count(models.Event.id))
        .where(models.Event.game_id == models.EveningTable.game_id)
        .scalar_subquery()
        + sa.select(sa.func.count(models.Confirmation.id))
        .where(models.Confirmation.game_id == models.EveningTable.game_id)
        .scalar_subquery(),
        models.Evening.closed_at,
        models.Evening.revealed,
    )
    .select_from(models.Evening)
    .outerjoin(models.EveningTable, models.EveningTable.evening_id == models.Evening.id)
    .where(models.Evening.token == sa.bindparam("token"))
    .order_by(models.EveningTable.round, models.EveningTable.number)
)


_LOCKS = (
    sa.select(models.Evening.closed_at, sa.func.max(models.EveningTable.round))
    .select_from(models.Evening)
    .outerjoin(models.EveningTable, models.EveningTable.evening_id == models.Evening.id)
    .where(models.Evening.token == sa.bindparam("token"))
    .group_by(models.Evening.id, models.Evening.closed_at)
)


def evening_locks(session: orm.Session, token: str) -> tuple[bool, int]:
    """Whether the evening at ``token`` is closed and how many rounds it has started: what
    locks its games, in one query that reads no game's log (every write to a table's game and
    every page of one asks it); :class:`EveningNotFound` if there is none."""
    row = session.execute(_LOCKS, {"token": token}).first()
    if row is None:
        raise EveningNotFound(token)
    return row[0] is not None, row[1] or 0


def evening_positions(session: orm.Session, token: str) -> tuple[tuple[int, int, int], ...]:
    """:attr:`LoadedEvening.positions` of the evening at ``token`` without loading it (what its
    kept pages are found by); :class:`EveningNotFound` if there is none."""
    return evening_state(session, token)[0]


def evening_state(
    session: orm.Session, token: str
) -> tuple[tuple[tuple[int, int, int], ...], bool, int | None]:
    """The evening's :func:`evening_positions`, whether it is closed and how many places of
    its hidden standings are revealed: one light query."""
    rows = session.execute(_POSITIONS, {"token": token}).all()
    if not rows:
        raise EveningNotFound(token)
    positions = tuple((r, n, seq) for r, n, seq, _closed, _shown in rows if r is not None)
    return positions, rows[0].closed_at is not None, rows[0].revealed


def set_revealed(session: orm.Session, evening: LoadedEvening, revealed: int | None) -> None:
    """How many places of the hidden standings are shown (None: none, no reveal); the caller
    commits."""
    store.moved(session, evening_id=evening.id)
    session.execute(
        sa.update(models.Evening).where(models.Evening.id == evening.id).values(revealed=revealed)
    )


def set_closed(session: orm.Session, evening: LoadedEvening, closed: bool) -> None:
    """Close the evening (now) or open it again; the caller commits."""
    store.moved(session, evening_id=evening.id)
    session.execute(
        sa.update(models.Evening)
        .where(models.Evening.id == evening.id)
        .values(closed_at=_now() if closed else None)
    )


#: Evenings' setups and plans as read and checked, by the evening's token and what was stored.
_READ: LRUCache[tuple[EveningSetup, Plan]] = LRUCache(512)


def _setup_and_plan(token: str, stored: Mapping[str, Any]) -> tuple[EveningSetup, Plan]:
    """The evening's setup and plan from what is stored, checked once per process (the
    evening's page and its club's reload it after every deal)."""
    key = (token, json.dumps(stored, sort_keys=True))
    found = _READ.get(key)
    if found is None:
        setup = EveningSetup.from_dict(stored)
        found = (setup, read_plan(stored.get("plan"), setup))
        _READ.put(key, found)
    return found


def load_evening(session: orm.Session, token: str, *, keep: bool = True) -> LoadedEvening:
    """The evening at ``token`` with every started table's game (:class:`EveningNotFound`);
    at most three queries (see the module's docstring). Without ``keep``, its games replayed
    are not kept for the next request (:func:`scorekeeper.store.load_rows`)."""
    row = session.execute(_EVENING, {"token": token}).first()
    if row is None:
        raise EveningNotFound(token)
    setup, plan = _setup_and_plan(row.token, row.setup)
    tables = session.execute(_TABLES, {"evening_id": row.id}).all()
    try:
        loaded = store.load_rows(session, tables, keep=keep)
    except store.GameNotFound:
        raise EveningNotFound(token) from None
    games = {(t.round, t.number): game for t, game in zip(tables, loaded, strict=True)}
    seed = row.setup.get("seed", 0)
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    return LoadedEvening(
        row.id,
        row.token,
        row.created_at,
        setup,
        plan,
        games,
        seed,
        closed_at=row.closed_at,
        revealed=row.revealed,
    )


def start_round(
    session: orm.Session, evening: LoadedEvening, round_: int, first_dealers: Sequence[int]
) -> LoadedEvening:
    """Make the games of round ``round_``'s tables (each seated as the plan says, its first
    dealer from ``first_dealers``), all in one transaction. Rounds start in order: RuleError
    for a later one; :class:`RoundStarted` when this one was started already (by another
    phone), with the evening as it is now."""
    if (round_, 1) in evening.games:
        raise RoundStarted(evening, round_)
    if evening.next_round != round_:
        raise RuleError(T_("Start round %(n)s first.", n=evening.started + 1), field="round")
    tables = evening.tables(round_)
    setups = [
        evening.setup.table_setup(evening.names(table.seats), dealer)
        for table, dealer in zip(tables, first_dealers, strict=True)
    ]
    made = _insert(
        session,
        evening,
        [
            (round_, table.number, setup, (), ())
            for table, setup in zip(tables, setups, strict=True)
        ],
    )
    if made is None:
        raise RoundStarted(load_evening(session, evening.token), round_)
    return LoadedEvening(
        evening.id,
        evening.token,
        evening.created_at,
        evening.setup,
        evening.plan,
        {**evening.games, **made},
        evening.seed,
        closed_at=evening.closed_at,
        revealed=evening.revealed,
    )


#: A table's game to store: round, table number, setup, events, their times and (optionally)
#: who entered each event, and then whether its phones confirm each other's entries (else as
#: the evening's setup says) and who confirmed which.
TableGame = (
    tuple[int, int, Any, Sequence[Event], Sequence[datetime | None]]
    | tuple[int, int, Any, Sequence[Event], Sequence[datetime | None], Sequence[str | None]]
    | tuple[
        int,
        int,
        Any,
        Sequence[Event],
        Sequence[datetime | None],
        Sequence[str | None],
        bool,
        Mapping[int, Collection[str]],
    ]
)


def table_game(round_: int, number: int, game: Any) -> TableGame:
    """The table's game of an imported record (a :class:`~scorekeeper.records.GameRecord`),
    to store: its log, who entered and who confirmed each entry."""
    return (
        round_,
        number,
        game.setup,
        game.events,
        game.times,
        game.seats,
        game.confirms,
        game.confirmed,
    )


def _insert(
    session: orm.Session,
    evening: LoadedEvening,
    tables: Sequence[TableGame],
    replayed_already: Sequence[Played[Any]] | None = None,
) -> dict[tuple[int, int], LoadedGame] | None:
    """Store these tables' games (each replayed first, unless ``replayed_already`` gives each
    one's replay: RuleError before anything is written) in one transaction; None when the
    unique key says a table is already there."""
    kind = evening.setup.kind
    rules = evening.setup.game
    played = (
        list(replayed_already)
        if replayed_already is not None
        else [rules.replay(table[2], tuple(table[3])) for table in tables]
    )
    made = {}
    try:
        # The club whose evening this is (if it is a club's) moves on first, and marks the
        # evening changed: its pages show its rounds, and a second writer to the club waits
        # until this one has committed (see :mod:`scorekeeper.clubs.store`).
        store.moved(session, evening_id=evening.id)
        for table, replayed in zip(tables, played, strict=True):
            round_, number, setup, events, times = table[:5]
            seats = table[5] if len(table) >= 6 else ()
            confirms = table[6] if len(table) == 8 else evening.setup.confirms
            confirmed = table[7] if len(table) == 8 else {}
            game = store.add_game(
                session,
                kind,
                setup,
                tuple(events),
                times,
                replayed,
                seats=seats,
                confirms=confirms,
                confirmed=confirmed,
            )
            session.add(
                models.EveningTable(
                    evening_id=evening.id, round=round_, number=number, game_id=game.id
                )
            )
            made[round_, number] = game
        session.commit()
    except IntegrityError:
        session.rollback()
        return None
    except Exception:
        session.rollback()
        raise
    return {at: store.kept(game) for at, game in made.items()}


def import_evening(
    session: orm.Session,
    setup: EveningSetup,
    plan: Plan,
    seed: int,
    tables: Sequence[TableGame],
    closed_at: datetime | None = None,
    replayed: Sequence[Played[Any]] | None = None,
) -> LoadedEvening:
    """Store a whole evening at once (an imported record): the evening, its plan and every
    table's game with its log (and when it was closed, if it was), in one transaction — all of
    it or, on any error, nothing. ``replayed``: each table's log as a check already replayed
    it (a record read), so it is not replayed again."""
    row = models.Evening(
        token=store.new_token(),
        kind=setup.kind,
        setup=_stored_setup(setup, plan, seed),
        created_at=_now(),
        closed_at=closed_at,
    )
    try:
        session.add(row)
        session.flush()
        evening = LoadedEvening(row.id, row.token, row.created_at, setup, plan, {})
        made = _insert(session, evening, tables, replayed)  # commits both, or rolls both back
    except Exception:
        session.rollback()
        raise
    if made is None:  # pragma: no cover - a fresh evening has no tables to clash with
        raise RuntimeError("An imported evening's tables clashed.")
    return LoadedEvening(
        row.id, row.token, row.created_at, setup, plan, made, seed, closed_at=closed_at
    )


@dataclass(frozen=True)
class Seat:
    """Where a table's game belongs in its evening: the evening's token and name, the round and
    the table number (from 1)."""

    token: str
    name: str
    round: int
    table: int


_SEAT = (
    sa.select(
        models.Evening.token,
        models.Evening.setup,
        models.EveningTable.round,
        models.EveningTable.number,
    )
    .join(models.Evening, models.Evening.id == models.EveningTable.evening_id)
    .where(models.EveningTable.game_id == sa.bindparam("game_id"))
)


def seat_of_game(session: orm.Session, game_id: int) -> Seat | None:
    """The evening, round and table a game was made for; None for a game of its own (one
    query). A game's table row is written in the same transaction as the game and never
    changes, so the answer is the same for the game's whole life."""
    row = session.execute(_SEAT, {"game_id": game_id}).first()
    if row is None:
        return None
    return Seat(row.token, str(row.setup.get("name", "")), row.round, row.number)


def _acted_at_a_seat(table: Any, game_id: Any, phone: Any) -> Any:
    """Whether ``phone`` entered or confirmed anything at a player's seat in the game
    ``game_id`` of ``table`` (an EXISTS each, on the game's own rows)."""
    return sa.exists().where(
        table.game_id == game_id,
        table.phone == phone,
        table.seat.is_not(None),
        table.seat != ORGANISER,
    )


#: Another table of a round of an evening where a phone entered or confirmed at a seat: the
#: lowest such table's number (the evening's token, the round, this table and the phone bound).
_PHONE_ELSEWHERE = (
    sa.select(models.EveningTable.number)
    .join(models.Evening, models.Evening.id == models.EveningTable.evening_id)
    .where(
        models.Evening.token == sa.bindparam("evening"),
        models.EveningTable.round == sa.bindparam("round"),
        models.EveningTable.number != sa.bindparam("table"),
        sa.or_(
            _acted_at_a_seat(models.Event, models.EveningTable.game_id, sa.bindparam("phone")),
            _acted_at_a_seat(
                models.Confirmation, models.EveningTable.game_id, sa.bindparam("phone")
            ),
        ),
    )
    .order_by(models.EveningTable.number)
    .limit(1)
)


def table_of_phone(session: orm.Session, seat: Seat, phone: str) -> int | None:
    """Another table of ``seat``'s round where ``phone`` entered or confirmed anything at a
    player's seat (its number), or None: one query over the round's games' own rows."""
    found = session.execute(
        _PHONE_ELSEWHERE,
        {"evening": seat.token, "round": seat.round, "table": seat.table, "phone": phone},
    ).first()
    return None if found is None else int(found.number)


@dataclass(frozen=True)
class EveningSummary:
    """What a browser's list of its evenings shows."""

    token: str
    name: str
    kind: str
    created_at: datetime


def summaries(session: orm.Session, tokens: Sequence[str]) -> list[EveningSummary]:
    """The evenings with these tokens, in that order (one query; unknown tokens skipped)."""
    if not tokens:
        return []
    rows = session.execute(
        sa.select(
            models.Evening.token,
            models.Evening.kind,
            models.Evening.setup,
            models.Evening.created_at,
        ).where(models.Evening.token.in_(list(tokens)))
    ).all()
    found = {
        row.token: EveningSummary(
            row.token, str(row.setup.get("name", "")), row.kind, row.created_at
        )
        for row in rows
    }
    return [found[token] for token in tokens if token in found]
