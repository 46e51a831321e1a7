"""Who is at this phone (issue 26), in the browser at phone size: two phones at one game each say
who they are, with and without JavaScript, and the changes list says who entered what."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.seats import be
from tests.e2e.table import Player


def test_two_phones_say_who_they_are_and_the_changes_list_says_who_entered_what(new_phone):
    anna = new_phone()
    first = Player(anna)
    first.start_game()  # Anna deals, Ben is forehand
    ben = new_phone(java_script_enabled=False)  # the other phone works without the script
    ben.goto(anna.url)
    expect(ben.locator("a.you")).to_have_text("I am …")
    be(anna, "Anna")
    be(ben, "Ben")
    first.announce("sang")
    second = Player(ben)
    ben.reload()
    second.record((4, 10, 2))
    anna.reload()
    for phone in (anna, ben):
        phone.locator(".history summary").tap()
        lines = phone.locator("ol.changes li")
        expect(lines.nth(0)).to_contain_text("Deal 1: tricks 4/10/2 by Ben")
        expect(lines.nth(1)).to_contain_text("Deal 1: Ben announced Sang by Anna")
    be(anna, "Carla")  # changeable
    expect(ben.locator("a.you")).to_have_text("You: Ben")
