"""Finished means finished, in a club's evening: once a table's game is over and the organiser
has started a later round, or once the organiser has closed the evening, only the organiser
(the club's PIN on this phone) may change it, and each such change goes into the organisers'
log (issue 26). An evening of no club has no PIN to ask for and stays open, as before."""

from __future__ import annotations

from flask import Flask, Response, g, has_request_context

from scorekeeper import services as games
from scorekeeper.clubs import services as clubs
from scorekeeper.evenings import locks
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import RuleError
from scorekeeper.web import actions
from scorekeeper.web.clubs import organiser

#: The organisers' log's word for a change of a game the table may no longer change.
CHANGED = "change-game"


def init_app(app: Flask) -> None:
    games.guard_writes(finished_means_finished)
    if holds_the_pin not in actions.ORGANISER_CHECKS:
        actions.ORGANISER_CHECKS.append(holds_the_pin)
    app.after_request(_log_the_organisers_change)


def holds_the_pin(game: games.LoadedGame) -> bool:
    """Whether this browser holds the PIN of the club whose evening ``game`` is a table of: its
    organiser, who confirms an entry that waits (one stuck, say) as the organiser."""
    seat = evenings.seat_of(game)
    club = clubs.club_of_evening(seat.token) if seat is not None else None
    return club is not None and organiser.is_organiser(club)


def finished_means_finished(game: games.LoadedGame) -> RuleError | str | None:
    """Why this phone may not change ``game`` (a write checks it first); the organiser's seat
    when the organiser's PIN lets the change through a lock; else None."""
    if not has_request_context():  # the command line, a test's own calls: no phone to ask
        return None
    seat = evenings.seat_of(game)
    if seat is None:
        return None
    positions, closed = evenings.state(seat.token)
    started = max((r for r, _table, _seq in positions), default=0)
    finished = game.rules.scoreboard(game.state).finished
    reason = locks.closed() if closed else locks.after_its_round(seat.round, finished, started)
    if reason is None:
        return None
    club = clubs.club_of_evening(seat.token)
    if club is None:
        return None
    if organiser.is_organiser(club):
        g.organisers_change = (club, seat)
        return games.ORGANISER
    return RuleError(reason)


def _log_the_organisers_change(response: Response) -> Response:
    """The organiser's change of a locked game, logged once it went in."""
    found = g.pop("organisers_change", None)
    if found is not None and response.status_code < 400:
        club, seat = found
        detail = f"{seat.name} ({seat.round}:{seat.table})"
        clubs.log(club, CHANGED, detail, organiser.session_id())
    return response
