"""Issue 37, point 5: plain http on the LAN, the README's default. A phone there is not in a
"secure context": no Screen Wake Lock, nothing to install. *Screen on* still works (a muted,
unseen video that loops: ``static/later.js``), and the home page and the README say what
*Add to Home screen* gives at such an address (a shortcut) and over HTTPS (an app).

The phone reaches the test server by a host name that is not a loopback one (Chromium maps it
to 127.0.0.1: ``--host-resolver-rules``), so it treats the address as any LAN address.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.live import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT
from tests.e2e.table import seed_game, shoot

#: A host name for the test server that is neither ``localhost`` nor a loopback address.
LAN_HOST = "scorekeeper.test"

#: Whether the page's video plays: started, not paused, and its time moving on.
PLAYING = """() => {
  const v = document.querySelector('video');
  return !!v && !v.paused && v.currentTime > 0 && v.muted && v.loop;
}"""


@pytest.fixture
def lan_phone(browser, server):
    """A phone's page on the game server at ``http://scorekeeper.test:<port>``."""
    chromium = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=[
            *CHROMIUM_ARGS,
            f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1",
            "--no-proxy-server",
        ],
    )
    context = chromium.new_context(
        **PHONE, base_url=f"http://{LAN_HOST}:{server.server.server_port}"
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()
    chromium.close()


def readme_says(words: str) -> bool:
    text = " ".join((ROOT / "README.md").read_text().split())
    return " ".join(words.split()) in text


def test_screen_on_works_over_plain_http_on_the_lan(lan_phone, server, axe):
    phone = lan_phone
    phone.goto(f"/g/{seed_game(server, 2)}")
    assert not phone.evaluate("window.isSecureContext")
    assert not phone.evaluate("'wakeLock' in navigator")  # no Screen Wake Lock here
    switch = phone.get_by_role("button", name="Screen on")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "true")
    phone.wait_for_function(PLAYING)  # the fallback engaged: the video plays
    video = phone.locator("video")
    box = video.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # unseen
    assert video.evaluate("v => getComputedStyle(v).opacity") == "0"
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "false")
    phone.wait_for_function("() => document.querySelector('video').paused")
    switch.tap()
    phone.wait_for_function(PLAYING)
    shoot(phone, "screen-on-over-http", full_page=False)
    assert axe(phone, "screen-on-over-http") == []  # the unseen video too
    assert readme_says(
        "*Screen on* keeps the screen on by playing a muted, unseen video that loops"
    )


def test_the_home_page_and_the_readme_say_what_installing_gives_over_http(lan_phone, phone):
    lan_phone.goto("/")
    said = lan_phone.locator("#install-h + p").inner_text()
    assert re.search(r"shortcut .* opens Scorekeeper in the browser", said), said
    assert readme_says(said)
    phone.goto("/")  # 127.0.0.1: this very computer, trusted as HTTPS is
    installed = phone.locator("#install-h + p").inner_text()
    assert "installs Scorekeeper as an app" in installed
    assert readme_says(installed)
