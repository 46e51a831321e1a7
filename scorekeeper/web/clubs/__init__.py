"""Clubs' pages: a new club, its page, the organiser PIN, the register and the club's
evenings (see :mod:`~scorekeeper.web.clubs.routes`)."""

from __future__ import annotations

from flask import Flask

from scorekeeper.clubs import services
from scorekeeper.web.clubs import evenings, locks, organiser, records, season_prints, seasons
from scorekeeper.web.clubs.routes import bp

__all__ = ["bp", "evenings", "init_app", "records", "season_prints", "seasons"]


def init_app(app: Flask) -> None:
    """The clubs' blueprint and the limiter of wrong PINs; what a request derived of a club's
    evenings kept in the database once the request is over, and what anything else in the
    app's context derived (a command, a test) once that context ends: on the database it was
    derived from, whose connection goes back to its pool before the app's pool can be closed
    (kept until a later request, it opened a connection of a pool no longer used)."""
    organiser.init_app(app)
    locks.init_app(app)
    app.register_blueprint(bp)
    app.teardown_appcontext(_keep_derived)


def _keep_derived(_error: BaseException | None) -> None:
    services.keep_derived()
