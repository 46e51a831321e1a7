"""Compressed pages, styles and scripts (Flask-Compress): brotli where the browser takes it,
gzip otherwise, nothing for a client that asks for neither.

A game page is text that repeats itself (names, scores, table rows): it travels about a third
of its size or less (``benchmarks/compression.py`` measures it). PDFs are compressed already,
and the poll's answer is too small to gain anything (``COMPRESS_MIN_SIZE``).

Flask sends a static file as a stream, and Flask-Compress would compress a stream chunk by chunk
without ever closing the file. The static files are a few kB: they are read whole (and the file
closed) before compression, so every response is compressed in one piece. Only a byte range of
a static file (206) is still sent as a stream, uncompressed.

Flask-Compress leaves every response outside 2xx as it is, but a refused form (422), a conflict
(409) and the error pages (404, 405, 500 …) are whole pages too: :class:`PagesCompress` compresses
them the same way.

Compressing a page that carries a secret (a CSRF token) is safe from BREACH-style guessing
here: no such page writes back text that another site could put into its address; what a
player typed comes back only in answer to that player's own form (a POST whose CSRF token was
checked first). The blank-sheet forms, read from the address and shown again when refused,
carry no secret.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

DEFAULTS = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_STREAMS": False,
    "COMPRESS_MIMETYPES": [
        "text/html",
        "text/css",
        "text/javascript",
        "application/json",
        "text/csv",
        "image/svg+xml",
    ],
    "COMPRESS_LEVEL": 6,  # gzip
    # Brotli 5: a first visit about 6 % smaller on the wire than with gzip, for about 0.3 ms of
    # CPU per page in the app where gzip takes 0.15 (measured on this machine). At quality 4,
    # brotli is no smaller than gzip and still slower: not worth offering.
    "COMPRESS_BR_LEVEL": 5,
    "COMPRESS_MIN_SIZE": 500,
}


class PagesCompress(Compress):
    """Flask-Compress for pages of any status. Its check takes only a 2xx; a 4xx or 5xx page is
    shown it as a 200 for that check and keeps its status. Only one without a validator (an
    ETag or a date it was modified): for those Flask-Compress would also answer a conditional
    request, with a 304, which an error never is."""

    def after_request(self, response: Response | None) -> Response:
        if response is None or response.status_code < 400 or _validated(response):
            return super().after_request(response)
        status = response.status
        response.status_code = 200
        try:
            return super().after_request(response)
        finally:
            response.status = status


def _validated(response: Response) -> bool:
    return "ETag" in response.headers or "Last-Modified" in response.headers


def read_static_file_whole(response: Response) -> Response:
    """A static file sent whole (it is small) rather than as a stream, its file closed now."""
    if request.endpoint != "static" or response.status_code != 200 or not response.is_streamed:
        return response
    stream = response.response
    response.direct_passthrough = False
    try:
        response.set_data(b"".join(response.iter_encoded()))
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return response


def init_app(app: Flask) -> None:
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    # One Compress per app: it keeps the settings of the app it was last given, so one shared
    # instance would compress every app of a process as the newest app says.
    app.extensions["scorekeeper_compress"] = PagesCompress(app)
    app.after_request(read_static_file_whole)  # registered after: runs before compression
