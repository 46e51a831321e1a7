"""One name looks like one name (issue 34) wherever a name enters: every form of the web, every
record imported (a game's, an evening's, a club's) and every command. ``Anna`` and ``Anna``
with a zero-width space (or another invisible character) are one name, refused as a second
one; a name is kept without its invisible characters; nothing is stored by a refusal."""

from __future__ import annotations

import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.cli import main
from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.cli.runner import invoke
from tests.clubs.season_club import season_club
from tests.conftest import csrf_token
from tests.databases import rows_per_table
from tests.records.examples import example
from tests.web import error_of
from tests.web.clubs.club import add, make_club, member_ids, new_club, plan_evening, post
from tests.web.clubs.club import upload as upload_club
from tests.web.evenings.helpers import new_evening
from tests.web.records import field_errors
from tests.web.records import upload as upload_game

#: The invisible characters each test puts in a name: zero-width space, joiner, word joiner,
#: byte order mark, soft hyphen, left-to-right mark.
MARKS = ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e"]
ZWSP = "\u200b"


# --- forms -------------------------------------------------------------------------------------


@pytest.mark.parametrize("mark", MARKS)
def test_a_new_game_of_anna_and_anna_with_an_invisible_character_is_refused(app, client, mark):
    data = {"player_0": "Anna", "player_1": f"Anna{mark}", "player_2": "Ben"}
    data |= {"csrf_token": csrf_token(client), "first_dealer": "0", "variant": "modern"}
    before = rows_per_table(app)
    response = client.post("/bismarck/new", data=data)
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "player_1") == "Two players are called Anna."
    assert rows_per_table(app) == before


def test_a_new_game_keeps_names_without_their_invisible_characters(app, client):
    data = {"player_0": f"An{ZWSP}na", "player_1": "\ufeffBen", "player_2": "A\u030asa"}
    data |= {"csrf_token": csrf_token(client), "first_dealer": "0", "variant": "modern"}
    response = client.post("/bismarck/new", data=data)
    assert response.status_code == 303
    with app.app_context():
        setup = db.session.scalars(sa.select(models.Game.setup)).one()
    assert setup["players"] == ["Anna", "Ben", "Åsa"]


def test_a_blank_sheet_of_anna_and_anna_with_an_invisible_character_is_refused(client):
    query = {"player_0": "Anna", "player_1": f"ANNA{ZWSP}", "player_2": "Ben"}
    response = client.get("/print/blank", query_string=query)
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "player_1") == "Two players are called ANNA."


def test_an_evenings_players_are_one_each_and_its_name_is_kept_as_shown(app, client):
    players = f"Anna\nBen\nCarla\nAnna{ZWSP}\nDan\nEva"
    response = new_evening(client, players=players)
    assert response.status_code == 422
    assert "Two players are called Anna." in error_of(response.get_data(as_text=True), "players")
    response = new_evening(client, name=f"Club{ZWSP} night", players="Anna\nBen\nCarla")
    assert response.status_code == 303
    with app.app_context():
        setup = db.session.scalars(sa.select(models.Evening.setup)).one()
    assert setup["name"] == "Club night"


def test_a_clubs_name_is_kept_without_its_invisible_characters(app, client):
    make_club(client, name=f"Torsdags{ZWSP}klubben\u2060")
    with app.app_context():
        assert db.session.scalars(sa.select(models.Club.name)).one() == "Torsdagsklubben"
    assert new_club(client, name=ZWSP * 3).status_code == 422


@pytest.mark.parametrize("mark", MARKS)
def test_a_member_who_looks_like_another_is_refused_added_renamed_or_new_at_an_evening(
    app, client, mark
):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    before = rows_per_table(app)
    added = post(client, f"/c/{token}/members/add", name=f"Anna{mark}")
    assert added.status_code == 422
    said = "The club already has a member called Anna."
    assert error_of(added.get_data(as_text=True), "name") == said
    ben = member_ids(client, token)["Ben"]
    renamed = post(client, f"/c/{token}/m/{ben}", name=f"{mark}ANNA")
    assert renamed.status_code == 422
    assert "already has a member called ANNA" in error_of(renamed.get_data(as_text=True), "name")
    evening = plan_evening(
        client, token, name="Vecka 1", rounds="1", new_members=f"Carla\nAn{mark}na"
    )
    assert evening.status_code == 422
    assert "Anna" in evening.get_data(as_text=True)
    assert rows_per_table(app) == before


def test_a_member_is_kept_without_invisible_characters(app, client):
    token = make_club(client)
    add(client, token, f"\ufeffAnna{ZWSP}")
    assert list(member_ids(client, token)) == ["Anna"]
    with app.app_context():
        key = db.session.scalars(sa.select(models.Member.name_key)).one()
    assert key == "anna"


def test_a_name_whose_folded_form_outgrows_its_column_is_a_member(app, client):
    """``ß`` folds to ``ss``: 30 of them make a key of 60, past the 40 characters its column
    holds (a 500 on PostgreSQL). Kept, and ``ẞ`` × 30 is the same name."""
    token = make_club(client)
    add(client, token, "ß" * 30)
    again = post(client, f"/c/{token}/members/add", name="ẞ" * 30)
    assert again.status_code == 422
    with app.app_context():
        key = db.session.scalars(sa.select(models.Member.name_key)).one()
    assert len(key) <= 40


def test_a_season_that_looks_like_another_is_refused(app, client):
    token = make_club(client)
    made = post(client, f"/c/{token}/seasons/new", name="Våren", rule="total", by="dates")
    assert made.status_code == 303
    before = rows_per_table(app)
    again = post(client, f"/c/{token}/seasons/new", name=f"VÅ{ZWSP}REN", rule="total", by="dates")
    assert again.status_code == 422
    assert error_of(again.get_data(as_text=True), "name") == (
        "The club already has a season called VÅREN."
    )
    long = post(client, f"/c/{token}/seasons/new", name="ß" * 40, rule="total", by="dates")
    assert long.status_code == 303  # a key of 80 characters, kept in its 60
    assert rows_per_table(app)["season"] == before["season"] + 1


# --- records ---------------------------------------------------------------------------------


def test_a_game_record_of_anna_and_anna_with_an_invisible_character_is_refused(app, client):
    raw = json.loads(example("seed-002.json"))
    raw["players"] = ["Anna", f"Anna{ZWSP}", "Carla"]
    before = rows_per_table(app)
    response = upload_game(client, json.dumps(raw).encode())
    assert response.status_code == 422
    assert any("Two players are called Anna" in line for line in field_errors(response.text))
    assert rows_per_table(app) == before


def test_an_evening_record_of_anna_twice_is_refused(app, client):
    from tests.cli.evening_text import evening_text

    raw = json.loads(evening_text()[0])
    first = raw["players"][0]
    raw["players"][1] = f"{first}{ZWSP}"
    before = rows_per_table(app)
    data = {"csrf_token": csrf_token(client, "/"), "evening_record": (_file(raw), "e.json")}
    response = client.post("/evening/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    assert f"record: Two players are called {first}<" in response.get_data(as_text=True)
    assert rows_per_table(app) == before


def _file(raw):
    import io

    return io.BytesIO(json.dumps(raw).encode())


@pytest.fixture
def club_record(app) -> dict:
    with app.app_context():
        record = json.loads(clubs.record_of(season_club()))
        clubs.keep_derived()  # what the export derived, kept as at the end of its request
        return record


def test_a_club_record_with_two_members_who_look_alike_is_refused(app, client, club_record):
    first = club_record["members"][0]["name"]
    club_record["members"][1]["name"] = f"{first}{ZWSP}"
    before = rows_per_table(app)
    response = upload_club(client, json.dumps(club_record))
    assert response.status_code == 422
    said = f"member 2: The club already has a member called {first}<"
    assert said in response.get_data(as_text=True)
    assert rows_per_table(app) == before


# --- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize("mark", MARKS)
def test_an_evening_plan_of_anna_twice_is_refused(mark):
    players = f"Anna,Ben,Carla,Anna{mark},Dan,Eva"
    result = invoke("evening", "plan", "--game", "bismarck", "--players", players, "--rounds", "2")
    assert result.exit_code == 2
    assert "Two players are called Anna." in result.stderr


def test_an_evening_plan_names_players_as_shown():
    players = f"An{ZWSP}na,Ben,Carla"
    result = invoke("evening", "plan", "--game", "bismarck", "--players", players, "--rounds", "1")
    assert result.exit_code == 0, result.output
    assert "Anna, Ben, Carla" in result.stdout


def test_a_blank_sheet_of_anna_twice_is_refused(tmp_path):
    players = f"Anna,ANNA{ZWSP},Ben"
    result = invoke(
        "sheet", "--blank", "--game", "bismarck", "--players", players, "-o", str(tmp_path / "s")
    )
    assert result.exit_code == 2
    assert "Two players are called ANNA." in result.stderr
    assert not (tmp_path / "s").exists()


def test_a_first_dealer_is_found_by_the_name_as_compared(tmp_path):
    out = tmp_path / "s.pdf"
    result = invoke(
        "sheet",
        "--blank",
        "--game",
        "bismarck",
        "--players",
        "Anna,Ben,Carla",
        "--first-dealer",
        f"BEN{ZWSP}",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output


def test_scoring_a_record_of_anna_twice_is_refused():
    raw = json.loads(example("seed-002.json"))
    raw["players"] = ["Anna", f"Anna{ZWSP}", "Carla"]
    result = invoke("score", "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2
    assert "Two players are called Anna" in result.stderr


def test_scoring_a_club_record_with_two_members_who_look_alike_is_refused(club_record, tmp_path):
    first = club_record["members"][0]["name"]
    club_record["members"][1]["name"] = f"\ufeff{first}"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(club_record), encoding="utf-8")
    result = invoke("club", "score", str(path))
    assert result.exit_code == 2
    assert re.search(f"The club already has a member called {first}", result.stderr)


def test_importing_a_record_of_anna_twice_stores_nothing(app, runner, tmp_path):
    raw = json.loads(example("seed-002.json"))
    raw["players"] = ["Anna", f"Anna{ZWSP}", "Carla"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    before = rows_per_table(app)
    result = runner.invoke(main, ["import", str(path)])
    assert result.exit_code != 0
    assert "Two players are called Anna" in result.output
    assert rows_per_table(app) == before


# --- look-alike alphabets ----------------------------------------------------------------------

#: ``Anna`` spelt with a Cyrillic ``А``: looks like Anna, would be another name.
CYRILLIC_ANNA = "\u0410nna"
MIXED = "A name cannot mix Cyrillic and Latin letters in one word"


def test_a_new_game_with_a_cyrillic_anna_beside_anna_is_refused_and_keeps_what_was_typed(
    app, client
):
    data = {"player_0": "Anna", "player_1": CYRILLIC_ANNA, "player_2": "Ben"}
    data |= {"csrf_token": csrf_token(client), "first_dealer": "0", "variant": "modern"}
    before = rows_per_table(app)
    response = client.post("/bismarck/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert error_of(page, "player_1").startswith(MIXED)
    assert f'value="{CYRILLIC_ANNA}"' in page
    assert rows_per_table(app) == before


def test_a_member_spelt_in_two_alphabets_is_refused_added_renamed_or_new_at_an_evening(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    before = rows_per_table(app)
    added = post(client, f"/c/{token}/members/add", name=CYRILLIC_ANNA)
    assert added.status_code == 422
    assert error_of(added.get_data(as_text=True), "name").startswith(MIXED)
    ben = member_ids(client, token)["Ben"]
    renamed = post(client, f"/c/{token}/m/{ben}", name="B\u0435n")  # a Cyrillic е
    assert renamed.status_code == 422
    assert "cannot mix Latin and Cyrillic" in error_of(renamed.get_data(as_text=True), "name")
    evening = plan_evening(
        client, token, name="Vecka 1", rounds="1", new_members=f"Carla\n{CYRILLIC_ANNA}"
    )
    assert evening.status_code == 422
    assert MIXED in evening.get_data(as_text=True)
    assert rows_per_table(app) == before


def test_a_game_record_with_a_cyrillic_anna_is_refused_and_stores_nothing(app, client):
    raw = json.loads(example("seed-002.json"))
    raw["players"] = ["Anna", CYRILLIC_ANNA, "Carla"]
    before = rows_per_table(app)
    response = upload_game(client, json.dumps(raw).encode())
    assert response.status_code == 422
    assert any(MIXED in line for line in field_errors(response.text))
    assert rows_per_table(app) == before


def test_a_club_record_with_a_member_spelt_in_two_alphabets_is_refused(app, client, club_record):
    first = club_record["members"][0]["name"]
    club_record["members"][1]["name"] = "\u0410" + first[1:]
    before = rows_per_table(app)
    response = upload_club(client, json.dumps(club_record))
    assert response.status_code == 422
    assert "cannot mix" in response.get_data(as_text=True)
    assert rows_per_table(app) == before


def test_an_evening_plan_with_a_cyrillic_anna_is_refused():
    players = f"Anna,Ben,Carla,{CYRILLIC_ANNA},Dan,Eva"
    result = invoke("evening", "plan", "--game", "bismarck", "--players", players, "--rounds", "2")
    assert result.exit_code == 2
    assert MIXED in result.stderr


def test_names_in_one_alphabet_a_word_are_names(app, client):
    data = {"player_0": "Anna", "player_1": "Анна", "player_2": "Anna Иванова"}
    data |= {"csrf_token": csrf_token(client), "first_dealer": "0", "variant": "modern"}
    assert client.post("/bismarck/new", data=data).status_code == 303
    with app.app_context():
        setup = db.session.scalars(sa.select(models.Game.setup)).one()
    assert setup["players"] == ["Anna", "Анна", "Anna Иванова"]
