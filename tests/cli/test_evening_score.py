"""``scorekeeper score`` reads an evening record too: its standings as a text table (no
database), ``--json`` the record with every derived field, and a broken one exits 2 with the
table named."""

from __future__ import annotations

import json

from tests.cli.evening_text import evening_text
from tests.cli.runner import invoke


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
