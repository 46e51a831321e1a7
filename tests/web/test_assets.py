"""Static files: versioned URLs that may be cached for a year; a small inline QR code."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.server.qr import qr_svg
from scorekeeper.web.assets import compact, short_properties

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_static_urls_carry_a_content_hash_and_are_cached(client):
    page = client.get("/").get_data(as_text=True)
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert {u.split("?")[0] for u in urls} == {
        "/static/icon.svg",
        "/static/manifest.en.webmanifest",
        "/static/apple-touch-icon.png",
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
    from tests.web.evenings.helpers import evening_token, new_evening, start

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
    from tests.web.bismarck.client import Table

    table = Table(client)
    table.start()
    page = table.page()
    assert "Deal 1 of 12" in page and not re.search(r"\n[ \t]", page)


def test_compacting_a_stylesheet_leaves_out_only_what_cannot_matter():
    for sheet in STATIC.glob("*.css"):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)
        # Spaces are taken out around punctuation: no string or url() may hold any.
        assert "url(" not in text and "'" not in text, sheet.name
        assert all(not re.search(r"[{};,:>]", s) for s in re.findall(r'"[^"]*"', text)), sheet.name
    css = b".a > b:checked, .c :hover {\n  color: red;\n  margin: 0 auto; }\n/* x */\n.d{x:1}"
    assert compact(css, "css") == b".a>b:checked,.c :hover{color:red;margin:0 auto}.d{x:1}"


def test_compacting_a_script_keeps_its_strings_and_regular_expressions():
    js = b'// a comment\nvar a = ", ",  b = /a b/g;\n  if (a) {\n    b = "x  y"; /* c */\n  }\n'
    assert compact(js, "js") == b'var a=", ",b=/a b/g;if(a){b="x  y";}'


def test_every_bundled_script_is_smaller_and_says_the_same(app):
    """Each game's script bundle, compacted, is a fifth or more smaller than its files and
    still holds every string of them."""
    with app.test_client() as client:
        for kind, parts in (
            ("bismarck", ["tricks.js"]),
            ("klaberjass", []),
            ("sviten", ["tricks.js"]),
        ):
            served = client.get(f"/assets/{kind}.js").data
            files = [STATIC / "app.js", *(STATIC / part for part in parts), STATIC / f"{kind}.js"]
            source = b"\n".join(f.read_bytes() for f in files)
            assert len(served) < 0.8 * len(source), kind
            assert b"\n  " not in served
            for string in re.findall(rb'"[^"\n]*"', re.sub(rb"^\s*//.*$", b"", source, flags=re.M)):
                assert string in served, (kind, string)


def test_a_bundle_carries_the_shared_parts_its_game_needs_and_no_other(app):
    """The tricks steppers travel with Bismarck's and Sviten's scripts, not Klaberjass's."""
    with app.test_client() as client:
        for kind, steppers in (("bismarck", True), ("sviten", True), ("klaberjass", False)):
            script = client.get(f"/assets/{kind}.js")
            assert (b"[data-tricks]" in script.data) is steppers, kind
            assert b"data-unsent" in script.data  # app.js, in every bundle
            script.close()


def test_a_game_s_stylesheet_leaves_out_what_only_other_pages_use(app):
    """What app.css marks as other pages' (the lists of games, the import field) is not in a
    game's bundle; it is in the other pages' (an evening's) and in app.css as served."""
    with app.test_client() as client:
        shared = client.get("/static/app.css").data
        evening = client.get("/assets/evening.css").data
        for css in (shared, evening):
            assert b".games li" in css and b"input[type=file]{" in css.replace(b" ", b"")
        for kind in ("bismarck", "klaberjass", "sviten", "free"):
            game = client.get(f"/assets/{kind}.css").data
            assert b".games li" not in game and b"input[type=file]{" not in game, kind
            assert b".choice{" in game and b"@media print" in game, kind
            assert b".waiting{" in game.replace(b" ", b""), kind


def test_the_other_pages_stylesheets_leave_out_what_only_game_pages_use(app):
    """What app.css marks as game pages' (the entries waiting for a second phone) is in every
    game's bundle and in app.css as served, not in an evening's or a club's bundle."""
    with app.test_client() as client:
        assert b".waiting{" in client.get("/static/app.css").data.replace(b" ", b"")
        for kind in ("evening", "club"):
            css = client.get(f"/assets/{kind}.css").data
            assert b".waiting" not in css and b".games li" in css, kind


def test_bundles_name_app_css_s_custom_properties_short_and_define_every_one_they_use(app):
    short = short_properties((STATIC / "app.css").read_bytes())
    assert short[b"accent"] != short[b"accent-fg"] and len(set(short.values())) == len(short)
    with app.test_client() as client:
        for kind in ("bismarck", "klaberjass", "sviten", "free", "evening", "club"):
            css = client.get(f"/assets/{kind}.css").data
            assert b"--accent" not in css and b"var(--" + short[b"accent"] + b")" in css, kind
            used = set(re.findall(rb"var\(--([a-z][a-z0-9-]*)", css))
            defined = set(re.findall(rb"--([a-z][a-z0-9-]*):", css))
            assert used - defined <= {b"head"}, kind  # --head: set by app.js
