"""A phone whose polls fail says so in the head of its game page, and is live again by itself
once the server is back (issue 24): the server is stopped and started again on the same port."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.e2e.live import PHONE, live_server
from tests.e2e.table import example_events, seed_game


def test_a_phone_says_it_is_not_live_while_the_server_is_down_and_recovers(browser, tmp_path):
    instance = tmp_path / "instance"
    context = None
    with live_server(instance, POLL_SECONDS=2) as first:
        port, token = first.server.server_port, seed_game(first, 2)
        context = browser.new_context(**PHONE, base_url=first.url)
        page = context.new_page()
        page.goto(f"/g/{token}")
        not_live = page.get_by_role("status").filter(has_text="Not live: reconnecting…")
        expect(page.locator("h1")).to_have_text("Deal 3 of 12")
        page.wait_for_timeout(2500)  # a poll or more that got through: nothing to say
        expect(not_live).to_be_hidden()
    stopped = time.monotonic()
    try:
        # Said in words, in the head that stays in view, within 10 s of the server stopping.
        expect(not_live).to_be_visible(timeout=10_000)
        assert time.monotonic() - stopped < 10
        assert page.locator("header .notlive").is_visible()
        page.screenshot(path=str(tmp_path / "not-live.png"))
        with live_server(instance, port=port, POLL_SECONDS=2) as second:
            back = time.monotonic()

            def another_phone_writes() -> None:  # while this one was cut off
                game = store.load(db.session, token)
                event = example_events(3)[4]
                store.append(db.session, game, event, game.seq)

            second.in_app(another_phone_writes)
            # Live again by itself within 10 s, and showing what it missed.
            expect(not_live).to_be_hidden(timeout=10_000)
            expect(page.locator(".announced")).to_be_visible(timeout=10_000)
            assert time.monotonic() - back < 10
    finally:
        context.close()


def test_a_poll_answered_with_an_error_page_says_not_live_and_does_not_reload(browser, tmp_path):
    """A 404 with JSON (a game deleted, a proxy's error page) has no ``seq``: the page once took
    ``+undefined`` (NaN) for news and reloaded itself every poll."""
    with live_server(tmp_path / "instance", POLL_SECONDS=1) as server:
        token = seed_game(server, 2)
        context = browser.new_context(**PHONE, base_url=server.url)
        try:
            page = context.new_page()
            page.route(
                "**/seq",
                lambda route: route.fulfill(
                    status=404, content_type="application/json", body='{"error": "gone"}'
                ),
            )
            loads: list[str] = []
            page.on("load", lambda _page: loads.append("load"))
            page.goto(f"/g/{token}")
            not_live = page.get_by_role("status").filter(has_text="Not live: reconnecting…")
            expect(not_live).to_be_visible(timeout=10_000)
            page.wait_for_timeout(3000)  # three more polls, each a 404
            assert loads == ["load"]
        finally:
            context.close()


def test_a_poll_that_hangs_is_given_up_and_says_not_live(browser, tmp_path):
    """A poll the server (or a proxy) never answers is aborted after two intervals: it does not
    hold a connection for ever, and the page says it is not live."""
    with live_server(tmp_path / "instance", POLL_SECONDS=1) as server:
        token = seed_game(server, 2)
        context = browser.new_context(**PHONE, base_url=server.url)
        try:
            page = context.new_page()
            page.route("**/seq", lambda route: None)  # never answered
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.goto(f"/g/{token}")
            not_live = page.get_by_role("status").filter(has_text="Not live: reconnecting…")
            expect(not_live).to_be_visible(timeout=10_000)
            page.wait_for_timeout(3500)
            assert any(url.endswith("/seq") for url in failed), failed
        finally:
            context.close()
