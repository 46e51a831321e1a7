"""HTTPS behind a reverse proxy: ``TRUST_PROXY``.

A proxy that ends TLS (nginx, Caddy …) talks plain HTTP to Scorekeeper and says in
``X-Forwarded-Proto``/``-Host``/``-Port``/``-For`` what the phone asked for. Scorekeeper
believes those headers only when told how many proxies stand in front of it (``TRUST_PROXY``:
``true`` for one, or a number), and then only the values those proxies added (Werkzeug's
``ProxyFix``). A request that came over HTTPS then:

* builds ``https://`` addresses, so share links and QR codes say ``https://`` (``PUBLIC_URL``,
  when set, still decides the whole address: :mod:`scorekeeper.server.hosts`);
* gets a session cookie marked ``Secure`` (:func:`cookie_secure`), so it is never sent over
  plain HTTP.

Without ``TRUST_PROXY`` those headers are ignored: anyone can write them.

``scorekeeper serve`` leaves the decision to the app: under gunicorn it turns off gunicorn's
own reading of them (``secure_scheme_headers``, ``forwarded_allow_ips``); under waitress, which
removes ``X-Forwarded-*`` headers before the app sees them unless told otherwise, it tells
waitress to pass them on when ``TRUST_PROXY`` is set. With ``waitress-serve``, add
``--no-clear-untrusted-proxy-headers``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, request
from werkzeug.middleware.proxy_fix import ProxyFix

_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off", ""}


def proxy_count(value: Any) -> int:
    """How many proxies ``TRUST_PROXY`` trusts: ``false``/``0`` → 0, ``true`` → 1, or a number
    (from an environment variable, also as text). Anything else is a :class:`ValueError` whose
    message says what to write."""
    if isinstance(value, bool) or value is None:
        return int(bool(value))
    if isinstance(value, int) and value >= 0:
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE:
            return 1
        if word in _FALSE:
            return 0
        if word.isdigit():
            return int(word)
    raise ValueError(
        f"TRUST_PROXY must be true, false or the number of proxies in front of Scorekeeper, "
        f"not {value!r}."
    )


def cookie_secure(configured: bool) -> bool:
    """Whether the session cookie gets ``Secure``: when configured so, and whenever the request
    came over HTTPS (directly, or through a trusted proxy)."""
    return configured or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    """Trust ``X-Forwarded-*`` from the ``TRUST_PROXY`` nearest proxies (none by default)."""
    hops = proxy_count(app.config.get("TRUST_PROXY", False))
    if hops:
        # Flask's documented way to add WSGI middleware: the method on the app replaced (mypy
        # flags any assignment to a method).
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops
        )
