"""A second phone confirms (issue 26), in the browser at phone size, in a club evening whose
tables confirm: four phones at one table — Anna's two, Ben's and Carla's — and the organiser's.
A deal Anna's phone records waits on every phone and in the standings; Anna's second phone
cannot confirm it; Ben's *That's not right* corrects it, and Anna's phone confirms the
correction; a deal nobody confirms, the organiser confirms with the PIN.

A confirmation comes from another person's phone (issue 35): switching seat after entering,
``seat=00``, ``seat=０``, ``seat=²``, a phone of another table and an unseated phone each fail
to confirm (a message, nothing stored, no 500); an opponent's phone confirms."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.data.db import db
from scorekeeper.evenings import store as evenings
from scorekeeper.evenings.setup import EveningSetup
from tests.e2e.club_seed import seed_club
from tests.e2e.screens import axe_report
from tests.e2e.seats import be
from tests.e2e.table import Player

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


# --- a confirmation comes from another person's phone (issue 35) ----------------------------

SIX = ("Anna", "Ben", "Carla", "Dora", "Emil", "Frida")


def _two_tables(server) -> tuple[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]]:
    """An evening of two tables that confirm, round 1 started: each table's game and players."""
    setup = EveningSetup("Friday club", "bismarck", SIX, 2, "totals", confirms=True)

    def seed():
        evening = evenings.create_evening(db.session, setup, seed=7)
        evening = evenings.start_round(db.session, evening, 1, [0, 0])
        games = (evening.games[1, 1], evening.games[1, 2])
        return tuple((game.token, tuple(game.state.players)) for game in games)

    return server.in_app(seed)


def _stored(server, game: str) -> tuple[int, dict[int, frozenset[str]]]:
    """The game's log length and who confirmed what, as the database holds them."""
    from scorekeeper.table import store

    def read():
        store.REPLAYS.clear()
        loaded = store.load(db.session, game)
        return loaded.seq, dict(loaded.confirmed)

    return server.in_app(read)


def _forge(phone, action: str, **fields: str) -> int:
    """What a player with the browser's developer tools sends: a form the page never offered,
    built in the page (with its CSRF token) and submitted; the browser shows the answer. Its
    status."""
    token = phone.locator("input[name=csrf_token]").first.get_attribute("value")
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        phone.evaluate(
            """([action, fields]) => {
                const form = document.createElement('form');
                form.method = 'post';
                form.action = action;
                for (const [name, value] of Object.entries(fields)) {
                    const field = document.createElement('input');
                    field.type = 'hidden';
                    field.name = name;
                    field.value = value;
                    form.append(field);
                }
                document.body.append(form);
                form.submit();
            }""",
            [action, {"csrf_token": token, **fields}],
        )
    phone.wait_for_load_state()
    return answer.value.status


def _refused(phone, status: int, words: str) -> None:
    assert status == 422, status
    expect(phone.locator(".conflict[role=alert] p.error").first).to_contain_text(words)


def test_a_confirmation_comes_from_another_persons_phone(new_phone, server):
    (first, at_one), (second, at_two) = _two_tables(server)
    anna = new_phone()
    anna.goto(f"/g/{first}")
    be(anna, at_one[0])
    Player(anna).announce("sang")
    Player(anna).record((8, 4, 4), at_one)
    expect(waiting(anna)).to_contain_text("An opponent confirms it on their phone.")
    # Switching seat after entering: the seat page offers no other seat; a forged change and a
    # forged Confirm are refused, and the head still names her seat.
    anna.locator("a.you").tap()
    expect(anna.locator(".notice")).to_contain_text(
        f"This phone has entered or confirmed as {at_one[0]} in this game"
    )
    expect(anna.get_by_role("button", name=at_one[1])).to_have_count(0)
    anna.goto(f"/g/{first}")
    _refused(anna, _forge(anna, f"/g/{first}/seat", seat="1"), "so it stays at that seat")
    anna.goto(f"/g/{first}")
    expect(anna.locator("a.you")).to_have_text(f"You: {at_one[0]}")
    _refused(anna, _forge(anna, f"/g/{first}/confirm/1"), "This phone entered it")
    # seat=00, a full-width ０ and a superscript ²: refused on the seat page, no seat kept, and
    # Confirm refused.
    stranger = new_phone()
    stranger.goto(f"/g/{first}")
    for bad in ("00", "０", "²"):
        stranger.locator("a.you").tap()
        button = stranger.get_by_role("button", name=at_one[1], exact=True)
        button.evaluate("(button, value) => { button.value = value; }", bad)
        with stranger.expect_response(lambda r: r.request.method == "POST") as answer:
            button.tap()
        _refused(stranger, answer.value.status, "Choose one of this game's seats.")
        stranger.goto(f"/g/{first}")
        expect(stranger.locator("a.you")).to_have_text("I am …")
        expect(waiting(stranger)).to_contain_text("Say who you are at this phone to confirm it.")
        _refused(
            stranger, _forge(stranger, f"/g/{first}/confirm/1"), "Say who you are at this phone"
        )
        stranger.goto(f"/g/{first}")
    assert _stored(server, first) == (2, {})
    # A phone of another table: Anna's phone at table 2 takes no seat and confirms nothing.
    dora = new_phone()
    dora.goto(f"/g/{second}")
    be(dora, at_two[0])
    Player(dora).announce("sang")
    Player(dora).record((7, 5, 4), at_two)
    anna.goto(f"/g/{second}")
    expect(waiting(anna)).to_contain_text("Say who you are at this phone to confirm it.")
    anna.locator("a.you").tap()
    expect(anna.locator(".notice")).to_contain_text(
        "This phone has entered or confirmed at table 1 of this round"
    )
    expect(anna.get_by_role("button", name=at_two[1])).to_have_count(0)
    anna.goto(f"/g/{second}")
    _refused(anna, _forge(anna, f"/g/{second}/confirm/1"), "at table 1 of this round")
    # An unseated phone confirms nothing either.
    unseated = new_phone()
    unseated.goto(f"/g/{second}")
    _refused(unseated, _forge(unseated, f"/g/{second}/confirm/1"), "Say who you are at this phone")
    assert _stored(server, second) == (2, {})
    # An opponent's phone confirms.
    ben = new_phone()
    ben.goto(f"/g/{first}")
    be(ben, at_one[1])
    waiting(ben).get_by_role("button", name="Confirm").tap()
    expect(ben.locator(".notice")).to_contain_text("Confirmed: Deal 1")
    anna.goto(f"/g/{first}")
    expect(waiting(anna)).to_have_count(0)
    ben.locator(".history summary").tap()
    expect(ben.locator("ol.changes li").nth(0)).to_contain_text(f"confirmed by {at_one[1]}")
    assert _stored(server, first) == (2, {1: frozenset({"1"})})
    assert _stored(server, second) == (2, {})
