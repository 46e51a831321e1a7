"""Compression (issue 16): pages, styles and scripts travel compressed (brotli where the browser
takes it, else gzip) and arrive exactly as they were; PDFs and the tiny poll are left alone.
A page kept whole (web/page_cache.py) travels as gzip put together from pieces compressed once
(web/gzip_pieces.py), whatever else the browser takes."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest

from tests.conftest import app_on_new_database

CHROME = "gzip, deflate, br, zstd"
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="[^"]+"')


def decoded(response) -> bytes:
    data = response.get_data()
    encoding = response.headers.get("Content-Encoding")
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        return brotli.decompress(data)
    assert encoding is None, encoding
    return data


def same_page(a: bytes, b: bytes) -> bool:
    """Two renderings of one page (a CSRF token is signed with the time: left out)."""
    return TOKEN.sub("", a.decode()) == TOKEN.sub("", b.decode())


@pytest.mark.parametrize(
    ("query", "accept", "encoding"),
    [
        ("", CHROME, "gzip"),  # kept whole: compressed once, in pieces
        ("", "gzip", "gzip"),
        ("", "br;q=0.5, gzip", "gzip"),
        ("", "br", "br"),  # no gzip taken: compressed for this reader
        ("", "identity", None),
        ("", "", None),
        ("?lang=en", CHROME, "br"),  # drawn for this reader (a query): brotli
        ("?lang=en", "gzip", "gzip"),
    ],
)
def test_a_game_page_travels_compressed_and_arrives_whole(
    client, finished, query, accept, encoding
):
    plain = client.get(finished.url, headers={"Accept-Encoding": "identity"})
    response = client.get(finished.url + query, headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == encoding
    assert "Accept-Encoding" in response.headers["Vary"]
    assert same_page(decoded(response), plain.get_data())
    assert int(response.headers["Content-Length"]) == len(response.get_data())


def test_a_finished_game_page_is_over_three_times_smaller_with_gzip(client, finished):
    plain = client.get(finished.url, headers={"Accept-Encoding": "identity"}).get_data()
    pieces = client.get(finished.url, headers={"Accept-Encoding": CHROME}).get_data()
    assert len(plain) / len(pieces) > 3
    # In pieces, a few percent over gzip of the whole; brotli (a page drawn for one reader)
    # is smaller still.
    whole = gzip.compress(plain, 6)
    assert len(pieces) < 1.1 * len(whole)
    drawn = client.get(finished.url + "?lang=en", headers={"Accept-Encoding": CHROME})
    assert drawn.headers["Content-Encoding"] == "br"
    assert len(drawn.get_data()) < len(whole)


@pytest.mark.parametrize(
    "path", ["/static/app.css", "/static/app.js", "/assets/klaberjass.css", "/assets/sviten.js"]
)
def test_styles_and_scripts_travel_compressed(client, path):
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    response = client.get(path, headers={"Accept-Encoding": CHROME})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    assert decoded(response) == plain.get_data()
    assert len(response.get_data()) < len(plain.get_data()) / 2
    # A revalidation with the compressed version's validator: not modified.
    again = client.get(
        path, headers={"Accept-Encoding": CHROME, "If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304
    for r in (plain, response, again):
        r.close()


def test_exports_travel_compressed(client, finished):
    for suffix in ("record.json", "deals.csv"):
        plain = client.get(f"{finished.url}/{suffix}", headers={"Accept-Encoding": "identity"})
        response = client.get(f"{finished.url}/{suffix}", headers={"Accept-Encoding": "gzip"})
        assert response.headers["Content-Encoding"] == "gzip"
        assert decoded(response) == plain.get_data()


def test_pdfs_and_the_poll_are_sent_as_they_are(client, finished):
    pdf = client.get(f"{finished.url}/sheet.pdf", headers={"Accept-Encoding": CHROME})
    assert pdf.status_code == 200 and "Content-Encoding" not in pdf.headers
    assert pdf.get_data().startswith(b"%PDF")
    poll = client.get(f"{finished.url}/seq", headers={"Accept-Encoding": CHROME})
    assert "Content-Encoding" not in poll.headers
    assert poll.get_json() == {"seq": 24}


def test_an_error_page_is_compressed_like_every_page(client):
    plain = client.get("/g/nothing-here", headers={"Accept-Encoding": "identity"})
    response = client.get("/g/nothing-here", headers={"Accept-Encoding": CHROME})
    assert response.status_code == 404
    assert response.headers["Content-Encoding"] == "br"
    assert decoded(response) == plain.get_data()


def test_a_byte_range_of_a_static_file_is_sent_as_it_is(client):
    whole = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
    part = client.get("/static/app.css", headers={"Accept-Encoding": CHROME, "Range": "bytes=0-99"})
    assert part.status_code == 206
    assert "Content-Encoding" not in part.headers
    assert part.get_data() == whole.get_data()[:100]
    whole.close()
    part.close()


def test_each_app_compresses_as_its_own_settings_say(tmp_path):
    """Two apps in one process (as in the tests, or a dispatcher): the second one's settings do
    not become the first one's."""
    brotli_first = app_on_new_database(tmp_path, "first")
    app_on_new_database(tmp_path, "second", COMPRESS_ALGORITHM=["gzip"])
    # (A page drawn for its reader: a kept page travels as gzip in pieces.)
    response = brotli_first.test_client().get("/?lang=en", headers={"Accept-Encoding": CHROME})
    assert response.headers["Content-Encoding"] == "br"
