"""Tally's records, through the same functions and command as the built-in games: export,
import, refusing a broken record, ``scorekeeper score`` — with nothing under ``scorekeeper/``
that knows Tally."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from scorekeeper import records
from scorekeeper.games import registry
from scorekeeper.games.events import Event
from tests.cli.runner import invoke
from tests.fourth_game import records as tally_records
from tests.fourth_game import rules

SETUP = rules.Setup(("Anna", "Ben"), first_dealer=1)
# Deal 1 typed wrong and corrected, deal 2 entered and taken back, then two deals: Anna wins.
EVENTS = [
    rules.deal_event(1, [6, 3]),
    Event("correct", {"number": 1, "points": [6, 4]}),
    rules.deal_event(2, [9, 9]),
    Event("undo"),
    rules.deal_event(2, [2, 5]),
    rules.deal_event(3, [3, 0]),
]
TIMES = [datetime(2025, 5, 1, 19, 30 + minute) for minute in range(len(EVENTS))]


def exported() -> str:
    return records.export(rules.KIND, SETUP, EVENTS, TIMES)


def test_an_exported_game_reads_back_as_the_same_game(tally_codec):
    text = exported()
    record = records.loads(text.encode("utf-8"))
    assert record.kind == "tally" and record.has_history
    assert record.setup == SETUP
    assert record.events == tuple(EVENTS)
    assert record.times == tuple(TIMES)
    assert record.state == rules.GAME.replay(SETUP, EVENTS).state
    assert records.dumps(record.to_dict()) == text  # byte for byte


def test_the_record_shows_each_deal_with_what_follows_from_it(tally_codec):
    raw = json.loads(exported())
    assert list(raw) == [
        "format",
        "game",
        "players",
        "first_dealer",
        "options",
        "deals",
        "totals",
        "winner",
        "finished",
        "history",
    ]
    assert raw["deals"][0] == {"number": 1, "dealer": 1, "points": [6, 4], "totals": [6, 4]}
    assert (raw["totals"], raw["winner"], raw["finished"]) == ([11, 9], 0, True)
    assert raw["history"][1] == {
        "kind": "correct",
        "data": {"number": 1, "points": [6, 4]},
        "at": "2025-05-01T19:31:00Z",
    }
    del raw["history"]
    bare = records.parse(raw)  # the deals alone make the same game, without the mistakes
    assert bare.state.deals == records.loads(exported()).state.deals
    assert [event.kind for event in bare.events] == ["deal", "deal", "deal"]


def refused(raw: dict) -> list[str]:
    with pytest.raises(records.RecordError) as error:
        records.loads(json.dumps(raw))
    return error.value.problems


def test_a_broken_record_is_refused_naming_the_deal(tally_codec):
    raw = json.loads(exported())
    del raw["history"]
    raw["deals"][1]["points"] = [2, 11]
    assert refused(raw) == ["deal 2: Points are from 0 to 10 a deal"]

    raw = json.loads(exported())
    raw["deals"][0]["totals"] = [6, 5]
    assert refused(raw) == ["deal 1: totals should be [6, 4], not [6, 5]"]

    raw = json.loads(exported())
    raw["history"].append(rules.deal_event(4, [1, 1]).to_dict())
    assert refused(raw) == ["history entry 7 (deal 4): The game is over"]

    raw = json.loads(exported())
    raw["deals"][2]["note"] = "close"
    assert refused(raw) == ['deal 3: unknown field "note"']


def test_scorekeeper_score_prints_the_sheet_and_refuses_a_broken_record(tally_codec, tmp_path):
    path = tmp_path / "tally.json"
    path.write_text(exported(), encoding="utf-8")
    result = invoke("score", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Tally: Anna, Ben\n"
        "\n"
        "Deal  Dealer  Points Anna  Points Ben  Total Anna  Total Ben\n"
        "----  ------  -----------  ----------  ----------  ---------\n"
        "   1  Ben               6           4           6          4\n"
        "   2  Anna              2           5           8          9\n"
        "   3  Ben               3           0          11          9\n"
        "\n"
        "Winner: Anna with 11.\n"
    )
    result = invoke("score", "--json", str(path))
    assert result.exit_code == 0 and result.stdout == exported()

    raw = json.loads(exported())
    raw["history"][4]["data"]["points"] = [2, -5]
    path.write_text(json.dumps(raw), encoding="utf-8")
    result = invoke("score", str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "history entry 5 (deal 2): Points are from 0 to 10 a deal\n"


def test_the_deals_as_csv(tally_codec):
    state = records.loads(exported()).state
    assert records.deals_csv("tally", state).splitlines() == [
        "\ufeffDeal,Dealer,Points Anna,Points Ben,Total Anna,Total Ben",
        "1,Ben,6,4,6,4",
        "2,Anna,2,5,8,9",
        "3,Ben,3,0,11,9",
    ]


def test_unregistered_tally_is_an_unknown_game_like_any_other(tally_codec):
    text = exported()
    records.unregister_codec("tally")
    with pytest.raises(records.NoRecordFormat, match="no record format for 'tally' games"):
        records.codec_for("tally")
    with pytest.raises(records.RecordError) as error:
        records.loads(text)
    assert error.value.problems == [
        'record: unknown game "tally": this Scorekeeper reads records of '
        "bismarck, klaberjass, sviten, free"
    ]


def test_a_codec_needs_its_game_registered_first():
    with pytest.raises(registry.UnknownGame):
        records.register_codec(tally_records.CODEC)
    assert "tally" not in records.codecs()
