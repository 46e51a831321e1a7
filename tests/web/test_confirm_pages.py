"""A second phone confirms, on the pages (issue 26): a game started with the option has each
deal wait on every phone until a phone at another seat taps Confirm (a plain form); the
entering seat's own phone cannot; That's not right is the deal's correction, which then waits
for the first phone; the changes list says who confirmed."""

from __future__ import annotations

import re

from tests.conftest import csrf_token
from tests.web.bismarck.client import Table
from tests.web.seats import changes, choose, said_in_head, seat_page

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


# --- a confirmation comes from another person's phone (issue 35) ----------------------------


def stored(app, table: Table) -> tuple[int, dict[int, frozenset[str]]]:
    """How long the game's log is and who confirmed what, as the database holds it."""
    from scorekeeper.data.db import db
    from scorekeeper.table import store

    with app.app_context():
        store.REPLAYS.clear()
        game = store.load(db.session, table.url.rsplit("/", 1)[-1])
        return game.seq, dict(game.confirmed)


def deal_one_waiting(app, client) -> tuple[Table, str]:
    """A game that confirms, deal 1 announced and recorded by Anna's phone at her seat: the
    table and the address that confirms the deal's tricks."""
    anna = Table(client)
    anna.start(confirms=True)
    choose(anna, "0")
    assert anna.announce(1, "sang", seq=0).status_code == 303
    assert anna.record(1, (8, 4, 4), seq=1).status_code == 303
    return anna, f"{anna.url}/confirm/1"


def refused_to_confirm(table: Table, action: str) -> str:
    """Post Confirm from ``table``'s phone: refused (422, nothing stored); the page's words."""
    response = table.client.post(action, data={"csrf_token": table.token})
    assert response.status_code == 422, response.status_code
    return response.get_data(as_text=True)


def test_a_phone_that_entered_keeps_its_seat_and_never_confirms_its_own_entry(app, client):
    """Anna enters deal 1, then tries to be Ben and confirm it: the seat page says her seat
    stays, a change is refused, and Confirm is refused whatever seat she claims — even with a
    session that says Ben (an older cookie sent again): the log knows her phone entered it."""
    anna, action = deal_one_waiting(app, client)
    page = seat_page(anna)
    assert "This phone has entered or confirmed as Anna in this game" in page
    assert 'name="seat"' not in page  # no other seat offered
    for other in ("1", "2", ""):
        refused = choose(anna, other)
        assert refused.status_code == 422, other
        assert "so it stays at that seat" in refused.get_data(as_text=True)
    assert said_in_head(anna.page()) == "You: Anna"
    assert choose(anna, "0").status_code == 303  # its own seat again: nothing changes
    box = waiting_box(anna.page())
    assert "An opponent confirms it on their phone." in box and "/confirm/" not in box
    said = refused_to_confirm(anna, action)
    assert "This phone entered it: another phone (an opponent&#39;s) confirms it." in said
    token = anna.url.rsplit("/", 1)[-1]
    with client.session_transaction() as session:  # the session says Ben (an older cookie)
        session["seats"] = [[token, "1"]]
    assert said_in_head(anna.page()) == "You: Anna"
    refused_to_confirm(anna, action)
    assert stored(app, anna) == (2, {})
    ben = phone(app, anna, "1")
    assert ben.client.post(action, data={"csrf_token": ben.token}).status_code == 303
    assert stored(app, anna) == (2, {1: frozenset({"1"})})
    assert any("by Anna" in line and "confirmed by Ben" in line for line in changes(anna.page()))


def test_a_seat_written_another_way_confirms_nothing(app, client):
    """``seat=00``, a full-width ``０`` and a superscript ``²`` are no seats: each is refused
    with a message (no 500), the head still says no seat, and Confirm is refused."""
    anna, action = deal_one_waiting(app, client)
    for bad in ("00", "０", "²", "0 "):
        other = Table(app.test_client(), anna.url)
        other.token = csrf_token(other.client)
        refused = choose(other, bad)
        assert refused.status_code == 422, bad
        assert "Choose one of this game&#39;s seats." in refused.get_data(as_text=True)
        assert said_in_head(other.page()) == "I am …", bad
        assert "Say who you are at this phone first" in refused_to_confirm(other, action)
    assert stored(app, anna) == (2, {})


def test_a_phone_that_entered_at_no_seat_never_confirms_that_entry(app, client):
    """A phone that entered a deal before saying who it is may say so afterwards, but it still
    does not confirm what it entered: its page says an opponent confirms it."""
    first = Table(client)
    first.start(confirms=True)
    assert first.announce(1, "sang", seq=0).status_code == 303
    assert first.record(1, (8, 4, 4), seq=1).status_code == 303
    assert choose(first, "1").status_code == 303  # it held no seat: it may take one
    box = waiting_box(first.page())
    assert "An opponent confirms it on their phone." in box and "/confirm/" not in box
    assert "This phone entered it" in refused_to_confirm(first, f"{first.url}/confirm/1")
    assert stored(app, first) == (2, {})
    carla = phone(app, first, "2")
    assert (
        carla.client.post(f"{first.url}/confirm/1", data={"csrf_token": carla.token}).status_code
        == 303
    )


def test_a_phone_that_confirmed_keeps_its_seat(app, client):
    anna, action = deal_one_waiting(app, client)
    ben = phone(app, anna, "1")
    assert ben.client.post(action, data={"csrf_token": ben.token}).status_code == 303
    assert choose(ben, "2").status_code == 422
    assert said_in_head(ben.page()) == "You: Ben"


def test_in_a_game_that_does_not_confirm_a_seat_still_changes_freely(client):
    table = Table(client)
    table.start()
    choose(table, "0")
    assert table.announce(1, "sang").status_code == 303
    assert choose(table, "1").status_code == 303
    assert said_in_head(table.page()) == "You: Ben"


def test_in_sviten_the_other_pair_confirms(app, client):
    """A pair is one seat: a phone of the pair that entered a hand (the partner's) does not
    confirm it; a phone of the other pair does."""
    from tests.web.sviten.client import HANDS, SvitenTable

    north = SvitenTable(client)
    north.start(confirms=True)
    assert choose(north, "0").status_code == 303
    assert north.hand(1, HANDS[0]).status_code == 303
    action = f"{north.url}/confirm/0"
    partner = SvitenTable(app.test_client(), north.url)
    partner.token = csrf_token(partner.client, north.url)
    assert choose(partner, "0").status_code == 303  # Anna & Carla: the same pair
    assert "/confirm/" not in waiting_box(partner.page())
    said = partner.client.post(action, data={"csrf_token": partner.token})
    assert said.status_code == 422 and "a phone of another seat" in said.get_data(as_text=True)
    east = SvitenTable(app.test_client(), north.url)
    east.token = csrf_token(east.client, north.url)
    assert choose(east, "2").status_code == 422  # two pairs, not four players
    assert choose(east, "1").status_code == 303
    assert CONFIRM.search(waiting_box(east.page())).group(2) == "0"
    assert east.client.post(action, data={"csrf_token": east.token}).status_code == 303
    assert any("confirmed by Ben & Dan" in line for line in changes(north.page()))


def test_the_refusals_are_said_in_swedish(app, client):
    anna, action = deal_one_waiting(app, client)
    swedish = {"Accept-Language": "sv-SE,sv;q=0.9"}
    page = client.get(f"{anna.url}/seat", headers=swedish).get_data(as_text=True)
    assert "Den här telefonen har fört in eller bekräftat som Anna i det här spelet" in page
    said = client.post(action, data={"csrf_token": anna.token}, headers=swedish)
    assert "Den här telefonen förde in den" in said.get_data(as_text=True)
    other = Table(app.test_client(), anna.url)
    other.token = csrf_token(other.client)
    sent = {"csrf_token": other.token, "seat": "00"}
    refused = other.client.post(f"{anna.url}/seat", data=sent, headers=swedish)
    assert refused.status_code == 422
    assert "Välj en av spelets platser." in refused.get_data(as_text=True)
