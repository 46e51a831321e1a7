"""Installing the app from whatever page a phone is on (issue 23, point 8): every page links the
manifest and the home-screen icon; the manifest says who the app is, in the page's language, with
PNG icons a phone can use (a maskable one with its drawing inside the safe zone)."""

from __future__ import annotations

import os
import re
import struct
from io import BytesIO
from pathlib import Path
from urllib.parse import urljoin

import pytest
from PIL import Image

from tests.e2e.live import PHONE, launch, live_server, missing_tools
from tests.e2e.table import seed_game
from tests.web.bismarck.client import Table
from tests.web.evenings.helpers import evening_token, new_evening, start

STATIC = Path(__file__).resolve().parents[2] / "static"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def head_links(page: str) -> dict[str, str]:
    """The ``<link>``s of a page's head, by ``rel``."""
    head = page.split("</head>", 1)[0]
    return dict(re.findall(r'<link rel="([^"]+)" href="([^"]+)"', head))


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header (the IHDR chunk comes first)."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture
def pages(client) -> dict[str, str]:
    """A page of each kind a phone can arrive on: by a game's or an evening's QR code, or not."""
    table = Table(client)
    table.start()
    evening = evening_token(new_evening(client))
    start(client, evening, 1)
    return {
        "home": "/",
        "game": table.url,
        "evening": f"/e/{evening}",
        "projector": f"/e/{evening}/screen",
        "new game": "/bismarck/new",
        "new evening": "/evening/new/bismarck",
    }


def test_every_page_links_the_manifest_and_the_home_screen_icon(client, pages):
    for name, url in pages.items():
        links = head_links(client.get(url).get_data(as_text=True))
        assert re.fullmatch(r"/static/manifest\.en\.webmanifest\?v=[0-9a-f]{10}", links["manifest"])
        assert re.fullmatch(
            r"/static/apple-touch-icon\.png\?v=[0-9a-f]{10}", links["apple-touch-icon"]
        )
        assert links["icon"].startswith("/static/icon.svg?v="), name
    not_found = client.get("/g/nothing-here")
    assert not_found.status_code == 404
    assert "manifest" in head_links(not_found.get_data(as_text=True))


def test_a_swedish_page_links_the_swedish_manifest(client, pages):
    links = head_links(client.get(pages["game"] + "?lang=sv").get_data(as_text=True))
    assert links["manifest"].startswith("/static/manifest.sv.webmanifest?v=")


def manifest_of(client, url: str) -> tuple[dict, str]:
    link = head_links(client.get(url).get_data(as_text=True))["manifest"]
    response = client.get(link)
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.cache_control.max_age == 365 * 24 * 3600
    return response.get_json(force=True), link


@pytest.mark.parametrize(
    ("lang", "description"),
    [
        ("en", "Scorekeeper keeps score for card games played at a real table."),
        ("sv", "Scorekeeper håller räkningen i kortspel vid ett riktigt bord."),
    ],
)
def test_the_manifest_says_who_the_app_is_in_the_pages_language(client, pages, lang, description):
    manifest, _link = manifest_of(client, f"{pages['game']}?lang={lang}")
    assert manifest["id"] == "/" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == lang and manifest["dir"] == "ltr"
    assert manifest["description"] == description
    assert manifest["theme_color"] == "#14532d" and manifest["background_color"] == "#fbfaf7"


def test_the_manifests_icons_are_pngs_of_their_declared_sizes(client, pages):
    manifest, link = manifest_of(client, pages["game"])
    declared = {}
    for icon in manifest["icons"]:
        url = urljoin(link, icon["src"])  # relative to the manifest, as a browser reads it
        assert re.search(r"\?v=[0-9a-f]{10}$", url), url
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == icon["type"], url
        if icon["type"] == "image/png":
            width, height = png_size(response.data)
            assert icon["sizes"] == f"{width}x{height}"
            declared[icon["purpose"], width] = url
        response.close()
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(declared)


def test_the_icons_are_small_and_the_apple_touch_icon_is_180_and_opaque():
    for name, size in [
        ("icon-192.png", 192),
        ("icon-512.png", 512),
        ("icon-maskable-512.png", 512),
        ("apple-touch-icon.png", 180),
    ]:
        data = (STATIC / name).read_bytes()
        assert png_size(data) == (size, size), name
        assert len(data) < 5000, f"{name}: {len(data)} bytes"
    touch = Image.open(BytesIO((STATIC / "apple-touch-icon.png").read_bytes())).convert("RGBA")
    assert touch.getextrema()[3] == (255, 255)  # iOS would fill transparent corners black


def test_the_maskable_icon_keeps_its_drawing_inside_the_safe_zone():
    """A launcher may cut a maskable icon to any shape that holds the circle of 40 % of its
    size around the centre: outside that circle there is only the background, edge to edge."""
    icon = Image.open(BytesIO((STATIC / "icon-maskable-512.png").read_bytes())).convert("RGBA")
    size = icon.width
    background = icon.getpixel((0, 0))
    assert background[3] == 255
    centre, safe = size / 2, 0.4 * size
    outside = {
        icon.getpixel((x, y))
        for y in range(0, size, 4)
        for x in range(0, size, 4)
        if (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 > safe**2
    }
    assert outside == {background}
    assert icon.getpixel((size // 2, size // 2)) != background  # the drawing is there


def test_an_unknown_language_has_no_manifest(client):
    assert client.get("/static/manifest.xx.webmanifest").status_code == 404
    static = client.get("/static/manifest.json")  # the source file, as the static files are
    assert static.status_code == 200
    static.close()


@pytest.mark.slow
def test_a_phone_on_a_game_page_finds_the_app_installable(tmp_path):
    """Chromium at phone size reads the game page's manifest without an error and has nothing
    against installing the app but the test's own private window."""
    reason = missing_tools()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"browser test cannot run: {reason}")
        pytest.skip(f"browser test skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with live_server(tmp_path) as server, sync_playwright() as playwright:
        token = seed_game(server, 3)
        browser = launch(playwright)
        context = browser.new_context(**PHONE, base_url=server.url)
        page = context.new_page()
        page.goto(f"/g/{token}?lang=sv")
        link = page.evaluate("document.querySelector('link[rel=manifest]').href")
        assert link.startswith(f"{server.url}/static/manifest.sv.webmanifest?v=")
        cdp = context.new_cdp_session(page)
        found = cdp.send("Page.getAppManifest")
        assert found["url"] == link and found["errors"] == []
        manifest = found["manifest"]
        assert manifest["id"] == f"{server.url}/" and manifest["display"] == "kStandalone"
        sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
        assert {"192x192", "512x512"} <= sizes
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert {error["errorId"] for error in errors} <= {"in-incognito"}
        browser.close()
