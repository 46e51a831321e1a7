"""Evenings in the database: make one, load one with every table's game, start a round, import
a whole evening.

An evening's row holds its setup and its seating plan (JSON); each table of a started round is a row
naming an ordinary game (:mod:`scorekeeper.table.store` keeps its log). Loading an evening with all
its games takes at most three queries, however many tables it has: the evening, its tables with each
game's row and log length, and — only for games this process has not replayed at that length — their
logs, all in one (:func:`scorekeeper.table.store.load_rows`).

An evening as loaded is :mod:`scorekeeper.evenings.loaded`'s, the light reads its pages are kept
by :mod:`scorekeeper.evenings.light_reads`'s, a table's place and a phone's table
:mod:`scorekeeper.evenings.table_seats`'.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper.data import models
from scorekeeper.data.cache import LRUCache

# Importable from here as before the split: clubs/services.py reads evening_store.evening_state.
from scorekeeper.evenings.light_reads import evening_state as evening_state
from scorekeeper.evenings.loaded import EveningNotFound, LoadedEvening, RoundStarted
from scorekeeper.evenings.seating import Plan
from scorekeeper.evenings.setup import EveningSetup, read_plan
from scorekeeper.games.events import Event, Played, RuleError
from scorekeeper.games.text import T_
from scorekeeper.table import store
from scorekeeper.table.store import LoadedGame


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _stored_setup(setup: EveningSetup, plan: Plan, seed: int) -> dict[str, Any]:
    return {**setup.to_dict(), "seed": seed, "plan": plan.to_dict()}


def create_evening(
    session: orm.Session,
    setup: EveningSetup,
    seed: int = 0,
    first_dealers: Callable[[int], Sequence[int]] | None = None,
) -> LoadedEvening:
    """A new evening with its plan (made now, and kept: a later planner never reseats it);
    with ``first_dealers`` (each table's first dealer, given how many tables a round has), its
    first round started at once (:func:`start_round`), in the same transaction: both
    committed, or on any error neither."""
    plan = setup.plan(seed)
    row = models.Evening(
        token=store.new_token(),
        kind=setup.kind,
        setup=_stored_setup(setup, plan, seed),
        created_at=_now(),
    )
    session.add(row)
    if first_dealers is None:
        session.commit()
        return LoadedEvening(row.id, row.token, row.created_at, setup, plan, {}, seed)
    try:
        session.flush()  # its id, for its tables
        made = LoadedEvening(row.id, row.token, row.created_at, setup, plan, {}, seed)
        dealers = first_dealers(len(made.tables(1)))
        return start_round(session, made, 1, dealers)  # commits the evening with its round
    except BaseException:
        session.rollback()
        raise


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
    are not kept for the next request (:func:`scorekeeper.table.store.load_rows`)."""
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
        # until this one has committed (see :func:`scorekeeper.clubs.store_club.begin_write`).
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
