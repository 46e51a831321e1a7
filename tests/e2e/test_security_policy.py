"""The Content-Security-Policy in a real browser (issue 16): every kind of page loads and runs its
scripts and styles without one violation, and no other site can frame a game."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tests.e2e.free_table import seed_free
from tests.e2e.klaberjass_table import seed_klaberjass
from tests.e2e.sviten_table import SvitenPlayer, seed_sviten
from tests.e2e.table import seed_game
from tests.web.sviten.client import HANDS as SVITEN_HANDS

#: Listens for the browser's own report of each refused load or inline script or style.
WATCH = """() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
}"""

#: An element's height in rem.
REMS = """e => parseFloat(getComputedStyle(e).height)
  / parseFloat(getComputedStyle(document.documentElement).fontSize)"""


@pytest.fixture
def watched(new_phone):
    """A phone whose every page reports policy violations (console errors and events)."""
    page = new_phone()
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.context.add_init_script(f"({WATCH})()")
    return page, problems


def violations(page: Any) -> list[str]:
    return page.evaluate("window.__violations || []")


def test_every_kind_of_page_runs_under_the_policy(watched, server):
    page, problems = watched
    visited = []

    def visit(url: str) -> None:
        page.goto(url)
        visited.append(url)
        assert violations(page) == [], url

    visit("/")
    for kind in ("free", "bismarck", "klaberjass", "sviten"):
        visit(f"/{kind}/new")
    # The square table's styles (a stylesheet of its own) apply.
    assert page.locator(".square").evaluate(REMS) == 9

    # Bismarck's steppers are made by app.js: the script ran.
    visit(f"/g/{seed_game(server, 11, announce_next=True)}")
    expect(page.get_by_role("button", name="+1 Anna")).to_be_visible()
    # Klaberjass's card tiles are made by klaberjass.js (its bundle).
    visit(f"/g/{seed_klaberjass(server, 4)}")
    expect(page.locator(".cards button").first).to_be_attached()
    # Sviten's melds proposal: its own stylesheet draws the melds as cards.
    visit(f"/g/{seed_sviten(server, 1)}")
    player = SvitenPlayer(page)
    player.bid(SVITEN_HANDS[1])
    player.tap_cards(SVITEN_HANDS[1])
    page.get_by_role("button", name="Show the melds").tap()
    expect(page.locator("h1")).to_have_text("Hand 2: the melds")
    assert violations(page) == []
    style = page.locator(".cards-row i").first.evaluate("e => getComputedStyle(e).display")
    assert style == "inline-block"

    # The free game's ± buttons are shown by free.js (its bundle).
    visit(f"/g/{seed_free(server, 2)}")
    expect(page.get_by_role("button", name="Turn the sign of Anna’s points")).to_be_visible()

    # A game's chart (in play too): its looks come from the stylesheet, no inline style.
    visit(f"/g/{seed_game(server, 12)}")
    line = page.locator(".chart .c0").first
    assert line.evaluate("e => getComputedStyle(e).fill") == "none"
    assert line.evaluate("e => getComputedStyle(e).strokeDasharray") == "none"
    dashed = page.locator(".chart .c1").first
    assert dashed.evaluate("e => getComputedStyle(e).strokeDasharray") == "6px, 3px"

    visit("/g/no-such-game")
    assert problems == [], problems
    assert len(visited) == 11


@contextmanager
def other_site(html: str) -> Iterator[str]:
    """Another site on this machine (another port: another origin) serving one page."""

    def app(_environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [html.encode()]

    server = make_server("127.0.0.1", 0, app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_no_other_site_can_frame_a_game(watched, server):
    page, _problems = watched
    game = f"{server.url}/g/{seed_game(server, 2)}"
    html = f'<h1>Another site</h1><iframe src="{game}" title="framed"></iframe>'
    with other_site(html) as other:
        page.goto(other)
        expect(page.frame_locator("iframe").locator("body")).to_be_attached()
        page.wait_for_timeout(300)
        framed = page.frames[-1]
        # A refused frame shows the browser's own error page, never the game.
        assert framed.url != game
        assert "Scorekeeper" not in framed.content()
