"""Fixtures: an app on a temporary instance folder, its test client and CLI runner."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch):
    """The command line speaks the terminal's language (LANGUAGE, LC_ALL, LANG): the tests'
    terminal speaks English, whatever the machine running them is set to."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
        }
    )
    app.instance_path = str(tmp_path)
    yield app


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
