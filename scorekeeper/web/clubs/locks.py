"""Finished means finished, closed means closed, in a club's evening: once a table's game is over
and the organiser has started a later round, or once the organiser has closed the evening, only
the organiser (the club's PIN on this phone) may change it, and each such change goes into the
organisers' log (issue 26). Starting a round of a club's evening, which locks the finished games
of the rounds before it, is the organiser's act at any time (issue 35).

An evening of no club has no PIN to ask for: it stays open as at a kitchen table, unless it is
closed (an imported copy of a closed evening), which nobody can open again: then it is
read-only for everyone, its rounds included.

The same answer serves the writes (:func:`finished_means_finished`, through
``services.guard_writes``) and the pages (:func:`lock_of`, through ``game_locks.LOCK_CHECKS``),
which say so at their top and offer no write this phone cannot make."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, Response, g, has_request_context

from scorekeeper.clubs import services as clubs
from scorekeeper.evenings import locks
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import Text
from scorekeeper.table import services as games
from scorekeeper.web import game_locks, seats
from scorekeeper.web.clubs import organiser

#: The organisers' log's word for a change of a game the table may no longer change.
CHANGED = "change-game"


def init_app(app: Flask) -> None:
    games.guard_writes(finished_means_finished)
    evenings.guard_rounds(who_starts_rounds)
    if holds_the_pin not in seats.ORGANISER_CHECKS:
        seats.ORGANISER_CHECKS.append(holds_the_pin)
    if lock_of not in game_locks.LOCK_CHECKS:
        game_locks.LOCK_CHECKS.append(lock_of)
    app.after_request(_log_the_organisers_change)


def holds_the_pin(game: games.LoadedGame) -> bool:
    """Whether this browser holds the PIN of the club whose evening ``game`` is a table of: its
    organiser, who confirms an entry that waits (one stuck, say) as the organiser."""
    seat = evenings.seat_of(game)
    club = clubs.club_of_evening(seat.token) if seat is not None else None
    return club is not None and organiser.is_organiser(club)


@dataclass(frozen=True)
class _Locked:
    """Why ``game`` is locked, the club whose organiser may change it all the same (None: no
    one may) and where the game sits in its evening."""

    reason: Text
    club: clubs.LoadedClub | None
    seat: evenings.Seat


def _locked(game: games.LoadedGame) -> _Locked | None:
    """The lock on ``game``, whoever asks; None while it is its table's to change (and always
    outside a request: the command line, a test's own calls, have no phone to ask)."""
    if not has_request_context():
        return None
    seat = evenings.seat_of(game)
    if seat is None:
        return None
    closed, started = evenings.locks(seat.token)
    reason: Text | None = None
    if closed:
        reason = locks.closed()
    elif started > seat.round:  # (whether it is over is asked only then: a page asks this too)
        finished = game.rules.scoreboard(game.state).finished
        reason = locks.after_its_round(seat.round, finished, started)
    if reason is None:
        return None
    club = clubs.club_of_evening(seat.token)
    if club is None:  # no organiser: only a closed evening is locked, and for good
        return _Locked(locks.closed_for_good(), None, seat) if closed else None
    return _Locked(reason, club, seat)


def lock_of(game: games.LoadedGame) -> game_locks.Lock | None:
    """The lock on ``game`` as this browser's pages show it (nothing is logged)."""
    found = _locked(game)
    if found is None:
        return None
    return game_locks.Lock(
        found.reason, found.club is not None and organiser.is_organiser(found.club)
    )


def finished_means_finished(game: games.LoadedGame) -> RuleError | str | None:
    """Why this phone may not change ``game`` (a write checks it first); the organiser's seat
    when the organiser's PIN lets the change through a lock; else None."""
    found = _locked(game)
    if found is None:
        return None
    if found.club is not None and organiser.is_organiser(found.club):
        g.organisers_change = (found.club, found.seat)
        return games.ORGANISER
    return games.Locked(found.reason)


def who_starts_rounds(evening: evenings.LoadedEvening) -> RuleError | None:
    """Why this phone may not start a round of ``evening``: a club's evening's rounds are its
    organiser's to start, and a closed evening of no club starts none; else None."""
    if not has_request_context():
        return None
    club = clubs.club_of_evening(evening.token)
    if club is None:
        return games.Locked(locks.closed_for_good()) if evening.closed_at else None
    if organiser.is_organiser(club):
        return None
    return games.Locked(locks.rounds_are_the_organisers())


def _log_the_organisers_change(response: Response) -> Response:
    """The organiser's change of a locked game, logged once it went in."""
    found = g.pop("organisers_change", None)
    if found is not None and response.status_code < 400:
        club, seat = found
        detail = f"{seat.name} ({seat.round}:{seat.table})"
        clubs.log(club, CHANGED, detail, organiser.session_id())
    return response
