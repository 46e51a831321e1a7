"""Static files: versioned URLs that may be cached for a year; a small inline QR code."""

from __future__ import annotations

import re

from scorekeeper.qr import qr_svg


def test_static_urls_carry_a_content_hash_and_are_cached(client):
    page = client.get("/").get_data(as_text=True)
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert {u.split("?")[0] for u in urls} == {
        "/static/icon.svg",
        "/static/manifest.json",
        "/static/app.css",
        "/static/app.js",
    }
    for url in urls:
        assert re.search(r"\?v=[0-9a-f]{10}$", url), url
        response = client.get(url)
        assert response.status_code == 200
        assert response.cache_control.max_age == 365 * 24 * 3600
        response.close()


def test_the_inline_qr_code_stays_small():
    svg = qr_svg("http://192.168.100.200:8000/g/" + "A" * 22)
    assert len(svg) < 2600
    assert svg.count("<path") == 1
