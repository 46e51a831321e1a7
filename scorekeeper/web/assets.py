"""One stylesheet and one script per page, whatever the game.

Every page loads ``static/app.css`` and ``static/app.js``. A game whose pages need more (the
Klaberjass card picker) keeps it in ``static/<kind>.css`` and ``static/<kind>.js``; its pages
load ``/assets/<kind>.css`` and ``/assets/<kind>.js`` instead: the shared file and the game's
own, served as one. So a game page still loads in four requests (HTML, CSS, JS, icon), and one
game's styles and scripts weigh nothing on another game's pages (the page budget: 30 KB).

A game's templates say ``{% block assets %}{{ game_assets("klaberjass") }}{% endblock %}``, and
its :class:`~scorekeeper.web.pages.GamePages` says ``own_assets=True``.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, url_for
from markupsafe import Markup

from scorekeeper.web.pages import has_pages, pages_for

bp = Blueprint("assets", __name__)

MIMETYPES = {"css": "text/css", "js": "text/javascript"}


#: What a bundle leaves out of its files: comments and indentation are for the people who read
#: the files (CSS ``/* … */``; JS lines that are only a ``//`` comment).
_COMMENTS = {"css": re.compile(rb"/\*.*?\*/", re.S), "js": re.compile(rb"^[ \t]*//[^\n]*\n", re.M)}
_INDENT = re.compile(rb"^[ \t]+", re.M)
#: CSS reads the same without the spaces and line breaks around its punctuation (``{ } ; ,``
#: and after a ``:``) and the last ``;`` of a rule: about 1.3 kB of every game page. (The
#: stylesheets hold no strings or ``url()``s that such spaces could be part of; a test checks.)
_CSS_SPACE = re.compile(rb"\s+")
_CSS_PUNCTUATION = re.compile(rb" ?([{};,]) ?")
_CSS_COLON = re.compile(rb": ")


def compact(data: bytes, ext: str) -> bytes:
    """``data`` without comments and indentation; CSS also without the spaces around its
    punctuation (nothing else changes: no minifier)."""
    data = _INDENT.sub(b"", _COMMENTS[ext].sub(b"", data))
    if ext == "css":
        data = _CSS_SPACE.sub(b" ", data)
        data = _CSS_COLON.sub(b":", _CSS_PUNCTUATION.sub(rb"\1", data)).replace(b";}", b"}")
        data = data.strip()
    return data


def bundle_bytes(static_folder: Path, kind: str, ext: str, parts: tuple[str, ...] = ()) -> bytes:
    """``app.<ext>``, the ``parts`` of that type, then ``<kind>.<ext>``, compacted."""
    names = ["app." + ext, *(p for p in parts if p.endswith("." + ext)), f"{kind}.{ext}"]
    return compact(b"\n".join((static_folder / name).read_bytes() for name in names), ext)


def _bundle(kind: str, ext: str) -> tuple[bytes, str]:
    """The bundle and its version (a content hash): read once, or every time when debugging."""
    cache: dict[tuple[str, str], tuple[bytes, str]]
    cache = current_app.extensions.setdefault("scorekeeper.assets", {})
    if (kind, ext) not in cache or current_app.debug:
        folder = Path(current_app.static_folder or "static")
        data = bundle_bytes(folder, kind, ext, pages_for(kind).bundle_parts)
        cache[kind, ext] = (data, hashlib.sha256(data).hexdigest()[:10])
    return cache[kind, ext]


@bp.get("/assets/<kind>.<ext>")
def bundle(kind: str, ext: str) -> Response:
    """A game's bundle; cached like the static files (its address carries its version)."""
    if not (has_pages(kind) and pages_for(kind).own_assets) or ext not in MIMETYPES:
        abort(404)
    data, version = _bundle(kind, ext)
    response = Response(data, mimetype=MIMETYPES[ext])
    response.set_etag(version)
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(f"{kind}.{ext}") or 0
    return response.make_conditional(request)


def game_assets(kind: str) -> Markup:
    """The stylesheet and script tags of a game's pages (its bundles, versioned by content)."""
    css, js = (
        url_for("assets.bundle", kind=kind, ext=ext, v=_bundle(kind, ext)[1]) for ext in MIMETYPES
    )
    return Markup(f'<link rel="stylesheet" href="{css}">\n<script src="{js}" defer></script>')
