"""Game records (``scorekeeper.records``): the seed examples, round trips, derived-field checks,
hostile input, CSV, Klaberjass, and the JSON Schema."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import records
from scorekeeper.games import bismarck, klaberjass
from scorekeeper.games.events import Event
from scorekeeper.records import RecordError
from tests.games import state_of
from tests.games.bismarck.legal import legal_games
from tests.games.klaberjass.legal import legal_hands, play_until_over
from tests.records.examples import HOSTILE, RECORDS, example, record_json


def problems(raw: Any) -> list[str]:
    """The problem lines a record (a dict, or bytes/str as read from a file) is refused with."""
    data = raw if isinstance(raw, bytes | str) else json.dumps(raw, ensure_ascii=False)
    with pytest.raises(RecordError) as info:
        records.loads(data)
    assert info.value.problems and all("\n" not in line for line in info.value.problems)
    return info.value.problems


# --- the seed examples ------------------------------------------------------------------------


def test_seed_000_spader_and_pass():
    spader = records.loads(example("seed-000-spader.json"))
    assert spader.state.deals[0].scores == (1, -1, 0)
    passed = records.loads(example("seed-000-pass.json"))
    assert passed.state.deals[0].scores == (-5, 3, 2)


def test_seed_002_totals_and_the_issue_example():
    seed = records.loads(example("seed-002.json"))
    assert seed.state.totals == (-5, 4, 1)
    assert [d.dealer for d in seed.state.deals] == [2, 0]
    issue = records.loads(example("issue-example.json"))
    assert issue.state.totals == (-5, 4, 1)
    assert issue.state.phase == "record"  # deal 3 announced, in play
    assert issue.state.announced.contract is bismarck.Contract.VALFRI
    assert issue.state.announced.redeals == 1
    assert not issue.has_history


def test_classic_record_may_leave_the_fixed_contracts_out():
    record = records.loads(example("classic-contracts-left-out.json"))
    assert [d.contract.value for d in record.state.deals] == ["trumf"] * 3 + ["sang"] * 3 + [
        "pass"
    ] * 3
    assert record.state.winners == (0,) and record.state.totals == (4, -4, 0)
    assert record.setup.options == frozenset({"must_trump"})
    out = record.to_dict()
    assert [d["contract"] for d in out["deals"]][:4] == ["trumf", "trumf", "trumf", "sang"]


def test_a_full_game_with_history_keeps_corrections_undos_and_times():
    text = example("modern-full-history.json").decode()
    record = records.loads(text)
    assert record.has_history and record.state.finished
    assert record.state.winners == (1, 2)
    kinds = [event.kind for event in record.events]
    assert {"redeal", "undo", "correct"} <= set(kinds)
    assert record.times[0] == datetime(2025, 5, 1, 19, 30)
    assert records.dumps(record.to_dict()) == text  # byte for byte
    assert any(entry.undone for entry in record.state.history)


# --- round trips ------------------------------------------------------------------------------


@st.composite
def timed_games(draw):
    setup, events = draw(legal_games())
    undo = draw(st.integers(0, 2))
    if undo and len(events) >= undo:
        events = [*events, *[Event("undo")] * undo]
    start = datetime(2020, 1, 1) + timedelta(seconds=draw(st.integers(0, 10**8)))
    gaps = draw(st.lists(st.integers(0, 10**6), min_size=len(events), max_size=len(events)))
    times, at = [], start
    for gap in gaps:
        at += timedelta(microseconds=gap)
        times.append(at)
    return setup, events, times


@settings(max_examples=60)
@given(timed_games())
def test_import_of_an_export_reproduces_the_game_byte_for_byte(game):
    setup, events, times = game
    state = state_of(setup, events)
    text = records.export("bismarck", setup, events, times)
    record = records.loads(text.encode("utf-8"))
    assert record.setup == setup
    assert record.events == tuple(events)
    assert record.times == tuple(times)
    assert record.state == state
    assert records.export("bismarck", record.setup, record.events, record.times) == text
    assert text == records.export("bismarck", setup, events, times)  # stable
    assert text.endswith("}\n")


@settings(max_examples=60)
@given(legal_games())
def test_a_record_without_history_replays_to_the_same_sheet(game):
    setup, events = game
    state = state_of(setup, events)
    raw = records.build("bismarck", setup, events, history=False)
    record = records.parse(raw)
    assert record.state.deals == state.deals
    assert record.state.totals == state.totals
    assert record.state.winners == state.winners
    assert records.dumps(record.to_dict()) == records.dumps(raw)
    # The derived fields are optional: the bare entries score the same.
    for deal in raw["deals"]:
        for name in ("number", "dealer", "declarer", "scores"):
            deal.pop(name, None)
    for name in ("totals", "winners", "finished"):
        raw.pop(name)
    assert records.parse(raw).state.deals == state.deals


def test_export_key_order_is_fixed():
    record = records.loads(example("modern-full-history.json"))
    out = record.to_dict()
    assert list(out) == [
        "format",
        "game",
        "variant",
        "players",
        "first_dealer",
        "options",
        "deals",
        "totals",
        "winners",
        "finished",
        "history",
    ]
    assert list(out["deals"][3]) == [
        "number",
        "dealer",
        "declarer",
        "contract",
        "trump",
        "tricks",
        "redeals",
        "scores",
    ]
    assert list(out["history"][0]) == ["kind", "data", "at"]
    assert list(out["history"][0]["data"]) == sorted(out["history"][0]["data"])


# --- derived fields, and deals against history --------------------------------------------------


@pytest.mark.parametrize(
    ("deal_changes", "top_changes", "message"),
    [
        ({"scores": [2, -1, 0]}, {}, "deal 1: scores should be [-2, 2, 0], not [2, -1, 0]"),
        ({"number": 2}, {}, "deal 1: number should be 1, not 2"),
        ({"dealer": 0}, {}, "deal 1: dealer should be 2, not 0"),
        ({"declarer": 1}, {}, "deal 1: declarer should be 0, not 1"),
        ({"scores": [-2.0, 2, 0]}, {}, "deal 1: scores should be [-2, 2, 0], not [-2.0, 2, 0]"),
        ({}, {"totals": [-5, 4, 2]}, "record: totals should be [-5, 4, 1], not [-5, 4, 2]"),
        ({}, {"winners": [1]}, "record: winners should be [], not [1]"),
        ({}, {"finished": True}, "record: finished should be false, not true"),
        ({}, {"finished": 0}, "record: finished should be false, not 0"),
    ],
)
def test_derived_fields_must_agree_with_the_rules(deal_changes, top_changes, message):
    raw = record_json(**top_changes)
    raw["deals"][0].update(deal_changes)
    assert message in problems(raw)


def test_a_trump_unlike_the_history_is_said_in_words():
    """Issue 23, point 10: the refusal said ``trump should be null as in the history``."""
    raw = json.loads(example("modern-full-history.json"))
    raw["deals"][0]["trump"] = "hearts"  # deal 1 is Sang: no trump
    assert problems(raw) == ['deal 1: trump says "hearts", but the history says no trump']
    raw = json.loads(example("modern-full-history.json"))
    raw["deals"][3].pop("trump")  # deal 4 is Trumf in spades
    assert problems(raw) == ['deal 4: trump is left out, but the history says "spades"']


def test_an_unscored_deal_has_no_scores():
    raw = json.loads(example("issue-example.json"))
    raw["deals"][2]["scores"] = [0, 0, 0]
    assert problems(raw) == ["deal 3: scores should be left out (the deal is not scored yet)"]


def test_deals_must_agree_with_the_history():
    raw = json.loads(example("modern-full-history.json"))
    raw["deals"][1]["tricks"] = [9, 3, 4]
    raw["deals"][1].pop("scores")
    assert problems(raw) == ["deal 2: tricks says [9, 3, 4], but the history says [6, 8, 2]"]
    raw = json.loads(example("modern-full-history.json"))
    raw["deals"].pop()
    assert problems(raw) == ["record: the history has 12 deals, but deals lists 11"]


def test_the_history_is_replayed_and_the_first_illegal_event_is_named():
    raw = json.loads(example("seed-002.json"))
    raw["history"] = [
        {"kind": "announce", "data": {"deal": 1, "contract": "sang"}},
        {"kind": "record", "data": {"deal": 1, "tricks": [6, 6, 4]}},
        {"kind": "announce", "data": {"deal": 2, "contract": "pass"}},
        {"kind": "record", "data": {"deal": 2, "tricks": [9, 2, 4]}},
    ]
    assert problems(raw) == [
        "history entry 4 (deal 2): The tricks add up to 15, but a deal has 16 tricks"
    ]


def test_a_correction_of_several_deals_travels_in_the_history():
    from tests.games.bismarck.legal import swap_game

    setup, events = swap_game()
    swap = {"deals": [{"deal": 1, "contract": "sang"}, {"deal": 10, "contract": "spader"}]}
    events = [*events, Event("correct", swap)]
    text = records.export("bismarck", setup, events, [datetime(2025, 5, 1, 20)] * len(events))
    record = records.loads(text)
    assert record.events[-1] == Event("correct", swap)
    assert [d.contract.value for d in record.state.deals][::9] == ["sang", "spader"]
    assert records.export("bismarck", record.setup, record.events, record.times) == text
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(schema())
    assert not list(validator.iter_errors(json.loads(text)))
    raw = json.loads(text)
    raw["history"][-1]["data"]["deals"][1]["note"] = "x"
    assert list(validator.iter_errors(raw))
    # Half of the swap is refused, naming the deal it would break.
    raw = json.loads(text)
    raw["history"][-1]["data"]["deals"].pop()
    assert problems(raw) == [
        "history entry 21 (deal 10): This correction would make deal 10 illegal: "
        "Ben has already played Sang (deal 1)"
    ]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"kind": "cheat"}, 'history entry 1: unknown kind "cheat" (a bismarck history has'),
        ({"data": {}}, "history entry 1: kind is missing"),
        ({"kind": "undo", "data": {"x": 1}}, 'history entry 1: undo: unknown field "x"'),
        ({"kind": "announce", "data": [1]}, "history entry 1: data must be an object"),
        ({"kind": "undo", "when": 1}, 'history entry 1: unknown field "when"'),
        ({"kind": "undo", "at": "yesterday"}, "history entry 1: at must be a time like"),
        ({"kind": "undo", "at": 1714591800}, "history entry 1: at must be a time like"),
        ({"kind": "undo", "at": "0001-01-01T00:00:00+14:00"}, "history entry 1: at must be a"),
        ({"kind": "undo", "at": "9999-12-31T23:59:59-14:00"}, "history entry 1: at must be a"),
        ([], "history entry 1: must be an object"),
    ],
)
def test_history_entries_are_checked(entry, message):
    raw = record_json(history=[entry])
    assert any(line.startswith(message) for line in problems(raw)), problems(raw)


# --- hostile input ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "data", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_input_gets_a_clear_message(name, data, message):
    lines = problems(data)
    assert any(message in line for line in lines), lines


def test_every_problem_is_reported_on_its_own_line():
    raw = record_json()
    raw["deals"][0]["tricks"] = "x"
    raw["deals"][1]["redeals"] = -2
    raw["note"] = 1
    assert problems(raw) == [
        'record: unknown field "note"',
        'deal 1: tricks must be three whole numbers, one per seat, not "x"',
        "deal 2: redeals must be a count from 0 to 99, not -2",
    ]


def test_many_problems_are_cut_short():
    raw = record_json(deals=[{"contract": "sang", "tricks": "x"}] * 12)
    raw["players"] = ["A", "B", "C"]
    raw["history"] = [{"kind": "bad"}] * 40
    lines = problems(raw)
    assert len(lines) == records.MAX_PROBLEMS + 1
    assert lines[-1] == "… and 22 more problems"


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**25), 10**25)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["sang", "pass", "hearts", "spades", "undo", "announce", "record", "7H"])
    | st.sampled_from(["2025-05-01T19:30:00Z", "0001-01-01T00:00:00+14:00", "AS", "10D"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@pytest.mark.slow
@settings(max_examples=300)
@given(
    st.sampled_from(["modern-full-history.json", "issue-example.json", "klaberjass.json"]),
    st.data(),
)
def test_mutated_records_are_read_or_refused_never_crash(name, data):
    raw = json.loads(example(name))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(raw)[1:]))
        parent = raw
        for step in path[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(JSON_VALUES)
        else:
            parent[path[-1]] = data.draw(JSON_VALUES)
    try:
        record = records.loads(json.dumps(raw))
    except RecordError as error:
        assert error.problems
    else:
        records.dumps(record.to_dict())
        records.score_sheet(record.kind, record.state)
        records.deals_csv(record.kind, record.state)


def small_values(kind: str):
    """Values of the kind an event's data field holds, often right and often wrong."""
    seats = st.integers(-1, 3)
    cards = st.lists(st.sampled_from(["AS", "KS", "QS", "JS", "10S", "9S", "7H", "6S", "x"]))
    return st.one_of(
        JSON_VALUES,
        st.integers(0, 13),
        st.sampled_from(["spader", "valfri", "trumf", "sang", "pass", "hearts", "spades"]),
        st.lists(st.integers(-1, 17), min_size=2, max_size=3),
        seats if kind == "klaberjass" else st.none(),
        st.lists(st.lists(cards, max_size=2), max_size=2),
        st.lists(cards, min_size=2, max_size=2),
    )


@pytest.mark.slow
@settings(max_examples=200)
@given(st.sampled_from(["seed-002.json", "klaberjass.json"]), st.data())
def test_random_histories_are_replayed_or_refused_never_crash(name, data):
    raw = json.loads(example(name))
    codec = records.codec_for(raw["game"])
    history = []
    for _ in range(data.draw(st.integers(1, 8))):
        kind = data.draw(st.sampled_from(list(codec.event_fields)))
        keys = data.draw(st.sets(st.sampled_from(sorted(codec.event_fields[kind]) or ["x"])))
        fields = {key: data.draw(small_values(raw["game"])) for key in keys}
        if kind != "undo" and data.draw(st.booleans()):
            fields[codec.number_key] = len(history) // 2 + 1
        history.append({"kind": kind, "data": fields})
    raw["history"] = history
    try:
        record = records.loads(json.dumps(raw))
    except RecordError as error:
        assert error.problems
    else:
        records.score_sheet(record.kind, record.state)


@settings(max_examples=100)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_random_bytes_are_refused_cleanly(data):
    with pytest.raises(RecordError):
        records.loads(data)


# --- CSV --------------------------------------------------------------------------------------


def read_csv(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def test_csv_has_a_header_and_one_row_per_deal():
    record = records.loads(example("issue-example.json"))
    rows = read_csv(records.deals_csv("bismarck", record.state))
    assert rows[0] == [
        "Deal",
        "Dealer",
        "Declarer",
        "Contract",
        "Trump",
        "Redeals",
        "Tricks Anna",
        "Tricks Ben",
        "Tricks Carla",
        "Score Anna",
        "Score Ben",
        "Score Carla",
        "Total Anna",
        "Total Ben",
        "Total Carla",
    ]
    assert rows[1] == ["1", "Carla", "Anna", "Sang", "", "0", "6", "6", "4"] + ["-2", "2", "0"] * 2
    assert rows[2][-3:] == ["-5", "4", "1"]
    # deal 3 redealt once, in play
    assert rows[3] == ["3", "Ben", "Carla", "Valfri", "hearts", "1"] + [""] * 9
    assert len(rows) == 4


def test_csv_names_the_variants_contracts_and_shows_spader_trumps():
    record = records.loads(example("classic-contracts-left-out.json"))
    rows = read_csv(records.deals_csv("bismarck", record.state))
    assert [row[3] for row in rows[1:]] == ["Trumf"] * 3 + ["Sang"] * 3 + ["Noll"] * 3
    spader = records.loads(example("seed-000-spader.json"))
    assert read_csv(records.deals_csv("bismarck", spader.state))[1][4] == "spades"


def test_csv_guards_against_formula_injection():
    raw = record_json(players=["=SUM(A1)", "+Ben", "@Carla"])
    record = records.loads(json.dumps(raw))
    rows = read_csv(records.deals_csv("bismarck", record.state))
    assert rows[0][6:9] == ["Tricks =SUM(A1)", "Tricks +Ben", "Tricks @Carla"]
    assert rows[1][1:3] == ["'@Carla", "'=SUM(A1)"]
    assert rows[2][1:3] == ["'=SUM(A1)", "'+Ben"]
    assert rows[1][9] == "-2"  # numbers stay numbers
    raw = record_json(players=["-Anna", "Ben", "Carla"])
    rows = read_csv(records.deals_csv("bismarck", records.loads(json.dumps(raw)).state))
    assert rows[1][2] == "'-Anna"


def test_csv_keeps_non_ascii_names():
    raw = record_json(players=["Åsa", "Björn", "Çağla"])
    text = records.deals_csv("bismarck", records.loads(json.dumps(raw)).state)
    assert read_csv(text)[1][1:3] == ["Çağla", "Åsa"]
    assert text.encode("utf-8").startswith(b"\xef\xbb\xbf")


# --- the text sheet -----------------------------------------------------------------------------


def test_score_sheet_shows_the_deals_totals_and_winner():
    record = records.loads(example("modern-full-history.json"))
    sheet = records.score_sheet("bismarck", record.state)
    lines = sheet.splitlines()
    assert lines[0] == "Bismarck, modern rules: Anna, Ben, Carla"
    assert any(line.split()[:4] == ["4", "Anna", "Ben", "Valfri"] for line in lines)
    total = next(line for line in lines if line.startswith("Total"))
    assert total.split() == ["Total", "-2", "+1", "+1"]
    assert lines[-1] == "Shared victory: Ben and Carla with +1."


def test_score_sheet_of_a_game_in_play():
    sheet = records.score_sheet("bismarck", records.loads(example("issue-example.json")).state)
    assert "2 of 12 deals recorded." in sheet
    assert "Deal 3 is in play: Carla plays Valfri ♥, 1 redeal." in sheet
    sheet = records.score_sheet("bismarck", records.loads(example("seed-002.json")).state)
    assert sheet.endswith("Next: deal 3, Ben deals, Carla declares.\n")


# --- Klaberjass ---------------------------------------------------------------------------------


def test_klaberjass_example_scores_and_round_trips():
    record = records.loads(example("klaberjass.json"))
    assert record.kind == "klaberjass"
    assert [h.scores for h in record.state.hands] == [(60, 130), (0, 0), (70, 50)]
    assert record.state.totals == (130, 180)
    out = record.to_dict()
    assert out["hands"][0] == {
        "number": 1,
        "dealer": 0,
        "maker": 1,
        "trump": "spades",
        "sequences": [[["9D", "8D", "7D"]], [["AS", "KS", "QS", "JS"]]],
        "bella": 1,
        "last_trick": 0,
        "card_points": [50, 60],
        "sequence_winner": 1,
        "hand_totals": [60, 130],
        "scores": [60, 130],
    }
    assert out["hands"][1] == {
        "number": 2,
        "dealer": 1,
        "thrown_in": True,
        "sequence_winner": None,
        "hand_totals": [0, 0],
        "scores": [0, 0],
    }
    assert (out["totals"], out["winner"], out["finished"]) == ([130, 180], None, False)
    assert records.parse(json.loads(records.dumps(out))).state == record.state


@settings(max_examples=30)
@given(
    st.lists(legal_hands(), min_size=1, max_size=8),
    st.integers(0, 1),
    st.sampled_from([150, 500]),
    st.booleans(),
)
def test_klaberjass_round_trip(hands, first_dealer, target, undo):
    setup = klaberjass.Setup(
        ("Anna", "Ben"), first_dealer=first_dealer, options=klaberjass.Options(target)
    )
    events, state = play_until_over(setup, hands)
    if undo and events:
        events.append(Event("undo"))
        state = state_of(setup, events)
    text = records.export("klaberjass", setup, events)
    record = records.loads(text)
    assert record.state == state
    assert records.export("klaberjass", record.setup, record.events) == text
    bare = records.parse(records.build("klaberjass", setup, events, history=False))
    assert bare.state.hands == state.hands and bare.state.totals == state.totals


def test_klaberjass_problems_name_the_hand():
    raw = json.loads(example("klaberjass.json"))
    raw["hands"][1] = {"maker": 0, "trump": "hearts", "last_trick": 0, "captured": [["6S"], []]}
    assert problems(raw) == ["hand 2: 6♠ is not in a 32-card pack"]
    raw = json.loads(example("klaberjass.json"))
    raw["hands"][0]["scores"] = [60, 131]
    raw["winner"] = 0
    assert problems(raw) == [
        "hand 1: scores should be [60, 130], not [60, 131]",
        "record: winner should be null, not 0",
    ]
    raw = json.loads(example("klaberjass.json"))
    raw["hands"][2]["trump"] = "H"
    raw["hands"][2]["note"] = "x"
    raw["players"] = ["Anna", "Ben", "Carla"]
    assert problems(raw) == [
        "record: Klaberjass needs exactly two players",
        'hand 3: unknown field "note"',
    ]


def test_klaberjass_hands_after_the_end_are_refused():
    raw = json.loads(example("klaberjass.json"))
    raw["options"] = {"target": 100}
    assert problems(raw) == ["hand 2: The game is over: Ben won. No more hands can be recorded"]


def test_klaberjass_sheet_and_csv():
    record = records.loads(example("klaberjass.json"))
    sheet = records.score_sheet("klaberjass", record.state)
    assert sheet.splitlines()[0] == "Klaberjass: Anna, Ben, first to 500"
    assert "thrown in" in sheet and sheet.endswith("Anna 130, Ben 180; first to 500.\n")
    rows = read_csv(records.deals_csv("klaberjass", record.state))
    assert rows[0][:5] == ["Hand", "Dealer", "Maker", "Trump", "Sequences"]
    assert rows[1] == ["1", "Anna", "Ben", "spades", "Ben", "60", "130", "60", "130", "60", "130"]
    assert rows[2][2] == "thrown in"


# --- the JSON Schema ------------------------------------------------------------------------------


def schema() -> dict[str, Any]:
    return json.loads(resources.files("scorekeeper").joinpath("schemas/record-1.json").read_text())


def test_the_schema_ships_in_the_package_and_names_the_same_fields():
    defs = schema()["$defs"]
    codec = records.codec_for("bismarck")
    top = set(defs["bismarck"]["properties"])
    assert top == {"format", "game", *codec.setup_fields, "deals", *codec.top_fields, "history"}
    assert set(defs["bismarck"]["required"]) == {"format", "game", *codec.required}
    assert set(defs["bismarck_deal"]["properties"]) == set(codec._item_fields)
    assert set(defs["bismarck"]["properties"]["options"]["properties"]) == set(bismarck.OPTIONS)
    assert defs["bismarck_event"]["properties"]["kind"]["enum"] == list(codec.event_fields)
    events = defs["bismarck_event"]["properties"]["data"]["properties"]
    assert set(events) == set().union(*codec.event_fields.values())
    kj = records.codec_for("klaberjass")
    assert set(defs["klaberjass"]["properties"]) == {
        "format",
        "game",
        *kj.setup_fields,
        "hands",
        *kj.top_fields,
        "history",
    }
    assert set(defs["klaberjass_hand"]["properties"]) == set(kj._item_fields)
    assert schema()["properties"]["game"]["enum"] == list(records.codecs())


def test_exported_records_validate_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(
        schema(), format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    jsonschema.Draft202012Validator.check_schema(schema())
    for path in sorted(RECORDS.glob("*.json")):
        raw = json.loads(path.read_text())
        assert not list(validator.iter_errors(raw)), path.name
        assert not list(validator.iter_errors(records.loads(path.read_bytes()).to_dict()))
    assert list(validator.iter_errors(record_json(note=1)))
