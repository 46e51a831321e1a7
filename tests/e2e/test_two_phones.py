"""Scenario 2: two phones on one game: joining by the QR code, live refresh, a write conflict."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from urllib.parse import urlsplit, urlunsplit

import pytest
from playwright.sync_api import expect

from scorekeeper.server.qr import qr_svg
from tests.e2e.table import Player, shoot, stored_events


def decode_qr(png: bytes, tmp_path) -> str:
    """What a phone's camera reads from the QR code (zbarimg, as CI installs zbar-tools)."""
    path = tmp_path / "qr.png"
    path.write_bytes(png)
    done = subprocess.run(
        ["zbarimg", "--raw", "-q", str(path)], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_phone_b_joins_by_the_qr_code_and_follows_phone_a(new_phone, server, tmp_path):
    a = Player(new_phone())
    a.start_game()
    share = a.page.locator(".share")
    link = share.get_by_role("link").inner_text().strip()
    token = a.token

    # The code names the game's own address, with this machine's network address (a phone
    # cannot reach 127.0.0.1); the link beside it says the same.
    parts = urlsplit(link)
    assert parts.path == f"/g/{token}"
    assert parts.port == server.server.server_port
    qr = share.locator("svg.qr")
    expect(qr).to_be_visible()
    expected_path = re.search(r' d="([^"]+)"', str(qr_svg(link))).group(1)
    assert qr.locator("path").get_attribute("d") == expected_path
    if shutil.which("zbarimg"):
        assert decode_qr(qr.screenshot(), tmp_path) == link
    elif os.environ.get("CI"):
        pytest.fail("zbarimg is missing (apt-get install zbar-tools)")

    # Phone B follows the link; here the network address is this machine's loopback.
    b = Player(new_phone())
    b.page.goto(urlunsplit(("http", f"127.0.0.1:{parts.port}", parts.path, "", "")))
    expect(b.page.locator("h1")).to_have_text("Deal 1 of 12")

    # A announces; B sees it without anyone reloading B's page.
    a.announce("sang")
    expect(a.page.locator(".announced")).to_contain_text("Ben plays Sang")
    expect(b.page.locator(".announced")).to_contain_text("Ben plays Sang", timeout=8_000)

    # Both type the tricks of deal 1, differently, and tap Record at the same moment.
    a.fill_tricks((4, 10, 2))
    b.fill_tricks((5, 9, 2))
    # Typing marks a phone as busy: the other phone's write must not reload the page under it.
    # (button.click() returns at once, so the two requests race each other at the server.)
    a.page.get_by_role("button", name="Record tricks").evaluate("button => button.click()")
    b.page.get_by_role("button", name="Record tricks").evaluate("button => button.click()")

    conflict = "Already recorded from another phone"
    for phone in (a, b):
        expect(phone.page.locator(".result, .conflict").first).to_be_visible()
    lost = [p for p in (a, b) if p.page.get_by_role("heading", name=conflict).count()]
    assert len(lost) == 1, "exactly one phone's entry is refused"
    loser = lost[0]
    winner = b if loser is a else a
    won_tricks, lost_tricks = (
        ("4 / 10 / 2", "5 / 9 / 2") if winner is a else ("5 / 9 / 2", "4 / 10 / 2")
    )
    box = loser.page.locator(".conflict")
    expect(box).to_contain_text("Deal 1: tricks " + won_tricks.replace(" ", ""))
    expect(box).to_contain_text(f"Your tricks, not saved: {lost_tricks}")
    shoot(loser.page, "conflict-light", full_page=False)
    expect(winner.page.locator(".result")).to_contain_text("Deal 1:")
    assert stored_events(server, token) == 2  # the announcement and one record

    # Deal 2: B is busy with the steppers when A records; B's page is not reloaded under its
    # thumb, it says another phone changed the game, and B's entry becomes the conflict.
    a.page.goto(f"/g/{token}")
    b.page.goto(f"/g/{token}")
    a.announce("pass")
    expect(b.page.locator(".announced")).to_contain_text("Carla plays Pass", timeout=8_000)
    b.step("Anna", "+", 6)
    b.step("Ben", "+", 6)
    b.tricks_field("Carla").tap()
    expect(b.tricks_field("Carla")).to_have_value("4")
    a.record((7, 7, 2))
    a.expect_deal_recorded(2)
    expect(b.page.locator("[data-live]")).to_be_visible(timeout=8_000)
    expect(b.page.locator("[data-live]")).to_contain_text("Another phone has changed this game")
    assert [b.tricks_field(n).input_value() for n in ("Anna", "Ben", "Carla")] == ["6", "6", "4"]
    b.tap_record()
    expect(b.page.get_by_role("heading", name=conflict)).to_be_visible()
    expect(b.page.locator(".conflict")).to_contain_text("Deal 2: tricks 7/7/2")
    expect(b.page.locator(".conflict")).to_contain_text("Your tricks, not saved: 6 / 6 / 4")
    assert stored_events(server, token) == 4

    # B now shows the answer to its refused form; when A undoes deal 2's tricks, B follows to
    # the game's own page, where it lands on what changed (not a reload that would send the
    # refused form again).
    a.page.get_by_role("link", name="Undo: Deal 2: tricks 7/7/2").tap()
    a.page.get_by_role("button", name="Undo it").tap()
    expect(b.page.locator(".announced")).to_contain_text("Carla plays Pass", timeout=8_000)
    expect(b.page).to_have_url(re.compile(rf"/g/{token}#latest$"))
    expect(b.page.locator(".conflict")).to_have_count(0)
