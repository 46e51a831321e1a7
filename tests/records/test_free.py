"""The free game's record: its name, players, teams and options, each deal's points, the deal
after which the table ended it; read back with or without its history, refused with lines that
name the deal and the field, in the JSON Schema (versions 1 and 2), as CSV and as a text sheet;
and the property that replaying a record gives the same game."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import records
from scorekeeper.games import free
from scorekeeper.games.events import Event
from scorekeeper.records import RecordError
from tests.games.free.legal import games

HERE = Path(__file__).parent
TEAMS = free.Setup(
    ("Anna", "Ben", "Carla", "Dan"),
    1,
    "Whist",
    ((0, 2), (1, 3)),
    free.Options(wins=free.Wins.LOWEST, deals=5, zero_sum=True),
)


def example() -> dict[str, Any]:
    return json.loads((HERE / "free.json").read_text())


def problems(raw: Any) -> list[str]:
    with pytest.raises(RecordError) as refused:
        records.loads(json.dumps(raw))
    return [str(line) for line in refused.value.problems]


def test_the_example_reads_as_the_game_it_was():
    record = records.loads((HERE / "free.json").read_bytes())
    state = record.state
    assert record.kind == "free" and state.name == "Chicago"
    assert state.totals == (25, 20, 17, 9) and not state.finished
    assert [e.kind for e in record.events] == ["deal", "deal", "correct", "deal", "undo", "deal"]
    assert record.seats == ("0", "1", "0", "2", None, "2")
    assert records.dumps(record.to_dict()) == (HERE / "free.json").read_text()


def test_teams_zero_sum_and_the_tables_end_go_out_and_come_back_without_history():
    events = [free.deal_event(1, [5, -5]), free.deal_event(2, [-2, 2]), free.end_event(3)]
    raw = records.build("free", TEAMS, events, history=False)
    assert raw["teams"] == [[0, 2], [1, 3]] and raw["name"] == "Whist"
    assert raw["options"] == {"wins": "lowest", "rounds": 5, "zero_sum": True}
    assert raw["deals"][1] == {
        "number": 2,
        "dealer": 2,
        "points": [-2, 2],
        "ended": True,
        "totals": [3, -3],
    }
    assert (raw["winners"], raw["finished"]) == ([1], True)
    again = records.loads(records.dumps(raw))
    assert (
        again.events == tuple(events)
        and again.state == records.loads(records.export("free", TEAMS, events)).state
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["deals"][0].update(points=[1, 2, 3]), "deal 1: Enter the points of every"),
        (lambda r: r["deals"][0].update(points="10"), "deal 1: points must be a list of whole"),
        (lambda r: r["deals"][0].update(ended="yes"), "deal 1: ended must be true or false"),
        (lambda r: r["deals"][0].update(ended=True), "deal 2: The game is over: the table"),
        (lambda r: r["deals"][1].update(totals=[1, 1, 1, 1]), "deal 2: totals should be"),
        (lambda r: r.update(winners=[0]), "record: winners should be []"),
        (lambda r: r.update(name="a\x07b"), "control or invalid character (U+0007)"),
        (lambda r: r.update(teams=[[0, 1]]), "Play in 2 to 4 teams"),
        (lambda r: r["options"].update(rounds=3), "not both"),
    ],
)
def test_a_record_the_rules_refuse_names_the_deal(change, message):
    raw = example()
    del raw["history"]
    change(raw)
    assert any(message in line for line in problems(raw)), problems(raw)


def test_a_zero_sum_deal_in_a_history_is_refused_with_the_difference():
    raw = records.build("free", TEAMS, [free.deal_event(1, [5, -5])])
    raw["history"][0]["data"]["points"] = [5, -3]
    assert problems(raw) == [
        "history entry 1 (deal 1): The points add up to +2: in this game every deal adds up to 0"
    ]
    raw["deals"][0]["points"] = [5, -3]
    del raw["history"]
    assert problems(raw) == [
        "deal 1: The points add up to +2: in this game every deal adds up to 0"
    ]


def test_an_end_entry_carries_only_its_deal():
    raw = example()
    raw["history"].append({"kind": "end", "data": {"deal": 4, "points": [1, 2, 3, 4]}})
    assert any('end: unknown field "points"' in line for line in problems(raw))


@settings(max_examples=40)
@given(games(), st.booleans(), st.data())
def test_replaying_the_record_gives_the_same_state(game, history, data):
    setup, rows = game
    events = [free.deal_event(n, p) for n, p in enumerate(rows, start=1)]
    if rows and data.draw(st.booleans()):
        events.append(free.end_event(len(rows) + 1))
    elif rows and data.draw(st.booleans()):
        events.append(Event("undo"))
    state = free.GAME.replay(setup, events).state
    raw = records.build("free", setup, events, state=state, history=history)
    again = records.loads(records.dumps(raw))
    assert again.state.deals == state.deals and again.state.ended == state.ended
    assert again.state.totals == state.totals and again.state.winners == state.winners
    assert records.dumps(again.to_dict()) == records.dumps(raw)


def test_the_sheet_and_the_csv():
    events = [free.deal_event(1, [5, -5]), free.deal_event(2, [-2, 2]), free.end_event(3)]
    state = free.GAME.replay(TEAMS, events).state
    assert records.score_sheet("free", state).splitlines() == [
        "Whist (free game): Anna & Carla, Ben & Dan",
        "The lowest total wins; the game ends after 5 deals; every deal adds up to 0.",
        "",
        "                        points                   totals",
        " Deal  Dealer  Anna & Carla  Ben & Dan  Anna & Carla  Ben & Dan",
        "-----  ------  ------------  ---------  ------------  ---------",
        "    1  Ben               +5         -5            +5         -5",
        "    2  Carla             -2         +2            +3         -3",
        "Total                                             +3         -3",
        "",
        "Winner: Ben & Dan with -3.",
    ]
    assert records.deals_csv("free", state).splitlines() == [
        "\ufeffDeal,Dealer,Points Anna & Carla,Points Ben & Dan,Total Anna & Carla,Total Ben & Dan",
        "1,Ben,5,-5,5,-5",
        "2,Carla,-2,2,3,-3",
    ]


def schema(version: int) -> dict[str, Any]:
    path = f"schemas/record-{version}.json"
    return json.loads(resources.files("scorekeeper").joinpath(path).read_text())


def test_the_schema_names_the_same_fields():
    codec = records.codec_for("free")
    for version in (1, 2):
        defs = schema(version)["$defs"]
        top = set(defs["free"]["properties"])
        extra = {"confirms"} if version == 2 else set()
        assert top == {
            "format",
            "game",
            *codec.setup_fields,
            "deals",
            *codec.top_fields,
            "history",
            *extra,
        }
        assert set(defs["free"]["required"]) == {"format", "game", *codec.required}
        assert set(defs["free_deal"]["properties"]) == set(codec._item_fields)
        options = defs["free"]["properties"]["options"]["properties"]
        assert set(options) == set(free.setup.OPTION_NAMES)
        assert defs["free_event"]["properties"]["kind"]["enum"] == list(codec.event_fields)
        fields = defs["free_event"]["properties"]["data"]["properties"]
        assert set(fields) == set().union(*codec.event_fields.values())


def test_records_of_either_version_validate_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    events = [free.deal_event(1, [5, -5]), free.end_event(2)]
    for confirms, version in ((False, 1), (True, 2)):
        validator = jsonschema.Draft202012Validator(
            schema(version), format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
        )
        raw = records.build("free", TEAMS, events, confirms=confirms, seats=["0", "1"])
        assert not list(validator.iter_errors(raw))
        raw["options"]["target"] = 10
        assert list(validator.iter_errors(raw))  # a target and a number of deals: never both
