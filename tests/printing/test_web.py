"""Printing from the pages: a game's sheet and rules card, and the home page's blank sheet."""

from __future__ import annotations

import re

import pytest

from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.games.bismarck.examples import MODERN_GAME
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line
from tests.web.bismarck.client import Table, play_modern_game


def events_stored(app, table: Table) -> int:
    with app.app_context():
        return len(store.load(db.session, table.url.rsplit("/", 1)[-1]).events)


def test_the_game_page_offers_both_pdfs_below_the_share_section(client):
    table = Table(client)
    table.start()
    page = table.page()
    sheet = f'action="{table.url}/sheet.pdf"'
    assert sheet in page
    assert f'formaction="{table.url}/rules.pdf"' in page
    assert "Score sheet PDF" in page and "Rules card PDF" in page
    assert page.index('id="share-h"') < page.index("id=print-h")  # joining first
    # A GET form (no method: the default): no CSRF token, nothing stored.
    form = page[page.index(sheet) - 40 : page.index("</form>", page.index(sheet))]
    assert "method=" not in form and "csrf_token" not in form


def test_the_score_sheet_of_a_finished_game(client, finished, app):
    response = client.get(f"{finished.url}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert "no-store" in response.headers["Cache-Control"]
    assert response.headers["Content-Disposition"].startswith("inline;")
    pdf = Pdf(response.data)
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Anna, Ben, Carla · Anna deals first" in text
    assert "Ben wins with +2." in text
    assert pdf.has_run("12", "Carla", "Anna", "Sang", "–", "7", "−1", "−3", "4", "0", "+2")
    assert events_stored(app, finished) == 24  # printing stored nothing


def test_letter_paper_and_a_rules_card(client):
    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:2])
    sheet = Pdf(client.get(f"{table.url}/sheet.pdf?paper=letter").data)
    assert (sheet.pages, sheet.size) == (1, LETTER)
    card = client.get(f"{table.url}/rules.pdf?paper=LETTER")
    assert card.status_code == 200
    pdf = Pdf(card.data)
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert "This game: Anna, Ben, Carla · Anna deals first" in one_line(pdf.text)
    assert pdf.has_run("1", "Anna", "Ben", "their choice")


def test_an_unknown_paper_size_is_a_clear_400(client):
    table = Table(client)
    table.start()
    response = client.get(f"{table.url}/sheet.pdf?paper=a3")
    assert response.status_code == 400
    assert "Choose A4 or US Letter" in response.get_data(as_text=True)


def test_an_unknown_game_has_no_sheet(client):
    assert client.get("/g/nosuchgame/sheet.pdf").status_code == 404
    assert client.get("/g/nosuchgame/rules.pdf").status_code == 404


def test_a_game_in_progress_prints_as_it_stands(client):
    table = Table(client)
    table.start(first_dealer="2")
    play_modern_game(table, MODERN_GAME[:1])
    table.announce(2, "pass")
    pdf = Pdf(client.get(f"{table.url}/sheet.pdf").data)
    assert pdf.pages == 1
    assert "Carla deals first" in one_line(pdf.text)
    assert "Deal 2 of 12 is in play: Ben plays Pass." in one_line(pdf.text)


def test_the_pdfs_qr_code_is_the_games_address_never_localhost(client, monkeypatch, tmp_path):
    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: "192.0.2.7")
    table = Table(client)
    table.start()
    token = table.url.rsplit("/", 1)[-1]
    expected = f"http://192.0.2.7:8000/g/{token}"
    for kind in ("sheet", "rules"):
        response = client.get(f"{table.url}/{kind}.pdf", base_url="http://localhost:8000")
        assert expected in one_line(Pdf(response.data).text)
        assert decode_qr(response.data, tmp_path) == expected


def test_a_configured_public_address_goes_into_the_qr_code(app, client, tmp_path):
    app.config["PUBLIC_URL"] = "https://cards.example.org/club/"
    table = Table(client)
    table.start()
    token = table.url.rsplit("/", 1)[-1]
    data = client.get(f"{table.url}/sheet.pdf").data
    assert decode_qr(data, tmp_path) == f"https://cards.example.org/club/g/{token}"


# --- blank sheets from the home page ---------------------------------------------------------


def test_the_home_page_has_the_blank_sheet_form(client):
    page = client.get("/").get_data(as_text=True)
    assert 'id="print-h"' in page and "Print a blank sheet" in page
    form = page[page.index('action="/print/blank"') - 40 :]
    form = form[: form.index("</form>")]
    assert 'method="get"' in form
    for name in ("variant", "player_0", "player_1", "player_2", "first_dealer", "paper"):
        assert f'name="{name}"' in form
    for label in ('for="player_0"', 'for="player_1"', 'for="player_2"'):
        assert label in form
    assert 'name="card" value="rules"' in form


def test_american_browsers_get_letter_preselected(client):
    page = client.get("/", headers={"Accept-Language": "en-US,en;q=0.8"}).get_data(as_text=True)
    assert re.search(r'checked id="paper-\d" name="paper" type="radio" value="letter"', page)
    page = client.get("/", headers={"Accept-Language": "sv-SE,sv"}).get_data(as_text=True)
    assert re.search(r'checked id="paper-\d" name="paper" type="radio" value="a4"', page)


def test_a_blank_sheet_needs_no_game(client):
    response = client.get("/print/blank")
    assert response.status_code == 200
    pdf = Pdf(response.data)
    assert (pdf.pages, pdf.size) == (1, A4)
    assert "Modern rules · 12 deals" in one_line(pdf.text)


def test_a_blank_sheet_with_names_and_first_dealer(client):
    query = {
        "variant": "classic",
        "player_0": "Anna",
        "player_1": "Ben",
        "player_2": "Carla",
        "first_dealer": "1",
        "paper": "letter",
    }
    pdf = Pdf(client.get("/print/blank", query_string=query).data)
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert "Classic 1949 rules · 9 deals" in one_line(pdf.text)
    assert pdf.has_run("1", "Ben", "Carla", "Trumf")
    assert pdf.has_run("9", "Anna", "Ben", "Noll")


def test_the_blank_forms_rules_card_button(client):
    query = {"variant": "british", "card": "rules"}
    pdf = Pdf(client.get("/print/blank", query_string=query).data)
    assert "Bismarck rules card" in pdf.text
    assert "British rules" in one_line(pdf.text)
    query |= {"player_0": "Anna", "player_1": "Ben", "player_2": "Carla", "first_dealer": "0"}
    pdf = Pdf(client.get("/print/blank", query_string=query).data)
    assert pdf.has_run("5", "Ben", "Ben", "Sang")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"player_0": "Anna", "player_1": "Ben"}, "Type all three names, or none"),
        ({"first_dealer": "1"}, "Type the three names to print who deals"),
        ({"player_0": "Anna", "player_1": "anna", "player_2": "C"}, "Two players are called"),
        ({"player_0": "A" * 31, "player_1": "B", "player_2": "C"}, "30 characters"),
        ({"variant": "bridge"}, "Not a valid choice"),
        ({"first_dealer": "7"}, "Not a valid choice"),
    ],
)
def test_a_wrong_blank_form_comes_back_with_the_message(client, query, message):
    response = client.get("/print/blank", query_string=query)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert 'action="/print/blank"' in page
    for value in query.values():
        if value not in ("1", "7", "bridge"):
            assert f'value="{value}"' in page  # what was typed is kept
