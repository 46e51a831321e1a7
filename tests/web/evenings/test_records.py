"""An evening as a portable record (scorekeeper-evening/1): downloaded from its page, imported
as a new evening with every table's game and history, and refused with a line naming the table
and the problem when it breaks a rule — nothing stored then."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.evenings import services
from scorekeeper.evenings.record import EVENING_FORMAT, loads_evening
from scorekeeper.records import RecordError
from tests.conftest import csrf_token
from tests.web.evenings.helpers import evening_token, new_evening, play_deal, start


def played_evening(client, app) -> tuple[str, dict]:
    token = evening_token(new_evening(client, rounds="3", variant="classic"))
    start(client, token, 1)
    with app.app_context():
        for table in services.load(token).tables(1):
            play_deal(table.game, 1)
    response = client.get(f"/e/{token}/evening.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    return token, json.loads(response.data)


def upload(client, record: dict | bytes):
    data = record if isinstance(record, bytes) else json.dumps(record).encode()
    csrf = csrf_token(client, "/")
    return client.post(
        "/evening/import",
        data={"csrf_token": csrf, "evening_record": (io.BytesIO(data), "evening.json")},
        content_type="multipart/form-data",
    )


def test_an_evening_round_trips_through_its_record(client, app):
    token, record = played_evening(client, app)
    assert record["format"] == EVENING_FORMAT and record["name"] == "Club night"
    assert [(t["round"], t["table"]) for t in record["tables"]] == [(1, 1), (1, 2), (1, 3)]
    assert all(t["record"]["format"] == "scorekeeper-record/1" for t in record["tables"])
    response = upload(client, record)
    assert response.status_code == 303
    copy = evening_token(response)
    assert copy != token
    with app.app_context():
        original, imported = services.load(token), services.load(copy)
        assert imported.plan.rounds == original.plan.rounds and imported.seed == original.seed
        assert imported.setup == original.setup
        for key, game in original.games.items():
            assert imported.games[key].events == game.events
            assert imported.games[key].token != game.token  # new games of their own
        assert services.standings_of(imported).rows == services.standings_of(original).rows
    again = client.get(f"/e/{copy}/evening.json")
    assert json.loads(again.data)["tables"] == record["tables"]


def broken(record: dict, change) -> dict:
    record = json.loads(json.dumps(record))
    change(record)
    return record


CASES = {
    "players swapped": (
        lambda r: r["tables"][1]["record"]["players"].reverse(),
        "round 1, table 2: its players must be",
    ),
    "a table twice": (
        lambda r: r["tables"].append(r["tables"][0]),
        "round 1, table 1: this table is in the record twice",
    ),
    "a table missing": (lambda r: r["tables"].pop(), "round 1 lacks table 3"),
    "moved to another round": (
        lambda r: [t.update(round=2) for t in r["tables"]],
        "round 2, table 1: its players must be",
    ),
    "another plan size": (
        lambda r: (r["plan"]["rounds"].pop(), r["plan"]["sitting_out"].pop()),
        "the plan has 2 rounds, the evening 3",
    ),
    "a bad deal": (
        lambda r: r["tables"][2]["record"]["history"][1]["data"].update(tricks=[20, 0, 0]),
        "round 1, table 3: ",
    ),
    "an unknown field": (lambda r: r.update(note="x"), 'record: unknown field "note"'),
    "an unknown table field": (
        lambda r: r["tables"][0].update(note="x"),
        'record: unknown field "note"',
    ),
    "not an evening": (lambda r: r.update(format="scorekeeper-record/1"), "format must be"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_broken_evening_record_is_refused_and_nothing_stored(client, app, case):
    _, record = played_evening(client, app)
    change, message = CASES[case]
    bad = broken(record, change)
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        loads_evening(json.dumps(bad))
    with app.app_context():
        import sqlalchemy as sa

        from scorekeeper.data.db import db

        before = db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("evening")))
    response = upload(client, bad)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'id="evening_record-error"' in page and message.split(":")[0] in page
    with app.app_context():
        after = db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("evening")))
    assert after == before


def test_rounds_are_started_whole_and_in_order(client, app):
    token = evening_token(new_evening(client, rounds="3", variant="classic"))
    start(client, token, 1)
    start(client, token, 2, anyway=True)
    record = json.loads(client.get(f"/e/{token}/evening.json").data)
    assert len(record["tables"]) == 6
    later_only = broken(record, lambda r: r.update(tables=r["tables"][3:]))
    with pytest.raises(RecordError, match="round 2 has tables but round 1 has none"):
        loads_evening(json.dumps(later_only))
    assert upload(client, record).status_code == 303


def test_the_home_page_offers_the_import(client):
    page = client.get("/").get_data(as_text=True)
    assert 'action="/evening/import"' in page and 'name="evening_record"' in page
