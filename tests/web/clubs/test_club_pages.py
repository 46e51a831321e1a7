"""A club's pages: making one (refusals beside their fields, input kept), its page for anyone
with the link, the organiser PIN (hashed, limited, remembered for the evening), and that a
phone without the PIN can see but never manage."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher

from scorekeeper.clubs import organisers, wrong_pins
from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.conftest import csrf_token
from tests.web.clubs.club import PIN, add, club_token, make_club, new_club, post


def test_the_home_page_offers_a_new_club(client):
    assert 'href="/club/new"' in client.get("/").get_data(as_text=True)


def test_the_new_club_form_asks_for_a_name_the_games_and_a_pin_twice(client):
    page = client.get("/club/new").get_data(as_text=True)
    for kind in ("bismarck", "klaberjass", "sviten", "free"):
        assert f'name="games" type="checkbox" value="{kind}"' in page
    assert page.count('type="password"') == 2
    assert page.count('inputmode="numeric"') == 2


def test_a_new_club_gets_an_unguessable_address_that_shows_it(client):
    response = new_club(client, games=("bismarck", "sviten"))
    token = club_token(response)
    assert len(token) >= 22
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert "<h1>Torsdagsklubben</h1>" in page
    assert "Bismarck, Sviten Special" in page
    assert "<svg" in page and f"/c/{token}</a>" in page  # its QR code and address
    assert client.get("/c/not-a-club").status_code == 404


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": ""}, "name", "Give the club a name."),
        ({"name": "x" * 61}, "name", "Field cannot be longer than 60 characters."),
        ({"games": ()}, "games", "Choose the games the club plays."),
        ({"games": ("chess",)}, "games", "Choose the games from the list."),
        ({"pin": "123"}, "pin", "A PIN is 4 to 12 digits."),
        ({"pin": "12ab"}, "pin", "A PIN is 4 to 12 digits."),
        ({"pin": ""}, "pin", "Choose a PIN of 4 to 12 digits."),
        ({"again": "4321"}, "pin_again", "The two PINs differ: type the same PIN twice."),
    ],
)
def test_a_club_that_will_not_do_is_refused_beside_its_field(app, client, fields, field, message):
    response = new_club(client, **{"name": "Fredagsgänget", **fields})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(rf'id="{field}-error">[^<]*{re.escape(message)}', page), page
    if fields.get("name", "Fredagsgänget") == "Fredagsgänget":
        assert 'value="Fredagsgänget"' in page  # what was typed is kept
    assert 'value="908172635412"' not in page  # a PIN is never written back
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.Club)) == 0


def test_the_pin_is_stored_only_as_an_argon2_hash(app, client):
    make_club(client)
    with app.app_context():
        row = db.session.execute(sa.select(models.Club)).scalar_one()
        assert row.pin_hash.startswith("$argon2id$")
        assert PasswordHasher().verify(row.pin_hash, PIN)
        # Nowhere in the database: not in any column of any table.
        for table in models.Model.metadata.sorted_tables:
            for values in db.session.execute(sa.select(table)).all():
                assert not any(PIN in str(value) for value in values), table.name


def test_the_maker_of_a_club_manages_it_and_a_phone_without_the_pin_only_sees_it(app, client):
    token = make_club(client)
    add(client, token, "Anna")
    assert client.get(f"/c/{token}/members").status_code == 200
    other = app.test_client()
    page = other.get(f"/c/{token}").get_data(as_text=True)
    assert "Anna" in page and "Type the organiser PIN" in page
    response = other.get(f"/c/{token}/members")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/c/{token}/pin?next=/c/{token}/members"


def _manage_routes(app) -> list[tuple[str, str]]:
    """Every route of the clubs' blueprint that manages a club (all but its page, a new club,
    the PIN form, forgetting the PIN, the season table, its print and projector view, and a
    player's page), with each method it answers."""
    seeing = {
        "clubs.club",
        "clubs.season",
        "clubs.season_pdf",
        "clubs.season_screen",
        "clubs.stored_season",
        "clubs.stored_season_pdf",
        "clubs.stored_season_screen",
        "clubs.player",
        "clubs.new",
        "clubs.import_club",  # a new club of a record: anyone, with a PIN of their own
        "clubs.pin",
        "clubs.forget",
    }
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("clubs.") and rule.endpoint not in seeing:
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                found.append((rule.rule, method))
    return found


def test_every_manage_route_refuses_a_phone_without_the_pin(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    made = post(client, f"/c/{token}/seasons/new", name="Våren", rule="total", absence="none")
    assert made.status_code == 303, made.get_data(as_text=True)
    season = made.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        anna = db.session.scalar(sa.select(models.Member.id).where(models.Member.name == "Anna"))
        before = db.session.scalar(sa.select(sa.func.count()).select_from(models.OrganiserAction))
    routes = _manage_routes(app)
    assert len(routes) >= 9, routes
    other = app.test_client()
    data = {
        "csrf_token": csrf_token(other, "/club/new"),
        "name": "Intruder",
        "keep": str(anna),
        "merged": str(anna + 1),
        "members": [str(anna)],
        "new_members": "Dag\nEva",
        "rounds": "1",
        "scoring": "totals",
        "variant": "modern",
    }
    for rule, method in routes:
        url = rule.replace("<token>", token).replace("<int:member_id>", str(anna))
        url = url.replace("<kind>", "bismarck").replace("<int:season_id>", season)
        url = url.replace("<evening_token>", "no-such-evening")
        if method == "GET":
            response = other.get(url)
            assert response.status_code == 303, url
            assert response.headers["Location"].startswith(f"/c/{token}/pin?next="), url
        else:
            response = other.post(url, data=data)
            assert response.status_code == 403, (method, url)
            assert "type the organiser PIN first" in response.get_data(as_text=True)
    with app.app_context():
        names = db.session.scalars(sa.select(models.Member.name).order_by(models.Member.id))
        assert list(names) == ["Anna", "Ben", "Carla"]
        assert (
            db.session.scalar(sa.select(models.Member.retired_at).where(models.Member.id == anna))
            is None
        )
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.Evening)) == 0
        assert list(db.session.scalars(sa.select(models.Season.name))) == ["Våren"]
        after = db.session.scalar(sa.select(sa.func.count()).select_from(models.OrganiserAction))
        assert after == before


def _pin(client, token, pin, **kwargs):
    return post(client, f"/c/{token}/pin", pin=pin, **kwargs)


def test_the_right_pin_lets_a_phone_manage_for_the_evening(app, client, monkeypatch):
    token = make_club(client)
    other = app.test_client()
    response = _pin(other, token, PIN, next=f"/c/{token}/members")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/c/{token}/members"
    assert other.get(f"/c/{token}/members").status_code == 200
    # Twelve hours later the phone asks for the PIN again.
    later = wrong_pins.now() + timedelta(hours=organisers.MANAGES_HOURS, seconds=1)
    monkeypatch.setattr(wrong_pins, "now", lambda: later)
    assert other.get(f"/c/{token}/members").status_code == 303


@pytest.mark.parametrize("back", ["https://evil.example/", "//evil.example", "/c/other/members"])
def test_after_the_pin_a_phone_goes_only_to_a_page_of_this_club(client, back):
    token = make_club(client)
    response = _pin(client, token, PIN, next=back)
    assert response.headers["Location"] == f"/c/{token}"


def test_a_phone_can_stop_managing(client):
    token = make_club(client)
    assert post(client, f"/c/{token}/pin/forget").status_code == 303
    assert client.get(f"/c/{token}/members").status_code == 303


def test_a_wrong_pin_is_refused_and_wrong_pins_are_limited_per_address(app, client):
    token = make_club(client)
    second = make_club(client, name="Andra klubben")
    other = app.test_client()
    for _ in range(5):
        response = _pin(other, token, "1111")
        assert response.status_code == 422
        assert "That is not the organiser PIN." in response.get_data(as_text=True)
    response = _pin(other, token, PIN)  # even the right one, until the wait is over
    assert response.status_code == 429
    page = response.get_data(as_text=True)
    assert re.search(r'id="pin-error">Too many wrong PINs. Try again in 15 minutes.', page)
    assert '<form method="post"' in page  # the form is kept
    # Per address: this address's wrong PINs hold it back at another club too.
    assert _pin(other, second, PIN).status_code == 429
    assert other.get(f"/c/{token}/members").status_code == 303


def test_wrong_pins_are_limited_per_club_from_any_address(app, client):
    app.config["CLUB_PIN_PER_CLUB"] = "3 per hour"
    token = make_club(client)
    for number in range(3):
        phone = app.test_client()
        phone.environ_base["REMOTE_ADDR"] = f"10.0.0.{number + 1}"
        assert _pin(phone, token, "1111").status_code == 422
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    response = _pin(phone, token, PIN)
    assert response.status_code == 429
    assert "Try again in 60 minutes." in response.get_data(as_text=True)


def test_a_pin_form_sent_badly_is_refused_without_a_500(client):
    token = make_club(client)
    assert client.post(f"/c/{token}/pin", data={"pin": PIN}).status_code == 400  # no CSRF
    assert _pin(client, token, "").status_code == 422
    assert client.get(f"/c/{token}/pin?next=%0d%0aSet-Cookie:x").status_code == 200
    # A line break in where to go back to: the club's page instead (it took a 500, after
    # logging the PIN typed), and the PIN typed is logged once the phone manages the club.
    back = f"/c/{token}/members\r\nSet-Cookie: x=1"
    response = _pin(client, token, PIN, next=back)
    assert (response.status_code, response.headers["Location"]) == (303, f"/c/{token}")
    assert "x=1" not in str(response.headers)
    assert post(client, "/c/nope/pin", pin=PIN).status_code == 404


def test_every_organiser_action_is_logged_with_the_phone_that_did_it(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    other = app.test_client()
    _pin(other, token, "0000")
    _pin(other, token, PIN)
    page = client.get(f"/c/{token}/log").get_data(as_text=True)
    for words in ("Club made", "Member added: Anna", "Wrong PIN", "PIN typed"):
        assert words in page
    with app.app_context():
        rows = db.session.execute(
            sa.select(models.OrganiserAction.action, models.OrganiserAction.session_id).order_by(
                models.OrganiserAction.id
            )
        ).all()
    assert [r.action for r in rows] == ["create", "add", "add", "wrong-pin", "pin"]
    assert len({r.session_id for r in rows[:3]}) == 1
    assert rows[3].session_id == rows[4].session_id != rows[0].session_id


def test_the_club_page_speaks_swedish(client):
    token = make_club(client)
    page = client.get(f"/c/{token}?lang=sv").get_data(as_text=True)
    assert "Medlemmar" in page and "Kvällar" in page


def test_every_club_route_answers_a_club_and_a_stranger_without_a_server_error(app, client):
    """Every route of the clubs' blueprint, with every method, for the organiser and for a
    phone without the PIN, with odd values in the address and a form of nonsense."""
    token = make_club(client, games=("bismarck", "sviten"))
    add(client, token, "Anna", "Ben", "Carla")
    nonsense = {"name": "\x00", "members": ["-1", "x"], "keep": "", "merged": "9" * 30, "pin": "x"}
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("clubs.")]
    for phone in (client, app.test_client()):
        data = {"csrf_token": csrf_token(phone, "/club/new"), **nonsense}
        for rule in rules:
            for member in ("1", "99999"):
                for kind in ("bismarck", "sviten", "klaberjass", "x"):
                    url = rule.rule.replace("<token>", token).replace("<kind>", kind)
                    url = url.replace("<int:member_id>", member)
                    for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                        response = phone.open(url, method=method, data=data)
                        assert response.status_code < 500, (method, url)
