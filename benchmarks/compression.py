"""Bytes on the wire of the game pages, without compression, with gzip and with brotli.

Serves the real app with waitress on 127.0.0.1 (temporary database), seeds games of every kind
(finished and long ones), and loads each game page the way a phone's first visit does: the HTML,
then its stylesheet, script and icon (what only installing the app fetches, the manifest and
the home-screen icon, is counted apart and left out of the ratio). Every response is read from
a raw socket, so the numbers are what travels: status line, headers and body, as sent.

    python benchmarks/compression.py [--check]

``--check`` fails (exit 1) when gzip does not make a game page's bodies (HTML, CSS, JS, icon) at
least 2.5 times smaller. The headers (some 2.7 kB for the four responses) are sent as they are,
so the ratio on the wire falls as the pages get lighter: the Bismarck page's, at 2.5x before
the seats' work made its HTML 2 kB smaller, is 2.49x after it, with fewer bytes on the wire.
"""

from __future__ import annotations

import argparse
import re
import socket
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' seeders

from flask import Flask
from waitress.server import BaseWSGIServer, create_server

from scorekeeper import create_app
from tests.e2e.klaberjass_table import LONG_GAME, seed_klaberjass
from tests.e2e.sviten_table import LONG_MATCH, seed_sviten
from tests.e2e.table import seed_game

T = TypeVar("T")
ENCODINGS = {"none": "identity", "gzip": "gzip", "brotli": "gzip, deflate, br"}
ASSETS = re.compile(r'<(?:link|script)([^>]+)(?:href|src)="(/[^"]+)"')
#: Links a browser follows only to install the app (not on a first visit), as
#: ``benchmarks/page_budget.py`` counts them: they are measured apart, outside the ratio.
INSTALL_RELS = re.compile(r'rel="(?:manifest|apple-touch-icon)"')
MIN_GZIP_RATIO = 2.5


class Server:
    """The app served by waitress from a thread; ``in_app`` seeds its database."""

    def __init__(self, app: Flask, port: int):
        self.app = app
        self.port = port

    def in_app(self, call: Callable[[], T]) -> T:
        with self.app.app_context():
            return call()


@contextmanager
def served(instance: Path) -> Iterator[Server]:
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{instance / 'b.db'}"})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    assert isinstance(server, BaseWSGIServer)  # one host and port: one socket
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        # Set on every BaseWSGIServer, but missing from types-waitress's stub.
        yield Server(app, server.effective_port)  # type: ignore[attr-defined]
    finally:
        server.close()
        thread.join(timeout=10)


def fetch(port: int, path: str, accept_encoding: str) -> tuple[int, bytes]:
    """Bytes on the wire of one response (status line, headers, body) and its body."""
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Accept-Encoding: {accept_encoding}\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(request.encode())
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1]
    assert status == b"200", (path, head)
    return len(raw), body


def first_visit_assets(page: str) -> tuple[list[str], list[str]]:
    """What the page links to: what a first visit fetches (stylesheet, script, icon), and what
    only installing the app would (the manifest, the home-screen icon)."""
    visit: list[str] = []
    install: list[str] = []
    for attributes, address in ASSETS.findall(page):
        (install if INSTALL_RELS.search(attributes) else visit).append(address)
    return visit, install


def page_load(port: int, url: str, accept_encoding: str) -> tuple[int, int, int, int]:
    """A first visit: the page and what it links to (stylesheet, script, icon). Bytes on the
    wire in all, of bodies only, and of the HTML page alone (on the wire); and, apart, the
    bytes on the wire of what installing the app fetches."""
    _size, page = fetch(port, url, "identity")
    wire, html = fetch(port, url, accept_encoding)
    total, bodies = wire, len(html)
    visit, install = first_visit_assets(page.decode())
    for asset in visit:
        size, body = fetch(port, asset, accept_encoding)
        total += size
        bodies += len(body)
    to_install = sum(fetch(port, asset, accept_encoding)[0] for asset in install)
    return total, bodies, wire, to_install


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help=f"fail under {MIN_GZIP_RATIO}x")
    args = parser.parse_args()
    worse = []
    with tempfile.TemporaryDirectory() as tmp, served(Path(tmp)) as server:
        pages = {
            "bismarck, finished 12 deals": seed_game(server, 12),
            "klaberjass, long game at hand 12": seed_klaberjass(server, LONG_GAME),
            "sviten, long match at hand 12": seed_sviten(server, LONG_MATCH, hand_cap=12),
        }
        print("Bytes on the wire of a first visit (HTML + CSS + JS + icon, headers included);")
        print("in brackets: the bodies alone, and the HTML page alone.\n")
        print(f"{'game page':34} {'none':>22} {'gzip':>22} {'brotli':>22}")
        for name, token in pages.items():
            loads = {
                label: page_load(server.port, f"/g/{token}", header)
                for label, header in ENCODINGS.items()
            }
            cells = " ".join(f"{w:>6} ({b:>5}, {h:>5})" for w, b, h, _ in loads.values())
            print(f"{name:34} {cells}")
            install = " ".join(f"{i:>22}" for *_, i in loads.values())
            print(f"{'  to install (apart)':34} {install}")
            plain = loads["none"][:3]
            for label in ("gzip", "brotli"):
                wire, bodies, html = (a / b for a, b in zip(plain, loads[label][:3], strict=True))
                print(f"{'':34} {label}: {wire:.1f}x smaller on the wire "
                      f"(bodies {bodies:.1f}x, HTML {html:.1f}x)")  # fmt: skip
            ratio = plain[1] / loads["gzip"][1]
            if ratio < MIN_GZIP_RATIO:
                worse.append(f"{name}: gzip makes its bodies only {ratio:.2f}x smaller")
    for line in worse:
        print(f"COMPRESSION BUDGET BROKEN: {line}", file=sys.stderr)
    return 1 if worse and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
