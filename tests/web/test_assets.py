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


def test_the_evening_pages_load_their_style_as_one_file(client):
    """The shared style and the evenings' own as one bundle: an evening's page loads in at most
    four requests (page, style, script, icon), the evening page itself with no script."""
    from tests.web.test_evening_pages import evening_token, new_evening, start

    token = evening_token(new_evening(client))
    start(client, token, 1)
    for url, scripts in [
        (f"/e/{token}", []),
        (f"/e/{token}/screen", ["evening.js"]),
        ("/evening/new/bismarck", ["app.js"]),
    ]:
        page = client.get(url).get_data(as_text=True)
        styles = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
        assert [s.split("?")[0] for s in styles] == ["/assets/evening.css"], url
        found = [src.split("?")[0].rsplit("/", 1)[1] for src in re.findall(r'src="([^"]+)"', page)]
        assert found == scripts, url
    bundle = client.get(styles[0])
    assert bundle.mimetype == "text/css" and bundle.cache_control.max_age == 365 * 24 * 3600
    css = bundle.get_data(as_text=True)
    assert ".projector" in css and ":root" in css and "/*" not in css
    assert client.get("/assets/evening.js").status_code == 404  # a style only
    assert client.get("/assets/nothing.css").status_code == 404


def test_templates_lose_their_indentation_and_empty_lines_but_values_keep_theirs(app):
    from flask import render_template_string

    with app.test_request_context():
        page = render_template_string(
            "<ul>\n  {% for x in xs %}\n    <li>{{ x }}</li>\n  {% endfor %}\n\n</ul>",
            xs=["a", "  b\n  c"],
        )
        assert page == "<ul>\n\n<li>a</li>\n\n<li>  b\n  c</li>\n\n</ul>"
        said = render_template_string("{{ _('Deal %(n)d', n=2) }}\n   <b>x</b>")
        assert said == "Deal 2\n<b>x</b>"


def test_a_game_page_has_no_indented_or_empty_lines(client):
    from tests.web.bismarck_client import Table

    table = Table(client)
    table.start()
    page = table.page()
    assert "Deal 1 of 12" in page and not re.search(r"\n[ \t]", page)
