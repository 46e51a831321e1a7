"""A second phone confirms, on the pages (issue 26): a game started with the option has each
deal wait on every phone until a phone at another seat taps Confirm (a plain form); the
entering seat's own phone cannot; That's not right is the deal's correction, which then waits
for the first phone; the changes list says who confirmed."""

from __future__ import annotations

import re

from tests.conftest import csrf_token
from tests.web.bismarck.client import Table
from tests.web.test_seats import changes, choose

WAITING = re.compile(r'<section class="waiting".*?</section>', re.S)
CONFIRM = re.compile(r'action="([^"]+/confirm/(\d+))"')


def waiting_box(page: str) -> str:
    found = WAITING.search(page)
    return found.group(0) if found else ""


def phone(app, table: Table, seat: str) -> Table:
    """Another phone at ``table``, saying it is at ``seat``."""
    other = Table(app.test_client(), table.url)
    other.token = csrf_token(other.client)
    choose(other, seat)
    return other


def test_a_deal_waits_on_every_phone_until_an_opponent_confirms(app, client):
    anna = Table(client)
    anna.start(confirms=True)
    choose(anna, "0")
    ben, annas_other = phone(app, anna, "1"), phone(app, anna, "0")
    assert anna.announce(1, "sang", seq=0).status_code == 303
    assert waiting_box(anna.page()) == ""  # an announcement scores nothing
    assert anna.record(1, (8, 4, 4), seq=1).status_code == 303
    for page in (anna.page(), ben.page(), annas_other.page()):
        assert "Waiting for confirmation: 1 entry" in waiting_box(page)
    assert "An opponent confirms it on their phone." in waiting_box(annas_other.page())
    assert 'data-seq="2"' in ben.page()
    action = CONFIRM.search(waiting_box(ben.page()))
    assert action and action.group(2) == "1"
    own = annas_other.client.post(action.group(1), data={"csrf_token": annas_other.token})
    assert own.status_code == 422
    assert "a phone of another seat (an opponent) confirms it" in own.get_data(as_text=True)
    done = ben.client.post(action.group(1), data={"csrf_token": ben.token})
    assert done.status_code == 303
    page = ben.client.get(done.headers["Location"]).get_data(as_text=True)
    assert "Confirmed: Deal 1" in page and waiting_box(page) == ""
    assert 'data-seq="3"' in page  # the poll counts the confirmation: every phone reloads
    assert waiting_box(anna.page()) == ""
    assert any("by Anna" in line and "confirmed by Ben" in line for line in changes(anna.page()))


def test_without_the_option_nothing_waits(client):
    table = Table(client)
    table.start()
    choose(table, "0")
    table.announce(1, "sang", seq=0)
    table.record(1, (8, 4, 4), seq=1)
    page = table.page()
    assert waiting_box(page) == "" and 'data-seq="2"' in page


def test_a_phone_at_no_seat_is_asked_who_it_is(app, client):
    anna = Table(client)
    anna.start(confirms=True)
    choose(anna, "0")
    anna.announce(1, "sang", seq=0)
    anna.record(1, (8, 4, 4), seq=1)
    stranger = Table(app.test_client(), anna.url)
    stranger.token = csrf_token(stranger.client)
    box = waiting_box(stranger.page())
    assert "Say who you are at this phone to confirm it." in box and "/confirm/" not in box
    refused = stranger.client.post(f"{anna.url}/confirm/1", data={"csrf_token": stranger.token})
    assert refused.status_code == 422 and "Say who you are" in refused.get_data(as_text=True)


def test_thats_not_right_corrects_the_deal_and_the_first_phone_confirms_it(app, client):
    anna = Table(client)
    anna.start(confirms=True)
    choose(anna, "0")
    ben = phone(app, anna, "1")
    anna.announce(1, "sang", seq=0)
    anna.record(1, (8, 4, 4), seq=1)
    box = waiting_box(ben.page())
    fix = re.search(r'<a class="button" href="([^"]+)">That.s not right</a>', box)
    assert fix, box
    form = ben.client.get(fix.group(1))
    assert form.status_code == 200
    was = re.search(r'name="was" type="hidden" value="([^"]*)"', form.get_data(as_text=True))
    sent = ben.client.post(
        fix.group(1),
        data={
            "csrf_token": ben.token,
            "seq": "2",
            "deal": "1",
            "was": was.group(1) if was else "",
            "contract": "sang",
            "tricks_0": "7",
            "tricks_1": "5",
            "tricks_2": "4",
        },
    )
    assert sent.status_code == 303, sent.get_data(as_text=True)
    assert "An opponent confirms it on their phone." in waiting_box(ben.page())
    action = CONFIRM.search(waiting_box(anna.page()))
    assert action and action.group(2) == "2"
    assert anna.client.post(action.group(1), data={"csrf_token": anna.token}).status_code == 303
    assert waiting_box(anna.page()) == "" and waiting_box(ben.page()) == ""
