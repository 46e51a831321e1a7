"""Scenario 4: deal 3 corrected after deal 6; every total after it changes; then undo."""

from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from tests.e2e.table import PLAYERS, Player, example_events, seed_game
from tests.games import state_of


def engine_totals(events) -> dict[str, int]:
    state = state_of(bismarck.Setup(PLAYERS, first_dealer=0), events)
    return dict(zip(PLAYERS, state.totals, strict=True))


def running_totals(phone, deal: int) -> list[str]:
    """The small running totals under each player's score in the deal-by-deal table."""
    row = phone.locator(f"table.log tbody tr#r{deal}")  # (a note row may follow a deal's)
    return [cell.inner_text() for cell in row.locator("td small").all()[-3:]]


def test_correcting_deal_3_after_deal_6_rescores_and_undo_takes_it_back(phone, server):
    token = seed_game(server, 6)
    player = Player(phone)
    phone.goto(f"/g/{token}")
    expect(phone.locator("h1")).to_have_text("Deal 7 of 12")
    events = example_events(6)
    before = player.totals()
    assert before == engine_totals(events)
    deal_6_before = running_totals(phone, 6)

    # A correction that would break a later deal is refused, naming that deal.
    phone.get_by_role("link", name="Correct deal 3").tap()
    expect(phone.locator("h1")).to_have_text("Correct deal 3")
    player.contract_button("pass").tap()
    phone.get_by_role("button", name="Save correction").tap()
    expect(phone.get_by_role("group", name="Contract").locator(".error")).to_have_text(
        "This correction would make deal 6 illegal: Anna has already played Pass (deal 3)."
    )

    # Anna took 9 tricks in deal 3, not 5; Carla 5, not 9.
    player.contract_button("spader").tap()
    player.tricks_field("Anna").fill("9")
    player.tricks_field("Carla").fill("5")
    phone.get_by_role("button", name="Save correction").tap()
    # The page lands on deal 3, with what changed beside it, in view below the sticky head.
    note = phone.locator("tr.note")
    expect(note).to_have_text("✓ Deal 3: corrected: tricks 5/2/9 → 9/2/5")
    expect(note).to_be_in_viewport()
    assert phone.url.endswith("#r3")
    corrected = [*events, Event("correct", {"deal": 3, "contract": "spader", "tricks": [9, 2, 5]})]
    after = player.totals()
    assert after == engine_totals(corrected)
    assert after != before
    assert running_totals(phone, 6) != deal_6_before
    expect(phone.locator("table.log tbody tr").nth(2)).to_contain_text("+1")
    phone.locator("summary", has_text="entries").tap()  # the Changes list
    expect(phone.locator("ol.changes li").first).to_contain_text(
        "Deal 3: corrected: tricks 5/2/9 → 9/2/5"
    )

    # Undo says what it takes back and asks first; then the game says what it took back.
    phone.get_by_role("link", name="Undo: Deal 3: corrected: tricks 5/2/9 → 9/2/5").tap()
    expect(phone.locator("h1")).to_have_text("Undo")
    expect(phone.locator(".result")).to_contain_text("Deal 3: corrected: tricks 5/2/9 → 9/2/5")
    phone.get_by_role("button", name="Undo it").tap()
    taken = "Taken back: Deal 3: corrected: tricks 5/2/9 → 9/2/5"
    expect(phone.locator(".notice")).to_have_text(taken)
    phone.locator("summary", has_text="entries").tap()  # the Changes list
    expect(phone.locator("ol.changes li").first).to_contain_text("undid: corrected")
    assert player.totals() == before
    assert running_totals(phone, 6) == deal_6_before
