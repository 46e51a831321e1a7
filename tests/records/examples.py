"""The example records kept beside the records' tests, a valid record to change field by field,
and hostile ones each with what its refusal says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper import records

RECORDS = Path(__file__).parent


def example(name: str) -> bytes:
    return (RECORDS / name).read_bytes()


def record_json(**changes: Any) -> dict[str, Any]:
    """The seed 002 record (two deals: Anna, Ben, Carla at −5, +4, +1) with ``changes``."""
    raw = json.loads(example("seed-002.json"))
    raw.update(changes)
    return {key: value for key, value in raw.items() if value is not DROP}


DROP = object()

CARLA_TWICE = {
    **record_json(first_dealer=1, totals=DROP, winners=DROP, finished=DROP),
    "deals": [
        {"contract": "pass", "tricks": [6, 6, 4]},
        {"contract": "sang", "tricks": [8, 4, 4]},
        {"contract": "sang", "tricks": [4, 8, 4]},
        {"contract": "pass", "tricks": [6, 6, 4]},
    ],
}


def _deal(**changes: Any) -> dict[str, Any]:
    raw = record_json()
    raw["deals"][1] = {"contract": "pass", "tricks": [9, 2, 5], **changes}
    return raw


def _text(raw: dict[str, Any]) -> bytes:
    return json.dumps(raw).encode()


#: (name, the file's bytes, a line the refusal must contain)
HOSTILE: list[tuple[str, bytes, str]] = [
    ("not JSON", b"hello", "record: not valid JSON: Expecting value (line 1, column 1)"),
    ("empty", b"", "record: the file is empty"),
    ("a list", b"[1, 2]", "record: a game record is a JSON object ({…}), not a list"),
    ("invalid UTF-8", b'{"format": "\xff\xfe"}', "record: the file is not UTF-8 text"),
    (
        "deeply nested JSON",
        b"[" * 100_000 + b"]" * 100_000,
        "record: the JSON is nested too deeply",
    ),
    (
        "nested in a field",
        _text(record_json(options={"a": json.loads("[" * 40 + "]" * 40)})),
        "record: the JSON is nested too deeply (more than 16 levels)",
    ),
    ("NaN", b'{"format": NaN}', "record: NaN is not a number a record may hold"),
    (
        "a field twice",
        b'{"format": 1, "format": 2}',
        'record: the field "format" appears twice at the top of the record',
    ),
    (
        "a field twice in a deal",
        b'{"deals": [{}, {"a/b": 1, "tricks": [9, 2, 5], "a/b": 2}], "format": 1}',
        'record: the field "a/b" appears twice in the object at "/deals/1"',
    ),
    (
        "a field twice deep in a list",
        b'{"x": [[{"~": {"k": 1, "k": 1}}]]}',
        'record: the field "k" appears twice in the object at "/x/0/0/~0"',
    ),
    ("a huge number", _text(_deal(redeals=10**40)), "record: a number has more than 30 digits"),
    (
        "unknown version",
        _text(record_json(format="scorekeeper-record/3")),
        'record: this is a "scorekeeper-record/3" record, but this Scorekeeper reads only '
        "scorekeeper-record/1 and scorekeeper-record/2",
    ),
    (
        "another format",
        _text(record_json(format="pgn")),
        'record: unknown format "pgn": this Scorekeeper reads scorekeeper-record/1',
    ),
    ("no format", _text(record_json(format=DROP)), "record: format is missing"),
    (
        "unknown game",
        _text(record_json(game="poker")),
        'record: unknown game "poker": this Scorekeeper reads records of bismarck, klaberjass',
    ),
    ("missing players", _text(record_json(players=DROP)), "record: players is missing"),
    ("missing deals", _text(record_json(deals=DROP)), "record: deals is missing"),
    ("missing contract", _text(_deal(contract=None)), "deal 2: contract is missing"),
    (
        "missing tricks",
        _text(record_json(deals=[{"contract": "sang"}, {"contract": "pass", "tricks": [9, 2, 5]}])),
        "deal 1: tricks are missing (only the last deal may still be in play)",
    ),
    ("extra field", _text(record_json(note="hi")), 'record: unknown field "note"'),
    ("extra deal fields", _text(_deal(x=1, y=2)), 'deal 2: unknown fields "x", "y"'),
    (
        "players as text",
        _text(record_json(players="Anna, Ben, Carla")),
        "record: players must be a list of three names",
    ),
    ("two players", _text(record_json(players=["Anna", "Ben"])), "record: Bismarck needs exactly"),
    (
        "first dealer as text",
        _text(record_json(first_dealer="2")),
        "record: first_dealer must be a seat number: 0, 1 or 2",
    ),
    (
        "first dealer true",
        _text(record_json(first_dealer=True)),
        "record: The first dealer must be one of the three players",
    ),
    (
        "first dealer huge",
        _text(record_json(first_dealer=10**25)),
        "record: The first dealer must be one of the three players",
    ),
    (
        "negative first dealer",
        _text(record_json(first_dealer=-1)),
        "record: The first dealer must be one of the three players",
    ),
    ("unknown variant", _text(record_json(variant="french")), "record: variant must be modern"),
    ("unknown option", _text(record_json(options={"jokers": True})), "record: Unknown house rule"),
    (
        "option not a boolean",
        _text(record_json(options={"must_trump": 1})),
        "record: options must map house-rule names to true or false",
    ),
    ("deals as object", _text(record_json(deals={})), "record: deals must be a list, not {}"),
    ("a deal as a list", _text(record_json(deals=[[6, 6, 4]])), "deal 1: must be an object"),
    (
        "tricks as text",
        _text(_deal(tricks="9/2/5")),
        'deal 2: tricks must be three whole numbers, one per seat, not "9/2/5"',
    ),
    (
        "tricks as floats",
        _text(_deal(tricks=[9.0, 2, 5])),
        "deal 2: tricks must be three whole numbers, one per seat, not [9.0, 2, 5]",
    ),
    (
        "tricks as booleans",
        _text(_deal(tricks=[True, 10, 5])),
        "deal 2: tricks must be three whole numbers, one per seat, not [true, 10, 5]",
    ),
    (
        "tricks as strings",
        _text(_deal(tricks=["9", "2", "5"])),
        'deal 2: tricks must be three whole numbers, one per seat, not ["9", "2", "5"]',
    ),
    (
        "negative tricks",
        _text(_deal(tricks=[-1, 12, 5])),
        "deal 2: Tricks must be whole numbers from 0 to 16",
    ),
    (
        "huge tricks",
        _text(_deal(tricks=[10**20, 0, 0])),
        "deal 2: Tricks must be whole numbers from 0 to 16",
    ),
    (
        "tricks not adding up",
        _text(_deal(tricks=[9, 2, 4])),
        "deal 2: The tricks add up to 15, but a deal has 16 tricks",
    ),
    ("negative redeals", _text(_deal(redeals=-1)), "deal 2: redeals must be a count from 0 to 99"),
    ("huge redeals", _text(_deal(redeals=10**9)), "deal 2: redeals must be a count from 0 to 99"),
    ("float redeals", _text(_deal(redeals=1.5)), "deal 2: redeals must be a count from 0 to 99"),
    (
        "unknown contract",
        _text(_deal(contract="grand")),
        'deal 2: contract must be one of spader, valfri, trumf, sang, pass, not "grand"',
    ),
    ("trump as a letter", _text(_deal(trump="H")), "deal 2: trump must be one of spades"),
    ("trump in pass", _text(_deal(trump="hearts")), "deal 2: Pass is played without trumps"),
    (
        "1000 deals",
        _text(record_json(deals=[{"contract": "sang", "tricks": [6, 6, 4]}] * 1000)),
        "record: a modern game has 12 deals, this record lists 1000",
    ),
    (
        "a contract twice",
        _text(CARLA_TWICE),
        "deal 4: Carla has already played Pass (deal 1)",
    ),
    (
        "a derived field wrong",
        _text(record_json(totals=[5, 4, 1])),
        "record: totals should be [-5, 4, 1], not [5, 4, 1]",
    ),
    (
        "a lone surrogate",
        b'{"format": "scorekeeper-record/1", "players": ["\\ud800"]}',
        "contains a control or invalid character (U+D800)",
    ),
    (
        "a control character",
        _text(record_json(players=["Anna\u001b[2J", "Ben", "Carla"])),
        "contains a control or invalid character (U+001B)",
    ),
    (
        "a long name",
        _text(record_json(players=["A" * 5000, "Ben", "Carla"])),
        "record: A name can be at most 30 characters",
    ),
    (
        "history not a list",
        _text(record_json(history="all of it")),
        'record: history must be a list of events, not "all of it"',
    ),
    (
        "a huge history",
        _text(record_json(history=[{"kind": "undo"}] * 2_001)),
        "record: history holds at most 2000 events, this one 2001",
    ),
    (
        "larger than 1 MB",
        b" " * (records.MAX_RECORD_BYTES + 1),
        "record: the file is larger than 1 MB; a game record is a few kB",
    ),
]
