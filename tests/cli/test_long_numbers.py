"""``scorekeeper score`` refuses a record with a number of any length, game or evening, with a
problem line and exit status 2 (a refusal quotes the number: once a traceback, exit 1), in every
language it speaks; ``import`` stores nothing of it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.cli.evening_text import evening_text
from tests.cli.runner import invoke
from tests.records.examples import RECORDS

THIRTY = 10**30 - 1  # 30 digits: as many as a record may have


def numbers_in(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where ``value`` (a record's JSON) holds a whole number."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from numbers_in(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from numbers_in(item, (*path, index))


def with_number(raw: Any, path: tuple[Any, ...], number: int) -> str:
    changed = json.loads(json.dumps(raw))
    place = changed
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = number
    return json.dumps(changed)


def _game_records() -> list[Any]:
    return [json.loads((RECORDS / name).read_text()) for name in ("sviten.json", "klaberjass.json")]


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("number", [THIRTY, -THIRTY])
def test_every_number_of_a_game_record_may_be_30_digits_long(language, number):
    """Every number of a Sviten and a Klaberjass record, 30 digits long: each is either
    refused with a line (exit 2) or read (exit 0), never a traceback."""
    refused = 0
    for raw in _game_records():
        for path in numbers_in(raw):
            result = invoke(
                "score", "--lang", language, "-", input=with_number(raw, path, number).encode()
            )
            assert result.exit_code in (0, 2), (path, result.output, result.exception)
            if result.exit_code == 2:
                refused += 1
                assert result.stderr.strip() and "Traceback" not in result.stderr
    assert refused


@pytest.mark.parametrize("language", ["en", "sv"])
def test_a_long_deal_number_exits_2_with_a_line(language):
    raw = json.loads((RECORDS / "seed-002.json").read_text())
    raw["deals"][0]["declarer"] = THIRTY
    result = invoke("score", "--lang", language, "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines and lines[0].startswith(("deal 1:", "giv 1:")), lines


def test_more_than_30_digits_is_refused_before_anything_looks_inside():
    raw = json.loads((RECORDS / "seed-002.json").read_text())
    raw["deals"][0]["number"] = 10**30
    result = invoke("score", "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2
    assert "record: a number has more than 30 digits" in result.stderr


@pytest.mark.parametrize("language", ["en", "sv"])
def test_every_number_of_an_evening_record_may_be_30_digits_long(language):
    text, _plan, _setup = evening_text()
    raw = json.loads(text)
    for path in numbers_in(raw):
        for number in (THIRTY, -THIRTY):
            result = invoke(
                "score", "--lang", language, "-", input=with_number(raw, path, number).encode()
            )
            assert result.exit_code in (0, 2), (path, result.output, result.exception)


def test_import_of_a_record_with_a_long_number_stores_nothing(app, runner):
    raw = json.loads((RECORDS / "sviten.json").read_text())
    raw["hands"][1]["declarer"] = THIRTY
    result = runner.invoke(main, ["import", "-"], input=json.dumps(raw))
    assert result.exit_code == 2
    assert result.stderr.strip()
    with app.app_context():
        assert db.session.query(models.Game).count() == 0


@pytest.mark.parametrize("option", ["--players", "--rounds", "--seed"])
@pytest.mark.parametrize("given", ["9" * 31, "9" * 5000, "1_0", "+5", "５", "١٢"])
def test_an_evening_plans_numbers_are_ascii_digits_of_any_length(option, given):
    """Beyond 4300 digits int() itself raises: once a traceback, exit 1."""
    args = {"--game": "bismarck", "--players": "6", "--rounds": "2", option: given}
    result = invoke("evening", "plan", *(part for pair in args.items() for part in pair))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    if option != "--players" or (given.isascii() and given.isdigit()):  # else: read as a name
        assert f"{option} must be a whole number" in result.stderr
