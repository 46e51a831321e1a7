"""Where a table's game belongs in its evening (:func:`seat_of_game`: the evening, the round,
the table) and at which other table of its round a phone entered or confirmed at a seat
(:func:`table_of_phone`); one query each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.games.confirming import ORGANISER


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
