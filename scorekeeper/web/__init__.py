"""The web layer: thin views over the store and the rules engines."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Flask, render_template, url_for
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError, CSRFProtect

from scorekeeper import proxy
from scorekeeper.db import db
from scorekeeper.games.cards import Suit
from scorekeeper.games.sviten.melds import meld_label
from scorekeeper.web import compression, security
from scorekeeper.web.poll import PollFirst
from scorekeeper.web.whitespace import Unindent

csrf = CSRFProtect()


def register_built_in_games() -> None:
    """The games this app ships with: the one place the web layer lists them. (A game defined
    elsewhere calls :func:`scorekeeper.web.pages.register_pages` before the app is made.)"""
    from scorekeeper.web import bismarck, klaberjass, sviten
    from scorekeeper.web.pages import register_pages

    for game in (bismarck, klaberjass, sviten):
        register_pages(game.PAGES)


class SessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, its cookie ``Secure`` whenever the request came over HTTPS
    (behind a proxy: ``TRUST_PROXY``)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return proxy.cookie_secure(super().get_cookie_secure(app))


def init_app(app: Flask) -> None:
    proxy.init_app(app)
    security.init_app(app)
    compression.init_app(app)
    csrf.init_app(app)
    app.session_interface = SessionInterface()
    from scorekeeper.web import (
        actions,
        assets,
        charts,
        evenings,
        helpers,
        home,
        play,
        printing,
        records,
    )
    from scorekeeper.web.pages import all_pages, pages_for

    register_built_in_games()
    app.after_request(actions.redirect_for_script)
    app.register_blueprint(home.bp)
    app.register_blueprint(records.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(assets.bp)
    app.register_blueprint(evenings.bp)
    for pages in all_pages():
        app.register_blueprint(pages.blueprint)
    app.register_blueprint(play.bp)  # last: its /<kind>/new must not shadow a game's routes
    # Outermost, around ProxyFix (TRUST_PROXY): the poll's answer holds no address, so it
    # needs nothing of the proxy's headers, and skips the response hooks (it carries the same
    # security headers itself, and is too small to compress).
    with app.app_context():
        fresh = float(app.config["POLL_FRESH_SECONDS"])
        app.wsgi_app = PollFirst(app.wsgi_app, db.engine, fresh)  # type: ignore[method-assign]
    app.jinja_env.add_extension(Unindent)
    app.jinja_env.globals["game_assets"] = assets.game_assets
    app.jinja_env.globals["page_style"] = assets.page_style
    app.jinja_env.globals["Suit"] = Suit
    app.jinja_env.globals["asset"] = _asset_urls(app)
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["join_names"] = join_names
    app.jinja_env.filters["card"] = card_label
    app.jinja_env.globals["game_title"] = game_title
    app.jinja_env.globals["game_pages"] = all_pages
    app.jinja_env.globals["game_pages_for"] = pages_for
    app.jinja_env.globals["game_part"] = helpers.game_part
    app.jinja_env.globals["game_chart"] = charts.game_chart
    app.jinja_env.globals["evening_chart"] = charts.evening_chart
    app.jinja_env.globals["page_part"] = helpers.page_part
    app.jinja_env.globals["memo"] = helpers.memo
    app.jinja_env.globals["join_qr"] = helpers.share_qr
    app.register_error_handler(404, _not_found)
    app.register_error_handler(413, _too_large)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(500, _server_error)


def _asset_urls(app: Flask):
    """``asset("app.css")`` → ``/static/app.css?v=<content hash>``: browsers may cache static
    files for a year (``SEND_FILE_MAX_AGE_DEFAULT``) and still get a new version at once."""
    versions: dict[str, str] = {}

    def asset(filename: str) -> str:
        if filename not in versions or app.debug:
            path = Path(app.static_folder or "static") / filename
            versions[filename] = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        return url_for("static", filename=filename, v=versions[filename])

    return asset


def signed(value: int | None) -> str:
    """Scores as the sheet writes them: +2, −1, 0 (a real minus sign)."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


def game_title(kind: str) -> str:
    """The name of a game kind as the pages show it (``Klaberjass``)."""
    from scorekeeper.web.pages import pages_for

    try:
        return str(pages_for(kind).title)
    except LookupError:
        return kind.capitalize()


def card_label(code: str) -> str:
    """A card code as players read it: ``10H`` → ``10♥``; a joker → ``Joker``."""
    return meld_label([code])


def join_names(names: list[str] | tuple[str, ...]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])


def _not_found(_error):
    return render_template(
        "error.html",
        title=_("Not found"),
        message=_("There is no game at this address. Check the link, or start a new game."),
    ), 404


def _too_large(_error):
    return render_template(
        "error.html", title=_("Too large"), message=_("That upload is too large.")
    ), 413


def _csrf_error(error):
    return render_template(
        "error.html",
        title=_("Please try again"),
        message=_(
            "This form had expired or was not sent from Scorekeeper. Nothing was changed: "
            "go back, reload the page and send it again."
        ),
    ), 400


def _server_error(_error):
    db.session.rollback()
    return render_template(
        "error.html",
        title=_("Something went wrong"),
        message=_("Nothing you entered before was lost. Reload the page and try again."),
    ), 500
