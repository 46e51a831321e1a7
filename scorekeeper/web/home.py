"""Home: start a game; the games this browser started or joined. And the language switch every
page shows."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlencode, urlsplit

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.languages import i18n, locales
from scorekeeper.server import proxy
from scorekeeper.table import services
from scorekeeper.web import page_cache
from scorekeeper.web.helpers import my_game_tokens, on_this_site

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    # The page shows the browser's games as they stand (each at its log position) and its club
    # evenings (their names never change). Where each game stands is asked of the database
    # unless this process knew it less than POLL_FRESH_SECONDS ago (as the poll does), and the
    # games are loaded only when the page is drawn.
    from scorekeeper.web.evenings.blueprint import my_evening_tokens

    tokens = my_game_tokens()
    fresh = float(current_app.config["POLL_FRESH_SECONDS"])
    positions = services.recent_positions(tokens, fresh)
    games = None if positions is not None else services.my_games_now(tokens)
    if positions is None:
        positions = [(row.token, row.seq) for row, _now in games or ()]
    app_here = installs_an_app()
    key = ("home", *positions, "evenings", *my_evening_tokens(), app_here)

    def draw() -> str:
        shown = games if games is not None else services.my_games_now(tokens)
        return render_template("home.html", games=shown, installs_an_app=app_here)

    return page_cache.serve(key, draw)


def installs_an_app() -> bool:
    """Whether a browser installs Scorekeeper as an app from this page's address: over HTTPS,
    or from this very computer (a loopback address, ``localhost``: browsers trust them as they
    trust HTTPS). Over plain http on the LAN (the address ``scorekeeper serve`` prints) it only
    puts a shortcut on the home screen, and has no Screen Wake Lock either."""
    host = urlsplit("//" + request.host).hostname or ""
    if request.is_secure or host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@bp.get("/language/<lang>")
def choose_language(lang: str) -> ResponseReturnValue:
    """Speak ``lang`` from now on (a cookie) and go back to the page the switch was on. It
    changes no game, only the words; a link, so it works without JavaScript."""
    if lang not in locales.LANGUAGES:
        abort(404)
    back = request.args.get("next", "")
    response = redirect(back if on_this_site(back) else url_for("home.index"), 303)
    response.set_cookie(
        i18n.COOKIE,
        lang,
        max_age=i18n.COOKIE_AGE,
        samesite="Lax",
        httponly=True,
        secure=proxy.cookie_secure(current_app.config["SESSION_COOKIE_SECURE"]),  # as the session's
    )
    return response


@bp.app_template_global()
def language_switch(lang: str) -> str:
    """The switch's address: speak ``lang``, then come back here (to the game's or evening's
    page after a form was sent, since a form's address answers only its POST)."""
    if request.method == "GET":
        query = urlencode([(k, v) for k, v in request.args.items(multi=True) if k != "lang"])
        here = request.path + (f"?{query}" if query else "")
    elif request.view_args and "token" in request.view_args:
        # A form of an evening's page (starting a round) comes back to the evening's page.
        page = "evenings.evening" if request.blueprint == "evenings" else "play.game"
        here = url_for(page, token=request.view_args["token"])
    else:
        here = url_for("home.index")
    return url_for("home.choose_language", lang=lang, next=here)
