"""Issue 15 on a phone: a deal in five taps, a changed mind that does not lock Announce, the
screen kept on, an entry kept when the network is gone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.table import Player, seed_game, stored_events


@pytest.mark.parametrize("width", [390, 320])
def test_a_deal_without_trumps_takes_five_taps(new_phone, server, width):
    phone = new_phone(viewport={"width": width, "height": 844})
    token = seed_game(server, 4)
    phone.goto(f"/g/{token}")
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.tap()
        taps += 1

    tap(phone.get_by_role("radio", name="Spader"))
    tap(phone.get_by_role("button", name="Announce"))
    pad = phone.get_by_role("group", name="Anna")  # the pad says whose tricks it writes
    tap(pad.get_by_role("button", name="5", exact=True))
    tap(phone.get_by_role("group", name="Ben").get_by_role("button", name="3", exact=True))
    player = Player(phone)
    expect(player.tricks_field("Carla")).to_have_value("8")  # the last one fills itself
    tap(phone.get_by_role("button", name="Record tricks"))
    player.expect_deal_recorded(5)
    assert taps == 5
    assert phone.evaluate("document.documentElement.scrollWidth") <= width


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


def test_screen_on_is_a_switch_where_the_browser_can_keep_the_screen_on(phone, server):
    token = seed_game(server, 1)
    phone.goto(f"/g/{token}")
    switch = phone.get_by_role("button", name="Screen on")
    if not phone.evaluate("'wakeLock' in navigator"):
        expect(switch).to_be_hidden()
        return
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
