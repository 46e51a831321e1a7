"""Clubs' pages: a new club, its page, the organiser PIN, the register and the club's
evenings (see :mod:`~scorekeeper.web.clubs.routes`)."""

from __future__ import annotations

from flask import Flask

from scorekeeper.web.clubs import evenings, locks, organiser, records, seasons
from scorekeeper.web.clubs.routes import bp

__all__ = ["bp", "evenings", "init_app", "records", "seasons"]


def init_app(app: Flask) -> None:
    """The clubs' blueprint and the limiter of wrong PINs."""
    organiser.init_app(app)
    locks.init_app(app)
    app.register_blueprint(bp)
