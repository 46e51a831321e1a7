"""The poll, answered before Flask: every phone at every table asks for its game's log length
every two seconds, so this one request is served by a few lines of WSGI — one indexed query on a
pooled connection, a fixed JSON body, no session, no language, no template.

The phones at one table ask about the same game: a length this process read or wrote less than
``POLL_FRESH_SECONDS`` (1 s) ago is answered without asking the database again. A write through
this process is in that answer at once; one through another process on the same database (a
club server running several) within that second, on top of the phones' two.

Everything else (and the poll itself when the database cannot answer) goes on to the app, whose
``/g/<token>/seq`` route gives the same answer the slow way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.table import store
from scorekeeper.web import bounds, security

#: ``/g/<token>/seq``: the poll's address (a token as the app's routes read one).
POLL_PATH = re.compile(rf"/g/({bounds.TOKEN})/seq")

#: What every answer of the poll says besides its body: never cache it, never sniff it, never
#: frame it, never pass its address on. The headers every response carries
#: (:mod:`scorekeeper.web.security`, added by Flask to everything else) and a policy that allows
#: nothing at all: the answer is data, never a page.
HEADERS = (
    ("Content-Type", "application/json"),
    ("Cache-Control", "no-store"),
    *security.HEADERS.items(),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
)

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class PollFirst:
    """WSGI middleware: answers ``GET /g/<token>/seq`` itself, passes everything else on."""

    def __init__(self, app: WSGIApp, engine: sa.Engine, fresh_seconds: float = 1.0):
        self.app = app
        self.engine = engine
        self.fresh_seconds = fresh_seconds

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD")
        found = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None or method not in ("GET", "HEAD"):
            return self.app(environ, start_response)
        body: dict[str, int | str]
        try:
            status, body = "200 OK", {"seq": self.position(found.group(1))}
        except store.GameNotFound:
            status, body = "404 NOT FOUND", {"error": "not found"}
        except SQLAlchemyError:
            return self.app(environ, start_response)  # the app says what is wrong, in words
        data = json.dumps(body).encode()
        start_response(status, [*HEADERS, ("Content-Length", str(len(data)))])
        return [] if method == "HEAD" else [data]

    def position(self, token: str) -> int:
        return store.recent_position(self.engine, token, self.fresh_seconds)
