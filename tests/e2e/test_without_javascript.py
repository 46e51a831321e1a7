"""Scenario 5: with JavaScript off, a game can still be started, announced and recorded."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.screens import overflow
from tests.e2e.sviten_table import SEAT_LABELS
from tests.e2e.table import Player, shoot


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
    expect(phone.locator(".pad")).to_be_hidden()  # the tricks pad needs the script

    player.record((3, 4, 9))
    result = phone.locator(".result")
    expect(result).to_contain_text("Deal 1: Anna −1 · Ben 0 · Carla +1")
    expect(result).to_contain_text("sum 0 ✓")
    expect(phone.locator("h1")).to_have_text("Deal 2 of 12")


#: Each new-game page: its name fields' labels, and the seats as its dealer choices name them.
NEW_GAMES = {
    "bismarck": (
        ("First player", "Second player (on the first's left)", "Third player"),
        ("First player", "Second player", "Third player"),
    ),
    "klaberjass": (("First player", "Second player"), ("First player", "Second player")),
    "sviten": (SEAT_LABELS, ("North", "East", "South", "West")),
}
SCREENS = {"390-light": ("light", 390, 844), "320-dark": ("dark", 320, 568)}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("kind", NEW_GAMES)
@pytest.mark.parametrize("script", [False, True], ids=["no-js", "js"])
def test_the_first_dealer_is_chosen_beside_a_name(kind, script, screen, new_phone):
    """Each name field has its "deals first" choice beside it: without JavaScript it says
    whose ("First player deals first"), with it the name typed; a missing name is refused
    beside its field, with every other entry kept."""
    scheme, width, height = SCREENS[screen]
    phone = new_phone(
        java_script_enabled=script, color_scheme=scheme, viewport={"width": width, "height": height}
    )
    fields, seats = NEW_GAMES[kind]
    phone.goto(f"/{kind}/new")
    names = ["Anna", "Ben", "Carla", "Dan"][: len(seats)]
    for label, name in list(zip(fields, names, strict=True))[1:]:  # the first name missing
        phone.get_by_role("textbox", name=label, exact=True).fill(name)
    second = f"{names[1] if script else seats[1]} deals first"
    radio = phone.get_by_role("radio", name=second, exact=True)
    field = phone.get_by_role("textbox", name=fields[1], exact=True)
    # Beside its name: on the same line, to its right.
    radio_box = radio.locator("xpath=..").bounding_box()
    field_box = field.bounding_box()
    assert (
        abs(radio_box["y"] + radio_box["height"] / 2 - field_box["y"] - field_box["height"] / 2) < 8
    )
    assert radio_box["x"] >= field_box["x"] + field_box["width"]
    assert radio_box["height"] >= 44 and radio_box["width"] >= 44
    radio.tap()
    shoot(phone, f"new-{kind}-dealer-{'js' if script else 'nojs'}-{screen}")
    phone.get_by_role("button", name="Start the game").tap()
    first = phone.get_by_role("textbox", name=fields[0], exact=True)
    expect(first).to_have_attribute("aria-invalid", "true")
    error = phone.locator(f"#{first.get_attribute('id')}-error")
    expect(error).to_have_text("Enter a name.")
    expect(phone.locator(".error")).to_have_count(1)  # only the field at fault
    second = f"{names[1] if script else seats[1]} deals first"
    expect(phone.get_by_role("radio", name=second, exact=True)).to_be_checked()
    expect(phone.get_by_role("textbox", name=fields[-1], exact=True)).to_have_value(names[-1])
    first.fill(names[0])
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.locator(".who")).to_contain_text(f"{names[1]} deals")
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout
