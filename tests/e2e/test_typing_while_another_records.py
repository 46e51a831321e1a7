"""Issue 37, point 1: phone B's player is typing a deal when phone A records it. B's page is not
reloaded under the thumb, and within 3 s it says, just below its sticky head (in view), what A
recorded; the same as B typed: nothing more to do; different: one tap opens that deal's
correction with what B typed.

Screens: 320×568 and 360×740, in Swedish and in English. Screenshots:
``artifacts/screenshots/typing-*``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.small_phone import SCREENS, button, pad
from tests.e2e.table import seed_game, shoot

#: Deal 5 of the worked example (Spader, announced): its tricks, and how a page says them.
TRICKS = (4, 3, 9)
SAID = {"en-GB": "Deal 5: tricks 4/3/9", "sv-SE": "Giv 5: stick 4/3/9"}


def typing_and_recording(new_phone, server, screen: str, typed: int):
    """B taps ``typed`` for Anna; A then records deal 5. Returns B's page, once it shows A's
    entry (within 3 s: the test server polls every second)."""
    token = seed_game(server, 4, announce_next=True)
    a, b = new_phone(), new_phone(**SCREENS[screen])
    for phone in (a, b):
        phone.goto(f"/g/{token}#latest")
        phone.wait_for_load_state("load")
    pad(b, typed).tap()
    for seat, taken in enumerate(TRICKS):
        a.locator(f'input[name="tricks_{seat}"]').fill(str(taken))
    button(a, "record").tap()
    expect(a.locator(".result")).to_be_visible()
    news = b.locator("header.now [data-live]")
    expect(news).to_contain_text(SAID[SCREENS[screen]["locale"]], timeout=3_000)
    expect(news).to_be_in_viewport()
    expect(b.locator('input[name="tricks_0"]')).to_have_value(str(typed))  # not reloaded
    return b, news


@pytest.mark.parametrize("screen", ["320-sv", "360-en"])
def test_the_same_as_typed_asks_nothing_more(screen, new_phone, server):
    b, news = typing_and_recording(new_phone, server, screen, TRICKS[0])
    expect(news.locator("[data-same]")).to_be_visible()
    expect(news.locator("[data-differs], [data-was]")).to_have_count(2)
    expect(news.locator("[data-was]")).to_be_hidden()
    shoot(b, f"typing-same-{screen}", full_page=False)
    news.locator("[data-show]").tap()  # Show it: the game as it is, deal 6
    expect(b.locator(".result")).to_contain_text("5:")
    expect(b.locator("header.now [data-live]")).to_be_hidden()


@pytest.mark.parametrize("screen", ["320-en", "360-sv"])
def test_a_different_count_is_one_tap_from_its_correction(screen, new_phone, server, axe):
    b, news = typing_and_recording(new_phone, server, screen, 5)
    expect(news.locator("[data-differs]")).to_be_visible()
    assert axe(b, f"typing-differs-{screen}") == []
    expect(news.locator("[data-same]")).to_be_hidden()
    fix = news.locator("[data-was]")
    expect(fix).to_be_in_viewport()
    shoot(b, f"typing-differs-{screen}", full_page=False)
    fix.tap()
    expect(b).to_have_url(re.compile(r"/deal/5/correct\?"))
    expect(b.locator('input[name="tricks_0"]')).to_have_value("5")  # what B typed
    expect(b.locator('input[name="tricks_1"]')).to_have_value("3")  # the rest as recorded
