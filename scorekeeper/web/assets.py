"""One stylesheet and one script per page, whatever the game.

Every page loads ``static/app.css`` and ``static/app.js``. A game whose pages need more (the
Klaberjass card picker) keeps it in ``static/<kind>.css`` and ``static/<kind>.js``; its pages
load ``/assets/<kind>.css`` and ``/assets/<kind>.js`` instead: the shared file and the game's
own, served as one. So a game page still loads in four requests (HTML, CSS, JS, icon), and one
game's styles and scripts weigh nothing on another game's pages (the page budget: 30 KB).

A game's templates say ``{% block assets %}{{ game_assets("klaberjass") }}{% endblock %}``, and
its :class:`~scorekeeper.web.pages.GamePages` says ``own_assets=True``.

Pages that are not a game's have styles of their own the same way (:data:`PAGE_STYLES`): the
club evenings' pages load ``/assets/evening.css`` (``app.css`` and ``evening.css`` as one), so
that they too load in four requests at most (:func:`page_style`).

Every page links the app's manifest (:func:`manifest_url`), so a phone that arrived by a game's
QR code can install the app from there. It is ``static/manifest.json`` said in the page's
language and with its icons' versioned addresses, served as ``application/manifest+json``
(:func:`manifest`). A browser fetches it only when it considers installing the app: it never
holds up the page.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import rjsmin
from flask import Blueprint, Response, abort, current_app, request, url_for
from markupsafe import Markup

from scorekeeper.languages import locales
from scorekeeper.web.pages import has_pages, pages_for

bp = Blueprint("assets", __name__)

MIMETYPES = {"css": "text/css", "js": "text/javascript"}
#: Pages that are not a game's with a stylesheet of their own, served after ``app.css``.
PAGE_STYLES = frozenset({"evening", "club"})


#: What a stylesheet bundle leaves out of its files: comments and indentation are for the
#: people who read the files.
_COMMENTS = re.compile(rb"/\*.*?\*/", re.S)
_INDENT = re.compile(rb"^[ \t]+", re.M)


#: In a stylesheet, the whitespace no rule needs: around braces, semicolons, commas and child
#: combinators, and after a colon (never followed by a space that matters: a selector's
#: ``a :hover`` keeps the space *before* its colon). No stylesheet here has a string with
#: these in it (``content: ": "``), which this would change.
_CSS_SPACE = re.compile(rb"\s+")
_CSS_AROUND = re.compile(rb" ?([{};,>]) ?")
_CSS_AFTER_COLON = re.compile(rb": ")


def compact(data: bytes, ext: str) -> bytes:
    """``data`` without what only its readers need. A script: its comments and the whitespace
    the language does not need (rjsmin, which reads strings and regular expressions as such;
    names stay as written). A stylesheet: its comments, indentation, the whitespace no rule
    needs and the last semicolon of each rule."""
    if ext == "js":
        script: str = rjsmin.jsmin(data.decode("utf-8"))  # rjsmin has no types: str in, str out
        return script.encode("utf-8")
    data = _INDENT.sub(b"", _COMMENTS.sub(b"", data))
    data = _CSS_SPACE.sub(b" ", data)
    data = _CSS_AFTER_COLON.sub(b":", _CSS_AROUND.sub(rb"\1", data))
    return data.replace(b";}", b"}").strip()


#: What ``app.css`` has for pages that are not a game's, between ``/* [other pages] … */`` and
#: ``/* [/other pages] */``: a game's bundle leaves it out (its pages have a 30 KB budget).
_OTHER_PAGES = re.compile(rb"/\* \[other pages\].*?/\* \[/other pages\] \*/", re.S)
#: What ``app.css`` has for game pages only, between ``/* [game pages] … */`` and
#: ``/* [/game pages] */``: the other pages' bundles (an evening's, a club's) leave it out.
_GAME_PAGES = re.compile(rb"/\* \[game pages\].*?/\* \[/game pages\] \*/", re.S)
#: A custom property's name in a stylesheet (``--accent``), as defined (``--accent:``) or used.
_PROPERTY = re.compile(rb"--([a-z][a-z0-9-]*)")


def short_properties(app_css: bytes) -> dict[bytes, bytes]:
    """What a bundle calls each custom property ``app.css`` defines for every page (its
    colours, ``--accent``, ``--accent-fg``…): ``--a``, ``--b``… in the order the file first
    names them. Bundles write them about a hundred times; their files keep the names their
    readers need. Properties set elsewhere (``--head``, by ``app.js``) keep theirs."""
    defined = re.findall(rb"--([a-z][a-z0-9-]*)\s*:", app_css)
    names = list(dict.fromkeys(defined))
    if len(names) > 26:
        raise ValueError("app.css defines more custom properties than there are letters")
    return {name: bytes([ord("a") + i]) for i, name in enumerate(names)}


def bundle_bytes(static_folder: Path, kind: str, ext: str, parts: tuple[str, ...] = ()) -> bytes:
    """``app.<ext>``, the ``parts`` of that type, then ``<kind>.<ext>``, compacted; a game's
    stylesheet without what ``app.css`` keeps for other pages (:data:`_OTHER_PAGES`), another
    page's without what it keeps for game pages (:data:`_GAME_PAGES`), and every
    stylesheet with ``app.css``'s custom properties renamed short (:func:`short_properties`)."""
    names = ["app." + ext, *(p for p in parts if p.endswith("." + ext)), f"{kind}.{ext}"]
    files = [(static_folder / name).read_bytes() for name in names]
    if ext == "css":
        marked = _OTHER_PAGES if has_pages(kind) else _GAME_PAGES
        files[0] = marked.sub(b"", files[0])
        short = short_properties(files[0])
        files = [_PROPERTY.sub(lambda m: b"--" + short.get(m[1], m[1]), data) for data in files]
    return compact(b"\n".join(files), ext)


def _bundle(kind: str, ext: str) -> tuple[bytes, str]:
    """The bundle and its version (a content hash): read once, or every time when debugging."""
    cache: dict[tuple[str, str], tuple[bytes, str]]
    cache = current_app.extensions.setdefault("scorekeeper.assets", {})
    if (kind, ext) not in cache or current_app.debug:
        folder = Path(current_app.static_folder or "static")
        parts = pages_for(kind).bundle_parts if has_pages(kind) else ()  # a page style: none
        data = bundle_bytes(folder, kind, ext, parts)
        cache[kind, ext] = (data, hashlib.sha256(data).hexdigest()[:10])
    return cache[kind, ext]


@bp.get("/assets/<kind>.<ext>")
def bundle(kind: str, ext: str) -> Response:
    """A game's bundle (or the style of :data:`PAGE_STYLES`' pages); cached like the static
    files (its address carries its version)."""
    if ext not in MIMETYPES:
        abort(404)
    page_style = kind in PAGE_STYLES and ext == "css"
    if not page_style and not (has_pages(kind) and pages_for(kind).own_assets):
        abort(404)
    data, version = _bundle(kind, ext)
    return _versioned(data, version, MIMETYPES[ext], f"{kind}.{ext}")


def _versioned(data: bytes, version: str, mimetype: str, name: str) -> Response:
    """A response whose address carries its version: cached as long as the static files."""
    response = Response(data, mimetype=mimetype)
    response.set_etag(version)
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(name) or 0
    response.make_conditional(request)  # in place (it returns the response as Werkzeug's type)
    return response


def game_assets(kind: str) -> Markup:
    """The stylesheet and script tags of a game's pages (its bundles, versioned by content)."""
    css, js = (
        url_for("assets.bundle", kind=kind, ext=ext, v=_bundle(kind, ext)[1]) for ext in MIMETYPES
    )
    return Markup(f'<link rel="stylesheet" href="{css}">\n<script src="{js}" defer></script>')


def page_style(name: str) -> Markup:
    """The stylesheet tag of pages with a style of their own (:data:`PAGE_STYLES`): the shared
    file and theirs as one, versioned by content."""
    if name not in PAGE_STYLES:
        raise LookupError(f"No page style {name!r}.")
    url = url_for("assets.bundle", kind=name, ext="css", v=_bundle(name, "css")[1])
    return Markup(f'<link rel="stylesheet" href="{url}">')


def _manifest(language: str) -> tuple[bytes, str]:
    """The manifest in ``language`` and its version (a content hash), made once per language
    (every time when debugging)."""
    cache: dict[tuple[str, str], tuple[bytes, str]]
    cache = current_app.extensions.setdefault("scorekeeper.assets", {})
    if ("manifest", language) not in cache or current_app.debug:
        folder = Path(current_app.static_folder or "static")
        manifest: dict[str, Any] = json.loads((folder / "manifest.json").read_bytes())
        words = locales.words_for(language)
        manifest["lang"] = language
        manifest["description"] = words.gettext(
            "Scorekeeper keeps score for card games played at a real table."
        )
        asset = cast(Callable[[str], str], current_app.jinja_env.globals["asset"])
        for icon in manifest["icons"]:  # beside the manifest, versioned like every asset
            icon["src"] = asset(icon["src"]).rsplit("/", 1)[1]
        data = json.dumps(manifest, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        cache["manifest", language] = (data, hashlib.sha256(data).hexdigest()[:10])
    return cache["manifest", language]


@bp.get("/static/manifest.<language>.webmanifest")
def manifest(language: str) -> Response:
    """The app's manifest in one of the app's languages, beside the static files (its icons'
    addresses are relative to it); cached like them."""
    if language not in locales.LANGUAGES:
        abort(404)
    data, version = _manifest(language)
    return _versioned(data, version, "application/manifest+json", "manifest.json")


@bp.app_template_global()
def manifest_url(language: str) -> str:
    """The address of the manifest in ``language``, versioned by its content."""
    return url_for("assets.manifest", language=language, v=_manifest(language)[1])
