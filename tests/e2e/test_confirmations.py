"""A second phone confirms (issue 26), in the browser at phone size, in a club evening whose
tables confirm: four phones at one table — Anna's two, Ben's and Carla's — and the organiser's.
A deal Anna's phone records waits on every phone and in the standings; Anna's second phone
cannot confirm it; Ben's *That's not right* corrects it, and Anna's phone confirms the
correction; a deal nobody confirms, the organiser confirms with the PIN."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.db import db
from scorekeeper.evenings import store as evenings
from scorekeeper.evenings.setup import EveningSetup
from tests.e2e.club_seed import seed_club
from tests.e2e.screens import axe_report
from tests.e2e.table import Player
from tests.e2e.test_seats import be

PLAYERS = ("Anna", "Ben", "Carla")


def _confirming_evening(server) -> tuple[str, str]:
    """An evening of one table that confirms, round 1 started: its token and the game's."""
    setup = EveningSetup("Friday club", "bismarck", PLAYERS, 2, "totals", confirms=True)

    def seed() -> tuple[str, str]:
        evening = evenings.create_evening(db.session, setup, seed=7)
        evening = evenings.start_round(db.session, evening, 1, [0])
        return evening.token, evening.games[1, 1].token

    return server.in_app(seed)


def waiting(phone):
    return phone.locator("section.waiting")


def test_a_deal_waits_until_an_opponent_confirms_and_the_organiser_confirms_a_stuck_one(
    new_phone, server, axe
):
    evening, game = _confirming_evening(server)
    club = seed_club(server, evening, extra_members=0)
    anna, annas_other, ben, carla = (new_phone() for _ in range(4))
    for phone, name in ((anna, "Anna"), (annas_other, "Anna"), (ben, "Ben"), (carla, "Carla")):
        phone.goto(f"/g/{game}")
        be(phone, name)
    table = Player(anna)
    table.announce("sang")
    table.record((8, 4, 4))
    # Every phone shows it waiting (the poll counts the entry and reloads them).
    for phone in (anna, annas_other, ben, carla):
        expect(waiting(phone)).to_contain_text("Waiting for confirmation: 1 entry")
    expect(waiting(anna)).to_contain_text("An opponent confirms it on their phone.")
    violations = {
        name: axe(phone, f"confirm-{name}") for name, phone in (("ben", ben), ("anna", anna))
    }
    expect(waiting(annas_other).get_by_role("button", name="Confirm")).to_have_count(0)
    standings = new_phone()
    standings.goto(f"/e/{evening}")
    expect(standings.locator(".waiting-word")).to_contain_text("1 entry is not yet confirmed")
    standings.goto(f"/e/{evening}/tables")
    expect(standings.locator(".table-card.waits")).to_contain_text("1 waiting")
    violations["tables"] = axe(standings, "confirm-tables")
    swedish = new_phone(locale="sv-SE")
    swedish.goto(f"/g/{game}")
    expect(waiting(swedish)).to_contain_text("Väntar på bekräftelse: 1 post")
    violations["sv"] = axe(swedish, "confirm-sv")
    assert not any(violations.values()), axe_report(violations)
    standings.goto(f"/e/{evening}")
    # Ben disagrees: That's not right is the deal's correction, in place.
    waiting(ben).get_by_role("link", name="That's not right").tap()
    expect(ben).to_have_url(re.compile(r"/deal/1/correct$"))
    Player(ben).fill_tricks((7, 5, 4))
    ben.get_by_role("button", name="Save correction").tap()
    expect(waiting(ben)).to_contain_text("by Ben")
    expect(waiting(ben)).to_contain_text("An opponent confirms it on their phone.")
    # Anna's phone now confirms Ben's correction; nothing waits on any phone.
    expect(waiting(anna)).to_contain_text("by Ben")
    waiting(anna).get_by_role("button", name="Confirm").tap()
    expect(anna.locator(".notice")).to_contain_text("Confirmed: Deal 1")
    for phone in (anna, annas_other, ben, carla):
        expect(waiting(phone)).to_have_count(0)
    standings.reload()
    expect(standings.locator(".waiting-word")).to_have_count(0)
    # Deal 2 from Carla's phone; nobody at the table confirms it: the organiser does.
    second = Player(carla)
    second.announce("sang")
    second.record((6, 6, 4))
    organiser = new_phone()
    organiser.goto(f"/c/{club}/members")  # a page for the organiser: it asks for the PIN
    expect(organiser).to_have_url(re.compile(r"/pin\?next="))
    organiser.get_by_label("Organiser PIN").fill("4711")
    organiser.get_by_role("button", name="Manage the club").tap()
    expect(organiser).to_have_url(re.compile(r"/members$"))
    organiser.goto(f"/g/{game}")
    waiting(organiser).get_by_role("button", name="Confirm as the organiser").tap()
    expect(organiser.locator(".notice")).to_contain_text("Confirmed: Deal 2")
    expect(waiting(carla)).to_have_count(0)
    organiser.locator(".history summary").tap()
    expect(organiser.locator("ol.changes li").nth(0)).to_contain_text("confirmed by the organiser")
