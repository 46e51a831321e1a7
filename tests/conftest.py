"""Fixtures: an app on a temporary instance folder, its test client and CLI runner.

What every test would otherwise pay for is done once per session or not at all:

- the Alembic migration: each test gets a copy of a database migrated once per session (the
  migration tests build their own apps and migrate for real);
- compiling the Jinja templates: every test app shares one in-memory cache of compiled
  templates, keyed by template file and checked against its source, so it renders exactly what
  a fresh app renders;
- waiting for the disk: a test's throw-away database does not sync every commit to disk
  (``SQLITE_SYNCHRONOUS=OFF``).

With ``SCOREKEEPER_TEST_DATABASE_URL`` set to a PostgreSQL server, each test's app gets a schema
of its own there instead, migrated for real (``tests/databases.py``).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from argon2 import PasswordHasher
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import HealthCheck, settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from scorekeeper import create_app
from tests.databases import close_connections, fresh_database, on_postgresql

if TYPE_CHECKING:  # imported where used: the client module imports this one
    from tests.web.bismarck.client import Table

# Property tests run on shared, busy machines (CI, a laptop with a browser test beside them):
# the time one example takes says nothing about the code, so no example fails for being slow.
# Hypothesis's defaults otherwise (the example counts too), whatever profile it loaded itself.
SHARED_MACHINE = settings(
    settings.get_profile("default"), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("shared-machine", SHARED_MACHINE)
# CI (the CI variable set) runs the same, reproducibly: each test draws its examples from a seed
# of its own (derandomize, so no example database either), and a failure prints the blob that
# replays it. Said here rather than left to Hypothesis's own "ci" profile (which newer versions
# load when CI is set, and which "shared-machine" used to inherit from without saying so).
settings.register_profile("ci", SHARED_MACHINE, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "shared-machine")

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')

#: This machine's LAN address for the tests that ask for ``this_machine`` (TEST-NET-1).
LAN = "192.0.2.7"


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the terminal's language (LANGUAGE, LC_ALL, LANG): the tests'
    terminal speaks English, whatever the machine running them is set to."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


#: The organiser PIN's hash in the tests' own processes: Argon2id as the app's, at the least
#: cost (one pass over 8 KiB, one lane) instead of RFC 9106's 64 MiB and three passes. A PIN is
#: hashed or checked in hundreds of tests, each about 0.15 s at the app's cost; what they test is
#: which PIN opens what, not the cost of a guess (the tests marked ``app_pin_cost``,
#: ``tests/clubs/test_pin_hash.py``, hold the app's hasher to its profile). The servers the
#: tests start hash as the app does; a hash says its own cost, so either checks the other's.
CHEAP_PINS = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(autouse=True)
def _cheap_pin_hashes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("app_pin_cost") is None:
        monkeypatch.setattr("scorekeeper.clubs.club.HASHER", CHEAP_PINS)


class SharedTemplateCode(BytecodeCache):
    """Compiled templates shared by every test app of a session (code objects are immutable)."""

    def __init__(self) -> None:
        self.code: dict[tuple[str, str], Any] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.code.get((bucket.key, bucket.checksum))
        if code is not None:
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[(bucket.key, bucket.checksum)] = bucket.code


TEMPLATE_CODE = SharedTemplateCode()


def make_app(database: Path, instance: Path, **config: Any) -> Flask:
    """An app on an already migrated SQLite file (no migration at startup)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": f"sqlite:///{database}",
            "AUTO_MIGRATE": False,
            "SQLITE_SYNCHRONOUS": "OFF",
            **config,
        }
    )
    app.instance_path = str(instance)
    app.jinja_env.bytecode_cache = TEMPLATE_CODE
    return app


def app_on_new_database(folder: Path, name: str = "test", **config: Any) -> Flask:
    """An app on a new SQLite file ``name``.sqlite3 in ``folder`` (its instance folder too),
    migrated at its start as a server's is: for the tests that make apps of their own."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": f"sqlite:///{folder / name}.sqlite3",
            **config,
        }
    )
    app.instance_path = str(folder)
    return app


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file with the schema at the latest migration, built once per test session."""
    from scorekeeper.data.db import alembic, db

    folder = tmp_path_factory.mktemp("migrated")
    path = folder / "schema.sqlite3"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": f"sqlite:///{path}"})
    with app.app_context():
        assert not alembic.needs_upgrade()
        db.engine.dispose()  # the last connection closes: SQLite folds its WAL into the file
    leftovers = sorted(p.name for p in folder.iterdir() if p != path)
    assert not leftovers, f"the migrated database left {leftovers} beside it"
    return path


@pytest.fixture
def database_url(tmp_path: Path, migrated_database: Path) -> Iterator[str]:
    """The test's own database: a copy of the migrated SQLite file, or a PostgreSQL schema."""
    if on_postgresql():
        yield from fresh_database(tmp_path)
        return
    database = tmp_path / "test.sqlite3"
    shutil.copy(migrated_database, database)
    yield f"sqlite:///{database}"


@pytest.fixture
def app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    if not on_postgresql():
        yield make_app(Path(database_url.removeprefix("sqlite:///")), tmp_path)
        return
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url})
    app.instance_path = str(tmp_path)
    app.jinja_env.bytecode_cache = TEMPLATE_CODE
    yield app
    close_connections(app)  # before its schema is dropped (psycopg warns about open ones)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


def csrf_token(client: FlaskClient, url: str = "/bismarck/new") -> str:
    """The CSRF token of the client's session, read from a page as a browser would."""
    page = client.get(url).get_data(as_text=True)
    match = CSRF.search(page)
    assert match, f"no CSRF token on {url}"
    return match.group(1)


@pytest.fixture
def request_context(app: Flask) -> Iterator[None]:
    """A request of the app around the test, for code that speaks through Flask-Babel (the
    printers) without a database or a client."""
    with app.test_request_context():
        yield


@pytest.fixture
def this_machine(monkeypatch: pytest.MonkeyPatch) -> str:
    """This machine: LAN address 192.0.2.7, named "tablebox" (for the share links, QR codes and
    the addresses ``scorekeeper serve`` prints); the names it remembered are forgotten."""
    from scorekeeper.server import hosts

    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: LAN)
    monkeypatch.setattr("socket.gethostname", lambda: "tablebox")
    monkeypatch.setattr("socket.getfqdn", lambda name="": "tablebox.home.arpa")
    monkeypatch.setattr("socket.getaddrinfo", lambda *_a, **_k: [(2, 1, 6, "", (LAN, 0))])
    monkeypatch.setattr(hosts, "_cache", None)
    return LAN


@pytest.fixture
def table(client: FlaskClient) -> Table:
    """A modern Bismarck game of Anna, Ben and Carla, started through the pages."""
    from tests.web.bismarck.client import Table

    table = Table(client)
    table.start()
    return table


@pytest.fixture
def finished(client: FlaskClient) -> Table:
    """A whole modern Bismarck game played through the pages (Ben wins with +2)."""
    from tests.web.bismarck.client import Table, play_modern_game

    table = Table(client)
    table.start()
    play_modern_game(table)
    return table
