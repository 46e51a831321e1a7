"""The web layer: thin views over the store and the rules engines. This module wires it into
the app: the games' pages, the blueprints, the request hooks, the templates' filters
(:mod:`~scorekeeper.web.jinja`) and the error pages (:mod:`~scorekeeper.web.errors`)."""

from __future__ import annotations

import importlib

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect

from scorekeeper.data.db import db
from scorekeeper.server import proxy
from scorekeeper.web import bounds, compression, security
from scorekeeper.web.poll import PollFirst

csrf = CSRFProtect()

#: The games this app ships with, each a package here that gives its ``PAGES``.
BUILT_IN = ("bismarck", "klaberjass", "sviten", "free")


def register_built_in_games() -> None:
    """The games this app ships with: the one place the web layer lists them. (A game defined
    elsewhere calls :func:`scorekeeper.web.pages.register_pages` before the app is made.)"""
    from scorekeeper.web.pages import register_pages

    for kind in BUILT_IN:
        register_pages(importlib.import_module(f"{__name__}.{kind}").PAGES)


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
    # Before any route is added: every <int:...> reads a number a database column holds, every
    # other variable a token's letters; anything else is a 404, never an error of the database
    # (issue 34: web/bounds.py).
    app.url_map.converters["int"] = bounds.WholeConverter
    app.url_map.converters["default"] = bounds.TokenConverter
    from scorekeeper.web import (
        assets,
        clubs,
        entries,
        errors,
        evenings,
        home,
        jinja,
        news,
        play,
        printing,
        records,
    )
    from scorekeeper.web.pages import all_pages

    register_built_in_games()
    app.after_request(entries.redirect_for_script)
    app.register_blueprint(home.bp)
    app.register_blueprint(records.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(assets.bp)
    app.register_blueprint(evenings.bp)
    app.register_blueprint(news.bp)
    clubs.init_app(app)
    for pages in all_pages():
        app.register_blueprint(pages.blueprint)
    app.register_blueprint(play.bp)  # last: its /<kind>/new must not shadow a game's routes
    # Outermost, around ProxyFix (TRUST_PROXY): the poll's answer holds no address, so it
    # needs nothing of the proxy's headers, and skips the response hooks (it carries the same
    # security headers itself, and is too small to compress). Flask's documented way to wrap
    # the app is to assign wsgi_app, which its types declare as a method: hence the ignore.
    with app.app_context():
        fresh = float(app.config["POLL_FRESH_SECONDS"])
        app.wsgi_app = PollFirst(app.wsgi_app, db.engine, fresh)  # type: ignore[method-assign]
    jinja.init_app(app)
    errors.init_app(app)
