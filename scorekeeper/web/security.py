"""Headers every response carries: what a browser may load, frame, send and keep.

A game's address is its only key (``/g/<token>``), so the headers guard it and what it opens:

* **Content-Security-Policy**: scripts, styles, images and fetches only from this server; no
  inline script or style (``static/`` holds every script and stylesheet, the charts' looks
  too); no plugins; forms post only here; and no other
  site may frame a page (so nobody can trick a player into tapping *Undo* through an invisible
  frame: ``frame-ancestors 'none'``, with ``X-Frame-Options: DENY`` for old browsers).
  A PDF gets ``frame-ancestors 'none'`` alone: Chromium shows a PDF in a page of its own making,
  with an inline style and a plugin, which a full policy would block (crbug.com/271452).
* **Referrer-Policy: no-referrer**: a link followed from a game page never carries the game's
  address to another site.
* **X-Robots-Tag: noindex, nofollow** on everything at a secret address (a game's, an
  evening's, a club's, and their pages, records and PDFs): should such an address ever be
  pasted somewhere public, a search engine is told to leave it out of its index and not to
  follow its links. The home page and the new-game pages are for everyone and say nothing.
* **X-Content-Type-Options: nosniff** on everything: an upload or a record is never run as a
  script or shown as a page because its bytes look like one.
* **Cache-Control: no-store** on every page and download that did not set its own caching:
  game pages, records, sheets and the home page (which lists this browser's games) are neither
  kept by a shared cache nor left on disk. Static files and the games' bundles keep their
  year-long caching: their addresses carry their content's hash and hold no secret.

Forms are guarded against other sites by the CSRF token in each form (bound to the signed
session cookie, which is ``SameSite=Lax``) and by the browser's ``Sec-Fetch-Site``: a form
sent from another site's page is refused before it is read. Flask-WTF's own check of the
``Referer`` of HTTPS requests is off (``WTF_CSRF_SSL_STRICT``): with ``no-referrer`` no
browser sends one, so every form sent over HTTPS would be refused.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_wtf.csrf import CSRFError

#: The policy of every page: everything from this server, nothing inline, no framing.
PAGE_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
#: The policy of a PDF: no framing, and nothing that would stop the browser's own viewer.
PDF_POLICY = "frame-ancestors 'none'"

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def policy_for(mimetype: str | None) -> str:
    """The Content-Security-Policy of a response of this type."""
    return PDF_POLICY if mimetype == "application/pdf" else PAGE_POLICY


#: The addresses that are keys, a game's, an evening's and a club's, and all beneath them.
SECRET_ADDRESSES = ("/g/", "/e/", "/c/")


def add_headers(response: Response) -> Response:
    """Add the security headers to ``response`` (a view's own values are kept)."""
    headers = response.headers
    for name, value in HEADERS.items():
        headers.setdefault(name, value)
    if request.path.startswith(SECRET_ADDRESSES):
        headers.setdefault("X-Robots-Tag", "noindex, nofollow")
    headers.setdefault("Content-Security-Policy", policy_for(response.mimetype))
    if "Cache-Control" not in headers:
        response.cache_control.no_store = True
        response.cache_control.private = True
    return response


#: ``Sec-Fetch-Site`` of a request that another site's page made.
OTHER_SITES = frozenset({"cross-site", "same-site"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def refuse_other_sites() -> None:
    """A form sent from another site's page: refused like a form without its CSRF token.
    (``same-origin``, ``none`` — typed or bookmarked — and no header at all, from an older
    browser or a script, are left to the CSRF token.)"""
    if request.method in SAFE_METHODS:
        return
    if request.headers.get("Sec-Fetch-Site", "").lower() in OTHER_SITES:
        raise CSRFError("The form was sent from another site.")


def init_app(app: Flask) -> None:
    app.config.setdefault("WTF_CSRF_SSL_STRICT", False)
    app.before_request(refuse_other_sites)
    app.after_request(add_headers)
