"""``scorekeeper score`` reads an evening record too: its standings as a text table (no
database), ``--json`` the record with every derived field, and a broken one exits 2 with the
table named."""

from __future__ import annotations

import json

from scorekeeper.evenings.record import RecordTable, dumps_evening
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games.events import Event
from tests.cli.runner import invoke


def evening_text() -> str:
    """Six players at two tables of three, classic rules, round 1 of 2 started: at each table
    one Trumf deal in which the first declarer takes 10 tricks and the others 3 each."""
    setup = EveningSetup(
        "Friday club",
        "bismarck",
        ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred"),
        rounds=2,
        scoring="totals",
        settings={"variant": "classic"},
    )
    plan = setup.plan(0)
    tables = []
    for number, seats in enumerate(plan.rounds[0].tables, start=1):
        names = tuple(setup.players[p] for p in seats)
        game = setup.table_setup(names, 0)  # seat 0 deals, seat 1 declares
        events = [
            Event("announce", {"deal": 1, "contract": "trumf", "trump": "hearts"}),
            Event("record", {"deal": 1, "tricks": [3, 10, 3]}),
        ]
        tables.append(RecordTable(1, number, "bismarck", game, events, [None, None]))
    return dumps_evening(setup, plan, 0, tables), plan, setup


def test_score_prints_an_evenings_standings():
    text, plan, setup = evening_text()
    result = invoke("score", "-", input=text)
    assert result.exit_code == 0, result.output
    declarers = sorted(setup.players[t[1]] for t in plan.rounds[0].tables)
    lines = result.stdout.splitlines()
    assert lines[:2] == ["Friday club", "Bismarck · round 1 of 2"]
    rows = [line.split() for line in lines[5:11]]
    # The two declarers share first place with +2; the four others share third with -1.
    assert rows[:2] == [["=1", name, "+2", "1", "0"] for name in declarers]
    assert all(row[0] == "=3" and row[2] == "-1" for row in rows[2:])
    assert "2 games are still being played" in result.stdout


def test_score_json_gives_the_evening_back_with_derived_fields():
    text, _, _ = evening_text()
    result = invoke("score", "--json", "-", input=text)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["format"] == "scorekeeper-evening/1"
    assert record["tables"][0]["record"]["totals"] is not None


def test_score_refuses_a_broken_evening_naming_the_table():
    text, _, _ = evening_text()
    record = json.loads(text)
    record["tables"][1]["record"]["history"][1]["data"]["tricks"] = [3, 3, 3]
    result = invoke("score", "-", input=json.dumps(record))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("round 1, table 2: ")
