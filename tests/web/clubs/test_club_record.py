"""The club record on the club's pages: *Download the club record* (organisers only) and
*Import a club* (a new club of the file, with a PIN of its own; refused whole, the messages
beside the file field, nothing stored)."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.clubs import record as club_record
from scorekeeper.clubs import services
from scorekeeper.clubs.record_format import CLUB_FORMAT
from tests.clubs.counts import counts
from tests.clubs.season_club import season_and_ratings, season_club
from tests.conftest import csrf_token
from tests.web.clubs.club import NEW_PIN, club_token, upload

SEASON_PIN = "90817263"


@pytest.fixture
def club(app):
    with app.app_context():
        return season_club()


def sign_in(client, token: str) -> None:
    response = client.post(
        f"/c/{token}/pin", data={"csrf_token": csrf_token(client, "/club/new"), "pin": SEASON_PIN}
    )
    assert response.status_code == 303


def download(client, token: str):
    return client.get(f"/c/{token}/record.json")


def test_an_organiser_downloads_the_club_record(app, client, club):
    assert download(client, club.token).status_code == 303  # to the PIN form
    assert "Download the club record" not in client.get(f"/c/{club.token}").get_data(as_text=True)
    sign_in(client, club.token)
    page = client.get(f"/c/{club.token}").get_data(as_text=True)
    assert f'href="/c/{club.token}/record.json" download>Download the club record<' in page
    response = download(client, club.token)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert re.fullmatch(
        r'attachment; filename="scorekeeper-club-\d{4}-\d\d-\d\d\.json"',
        response.headers["Content-Disposition"],
    )
    with app.app_context():
        assert response.get_data(as_text=True) == services.record_of(club)
    assert json.loads(response.get_data())["format"] == CLUB_FORMAT


def test_an_imported_club_is_the_same_club_at_a_new_address(app, client, club):
    sign_in(client, club.token)
    text = download(client, club.token).get_data()
    assert 'href="/club/import"' in client.get("/club/new").get_data(as_text=True)
    assert client.get("/club/import").status_code == 200
    other = app.test_client()  # another phone, with no PIN of the old club
    response = upload(other, text)
    assert response.status_code == 303, response.get_data(as_text=True)
    token = club_token(response)
    assert token != club.token
    page = other.get(f"/c/{token}").get_data(as_text=True)
    assert "Imported as a new club: Torsdagsklubben." in page
    assert "Vecka 1" in page and "Eva L" in page
    again = download(other, token)  # the importing phone manages the new club
    assert again.status_code == 200 and again.get_data() == text
    with app.app_context():
        copy = services.load(token)
        assert season_and_ratings(copy) == season_and_ratings(club)
        assert services.check_pin(copy, NEW_PIN)


def _refused(app, client, body, **kwargs) -> list[str]:
    with app.app_context():
        before = counts()
    response = upload(client, body, **kwargs)
    assert response.status_code == 422
    with app.app_context():
        assert counts() == before
    page = response.get_data(as_text=True)
    return re.findall(r"<li>([^<]+)</li>", page.split('id="club_record-error"', 1)[-1])


def test_a_broken_game_is_refused_whole_beside_the_file_field(app, client, club):
    with app.app_context():
        raw = json.loads(services.record_of(club))
    raw["evenings"][1]["record"]["tables"][1]["record"]["deals"][3]["tricks"] = [1, 2, 3]
    lines = _refused(app, client, json.dumps(raw))
    assert lines and all(
        line.startswith("evening 2 (Vecka 2): round 1, table 2: deal 4") for line in lines
    )


def test_a_record_with_a_pin_or_an_unknown_member_is_refused(app, client, club):
    with app.app_context():
        raw = json.loads(services.record_of(club))
    lines = _refused(app, client, json.dumps({**raw, "pin_hash": "$argon2id$…"}))
    assert lines == [
        "record: a club record never holds &#34;pin_hash&#34;: not the organiser PIN, its hash or "
        "the club&#39;s address"
    ]
    raw["evenings"][0]["members"][0] = 42
    assert _refused(app, client, json.dumps(raw)) == [
        "evening 1 (Vecka 1): Anna is member 42, and the club has no member 42"
    ]


def test_two_different_pins_store_nothing(app, client, club):
    with app.app_context():
        text = services.record_of(club)
        before = counts()
    response = upload(client, text, again="135791")
    assert response.status_code == 422
    assert "The two PINs differ" in response.get_data(as_text=True)
    with app.app_context():
        assert counts() == before


def test_not_json_is_refused(app, client):
    assert _refused(app, client, b"\xff") == [
        "record: the file is not UTF-8 text (invalid byte at position 0)"
    ]


def test_a_file_too_large_is_refused_beside_the_field(app, client, monkeypatch):
    monkeypatch.setattr(club_record, "MAX_CLUB_BYTES", 0)
    response = upload(client, b"{" + b" " * 200_000 + b"}")
    assert response.status_code == 413
    assert "The file is too large: a club record is at most" in response.get_data(as_text=True)


def test_in_swedish(app, client, club):
    with app.app_context():
        raw = json.loads(services.record_of(club))
    raw["evenings"][0]["members"][1] = 42
    swedish = {"Accept-Language": "sv"}
    assert "Importera en klubb" in client.get("/club/import", headers=swedish).get_data(
        as_text=True
    )
    response = upload(client, json.dumps(raw), **swedish)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "kväll 1 (Vecka 1): Ben är medlem 42, och klubben har ingen medlem 42" in page


def test_a_record_over_the_games_upload_limit_is_taken(app, client, club):
    """A season's record outgrows the app's 1 MB upload limit for games: the import takes
    more (here the record padded past it with white space, which JSON allows)."""
    with app.app_context():
        text = services.record_of(club)
    padded = text + " " * (app.config["MAX_CONTENT_LENGTH"] + 1)
    response = upload(client, padded)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
