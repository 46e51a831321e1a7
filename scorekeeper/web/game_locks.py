"""A game no longer its table's to change (a finished game of an earlier round, any game of a
closed evening): the lock on it for this browser, as the clubs' pages register the checks
(``web/clubs/locks.py``), and the answer to a request it refuses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Response, abort, g, make_response, redirect, request, url_for

from scorekeeper.games.text import Text
from scorekeeper.table import services
from scorekeeper.web.pages import pages_for


@dataclass(frozen=True)
class Lock:
    """Why a game is no longer its table's to change (its pages say it at their top) and
    whether this browser holds the authority that changes it all the same (the club's
    organiser PIN: its pages then keep every control)."""

    reason: Text
    organiser: bool = False

    @property
    def key(self) -> tuple[str, bool]:
        """What a kept page drawn under this lock is kept by."""
        return str(self.reason), self.organiser


#: Who locks a game, and how for this browser: registered by the clubs' pages
#: (``web/clubs/locks.py``); with none, no game is ever locked.
LOCK_CHECKS: list[Callable[[services.LoadedGame], Lock | None]] = []


def lock_of(game: services.LoadedGame) -> Lock | None:
    """The lock on ``game`` for this browser, or None (asked once per request and position)."""
    asked: dict[tuple[str, int], Lock | None] = g.setdefault("locks", {})
    key = (game.token, game.position)
    if key not in asked:
        found = (check(game) for check in LOCK_CHECKS)
        asked[key] = next((lock for lock in found if lock is not None), None)
    return asked[key]


def refuse_if_locked(game: services.LoadedGame) -> None:
    """Stop here a request to change ``game`` (or to open a form that would) that this
    browser may not make: a page that asked for a form goes to the game's page, a form that was
    sent gets that page (403); either says at its top why, once, and offers nothing to write.
    (The write itself checks again, :func:`services.guard_writes`.)"""
    lock = lock_of(game)
    if lock is not None and not lock.organiser:
        abort(locked_page(game, lock))


def refused_as_locked(refused: services.Refused) -> Response | None:
    """The locked page of a write refused by a lock (the game was locked after its form was
    opened: an evening closed meanwhile), or None for any other refusal."""
    if isinstance(refused.error, services.Locked):
        return locked_page(refused.game, Lock(refused.error.text))
    return None


def locked_page(game: services.LoadedGame, lock: Lock) -> Response:
    """The answer to a request ``lock`` refuses (see :func:`refuse_if_locked`)."""
    if request.method == "GET":
        return make_response(redirect(url_for("play.game", token=game.token), 303))
    g.setdefault("locks", {})[(game.token, game.position)] = lock
    return make_response(pages_for(game.kind).render_game(game, 403))
