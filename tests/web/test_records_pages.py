"""Records on the web: downloading a game's record and deals, importing a record on the home page
(Flask test client)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper import records
from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.databases import games_and_events
from tests.games.bismarck.examples import game as engine_state
from tests.records.examples import HOSTILE, example
from tests.web import text
from tests.web.bismarck.client import Table, play_modern_game
from tests.web.records import field_errors, upload

TOO_LARGE = "The file is too large: a game record is at most 1 MB (a real one is a few kB)."


# --- downloads ----------------------------------------------------------------------------------


def test_game_page_offers_the_downloads(client):
    table = Table(client)
    table.start()
    page = table.page()
    assert "Keep this game" in page
    assert f'href="{table.url}/record.json" download' in page
    assert f'href="{table.url}/deals.csv" download' in page
    # Joining comes first while the table forms (a new game), keeping further down
    assert page.index("Join from another phone") < page.index("Keep this game")


def test_record_download_is_the_games_record(client):
    table = Table(client)
    table.start()
    play_modern_game(table)
    response = client.get(f"{table.url}/record.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    assert response.headers["Content-Disposition"].endswith('-record.json"')
    assert "no-store" in response.headers["Cache-Control"]
    record = records.loads(response.data)
    state = engine_state()
    assert record.state.deals == state.deals and record.state.totals == state.totals
    assert record.has_history and len(record.events) == 24
    assert all(at is not None for at in record.times)
    assert client.get(f"{table.url}/record.json").data == response.data  # byte-stable


def test_deals_download_is_a_csv_for_spreadsheets(client):
    table = Table(client)
    table.start(("Anna", "=Ben", "Carla"))
    play_modern_game(table)
    response = client.get(f"{table.url}/deals.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].endswith('-deals.csv"')
    assert response.data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    names = ["Anna", "=Ben", "Carla"]
    assert rows[0][:9] == ["Deal", "Dealer", "Declarer", "Contract", "Trump", "Redeals"] + [
        f"Tricks {name}" for name in names
    ]
    assert len(rows) == 13
    assert rows[1][:6] == ["1", "Anna", "'=Ben", "Sang", "", "0"]
    totals = [int(x) for x in rows[-1][-3:]]
    assert tuple(totals) == engine_state().totals


def test_downloads_of_an_unknown_game_are_404(client):
    assert client.get("/g/nope/record.json").status_code == 404
    assert client.get("/g/nope/deals.csv").status_code == 404


# --- import ---------------------------------------------------------------------------------------


def test_home_has_the_import_form(client):
    page = client.get("/").get_data(as_text=True)
    assert "Import a record" in page
    assert 'enctype="multipart/form-data"' in page and 'action="/import#record-error"' in page
    assert 'type="file"' in page and 'name="record"' in page
    assert '<label for="record">' in page


def test_import_creates_a_new_game_and_remembers_it(app, client):
    response = upload(client, example("seed-002.json"))
    assert response.status_code == 303
    url = response.headers["Location"]
    assert url.startswith("/g/")
    page = text(client.get(url).get_data(as_text=True))
    assert "Imported as a new game: Anna, Ben, Carla." in page
    assert "Deal 3 of 12" in page and "Ben deals · Carla is forehand" in page
    assert url.rsplit("/", 1)[1] in client.get("/").get_data(as_text=True)
    assert games_and_events(app) == (1, 4)


def test_export_import_export_through_the_web_loses_nothing(app, client):
    table = Table(client)
    table.start()
    play_modern_game(table)
    table.post("undo")
    first = client.get(f"{table.url}/record.json").data
    response = upload(client, first)
    assert response.status_code == 303
    new_url = response.headers["Location"]
    assert new_url != table.url
    again = client.get(f"{new_url}/record.json").data
    assert again == first  # every event, every time, byte for byte
    with app.app_context():
        old = store.load(db.session, table.url.rsplit("/", 1)[1])
        new = store.load(db.session, new_url.rsplit("/", 1)[1])
    assert new.state == old.state and new.times == old.times


def test_import_of_the_full_history_example(client):
    response = upload(client, example("modern-full-history.json"))
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Game over" in page and "Shared victory: Ben and Carla" in page


@pytest.mark.parametrize(("name", "data", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_import_of_a_hostile_record_shows_the_problem_and_stores_nothing(
    app, client, name, data, message
):
    response = upload(client, data)
    errors = field_errors(response.get_data(as_text=True))
    if len(data) > records.MAX_RECORD_BYTES:  # over MAX_CONTENT_LENGTH: refused before reading
        assert response.status_code == 413
        assert errors == [TOO_LARGE]
    else:
        assert response.status_code == 422
        assert any(message in line for line in errors), errors
    assert games_and_events(app) == (0, 0)


def test_a_20_mb_upload_is_refused_next_to_the_field(app, client):
    response = upload(client, b"{" + b" " * (20 * 1024 * 1024) + b"}")
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert field_errors(page) == [TOO_LARGE]
    assert 'aria-describedby="record-error"' in page
    assert games_and_events(app) == (0, 0)


def test_import_without_a_file_or_csrf_token(app, client):
    token = csrf_token(client, "/")
    response = client.post("/import", data={"csrf_token": token})
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == ["Choose a record file to import."]
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(example("seed-002.json")), "x.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert games_and_events(app) == (0, 0)


def test_import_of_a_klaberjass_record_opens_its_game_page(app, client):
    response = upload(client, example("klaberjass.json"))
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Imported as a new game: Anna, Ben." in page
    assert "Hand 4" in page and "Ben deals · Anna bids first" in page
    assert games_and_events(app) == (1, 3)
    home = text(client.get("/").get_data(as_text=True))
    assert "Anna, Ben Hand 4 Klaberjass ·" in home  # where it stands, then its kind


def test_a_failed_import_keeps_the_home_page_working(client):
    table = Table(client)
    table.start(("Dora", "Eli", "Fay"))
    response = upload(client, json.dumps({"format": "x"}).encode())
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Dora, Eli, Fay" in page  # your games are still listed
    assert 'aria-invalid="true"' in page
