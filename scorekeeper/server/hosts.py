"""Which address a game's share link and QR code may show: never one a request merely claims.

A request's ``Host`` header is whatever the sender wrote. Shown back as the share link, a
forged one would send the other phones to someone else's server. So the link uses, in order:

1. ``PUBLIC_URL`` when it is set (a server reached by a name, behind a proxy);
2. the request's host when Flask has checked it against ``TRUSTED_HOSTS`` (Flask answers 400
   to any other host when that is set);
3. when ``scorekeeper serve`` listens on one address only (``--host 127.0.0.1``): that
   address and the port, whatever the request's host, since nothing else answers (loopback
   included: the command says that phones cannot reach it, and how to let them);
4. otherwise the request's host only when it is one this machine answers for: its own
   addresses (the LAN address ``scorekeeper serve`` prints among them) or its name (also as
   ``name.local``); a loopback host (``localhost``) becomes the LAN address, as a phone
   cannot reach it;
5. any other host: this machine's LAN address and the port the server listens on.

So at a table nothing needs setting up: phones that opened the printed LAN address or the
machine's name share that, and a forged host shares the LAN address.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from scorekeeper.server import qr

#: How long this machine's names and addresses are remembered (they change rarely: DHCP).
CACHE_SECONDS = 60.0
_DEFAULT_PORTS = {"http": "80", "https": "443"}
_cache: tuple[float, frozenset[str]] | None = None


def _normal(host: str) -> str:
    """A host as compared here: lower case, no brackets, no trailing dot; IPs in one form."""
    name = host.strip().strip("[]").rstrip(".").lower()
    try:
        return str(ipaddress.ip_address(name.split("%", 1)[0]))
    except ValueError:
        return name


def own_hosts() -> frozenset[str]:
    """The names and addresses of this machine (remembered for :data:`CACHE_SECONDS`)."""
    global _cache
    now = time.monotonic()
    if _cache is not None and now - _cache[0] < CACHE_SECONDS:
        return _cache[1]
    found: set[str] = {qr.lan_address()}
    name = socket.gethostname()
    if name:
        found |= {name, f"{name.split('.')[0]}.local"}
        try:
            found.add(socket.getfqdn(name))
            found |= {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
        except OSError:
            pass
    hosts = frozenset(_normal(host) for host in found if host)
    _cache = (now, hosts)
    return hosts


def is_own_host(host: str) -> bool:
    """Whether ``host`` (no port) names this machine: loopback, or its names and addresses."""
    return qr.is_local_host(host) or _normal(host) in own_hosts()


def share_url(url: str, config: Mapping[str, Any], server_port: str | None = None) -> str:
    """The address other phones should use for ``url`` (built from the request's host), by
    the rules above. ``server_port``: the port the server listens on (``SERVER_PORT``)."""
    public = config.get("PUBLIC_URL")
    if public:
        return qr.reachable_url(url, public)
    parts = urlsplit(url)
    host = parts.hostname or ""
    if config.get("TRUSTED_HOSTS") is not None:
        return qr.reachable_url(url)
    if qr.bound_host() is None and is_own_host(host):
        return qr.reachable_url(url)
    port = server_port or (str(parts.port) if parts.port else "")
    if port == _DEFAULT_PORTS.get(parts.scheme):
        port = ""
    netloc = qr.netloc(qr.shown_host(), port)
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
