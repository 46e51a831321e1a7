"""Whole pages, drawn once per game, log position and reader, then served from memory.

When a deal is entered, every phone at the table sees the log grow (the poll) and loads the
game page again: the same page, except for each phone's CSRF token. So the page is drawn once
with a placeholder where the token goes, kept, and each phone gets a copy with its own token.

A page is only kept when nothing but the game at its log position and these say what it shows:
the language, the default paper (which follows the language and the browser), the game's share
address (which follows the host the request came to). Pages with a query string, with a message
waiting to be shown (a flash), an error or an app in debug mode are drawn every time. A log
position's content never changes, so the key is safe with several processes too. The home page
is kept the same way, by the list of games it shows.

A kept page is compressed once too: the parts between the tokens are compressed when a browser
that takes gzip first asks for the page, and each reader's copy is those pieces with its own
token stored between them (:mod:`scorekeeper.web.gzip_pieces`). So kept pages travel as gzip,
even to a browser that also takes brotli (a few hundred bytes more than brotli on a game page,
but no compression at all per reader); pages drawn for one reader are compressed as any other
response (brotli where the browser takes it).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable

from flask import Response, current_app, g, request, session
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf

from scorekeeper.data.cache import LRUCache
from scorekeeper.web import gzip_pieces
from scorekeeper.web.printing import default_paper

#: How many whole pages each app keeps (some 15 KB each).
PAGES = 256

#: Drawn where a page's CSRF token goes, then replaced by each reader's own token. Random per
#: process, so that no player can type it into a page.
PLACEHOLDER = "csrf-placeholder-" + secrets.token_hex(16)


class KeptPage:
    """A page drawn with the placeholder where tokens go: its text, its parts between the
    placeholders, and those parts compressed (once, when first wanted)."""

    def __init__(self, html: str):
        self.html = html
        self.parts = [part.encode() for part in html.split(PLACEHOLDER)]
        self._compressed: list[bytes] | None = None

    def compressed(self) -> list[bytes]:
        if self._compressed is None:
            self._compressed = [gzip_pieces.deflated(part) for part in self.parts]
        return self._compressed

    def for_reader(self, token: str | None) -> ResponseReturnValue:
        """The page with ``token`` where the placeholder was: gzip put together from the
        compressed parts when the browser takes it, else the text."""
        if not _gzip_taken():
            return self.html.replace(PLACEHOLDER, token) if token is not None else self.html
        body = gzip_pieces.joined(self.parts, self.compressed(), (token or "").encode())
        return Response(body, mimetype="text/html", headers={"Content-Encoding": "gzip"})


def _gzip_taken() -> bool:
    """Whether this app compresses pages with gzip and the browser takes it."""
    config = current_app.config
    return (
        config.get("COMPRESS_REGISTER", True)
        and "gzip" in config.get("COMPRESS_ALGORITHM", ())
        and "text/html" in config.get("COMPRESS_MIMETYPES", ())
        and request.accept_encodings["gzip"] > 0
    )


def _pages() -> LRUCache[KeptPage]:
    cache = current_app.extensions.get("scorekeeper_pages")
    if cache is None:
        cache = current_app.extensions["scorekeeper_pages"] = LRUCache(PAGES)
    return cache


def _keepable(with_args: bool = False) -> bool:
    """Only a plain GET's page is kept: a POST's page shows what was sent (a refused import).
    A query string keeps a page from being kept, unless the page says it is part of its key."""
    return request.method == "GET" and not (
        current_app.debug or (request.args and not with_args) or "_flashes" in session
    )


def _html(drawn: ResponseReturnValue) -> str | None:
    """The HTML of a page drawn as ``html`` or ``(html, 200)``; None for anything else."""
    if isinstance(drawn, str):
        return drawn
    if isinstance(drawn, tuple) and drawn[1:] == (200,) and isinstance(drawn[0], str):
        return drawn[0]
    return None


def serve(
    key: Hashable, draw: Callable[[], ResponseReturnValue], *, with_args: bool = False
) -> ResponseReturnValue:
    """The page ``draw()`` gives (``html`` or ``(html, status)``), from memory when it was drawn
    for ``key`` and this request's language before. ``key`` names the game at its log position
    (or whatever else the page shows) besides the reader's language, paper and token; with
    ``with_args``, the query string is part of the key (a page that shows what it asks for)."""
    if not _keepable(with_args):
        return draw()
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    token = generate_csrf() if current_app.config.get("WTF_CSRF_ENABLED", True) else None
    args = tuple(sorted(request.args.items(multi=True))) if with_args else ()
    full_key = (key, args, str(get_locale()), default_paper())
    pages = _pages()
    page = pages.get(full_key)
    if page is None:
        if token is not None:
            setattr(g, field, PLACEHOLDER)  # every form of the page draws the placeholder
        try:
            drawn = draw()
        finally:
            if token is not None:
                setattr(g, field, token)
        html = _html(drawn)
        if html is None:
            return _with_token(drawn, token)
        page = KeptPage(html)
        pages.put(full_key, page)
    return page.for_reader(token)


def _with_token(drawn: ResponseReturnValue, token: str | None) -> ResponseReturnValue:
    """A page that is not kept, with the reader's token where its forms drew the placeholder."""
    if token is None or not isinstance(drawn, tuple) or not isinstance(drawn[0], str):
        return drawn
    return (drawn[0].replace(PLACEHOLDER, token), *drawn[1:])
