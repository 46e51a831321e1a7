"""A club at 360 px, as an organiser makes one: the club (a PIN typed twice, a mismatch first,
refused beside its field), its members (a name twice refused, the typed name kept), and an
evening of ticked members plus one new on the spot, listed on the club's page. A second phone
sees the club but is sent to the PIN form to manage it. Every page: nothing wider than the
screen, thumb-sized targets, axe clean."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.screens import axe_report, layout_problems
from tests.e2e.table import shoot

SMALL_PHONE = {"viewport": {"width": 360, "height": 740}}
PIN = "4711"


def test_an_organiser_makes_a_club_its_members_and_a_club_evening(new_phone, axe):
    phone = new_phone(**SMALL_PHONE)
    problems: list[str] = []
    violations = {}

    def look(name: str) -> None:
        shoot(phone, f"club-{name}")
        problems.extend(layout_problems(phone, name))
        bad = axe(phone, f"club-{name}")
        if bad:
            violations[name] = bad

    phone.goto("/")
    phone.get_by_role("link", name="New club").tap()
    phone.get_by_role("textbox", name="Name of the club").fill("Torsdagsklubben")
    phone.get_by_role("checkbox", name="Bismarck").check()
    phone.get_by_label("Organiser PIN").fill(PIN)
    phone.get_by_label("The PIN again").fill("4712")
    phone.get_by_role("button", name="Make the club").tap()
    expect(phone.locator("#pin_again-error")).to_contain_text("The two PINs differ")
    expect(phone.get_by_role("textbox", name="Name of the club")).to_have_value("Torsdagsklubben")
    look("refused")
    phone.get_by_label("Organiser PIN").fill(PIN)
    phone.get_by_label("The PIN again").fill(PIN)
    phone.get_by_role("button", name="Make the club").tap()
    expect(phone).to_have_url(re.compile(r"/c/[\w-]+$"))
    club_url = phone.url
    look("new")

    phone.get_by_role("link", name="Manage the members").tap()
    for name in ("Anna", "Ben", "Carla", "Dag"):
        phone.get_by_role("textbox", name="Name").fill(name)
        phone.get_by_role("button", name="Add the member").tap()
        expect(phone.locator(".notice")).to_contain_text(f"{name} is a member now.")
    phone.get_by_role("textbox", name="Name").fill("anna")
    phone.get_by_role("button", name="Add the member").tap()
    expect(phone.locator("#name-error")).to_have_text("The club already has a member called anna.")
    expect(phone.get_by_role("textbox", name="Name")).to_have_value("anna")
    look("members")

    phone.goto(club_url)
    phone.get_by_role("link", name="New evening of the club").tap()
    phone.get_by_role("textbox", name="Name of the evening").fill("Vecka 1")
    for name in ("Anna", "Ben", "Dag"):
        phone.get_by_role("checkbox", name=name).check()
    phone.get_by_role("textbox", name="New members, one name a line").fill("Eva")
    phone.get_by_role("spinbutton", name="Rounds", exact=True).fill("2")
    look("evening")
    phone.get_by_role("button", name="Plan the evening").tap()
    expect(phone).to_have_url(re.compile(r"/e/[\w-]+$"))
    expect(phone.locator("h1")).to_have_text("Vecka 1")

    phone.goto(club_url)
    expect(phone.get_by_role("link", name="Vecka 1")).to_be_visible()
    expect(phone.locator(".members")).to_contain_text("Eva")
    look("club")
    phone.get_by_role("link", name="Season table").tap()
    expect(phone.locator("h1")).to_have_text("Season table")
    look("season")

    other = new_phone(**SMALL_PHONE)
    other.goto(club_url)
    expect(other.locator("h1")).to_have_text("Torsdagsklubben")
    other.get_by_role("link", name="Manage the members").tap()
    expect(other).to_have_url(re.compile(r"/pin\?next="))
    other.get_by_label("Organiser PIN").fill("0000")
    other.get_by_role("button", name="Manage the club").tap()
    expect(other.locator("#pin-error")).to_have_text("That is not the organiser PIN.")
    other.get_by_label("Organiser PIN").fill(PIN)
    other.get_by_role("button", name="Manage the club").tap()
    expect(other).to_have_url(re.compile(r"/members$"))

    assert not problems, "\n".join(problems)
    assert not violations, axe_report(violations)
