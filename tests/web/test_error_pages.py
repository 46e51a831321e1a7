"""The error pages are the app's, in the reader's language, and compressed like every page: a
405 (``GET /import``, the address a form was sent to, typed again) keeps its status and ``Allow``;
a refused form (422) travels compressed too."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest

from tests.web import text
from tests.web.bismarck.client import Table

CHROME = "gzip, deflate, br, zstd"


def decoded(response) -> str:
    data = response.get_data()
    encoding = response.headers.get("Content-Encoding")
    if encoding == "br":
        data = brotli.decompress(data)
    elif encoding == "gzip":
        data = gzip.decompress(data)
    else:
        assert encoding is None, encoding
    return data.decode()


@pytest.mark.parametrize(
    ("language", "title", "words"),
    [
        ("en", "Not here", "This address only takes what a Scorekeeper page sends."),
        ("sv", "Inte här", "Den här adressen tar bara emot det som en sida i Scorekeeper skickar."),
    ],
)
def test_a_405_is_the_apps_page_in_the_readers_language(client, language, title, words):
    response = client.get(
        "/import", headers={"Accept-Language": language, "Accept-Encoding": "identity"}
    )
    assert response.status_code == 405
    assert set(response.headers["Allow"].replace(" ", "").split(",")) == {"POST", "OPTIONS"}
    page = response.get_data(as_text=True)
    assert f'<html lang="{language}">' in page
    assert f"<h1>{title}</h1>" in page and words in text(page)
    assert "Method Not Allowed" not in page  # not the framework's page
    assert 'href="/"' in page


@pytest.mark.parametrize("path", ["/evening/import", "/g/abc/undo/x"])
def test_every_405_is_the_apps_page(client, path):
    response = client.put(path, headers={"Accept-Language": "sv"})
    assert response.status_code in (404, 405)
    assert '<html lang="sv">' in response.get_data(as_text=True)
    if response.status_code == 405:
        assert "Allow" in response.headers


@pytest.mark.parametrize(
    ("accept", "encoding"), [(CHROME, "br"), ("gzip", "gzip"), ("identity", None), ("", None)]
)
@pytest.mark.parametrize("path", ["/import", "/g/no-such-game", "/no/such/page"])
def test_an_error_page_is_compressed_like_every_page(client, path, accept, encoding):
    plain = client.get(path, headers={"Accept-Encoding": "identity", "Accept-Language": "sv"})
    response = client.get(path, headers={"Accept-Encoding": accept, "Accept-Language": "sv"})
    assert response.status_code == plain.status_code and response.status_code in (404, 405)
    assert response.headers.get("Content-Encoding") == encoding
    assert "Accept-Encoding" in response.headers["Vary"]
    assert decoded(response) == plain.get_data(as_text=True)
    assert int(response.headers["Content-Length"]) == len(response.get_data())
    if encoding:
        assert len(response.get_data()) < len(plain.get_data()) * 0.7


def test_a_server_error_page_is_compressed(app, client):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: a fault becomes the error page

    @app.get("/fault")
    def fault():
        raise RuntimeError("a fault")

    response = client.get("/fault", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 500
    assert response.headers.get("Content-Encoding") == "gzip"
    assert "Something went wrong" in decoded(response)


def test_a_refused_entry_travels_compressed_with_its_status(client):
    table = Table(client)
    table.start()
    response = table.client.post(
        f"{table.url}/announce",
        data={"csrf_token": table.token, "seq": table.seq(), "deal": 1, "contract": "nonsense"},
        headers={"Accept-Encoding": "gzip"},
    )
    assert response.status_code == 422
    assert response.headers.get("Content-Encoding") == "gzip"
    assert 'class="error"' in decoded(response)


def _post_only_addresses(app):
    """Every address under a game, an evening or a club that only takes a form (from
    ``app.url_map``, so a new route is covered), with its arguments filled in."""
    under = ("/g/<token>/", "/e/<token>/", "/c/<token>/")
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods or not rule.rule.startswith(under):
            continue
        path = rule.rule.replace("<token>", "TOKEN")
        path = re.sub(r"<int:\w+>", "3", path)
        yield rule.rule, re.sub(r"<(?:\w+:)?\w+>", "x", path)


def test_opening_an_address_a_form_is_sent_to_leads_to_its_page(app, client):
    """Issue 37: a refused entry's page has the form's address (``/g/<token>/record``); opened
    again from the history or a shared link, it leads to the game's page rather than to a 405
    that ends there. The same under an evening's and a club's address."""
    checked = set()
    for rule, path in _post_only_addresses(app):
        response = client.get(path)
        assert response.status_code == 303, (rule, response.status_code)
        home = "/" + path.split("/")[1] + "/TOKEN"
        assert response.headers["Location"] == home, (rule, response.headers["Location"])
        checked.add(path.split("/")[1])
    assert checked == {"g", "e", "c"}
    table = Table(client)
    table.start()
    answer = client.get(f"{table.url}/record", follow_redirects=True)
    assert answer.status_code == 200 and answer.request.path == table.url.split("localhost")[-1]
