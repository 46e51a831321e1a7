"""Issue 23, point 7, in the browser: entries add no steps to *Back*. With the script the page
an entry led to takes the place of the one it was sent from, so *Back* leaves the game; without
it the answer is a page of its own and *Back* loads the game as it is now, so there is no stale
form to send again. (A form sent again all the same, as a browser's resubmission does, is told
it was this phone's own: tests/web/test_resubmits.py.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.landing import submit
from tests.e2e.table import seed_game, stored_events


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_back_after_entries_is_one_step_and_offers_nothing_stale(script, new_phone, server):
    token = seed_game(server, 2, announce_next=True)
    phone = new_phone(java_script_enabled=script)
    phone.goto("/")
    phone.goto(f"/g/{token}")
    steps = phone.evaluate("history.length")
    for seat, taken in enumerate((6, 6, 4)):
        phone.locator(f'input[name="tricks_{seat}"]').fill(str(taken))
    submit(phone, "record")
    expect(phone.locator(".result")).to_contain_text("Deal 3:")
    phone.locator("label.contract:not(.used)").first.tap()
    submit(phone, "announce")
    expect(phone.locator(".announced")).to_be_visible()
    assert stored_events(server, token) == 7
    if script:
        assert phone.evaluate("history.length") == steps
        phone.go_back()
        expect(phone).to_have_url(f"{server.url}/")
    else:
        assert phone.evaluate("history.length") == steps + 2  # one page per form sent
        phone.go_back()
        expect(phone).to_have_url(re.compile(rf"/g/{token}#latest$"))
        expect(phone.locator("h1")).to_have_text("Deal 4 of 12")  # the game as it is now
        expect(phone.locator(".announced")).to_be_visible()
    assert stored_events(server, token) == 7
