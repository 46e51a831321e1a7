"""Small pieces every view uses: loading a game or 404, this browser's games, share links."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any
from urllib.parse import urlsplit

from flask import Response, abort, current_app, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from jinja2 import Undefined, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from scorekeeper.data.cache import LRUCache
from scorekeeper.games.events import RuleError
from scorekeeper.games.names import unprintable
from scorekeeper.languages.i18n import language, say_here
from scorekeeper.server import hosts
from scorekeeper.server.qr import qr_svg
from scorekeeper.table import services

MY_GAMES = 20


def on_this_site(url: str) -> bool:
    """Whether ``url``, a way back a request names (``next``), is a path on this site
    (``/g/…``): never another site (``//evil.example``, ``https:…``, ``javascript:…``) nor
    anything with a control character (a line break would end the ``Location`` header and
    start another; ``urlsplit`` drops tabs and line breaks, so they are looked for first).
    Every ``next`` the app follows is checked here."""
    if unprintable(url) is not None:
        return False
    parts = urlsplit(url)
    return (
        url.startswith("/")
        and not url.startswith(("//", "/\\"))
        and not parts.scheme
        and not parts.netloc
    )


def get_game_or_404(token: str, kind: str | None = None) -> services.LoadedGame:
    """The game at ``token`` (of ``kind``, when the page is one game's), or the 404 page."""
    try:
        return services.load(token, kind)
    except services.GameNotFound:
        abort(404)
    except RuleError as error:
        # A log stored by an earlier version that this version's rules refuse: say so.
        page = render_template(
            "error.html",
            title=_("This game cannot be shown"),
            message=_(
                "One of its entries breaks a rule this version of Scorekeeper checks "
                "(%(problem)s). Nothing was changed.",
                problem=say_here(error.text),
            ),
        )
        abort(Response(page, 409))


def remember(token: str) -> None:
    """Keep the game on this browser's list (signed session cookie), newest first. When it is
    first already, the cookie is left as it is (not signed and sent again with every page)."""
    games = session.get("games", [])
    if games[:1] == [token]:
        return
    tokens = [t for t in games if t != token]
    session["games"] = [token, *tokens][:MY_GAMES]


def my_game_tokens() -> list[str]:
    tokens = session.get("games", [])
    return [t for t in tokens if isinstance(t, str)]


def url_to_share(endpoint: str, token: str, **args: Any) -> str:
    """The address of the page of ``token`` (``endpoint``: a game's, an evening's, a club's …,
    with ``args``) as other phones reach it, never localhost, never a forged host: the one place
    the pages ask :func:`scorekeeper.server.hosts.share_url`."""
    url = url_for(endpoint, token=token, _external=True, **args)
    return hosts.share_url(url, current_app.config, request.environ.get("SERVER_PORT"))


def share_qr(token: str) -> Markup:
    return qr_svg(url_to_share("play.game", token), title=_("QR code of this game's address"))


#: How many parts of pages each app keeps drawn.
PARTS = 512


def _parts() -> LRUCache[Markup]:
    """This app's parts of pages already drawn, by (template, game, log position, language,
    extras): one cache per app, so that an app never serves another's parts (the games it
    knows, its templates)."""
    cache = current_app.extensions.get("scorekeeper_parts")
    if cache is None:
        cache = current_app.extensions["scorekeeper_parts"] = LRUCache(PARTS)
    return cache


@pass_context
def game_part(context: Context, template: str, **extras: Hashable) -> Markup:
    """A part of a game's page that depends only on the game at its log position, the language
    and ``extras`` (the score sheet, the deal log): drawn once, then served from a small cache.
    A log position's content never changes, so the key is safe with several processes too.
    The part sees ``game``, ``state`` and ``extras`` (and no form: it must not carry a CSRF
    token)."""
    game = context["game"]
    extras = {name: value for name, value in extras.items() if not isinstance(value, Undefined)}
    key = (template, game.token, game.position, str(get_locale()), tuple(sorted(extras.items())))
    parts = _parts()
    part = None if current_app.debug else parts.get(key)
    if part is None:
        part = Markup(render_template(template, game=game, state=game.state, **extras))
        parts.put(key, part)
    return part


#: How many pieces of parts (deal rows, change lines) each app keeps drawn.
PIECES = 4096


def memo(*key: Hashable, caller: Callable[[], str]) -> Markup:
    """A piece of a part that one write leaves as it was (a deal's row of the log, a line of
    the changes list), drawn once per ``key`` and language, then served from a cache, so that
    the page after a write draws only what the write changed. In a template::

        {% call memo("deal row", game.token, deal) %}<tr>…</tr>{% endcall %}

    ``key`` must hold everything the piece shows (the game's address where it links to it);
    the piece must hold no form (no CSRF token) and nothing of the request."""
    cache = current_app.extensions.get("scorekeeper_pieces")
    if cache is None:
        cache = current_app.extensions["scorekeeper_pieces"] = LRUCache(PIECES)
    full_key = (key, language())
    piece = None if current_app.debug else cache.get(full_key)
    if piece is None:
        piece = Markup(caller())
        cache.put(full_key, piece)
    return piece


def page_part(template: str, **extras: Hashable) -> Markup:
    """A part of a page that is the same for every visitor with the same language and
    ``extras`` (no form with a CSRF token, no session): drawn once, then served from the cache.
    The part sees ``extras``."""
    key = (template, None, None, str(get_locale()), tuple(sorted(extras.items())))
    parts = _parts()
    part = None if current_app.debug else parts.get(key)
    if part is None:
        part = Markup(render_template(template, **extras))
        parts.put(key, part)
    return part
