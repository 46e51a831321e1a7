"""Reading games from the log: one game by its token (:func:`load`), several by their rows or
tokens in one query for all their logs (:func:`load_rows`, :func:`load_games`), and their
confirmations. A game this process has replayed at that log position comes from
:data:`~scorekeeper.table.store.caches.REPLAYS`; one it has replayed shorter is folded on from
there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.games.confirming import ORGANISER
from scorekeeper.games.events import Event
from scorekeeper.games.game import Game
from scorekeeper.games.registry import UnknownGame, game_for
from scorekeeper.table.store.caches import POSITIONS, REPLAYS, kept
from scorekeeper.table.store.loaded import Confirmed, GameNotFound, LoadedGame, loaded_game

#: How long a game's log is (a scalar subquery on the game's row).
EVENT_COUNT = (
    sa.select(sa.func.count(models.Event.id))
    .where(models.Event.game_id == models.Game.id)
    .scalar_subquery()
)

#: How many confirmations a game that confirms has (0, not counted, for any other game).
CONFIRMATION_COUNT = sa.case(
    (
        models.Game.confirms,
        sa.select(sa.func.count(models.Confirmation.id))
        .where(models.Confirmation.game_id == models.Game.id)
        .scalar_subquery(),
    ),
    else_=0,
)

#: A game's row as the pages need it, the length of its log (``seq``) and how many
#: confirmations it has (``confirmations``: their sum is its polled position).
ROW_AND_LENGTH = (
    models.Game.token,
    models.Game.kind,
    models.Game.setup,
    models.Game.created_at,
    models.Game.confirms,
    EVENT_COUNT.label("seq"),
    CONFIRMATION_COUNT.label("confirmations"),
)

#: A game's row and the length of its log, by token: one query (built once).
_GAME_AND_LENGTH = sa.select(models.Game.id, *ROW_AND_LENGTH).where(
    models.Game.token == sa.bindparam("token")
)


#: A game's log, in order.
_LOG = (
    sa.select(
        models.Event.kind,
        models.Event.data,
        models.Event.created_at,
        models.Event.seat,
        models.Event.phone,
    )
    .where(models.Event.game_id == sa.bindparam("game_id"))
    .order_by(models.Event.seq)
)


def load(session: orm.Session, token: str, kind: str | None = None) -> LoadedGame:
    """The game at ``token`` (of ``kind``, when given): one query for the game row and the
    length of its log, a second for the log only when this process has not replayed it yet.

    Raises :class:`GameNotFound` for an unknown token, a game of another kind, or a kind this
    app does not know.
    """
    row = session.execute(_GAME_AND_LENGTH, {"token": token}).first()
    if row is None:
        raise GameNotFound(token)
    if kind is not None and row.kind != kind:
        raise GameNotFound(token)
    POSITIONS.put(token, row.seq + row.confirmations)
    cached = REPLAYS.get(token, row.seq)
    if cached is not None:
        return _confirmed_now(session, cached, row.confirmations)
    try:
        rules = game_for(row.kind)
    except UnknownGame:
        raise GameNotFound(token) from None
    confirmed = confirmations(session, [row.id])[row.id] if row.confirmations else None
    return replayed(row, rules, session.execute(_LOG, {"game_id": row.id}).all(), confirmed)


def replayed(
    row: Any,
    rules: Game[Any, Any],
    entries: Sequence[Any],
    confirmed: Confirmed | None = None,
    keep: bool = True,
) -> LoadedGame:
    """The game of ``row`` with its log ``entries`` (kind, data, created_at, seat, phone)
    replayed once (and its ``confirmed`` entries), kept for the next request at that log
    position (unless not to ``keep``)."""
    events = tuple(Event(e.kind, e.data) for e in entries)
    times = tuple(e.created_at for e in entries)
    seats = tuple(e.seat for e in entries)
    phones = tuple(e.phone for e in entries)
    earlier = REPLAYS.longest(row.token, len(events))
    if earlier is not None and earlier.id == row.id:
        # A shorter log of the game was replayed here (another process wrote since): its
        # entries never change, so the new ones are folded onto it, one fold each.
        setup, played = earlier.setup, earlier.played
        for event in events[earlier.seq :]:
            played = rules.apply(played, event)
    else:
        setup = rules.parse_setup(row.setup)
        played = rules.replay(setup, events)
    game = loaded_game(
        row,
        setup,
        events,
        times,
        played,
        seats if any(seats) else (),
        confirmed,
        phones if any(phones) else (),
    )
    return kept(game) if keep else game


#: The confirmations of several games (their ids bound as ``ids``, an expanding list), in the
#: order they were made.
_CONFIRMATIONS = (
    sa.select(
        models.Confirmation.game_id,
        models.Confirmation.seq,
        models.Confirmation.seat,
        models.Confirmation.phone,
    )
    .where(models.Confirmation.game_id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(models.Confirmation.id)
)


def confirmations(
    bind: orm.Session | sa.Connection, game_ids: Sequence[int]
) -> dict[int, Confirmed]:
    """Which seats (and phones) confirmed which log positions, of each of these games: one
    query."""
    seats: dict[int, dict[int, set[str]]] = {game_id: {} for game_id in game_ids}
    phones: dict[int, dict[str, str]] = {game_id: {} for game_id in game_ids}
    if game_ids:
        for row in bind.execute(_CONFIRMATIONS, {"ids": list(game_ids)}):
            seats[row.game_id].setdefault(row.seq, set()).add(row.seat)
            if row.phone is not None and row.seat != ORGANISER:
                phones[row.game_id][row.phone] = row.seat
    return {
        game_id: Confirmed({seq: frozenset(by) for seq, by in by_seq.items()}, phones[game_id])
        for game_id, by_seq in seats.items()
    }


def _confirmed_now(session: orm.Session, game: LoadedGame, count: int) -> LoadedGame:
    """``game`` (replayed at its log position) with the confirmations it has now, when the row
    counted another number of them than it holds: read again, and kept."""
    if game.position - game.seq == count:
        return game
    now = confirmations(session, [game.id])[game.id]
    return kept(replace(game, confirmed=now.seats, confirmers=now.phones))


#: Several games' logs, in order (the games' ids bound as ``ids``, an expanding list).
_LOGS = (
    sa.select(
        models.Event.game_id,
        models.Event.kind,
        models.Event.data,
        models.Event.created_at,
        models.Event.seat,
        models.Event.phone,
    )
    .where(models.Event.game_id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(models.Event.game_id, models.Event.seq)
)


def game_columns() -> tuple[Any, ...]:
    """The columns :func:`load_rows` needs of each game (id, token, kind, setup, created_at and
    the length of its log as ``seq``), to select beside a query's own."""
    return tuple(_GAME_AND_LENGTH.selected_columns)


def load_rows(session: orm.Session, rows: Sequence[Any], *, keep: bool = True) -> list[LoadedGame]:
    """Several games from rows of :func:`game_columns`, in their order: those this process has
    replayed at that log position from the cache, the others' logs in **one** query together
    (not one per game). A game whose kind is not known here raises :class:`GameNotFound`.
    Without ``keep``, the games replayed are not kept for the next request (games of years
    ago, read once to derive what is kept of them: :mod:`scorekeeper.clubs.kept`)."""
    found: dict[int, LoadedGame] = {}
    missing = []
    for row in rows:
        cached = REPLAYS.get(row.token, row.seq)
        if cached is not None:
            found[row.id] = _confirmed_now(session, cached, row.confirmations)
        else:
            missing.append(row)
    if missing:
        confirmed = confirmations(session, [row.id for row in missing if row.confirmations])
        logs: dict[int, list[Any]] = {row.id: [] for row in missing}
        for entry in session.execute(_LOGS, {"ids": list(logs)}):
            logs[entry.game_id].append(entry)
        for row in missing:
            try:
                rules = game_for(row.kind)
            except UnknownGame:
                raise GameNotFound(row.token) from None
            # Only the entries that were there when the row was read: a phone may have written
            # since, and the loaded game must be the one at ``row.seq``.
            entries = logs[row.id][: row.seq]
            found[row.id] = replayed(row, rules, entries, confirmed.get(row.id), keep)
    return [found[row.id] for row in rows]


#: Several games' rows and log lengths, by token (bound as ``tokens``, an expanding list).
_GAMES = sa.select(*_GAME_AND_LENGTH.selected_columns).where(
    models.Game.token.in_(sa.bindparam("tokens", expanding=True))
)


def load_games(
    session: orm.Session, tokens: Sequence[str], *, keep: bool = True
) -> dict[str, LoadedGame]:
    """The games with these tokens (unknown ones left out), by token: two queries however many
    they are (:func:`load_rows`)."""
    if not tokens:
        return {}
    rows = session.execute(_GAMES, {"tokens": list(tokens)}).all()
    return {game.token: game for game in load_rows(session, rows, keep=keep)}
