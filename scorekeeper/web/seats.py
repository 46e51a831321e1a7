"""Who is at this phone in a game (issues 26 and 35): the seat it says it is at, kept in its
session for each of its latest games, and the seat it holds once it has entered or confirmed
there.

A seat is one of the game's own ids — ``"0"``, ``"1"``…: a player, or in a game of pairs a
pair — and nothing else (not ``"00"``, a full-width ``"０"`` or ``"²"``). In a game that
confirms, a phone's seat is fixed once it has entered or confirmed anything at it: the game's
log knows which phone made each entry and each confirmation (:mod:`scorekeeper.web.phone`), so
the seat it held is its seat whatever its session says later (an older cookie sent again); only
the organiser (the club's PIN on this phone) changes it. In an evening whose tables confirm, a
phone that entered or confirmed at a seat of one table of a round is at that table: it takes no
seat at another table of the round, and writes there at none. In a game that does not confirm,
a seat only says who entered what, and changes freely (one phone passed round the table).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import session
from flask_babel import gettext as _

from scorekeeper.evenings import services as evenings
from scorekeeper.table import services
from scorekeeper.web.formatting import seat_label
from scorekeeper.web.phone import known_phone_id, phone_id

#: Whether this browser holds the organiser's PIN for a game (the game of a club's evening):
#: registered by the clubs' pages (``web/clubs/locks.py``); with none, nobody does.
ORGANISER_CHECKS: list[Callable[[services.LoadedGame], bool]] = []

#: How many games' seats a phone's session keeps (its signed cookie stays small).
SEATS_KEPT = 20


def is_organiser(game: services.LoadedGame) -> bool:
    """Whether this browser holds the organiser's PIN for ``game``."""
    return any(check(game) for check in ORGANISER_CHECKS)


def seat_names(game: services.LoadedGame) -> tuple[str, ...]:
    """Who a phone can say it is, by seat number: each player, or in a game of pairs each pair
    (seats 0 and 2, 1 and 3: ``Anna & Carla``)."""
    players = tuple(game.state.players)
    if game.rules.pairs and len(players) == 4:
        return tuple(f"{players[k]} & {players[k + 2]}" for k in range(2))
    return players


def seat_ids(game: services.LoadedGame) -> tuple[str, ...]:
    """The game's seats as a phone names them: ``"0"``, ``"1"``… one for each of
    :func:`seat_names`, exactly so."""
    return tuple(str(k) for k in range(len(seat_names(game))))


def said_seat(game: services.LoadedGame) -> str | None:
    """The seat this phone's session says it is at in ``game``: one of the game's
    :func:`seat_ids`, or None."""
    said = dict(_seats_kept()).get(game.token)
    return said if said in seat_ids(game) else None


def held_seat(game: services.LoadedGame) -> str | None:
    """In a game that confirms, the seat this phone has entered or confirmed at (its log says
    so), or None."""
    phone = known_phone_id() if game.confirms else None
    return game.seat_held_by(phone) if phone is not None else None


def phone_seat(game: services.LoadedGame) -> str | None:
    """The seat this phone is at in ``game``: the one it holds (:func:`held_seat`), else the
    one its session says; the organiser's phone is where its session says."""
    said, held = said_seat(game), held_seat(game)
    if held is None or held == said:
        return said
    return said if is_organiser(game) else held


@dataclass(frozen=True)
class AtGame:
    """This phone at a game, for a write: the seat it writes at (None: none), its id as the
    log keeps it, and in an evening whose tables confirm, another table of the round where it
    entered or confirmed at a seat (its number; None: none)."""

    seat: str | None
    phone: str
    elsewhere: int | None = None


def at_game(game: services.LoadedGame) -> AtGame:
    """This phone at ``game`` (:class:`AtGame`): a phone of another table of the round
    (holding no seat here) writes at none. Asks the database about the round's other tables
    only in an evening's game that confirms, and only for a phone that holds no seat here."""
    phone = phone_id()
    seat = phone_seat(game)
    elsewhere = evenings.table_elsewhere(game, phone) if held_seat(game) is None else None
    return AtGame(None if elsewhere is not None else seat, phone, elsewhere)


def why_seat_stays(game: services.LoadedGame) -> str | None:
    """Why this phone may not change its seat in ``game`` now, in words (None: it may): it
    entered or confirmed there at a seat, or at another table of the round. The organiser's
    phone may."""
    held = held_seat(game)
    elsewhere = None if held is not None else evenings.table_elsewhere(game, known_phone_id())
    if (held is None and elsewhere is None) or is_organiser(game):
        return None
    if held is not None:
        return str(
            _(
                "This phone has entered or confirmed as %(name)s in this game, so it stays at that "
                "seat: another phone confirms what it enters. Only the organiser, with the club's "
                "PIN, can change it.",
                name=seat_label(held, seat_names(game)) or held,
            )
        )
    return str(
        _(
            "This phone has entered or confirmed at table %(table)d of this round: it takes no "
            "seat at another table of the round.",
            table=elsewhere,
        )
    )


def choose_seat(token: str, seat: str | None) -> None:
    """Keep in this phone's session that it is at ``seat`` in the game at ``token`` (None: at
    no seat), the most recent :data:`SEATS_KEPT` games only. Nothing of it goes into the
    game's log but the seat of each entry this phone makes."""
    kept = [pair for pair in _seats_kept() if pair[0] != token]
    if seat is not None:
        kept.append((token, seat))
    session["seats"] = [list(pair) for pair in kept[-SEATS_KEPT:]]


def _seats_kept() -> list[tuple[str, str]]:
    """The (game, seat) pairs this phone's session keeps, oldest first. A list, not a mapping:
    the session's JSON sorts a mapping's keys, which would lose which games are the latest (a
    session from before keeps its mapping, read in whatever order it has)."""
    seats = session.get("seats")
    pairs = seats.items() if isinstance(seats, dict) else seats if isinstance(seats, list) else ()
    return [
        (pair[0], pair[1])
        for pair in pairs
        if isinstance(pair, list | tuple)
        and len(pair) == 2
        and all(isinstance(p, str) for p in pair)
    ]
