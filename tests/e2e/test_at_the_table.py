"""Issue 15 on a phone: a deal in five taps, a changed mind that does not lock Announce, the
screen kept on, an entry kept when the network is gone or the server too busy to store it."""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from tests.e2e.live import PHONE, live_server
from tests.e2e.screens import page_width
from tests.e2e.table import Player, seed_game, shoot, stored_events
from tests.e2e.taps import Taps


@pytest.mark.parametrize("width", [390, 320])
def test_a_deal_without_trumps_takes_five_taps(new_phone, server, width):
    phone = new_phone(viewport={"width": width, "height": 844})
    token = seed_game(server, 4)
    phone.goto(f"/g/{token}")
    counted = Taps()
    tap = counted.tap

    tap(phone.get_by_role("radio", name="Spader"))
    tap(phone.get_by_role("button", name="Announce"))
    pad = phone.get_by_role("group", name="Anna")  # the pad says whose tricks it writes
    tap(pad.get_by_role("button", name="5", exact=True))
    tap(phone.get_by_role("group", name="Ben").get_by_role("button", name="3", exact=True))
    player = Player(phone)
    expect(player.tricks_field("Carla")).to_have_value("8")  # the last one fills itself
    tap(phone.get_by_role("button", name="Record tricks"))
    player.expect_deal_recorded(5)
    assert counted.count == 5
    assert page_width(phone) <= width


def test_a_changed_mind_does_not_lock_announce(phone, server):
    token = seed_game(server, 0)
    phone.goto(f"/g/{token}")
    player = Player(phone)
    player.contract_button("valfri").tap()
    phone.get_by_role("radio", name="hearts", exact=True).tap()
    player.contract_button("spader").tap()  # the trump picker hides, ♥ still selected in it
    phone.get_by_role("button", name="Announce").tap()
    expect(phone.locator(".announced")).to_contain_text("Ben plays Spader")
    assert stored_events(server, token) == 1


def test_screen_on_is_a_switch(phone, server):
    """With the Screen Wake Lock API (this computer's address); without it, over plain http on
    the LAN: tests/e2e/test_screen_on_over_http.py."""
    token = seed_game(server, 1)
    phone.goto(f"/g/{token}")
    switch = phone.get_by_role("button", name="Screen on")
    assert phone.evaluate("'wakeLock' in navigator")
    expect(switch).to_have_attribute("aria-pressed", "true")  # on during a game
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "false")
    phone.reload()
    expect(phone.get_by_role("button", name="Screen on")).to_have_attribute("aria-pressed", "false")


def test_an_entry_made_without_network_is_kept_and_sent_when_it_is_back(phone, server):
    token = seed_game(server, 0)
    phone.goto(f"/g/{token}")
    Player(phone).contract_button("sang").tap()
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Announce").tap()
    expect(phone.locator("[data-unsent]")).to_be_visible()
    expect(phone.locator("[data-unsent]")).to_contain_text("Not sent: no connection")
    assert stored_events(server, token) == 0
    phone.context.set_offline(False)  # the network is back: it is sent, as typed
    expect(phone.locator(".announced")).to_contain_text("Ben plays Sang")
    assert stored_events(server, token) == 1


DEAD_WIFI = re.compile(r"/g/[\w-]+/announce$")
POLL = re.compile(r"/g/[\w-]+/seq$")
# All of a game's requests hang: the entry and the polls. (Were the polls answered, each would
# send the kept entry again and grey out Send now for another 8 s.)
NO_ANSWER = re.compile(r"/g/[\w-]+/(announce|seq)$")


@pytest.mark.parametrize(
    ("scheme", "width", "height"), [("light", 390, 844), ("dark", 320, 568)], ids=["390", "320"]
)
def test_an_entry_lost_on_a_dead_wifi_is_kept_and_sent_when_asked(
    scheme, width, height, new_phone, server
):
    """The phone thinks it is online (navigator.onLine) but the request fails: the entry is
    kept, the page says it was not sent, and Send now sends it with the seq it was typed
    against."""
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    token = seed_game(server, 0)
    phone.goto(f"/g/{token}")
    phone.route(DEAD_WIFI, lambda route: route.abort("internetdisconnected"))
    # The poll stays dead too: a poll that gets through sends the entry by itself (the test
    # below), which would race the taps on Send now that this test is about.
    phone.route(POLL, lambda route: route.abort("internetdisconnected"))
    Player(phone).contract_button("sang").tap()
    phone.get_by_role("button", name="Announce").tap()
    unsent = phone.locator("[data-unsent]")
    expect(unsent).to_be_in_viewport()  # the notice is at the top: brought into view
    expect(unsent).to_contain_text("Not sent")
    assert phone.evaluate("navigator.onLine")
    kept = phone.evaluate("JSON.parse(localStorage.getItem('unsent:' + location.pathname))")
    assert ["seq", "0"] in kept["fields"] and ["contract", "sang"] in kept["fields"]
    assert stored_events(server, token) == 0
    shoot(phone, f"unsent-dead-wifi-{scheme}-{width}", full_page=False)
    send = phone.get_by_role("button", name="Send now")
    send.tap()  # still dead: still kept
    expect(send).to_be_enabled()  # greyed out while the try lasted, and it is over
    expect(unsent).to_be_visible()
    assert stored_events(server, token) == 0
    phone.unroute(DEAD_WIFI)
    send.tap()
    expect(phone.locator(".announced")).to_contain_text("Ben plays Sang")
    expect(phone.locator("[data-unsent]")).to_be_hidden()
    assert stored_events(server, token) == 1
    assert phone.evaluate("localStorage.getItem('unsent:' + location.pathname)") is None


def test_an_entry_without_an_answer_is_kept_and_a_conflict_is_still_caught(new_phone, server):
    """No answer in 8 s: kept. Meanwhile another phone announced something else; when the
    network is back (the poll gets through) the entry goes with the seq it was typed against,
    and the page says another phone recorded first."""
    phone = new_phone()
    token = seed_game(server, 0)
    phone.goto(f"/g/{token}")
    phone.route(NO_ANSWER, lambda route: None)  # the requests hang: no answer at all
    Player(phone).contract_button("sang").tap()
    phone.get_by_role("button", name="Announce").tap()
    send = phone.locator("[data-unsent] button")
    expect(send).to_be_disabled()  # being sent: a tap on Send now would do nothing
    expect(phone.locator("[data-unsent]")).to_be_visible(timeout=15_000)
    # Given up after 8 s: it can be sent again (a busy machine runs the timers late).
    expect(send).to_be_enabled(timeout=15_000)
    other = new_phone()
    other.goto(f"/g/{token}")
    Player(other).contract_button("spader").tap()
    other.get_by_role("button", name="Announce").tap()
    expect(other.locator(".announced")).to_contain_text("Ben plays Spader")
    phone.unroute(NO_ANSWER)  # back: the next poll sends what was kept, by itself
    expect(phone.locator(".conflict")).to_contain_text("Already recorded from another phone")
    assert stored_events(server, token) == 1


def test_an_entry_the_server_was_too_busy_to_store_is_kept_and_sent_again(browser, tmp_path):
    """Another writer holds the database longer than the server waits for it
    (``DATABASE_BUSY_SECONDS``): the entry is answered 503 with ``Retry-After``. The page keeps
    it, says the server was busy, and sends it again by itself until it goes in once (issue
    34). Before, the phone showed the 503 page, and what was typed was gone from it."""
    instance = tmp_path / "busy"
    with live_server(instance, POLL_SECONDS=1, DATABASE_BUSY_SECONDS=0.5) as busy:
        context = browser.new_context(**PHONE, base_url=busy.url)
        context.set_default_timeout(15_000)
        phone = context.new_page()
        token = seed_game(busy, 0)
        phone.goto(f"/g/{token}")
        sent: list[str] = []
        phone.on("request", lambda r: sent.append(r.url) if DEAD_WIFI.search(r.url) else None)
        Player(phone).contract_button("sang").tap()
        holder = sqlite3.connect(instance / "e2e.sqlite3", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the database's one write lock, held
        try:
            phone.get_by_role("button", name="Announce").tap()
            unsent = phone.locator("[data-unsent]")
            expect(unsent).to_be_visible()
            expect(unsent).to_contain_text("Not sent: no connection, or the server was busy.")
            kept = phone.evaluate("JSON.parse(localStorage.getItem('unsent:' + location.pathname))")
            assert ["seq", "0"] in kept["fields"] and ["contract", "sang"] in kept["fields"]
            for _ in range(75):  # sent again by itself (Retry-After, or the poll), still busy
                if len(sent) > 1:
                    break
                phone.wait_for_timeout(200)
            assert len(sent) > 1, sent
            expect(unsent).to_be_visible()
            assert stored_events(busy, token) == 0
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        expect(phone.locator(".announced")).to_contain_text("Ben plays Sang")
        expect(phone.locator("[data-unsent]")).to_be_hidden()
        assert stored_events(busy, token) == 1
        assert phone.evaluate("localStorage.getItem('unsent:' + location.pathname)") is None
        context.close()
