"""Scenario 5: with JavaScript off, a game can still be started, announced and recorded."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.table import Player


def test_a_deal_is_announced_and_recorded_without_javascript(new_phone):
    phone = new_phone(java_script_enabled=False)
    player = Player(phone)
    player.start_game(first_dealer="Second player")  # Ben deals, Carla is forehand
    expect(phone.locator(".who")).to_have_text("Ben deals · Carla is forehand")

    # No steppers and no live refresh without the script; the suit picker is always shown.
    expect(phone.get_by_role("button", name="+1 Anna")).to_have_count(0)
    expect(phone.get_by_role("group", name="Trumps")).to_be_visible()
    player.announce("valfri", "diamonds")
    expect(phone.locator(".announced")).to_contain_text("Carla plays Valfri ♦")
    expect(phone.get_by_role("button", name="+1 Anna")).to_have_count(0)

    player.record((3, 4, 9))
    result = phone.locator(".result")
    expect(result).to_contain_text("Deal 1: Anna −1 · Ben 0 · Carla +1")
    expect(result).to_contain_text("sum 0 ✓")
    expect(phone.locator("h1")).to_have_text("Deal 2 of 12")
