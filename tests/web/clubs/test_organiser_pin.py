"""A PIN no stranger can lock, and authority that ends on the server's side (issue 35): the
organiser's known phones (a device cookie from a right PIN) are never held back by anyone
else's wrong PINs; unknown phones are limited per phone, per address and together at a club;
*Forget* and *Sign out every phone* end a copy of a phone's cookies too. Tried as a stranger
with many addresses, and as someone who copied the organiser's cookies."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from scorekeeper.clubs import organisers, services, wrong_pins
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.web.clubs import organiser
from tests.web.clubs.club import PIN, make_club, post

WRONG = "1111"
COOKIES = ("session", organiser.DEVICE_COOKIE)


def phone(app, address: str = "127.0.0.1"):
    made = app.test_client()
    made.environ_base["REMOTE_ADDR"] = address
    return made


def pin(client, token: str, typed: str) -> int:
    return post(client, f"/c/{token}/pin", pin=typed).status_code


def manages(client, token: str) -> bool:
    status = client.get(f"/c/{token}/members").status_code
    assert status in (200, 303)
    return status == 200


def copy_of(app, original, address: str = "198.51.100.9"):
    """Another browser holding a copy of ``original``'s cookies."""
    copy = phone(app, address)
    for name in COOKIES:
        found = original.get_cookie(name)
        if found is not None:
            copy.set_cookie(name, found.value)
    return copy


def rows(app, model) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(model))


def log(app) -> list[str]:
    with app.app_context():
        return list(
            db.session.scalars(
                sa.select(models.OrganiserAction.action).order_by(models.OrganiserAction.id)
            )
        )


@pytest.fixture
def later(monkeypatch):
    """Moves the server's clock on by ``hours``."""
    now = wrong_pins.now

    def move(hours: float) -> None:
        moved = now() + timedelta(hours=hours)
        monkeypatch.setattr(wrong_pins, "now", lambda: moved)

    return move


@pytest.mark.slow
def test_thirty_wrong_pins_from_ten_addresses_hold_back_no_known_phone_nor_a_fresh_one(
    app, client, later
):
    token = make_club(client)
    organisers_phone = phone(app, "10.0.0.1")
    assert pin(organisers_phone, token, PIN) == 303  # last week: the club knows this phone
    later(13)  # its evening is over: it asks for the PIN again
    assert not manages(organisers_phone, token)
    for number in range(1, 11):
        stranger = phone(app, f"10.0.0.{number}")
        for _attempt in range(3):
            assert pin(stranger, token, WRONG) == 422
    # A fresh phone at an address of its own is not held back by the strangers' 30.
    fresh = phone(app, "10.0.1.1")
    assert pin(fresh, token, PIN) == 303 and manages(fresh, token)
    # A fresh phone at a stranger's address shares that address's limit: 5 in 15 minutes.
    beside = phone(app, "10.0.0.1")
    assert [pin(beside, token, WRONG) for _ in range(3)] == [422, 422, 429]
    assert pin(beside, token, PIN) == 429
    # The organiser's known phone, at that very address, is held back by nothing of theirs.
    assert pin(organisers_phone, token, PIN) == 303 and manages(organisers_phone, token)
    assert rows(app, models.WrongPin) == 32  # the 30, and the 2 of the phone beside


def test_a_known_phone_is_limited_by_its_own_wrong_pins_alone(app, client, later):
    app.config["CLUB_PIN_PER_CLUB"] = "3 per hour"
    token = make_club(client)
    known = phone(app, "10.0.0.1")
    assert pin(known, token, PIN) == 303
    later(13)
    for number in range(3):  # the club's unknown phones together: 3 an hour here
        assert pin(phone(app, f"10.0.2.{number}"), token, WRONG) == 422
    assert pin(phone(app, "10.0.3.1"), token, PIN) == 429
    # The known phone's own slips: 5 in 15 minutes, then it waits too...
    assert [pin(known, token, WRONG) for _ in range(6)] == [422] * 5 + [429]
    page = post(known, f"/c/{token}/pin", pin=PIN).get_data(as_text=True)
    assert "Too many wrong PINs. Try again in 15 minutes." in page
    # ... and its slips hold back nobody else at its address (with no limit for the club's
    # unknown phones together, which the strangers above reached).
    app.config["CLUB_PIN_PER_CLUB"] = ""
    assert pin(phone(app, "10.0.0.1"), token, PIN) == 303


def test_wrong_pins_from_ipv6_addresses_count_by_their_64(app, client):
    token = make_club(client)
    for host in range(5):
        assert pin(phone(app, f"2001:db8:1:2::{host + 1}"), token, WRONG) == 422
    assert pin(phone(app, "2001:db8:1:2:ffff::9"), token, PIN) == 429
    assert pin(phone(app, "2001:db8:1:3::1"), token, PIN) == 303
    assert wrong_pins.address_key("::ffff:10.0.0.1") == "10.0.0.1"
    assert wrong_pins.address_key(None) == "?"


def test_a_refused_pin_stores_and_logs_nothing(app, client):
    token = make_club(client)
    stranger = phone(app)
    for _ in range(5):
        assert pin(stranger, token, WRONG) == 422
    before = (rows(app, models.WrongPin), log(app))
    assert pin(stranger, token, PIN) == 429
    assert pin(stranger, token, WRONG) == 429
    assert (rows(app, models.WrongPin), log(app)) == before
    # A right PIN counts against nothing: its row goes again.
    assert pin(phone(app, "10.0.0.2"), token, PIN) == 303
    assert rows(app, models.WrongPin) == 5
    assert log(app)[-1] == "pin"


def test_forget_ends_a_copy_of_the_phones_cookies_too(app, client):
    token = make_club(client)
    organisers_phone = phone(app, "10.0.0.1")
    assert pin(organisers_phone, token, PIN) == 303
    copy = copy_of(app, organisers_phone)
    assert manages(copy, token)  # a copy works while the phone does: it is the phone's
    assert post(organisers_phone, f"/c/{token}/pin/forget").status_code == 303
    assert not manages(organisers_phone, token)
    assert not manages(copy, token)
    assert post(copy, f"/c/{token}/members/add", name="Eve").status_code == 403
    assert log(app)[-2:] == ["pin", "forget"]
    # Forgotten, it is a phone the club does not know: held back with the strangers.
    with app.app_context():
        club = services.load(token)
        assert not organisers.knows(club, copy.get_cookie(organiser.DEVICE_COOKIE).value)
    # Forget on a phone that manages nothing ends nothing, and logs nothing.
    assert post(phone(app), f"/c/{token}/pin/forget").status_code == 303
    assert post(copy, f"/c/{token}/pin/forget").status_code == 303
    assert log(app)[-1] == "forget" and log(app).count("forget") == 1


def test_sign_out_every_phone_ends_every_phone_and_every_copy(app, client, later):
    token = make_club(client)  # the maker's phone manages the club
    second = phone(app, "10.0.0.2")
    assert pin(second, token, PIN) == 303
    copies = [copy_of(app, client), copy_of(app, second)]
    assert all(manages(p, token) for p in (client, second, *copies))
    stranger = phone(app, "10.0.0.3")
    assert post(stranger, f"/c/{token}/pin/sign-out").status_code == 403  # the organiser's
    assert "sign-out" not in log(app)
    response = post(second, f"/c/{token}/pin/sign-out")
    assert (response.status_code, response.headers["Location"]) == (303, f"/c/{token}")
    assert not any(manages(p, token) for p in (client, second, *copies))
    assert log(app)[-1] == "sign-out"
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert "Type the organiser PIN" in page and "Sign out every phone" not in page
    # They stay known: no stranger's wrong PINs hold them back when they type the PIN again.
    app.config["CLUB_PIN_PER_CLUB"] = "1 per hour"
    assert pin(stranger, token, WRONG) == 422
    assert pin(phone(app, "10.0.0.4"), token, PIN) == 429
    assert pin(second, token, PIN) == 303 and manages(second, token)
    assert not manages(copies[0], token)  # a copy of the maker's phone: still signed out


def test_a_device_cookie_not_the_servers_is_nobodys(app, client):
    token = make_club(client)
    other_club = make_club(client, name="Andra klubben")
    forged = phone(app)
    forged.set_cookie(organiser.DEVICE_COOKIE, "anything.at.all")
    assert not manages(forged, token)
    # A phone of one club is nothing at another: its cookie names the phone, the server the
    # clubs it manages.
    copy = copy_of(app, client)
    copy.set_cookie("session", "")
    assert manages(copy, token) and manages(copy, other_club)
    third = make_club(phone(app), name="Tredje klubben")
    assert not manages(copy, third)


def test_the_organiser_pages_show_sign_out_every_phone_in_both_languages(client):
    token = make_club(client)
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert "Sign out every phone" in page
    swedish = client.get(f"/c/{token}?lang=sv").get_data(as_text=True)
    assert "Logga ut alla telefoner" in swedish
