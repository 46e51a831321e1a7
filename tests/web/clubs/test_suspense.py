"""Suspense in a club evening (issue 26): the standings hidden for the last rounds on every
evening response a player's phone can fetch, then revealed by the organiser on the projector
one place at a time, from the last place up."""

from __future__ import annotations

import re

import pytest

from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.table import store
from tests.e2e.table import example_events
from tests.printing.pdfs import poppler_text
from tests.web.clubs.club import add, evening_token, make_club, plan_evening, post
from tests.web.clubs.suspense import hidden_evening, standings_of, text_shows

HIDDEN = "Standings hidden until the end"


def _responses(app, phone, evening: str, folder) -> dict[str, tuple[int, str]]:
    """Every evening response a player's phone can fetch: status and text."""
    got = {}
    for page in ("", "/screen", "/tables", "/evening.json", "/round/2/cards.pdf"):
        response = phone.get(f"/e/{evening}{page}")
        got[page or "/"] = (
            response.status_code,
            response.get_data(as_text=True) if not page.endswith(".pdf") else "",
        )
    pdf = phone.get(f"/e/{evening}/standings.pdf")
    assert pdf.status_code == 200
    got["/standings.pdf"] = (200, poppler_text(pdf.data, folder))
    return got


def test_no_response_of_a_hidden_evening_gives_away_its_places_or_points(app, client, tmp_path):
    _token, evening = hidden_evening(app, client)
    standings = standings_of(app, evening)
    values = {p for _place, _name, p in standings if p != "0"}
    assert len(values) >= 2, standings  # something to look for
    phone = app.test_client()
    for page, (status, text) in _responses(app, phone, evening, tmp_path).items():
        for value in values:
            assert not text_shows(text, value), (page, value)
        assert 'class="place"' not in text and "evening-standings" not in text, page
        if page == "/evening.json":
            assert status == 403 and "only the organiser can download" in text
            assert '"tables"' not in text
        else:
            assert status == 200, page
    for page in ("/", "/screen", "/tables", "/standings.pdf"):
        text = _responses(app, phone, evening, tmp_path)[page][1]
        assert HIDDEN in text and "Round 2 of 2" in text, page
    # Each table's own game page and the round's seats stay as they are.
    page = phone.get(f"/e/{evening}").text
    assert "Anna" in page and "Table 1" in page
    # The organiser's phone may keep the record all the same.
    assert client.get(f"/e/{evening}/evening.json").status_code == 200


def test_hidden_standings_speak_swedish(app, client, tmp_path):
    token, evening = hidden_evening(app, client)
    phone = app.test_client()
    phone.set_cookie("lang", "sv")
    for page in ("", "/screen", "/tables"):
        text = phone.get(f"/e/{evening}{page}").text
        assert "Ställningen är dold till slutet" in text and "Rond 2 av 2" in text, page
    refused = phone.get(f"/e/{evening}/evening.json")
    assert (
        refused.status_code == 403 and "kan bara arrangören ladda ner kvällsfilen" in refused.text
    )
    pdf = poppler_text(phone.get(f"/e/{evening}/standings.pdf").data, tmp_path)
    assert "Ställningen är dold till slutet" in pdf
    client.set_cookie("lang", "sv")
    assert "Visa ställningen på projektorn" in client.get(f"/e/{evening}/tables").text
    post(client, f"/c/{token}/e/{evening}/reveal")
    tables = client.get(f"/e/{evening}/tables").text
    assert "Visa nästa plats" in tables and "1 av 3 platser" in tables
    form = client.get(f"/c/{token}/evening/new/bismarck").text
    assert "Dölj ställningen under de sista ronderna" in form


def test_the_standings_show_until_the_first_hidden_round_starts(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 2", rounds="3", hide_last="1")
    evening = evening_token(response)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(12)):
            game = store.append(db.session, game, event, seq)
        evenings.start_round(evenings.load(evening), 2)
    phone = app.test_client()
    page = phone.get(f"/e/{evening}").text
    assert HIDDEN not in page and "evening-standings" in page
    assert phone.get(f"/e/{evening}/evening.json").status_code == 200
    with app.app_context():
        evenings.start_round(evenings.load(evening), 3, anyway=True)
    page = phone.get(f"/e/{evening}").text  # the kept page follows the round's start
    assert HIDDEN in page and "evening-standings" not in page


def test_the_organiser_reveals_the_places_from_the_last_up(app, client, tmp_path):
    token, evening = hidden_evening(app, client)
    standings = standings_of(app, evening)
    places = sorted({place for place, _name, _points in standings})
    phone = app.test_client()
    # Only the organiser sees the button, and only the organiser's POST counts.
    assert "Reveal the standings on the projector" not in phone.get(f"/e/{evening}/tables").text
    assert "Reveal the standings on the projector" in client.get(f"/e/{evening}/tables").text
    assert post(phone, f"/c/{token}/e/{evening}/reveal").status_code == 403
    assert post(phone, f"/c/{token}/e/{evening}/reveal/next").status_code == 403
    assert HIDDEN in phone.get(f"/e/{evening}/screen").text
    revealed = post(client, f"/c/{token}/e/{evening}/reveal")
    assert revealed.status_code == 303 and revealed.headers["Location"].endswith("/tables")
    for step in range(1, len(places)):
        screen = phone.get(f"/e/{evening}/screen").text
        assert HIDDEN in screen, step
        shown = [(p, name, value) for p, name, value in standings if p >= places[-step]]
        kept = [(p, name, value) for p, name, value in standings if p < places[-step]]
        rows = re.findall(r'<th scope="row">([^<]+)</th>\s*<td class="total">([^<]+)</td>', screen)
        assert rows == [(name, value) for _p, name, value in shown], step
        assert all(not text_shows(screen, value) for _p, _n, value in kept if value != "0")
        # Still hidden elsewhere until the whole reveal.
        assert phone.get(f"/e/{evening}/evening.json").status_code == 403
        assert HIDDEN in poppler_text(phone.get(f"/e/{evening}/standings.pdf").data, tmp_path)
        tables = client.get(f"/e/{evening}/tables").text
        assert "Show the next place" in tables
        assert f"{step} of {len(places)} places" in tables
        assert post(client, f"/c/{token}/e/{evening}/reveal/next").status_code == 303
    # Every place shown: everything as before.
    for page in ("", "/screen"):
        text = phone.get(f"/e/{evening}{page}").text
        assert HIDDEN not in text
        assert all(text_shows(text, value) for _p, _n, value in standings if value != "0"), page
    assert 'class="winner"' in phone.get(f"/e/{evening}").text
    assert "Average score" in phone.get(f"/e/{evening}").text
    assert phone.get(f"/e/{evening}/evening.json").status_code == 200
    pdf = poppler_text(phone.get(f"/e/{evening}/standings.pdf").data, tmp_path)
    assert HIDDEN not in pdf and all(text_shows(pdf, v) for _p, _n, v in standings if v != "0")
    # A further tap reveals nothing more; the reveal is in the organisers' log once.
    again = post(client, f"/c/{token}/e/{evening}/reveal/next")
    assert again.status_code == 303
    assert "Nothing to reveal" in client.get(f"/e/{evening}/tables").text
    log = client.get(f"/c/{token}/log").text
    assert log.count("Hidden standings revealed: Vecka 1") == 1


def test_an_evening_of_another_club_cannot_be_revealed_from_this_one(app, client):
    _token, evening = hidden_evening(app, client)
    other = make_club(client, name="Fredagsklubben")
    assert post(client, f"/c/{other}/e/{evening}/reveal").status_code == 404


@pytest.mark.parametrize(
    ("given", "said"), [("3", "Hide the standings for 0 to 2 rounds."), ("x", None)]
)
def test_the_setting_is_checked_beside_its_field(app, client, given, said):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 3", rounds="2", hide_last=given)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    field = page.split('for="hide_last"', 1)[1].split("</div>", 1)[0]
    assert 'id="hide_last-error"' in field
    if said:
        assert said in field
    with app.app_context():
        assert db.session.query(models.Evening).count() == 0


def test_the_setting_is_stored_in_the_setup_and_old_setups_hide_nothing(app, client):
    _token, evening = hidden_evening(app, client)
    with app.app_context():
        row = db.session.query(models.Evening).filter_by(token=evening).one()
        assert row.setup["hide_last"] == 1
        stored = dict(row.setup)
        del stored["hide_last"]
        row.setup = stored  # as every evening made before the setting
        db.session.commit()
        assert evenings.load(evening).setup.hide_last == 0
    assert HIDDEN not in app.test_client().get(f"/e/{evening}").text


def test_an_evening_of_no_club_shows_everything(app):
    with app.app_context():
        setup = EveningSetup(
            "Hemma", "bismarck", ("Anna", "Ben", "Carla"), 1, "totals", hide_last=1
        )
        token = evenings.create(setup).token
        (table,) = evenings.start_round(evenings.load(token), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(3)):
            game = store.append(db.session, game, event, seq)
    phone = app.test_client()
    assert HIDDEN not in phone.get(f"/e/{token}").text
    record = phone.get(f"/e/{token}/evening.json")
    assert record.status_code == 200 and "hide_last" not in record.text
