"""The pages a request gets when it goes wrong: not found, a method an address does not take, too
large, an expired form, a fault. Each is the app's page in the reader's language (compressed as
every page is: :mod:`scorekeeper.web.compression`), never the framework's plain English one."""

from __future__ import annotations

import re

from flask import Flask, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import MethodNotAllowed

from scorekeeper.data.db import busy, db

#: The seconds a phone answered 503 (the database busy) waits before it sends again.
RETRY_AFTER = 2


def init_app(app: Flask) -> None:
    app.register_error_handler(404, not_found)
    app.register_error_handler(405, not_allowed)
    app.register_error_handler(413, too_large)
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(OperationalError, database_busy)
    app.register_error_handler(500, server_error)


def _page(title: str, message: str, status: int) -> tuple[str, int]:
    return render_template("error.html", title=title, message=message), status


def not_found(_error: Exception) -> tuple[str, int]:
    return _page(
        _("Not found"),
        _("There is no game at this address. Check the link, or start a new game."),
        404,
    )


#: The page each kind of capability address leads back to: a game's, an evening's, a club's.
_HOMES = {"g": "play.game", "e": "evenings.evening", "c": "clubs.club"}
#: An address under one of them: ``/g/<token>/record``, ``/c/<token>/members/add`` …
_UNDER = re.compile(r"/([gec])/([^/]+)/.+")


def not_allowed(error: MethodNotAllowed) -> ResponseReturnValue:
    """A request of a kind the address does not take. Opened (GET) under a game, an evening or
    a club (``/g/<token>/record``: a refused entry's page's address, reopened from the history
    or a shared link) it leads to that game's, evening's or club's page (303; a token that is
    not one gets that page's 404) rather than end there. Otherwise (``GET /import``, reached by
    typing the address a form was sent to): the page, and the methods it takes (``Allow``) as
    HTTP says."""
    under = _UNDER.fullmatch(request.path)
    if under and request.method in ("GET", "HEAD"):
        return redirect(url_for(_HOMES[under[1]], token=under[2]), 303)
    page, status = _page(
        _("Not here"),
        _(
            "This address only takes what a Scorekeeper page sends. Nothing was changed: go "
            "back to the page you came from, or start from the home page."
        ),
        405,
    )
    return page, status, dict(error.get_headers())


def too_large(_error: Exception) -> tuple[str, int]:
    return _page(_("Too large"), _("That upload is too large."), 413)


def csrf_error(_error: Exception) -> tuple[str, int]:
    return _page(
        _("Please try again"),
        _(
            "This form had expired or was not sent from Scorekeeper. Nothing was changed: "
            "go back, reload the page and send it again."
        ),
        400,
    )


def server_error(_error: Exception) -> tuple[str, int]:
    db.session.rollback()
    return _page(
        _("Something went wrong"),
        _("Nothing you entered before was lost. Reload the page and try again."),
        500,
    )


def database_busy(error: OperationalError) -> tuple[str, int, dict[str, str]]:
    """A write that could not get the database in time (another held it past the busy wait):
    503 with ``Retry-After``, and a sentence; nothing of the request was stored (its
    transaction is rolled back), so the phone keeps what was typed and sends it again
    (``static/app.js``). Any other database error is a fault (500, logged)."""
    if not busy(error):
        raise error
    db.session.rollback()
    current_app.logger.warning(
        "The database was busy: %s %s answered 503 (%s).", request.method, request.path, error.orig
    )
    page, status = _page(
        _("Busy"),
        _(
            "The server was busy and stored nothing. What you entered is kept: go back and "
            "send it again in a moment."
        ),
        503,
    )
    return page, status, {"Retry-After": str(RETRY_AFTER)}
