"""QR codes of a game's address, for other phones to join: compact inline SVG and terminal text.

A QR code never points at ``localhost``: a phone cannot reach it. When the page was opened as
localhost, the code uses this machine's address on the local network instead.
"""

from __future__ import annotations

import io
import ipaddress
import socket
import time
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

import qrcode
from markupsafe import Markup

#: How long a looked-up LAN address is used before it is looked up again (a laptop that moves
#: to another network gets a new one within this time).
LAN_ADDRESS_SECONDS = 5.0

_lan_address: tuple[float, str] | None = None


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
    or ``url`` with a loopback host replaced by this machine's LAN address."""
    parts = urlsplit(url)
    if public_url:
        public = urlsplit(public_url)
        prefix = public.path.rstrip("/")
        return urlunsplit((public.scheme, public.netloc, prefix + parts.path, parts.query, ""))
    host = parts.hostname or ""
    if is_local_host(host):
        netloc = lan_address() + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
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


def qr_text(data: str) -> str:
    """A QR code drawn with block characters, for the terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
