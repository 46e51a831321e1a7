"""A real ``scorekeeper serve`` in a process of its own, and a phone with cookies
that talks to it over HTTP: for the tests of what only a real server shows."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest

from tests.conftest import CSRF


def scorekeeper_script() -> str:
    """The ``scorekeeper`` console script installed beside this Python (the test skips
    without it)."""
    found = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the scorekeeper command is not installed (pip install -e .)")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def clean_environment(**settings: str) -> dict[str, str]:
    """This process's environment without any Scorekeeper, Flask or Python settings, plus
    ``settings`` (``SCOREKEEPER_…``)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SCOREKEEPER_", "FLASK_", "PYTHON", "VIRTUAL_ENV"))
    }
    return {**env, **settings}


@contextmanager
def serving(
    command: str | Path,
    folder: Path,
    env: Mapping[str, str],
    log: Path,
    arguments: Sequence[str] = (),
) -> Iterator[str]:
    """``command serve`` on a free port of 127.0.0.1, run from ``folder``, with ``arguments``
    (``--processes 2``, say); its base URL. The server's output goes to ``log``; it is stopped
    afterwards."""
    port = free_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            [str(command), "serve", "--host", "127.0.0.1", "--port", str(port), *arguments],
            cwd=folder,
            env=dict(env),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_for(f"{base}/", server, log)
            yield base
        finally:
            server.terminate()
            server.wait(timeout=30)


def _wait_for(url: str, server: subprocess.Popen[bytes], log: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server stopped:\n{log.read_text()}")
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except urllib.error.HTTPError:  # it answers (a host it does not serve, say)
            return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"the server did not answer at {url}:\n{log.read_text()}")


class Phone:
    """A browser with cookies, sending ``headers`` with every request (a proxy's, say).

    Cookies are kept by name and always sent back, ``Secure`` or not: this phone stands for a
    browser talking HTTPS to a proxy, while its requests reach the app in plain HTTP."""

    def __init__(self, base: str, headers: Mapping[str, str] | None = None):
        self.base = base
        self.headers = dict(headers or {})
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []
        self.opener = urllib.request.build_opener()  # no cookie jar: see above
        self.form_opener = urllib.request.build_opener(_NoRedirect)

    def _open(
        self, path: str, data: bytes | None = None, follow: bool = True
    ) -> http.client.HTTPResponse:
        headers = dict(self.headers)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        opener = self.opener if data is None and follow else self.form_opener
        response: http.client.HTTPResponse = opener.open(request, timeout=30)
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.set_cookies.append(cookie)
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        return response

    def get(self, path: str, follow: bool = True) -> tuple[int, str, bytes]:
        """Fetch ``path`` (a 303 followed unless ``follow`` is false); status, type, body."""
        with self._open(path, follow=follow) as response:
            return response.status, response.headers.get_content_type(), response.read()

    def post(self, path: str, data: Mapping[str, str]) -> str:
        """Send a form; where its answer (a 303) sends the phone next."""
        body = urllib.parse.urlencode(data).encode()
        with self._open(path, body) as response:
            assert response.status == 303, response.status
            return response.headers["Location"]

    def csrf_token(self, path: str) -> str:
        """This phone's CSRF token, read from the form of the page at ``path``."""
        _status, _type, page = self.get(path)
        found = CSRF.search(page.decode())
        assert found, f"no CSRF token on {path}"
        return found.group(1)


def start_a_game(phone: Phone) -> str:
    """A modern Bismarck game of Anna, Ben and Carla started through the new-game form; its
    path."""
    data = {"csrf_token": phone.csrf_token("/bismarck/new"), "player_0": "Anna",
            "player_1": "Ben", "player_2": "Carla", "variant": "modern",
            "first_dealer": "0"}  # fmt: skip
    game = phone.post("/bismarck/new", data)  # no Referer sent: the pages say no-referrer
    assert game.startswith("/g/"), game
    return game


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hands a form's 303 back as it is: the phone follows it itself, with its cookies."""

    def http_error_303(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
    ) -> IO[bytes]:
        return fp
