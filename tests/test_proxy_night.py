"""``benchmarks/proxy_night.py``'s pieces, for real: nginx accepts the configuration it writes,
and the load generator's TLS client talks to that nginx, which passes the ``X-Forwarded-*``
headers ``TRUST_PROXY`` reads to the app behind it (here a small server that echoes them).

Without nginx or openssl these tests skip and say why; when ``CI`` is set they fail instead, so
a CI machine that lost its nginx cannot pass quietly."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import shutil
import sys
import threading
import warnings
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from benchmarks import proxy_night
from benchmarks.club_night import Origin
from benchmarks.server import free_port

pytestmark = pytest.mark.slow  # nginx and openssl started: about a second


def require(tool: str) -> None:
    if shutil.which(tool) or shutil.which(tool, path="/usr/sbin:/sbin"):
        return
    reason = f"{tool} is not installed (apt-get install {tool})"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI is set, so this fails", pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def tls(tmp_path: Path) -> tuple[Path, Path]:
    require("nginx")
    require("openssl")
    return proxy_night.certificate(tmp_path)


class Echo(BaseHTTPRequestHandler):
    """An app behind the proxy: answers every GET with its path and headers, as JSON, on a
    connection it keeps open (HTTP/1.1, as nginx's upstream keepalive needs)."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        body = json.dumps({"path": self.path, "headers": dict(self.headers)}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Set-Cookie", "session=abc; Secure; HttpOnly; Path=/")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def echo() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(autouse=True)
def _collect_the_clients_sockets():
    """The benchmark's asyncio client leaves a transport to the garbage collector when a TLS
    handshake is refused or its loop ends first: collected later, its ResourceWarning (an error
    under -W error) would fail whichever test of the worker runs next. Collected here, after
    each of these tests, without the warning."""
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


def test_nginx_accepts_the_configuration(tmp_path, tls):
    cert, key = tls
    config = tmp_path / "nginx.conf"
    config.write_text(proxy_night.nginx_config(tmp_path, free_port(), [8001, 8002], cert, key))
    proxy_night.test_config(tmp_path, config)  # SystemExit with nginx's words if refused
    # Everything nginx writes stays in the folder: no path of the system is named.
    written = [line.split()[1] for line in config.read_text().splitlines() if "_path " in line]
    assert written and all(path.startswith(str(tmp_path)) for path in written)


def test_a_broken_configuration_is_refused(tmp_path, tls):
    """The check above can fail: nginx -t says no, and the run stops with its words."""
    cert, key = tls
    config = tmp_path / "nginx.conf"
    text = proxy_night.nginx_config(tmp_path, free_port(), [8001], cert, key)
    config.write_text(text.replace("proxy_http_version 1.1;", "proxy_http_version 1.1"))
    with pytest.raises(SystemExit, match="nginx refused"):
        proxy_night.test_config(tmp_path, config)


def test_the_tls_client_talks_through_nginx_to_the_app(tmp_path, tls, echo):
    cert, key = tls
    port = free_port()
    with proxy_night.nginx(tmp_path, port, [echo], cert, key):
        origin = Origin.of(f"https://127.0.0.1:{port}", proxy_night.tls_context(cert))

        async def two_requests() -> tuple[list[dict], bool]:
            call = origin.connection(10.0)
            first = await call.request("GET", "/g/abc/seq")
            writer = call.writer
            second = await call.request("GET", "/g/abc")
            kept = call.writer is writer  # one TLS connection, kept open, as a phone's
            call.close()
            assert first.status == second.status == 200
            assert first.set_cookies == ["session=abc; Secure; HttpOnly; Path=/"]
            return [json.loads(a.body) for a in (first, second)], kept

        seen, kept = asyncio.run(two_requests())
    assert kept
    assert [s["path"] for s in seen] == ["/g/abc/seq", "/g/abc"]
    headers = {name.lower(): value for name, value in seen[0]["headers"].items()}
    assert headers["x-forwarded-proto"] == "https"
    assert headers["x-forwarded-host"] == headers["host"] == f"127.0.0.1:{port}"
    assert headers["x-forwarded-for"] == "127.0.0.1"
    assert headers.get("connection", "") == ""  # nginx keeps its connection to the app open


def test_a_client_that_does_not_trust_the_certificate_is_refused(tmp_path, tls, echo):
    """The TLS is real: without the certificate among its trusted ones, a phone gets no page."""
    cert, key = tls
    port = free_port()
    with proxy_night.nginx(tmp_path, port, [echo], cert, key):
        import ssl

        origin = Origin.of(f"https://127.0.0.1:{port}", ssl.create_default_context())
        call = origin.connection(10.0)
        with pytest.raises(proxy_night.club_night.Failed, match="SSLCertVerificationError"):
            asyncio.run(call.request("GET", "/"))


def test_secure_reads_the_cookie_attribute_only():
    assert proxy_night.secure("session=x; Secure; HttpOnly; Path=/")
    assert proxy_night.secure("session=x;secure")
    assert not proxy_night.secure("session=x; HttpOnly; Path=/")
    assert not proxy_night.secure("session=Secure; HttpOnly")  # the value is not an attribute


@pytest.mark.parametrize("trusted", [True, False])
def test_the_https_checks_pass_only_when_the_app_trusts_the_proxy(tmp_path, tls, trusted):
    """Through nginx to ``scorekeeper serve``: with ``TRUST_PROXY`` the share link, the QR code
    and the session cookie pass; without it the app does not know the phone came over HTTPS,
    and the checks say what is wrong."""
    from benchmarks.server import APP_SERVER, serving

    cert, key = tls
    app, port = free_port(), free_port()
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "SCOREKEEPER_SECRET_KEY": "proxy-night-test-" + "0" * 40,
        "SCOREKEEPER_TRUSTED_HOSTS": '["127.0.0.1"]',
        "SCOREKEEPER_TRUST_PROXY": "true" if trusted else "false",
    }
    command = [sys.executable, "-c", APP_SERVER, "serve", "--host", "127.0.0.1", "--port", str(app)]
    with (
        serving("scorekeeper serve", command, app, tmp_path / "serve.log", env),
        proxy_night.nginx(tmp_path, port, [app], cert, key),
    ):
        origin = Origin("127.0.0.1", port, proxy_night.tls_context(cert))
        wrong = asyncio.run(proxy_night.https_checks(origin))
    if trusted:
        assert wrong == []
    else:
        assert any(w.startswith("a session cookie without Secure") for w in wrong), wrong
        assert any(w.startswith("the share link is http://127.0.0.1:") for w in wrong), wrong
        assert any(w.startswith("the QR code") for w in wrong), wrong
