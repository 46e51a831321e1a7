"""Scenario 3: a wrong entry is refused with a message next to its field, and nothing is stored."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.table import Player, seed_game, stored_events


def test_tricks_that_do_not_add_up_to_16_are_refused_next_to_the_fields(phone, server):
    token = seed_game(server, 0, announce_next=True)  # deal 1: Ben plays Sang
    player = Player(phone)
    phone.goto(f"/g/{token}")
    player.fill_tricks((5, 5, 5))  # the page fills Carla's 6; the player overwrites it
    player.tap_record()

    fieldset = phone.get_by_role("group", name="Record tricks (16 in all)")
    error = fieldset.locator(".error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("15")
    # The message is tied to the fields (screen readers read it with them) and sits right below.
    error_id = error.get_attribute("id")
    for name in ("Anna", "Ben", "Carla"):
        field = player.tricks_field(name)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_have_attribute("aria-describedby", error_id)
        expect(field).to_have_value("5")  # what the player typed is still there
    last = player.tricks_field("Carla").bounding_box()
    assert 0 <= error.bounding_box()["y"] - (last["y"] + last["height"]) < 60
    assert stored_events(server, token) == 1
    expect(phone.locator(".result")).to_have_count(0)


def test_a_used_contract_forced_through_is_refused_next_to_the_contracts(phone, server):
    token = seed_game(server, 3)  # Ben played Sang in deal 1 and is forehand again in deal 4
    player = Player(phone)
    phone.goto(f"/g/{token}")
    expect(phone.locator(".who")).to_contain_text("Ben is forehand")
    sang = player.contract_button("sang")
    expect(sang).to_be_disabled()
    expect(phone.locator("label.used", has_text="Sang")).to_contain_text("used in deal 1")

    # A crafted request: the greyed-out button enabled and chosen behind the page's back.
    sang.evaluate("radio => { radio.disabled = false; radio.checked = true; }")
    phone.get_by_role("button", name="Announce").tap()

    contracts = phone.get_by_role("group", name="Ben's contract")
    error = contracts.locator(".error")
    expect(error).to_have_text("Ben has already played Sang (deal 1).")
    expect(contracts).to_have_attribute("aria-describedby", error.get_attribute("id"))
    assert stored_events(server, token) == 6
    expect(phone.locator("h1")).to_have_text("Deal 4 of 12")
    expect(phone.get_by_role("button", name="Announce")).to_be_visible()
