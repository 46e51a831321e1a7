"""The pages a request gets when it goes wrong: not found, too large, an expired form, a fault."""

from __future__ import annotations

from flask import Flask, render_template
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError

from scorekeeper.db import db


def init_app(app: Flask) -> None:
    app.register_error_handler(404, not_found)
    app.register_error_handler(413, too_large)
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(500, server_error)


def _page(title: str, message: str, status: int) -> tuple[str, int]:
    return render_template("error.html", title=title, message=message), status


def not_found(_error: Exception) -> tuple[str, int]:
    return _page(
        _("Not found"),
        _("There is no game at this address. Check the link, or start a new game."),
        404,
    )


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
