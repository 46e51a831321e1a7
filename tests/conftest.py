"""Fixtures: an app on a temporary instance folder, its test client and CLI runner."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app
from tests.databases import close_connections, fresh_database

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


@pytest.fixture
def database_url(tmp_path):
    """SQLite in the test's folder, or a PostgreSQL schema (``tests/databases.py``)."""
    yield from fresh_database(tmp_path)


@pytest.fixture
def app(tmp_path, database_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url})
    app.instance_path = str(tmp_path)
    yield app
    close_connections(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def csrf_token(client, url: str = "/bismarck/new") -> str:
    """The CSRF token of the client's session, read from a page as a browser would."""
    page = client.get(url).get_data(as_text=True)
    match = CSRF.search(page)
    assert match, f"no CSRF token on {url}"
    return match.group(1)
