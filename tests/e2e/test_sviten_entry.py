"""Issue 23, point 6, on a phone: the choice between the cards and quick entry is the first thing
of Sviten's hand form, above the 52-card grid; only the chosen one's fields show; and *Show the
melds* with quick entry's numbers still typed records nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.sviten_table import SvitenPlayer, seed_sviten
from tests.e2e.table import shoot
from tests.web.sviten.client import HANDS

#: The top of each part of the hand form, and whether it shows.
PARTS = """() => {
  const form = document.querySelector('form.sv');
  const part = sel => { const el = form.querySelector(sel);
    return {top: el.getBoundingClientRect().top + scrollY, shown: el.offsetParent !== null}; };
  return {form: form.getBoundingClientRect().top + scrollY, entry: part('fieldset.entry'),
          declarer: part('input[name=declarer]'), deck: part('[data-deck]'),
          melds: part('button[value=propose]'), quick: part('input[name=tricks_0]'),
          record: part('button[value=quick]')};
}"""


@pytest.mark.parametrize("width", [320, 360])
def test_the_choice_comes_first_and_shows_only_its_fields(width, new_phone, server):
    phone = new_phone(viewport={"width": width, "height": 740})
    phone.goto(f"/g/{seed_sviten(server, 1)}")
    player = SvitenPlayer(phone)
    parts = phone.evaluate(PARTS)
    assert parts["entry"]["top"] < parts["declarer"]["top"] < parts["deck"]["top"], parts
    assert parts["entry"]["top"] - parts["form"] < 60, parts  # nothing above it in the form
    assert parts["deck"]["shown"] and parts["melds"]["shown"], parts
    assert not parts["quick"]["shown"] and not parts["record"]["shown"], parts

    player.choose_quick_entry()
    parts = phone.evaluate(PARTS)
    assert not parts["deck"]["shown"] and not parts["melds"]["shown"], parts
    assert parts["quick"]["shown"] and parts["record"]["shown"], parts
    assert parts["quick"]["top"] < parts["declarer"]["top"] + 900, parts  # no grid between
    phone.locator("fieldset.entry").scroll_into_view_if_needed()
    shoot(phone, f"sviten-entry-quick-{width}", full_page=False)


def test_show_the_melds_records_nothing_though_quick_entry_holds_numbers(new_phone, server):
    phone = new_phone(viewport={"width": 360, "height": 740})
    phone.goto(f"/g/{seed_sviten(server, 0)}")
    player = SvitenPlayer(phone)
    hand = HANDS[0]
    player.group("Who won the bid?").get_by_role("radio", name="E Ben").tap()
    player.group("Bid").get_by_role("radio", name="1", exact=True).tap()
    player.group("Trumps").get_by_role("radio", name="NT", exact=True).tap()
    player.quick(hand)  # typed in quick entry, then back to the cards
    player.group("How to enter this hand").get_by_role("radio", name="Tap the cards").tap()
    phone.get_by_role("button", name="Show the melds").tap()
    expect(phone.locator("#captured-error")).to_be_visible()
    expect(phone.locator("h1")).to_have_text("Hand 1")  # no hand recorded: still hand 1
    assert phone.locator(".result").count() == 0
    # what was typed is kept: quick entry records it
    player.choose_quick_entry()
    expect(phone.locator("input[name=tricks_0]")).to_have_value("7")
    phone.get_by_role("button", name="Record hand 1").tap()
    expect(phone.locator(".result")).to_contain_text("Ben bid 1 NT · made")
