"""An evening of no club has no organiser PIN, so no lock applies to it: its page says so
plainly, in the reader's language; a club evening's page does not (it has an organiser)."""

from __future__ import annotations

import re

from tests.web.clubs.club import add, make_club, member_ids, post
from tests.web.evenings.helpers import evening_token, new_evening

PLAIN = "This evening has no organiser: anyone at a table can correct its games."


def test_a_plain_evening_says_anyone_at_a_table_can_correct_its_games(client):
    token = evening_token(new_evening(client))
    phone = client.application.test_client()
    assert PLAIN in phone.get(f"/e/{token}").text
    assert "A club evening has an organiser PIN." in phone.get(f"/e/{token}").text
    phone.set_cookie("lang", "sv")
    assert "vem som helst vid ett bord kan rätta dess partier" in phone.get(f"/e/{token}").text


def test_a_club_evening_does_not(client):
    club = make_club(client)
    add(client, club, "Anna", "Ben", "Carla")
    made = post(
        client,
        f"/c/{club}/evening/new/bismarck",
        name="Vecka 1",
        rounds="1",
        scoring="totals",
        variant="modern",
        members=list(member_ids(client, club).values()),
    )
    assert made.status_code == 303, made.get_data(as_text=True)
    token = re.search(r"/e/([\w-]+)$", made.headers["Location"]).group(1)
    assert PLAIN not in client.application.test_client().get(f"/e/{token}").text
