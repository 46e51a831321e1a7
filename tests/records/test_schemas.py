"""Issue 23, point 16: every JSON record the app exports validates against the JSON Schema that
ships with it: game records (``schemas/record-1.json``) of the three games, in play and
finished, from the game page and the command line, and evening records
(``schemas/evening-1.json``, which refers to the game record's schema for each table) from
the evening's page and ``scorekeeper score --json``. And what docs/records.md says the schema
leaves to the app is indeed valid by the schema and refused by the app.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper import records
from scorekeeper.evenings.record import loads_evening
from scorekeeper.games import bismarck
from scorekeeper.records import RecordError
from scorekeeper.table import services as services_games
from tests.cli.runner import invoke
from tests.e2e.table import example_events
from tests.games.bismarck.examples import MODERN_GAME
from tests.records.schemas import CLUB, EVENING, RECORD, RECORD_2, errors, jsonschema, play_tables
from tests.web.bismarck.client import Table, play_modern_game
from tests.web.evenings.helpers import evening_token, new_evening, start
from tests.web.free.client import CHICAGO, PLAYERS, FreeTable
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable


def score_json(raw: dict[str, Any]) -> Any:
    """``scorekeeper score --json -``: the record again, with every derived field."""
    done = invoke("score", "--json", "-", input=json.dumps(raw))
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def test_the_evening_schema_is_a_valid_schema_and_names_the_records_fields():
    jsonschema.Draft202012Validator.check_schema(EVENING)
    from scorekeeper.evenings.record import FIELDS, TABLE_FIELDS

    assert set(EVENING["properties"]) == {*FIELDS, "tables"}
    assert set(EVENING["$defs"]["table"]["properties"]) == set(TABLE_FIELDS)
    assert EVENING["properties"]["game"]["enum"] == list(records.codecs())


# --- game records ---------------------------------------------------------------------------


def game_records(client: Any) -> dict[str, Any]:
    """The record of each game, downloaded from its page: in play (one with an undo in its
    history) and finished."""
    found = {}
    bismarck = Table(client)
    bismarck.start(must_trump=True)
    play_modern_game(bismarck, MODERN_GAME[:2])
    assert bismarck.post("undo").status_code == 303  # an undo in its history
    found["bismarck in play"] = bismarck
    finished = Table(client)
    finished.start()
    play_modern_game(finished)
    found["bismarck finished"] = finished
    kj = KlaberjassTable(client)
    kj.start()
    kj.play(KLABERJASS_HANDS[:3])
    found["klaberjass in play"] = kj
    kj_done = KlaberjassTable(client)
    kj_done.start()
    kj_done.play()
    found["klaberjass finished"] = kj_done
    sv = SvitenTable(client)
    sv.start()
    sv.play(SVITEN_HANDS[:1])
    found["sviten in play"] = sv
    sv_done = SvitenTable(client)
    sv_done.start(hand_cap=12, jokers=True)
    sv_done.play()
    found["sviten finished"] = sv_done
    fr = FreeTable(client)
    fr.start(PLAYERS, game_name="Whist", player_teams="2", end="rounds", deals="5", zero_sum="y")
    fr.play([[3, -3], [-1, 1]])
    assert fr.correct(1, [4, ""]).status_code == 303  # the zero-sum fill, in a correction
    found["free in play"] = fr
    fr_done = FreeTable(client)
    fr_done.start(game_name="Chicago", end="target", target="52")
    fr_done.play(CHICAGO)
    found["free finished"] = fr_done
    fr_ended = FreeTable(client)
    fr_ended.start(wins="lowest")
    fr_ended.play(CHICAGO[:2])
    assert fr_ended.end(3).status_code == 303
    found["free ended by the table"] = fr_ended
    exported = {}
    for name, table in found.items():
        response = client.get(f"{table.url}/record.json")
        assert response.status_code == 200 and response.mimetype == "application/json", name
        exported[name] = json.loads(response.data)
    return exported


def test_every_game_record_the_pages_and_the_command_line_export_validates(client):
    exported = game_records(client)
    assert {record["game"] for record in exported.values()} == set(records.codecs())
    problems = {name: errors(RECORD, raw) for name, raw in exported.items()}
    assert not any(problems.values()), problems
    for name, raw in exported.items():  # scorekeeper score --json: every derived field
        assert not errors(RECORD, score_json(raw)), name


def test_a_confirming_games_record_validates_by_version_2_and_not_1(app):
    """A record of version 2 (a game whose phones confirm each other's entries): its
    confirmations validate by record-2.json; version 1's schema refuses them, and version 2's
    refuses a confirmation by a seat that is not one."""
    with app.app_context():
        setup = bismarck.Setup(("Anna", "Ben", "Carla"))
        game = services_games.create("bismarck", setup, confirms=True)
        for seq, event in enumerate(example_events(2)):
            game = services_games.enter(game, event, seq, seat="0")
        game = services_games.confirm(game, 1, "1")
        raw = json.loads(services_games.record_text(game))
    assert raw["format"] == "scorekeeper-record/2"
    assert not errors(RECORD_2, raw) and errors(RECORD, raw)
    assert not errors(RECORD_2, score_json(raw))
    raw["history"][1]["confirmed_by"] = ["Ben"]
    assert errors(RECORD_2, raw)


# --- evening records ------------------------------------------------------------------------


def evening_records(client: Any, app: Any) -> dict[str, Any]:
    """Each game's evening, downloaded before its first round, during it and after it."""
    exported = {}
    settings = {
        "bismarck": {"variant": "modern"},
        "free": {"game_name": "Chicago", "end": "target", "target": "52", "zero_sum": ""},
    }
    for kind, count in (("bismarck", 12), ("klaberjass", 3), ("sviten", 3), ("free", 5)):
        extra = settings.get(kind, {"target": "500"})
        token = evening_token(new_evening(client, kind, **extra))
        exported[f"{kind}, planned"] = client.get(f"/e/{token}/evening.json").data
        assert start(client, token, 1).status_code == 303
        exported[f"{kind}, round 1 started"] = client.get(f"/e/{token}/evening.json").data
        play_tables(app, token, 1, kind, count)
        exported[f"{kind}, round 1 played"] = client.get(f"/e/{token}/evening.json").data
    return {name: json.loads(data) for name, data in exported.items()}


def test_every_evening_record_the_page_and_the_command_line_export_validates(client, app):
    exported = evening_records(client, app)
    problems = {name: errors(EVENING, raw) for name, raw in exported.items()}
    assert not any(problems.values()), problems
    played = exported["sviten, round 1 played"]
    assert played["tables"] and played["tables"][0]["record"]["hands"]
    for name, raw in exported.items():
        assert not errors(EVENING, score_json(raw)), name


def test_the_evening_schema_refuses_what_the_format_forbids(client, app):
    raw = evening_records(client, app)["bismarck, round 1 played"]

    def broken(change: Any) -> list[str]:
        record = copy.deepcopy(raw)
        change(record)
        return errors(EVENING, record)

    assert broken(lambda r: r.update(note="x"))  # an unknown field
    assert broken(lambda r: r.update(format="scorekeeper-evening/2"))
    assert broken(lambda r: r.update(scoring="points"))
    assert broken(lambda r: r["settings"].update(target=500))  # Klaberjass's, not Bismarck's
    assert broken(lambda r: r["plan"]["rounds"][0][0].append(8))  # four at a Bismarck table
    assert broken(lambda r: r["tables"][0].pop("record"))
    assert broken(lambda r: r["tables"][0]["record"].update(game="klaberjass"))
    assert broken(lambda r: r["tables"][0]["record"]["deals"][0].update(note="x"))  # inside
    assert broken(lambda r: r.update(players=[*r["players"], "x" * 31]))


def test_what_the_schema_leaves_to_the_app_is_valid_by_it_and_refused_on_import(client, app):
    """docs/records.md, "What the schema leaves to the app": each of these passes the schema,
    and the app refuses it."""
    raw = evening_records(client, app)["bismarck, round 1 played"]
    cases = {
        "a whole number written 4.0": lambda r: r.update(rounds=4.0),
        "a name twice": lambda r: r["players"].__setitem__(1, r["players"][0]),
        "a player seated twice in a round": lambda r: r["plan"]["rounds"][0][0].__setitem__(
            0, r["plan"]["rounds"][0][1][0]
        ),
        "a plan of more rounds than the evening": lambda r: r.update(rounds=3),
        "a table's players not the plan's": lambda r: r["tables"][0]["record"]["players"].reverse(),
        "a round missing a table": lambda r: r["tables"].pop(),
        "tricks that do not add up": lambda r: r["tables"][0]["record"]["deals"][0].update(
            tricks=[6, 6, 6]
        ),
        "a contract played twice": lambda r: r["tables"][0]["record"]["deals"][1].update(
            contract=r["tables"][0]["record"]["deals"][0]["contract"]
        ),
        "derived totals that do not agree": lambda r: r["tables"][0]["record"].update(
            totals=[9, 9, 9]
        ),
    }
    for name, change in cases.items():
        record = copy.deepcopy(raw)
        change(record)
        assert not errors(EVENING, record), name
        with pytest.raises(RecordError):
            loads_evening(json.dumps(record))


# --- club records (``schemas/club-1.json``, issue 25) ---------------------------------------------


def test_the_club_schema_is_a_valid_schema_and_names_the_records_fields():
    from scorekeeper.clubs import record_format as club_record

    jsonschema.Draft202012Validator.check_schema(CLUB)
    assert set(CLUB["properties"]) == set(club_record.FIELDS)
    assert set(CLUB["$defs"]["member"]["properties"]) == set(club_record.MEMBER_FIELDS)
    assert set(CLUB["$defs"]["season"]["properties"]) == set(club_record.SEASON_FIELDS)
    assert set(CLUB["$defs"]["evening"]["properties"]) == set(club_record.EVENING_FIELDS)
    assert CLUB["properties"]["games"]["items"]["enum"] == list(records.codecs())


@pytest.fixture
def club_record_exported(app, client):
    """The season club's record as its organiser downloads it from the club's page."""
    from scorekeeper.clubs import services as clubs
    from tests.clubs.season_club import season_club
    from tests.conftest import csrf_token

    with app.app_context():
        club = season_club()
    signed = client.post(
        f"/c/{club.token}/pin",
        data={"csrf_token": csrf_token(client, "/club/new"), "pin": "90817263"},
    )
    assert signed.status_code == 303
    response = client.get(f"/c/{club.token}/record.json")
    assert response.status_code == 200
    with app.app_context():
        assert response.get_data(as_text=True) == clubs.record_of(club)
    return json.loads(response.get_data())


def test_every_club_record_the_app_exports_validates(club_record_exported):
    from scorekeeper.clubs.record import parse_club

    raw = club_record_exported
    assert not errors(CLUB, raw)
    # With stored seasons too (the reader takes them; a club that has some exports them).
    raw["seasons"] = [
        {
            "name": "Vår",
            "rule": "best",
            "n": 2,
            "absence": "lowest",
            "date_from": "2026-01-01",
            "date_to": None,
        },
        {
            "name": "Utvalda",
            "rule": "total",
            "n": 0,
            "absence": "none",
            "date_from": None,
            "date_to": None,
            "evenings": [1, 2],
        },
    ]
    read = parse_club(raw)
    from scorekeeper.clubs.record_writing import build_club, member_dict

    again = build_club(
        read.name,
        read.games,
        read.members,
        [(e.date, e.members, raw["evenings"][i]["record"]) for i, e in enumerate(read.evenings)],
        read.seasons,
    )
    assert again == raw and not errors(CLUB, again)
    assert [member_dict(m) for m in read.members] == raw["members"]


def test_the_club_schema_refuses_what_the_format_forbids(club_record_exported):
    raw = club_record_exported
    assert errors(CLUB, {**raw, "pin": "4711"})
    assert errors(CLUB, {**raw, "token": "abc"})
    member = {**raw["members"][0], "pin_hash": "x"}
    assert errors(CLUB, {**raw, "members": [member, *raw["members"][1:]]})
    evening = {k: v for k, v in raw["evenings"][0].items() if k != "members"}
    assert errors(CLUB, {**raw, "evenings": [evening]})


def test_what_the_club_schema_leaves_to_the_app_is_refused_on_reading(club_record_exported):
    """docs/records.md lists these: valid by the schema, refused by the reader."""
    from scorekeeper.clubs.record import parse_club

    raw = club_record_exported
    two = copy.deepcopy(raw)
    two["members"][1]["name"] = two["members"][0]["name"].upper()  # a name twice
    nowhere = copy.deepcopy(raw)
    nowhere["members"][0]["merged_into"] = 999  # a merge into no member
    circle = copy.deepcopy(raw)
    circle["members"][0]["merged_into"], circle["members"][1]["merged_into"] = 2, 1
    short = copy.deepcopy(raw)
    short["evenings"][0]["members"].pop()  # a player without a member
    unknown = copy.deepcopy(raw)
    unknown["evenings"][0]["members"][0] = 999
    late = copy.deepcopy(raw)
    late["seasons"] = [{"name": "S", "evenings": [99]}]
    for broken in (two, nowhere, circle, short, unknown, late):
        assert not errors(CLUB, broken)
        with pytest.raises(RecordError):
            parse_club(broken)
