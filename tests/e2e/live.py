"""The real app served on 127.0.0.1 from a background thread, and Debian's Chromium.

Shared by the browser tests (``tests/e2e/conftest.py``) and ``benchmarks/page_budget.py``.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from flask import Flask
from werkzeug.serving import BaseWSGIServer, ThreadedWSGIServer, WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.data.db import db
from scorekeeper.games.events import Event
from scorekeeper.table import store

if TYPE_CHECKING:  # playwright may be missing: missing_tools() says so
    from playwright.sync_api import Browser, Playwright

T = TypeVar("T")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
NODE_MODULES = HERE / "node_modules"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
LIGHTHOUSE = NODE_MODULES / ".bin" / "lighthouse"
ARTIFACTS = ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
#: Whether the browser tests save their screenshots (``SCOREKEEPER_SCREENSHOTS=1``): to look at
#: the pages, not to check them; encoding some 260 full-page PNGs took a tenth of the browser
#: tests' time, so a plain run leaves them out.
SCREENSHOTS_WANTED = os.environ.get("SCOREKEEPER_SCREENSHOTS", "") not in ("", "0")

#: A phone at the table: an iPhone 12–15 sized screen, touch, mobile viewport rules.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
}


def missing_tools(*, axe: bool = False) -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if axe and not AXE.exists():
        return f"no {AXE.relative_to(ROOT)} (npm ci --prefix tests/e2e)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install -e '.[test]')"
    return None


def _installed(name: str) -> str | None:
    try:
        version: str = json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
        return version
    except (OSError, ValueError, KeyError):
        return None


def node_tools_current() -> bool:
    """Whether ``node_modules`` holds every npm tool at the version ``package-lock.json`` pins."""
    wanted = json.loads((HERE / "package.json").read_text())["devDependencies"]
    locked = json.loads((HERE / "package-lock.json").read_text())["packages"]
    return all(
        _installed(name) == locked.get(f"node_modules/{name}", {}).get("version") for name in wanted
    )


def install_node_tools() -> str | None:
    """Install the npm tools (axe-core, Lighthouse) from the lock file unless they are current.

    What ``npm ci --prefix tests/e2e`` does by hand, so that one ``pytest`` on a fresh checkout
    runs the accessibility tests too. Returns why the tools cannot be installed, or None.
    """
    if node_tools_current():
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "no npm to install axe-core with (apt-get install npm)"
    # One install at a time: the test run's workers (pytest -n) may all find the tools missing
    # at once, and npm ci empties node_modules before it fills it.
    with (HERE / ".npm-install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if node_tools_current():  # another worker installed them meanwhile
            return None
        return _npm_ci(npm)


def _npm_ci(npm: str) -> str | None:
    command = [npm, "ci", "--prefix", str(HERE), "--no-audit", "--no-fund", "--loglevel=error"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()[-3:]
        return f"npm ci --prefix tests/e2e failed ({done.returncode}): {' / '.join(said)}"
    if not node_tools_current():
        return "npm ci --prefix tests/e2e did not install the versions package-lock.json pins"
    return None


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: Any, **kwargs: Any) -> None:
        """No access log: the tests read pages, not log lines."""


def off_thread(call: Callable[[], T]) -> T:
    """Run ``call`` in a thread of its own and return its result.

    Playwright's sync API keeps an asyncio loop running in the main thread, and
    Flask-SQLAlchemy-Lite's app-context teardown refuses to run inside one; so the app is built
    and its database touched from another thread.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


@dataclass
class LiveServer:
    app: Flask
    server: BaseWSGIServer

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def in_app(self, call: Callable[[], T]) -> T:
        """``call()`` inside an app context (for reading or seeding the database directly)."""

        def run() -> T:
            with self.app.app_context():
                return call()

        return off_thread(run)


class InApp(Protocol):
    """Anything that runs a call in its app's context: the live server, a benchmark's app."""

    def in_app(self, call: Callable[[], T]) -> T: ...


def seed(
    server: InApp, kind: str, setup: Any, events: Iterable[Event], *, seat: str | None = None
) -> str:
    """A game of ``kind`` with ``events`` already entered, one after the other, straight into
    ``server``'s store (each by ``seat`` when given: a phone that said who it is); its token."""

    def enter() -> str:
        game = store.create_game(db.session, kind, setup)
        for seq, event in enumerate(events):
            game = store.append(db.session, game, event, seq, seat=seat)
        return game.token

    return server.in_app(enter)


@contextmanager
def live_server(instance: Path, port: int = 0, **config: Any) -> Iterator[LiveServer]:
    """The real app (CSRF, sessions, database, static files) on a free port of 127.0.0.1 (or
    on ``port``: the same server started again)."""
    instance.mkdir(parents=True, exist_ok=True)
    settings = {"SECRET_KEY": "e2e", "DATABASE_URL": f"sqlite:///{instance / 'e2e.sqlite3'}"}
    app = off_thread(lambda: create_app({**settings, **config}))
    app.instance_path = str(instance)
    server = make_server("127.0.0.1", port, app, threaded=True, request_handler=_QuietHandler)
    assert isinstance(server, ThreadedWSGIServer)  # threaded=True
    # Stopping does not wait for the threads still serving a connection: a browser's idle
    # keep-alive connection holds its thread until the browser closes it, and the browser
    # closes after the server (a package's teardown waited 170 s for that).
    server.block_on_close = False
    thread = threading.Thread(target=server.serve_forever, name="e2e-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(app, server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        from scorekeeper.data.db import db

        live = LiveServer(app, server)
        live.in_app(lambda: db.engine.dispose())


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
