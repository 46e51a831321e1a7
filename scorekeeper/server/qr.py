"""QR codes of a game's address, for other phones to join: compact inline SVG and terminal text.

A QR code names an address the server listens on. When it listens on every interface (as
``scorekeeper serve`` does by default) or where it listens is not known (another WSGI server),
a QR code never points at ``localhost``, which a phone cannot reach: a page opened as localhost
gets this machine's address on the local network instead. When ``scorekeeper serve`` was told
one address (``--host 127.0.0.1``), that address is the only one that answers, so it is the one
shown (:func:`serving_on`, :func:`shown_host`), loopback included; the command says that phones
cannot reach it.
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import socket
import time
from collections.abc import Iterator
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

import qrcode
from markupsafe import Markup

#: How long a looked-up LAN address is used before it is looked up again (a laptop that moves
#: to another network gets a new one within this time).
LAN_ADDRESS_SECONDS = 5.0

_lan_address: tuple[float, str] | None = None

#: The hosts that mean every interface of this machine (``--host 0.0.0.0``).
EVERY_INTERFACE = frozenset({"0.0.0.0", "::", ""})

#: The one address this process's server listens on, while ``scorekeeper serve`` runs; None
#: when it listens on every interface, or where it listens is not known.
_bound_host: str | None = None


def lan_address() -> str:
    """This machine's address on the local network (``127.0.0.1`` when it has none), looked
    up at most every :data:`LAN_ADDRESS_SECONDS` (every page opened as localhost needs it).

    Connecting a UDP socket sends nothing; it only asks the kernel which interface it would use.
    """
    global _lan_address
    now = time.monotonic()
    if _lan_address is not None and now - _lan_address[0] < LAN_ADDRESS_SECONDS:
        return _lan_address[1]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            address: str = probe.getsockname()[0]  # (host, port) of an AF_INET socket
        except OSError:
            address = "127.0.0.1"
    _lan_address = (now, address)
    return address


@contextlib.contextmanager
def serving_on(host: str) -> Iterator[None]:
    """While the block runs (the server), addresses shown for this machine name ``host``, the
    one the server listens on, unless it is every interface (:data:`EVERY_INTERFACE`)."""
    global _bound_host
    before = _bound_host
    _bound_host = None if host.strip("[]") in EVERY_INTERFACE else host.strip("[]")
    try:
        yield
    finally:
        _bound_host = before


def bound_host() -> str | None:
    """The one address the server listens on (:func:`serving_on`), or None: every interface or
    not known."""
    return _bound_host


def shown_host() -> str:
    """The host that addresses for other phones name: the one the server listens on, else this
    machine's LAN address."""
    return _bound_host or lan_address()


def netloc(host: str, port: int | str | None = None) -> str:
    """``host:port`` as an address writes it (an IPv6 address in brackets); no port: ``host``."""
    shown = f"[{host}]" if ":" in host else host
    return f"{shown}:{port}" if port else shown


def is_loopback_only() -> bool:
    """Whether the server listens only where this machine alone can reach it."""
    return _bound_host is not None and is_local_host(_bound_host)


def is_local_host(host: str) -> bool:
    name = host.strip("[]").lower()
    if name in ("localhost", "localhost.localdomain") or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def reachable_url(url: str, public_url: str | None = None) -> str:
    """The address other phones should use for ``url``: the configured public URL's origin,
    or ``url`` with a loopback host replaced by :func:`shown_host` (the LAN address, or the
    one address the server listens on)."""
    parts = urlsplit(url)
    if public_url:
        public = urlsplit(public_url)
        prefix = public.path.rstrip("/")
        return urlunsplit((public.scheme, public.netloc, prefix + parts.path, parts.query, ""))
    host = parts.hostname or ""
    if is_local_host(host):
        where = netloc(shown_host(), parts.port)
        return urlunsplit((parts.scheme, where, parts.path, parts.query, ""))
    return url


def _matrix(data: str, border: int) -> list[list[bool]]:
    code = qrcode.QRCode(border=border, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return code.get_matrix()


@lru_cache(maxsize=512)
def qr_svg(data: str, *, border: int = 2, title: str = "") -> Markup:
    """A QR code as a small inline SVG: one stroked path, one line per horizontal run of dark
    modules, written with relative moves to keep the page light. Encoded once per address (a
    game's address never changes), then served from a small cache."""
    matrix = _matrix(data, border)
    size = len(matrix)
    parts: list[str] = []
    for y, row in enumerate(matrix):
        pen: int | None = None  # where the last line on this row ended
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            move = f"M{start} {y}.5" if pen is None else f"m{start - pen} 0"
            parts.append(f"{move}h{x - start}")
            pen = x
    label = Markup.escape(title or data)
    return Markup(
        f'<svg class="qr" viewBox="0 0 {size} {size}" role="img" aria-label="{label}" '
        f'xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path stroke="#000" d="{"".join(parts)}"/></svg>'
    )


#: The quiet zone around a terminal's QR code, in modules: light, like the code's background,
#: whatever the terminal's own colours (a camera needs it to find the code).
TERMINAL_BORDER = 2


class _Terminal(io.StringIO):
    """Text written as to a terminal (``qrcode``'s ``print_ascii(tty=True)`` asks)."""

    def isatty(self) -> bool:
        return True


def qr_text(data: str) -> str:
    """A QR code drawn with block characters for the terminal, in colours of its own: dark
    modules on a light ground, as a camera reads them, whether the terminal is light or dark
    (drawn in the terminal's own colours, a dark-on-light terminal showed it light on dark,
    which phones do not read). ``click.echo`` leaves the colours out where the output is not
    a terminal."""
    code = qrcode.QRCode(border=TERMINAL_BORDER)
    code.add_data(data)
    code.make(fit=True)
    out = _Terminal()
    code.print_ascii(out=out, tty=True)
    return out.getvalue()
